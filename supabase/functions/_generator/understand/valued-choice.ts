// Values listed each with its own amount ("small $12, medium $20, large $32", "verde 2 min, nero 4 min",
// "weich 5 min oder hart 10 min"): the values are the options of one choice, what each record or run picks,
// while the amounts stay with the catalog or timer that reads them.
import type { Token } from "./text.ts";

type Span = { from: number; to: number };

/** The words a value holds at most ("thin crust", "pasados por agua"). */
const VALUE_WORDS = 3;

/**
 * Each list of two different values or more, each of one to three words right before an amount (a price, a
 * duration, a measure), the values apart by a comma or a joining "and"/"or", most with a content word. The first value is no longer
 * than the longest other one, so the words before the list ("pizza timer, thin crust 8 min") stay out.
 */
export function valuedChoices(
  tokens: readonly Token[],
  amounts: Span[],
  value: (i: number) => boolean,
  content: (i: number) => boolean,
  joins: (i: number) => boolean,
): { span: Span; options: string[] }[] {
  const amountAt = new Map(amounts.filter((a) => a.to > a.from).map((a) => [a.from, a]));
  const out: { span: Span; options: string[] }[] = [];
  // Each value and where its amount ends.
  let items: { value: Span; end: number }[] = [];
  const close = () => {
    const rest = items.slice(1).map((item) => item.value.to - item.value.from);
    const first = items[0]?.value;
    if (first && first.to - first.from > Math.max(...rest)) first.from = first.to - Math.max(...rest);
    const options = items.map(({ value }) => tokens.slice(value.from, value.to).map((t) => t.text).join(" "));
    // (Most values hold a content word, a size word alone may not: "small $12, medium $20, large $32"; not
    // "budget 300 €, then 200 €".)
    const named = items.filter(({ value }) => range(value.from, value.to).some(content)).length;
    if (
      options.length >= 2 && new Set(options.map((o) => o.toLowerCase())).size === options.length &&
      named * 2 > options.length
    ) {
      out.push({ span: { from: first!.from, to: items.at(-1)!.end }, options });
    }
    items = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const amount = amountAt.get(i);
    if (!amount) continue;
    let from = i;
    while (from > 0 && i - from < VALUE_WORDS && value(from - 1)) from--;
    // A value goes on from the last one's amount across a comma or a joiner only.
    const after = items.at(-1)?.end ?? from;
    const follows = from > after && from - after <= 2 &&
      range(after, from).every((k) => tokens[k].norm === "," || joins(k));
    if (!follows || from === i) close();
    if (from < i) items.push({ value: { from, to: i }, end: amount.to });
    i = amount.to - 1;
  }
  close();
  return out;
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

/**
 * Amounts of one kind offered as alternatives, each right after the last across a comma or an "or" only, with
 * an "or" among them or all within brackets ("weekly or every 2 weeks", "(every week, every month, every 3
 * months)", "30, 45 o 60 min"): a choice of the amounts as written.
 */
export function alternativeAmounts(
  tokens: readonly Token[],
  amounts: (Span & { kind: string })[],
  or: (i: number) => boolean,
): { span: Span; options: string[]; kind: string }[] {
  // How many brackets are open after each token.
  const depth: number[] = [];
  for (const t of tokens) depth.push((depth.at(-1) ?? 0) + (t.norm === "(" ? 1 : t.norm === ")" ? -1 : 0));
  const out: { span: Span; options: string[]; kind: string }[] = [];
  let run: (Span & { kind: string })[] = [];
  const close = () => {
    const joined = run.slice(1).some((s, k) => range(run[k].to, s.from).some(or));
    const bracketed = run.length > 0 && depth[run[0].from - 1] > 0 &&
      tokens[run.at(-1)!.to]?.norm === ")";
    if (run.length >= 2 && (joined || bracketed)) {
      out.push({
        span: { from: run[0].from, to: run.at(-1)!.to },
        options: run.map((s) => tokens.slice(s.from, s.to).map((t) => t.text).join(" ")),
        kind: run[0].kind,
      });
    }
    run = [];
  };
  for (const amount of [...amounts].filter((a) => a.to > a.from).sort((a, b) => a.from - b.from)) {
    const last = run.at(-1);
    const between = last ? range(last.to, amount.from) : [];
    const follows = last !== undefined && last.kind === amount.kind && between.length > 0 &&
      between.length <= 2 && between.every((k) => tokens[k].norm === "," || or(k));
    if (!follows) close();
    run.push(amount);
  }
  close();
  return out;
}
