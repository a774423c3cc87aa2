// Who was there, came or sent something back is a state of each record, asked of it in a "who" clause: "who
// came each time", "chi c'è e chi manca", "qui est venu", "quien vino cada dia", "wer gekommen ist" ask whether
// each person was present, a tick named by the language's word of presence; "who sent one back", "chi l'ha
// mandato indietro", "wer es zurückgeschickt hat" whether the thing came back, a tick named by the prompt's
// words. Not a who clause of what someone does or owes ("who brings what", "who owes who"): their verbs are
// none of these.
import { CUES, perLanguage, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

const WHO = perLanguage((lex) => lex.whether.who);
const PRESENT = phrasesPerLanguage((lex) => lex.whoTick.present);
const BACK = perLanguage((lex) => lex.whoTick.back);
/** The most function words (auxiliaries, pronouns: "chi si è", "qui l'a", "wer es") between "who" and its
 * verb, and the most words between the verb and its particle ("sent the rsvp back"). */
const BEFORE_VERB = 2;
const TO_PARTICLE = 4;

export interface WhoTick {
  /** The words that ask it, from "who". */
  where: { from: number; to: number };
  /** The words that name it, for a thing sent back; none for presence, named by the lexicon's `whoTick.name`. */
  about?: { from: number; to: number };
}

/** The first tick a "who" clause asks of each record, if any. */
export function whoTick(tokens: readonly Token[], language: UiLanguage): WhoTick | undefined {
  const stop = CUES[language].stop;
  for (const [i, t] of tokens.entries()) {
    // (One that opens a list after its colon names the records' persons: "signup: who's coming, what dish".)
    if (!WHO[language].has(t.norm) || tokens[i - 1]?.norm === ":") continue;
    let k = i + 1;
    let present = phraseFrom(tokens, k, PRESENT[language]);
    while (!present && k < i + 1 + BEFORE_VERB && tokens[k]?.kind === "word" && stop.has(tokens[k].norm)) {
      present = phraseFrom(tokens, ++k, PRESENT[language]);
    }
    if (present) return { where: { from: i, to: k + present.length } };
    if (tokens[k]?.kind !== "word") continue;
    for (let p = k + 1; p <= k + TO_PARTICLE && tokens[p]?.kind === "word"; p++) {
      if (BACK[language].has(tokens[p].norm)) {
        return { where: { from: i, to: p + 1 }, about: { from: k, to: p + 1 } };
      }
    }
  }
}
