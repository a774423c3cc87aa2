// A group a prompt names ("the office", "la chorale", "unser Chor", "la mia classe") stands for its members, as
// persons named by a noun do: a question of who among them does something ("who paid", "chi canta", "wer kommt")
// asks for them, a board of people.
import { LEXICONS, phraseWords, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

/** Each language's groups, as folded words (several for "piso compartido"). */
const GROUPS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    [...lex.group.collectives, ...lex.memberGroups].map(phraseWords),
  ]),
) as Record<UiLanguage, string[][]>;
const WHO = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.whether.who)]),
) as Record<UiLanguage, Set<string>>;

/** The index of each word after a group's words end (in German a compound's head too: "Kirchenchor"). */
function groupEnds(tokens: readonly Token[], language: UiLanguage): number[] {
  return tokens.flatMap((_, i) =>
    GROUPS[language].some((g) =>
        g.every((w, k) => tokens[i + k]?.norm === w) ||
        (language === "de" && g.length === 1 && tokens[i].norm.length > g[0].length &&
          tokens[i].norm.endsWith(g[0]))
      )
      ? [i + 1]
      : []
  );
}

/** Whether words name a group. */
export const namesGroup = (tokens: readonly Token[], language: UiLanguage) =>
  groupEnds(tokens, language).length > 0;

/**
 * The question of who among the prompt's group or persons does something, as the who-word and the word after
 * it: the one that opens its phrase (`opening`, or -1), else one after a group's words in the same phrase
 * ("coro parrocchiale chi canta"). None without a group or persons named.
 */
export function membersAsked(
  tokens: readonly Token[],
  opening: number,
  persons: boolean,
  language: UiLanguage,
): { from: number; to: number } | undefined {
  const ends = groupEnds(tokens, language);
  if (!ends.length && !persons) return;
  const inPhrase = (from: number, to: number) => tokens.slice(from, to).every((t) => t.kind === "word");
  const who = opening >= 0
    ? opening
    : tokens.findIndex((t, i) => WHO[language].has(t.norm) && ends.some((e) => e <= i && inPhrase(e, i)));
  if (who < 0) return;
  return { from: who, to: tokens[who + 1]?.kind === "word" ? who + 2 : who + 1 };
}
