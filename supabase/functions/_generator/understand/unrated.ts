// A rating's cue that is no score of each record: a price ("our hourly rate is $150", "dollars using rates I
// type in", "valor en €": a money amount or a currency within a few words, no mark between) or stars given as
// a reward ("stelline quando li finisce", "a star when she gets it right", "when someone gets 20 stars": a word
// of when right after them, or a count above a scale's top before them), which a board of points keeps.
import { perLanguage } from "./lexicon.ts";
import { measureOf } from "./quantities.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

const WHENEVER = perLanguage((lex) => lex.whenever);
/** The most words between a rating's cue and the money that makes it a price. */
const NEAR = 3;
/** The top of a scale: more stars than that are counted, not given as a score. */
const TOP = 10;

/** Whether the rating's cue words from `from` to `to` are a price or a reward rather than a score. */
export function unrated(
  tokens: readonly Token[],
  span: { from: number; to: number },
  language: UiLanguage,
): boolean {
  const money = (k: number) => {
    const t = tokens[k];
    if (!t) return false;
    const m = t.kind === "word" || t.kind === "mark" ? measureOf(t.norm) : undefined;
    return (m !== undefined && "currency" in m) || /^[$€£¥]/.test(t.text);
  };
  for (let step = -1; step <= 1; step += 2) {
    for (let k = step < 0 ? span.from - 1 : span.to, n = 0; n < NEAR && tokens[k]; k += step, n++) {
      if (money(k)) return true;
      if (tokens[k].kind === "mark" && !money(k)) break;
    }
  }
  for (let k = span.from; k < span.to; k++) {
    if (tokens[k].kind !== "word") continue;
    if (WHENEVER[language].has(tokens[k + 1]?.norm ?? "")) return true;
    if (tokens[k - 1]?.kind === "number" && Number(tokens[k - 1].text) > TOP) return true;
  }
  return false;
}
