// "Either … or" ("paid either cash or card", "soit en espèces soit par carte", "entweder bar oder Karte", "ya
// sea en efectivo o con tarjeta"): the words of either (the lexicons' `either`) open the values a choice
// offers. They name nothing: the choice is named by the words before them ("paid", "payé"), its first value
// by those after. Where the same word opens the second value ("soit … soit"), it joins the two as "or" does.
import type { Token } from "./text.ts";
import { phraseAt, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";

const EITHER = phrasesPerLanguage((lex) => lex.either);

/** The tokens that the words of either take. */
export function eitherTokens(tokens: readonly Token[], language: UiLanguage): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const phrase = EITHER[language].find((p) => phraseAt(tokens, i, p));
    if (phrase) phrase.forEach((_, k) => out.add(i + k));
  }
  return out;
}

/** Whether the word at i is a word of either that stands once more a few words before, from `from` on ("soit
 * espèces ⟨soit⟩ carte"): the two values it is between are alternatives. */
export function eitherAgain(
  tokens: readonly Token[],
  i: number,
  from: number,
  language: UiLanguage,
): boolean {
  const word = tokens[i].norm;
  if (!EITHER[language].some((p) => p.length === 1 && p[0] === word)) return false;
  return tokens.slice(Math.max(from, i - 4), i).some((t) => t.norm === word);
}
