// Timetables stated as facts rather than asked for: the times and the rhythm of what is done, said in a
// sentence with no word of reminding, are when it is done, a `schedule`, not a reminder.
// - Sessions so many times a day: "Twice a day." alone in its sentence, or with a noun of what is done at set
//   times (the lexicon's `statedSchedule.done` and `plans.sessions`: "exercises twice a day", "esercizi due volte
//   al giorno", "Rückenübungen zweimal am Tag"); "eye drops 4x a day" names no such noun and stays a dose.
// - Times of day of such a noun: "Checks at 8:00 and 15:00 every day", "controlli alle 8 e alle 18",
//   "mesures à 7h, 12h et 19h", "Kontrolle um 8:00 und 16:00"; "Metformin 500 mg at 8" stays a reminder.
// - A span of the day, one time to another: "eating window 12pm to 8pm", "de 12 a 20h", "von 9 bis 18 Uhr".
// - A plan of weeks: a number of weeks and so many of something a week in one sentence ("9 weeks, 3 runs a
//   week", "12 settimane, 4 uscite a settimana", "8 Wochen, 3 Läufe pro Woche").
// - A time planned for each record: a time field a word of planning names ("planned pickup time", "heure de
//   passage prévue", "orario previsto", "geplanter Ankunftszeit"): the records are set out by it.
// - A task to do again every few days, weeks or months, in a prompt that asks nothing else ("water the fern
//   every 5 days", "arroser les orchidées tous les 10 jours", "die Kakteen alle 3 Wochen gießen"), is a
//   reminder of it; one the speaker tells they do ("I weigh him every 2 weeks") is not.
import type { UiLanguage } from "./language.ts";
import type { Quantity } from "./quantities.ts";
import { CUES, LEXICONS, matchEveryKey, perLanguage, stemTokens } from "./lexicon.ts";
import { stem } from "./stem.ts";
import { fold, type Token, words } from "./text.ts";
import type { Ask } from "./asks.ts";

/** Marks that end a sentence. */
const ENDS = new Set([".", "!", "?", ";"]);
/** How many words before its times a noun of what is done may stand ("tests at 7:00"). */
const NOUN_WORDS = 4;
/** How many words may stand between a number and the week it is counted in ("3 runs a week"). */
const PER_WEEK_WORDS = 3;

const stems = (pick: (l: UiLanguage) => string[]) =>
  Object.fromEntries(
    (Object.keys(LEXICONS) as UiLanguage[]).map((l) => [l, new Set(pick(l).map((w) => stem(fold(w), l)))]),
  ) as Record<UiLanguage, Set<string>>;

/** The stems of the nouns of what is done at set times: the lexicon's own and its regular sessions. */
const DONE = stems((l) => [...LEXICONS[l].statedSchedule.done, ...LEXICONS[l].plans.sessions]);
/** The same nouns as written, folded. */
const DONE_WORDS = perLanguage((lex) => [...lex.statedSchedule.done, ...lex.plans.sessions]);
/** The stems of the words of a time set ahead ("planned", "prévue", "geplant"). */
const PLANNED = stems((l) => LEXICONS[l].statedSchedule.planned);
/** Each language's words between two times of a span ("to", "alle", "à", "a", "bis"), not its "and". */
const SPAN_TO = perLanguage((lex) => lex.time.to.filter((w) => !lex.and.includes(w)));
/** The words of the lexicon's "at" an hour ("alle", "a las"): two hours a range says with one are hours. */
const AT_HOUR = perLanguage((lex) =>
  lex.time.atHour.flatMap((p) => p.split(" ")).filter((w) => w.length > 2)
);
const HOURS = perLanguage((lex) => lex.statedSchedule.hours);
const SPAN_FROM = perLanguage((lex) => lex.time.from);
const TIME_TO = perLanguage((lex) => lex.time.to);
const AT = perLanguage((lex) => lex.time.at);
const SPEAKER = perLanguage((lex) => [...lex.speaker, ...lex.owing.speaker]);
/** The words of a week among the units of time ("week", "settimana", "Woche"). */
const WEEK = perLanguage((lex) => Object.keys(lex.timeUnits).filter((w) => lex.timeUnits[w] === "week"));
const PER = perLanguage((lex) => lex.time.per);

/** The asks whose records a time field may set out. */
const RECORDS = new Set<Ask["type"]>(["list", "log", "order"]);

type Run = { from: number; to: number };

function sentencesOf(tokens: readonly Token[]): Run[] {
  const out: Run[] = [];
  let from = 0;
  for (const [i, t] of tokens.entries()) {
    if (t.kind === "mark" && ENDS.has(t.text)) {
      if (i > from) out.push({ from, to: i });
      from = i + 1;
    }
  }
  if (from < tokens.length) out.push({ from, to: tokens.length });
  return out;
}

