// The head of the main request: the noun phrase its verb or need is about ("keep track of my daughter's
// vaccinations" → "vaccinations", "per gestire le prenotazioni" → "prenotazioni", "tire pressure log" →
// "tire pressure"), never a quantifier, a verb or an ask's cue.
import type { Language } from "../template/src/types.ts";
import type { Ask } from "../understand/index.ts";
import {
  amountHeld,
  APP_WORDS,
  CUES,
  LEXICONS,
  matchEveryKey,
  OF_WORDS,
  perLanguage,
  stemTokens,
  VERBS,
} from "../understand/lexicon.ts";
import { stemPhrase } from "../understand/stem.ts";
import { words } from "../understand/text.ts";
import { speakerBefore } from "../understand/asks.ts";
import { TO } from "../understand/aside.ts";
import { audienceAt } from "../understand/audience.ts";
import { fromItAt } from "../understand/derived.ts";
import { fold } from "./entities.ts";
import UNITS from "../understand/units.json" with { type: "json" };
import CURRENCIES from "../understand/currencies.json" with { type: "json" };

const WITH = perLanguage((lex) => lex.with);
const AND = perLanguage((lex) => lex.and.filter((w) => /\p{L}/u.test(w)));
const NUMBERS = perLanguage((lex) => Object.keys(lex.numbers));
// Whom the request is for ("remind my grandmother to take her pill"): the app serves them, it is not about them.
export const PERSONS = perLanguage((lex) => lex.persons);

/** Whether the word at `i` is a person the request serves: not one its records are, listed ("a list of my
 * colleagues", "friends and family") or given fields ("my kids with their ages"). */
function servedPerson(tokens: ReturnType<typeof words>, i: number, language: Language): boolean {
  if (!PERSONS[language].has(tokens[i].norm)) return false;
  const is = (k: number, set: Set<string>) => set.has(tokens[k]?.norm ?? "");
  let before = i - 1;
  while (before > 0 && CUES[language].stop.has(tokens[before].norm) && !is(before, OF_WORDS[language])) {
    before--;
  }
  return !is(before, OF_WORDS[language]) && !is(before, AND[language]) &&
    ![OF_WORDS, AND, WITH].some((set) => is(i + 1, set[language]));
}
// Time expressions and the size of a group ("somos"): they measure the records, they do not name them.
const MEASURES = perLanguage((lex) => [
  ...[lex.periods, lex.adverbs, lex.counts, lex.weekdays, lex.timeUnits].flatMap((w) =>
    Object.keys(w).flatMap((k) => k.split(/\s+/))
  ),
  ...lex.weAre,
]);
// The words of units and currencies ("mg", "euros"): a quantity's, never a subject's.
const UNIT_WORDS = new Set(
  [
    ...Object.entries(UNITS as Record<string, { words: string[] }>).flatMap((
      [symbol, u],
    ) => [symbol, ...u.words]),
    ...Object.values(CURRENCIES as Record<string, { words: string[] }>).flatMap((c) => c.words),
  ].map(fold),
);

// The stems of the function words, so that another form of a quantifier ("tutto" of "tutti") is one too;
// short stems are left out, since nouns share them.
const STOP_STEMS = Object.fromEntries(
  Object.entries(CUES).map(([l, cues]) => [
    l,
    new Set([...cues.stop].flatMap((w) => stemPhrase(w, l as Language)).filter((s) => s.length >= 4)),
  ]),
) as Record<Language, Set<string>>;

export { APP_WORDS, TO };

/** Whether words end on an infinitive ("rappel pour nourrir", "quiz per imparare"): they say what is
 * done, not what it is done to. The parts of a hyphenated noun ("to-do") are no infinitive. */
export function endsOnInfinitive(text: string, language: Language): boolean {
  const tokens = words(text);
  return tokens.length >= 2 && tokens.at(-1)!.kind === "word" && tokens.at(-2)!.norm === TO[language] &&
    text[tokens.at(-1)!.start - 1] !== "-";
}

/** Whether a word is, alone, a cue of an ask or a field (or only of the `kinds` given): a word any app may
 * say ("tracker", "list"). */
export function isCue(
  word: string,
  language: Language,
  kinds: ("asks" | "fields")[] = ["asks", "fields"],
): boolean {
  const [stem] = stemPhrase(word, language);
  return stem !== undefined &&
    kinds.some((kind) => CUES[language][kind].get(stem)?.some((c) => c.stems.length === 1));
}

/**
 * The head of the request in `text` (the sentence of the main ask): its first run of nouns and adjectives,
 * with nouns joined by "and" and one complement after "of" when it follows at once ("matchs de foot", not "de
 * mon fils"); an English possessive is a modifier the head leaves out ("daughter's"). Undefined when the
 * sentence holds none.
 */
