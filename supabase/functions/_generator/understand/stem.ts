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

const stemmers = new Map<UiLanguage, Stemmer>();
const memo = new Map<string, string>();
/** Bounds the memo: prompts bring new words without end. */
const MEMO_LIMIT = 50_000;

export function stem(word: string, language: UiLanguage): string {
  const key = `${language}:${word}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  let stemmer = stemmers.get(language);
  if (!stemmer) {
    stemmer = snowball.newStemmer(ALGORITHM[language]) as Stemmer;
    stemmers.set(language, stemmer);
  }
  // Folded before stemming, so a word typed without its accent ("quien", "categorias") meets the same stem.
  // Short words and numbers stay as they are: stemming "ml" or "am" only makes them collide.
  const folded = fold(word);
  const result = folded.length <= 3 ? folded : stemmer.stem(folded);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, result);
  return result;
}

/** The stems of a phrase, word by word. */
export function stemPhrase(phrase: string, language: UiLanguage): string[] {
  // Marks stay, as in a prompt's stems ("b&b", "yes/no").
  return words(phrase).map((t) => (t.kind === "word" ? stem(t.text, language) : t.norm));
}
