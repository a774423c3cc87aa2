// Plans that no plan's noun names, each a timetable of what goes to which day, week or month rather than a log,
// a figure or a reminder: what to do each period ("what to plant each month", "cosa seminare ogni mese", "was
// ich jeden Monat pflanzen soll"), a trip's stages by day ("le tappe con città e date", "Etappen pro Tag"),
// sessions at a weekday and hour ("piano lesson every tuesday at 17:30", "Klavierunterricht jeden Montag um
// 16 Uhr"), which the app shows as their week, and a week set out day by day ("les commandes de la semaine par
// jour").
import {
  type CueIndex,
  cueIndex,
  LEXICONS,
  matchCues,
  phraseAt,
  phraseFrom,
  phraseWords,
  wordSet,
} from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Quantity } from "./quantities.ts";
import { stem } from "./stem.ts";
import { fold, type Token } from "./text.ts";

interface Span {
  from: number;
  to: number;
}

/** A quantity with the words it stands in. */
interface Placed {
  q: Quantity;
  span: Span;
}

/** The words of a day among the units of time ("day", "giorno", "Tag"). */
const days = (units: Record<string, string>) => Object.keys(units).filter((w) => units[w] === "day");

const PLANS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    what: wordSet(lex.plans.what),
    relative: wordSet(lex.relative),
    to: wordSet(lex.plans.to),
    // (As written: "hay que", "il faut" are function words.)
    should: [...lex.plans.should, ...lex.must].map(phraseWords),
    endings: lex.infinitive.endings,
    stop: wordSet([...lex.articles, ...lex.determiners, ...lex.of]),
    stages: cueIndex({ stages: lex.plans.stages }, l as UiLanguage),
    sessions: cueIndex({ sessions: lex.plans.sessions }, l as UiLanguage),
    day: new Set([lex.assigned.date, ...days(lex.timeUnits)].map((w) => stem(fold(w), l as UiLanguage))),
    days: wordSet(days(lex.timeUnits)),
    by: lex.groupedBy.map(phraseWords),
    mine: wordSet(lex.mine),
  }]),
) as Record<UiLanguage, {
  what: Set<string>;
  relative: Set<string>;
  to: Set<string>;
  should: string[][];
  endings: string[];
  stop: Set<string>;
  stages: CueIndex;
  sessions: CueIndex;
  day: Set<string>;
  days: Set<string>;
  by: string[][];
  mine: Set<string>;
}>;

/** How many words after a word of what its infinitive or verb of obligation may be ("was ich im Garten jeden
 * Monat pflanzen soll"). */
const WHAT_WINDOW = 8;
/** How many words after a word of what that is also a relative ("che", "que", "which") its infinitive is:
 * right after it or after its noun ("qué plantar", "which veg to sow"; not "los gastos que tengo que pagar"). */
const RELATIVE_WINDOW = 2;
/** How many words a session's noun may stand before its weekday ("the lesson is every Saturday", "corso di
 * yoga ogni giovedì"). */
const SESSION_GAP = 3;
/** How many words after a stage's noun its day may be ("les étapes de notre voyage au Portugal par jour"). */
const STAGE_WINDOW = 8;
/** The shortest infinitive read by its ending ("planter", not "re"). */
const INFINITIVE_MIN = 5;

const PERIODS = new Set(["day", "week", "month", "year"]);

/** A period once a day, week, month or year ("each month", "ogni settimana", "jeden Monat"). */
const oncePer = ({ q }: Placed) =>
  (q.kind === "period" && PERIODS.has(q.period)) ||
  (q.kind === "frequency" && (q.every ?? 1) === 1 && !q.count && PERIODS.has(q.unit ?? ""));

/** A weekday, or a recurrence on weekdays ("every Tuesday", "ogni giovedì", "jeden Montag"). */
const weekday = (q: Quantity) => q.kind === "weekday" || (q.kind === "frequency" && q.weekdays !== undefined);

/** A day of a stage: a day, a date or a period of a day ("par jour", "pro Tag"). */
const dated = ({ q }: Placed) =>
  q.kind === "date" || weekday(q) || (q.kind === "period" && q.period === "day") ||
  (q.kind === "frequency" && q.unit === "day");

/** The words as written where a compound names its head's cue (German: "Klavierunterricht"). */
const compounds = (tokens: readonly Token[], language: UiLanguage) =>
  language === "de" ? tokens.map((t) => t.norm) : undefined;

/**
 * A plan of the clause that no plan's noun names: its words (`span`) and what it plans, where a noun names it
 * (`subject`). Of the clause's words (`tokens`, `stems`, and which are content words) and its quantities.
 */
export function plannedAt(
  tokens: readonly Token[],
  stems: readonly string[],
  language: UiLanguage,
  quantities: Placed[],
  content: (i: number) => boolean,
): { span: Span; subject?: Span } | undefined {
  return sessionsAt(tokens, stems, language, quantities, content) ??
    stagesAt(tokens, stems, language, quantities) ??
    whatToDoAt(tokens, language, quantities);
}

/**
 * What to do each period: a word of what, then within a few words an infinitive (by its ending, or after
 * "to"/"zu") or a verb of obligation ("should", "devo", "il faut", "soll"), in a clause with a period once a
 * day, week, month or year ("what to plant each month", "quels légumes planter chaque mois", "qué plantar cada
 * mes", "was ich jeden Monat pflanzen soll"): what is planned for each, not what the speaker did ("what I eat
 * each day" asks no plan).
 */
