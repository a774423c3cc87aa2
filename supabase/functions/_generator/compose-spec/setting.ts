// The setting the speaker has or runs names the app over the records its sentence counts (`names.ts`,
// `roleOf`): "Ho un piccolo frutteto in collina, 30 piante tra meli e peri" is "Piccolo frutteto", not
// "Piante"; "J'ai un petit gîte, 3 chambres" is "Petit gîte", "Wir haben einen Schrebergarten mit 12 Beeten"
// "Schrebergarten". Only a role that says who the speaker is (the lexicons' `nameRoleBeing`: "sono una
// maestra, ho 22 alunni", "I'm a coach, 14 players") is about the records it goes on to count.
import type { Language } from "../template/src/types.ts";
import { perLanguage, phrasesPerLanguage } from "../understand/lexicon.ts";
import { words } from "../understand/text.ts";

const BEING = phrasesPerLanguage((lex) => lex.nameRoleBeing);
const ARTICLES = perLanguage((lex) => lex.articles);

/** Whether the role's verb, the words of `before` that end just before the role's noun phrase (an article
 * after it left aside), says who the speaker is rather than what they have or run. */
export function saysWhoTheyAre(before: string, language: Language): boolean {
  const tokens = words(before).filter((t) => t.kind === "word").map((t) => t.norm);
  while (tokens.length && ARTICLES[language].has(tokens.at(-1)!)) tokens.pop();
  return BEING[language].some((p) =>
    p.length <= tokens.length && p.every((w, k) => tokens[tokens.length - p.length + k] === w)
  );
}
