// A period right after a number of things ("I visit 6 to 10 shops a day", "more than 4 times in a day",
// "faccio 3 turni a settimana", "je garde 3 enfants par jour", "tengo 2 clases por semana", "ich mache 5
// Besuche pro Woche") tells how often they happen, or sets their number a period: no figure over the period,
// which a word of computing or a question asks where one is wanted ("the total per week"). Where the prompt asks
// what is left (the lexicon's `remaining`), that number a period is the whole counted down ("días de vacaciones
// que me quedan, tengo 23 al año"), whose figure over the period stays.
import type { UiLanguage } from "./language.ts";
import { perLanguage } from "./lexicon.ts";
import type { Token } from "./text.ts";

const REMAINING = perLanguage((lex) => lex.remaining);

/** How many words before a period may stand between it and the number ("6 to 10 shops in a"). */
const REACH = 3;

/** Whether the words right before token `from`, with no mark among them, hold a number written in digits, in a
 * prompt that asks nothing of what is left. */
export function numberedBefore(tokens: readonly Token[], from: number, language: UiLanguage): boolean {
  if (tokens.some((t) => REMAINING[language].has(t.norm))) return false;
  for (let k = from - 1; k >= Math.max(0, from - REACH); k--) {
    if (tokens[k].kind === "mark") return false;
    if (tokens[k].kind === "number") return true;
  }
  return false;
}
