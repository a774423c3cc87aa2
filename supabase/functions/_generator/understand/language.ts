// The prompt's language: eld's n-gram detector (60 languages) with a prior for the five UI languages, so a
// short prompt that scores nearly as well in one of them as in a neighbour (Catalan, Portuguese, Tagalog)
// takes the UI language. Measured against tinyld and franc-min by scripts/measure-language.ts (README).
import { eld } from "eld/small";

export const UI_LANGUAGES = ["en", "it", "fr", "es", "de"] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** The languages whose noun phrases have their head first ("spese della casa", "séance de travail"); English and
 * German put it last ("house expenses", "Arbeitssitzung"). */
export const HEAD_FIRST: ReadonlySet<string> = new Set<UiLanguage>(["it", "fr", "es"]);

/** A UI language wins when its score is at least this share of the best language's score. */
const PRIOR = 0.9;

export interface LanguageGuess {
  /** The UI language: the detected one when it is one of the five, else English. */
  language: UiLanguage;
  /** What the detector found (ISO 639-1), `und` when it found nothing. */
  detected: string;
}

export function isUiLanguage(code: string): code is UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(code);
}

/** How much a UI language's share of known words adds to its score in a short prompt. */
const VOTE = 0.25;
/** Prompts up to this many words are short: their n-grams are too few to trust alone. */
const SHORT = 5;

/**
 * `vote` gives, for a UI language, the share of the prompt's words it knows (cue or function words): in a
 * short prompt ("migraine diary", "car maintenance log") it tips the balance between close scores.
 * `englishKnowsEveryKnownWord` says English's lexicon knows each of the prompt's words that a UI language
 * knows, and at least half of them: asked only of a short prompt, as it looks up every word in every language.
 */
export function detectLanguage(
  text: string,
  vote?: (language: UiLanguage) => number,
  englishKnowsEveryKnownWord?: () => boolean,
  otherVote?: (language: string) => number,
): LanguageGuess {
  const short = text.split(/\s+/).filter(Boolean).length <= SHORT;
  // A short prompt made only of words English knows ("a todo list app", "a timer app"), or words no UI language
  // knows ("kombucha brew log"), is English: their
  // n-grams can lean to a neighbour by a hair, and the words app prompts share across languages are English.
  if (short && englishKnowsEveryKnownWord?.()) return { language: "en", detected: "en" };
  const raw = Object.entries(eld.detect(text).getScores() as Record<string, number>);
  const top = Math.max(0, ...raw.map(([, score]) => score));
  // (Another language's words are counted only where its n-grams come near the best: the vote costs.)
  const scores = raw
    .map(([code, score]): [string, number] => [
      code,
      short && vote && isUiLanguage(code)
        ? score + VOTE * vote(code)
        : short && otherVote && score >= top * PRIOR
        ? score + VOTE * otherVote(code)
        : score,
    ])
    .sort((a, b) => b[1] - a[1]);
  if (!scores.length) return { language: "en", detected: "und" };
  const [best, bestScore] = scores[0];
  if (isUiLanguage(best)) return { language: best, detected: best };
  const ui = scores.find(([code]) => isUiLanguage(code));
  // The prior does not hold against a language the knowledge reads ("lista de compras do mercado" is
  // Portuguese, not Spanish) when that language knows more of the prompt's words than the UI one.
  const clearly = (ui: UiLanguage) => vote && otherVote && otherVote(best) > vote(ui);
  if (ui && ui[1] >= bestScore * PRIOR && !clearly(ui[0] as UiLanguage)) {
    return { language: ui[0] as UiLanguage, detected: ui[0] };
  }
  return { language: "en", detected: best };
}
