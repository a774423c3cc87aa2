// A concept's samples narrowed to what the prompt narrows its subject to: "red wines", "vini piemontesi",
// "capitales africaines" or "Hauptstädte von Afrika" keep the samples of that kind, region or continent, and
// start the list empty when none is, rather than show records the prompt rules out: so do records said to be
// of persons or of another domain's things ("vacunas de mi hijo", "reparaciones de la moto").
import { type Concept, findConcepts } from "../understand/concepts.ts";
import { CONCEPTS } from "../understand/concepts-index.ts";
import { stem } from "../understand/stem.ts";
import type { Language } from "../template/src/types.ts";
import { words } from "../understand/text.ts";
import { type Entity, fold } from "./entities.ts";
import { callsRecords, FOR_WHOM, inflection, OF_JOIN, OF_WORDS } from "./own-noun.ts";
import { HEAD_FIRST } from "../understand/language.ts";

// How far from a word naming the concept a word narrowing it is said, the articles and words of "of" between
// not counted ("vini rossi", "red wines", "capitals of Asia", "Weine von der Mosel").
const BESIDE = 2;
// The shortest value a word derived from it may name ("asiatiche" of "Asia", "piemontesi" of "Piemonte",
// "Pfälzer" of "Pfalz"), and how many of the value's last letters the derived word may change ("lombardi"
// of "Lombardia").
const DERIVED = 4;
const CHANGED = 3;
// The shortest word of a text field's value that can name it: shorter ones are its articles, prepositions
// and adjectives ("du" of "Vallée du Rhône", "New" of "New York").
const NAME = 4;

/** Whether a word is a form of a value, or an adjective made of it ("africane", "européennes", "lombardi"). */
function names(word: string, value: string, language: Language): boolean {
  if (inflection(word, value, language)) return true;
  let common = 0;
  while (common < Math.min(word.length, value.length) && word[common] === value[common]) common++;
  // (An adjective is no shorter than its noun less its last letter: "play" is no "Playing".)
  return value.length >= DERIVED && word.length >= value.length - 1 &&
    common >= Math.max(DERIVED, value.length - CHANGED);
}

/**
 * Narrows a concept's samples to those the prompt narrows its subject to by a word said beside a word it
 * named the concept by, or within that phrase ("capitales européennes"), or in German heading it
 * ("Rotweine"): a word naming one option of a choice, in any language the concept writes it in, keeps the
 * samples of that option, and a word naming a value of another text field than the records' name, as one of
 * the concept's samples in any language has it, keeps those that have it. When no sample of the UI's
 * language has what the prompt narrows to, the list starts empty: its samples are of another kind, place or
 * origin than those asked for.
 * A word the concept was named by narrows it too, naming where its records are ("congelador" of a pantry's
 * "Congelador"). A word that qualifies it as another kind of thing than the samples' empties
 * the list (`contradicts`).
 * A choice stays whole when the prompt names more of its options anywhere (it lists them).
 */
export function narrowSamples(
  entity: Entity,
  concept: Concept,
  said: string[],
  prompt: string,
  language: Language,
) {
  const tokens = words(prompt).filter((t) => t.kind === "word").map((t) => t.norm);
  const near = new Set<number>();
  const heads = new Set<number>();
  const qualifiers: Qualifier[] = [];
  for (const phrase of said) {
    const named = words(phrase).map((t) => t.norm);
    tokens.forEach((_, i) => {
      if (!named.every((w, k) => tokens[i + k] === w)) return;
      if (named.length > 1) named.forEach((_, k) => near.add(i + k));
      for (const step of [-1, 1]) {
        let k = step < 0 ? i - 1 : i + named.length;
        for (let n = 0; n < BESIDE && k >= 0 && k < tokens.length; k += step) {
          near.add(k);
          if (!OF_JOIN[language].has(tokens[k])) n++;
        }
      }
      heads.add(i);
      qualifiers.push(...qualifiersOf(tokens, i, named.length, language).map((q) => ({ ...q, named })));
    });
  }
  if (contradicts(concept, qualifiers, language)) {
    entity.spec.samples = [];
    return;
  }
  // (A value may be the word itself, in one of its forms: the "Freezer" a pantry's "freezer" is.)
  const beside = (v: string, l: Language) =>
    tokens.some((t, i) =>
      (near.has(i) && names(t, v, l)) || (heads.has(i) && inflection(t, v, l)) ||
      // (A German compound's first part: "Rotweine" of "Rot", "Dessertweine" of "Dessert".)
      (language === "de" && heads.has(i) && t.length > v.length + 2 && t.startsWith(v))
    );
  // (An option of more words, "In corso", is a state said of the records, not a kind of them.)
  const option = (o: string, l: Language) => !/\s/.test(fold(o)) && beside(fold(o), l);
  const valued = (value: string, l: Language) =>
    words(value).some((t) => t.kind === "word" && t.norm.length >= NAME && beside(t.norm, l));
  const languages = Object.keys(concept.samples) as Language[];
  concept.fields.forEach((field, at) => {
    const samples = entity.spec.samples;
    if (!samples.length) return;
    const value = (r: Record<string, unknown>) =>
      typeof r[field.key] === "string" ? r[field.key] as string : "";
    if (field.type === "choice" && field.options) {
      const options = field.options;
      const named = options[language].filter((_, o) => languages.some((l) => option(options[l][o], l)));
      const anywhere = options[language].filter((o) => tokens.some((t) => names(t, fold(o), language)));
      if (named.length !== 1 || anywhere.length > 1) return;
      entity.spec.samples = samples.filter((r) => fold(value(r)) === fold(named[0]));
    } else if (field.type === "text" && at > 0) {
      const known = languages.some((l) => concept.samples[l].some((r) => valued(value(r), l)));
      if (known) entity.spec.samples = samples.filter((r) => valued(value(r), language));
    }
  });
}

