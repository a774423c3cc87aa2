// The user's own noun for records a concept keeps under another word of its family: a prompt that says
// "vapes", "biberones" or "Kakteen" gets records called so, not "Cigarettes", "Tomas" or "Pflanzen".
import type { Concept } from "../understand/concepts.ts";
import type { Language } from "../template/src/types.ts";
import { stem } from "../understand/stem.ts";
import { CUES, LEXICONS, matchCues, phraseAt, phrasesPerLanguage } from "../understand/lexicon.ts";
import { words } from "../understand/text.ts";
import { capitalized, type Entity, fold } from "./entities.ts";
import { APP_WORDS, isCue, requestHead } from "./head.ts";
import { PURPOSE } from "../understand/aside.ts";
import { holdsRecords, lend, ownNounOf } from "./beside.ts";

// How an infinitive or an English gerund ends: such a word names what is done ("vaping", "fumare",
// "arroser", "regar"), not the records. German verbs end like plural nouns and are told by their capital.
const VERB: Record<Language, RegExp> = {
  en: /(ing|ed)$/,
  it: /(are|ere|ire)$/,
  fr: /(er|ir)$/,
  es: /(ar|er|ir)$/,
  de: /(en|eln|ern)$/,
};
// How a plural ends ("vitamins", "cachets", "piante", "Vitamine"), a singular's "-us", "-ss" and "-ione"
// aside.
const PLURAL: Record<Language, RegExp> = {
  en: /[^su]s$/,
  it: /(i|(?<!ion)e)$/,
  fr: /[^u][sx]$/,
  es: /[^u]s$/,
  de: /(e|er|n|s)$/,
};
// How a noun ends that is the same in the plural: an Italian one in a consonant ("biberon", "yogurt"), a
// French or Spanish one in "-us" ("cactus"), a German diminutive ("Fläschchen").
const INVARIABLE: Partial<Record<Language, RegExp>> = {
  it: /[^aeiou]$/,
  fr: /us$/,
  es: /us$/,
  de: /(chen|lein)$/,
};
// Of an Italian pair of one length ("sigaretta", "sigarette"), the plural ends the latest in this order.
const ENDINGS = "oaei";

/** Whether a written word is a verb's form rather than a noun: German nouns keep their capital. */
function verbal(written: string, language: Language): boolean {
  const word = fold(written);
  return VERB[language].test(word) && (language !== "de" || !/^\p{Lu}/u.test(written));
}

/** Whether a word is, or in German ends in, an ask's cue ("Einkaufsliste", "Fahrtenbuch"): it names the
 * app's list or log, not its records. */
function cued(word: string, language: Language): boolean {
  return matchCues([stem(word, language)], CUES[language].asks, language === "de" ? [fold(word)] : undefined)
    .length > 0;
}

/** The singular and plural of a word among the concept's words of its stem: the longer one, or the one that
 * ends later in ENDINGS, is the plural; a word alone is a plural, or both, only by its ending. */
function forms(word: string, concept: Concept, language: Language): { one?: string; many?: string } {
  const own = stem(word, language);
  const others = concept.words[language].filter((w) =>
    !/\s/.test(w) && fold(w) !== fold(word) && !verbal(w, language) && stem(w, language) === own
  );
  const known = concept.words[language].find((w) => fold(w) === fold(word)) ?? word;
  // (An inflection adds at most two letters to the singular less its last: "diabétique" is no plural of
  // "diabète".)
  const pair = others.find((w) => {
    const [short, long] = [fold(w), fold(known)].sort((a, b) => a.length - b.length);
    return long.length - short.length <= 2 && long.startsWith(short.slice(0, -1));
  });
  if (!pair) {
    if (INVARIABLE[language]?.test(fold(word))) return { one: word, many: word };
    return PLURAL[language].test(fold(word)) ? { many: word } : {};
  }
  const rank = (w: string) => fold(w).length * ENDINGS.length + ENDINGS.indexOf(fold(w).at(-1) ?? "");
  const [one, many] = rank(known) < rank(pair) ? [known, pair] : [pair, known];
  // The prompt's own spelling of the word it wrote (its capital, its accents).
  return fold(one) === fold(word) ? { one: word, many } : { one, many: word };
}

