// Records a language's units name ("verbos irregulares en inglés", "German words": `../understand/
// language-units.ts`) are the vocabulary's, called by the prompt's noun without the language ("Verbos
// irregulares"), and keep the vocabulary's samples: the noun says what the words are, no other kind of record
// to narrow them to.
import type { Language } from "../template/src/types.ts";
import { type Concept, vocabularyOf } from "../understand/concepts.ts";
import { languageOnly, languageUnits, OTHER_LANGUAGE } from "../understand/language-units.ts";
import { words } from "../understand/text.ts";
import { capitalized, type Entity, fold, fromConcept, records } from "./entities.ts";

/** Calls a vocabulary's records by the units the concept was named by (`said`, in `reading`), if any. */
export function unitsNoun(entity: Entity, concept: Concept, said: string[], reading: Language) {
  for (const phrase of said) {
    const tokens = words(phrase);
    const [units] = languageUnits(tokens, reading);
    if (!units) continue;
    // (The concept's words are in none of the other languages: their records start empty.)
    if (units.name.key === OTHER_LANGUAGE) entity.spec.samples = [];
    else if (!entity.spec.samples.length) {
      entity.spec.samples = records(concept.samples[entity.language], entity.spec.fields, entity.spec.key);
    }
    // (A word the concept writes, "vocab", names its records as the concept calls them.)
    const noun = capitalized(phrase.slice(tokens[units.noun.from].start, tokens[units.noun.to - 1].end));
    const own = [reading, "en"].some((l) => concept.words[l as Language].some((w) => fold(w) === fold(noun)));
    if (!own) {
      entity.spec.label = noun.slice(0, 60);
      entity.spec.plural = noun.slice(0, 60);
    }
    return;
  }
}

/** The cards of a quiz on a language alone ("spanish flashcards", "Englisch lernen", "quiz di inglese"): its
 * vocabulary's words and translations, none for a language the UI does not speak. */
export function languageCards(subject: string | undefined, reading: Language, language: Language) {
  const named = subject === undefined ? undefined : languageOnly(subject, reading);
  const concept = named && vocabularyOf();
  if (!concept) return undefined;
  const entity = fromConcept(concept, language);
  if (named!.key === OTHER_LANGUAGE) entity.spec.samples = [];
  return entity;
}
