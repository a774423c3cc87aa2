// Figures a prompt states as facts rather than names by a word of computing, which an app still works out:
// a rate per hour stated by its noun ("our hourly rate is $40", "stundensatz ist 58 € netto") is paid for the
// records' hours; a part of a price paid first ("a 25% deposit", "acconto del 30%") is that share of the
// records' price, and what is left to pay after it ("reste à payer après l'acompte") the rest; sums kept in
// one currency and seen in another ("los pago en zlotys pero quiero verlos en euros", "converted to dollars")
// ask for a converter. Each is a rule over the lexicon's `workedFigures` words, in every language.
import type { UiLanguage } from "./language.ts";
import { measureOf, type Quantity } from "./quantities.ts";
import { LEXICONS, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import { stem } from "./stem.ts";
import { sentenceTokens, words } from "./text.ts";
import type { Ask } from "./asks.ts";
import UNITS from "./units.json" with { type: "json" };

const RATE = phrasesPerLanguage((lex) => lex.workedFigures.hourlyRate);
const SHARE = phrasesPerLanguage((lex) => lex.workedFigures.share);
const AFTER = phrasesPerLanguage((lex) => lex.workedFigures.after);
const INTO = phrasesPerLanguage((lex) => lex.workedFigures.into);

const within = (a: { start: number; end: number }, start: number, end: number) =>
  a.start >= start && a.end <= end;

/** A calculator ask of the prompt's words from `start` to `end`. */
function calculatorAsk(prompt: string, start: number, end: number, worked: Ask["worked"]): Ask {
  return {
    type: "calculator",
    quote: prompt.slice(start, end),
    start,
    end,
    fields: [],
    quantities: [],
    worked,
  };
}

/**
 * A rate per hour named by its noun with an amount of money right after it, or right before ("hourly rate is
 * $40", "taux horaire est de 35 € net", "Stundensatz 25 €", "58 € Stundensatz"), with no rate the amount
 * itself states ("$35 an hour" is `worked-out.ts`'s): the records' hours times the rate. The sentence's
 * calculator ask is this figure; the asks the rate's own words were read as ("rate" a rating, "hourly" a
 * reminder, "horaire" a timetable) are none.
 */
export function statedRateAsks(
  prompt: string,
  language: UiLanguage,
  asks: Ask[],
  quantities: Quantity[],
): Ask[] {
  const hour = LEXICON_HOUR[language];
  for (const tokens of sentenceTokens(prompt)) {
    for (let i = 0; i < tokens.length; i++) {
      const phrase = phraseFrom(tokens, i, RATE[language]);
      if (!phrase) continue;
      const [from, to] = [tokens[i], tokens[i + phrase.length - 1]];
      const next = tokens.slice(i + phrase.length, i + phrase.length + 5);
      const stop = next.findIndex((t) => t.kind === "mark" && /^[,;:()]$/.test(t.text));
      const reach = (stop >= 0 ? next.slice(0, stop) : next).at(-1)?.end ?? to.end;
      const money = quantities.find((q) =>
        q.kind === "money" && !q.per && ((q.start >= to.end && q.start <= reach) ||
          (q.end <= from.start && prompt.slice(q.end, from.start).trim() === ""))
      );
      if (money?.kind !== "money") continue;
      const [start, end] = [Math.min(from.start, money.start), Math.max(to.end, money.end)];
      const worked = { op: "product" as const, of: [hour, money.value], label: "" };
      // (The amount is a rate, as "$35 an hour" states one: paid per hour.)
      money.per = hour;
      const inSentence = (a: Ask) => within(a, tokens[0].start, tokens.at(-1)!.end);
      const calculator = asks.find((a) => a.type === "calculator" && inSentence(a) && !a.worked);
      // (The rate's own words ask nothing else: "rate" is no rating, "hourly" no reminder, "taux" no total.)
      asks = asks.filter((a) => a.type === "log" || a.type === "list" || !within(a, start, end));
      if (calculator && asks.includes(calculator)) calculator.worked = worked;
      else asks = [...asks, { ...calculatorAsk(prompt, start, end, worked), quantities: [money] }];
      break;
    }
  }
  return asks;
}

const LEXICON_HOUR = Object.fromEntries(
  Object.entries(phrasesPerLanguage((lex) => lex.workedFigures.hour)).map(([l, p]) => [l, p[0].join(" ")]),
) as Record<UiLanguage, string>;

const REST = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, lex.workedFigures.rest[0]]),
) as Record<UiLanguage, string>;

