// The numbers a prompt states and what they measure: money, units, durations and timer phases, ranges,
// times of day (every one of a list: "at 8, 16 and 24"), weekdays, frequencies and periods. A scanner over
// the tokens tries each reading at each position, most specific first; the words it needs (number words,
// time units, "every", "at") come from lexicon/<lang>.json, units from units.json, currencies from
// currencies.json. Calendar dates are chrono-node's (its locales cover the five UI languages).
import * as chrono from "chrono-node";
import currencies from "./currencies.json" with { type: "json" };
import units from "./units.json" with { type: "json" };
import { LEXICONS, phraseWords, wordSet } from "./lexicon.ts";
import { UI_LANGUAGES, type UiLanguage } from "./language.ts";
import { fold, type Token, words } from "./text.ts";

export type Period = "day" | "week" | "month" | "year";

export type QuantityValue =
  | { kind: "number"; value: number }
  /** `per`: the word of what it is paid for, when the amount is a rate ("$14 an hour": "hour"). */
  | { kind: "money"; value: number; currency: string; per?: string }
  | { kind: "measure"; value: number; unit: string; dimension: string }
  | { kind: "duration"; seconds: number; phase?: "on" | "off" }
  | { kind: "rounds"; value: number }
  | { kind: "range"; from: number; to: number; unit?: string }
  /** A span of the day ("from 9 to 21", "dalle 8 alle 22"): the hours a recurrence rings within. */
  | { kind: "window"; from: string; to: string }
  | { kind: "time"; time: string }
  | { kind: "weekday"; day: number }
  /** `time`: the hour of the part of the day it recurs at ("every evening": "20:00"). */
  /** `monthDays`: the days of the month a monthly one falls on ("the 5th of every month": [5]). */
  | {
    kind: "frequency";
    every?: number;
    unit?: string;
    count?: number;
    weekdays?: number[];
    time?: string;
    monthDays?: number[];
  }
  | { kind: "period"; period: string }
  | { kind: "date"; date: string };

/** One quantity with the words of the prompt that state it. */
export type Quantity = QuantityValue & { text: string; start: number; end: number };

// A month and a year as their average lengths: "in 8 months" is a span, not a calendar date.
const SECONDS: Record<string, number> = {
  s: 1,
  min: 60,
  h: 3600,
  day: 86400,
  week: 604800,
  month: 2629800,
  year: 31557600,
};

/** Reads a number written in digits with the locale's separators: 4,000 / 4.000 / 12,50 / 4 000. */
export function parseNumber(text: string, decimalComma: boolean): number {
  const s = text.replace(/[\u00a0\u202f ]/g, "");
  const dot = s.lastIndexOf(".");
  const comma = s.lastIndexOf(",");
  if (dot >= 0 && comma >= 0) {
    const decimal = dot > comma ? "." : ",";
    return Number(s.split(decimal === "." ? "," : ".").join("").replace(",", "."));
  }
  const sep = dot >= 0 ? "." : comma >= 0 ? "," : "";
  if (!sep) return Number(s);
  const groups = s.split(sep);
  const grouping = groups.slice(1).every((g) => g.length === 3) &&
    (groups.length > 2 || (sep === "," ? !decimalComma : decimalComma));
  return Number(grouping ? groups.join("") : groups.join("."));
}

/** A phrase as folded words ("a las" → ["a", "las"]). */
type Phrase = string[];

interface Words {
  lex: (typeof LEXICONS)[UiLanguage];
  at: Phrase[];
  atHour: Phrase[];
  every: Phrase[];
  dayPart: Phrase[];
  /** The last words of the "of" phrases ("de", "of", "di"). */
  of: Set<string>;
  per: Phrase[];
  ratePer: Phrase[];
  rateThe: Phrase[];
  rateCosts: Phrase[];
  /** The words of one thing: the indefinite articles and the number words of 1. */
  one: Set<string>;
  stop: Set<string>;
  from: Set<string>;
  to: Set<string>;
  times: Set<string>;
  on: Set<string>;
  off: Set<string>;
  rounds: Set<string>;
  and: Set<string>;
  noon: Set<string>;
  midnight: Set<string>;
  /** The words after an hour of the morning or of the afternoon. */
  am: Phrase[];
  pm: Phrase[];
  numbers: Map<string, number>;
  timeUnits: Map<string, string>;
  weekdays: Map<string, number>;
  weekdaysShort: Map<string, number>;
  dayGroups: { words: Phrase; days: number[] }[];
  adverbs: Map<string, string>;
  dayParts: Map<string, string>;
  counts: Map<string, number>;
  ordinals: Map<string, number>;
  alternate: { before: Phrase[]; after: Phrase[] };
  periods: { words: string[]; period: string }[];
  /** Words a lone hour may be followed by: function words, "and", and the words of times and periods. */
  afterHour: Set<string>;
  /** The words before a noun (articles, determiners) and those that open its complement ("de", "di"). */
  nounBefore: Set<string>;
  /** The endings an adverb of frequency takes as an adjective before a noun ("ein monatliches Budget"). */
  adjectiveEndings: string[];
  /** Period words that open a compound ("monats" of "Monatsübersicht"), for a language that compounds. */
  periodPrefixes: [string, string][];
}

// A German compound whose first part is a period states it: "Monatsbudget", "Wochenplan", "Tagesziel",
// "Jahresüberblick". The first part is the singular with a linking "s", "es" or "n", followed by a word of
// its own ("Tagebuch", "Tage" + "buch", has none).
const LINKS = ["s", "es", "n"];
const PERIOD_UNITS = new Set(["day", "week", "month", "year"]);
const COMPOUND_REST = 4;
function periodPrefixes(language: UiLanguage, timeUnits: Record<string, string>): [string, string][] {
  if (language !== "de") return [];
  const singular = new Map<string, string>();
  for (const [word, unit] of Object.entries(timeUnits)) {
    const known = singular.get(unit);
    if (PERIOD_UNITS.has(unit) && (!known || word.length < known.length)) singular.set(unit, fold(word));
  }
  return [...singular].flatMap(([unit, word]) => LINKS.map((link): [string, string] => [word + link, unit]));
}

