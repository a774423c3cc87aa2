// Things the prompt lists each with its price ("vanilla $3, chocolate $3.50", "Kugel 1,80 €, Becher 5 €",
// "crostata 15 euro, tiramisù 22 euro"): the records of its catalog, named and priced as the prompt says, not
// fields of another list.
import { dosedItems } from "./dosed-items.ts";
import type { UiLanguage } from "./language.ts";
import { measureWord, type Quantity } from "./quantities.ts";
import { CUES, LEXICONS } from "./lexicon.ts";
import { fold, type Token, words } from "./text.ts";
import type { Ask } from "./asks.ts";
import { stemPhrase } from "./stem.ts";
import UNITS from "./units.json" with { type: "json" };

/** Two things or more in a row, each with its price, and where the prompt says them. */
export interface PriceList {
  items: PricedItem[];
  start: number;
  end: number;
}

export interface PricedItem {
  /** The thing's words as the prompt writes them ("large cup", "galette complète"). */
  name: string;
  price: number;
  currency: string;
  /** The unit of an amount each item holds rather than a price ("coffee 95 mg", "pomme 52 kcal"): a unit
   * units.json marks `perItem`; the list's currency is then empty. */
  unit?: string;
}

/** The units an item holds a fixed amount of (caffeine in mg, energy in kcal): a list of things each with
 * such an amount is a catalog the records pick from, as a price list is. */
const PER_ITEM = new Set(
  Object.entries(UNITS).filter(([, u]) => (u as { perItem?: boolean }).perItem).map(([unit]) => unit),
);

// The most words a thing of a price list is called by: more is a sentence that ends on a price ("I want to
// save $1,800"), not a thing's name.
const MOST_WORDS = 4;
// The longest function word ("the", "à", "pour", "para") an item's edge drops.
const FUNCTION_WORD = 4;
// The most words between a price and the mark that ends its item: what it is the price of ("pro Stück", "das
// Glas", "le pot", "an hour").
const MOST_UNIT_WORDS = 3;
// The most characters between the list's last price and a period that says what it is for ("25€ al giorno").
const PERIOD_GAP = 5;

/** The words of amounts to keep to ("limits", "budget", "tetto"), as stems: a list they open is no prices. */
const KEPT_TO = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    new Set(
      [...lex.limits.atMost, ...lex.budget].filter((w) => !/\s/.test(w)).flatMap((w) =>
        stemPhrase(w, l as UiLanguage)
      ),
    ),
  ]),
) as Record<UiLanguage, Set<string>>;

/** The words that join the items of a list in each language ("and", "or", "plus"). */
const JOINERS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, new Set(lex.and.map((w) => words(w)[0]?.norm ?? w))]),
) as Record<UiLanguage, Set<string>>;

/**
 * The lists of things each named before its own price: items in a row, each one's words (after a mark or a
 * word that joins a list, before its price) and its price, whatever follows the price up to the next mark
 * ("pro kg", "l'ora") said of the price. A bare number among them takes the list's currency ("caffè 1 euro,
 * cappuccino 1,50"). A list is two items or more.
 */
export function priceLists(prompt: string, quantities: Quantity[], language: UiLanguage): PriceList[] {
  const tokens = words(prompt);
  const stop = CUES[language].stop;
  const joiners = JOINERS[language];
  const at = (offset: number) => tokens.findIndex((t) => t.start >= offset);
  const lists: PriceList[] = [];
  let list: PriceList = { items: [], start: 0, end: 0 };
  let currency = "";
  // (The unit of a list of amounts per item; such a list keeps to one unit and to its sentence.)
  let unit = "";
  // Where the last item's price (and what is said of it) ended: the next item starts after one mark there.
  let after = -1;
  const close = () => {
    if (list.items.length >= 2) lists.push(list);
    list = { items: [], start: 0, end: 0 };
    currency = "";
    unit = "";
  };
  for (const q of quantities) {
    const measured = q.kind === "measure" && PER_ITEM.has(q.unit) ? q.unit : "";
    if (q.kind !== "money" && q.kind !== "number" && q.kind !== "measure") continue;
    if (q.kind === "measure" && !measured) continue;
    if (q.kind === "number" && !currency && !unit) continue;
    const first = at(q.start);
    if (first < 0) continue;
    const next = itemBefore(prompt, tokens, first, after, stop, joiners);
    const alike = q.kind === "money" ? !unit : measured ? !currency && (!unit || unit === measured) : true;
    const contiguous = after >= 0 && next !== undefined && alike &&
      onlySeparators(tokens, after, next.first, joiners) &&
      !(unit && sentenceEnds(tokens, after, next.first));
    // (A bare number starts no list and ends one that it does not continue: "12 hours", "2 kids".)
    if (!contiguous) {
      close();
      if (q.kind === "number") continue;
    }
    // (A number inside an item's words is part of its name: "carte 10 séances 120 €".)
    if (q.kind === "number" && !endsItem(tokens, first + 1)) continue;
    const name = contiguous ? next : itemBefore(prompt, tokens, first, -1, stop, joiners);
    if (!name) {
      after = -1;
      continue;
    }
    if (q.kind === "money") currency = q.currency;
    if (measured) unit = measured;
    if (!list.items.length) list.start = tokens[name.first].start;
    list.items.push({ name: name.text, price: q.value, currency, ...(unit ? { unit } : {}) });
    list.end = q.end;
    after = unitEnd(tokens, tokens.findIndex((t) => t.start >= q.end), joiners);
  }
  close();
  return lists;
}