export function requestHead(text: string, language: Language): string | undefined {
  const stop = CUES[language].stop;
  const tokens = words(text);
  // The words of the asks' cues, phrases included ("tenere traccia", "keep a list").
  const cued = new Set(
    matchEveryKey(stemTokens(tokens, language), CUES[language].asks)
      .flatMap((m) => Array.from({ length: m.to - m.from }, (_, k) => m.from + k)),
  );
  // (Whom the records are kept for is not what they are: "for the health inspector".)
  const audience = audienceAt(tokens, language);
  // ("From it" names nothing: "Mittagessen und daraus eine Einkaufsliste".)
  const fromIt = new Set(
    fromItAt(tokens, language).flatMap(([i, to]) => Array.from({ length: to - i }, (_, k) => i + k)),
  );
  const kinds = tokens.map((t, i) => {
    if (t.kind !== "word") return "mark";
    const w = t.norm;
    if (OF_WORDS[language].has(w)) return "of";
    if (AND[language].has(w)) return "and";
    const verb = i > 0 && tokens[i - 1].norm === TO[language];
    // A short word after a number is its unit ("500 mg", "5 h").
    const unit = i > 0 && tokens[i - 1].kind === "number" && w.length <= 3;
    if (
      verb || unit || stop.has(w) || STOP_STEMS[language].has(stemPhrase(w, language)[0] ?? "") ||
      VERBS[language].has(w) || NUMBERS[language].has(w) || servedPerson(tokens, i, language) ||
      MEASURES[language].has(w) || UNIT_WORDS.has(w) ||
      APP_WORDS.has(w) || /\d/.test(w) || cued.has(i) || isCue(w, language) || audience.has(i) ||
      fromIt.has(i)
    ) {
      return "skip";
    }
    return language === "en" && /['’]s$/.test(t.text) ? "possessive" : "word";
  });
  // An amount or a heap and its "of" ("a bunch of", "un sacco di") say how many, not what.
  const norms = tokens.map((t) => t.norm);
  kinds.forEach((_, i) => {
    const held = amountHeld(norms, i, language);
    for (let k = i; k < held; k++) kinds[k] = "skip";
  });
  // The words right after a person the request serves say what they do or are ("mi suegra vive sola", "my
  // grandma lives alone"), not what the request is about.
  let said = false;
  kinds.forEach((k, i) => {
    said = k === "word" && i > 0 && (said || servedPerson(tokens, i - 1, language));
    if (said) kinds[i] = "skip";
  });
  const start = kinds.findIndex((k) => k === "word");
  if (start < 0) return undefined;
  const kept: number[] = [];
  let complement = false;
  for (let i = start; i < tokens.length; i++) {
    const k = kinds[i];
    if (k === "word") kept.push(i);
    else if (k === "possessive") continue;
    else if ((k === "and" || (k === "of" && !complement)) && kinds[i + 1] === "word") {
      if (k === "of") complement = true;
      kept.push(i);
    } else break;
  }
  return kept.map((i) => tokens[i].text).join(" ").replace(/(['’]) /g, "$1") || undefined;
}

// What opens a noun phrase a verb governs: its articles and possessives, and the "of" words that join it
// to a cue ("keep track of", "una lista dei").
export const OPENERS = perLanguage((lex) => [...lex.determiners, ...lex.of.filter((w) => !w.includes(" "))]);
// A question word that asks which one opens the object as a determiner would ("track which openings I
// practise", "noter quels fromages je goûte").
const WHICH = perLanguage((lex) => lex.which);

/** Whether an ask's subject is the object its cue governs: a noun phrase a determiner, a possessive, an
 * "of" word or a question word of which one opens after other words of the ask ("track my shifts", "noter
 * les oiseaux", "una lista dei podcast", "segnare quali formaggi") or, in German, which puts its verbs after
 * their objects, before them ("die Vögel notieren", or opening the clause bare: "Pakete eintragen"); not the ask's
 * words alone. */
export function governed(ask: Ask, prompt: string, language: Language): boolean {
  const at = ask.subject ? ask.quote.indexOf(ask.subject) : -1;
  const after = at > 0 && words(ask.quote.slice(0, at)).length > 0;
  const before = language === "de" && at === 0 && words(ask.quote).length > words(ask.subject!).length;
  if (!after && !before) return false;
  const opener = words(prompt.slice(0, ask.start + at)).at(-1);
  // (A German object opens its clause bare before a verb of asking too: "Pakete eintragen, die ich verschicke".)
  if (before && (opener === undefined || opener.kind !== "word")) {
    const verb = words(ask.quote.slice(ask.subject!.length)).find((t) => t.kind === "word");
    return verb !== undefined && VERBS.de.has(verb.norm);
  }
  return opener !== undefined && (OPENERS[language].has(opener.norm) || WHICH[language].has(opener.norm));
}

// What opens a clause of what the speaker does, the pronoun left out ("cuando corro", "quando corro").
const WHENEVER = perLanguage((lex) => lex.whenever);

/** Whether `phrase` is said after `from` only where the speaker does something, the subject of its verb
 * there ("the parcels I send", "les colis que j'envoie", "las facturas que emito", "cuando corro"): what
 * they do around the records, not the records. */
export function speakerDoes(prompt: string, from: number, phrase: string, language: Language): boolean {
  const tokens = words(prompt);
  const first = tokens.findIndex((t) => t.start >= from);
  if (first < 0) return false;
  const endings = LEXICONS[language].relativeSpeakerEndings;
  const theirs = (i: number) =>
    speakerBefore(tokens, i + 1, language) >= first ||
    (i > 0 && WHENEVER[language].has(tokens[i - 1].norm) &&
      endings.some((e) => tokens[i].norm.endsWith(e)));
  const at = tokens.flatMap((t, i) => i >= first && prompt.startsWith(phrase, t.start) ? [i] : []);
  return at.length > 0 && at.every(theirs);
}
