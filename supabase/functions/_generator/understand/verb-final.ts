// A German clause ends on its verb ("Läufe mit Strecke und Zeit festhalten könnte und die km im Monat sehe",
// "Überstunden, die ich jeden Tag eintrage"): what a list of fields or a noun phrase holds stops before it, or
// the verb is read as a field ("Zeit festhalten") or names the records ("zurückgelegt hab"). A word is such a
// verb where the lexicon's verb classes hold it (`verbFinal.verbs`, `verbs`, `see`, `request`, `want`, `must`,
// `computing`, the auxiliaries of `whether.done`) or, in a prompt that writes its nouns with a capital as German
// does, where it is written in lower case with an infinitive's ending (`verbFinal.endings`) or as a participle
// (`whether.participle`) and no word with a capital follows it (an inflected adjective comes before its noun:
// "gefahrene Kilometer", "offenen Beträge"). Lower case alone tells nothing where the prompt writes every word so.
import type { Ask, Field } from "./asks.ts";
import { LEXICONS, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { type Token, words } from "./text.ts";

const VERBS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    lex.verbFinal.endings.length
      ? wordSet([
        ...lex.verbFinal.verbs,
        ...lex.verbs,
        ...lex.see,
        ...lex.request,
        ...lex.want,
        ...lex.must,
        ...lex.computing.total,
        ...lex.computing.figure,
        ...lex.computing.any,
        ...lex.whether.done,
      ].filter((w) => !w.includes(" ")))
      : new Set<string>(),
  ]),
) as Record<UiLanguage, Set<string>>;
const SHAPE = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => {
    const { endings } = lex.verbFinal;
    return [l, {
      infinitive: endings.length ? new RegExp(`\\p{L}{3,}(?:${endings.join("|")})$`, "u") : null,
      participle: endings.length ? new RegExp(lex.whether.participle, "u") : null,
      stop: wordSet([...lex.stop, ...lex.functionWords, ...lex.determiners, ...lex.articles]),
      relative: wordSet(lex.relativeAfterMark),
      function: wordSet(lex.functionWords),
      questions: wordSet([...lex.questions, ...lex.howMany.filter((w) => !w.includes(" "))]),
    }];
  }),
) as Record<UiLanguage, {
  infinitive: RegExp | null;
  participle: RegExp | null;
  stop: Set<string>;
  function: Set<string>;
  relative: Set<string>;
  questions: Set<string>;
}>;

const capital = (t: Token | undefined) => t?.kind === "word" && /^\p{Lu}/u.test(t.text);
/** Whether a token opens its sentence (the prompt's first word, or one after ".", "!", "?" or ":"). */
const opensSentence = (tokens: readonly Token[], i: number) =>
  i === 0 || (tokens[i - 1].kind === "mark" && /[.!?:]/.test(tokens[i - 1].text));

/** Whether the prompt writes its nouns with a capital: two words at least, inside their sentence, have one, and
 * they are a third at least of the words there that no closed class holds. */
export function nounsCapitalized(tokens: readonly Token[], language: UiLanguage): boolean {
  const { stop } = SHAPE[language];
  const inside = tokens.filter((t, i) => t.kind === "word" && !opensSentence(tokens, i) && !stop.has(t.norm));
  const capitals = inside.filter((t) => capital(t)).length;
  return capitals >= 2 && capitals * 3 >= inside.length;
}

/** Whether the word at `i` is a verb that may end a clause (see above); `capitalized` says whether the prompt
 * writes its nouns with a capital. */
export function clauseVerb(
  tokens: readonly Token[],
  i: number,
  language: UiLanguage,
  capitalized: boolean,
  finite = false,
): boolean {
  const t = tokens[i];
  if (t?.kind !== "word") return false;
  const { infinitive, participle, stop, questions } = SHAPE[language];
  if (!infinitive || !participle) return false;
  // (A word a question opens is what it asks: "wie oft", "wie gut gelaunt".)
  if (questions.has(tokens[i - 1]?.norm ?? "")) return false;
  // (Only the lexicon's verbs, not an infinitive, where `finite`: "Eiweiß trinken" is what is done.)
  if (finite) return VERBS[language].has(t.norm) && !infinitive.test(t.norm);
  if (VERBS[language].has(t.norm)) return true;
  if (!capitalized || capital(t) || stop.has(t.norm) || capital(tokens[i + 1])) return false;
  return infinitive.test(t.norm) || participle.test(t.text.toLowerCase());
}

/** The first verb that may end a clause in the tokens from `from` to `to`, or undefined. */
export function firstClauseVerb(
  tokens: readonly Token[],
  from: number,
  to: number,
  language: UiLanguage,
  capitalized = nounsCapitalized(tokens, language),
): number | undefined {
  for (let i = from; i < to; i++) if (clauseVerb(tokens, i, language, capitalized)) return i;
  return undefined;
}

/** A noun phrase without the verbs that end it ("Hund Balu braucht" → "Hund Balu", "zurückgelegt hab" → ""),
 * as the prompt's tokens write them, down to `keep` words at least. */
export function withoutEndingVerbs(
  phrase: string,
  prompt: readonly Token[],
  language: UiLanguage,
  keep = 0,
  finite = false,
): string {
  const own = words(phrase);
  const capitalized = nounsCapitalized(prompt, language);
  let end = own.length;
  while (
    end > keep &&
    (own[end - 1].kind !== "word" || clauseVerb(own.slice(0, end), end - 1, language, capitalized, finite))
  ) {
    end--;
  }
  return end === own.length ? phrase : end === 0 ? "" : phrase.slice(0, own[end - 1].end).trim();
}

