// A subject that runs from persons (the lexicon's `persons`) to what they own, across a possessive of theirs
// ("meine Kinder ihre Hausaufgaben eintragen"), is about what they own: the records are the
// homework, not the children, who are named only as who keeps them. The lexicon's `theirs`.
import type { Ask } from "./asks.ts";
import { CUES, LEXICONS, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { words } from "./text.ts";

const THEIRS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.theirs)]),
) as Record<UiLanguage, Set<string>>;
const PERSONS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.persons)]),
) as Record<UiLanguage, Set<string>>;

/** The asks, each subject about what its owner owns: a subject the ask's words follow with a possessive of
 * theirs and a noun ("Kinder" of "Kinder ihre Hausaufgaben") is that noun, with those after it to the next
 * function word or mark. */
export function possessedAsks(prompt: string, language: UiLanguage, asks: Ask[]): Ask[] {
  const tokens = words(prompt);
  const { stop } = CUES[language];
  const content = (i: number) => tokens[i]?.kind === "word" && !stop.has(tokens[i].norm);
  return asks.map((a) => {
    if (a.subject === undefined) return a;
    const own = words(a.subject);
    const last = own.at(-1);
    // (The subject's last word, within the ask's words.)
    const at = tokens.findIndex((t) =>
      t.start >= a.start && t.end <= a.end && last !== undefined && t.norm === last.norm
    );
    // (The owner is persons, "Kinder": "prendre son médicament" is what is done.)
    if (at < 0 || !PERSONS[language].has(tokens[at].norm)) return a;
    if (!THEIRS[language].has(tokens[at + 1]?.norm ?? "") || !content(at + 2)) return a;
    if (tokens[at + 2].end > a.end) return a;
    let to = at + 3;
    while (content(to) && tokens[to].end <= a.end) to++;
    return { ...a, subject: prompt.slice(tokens[at + 2].start, tokens[to - 1].end) };
  });
}
