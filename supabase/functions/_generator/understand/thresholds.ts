// Amounts that mark a goal where no word of a limit or an aim says so, read by the sentence's shape:
// - a verb of warning with a word of above before an amount over a period ("Warn me over 400 mg a day",
//   "avvisami oltre 5 caffè al giorno", "préviens-moi au-dessus de 2 heures par jour", "avísame por encima de
//   50 € a la semana", "warne mich über 400 mg am Tag") is a limit of that amount over the period: a goal
//   whose progress warns, as "no more than" makes one;
// - a word of reaching right before a number of the things each record earns, named before it ("earns a
//   star… when someone gets 20 stars", "app con stelline… a 20 stelline le compro un libro", "bei 20 Sternen
//   gibt es ein Eis"), in a clause it opens or a "when" opens, is a target: a goal counting the records;
// - a budget's noun right before a sum of money, across function words, where the clause's other ask took
//   the sum ("eine Einkaufsliste mit Preisen (Budget 150 €)", "a packing list, budget of $400"), is a limit
//   of that sum, over the period after it if one follows.
// The words are the lexicon's (`thresholds`, `flagging.above`, `whenever`, `whether.if`, `budget`).
import type { Ask } from "./asks.ts";
import { LEXICONS, perLanguage, phraseAt, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Quantity } from "./quantities.ts";
import { stem } from "./stem.ts";
import { type Token, words } from "./text.ts";

const WARN = perLanguage((lex) => lex.thresholds.warn);
const ABOVE = phrasesPerLanguage((lex) => lex.flagging.above);
const REACH = phrasesPerLanguage((lex) => lex.thresholds.reach);
const WHEN = perLanguage((lex) => [...lex.whenever, ...lex.whether.if]);
const BUDGET = perLanguage((lex) => lex.budget);
/** How many function words may stand between a budget's noun and its sum ("budget of", "Budget von"). */
const BUDGET_GAP = 2;

/** The amounts a limit or a target is stated in. */
const AMOUNTS = new Set<Quantity["kind"]>(["number", "measure", "money", "duration"]);
/** How many tokens after the amount its period may start ("400 mg a day": the unit between). */
const PERIOD_AFTER = 3;
/** How many words before the word of reaching a "when" may stand ("when someone gets 20 stars"). */
const WHEN_WORDS = 3;

/** Where the sentence of token `i` ends: the next full stop, question or exclamation mark. */
function sentenceEnd(tokens: readonly Token[], i: number): number {
  let k = i;
  while (k < tokens.length && !(tokens[k].kind === "mark" && /[.!?;]/.test(tokens[k].text))) k++;
  return k;
}

/** The token a quantity starts at, if one does. */
const tokenAt = (tokens: readonly Token[], q: Quantity) => tokens.findIndex((t) => t.start === q.start);

/** Whether a goal already holds this amount. */
const held = (asks: Ask[], q: Quantity) =>
  asks.some((a) => a.type === "goal" && a.quantities.some((x) => x.start === q.start));

/** A verb of warning with a word of above before an amount over a period: a limit of it. */
function warnedLimits(prompt: string, language: UiLanguage, asks: Ask[], all: Quantity[]): Ask[] {
  const tokens = words(prompt);
  const out: Ask[] = [];
  for (const [i, t] of tokens.entries()) {
    if (t.kind !== "word" || !WARN[language].has(t.norm)) continue;
    const end = sentenceEnd(tokens, i);
    for (let j = i + 1; j < end; j++) {
      const above = ABOVE[language].find((p) => phraseAt(tokens, j, p));
      if (!above) continue;
      const k = j + above.length;
      const amount = all.find((q) => AMOUNTS.has(q.kind) && tokenAt(tokens, q) === k);
      if (!amount) continue;
      // (A goal read otherwise over the same amount is that limit: "warn me over 400 mg a day".)
      const holding = [...asks, ...out].find((a) =>
        a.type === "goal" && a.quantities.some((x) => x.start === amount.start)
      );
      if (holding) {
        holding.limit = true;
        break;
      }
      const period = all.find((q) => {
        const p = tokenAt(tokens, q);
        return q.kind === "period" && p > k && p - k <= PERIOD_AFTER && p < end;
      });
      if (!period) continue;
      out.push({
        type: "goal",
        quote: prompt.slice(tokens[j].start, period.end),
        start: tokens[j].start,
        end: period.end,
        fields: [],
        quantities: [amount, period],
        limit: true,
      });
      break;
    }
  }
  return out;
}

