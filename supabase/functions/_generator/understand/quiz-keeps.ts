// What a quiz keeps itself, named beside it ("flags quiz, 4 choices each, keep my high score", "imparare le
// bandiere, 4 risposte possibili, salva il record"): its score and best, its questions, the mistakes asked
// again, and how many answers each question offers are the quiz block's, not a log of scores, a choice field
// or a list of questions; the count of answers makes the quiz a multiple-choice one.
import type { Ask, AskType } from "./asks.ts";
import type { UiLanguage } from "./language.ts";
import { cueIndex, CUES, LEXICONS, matchCues, stemTokens, VERBS } from "./lexicon.ts";
import type { Quantity } from "./quantities.ts";
import { type Token, words } from "./text.ts";

type Span = { start: number; end: number };
/** The asks a word of what a quiz keeps makes: a quiz of its score, a best, a choice, a goal of "save". */
const OWN = new Set<AskType>(["quiz", "aggregate", "choice", "goal"]);
/** Records whose fields may be only what a quiz keeps. */
const RECORDS = new Set<AskType>(["list", "log"]);

const LANGUAGES = Object.keys(LEXICONS) as UiLanguage[];
const KEPT = Object.fromEntries(LANGUAGES.map((l) => {
  const lex = LEXICONS[l];
  return [
    l,
    cueIndex({ kept: lex.quizKeeps.kept, choices: lex.quizKeeps.choices, best: lex.superlative.most }, l),
  ];
}));
/** The most answers a question offers: a larger number counts something else. */
const MOST_CHOICES = 8;

/** The runs of words only of what a quiz keeps ("keep my best score", "3 choices per question", "salva il
 * record"): a word of it, a number, a verb or a function word, one of them at least a word of it. */
function keptRuns(tokens: readonly Token[], stems: readonly string[], language: UiLanguage): Span[] {
  const covered = new Set(
    matchCues(stems, KEPT[language]).flatMap((m) =>
      Array.from({ length: m.to - m.from }, (_, k) => m.from + k)
    ),
  );
  const { stop } = CUES[language];
  const runs: Span[] = [];
  let run: { start: number; end: number; kept: boolean } | undefined;
  tokens.forEach((t, i) => {
    const within = covered.has(i) || t.kind === "number" ||
      (t.kind === "word" && (stop.has(t.norm) || VERBS[language].has(t.norm)));
    if (!within) {
      if (run?.kept) runs.push(run);
      run = undefined;
      return;
    }
    run = { start: run?.start ?? t.start, end: t.end, kept: (run?.kept ?? false) || covered.has(i) };
  });
  if (run?.kept) runs.push(run);
  return runs.map(({ start, end }) => ({ start, end }));
}

/** Whether a text is only words of what a quiz keeps ("risposte possibili", "garder record"). */
function keptOnly(text: string, language: UiLanguage): boolean {
  const tokens = words(text);
  const [run, other] = keptRuns(tokens, stemTokens(tokens, language), language);
  return run !== undefined && !other && run.start === tokens[0].start && run.end === tokens.at(-1)!.end;
}

/** The asks, among a quiz's, only of what the quiz keeps itself: a score, a best, its choices ("my best
 * score", "record", "3 choices per question"), within a run of its words; and records whose fields are only
 * those ("ripassare le capitali con 3 risposte possibili": the verb of learning asks the quiz). */
export function keptByQuiz(
  tokens: readonly Token[],
  stems: readonly string[],
  asks: Ask[],
  language: UiLanguage,
): Set<Ask> {
  const runs = keptRuns(tokens, stems, language);
  return new Set(
    asks.filter((a) =>
      OWN.has(a.type) ? runs.some((r) => r.start <= a.start && a.end <= r.end) : RECORDS.has(a.type) &&
        a.fields.length > 0 && a.fields.every((f) => keptOnly(f.name, language))
    ),
  );
}

/** What a quiz keeps, said beside it: words no other ask need quote. */
export function keptWords(prompt: string, asks: Ask[], language: UiLanguage): Span[] {
  if (!asks.some((a) => a.type === "quiz")) return [];
  const tokens = words(prompt);
  return keptRuns(tokens, stemTokens(tokens, language), language);
}

/** How many answers the prompt says each question offers: a number right before a word of choices ("4
 * choices", "4 risposte possibili", "3 Antworten zur Auswahl"). */
export function choicesCount(
  tokens: readonly Token[],
  stems: readonly string[],
  stated: Quantity[],
  language: UiLanguage,
): Quantity | undefined {
  const choices = matchCues(stems, KEPT[language]).filter((m) => m.key === "choices");
  return stated.find((q) => {
    if (q.kind !== "number" || q.value < 2 || q.value > MOST_CHOICES) return false;
    const next = tokens.findIndex((t) => t.start >= q.end);
    return next >= 0 && choices.some((m) => m.from === next);
  });
}

/** The asks with a quiz's own asks folded into it, when the prompt has a quiz of something: the quiz offers
 * the number of choices stated, which no longer counts its questions. Records of the quiz's words are its own
 * only where its quote lies in theirs. */
export function foldIntoQuiz(
  tokens: readonly Token[],
  stems: readonly string[],
  asks: Ask[],
  own: Set<Ask>,
  stated: Quantity[],
  language: UiLanguage,
): Ask[] | undefined {
  const quiz = asks.find((a) => a.type === "quiz" && !own.has(a));
  if (!quiz) return undefined;
  const count = choicesCount(tokens, stems, stated, language);
  const folded: Ask = count?.kind === "number"
    ? { ...quiz, choices: count.value, quantities: quiz.quantities.filter((q) => q.start !== count.start) }
    : quiz;
  const apart = [...own].filter((a) => RECORDS.has(a.type) && !(a.start <= quiz.start && quiz.end <= a.end));
  return [...asks.filter((a) => !own.has(a)).map((a) => a === quiz ? folded : a), ...apart];
}
