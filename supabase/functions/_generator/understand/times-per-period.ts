// So many times a period ("3 times a week", "4 volte a settimana", "3 fois par semaine", "3 veces por semana",
// "3 Mal pro Woche") said of something the speaker sets out to do is a target: a goal of that many records a
// period, not a reminder. The speaker sets it out where an intent comes before it in the clause ("I want to
// go swimming 3 times a week", "ich möchte 3 Mal pro Woche joggen gehen") or where the clause opens on the
// activity itself, with no speaker telling it: an infinitive or an activity's verb ("ir al gimnasio 3 veces
// por semana", "swim twice a week") or the noun the count follows ("palestra 4 volte a settimana"). Not on
// named days or at times of day (those are when, "3x a week (Mon, Wed, Fri)"), nor so many times a day with
// no intent (a dose, "eye drops 4x a day"), nor a habit the speaker tells ("I play pickleball twice a week",
// "juego al pádel dos veces por semana").

import type { UiLanguage } from "./language.ts";
import { LEXICONS, perLanguage, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import type { Quantity } from "./quantities.ts";
import type { Token } from "./text.ts";

interface Span {
  from: number;
  to: number;
}

const WANT = phrasesPerLanguage((lex) => lex.want);
/** Verbs of activities ("swim", "correr", "joggen") and of doing ("do", "fare"), which may open the clause. */
const ACTIVITY_VERBS = perLanguage((lex) => [...Object.keys(lex.activities.nouns), ...lex.doing]);
const STOP = perLanguage((lex) => lex.stop);
/** The speaker's words ("I", "io", "je", "yo", "ich") and first persons ("ho", "he"). */
const SPEAKER = perLanguage((lex) => [...lex.speaker, ...lex.firstPerson]);
/** The words of days and parts of the day ("monday", "mon", "weekend", "evening"). */
const WHEN = perLanguage((lex) =>
  [lex.weekdays, lex.weekdaysShort, lex.dayGroups, lex.dayParts].flatMap((w) => Object.keys(w))
);
/** How many words an opening noun may be before the count ("palestra 4 volte", "yoga class twice a week"). */
const NOUN_WORDS = 2;
/** How many words from the words of intent the count may come ("I want to go swimming 3 times a week"). */
const WANT_WINDOW = 6;
/** The periods a count may be a target over. */
const PERIODS = new Set(["day", "week", "month", "year"]);

/** So many times a period, on no days or times named. */
export const timesAPeriod = (q: Quantity) =>
  q.kind === "frequency" && q.count !== undefined && !q.weekdays && !q.time && PERIODS.has(q.unit ?? "");

/** Whether a word is an infinitive by its ending ("andare", "ir", "courir"), where the language marks one so. */
function infinitive(word: string, language: UiLanguage): boolean {
  const { endings, clitics } = LEXICONS[language].infinitive;
  // (With a pronoun joined to it, whole or without its last letter: "apuntarme", "allenarmi".)
  return endings.some((e) =>
    word.endsWith(e) || clitics.some((c) => word.endsWith(e + c) || word.endsWith(e.slice(0, -1) + c))
  );
}

/** The words of a clause's target of so many times a period: from the intent or the clause's opening to the
 * count; undefined where no count in the clause is one. */
export function timesTarget(
  tokens: readonly Token[],
  placed: { q: Quantity; span: Span }[],
  language: UiLanguage,
): Span | undefined {
  // (A day or a time of day anywhere in the clause says when, a timetable's or a reminder's, in a quantity or
  // as a word alone: "3x a week (Mon, Wed, Fri)".)
  if (placed.some(({ q }) => q.kind === "weekday" || q.kind === "time")) return undefined;
  if (tokens.some((t) => WHEN[language].has(t.norm))) return undefined;
  const target = placed.find(({ q }) => timesAPeriod(q));
  if (!target) return undefined;
  const { q, span } = target;
  // (The intent is the count's where the count comes within a few words of it, as its verb's own.)
  for (let i = Math.max(0, span.from - WANT_WINDOW); i < span.from; i++) {
    if (phraseFrom(tokens, i, WANT[language])) return { from: i, to: span.to };
  }
  const speaker = tokens.some((t) => SPEAKER[language].has(t.norm));
  if (speaker || (q.kind === "frequency" && q.unit === "day")) return undefined;
  // (Or, where the verb comes last, as German puts it, ends on the activity: "zweimal pro Woche schwimmen",
  // "3 Mal pro Woche joggen gehen".)
  const words = tokens.filter((t) => t.kind === "word").map((t) => t.norm);
  const last = [words.slice(-1), words.slice(-2)].some((w) => ACTIVITY_VERBS[language].has(w.join(" ")));
  const first = tokens.findIndex((t) => t.kind === "word");
  if (last && tokens.at(-1)!.start >= tokens[span.to - 1].end) return span;
  if (first < 0 || first >= span.from) return undefined;
  // (A function word opens nothing done: "notre chorale répète 2 fois par semaine".)
  const opener = tokens[first].norm;
  const opens = !STOP[language].has(opener) &&
    (ACTIVITY_VERBS[language].has(opener) || infinitive(opener, language) || span.from - first <= NOUN_WORDS);
  return opens ? span : undefined;
}