// German inflects an adjective before its noun: "monatlich" is "einen monatlichen Betrag".
const ADJECTIVE_ENDINGS: Partial<Record<UiLanguage, string[]>> = { de: ["em", "en", "er", "es", "e"] };
const uninflected = (word: string, endings: string[]) => {
  const ending = endings.find((e) => word.length > e.length + 4 && word.endsWith(e));
  return ending ? word.slice(0, -ending.length) : word;
};

const UNIT_WORDS = new Map<string, { unit: string; dimension: string }>();
for (const [unit, data] of Object.entries(units)) {
  for (const w of data.words) UNIT_WORDS.set(fold(w), { unit, dimension: data.dimension });
}
const CURRENCY_SYMBOLS = new Map<string, string>();
const CURRENCY_WORDS = new Map<string, string>();
// The words of a currency's hundredths ("25 Cent", "50 centesimi", "10 cents"): an amount of them is money.
const HUNDREDTHS = new Map<string, string>();
for (
  const [code, data] of Object.entries(currencies) as [
    string,
    { symbols: string[]; words: string[]; hundredths?: string[] },
  ][]
) {
  for (const s of data.symbols) CURRENCY_SYMBOLS.set(s, code);
  for (const w of data.words) CURRENCY_WORDS.set(fold(w), code);
  for (const w of data.hundredths ?? []) HUNDREDTHS.set(fold(w), code);
}

/** Whether a folded word names a unit or a currency ("km", "eur"): a measure, never a value to choose. */
export const measureWord = (norm: string) => UNIT_WORDS.has(norm) || CURRENCY_WORDS.has(norm);
/** Whether a folded word is a unit's ("km", "kilomètre", "Gläser"). */
export const unitWord = (norm: string) => UNIT_WORDS.has(norm);

/** The unit or currency a folded word or symbol names ("km", "kg", "€", "euro"). */
export function measureOf(norm: string): { unit: string } | { currency: string } | undefined {
  const unit = UNIT_WORDS.get(norm)?.unit;
  const currency = CURRENCY_SYMBOLS.get(norm) ?? CURRENCY_WORDS.get(norm);
  return unit ? { unit } : currency ? { currency } : undefined;
}

const foldMap = <T>(record: Record<string, T>) =>
  new Map(Object.entries(record).map(([k, v]) => [fold(k), v] as [string, T]));

/** "pm" and "p.m" as the words and marks they are written with, longest first. */
const meridiem = (list: string[]): Phrase[] => list.map(phraseWords).sort((a, b) => b.length - a.length);
// English "am" and "pm" are borrowed in every language ("8am").
const ENGLISH = { am: meridiem(LEXICONS.en.time.am), pm: meridiem(LEXICONS.en.time.pm) };

/** An hour of the twelve-hour clock in a part of the day whose usual hour is `part`: of the two it may be, the
 * nearer to it, round the clock ("7" in the evening, 20:00, is 19:00; "11" at night 23:00; "12" at night
 * 00:00; "7" in the morning 07:00). */
function inPart(time: string, part: string): string {
  const [hour, minute] = time.split(":");
  const usual = Number(part.split(":")[0]);
  const away = (h: number) => Math.min(Math.abs(h - usual), 24 - Math.abs(h - usual));
  const h = Number(hour) % 12;
  const later = away(h + 12) < away(h) ? h + 12 : h;
  return clock(later, Number(minute));
}

/** Phrases as folded words, longest first so that "a las" is tried before "a". Split at spaces, so that an
 * elided article ("l'", "de l'") is the one word the tokens make of it before its noun. */
const phrases = (list: string[]): Phrase[] =>
  list.map((p) => p.split(/\s+/).map(fold)).sort((a, b) => b.length - a.length);

const WORDS = Object.fromEntries(UI_LANGUAGES.map((language) => {
  const lex = LEXICONS[language];
  const t = lex.time;
  const w: Words = {
    lex,
    at: phrases(t.at),
    atHour: phrases(t.atHour),
    every: phrases(t.every),
    dayPart: phrases(t.dayPart),
    of: wordSet(lex.of.map((p) => p.split(/\s+/).at(-1)!)),
    per: phrases(t.per),
    ratePer: phrases(lex.rate.per),
    rateThe: phrases(lex.rate.the),
    rateCosts: phrases(lex.rate.costs),
    one: wordSet([...lex.articles, ...Object.keys(lex.numbers).filter((n) => lex.numbers[n] === 1)]),
    stop: wordSet(lex.stop),
    from: wordSet(t.from),
    to: wordSet(t.to),
    times: wordSet(t.times),
    on: wordSet(t.on),
    off: wordSet(t.off),
    rounds: wordSet(t.rounds),
    and: wordSet([...lex.and, ","]),
    noon: wordSet(t.noon),
    midnight: wordSet(t.midnight),
    am: meridiem(t.am),
    pm: meridiem(t.pm),
    numbers: foldMap(lex.numbers),
    timeUnits: foldMap(lex.timeUnits),
    weekdays: foldMap(lex.weekdays),
    weekdaysShort: foldMap(lex.weekdaysShort),
    dayGroups: Object.entries(lex.dayGroups)
      .map(([phrase, days]) => ({ words: words(phrase).map((x) => x.norm), days }))
      .sort((a, b) => b.words.length - a.words.length),
    adverbs: foldMap(lex.adverbs),
    dayParts: foldMap(lex.dayParts),
    counts: foldMap(lex.counts),
    ordinals: foldMap(lex.ordinals),
    alternate: { before: phrases(lex.alternate.before), after: phrases(lex.alternate.after) },
    periods: Object.entries(lex.periods)
      .map(([phrase, period]) => ({ words: words(phrase).map((x) => x.norm), period }))
      .sort((a, b) => b.words.length - a.words.length),
    periodPrefixes: periodPrefixes(language, lex.timeUnits),
    nounBefore: wordSet([...lex.articles, ...lex.determiners]),
    adjectiveEndings: ADJECTIVE_ENDINGS[language] ?? [],
    afterHour: wordSet([
      ...lex.stop,
      ...lex.and,
      ...[t.at, t.every, t.per, t.to, t.noon, t.midnight, t.am, t.pm].flat().flatMap((p) => p.split(/\s+/)),
      ...Object.keys(lex.timeUnits),
      ...Object.keys(lex.weekdays),
      ...Object.keys(lex.dayGroups).flatMap((p) => words(p).map((x) => x.norm)),
      ...Object.keys(lex.adverbs),
      ...Object.keys(lex.dayParts),
      ...Object.keys(lex.periods).flatMap((p) => p.split(/\s+/)),
    ]),
  };
  return [language, w];
})) as Record<UiLanguage, Words>;

