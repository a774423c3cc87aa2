// The concepts a prompt names (knowledge/concepts/<domain>/<id>.json): each concept's words in each UI
// language, stemmed and indexed once at module load, matched against the prompt's stems. A concept's score
// is the number of prompt words its phrases cover, so "piante da appartamento" outranks a lone "piante".
import { CONCEPTS } from "./concepts-index.ts";
import {
  type CueIndex,
  cueIndex,
  CUES,
  EVERY_TIME,
  type Knows,
  LEXICONS,
  matchEveryKey,
  OF_WORDS,
  perLanguage,
  phraseAt,
  stemTokens,
} from "./lexicon.ts";
import { UI_LANGUAGES, type UiLanguage } from "./language.ts";
import type { OtherLanguage } from "./foreign.ts";
import { audienceAt } from "./audience.ts";
import { languageUnits } from "./language-units.ts";
import { relativeVerb } from "./relative-clause.ts";
import { stem, stemPhrase } from "./stem.ts";
import { fold, words } from "./text.ts";

type PerLanguage<T> = Record<UiLanguage, T>;

/** A concept file (knowledge/README.md, knowledge/concept.schema.json). */
export interface Concept {
  id: string;
  domain: string;
  icon: string;
  /** The five UI languages' words, and optionally those of the languages read for their subject only
   * (foreign.ts). */
  words: PerLanguage<string[]> & Partial<Record<OtherLanguage, string[]>>;
  record: { label: PerLanguage<string>; plural: PerLanguage<string> };
  fields: {
    key: string;
    label: PerLanguage<string>;
    type: string;
    unit?: string;
    /** A reading of a state (a body weight): a goal on it is reached by the latest reading, not a sum. */
    level?: true;
    /** An amount the record sets (a budget, a savings target): never what a goal or a total adds up. */
    target?: true;
    /** A date that comes round every year (a birthday): a countdown counts to its next return. */
    yearly?: true;
    currency?: string;
    range?: number[];
    options?: PerLanguage<string[]>;
  }[];
  implies: string[];
  samples: PerLanguage<Record<string, string | number | boolean>[]>;
  fixtures: { language: UiLanguage; prompt: string }[];
}

export interface ConceptMatch {
  id: string;
  domain: string;
  score: number;
  /** The prompt's words that named it. */
  words: string[];
  /** Named only within an ask made from another's records ("a shopping list from it", derived.ts). */
  side?: true;
}

export type ConceptIndex = { concepts: Map<string, Concept>; byLanguage: PerLanguage<CueIndex> };

export function conceptIndex(concepts: readonly Concept[]): ConceptIndex {
  const byLanguage = Object.fromEntries(UI_LANGUAGES.map((language) => [
    language,
    cueIndex(Object.fromEntries(concepts.map((c) => [c.id, c.words[language]])), language),
  ])) as PerLanguage<CueIndex>;
  return { concepts: new Map(concepts.map((c) => [c.id, c])), byLanguage };
}

const DEFAULT_INDEX = conceptIndex(CONCEPTS);

/** Whether a word opens a phrase that names a concept in the language ("grocery" of "grocery list"). */
export const namesConcept: Knows = (token, language) =>
  DEFAULT_INDEX.byLanguage[language].has(stemTokens([token], language)[0]);

/** The shortest part a compound's head may be, and the fewest letters before it. */
const HEAD = 5;
const MODIFIER = 3;
const heads = new WeakMap<ConceptIndex, [string, string][]>();

/** The concept whose one-word German name ends the word as written ("Box|training", "Hunde|futter"). */
function headOf(word: string, index: ConceptIndex): string | undefined {
  let names = heads.get(index);
  if (!names) {
    names = [...index.byLanguage.de.values()].flat()
      .filter((c) => c.stems.length === 1 && c.folded.length >= HEAD && !c.folded.includes(" "))
      .map((c): [string, string] => [c.folded, c.key])
      .sort((a, b) => b[0].length - a[0].length);
    heads.set(index, names);
  }
  return names.find(([name]) => word.length >= name.length + MODIFIER && word.endsWith(name))?.[1];
}

