// A figure worked out from a record's own numbers (`understand/worked-out.ts`) as a computed field of the
// records that hold its operands: a sale less a cost, a number per a unit of another, a pace, a count times a
// rate. A field the figure's words already made ("Margin", "Prezzo al chilo" as text) becomes it.
import type { Worked } from "../understand/worked-out.ts";
import type { UiLanguage } from "../understand/language.ts";
import { LEXICONS } from "../understand/lexicon.ts";
import { stem } from "../understand/stem.ts";
import { words } from "../understand/text.ts";
import { unitWord } from "../understand/quantities.ts";
import type { FieldSpec, FieldType, Formula } from "../template/src/types.ts";
import { capitalized, type Entity, fold, fromWords, keyOf, NUMERIC } from "./entities.ts";

/** The computed field of a figure on the first records that hold its operands, else why none does; `total`
 * names a figure the prompt names no words of (a rate worked out). */
export function workedField(
  entities: Entity[],
  worked: Worked,
  language: UiLanguage,
  total: string,
): { entity: Entity; field: FieldSpec } | string {
  const stems = (text: string) =>
    words(text).filter((t) => t.kind === "word").map((t) => stem(t.norm, language));
  const lex = LEXICONS[language];
  const joining = new Set([...lex.stop, ...lex.rate.per, ...lex.rate.the, ...lex.workedOut.per].map(fold));
  const own = stems(words(worked.label).filter((t) => !joining.has(t.norm)).map((t) => t.text).join(" "));
  // (A field of the figure's own words is no operand: "Prezzo kilo" for "prezzo al chilo".)
  const ownField = (f: FieldSpec) => own.length > 0 && own.every((s) => stems(f.label).includes(s));
  for (const entity of entities) {
    const numbers = entity.spec.fields.filter((f) => NUMERIC.has(f.type) && !f.formula && !ownField(f));
    const operands = operandsOf(numbers, worked, language, stems);
    if (!operands) continue;
    const [a, b] = operands;
    const type: FieldType = worked.op === "ratio" && typeof a !== "number" && a.type === "duration"
      ? "duration"
      : [a, b].some((o) => typeof o === "number" || o.type === "money")
      ? "money"
      : "number";
    // (A constant on a duration is a rate per hour; durations are kept in minutes.)
    const constant = (o: FieldSpec | number, other: FieldSpec | number) =>
      typeof o !== "number" ? o.key : typeof other !== "number" && other.type === "duration" ? o / 60 : o;
    const formula: Formula = { op: worked.op, of: [constant(a, b), constant(b, a)] };
    const label = capitalized(worked.label || total);
    const field = entity.spec.fields.find(ownField) ?? entity.ensure(keyOf(label, "computed"), label, type);
    Object.assign(field, { label, type, formula });
    delete field.options;
    for (const sample of entity.spec.samples) delete sample[field.key];
    return { entity, field };
  }
  return "no numbers of the records to work it out from";
}

/** The two operands of a figure among a record's numbers, else none. */
function operandsOf(
  numbers: FieldSpec[],
  worked: Worked,
  language: UiLanguage,
  stems: (text: string) => string[],
): [FieldSpec | number, FieldSpec | number] | undefined {
  // A word names the field whose label holds its stem, or, in German, a compound that ends in it ("Preis" of
  // "Verkaufspreis"); a unit ("kilo", "litre") the one measure the records keep.
  const named = (word: string, except?: FieldSpec) => {
    const w = stem(fold(word), language);
    const others = numbers.filter((f) => f !== except);
    return others.find((f) => stems(f.label).includes(w)) ??
      others.find((f) =>
        language === "de" && fold(f.label).split(/\s+/).some((l) => l.endsWith(fold(word)))
      ) ??
      (unitWord(fold(word)) ? others.find((f) => f.type === "number") : undefined);
  };
  const operand = (of: string | number, except?: FieldSpec) =>
    typeof of === "number" ? of : named(of, except);
  if (worked.share) {
    // A share of a price: of the records' money, the last (the prompt's own follow a concept's), times the share.
    const price = numbers.findLast((f) => f.type === "money");
    const share = worked.of[1];
    return price && typeof share === "number" ? [price, share] : undefined;
  }
  if (worked.of.length === 2) {
    // A rate is paid for what the records count: a field its word names ("hour": "Hours"), else their time.
    const [x, y] = worked.of;
    const time = worked.op === "product" && typeof y === "number"
      ? numbers.find((f) => f.type === "duration")
      : undefined;
    // (What a rate is paid for is counted, never money: "Precio hora" is the rate's own field, "Horas" not.)
    const found = operand(x);
    const counts = (f: FieldSpec) =>
      f.type !== "money" && typeof x === "string" && stems(f.label).includes(stem(fold(x), language));
    const a = worked.op === "product" && typeof y === "number" && typeof found === "object" &&
        found.type === "money"
      ? numbers.find(counts) ?? time
      : found ?? time;
    const b = a === undefined ? undefined : operand(y, typeof a === "number" ? undefined : a);
    return a !== undefined && b !== undefined ? [a, b] : undefined;
  }
  if (worked.op === "difference") {
    // A sale less a cost: the money field a word of cost names, from another.
    const costs = LEXICONS[language].workedOut.cost.map(fold);
    const money = numbers.filter((f) => f.type === "money");
    const cost = money.find((f) => costs.some((c) => fold(f.label).includes(c)));
    // (The prompt's own fields follow a concept's: the sale it names is the last, "Selling price" after "Price".)
    const sale = money.findLast((f) => f !== cost);
    return cost && sale ? [sale, cost] : undefined;
  }
  // A pace: the time over the distance.
  const time = numbers.find((f) => f.type === "duration");
  const distance = numbers.find((f) => f.type === "number");
  return time && distance ? [time, distance] : undefined;
}

/** The record of a stock and its use a day (`understand/worked-figures.ts`: "the bag is 12 kg and she eats
 * 250 g a day, how long will it last?"): what holds it ("Bag", else the figure's own name), its amount and the
 * use, both in the use's unit, and the days it lasts worked out from them. */
export function lastingEntity(worked: Worked, language: UiLanguage): Entity {
  const lex = LEXICONS[language];
  const unit = worked.lasting!.unit;
  const noun = worked.lasting!.stock || worked.label;
  const entity = fromWords(noun, language, worked.label);
  const size = entity.ensure("stock", `${capitalized(noun)} (${unit})`, "number");
  const use = entity.ensure("perDay", `${unit} ${lex.workedFigures.perDay[0]}`, "number");
  entity.ensure("lasts", worked.label, "number").formula = { op: "ratio", of: [size.key, use.key] };
  const [amount, perDay] = worked.of as [number, number];
  entity.spec.samples.push({ id: `${entity.spec.key}-1`, name: capitalized(noun), stock: amount, perDay });
  return entity;
}
