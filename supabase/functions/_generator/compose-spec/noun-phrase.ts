// A name made from the prompt's words, for records, a screen or the app, is a noun phrase: a noun with its
// modifiers, never a verb's form, a preposition, a question word, a pronoun or an adverb at either edge or
// alone ("what i borrowed" is no list of "Borrowed", "Soirées entre" is "Soirées", "Trainer gave" is
// "Trainer"). A word is told by how the prompt says it: after a determiner it is a noun, whatever its ending.
import type { Language } from "../template/src/types.ts";
import { CUES, LEXICONS, perLanguage } from "../understand/lexicon.ts";
import { type Token, words } from "../understand/text.ts";
import { isCue } from "./head.ts";

// The function words: the lexicon's stop words and the closed classes it lacks there (prepositions, particles,
// question words, adverbs).
const FUNCTION = perLanguage((lex, l) => [...CUES[l].stop, ...lex.functionWords]);
/** An elided form, its vowel dropped before the next word's: in English an apostrophe ends a possessive. */
const ELIDED: Partial<Record<Language, RegExp>> = { it: /['’]$/, fr: /['’]$/ };
const DETERMINERS = perLanguage((lex) => [...lex.determiners, ...lex.articles, ...lex.mine]);
// A noun follows a word of "each" too ("each visit").
const BEFORE_NOUN = perLanguage((
  lex,
) => [...lex.determiners, ...lex.articles, ...lex.mine, ...lex.group.each]);
// The speaker stands before a verb, an auxiliary before a participle (in lower case only: French "a" is no
// "à"); after "être" a noun may stand too ("je suis photographe").
const lower = (w: string) => w.toLowerCase();
const SPEAKER = perLanguage((lex) => lex.speaker, lower);
const AUXILIARY = perLanguage((lex) => lex.whether.done, lower);
// (An article before a unit of time says "per": "3 runs a week".)
const OBJECT_DETERMINERS = new Set([...LEXICONS.en.determiners, ...LEXICONS.en.mine]);
const ARTICLES_EN = new Set(LEXICONS.en.articles);
const TIME_UNITS_EN = new Set(Object.keys(LEXICONS.en.timeUnits));
// English "to" and a question's "how" stand before a verb or an adjective ("to sign", "how long").
const BEFORE_VERB_EN = new Set([...LEXICONS.en.plans.to, ...LEXICONS.en.questions]);
// The speaker, a finite auxiliary, a question word and a relative one within a name open a clause of their own
// ("Bills I paid", "Clients have a name", "Kilometer wie viele"): the noun phrase ends before them.
const CLAUSE = perLanguage((lex) => [
  ...lex.speaker,
  ...lex.whether.done,
  ...lex.whether.has,
  ...lex.questions,
  ...lex.group.what,
  ...lex.relative,
], lower);
const PARTICIPLE = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, new RegExp(lex.whether.participle, "u")]),
) as Record<Language, RegExp>;
const INFINITIVE = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    lex.infinitive.endings.length
      ? new RegExp(`\\p{L}{2}(?:${lex.infinitive.endings.join("|")})$`, "u")
      : null,
  ]),
) as Record<Language, RegExp | null>;

// How a Romance plural ends, noun and participle alike: a participle after a noun of another number is no
// modifier of it ("frais… montagne partagés").
const PLURAL: Partial<Record<Language, RegExp>> = { it: /[ie]$/, fr: /[sx]$/, es: /s$/ };

/** How a verb's or an adverb's form is shaped where the lexicon's endings do not say it: an English past in
 * "-ed" (not "-eed": "seed") or a past of the lexicon's that ends as no noun does (not "-en", "-ne", "-nt",
 * "-wn", "kid"), a German verb in "-ieren"; English "-ly" (not "-ily": "family"), Italian and Spanish
 * "-mente". */
const SHAPED: Record<Language, (w: string) => boolean> = {
  en: (w) =>
    /^\p{L}{3,}[^e]ed$/u.test(w) || (PARTICIPLE.en.test(w) && !/(en|ne|nt|wn|[^a]id|ed)$/.test(w)) ||
    /^\p{L}{3,}[^i]ly$/u.test(w),
  it: (w) => /^\p{L}{3,}mente$/u.test(w),
  fr: () => false,
  es: (w) => /^\p{L}{3,}mente$/u.test(w),
  de: (w) => /^\p{L}{3,}ieren$/u.test(w),
};

/** Where a word stands in the prompt: after a determiner or a number, or with a capital within a sentence (a
 * noun), after the speaker (a verb) or an auxiliary (a participle), after another function word (where an
 * infinitive stands: "pour savoir", "da comprare"); English: before a determiner (a verb before its object,
 * "sign the form"), after "to" or "how"; German: before an auxiliary ("gegossen habe"). */