/** Where a field's words stand in the prompt: the first place its words follow one another there across words
 * of no field (articles, "im"), as its name was written from them; undefined where they do not. */
function placed(field: Field, prompt: readonly Token[]): { from: number; words: number[] } | undefined {
  const own = words(field.name).filter((t) => t.kind === "word").map((t) => t.norm);
  if (!own.length) return undefined;
  for (let i = 0; i < prompt.length; i++) {
    if (prompt[i].norm !== own[0]) continue;
    const at = [i];
    for (let j = i + 1; j < prompt.length && at.length < own.length && j - at.at(-1)! <= 2; j++) {
      if (prompt[j].kind === "mark") break;
      if (prompt[j].norm === own[at.length]) at.push(j);
    }
    if (at.length === own.length) return { from: i, words: at };
  }
  return undefined;
}

/**
 * The asks with the verbs that end a German clause out of their fields and subjects: a field the verb is among
 * the words of is its words before the verb ("Zeit festhalten" → "Zeit"), none where those hold a function word
 * ("am Ende die Stunden pro Woche zusammenrechnen" is what is done with the records, no field of theirs) or are
 * no words; a field after the verb, in the same ask, lies in a clause of its own ("und die km im Monat sehe"),
 * no field; a subject loses the finite verbs of the lexicon it ends on ("Hund Balu braucht" → "Hund Balu"), but
 * never its last word ("Eiweiß trinken" is what is done), a figure's any verbs. Asks of what is done ("Rasen mähen") keep theirs.
 */
export function verbFinalAsks(prompt: string, language: UiLanguage, asks: Ask[]): Ask[] {
  if (!SHAPE[language].infinitive) return asks;
  const tokens = words(prompt);
  const capitalized = nounsCapitalized(tokens, language);
  const verbIn = (at: number[]) => at.findIndex((i) => clauseVerb(tokens, i, language, capitalized));
  return asks.map((ask) => antecedent(ask, tokens, language)).map((ask) => {
    // (A tick's participle names its state, "Beitrag bezahlt j/n": no verb that ends a clause.)
    const places = ask.fields.map((f) => (f.type === "yesno" ? undefined : placed(f, tokens)));
    // (A field the verb opens is a state of the records, "bezahlt ja/nein", "ob sie gemacht wurde": a verb
    // ends a clause only after its object.)
    const cuts = places.map((p) => (p ? verbIn(p.words) : -1)).map((k) => (k > 0 ? k : -1));
    // (The first verb among the ask's fields ends their clause.)
    const ending = places.reduce<number | undefined>(
      (
        end,
        p,
        k,
      ) => (p && cuts[k] >= 0 && (end === undefined || p.words[cuts[k]] < end) ? p.words[cuts[k]] : end),
      undefined,
    );
    const fields = ending === undefined ? ask.fields : ask.fields.flatMap((f, k): Field[] => {
      const p = places[k];
      if (!p || p.words.at(-1)! < ending) return [f];
      if (p.from > ending || cuts[k] < 0) return [];
      const kept = p.words.slice(0, cuts[k]);
      if (kept.some((i) => SHAPE[language].function.has(tokens[i].norm))) return [];
      const name = prompt.slice(tokens[kept[0]].start, tokens[kept.at(-1)!].end);
      return [{ ...f, name }];
    });
    // (A figure's subject or amount of verbs only names nothing it is of: "den Durchschnitt ausrechnen".)
    const figure = ask.type === "aggregate";
    const subject = ask.subject === undefined || ask.done
      ? ask.subject
      : withoutEndingVerbs(ask.subject, tokens, language, figure ? 0 : 1, !figure) || undefined;
    const amount = figure && ask.amount && withoutEndingVerbs(ask.amount.name, tokens, language) === ""
      ? undefined
      : ask.amount;
    if (fields === ask.fields && subject === ask.subject && amount === ask.amount) return ask;
    const out: Ask = { ...ask, fields, subject, amount };
    if (subject === undefined) delete out.subject;
    if (amount === undefined) delete out.amount;
    return out;
  });
}

/** The records a verb of keeping that ends a relative clause keeps are the noun the clause is of, right before
 * its comma and relative pronoun ("meine Überstunden, die ich jeden Tag eintrage"): a log or a list that names
 * nothing else takes that noun as its subject. */
function antecedent(ask: Ask, tokens: readonly Token[], language: UiLanguage): Ask {
  if (ask.subject !== undefined || (ask.type !== "log" && ask.type !== "list")) return ask;
  const { relative, stop } = SHAPE[language];
  const cue = tokens.findIndex((t) => t.start === ask.start);
  // (The clause's words back from the verb to its relative pronoun, no mark between.)
  let k = cue - 1;
  while (
    k > 0 && tokens[k].kind === "word" && !(relative.has(tokens[k].norm) && tokens[k - 1].text === ",")
  ) k--;
  if (k <= 1 || tokens[k].kind !== "word" || tokens[k - 1].text !== ",") return ask;
  const noun = tokens[k - 2];
  if (noun?.kind !== "word" || stop.has(noun.norm)) return ask;
  return { ...ask, subject: noun.text };
}