/** The most function words between the two words of a concept's name said apart ("walks with my dog"). */
const APART = 2;
/** The words that join a noun to another ("of", "with"): what a concept's name said apart is joined by. */
const JOINS = Object.fromEntries(
  UI_LANGUAGES.map((l) => [l, new Set([...LEXICONS[l].of, ...LEXICONS[l].with])]),
) as PerLanguage<Set<string>>;
/** The words of a name that say what it is of, its function and joining words left out. */
const contentOf = (tokens: ReturnType<typeof words>, language: UiLanguage) =>
  tokens.flatMap((t, i) =>
    t.kind === "word" && !CUES[language].stop.has(t.norm) && !JOINS[language].has(t.norm) ? [i] : []
  );
const pairs = new WeakMap<CueIndex, Map<string, string[]>>();

/** The concepts whose name is two words besides its function words ("dog walks", "promenade du chien"), by
 * those words' stems in either order. */
function pairIndex(index: CueIndex, language: UiLanguage): Map<string, string[]> {
  let found = pairs.get(index);
  if (!found) {
    found = new Map();
    for (const cue of [...index.values()].flat()) {
      const name = words(cue.folded);
      const content = contentOf(name, language);
      if (content.length !== 2) continue;
      const [a, b] = stemTokens(content.map((i) => name[i]), language);
      for (const pair of [`${a} ${b}`, `${b} ${a}`]) {
        const keys = found.get(pair) ?? [];
        if (!keys.includes(cue.key)) found.set(pair, [...keys, cue.key]);
      }
    }
    pairs.set(index, found);
  }
  return found;
}

/** A concept named by its two words joined by "of" or "with" and function words, in either order: the records
 * and whom or what they are done with ("walks with my dog" are dog walks, "promenades avec le chien" the
 * dog's walks); not a purpose ("reminder to water" is no "water reminder"). */
function namedApart(
  tokens: ReturnType<typeof words>,
  stems: readonly string[],
  language: UiLanguage,
  index: CueIndex,
) {
  const content = contentOf(tokens, language);
  return content.slice(1).flatMap((to, k) => {
    const from = content[k];
    const between = tokens.slice(from + 1, to);
    if (
      !between.length || between.length > APART || between.some((t) => t.kind !== "word") ||
      !JOINS[language].has(between[0].norm)
    ) return [];
    const keys = pairIndex(index, language).get(`${stems[from]} ${stems[to]}`) ?? [];
    return keys.map((key) => ({ key, from, to: to + 1 }));
  });
}

/** The most letters a stem may have and still be shared by unrelated words ("nad" of "nadar" and "nada"). */
const SHORT_STEM = 3;

/** Whether a word shares a short stem with a concept's word only by being shorter than every word of the
 * concept that has it: a function word cut like a stem ("nada" is not "nadar", "per" not "peri"). */
function truncated(word: string, stem: string, key: string, index: CueIndex): boolean {
  if (stem.length > SHORT_STEM) return false;
  const lengths = (index.get(stem) ?? []).filter((c) => c.key === key && c.stems.length === 1)
    .map((c) => c.folded.length);
  return lengths.length > 0 && word.length < Math.min(...lengths);
}

/** What a word weighs that only shares its stem with the concept's words ("taglia" of "tagliando", "periodic"
 * of "periods"), and one the prompt lists as a field ("con talla, color y precio"), against a word the concept
 * writes that names what is asked for: a derived word or a field says less of what the records are. */
const LOOSE = 0.5;
const FIELD_WORD = 0.5;

/** The stems of the fields or items a prompt lists: those that are one word ("talla" of "con talla, color y
 * precio") and every word of them all ("pack" of "brush teeth, pack school bag"). */
export interface FieldWords {
  alone: Set<string>;
  within: Set<string>;
}

