// A question of what is left ("how much of the budget is left", "quanto mi resta", "les km qui restent",
// "cuántas horas me faltan", "wie viel noch übrig ist") measures the records against a whole the prompt states
// elsewhere ("$3,000 total", "800 km", "50 Stunden"): a goal with that amount as its target, whose screen
// shows what is left, the question a figure of that goal, and the records that leave it a log, unless the
// prompt asks for its own.
import type { Ask } from "./asks.ts";
import { LEXICONS, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { measureOf, type Quantity } from "./quantities.ts";
import { fold, type Token, words } from "./text.ts";
import { stem } from "./stem.ts";
import { type CountWhole, countWhole, packNear, stillLeft } from "./left-of-count.ts";

const WORDS = Object.fromEntries(
  Object.entries(LEXICONS).map(([language, lex]) => [language, {
    remaining: wordSet(lex.remaining),
    pack: wordSet(lex.leftOfCount.pack),
    budget: wordSet(lex.budget),
    // The words of "per" and the articles that say it ("a head", "al mes").
    per: wordSet([...lex.rate.per, ...lex.rate.the].filter((p) => !p.includes(" "))),
    determiners: wordSet([...lex.determiners, ...lex.articles, ...lex.rate.the]),
    every: lex.time.every.map((p) => p.split(/\s+/).map(fold)),
    timeUnits: new Map(Object.entries(lex.timeUnits).map(([w, u]) => [fold(w), u])),
  }]),
) as Record<
  UiLanguage,
  Record<"remaining" | "pack" | "budget" | "per" | "determiners", Set<string>> & {
    every: string[][];
    timeUnits: Map<string, string>;
  }
>;

type Span = { start: number; end: number };

/** The question's words: from the mark before the remaining word to the mark after it. */
function questionAround(tokens: readonly Token[], i: number): readonly Token[] {
  let from = i;
  while (from > 0 && tokens[from - 1].kind !== "mark") from--;
  let to = i;
  while (to < tokens.length - 1 && tokens[to + 1].kind !== "mark") to++;
  return tokens.slice(from, to + 1);
}

/** The unit a quantity is of: a measure's, a currency, or the time unit a duration is stated in. */
function unitOf(q: Quantity, language: UiLanguage): string | undefined {
  if (q.kind === "measure") return q.unit;
  if (q.kind === "money") return q.currency;
  if (q.kind === "duration") return WORDS[language].timeUnits.get(words(q.text).at(-1)?.norm ?? "");
}

/**
 * The whole a question of what is left is measured against: among the amounts the prompt states that are no
 * rate ("5 € a testa", "$14 an hour"), those of a unit the question names ("ceux qui restent" after "les
 * km"), else money where it names a budget, else any; one only, or none.
 */
export function wholeOf(
  question: readonly Token[],
  stated: Quantity[],
  tokens: readonly Token[],
  language: UiLanguage,
) {
  const w = WORDS[language];
  const rate = (q: Quantity) => rateOf(q, tokens, language);
  const amounts = stated.filter((q) =>
    (q.kind === "money" || q.kind === "measure" || q.kind === "duration") && !rate(q) &&
    !question.some((t) => t.start <= q.start && q.end <= t.end)
  );
  const named = new Set(question.flatMap((t) => {
    const m = measureOf(t.norm);
    const time = w.timeUnits.get(t.norm);
    return [...(m ? ["unit" in m ? m.unit : m.currency] : []), ...(time ? [time] : [])];
  }));
  const ofUnit = amounts.filter((q) => named.has(unitOf(q, language) ?? ""));
  const budget = question.some((t) => w.budget.has(t.norm));
  const kept = named.size ? ofUnit : budget ? amounts.filter((q) => q.kind === "money") : amounts;
  return kept.length === 1 ? kept[0] : undefined;
}

/** A rate's amount is followed by a word of "per" before a bare noun ("a testa", "par cours"), where a
 * whole's is followed by a preposition before a determiner ("per le vacanze"); an interval's follows a word
 * of "every" ("every 10,000 miles", "tous les 500 km"). */
function rateOf(q: Quantity, tokens: readonly Token[], language: UiLanguage): boolean {
  const w = WORDS[language];
  if (q.kind === "money" && q.per) return true;
  const at = tokens.findIndex((t) => t.start >= q.end);
  const before = tokens.filter((t) => t.end <= q.start).map((t) => t.norm);
  const every = w.every.some((p) => p.every((word, k) => before[before.length - p.length + k] === word));
  return every || (at >= 0 && w.per.has(tokens[at].norm) && tokens[at + 1]?.kind === "word" &&
    !w.determiners.has(tokens[at + 1].norm));
}

/** The number of records a question of how many are left counts down from, where the prompt states no
 * amount of money, measure or duration that is no rate ("10-class packs…, how many classes are left"). */
function countWholeOf(
  question: readonly Token[],
  stated: Quantity[],
  tokens: readonly Token[],
  language: UiLanguage,
  still: boolean,
) {
  const free = stated.filter((q) => !rateOf(q, tokens, language));
  if (free.some((q) => q.kind === "money" || q.kind === "measure" || q.kind === "duration")) return undefined;
  return countWhole(question, free, tokens, language, still);
}

/**
 * The goals and figures the prompt's questions of what is left ask for, added to `asks`: a goal with no
 * target of its own takes the whole, a prompt with no goal gets one of the whole (a sum of money one spends
 * down, the others to reach), and the question is a figure of the goal (`remaining`): an aggregate the
 * question's words already ask, else one of its own.
 */
export function remainingAsks(prompt: string, language: UiLanguage, asks: Ask[], stated: Quantity[]): void {
  const tokens = words(prompt);
  const w = WORDS[language];
  for (const [i, t] of tokens.entries()) {
    if (t.kind !== "word") continue;
    const question = questionAround(tokens, i);
    if (!w.remaining.has(t.norm) && !stillLeft(tokens, i, question, language)) continue;
    const span: Span = { start: question[0].start, end: question[question.length - 1].end };
    const inside = (a: Ask) => a.start < span.end && span.start < a.end;
    if (asks.some((a) => a.type === "aggregate" && a.remaining && inside(a))) continue;
    const count = wholeOf(question, stated, tokens, language)
      ? undefined
      : countWholeOf(question, stated, tokens, language, !w.remaining.has(t.norm));
    const whole = wholeOf(question, stated, tokens, language) ?? count?.whole;
    // A timer shows the time left of its own run ("a timer showing the time left"), and a countdown's word the
    // days left to its date ("quanti giorni mancano"), unless it asks what is left of a whole ("los km que
    // faltan"), which it then is.
    const clock = (type: Ask["type"]) => asks.findIndex((a) => a.type === type && inside(a));
    if (clock("timer") >= 0 || (clock("countdown") >= 0 && !whole)) continue;
    if (clock("countdown") >= 0) asks.splice(clock("countdown"), 1);
    // (A goal that states its target is the one the question asks of.)
    const goal = asks.find((a) => a.type === "goal" && a.quantities.some(targetKind)) ??
      asks.find((a) => a.type === "goal");
    if (!goal?.quantities.some(targetKind)) {
      if (!whole) continue;
      if (goal) goal.quantities = [...goal.quantities, whole];
      else asks.push(goalOf(whole, count, packNear(tokens, whole, language)));
      // A figure's word of one or two beside the whole ("$3,000 total", "€2,000 in total") says it is the
      // whole, no figure of its own.
      const between = (a: Ask) =>
        tokens.filter((x) =>
          (x.start >= a.end && x.end <= whole.start) || (x.start >= whole.end && x.end <= a.start)
        )
          .length;
      const beside = asks.findIndex((a) =>
        a.type === "aggregate" && words(a.quote).length <= 2 && between(a) <= 1 &&
        (a.end <= whole.start || a.start >= whole.end)
      );
      if (beside >= 0) asks.splice(beside, 1);
    }
    // (Of the question's figures, the one that runs to the word of what is left: "daily average spend and how
    // much of the budget is left".)
    const figure = asks.filter((a) => a.type === "aggregate" && inside(a) && a.start <= t.start)
      .sort((a, b) => b.end - a.end)[0];
    const asked = (type: Ask["type"]): Ask => ({
      type,
      quote: prompt.slice(span.start, span.end),
      ...span,
      fields: [],
      quantities: [],
    });
    const made = figure ?? asked("aggregate");
    made.remaining = true;
    if (!figure) asks.push(made);
    // (What a number of records counts names the figure, and each one's own count is per the noun after "each".)
    if (count?.counts) made.subject ??= count.counts;
    if (count?.per) made.per ??= count.per;
    // (The whole question is the figure's, "combien de séances il reste à chaque client": each one's count.)
    if (count && made.end < span.end) {
      Object.assign(made, { end: span.end, quote: prompt.slice(made.start, span.end) });
    }
    // (A pack bought ahead is of the records counted against it, no records of its own: "bono de 8
    // sesiones", "10er Karte" keep the sessions and the entries as they happen.)
    // (A pack bought ahead is of the records counted against it, no records of its own, and those records are
    // used up as they happen: "bono de 8 sesiones", "10er Karte", "un forfait de 20 cours" keep the sessions,
    // the entries, the lessons in a log.)
    const one = (x: string) => stem(fold(x), language);
    const counts = count?.counts !== undefined ? one(count.counts) : undefined;
    const of = (a: Ask) =>
      (a.type === "list" || a.type === "log") && a.subject !== undefined && words(a.subject).length > 0 &&
      (words(a.subject).every((x) => w.pack.has(x.norm)) || one(words(a.subject)[0].text) === counts);
    const kept = counts !== undefined ? asks.find(of) : undefined;
    if (kept && count?.pack) {
      const named = words(kept.subject!).some((x) => !w.pack.has(x.norm));
      Object.assign(kept, { type: "log", done: true, ...(named ? {} : { subject: count.counts }) });
    }
    // (Records of other things the prompt keeps do not leave what is left of these: "my car loan… 60
    // payments, how many are left" keeps the payments too.)
    const records = asks.some((a) => a.type === "log" || a.type === "list");
    if (count?.counts && records && !kept) {
      asks.push({ ...asked("log"), subject: count.counts });
    }
    // (A goal's target that a pack states is spent down: "ein Paket mit 10 Stunden Nachhilfe".)
    const target = goal?.quantities.find(targetKind);
    if (goal && target && packNear(tokens, target, language)) goal.limit = true;
    // (A pack named alone beside records of their own is no records: "Paket" of "10 Stunden Nachhilfe".)
    const alone = whole && !kept && packNear(tokens, whole, language)
      ? asks.findIndex((a) =>
        (a.type === "list" || a.type === "log") && a.subject !== undefined &&
        words(a.subject).every((x) => w.pack.has(x.norm))
      )
      : -1;
    if (alone >= 0 && asks.some((a, i) => i !== alone && (a.type === "list" || a.type === "log"))) {
      asks.splice(alone, 1);
    }
    // (Over the goal's period, when it states none: "a monthly budget…, how much is left" is of this month.)
    const period = goal?.quantities.find((q) => q.kind === "period");
    if (period && !made.quantities.some((q) => q.kind === "period")) {
      made.quantities = [...made.quantities, period];
    }
    // What is left is what the records of what is spent or done leave of the whole: with none asked, they are
    // kept as they happen ("budget 400 € par mois, ce qui me reste": the spendings).
    if (!asks.some((a) => a.type === "log" || a.type === "list")) {
      asks.push({ ...asked("log"), implied: true, ...(count?.counts ? { subject: count.counts } : {}) });
    }
  }
}

/** A goal of a whole: a sum of money, or a pack of records bought ahead, is spent down, not to pass; anything
 * else is to reach. A number of records counts them. */
const goalOf = (whole: Quantity, count?: CountWhole, pack = false): Ask => ({
  type: "goal",
  quote: whole.text,
  start: whole.start,
  end: whole.end,
  fields: [],
  quantities: [whole],
  ...(whole.kind === "money" || count?.pack || pack ? { limit: true as const } : {}),
  ...(count && whole.kind === "number" ? { counts: count.counts ?? whole.text } : {}),
});

/** The quantities a goal's target may be. */
const targetKind = (q: Quantity) =>
  q.kind === "money" || q.kind === "measure" || q.kind === "number" || q.kind === "duration";