/**
 * A part of a price paid first, named by its noun beside a percentage ("a 25% deposit", "acconto del 30%",
 * "acompte de 30 %", "una señal del 20%", "30 % Anzahlung"): that share of the records' price, a computed
 * field named by the noun; and, where the prompt asks what is left after it (the `after` word right before
 * the noun: "left to pay after the deposit", "nach der Anzahlung"), the rest of the price, named by the
 * lexicon's `rest`. The percentage asks no goal or calculator of its own, and the question of what is left no
 * total; an amount of money beside the noun ("a $100 deposit") is no goal's target either.
 */
export function shareAsks(prompt: string, language: UiLanguage, asks: Ask[], quantities: Quantity[]): Ask[] {
  const percent = (q: Quantity) => q.kind === "measure" && q.unit === "%";
  for (const tokens of sentenceTokens(prompt)) {
    for (let i = 0; i < tokens.length; i++) {
      const phrase = phraseFrom(tokens, i, SHARE[language]);
      if (!phrase) continue;
      const [from, to] = [tokens[i], tokens[i + phrase.length - 1]];
      // The percentage within three words either side of the noun, in its clause.
      const near = (q: Quantity) => {
        const between = q.start >= to.end ? prompt.slice(to.end, q.start) : prompt.slice(q.end, from.start);
        return (q.start >= to.end || q.end <= from.start) && !/[,;:.()]/.test(between) &&
          words(between).length <= 3;
      };
      // (An amount paid first is a part of the price, no whole to reach: "a $100 deposit" is no goal.)
      const paid = quantities.find((q) => q.kind === "money" && near(q));
      if (paid) asks = asks.filter((a) => !(a.type === "goal" && within(a, paid.start, paid.end)));
      const share = quantities.find((q) => percent(q) && near(q));
      if (share?.kind !== "measure" || share.value <= 0 || share.value >= 100) continue;
      const [start, end] = [Math.min(from.start, share.start), Math.max(to.end, share.end)];
      const label = prompt.slice(from.start, to.end);
      asks = asks.filter((a) =>
        !((a.type === "goal" || a.type === "calculator") && within(a, share.start, share.end))
      );
      const fraction = share.value / 100;
      const added: Ask[] = [{
        ...calculatorAsk(prompt, start, end, {
          op: "product",
          of: ["", fraction],
          label,
          share: true,
          alone: true,
        }),
        quantities: [share],
      }];
      // What is left after the share: the `after` word right before a noun of the share, later in the prompt.
      const all = sentenceTokens(prompt).flat();
      const after = all.findIndex((t, k) =>
        t.start >= to.end && phraseFrom(all, k, AFTER[language]) &&
        [1, 2].some((n) =>
          phraseFrom(all, k + (phraseFrom(all, k, AFTER[language])!.length) + n - 1, SHARE[language])
        )
      );
      if (after >= 0) {
        const at = all[after];
        const rest = REST[language];
        const clauseEnd = all.slice(after).find((t) =>
          t.kind === "mark" && /^[,;:.!?()]$/.test(t.text)
        )?.start ??
          all.at(-1)!.end;
        // (The question of what is left, up to the noun, is this figure, no total: "whats left to pay after".)
        const question = asks.find((a) => a.type === "aggregate" && a.start <= at.start && a.end >= at.end);
        const [qs, qe] = question ? [question.start, Math.max(question.end, at.end)] : [at.start, clauseEnd];
        asks = asks.filter((a) => a !== question);
        added.push(calculatorAsk(prompt, qs, Math.min(qe, clauseEnd), {
          op: "product",
          of: ["", Math.round((1 - fraction) * 1e6) / 1e6],
          label: rest,
          share: true,
          alone: true,
        }));
      }
      asks = [...asks, ...added];
      break;
    }
  }
  return asks;
}

const CONVERTED = Object.fromEntries(
  Object.entries(phrasesPerLanguage((lex) => lex.workedFigures.converted)).map((
    [l, p],
  ) => [l, new Set(p.map((w) => stem(w.join(" "), l as UiLanguage)))]),
) as Record<string, Set<string>>;

/**
 * Sums kept in one currency and asked in another: a sentence with a word of converting and a currency named
 * by its word or code ("have them converted to dollars", "spese … convertite in euro"), or two currencies
 * each named after a word of "into" ("los pago en zlotys pero quiero verlos en euros", "gastos en libras y
 * pasarlos a euros"), asks for a converter where none is asked; amounts ("1 € = 11,5 NOK") name none, and a
 * price list of amounts of two currencies alone states a rate, none.
 */
