// The currencies a converter converts between: those its sentence names by word, code or sign ("usd to eur",
// "convertite in euro (1 € = 11,5 NOK)"), and, where it names one only ("have them converted to dollars"),
// the prompt's other currencies before it, which the sums are kept in. A rate the prompt states between two of
// them ("1 € = $1.08") converts at it; otherwise the user types the rates.
import { measureOf } from "../understand/quantities.ts";
import { fold, type Token, words } from "../understand/text.ts";
import CURRENCIES from "../understand/currencies.json" with { type: "json" };

// The currencies named by more than one word ("swiss francs", "franchi svizzeri"), as folded words.
const PHRASES = Object.entries(CURRENCIES).flatMap(([code, c]) =>
  c.words.filter((w) => w.includes(" ")).map((w) => ({ code, words: w.split(" ").map(fold) }))
);

/** The currencies named in a text by word, code or sign, each once, in the order it first names them. */
function named(text: string): { code: string; start: number }[] {
  const found: { code: string; start: number }[] = [];
  const tokens = words(text);
  tokens.forEach((t, i) => {
    const m = measureOf(t.kind === "word" ? t.norm : t.text);
    const phrase = PHRASES.find((p) => p.words.every((w, k) => tokens[i + k]?.norm === w));
    const code = phrase?.code ?? (m && "currency" in m ? m.currency : undefined);
    if (code && !found.some((f) => f.code === code)) found.push({ code, start: t.start });
  });
  return found;
}

/** A number token's value ("11,5", "1.08"). */
const valueOf = (t?: Token) => t?.kind === "number" ? Number(t.text.replace(",", ".")) : NaN;

/** The currency of a token, or none. */
function currencyOf(t?: Token): string | undefined {
  const m = t && measureOf(t.kind === "word" ? t.norm : t.text);
  return m && "currency" in m ? m.currency : undefined;
}

/** The rates the prompt states as an amount of one currency equal to an amount of another ("1 € = $1.08",
 * "1 € = 11,5 NOK"): how much of the second one of the first is worth, by "FROM>TO". */
function statedRates(prompt: string): Map<string, number> {
  const tokens = words(prompt);
  const rates = new Map<string, number>();
  // An amount either side of its currency: "1 €", "$1.08", "11,5 NOK".
  const amount = (a?: Token, b?: Token) =>
    currencyOf(b) && a?.kind === "number"
      ? { code: currencyOf(b)!, value: valueOf(a) }
      : currencyOf(a) && b?.kind === "number"
      ? { code: currencyOf(a)!, value: valueOf(b) }
      : undefined;
  tokens.forEach((t, i) => {
    if (t.text !== "=") return;
    const left = amount(tokens[i - 2], tokens[i - 1]);
    const right = amount(tokens[i + 1], tokens[i + 2]);
    if (!left || !right || left.code === right.code || !(left.value > 0) || !(right.value > 0)) return;
    rates.set(`${left.code}>${right.code}`, right.value / left.value);
    rates.set(`${right.code}>${left.code}`, left.value / right.value);
  });
  return rates;
}

/** The converter's currency group of an ask's sentence, or none where it names fewer than two currencies
 * with the prompt's. */
export function currenciesOf(sentence: string, prompt: string) {
  const own = named(sentence);
  const codes = own.length === 1
    ? [...named(prompt).map((c) => c.code).filter((c) => c !== own[0].code), own[0].code]
    : own.map((c) => c.code);
  if (codes.length < 2) return [];
  // A unit's factor is what one of it is worth in the first currency; where the prompt states a rate, the
  // currency worth less comes first, so that the factor is the amount it states ("1 € = 11,5 NOK": 11.5).
  const rates = statedRates(prompt);
  if (codes.length === 2 && (rates.get(`${codes[0]}>${codes[1]}`) ?? 0) > 1) codes.reverse();
  const factors = codes.map((c, i) => (i === 0 ? 1 : rates.get(`${c}>${codes[0]}`)));
  const typed = factors.some((f) => f === undefined);
  return [{
    group: "currency",
    units: codes.map((code, i) => ({ label: code, factor: typed ? 1 : Math.round(factors[i]! * 1e6) / 1e6 })),
    ...(typed ? { typed: true } : {}),
  }];
}