export function fieldWordsOf(names: string[], language: UiLanguage): FieldWords {
  const stems = names.map((n) => stemPhrase(n, language));
  return { alone: new Set(stems.filter((s) => s.length === 1).flat()), within: new Set(stems.flat()) };
}

/** Whether a word shares its stem with the concept's one-word names without being any of them. */
function loose(word: string, stem: string, key: string, index: CueIndex): boolean {
  const written = (index.get(stem) ?? []).filter((c) => c.key === key && c.stems.length === 1);
  return written.length > 0 && !written.some((c) => c.folded === word);
}

/** Whether the words a concept is named by are as one of its names writes them ("meals", not the verb form
 * "fills up" of "fill up"). */
function written(
  tokens: ReturnType<typeof words>,
  m: { key: string; from: number; to: number },
  first: string,
  index: CueIndex,
) {
  const phrase = tokens.slice(m.from, m.to).map((t) => t.norm).join(" ");
  return (index.get(first) ?? []).some((c) => c.key === m.key && c.folded === phrase);
}

/** What opens a verb's object: the articles, determiners and words of each ("the", "every", "la", "jeden"). */
const OBJECT_OPENS = perLanguage((lex) => [...lex.articles, ...lex.determiners, ...lex.group.each]);
const PERSONS = perLanguage((lex, l) => lex.persons.map((p) => stem(fold(p), l)));
// The words of a time, which after "every" or "a" say how often ("a pill every 12 hours", "every monday"),
// and after "the" when ("faccio le notti").
const TIMES = perLanguage((lex) => [
  ...Object.keys(lex.timeUnits),
  ...Object.keys(lex.weekdays),
  ...Object.keys(lex.numbers),
  ...Object.keys(lex.dayParts),
]);
const acts = new WeakMap<CueIndex, Map<string, Set<string>>>();

/** Per concept, the words its names write before an object ("water" of "water my plants"): the act its
 * records are of, which names it as a verb too ("reminder to water the geraniums"). */
function actsOf(index: CueIndex, language: UiLanguage): Map<string, Set<string>> {
  let found = acts.get(index);
  if (!found) {
    found = new Map();
    for (const cue of [...index.values()].flat()) {
      const name = words(cue.folded);
      name.forEach((t, i) => {
        if (i + 1 < name.length && OBJECT_OPENS[language].has(name[i + 1].norm)) {
          found!.set(cue.key, (found!.get(cue.key) ?? new Set()).add(t.norm));
        }
      });
    }
    acts.set(index, found);
  }
  return found;
}

