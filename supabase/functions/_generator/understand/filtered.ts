// Records asked to be seen only where they are in a state is a `search` (a filter on the list), though no word
// of searching or filtering asks it. Two shapes, by the lexicon's `filterShown` and `see`:
// - a verb of seeing with a word of "only" right after it, or, in German, before it at the end of its clause:
//   "see only the ones not returned yet", "vedere solo quelli da pagare", "voir seulement les impayées",
//   "ver solo los que no han pagado", "nur die offenen anzeigen";
// - a verb of seeing, then a word of who or which, then within a few words a word of a state that is missing
//   or late (`state`: a negation, "late", "still"): "see who's late", "vedere chi è in ritardo",
//   "voir qui n'a pas payé", "ver quién debe todavía", "sehen, wer noch nicht bezahlt hat".
// "see who owes me money" or "show which week she's on" name no such state: a figure or the records, no filter.
import { perLanguage, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

interface Span {
  from: number;
  to: number;
}

const SEE = phrasesPerLanguage((lex) => lex.see);
const ONLY = phrasesPerLanguage((lex) => lex.filterShown.only);
const WHO = phrasesPerLanguage((lex) => lex.filterShown.who);
const STATE = perLanguage((lex) => lex.filterShown.state);

/** How many words a word of "only" or of who may stand from the verb of seeing ("see just the", "nur die
 * offenen anzeigen"), and a word of the state from the word of who ("who still hasn't paid"). */
const GAP = 1;
const STATE_GAP = 3;
const VERB_FINAL_GAP = 4;

/** Where the prompt's clause asks its records seen only in a state: a search. */
export function filteredAt(tokens: readonly Token[], language: UiLanguage): Span[] {
  const out: Span[] = [];
  const word = (i: number) => tokens[i]?.kind === "word";
  for (let i = 0; i < tokens.length; i++) {
    const see = phraseFrom(tokens, i, SEE[language]);
    if (!see) continue;
    const after = i + see.length;
    // (A mark may stand between the verb and who: "sehen, wer noch nicht bezahlt hat".)
    for (let j = after; j <= after + GAP && j < tokens.length; j++) {
      if (!word(j) && !(j === after && tokens[j].kind === "mark" && tokens[j].norm === ",")) break;
      if (!word(j)) continue;
      const only = phraseFrom(tokens, j, ONLY[language]);
      if (only && word(j + only.length)) {
        out.push({ from: i, to: j + only.length + 1 });
        break;
      }
      const who = phraseFrom(tokens, j, WHO[language]);
      if (!who) continue;
      const to = stateAfter(tokens, j + who.length, language);
      if (to !== undefined) {
        out.push({ from: i, to });
        break;
      }
    }
    // German puts the verb last: "nur die offenen anzeigen (lassen)".
    if (language === "de") {
      for (let j = i - 1; j >= Math.max(0, i - VERB_FINAL_GAP) && word(j); j--) {
        if (phraseFrom(tokens, j, ONLY[language]) && j + 1 < i) {
          out.push({ from: j, to: i + see.length });
          break;
        }
      }
    }
  }
  return out;
}

/** The end of a word of a state within a few words from `from`, across words only. */
function stateAfter(tokens: readonly Token[], from: number, language: UiLanguage): number | undefined {
  for (let k = from; k < from + STATE_GAP && tokens[k]?.kind === "word"; k++) {
    if (STATE[language].has(tokens[k].norm)) return k + 1;
  }
  return undefined;
}
