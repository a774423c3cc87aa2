// A short prompt that opens on the speaker's possessive ("my books read and score", "mis libros leidos y
// puntuacion", "i miei libri letti e punteggio") names what the speaker keeps: a list of that noun phrase. A
// word of a score joined to it (the lexicon's `possessedList.scores`) is a rating of each, not a quiz's score,
// where the noun phrase itself names no quiz ("my flashcards and score" stays a quiz).
import type { Ask } from "./asks.ts";
import { CUES, matchCues, perLanguage, stemTokens } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { fold, words } from "./text.ts";

const MINE = perLanguage((lex) => lex.mine);
const SCORES = perLanguage((lex) => lex.possessedList.scores);
const JOINS = perLanguage((lex) => [...lex.and, ...lex.articles, ...lex.determiners]);

// The most words a short prompt holds.
const SHORT = 8;

/** The asks with a quiz of the speaker's own things, in a short prompt, read as their list and a rating. */
export function possessedListAsks(prompt: string, language: UiLanguage, asks: Ask[]): Ask[] {
  const tokens = words(prompt);
  if (tokens.length > SHORT || tokens.slice(0, -1).some((t) => t.kind === "mark")) return asks;
  // (The possessive opens the prompt, after an article: "i miei", "le mie".)
  const mine = tokens.findIndex((t) => MINE[language].has(t.norm));
  if (mine < 0 || mine > 1 || tokens.slice(0, mine).some((t) => !JOINS[language].has(t.norm))) return asks;
  const next = tokens[mine + 1];
  return asks.flatMap((a) => {
    if (
      a.type !== "quiz" || !a.subject || !next || a.start !== next.start || !a.quote.startsWith(a.subject)
    ) {
      return [a];
    }
    const own = words(a.subject);
    if (matchCues(stemTokens(own, language), CUES[language].asks).some((c) => c.key === "quiz")) return [a];
    // (The rest of the quote: a joining word and a word of a score, else nothing the list keeps.)
    const rest = words(a.quote).slice(own.length).filter((t) => !JOINS[language].has(t.norm));
    if (!rest.length || !rest.every((t) => SCORES[language].has(fold(t.norm)))) return [a];
    const from = a.start + a.quote.length - (a.quote.length - a.quote.lastIndexOf(rest[0].text));
    const list: Ask = { ...a, type: "list", quote: a.subject, end: a.start + a.subject.length };
    const rating: Ask = {
      type: "rating",
      quote: prompt.slice(from, a.end),
      start: from,
      end: a.end,
      fields: [],
      quantities: [],
    };
    return [list, rating];
  });
}