// (As written, lower case: a folded "où" would be the French "or".)
const RELATIVE_WORDS = perLanguage((lex) => lex.relative, (w) => w.toLowerCase());
const GROUP_EACH = perLanguage((lex) => lex.group.each);
// The speaker as a verb's subject, written before it ("I", "je", "ich"; not "I'm").
const SPEAKER = perLanguage((lex) => lex.speaker.filter((w) => !/'\p{L}/u.test(w)));

/** Whether the words of a concept's name from `from` to `to` are a verb: what is done to the records, not
 * what they are. Such is a word with its object after it (an article, a determiner or a word of each, not
 * after one itself, and no time after that, "pill every 12 hours") that only shares its stem with the
 * concept's names ("mark every payment", "book the rooms", "pesare la farina") or that the speaker does ("I
 * run a bakery", "je livre les paniers"), unless its object is a person, to whom what is done is what is
 * kept ("feed the baby"). */
function verbSense(
  tokens: ReturnType<typeof words>,
  from: number,
  to: number,
  derived: boolean,
  language: UiLanguage,
): boolean {
  const [before, next, object] = [tokens[from - 1], tokens[to], tokens[to + 1]];
  const is = (t: (typeof tokens)[number] | undefined, set: PerLanguage<Set<string>>) =>
    t?.kind === "word" && set[language].has(t.norm);
  if (to - from !== 1) return false;
  // (Or its object is the records' noun before the speaker: "every waterfall I hike to".)
  if (is(before, SPEAKER) && objectBefore(tokens, from - 1, language)) return true;
  return (derived || is(before, SPEAKER)) && is(next, OBJECT_OPENS) &&
    !is(before, OBJECT_OPENS) && object?.kind === "word" && !TIMES[language].has(object.norm) &&
    !PERSONS[language].has(stem(object.norm, language));
}

/** Whether the records' noun is the object of the speaker's verb before the pronoun at `at`: an "each" word's
 * noun right before it, or before a relative word ("every waterfall I hike to", "chaque phare que je visite"):
 * the verb says what the speaker does to them. */
function objectBefore(tokens: ReturnType<typeof words>, at: number, language: UiLanguage): boolean {
  const noun = RELATIVE_WORDS[language].has(tokens[at - 1]?.text.toLowerCase() ?? "") ? at - 2 : at - 1;
  // (Not "every time I vape", "chaque fois que je fume": when the verb is done, what it names.)
  const when = EVERY_TIME[language].some((p) => phraseAt(tokens, noun - p.length + 1, p));
  return tokens[noun]?.kind === "word" && GROUP_EACH[language].has(tokens[noun - 1]?.norm ?? "") && !when &&
    !TIMES[language].has(tokens[noun].norm);
}

// The words with which the speaker says what they are ("i'm", "sono", "je suis", "soy", "ich bin"), as words.
const ROLES = Object.fromEntries(UI_LANGUAGES.map((l) => [
  l,
  [...LEXICONS[l].roles.article, ...LEXICONS[l].roles.bare].map((r) => words(r).map((t) => t.norm)),
])) as PerLanguage<string[][]>;
const ARTICLES = perLanguage((lex) => lex.articles);

/** Whether the words of a concept's name from `from` to `to` say what the speaker is ("i'm a nursing
 * student", "sono studente di medicina"): whom the app is for, not what its records are ("my tutoring
 * students" are). */
function speakerIs(
  tokens: ReturnType<typeof words>,
  from: number,
  to: number,
  language: UiLanguage,
): boolean {
  const person = (t: (typeof tokens)[number] | undefined) =>
    t?.kind === "word" && PERSONS[language].has(stem(t.norm, language));
  const at = person(tokens[to])
    ? from
    : OF_WORDS[language].has(tokens[from - 1]?.norm ?? "") && person(tokens[from - 2])
    ? from - 2
    : -1;
  if (at < 0) return false;
  let end = at;
  while (end > 0 && ARTICLES[language].has(tokens[end - 1].norm)) end--;
  return ROLES[language].some((role) =>
    role.length <= end && role.every((w, k) => tokens[end - role.length + k].norm === w)
  );
}

/** The concepts the text names, best first. English words count too (at half) in a prompt of another
 * language, since people borrow them ("un tracker per il running"); `fields` are the prompt's field words
 * (fieldWordsOf). */
/** Whether a concept's records are mostly kept as they happen (feeds, fill-ups) rather than listed. */
export function logsFirst(concept: Concept | undefined): boolean {
  const implies = concept?.implies ?? [];
  const log = implies.indexOf("log");
  const list = implies.indexOf("list");
  return log >= 0 && (list < 0 || log < list);
}

/** Whether the words name first a concept whose records are kept as they happen ("Fütterungen", "poppate"). */
export function namesEvents(text: string, language: UiLanguage): boolean {
  const id = findConcepts(text, language)[0]?.id;
  return id !== undefined && logsFirst(DEFAULT_INDEX.concepts.get(id));
}

/** Whether the words name first a concept whose records are things kept rather than events, by a word it
 * writes (a word that only shares a stem with one counts half), and `head` is its record's own noun, as the
 * concept labels one or many ("subscriptions", "Abos", "vinyl records"; not "lectures" of books, or "appels
 * clients"). */
export function namesThings(text: string, head: string, language: UiLanguage): boolean {
  const found = findConcepts(text, language)[0];
  const concept = found && found.score >= 1 ? DEFAULT_INDEX.concepts.get(found.id) : undefined;
  if (!concept || logsFirst(concept)) return false;
  const own = [concept.record.label[language], concept.record.plural[language]];
  const headStem = stemPhrase(head, language).join(" ");
  return own.some((noun) => noun !== undefined && stemPhrase(noun, language).join(" ") === headStem);
}

export function findConcepts(
  text: string,
  language: UiLanguage,
  index = DEFAULT_INDEX,
  fields: FieldWords = { alone: new Set(), within: new Set() },
): ConceptMatch[] {
  const tokens = words(text);
  const scores = new Map<string, { score: number; words: string[] }>();
  // Where each concept is first named: of two named as much, the one named first is what the prompt is about.
  const first = new Map<string, number>();
  // (Whom the records are kept for or shown to is not what they are: "for the vet".)
  const audience = audienceAt(tokens, language);
  const languages: [UiLanguage, number][] = language === "en" ? [["en", 1]] : [[language, 1], ["en", 0.5]];
  for (const [lang, weight] of languages) {
    const stems = stemTokens(tokens, lang);
    const found = matchEveryKey(stems, index.byLanguage[lang]);
    for (const m of namedApart(tokens, stems, lang, index.byLanguage[lang])) {
      if (!found.some((f) => f.key === m.key && f.from < m.to && m.from < f.to)) found.push(m);
    }
    // A German compound no phrase names is named by its head: "Boxtraining" is a training, "Hundefutter"
    // food.
    if (lang === "de") {
      const covered = new Set(
        found.flatMap((m) => Array.from({ length: m.to - m.from }, (_, k) => m.from + k)),
      );
      tokens.forEach((t, i) => {
        const head = t.kind === "word" && !covered.has(i) ? headOf(t.norm, index) : undefined;
        if (head) found.push({ key: head, from: i, to: i + 1 });
      });
    }
    for (const m of found) {
      if (
        m.to - m.from === 1 && truncated(tokens[m.from].norm, stems[m.from], m.key, index.byLanguage[lang])
      ) {
        continue;
      }
      const entry = scores.get(m.key) ?? { score: 0, words: [] };
      const one = m.to - m.from === 1;
      const derived = one && loose(tokens[m.from].norm, stems[m.from], m.key, index.byLanguage[lang]);
      // (The words around are the prompt's, whichever language names the concept.)
      const act = one && actsOf(index.byLanguage[lang], lang).get(m.key)?.has(tokens[m.from].norm);
      if (
        (verbSense(tokens, m.from, m.to, derived, language) && !act) ||
        speakerIs(tokens, m.from, m.to, language) ||
        (!written(tokens, m, stems[m.from], index.byLanguage[lang]) &&
          relativeVerb(tokens, m.from, m.to, language)) ||
        audience.has(m.from)
      ) continue;
      // A word only sharing a concept's stem within an item the prompt lists is the item's verb or part.
      if (derived && lang === language && fields.within.has(stems[m.from])) continue;
      // (An English gerund names the doing, not the thing its stem names: "double booking" is no book,
      // "parking" no park; a concept named by the gerund itself lists it, "running".)
      if (derived && lang === "en" && language === "en" && /ing$/.test(tokens[m.from].norm)) continue;
      const listed = one && lang === language && fields.alone.has(stems[m.from]);
      first.set(m.key, Math.min(first.get(m.key) ?? Infinity, m.from));
      const phrase = text.slice(tokens[m.from].start, tokens[m.to - 1].end);
      if (entry.words.includes(phrase)) continue;
      entry.score += (m.to - m.from) * weight * (derived ? LOOSE : 1) * (listed ? FIELD_WORD : 1);
      entry.words.push(phrase);
      scores.set(m.key, entry);
    }
  }
  // Units of a language it qualifies ("verbi irregolari inglesi", "German words") are its vocabulary to learn,
  // named by the whole phrase.
  const vocabulary = vocabularyOf(index)?.id;
  for (const u of vocabulary ? languageUnits(tokens, language) : []) {
    const entry = scores.get(vocabulary!) ?? { score: 0, words: [] };
    const phrase = text.slice(tokens[u.from].start, tokens[u.to - 1].end);
    if (entry.words.includes(phrase)) continue;
    first.set(vocabulary!, Math.min(first.get(vocabulary!) ?? Infinity, u.from));
    entry.score += u.to - u.from;
    entry.words.push(phrase);
    scores.set(vocabulary!, entry);
  }
  return [...scores].map(([id, s]) => ({ id, domain: index.concepts.get(id)!.domain, ...s }))
    .sort((a, b) => b.score - a.score || first.get(a.id)! - first.get(b.id)! || (a.id < b.id ? -1 : 1));
}

/** The concept whose records pair a word with its translation: a vocabulary. */
const vocabularies = new WeakMap<ConceptIndex, Concept | undefined>();
export function vocabularyOf(index = DEFAULT_INDEX): Concept | undefined {
  if (!vocabularies.has(index)) {
    const keys = (c: Concept) => c.fields.map((f) => f.key);
    vocabularies.set(
      index,
      [...index.concepts.values()].find((c) => ["word", "translation"].every((k) => keys(c).includes(k))),
    );
  }
  return vocabularies.get(index);
}

/** The fewest fields a prompt names for them to say which concept its records are. */
const FIELDS_THAT_SAY = 2;
/** A field label at most this many concepts share says which one it is ("Autore"). */
const TELLING_LABEL = 3;
/** A label more concepts share than this ("Data", "Nome", "Note") says nothing of which. */
const SHARED_LABEL = 8;
const labelIndexes = new WeakMap<ConceptIndex, PerLanguage<Map<string, Set<string>>>>();

/** Per language, each stemmed field label and the concepts that have a field so labelled. */
function labelIndex(index: ConceptIndex): PerLanguage<Map<string, Set<string>>> {
  let byLanguage = labelIndexes.get(index);
  if (!byLanguage) {
    byLanguage = Object.fromEntries(UI_LANGUAGES.map((language) => {
      const labels = new Map<string, Set<string>>();
      for (const c of index.concepts.values()) {
        for (const f of c.fields) {
          const key = stemPhrase(f.label[language], language).join(" ");
          labels.set(key, (labels.get(key) ?? new Set()).add(c.id));
        }
      }
      return [language, labels];
    })) as PerLanguage<Map<string, Set<string>>>;
    labelIndexes.set(index, byLanguage);
  }
  return byLanguage;
}

/**
 * The concept whose fields the prompt's named fields are ("la mia libreria: titolo, autore, genere" keeps
 * books), where no word names one: most of them, and at least two, labels of its fields (leaving out those
 * many concepts share), one of them a label few do, each weighing the less the more concepts share it.
 */
export function conceptOfFields(
  names: string[],
  language: UiLanguage,
  index = DEFAULT_INDEX,
): Concept | undefined {
  const labels = labelIndex(index)[language];
  const scores = new Map<string, { fields: number; weight: number; telling: boolean }>();
  const named = [...new Set(names.map((n) => stemPhrase(n, language).join(" ")))]
    .filter((name) => (labels.get(name)?.size ?? 0) <= SHARED_LABEL);
  for (const name of named) {
    const ids = labels.get(name);
    if (!ids) continue;
    for (const id of ids) {
      const s = scores.get(id) ?? { fields: 0, weight: 0, telling: false };
      scores.set(id, {
        fields: s.fields + 1,
        weight: s.weight + 1 / ids.size,
        telling: s.telling || ids.size <= TELLING_LABEL,
      });
    }
  }
  const [best] = [...scores]
    .filter(([, s]) => s.fields >= FIELDS_THAT_SAY && s.fields * 2 > named.length && s.telling)
    .sort(([a, x], [b, y]) => y.weight - x.weight || (a < b ? -1 : 1));
  return best ? index.concepts.get(best[0]) : undefined;
}