/** A reading of the tokens from a position: the quantities it makes and the position after it. */
type Reading = { found: QuantityValue[]; next: number } | null;

// The marks that join two weekdays into a range or a pair ("Mo–Fr", "lun/mer").
const DAY_JOINS = new Set(["-", "–", "—", "/"]);
// Primes right after a number, as sports write lengths: 3' is three minutes, 45'' or 45" forty-five seconds.
const MINUTE_MARKS = new Set(["'", "′", "’"]);
const SECOND_MARKS = new Set(['"', "″", "”"]);
// The signs of so many times every language borrows ("x 8", "×8").
const TIMES_SIGNS = new Set(["x", "×"]);
// The unit a phase's length is in when the one it pairs with would make it ten times longer or more.
const SMALLER: Record<string, string> = { h: "min", min: "s" };
const SENTENCE_ENDS = new Set([".", "!", "?", ";"]);

class Scanner {
  constructor(readonly tokens: readonly Token[], readonly w: Words) {}

  /** Where the prompt writes the word of a timer's phase, before each length ("work 45s rest 15") or after
   * it ("20s on 10s off"), as its first phase shows. */
  phaseOrder?: "before" | "after";
  /** The last phase read with its unit stated, its length and the position after it. */
  lastPhase?: { unit: string; seconds: number; next: number };

  norm(i: number): string {
    return this.tokens[i]?.norm ?? "";
  }

  /** A number at i: digits, or a number word ("twenty", "ventiquattro" is not; "24" is). */
  number(i: number, words = true): { value: number; next: number } | null {
    const t = this.tokens[i];
    if (!t) return null;
    if (t.kind === "number") return { value: parseNumber(t.text, this.w.lex.decimalComma), next: i + 1 };
    const value = words ? this.w.numbers.get(t.norm) : undefined;
    return value === undefined ? null : { value, next: i + 1 };
  }

  /** The position after one of the phrases at i ("a las", "alle"), or i when none is there. */
  phrase(i: number, list: Phrase[]): number {
    const hit = list.find((p) => p.every((word, k) => this.norm(i + k) === word));
    return hit ? i + hit.length : i;
  }

  /** Skips the phrases repeated at i: the "at" words between the parts of a list ("alle 8, alle 16"). */
  skip(i: number, list: Phrase[]): number {
    for (let next = this.phrase(i, list); next > i; next = this.phrase(i, list)) i = next;
    return i;
  }

  money(i: number): Reading {
    const symbol = CURRENCY_SYMBOLS.get(this.norm(i)) ?? CURRENCY_WORDS.get(this.norm(i));
    const before = symbol ? this.number(i + 1, false) : null;
    const n = before ?? this.number(i, false);
    if (!n) return null;
    // ("7 p.m." is a time, not 7 pence.)
    const hundredths = before || this.phrase(n.next, ENGLISH.pm) > n.next + 1
      ? undefined
      : HUNDREDTHS.get(this.norm(n.next));
    const currency = symbol && before
      ? symbol
      : CURRENCY_SYMBOLS.get(this.norm(n.next)) ?? CURRENCY_WORDS.get(this.norm(n.next)) ?? hundredths;
    if (!currency) return null;
    const value = hundredths === currency ? Math.round(n.value) / 100 : n.value;
    const next = before ? n.next : n.next + 1;
    const rate = this.rate(next) ?? this.priced(i);
    return rate
      ? { found: [{ kind: "money", value, currency, per: rate.per }], next: rate.next ?? next }
      : { found: [{ kind: "money", value, currency }], next };
  }

  /** What one thing an amount starting at i is the price of, said before it: "a beer is $3", "un caffè costa
   * 1 €", "ein Kaffee kostet 0,50 €". */
  priced(i: number): { per: string; next?: number } | null {
    const verb = this.w.rateCosts.find((p) => p.every((word, k) => this.norm(i - p.length + k) === word));
    const at = i - (verb?.length ?? 0) - 1;
    const thing = this.tokens[at];
    if (
      !verb || thing?.kind !== "word" || this.w.stop.has(thing.norm) || !this.w.one.has(this.norm(at - 1))
    ) {
      return null;
    }
    // ("A month is $600" is a budget.)
    if (PERIOD_UNITS.has(this.w.timeUnits.get(thing.norm) ?? "")) return null;
    return { per: thing.norm };
  }

  /** What an amount ending before i is paid for: "/h", "per lesson", "an hour", "l'ora", "pro Kind". Not a
   * period ("$600 a month" is a budget), a name ("20 € a Marco") or a function word ("per la cena"). */
  rate(i: number): { per: string; next: number } | null {
    const slash = this.norm(i) === "/" ? i + 1 : i;
    const per = slash > i ? slash : this.phrase(i, this.w.ratePer);
    const k = per > i ? per : this.phrase(i, this.w.rateThe);
    const t = this.tokens[k];
    if (k === i || t?.kind !== "word" || this.w.stop.has(t.norm)) return null;
    const time = this.w.timeUnits.get(t.norm);
    if (time && PERIOD_UNITS.has(time)) return null;
    if (per === i && !time && !UNIT_WORDS.has(t.norm)) return null;
    if (this.w.lex !== LEXICONS.de && t.text[0] !== t.text[0].toLowerCase()) return null;
    return { per: t.norm, next: k + 1 };
  }

