// Reminders enumerated in one ask: things to be reminded of, joined by a comma or "and", each with its own
// when ("remind me to feed the cat at 7:30 and to take out the bins at 21", "Lasix alle 8 e alle 14,
// Eutirox alle 7"), are a reminder each, at its own times and on its own weekdays.
import type { Ask } from "./asks.ts";
import type { UiLanguage } from "./language.ts";
import { CUES, LEXICONS, matchCues } from "./lexicon.ts";
import { type Quantity, timesOf } from "./quantities.ts";
import { stem } from "./stem.ts";
import { fold, words } from "./text.ts";

/** What says when a reminder rings. */
const WHEN = new Set<Quantity["kind"]>(["time", "frequency", "weekday", "window"]);

/** Each reminder ask split where a comma or "and" opens another thing to do with its own when; other asks
 * as they are. */
export function eachReminder(asks: Ask[], prompt: string, language: UiLanguage): Ask[] {
  return asks.flatMap((ask) => ask.type === "reminder" ? split(ask, prompt, language) : [ask]);
}

/** Per language, the words of months and seasons, which say when rather than what ("in July and August"). */
const CALENDAR = new Map<UiLanguage, Set<string>>();
function calendar(language: UiLanguage): Set<string> {
  let known = CALENDAR.get(language);
  if (!known) {
    const month = new Intl.DateTimeFormat(language, { month: "long", timeZone: "UTC" });
    known = new Set([
      ...Array.from({ length: 12 }, (_, m) => fold(month.format(Date.UTC(2000, m, 1)))),
      ...LEXICONS[language].seasons.map(fold),
    ]);
    CALENDAR.set(language, known);
  }
  return known;
}

function split(ask: Ask, prompt: string, language: UiLanguage): Ask[] {
  const lex = LEXICONS[language];
  // ("Or" offers another time for the same thing.)
  const or = new Set(lex.or.map(fold));
  const and = new Set(lex.and.map(fold).filter((w) => !or.has(w)));
  const { stop, asks: cues } = CUES[language];
  // (Up to the sentence's end: what the last time is for may follow it, "…und um 21 Uhr an die Zahnspange".)
  const rest = prompt.slice(ask.end).search(/[.;:!?\n]/);
  const tokens = words(prompt.slice(ask.start, rest < 0 ? prompt.length : ask.end + rest)).map((t) => ({
    ...t,
    start: t.start + ask.start,
    end: t.end + ask.start,
  }));
  const when = ask.quantities.filter((q) => WHEN.has(q.kind));
  const within = (q: { start: number; end: number }, from: number, to: number) =>
    from <= q.start && q.end <= to;
  const joins = (i: number) =>
    (tokens[i].norm === "," || tokens[i].norm === ";" || and.has(tokens[i].norm)) &&
    !when.some((q) => q.start < tokens[i].start && tokens[i].end <= q.end);
  // (The words that ask for a reminder name nothing to be reminded of.)
  const asking = new Set(
    matchCues(tokens.map((t) => stem(t.norm, language)), cues).filter((m) => m.key === "reminder")
      .flatMap((m) => Array.from({ length: m.to - m.from }, (_, k) => m.from + k)),
  );
  // Only what asks for a reminder, or rings at a time of day, is split: other recurrences may be a list's
  // or a log's ("how often (weekly, monthly)", "il peso ogni settimana").
  const rings = (q: Quantity) => asking.size > 0 || q.kind === "time" || (q.kind === "frequency" && !!q.time);
  // A part says when and names something to be reminded of, a word that is no function word, cue, month or
  // season, nor part of a when: whether it names it before its when or after, else nothing.
  const names = (i: number) =>
    tokens[i].kind === "word" && !stop.has(tokens[i].norm) && !asking.has(i) &&
    !calendar(language).has(tokens[i].norm) && !ask.quantities.some((q) => within(tokens[i], q.start, q.end));
  const own = (from: number, to: number): "before" | "after" | undefined => {
    const at = when.find((q) => rings(q) && within(q, tokens[from].start, tokens[to - 1].end));
    const thing = tokens.slice(from, to).find((_, k) => names(from + k));
    return at && thing ? (thing.start < at.start ? "before" : "after") : undefined;
  };
  // A join opens another reminder where the part before it (back to the nearest join, or further back to
  // one that has its own, "Ibuprofen at 9 and 15, …") and the part after it, up to the next join, each have
  // their own, in the same order ("…at 7:30 and to lock the shed at 22", "um 6 Uhr ans Lüften und um 21 Uhr
  // an die Zahnspange"); "at 8, 14 and 20 to drink water" is one thing at three times, and so is "Blutdruck
  // morgens und abends eintragen", whose verb comes after the second.
  const cuts: number[] = [];
  const before = (i: number) => {
    const floor = cuts.length ? cuts[cuts.length - 1] + 1 : 0;
    for (let k = i - 1; k >= floor; k--) {
      const order = joins(k) ? own(k + 1, i) : undefined;
      if (order) return order;
    }
    return own(floor, i);
  };
  // So does one between parts that each name their own days and time of day, the same thing at another time
  // on other days ("werktags um 7 … und am Wochenende um 10").
  const days = (q: Quantity) => q.kind === "weekday" || (q.kind === "frequency" && !!q.weekdays);
  const dated = (from: number, to: number) =>
    [days, (q: Quantity) => q.kind === "time"].every((kind) =>
      when.some((q) => kind(q) && within(q, tokens[from].start, tokens[to - 1].end))
    );
  tokens.forEach((_, i) => {
    if (!joins(i) || i === 0 || i + 1 === tokens.length) return;
    const next = tokens.findIndex((_, k) => k > i && joins(k));
    const to = next < 0 ? tokens.length : next;
    const order = before(i);
    const floor = cuts.length ? cuts[cuts.length - 1] + 1 : 0;
    if ((order && own(i + 1, to) === order) || (dated(floor, i) && dated(i + 1, to))) cuts.push(i);
  });
  if (!cuts.length) return [ask];
  const bounds = [-1, ...cuts, tokens.length];
  return bounds.slice(1).map((end, k) => {
    // (Without the marks around it: "ramipril once in the morning" of ", ramipril once in the morning, and".)
    const span = tokens.slice(bounds[k] + 1, end);
    const first = span.find((t) => t.kind !== "mark") ?? span[0];
    const last = span.findLast((t) => t.kind !== "mark") ?? span[span.length - 1];
    const [start, stopAt] = [first.start, last.end];
    // (What the ask holds outside its words goes with the part nearest to it.)
    const held = ask.quantities.filter((q) =>
      within(q, k === 0 ? -Infinity : start, end === tokens.length ? Infinity : stopAt)
    );
    const times = timesOf(held);
    // The first keeps the ask's subject where it lies in it; another is about its first word that names
    // something and says no when ("to take out the bins": "take"), else the same thing at another time
    // ("und am Wochenende um 10").
    const at = ask.subject === undefined ? -1 : prompt.indexOf(ask.subject, start);
    const named = tokens.find((t, i) => t.start >= start && t.end <= stopAt && names(i));
    const subject = (at >= start && at < stopAt) || !named ? ask.subject : named.text;
    const part: Ask = {
      ...ask,
      quote: prompt.slice(start, stopAt),
      start,
      end: stopAt,
      fields: k === 0 ? ask.fields : [],
      quantities: held,
    };
    if (subject) part.subject = subject;
    else delete part.subject;
    if (times.length) part.times = times;
    else delete part.times;
    return part;
  });
}
