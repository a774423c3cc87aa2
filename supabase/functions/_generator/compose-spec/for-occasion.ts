// Records said to be for an occasion a concept names ("charades for family game night", "a list of snacks
// for movie night", "lista de juegos para la fiesta de cumpleaños"): the concept names what the records
// serve, not what they are, so the records are the prompt's own noun's, with no concept's samples (a game
// night's records are games played, a party's its tasks: neither is a charade or a snack). Only where the
// concept's words stand nowhere else in the prompt, after a word of purpose right after the records' noun,
// in the same clause, and the noun is no word any app says ("a tracker for my runs" keeps runs).
import type { Ask } from "../understand/index.ts";
import type { Language } from "../template/src/types.ts";
import { PURPOSE } from "../understand/aside.ts";
import { words } from "../understand/text.ts";
import { fold } from "./entities.ts";
import { isCue } from "./head.ts";

/** Whether `said`, the words that named the prompt's best concept, name only what `ask`'s records are for. */
export function forOccasion(prompt: string, ask: Ask, said: string[], language: Language): boolean {
  const at = ask.subject ? ask.quote.indexOf(ask.subject) : -1;
  if (at < 0 || !said.length || words(ask.subject!).some((t) => isCue(t.text, language))) return false;
  const end = ask.start + at + ask.subject!.length;
  const next = words(prompt).find((t) => t.start >= end);
  if (next === undefined || !PURPOSE[language].has(next.norm)) return false;
  const clause = fold(prompt.slice(next.end).split(/[.,;:!?\n(]/)[0]);
  const before = fold(prompt.slice(0, next.start));
  const after = fold(prompt.slice(next.end));
  return said.map(fold).every((w) =>
    clause.includes(w) && !before.includes(w) && after.indexOf(w) === after.lastIndexOf(w)
  );
}
