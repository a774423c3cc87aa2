// A need's words ask it of the app only where they stand as asked, together in one sentence: a side word of
// another sentence says nothing of it ("Prices depend on size. I want to see today's route"). A negation a
// few words before them in their clause rules it out ("no social media", "sin red social", "ohne GPS"); a
// reminder to the speaker makes it the speaker's doing ("remind me to send an email"); and data the speaker
// says they enter in the same sentence is had offline ("rates I type in myself", "die Preise trage ich
// selbst ein").
import { LEXICONS } from "../understand/lexicon.ts";
import { fold } from "./entities.ts";

const NOT = [...new Set(Object.values(LEXICONS).flatMap((lex) => lex.not.map(fold)))];
// The stems of reminding, in the five languages ("remind me", "ricordami", "rappelle-moi", "recuérdame",
// "erinnere mich"); Spanish "record-" alone would be English "record".
const REMIND = /^(remind|ricord|promemoria|rappel|recuerd|recordar|recordatorio|erinner)/;
// How far back a negation or a reminder reaches: "no gps tracking", "sans aucun réseau social".
const REACH = 4;

function ruledOut(text: string, at: number): boolean {
  const clause = text.slice(0, at).split(/[,.;:!?\n()]/).pop()!;
  const before = clause.split(/[^\p{L}']+/u).filter(Boolean).slice(-REACH);
  const tail = ` ${before.join(" ")} `;
  return before.some((w) => w.endsWith("n't") || REMIND.test(w)) || NOT.some((n) => tail.includes(` ${n} `));
}

/** The sentences of folded `text`, in which a need's words must meet. */
export const sentences = (text: string): string[] => text.split(/[.!?;\n]+(?:\s|$)|\n/);

/** Whether `cue` (a global pattern over folded text whose first group is what comes before its words)
 * stands as asked in `sentence`: not ruled out, nor, when `entered` is given, had from what the speaker says
 * they enter in it. */
export function asked(sentence: string, cue: RegExp, entered?: RegExp): boolean {
  if (entered?.test(sentence)) return false;
  return [...sentence.matchAll(cue)].some((m) => !ruledOut(sentence, m.index! + m[1].length));
}