  range(i: number): Reading {
    const from = this.w.from.has(this.norm(i));
    const a = this.number(from ? i + 1 : i);
    if (!a) return null;
    const sep = this.norm(a.next);
    const dash = sep === "-" || sep === "–";
    if (!dash && !(this.w.to.has(sep) && (from || !this.w.and.has(sep)))) return null;
    const b = this.number(a.next + 1);
    if (!b || b.value <= a.value) return null;
    const unit = UNIT_WORDS.get(this.norm(b.next));
    return {
      found: [{ kind: "range", from: a.value, to: b.value, ...(unit ? { unit: unit.unit } : {}) }],
      next: unit ? b.next + 1 : b.next,
    };
  }

  /**
   * A span of the day, from one hour to another, in the sentence of a recurrence within a day ("every 2 hours
   * from 8 to 22", "dalle 9 alle 18 ricordami ogni ora", "entre 9h et 17h", "de 9 a 21", "von 8 bis 20 Uhr",
   * "between 8am and 8pm"): the hours it rings within. Elsewhere its numbers are what they are alone, times
   * or a range ("from 1 to 5"). An end before its start on the twelve-hour clock is in the afternoon ("from 9
   * to 5").
   */
  window(i: number): Reading {
    const w = this.w;
    if (!w.from.has(this.norm(i))) return null;
    const a = this.clock(this.article(i + 1), true);
    const to = a?.next ?? i;
    if (!a || !(w.to.has(this.norm(to)) || DAY_JOINS.has(this.norm(to))) || !this.recursInDay(i)) return null;
    // (The second is an hour whatever word follows it: "dalle 9 alle 18 ricordami".)
    const b = this.clock(this.article(to + 1), true, true);
    if (!b || b.time === a.time || this.timeUnit(b.next) || UNIT_WORDS.has(this.norm(b.next))) return null;
    const end = a.twelve && b.twelve && b.time < a.time ? inPart(b.time, "18:00") : b.time;
    return { found: [{ kind: "window", from: a.time, to: end }], next: b.next };
  }

  /** The position after a definite article or a determiner at i ("tra le 6", "entre las 7"), else i. */
  article(i: number): number {
    return this.w.nounBefore.has(this.norm(i)) ? i + 1 : i;
  }

  /** Whether a recurrence within a day (in hours or minutes, or so many times a day) is in i's sentence. */
  recursInDay(i: number): boolean {
    let from = i;
    while (from > 0 && !SENTENCE_ENDS.has(this.norm(from - 1))) from--;
    for (let k = from; k < this.tokens.length && !SENTENCE_ENDS.has(this.norm(k)); k++) {
      if (this.frequency(k)?.found.some(withinDay)) return true;
    }
    return false;
  }

  /** A clock time at i: 20:30, 19.30, 8am, 7 p.m., 8h, 8h30, 8 Uhr, noon; `bare` accepts a lone hour (after
   * "at"), and `atHour` one after a word that names the hour ("alle 8"), whatever follows it. `twelve`: the
   * hour may be of the morning or of the afternoon (1 to 12, no "am" or "pm", no leading zero). */
  clock(i: number, bare: boolean, atHour = false): { time: string; next: number; twelve: boolean } | null {
    const w = this.w;
    if (w.noon.has(this.norm(i))) return { time: "12:00", next: i + 1, twelve: false };
    if (w.midnight.has(this.norm(i))) return { time: "00:00", next: i + 1, twelve: false };
    const t = this.tokens[i];
    // (A dotted time is one number token: "19.30 Uhr", "at 10.30pm".)
    const dotted = t?.kind === "number" ? /^(\d{1,2})\.(\d{2})$/.exec(t.text) : null;
    if (t?.kind !== "number" || !(dotted || /^\d{1,2}$/.test(t.text))) return null;
    let hour = Number(dotted ? dotted[1] : t.text);
    let minute = dotted ? Number(dotted[2]) : 0;
    let next = i + 1;
    let marked = false;
    const sep = this.norm(next);
    // "8h30" and "8h" are times after "at" ("à 8h30"); alone they are durations ("1h30").
    const h = sep === "h" && bare;
    if (dotted) {
      if (sep === "h" || sep === "uhr") {
        next++;
        marked = true;
      }
    } else if ((sep === ":" || sep === "." || h) && /^\d{2}$/.test(this.tokens[next + 1]?.text ?? "")) {
      minute = Number(this.tokens[next + 1].text);
      next += 2;
      marked = true;
    } else if (h || sep === "uhr") {
      next += 1;
      marked = true;
    }
    if (this.norm(next) === "uhr") next++;
    // English "am" is borrowed ("8am"), except where it is a word of the language before a noun ("4 am Tag").
    const borrowed = this.phrase(next, ENGLISH.am);
    const own = this.phrase(next, w.am);
    const am = own > next ? own : borrowed > next &&
        !(borrowed === next + 1 && w.stop.has(this.norm(next)) && this.tokens[next + 1]?.kind === "word")
      ? borrowed
      : next;
    const pm = Math.max(this.phrase(next, w.pm), this.phrase(next, ENGLISH.pm));
    const twelve = hour >= 1 && hour <= 12 && !/^0/.test(t.text) && am === next && pm === next;
    if (am > next) {
      if (hour === 12) hour = 0;
      next = am;
      marked = true;
    } else if (pm > next) {
      if (hour < 12) hour += 12;
      next = pm;
      marked = true;
    }
    if (!marked && !bare) return null;
    // A lone number after "at" that counts or measures something ("à 4 choix", "a 20 stelline", "at 24%",
    // "at 1 € = $1.08") is no time of day.
    const after = this.tokens[next];
    if (
      !marked && !atHour && after &&
      (after.kind === "word" ? !w.afterHour.has(after.norm) : /^[%=€$£]/.test(after.text))
    ) {
      return null;
    }
    if (hour > 24 || minute > 59) return null;
    const time = clock(hour % 24, minute);
    return { time, next, twelve };
  }

