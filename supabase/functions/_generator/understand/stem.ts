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

const memo = new Map<string, string>();
/** Bounds the memo: prompts bring new words without end. */
const MEMO_LIMIT = 50_000;

/** A word's stem in a language, computed once: the one memo of the UI languages' stems and the others'. */
export function memoizedStem(word: string, language: string, compute: () => string): string {
  const key = `${language}:${word}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const result = compute();
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, result);
  return result;
}

export function stem(word: string, language: UiLanguage): string {
  return memoizedStem(word, language, () => {
    // Folded before stemming, so a word typed without its accent ("quien", "categorias") meets the same stem.
    // Short words and numbers stay as they are: stemming "ml" or "am" only makes them collide.
    const folded = fold(word);
    return folded.length <= 3 ? folded : snowballStemmer(ALGORITHM[language]).stem(folded);
  });
}

/** The stems of a phrase, word by word. */
export function stemPhrase(phrase: string, language: UiLanguage): string[] {
  // Marks stay, as in a prompt's stems ("b&b", "yes/no").
  return words(phrase).map((t) => (t.kind === "word" ? stem(t.text, language) : t.norm));
}
