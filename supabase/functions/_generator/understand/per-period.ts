// An amount of an activity per period ("drink 8 glasses of water a day", "bere 8 bicchieri d'acqua al
// giorno", "3 km di corsa a settimana", "jeden Tag 30 Minuten lesen", "practice guitar 20 minutes every
// day") is a target to keep to over that period: a goal of that amount, kept as records of the thing
// measured. The amount is a measure, a duration or a number with the noun it counts ("50 flessioni", "3
// séances"); the period is said after it across the thing's words ("of water", "d'acqua", "de agua",
// "Wasser") or right before it ("every day 20 minutes", "jeden Tag 30 Minuten"), as a period ("a day", "par
// semaine") or a recurrence once a period ("every day", "daily", "ogni giorno"). A question of how many
// ("how many glasses I drink a day") asks for a count, no target; money over a period is a budget, and a
// share no amount.

import type { UiLanguage } from "./language.ts";
import { OF_WORDS, perLanguage, phraseAt, phrasesPerLanguage } from "./lexicon.ts";
import { oncePer, type Quantity } from "./quantities.ts";
import type { Token } from "./text.ts";

const HOW_MANY = phrasesPerLanguage((lex) => lex.howMany);
const DOING = perLanguage((lex) => lex.doing);
/** How many words of the thing measured may stand between the amount and its period ("of fresh water"). */
const THING_WORDS = 3;

interface Span {
  from: number;
  to: number;
}

/** The period a quantity says an amount is per: a period, or a recurrence once a period. */
export function periodOf(q: Quantity): string | undefined {
  return q.kind === "period" ? q.period : oncePer(q);
}

/** A target per period: the period's quantity, and the noun its amount counts, where it counts things ("20
 * pages", "10000 pasos", "50 flessioni"): the records' thing, rather than the verb of doing it ("read"). */
export interface PerPeriod {
  period: Quantity;
  thing?: Span;
}

/** The amounts of a clause that are targets per period, given each quantity's words and which words are
 * content. */
export function targetsPerPeriod(
  tokens: readonly Token[],
  placed: { q: Quantity; span: Span }[],
  content: (i: number) => boolean,
  language: UiLanguage,
): Map<Quantity, PerPeriod> {
  const out = new Map<Quantity, PerPeriod>();
  // (Where a question of how many comes first, its noun is counted: "how many glasses I drink a day".)
  const question = tokens.findIndex((_, i) => HOW_MANY[language].some((p) => phraseAt(tokens, i, p)));
  // (Words of the thing: content words and the "of" that joins them, nothing of a verb or a mark.)
  const ofThing = (i: number) => content(i) || OF_WORDS[language].has(tokens[i]?.norm ?? "");
  for (const [k, { q, span }] of placed.entries()) {
    // (A number counts the things of an activity where a verb of doing governs it, before the number or, in
    // German, last: "do 50 push-ups", "50 Liegestütze am Tag machen"; not a dose, "1 pill a day", nor a
    // capacity, "for 8 dogs a day".)
    const doing = (i: number) => DOING[language].has(tokens[i]?.norm ?? "");
    const counted = q.kind === "number" && q.value >= 1 && content(span.to) &&
      (doing(span.from - 1) || doing(tokens.length - 1));
    const amount = (q.kind === "measure" && q.dimension !== "ratio") || q.kind === "duration" || counted;
    if (!amount || span.to <= span.from || (question >= 0 && question < span.from)) continue;
    const thing = counted
      ? { from: span.to, to: span.to + 1 }
      // (The unit word of a count is a noun, whatever else it spells: "8000 pas".)
      : q.kind === "measure" && q.dimension === "count" && tokens[span.to - 1].kind === "word"
      ? { from: span.to - 1, to: span.to }
      : undefined;
    const after = placed[k + 1];
    if (after && periodOf(after.q)) {
      let gap = span.to + (counted ? 1 : 0);
      while (gap < after.span.from && gap - span.to < THING_WORDS + 1 && ofThing(gap)) gap++;
      if (gap === after.span.from) {
        out.set(q, { period: after.q, thing });
        continue;
      }
    }
    const before = placed[k - 1];
    if (before && periodOf(before.q) && before.span.to === span.from) {
      out.set(q, { period: before.q, thing });
    }
  }
  return out;
}
