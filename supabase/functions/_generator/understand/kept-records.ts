// What a keeping ask keeps is the noun phrase its cue governs, not whose, of what or where the records are
// ("tire pressure log for my bikes", "die Impfungen meiner Katzen festhalten", "jeden Ölwechsel an meinem
// Rasenmäher eintragen"): a noun phrase the speaker's possessive opens is the records' owner where another
// noun phrase names the records beside it; nor what the speaker does when or where they are made ("jede Hütte
// notieren, in der ich beim Wandern übernachte").
import { OF_WORDS, perLanguage, VERBS } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

const MINE = perLanguage((lex) => lex.mine);
const SPEAKER = perLanguage((lex) => lex.speaker);
/** The most words a noun phrase before a cue runs to ("tire pressure"). */
const PHRASE = 3;

interface Span {
  from: number;
  to: number;
}

/**
 * Where to look back from for the records when the subject found beside a cue is not them: words after the
 * cue reached across the speaker, what the speaker does, or a noun phrase after a noun cue reached across
 * the speaker's possessive ("tire pressure log for my bikes"; not after "of": "a daily log of my moods"),
 * each with a noun phrase right before the cue, one that `names` records or a measure for the owner; or a noun phrase before the cue the speaker's possessive
 * opens, after another noun phrase and a preposition at most ("die Impfungen meiner Katzen festhalten": the
 * Impfungen). Undefined where the subject is the records.
 */
export function recordsBefore(
  tokens: readonly Token[],
  cue: Span,
  subject: Span,
  unused: (i: number) => boolean,
  names: (s: Span) => boolean,
  language: UiLanguage,
): number | undefined {
  const mine = (k: number) => MINE[language].has(tokens[k]?.norm ?? "");
  const free = (k: number) => k >= 0 && k < tokens.length && unused(k);
  if (subject.from >= cue.to) {
    const across = tokens.slice(cue.to, subject.from).map((_, k) => cue.to + k);
    // (An "of" word names the records: "a daily log of my moods"; a verb before the cue is what the speaker
    // does: "start a log for my bikes".)
    const of = across.some((k) => OF_WORDS[language].has(tokens[k].norm));
    const before = cue.from - 1;
    if (!free(before) || VERBS[language].has(tokens[before].norm)) return undefined;
    const speaker = across.some((k) => SPEAKER[language].has(tokens[k].norm));
    // (Only where those words name records or a measure: in "grow log for my chili plants" the plants are
    // kept.)
    let from = before;
    while (free(from - 1) && before - from < PHRASE - 1) from--;
    return speaker || (across.some(mine) && !of && names({ from, to: cue.from })) ? cue.from : undefined;
  }
  if (subject.to > cue.from || !mine(subject.from - 1)) return undefined;
  let k = subject.from - 2;
  if (tokens[k]?.kind === "word" && !free(k)) k--;
  return free(k) ? k + 1 : undefined;
}
