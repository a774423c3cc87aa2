// The records' own noun where the prompt's best concept is named only beside it: in English, a noun whose
// modifiers alone name the concept ("wine cork"), and the noun of a phrase, whose complements may name it
// ("manutenzione della moto"). Such records take the noun, with none of the concept's samples or its label
// (own-noun.ts, headNoun), and of its fields only those the prompt names, if it names any.
import type { Language } from "../template/src/types.ts";
import type { Concept } from "../understand/concepts.ts";
import { CUES } from "../understand/lexicon.ts";
import { words } from "../understand/text.ts";
import { isCue } from "./head.ts";
import { capitalized, type Entity, fromWords } from "./entities.ts";

/** Whether an English subject of more than one word names its concept by the words before its last word
 * alone, its modifiers, and none by that noun ("wine" of "wine cork"): the concept is what it is of, not
 * what it is. A word any app says or a field's ("list", "log", "date") is no such noun. */
export function modifierOnly(
  subject: string,
  language: Language,
  named: (words: string) => Concept | undefined,
): boolean {
  const tokens = words(subject);
  const noun = tokens.at(-1);
  if (language !== "en" || tokens.length < 2 || tokens.some((t) => t.kind !== "word")) return false;
  // (The modifiers alone name what the whole does: "blood pressure" is no kind of blood.)
  const of = named(subject.slice(0, tokens.at(-2)!.end));
  return of !== undefined && of === named(subject) && !isCue(noun!.text, language) && !named(noun!.text);
}

/** The concept's fields records named beside it keep: those the prompt names among its own ("name and
 * size" of a race's registrations keep no distance), after a name as a subject no concept knows has; all of
 * them when the prompt names none, as what such records likely hold. */
export function lend(entity: Entity, asked: string[]) {
  if (!asked.length) return;
  const named = new Set(asked.map((n) => entity.sameAs(capitalized(n), "text")?.key));
  const kept = entity.spec.fields.filter((f) => named.has(f.key));
  const name = fromWords(undefined, entity.language, "").spec.fields[0];
  entity.spec.fields = [...(kept.some((f) => f.key === name.key) ? [] : [name]), ...kept];
}

/** The noun of a noun phrase, its complements and, in English, its modifiers left out ("manutenzione" of
 * "manutenzione della moto", "cork" of "wine cork"): a concept named in them is what it is of. */
export function ownNounOf(phrase: string, language: Language): string {
  const tokens = words(phrase);
  const k = tokens.findIndex((t) => t.kind !== "word" || CUES[language].stop.has(t.norm));
  const own = k < 0 ? tokens : tokens.slice(0, k);
  if (!own.length) return phrase;
  return language === "en" ? own.at(-1)!.text : phrase.slice(own[0].start, own.at(-1)!.end);
}

/** Whether a phrase's complement names the concept's records as the concept calls many of them ("vini" of
 * "cantina di vini"): the phrase's noun holds them, they are still the records; not one of them as a kind
 * ("ore di volo", "manutenzione della moto"). */
export function holdsRecords(concept: Concept, phrase: string, language: Language): boolean {
  const plural = words(concept.record.plural[language]).map((t) => t.norm);
  const own = words(ownNounOf(phrase, language)).length;
  return words(phrase).slice(own).some((t) => plural.includes(t.norm));
}
