// A question of how much or how many is still needed, must be done or may still be used per period to reach
// a target or keep to a limit ("how much do we need to save each month to hit the date", "quanto devo
// mettere da parte ogni mese", "combien je peux encore dépenser par jour", "cuánto me falta cada semana",
// "wie viel muss ich pro Monat noch zurücklegen") asks for that figure of the goal: what is left of its target
// over the periods left until its deadline, else until its period ends. It is a calculator ask marked
// `needed`, built on the goal's screen; the period it asks per is the figure's, not the goal's.
import * as chrono from "chrono-node";
import type { Ask } from "./asks.ts";
import { type Lexicon, LEXICONS, phraseAt, phrasesPerLanguage, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Quantity } from "./quantities.ts";
import { fold, type Token, words } from "./text.ts";
import { wholeOf } from "./remaining.ts";

/** The figure still needed: per which period, or at the next record for an average to reach the target
 * (`next`), and the day the target is to be reached by, when stated. */
export interface Needed {
  per: "day" | "week" | "month" | "year" | "next";
  /** An ISO date, or a month and day with no year ("--08-31"). */
  by?: string;
}

const STILL = phrasesPerLanguage((lex) => [...lex.needed.still, ...lex.must, ...lex.remaining]);
const [QUESTIONS, CAN, NEXT, AVERAGE] = [
  (lex: Lexicon) => [...lex.questions, ...lex.needed.how],
  (lex: Lexicon) => lex.needed.can,
  (lex: Lexicon) => lex.needed.next,
  (lex: Lexicon) => [...lex.aggregates.average, ...lex.needed.average].filter((w) => !w.includes(" ")),
].map((of) =>
  Object.fromEntries(Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(of(lex))])) as Record<
    UiLanguage,
    Set<string>
  >
);
const DEADLINE = phrasesPerLanguage((lex) => lex.deadline);
const PER = new Set(["day", "week", "month", "year"]);
// The words of a period, folded ("semana", "Monat"), which name no unit of an amount.
const PERIOD_WORDS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    wordSet(Object.keys(lex.timeUnits).filter((w) => PER.has(lex.timeUnits[w]))),
  ]),
) as Record<UiLanguage, Set<string>>;
// How many words after a deadline's word may name its day ("by the end of next August").
const DEADLINE_WORDS = 6;
// (A phrase of the next record ends at a comma too; its sentence at a full stop.)
const PHRASE_END = new Set([",", ".", "?", "!", ";", ":"]);
const SENTENCE_END = new Set([".", "?", "!"]);
// (A question ends at a mark or "and": "quanto deve ancora pagare e un riepilogo annuale" asks two things.)
const AND = Object.fromEntries(Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.and)])) as Record<
  UiLanguage,
  Set<string>
>;

/** The period a quantity says a figure is per ("per week", "ogni mese", "par jour"), else none. */
function perOf(q: Quantity): Needed["per"] | undefined {
  if (q.kind === "period" && PER.has(q.period)) return q.period as Needed["per"];
  if (q.kind === "frequency" && !q.count && !q.weekdays && (q.every ?? 1) === 1 && PER.has(q.unit ?? "")) {
    return q.unit as Needed["per"];
  }
}

// The months' names in each language, folded (chrono-node reads a month alone in some languages only).
const MONTHS = Object.fromEntries(
  Object.keys(LEXICONS).map((l) => {
    const name = new Intl.DateTimeFormat(l, { month: "long", timeZone: "UTC" });
    return [l, Array.from({ length: 12 }, (_, m) => fold(name.format(new Date(Date.UTC(2026, m, 1)))))];
  }),
) as Record<UiLanguage, string[]>;

/** The day a deadline's words name, read from them to the end of their sentence ("by December 2027", "entro
 * agosto", "bis Ende September"): that day, else the last of the month named. */
function dayOf(text: string, language: UiLanguage): string | undefined {
  const found = chrono[language].parse(text, new Date(Date.UTC(2026, 0, 1)))[0];
  const near = words(text).slice(0, DEADLINE_WORDS);
  const named = near.findIndex((t) => MONTHS[language].includes(t.norm));
  if (found && found.index <= near.at(-1)!.end && found.start.isCertain("month")) {
    const year = found.start.isCertain("year") ? found.start.get("year")! : undefined;
    return dayIn(
      found.start.get("month")!,
      year,
      found.start.isCertain("day") ? found.start.get("day")! : undefined,
    );
  }
  if (named < 0) return undefined;
  const year = near[named + 1]?.kind === "number" && /^\d{4}$/.test(near[named + 1].text)
    ? Number(near[named + 1].text)
    : undefined;
  return dayIn(MONTHS[language].indexOf(near[named].norm) + 1, year);
}

/** A day of a month as ISO ("--08-31" with no year): the one given, else the month's last. */
function dayIn(month: number, year?: number, day?: number): string {
  const last = new Date(Date.UTC(year ?? 2026, month, 0)).getUTCDate();
  const y = year === undefined ? "-" : String(year).padStart(4, "0");
  return `${y}-${String(month).padStart(2, "0")}-${String(day ?? last).padStart(2, "0")}`;
}

/** Whether one of the phrases starts at a token. */
const opens = (tokens: readonly Token[], k: number, phrases: string[][]) =>
  phrases.some((p) => phraseAt(tokens, k, p));

