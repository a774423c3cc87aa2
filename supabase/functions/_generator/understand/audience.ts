// The person records are kept for or shown to, by their trade ("temperature records for the health
// inspector", "le mie medicine da far vedere al medico", "pour le pédiatre", "para enseñárselo al
// veterinario", "für den Hausarzt") is whom the app serves, never what its records are: it names no concept
// and is no ask's subject.
import { CUES, OF_WORDS, perLanguage } from "./lexicon.ts";
import { HEAD_FIRST, type UiLanguage } from "./language.ts";
import { PURPOSE } from "./aside.ts";
import type { Token } from "./text.ts";

const AUDIENCE = perLanguage((lex) => lex.audience);
// The words of showing, after which a person is whom something is shown to ("to show my doctor").
const SHOW = perLanguage((lex) => lex.see.filter((w) => !w.includes(" ")));
/** The most words a trade's noun phrase runs to ("health inspector", "inspecteur d'hygiène"). */
const PHRASE = 3;

/** Whether a word is a trade's: as the lexicon writes it, or in German a compound ending in one
 * ("Kinderarzt"). */
export function trade(word: string, language: UiLanguage): boolean {
  return AUDIENCE[language].has(word) ||
    (language === "de" && [...AUDIENCE[language]].some((a) => word.length > a.length && word.endsWith(a)));
}

/** The tokens that say whom the records are for or shown to: after a word of purpose or of showing and
 * function words, a noun phrase whose head (its last word in English and German, else its first) is a
 * trade's, with its complement after an "of" word ("inspecteur d'hygiène"). */
export function audienceAt(tokens: readonly Token[], language: UiLanguage): Set<number> {
  const found = new Set<number>();
  const stop = CUES[language].stop;
  tokens.forEach((t, k) => {
    if (!PURPOSE[language].has(t.norm) && !SHOW[language].has(t.norm)) return;
    let from = k + 1;
    while (from < tokens.length && tokens[from].kind === "word" && stop.has(tokens[from].norm)) from++;
    let to = from;
    while (
      to < tokens.length && to - from < PHRASE && tokens[to].kind === "word" && !stop.has(tokens[to].norm) &&
      !OF_WORDS[language].has(tokens[to].norm)
    ) to++;
    if (to === from) return;
    const last = !HEAD_FIRST.has(language);
    if (!trade(tokens[last ? to - 1 : from].norm, language)) return;
    if (!last) {
      to = OF_WORDS[language].has(tokens[from + 1]?.norm ?? "") && tokens[from + 2]?.kind === "word"
        ? from + 3
        : from + 1;
    }
    for (let i = from; i < to; i++) found.add(i);
  });
  return found;
}
