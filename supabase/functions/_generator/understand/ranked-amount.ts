// A ranking of who or what did most of an amount ("qui a couru le plus de km", "who drove the most miles",
// "chi ha speso più euro", "quién ha hecho más horas", "wer ist am meisten km gelaufen") ranks the total of
// that amount per person or thing, not how many records each has: the unit, currency or word of hours right
// after the word of most (the lexicon's `superlative.most`), across "of" words and determiners, is what the
// ranking adds up.
import { amountNamed, type Ask } from "./asks.ts";
import type { UiLanguage } from "./language.ts";
import { OF_WORDS, perLanguage } from "./lexicon.ts";
import { words } from "./text.ts";

const MOST = perLanguage((lex) => lex.superlative.most, (w) => w.toLowerCase());
const LINKS = perLanguage((lex) => [...lex.articles, ...lex.determiners]);

/** Gives each ranking that computes nothing the total of the amount its word of most names. */
export function rankedAmounts(prompt: string, language: UiLanguage, asks: Ask[]): void {
  for (const a of asks.filter((a) => a.type === "aggregate" && a.ranked && !a.computes && !a.amount)) {
    const tokens = words(prompt.slice(a.start));
    const at = tokens.findIndex((t) => MOST[language].has(t.text.toLowerCase()));
    if (at < 0 || a.start + tokens[at].start >= a.end) continue;
    let k = at + 1;
    while (
      tokens[k] && (OF_WORDS[language].has(tokens[k].norm) || LINKS[language].has(tokens[k].norm))
    ) k++;
    const amount = tokens[k]?.kind === "word" ? amountNamed(tokens[k], language) : undefined;
    if (!amount) continue;
    a.computes = "total";
    a.amount = amount;
  }
}