/** The tokens a quantity stands in. */
function placed(tokens: readonly Token[], q: { start: number; end: number }): Run {
  const from = tokens.findIndex((t) => t.end > q.start);
  let to = from;
  while (to < tokens.length && tokens[to].start < q.end) to++;
  return { from, to };
}

/**
 * The asks with the timetables each sentence states as facts: a `schedule` in place of the reminders its
 * recurrences and times alone asked, a schedule of the records a time planned for each sets out, and a
 * reminder of a task said with its rhythm where the prompt asks nothing else.
 */
export function statedScheduleAsks(
  prompt: string,
  language: UiLanguage,
  asks: Ask[],
  all: Quantity[],
): Ask[] {
  const tokens = words(prompt);
  const stemmed = stemTokens(tokens, language);
  const cues = matchEveryKey(stemmed, CUES[language].asks);
  const reminding = cues.filter((m) => m.key === "reminder");
  const noting = cues.filter((m) => m.key === "log");
  const stop = CUES[language].stop;
  // (A German compound ends on its noun, as written: "Rückenübungen", "Dehnübungen".)
  const done = (i: number) =>
    tokens[i]?.kind === "word" &&
    (DONE[language].has(stemmed[i]) ||
      (language === "de" && [...DONE_WORDS.de].some((w) => w.length >= 4 && tokens[i].norm.endsWith(w))));
  let out = asks;
  const sentences = sentencesOf(tokens);
  for (const sentence of sentences) {
    if (reminding.some((m) => sentence.from <= m.from && m.from < sentence.to)) continue;
    const start = tokens[sentence.from].start;
    const end = tokens[sentence.to - 1].end;
    const inside = (o: { start: number; end: number }) => o.start >= start && o.end <= end;
    if (out.some((a) => a.type === "schedule" && inside(a))) continue;
    const qs = all.filter(inside);
    const spans = qs.map((q) => placed(tokens, q));
    const outsideQuantities = content(sentence).filter((i) => !spans.some((s) => s.from <= i && i < s.to));
    let found: { from: number; to: number; times?: string[]; subject?: Run; span?: true } | undefined;

    // Sessions so many times a day: a noun of what is done beside them, within their phrase, or nothing else
    // in their sentence.
    const aDay = qs.find((q) => q.kind === "frequency" && q.count && q.unit === "day");
    if (aDay) {
      const r = placed(tokens, aDay);
      const near = (step: -1 | 1) => {
        for (let k = 1, i = step < 0 ? r.from - 1 : r.to; k <= NOUN_WORDS; k++, i += step) {
          if (i < sentence.from || i >= sentence.to || tokens[i].kind === "mark") return undefined;
          if (done(i)) return i;
        }
        return undefined;
      };
      const noun = near(-1) ?? near(1);
      // (A prompt that is only the recurrence asks to be reminded: "twice a day".)
      if (noun !== undefined || (outsideQuantities.length === 0 && sentences.length > 1)) {
        found = {
          from: Math.min(r.from, noun ?? r.from),
          to: Math.max(r.to, (noun ?? 0) + 1),
          subject: noun !== undefined ? { from: noun, to: noun + 1 } : undefined,
        };
      }
    }

    // Times of day of a noun of what is done, right before them.
    const times = qs.filter((q) => q.kind === "time");
    if (!found && times.length) {
      const first = placed(tokens, times[0]);
      let i = first.from;
      let k = 0;
      while (i > sentence.from && k < NOUN_WORDS && !done(i - 1) && tokens[i - 1].kind !== "mark") {
        i--;
        k++;
      }
      if (done(i - 1)) {
        const last = placed(tokens, times.at(-1)!);
        const recurrence = qs.find((q) => q.kind === "frequency" && placed(tokens, q).from >= last.to);
        found = {
          from: i - 1,
          to: recurrence ? placed(tokens, recurrence).to : last.to,
          times: [...new Set(times.map((q) => q.kind === "time" ? q.time : ""))],
          subject: { from: i - 1, to: i },
        };
      }
    }

    // A span of the day: one time to another, with nothing but a word of "to" (or "from … and") between.
    if (!found && times.length >= 2 && !qs.some((q) => q.kind === "frequency" && q.unit === "h")) {
      for (let n = 0; n + 1 < times.length && !found; n++) {
        const a = placed(tokens, times[n]);
        const b = placed(tokens, times[n + 1]);
        if (a.from === b.from) continue;
        const gap = tokens.slice(a.to, b.from).map((t) => t.norm);
        const opened = SPAN_FROM[language].has(tokens[a.from - 1]?.norm ?? "") ||
          SPAN_FROM[language].has(tokens[a.from]?.norm ?? "");
        const joins = gap.length > 0 && gap.length <= 2 &&
          gap.every((w) => TIME_TO[language].has(w) || AT[language].has(w)) &&
          (gap.some((w) => SPAN_TO[language].has(w)) || opened);
        if (!joins) continue;
        const [x, y] = [times[n], times[n + 1]];
        let from = a.from;
        while (from > sentence.from && from > a.from - NOUN_WORDS && tokens[from - 1].kind === "word") from--;
        found = {
          from,
          to: b.to,
          times: [x.kind === "time" ? x.time : "", y.kind === "time" ? y.time : ""],
          span: true,
        };
      }
    }

    // (An hour read as so many hours, then a word of "to" and a time: "de 12h à 20h".)
    const fromHour = qs.find((q, n) => {
      const next = qs[n + 1];
      if (q.kind !== "duration" || q.seconds % 3600 || q.seconds > 86400 || next?.kind !== "time") {
        return false;
      }
      const r = placed(tokens, q);
      return SPAN_FROM[language].has(tokens[r.from - 1]?.norm ?? "") &&
        SPAN_TO[language].has(tokens[r.to]?.norm ?? "") && placed(tokens, next).from <= r.to + 1;
    });
    if (!found && fromHour?.kind === "duration") {
      const r = placed(tokens, fromHour);
      const next = qs[qs.indexOf(fromHour) + 1];
      let from = r.from;
      while (from > sentence.from && from > r.from - NOUN_WORDS && tokens[from - 1].kind === "word") from--;
      const h = String(fromHour.seconds / 3600).padStart(2, "0");
      found = {
        from,
        to: placed(tokens, next).to,
        times: [`${h}:00`, next.kind === "time" ? next.time : ""],
        span: true,
      };
    }

    // (Two hours a word of "from" opens, said as hours by a word of the hour after them or of "at" an hour
    // within them: "dalle 12 alle 20", "von 12 bis 20 Uhr"; "from 9 to 12" alone may count anything.)
    const hours = qs.find((q) =>
      q.kind === "range" && !q.unit && q.from < q.to && q.to <= 24 && q.from > 1 &&
      SPAN_FROM[language].has(tokens[placed(tokens, q).from]?.norm ?? "") &&
      (HOURS[language].has(tokens[placed(tokens, q).to]?.norm ?? "") ||
        tokens.slice(placed(tokens, q).from, placed(tokens, q).to).some((t) => AT_HOUR[language].has(t.norm)))
    );
    if (!found && hours?.kind === "range") {
      const r = placed(tokens, hours);
      let from = r.from;
      while (from > sentence.from && from > r.from - NOUN_WORDS && tokens[from - 1].kind === "word") from--;
      const hh = (n: number) => `${String(Math.floor(n)).padStart(2, "0")}:00`;
      found = { from, to: r.to, times: [hh(hours.from), hh(hours.to)], span: true };
    }

    // A plan of weeks: so many weeks, and so many of something a week.
    const weeks = qs.find((q) =>
      q.kind === "duration" && q.seconds >= 2 * 604800 && q.seconds % 604800 === 0
    );
    if (!found && weeks) {
      for (const q of qs) {
        if (q.kind !== "number" && !(q.kind === "frequency" && q.count && q.unit === "week")) continue;
        const r = placed(tokens, q);
        if (q.kind === "frequency") {
          found = { from: placed(tokens, weeks).from, to: r.to };
          break;
        }
        let j = r.to;
        while (j < sentence.to && j - r.to < PER_WEEK_WORDS && !WEEK[language].has(tokens[j].norm)) j++;
        if (!WEEK[language].has(tokens[j]?.norm ?? "") || !PER[language].has(tokens[j - 1]?.norm ?? "")) {
          continue;
        }
        // (What is counted names the plan where it is a noun of what is done: "3 runs a week".)
        const what = content({ from: r.to, to: j - 1 }).filter(done);
        const w = placed(tokens, weeks);
        found = {
          from: Math.min(w.from, r.from),
          to: Math.max(w.to, j + 1),
          subject: what.length ? { from: what[0], to: what.at(-1)! + 1 } : undefined,
        };
        break;
      }
    }
    // (On a date, the times are of that day alone: "the test is on 3 May at 9:00".)
    if (!found || qs.some((q) => q.kind === "date")) continue;
    // (A span is a timetable only where it is said alone: not on a date, "my exam is on 12 june from 9 to
    // 12", nor beside another ask in its phrase, nor in a prompt that works out an amount of the hours.)
    if (found.span) {
      let a = found.from;
      while (a > sentence.from && tokens[a - 1].kind !== "mark" && tokens[a - 1].norm !== ",") a--;
      let b = found.to;
      while (b < sentence.to && tokens[b].kind !== "mark" && tokens[b].norm !== ",") b++;
      const [from, to] = [tokens[a].start, tokens[b - 1].end];
      const beside = out.some((x) => x.type !== "reminder" && x.start < to && x.end > from);
      if (beside || out.some((x) => x.type === "calculator")) continue;
    }
    // (Times right after a word of keeping records, in the same phrase, say when records are taken: "log
    // each shift from 9:00 to 17:00", "track my readings at 7:00 and 19:00".)
    let back = found.from - 1;
    while (back >= sentence.from && tokens[back].kind !== "mark") back--;
    if (noting.some((m) => m.from > back && m.from < found!.to && !done(m.from))) continue;
    const quoteStart = tokens[found.from].start;
    const quoteEnd = tokens[found.to - 1].end;
    const schedule: Ask = {
      type: "schedule",
      quote: prompt.slice(quoteStart, quoteEnd),
      start: quoteStart,
      end: quoteEnd,
      fields: [],
      quantities: qs.filter((q) => q.start >= quoteStart && q.end <= quoteEnd),
      ...(found.times?.length ? { times: found.times } : {}),
      ...(found.subject
        ? { subject: prompt.slice(tokens[found.subject.from].start, tokens[found.subject.to - 1].end) }
        : {}),
    };
    // (The reminders the sentence's times and recurrences alone asked are the timetable's.)
    out = [...out.filter((a) => !(a.type === "reminder" && inside(a))), schedule];
  }

  // A time planned for each record: the records set out by it.
  for (const ask of [...out]) {
    if (!RECORDS.has(ask.type) || out.some((a) => a.type === "schedule")) continue;
    const field = ask.fields.find((f) =>
      f.type === "time" &&
      words(f.name).some((t) => t.kind === "word" && PLANNED[language].has(stem(t.norm, language)))
    );
    if (!field) continue;
    const at = prompt.indexOf(field.name, ask.start);
    const s = at >= 0 ? at : ask.start;
    const e = at >= 0 ? at + field.name.length : ask.end;
    out = [...out, {
      type: "schedule",
      quote: prompt.slice(s, e),
      start: s,
      end: e,
      fields: [],
      quantities: [],
      ...(ask.subject ? { subject: ask.subject } : {}),
    }];
  }

  // A task said with its rhythm, every few days, weeks or months, where nothing else is asked.
  // (Records the prompt only names, no word of the lexicon asking for them, are no ask of their own: "die
  // Kakteen alle 3 Wochen gießen".)
  const cued = (a: Ask) => {
    const r = placed(tokens, a);
    return matchEveryKey(stemmed.slice(r.from, r.to), CUES[language].asks).length > 0;
  };
  if (out.every((a) => (a.type === "list" || a.type === "log") && !a.fields.length && !cued(a))) {
    for (const sentence of sentencesOf(tokens)) {
      const start = tokens[sentence.from].start;
      const end = tokens[sentence.to - 1].end;
      const every = all.find((q) =>
        q.start >= start && q.end <= end && q.kind === "frequency" && (q.every ?? 0) >= 2 && !q.count &&
        !q.weekdays && q.unit !== undefined && ["day", "week", "month"].includes(q.unit)
      );
      if (!every) continue;
      const run = { from: sentence.from, to: sentence.to };
      const r = placed(tokens, every);
      const said = tokens.slice(run.from, run.to).filter((t) => t.kind === "word");
      if (said.some((t) => SPEAKER[language].has(t.norm))) continue;
      const task = content(run).filter((i) => i < r.from || i >= r.to);
      if (!task.length) continue;
      const from = Math.min(task[0], r.from);
      const to = Math.max(task.at(-1)! + 1, r.to);
      const before = task.filter((i) => i < r.from);
      const what = before.length ? before : task;
      out = [...out, {
        type: "reminder",
        quote: prompt.slice(tokens[from].start, tokens[to - 1].end),
        start: tokens[from].start,
        end: tokens[to - 1].end,
        fields: [],
        quantities: [every],
        subject: prompt.slice(tokens[what[0]].start, tokens[what.at(-1)!].end),
      }];
      break;
    }
  }
  return out;

  function content(run: Run): number[] {
    const found: number[] = [];
    for (let i = run.from; i < Math.min(run.to, tokens.length); i++) {
      if (tokens[i].kind === "word" && !stop.has(tokens[i].norm)) found.push(i);
    }
    return found;
  }
}
