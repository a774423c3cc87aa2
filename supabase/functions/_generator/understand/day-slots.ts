// Things set to parts of the day and to days of the week are a timetable: "feed the cat morning and evening and
// clean the litter every saturday", "le nourrir matin et soir tous les jours et nettoyer la cage chaque samedi",
// "Un suivi de ma tension : le matin et le soir, 3 mesures à chaque fois". Two parts of the day or more joined
// by a word of "and" (the lexicon's `dayParts`, `and`: "morning and evening", "mattina e sera", "por la
// mañana y por la noche", "morgens und abends") in a sentence with no word of reminding are the slots of a day,
// a `schedule`, where the sentence also sets something to a weekday (a week of tasks) or the parts open their
// phrase (after a mark: what the day's slots are). Alone after what is done ("track my blood pressure morning
// and evening") they say when records are taken, and "remind me morning and evening" stays a reminder. The
// recurrences of that sentence that asked a reminder only by being said are the timetable's: what is done at
// each part of the day, every day (or on the weekdays said with it), and what is done on each weekday named.
import type { UiLanguage } from "./language.ts";
import type { Quantity } from "./quantities.ts";
import { CUES, LEXICONS, matchEveryKey, stemTokens } from "./lexicon.ts";
import { fold, type Token, words } from "./text.ts";
import type { Ask, Slot } from "./asks.ts";

/** Each language's parts of the day, folded, with the hour each stands for. */
const DAY_PARTS = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [language, lex],
  ) => [language, new Map(Object.entries(lex.dayParts).map(([word, time]) => [fold(word), time]))]),
) as Record<UiLanguage, Map<string, string>>;
const AND = Object.fromEntries(
  Object.entries(LEXICONS).map(([language, lex]) => [language, new Set(lex.and.map(fold))]),
) as Record<UiLanguage, Set<string>>;
/** Marks that end a sentence: the parts of the day and what they are set to are read within one. */
const ENDS = new Set([".", "!", "?", ";"]);
/** How many function words may stand between two parts of the day ("y por la"). */
const BETWEEN = 3;
/** How many words a task runs to before its time ("clean the litter"). */
const TASK_WORDS = 5;

type Run = { from: number; to: number };

/** The hour a token names as a part of the day, if any. */
function partOf(token: Token | undefined, language: UiLanguage): string | undefined {
  if (token?.kind !== "word") return undefined;
  return DAY_PARTS[language].get(token.norm);
}

/** Runs of two parts of the day or more, each joined to the one before across function words and a word of
 * "and" or a comma ("le matin et le soir", "morning, afternoon and evening"), with the hours they name. */
function joinedParts(
  tokens: readonly Token[],
  run: Run,
  language: UiLanguage,
): (Run & { times: string[] })[] {
  const stop = CUES[language].stop;
  const and = AND[language];
  const found: (Run & { times: string[] })[] = [];
  for (let i = run.from; i < run.to; i++) {
    const first = partOf(tokens[i], language);
    if (!first) continue;
    const times = [first];
    let end = i + 1;
    for (;;) {
      let j = end;
      let joined = false;
      while (j < run.to && j - end < BETWEEN && !partOf(tokens[j], language)) {
        const norm = tokens[j].norm;
        if (and.has(norm) || norm === ",") joined = true;
        else if (!stop.has(norm)) break;
        j++;
      }
      const next = partOf(tokens[j], language);
      if (!joined || !next || j >= run.to || times.includes(next)) break;
      times.push(next);
      end = j + 1;
    }
    if (times.length > 1) found.push({ from: i, to: end, times });
    i = end - 1;
  }
  return found;
}

/** The words of what is done right before a time, back to a mark, a word of "and" or `floor`, function words
 * trimmed off its ends ("to feed the cat", "clean the litter"). */