/** The item's words right before a price: back to a mark, the end of the item before it (an item may hold a
 * joining word: "jamón y queso"), else a joining word or the prompt's start, without the
 * function words at either edge ("lezioni di canto a" → "lezioni di canto"): articles, possessives and
 * prepositions, short words, not the stop list's longer adjectives, which name a size here ("cono piccolo",
 * "small cup"). */
function itemBefore(
  prompt: string,
  tokens: readonly Token[],
  price: number,
  floor: number,
  stop: Set<string>,
  joiners: Set<string>,
): { text: string; first: number } | undefined {
  let from = price;
  const stops = (t: Token) => t.kind === "mark" || (floor < 0 && joiners.has(t.norm));
  while (from > Math.max(floor, 0) && !stops(tokens[from - 1])) from--;
  const edge = (t: Token) =>
    t.kind === "mark" || joiners.has(t.norm) || (stop.has(t.norm) && t.norm.length <= FUNCTION_WORD);
  let to = price;
  while (to > from && edge(tokens[to - 1])) to--;
  let start = from;
  while (start < to && edge(tokens[start])) start++;
  const own = tokens.slice(start, to);
  if (!own.length || own.length > MOST_WORDS || !own.some((t) => t.kind === "word")) return undefined;
  return { text: prompt.slice(own[0].start, own.at(-1)!.end), first: start };
}

/** Whether only marks and joining words stand between two token positions. */
function onlySeparators(tokens: readonly Token[], from: number, to: number, joiners: Set<string>): boolean {
  const between = tokens.slice(from, to);
  return between.length > 0 && between.length <= 2 &&
    between.every((t) => t.kind === "mark" || joiners.has(t.norm));
}

/** Whether a sentence ends between two token positions: a list of amounts per item ends with it ("tea 47 mg.
 * Warn me over 400 mg": the warning is no item). */
function sentenceEnds(tokens: readonly Token[], from: number, to: number): boolean {
  return tokens.slice(from, to).some((t) => t.kind === "mark" && /[.!?]/.test(t.text));
}

/** Whether an item ends at this token: a mark, a joining word or the prompt's end follows its price. */
function endsItem(tokens: readonly Token[], next: number): boolean {
  return next >= tokens.length || tokens[next].kind === "mark";
}

/** Past the words said of a price ("pro Stück", "an hour") up to the mark or joining word that ends its
 * item, or -1 where more than a few words follow it (the list ends there). */
function unitEnd(tokens: readonly Token[], next: number, joiners: Set<string>): number {
  if (next < 0) return tokens.length;
  let k = next;
  while (k < tokens.length && tokens[k].kind !== "mark" && !joiners.has(tokens[k].norm)) k++;
  return k - next <= MOST_UNIT_WORDS ? k : -1;
}

/**
 * The prompt's price lists made its catalog's records: the first catalog ask holds their items (one is added
 * for them where no ask is a catalog), and no ask keeps an item's words as a field of its own ("crostata
 * euro", "Kugel"). Not a price list: amounts to keep to, over a period in the same sentence or after a word
 * of limits or of a recurrence ("Budgets per month: food $400", "monthly limits: rent $900"), the costs of
 * the categories a log of spending keeps ("camion 90 €, cartons 20 €"), or a list in brackets after a field.
 */