function whatToDoAt(tokens: readonly Token[], language: UiLanguage, quantities: Placed[]) {
  const plan = PLANS[language];
  const period = quantities.find(oncePer);
  if (!period) return undefined;
  const infinitive = (t: Token) =>
    t.kind === "word" && t.norm.length >= INFINITIVE_MIN && !plan.stop.has(t.norm) &&
    plan.endings.some((e) => t.norm.endsWith(e));
  const obliged = (i: number) => plan.should.some((p) => phraseAt(tokens, i, p));
  // (A word of what within a verb of obligation is no question: "tengo que tomar".)
  const within = (at: number) =>
    plan.should.some((p) => p.some((_, k) => p.every((w, j) => tokens[at - k + j]?.norm === w)));
  for (const [at, t] of tokens.entries()) {
    if (!plan.what.has(t.norm) || within(at)) continue;
    const relative = plan.relative.has(t.norm);
    const window = relative ? RELATIVE_WINDOW : WHAT_WINDOW;
    for (let i = at + 1; i <= at + window && i < tokens.length && tokens[i].kind !== "mark"; i++) {
      if (!infinitive(tokens[i]) && !plan.to.has(tokens[i].norm) && (relative || !obliged(i))) continue;
      // (What is planned is the noun between: "quels légumes planter", "which veg to sow".)
      const noun = i === at + 2 && !plan.stop.has(tokens[at + 1].norm);
      return {
        span: { from: at, to: Math.max(i + 1, period.span.to) },
        ...(noun ? { subject: { from: at + 1, to: at + 2 } } : {}),
      };
    }
  }
}

/** A trip's stages with a day to each ("le tappe con città, date e ostello", "les étapes par jour", "Etappen
 * pro Tag"): the stages' noun with a day, a date or a period of a day a few words after it, in its phrase. */
function stagesAt(
  tokens: readonly Token[],
  stems: readonly string[],
  language: UiLanguage,
  quantities: Placed[],
) {
  const plan = PLANS[language];
  const stage = matchCues(stems, plan.stages, compounds(tokens, language))[0];
  if (!stage) return undefined;
  const after = (s: Span) => s.from >= stage.to && s.from - stage.to <= STAGE_WINDOW;
  const day = quantities.find((p) => dated(p) && after(p.span))?.span ??
    [...stems.keys()].filter((i) => plan.day.has(stems[i])).map((i) => ({ from: i, to: i + 1 })).find(after);
  if (!day || tokens.slice(stage.to, day.from).some((t) => t.kind === "mark" && t.norm !== ",")) {
    return undefined;
  }
  return { span: { from: stage.from, to: day.to }, subject: stage };
}

/** Sessions at a weekday and hour: a session's noun a few words before its weekday, no mark between, with a time
 * of day in the clause ("yoga class every thursday at 7pm", "corso di yoga ogni giovedì alle 19", "la séance est
 * le mardi à 18h", "Klavierunterricht jeden Montag um 16 Uhr"): when they are, not what to be reminded of. */
function sessionsAt(
  tokens: readonly Token[],
  stems: readonly string[],
  language: UiLanguage,
  quantities: Placed[],
  content: (i: number) => boolean,
) {
  const plan = PLANS[language];
  const timed = quantities.some(({ q }) =>
    q.kind === "time" || (q.kind === "frequency" && q.time !== undefined)
  );
  if (!timed) return undefined;
  for (const session of matchCues(stems, plan.sessions, compounds(tokens, language))) {
    const day = quantities.find((p) =>
      weekday(p.q) && p.span.from >= session.to && p.span.from - session.to <= SESSION_GAP &&
      tokens.slice(session.to, p.span.from).every((t) => t.kind === "word")
    );
    if (!day) continue;
    // (The sessions are the noun phrase their noun ends: "book club", "piano lesson".)
    let from = session.from;
    while (from > 0 && content(from - 1)) from--;
    return { span: { from, to: day.span.to }, subject: { from, to: session.to } };
  }
}

/** A week or a month set out day by day: its period, then a word of breakdown and a day ("les commandes de la
 * semaine par jour", "gli ordini della settimana per giorno", "the orders of the week by day", "die
 * Bestellungen der Woche pro Tag"): the records on the days of a timetable, where no figure is asked of them. */
export function byDayAt(
  tokens: readonly Token[],
  language: UiLanguage,
  quantities: Placed[],
): { span: Span } | undefined {
  const plan = PLANS[language];
  for (const { q, span } of quantities) {
    if (q.kind !== "period" || (q.period !== "week" && q.period !== "month")) continue;
    const by = phraseFrom(tokens, span.to, plan.by);
    const day = by ? span.to + by.length : -1;
    if (by && plan.days.has(tokens[day]?.norm ?? "")) return { span: { from: span.from, to: day + 1 } };
  }
}

/** How many words the speaker's possessive may stand before a plan's noun ("my night shifts"). */
const MINE_GAP = 2;

/** A plan's noun the speaker's possessive opens, which a verb of noting governs (right after it across an
 * article, or in German at the end of its clause: "write down my night shifts", "segnare i miei turni",
 * "meine Nachtschichten aufschreiben"), names what they did, records to keep, not a timetable. */
export function planKept(tokens: readonly Token[], cue: Span, noting: Span[], language: UiLanguage): boolean {
  const { mine } = PLANS[language];
  const words = (from: number, to: number) => tokens.slice(from, to).every((t) => t.kind === "word");
  const opener = [cue.from - 1, cue.from - MINE_GAP].find((i) => mine.has(tokens[i]?.norm ?? ""));
  if (opener === undefined || !words(opener, cue.from)) return false;
  return noting.some((n) =>
    (n.to <= opener && opener - n.to <= 1 && words(n.to, opener)) ||
    (language === "de" && n.from >= cue.to && words(cue.to, n.from))
  );
}
