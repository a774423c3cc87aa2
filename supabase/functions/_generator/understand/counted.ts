// What a question of how many counts ("how many glasses of water I drink a day, goal 8", "quante pagine leggo
// al giorno, obiettivo 30"): the noun it governs, with its complement, is the thing counted. It names the
// records, the figure's amount and the goal said in the same sentence, whose number is a count of it unless
// the goal writes a unit; the speaker's verb after it ("leggo", "drink", "lese") names nothing.

import type { Ask } from "./asks.ts";
import type { UiLanguage } from "./language.ts";
import {
  CUES,
  LEXICONS,
  OF_WORDS,
  perLanguage,
  phraseAt,
  phrasesPerLanguage,
  phraseWords,
} from "./lexicon.ts";
import { type Token, words } from "./text.ts";

const HOW_MANY = phrasesPerLanguage((lex) => lex.howMany);
const SPEAKER = perLanguage((lex) => lex.speaker);
// The words of times ("a day", "al mese", "täglich"): a count's period, never its noun.
const TIME_WORDS = perLanguage((lex) =>
  [lex.periods, lex.adverbs].flatMap((w) => Object.keys(w).flatMap(phraseWords))
);
// A count of times ("how many times", "quante volte") counts the doings its verb names: no thing of its own.
const TIMES = perLanguage((lex) => lex.time.times);
// Where the pronoun is left out, the speaker's verb ends as the language's first person does.
const ENDINGS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, lex.relativeSpeakerEndings]),
) as Record<
  UiLanguage,
  string[]
>;
/** The asks whose words a thing counted names. */
const COUNTED_ASKS = new Set(["aggregate", "log", "goal"]);

export interface Counted {
  /** The noun counted with its complement, as written ("glasses of water", "bicchieri d'acqua"). */
  phrase: string;
  /** Where the question of how many starts. */
  at: number;
}

/** The first thing a question of how many counts in the prompt: the word after it (after its "of": "combien
 * de livres"), no pronoun, time or function word, and its complement ("of water", "d'acqua"), followed by
 * the speaker or a verb. Where the pronoun is left out, a word of the speaker's ending that nothing follows
 * but a time or a mark is their verb, no noun ("quanto spendo al mese"). */
export function countedThing(prompt: string, language: UiLanguage): Counted | undefined {
  const tokens = words(prompt);
  const noun = (t: Token | undefined) =>
    t?.kind === "word" && !CUES[language].stop.has(t.norm) && !SPEAKER[language].has(t.norm) &&
    !TIME_WORDS[language].has(t.norm);
  for (let i = 0; i < tokens.length; i++) {
    const question = HOW_MANY[language].find((p) => phraseAt(tokens, i, p));
    if (!question) continue;
    let j = i + question.length;
    if (OF_WORDS[language].has(tokens[j]?.norm ?? "")) j++;
    if (!noun(tokens[j]) || TIMES[language].has(tokens[j].norm)) continue;
    const verb = ENDINGS[language].some((e) => tokens[j].norm.endsWith(e)) && !noun(tokens[j + 1]);
    if (verb) continue;
    // (A question that asks a field, a noun nobody does anything to, "what I ate and how many calories", counts
    // no records: the speaker or their verb follows the thing counted.)
    const followed = (k: number) => SPEAKER[language].has(tokens[k]?.norm ?? "") || noun(tokens[k]);
    // (Its complement's noun may be spelt as a function word is, "di tè".)
    const complement = OF_WORDS[language].has(tokens[j + 1]?.norm ?? "") && tokens[j + 2]?.kind === "word" &&
      !SPEAKER[language].has(tokens[j + 2].norm) && !TIME_WORDS[language].has(tokens[j + 2].norm) &&
      followed(j + 3);
    const last = complement ? j + 2 : j;
    if (!followed(last + 1)) continue;
    const end = tokens[last].end;
    return { phrase: prompt.slice(tokens[j].start, end), at: tokens[i].start };
  }
  return undefined;
}

/** Gives the asks of the sentence of a question of how many, from it on, the thing it counts: their subject,
 * and where a goal writes no unit, what its number counts (`counts`) and the amount its figure adds up. */
export function countedAsks(prompt: string, asks: Ask[], language: UiLanguage): void {
  const counted = countedThing(prompt, language);
  if (!counted) return;
  const end = prompt.slice(counted.at).search(/[.!?\n]/);
  const to = end < 0 ? prompt.length : counted.at + end;
  const within = (a: Ask) => COUNTED_ASKS.has(a.type) && a.end > counted.at && a.start < to;
  const figure = asks.find((a) => within(a) && a.type === "aggregate" && a.computes);
  for (const a of asks.filter(within)) {
    a.subject = counted.phrase;
    const unit = a.quantities.some((q) =>
      q.kind === "measure" || q.kind === "money" || q.kind === "duration"
    );
    if (a.type !== "goal" || unit) continue;
    a.counts = counted.phrase;
    // (The amount a figure of it adds up, "pages", is what the goal's number counts too.)
    if (figure?.amount) a.amount = figure.amount;
  }
}
