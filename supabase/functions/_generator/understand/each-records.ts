// Fields said of each record of a noun: "for each book: title, author", "ogni tappa con data e arrivo",
// "pour chaque match la date et le score", "pro Marke Land, Jahr und Wert". Those fields are that noun's
// records', whatever records the clause before keeps: the phrase opens records of its own.
import type { Ask } from "./asks.ts";
import {
  AFTER_EACH,
  CUES,
  EVERY_TIME,
  OF_PARTS,
  perLanguage,
  phraseAt,
  phraseFrom,
  phrasesPerLanguage,
  VERBS,
} from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { quantities } from "./quantities.ts";
import { stemPhrase } from "./stem.ts";
import { type Token } from "./text.ts";

const ARTICLES = perLanguage((lex) => lex.articles);
const SPEAKER = perLanguage((lex) => lex.speaker);
const WITH = perLanguage((lex) => lex.with);
const JOINERS = perLanguage((lex) => [",", ...lex.and]);
const RELATIVE = perLanguage((lex) => lex.relative);
/** Marks that open the fields as a colon does ("note every climb - date, grade"). */
const DASHES = new Set(["-", "–", "—"]);
// (Longest first, so "for each" is matched before "each".)
const EACH = phrasesPerLanguage((lex) => lex.eachRecord);
/** How many words name the records after "each" at most ("for each school trip"). */
const NOUN_WORDS = 3;
/** The kinds of quantity an "each" phrase is then: when something happens ("every day", "jeden Montag"). */
const WHEN = new Set(["time", "weekday", "frequency", "period", "date"]);

export interface EachRecord {
  /** The records' noun, by token index. */
  noun: { from: number; to: number };
  /** Where the fields start when they follow the noun directly ("pro Marke Land, Jahr"); absent when a
   * colon, a "with" or the end of the tokens comes after the noun, whose own rules read the fields. */
  fields?: number;
  /** The last word of the cue of keeping the phrase follows ("log every bake"), whose records they are. */
  keeper?: number;
}

/**
 * The "each" phrase that opens at token `i` and the noun of the records it names, when fields follow: a
 * colon, a "with", the end of the tokens, or two fields or more joined by a comma or "and". Not a time ("every
 * day", "ogni lunedì"), which says when something happens.
 */
export function eachRecord(
  tokens: readonly Token[],
  i: number,
  language: UiLanguage,
  text: string,
): EachRecord | undefined {
  const phrase = phraseFrom(tokens, i, EACH[language]);
  if (!phrase || EVERY_TIME[language].some((p) => phraseAt(tokens, i, p))) {
    return undefined;
  }
  const from = i + phrase.length;
  let to = from;
  const stop = CUES[language].stop;
  const nounWord = (t: Token | undefined) =>
    t?.kind === "word" && !stop.has(t.norm) && !ARTICLES[language].has(t.norm) &&
    !WITH[language].has(t.norm) &&
    !JOINERS[language].has(t.norm) && !VERBS[language].has(t.norm);
  while (to - from < NOUN_WORDS && nounWord(tokens[to])) to++;
  if (to === from) return undefined;
  // (A complement of one noun says what the records are: "every jar of pickles", "chaque pot de confiture";
  // one a relative clause follows says what is done to them, "ogni cesta di uova che porto", below.)
  if (
    OF_PARTS[language].has(tokens[to]?.norm ?? "") && nounWord(tokens[to + 1]) &&
    !RELATIVE[language].has(tokens[to + 2]?.norm ?? "")
  ) to += 2;
  const span = text.slice(tokens[i].start, tokens[to - 1].end);
  if (quantities(span, language).some((q) => WHEN.has(q.kind))) return undefined;
  const next = tokens[to];
  if (!next || next.norm === ":" || WITH[language].has(next.norm)) return { noun: { from, to } };
  // (So does a verb that ends a German clause before its colon or "with": the noun is its object, "jede Fahrt
  // eintragen mit Datum und km", "jeden Ölwechsel notieren: Datum, km".)
  const after = tokens[to + 1];
  if (VERBS[language].has(next.norm) && (after?.norm === ":" || WITH[language].has(after?.norm ?? ""))) {
    return { noun: { from, to } };
  }
  // (So does a complement of the noun that runs to the colon or the end: "ogni uscita in barca: data".)
  const end = tokens.findIndex((t, k) => k >= to && t.norm === ":");
  const complement = tokens.slice(to, end < 0 ? tokens.length : end);
  if (
    stop.has(next.norm) && complement.length <= NOUN_WORDS &&
    complement.every((t) =>
      !JOINERS[language].has(t.norm) && !SPEAKER[language].has(t.norm) &&
      (nounWord(t) || stop.has(t.norm) || ARTICLES[language].has(t.norm))
    )
  ) {
    return { noun: { from, to } };
  }
  // (So does a relative clause of the noun before a colon or a "with": "each problem I tried with its grade",
  // "ogni libro che leggo: titolo"; not "for each student I want their grades", "log every time i vape".)
  let verb = to;
  if (RELATIVE[language].has(tokens[verb]?.norm ?? "")) verb++;
  if (SPEAKER[language].has(tokens[verb]?.norm ?? "")) verb++;
  const close = tokens[verb + 1];
  if (
    verb > to && tokens[verb]?.kind === "word" && !stop.has(tokens[verb].norm) &&
    (close
      ? close.norm === ":" || WITH[language].has(close.norm)
      : text.slice(tokens[verb].end).trimStart()[0] === ":")
  ) {
    return { noun: { from, to } };
  }
  // A bracket that closes the phrase holds its fields, read as a bracket's fields are ("each trip (date,
  // lake)"), when it lists some; one with more said after it is of the noun ("chaque pièce (cuisine…) a des
  // tâches").
  if (next.norm === "(") {
    const close = tokens.findIndex((t, k) => k > to && t.norm === ")");
    const listed = tokens.slice(to + 1, close).some((t) => JOINERS[language].has(t.norm));
    const last = tokens.slice(close + 1).every((t) => t.kind === "mark");
    return close > to && listed && last ? { noun: { from, to } } : undefined;
  }
  // Fields right after the noun, an article or a question opening them ("chaque match la date", "for each bed
  // what's planted"), or past a comma after a noun of one word ("for each book, title"), else the noun is its
  // first word ("pro Marke Land, Jahr"); the speaker or a bracket after it ("for each student I want…",
  // "chaque pièce (cuisine…) a des tâches") opens a sentence of its own.
  const dash = DASHES.has(next.norm);
  if (next.kind === "mark" && !dash && !JOINERS[language].has(next.norm)) return undefined;
  // (Contracted too: "I'd", "we'll".)
  const speaker = [...SPEAKER[language]].some((w) => next.norm === w || next.norm.startsWith(`${w}'`));
  if (speaker) return undefined;
  // (A relative clause after a complement of the noun says what is done to the records, no fields: "ogni
  // cesta di uova che porto al mercato".)
  const of = OF_PARTS[language].has(next.norm) && nounWord(tokens[to + 1]);
  if (of && RELATIVE[language].has(tokens[to + 2]?.norm ?? "")) return undefined;
  const fields = dash ? to + 1 : !JOINERS[language].has(next.norm) ? to : to === from + 1 ? to + 1 : from + 1;
  const listed = tokens.slice(fields + 1).some((t) => JOINERS[language].has(t.norm));
  return listed ? { noun: { from, to: Math.min(to, fields) }, fields } : undefined;
}