export function currencyConvertAsks(
  prompt: string,
  language: UiLanguage,
  asks: Ask[],
  quantities: Quantity[],
): Ask[] {
  const added: Ask[] = [];
  // (Amounts of two currencies and nothing else state a rate, no price list: "1 € son unos 4,30 zł".)
  const rate = (a: Ask) => {
    const held = quantities.filter((q) => within(q, a.start, a.end));
    return held.length > 0 && held.every((q) => q.kind === "money") &&
      new Set(held.map((q) => q.kind === "money" && q.currency)).size >= 2;
  };
  asks = asks.filter((a) => !(a.type === "catalog" && rate(a)));
  for (const tokens of sentenceTokens(prompt)) {
    const [start, end] = [tokens[0].start, tokens.at(-1)!.end];
    if (asks.some((a) => a.type === "convert" && within(a, start, end))) continue;
    const named = tokens.flatMap((t, k) => {
      const m = t.kind === "word" ? measureOf(t.norm) : undefined;
      if (!m || !("currency" in m)) return [];
      const into = [1, 2].some((n) => {
        const p = phraseFrom(tokens, k - n, INTO[language]);
        return p?.length === n;
      });
      return [{ token: t, currency: m.currency, into }];
    });
    const cue = tokens.find((t) => t.kind === "word" && CONVERTED[language].has(stem(t.norm, language)));
    const intos = new Set(named.filter((n) => n.into).map((n) => n.currency));
    if (!(cue && named.length) && intos.size < 2) continue;
    const spans = [...named.map((n) => n.token), ...(cue ? [cue] : [])];
    const [s, e] = [Math.min(...spans.map((t) => t.start)), Math.max(...spans.map((t) => t.end))];
    added.push({ type: "convert", quote: prompt.slice(s, e), start: s, end: e, fields: [], quantities: [] });
  }
  return [...asks, ...added];
}

const LASTING = phrasesPerLanguage((lex) => lex.workedFigures.lasting);
const STOCK = phrasesPerLanguage((lex) => lex.workedFigures.stock);
const UNIT_FACTORS = UNITS as unknown as Record<string, { factor: number; dimension: string }>;

/**
 * A stock and how much of it is used a day, where the prompt asks how long it lasts ("the bag is 12 kg and
 * she eats 250 g a day, how long will it last?", "der Sack hat 15 kg und der Hund frisst 300 g am Tag, wie
 * lange reicht das?"): an amount, then one of the same dimension right before "a day", in one sentence. The
 * figure is the stock over the use, in days: a record of the stock (named by the noun that holds it, "bag",
 * "sacco", or none) with both amounts in the use's unit. The goal the two amounts were read as is none, and so
 * is a count the question of how long was read as.
 */
export function lastingAsks(
  prompt: string,
  language: UiLanguage,
  asks: Ask[],
  quantities: Quantity[],
): Ask[] {
  const all = words(prompt);
  if (!all.some((_, i) => phraseFrom(all, i, LASTING[language]))) return asks;
  for (const tokens of sentenceTokens(prompt)) {
    const [start, end] = [tokens[0].start, tokens.at(-1)!.end];
    const inside = quantities.filter((q) => within(q, start, end));
    const use = inside.find((q, k) =>
      q.kind === "measure" && inside[k + 1]?.kind === "period" && inside[k + 1].kind === "period" &&
      (inside[k + 1] as { period: string }).period === "day" &&
      prompt.slice(q.end, inside[k + 1].start).trim() === ""
    );
    if (use?.kind !== "measure") continue;
    const stock = inside.find((q) =>
      q.kind === "measure" && q.end <= use.start && q.dimension === use.dimension &&
      UNIT_FACTORS[q.unit] && UNIT_FACTORS[use.unit]
    );
    if (stock?.kind !== "measure" || use.value <= 0) continue;
    const amount = stock.value * UNIT_FACTORS[stock.unit].factor / UNIT_FACTORS[use.unit].factor;
    const held = tokens.find((t, i) => t.start < stock.start && phraseFrom(tokens, i, STOCK[language]));
    const period = inside.find((q) => q.kind === "period" && q.start >= use.end)!;
    // (The question of how long is this figure, no count: "cuantos dias me quedan".)
    const asked = all.filter((_, i) => phraseFrom(all, i, LASTING[language])).map((t) => t.start);
    asks = asks.filter((a) =>
      !(a.type === "goal" && a.start <= stock.start && a.end >= use.end) &&
      !(a.type === "aggregate" && asked.some((at) => a.start <= at && at < a.end))
    );
    asks = [...asks, {
      ...calculatorAsk(prompt, stock.start, period.end, {
        op: "ratio",
        of: [Math.round(amount * 1e6) / 1e6, use.value],
        label: LEXICONS[language].workedFigures.lasts[0],
        lasting: { unit: use.unit, stock: held?.text ?? "" },
      }),
      quantities: [stock, use],
    }];
    break;
  }
  return asks;
}
