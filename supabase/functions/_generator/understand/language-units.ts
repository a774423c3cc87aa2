// Units of a language named as what the app keeps ("verbos irregulares en inglés", "verbi irregolari inglesi",
// "unregelmäßige Verben Englisch", "German words"): a noun of the lexicon's `languageUnits` qualified by a
// language's name or adjective is that language's vocabulary to learn. The language is what the words are in,
// not the interface's ("la lista de la compra en inglés" still asks for an English UI).
import type { UiLanguage } from "./language.ts";
import { cueIndex, type CueMatch, CUES, LEXICONS, matchCues, stemTokens, wordSet } from "./lexicon.ts";
import type { Token } from "./text.ts";

export interface LanguageUnits {
  /** The token span of the noun and its language, end exclusive. */
  from: number;
  to: number;
  /** The noun phrase without the language ("verbos irregulares" of "verbos irregulares en inglés"). */
  noun: { from: number; to: number };
  /** The language's match (its key is the language's code). */
  name: CueMatch;
}

const UNITS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, cueIndex({ unit: lex.languageUnits }, l as UiLanguage)]),
) as Record<UiLanguage, ReturnType<typeof cueIndex>>;
// The words that may join the noun to a language named after it ("in", "of", "en", "de", "auf").
const JOINING = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet([...lex.languageIn, ...lex.of])]),
) as Record<UiLanguage, Set<string>>;
const OPENERS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet([...lex.articles, ...lex.determiners])]),
) as Record<UiLanguage, Set<string>>;

/** A language named after its noun lies within this many words of it ("palabras nuevas en inglés"); one
 * named before it, right before it or one word away ("German irregular verbs"). */
const AFTER = 2;
const BEFORE = 1;

/** Every noun of language units the tokens qualify by a language, in order. */
export function languageUnits(tokens: Token[], language: UiLanguage): LanguageUnits[] {
  const stems = stemTokens(tokens, language);
  const names = matchCues(stems, CUES[language].languages);
  // (A gap of words only, none opening another noun phrase, keeps the noun and its language one phrase.)
  const phrase = (from: number, to: number) =>
    tokens.slice(from, to).every((t) => t.kind === "word" && !OPENERS[language].has(t.norm));
  const found: LanguageUnits[] = [];
  for (const unit of matchCues(stems, UNITS[language])) {
    const after = names.find((n) =>
      n.from >= unit.to && n.from - unit.to <= AFTER && phrase(unit.to, n.from)
    );
    if (after) {
      const join = tokens.slice(unit.to, after.from).findIndex((t) => JOINING[language].has(t.norm));
      const end = join < 0 ? after.from : unit.to + join;
      found.push({ from: unit.from, to: after.to, noun: { from: unit.from, to: end }, name: after });
      continue;
    }
    const before = names.find((n) =>
      n.to <= unit.from && unit.from - n.to <= BEFORE && phrase(n.to, unit.from)
    );
    if (before) {
      found.push({ from: before.from, to: unit.to, noun: { from: before.to, to: unit.to }, name: before });
    }
  }
  return found;
}
