// A name is never a verb the speaker says they want done or mean to do (`names.ts`). The first word of a
// clause a word of wanting opens ("voglio che ogni sera segni se…", "quiero que cada noche marque si…", "je
// veux que chaque soir il note…"; the lexicons' `nameWantedClause`), after the time it may open on, is its
// verb, not what it is about; so are the words of intent ("trying" of "we're trying to watch every Best
// Picture winner", "Intentando" of "estamos intentando ver todas las películas"; the lexicons' `want`, `must`
// and `nameWantedClause.intent`). A name that opens on either names nothing, and the next
// reading names the app (the subject, the records, the concept).
import type { Language } from "../template/src/types.ts";
import { LEXICONS, perLanguage, phraseAt } from "../understand/lexicon.ts";
import { words } from "../understand/text.ts";

const OPENS = perLanguage((lex) => lex.nameWantedClause.opens);
// (Words of wanting: "voglio", "quiero", "veux", "will", "want", and the needs "necesito", "brauche".)
const WANTING = perLanguage((lex) => [...lex.want, ...lex.need].map((p) => p.split(/\s+/).at(-1)!));
const INTENT = Object.fromEntries(
  (Object.keys(LEXICONS) as Language[]).map((l) => [
    l,
    [
      ...[...LEXICONS[l].want, ...LEXICONS[l].must].map((p) => words(p).map((t) => t.norm))
        .filter((p) => p.length > 1),
      ...LEXICONS[l].nameWantedClause.intent.map((p) => words(p).map((t) => t.norm)),
    ],
  ]),
) as Record<Language, string[][]>;
const DETERMINERS = perLanguage((lex) => [...lex.articles, ...lex.determiners]);
// The time a wanted clause may open on before its verb ("ogni sera", "cada noche", "every morning").
const TIMES = perLanguage((lex) => [
  ...lex.time.every,
  ...Object.keys(lex.dayParts),
  ...Object.keys(lex.periods).flatMap((p) => p.split(/\s+/)),
  ...Object.keys(lex.weekdays),
]);

/** Whether the name opens on the verb of a clause the speaker wants done, or on words of intent, where the
 * prompt says its first word. */
export function opensWantedClause(name: string, prompt: string, language: Language): boolean {
  const first = words(name).find((t) => t.kind === "word");
  if (!first) return false;
  const tokens = words(prompt);
  return tokens.some((t, i) => {
    if (t.norm !== first.norm) return false;
    // ("trying to watch", "hope to", "have to")
    if (INTENT[language].some((p) => p[0] === t.norm && phraseAt(tokens, i, p))) return true;
    // Back over the time the clause opens on, to the word that opens it, after a word of wanting; a word
    // after a determiner is a noun ("quiero que la lista…").
    if (i > 0 && DETERMINERS[language].has(tokens[i - 1].norm)) return false;
    let k = i - 1;
    while (k >= 0 && tokens[k].kind !== "mark" && TIMES[language].has(tokens[k].norm)) k--;
    if (k < 0 || !OPENS[language].has(tokens[k].norm)) return false;
    let w = k - 1;
    while (w >= 0 && tokens[w].kind === "mark") w--;
    return w >= 0 && WANTING[language].has(tokens[w].norm);
  });
}
