// States records are marked as, more than one offered ("mark each as shipped, delivered or returned",
// "segnarli come letto, in lettura o da leggere", "marquer comme payée, en attente ou annulée", "marcarlos
// como pendiente, enviado o entregado", "als offen, bezahlt oder storniert markieren"): a verb of marking, its
// "as" a few words after it (in German before it), then two values or more of one to three words each, apart
// by commas, the last after an "or", to the end of the phrase. They are one choice of those states, named by
// the lexicon's `whether.state` ("status"), not a tick of the first and a choice of the last two. One state
// ("mark it as paid"), a state and its negation ("as paid or unpaid") and a state or not stay a tick; states
// "and" joins ("mark as done and paid") are ticks each.
import type { Token } from "./text.ts";

type Span = { from: number; to: number };

/** The words a state holds at most ("waiting for parts", "da leggere"). */
const STATE_WORDS = 3;
/** How many words a verb of marking and its "as" are apart at most ("mark each job as", "als … markieren"). */
const AS_WORDS = 4;

export interface MarkedStates {
  /** From the verb of marking (in German from "as") to the last state. */
  span: Span;
  /** Where the states are. */
  states: Span;
  options: string[];
}

/**
 * The states offered after each verb of marking and its "as". `marks` says whether a word is a verb of
 * marking, `as` whether it is "as", `or` and `and` whether it joins alternatives or things, `ends` whether a
 * word ends a phrase ("when"), `yesNo` whether it is a word of a yes/no pair; `verbLast` is German order.
 */
export function markedStates(
  tokens: readonly Token[],
  is: {
    marks: (i: number) => boolean;
    as: (i: number) => boolean;
    or: (i: number) => boolean;
    and: (i: number) => boolean;
    ends: (i: number) => boolean;
    yesNo: (i: number) => boolean;
    /** Whether the word at i and the one "or" joins it to are a state and its negation ("paid or unpaid"). */
    negated: (i: number) => boolean;
  },
  verbLast: boolean,
): MarkedStates[] {
  const out: MarkedStates[] = [];
  const word = (k: number) => tokens[k]?.kind === "word";
  for (let i = 0; i < tokens.length; i++) {
    if (!is.marks(i)) continue;
    let as: number | undefined;
    // (In German the states come between "as" and the verb: back across them and their commas.)
    const most = verbLast ? AS_WORDS + STATE_WORDS * 3 : AS_WORDS;
    for (let n = 1; n <= most && as === undefined; n++) {
      const k = verbLast ? i - n : i + n;
      if (!word(k) && !(verbLast && tokens[k]?.norm === ",")) break;
      if (is.as(k)) as = k;
    }
    if (as === undefined) continue;
    const found = states(tokens, as + 1, verbLast ? i : tokens.length, is);
    // (A state and its negation are a tick: "mark as paid or unpaid", "als bezahlt oder unbezahlt".)
    if (!found || (found.options.length === 2 && is.negated(found.first))) continue;
    // (In German the states end right before the verb: "als offen, bezahlt oder storniert markieren".)
    if (verbLast && found.states.to !== i) continue;
    out.push({
      span: verbLast ? { from: as, to: i + 1 } : { from: i, to: found.states.to },
      states: found.states,
      options: found.options,
    });
  }
  return out;
}

/** Two states or more from `from`: values of a few words, apart by commas, an "or" before the last, which
 * ends the phrase (a mark, an "and", a word that ends a phrase, `to`). */
function states(
  tokens: readonly Token[],
  from: number,
  to: number,
  is: {
    or: (i: number) => boolean;
    and: (i: number) => boolean;
    ends: (i: number) => boolean;
    yesNo: (i: number) => boolean;
  },
): { first: number; states: Span; options: string[] } | undefined {
  const values: Span[] = [];
  let start = from;
  let last = false;
  let k = from;
  for (; k <= to; k++) {
    const t = tokens[k];
    const ends = k === to || !t || (t.kind !== "word" && t.norm !== ",") || is.and(k) || is.ends(k) ||
      t.kind === "number";
    const joins = !ends && (t.norm === "," || is.or(k));
    if (!ends && !joins) continue;
    if (k === start) return undefined;
    values.push({ from: start, to: k });
    if (ends || last) break;
    // (A comma then "or": "shipped, delivered, or returned".)
    if (t.norm === "," && is.or(k + 1)) k++;
    last = is.or(k);
    start = k + 1;
  }
  if (!last || values.length < 2) return undefined;
  const lastValue = values.at(-1)!;
  // (The last state ends the phrase: "… or returned, and note if it's fragile"; not "paid by cash or card".)
  const after = lastValue.to;
  const closes = after >= to || tokens[after]?.kind !== "word" || is.and(after) || is.ends(after);
  if (!closes) return undefined;
  if (values.some((v) => v.to - v.from > STATE_WORDS)) return undefined;
  if (values.some((v) => range(v).some((j) => is.yesNo(j)))) return undefined;
  return {
    first: values[0].to - 1,
    states: { from: values[0].from, to: lastValue.to },
    options: values.map((v) => tokens.slice(v.from, v.to).map((t) => t.text).join(" ")),
  };
}

const range = (s: Span) => Array.from({ length: Math.max(0, s.to - s.from) }, (_, k) => s.from + k);
