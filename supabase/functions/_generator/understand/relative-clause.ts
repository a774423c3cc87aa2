// A relative clause's verb says what the noun before it does, not what the records are: "a bar that fills up"
// keeps no fill-ups, nor "la pizzeria che si riempie", "un resto qui se remplit", "un bar que se llena", "ein
// Café, das sich mittags füllt".
import { LEXICONS } from "./lexicon.ts";
import { UI_LANGUAGES, type UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

// (As written, lower case: a folded "où" would be the French "or".)
const perLanguage = (pick: (language: UiLanguage) => string[]) =>
  Object.fromEntries(UI_LANGUAGES.map((l) => [l, new Set(pick(l).map((w) => w.toLowerCase()))])) as Record<
    UiLanguage,
    Set<string>
  >;
const RELATIVE = perLanguage((l) => LEXICONS[l].relative);
const AFTER_MARK = perLanguage((l) => LEXICONS[l].relativeAfterMark);
const REFLEXIVE = perLanguage((l) => LEXICONS[l].reflexive);
const WHICH = perLanguage((l) => LEXICONS[l].which);
const lower = (t: Token) => t.text.toLowerCase();
// The words that are no noun a clause may be of: "lo que gastan", "ce que je dépense" are the records; nor a
// time, whose clause says when ("cada vez que corto el césped", "the day that we moved").
const NO_HEAD = perLanguage((l) => [
  ...LEXICONS[l].stop,
  ...LEXICONS[l].articles,
  ...LEXICONS[l].determiners,
  ...LEXICONS[l].everyTime.map((p) => p.split(" ").at(-1)!),
  ...Object.keys(LEXICONS[l].timeUnits),
  ...Object.keys(LEXICONS[l].weekdays),
  ...Object.keys(LEXICONS[l].dayParts),
]);

/** Whether the words from `from` to `to` are the verb of a relative clause of a noun: right after its
 * relative word and the verb's reflexive pronoun ("a bar that fills up", "un bar que se llena"; not "lo que
 * gastan"), or, where the verb ends the clause (German), its last words, the clause opened by a relative
 * pronoun after a mark ("…, das sich mittags füllt"). */
export function relativeVerb(tokens: Token[], from: number, to: number, language: UiLanguage): boolean {
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
