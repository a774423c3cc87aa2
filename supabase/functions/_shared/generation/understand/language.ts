// The prompt's language: eld's n-gram detector (60 languages) with a prior for the five UI languages, so a
// short prompt that scores nearly as well in one of them as in a neighbour (Catalan, Portuguese, Tagalog)
// takes the UI language. Measured against tinyld and franc-min by scripts/measure-language.ts (README).
import { eld } from "eld/small";

export const UI_LANGUAGES = ["en", "it", "fr", "es", "de"] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

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
 */
export function detectLanguage(text: string, vote?: (language: UiLanguage) => number): LanguageGuess {
  const short = text.split(/\s+/).filter(Boolean).length <= SHORT;
  const scores = Object.entries(eld.detect(text).getScores() as Record<string, number>)
    .map(([code, score]): [string, number] => [
      code,
      short && vote && isUiLanguage(code) ? score + VOTE * vote(code) : score,
    ])
    .sort((a, b) => b[1] - a[1]);
  if (!scores.length) return { language: "en", detected: "und" };
  const [best, bestScore] = scores[0];
  if (isUiLanguage(best)) return { language: best, detected: best };
  const ui = scores.find(([code]) => isUiLanguage(code));
  if (ui && ui[1] >= bestScore * PRIOR) return { language: ui[0] as UiLanguage, detected: ui[0] };
  return { language: "en", detected: best };
}
