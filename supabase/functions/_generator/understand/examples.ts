// Examples are no closed set. The words that open examples ("like", "e.g.", "per esempio", "par exemple", "por
// ejemplo", "z. B.": the lexicons' `examples`) before two values joined by "or" ("object (like M31 or Saturn)",
// "genre (z. B. Krimi oder Fantasy)", "plataforma, por ejemplo netflix o filmin") give a sample of what a field
// holds, one or another of many, not the values it is chosen from: the field stays one to write in. A longer
// list after them ("surface e.g. road, trail, sand", "stile (ad es. ipa, lager, stout)") still lists the
// field's values, and so do two values with no such words ("gym (Boulder Barn or The Crag)").
import type { Token } from "./text.ts";
import { CUES, LEXICONS, phraseAt, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";

const EXAMPLES = phrasesPerLanguage((lex) => lex.examples);
const OR = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, new Set(lex.or)]),
) as Record<UiLanguage, Set<string>>;

/** How many tokens the words that open examples take at i ("e.g.", "such as", "z. B."): 0 where none do. */
export function examplesAt(tokens: readonly Token[], i: number, language: UiLanguage): number {
  const found = EXAMPLES[language].filter((p) => phraseAt(tokens, i, p));
  return Math.max(0, ...found.map((p) => p.length));
}

/** Whether the words that open examples end right before token i ("like ⟨M31⟩", "z. B. ⟨Krimi⟩"), after a
 * mark or a noun, not a function word ("I'd like pizza or sushi" wants one). */
export function examplesBefore(tokens: readonly Token[], i: number, language: UiLanguage): boolean {
  return EXAMPLES[language].some((p) => {
    const at = i - p.length;
    const before = tokens[at - 1];
    return at > 0 && phraseAt(tokens, at, p) &&
      (before.kind === "mark" || !CUES[language].stop.has(before.norm));
  });
}

/**
 * Whether values offered are only examples: the words of examples open them (at `from`, or end right before)
 * and they are two, joined by "or" ("like M31 or Saturn"), not a comma.
 */
export function onlyExamples(
  tokens: readonly Token[],
  values: { from: number; to: number },
  language: UiLanguage,
): boolean {
  const opened = examplesAt(tokens, values.from, language);
  if (!opened && !examplesBefore(tokens, values.from, language)) return false;
  const rest = tokens.slice(values.from + opened, values.to);
  if (rest.some((t) => t.norm === "," || t.norm === "/")) return false;
  return rest.filter((t) => OR[language].has(t.norm)).length === 1;
}