export function priceListAsks(
  prompt: string,
  language: UiLanguage,
  asks: Ask[],
  quantities: Quantity[],
): Ask[] {
  // (The categories of what is kept as it happens; not a list's choice, whose values may be priced:
  // "dogs with size small/medium/large … small $55, medium $70".)
  const categories = new Set(
    asks.filter((a) => a.type !== "choice" && a.type !== "catalog" && a.type !== "list")
      .flatMap((a) => a.fields.flatMap((f) => f.options ?? [])).map(fold),
  );
  const keptTo = KEPT_TO[language];
  const takenWhen = dosedItems(prompt, language).filter((d) => d.when);
  const lists = priceLists(prompt, quantities, language).filter((list) => {
    const [from, to] = sentenceOf(prompt, list);
    // (A period after each item's price is what the price is for, "ombrellone 20€ al giorno": one of the
    // list's own is no limit's.)
    const within = (q: Quantity) =>
      q.start >= from && q.end <= to &&
      !(q.kind === "period" && q.start >= list.start && q.start <= list.end + PERIOD_GAP);
    const recurring = (q: Quantity) => q.kind === "frequency" && q.end <= list.start;
    const named = stemPhrase(prompt.slice(from, list.start), language).some((s) => keptTo.has(s));
    // (A list in brackets is said of the words before it: a field's values, "prezzo a notte (Rosa 80€, …)".)
    const bracketed = prompt.slice(0, list.start).trimEnd().endsWith("(");
    // (Amounts per item said with the hours or the words of when they are taken are doses to take, not a
    // catalog: "Lasix 25 mg alle 8 e alle 14", "losartan 50 mg morning, metformin 850 mg evening".)
    const timed = list.items.some((i) => i.unit) &&
      (quantities.some((q) =>
        q.start >= list.start && q.end <= to &&
        (q.kind === "time" || q.kind === "frequency" || q.kind === "window")
      ) || takenWhen.some((d) => d.start < list.end && list.start < d.end));
    return !quantities.some((q) => within(q) && (q.kind === "period" || recurring(q))) && !named && !timed &&
      !bracketed && !list.items.some((i) => categories.has(fold(i.name)));
  });
  if (!lists.length) return asks;
  const items = lists.flatMap((list) => list.items);
  const itemStems = new Set(items.flatMap((i) => stemPhrase(i.name, language)));
  // (A price's money word is no word of the field: "crostata euro" is the item "crostata".)
  // (Nor are the words of what the price is for after the item's name: "Eier pro Stück", "ombrellone al
  // giorno" are the items "Eier", "ombrellone", in the ask the list stands in.)
  const itemNames = items.map((i) => stemPhrase(i.name, language));
  const ofAnItem = (name: string, listed: boolean) => {
    const own = words(name).filter((t) => t.kind === "word" && !measureWord(t.norm)).map((t) => t.text);
    const stems = stemPhrase(own.join(" "), language);
    const opened = listed &&
      itemNames.some((n) =>
        n.length > 0 && n.every((s, k) => stems[k] === s) && stems.length - n.length <= MOST_UNIT_WORDS
      );
    return stems.length > 0 && (stems.every((s) => itemStems.has(s)) || opened);
  };
  for (const ask of asks) {
    const listed = lists.some((l) => ask.start < l.end && l.start < ask.end);
    ask.fields = ask.fields.filter((f) => f.type === "choice" || !ofAnItem(f.name, listed));
  }
  const catalog = asks.find((a) => a.type === "catalog");
  if (catalog) {
    catalog.items = items;
    return asks;
  }
  const start = lists[0].start;
  const end = lists.at(-1)!.end;
  return [...asks, {
    type: "catalog",
    quote: prompt.slice(start, end),
    start,
    end,
    fields: [],
    quantities: quantities.filter((q) => q.start >= start && q.end <= end),
    items,
  }];
}

/** The sentence a list stands in: from the end mark before it to the one after it (a dot ends a sentence
 * where a space or the end follows it, not inside "3.50"). */
function sentenceOf(prompt: string, list: PriceList): [number, number] {
  const ends = [...prompt.matchAll(/[.!?\n](?=\s|$)/g)].map((m) => m.index!);
  const before = ends.filter((i) => i < list.start).at(-1) ?? -1;
  const after = ends.find((i) => i >= list.end) ?? prompt.length;
  return [before + 1, after];
}