  /** "at 8, 16 and 24", "alle 8, alle 16 e alle 24", "8am and 8pm": every time of the list. */
  times(i: number): Reading {
    const after = this.skip(i, this.w.at);
    const first = this.clock(after, after > i, this.phrase(i, this.w.atHour) > i);
    if (!first) return null;
    const clocks = [first];
    let next = first.next;
    for (;;) {
      if (!this.w.and.has(this.norm(next))) break;
      let j = next;
      while (this.w.and.has(this.norm(j))) j++;
      const more = this.clock(this.skip(j, this.w.at), true, this.phrase(j, this.w.atHour) > j);
      // A lone number after "and" continues the list only when nothing measures it ("and 24", not "and 3 km").
      if (!more || UNIT_WORDS.has(this.norm(more.next)) || this.w.timeUnits.has(this.norm(more.next))) break;
      clocks.push(more);
      next = more.next;
    }
    // A part of the day right before the list or after it, across up to two function words, says which half
    // of the day its hours are in ("every evening at 7", "la sera alle 9", "alle 7 di sera", "à 7 h du soir",
    // "a las 7 de la tarde", "um 7 Uhr abends"); the part after it is the time's own words.
    let k = next;
    while (k < next + 2 && this.w.stop.has(this.norm(k)) && !this.w.and.has(this.norm(k))) k++;
    const later = this.w.dayParts.get(this.norm(k));
    const part = later ?? this.w.dayParts.get(this.norm(i - 1));
    if (later) next = k + 1;
    const found: QuantityValue[] = clocks.map((c) => ({
      kind: "time",
      time: part && c.twelve ? inPart(c.time, part) : c.time,
    }));
    return { found, next };
  }

  /**
   * An ordinal at i before a weekday, then "of the month" ("the first Sunday of the month", "le premier jeudi
   * du mois", "el primer martes de cada mes"), which after "every" may be left out ("ogni primo lunedì"): that
   * weekday; after "every", before a unit of time, the step ("every other week", "jede zweite Woche"). Its
   * words say when, never what.
   */
  nth(i: number, every: boolean): Reading {
    const w = this.w;
    const place = w.ordinals.get(this.norm(i));
    if (place === undefined) return null;
    const day = w.weekdays.get(this.norm(i + 1));
    const unit = this.timeUnit(i + 1);
    if (every && day === undefined && unit && place > 1) {
      return { found: [{ kind: "frequency", every: place, unit }], next: i + 2 };
    }
    if (day === undefined) return null;
    let k = i + 2;
    while (k < i + 5 && (w.stop.has(this.norm(k)) || this.phrase(k, w.every) > k)) k++;
    const monthly = this.timeUnit(k) === "month";
    if (!monthly && !every) return null;
    const next = monthly ? k + 1 : i + 2;
    // (A day of the month is a day as a plain weekday is, when something is on.)
    if (monthly) return { found: [{ kind: "weekday", day }], next };
    return { found: [{ kind: "frequency", weekdays: [day], every: place }], next };
  }

  /** A unit of time every second one: "alternate weeks", "a settimane alterne", "une semaine sur deux". */
  alternate(i: number): Reading {
    const w = this.w;
    const before = this.phrase(i, w.alternate.before);
    const at = before > i ? before : (this.number(i)?.next ?? i);
    const unit = this.timeUnit(at);
    if (!unit) return null;
    const after = this.phrase(at + 1, w.alternate.after);
    if (before === i && after === at + 1) return null;
    return { found: [{ kind: "frequency", every: 2, unit }], next: after };
  }

  /** A time unit at i, in the language or as a symbol. */
  timeUnit(i: number): string | undefined {
    return this.w.timeUnits.get(this.norm(i));
  }

  frequency(i: number): Reading {
    const w = this.w;
    const n0 = this.norm(i);
    const adverb = w.adverbs.get(n0) ?? w.adverbs.get(uninflected(n0, w.adjectiveEndings));
    if (adverb) {
      const unit = adverb.replace(/^\d+/, "");
      const time = w.dayParts.get(n0);
      return {
        found: [{
          kind: "frequency",
          every: Number(adverb.match(/^\d+/)?.[0] ?? 1),
          unit,
          ...(time ? { time } : {}),
        }],
        next: i + 1,
      };
    }
    // "in the morning", "la sera", "le soir", "por la noche", "am Abend": daily, at that part of it; after
    // "of" it is what a price or a count is for ("le prix de la nuit").
    const part = this.phrase(i, w.dayPart);
    const partTime = part > i && !w.of.has(this.norm(i - 1)) ? w.dayParts.get(this.norm(part)) : undefined;
    if (partTime) {
      return { found: [{ kind: "frequency", every: 1, unit: "day", time: partTime }], next: part + 1 };
    }
    // "every 8 hours", "ogni 3 giorni", "toutes les 8 heures", "cada 8 horas", "alle 8 Stunden",
    // "every Sunday", "tous les lundis", "jeden Sonntag", "every day".
    const j = this.phrase(i, w.every);
    const nth = this.nth(j, j > i);
    if (nth) return nth;
    const alternate = this.alternate(i);
    if (alternate) return alternate;
    if (j === i) {
      // "twice a day", "3 times a week", "due volte al giorno", "zweimal pro Tag"
      const count = w.counts.get(n0) ?? (w.times.has(this.norm(i + 1)) ? this.number(i)?.value : undefined);
      if (count === undefined) return null;
      let k = w.counts.has(n0) ? i + 1 : i + 2;
      if (this.phrase(k, w.per) === k) return null;
      k = this.skip(k, w.per);
      const unit = this.timeUnit(k);
      return unit ? { found: [{ kind: "frequency", count, unit }], next: k + 1 } : null;
    }
    const weekdays: number[] = [];
    let k = j;
    for (;;) {
      const day = w.weekdays.get(this.norm(k));
      const group = this.dayGroup(k);
      if (day === undefined && !group) break;
      weekdays.push(...(group?.days ?? [day!]));
      k = group?.next ?? k + 1;
      if (w.and.has(this.norm(k)) && (w.weekdays.has(this.norm(k + 1)) || this.dayGroup(k + 1))) k++;
      else break;
    }
    if (weekdays.length) return { found: [{ kind: "frequency", weekdays }], next: k };
    // "every evening", "ogni sera", "tous les soirs", "cada noche", "jeden Abend": daily, at that part of it.
    const time = w.dayParts.get(this.norm(j));
    if (time) return { found: [{ kind: "frequency", every: 1, unit: "day", time }], next: j + 1 };
    const n = this.number(j);
    const unit = this.timeUnit(n ? n.next : j);
    if (!unit || this.ofLonger((n ? n.next : j) + 1, unit)) return null;
    return { found: [{ kind: "frequency", every: n?.value ?? 1, unit }], next: (n ? n.next : j) + 1 };
  }