function taskBefore(
  tokens: readonly Token[],
  at: number,
  floor: number,
  skip: Run[],
  language: UiLanguage,
): Run | undefined {
  const stop = CUES[language].stop;
  const and = AND[language];
  const inSkip = (i: number) => skip.some((s) => s.from <= i && i < s.to);
  let to = at;
  while (to > floor && (inSkip(to - 1) || stop.has(tokens[to - 1].norm))) to--;
  let from = to;
  while (
    from > floor && to - from < TASK_WORDS && tokens[from - 1].kind !== "mark" &&
    !and.has(tokens[from - 1].norm) && !inSkip(from - 1)
  ) from--;
  while (from < to && stop.has(tokens[from].norm)) from++;
  return from < to ? { from, to } : undefined;
}

/**
 * The asks with each sentence's parts of the day as a timetable: a `schedule` with the slots of its tasks,
 * taking the place of the reminders its recurrences alone asked. A sentence a schedule is already asked in, or
 * a word of reminding, is left as it is.
 */
export function daySlotAsks(prompt: string, language: UiLanguage, asks: Ask[], all: Quantity[]): Ask[] {
  const tokens = words(prompt);
  const stems = stemTokens(tokens, language);
  const reminding = matchEveryKey(stems, CUES[language].asks).filter((m) => m.key === "reminder");
  const sentences: Run[] = [];
  let from = 0;
  for (const [i, t] of tokens.entries()) {
    if (t.kind === "mark" && ENDS.has(t.text)) {
      if (i > from) sentences.push({ from, to: i });
      from = i + 1;
    }
  }
  if (from < tokens.length) sentences.push({ from, to: tokens.length });
  let out = asks;
  for (const sentence of sentences) {
    if (reminding.some((m) => sentence.from <= m.from && m.from < sentence.to)) continue;
    const start = tokens[sentence.from].start;
    const end = tokens[sentence.to - 1].end;
    const inside = (o: { start: number; end: number }) => o.start < end && o.end > start;
    // (A timetable the sentence asks already, "on sundays", takes its slots; a week already stated day by day
    // or a rota is left.)
    const asked = out.find((a) => a.type === "schedule" && inside(a));
    if (asked?.slots || asked?.rota) continue;
    const pairs = joinedParts(tokens, sentence, language);
    if (!pairs.length) continue;
    const at = (q: Quantity): Run => {
      const i = tokens.findIndex((t) => t.start >= q.start);
      let j = i;
      while (j < tokens.length && tokens[j].end <= q.end) j++;
      return { from: i, to: j };
    };
    const whens = all.filter((q) => inside(q) && (q.kind === "frequency" || q.kind === "weekday"));
    const weekdays = whens.filter((q) =>
      q.kind === "weekday" || (q.kind === "frequency" && (q.weekdays?.length ?? 0) > 0)
    );
    // (The parts open their phrase: nothing but function words between them and a mark or the sentence's
    // start.)
    const stop = CUES[language].stop;
    const opens = pairs.some((p) => {
      let i = p.from;
      while (i > sentence.from && stop.has(tokens[i - 1].norm)) i--;
      return i === sentence.from || tokens[i - 1].kind === "mark";
    });
    const apart = (q: Quantity) => pairs.every((p) => at(q).to <= p.from || at(q).from >= p.to);
    if (!opens && !weekdays.some(apart)) continue;
    const skip = whens.map(at);
    const slots: Slot[] = [];
    const tasks: Run[] = [];
    let floor = sentence.from;
    const days = (q?: Quantity) =>
      q?.kind === "weekday"
        ? [q.day]
        : q?.kind === "frequency" && q.weekdays?.length
        ? q.weekdays
        : [1, 2, 3, 4, 5, 6, 7];
    for (const p of pairs) {
      // (What is done at the parts of the day is said before them, with its days: "feeding every day".)
      const task = taskBefore(tokens, p.from, floor, skip, language);
      const own = whens.find((q) => at(q).to <= p.from && at(q).from >= (task?.from ?? p.from));
      if (task) {
        tasks.push(task);
        const what = prompt.slice(tokens[task.from].start, tokens[task.to - 1].end);
        for (const day of days(own)) for (const time of p.times) slots.push({ day: day || 7, what, time });
      }
      floor = p.to;
    }
    for (const q of weekdays.filter(apart)) {
      const r = at(q);
      const prior = pairs.filter((p) => p.to <= r.from).map((p) => p.to);
      const task = taskBefore(tokens, r.from, Math.max(sentence.from, ...prior), skip, language);
      if (!task) continue;
      tasks.push(task);
      const what = prompt.slice(tokens[task.from].start, tokens[task.to - 1].end);
      for (const day of days(q)) slots.push({ day: day || 7, what });
    }
    const times = [...new Set(pairs.flatMap((p) => p.times))];
    const first = Math.min(...pairs.map((p) => p.from), ...tasks.map((t) => t.from));
    const quoteStart = tokens[first].start;
    const week = new Set(slots.map((s) => s.what)).size > 1 ? slots : undefined;
    if (asked) {
      if (week) asked.slots = week;
      asked.times ??= times;
      asked.start = Math.min(asked.start, quoteStart);
      asked.end = Math.max(asked.end, end);
      asked.quote = prompt.slice(asked.start, asked.end);
    }
    const schedule: Ask = asked ?? {
      type: "schedule",
      quote: prompt.slice(quoteStart, end),
      start: quoteStart,
      end,
      fields: [],
      quantities: whens,
      times,
      ...(week ? { slots: week } : {}),
    };
    // (The reminders the sentence's recurrences alone asked are the timetable's.)
    out = [...out.filter((a) => !(a.type === "reminder" && inside(a)) && a !== schedule), schedule];
  }
  return out;
}