function standing(word: string, tokens: readonly Token[], language: Language) {
  let noun = false, verbal = false, afterAuxiliary = false, afterFunction = false, lowered = false;
  for (const [i, t] of tokens.entries()) {
    if (t.norm !== word) continue;
    const before = tokens[i - 1], after = tokens[i + 1];
    const prior = before?.kind === "word" ? before.text.toLowerCase() : undefined;
    const next = after?.kind === "word" ? after.text.toLowerCase() : undefined;
    if (prior && BEFORE_NOUN[language].has(before.norm)) noun = true;
    if (prior && SPEAKER[language].has(prior)) verbal = true;
    else if (prior && AUXILIARY[language].has(prior)) afterAuxiliary = true;
    else if (prior && FUNCTION[language].has(before.norm)) afterFunction = true;
    if (language === "en" && prior && BEFORE_VERB_EN.has(prior)) verbal = true;
    const then = tokens[i + 2]?.text.toLowerCase() ?? "";
    if (
      language === "en" && next &&
      (OBJECT_DETERMINERS.has(next) || (ARTICLES_EN.has(next) && !TIME_UNITS_EN.has(then)))
    ) verbal = true;
    // (A number counts nouns: "3 runs".)
    if (before?.kind === "number" || (prior && Object.hasOwn(LEXICONS[language].numbers, prior))) noun = true;
    if (language === "de" && next && AUXILIARY.de.has(next)) afterAuxiliary = true;
    if (/^\p{Ll}/u.test(t.text)) lowered = true;
    else if (language !== "de" && before?.kind === "word") noun = true;
  }
  return { noun, verbal, afterAuxiliary, afterFunction, lowered };
}

/**
 * Whether the word at `i` of a name is no noun of it: a function word or one letter, or, never said after a
 * determiner, a verb's or an adverb's form: shaped as one, an infinitive after a preposition or a modal or,
 * as an ask's cue, anywhere ("Donner", "Savoir"), a participle after an auxiliary (after a noun of its number
 * a Romance one is its modifier, "libros leídos"; an English or German one is its verb, "Trainer gave",
 * "Blumen gegossen"), or any word after the speaker. `opening`: no noun comes before it in the name. Where a German
 * prompt writes nouns with a capital, a word with one is a noun but a verb in "-ieren", and one in lower case
 * is none but an adjective inflected before the noun it qualifies ("jähriges Abitreffen").
 */
function notNoun(
  own: readonly Token[],
  i: number,
  opening: boolean,
  tokens: readonly Token[],
  language: Language,
  capitals: boolean,
): boolean {
  const t = own[i], word = t.norm;
  // (An elided word is a function word, whatever the lexicon lists: "jusqu'", "dell'", "un'".)
  if (FUNCTION[language].has(word) || ELIDED[language]?.test(word) || !/\p{L}{2}/u.test(word)) return true;
  const { noun, verbal, afterAuxiliary, afterFunction, lowered } = standing(word, tokens, language);
  if (noun) return false;
  if (SHAPED[language](word)) return true;
  if (language === "de" && capitals && !lowered) return false;
  const infinitive = INFINITIVE[language]?.test(word) === true;
  if (infinitive && (afterFunction || isCue(word, language, ["asks"]))) return true;
  if (language === "de" && capitals && lowered) {
    return !(/(e|en|er|es|em)$/.test(word) && /^\p{Lu}/u.test(own[i + 1]?.text ?? "") && !verbal &&
      !afterAuxiliary);
  }
  if (language !== "en" && PARTICIPLE[language].test(t.text.toLowerCase())) {
    if (language === "de" || opening) return verbal || afterAuxiliary;
    // (After a preposition it heads a complement: "registro de comida".)
    const before = own[i - 1].norm;
    return !FUNCTION[language].has(before) && PLURAL[language]?.test(before) !== PLURAL[language]?.test(word);
  }
  return verbal;
}

/**
 * The noun phrase within a name made from the prompt's words: the words that are no noun before its first
 * noun dropped, the name cut before the first verb's form or clause after it, and the function words it would
 * end on dropped. "" when no noun is left.
 */
export function nounPhrase(name: string, prompt: string, language: Language): string {
  const tokens = words(prompt);
  // (A German prompt writes its nouns with a capital when most words after its determiners start with one, or,
  // with none, some word after a lower-case one.)
  const after = tokens.filter((t, i) => i > 0 && DETERMINERS.de.has(tokens[i - 1].norm) && t.kind === "word");
  const capitals = language === "de" &&
    (after.length
      ? 2 * after.filter((t) => /^\p{Lu}/u.test(t.text)).length > after.length
      : /\p{Ll}[,]?\s+\p{Lu}\p{Ll}/u.test(prompt));
  const own = words(name).filter((t) => t.kind === "word");
  // (A word a hyphen joins to the next is part of its compound: "after-school club".)
  const no = (i: number, opening = false) =>
    name[own[i].end] !== "-" && notNoun(own, i, opening, tokens, language, capitals);
  let from = 0;
  while (from < own.length && no(from, true)) from++;
  if (from === own.length) return "";
  // (An infinitive after a noun and a preposition says what the records are for: "séries à regarder", "books
  // to read".)
  const purpose = (i: number) =>
    i > from + 1 && FUNCTION[language].has(own[i - 1].norm) &&
    !CLAUSE[language].has(own[i - 1].text.toLowerCase()) &&
    (INFINITIVE[language]?.test(own[i].norm) === true ||
      (language === "en" && BEFORE_VERB_EN.has(own[i - 1].norm)));
  let to = from + 1;
  while (
    to < own.length && !CLAUSE[language].has(own[to].text.toLowerCase()) &&
    (FUNCTION[language].has(own[to].norm) || !no(to) || purpose(to))
  ) to++;
  // (A verb before the speaker, "Im Homeoffice vergesse ich…", follows what the clause opens on, a place or a
  // time, not a noun phrase of the records.)
  if (to < own.length && SPEAKER[language].has(own[to + 1]?.text.toLowerCase() ?? "")) return "";
  while (to > from && FUNCTION[language].has(own[to - 1].norm)) to--;
  return to > from ? name.slice(own[from].start, own[to - 1].end) : "";
}
