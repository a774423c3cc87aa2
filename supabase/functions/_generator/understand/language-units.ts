// Units of a language named as what the app keeps ("verbos irregulares en inglés", "verbi irregolari inglesi",
// "unregelmäßige Verben Englisch", "German words"): a noun of the lexicon's `languageUnits` qualified by a
// language's name or adjective is that language's vocabulary to learn. The language is what the words are in,
// not the interface's ("la lista de la compra en inglés" still asks for an English UI).
import type { UiLanguage } from "./language.ts";
import {
  APP_WORDS,
  cueIndex,
  type CueMatch,
  CUES,
  type Knows,
  LEXICONS,
  matchCues,
  stemTokens,
  VERBS,
  wordSet,
} from "./lexicon.ts";
import type { Ask } from "./asks.ts";
import { type Token, words } from "./text.ts";

export interface LanguageUnits {
  /** The token span of the noun and its language, end exclusive. */
  from: number;
  to: number;
  /** The noun phrase without the language ("verbos irregulares" of "verbos irregulares en inglés"). */
  noun: { from: number; to: number };
  /** The language's match (its key is the language's code, or `OTHER_LANGUAGE`). */
  name: CueMatch;
}

const UNITS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, cueIndex({ unit: lex.languageUnits }, l as UiLanguage)]),
) as Record<UiLanguage, ReturnType<typeof cueIndex>>;
/** A language the UI does not speak, the key of its name's match. */
export const OTHER_LANGUAGE = "other";
const OTHERS = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [l, lex],
  ) => [l, cueIndex({ [OTHER_LANGUAGE]: lex.otherLanguages }, l as UiLanguage)]),
) as Record<UiLanguage, ReturnType<typeof cueIndex>>;
// The words that open another noun phrase (articles, determiners, possessives).
const OPENERS = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [l, lex],
  ) => [l, wordSet([...lex.articles, ...lex.determiners, ...lex.mine])]),
) as Record<UiLanguage, Set<string>>;
// The words that may join the noun to a language named after it ("in", "of", "en", "de", "auf").
const JOINING = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet([...lex.languageIn, ...lex.of])]),
) as Record<UiLanguage, Set<string>>;

/** A language named after its noun lies within this many words of it ("palabras nuevas en inglés"); one
 * named before it, right before it or one word away ("German irregular verbs"). */
const AFTER = 2;
const BEFORE = 1;
/** At most this many words before a noun its language follows qualify it ("unregelmäßige Verben Englisch"). */
const MODIFIERS = 2;
/** The languages whose nouns end their phrase, their modifiers before them (the Romance ones follow). */
const HEAD_LAST = new Set<UiLanguage>(["en", "de"]);

/** Whether a word is a noun of a language's units or a language's name in the language: in a short prompt
 * ("refranes en francés", "russian verbs") they vote for the language it is written in. */
export const namesUnits: Knows = (token, language) => {
  const [s] = stemTokens([token], language);
  return UNITS[language].has(s) || OTHERS[language].has(s) || CUES[language].languages.has(s);
};

/** Every noun of language units the tokens qualify by a language, in order. */
export function languageUnits(tokens: readonly Token[], language: UiLanguage): LanguageUnits[] {
  const stems = stemTokens(tokens, language);
  const names = [...matchCues(stems, CUES[language].languages), ...matchCues(stems, OTHERS[language])];
  // (A word that is no article, determiner, app's word, cue, verb or language qualifies the noun,
  // "irregulares", "nuevas", "irregular": the noun's phrase runs across such words and those joining it to its
  // language, never across another noun of the app, "vocabulary app in German", nor in English or German over
  // a verb, "learn verbs".)
  const qualifier = (i: number) =>
    i >= 0 && tokens[i].kind === "word" && !OPENERS[language].has(tokens[i].norm) &&
    !APP_WORDS.has(tokens[i].norm) && !CUES[language].asks.has(stems[i]) &&
    !VERBS[language].has(tokens[i].norm) && !names.some((n) => n.from <= i && i < n.to);
  const phrase = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, k) => from + k).every((i) =>
      qualifier(i) || JOINING[language].has(tokens[i].norm)
    );
  const found: LanguageUnits[] = [];
  for (const unit of matchCues(stems, UNITS[language])) {
    const after = names.find((n) =>
      n.from >= unit.to && n.from - unit.to <= AFTER && phrase(unit.to, n.from)
    );
    if (after) {
      const join = tokens.slice(unit.to, after.from).findIndex((t) => JOINING[language].has(t.norm));
      const end = join < 0 ? after.from : unit.to + join;
      let from = unit.from;
      while (HEAD_LAST.has(language) && unit.from - from < MODIFIERS && qualifier(from - 1)) from--;
      found.push({ from, to: after.to, noun: { from, to: end }, name: after });
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

/** The language a text names and nothing else, but function words ("Spanish", "l'allemand"), if so. */
export function languageOnly(text: string, language: UiLanguage): CueMatch | undefined {
  const tokens = words(text);
  const stems = stemTokens(tokens, language);
  const names = [...matchCues(stems, CUES[language].languages), ...matchCues(stems, OTHERS[language])];
  const within = (i: number) => names.some((n) => n.from <= i && i < n.to);
  const alone = names.length === 1 &&
    tokens.every((t, i) => within(i) || t.kind !== "word" || CUES[language].stop.has(t.norm));
  return alone ? names[0] : undefined;
}

/** Whether the prompt's words of the ask are units of a language ("verbi irregolari inglesi"): a prompt that
 * only names them is learning them, a quiz of their words and translations. */
export function learnsUnits(prompt: string, ask: Ask, language: UiLanguage): boolean {
  const tokens = words(prompt);
  return languageUnits(tokens, language).some((u) =>
    tokens[u.from].start < ask.end && ask.start < tokens[u.to - 1].end
  );
}