/** The "each" phrase a clause opens on, past the words that join it to the one before. */
export function eachOpening(
  tokens: readonly Token[],
  language: UiLanguage,
  text: string,
): EachRecord | undefined {
  return eachRecord(tokens, opening(tokens, language), language, text);
}

function opening(tokens: readonly Token[], language: UiLanguage): number {
  let i = 0;
  while (tokens[i] && (tokens[i].kind === "mark" || JOINERS[language].has(tokens[i].norm))) i++;
  return i;
}

/**
 * The "each" phrase of a clause that keeps its noun's records: the one it opens on, else one after a cue of
 * keeping across articles, "of" and the speaker only (`keeps`, by the index of its last word: "log every bake",
 * "je note chaque étape :", "a log of each session:", "Protokoll jeder Einheit (Datum…)"), or one after another
 * verb or a noun and "of" when a colon, a bracket, a dash or a "with" sets the fields out after its noun ("note
 * every climb - date, grade", "los resultados de cada analítica (fecha…)"; not "show each employee's
 * days and…", "llevar a cada cita", "las notas de cada parcial para ver…"). Not what happens after each ("after
 * each session", "à chaque séance"), which is a time.
 */
export function eachPhrase(
  tokens: readonly Token[],
  language: UiLanguage,
  text: string,
  keeps: Set<number>,
): EachRecord | undefined {
  const i = opening(tokens, language);
  const first = eachRecord(tokens, i, language, text);
  // (A cue of keeping right after its noun is its keeper too, where the verb ends the clause: "jede Fahrt
  // eintragen mit Datum".)
  if (first) return keeps.has(first.noun.to) ? { ...first, keeper: first.noun.to } : first;
  const stop = CUES[language].stop;
  // (Only what joins the phrase to its keeper: not "pasar lista en cada clase", a place or a time.)
  const minor = (t: Token) =>
    ARTICLES[language].has(t.norm) || OF_PARTS[language].has(t.norm) || SPEAKER[language].has(t.norm);
  for (let k = i + 1; k < tokens.length; k++) {
    const after = AFTER_EACH[language].some((p) =>
      p.every((w, n) => tokens[k - p.length + 1 + n]?.norm === w) ||
      p.every((w, n) => tokens[k + n]?.norm === w)
    );
    const each = after ? undefined : eachRecord(tokens, k, language, text);
    if (!each) continue;
    let back = k - 1;
    while (back >= i && minor(tokens[back]) && !keeps.has(back)) back--;
    if (back >= i && keeps.has(back)) return { ...each, keeper: back };
    const next = tokens[each.noun.to]?.norm ?? "";
    const marked = next === ":" || next === "(" || DASHES.has(next) || WITH[language].has(next);
    const of = OF_PARTS[language].has(tokens[k - 1]?.norm ?? "") && tokens[k - 2]?.kind === "word" &&
      !stop.has(tokens[k - 2].norm);
    const verb = back >= i && VERBS[language].has(tokens[back].norm);
    if ((of || verb) && marked) return each;
  }
}

/** Whether each record of a noun names other records than the ask of records it follows keeps: there is none
 * before it, or that ask's words share no stem with the noun and it has fields of its own ("races with date and
 * place, and for each member: name"; not "Running log. Each run: date", "Tasks that repeat… For each task",
 * nor "guinea pigs… each guinea pig: name"). */
export function otherNoun(each: Ask, before: Ask, language: UiLanguage): boolean {
  if (before.start > each.start) return true;
  if (!each.subject) return false;
  const stems = new Set(stemPhrase(`${before.quote} ${before.subject ?? ""}`, language));
  return before.fields.length > 0 && !stemPhrase(each.subject, language).some((s) => stems.has(s));
}