/** A word of reaching before a number of the things each record earns, named before it: a target of that
 * many. */
function reachedTargets(prompt: string, language: UiLanguage, asks: Ask[], all: Quantity[]): Ask[] {
  const tokens = words(prompt);
  const out: Ask[] = [];
  const stop = LEXICONS[language].stop;
  for (const q of all) {
    if (q.kind !== "number" || q.value < 2 || held([...asks, ...out], q)) continue;
    const k = tokenAt(tokens, q);
    const noun = tokens[k + 1];
    if (k < 1 || noun?.kind !== "word" || stop.includes(noun.norm)) continue;
    // (The noun is no quantity's: "a 20 anni", "at 8 pm" are times.)
    if (all.some((x) => x !== q && x.start <= noun.start && noun.end <= x.end)) continue;
    const reach = REACH[language].find((p) => p.length <= k && phraseAt(tokens, k - p.length, p));
    if (!reach) continue;
    const r = k - reach.length;
    // The word of reaching opens the clause, or a "when" does a few words before it.
    const opens = r === 0 || tokens[r - 1].kind === "mark";
    let w = r - 1;
    while (
      w >= 0 && r - w <= WHEN_WORDS && tokens[w].kind === "word" && !WHEN[language].has(tokens[w].norm)
    ) w--;
    const when = w >= 0 && r - w <= WHEN_WORDS && tokens[w].kind === "word";
    if (!opens && !when) continue;
    // What is counted is earned by each record, named before the target.
    const earned = stem(noun.text, language);
    if (!tokens.slice(0, r).some((t) => t.kind === "word" && stem(t.text, language) === earned)) continue;
    out.push({
      type: "goal",
      quote: prompt.slice(tokens[r].start, noun.end),
      start: tokens[r].start,
      end: noun.end,
      fields: [],
      quantities: [q],
      counts: noun.text,
    });
  }
  return out;
}

/** A budget's noun right before a sum no goal holds: a limit of it. */
function budgetLimits(prompt: string, language: UiLanguage, asks: Ask[], all: Quantity[]): Ask[] {
  const tokens = words(prompt);
  const out: Ask[] = [];
  const stop = LEXICONS[language].stop;
  // (German writes the budget's noun as a compound's end: "Monatsbudget", "Urlaubsbudget".)
  const budget = (norm: string) =>
    BUDGET[language].has(norm) || (language === "de" && [...BUDGET.de].some((b) => norm.endsWith(b)));
  for (const [i, t] of tokens.entries()) {
    if (t.kind !== "word" || !budget(t.norm)) continue;
    let k = i + 1;
    while (
      k < tokens.length && k - i - 1 < BUDGET_GAP && tokens[k].kind === "word" &&
      stop.includes(tokens[k].norm)
    ) {
      k++;
    }
    const money = all.find((q) => q.kind === "money" && tokenAt(tokens, q) === k);
    if (!money || held([...asks, ...out], money)) continue;
    const end = sentenceEnd(tokens, k);
    const period = all.find((q) => {
      const p = tokenAt(tokens, q);
      return q.kind === "period" && q.start >= money.end && p - k <= PERIOD_AFTER && p < end;
    });
    const to = period?.end ?? money.end;
    // (The sum is spent on the records whose ask holds it: "Einkaufsliste mit Preisen (Budget 150 €)".)
    const within = asks.find((a) =>
      (a.type === "list" || a.type === "log") && a.subject && a.start <= t.start && money.end <= a.end
    );
    out.push({
      type: "goal",
      quote: prompt.slice(t.start, to),
      start: t.start,
      end: to,
      fields: [],
      quantities: period ? [money, period] : [money],
      limit: true,
      ...within ? { counts: within.subject } : {},
    });
  }
  return out;
}

/** The prompt's asks with the goals its warnings and its targets of things earned state. */
export function thresholdAsks(prompt: string, language: UiLanguage, asks: Ask[], all: Quantity[]): Ask[] {
  const limits = warnedLimits(prompt, language, asks, all);
  const targets = reachedTargets(prompt, language, [...asks, ...limits], all);
  const budgets = budgetLimits(prompt, language, [...asks, ...limits, ...targets], all);
  return [...asks, ...limits, ...targets, ...budgets];
}
