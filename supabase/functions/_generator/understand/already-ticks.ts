// Marking what is already done among the records ("segno quello che ho già comprato", "mark what i already
// bought", "je coche ce que j'ai déjà acheté", "marco lo que ya compré", "ich hake ab, was ich schon gekauft
// habe") asks a tick of each record, named by what was done: a verb of marking (the lexicon's `whether.mark`),
// then function words only (a relative word, the speaker, an auxiliary) and a word of "already", then what was
// done, a participle or the speaker's past. It is no log of the act: the records are the things marked.
import { CUES, perLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

const ALREADY = perLanguage((lex) => lex.whether.already);
/** The most function words between the verb of marking and "already" ("quello che ho", "ce que j'ai"). */
const BETWEEN = 5;

export interface AlreadyTick {
  /** From the verb of marking to what was done. */
  where: { from: number; to: number };
  /** What was done. */
  done: number;
}

/** The tick asked by marking what is already done (`marks` says which words are verbs of marking). */
export function alreadyTick(
  tokens: readonly Token[],
  marks: (i: number) => boolean,
  language: UiLanguage,
): AlreadyTick | undefined {
  const stop = CUES[language].stop;
  for (let i = 0; i < tokens.length; i++) {
    if (!marks(i)) continue;
    let k = i + 1;
    while (k <= i + BETWEEN && tokens[k]?.kind === "word" && stop.has(tokens[k].norm)) {
      if (ALREADY[language].has(tokens[k].norm)) break;
      k++;
    }
    if (!ALREADY[language].has(tokens[k]?.norm ?? "")) continue;
    // (An auxiliary may stand after "already": "déjà été", "già stato".)
    let done = k + 1;
    while (done < k + 3 && tokens[done]?.kind === "word" && stop.has(tokens[done].norm)) done++;
    if (tokens[done]?.kind !== "word" || stop.has(tokens[done].norm)) continue;
    return { where: { from: i, to: done + 1 }, done };
  }
}
