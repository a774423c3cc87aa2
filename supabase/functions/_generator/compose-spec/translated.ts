// A translated app keeps its subject and says it in the new language. A name no concept of its records gave
// ("Bees" of "I keep bees", "Apiario", "Bienenvölker") is the name, in the new one, of a concept the app's
// prompts name whose words in the old language are the whole name, else one of its words (the head first:
// the last in English and German, the first in the Romance languages): "Bees" is "Imkerei"; else that of the
// records' concept. (Only the prompts' own subject: "Visite" of a hive's visits is no restaurant's.)
// Only a name nothing of the knowledge says stays as it was: a name in a language the UI no longer speaks
// says less than the subject's own name in the one it does.
import type { Language } from "../template/src/types.ts";
import type { Concept } from "../understand/concepts.ts";
import { CONCEPTS } from "../understand/concepts-index.ts";
import { findConcepts } from "../understand/concepts.ts";
import { CUES } from "../understand/lexicon.ts";
import { words } from "../understand/text.ts";
import { fold } from "./entities.ts";

// (Head-final languages: the noun a name is of is its last word.)
const HEAD_LAST: ReadonlySet<Language> = new Set(["en", "de"]);

/** What the concept is called in a language: its first word, or its records' plural when that word is one
 * record ("plant" → "Plants"). */
function called(concept: Concept, language: Language): string {
  const first = concept.words[language][0];
  return fold(first) === fold(concept.record.label[language]) ? concept.record.plural[language] : first;
}

/** The concept of `among` whose words in `language`, or whose records' label or plural, are exactly `text`. */
function conceptSaying(text: string, language: Language, among: readonly Concept[]): Concept | undefined {
  const wanted = fold(text);
  if (!wanted) return undefined;
  return among.find((c) =>
    [...c.words[language], c.record.label[language], c.record.plural[language]].some((w) =>
      fold(w) === wanted
    )
  );
}

/**
 * The name, said in `to`, of an app named `name` in `from` whose main records' concept is `records` and whose
 * prompts are `prompts`; undefined when nothing of the knowledge says it there.
 */
export function nameSaidIn(
  name: string,
  from: Language,
  to: Language,
  records: Concept | undefined,
  prompts: readonly string[],
): string | undefined {
  const named = new Set(prompts.flatMap((p) => findConcepts(p, from).map((m) => m.id)));
  const among = CONCEPTS.filter((c) => named.has(c.id));
  const whole = conceptSaying(name, from, among);
  if (whole) return called(whole, to);
  // (Content words only: "für", "die", "del" name nothing.)
  const own = words(name).filter((t) =>
    t.kind === "word" && t.norm.length >= 3 && !CUES[from].stop.has(t.norm)
  )
    .map((t) => t.text);
  const ordered = HEAD_LAST.has(from) ? own.reverse() : own;
  for (const word of ordered) {
    const concept = conceptSaying(word, from, among);
    if (concept) return called(concept, to);
  }
  return records ? called(records, to) : undefined;
}
