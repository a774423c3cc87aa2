// A verb that both sorts and orders by one stem (Italian "ordinare": "ordinati per data" are sorted, "i
// clienti ordinano frutta" order it) orders what it governs unless a word of "by" or of a sort's direction
// follows it: the cue of a sort whose stem an order's one-word cue shares, with no `sortedBy` word, no
// `sortOrder` word and no word of the first place (`ranked.first`) within a few words after it, and a content
// word right after it (its object), asks no sort ("ogni tavolo ordina caffè e cornetti"). (Nor an order of
// its own: what is ordered is not the records, and the order's own noun asks for them.)
import { type CueMatch, CUES, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

const SORTING = phrasesPerLanguage((lex) => [
  ...lex.sortedBy,
  ...lex.sortOrder.ascending,
  ...lex.sortOrder.descending,
  ...lex.ranked.first,
]);
/** How many words after the verb a word of "by" or of direction still sorts ("ordina le spese per data"). */
const REACH = 4;

export function ordersRatherThanSorts(
  tokens: readonly Token[],
  stems: readonly string[],
  m: CueMatch,
  language: UiLanguage,
): boolean {
  if (m.key !== "sort" || m.to - m.from !== 1) return false;
  const shared = (CUES[language].asks.get(stems[m.from]) ?? []).some((c) =>
    c.key === "order" && c.stems.length === 1
  );
  if (!shared) return false;
  const next = tokens[m.to];
  if (next?.kind !== "word" || CUES[language].stop.has(next.norm)) return false;
  for (let i = m.to; i < Math.min(tokens.length, m.to + REACH) && tokens[i].kind === "word"; i++) {
    if (SORTING[language].some((p) => p.every((w, k) => tokens[i + k]?.norm === w))) return false;
  }
  return true;
}