/** Adds the figures still needed the prompt's questions ask for, and the goal they are of where none is. */
export function neededAsks(prompt: string, language: UiLanguage, asks: Ask[], stated: Quantity[]): void {
  const tokens = words(prompt);
  const questions = QUESTIONS[language];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].kind !== "word" || !questions.has(tokens[i].norm)) continue;
    let to = i;
    while (
      to < tokens.length - 1 && tokens[to + 1].kind !== "mark" && !AND[language].has(tokens[to + 1].norm)
    ) to++;
    const question = tokens.slice(i, to + 1);
    const span = { start: question[0].start, end: question.at(-1)!.end };
    const inside = (x: { start: number; end: number }) => x.start >= span.start && x.end <= span.end;
    const still = question.some((_, k) => opens(question, k, STILL[language]));
    const per = stated.filter(inside).map((q) => ({ q, per: perOf(q) })).find((p) => p.per);
    if (!still || !per) continue;
    const periods = stated.filter((q) => inside(q) && (q.kind === "period" || q.kind === "frequency"));
    i = to;
    // The goal that states a target, else one of the whole the prompt states (a sum one may still use when
    // the question allows, "can I still spend", else one to reach).
    let goal = asks.find((a) => a.type === "goal" && a.quantities.some(isTarget));
    if (!goal) {
      // (A period's word names no unit of the whole: "each week", "hasta fin de mes" is no duration.)
      const whole = wholeOf(
        question.filter((t) => !PERIOD_WORDS[language].has(t.norm)),
        stated,
        tokens,
        language,
      );
      // (Else a number of things, the only one stated: "12 Sonderfahrten bis März".)
      const counts = stated.filter((q) => q.kind === "number" && !inside(q));
      const target = whole ?? (counts.length === 1 ? counts[0] : undefined);
      if (!target) continue;
      goal = goalOf(target);
      if (question.some((t) => CAN[language].has(t.norm))) goal.limit = true;
      asks.push(goal);
    }
    // The period asked per is the figure's: the goal keeps the one it states itself, else the one the question
    // runs to ("par jour jusqu'à la fin du mois": a monthly allowance).
    goal.quantities = goal.quantities.filter((q) => !(q.kind === "period" && inside(q)));
    const until = periods.find((q) => q !== per.q && q.kind === "period");
    if (until && !goal.quantities.some((q) => q.kind === "period")) goal.quantities.push(until);
    // The day to reach it by: the goal's deadline, else the first deadline of the prompt that names one ("by
    // may 1st", "para marzo"; "jusqu'à la fin du mois" is the goal's period, no day).
    const deadlines = [
      ...(goal.deadline ? [goal.deadline.start] : []),
      ...tokens.filter((_, k) => opens(tokens, k, DEADLINE[language])).map((t) => t.start),
    ];
    const by = deadlines.map((at) => dayOf(prompt.slice(at).split(/[.!?;\n]/)[0], language)).find(Boolean);
    if (by) delete goal.deadline;
    // The question's own figures and goals are this one.
    for (let k = asks.length - 1; k >= 0; k--) {
      const a = asks[k];
      const own = (a.type === "aggregate" && !a.remaining) || (a.type === "calculator" && !a.worked) ||
        (a.type === "goal" && a !== goal && !a.quantities.some(isTarget));
      if (own && inside(a)) asks.splice(k, 1);
    }
    asks.push({
      type: "calculator",
      quote: prompt.slice(span.start, span.end),
      ...span,
      fields: [],
      quantities: [per.q],
      needed: { per: per.per!, ...(by ? { by } : {}) },
    });
  }
}

/** The goal of reaching a target the prompt states, quoted by it. */
const goalOf = (target: Quantity): Ask => ({
  type: "goal",
  quote: target.text,
  start: target.start,
  end: target.end,
  fields: [],
  quantities: [target],
});

const isTarget = (q: Quantity) =>
  q.kind === "money" || q.kind === "measure" || q.kind === "number" || q.kind === "duration";

/**
 * A phrase that says what is needed at the next record to reach a number ("what grade do I need on the next
 * test to get a 7", "che voto mi serve al prossimo compito per arrivare al 7", "welche Note brauche ich in der
 * nächsten Arbeit, um auf einen Schnitt von 2 zu kommen") in a sentence of an average is a goal of that
 * average, and the figure the next record needs.
 */
export function nextAsks(prompt: string, language: UiLanguage, asks: Ask[], stated: Quantity[]): void {
  const tokens = words(prompt);
  for (let i = 0; i < tokens.length; i++) {
    if (!NEXT[language].has(tokens[i].norm)) continue;
    // The phrase around the word of next, to a mark or "and"; its sentence, to a full stop only.
    const edge = (t: Token, stops: Set<string>) =>
      stops.has(t.text) || (stops === PHRASE_END && AND[language].has(t.norm));
    const [phrase, sentence] = [PHRASE_END, SENTENCE_END].map((stops) => {
      let [from, to] = [i, i];
      while (from > 0 && !edge(tokens[from - 1], stops)) from--;
      while (to < tokens.length - 1 && !edge(tokens[to + 1], stops)) to++;
      return tokens.slice(from, to + 1);
    });
    const span = { start: phrase[0].start, end: phrase.at(-1)!.end };
    const inside = (x: { start: number; end: number }) => x.start >= span.start && x.end <= span.end;
    const target = stated.find((q) =>
      q.kind === "number" && q.start >= sentence[0].start && q.end <= sentence.at(-1)!.end
    );
    const still = phrase.some((_, k) => opens(phrase, k, STILL[language]));
    if (!still || !target || !sentence.some((t) => AVERAGE[language].has(t.norm))) continue;
    i = tokens.indexOf(phrase.at(-1)!);
    for (let k = asks.length - 1; k >= 0; k--) {
      const a = asks[k];
      if ((a.type === "aggregate" || a.type === "calculator" || a.type === "goal") && inside(a)) {
        asks.splice(k, 1);
      }
    }
    asks.push(
      goalOf(target),
      {
        type: "calculator",
        quote: prompt.slice(span.start, span.end),
        ...span,
        fields: [],
        quantities: [],
        needed: { per: "next" },
      },
    );
  }
}
