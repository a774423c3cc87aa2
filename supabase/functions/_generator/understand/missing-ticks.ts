// What the speaker still lacks of the things they keep, said after a relative word ("the ones I'm missing",
// "cards i'm still missing", "segna quelli che mi mancano", "ceux qui me manquent", "cromos que me faltan",
// "die Karten, die mir fehlen"), is a state of each record: a tick named by the language's word of lacking
// ("missing", "mancante", "manquant", "me falta", "fehlt"), beside the list of the things. Not what is left of
// an amount ("quanto manca", "how much is missing"), which no relative word opens.
import { perLanguage, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

const OPENS = perLanguage((lex) => lex.wanted.opens);
const LACKING = phrasesPerLanguage((lex) => lex.missingTick.lacking);
/** The most words from the relative word to the words of lacking ("that I'm still", "que yo ya no"). */
const CLAUSE_WORDS = 3;

/** The words that ask the tick, from the relative word to the end of the words of lacking, if any. */
export function missingTick(
  tokens: readonly Token[],
  language: UiLanguage,
): { from: number; to: number } | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const lacking = phraseFrom(tokens, i, LACKING[language]);
    if (!lacking) continue;
    for (let k = i - 1; k >= Math.max(0, i - CLAUSE_WORDS) && tokens[k].kind === "word"; k--) {
      if (OPENS[language].has(tokens[k].norm)) return { from: k, to: i + lacking.length };
    }
  }
}