/** The words that qualify a phrase of `length` words at `at`: the noun an "of" word joins after it ("vacunas de
 * mi hijo", "Impfungen der Kinder"), and in English and German, where a modifier comes first, the word right
 * before it ("my daughter's vaccinations", "die Motorrad Reparaturen"), `bare` with no article or possessive
 * before it, when it may be a verb ("save recipes", not "kids vaccines"). */
function qualifiersOf(tokens: string[], at: number, length: number, language: Language) {
  const found: { word: string; bare?: true }[] = [];
  let k = at + length;
  let of = false;
  // (A German genitive is said by its article or possessive alone: "der Kinder", "meiner Tochter".)
  for (; k < tokens.length && OF_JOIN[language].has(tokens[k]); k++) {
    of ||= language === "de" || OF_WORDS[language].has(tokens[k]);
  }
  if (of && k < tokens.length) found.push({ word: tokens[k] });
  if (!HEAD_FIRST.has(language) && at > 0 && !OF_JOIN[language].has(tokens[at - 1])) {
    // (A possessive's noun: "son's" of "son".)
    const word = tokens[at - 1].replace(/['’]s$/, "");
    found.push(at > 1 && OF_JOIN[language].has(tokens[at - 2]) ? { word } : { word, bare: true });
  }
  return found;
}

/** A word that qualifies a phrase the concept was named by, with that phrase's words. */
type Qualifier = { word: string; bare?: true; named: string[] };

// The shortest stem a German compound is told to hold ("fahrrad" of "Fahrradreparatur").
const PART = 4;

/**
 * Whether a word that qualifies the concept's names records of another kind than its samples: persons, for
 * records of animals ("las vacunas de mis hijos", "Impfungen der Kinder"), or things another domain's concept
 * keeps, by itself ("reparaciones de la moto") or with the phrase it qualifies ("réparations des vélos" of a
 * bike's "réparation vélo", not a home's), unless the concept's records or fields are called by it (an
 * order's "clients").
 */
function contradicts(concept: Concept, qualifiers: Qualifier[], language: Language): boolean {
  return qualifiers.some(({ word, bare, named }) =>
    (concept.domain === "pets" && FOR_WHOM[language].has(word)) ||
    (!bare && !callsRecords(concept, word, language, true) &&
      (findConcepts(word, language).some((c) => c.domain !== concept.domain) ||
        namesAnother(concept, word, named, language)))
  );
}

/** Whether a phrase of a concept of another domain holds both the qualifying word and a word of the phrase
 * it qualifies, in any of their forms (a German compound holding both). */
function namesAnother(concept: Concept, word: string, named: string[], language: Language): boolean {
  const own = stem(word, language);
  // (Its content words: "de" of "horas de estudio" is in any phrase.)
  const stems = named.filter((w) => !OF_JOIN[language].has(w)).map((w) => stem(w, language));
  return CONCEPTS.some((c) =>
    c.domain !== concept.domain && c.words[language].some((phrase) => {
      const held = words(phrase).map((t) => stem(t.norm, language));
      const holds = (s: string) =>
        held.some((w) =>
          inflection(w, s, language) || (language === "de" && s.length >= PART && w.includes(s))
        );
      return holds(own) && stems.some(holds);
    })
  );
}