  /** "25 minutes", "1h30", 45'', "20s on 10s off" (a phase), "8 rounds"; after a timer's phases, so many
   * times is its rounds ("x 10", "10 times", "10 volte", "10 Mal"). */
  duration(i: number): Reading {
    const w = this.w;
    const sign = TIMES_SIGNS.has(this.norm(i)) && this.lastPhase ? this.number(i + 1) : null;
    if (sign) return { found: [{ kind: "rounds", value: sign.value }], next: sign.next };
    // (A phase's word may come before its length, across a colon: "work 45s rest 15", "rest: 15".)
    const lead = this.phaseAt(i, false);
    const n = this.number(lead ? this.colon(lead.next) : i);
    if (!n) return null;
    const times = this.lastPhase && (w.times.has(this.norm(n.next)) || TIMES_SIGNS.has(this.norm(n.next)));
    if (!lead && (w.rounds.has(this.norm(n.next)) || times)) {
      return { found: [{ kind: "rounds", value: n.value }], next: n.next + 1 };
    }
    const stated = this.unitAfter(n.next);
    if (!stated) return this.barePhase(i, n, lead?.phase);
    const unit = stated.unit;
    if (!(unit in SECONDS)) return null;
    let seconds = n.value * SECONDS[unit];
    let next = stated.next;
    const rest = this.tokens[next];
    if (unit === "h" && rest?.kind === "number" && /^\d{2}$/.test(rest.text)) {
      seconds += Number(rest.text) * 60;
      next++;
    }
    // A phase's word before its length is one only beside another phase ("work 45s rest 15"): alone it may
    // be a verb ("lavoro 8 ore", "I work 8 hours"), and the length is read on its own.
    const order = this.phaseOrder ?? (lead && this.opensPhase(next) ? "before" : "after");
    if (lead && order !== "before") return null;
    const after = order === "after" ? this.phaseAt(next, false) ?? this.ofPhase(next) : undefined;
    const phase = lead?.phase ?? after?.phase;
    if (after) next = after.next;
    if (phase) {
      this.phaseOrder = order;
      this.lastPhase = { unit, seconds, next };
    }
    return { found: [{ kind: "duration", seconds, ...(phase ? { phase } : {}) }], next };
  }

  /** The unit of time at i, after a number: a word ("min", "Sekunden") or primes written right after it. */
  unitAfter(i: number): { unit: string; next: number } | undefined {
    const word = this.timeUnit(i);
    if (word) return { unit: word, next: i + 1 };
    const glued = (k: number) =>
      this.tokens[k] !== undefined && this.tokens[k].start === this.tokens[k - 1].end;
    if (!glued(i)) return undefined;
    const mark = this.tokens[i].text;
    if (SECOND_MARKS.has(mark)) return { unit: "s", next: i + 1 };
    if (!MINUTE_MARKS.has(mark)) return undefined;
    if (glued(i + 1) && MINUTE_MARKS.has(this.tokens[i + 1].text)) return { unit: "s", next: i + 2 };
    // ("the 90's" is no length.)
    return glued(i + 1) ? undefined : { unit: "min", next: i + 1 };
  }

  /** The phase a word at i names ("work", "recupero", "Pause"), across an "of" word when `of` ("50 minuti di
   * lavoro"), and the position after it. */
  phaseAt(i: number, of: boolean): { phase: "on" | "off"; next: number } | undefined {
    const k = of && this.w.of.has(this.norm(i)) ? i + 1 : i;
    const phase = this.w.on.has(this.norm(k)) ? "on" : this.w.off.has(this.norm(k)) ? "off" : undefined;
    return phase && { phase, next: k + 1 };
  }

  /** The position after a colon at i, else i. */
  colon(i: number): number {
    return this.norm(i) === ":" ? i + 1 : i;
  }

  /** Whether another phase's word and its number follow i, across a comma or "and". */
  opensPhase(i: number): boolean {
    let k = i;
    while (this.w.and.has(this.norm(k))) k++;
    const hit = this.phaseAt(k, false);
    return hit !== undefined && this.number(this.colon(hit.next)) !== null;
  }

  /** A phase's word after an "of" word ("50 minuti di lavoro") where another phase's length follows it ("e 10
   * di pausa"): alone it says what the time is of ("25 minuti di lavoro e 1h30 in tutto"). */
  ofPhase(i: number): { phase: "on" | "off"; next: number } | undefined {
    const hit = this.w.of.has(this.norm(i)) ? this.phaseAt(i + 1, false) : undefined;
    if (!hit) return undefined;
    let k = hit.next;
    while (this.w.and.has(this.norm(k))) k++;
    const n = this.number(k);
    return n && this.phaseAt(this.unitAfter(n.next)?.next ?? n.next, true) ? hit : undefined;
  }

  /** Whether only commas, "and" and "of" words stand from i to `to`. */
  joined(i: number, to: number): boolean {
    for (let k = i; k < to; k++) {
      if (!this.w.and.has(this.norm(k)) && !this.w.of.has(this.norm(k))) return false;
    }
    return true;
  }

