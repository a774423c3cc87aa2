// A figure that names nothing it adds up, asked of records a word of hours or minutes names ("apuntar las horas
// que dedico a cada proyecto y ver el total por proyecto", "segno le ore di straordinario e voglio il totale al
// mese", "log my hours … the total per client"), adds up their time: a duration, not a count of the records nor
// a bare number. The records are named by the log's subject, in any clause of the prompt; the word is one of the
// lexicon's `timeUnits` of hours, minutes or seconds that no field of a time of day is written as.
import type { Ask } from "./asks.ts";
import { CLOCK_UNITS } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { words } from "./text.ts";

/** Gives each total or average that names no amount the duration of the records a log's first word of time
 * names. */
export function clockedFigures(language: UiLanguage, asks: Ask[]): void {
  const head = asks.filter((a) => a.type === "log" && a.subject).map((a) => words(a.subject!)[0])
    .find((t) => t?.kind === "word" && CLOCK_UNITS[language].has(t.norm));
  if (!head) return;
  for (const a of asks) {
    const adds = a.computes === "total" || a.computes === "average";
    if (a.type === "aggregate" && adds && !a.amount && !a.ranked && !a.remaining) {
      a.amount = { name: head.text, type: "duration" };
    }
  }
}
