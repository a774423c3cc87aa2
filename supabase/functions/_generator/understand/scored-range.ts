// A field named with a small range of its own, outside brackets ("how it felt from 1 to 5", "heat level 1 to
// 10", "ressenti de 1 à 5", "dolore da 0 a 10", "Schmerz von 0 bis 10"), is a score on that scale: the range is
// what its records are rated by, not a number or a name. (Brackets, "level (1-5)", are typed with the field's
// other brackets.) The range is read as the clause's quantities read it: a word of "from", if any, a number of
// 0 or 1, a word of "to" or a dash and a number up to 10, with no unit after it.
import { quantities } from "./quantities.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

/** The most a score's scale goes up to, and the least: "1 to 2" is no scale. */
const TOP = 10;
const LEAST_TOP = 3;

/** The small range a field's own words state, outside brackets, if any, and the index of its first word in
 * them ("from" of "how it felt from 1 to 5"). */
export function scoredRange(
  head: readonly Token[],
  language: UiLanguage,
): { range: [number, number]; at: number } | undefined {
  if (!head.some((t) => t.kind === "number")) return undefined;
  // (Rebuilt with the spacing the prompt had, as the quantities reader reads a prompt.)
  let text = "";
  const starts: number[] = [];
  head.forEach((t, k) => {
    text += k > 0 && t.start > head[k - 1].end ? " " : "";
    starts.push(text.length);
    text += t.text;
  });
  const q = quantities(text, language).find((q) => q.kind === "range");
  if (!q || q.kind !== "range" || q.unit || q.from > 1 || q.to < LEAST_TOP || q.to > TOP) return undefined;
  const at = starts.findIndex((s) => s >= q.start);
  return at < 0 ? undefined : { range: [q.from, q.to], at };
}