  /**
   * A number with no unit of its own beside a phase's word (`lead` when that word is at i, before it), right
   * after another phase of the same timer:
   * a phase in that one's unit ("30 secs on 15 off", "travail 50 s repos 10", "50 minuti di lavoro e 10 di
   * pausa"), or in the unit below where that would make it ten times longer or more
   * ("1 minuto trabajo 30 descanso": 30 seconds).
   */
  barePhase(i: number, n: { value: number; next: number }, lead?: "on" | "off"): Reading {
    const last = this.lastPhase;
    if (!last) return null;
    const after = this.phaseOrder === "after" && !lead ? this.phaseAt(n.next, true) : undefined;
    const phase = this.phaseOrder === "before" ? lead : after?.phase;
    if (!phase || !this.joined(last.next, i)) return null;
    const seconds = n.value * SECONDS[last.unit];
    const unit = seconds >= 10 * last.seconds && SMALLER[last.unit] ? SMALLER[last.unit] : last.unit;
    const next = after?.next ?? n.next;
    this.lastPhase = { ...last, next };
    return { found: [{ kind: "duration", seconds: n.value * SECONDS[unit], phase }], next };
  }

  measure(i: number): Reading {
    const n = this.number(i);
    const unit = n && UNIT_WORDS.get(this.norm(n.next));
    if (!n || !unit) return null;
    return { found: [{ kind: "measure", value: n.value, ...unit }], next: n.next + 1 };
  }

  period(i: number): Reading {
    const before = this.timeUnit(i - 1);
    if (before && this.ofLonger(i, before)) return null;
    for (const p of this.w.periods) {
      if (!p.words.every((word, k) => this.norm(i + k) === word)) continue;
      if (p.words.length === 1 && this.namesRecord(i)) continue;
      if (this.ofLonger(i + p.words.length, p.period)) continue;
      return { found: [{ kind: "period", period: p.period }], next: i + p.words.length };
    }
    const word = this.tokens[i].kind === "word" ? this.norm(i) : "";
    const compound = this.w.periodPrefixes.find(([prefix]) =>
      word.length >= prefix.length + COMPOUND_REST && word.startsWith(prefix)
    );
    return compound ? { found: [{ kind: "period", period: compound[1] }], next: i + 1 } : null;
  }

  /** Whether the words at i are a longer period an "of" word opens, after a shorter unit: that unit's place in
   * it ("each day of the week", "ogni giorno della settimana", "jour du mois") says which day, neither a
   * period to count over nor a recurrence (German writes it as one word, "Wochentag"). */
  ofLonger(i: number, unit: string): boolean {
    return this.w.of.has(this.norm(i)) &&
      this.w.periods.some((p) =>
        SECONDS[unit] < SECONDS[p.period] && p.words.every((word, k) => this.norm(i + k) === word)
      );
  }

  /** Whether the word at i is a noun naming a kind of record, not a period ("diario de lectura", "un diario
   * para mis sueños", "il quotidiano"): it opens its phrase and a complement follows, or a determiner comes
   * before it and no word it could qualify after it ("a daily summary", "un bilan quotidien de…" are periods). */
  namesRecord(i: number): boolean {
    const content = (t: Token | undefined) => t?.kind === "word" && !this.w.stop.has(t.norm);
    const [before, after] = [this.tokens[i - 1], this.tokens[i + 1]];
    const determined = this.w.nounBefore.has(before?.norm ?? "");
    if (content(before) && !determined) return false;
    return (after?.kind === "word" && this.w.of.has(after.norm)) || (determined && !content(after));
  }

  /** The days a word of several names ("weekdays", "fine settimana", "unter der Woche") and the position
   * after it. */
  dayGroup(i: number): { days: number[]; next: number } | undefined {
    const hit = this.w.dayGroups.find((g) => g.words.every((word, k) => this.norm(i + k) === word));
    return hit && { days: hit.days, next: i + hit.words.length };
  }

  /** A word of several days is each of those days ("am Wochenende": Saturday and Sunday). */
  days(i: number): Reading {
    const group = this.dayGroup(i);
    return group ? { found: group.days.map((day) => ({ kind: "weekday", day })), next: group.next } : null;
  }

  weekday(i: number): Reading {
    const day = this.w.weekdays.get(this.norm(i)) ??
      (this.besideDay(i) ? this.w.weekdaysShort.get(this.norm(i)) : undefined);
    return day === undefined ? null : { found: [{ kind: "weekday", day }], next: i + 1 };
  }

  /** Whether another weekday, full or short, is right before or after i, or across a dash or a slash. */
  besideDay(i: number): boolean {
    return [-1, 1].some((step) => {
      const k = DAY_JOINS.has(this.norm(i + step)) ? i + 2 * step : i + step;
      return this.w.weekdays.has(this.norm(k)) || this.w.weekdaysShort.has(this.norm(k));
    });
  }

  /** A number nothing else read; the words for one ("a", "un", "ein") are articles far more often. */
  plain(i: number): Reading {
    const n = this.number(i);
    if (!n || (this.tokens[i].kind === "word" && n.value <= 1)) return null;
    return { found: [{ kind: "number", value: n.value }], next: n.next };
  }
}

/** Whether a quantity recurs within a day: every so many hours or minutes, or so many times a day. */
const withinDay = (q: QuantityValue) =>
  q.kind === "frequency" &&
  (q.unit === "h" || q.unit === "min" || (q.count !== undefined && q.unit === "day"));

/** Whether a quantity is a timer's phase or its rounds, whose words ("6 séries", "pausa 10") name the
 * timer's parts, never records nor another ask. */
export const timerPart = (q: Quantity) =>
  (q.kind === "duration" && q.phase !== undefined) || q.kind === "rounds";

/** The clock times stated, with those a recurrence rings at within a span of the day, else the parts of the
 * day a recurrence names ("every evening": 20:00). */
export function timesOf(quantities: Quantity[]): string[] {
  const clock = quantities.flatMap((q) => q.kind === "time" ? [q.time] : []);
  const parts = quantities.flatMap((q) => q.kind === "frequency" && q.time ? [q.time] : []);
  const spanned = windowTimes(quantities);
  const within = [...spanned, ...clock.filter((time) => !spanned.includes(time))];
  return within.length ? within : [...new Set(parts)];
}

// A reminder that would ring more often than this within its span is no list of times to set.
const MOST_TIMES = 24;