/**
 * Relabels an entity made from a concept with the noun the prompt named the concept by (`said`, the prompt's
 * words for it as written) when that noun is none of the concept's record words: the plural always, the
 * singular when the concept writes it. Not when the prompt also says the concept's own word ("sigarette che
 * fumo"), nor for a verb, a phrase, a cue, a field's word, a business's name or a word the concept does not
 * write as the prompt does.
 */
export function ownNoun(entity: Entity, concept: Concept, said: string[], language: Language) {
  // A business's own name (a "boulangerie", a "Friseursalon") is where its records are kept, not them.
  if (concept.domain === "business" || said.some((w) => callsRecords(concept, w, language))) return;
  // A word of a field's label ("repeticiones" of "Repeticiones") names what a record holds, not the record.
  const fields = concept.fields.flatMap((f) => fold(f.label[language]).split(/\s+/)).map((w) =>
    stem(w, language)
  );
  const word = said.find((w) =>
    !/\s/.test(w) && !fields.includes(stem(w, language)) && !verbal(w, language) && !cued(w, language) &&
    concept.words[language].some((c) => fold(c) === fold(w))
  );
  if (!word) return;
  const { one, many } = forms(word, concept, language);
  if (!many) return;
  entity.spec.plural = capitalized(many);
  if (one) entity.spec.label = capitalized(one);
  narrowed(entity);
}

/**
 * Relabels records that took the prompt's best concept, named only beside them, with the noun phrase the ask
 * governs (`head`), when the concept calls its records by no word of it: the records are the user's noun
 * ("control de las inscripciones a la carrera" keeps "Inscripciones", not runs), with the concept's fields
 * the prompt names among `asked` (beside.ts) and none of its samples, which are of the concept's own records.
 */
export function headNoun(
  entity: Entity,
  concept: Concept,
  head: string,
  said: string[],
  prompt: string,
  language: Language,
  asked: string[],
) {
  // (Not a field's word or persons, alone or of a word the concept is named by: "la fecha" of each wedding,
  // "mis hermanos", "il prezzo del vino" are no records' noun; "engine hours", "horas de motor" are.)
  const conceptual = new Set(
    concept.words[language].filter((w) => !/\s/.test(w)).map((w) => stem(fold(w), language)),
  );
  const other = (t: ReturnType<typeof words>[number]) =>
    isCue(t.text, language, ["fields"]) || FOR_WHOM[language].has(t.norm) ||
    CUES[language].stop.has(t.norm) ||
    conceptual.has(stem(t.norm, language));
  if (
    callsRecords(concept, ownNounOf(head, language), language) || holdsRecords(concept, head, language) ||
    cued(head, language) || words(head).every(other) ||
    !saidAfter(head, said, prompt, language)
  ) return;
  entity.spec.label = entity.spec.plural = capitalized(head).slice(0, 60);
  entity.spec.samples = [];
  lend(entity, asked);
}

const AND = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, new Set(lex.and.map(fold))]),
) as Record<Language, Set<string>>;

/** Whether the words the concept was named by all stand after `head`, none of them right after it joined by
 * "and" and articles: said of the head's records ("las inscripciones a la carrera", "the registrations for
 * our half marathon"), not a story before them nor records of their own beside them ("les absences et les devoirs"). */
function saidAfter(head: string, said: string[], prompt: string, language: Language): boolean {
  const tokens = words(prompt);
  const own = words(head).map((t) => t.norm);
  const at = (phrase: string[]) => tokens.flatMap((_, i) => phraseAt(tokens, i, phrase) ? [i] : []);
  const [first] = at(own);
  if (first === undefined) return false;
  let j = first + own.length;
  const joined = AND[language].has(tokens[j]?.norm ?? "");
  if (joined) {
    j++;
    while (OF_JOIN[language].has(tokens[j]?.norm ?? "")) j++;
  }
  return said.every((w) => {
    const phrase = words(w).map((t) => t.norm);
    const found = at(phrase);
    // (Or opening it, before its noun: "wine" of "wine cork", not "smettere di fumare".)
    const opening = (i: number) => i === first && phrase.length < own.length;
    return found.length > 0 && found.every((i) => i > first || opening(i)) && !(joined && found.includes(j));
  });
}

