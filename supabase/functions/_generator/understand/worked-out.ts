// Values worked out from a record's own numbers: "profit per item" (sale price less cost), "le prix au kilo"
// (price over weight), "show pace in min/km" (time over distance), "Stunden × Stundensatz 58 €" (hours times a
// rate). A sentence that names such a figure asks for a field computed on the records, a calculator ask with
// `worked`; the records' fields it is worked out from are found when the app is composed.
import type { UiLanguage } from "./language.ts";
import { type Quantity, unitWord } from "./quantities.ts";
import { CUES, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import { stem } from "./stem.ts";
import { sentenceTokens, type Token, words } from "./text.ts";
import type { Ask } from "./asks.ts";

/** How a figure is worked out: `of` holds the prompt's words naming its operands, or a rate's amount. */
export interface Worked {
  /** `difference`: a sale less a cost ("profit", "Marge"); `ratio`: a number per a unit of another ("price per
   * litre"), or a pace (time per distance) when `of` is empty; `product`: what is counted times a rate. */
  op: "difference" | "ratio" | "product";
  of: (string | number)[];
  /** The figure's words, the computed field's name ("profit", "prezzo al chilo"). */
  label: string;
  /** Asked by the figure's words alone, no word of computing or rate: without its operands nothing is built. */
  alone?: true;
  /** A share of the records' price (`worked-figures.ts`: "a 25% deposit", what is left after it): `of` holds
   * "" for the price, their money, and the share as a fraction. */
  share?: true;
  /** How long a stock lasts at a use a day (`worked-figures.ts`): `of` holds the stock and the use, in the use's
   * `unit`; `stock` is the noun of what holds it ("bag"), or "". */
  lasting?: { unit: string; stock: string };
}

const DIFFERENCE = phrasesPerLanguage((lex) => lex.workedOut.difference);
const PACE = phrasesPerLanguage((lex) => lex.workedOut.pace);
const MINUS = phrasesPerLanguage((lex) => lex.workedOut.minus);
const TIMES = phrasesPerLanguage((lex) => lex.workedOut.times);
const PER = phrasesPerLanguage((lex) => [...lex.rate.per, ...lex.workedOut.per]);
const THE = phrasesPerLanguage((lex) => lex.rate.the);
// (Each as its words joined, as the prompt's words are searched for it: "prezzo d'acquisto".)
const COSTS = Object.fromEntries(
  Object.entries(phrasesPerLanguage((lex) => lex.workedOut.cost)).map((
    [l, list],
  ) => [l, list.map((p) => p.join(" "))]),
) as Record<UiLanguage, string[]>;

/** The phrase of a list that starts at a token, as its length, else 0. */
function phraseLength(tokens: readonly Token[], i: number, phrases: string[][]): number {
  return phraseFrom(tokens, i, phrases)?.length ?? 0;
}

type Found = Omit<Worked, "label"> & { start: number; end: number; label?: string };

// (A slash or a hyphen joins words and units, "yes/no", "mg/dL", "log - hours": no sign of reckoning.)
const MARKS: Record<string, Worked["op"]> = {
  "×": "product",
  "*": "product",
  "−": "difference",
  "÷": "ratio",
};

/**
 * The figures a sentence names, and where their words are. `named` says whether a word names a number the
 * records keep other than by a field of the words at `at` (a figure's own words are no operand of it); a
 * sale less a cost needs a cost the prompt names ("what I paid", "prezzo d'acquisto", "Materialkosten").
 */
function figuresOf(
  tokens: readonly Token[],
  language: UiLanguage,
  named: (word: string, at: readonly Token[]) => boolean,
  costed: boolean,
  quantities: Quantity[],
): Found[] {
  const [difference, pace, minus, times, per] = [DIFFERENCE, PACE, MINUS, TIMES, PER].map((p) => p[language]);
  // (An article says "per" only before a unit: "15 € l'heure", "le prix au kilo", not "afficher le prix".)
  const the = THE[language];
  const stop = CUES[language].stop;
  const content = (t?: Token) => t?.kind === "word" && !stop.has(t.norm);
  const found: Found[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const span = (from: number, n: number) => ({ start: tokens[from].start, end: tokens[from + n - 1].end });
    const [before, after] = [tokens[i - 1], tokens[i + 1]];
    const op = MARKS[tokens[i].text] ??
      (phraseLength(tokens, i, minus)
        ? "difference"
        : phraseLength(tokens, i, times)
        ? "product"
        : undefined);
    const amount = after &&
      quantities.find((q) => q.start === after.start && (q.kind === "money" || q.kind === "number"));
    // Two numbers of the records, or one and an amount of money, on either side of a sign of reckoning ("hours
    // x rate", "prezzo di vendita − costo", "Stunden x 25 €"), named before an equals sign ("guadagno = …"),
    // which says they are numbers; without one, both name numbers the records keep ("practice times tables"
    // and "walk x 8" do not). The name before the sign is no figure of its own.
    const equals = tokens.findLastIndex((t, k) => k < i && t.text === "=");
    const sides = content(before) &&
      (equals > 0
        ? amount || content(after)
        : named(before.norm, []) && (amount?.kind === "money" || (content(after) && named(after.norm, []))));
    if (op && sides) {
      const label = equals > 0 ? tokens.slice(0, equals).filter(content).at(-1) : undefined;
      const value = amount && "value" in amount ? amount.value : undefined;
      const named = found.filter((f) => f.start !== label?.start);
      found.splice(0, found.length, ...named, {
        ...span(i - 1, 3),
        op,
        of: [before.norm, value ?? after.norm],
        label: label?.text,
      });
      i++;
      continue;
    }
    const d = costed ? phraseLength(tokens, i, difference) : 0;
    const p = phraseLength(tokens, i, pace);
    const k = content(tokens[i]) ? phraseLength(tokens, i + 1, per) || phraseLength(tokens, i + 1, the) : 0;
    const unit = tokens[i + 1 + k];
    const phrase = [tokens[i], tokens[i + 1 + k]].filter(Boolean);
    const article = k > 0 && !phraseLength(tokens, i + 1, per);
    const perUnit = k > 0 && content(unit) && named(tokens[i].norm, phrase) &&
      (unitWord(unit.norm) || (!article && named(unit.norm, phrase)));
    if (d) {
      found.push({ ...span(i, d), op: "difference", of: [] });
      i += d - 1;
    } else if (p) {
      found.push({ ...span(i, p), op: "ratio", of: [] });
      i += p - 1;
    } else if (perUnit) {
      // A number named per a unit of another ("price per litre", "km al litro"): both name the records' numbers.
      found.push({ ...span(i, k + 2), op: "ratio", of: [tokens[i].norm, unit.norm] });
      i += k + 1;
    }
  }
  return found;
}

/**
 * The asks of a prompt with its figures worked out from the records' numbers: a calculator ask of a sentence
 * that names a figure is that figure; a figure with no calculator ask in its sentence is one of its own. A
 * rate ("$35 an hour") is multiplied by what it is paid for, when its sentence names no other figure.
 */
export function workedOutAsks(
  prompt: string,
  language: UiLanguage,
  asks: Ask[],
  quantities: Quantity[],
): Ask[] {
  // The words of each field the asks name, as stems: a word names a number of the records when a field other
  // than the phrase of the figure itself holds it ("price" of "price paid" for "price per litre").
  const fields = asks.flatMap((a) => a.fields).map((f) => words(f.name).map((t) => stem(t.norm, language)));
  const named = (word: string, at: readonly Token[]) => {
    const own = at.map((t) => stem(t.norm, language));
    const w = stem(word, language);
    return fields.some((f) => f.includes(w) && !(own.length && own.every((s) => f.includes(s))));
  };
  const costs = COSTS[language];
  // (Whole words, "unpaid" is no "paid"; in German a compound's part too, "Materialkosten", "Einkaufspreis".)
  const text = ` ${words(prompt).map((t) => t.norm).join(" ")} `;
  const costed = costs.some((c) => language === "de" ? text.includes(c) : text.includes(` ${c} `));
  const added: Ask[] = [];
  for (const tokens of sentenceTokens(prompt)) {
    const [start, end] = [tokens[0].start, tokens.at(-1)!.end];
    const inside = (a: { start: number; end: number }) => a.start >= start && a.end <= end;
    const calculator = asks.find((a) => a.type === "calculator" && inside(a));
    const figures = figuresOf(tokens, language, named, costed, quantities);
    const rate = quantities.find((q) => q.kind === "money" && q.per && inside(q));
    if (!figures.length && calculator && rate?.kind === "money") {
      calculator.worked = { op: "product", of: [rate.per!, rate.value], label: "" };
    }
    // (The sentence's other words of computing are this figure's: "le montant calculé à 45 € de l'heure".)
    if (figures.length || calculator?.worked) {
      const others = asks.filter((a) =>
        a.type === "calculator" && a !== calculator && inside(a) && !a.worked
      );
      asks = asks.filter((a) => !others.includes(a));
    }
    figures.forEach(({ op, of, start, end, label }, n) => {
      const worked = { op, of, label: label ?? prompt.slice(start, end) };
      if (n === 0 && calculator) calculator.worked = worked;
      else {
        added.push({
          type: "calculator",
          quote: worked.label,
          start,
          end,
          fields: [],
          quantities: [],
          worked: { ...worked, alone: true },
        });
      }
    });
  }
  return [...asks, ...added];
}