/**
 * The times of a span of the day: where a recurrence within a day is stated with it, from its start to its
 * end every so many hours or minutes ("every 3 hours from 9 to 21": 09:00, 12:00 … 21:00) or so many times a
 * day spread evenly, the first and last at its ends ("3 times a day between 8 and 20": 08:00, 14:00, 20:00);
 * else its start and its end ("de 19:00 a 22:00"). An end at or before its start is the next day's ("from 22
 * to 6", "tra le 6 e le 24").
 */
function windowTimes(quantities: Quantity[]): string[] {
  const span = quantities.find((q) => q.kind === "window");
  if (span?.kind !== "window") return [];
  const every = quantities.find(withinDay);
  if (every?.kind !== "frequency") return [span.from, span.to];
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const from = minutes(span.from);
  const to = minutes(span.to) > from ? minutes(span.to) : minutes(span.to) + 1440;
  const step = every.count
    ? (to - from) / Math.max(every.count - 1, 1)
    : (every.every ?? 1) * (every.unit === "h" ? 60 : 1);
  const count = every.count ?? Math.floor((to - from) / step) + 1;
  if (count > MOST_TIMES) return [];
  return Array.from({ length: count }, (_, k) => {
    const at = Math.round(from + k * step) % 1440;
    return clock(Math.floor(at / 60), at % 60);
  });
}

/** Every quantity in the text, in order of appearance. */
/** The period a recurrence comes once in ("each month", "ogni settimana", "jeden Tag", "monthly"): none for
 * one in hours, on weekdays, at a time or so many times a period. */
export function oncePer(q: Quantity): string | undefined {
  if (q.kind !== "frequency" || q.every !== 1 || q.weekdays || q.count || q.time) return undefined;
  return q.unit && ONCE_PER.has(q.unit) ? q.unit : undefined;
}

const ONCE_PER = new Set(["day", "week", "month", "year"]);

export function quantities(text: string, language: UiLanguage): Quantity[] {
  const tokens = words(text);
  const scan = new Scanner(tokens, WORDS[language]);
  const readers = [
    (i: number) => scan.money(i),
    (i: number) => scan.frequency(i),
    (i: number) => scan.window(i),
    (i: number) => scan.range(i),
    (i: number) => scan.times(i),
    (i: number) => scan.duration(i),
    (i: number) => scan.measure(i),
    (i: number) => scan.days(i),
    (i: number) => scan.period(i),
    (i: number) => scan.weekday(i),
    (i: number) => scan.plain(i),
  ];
  const found: Quantity[] = [];
  for (let i = 0; i < tokens.length;) {
    const reading = readers.reduce<Reading>((got, read) => got ?? read(i), null);
    if (!reading) {
      i++;
      continue;
    }
    const start = tokens[i].start;
    const end = tokens[reading.next - 1].end;
    for (const q of reading.found) found.push({ ...q, text: text.slice(start, end), start, end });
    i = reading.next;
  }
  monthDays(text, found, WORDS[language].stop);
  const calendar = dates(text, language, found);
  // A date's day is not a number of its own ("June 1st").
  const kept = found.filter((q) =>
    q.kind !== "number" || !calendar.some((d) => d.start <= q.start && q.end <= d.end)
  );
  return [...kept, ...calendar].sort((a, b) => a.start - b.start);
}

/** What may stand between a day of the month and its ordinal ending or the next word ("1st", "3.", "5º"). */
const ORDINAL = /^(?:\.|st|nd|rd|th|º|ª|°|er|re|e|o|a)(?=\s|$)/i;

/**
 * The days a monthly frequency falls on ("the 5th of every month", "il 5 di ogni mese", "on the 1st and
 * 15th of each month", "am 3. jedes Monats", "every month on the 28th"): whole numbers from 1 to 31 joined
 * to it by function words alone are its days, not numbers of their own; the frequency spans them.
 */
function monthDays(text: string, found: Quantity[], stop: Set<string>) {
  const joined = (between: string) =>
    words(between.trim().replace(ORDINAL, "")).every((t) =>
      t.kind === "word" && stop.has(t.norm) || t.text === ","
    );
  const day = (q: Quantity) =>
    q.kind === "number" && Number.isInteger(q.value) && q.value >= 1 && q.value <= 31;
  for (const q of found) {
    if (q.kind !== "frequency" || q.unit !== "month" || (q.every ?? 1) !== 1 || q.count !== undefined) {
      continue;
    }
    const days: Quantity[] = [];
    const numbers = found.filter(day);
    let from = q.start;
    for (const n of numbers.filter((n) => n.end <= q.start).reverse()) {
      if (!joined(text.slice(n.end, from))) break;
      days.push(n);
      from = n.start;
    }
    let to = q.end;
    for (const n of numbers.filter((n) => n.start >= q.end)) {
      if (!joined(text.slice(to, n.start))) break;
      days.push(n);
      to = n.end;
    }
    if (!days.length) continue;
    q.monthDays = [...new Set(days.map((n) => (n as { value: number }).value))].sort((a, b) => a - b);
    Object.assign(q, { start: from, end: to, text: text.slice(from, to) });
    for (const n of days) found.splice(found.indexOf(n), 1);
  }
}

/** Calendar dates ("June 1st", "12 marzo", "le 3 mai") where chrono-node finds a day and a month. */
function dates(text: string, language: UiLanguage, taken: Quantity[]): Quantity[] {
  const out: Quantity[] = [];
  for (const result of chrono[language].parse(text, new Date(Date.UTC(2026, 0, 1)))) {
    const start = result.index;
    const end = start + result.text.length;
    if (!result.start.isCertain("day") || !result.start.isCertain("month")) continue;
    if (taken.some((q) => q.start < end && start < q.end && q.kind !== "number")) continue;
    // ISO 8601: "--06-01" is a month and day without a year.
    const year = result.start.isCertain("year") ? String(result.start.get("year")).padStart(4, "0") : "-";
    const month = String(result.start.get("month")).padStart(2, "0");
    const day = String(result.start.get("day")).padStart(2, "0");
    out.push({ kind: "date", date: `${year}-${month}-${day}`, text: result.text, start, end });
  }
  return out;
}

/** A time of day as `HH:MM`. */
function clock(hour: number, minute: number): string {
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}