/** Whether a word of `phrase` is one the concept calls its records by (with `fields`, or what they hold:
 * "ore" of a babysitting's "Ore"), a German compound by its last part. */
export function callsRecords(concept: Concept, phrase: string, language: Language, fields = false): boolean {
  const labels = [
    concept.record.label,
    concept.record.plural,
    ...(fields ? concept.fields.map((f) => f.label) : []),
  ];
  const record = labels.flatMap((l) => fold(l[language]).split(/\s+/)).map((w) => stem(w, language));
  return fold(phrase).split(/\s+/).some((w) => {
    const own = stem(w, language);
    return record.some((r) => r === own || (language === "de" && own.length > r.length && own.endsWith(r)));
  });
}

// The endings an inflection adds to a word (a plural's, a German one's): "pill" and "pills", "Schicht" and
// "Schichten" are one word; "period" and "periodic", "save" and "savings" are not. An Italian noun changes
// its last vowel instead ("pianta", "piante").
const INFLECTED: Record<Language, RegExp> = {
  en: /^(s|es)$/,
  it: /^$/,
  fr: /^(s|x)$/,
  es: /^(s|es)$/,
  de: /^(e|n|en|er|s|nen)$/,
};

/** Whether two words are forms of one: one ends the other with an inflection, or they differ only in their
 * last vowel. */
export function inflection(a: string, b: string, language: Language): boolean {
  const [short, long] = [a, b].sort((x, y) => x.length - y.length);
  if (long.startsWith(short)) return short === long || INFLECTED[language].test(long.slice(short.length));
  return short.length === long.length && short.slice(0, -1) === long.slice(0, -1) &&
    /[aeiou]/.test(short.at(-1)!) && /[aeiou]/.test(long.at(-1)!);
}

/**
 * Leaves a concept's records without its samples when the prompt names the concept by no word the concept
 * writes, in any of its forms, nor by the name of its activity, only by words that share a stem with one
 * ("periodic" of "periods", "save" of "savings", "faccio" of "faccende"): the records may be of another kind
 * altogether, and the concept's samples off topic.
 */
export function unwritten(entity: Entity, concept: Concept, said: string[], language: Language) {
  const written = (l: Language) => concept.words[l].map(fold).filter((w) => !/\s/.test(w));
  const writes = (word: string) => {
    const w = fold(word);
    // (A phrase names the concept whatever its forms, and so does the infinitive or gerund that names its
    // activity, "entrenar" or "watering"; a German compound may end on a word it writes.)
    return /\s/.test(w) || verbal(word, language) ||
      ([language, "en"] as Language[]).some((l) =>
        written(l).some((c) => inflection(w, c, l) || (l === "de" && w.endsWith(c)))
      );
  };
  if (!said.some(writes)) entity.spec.samples = [];
}

/** Samples that name things of the concept's family (a medicine, a plant, a shop) may be none of the kind the
 * user narrowed the records to ("Ibuprofen" among vitamins): the records start empty instead. */
function narrowed(entity: Entity) {
  if (entity.spec.fields[0]?.type === "text") entity.spec.samples = [];
}

// The words that say what money goes on after a verb or noun of spending ("spend on", "spendo in",
// "dépense en", "gasto en", "Ausgaben für").
const ON: Record<Language, string[]> = {
  en: ["on"],
  it: ["in", "per"],
  fr: ["en", "pour"],
  es: ["en"],
  de: ["für"],
};

// The people and groups money may be spent for ("kids", "famille"): whom, not on what.
export const FOR_WHOM = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [l, lex],
  ) => [l, new Set([...lex.persons, ...lex.group.collectives].map(fold))]),
) as Record<Language, Set<string>>;

