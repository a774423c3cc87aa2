// Snowball stems for the five UI languages, so one cue word matches its inflections ("water", "watered",
// "watering"; "annaffiare", "annaffiato"). Words are folded (accents off) before stemming, so a word typed
// without its accent meets the same stem. Memoized: the stemmer is the slowest step of the pipeline.
import snowball from "snowball-stemmers";
import type { UiLanguage } from "./language.ts";
import { fold, words } from "./text.ts";

const ALGORITHM: Record<UiLanguage, string> = {
  en: "english",
  it: "italian",
  fr: "french",
  es: "spanish",
  de: "german",
};

interface Stemmer {
  stem(word: string): string;
}

const stemmers = new Map<string, Stemmer>();

/** Snowball's stemmer for an algorithm ("italian", "portuguese"), made once. */
export function snowballStemmer(algorithm: string): Stemmer {
  let stemmer = stemmers.get(algorithm);
  if (!stemmer) {
    stemmer = snowball.newStemmer(algorithm) as Stemmer;
    stemmers.set(algorithm, stemmer);
  }
  return stemmer;
}

/** Each language's stems by word. */
const memo = new Map<string, Map<string, string>>();
let memoized = 0;
/** Bounds the memo: prompts bring new words without end. */
const MEMO_LIMIT = 50_000;

/** A word's stem in a language, computed once: the one memo of the UI languages' stems and the others'. */
export function memoizedStem(word: string, language: string, compute: (word: string) => string): string {
  let stems = memo.get(language);
  if (!stems) memo.set(language, stems = new Map());
  const known = stems.get(word);
  if (known !== undefined) return known;
  const result = compute(word);
  if (memoized >= MEMO_LIMIT) {
    memo.forEach((m) => m.clear());
    memoized = 0;
  }
  stems.set(word, result);
  memoized++;
  return result;
}

// (One function per language, made once: a stem looked up costs no new closure.)
const STEMMERS = Object.fromEntries(
  (Object.keys(ALGORITHM) as UiLanguage[]).map((language) => [language, (word: string) => {
    // Folded before stemming, so a word typed without its accent ("quien", "categorias") meets the same stem.
    // Short words and numbers stay as they are: stemming "ml" or "am" only makes them collide.
    const folded = fold(word);
    return folded.length <= 3 ? folded : snowballStemmer(ALGORITHM[language]).stem(folded);
  }]),
) as Record<UiLanguage, (word: string) => string>;

export function stem(word: string, language: UiLanguage): string {
  return memoizedStem(word, language, STEMMERS[language]);
}

/** The stems of a phrase, word by word. */
export function stemPhrase(phrase: string, language: UiLanguage): string[] {
  // Marks stay, as in a prompt's stems ("b&b", "yes/no").
  return words(phrase).map((t) => (t.kind === "word" ? stem(t.text, language) : t.norm));
}
