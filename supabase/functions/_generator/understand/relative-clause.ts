// A relative clause's verb says what the noun before it does, not what the records are: "a bar that fills up"
// keeps no fill-ups, nor "la pizzeria che si riempie", "un resto qui se remplit", "un bar que se llena", "ein
// Café, das sich mittags füllt".
import { perLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

// (As written, lower case: a folded "où" would be the French "or".)
const asWritten = (word: string) => word.toLowerCase();
const RELATIVE = perLanguage((lex) => lex.relative, asWritten);
const AFTER_MARK = perLanguage((lex) => lex.relativeAfterMark, asWritten);
const REFLEXIVE = perLanguage((lex) => lex.reflexive, asWritten);
const WHICH = perLanguage((lex) => lex.which, asWritten);
const lower = (t: Token) => t.text.toLowerCase();
// The words that are no noun a clause may be of: "lo que gastan", "ce que je dépense" are the records; nor a
// time, whose clause says when ("cada vez que corto el césped", "the day that we moved").
const NO_HEAD = perLanguage((lex) => [
  ...lex.stop,
  ...lex.articles,
  ...lex.determiners,
  ...lex.everyTime.map((p) => p.split(" ").at(-1)!),
  ...Object.keys(lex.timeUnits),
  ...Object.keys(lex.weekdays),
  ...Object.keys(lex.dayParts),
], asWritten);

/** Whether the words from `from` to `to` are the verb of a relative clause of a noun: right after its
 * relative word and the verb's reflexive pronoun ("a bar that fills up", "un bar que se llena"; not "lo que
 * gastan"), or, where the verb ends the clause (German), its last words, the clause opened by a relative
 * pronoun after a mark ("…, das sich mittags füllt"). */
export function relativeVerb(
  tokens: readonly Token[],
  from: number,
  to: number,
  language: UiLanguage,
): boolean {
  let at = from - 1;
  while (at >= 0 && REFLEXIVE[language].has(lower(tokens[at]))) at--;
  // (A relative word that also asks which opens a noun unless a reflexive shows a verb: "which dish", "che
  // piatto"; "che si riempie".)
  const which = at >= 0 && WHICH[language].has(lower(tokens[at])) && at === from - 1;
  if (at > 0 && RELATIVE[language].has(lower(tokens[at])) && !which) {
    return tokens[at - 1].kind === "word" && !NO_HEAD[language].has(lower(tokens[at - 1]));
  }
  if (!AFTER_MARK[language].size || (to < tokens.length && tokens[to].kind !== "mark")) return false;
  for (at = from - 1; at > 0 && tokens[at].kind !== "mark"; at--) {
    if (AFTER_MARK[language].has(lower(tokens[at])) && tokens[at - 1].kind === "mark") return true;
  }
  return false;
}