/**
 * Narrows the records of a concept of amounts that happen (expenses) to what the prompt says they go on, right
 * after a word it named the concept by (`said`: "how much I spend on coffee", "cuánto me gasto en el bar",
 * "Ausgaben für Kaffee"): the list is of those ("Gastos en el bar"), without samples that name other things.
 */
export function spentOn(
  entity: Entity,
  concept: Concept,
  said: string[],
  prompt: string,
  language: Language,
) {
  // (Not of amounts a record sets, a budget or a savings target: what they are for is their aim.)
  if (!concept.fields.some((f) => f.type === "money") || concept.fields.some((f) => f.target)) return;
  for (const word of said) {
    const rest = prompt.slice(prompt.indexOf(word) + word.length);
    const [on] = words(rest);
    if (on?.kind !== "word" || !ON[language].some((w) => fold(w) === on.norm)) continue;
    const after = rest.slice(on.end);
    const head = requestHead(after, language);
    // Whom they are for ("Ausgaben für unsere Familie") is no kind of them.
    if (!head || words(head).some((t) => FOR_WHOM[language].has(t.norm))) continue;
    const end = on.end + after.indexOf(head) + head.length;
    entity.spec.plural = `${entity.spec.plural} ${rest.slice(on.start, end)}`.slice(0, 60);
    return narrowed(entity);
  }
}

// The words between a concept's word and the persons it is of or for ("dei", "for my", "meiner").
const BEFORE_PERSONS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    new Set(
      [...lex.of, ...lex.determiners, ...lex.mine, ...PURPOSE[l as Language]].flatMap((w) => w.split(/\s+/))
        .map(fold),
    ),
  ]),
) as Record<Language, Set<string>>;

/**
 * Calls the records of a concept of people's yearly dates (birthdays) by the persons the prompt says they are
 * of or for, right after a word it named the concept by ("compleanni dei nipoti", "bday reminders for my
 * friends", "Geburtstage meiner Enkel"): each record is one of them.
 */
export function ofWhom(entity: Entity, concept: Concept, said: string[], prompt: string, language: Language) {
  if (!concept.fields.some((f) => f.yearly)) return;
  for (const word of said) {
    const rest = prompt.slice(prompt.indexOf(word) + word.length);
    const tokens = words(rest);
    // (Across an ask's cue the concept's word goes with: "bday reminders for my friends".)
    const at = tokens.findIndex((t, i) =>
      !BEFORE_PERSONS[language].has(t.norm) && (i > 0 || !isCue(t.text, language, ["asks"]))
    );
    // (A hyphenated noun is one: "petits-enfants".)
    const whom = at >= 0 ? rest.slice(tokens[at].start).match(/^[\p{L}'’-]+/u)?.[0] : undefined;
    if (at < 1 || !whom || !FOR_WHOM[language].has(fold(whom))) continue;
    entity.spec.plural = capitalized(whom);
    return;
  }
}

// The words between a noun and the one it is of ("of the", "della", "de mi", "vom"), and those of them that
// say "of" (the first of "of the", "de la").
export const OF_JOIN = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    new Set(
      [...lex.of, ...lex.articles, ...lex.determiners, ...lex.mine].flatMap((w) =>
        words(w).map((t) => t.norm)
      ),
    ),
  ]),
) as Record<Language, Set<string>>;
export const OF_WORDS = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [l, lex],
  ) => [l, new Set(lex.of.map((w) => words(w)[0].norm))]),
) as Record<Language, Set<string>>;
// What the speaker says they are or run ("je suis", "ho un"), each a token run: a noun after it is the
// speaker's trade ("professeure de yoga"), not records.
const ROLES = phrasesPerLanguage((lex) => [...lex.roles.article, ...lex.roles.bare]);
// The units of time ("minutes", "Tage"): a count of them is a measure of the records, not other records.
const TIME_UNITS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, new Set(Object.keys(lex.timeUnits).map(fold))]),
) as Record<Language, Set<string>>;

