// Values, readings or measurements a prompt keeps ("Werte eintragen", "enter the values", "inserire i valori")
// are of the measure it names elsewhere ("Blutdruck messen", "measure my blood pressure", "la pressione"): that
// measure, the only one the prompt names (the lexicon's `measures`), is their subject, so the records and the
// app are named by it rather than by a word any records could have (the lexicon's `measuredValues`).
import type { Ask } from "./asks.ts";
import { LEXICONS, phrasesPerLanguage, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { words } from "./text.ts";

const VALUES = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.measuredValues)]),
) as Record<UiLanguage, Set<string>>;
const MEASURES = phrasesPerLanguage((lex) => lex.measures);
const OPENERS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet([...lex.articles, ...lex.determiners])]),
) as Record<UiLanguage, Set<string>>;

/** The asks, those about values named by the one measure the prompt names. */
export function measuredValueAsks(prompt: string, language: UiLanguage, asks: Ask[]): Ask[] {
  const tokens = words(prompt);
  const named = new Map<string, string>();
  for (let i = 0; i < tokens.length; i++) {
    const p = MEASURES[language].find((m) => m.every((w, k) => tokens[i + k]?.norm === w));
    if (p) named.set(p.join(" "), prompt.slice(tokens[i].start, tokens[i + p.length - 1].end));
  }
  if (named.size !== 1) return asks;
  const measure = [...named.values()][0];
  const values = (subject: string) => {
    const own = words(subject).filter((t) => t.kind === "word" && !OPENERS[language].has(t.norm));
    return own.length === 1 && VALUES[language].has(own[0].norm);
  };
  return asks.map((a) => (a.subject !== undefined && values(a.subject) ? { ...a, subject: measure } : a));
}
