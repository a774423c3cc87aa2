// A business that takes orders, bookings, appointments or rentals from its customers keeps a record of each:
// "when someone rents one i write their name, phone, which bike", "segno le prenotazioni", "noter chaque
// location", "apuntar cada alquiler", "bei jeder Ausleihe". The words are the lexicon's `ordersTaken`: the
// nouns of such records and the verbs of ordering, booking and renting, each as written. Where the prompt is a
// business's (it lists prices, asks for a catalog or names its trade: "clients", "ospiti", "Kunden"), the log
// or list those words ask for is an `order` ask, and where no ask holds them, they make one. Read rather than
// cued, as "book", "location" and "Termine" are other words elsewhere ("a book", "a place", "dates").
import type { Ask } from "./asks.ts";
import type { UiLanguage } from "./language.ts";
import { LEXICONS, perLanguage, phrasesPerLanguage } from "./lexicon.ts";
import { stem } from "./stem.ts";
import { fold, type Token, words } from "./text.ts";

const RECORDS = phrasesPerLanguage((lex) => lex.ordersTaken.records);
const VERBS = phrasesPerLanguage((lex) => lex.ordersTaken.verbs);
/** The last part of a German compound that is such a record ("Fahrrad|verleih", "Zimmer|buchungen"). */
const PARTS = perLanguage((lex, l) => l === "de" ? lex.ordersTaken.records : []);
/** The shortest part of a compound that names such records: shorter ones end other words. */
const PART = 6;
/** The nouns of a business's trade ("clients", "ordini", "Gäste"), as stems. */
const TRADE = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, new Set(lex.trade.map((w) => stem(w, l as UiLanguage)))]),
) as Record<UiLanguage, Set<string>>;
/** The records' nouns of one word, as stems. */
const RECORD_STEMS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    new Set(lex.ordersTaken.records.filter((w) => !/[\s-]/.test(w)).map((w) => stem(w, l as UiLanguage))),
  ]),
) as Record<UiLanguage, Set<string>>;
/** The asks of figures worked out of records. */
const FIGURES = new Set(["aggregate", "goal", "chart", "calculator"]);
/** The asks of records kept that an order's words may have been read as. */
const KEPT = new Set(["log", "list"]);

interface Said {
  start: number;
  end: number;
  /** The noun of the records, as written, where a noun says them ("prenotazioni", "Fahrradverleih"). */
  noun?: string;
}

/** Where the prompt says the records of an order, a booking or a rental, or the verb of one. */
function saidOf(text: string, tokens: readonly Token[], language: UiLanguage): Said[] {
  const said: Said[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].kind !== "word") continue;
    const noun = RECORDS[language].find((p) => p.every((w, k) => tokens[i + k]?.norm === w));
    const verb = noun ? undefined : VERBS[language].find((p) => p.every((w, k) => tokens[i + k]?.norm === w));
    const phrase = noun ?? verb;
    if (phrase) {
      const last = tokens[i + phrase.length - 1];
      const at = { start: tokens[i].start, end: last.end };
      said.push(noun ? { ...at, noun: text.slice(at.start, at.end) } : at);
      i += phrase.length - 1;
      continue;
    }
    const norm = tokens[i].norm;
    const part = [...PARTS[language]].find((p) =>
      p.length >= PART && norm.length > p.length && norm.endsWith(p)
    );
    if (part) said.push({ start: tokens[i].start, end: tokens[i].end, noun: tokens[i].text });
  }
  return said;
}

/** Whether the prompt is a business's: it lists prices (a catalog ask) or names its trade other than by the
 * records themselves ("clients", "ospiti", "Kunden"; not "orders", which a customer logs too). */
function business(tokens: readonly Token[], asks: readonly Ask[], language: UiLanguage): boolean {
  if (asks.some((a) => a.type === "catalog")) return true;
  const trade = TRADE[language];
  const records = RECORD_STEMS[language];
  return tokens.some((t) =>
    t.kind === "word" && trade.has(stem(t.norm, language)) && !records.has(stem(t.norm, language))
  );
}

/**
 * The asks, with a business's records of what its customers order, book or rent read as an `order` ask: the
 * log or list whose words hold them becomes one (its fields kept, called by the records' noun where one says
 * them), else one is added, quoting them. An order asked already is called by that noun.
 */
export function ordersTakenAsks(prompt: string, language: UiLanguage, asks: Ask[]): Ask[] {
  const tokens = words(prompt);
  const said = saidOf(prompt, tokens, language);
  if (!said.length) return asks;
  // (Only in a business's prompt: "log every order" of takeaways, "medical appointments" of a child are the
  // speaker's.)
  if (!business(tokens, asks, language)) return asks;
  // (An order asked already is called by the records' noun the prompt says, rather than by the customer or a
  // field its cue stands beside: "prendere le ordinazioni al telefono", "Termine meiner Kundinnen"; not the
  // prompt's first ask, whose subject names the app.)
  const ordered = asks.find((a) => a.type === "order");
  const noun = said.find((s) => s.noun)?.noun;
  if (ordered) {
    const records = (a: Ask) =>
      a.subject !== undefined && said.some((s) => s.noun && a.subject!.includes(s.noun));
    const first = asks.reduce((a, b) => b.start < a.start ? b : a);
    if (!noun || ordered === first || asks.some((a) => a.type === "order" && records(a))) return asks;
    return asks.map((a) => a === ordered ? { ...a, subject: noun } : a);
  }
  // (Words of the ask, not of a field it lists: "i treni con orario e se serve la prenotazione".)
  const within = (a: Ask, s: Said) => {
    const text = fold(prompt.slice(s.start, s.end));
    return a.start <= s.start && s.end <= a.end && !a.fields.some((f) => fold(f.name) === text);
  };
  for (const s of said) {
    const kept = asks.find((a) => KEPT.has(a.type) && within(a, s));
    if (!kept) continue;
    return asks.map((a) => a === kept ? { ...a, type: "order", ...(s.noun ? { subject: s.noun } : {}) } : a);
  }
  // (Records only counted in a figure are no records asked for: "total orders this quarter per tier".)
  const counted = (s: Said) => asks.some((a) => FIGURES.has(a.type) && a.start <= s.start && s.end <= a.end);
  const asked = said.filter((s) => !counted(s));
  if (!asked.length) return asks;
  const first = asked.find((s) => s.noun) ?? asked[0];
  const order: Ask = {
    type: "order",
    quote: prompt.slice(first.start, first.end),
    start: first.start,
    end: first.end,
    ...(first.noun ? { subject: first.noun } : {}),
    fields: [],
    quantities: [],
  };
  return [...asks, order];
}