/**
 * Leaves a concept's records without its samples when the prompt names the concept only as what a noun of its
 * own is of ("gli incontri del club del libro", "l'entretien du vélo", "Treffen vom Buchclub", "the pressure
 * of my tires") or, in English, only before a plural noun it qualifies ("book club meetings"): the records
 * are that noun's, and the concept's samples of another topic.
 */
export function qualifying(
  entity: Entity,
  concept: Concept,
  said: string[],
  prompt: string,
  language: Language,
) {
  const tokens = words(prompt);
  const stems = tokens.map((t) => stem(t.norm, language));
  // (A noun the concept writes is its records all the same, "séances de hiit"; persons are whom they are
  // of, a unit of time what they measure, and a word of an ask or a field, alone or in a phrase, what is
  // done with them: "diario della glicemia", "llevar la cuenta de mis siestas".)
  const own = new Set(concept.words[language].flatMap((p) => words(p).map((t) => stem(t.norm, language))));
  const cued = new Set(
    matchCues(stems, CUES[language].asks).flatMap((m) =>
      Array.from({ length: m.to - m.from }, (_, k) => m.from + k)
    ),
  );
  const other = (i: number) => {
    const t = tokens[i];
    return t?.kind === "word" && !cued.has(i) && !CUES[language].stop.has(t.norm) && !APP_WORDS.has(t.norm) &&
      !isCue(t.text, language) && !own.has(stems[i]) && !FOR_WHOM[language].has(t.norm) &&
      !TIME_UNITS[language].has(t.norm);
  };
  const role = (j: number) => {
    while (j > 0 && OF_JOIN[language].has(tokens[j - 1].norm)) j--;
    return ROLES[language].some((r) => phraseAt(tokens, j - r.length, r));
  };
  const ofNoun = (i: number) => {
    let j = i - 1;
    let of = false;
    for (; j >= 0 && OF_JOIN[language].has(tokens[j].norm); j--) {
      of ||= OF_WORDS[language].has(tokens[j].norm);
    }
    return of && other(j) && !role(j);
  };
  const beforeNoun = (i: number) => language === "en" && other(i) && PLURAL.en.test(tokens[i].norm);
  const only = (phrase: string) => {
    const named = words(phrase).map((t) => t.norm);
    // (A phrase that is no noun, "qui doit quoi", is what the records say, not what they are.)
    if (CUES[language].stop.has(named[0])) return false;
    const at = tokens.flatMap((_, i) => phraseAt(tokens, i, named) ? [i] : []);
    return at.length > 0 && at.every((i) => ofNoun(i) || beforeNoun(i + named.length));
  };
  if (said.length && said.every(only)) entity.spec.samples = [];
}

/** The shortest word that, within another, makes the two one word's forms or a compound and its part. */
const WITHIN = 4;

/**
 * Whether the app's name says nothing of the concept its records take: no word of the name shares a stem
 * with, or holds or is held in, a word of the concept's (in the UI's language, the prompt's or English) or
 * of the records' own labels. Then the name's noun has no concept and the records' was named beside it
 * ("Kittens" fed from a bottle, a "Prueba" trained for, "Fuel" split three ways): the concept's samples are
 * of another topic than the app's.
 */
export function offName(entity: Entity, concept: Concept, name: string, languages: Language[]): boolean {
  // (A budget's or savings goal's name is what it is for, "Used Car": other aims are goals all the same.)
  if (concept.fields.some((f) => f.target)) return false;
  const said = (l: Language) => words(name).filter((t) => t.kind === "word" && !CUES[l].stop.has(t.norm));
  return !languages.some((l) => {
    const own = [...concept.words[l], entity.spec.label, entity.spec.plural].flatMap((p) =>
      words(p).filter((t) => t.kind === "word").map((t) => t.norm)
    );
    const stems = new Set(own.map((w) => stem(w, l)));
    return said(l).some((t) =>
      stems.has(stem(t.norm, l)) ||
      own.some((w) =>
        Math.min(w.length, t.norm.length) >= WITHIN && (w.includes(t.norm) || t.norm.includes(w))
      )
    );
  });
}
