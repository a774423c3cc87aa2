// Words said to someone or about whom an app is for, which ask for nothing: the greetings that open a prompt
// ("Hi!", "Ciao,") and the person it is for ("for grandma", "per la nonna", "für Oma").
import type { Language } from "../template/src/types.ts";
import { LEXICONS } from "./lexicon.ts";
import { fold, words } from "./text.ts";

const perLanguage = (pick: (lex: (typeof LEXICONS)[Language]) => string[]) =>
  Object.fromEntries(
    Object.entries(LEXICONS).map(([l, lex]) => [l, new Set(pick(lex).map(fold))]),
  ) as Record<Language, Set<string>>;

/** The words of purpose, folded: what follows them is whom or what a thing is for ("for my bikes"). */
export const PURPOSE: Record<Language, Set<string>> = {
  en: new Set(["for"]),
  it: new Set(["per"]),
  fr: new Set(["pour"]),
  es: new Set(["para"]),
  de: new Set(["fur", "furs"]),
};

const GREETINGS = perLanguage((lex) => [...lex.greetings].sort((a, b) => b.length - a.length));
const PERSONS = perLanguage((lex) => lex.persons);
const DETERMINERS = perLanguage((lex) => [...lex.determiners, ...lex.articles]);

/** Where the greetings that open a prompt end ("Sehr geehrte Damen und Herren,", "Madame, Monsieur,",
 * "Hi there!"): each runs to the mark after it when a few words come before that mark, else it is its own
 * words alone; 0 when the prompt opens on something else. */
export function greeting(prompt: string, language: Language): number {
  let at = 0;
  for (;;) {
    const rest = fold(prompt.slice(at)).replace(/^[^\p{L}]+/u, "");
    const skipped = prompt.slice(at).length - prompt.slice(at).replace(/^[^\p{L}]+/u, "").length;
    const opening = [...GREETINGS[language]].find((g) =>
      rest.startsWith(g) && !/^\p{L}/u.test(rest.slice(g.length))
    );
    if (!opening) return at;
    const mark = rest.slice(opening.length).search(/[,.!?:;\n]/);
    const between = mark < 0
      ? []
      : rest.slice(opening.length, opening.length + mark).split(/\s+/).filter(Boolean);
    at += skipped + opening.length + (mark >= 0 && between.length <= 3 ? mark + 1 : 0);
  }
}

/** The spans of the prompt that ask for nothing: its opening greetings, and each person named right after a
 * word of purpose and a determiner or none ("for my dad", "pour mamie", "para la abuela"). */
export function aside(prompt: string, language: Language): { start: number; end: number }[] {
  const spans = [{ start: 0, end: greeting(prompt, language) }];
  const tokens = words(prompt);
  tokens.forEach((t, i) => {
    if (!PERSONS[language].has(t.norm)) return;
    let k = i - 1;
    if (DETERMINERS[language].has(tokens[k]?.norm ?? "")) k--;
    if (PURPOSE[language].has(tokens[k]?.norm ?? "")) spans.push({ start: t.start, end: t.end });
  });
  return spans;
}