/** Each language's words asking which, lower case as written ("qué", not the relative "que"). */
const WHICH = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [language, lex],
  ) => [language, new Set(lex.which.map((w) => w.toLowerCase()))]),
) as Record<UiLanguage, Set<string>>;

/**
 * What a timetable places on its days is the noun asked which of ("plan which recipe goes to which day",
 * "welches Rezept an welchem Tag"): a schedule's subject a word of which opens, or follows, is that noun alone,
 * not the verb after it ("recipe", not "recipe goes"). A rota's subject is its task, and is left.
 */
export function whichSubject(prompt: string, language: UiLanguage, asks: Ask[]): void {
  const tokens = words(prompt);
  const asking = (t: Token | undefined) => t?.kind === "word" && WHICH[language].has(t.text.toLowerCase());
  for (const ask of asks) {
    if (ask.type !== "schedule" || !ask.subject || ask.rota) continue;
    const at = prompt.indexOf(ask.subject, ask.start);
    if (at < 0) continue;
    let i = tokens.findIndex((t) => t.start === at);
    if (i < 0) continue;
    if (asking(tokens[i])) i++;
    else if (!asking(tokens[i - 1])) continue;
    const noun = tokens[i];
    if (noun?.kind !== "word" || CUES[language].stop.has(noun.norm) || noun.end > at + ask.subject.length) {
      continue;
    }
    ask.subject = noun.text;
  }
}

/** How many words may stand between records named and the `:` of the week that states them ("della settimana"). */
const HEAD_GAP = 4;

/**
 * Records named right before a `:` whose items state a week day by day ("organizzare gli allenamenti della
 * settimana: lunedì corsa, mercoledì pesi", "organiser mes entraînements : lundi course, mercredi muscu") are
 * what that timetable holds: its subject, not a list of their own. Records with fields of their own are kept.
 */
export function weekHeads(prompt: string, asks: Ask[]): Ask[] {
  const heads = new Set<Ask>();
  for (const week of asks) {
    if (week.type !== "schedule" || !week.slots || week.subject) continue;
    const head = asks.find((a) => {
      if ((a.type !== "list" && a.type !== "log") || !a.subject || a.fields.length || a.end > week.start) {
        return false;
      }
      const gap = words(prompt.slice(a.end, week.start));
      return gap.some((t) => t.text === ":") && gap.filter((t) => t.kind === "word").length <= HEAD_GAP;
    });
    if (!head) continue;
    week.subject = head.subject;
    week.quote = prompt.slice(head.start, week.end);
    week.start = head.start;
    heads.add(head);
  }
  return asks.filter((a) => !heads.has(a));
}
