// The app's name (a short title in the UI language from what the prompt is about) and its description and
// features (what THIS app's screens do), both from the composed spec.
import type { Ask, Understanding } from "../understand/index.ts";
import { DUE_KEY } from "./due-every.ts";
import { amountHeld, CUES, LEXICONS, OF_WORDS, perLanguage, phraseAt, VERBS } from "../understand/lexicon.ts";
import { HEAD_FIRST } from "../understand/language.ts";
import { measureWord } from "../understand/quantities.ts";
import { countedThing } from "../understand/counted.ts";
import type { AppSpec, EntitySpec, Language, ScreenSpec } from "../template/src/types.ts";
import { capitalized, fold } from "./entities.ts";
import { type Concept, findConcepts } from "../understand/concepts.ts";
import { CONCEPTS } from "../understand/concepts-index.ts";
import { conceptOf } from "./screens.ts";
import { words } from "../understand/text.ts";
import { learnt } from "../understand/forms.ts";
import { greeting, PURPOSE } from "../understand/aside.ts";
import { audienceAt } from "../understand/audience.ts";
import { stem } from "../understand/stem.ts";
import { occasionOf } from "./occasion.ts";
import { nounPhrase } from "./noun-phrase.ts";
import { nameSaidIn } from "./translated.ts";
import { opensWantedClause } from "./wanted-clause.ts";
import { saysWhoTheyAre } from "./setting.ts";
import { withoutCurrency } from "./amount-name.ts";
import { byTrade, ofGeneralRecords, situations } from "./situation.ts";
import { complementOf, saysNothing } from "./general-name.ts";
import {
  beforeSpeakersClause,
  contestedThing,
  heading,
  learntSkill,
  ofMedium,
  pronounJoined,
} from "./name-rules.ts";
import { fill, joined, WORDS } from "./words.ts";
import { FOR_WHOM } from "./own-noun.ts";
import { APP_WORDS, endsOnInfinitive, isCue, OPENERS, PERSONS, requestHead, TO } from "./head.ts";

/** The entities that are no records the app is named by: its reminders and due dates. */
const NOT_RECORDS = new Set(["reminder", DUE_KEY]);

/** The sentence around the character at `at`, and its rest from there: where the main ask's cue and its
 * object are. */
function sentenceAt(prompt: string, at: number): { sentence: string; rest: string } {
  const marks = [".", "!", "?", ";", "\n"];
  const start = Math.max(...marks.map((m) => prompt.lastIndexOf(m, at - 1))) + 1;
  // What a colon opens is the list of the records' fields, not the request.
  const ends = [...marks, ":"].map((m) => prompt.indexOf(m, at)).filter((i) => i >= 0);
  const end = ends.length ? Math.min(...ends) : prompt.length;
  return { sentence: prompt.slice(start, end), rest: prompt.slice(at, end) };
}

const MAX_NAME = 30;
const MAX_NAME_WORDS = 4;
const SMALL_WORDS = new Set(["a", "an", "the", "of", "for", "and", "to", "in", "on", "with", "my", "by"]);

/** Title Case in English; sentence case elsewhere (German nouns keep the capitals they were typed with). A
 * name cut to its length ends on a word of its own, not on "for my". */
export function titled(text: string, language: Language): string {
  const words = text.trim().split(/\s+/);
  const cased = language === "en"
    ? words.map((w, i) => (i > 0 && SMALL_WORDS.has(w.toLowerCase()) ? w.toLowerCase() : capitalized(w)))
    : words.map((w, i) => (i === 0 ? capitalized(w) : w));
  let name = "";
  for (const word of cased) {
    if ((name ? `${name} ${word}` : word).length > MAX_NAME) break;
    name = name ? `${name} ${word}` : word;
  }
  const kept = name.split(" ");
  while (kept.length > 1 && endsNothing(fold(kept.at(-1)!), language)) kept.pop();
  return kept.join(" ") || cased[0].slice(0, MAX_NAME);
}

/** Whether a word cannot end a name: a function word, or a preposition that says between whom, from where,
 * with what or before when ("Bill Between", "Glycémie avant", "Courses entre"): what it opens was cut. */
function endsNothing(word: string, language: Language): boolean {
  return CUES[language].stop.has(word) || PREPOSITIONS[language].has(word) ||
    (language === "en" && PARTICLES.has(word));
}

/** The German nouns the knowledge and the UI words write, folded: each word with its capital inside a
 * phrase, or a phrase of one word ("Erinnerungen", "Tagebuch", "Zählerstände"). */
const GERMAN_NOUNS: Set<string> = (() => {
  const nouns = new Set<string>();
  const add = (text: unknown): void => {
    if (typeof text === "string") {
      const parts = text.split(/[^\p{L}]+/u).filter(Boolean);
      parts.forEach((w, i) => {
        if ((i > 0 || parts.length === 1) && /^\p{Lu}\p{Ll}+$/u.test(w)) nouns.add(fold(w));
      });
    } else if (Array.isArray(text)) text.forEach(add);
    else if (text && typeof text === "object") Object.values(text).forEach(add);
  };
  add(WORDS.de);
  for (const c of CONCEPTS) {
    add([
      c.words.de,
      c.record.label.de,
      c.record.plural.de,
      c.fields.map((f) => [f.label.de, f.options?.de]),
    ]);
    add(c.samples.de);
  }
  return nouns;
})();
const GERMAN_HEADS = [...GERMAN_NOUNS].filter((n) => n.length >= 4);

/** A German name with the capital of each noun the prompt typed in lower case ("putzplan für meine
 * pilze" → "Putzplan für meine Pilze"): a noun the knowledge writes, a compound that ends in one
 * ("zählerstände"), or the last word of a run after a function word, where German puts the noun ("fürs
 * joggen" → "fürs Joggen"). */
function germanNouns(name: string): string {
  const stop = CUES.de.stop;
  const words = name.split(" ");
  return words.map((w, i) => {
    const f = fold(w);
    if (stop.has(f) || f.length < 3) return w;
    const known = GERMAN_NOUNS.has(f) ||
      GERMAN_HEADS.some((n) => f.length > n.length + 2 && f.endsWith(n));
    const headOfRun = (i === words.length - 1 || stop.has(fold(words[i + 1]))) &&
      words.slice(0, i).some((x) => stop.has(fold(x)));
    return known || headOfRun ? capitalized(w) : w;
  }).join(" ");
}

const AND = perLanguage((lex) => lex.and);
const PREPOSITIONS = perLanguage((lex) =>
  [...lex.between, ...lex.with, ...lex.deadline, ...lex.time.from].filter((w) => !w.includes(" "))
);
const EVERY = perLanguage((lex) => lex.time.every);
const ARTICLES = perLanguage((lex) => lex.articles);
const QUESTIONS = perLanguage((lex) => lex.questions);
// The questions of how many ("quante volte", "wie viele"): what they ask about is said around the speaker's
// verb, and the noun they agree with opens its phrase ("cuántas tazas de té tomo").
const HOW_MANY = perLanguage((lex) => lex.counting.many.map((q) => q.split(/\s+/)[0]));
const WITH = perLanguage((lex) => lex.with);
const ABOUT = perLanguage((lex) => lex.about);
const NUMBERS = perLanguage((lex) => Object.keys(lex.numbers));

// The lexicon's time expressions, each as its folded words: periods ("al mese"), adverbs ("daily"), counts
// ("twice") and weekdays.
const TIME_WORDS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    [lex.periods, lex.adverbs, lex.counts, lex.weekdays].flatMap((words) =>
      Object.keys(words).map((w) => w.split(/\s+/).map(fold))
    ),
  ]),
) as Record<Language, string[][]>;
// The words of when an event comes again or came last ("every time", "chaque fois", "l'ultima volta"), each as
// its folded words.
const EVENT_TIMES = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [l, lex],
  ) => [l, [...lex.everyTime, ...lex.lastTime].map((w) => w.split(/\s+/).map(fold))]),
) as Record<Language, string[][]>;
// The names of times, each as its folded words: the parts of the day, weekdays, seasons and the weekend
// the lexicon lists, and the months as the language writes them ("morning", "soir", "lunedì", "Sommer",
// "agosto"). What happens then, never what the app is about.
const TIME_NAMES = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    [...Object.keys(lex.dayParts), ...Object.keys(lex.weekdays), ...lex.seasons, ...months(l)]
      .map((w) => w.split(/[\s-]+/).map(fold)),
  ]),
) as Record<Language, string[][]>;
const TIME_NAME_WORDS = Object.fromEntries(
  Object.entries(TIME_NAMES).map(([l, names]) => [l, new Set(names.flat())]),
) as Record<Language, Set<string>>;

function months(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, m) => format.format(new Date(Date.UTC(2026, m, 15))));
}

// The words that introduce a time: function words, and those of a deadline, a moment or a recurrence ("bis",
// "avant", "every", "ogni").
const TIME_INTRO = perLanguage((lex) =>
  [...lex.deadline, ...lex.time.at, ...lex.time.every, ...lex.time.from, ...lex.time.to, ...lex.time.dayPart]
    .flatMap((w) => w.split(/\s+/))
);
// The words that say which time of a name it is ("this", "next", "last"): with the name, a time.
const WHICH_TIME = perLanguage((lex) => [...lex.current, ...lex.compared.previous, ...lex.selecting]);
const introducesTime = (w: string, language: Language) =>
  CUES[language].stop.has(w) || TIME_INTRO[language].has(w);

/** How many of the folded words from `at` on name a time ("fine settimana" → 2), or 0; a name's first
 * words that end the words are one too ("spese del fine", "sorties du week": the rest was cut). */
function timeNameAt(folded: string[], at: number, language: Language): number {
  const name = TIME_NAMES[language].find((n) =>
    n.every((x, k) => folded[at + k] === x || (k > 0 && at + k >= folded.length))
  );
  return name ? Math.min(name.length, folded.length - at) : 0;
}
const TIME_UNITS = perLanguage((lex) => Object.keys(lex.timeUnits));
const PERIOD_WORDS = perLanguage((lex) => Object.keys(lex.periods));
const TIMES = perLanguage((lex) => lex.time.times);

/** Where the first time expression of the words starts ("spendo al mese" → 1), or -1; so is a number of
 * times ("cortisone due volte"), a word of which one before the name of a time ("wedding next june"), a
 * recurrence of no number ("avise cada hora", "every week"; one with a number is no name at all), a unit of
 * time after a function word ("total for the month", "streak of days"), and the name of a time after one and
 * a word of the phrase's own ("Gewicht bis Sommer", "sorties du week-end"), while one that heads the phrase is
 * what is kept ("heures de conduite"). */
function timeAt(words: string[], language: Language): number {
  const folded = words.map(fold);
  const number = (w: string) => /^\d/.test(w) || NUMBERS[language].has(w);
  const recurs = (i: number) =>
    [...EVERY[language]].some((every) => {
      const n = every.split(" ").length;
      return folded.slice(i, i + n).join(" ") === every && TIME_UNITS[language].has(folded[i + n] ?? "");
    });
  return folded.findIndex((w, i) =>
    (number(w) && TIMES[language].has(folded[i + 1])) || recurs(i) ||
    (i > 0 && CUES[language].stop.has(folded[i - 1]) && TIME_UNITS[language].has(w)) ||
    (i > 0 && introducesTime(folded[i - 1], language) && timeNameAt(folded, i, language) > 0 &&
      folded.slice(0, i).some((x) => !CUES[language].stop.has(x) && !VERBS[language].has(x))) ||
    (i > 0 && WHICH_TIME[language].has(w) &&
      (timeNameAt(folded, i + 1, language) > 0 || TIME_UNITS[language].has(folded[i + 1] ?? ""))) ||
    TIME_WORDS[language].some((expression) => expression.every((x, k) => folded[i + k] === x))
  );
}

// The auxiliaries of a compound tense ("ho", "a", "hemos").
const AUXILIARIES = perLanguage((lex) => lex.whether.done);
const SPEAKER_ENDINGS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, lex.speakerEndings]),
) as Record<Language, string[]>;
const RELATIVE = perLanguage((lex) => lex.relative);
/** The last words of the phrases of intent ("voglio", "veux", "quiero"), which an infinitive follows. */
const WANT_ENDS = perLanguage((lex) => lex.want.map((p) => p.split(/\s+/).at(-1)!));
const DETERMINERS = perLanguage((lex) => [...lex.determiners, ...lex.articles]);
const INFINITIVE = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => {
    const { endings, clitics } = lex.infinitive;
    return [
      l,
      endings.length ? new RegExp(`\\p{L}{2}(?:${endings.join("|")})(?:${clitics.join("|")})?$`, "u") : null,
    ];
  }),
) as Record<Language, RegExp | null>;

/** Whether the words open on a verb before a determiner: an infinitive ("gestire le spese condominiali",
 * "apuntar las clases") or, where no noun comes straight before one, any word ("apunto los gastos", "révise
 * mon anglais"). What is done is no part of the name. */
function opensOnVerb(words: string[], language: Language): boolean {
  const first = fold(words[0] ?? "");
  return words.length > 2 && DETERMINERS[language].has(fold(words[1])) && !CUES[language].stop.has(first) &&
    (INFINITIVE[language]?.test(first) === true || HEAD_FIRST.has(language));
}

// The ask cues of several words, each as its folded words.
const PHRASE_CUES = Object.fromEntries(
  Object.entries(CUES).map(([l, cues]) => [
    l,
    [...cues.asks.values()].flat().map((c) => c.folded.split(" ")).filter((c) => c.length > 1),
  ]),
) as Record<Language, string[][]>;

/** The noun phrase without the function words, number words and imperatives around it, what follows "with"
 * and the time expression the clause goes on with ("my plants" → "plants", "chat app with login" → "chat",
 * "runs a week" → "runs", "my two dogs" → "dogs"). */
function phrase(text: string, language: Language, nounsCapitalized = false): string {
  const stop = CUES[language].stop;
  // What a colon, dash or comma opens is a list of parts, not the name.
  const head = text.split(/[:,;(]|\s[-–]\s/)[0];
  // A part that says it is an app goes, alone or hyphenated ("Stundenplan-App").
  const parts = head.split(/\s+/).map((w) => w.split("-").filter((p) => !APP_WORDS.has(fold(p))).join("-"))
    .filter(Boolean);
  if (timeClause(parts, language)) return "";
  const drop = (w: string) =>
    stop.has(fold(w)) || VERBS[language].has(fold(w)) || NUMBERS[language].has(fold(w));
  // The words of when an event comes ("every time", "chaque fois") say when, not what: after a cue or
  // function words only, the event after them holds the name ("log every time i call my grandma" is no
  // "Time"); after a name, they end it ("headaches every time i eat").
  const folded = parts.map(fold);
  const at = folded.findIndex((_, i) =>
    EVENT_TIMES[language].some((p) => p.every((x, k) => folded[i + k] === x))
  );
  const size = at < 0
    ? 0
    : EVENT_TIMES[language].find((p) => p.every((x, k) => folded[at + k] === x))!.length;
  // (A cue of several words before them, "write down each time", is a cue too.)
  const before = PHRASE_CUES[language].reduce(
    (text, cue) => text.replace(` ${cue.join(" ")} `, " "),
    ` ${folded.slice(0, Math.max(at, 0)).join(" ")} `,
  ).trim();
  const opensEvent = at >= 0 &&
    (before === "" || before.split(" ").every((w) => drop(w) || isCue(w, language, ["asks"])));
  const all = at < 0 ? parts : opensEvent ? parts.slice(at + size) : parts.slice(0, at);
  // "and" before a function word or an imperative starts a new clause ("my shop and I want to…").
  const clause = all.findIndex((w, i) =>
    AND[language].has(fold(w)) && i + 1 < all.length && drop(all[i + 1])
  );
  const relative = all.findIndex((w, i) => i > 0 && RELATIVE[language].has(fold(w)));
  const ends = [all.findIndex((w) => WITH[language].has(fold(w))), timeAt(all, language), clause, relative]
    .filter((i) => i >= 0);
  // Where German nouns are written with their capital, a name starts and ends on one ("einen kleinen
  // Hofladen" → "Hofladen", "das Gewicht einträgt" → "Gewicht").
  const lower = (w: string) => nounsCapitalized && !/^\p{Lu}/u.test(w.replace(/^[^\p{L}]+/u, ""));
  // An imperative that opens a cue of several words is that cue's noun ("cuenta atrás", "compte à rebours").
  const opensCue = (i: number) =>
    VERBS[language].has(fold(all[i])) &&
    PHRASE_CUES[language].some((c) => fold(all.slice(i, i + c.length).join(" ")) === c.join(" "));
  // A verb of the speaker's ending before its object's article opens a clause, not a name ("organizamos una
  // carrera", "prepariamo una festa").
  const speaks = (i: number) =>
    fold(all[i]).length >= 6 && SPEAKER_ENDINGS[language].some((e) => fold(all[i]).endsWith(e)) &&
    DETERMINERS[language].has(fold(all[i + 1] ?? ""));
  const trimmed = (end: number, begin = 0) => {
    let from = begin;
    while (from < end && ((drop(all[from]) && !opensCue(from)) || lower(all[from]) || speaks(from))) from++;
    // (An amount or a heap names what it holds: "un sacco di libri" is "Libri".)
    const held = amountHeld(all.map(fold), from, language);
    if (held > from && held < end) return trimmed(end, held);
    // (A number "of" opens at its end says which or when, "vespa del 1978", "Käfer von 1972": no name holds
    // it.)
    const which = (i: number) => /^\d/.test(all[i]) && i > from && OF_WORDS[language].has(fold(all[i - 1]));
    while (end > from && (drop(all[end - 1]) || lower(all[end - 1]) || which(end - 1))) end--;
    return { from, words: all.slice(from, end) };
  };
  const end = ends.length ? Math.min(...ends) : all.length;
  const first = trimmed(end);
  // (Before the end is trimmed: a verb's object may end on words no name keeps, "Llevo la cuenta de".)
  const opened = opensOnVerb(all.slice(first.from, end), language);
  const { from, words: whole } = opened ? trimmed(end, first.from + 1) : first;
  // A phrase too long for a name loses first what follows "for" after a word that names the records or
  // their measure, whom or where they are kept for ("tire pressure log for my bikes"); after an ask's cue
  // alone ("timer for the plank") "for" says what they are, and before "each" what there is one of.
  const named = (w: string) => !drop(w) && !isCue(w, language, ["asks"]);
  const purpose = whole.findIndex((w, i) =>
    PURPOSE[language].has(fold(w)) && whole.slice(0, i).some(named) &&
    !EVERY[language].has(fold(whole[i + 1] ?? "")) && !ARTICLES[language].has(fold(whole[i + 1] ?? ""))
  );
  // (Whom they are kept for is no part of a name however short: "pills for my GP".)
  const forWhom = purpose > 0 && audienceAt(words(whole.slice(purpose).join(" ")), language).size > 0;
  const cut = (whole.length > MAX_NAME_WORDS || forWhom) && purpose > 0
    ? trimmed(from + purpose).words
    : whole;
  return cut.filter((_, i) => !describes(cut, i, language)).join(" ")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

/** Whether the word at `i` is a function word between a noun and the "of" that opens its complement, where
 * adjectives follow their noun: a word of how the records are kept ("registro semplicissimo delle letture",
 * "journal détaillé de mes crises"), no part of what they are. */
function describes(words: string[], i: number, language: Language): boolean {
  const w = fold(words[i]);
  const next = fold(words[i + 1] ?? "");
  const of = OF_WORDS[language].has(next) ||
    [...OF_WORDS[language]].some((o) => o.endsWith("'") && next.startsWith(o));
  return HEAD_FIRST.has(language) && i > 0 && of && CUES[language].stop.has(w) &&
    !CUES[language].stop.has(fold(words[i - 1])) && !OF_WORDS[language].has(w) && !AND[language].has(w);
}

/** Whether the words open, after function words, on the name of a time that a word other than a function
 * word follows: the time a clause opens on and its verb ("ogni sera scrivo", "ad agosto andiamo", "im
 * Winter heize"), no name. In English a time before a noun says which ("weekend hikes"). */
function timeClause(words: string[], language: Language): boolean {
  const stop = CUES[language].stop;
  const folded = words.map(fold);
  const at = folded.findIndex((w) => !introducesTime(w, language));
  const time = at < 0 ? 0 : timeNameAt(folded, at, language);
  return language !== "en" && time > 0 && at + time < folded.length && !stop.has(folded[at + time]);
}

/** Whether a German prompt writes its nouns with a capital: some word after a lower-case one within a
 * sentence starts with one. */
function nounsCapitalized(prompt: string): boolean {
  return /\p{Ll}[,]?\s+\p{Lu}\p{Ll}/u.test(prompt);
}

// "an app called Houseplant Royals", "un'app chiamata Verdi": the name the prompt gives.
const CALLED =
  /(?:^|\s)(?:called|named|chiamat[ao]|chiamal[ao]|appel[ée]e?|llamad[ao]|namens|genannt)\s+["“«']?([^"”»'.,;:!?]+)/iu;

export function givenName(prompt: string, language: Language): string | undefined {
  const words = prompt.match(CALLED)?.[1].trim().split(/\s+/) ?? [];
  const stop = CUES[language].stop;
  const end = words.findIndex((w, i) => i > 0 && (stop.has(fold(w)) || VERBS[language].has(fold(w))));
  const name = words.slice(0, end < 0 ? MAX_NAME_WORDS : Math.min(end, MAX_NAME_WORDS)).join(" ");
  return name || undefined;
}

/** What the prompt says the app is for, a noun phrase after the app's word and "for" ("an app for our horse
 * yard", "fai un app per il nostro viaggio in camper", "eine App für unseren Kleingarten"): the thing the app
 * serves as a whole, which names it before any one kind of its records. Not what is done ("app per prendere
 * gli ordini", "app for tracking"), nor whom it is for ("an app for my daughter"). */
function appFor(prompt: string, language: Language, capitals: boolean): string {
  const tokens = words(prompt);
  // (The app's word alone: a compound's, "Vokabel-App für die Schule", says what it is about itself.)
  const at = tokens.findIndex((t, i) =>
    APP_WORDS.has(t.norm) && prompt[t.start - 1] !== "-" && PURPOSE[language].has(tokens[i + 1]?.norm ?? "")
  );
  if (at < 0) return "";
  const first = thingAfter(tokens, at + 2, language);
  if (!first) return "";
  return shortened(phrase(prompt.slice(first.start).split(/[.!?;:\n]/)[0], language, capitals), language);
}

/** The first word of the noun phrase that starts at token `k` after its determiners, when it names a thing:
 * not a function word, a verb, a gerund or, unless `persons` may be what is kept, a person ("for our horse
 * yard", not "for tracking", "for my daughter", "for the health inspector"), nor an infinitive or a gerund right after the preposition
 * ("per prendere gli ordini"; after a determiner it is a noun, "for our wedding"). */
function thingAfter(tokens: ReturnType<typeof words>, k: number, language: Language, persons = false) {
  const from = k;
  while (k < tokens.length && DETERMINERS[language].has(tokens[k].norm)) k++;
  const first = tokens[k];
  const thing = first?.kind === "word" && !CUES[language].stop.has(first.norm) &&
    !VERBS[language].has(first.norm) && (persons || !PERSONS[language].has(first.norm)) &&
    !audienceAt(tokens, language).has(k) &&
    !(k === from && INFINITIVE[language]?.test(first.norm) === true) &&
    !(k === from && language === "en" && /ing$/.test(first.norm));
  return thing ? first : undefined;
}

/** The name of a goal or a quiz whose main ask opens on its kind word and a preposition: the kind word
 * joined, in the language's order, to what it is for or about. A budget's or a goal's occasion after "for"
 * is its noun with its adjectives, before any complement or time ("budget for our wedding next june" →
 * "Wedding Budget", "obiettivo di risparmio per la casa nuova" → "Risparmio casa nuova", "Sparziel für
 * eine Reise" → "Reisesparziel"; of a kind of several words with "of", the complement is the kind). A
 * quiz's topic after "about" is taken whole up to a function word other than "of" ("quiz about the roman empire" →
 * "Roman Empire Quiz", "preguntas sobre la historia de españa" → "Preguntas de historia de españa"). ""
 * when no thing follows the preposition. */
function framedName(main: Ask, prompt: string, language: Language, capitals: boolean): string {
  const quiz = main.type === "quiz";
  if (!quiz && main.type !== "goal") return "";
  const rest = sentenceAt(prompt, main.start).rest;
  const tokens = words(rest);
  // (The kind word opens the ask, "of" its complement within it: "objectif d'épargne pour".)
  const at = tokens.findIndex((t) => (quiz ? ABOUT : PURPOSE)[language].has(t.norm));
  const thing = at > 0 ? thingAfter(tokens, at + 1, language) : undefined;
  const before = tokens.slice(0, at).filter((t) => !OF_WORDS[language].has(t.norm));
  // (A gerund or the speaker's verb says what is done, "I'm saving for a used car", "j'économise pour un
  // voyage", "estoy ahorrando para una moto", not what the app is.)
  if (
    !thing || !before.length || before.length > 2 || !isCue(before[0].norm, language, ["asks"]) ||
    before.some((t) => t.kind !== "word" || CUES[language].stop.has(t.norm)) ||
    (language === "en" && /ing$/.test(before.at(-1)!.norm)) ||
    speakersVerb(before.at(-1)!.text, prompt, language) ||
    afterSpeaker(prompt, main.start + before[0].start, language)
  ) {
    return "";
  }
  const typed = rest.slice(before[0].start, before.at(-1)!.end);
  // (A quiz's kind word too long for a title with its topic is the UI's own, "Quiz" of "preguntas".)
  const kind = HEAD_FIRST.has(language) && !quiz
    ? before.at(-1)!.text
    : quiz && typed.length > WORDS[language].quiz.length + 2
    ? WORDS[language].quiz
    : typed;
  // (Its own words, up to a function word, "of" within a topic aside, or a time: "wedding" of "wedding next
  // june".)
  const all = rest.slice(thing.start).split(/[,;:(]/)[0].split(/\s+/);
  const time = timeAt(all, language);
  const end = all.findIndex((w, i) =>
    i > 0 && (i === time || (CUES[language].stop.has(fold(w)) && !(quiz && OF_WORDS[language].has(fold(w)))))
  );
  let own = phrase(all.slice(0, end < 0 ? all.length : end).join(" "), language, capitals);
  // (A topic too long for a title with its kind word loses its last complements, never cut mid-phrase:
  // "pianeti del sistema solare" → "pianeti".)
  while (own.length + kind.length + 4 > MAX_NAME) {
    const kept = own.split(/\s+/);
    const stop = (w: string) => CUES[language].stop.has(fold(w));
    const at = kept.findLastIndex((w, i) => i > 0 && stop(w) && !stop(kept[i - 1]));
    if (at < 1) break;
    own = kept.slice(0, at).join(" ");
  }
  if (!own || own.split(/\s+/).length > (quiz ? MAX_NAME_WORDS : 2)) return "";
  if (language === "de") {
    const noun = germanNouns(own);
    return /\s/.test(noun) ? "" : compound(capitalized(noun), kind);
  }
  if (!HEAD_FIRST.has(language)) return `${own} ${kind}`;
  if (!quiz) return `${kind} ${own}`;
  // (A quiz keeps the preposition it was asked with, "Quiz sulle capitali africane"; when that is too long
  // it is "of" its topic, without the article: "Quiz de historia de España".)
  const asked = `${kind} ${rest.slice(tokens[at].start, thing.start)}${own}`;
  const of = language === "fr" && /^[aeiouyhàâéèêîôû]/iu.test(own) ? "d'" : `${LEXICONS[language].of[0]} `;
  return asked.length <= MAX_NAME ? asked : `${kind} ${of}${own}`;
}

/** Whether the word at `at` of the prompt follows the speaker or an auxiliary ("I'm saving", "estoy
 * ahorrando"): a verb, not a noun. */
function afterSpeaker(prompt: string, at: number, language: Language): boolean {
  const tokens = words(prompt);
  const before = tokens[tokens.findIndex((t) => t.start === at) - 1]?.norm ?? "";
  return SPEAKER[language].has(before) || AUXILIARIES[language].has(before);
}

/** The app's kind word with what the prompt says it is about, in the words that follow it through a
 * preposition ("quiz sui farmaci", "diario para las crisis de ansiedad", "timer for sourdough"): a name of the
 * kind word alone ("Quiz") says what the app does, not on what. "" when no noun phrase follows it so. */
function kindWithSubject(
  kind: string,
  prompt: string,
  u: Understanding,
  from: number,
  language: Language,
  capitals: boolean,
): string {
  const tokens = words(prompt);
  const at = tokens.findIndex((t) => t.start >= from && t.norm === fold(kind));
  const by = tokens[at + 1];
  // (Persons a kind word is of are what it keeps: "planning des bénévoles", "rota of volunteers".)
  const thing = at < 0
    ? undefined
    : thingAfter(tokens, at + 2, language, OF_WORDS[language].has(by?.norm ?? ""));
  // (What says how the app looks or speaks, "in german", is no subject.)
  const styles = (t: { start: number }) =>
    u.asks.some((a) =>
      (a.type === "language" || a.type === "theme") && a.start <= t.start && t.start < a.end
    );
  // (Nor is when it is, a time right after it: "avise cada hora".)
  if (
    !thing || styles(thing) || by.kind !== "word" || !CUES[language].stop.has(by.norm) ||
    AND[language].has(by.norm) ||
    WITH[language].has(by.norm) || timeAt(tokens.slice(at + 1).map((t) => t.text), language) === 0
  ) {
    return "";
  }
  // (The kind word and its preposition as typed: "diario" is also "daily", a time no name keeps.)
  const about = phrase(prompt.slice(thing.start).split(/[.!?;:\n]/)[0], language, capitals);
  return about ? `${prompt.slice(tokens[at].start, thing.start)}${shortened(about, language)}` : "";
}

/** A name too long for a title, in letters or words, that opens on the app's kind word and a preposition is
 * what follows them ("Quiz über deutsche Bundesländer" → "Deutsche Bundesländer", "diario para los ataques
 * de asma" → "Ataques de asma"): cut to its length, it would keep the kind word and lose the subject. */
function subjectOnly(name: string, language: Language, capitals: boolean): string {
  // (A German noun after the preposition has its capital from there: "über europäische Hauptstädte".)
  const [kind, by, ...rest] = (language === "de" ? germanNouns(name.trim()) : name.trim()).split(/\s+/);
  const opens = by !== undefined && isCue(kind, language, ["asks"]) && CUES[language].stop.has(fold(by));
  // A German kind word for one thing is one word with it ("Schichtplan für unser Sommerfest"), unless the
  // thing ends in "e", which a compound may drop or change ("Schule" → "Schulplan", "Pilze" → "Pilzbuch").
  const nouns = rest.filter((w) => !DETERMINERS.de.has(fold(w)) && !CUES.de.stop.has(fold(w)));
  const one = language === "de" && opens && PURPOSE.de.has(fold(by)) && nouns.length === 1 &&
    /^\p{Lu}\p{L}{3,}(?<!e)$/u.test(nouns[0]) && !PERSONS.de.has(fold(nouns[0])) &&
    !TIME_NAME_WORDS.de.has(fold(nouns[0]));
  if (one) return compound(nouns[0], kind);
  const long = name.length > MAX_NAME || rest.length + 2 > MAX_NAME_WORDS;
  return long && opens && rest.length ? phrase(rest.join(" "), language, capitals) || name : name;
}

/** A German compound of a modifier and a head ("Garten", "Tagebuch" → "Gartentagebuch"): a modifier of a
 * suffix that links with an "s" takes it ("Fütterungen" → "Fütterungs-"), and a long one keeps a hyphen to
 * be read ("Sommerfest-Schichtplan"), unless its head is a short word ("Hausaufgabenplan"). */
function compound(modifier: string, head: string): string {
  const linked = modifier.replace(/(ung|heit|keit|ion|tät)(?:en)?$/u, "$1s");
  return linked.length + head.length > 15 && head.length > 4
    ? `${linked}-${capitalized(head)}`
    : `${linked}${head.toLocaleLowerCase("de")}`;
}

/** A noun phrase too long for a title without its last complements, each opened by a function word after a
 * word of its own ("viaggio in camper in Norvegia ad agosto" → "viaggio in camper"): what the app serves
 * comes first, where and when after. */
function shortened(name: string, language: Language): string {
  const kept = name.split(/\s+/);
  const stop = (w: string) => CUES[language].stop.has(fold(w));
  while (kept.length > MAX_NAME_WORDS) {
    const at = kept.findLastIndex((w, i) => i > 0 && stop(w) && !stop(kept[i - 1]));
    if (at < 1) break;
    kept.length = at;
  }
  return kept.join(" ");
}

/** What the app is when the main ask names only a number of persons it is for after a purpose word ("darts
 * scorer for 4 players", "marqueur de points pour 2 joueurs", "Punktezähler für 3 Spieler"): the words
 * before that word in their clause, without numbers ("darts 501 scorer" → "darts scorer"). How many play
 * says for whom, any game or board has them. "" when the subject is more than persons, or no purpose word
 * and number introduce them. */
function servedBy(prompt: string, main: Ask, language: Language, capitals: boolean): string {
  const tokens = words(prompt);
  const subject = words(main.subject ?? "").filter((t) => t.kind === "word");
  if (!subject.length || !subject.every((t) => PERSONS[language].has(t.norm))) return "";
  const at = tokens.findIndex((t) => t.start >= main.start && t.norm === subject[0].norm);
  const number = (k: number) => tokens[k].kind === "number" || NUMBERS[language].has(tokens[k].norm);
  let k = at - 1;
  while (k > 0 && (DETERMINERS[language].has(tokens[k].norm) || number(k))) k--;
  // (Counted: "for my son" may name whom a plan is for, "Trainingsplan für meinen Sohn".)
  if (k < 1 || !PURPOSE[language].has(tokens[k].norm) || !number(at - 1)) return "";
  const { sentence, rest } = sentenceAt(prompt, tokens[k].start);
  const start = tokens[k].start + rest.length - sentence.length;
  const clause = prompt.slice(start, tokens[k].start).split(/[,;(]/).at(-1) ?? "";
  return phrase(clause.split(/\s+/).filter((w) => !/\d/.test(w)).join(" "), language, capitals);
}

// Where the head of the request is among the candidate names.
const ROLE = 2;
const SUBJECT = 3;
const HEAD = 4;
// Where the concept's own name is among them.
const CONCEPT_NAME = 6;

/**
 * The name: the one the prompt gives ("called …"), else the main ask's own words when they are a short noun
 * phrase ("diario della neonata"), else what the speaker says they are or run, else its subject, else the
 * main list's label, else the main screen's title. Never a fragment with numbers in it.
 * `head`: the words of the request's head when they name it and the records' concept, if any, was named
 * only in passing, not by the main ask's own words: the records are the head's.
 */
export function nameOf(prompt: string, u: Understanding, spec: AppSpec): { name: string; head?: string } {
  const language = spec.language;
  // What a timer is for names the app when its sessions are the records kept ("timer per la plank"), not
  // when it is only where the timer is used ("timer for my garage gym").
  const kept = (subject: string) => spec.entities.some((e) => fold(e.plural) === fold(subject));
  // An ask read in the greeting that opens the prompt ("Sehr geehrte Damen und Herren") names nothing.
  const greeted = greeting(prompt, language);
  const main =
    u.asks.find((a) =>
      a.subject && !a.derived && a.start >= greeted && (a.type !== "timer" || kept(a.subject))
    ) ??
      u.asks[0];
  const records = spec.entities.find((e) => !NOT_RECORDS.has(e.key));
  const concept = records ? conceptOf(records) : undefined;
  // The prompt's own words name the app when the UI speaks the prompt's language; otherwise ("a shopping
  // list in Spanish", a prompt in Dutch) the subject's own name in the UI language does.
  // A question ("quanto spendo", "how far I run") asks about the subject in words that do not name it.
  const asked = main && QUESTIONS[language].has(fold(main.quote.split(/\s+/)[0]));
  const own = u.detected === language && !asked;
  // The speaker's verb of a question names nothing ("Km faccio", "Veces voy", "Dors").
  const questioned = main && (asked || HOW_MANY[language].has(fold(main.quote.split(/\s+/)[0])))
    ? question(prompt, main, language)
    : undefined;
  const verbOf = (c: string) =>
    questioned !== undefined && words(c).some((t) => questioned.verbs.has(t.norm));
  const capitals = language === "de" && nounsCapitalized(prompt);
  // The head of the request the main ask is in, what its verb or need is about, names the app when the
  // records' concept was named only elsewhere (a story around the request: "my son has an allergy and the
  // grandparents babysit. I want a list of safe foods").
  const request = main ? sentenceAt(prompt, main.start) : undefined;
  // So does the head when the concept's words only name fields of records ("a list of my colleagues with
  // their birthday").
  const said = concept ? u.concepts.find((m) => m.id === concept.id)?.words ?? [] : [];
  const asField = main !== undefined && namedAsField(said, u, main);
  const elsewhere = request !== undefined && concept !== undefined &&
    (asField || !said.some((w) => request.sentence.includes(w) || u.asks.some((a) => a.quote.includes(w))));
  // Words of the main ask that end on an infinitive ("rappel pour nourrir les poissons") say what is done:
  // the head of the request, what it is done to, names the app ("Poissons").
  // (Those of records an "each" phrase names are its noun, not the quantifier nor the fields: "für jede
  // Fahrt Datum, …", "registro di ogni vaccinazione".)
  const ownWords = main?.each && main.subject && main.quote.includes(main.subject)
    ? main.subject
    : main?.quote;
  const quoted = main && own ? phrase(withoutRole(ownWords!, language), language, capitals) : "";
  // A subject that "for" and an indefinite article introduce after a word that names a concept, across
  // an adjective or two, is what they aim at and names the app, rather than the words of aiming ("saving
  // for a used car", "Sparziel für ein neues Fahrrad"); one after a possessive is whom they are for.
  const aimed = main?.subject !== undefined &&
    aimedAt(prompt, main.subject, u.concepts.flatMap((m) => m.words), language);
  // (Up to its subject: "reminder to feed the chickens every day" ends on "to feed" before its object.)
  const toSubject = main?.subject && main.quote.includes(main.subject)
    ? main.quote.slice(0, main.quote.indexOf(main.subject) + main.subject.length)
    : "";
  const verbal = quoted !== "" &&
    (endsOnInfinitive(quoted, language) || endsOnInfinitive(phrase(toSubject, language, capitals), language));
  const head = own && (elsewhere || verbal) && request ? requestHead(request.rest, language) : undefined;
  // An app of several kinds of records is about the world the prompt opens on, before any one of them; an
  // app of one kind is when the main ask's own words do not name it ("We foster kittens … Bottle feeds
  // every 3 hours").
  const kinds = spec.entities.filter((e) => !NOT_RECORDS.has(e.key)).length;
  // (A question asks in words that do not name the subject, but what the speaker says they have or do still
  // does: "Ich habe einen Kräutergarten und vergesse immer, wann ich gegossen habe".)
  const spoken = u.detected === language;
  const world = spoken && main ? opening(prompt, language, capitals) : "";
  // Where the UI speaks another language than the prompt and no concept knows the records, a label made of
  // the prompt's words ("Ik wil een") is in a language the UI does not speak.
  const foreign = (label: string) => u.detected !== language && !concept && !uiWord(label, language);
  const given = givenName(prompt, language);
  // A rota is called by its task, not by the words of taking turns nor by those who take them.
  const rota = u.asks.find((a) => a.rota && a.subject);
  if (rota && own && !given) return { name: capitalized(phrase(rota.subject!, language, capitals)) };
  const role = spoken ? roleOf(prompt, language, capitals, said) : "";
  // The setting the speaker has or runs names the app over the records its own sentence counts (`setting.ts`:
  // "Ho un piccolo frutteto in collina, 30 piante…").
  const roleSentence = prompt.slice(greeted).split(/[.!?;\n]/)[0];
  const roleRest = roleSentence.match(ROLES[language])?.[1];
  const inSetting = role !== "" && main !== undefined && roleRest !== undefined &&
    main.start < greeted + roleSentence.length && !personal(role, language) &&
    wholeIn(role, prompt.slice(0, main.start), language) &&
    !saysWhoTheyAre(roleSentence.slice(0, roleSentence.length - roleRest.length), language);
  // (The world the speaker says they work in comes before what the app is for: "Gestisco un agriturismo.
  // Vorrei un'app per le prenotazioni".)
  const meant = own && !given && !role ? appFor(prompt, language, capitals) : "";
  // The skill the prompt opens on learning names an app of its practice, not the figure each session logs
  // ("Touch Type" of "learning to touch type, want to log my wpm"); a quiz is named by what it asks.
  const skill = own && !given && main && main.type !== "quiz" && !u.asks.some((a) => a.type === "quiz")
    ? learntSkill(prompt, main.start, language)
    : "";
  // The heading the prompt opens on, before the asks, is what they are for ("reha nach knie op, übungen abhaken
  // und schmerzen notieren" is "Reha nach knie op", not the pain logged): `name-rules.ts`.
  const headed = own && !given && u.asks.length
    ? phrase(heading(prompt, greeted, Math.min(...u.asks.map((a) => a.start)), language), language, capitals)
    : "";
  // (A heading of learning is the skill's: "learning to touch type, …" is "Touch Type".)
  const heads = headed !== "" && !skill && !personal(headed, language) && !byTrade(headed, language);
  const served = main && own ? servedBy(prompt, main, language, capitals) : "";
  const framed = main && own ? framedName(main, prompt, language, capitals) : "";
  // What a question of how many counts names its records, not the speaker's verb after it ("Bicchieri d'acqua").
  const counted =
    spoken && main?.subject !== undefined && main.subject === countedThing(prompt, language)?.phrase
      ? phrase(main.subject, language, capitals)
      : "";
  // What a target per period measures names the app, not the verb of doing it nor the period ("Eau" of
  // "boire 1,5 l d'eau par jour", "Corsa" of "3 km di corsa a settimana": `per-period.ts`).
  const measured = spoken && main?.subject !== undefined &&
      u.asks.some((a) => a.perPeriod && a.subject !== undefined && fold(a.subject) === fold(main.subject!))
    // (Its one word is a noun, whatever else it spells: "pas" of "10000 pas par jour".)
    ? phrase(main.subject, language, capitals) || (/\s/.test(main.subject) ? "" : main.subject)
    : "";
  // What persons of the story contend over names the app, not they nor their quarrel ("Console" of "mes deux
  // fils se disputent pour la console": `name-rules.ts`).
  const contested = own && !given ? contestedThing(prompt, language) : "";
  // An occasion the prompt opens on, or that records of several kinds, built or asked for, are for, names
  // the app before what the speaker does, and before what the app is said to be for when that is one of its
  // lists ("une appli pour les invités" of "on se marie").
  const lists = new Set(
    u.asks.filter((a) => (a.type === "list" || a.type === "log") && a.subject)
      .map((a) => fold(a.subject!)),
  );
  const occasion = own && u.asks.length
    ? occasionOf(
      prompt,
      Math.min(...u.asks.map((a) => a.start)),
      kinds >= 2 || lists.size >= 2,
      language,
      GERMAN_NOUNS,
    )
    : "";
  const ofRecords = (c: string) => spec.entities.some((e) => sharesWord(c, [e.label, e.plural]));
  // A concept named only beside records the user's noun calls (`headNoun`) lends them no name either
  // ("Étape" of "je note chaque étape : date, km, le gîte et son prix"); persons its records are of are no
  // such noun ("Nipoti" of their birthdays).
  const lent = concept !== undefined && records !== undefined &&
    !sharesWord(records.plural, conceptWords(concept, language)) &&
    !FOR_WHOM[language].has(fold(records.plural));
  const candidates = [
    given || (occasion && (!meant || ofRecords(meant)) ? occasion : "") || meant || (heads ? headed : "") ||
    (kinds >= 2 ? world : ""),
    // (Its words only when they hold its subject: a quiz's topic may be the exam another clause names; not
    // when they are the persons it is for, "for 4 players", but what precedes them.)
    inSetting ? "" : served || framed || counted || measured || contested || skill ||
      (main && !verbal && !aimed && !learnt(main, language) &&
          (!main.subject || main.quote.includes(main.subject))
        ? quoted
        : ""),
    // (What a request says is done to, "un quiz per riconoscere gli alberi", names it before their role.)
    // (A quiz is named by what it asks, not by what the speaker says they do: "Knochen" of "Ich studiere
    // Medizin und muss für Anatomie die Knochen lernen. Mach mir Karteikarten".)
    spoken && !(verbal && head) ? role || (main?.type === "quiz" && main.subject ? "" : world) : "",
    main?.subject && own && !verbal && !served ? phrase(main.subject, language, capitals) : "",
    head ? phrase(head, language, capitals) : "",
    own && concept && !lent ? itsWord(prompt, u, concept, language) : "",
    concept && !lent ? narrowed(spokenName(concept, prompt, language), records?.plural ?? "") : "",
    // (Where the UI speaks another language than the prompt and no concept knows the records, their plural
    // is the prompt's words: the main screen's own title, "Timer", is the UI's.)
    u.detected !== language && !concept && !spec.entities.some((e) => e.plural === spec.screens[0].title)
      ? spec.screens[0].title
      : "",
    // (What a question asks about, when no concept knows it: "quante volte vado in palestra" is "Palestra".)
    questioned && spoken && !concept ? phrase(questioned.head ?? "", language, capitals) : "",
    records && !foreign(records.plural) ? records.plural : "",
    foreign(spec.screens[0].title) ? WORDS[language].items : spec.screens[0].title,
    // (Where the records' own words are a verb, "Trying" of "we are trying to watch every Best Picture winner"
    // (`wanted-clause.ts`), the words of another ask that are a noun phrase name the app.)
    ...(own && opensWantedClause(spec.screens[0].title, prompt, language)
      ? u.asks.filter((a) => a !== main).map((a) => phrase(a.subject ?? a.quote, language, capitals))
        .map((c) => c && !isCue(c.split(/\s+/)[0], language) && !STOP(c, language) ? c : "")
      : []),
  ];
  // Words that say nothing of the subject a concept was found for ("quanto spendo al mese") give way to it, and
  // so do the words any app says ("tracker" of "habit tracker"), unless they name the concept alone.
  const known = concept
    ? conceptWords(concept, language).flatMap((w) => {
      const parts = w.split(/\s+/);
      return parts.length === 1 ? parts : parts.filter((p) => !isCue(p, language));
    })
    : [];
  // A subject that names a concept of its own ("pizzeria", "aquarium") names the app whatever its records are.
  const namesOne = (c: string) =>
    findConcepts(c, language).some((m) => m.words.some((w) => !CUES[language].stop.has(fold(w))));
  // A concept the prompt names only by the word of a log or a list ("journal" of "journal intime", "diario")
  // says how the records are kept, not what they are: any of the prompt's words may name them ("journal of
  // my asthma attacks").
  const keeping = (w: string) =>
    (CUES[language].asks.get(stem(fold(w), language)) ?? []).some((c) =>
      c.stems.length === 1 && (c.key === "log" || c.key === "list")
    );
  const cueOnly = said.length > 0 && said.every((w) => w.split(/\s+/).every(keeping));
  // (So does the records' plural where the user's noun replaced the concept's: "Inscripciones" of a run.)
  // (And what a target per period counts, where the concept's words the prompt says hold it, though they are
  // a field's too: "Steps" of "10000 steps a day", "Pas" of "10000 pas par jour".)
  const aboutIt = (c: string, i: number) =>
    !concept || cueOnly || sharesWord(c, known) ||
    (c === measured && (sharesWord(c, said) || said.some((w) => words(w).some((t) => t.norm === fold(c))))) ||
    (i === SUBJECT && (namesOne(c) || aimed || sharesWord(c, [records?.plural ?? ""])));
  // (A name the prompt gives is kept as given; what it says the app is for is judged as its words are, though
  // it names the app whatever its records are.)
  const asGiven = (i: number) => i === 0 && !meant;
  // A name of the prompt's own words but the one given is a noun phrase ("Bills I paid" is "Bills"), and what
  // the app is for, the world it opens on and a concept's own name are one whole or name nothing ("Im
  // Homeoffice vergesse ich…", "quit smoking").
  const named = candidates.map((c, i) => {
    // (One noun a target per period counts is a noun phrase already.)
    // (So is the skill learnt, as the prompt writes it: "Touch type".)
    if (!c || c === given || (c === measured && !/\s/.test(c)) || c === skill) return c;
    const whole = (name: string) => nounPhrase(name, prompt, language) === name ? name : "";
    if (asGiven(i)) return whole(c);
    // (General nouns alone name what the prompt says they are of: "the results of my blood tests".)
    const of = saysNothing(c, language) ? phrase(complementOf(c, prompt, language), language, capitals) : "";
    const kept = unhyphenated(
      withoutVerb(
        withoutKeeping(withoutFigure(beforeSpeakersClause(of || c, prompt, language), language), language),
        prompt,
        language,
        capitals,
      ),
      prompt,
    );
    return i === CONCEPT_NAME ? whole(kept) : withoutKeeping(nounPhrase(kept, prompt, language), language);
  });
  // Persons name the app when they are what it keeps: the records or the people of one of its screens, or
  // what a word of the main ask opens after another word of it, not "for" ("a list of friends and family",
  // "llevar mis alumnos"; not "Mi suegra vive sola").
  const tokens = words(prompt);
  const theirPeople = (c: string) =>
    spec.entities.some((e) => sharesWord(c, [e.label, e.plural])) || openedInAsk(c);
  // (A person by their trade or a body names it only so: records the app made of "my GP says" are no sign.)
  const openedInAsk = (c: string) => {
    const own = words(c).map((t) => t.norm);
    return tokens.some((t, i) =>
      main !== undefined && i >= 2 && t.start >= main.start && t.start < main.end &&
      phraseAt(tokens, i, own) && OPENERS[language].has(tokens[i - 1].norm) &&
      tokens[i - 2].kind === "word" && !PURPOSE[language].has(tokens[i - 2].norm)
    );
  };
  // The business the speaker runs names the app over its trade's records ("I own a bakery … the orders"),
  // when its noun phrase is whole: not cut before a word of its own ("dog" of "a dog walking business").
  const business = role !== "" && !personal(role, language) && wholeIn(role, prompt, language);
  const fits = (c: string, i: number) =>
    c && !/\d/.test(c) && (asGiven(i) || (!ofMedium(c, language) && !pronounJoined(c, language))) &&
    !(business && (i === 1 || i === SUBJECT) && ofTrade(c, language)) &&
    c.split(/\s+/).length <=
      MAX_NAME_WORDS + ((i === 1 && c === framed) || (i === 0 && c === occasion) ? 2 : 0) &&
    /\p{L}{2}/u.test(c) &&
    // (What a target per period counts is a noun, whatever else it spells: "pas" of "10000 pas par jour".)
    (c === measured || !c.split(/\s+/).every((w) => endsNothing(fold(w), language))) &&
    (asGiven(i) || !measureOnly(c, language)) && (asGiven(i) || !speakersVerb(c, prompt, language)) &&
    (asGiven(i) || !verbOf(c)) && (asGiven(i) || !namesADoing(c, language)) && !opensAScene(c, language) &&
    (asGiven(i) || !opensWantedClause(c, prompt, language)) &&
    (i === 0 || i === ROLE || i > SUBJECT || aboutIt(c, i)) &&
    (i === 0 || i > HEAD || !personal(c, language) || theirPeople(c)) &&
    (i === 0 || i === ROLE || i > HEAD || !byTrade(c, language) || openedInAsk(c));
  // (Another name that says the occasion with a word more is kept, "Fête surprise" of "une fête surprise",
  // unless the word names records: "Wedding Guests".)
  const first = named.findIndex(fits);
  const fuller = first === 0 && occasion && candidates[0] === occasion
    ? named.findIndex((c, i) =>
      i > 0 && fits(c, i) && sharesWord(c, [occasion]) && !ofRecords(c) &&
      c.split(/\s+/).length === occasion.split(/\s+/).length + 1
    )
    : -1;
  const chosen = fuller > 0 ? fuller : first;
  // (What the app is for names it; its records are still what the others say: the head's when it is next.)
  const theirs = meant && chosen === 0 ? named.findIndex((c, i) => i > 0 && fits(c, i)) : chosen;
  // Records of a general kind ("Expenses", "Séance", "Lavori") are named by the situation the prompt opens
  // on, the speaker's role, what they do, or the first noun phrase of its story that is no person, when that
  // says more than they do.
  // (So are general nouns alone, "Obiettivo", "Datos", which failing that give way to any later name that
  // fits: the holiday a piggy bank saves for.)
  const bare = chosen >= 0 && named[chosen] !== given && saysNothing(named[chosen], language);
  const general = chosen >= 0 && named[chosen] !== given && main !== undefined && spoken &&
    (bare || ofGeneralRecords(named[chosen], language));
  const situation = general
    ? [
      role,
      world,
      ...situations(prompt, greeted, main.start, language).map((s) => phrase(s, language, capitals)),
    ]
      .map((c) => c && nounPhrase(unhyphenated(c, prompt), prompt, language))
      .find((c) =>
        c && fits(c, ROLE) && !personal(c, language) && !ofMedium(c, language) &&
        (c === role ? wholeIn(c, prompt, language) : !byTrade(c, language)) &&
        !ofGeneralRecords(c, language) && !saysNothing(c, language) &&
        !sharesWord(c, [named[chosen]])
      )
    : undefined;
  const telling = bare && !situation
    ? named.findIndex((c, i) => i > chosen && fits(c, i) && !saysNothing(c, language))
    : -1;
  const picked = situation
    ? bare ? situation : qualified(situation, named[chosen], spec, language)
    : telling > 0
    ? named[telling]
    : chosen >= 0
    ? named[chosen]
    : spec.screens[0].title;
  // The kind word alone ("Quiz", "Diario") joins what the prompt says it is about.
  const kindOnly = !asGiven(chosen) && !/\s/.test(picked) && isCue(picked, language, ["asks"]);
  const withSubject = kindOnly
    ? subjectOnly(
      beforeSpeakersClause(
        kindWithSubject(picked, prompt, u, main?.start ?? 0, language, capitals),
        prompt,
        language,
      ),
      language,
      capitals,
    )
    : "";
  const title = titled(
    // (A kind joined to its topic or occasion is already as short as a title of both is.)
    withSubject && fits(withSubject, HEAD)
      ? withSubject
      : chosen === 1 && picked === framed
      ? picked
      : subjectOnly(picked, language, capitals),
    language,
  );
  // (A name cut to its length to general nouns alone is their complement: "Ergebnisse meiner Laufwettkämpfe".)
  const complement = picked !== given && saysNothing(title, language) && !saysNothing(picked, language)
    ? nounPhrase(phrase(complementOf(title, prompt, language), language, capitals), prompt, language)
    : "";
  // (Not the currency of an amount it opens on: "Taschengeld" of "3 euro taschengeld", `amount-name.ts`.)
  const told = capitalized(
    withoutCurrency(complement ? titled(complement, language) : title, prompt, language),
  );
  const name = language === "de" ? germanNouns(told) : told;
  // A concept the main ask's own words name ("regar" of "recordatorio para regar los geranios") is what
  // its records are; one named in passing is not.
  // (A prompt may ask nothing at all: a concept named in a language no lexicon reads.)
  const itsOwn = concept && !asField && main !== undefined && said.some((w) => main.quote.includes(w));
  return theirs === HEAD && !itsOwn ? { name, head: candidates[HEAD] } : { name };
}

/** The situation that names an app, with the records' own word where no list of the app says it ("Poids" of
 * "Pesées": "Poids de chienne Plume", "Camper Van Repairs"), in the language's order, when a title holds both:
 * what is kept of it stays said. */
function qualified(situation: string, records: string, spec: AppSpec, language: Language): string {
  const labels = spec.entities.flatMap((e) => [e.label, e.plural]);
  if (sharesWord(records, labels) || sharesWord(situation, [records])) return situation;
  const both = language === "de"
    ? compound(capitalized(situation), capitalized(records))
    : HEAD_FIRST.has(language)
    ? `${records} ${LEXICONS[language].of[0]} ${situation}`
    : `${situation} ${records}`;
  return both.length <= MAX_NAME && both.split(/\s+/).length <= MAX_NAME_WORDS ? both : situation;
}

/** Whether a phrase is said in the prompt before a function word, a mark or its end. */
function wholeIn(text: string, prompt: string, language: Language): boolean {
  const own = words(text).map((t) => t.norm);
  const tokens = words(prompt);
  const ends = (i: number) => tokens[i]?.kind !== "word" || CUES[language].stop.has(tokens[i].norm);
  // (An English participle's clause after it, "a dog groomer working from a van", leaves it whole.)
  const participle = (i: number) =>
    language === "en" && /\p{L}{3}ing$/u.test(tokens[i]?.norm ?? "") && ends(i + 1);
  return tokens.some((_, p) =>
    phraseAt(tokens, p, own) && (ends(p + own.length) || participle(p + own.length))
  );
}

// The nouns of a trade's records, as stems: a client and the clients alike.
const TRADE = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [l, lex],
  ) => [l, new Set(lex.trade.map((w) => stem(fold(w), l as Language)))]),
) as Record<Language, Set<string>>;

/** Whether a noun phrase's head is a trade's records ("clients", "pedidos de los clientes", "customer
 * orders"): its first word or the last of its first run, before a function word. */
function ofTrade(text: string, language: Language): boolean {
  const stop = CUES[language].stop;
  const all = words(text).filter((t) => t.kind === "word").map((t) => t.norm);
  const end = all.findIndex((w, i) => i > 0 && stop.has(w));
  const run = all.slice(0, end < 0 ? all.length : end);
  return [run[0], run.at(-1)].some((w) => w !== undefined && TRADE[language].has(stem(w, language)));
}

/** The question the main ask opens: its speaker's verbs (after or, in German, before the pronoun, after an
 * auxiliary, the auxiliaries and pronouns, or where the pronoun is left out the first word of the speaker's
 * ending that ends the words after the question: "quante volte vado", "je dors", "ho bevuto"), and what it
 * asks about ("quante volte vado in palestra" → "palestra", "wie viele Kilometer fahre ich mit dem Rad" →
 * "Rad"): the head of its sentence without those verbs, the counts of times and the names of times, up to a
 * time expression where the language puts the object before it. A verb or a measure ("Km", "Horas") says
 * what is counted, not of what. */
function question(prompt: string, main: Ask, language: Language): { verbs: Set<string>; head?: string } {
  const tokens = words(sentenceAt(prompt, main.start).rest);
  const is = (i: number, set: Set<string>) => set.has(tokens[i]?.norm ?? "");
  const asking = (i: number) =>
    is(i, QUESTIONS[language]) || is(i, HOW_MANY[language]) || is(i, CUES[language].stop);
  let first = 0;
  while (first < tokens.length && asking(first)) first++;
  const ending = (i: number) =>
    (tokens[i]?.norm.length ?? 0) >= 3 && !is(i, CUES[language].stop) &&
    [...FIRST_PERSON[language]].some((e) => tokens[i].norm.endsWith(e));
  // (The verb ends the words the question asks of: "cuánto tabaco fumo al día", "quanti km faccio in bici".)
  const ends = (i: number) => tokens[i + 1]?.kind !== "word" || is(i + 1, CUES[language].stop);
  const own = tokens.findIndex((_, i) => i >= first && i <= first + 4 && ending(i) && ends(i));
  // (The pronouns and auxiliaries are function words, "a", "ho", which any name may hold.)
  const helper = (i: number) => is(i, SPEAKER[language]) || is(i, AUXILIARIES[language]);
  const verb = (i: number) =>
    tokens[i].kind === "word" && !helper(i) && !is(i, CUES[language].stop) &&
    (i === own || helper(i - 1) || (language === "de" && is(i + 1, SPEAKER[language])));
  const verbs = new Set(tokens.filter((_, i) => verb(i)).map((t) => t.norm));
  const left = (i: number) =>
    verb(i) || helper(i) || is(i, TIMES[language]) || is(i, TIME_NAME_WORDS[language]);
  // (A time ends the question where the object comes before it, "every night before bed"; German puts the
  // time first, "im Monat mit dem Rad".)
  const time = language === "de" ? -1 : timeAt(tokens.map((t) => t.text), language);
  const masked = tokens.slice(0, time < 0 ? tokens.length : time).map((t, i) => (left(i) ? "," : t.text))
    .join(" ");
  return { verbs, head: requestHead(masked, language) };
}

/** Whether a noun phrase names a person, whom the app serves or who the speaker is, not what it keeps
 * ("abuela vive sola", "Nursing Student", "Pflegeschülerin"): its head, the first of its words before a
 * function word in Italian, French and Spanish, else the last (in German the end of a compound too), is one
 * of the lexicon's `persons`. */
function personal(text: string, language: Language): boolean {
  const stop = CUES[language].stop;
  const tokens = words(text).filter((t) => t.kind === "word").map((t) => t.norm);
  const end = tokens.findIndex((w, i) => i > 0 && stop.has(w));
  const run = tokens.slice(0, end < 0 ? tokens.length : end).filter((w) => !stop.has(w)).join(" ");
  return [...PERSONS[language]].some((p) => {
    const person = p.replace(/-/g, " ");
    if (HEAD_FIRST.has(language)) return run === person || run.startsWith(`${person} `);
    return run === person || run.endsWith(` ${person}`) ||
      (language === "de" && person.length >= 5 && run.endsWith(person));
  });
}

// English particles a verb takes before its object ("take out the bins", "write down the books").
// What the speaker wants or has to do ("voglio", "je dois"): an infinitive comes after it.
const WANT = perLanguage((lex) => [...lex.want, ...lex.must]);
const PARTICLES = new Set(["up", "down", "out", "off", "away", "back", "over"]);

/** Where the object of the word at `i` of the prompt's tokens starts when that word is a verb that governs it:
 * a verb form before a determiner, an English particle between them ("take out the recycling"), or in Italian,
 * French and Spanish an infinitive ("innaffiare le piante", "sortir les poubelles"); or, speaker left out, the
 * verb of a relative clause ("lo que gasto en gasolina", "tasks that repeat"); else -1. German puts its verbs
 * after their objects. */
function objectOf(tokens: ReturnType<typeof words>, i: number, language: Language): number {
  if (language === "de") return -1;
  const w = tokens[i].norm;
  // (A name may open on an English particle, its verb left out: "away the laundry".)
  const particle = language === "en" && PARTICLES.has(w);
  if (!particle && (CUES[language].stop.has(w) || DETERMINERS[language].has(w))) return -1;
  const before = tokens[i - 1]?.norm ?? "";
  if (RELATIVE[language].has(before) && before !== "which") return i + 1;
  const next = language === "en" && PARTICLES.has(tokens[i + 1]?.norm ?? "") ? i + 2 : i + 1;
  // (An infinitive's ending alone may be a noun's, "potager": the word before says it is one, "pour", "di",
  // "recuérdame", "voglio", "je dois".)
  const introduced = before === TO[language] || OF_WORDS[language].has(before) ||
    VERBS[language].has(before) ||
    WANT[language].has(before);
  const verb = particle || VERBS[language].has(w) ||
    (language === "en" ? before === TO.en : INFINITIVE[language]?.test(w) === true && introduced);
  return verb && DETERMINERS[language].has(tokens[next]?.norm ?? "") ? next : -1;
}

/** Whether the word at `i` is an English gerund before its object, a noun no cue or function word is: a name
 * that ends on it was cut before what is done to ("take turns bringing cake"). */
function gerundBefore(tokens: ReturnType<typeof words>, i: number, language: Language): boolean {
  const next = tokens[i + 1];
  // (After a determiner it is a noun: "our wedding next june".)
  return language === "en" && /\p{L}{3}ing$/u.test(tokens[i].norm) && next?.kind === "word" &&
    !DETERMINERS.en.has(tokens[i - 1]?.norm ?? "") &&
    !CUES.en.stop.has(next.norm) && !isCue(next.norm, "en");
}

// The cues of keeping records (the lexicon's `log` and `list` asks) that open on a verb, each as its folded
// words, longest first ("tenere traccia", "keep track of", "eintragen").
const KEEPING_VERBS = Object.fromEntries(
  Object.entries(CUES).map(([l, cues]) => {
    const language = l as Language;
    const verb = (w: string) => VERBS[language].has(w) || INFINITIVE[language]?.test(w) === true;
    const phrases = [...cues.asks.values()].flat().filter((c) => c.key === "log" || c.key === "list")
      .map((c) => c.folded.split(" ")).filter((c) => verb(c[0]));
    return [l, phrases.sort((a, b) => b.length - a.length)];
  }),
) as Record<Language, string[][]>;

/** A name that opens on a verb of keeping records and the function words after it ("Tenere traccia delle
 * multe", not "Record Collection"), or, in German, ends on one ("Pakete eintragen"), is what is kept: "Multe", "Pakete". A name that
 * is the verb alone stays, for the rules that name what it is done to. */
export function withoutKeeping(name: string, language: Language): string {
  const parts = name.trim().split(/\s+/);
  const folded = parts.map(fold);
  const stop = CUES[language].stop;
  // (Only a verb that governs what follows through a function word: "Record Collection", "Log Book" are
  // nouns.)
  const opening = KEEPING_VERBS[language].find((cue) =>
    cue.every((x, k) => folded[k] === x) && stop.has(folded[cue.length] ?? "")
  );
  let from = opening?.length ?? 0;
  while (from && from < parts.length && stop.has(folded[from])) from++;
  let end = parts.length;
  const last = folded[end - 1];
  if (language === "de" && end - from > 1 && KEEPING_VERBS.de.some((c) => c.length === 1 && c[0] === last)) {
    end--;
  }
  const kept = parts.slice(from, end);
  if (!kept.length || kept.length === parts.length) return name;
  return /^\p{Lu}/u.test(parts[0]) ? capitalized(kept.join(" ")) : kept.join(" ");
}

/** A name with a verb in it says what is done, not to what: the noun phrase of that verb's object in the
 * prompt, up to the end of its clause, names the app instead ("Innaffiare" of "ricordami di innaffiare le
 * piante" → "piante", "Take Out the Recycling" → "recycling"), or nothing when the verb has none. */
function withoutVerb(name: string, prompt: string, language: Language, capitals: boolean): string {
  const own = words(name).filter((t) => t.kind === "word").map((t) => t.norm);
  const tokens = words(prompt);
  const at = tokens.findIndex((_, p) => own.length > 0 && phraseAt(tokens, p, own));
  if (at < 0) return name;
  for (let k = 0; k < own.length; k++) {
    const object = k === own.length - 1 && gerundBefore(tokens, at + k, language)
      ? at + k + 1
      : objectOf(tokens, at + k, language);
    if (object < 0 || object >= tokens.length) continue;
    const from = tokens[object].start;
    const clause = prompt.slice(from).split(/[.,;:!?\n]/)[0];
    const head = requestHead(clause, language);
    return head ? phrase(head, language, capitals) : "";
  }
  return name;
}

/** The words as the prompt writes them, with its hyphens ("Check in des clients" is "check-in des clients")
 * and the whole of a hyphenated word they start or end inside ("School Club" of "after-school club" is
 * "after-school club"), or "" when they are only a piece of one wherever the prompt says them ("Buy" of
 * "Buy-in", "Port" of "Saint-Jean-Pied-de-Port"): a piece of what the prompt names, not it. The app's word
 * joined to them leaves them whole ("Stundenplan-App"). */
function unhyphenated(name: string, prompt: string): string {
  // (A prompt without a hyphen writes every name as it is: no pattern to compile and run.)
  if (!prompt.includes("-")) return name;
  const pattern = name.trim().split(/\s+/).map(escaped).join("[\\s-]+");
  const found = [...prompt.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, "giu"))];
  // (Where the pattern cannot end, the joined word's part is what sits across the hyphen.)
  const joinedAt = found.map((m) => {
    const before = prompt.slice(0, m.index).match(/(?:[\p{L}\p{N}]+-)+$/u)?.[0] ?? "";
    const after = prompt.slice(m.index! + m[0].length).match(/^(?:-[\p{L}\p{N}]+)+/u)?.[0] ?? "";
    const parts = [before.slice(0, -1).split("-").at(-1), after.slice(1).split("-")[0]];
    return parts.some((p) => p && !APP_WORDS.has(fold(p))) ? `${before}${m[0]}${after}` : m[0];
  });
  if (!found.length || joinedAt.some((w, k) => w === found[k][0] && !w.includes("-"))) return name;
  const k = joinedAt.findIndex((w, k) => w !== found[k][0]);
  if (k < 0) return joinedAt[0];
  return /[\s-]/.test(found[k][0]) ? joinedAt[k] : "";
}

/** Whether the words say only what is computed or over what time ("total", "streak", "month", "days",
 * "mornings", "Sommer"): the records they are about name the app. */
function measureOnly(text: string, language: Language): boolean {
  return words(text).every((t) =>
    TIME_UNITS[language].has(t.norm) ||
    TIME_NAME_WORDS[language].has(t.norm) ||
    PERIOD_WORDS[language].has(t.norm) ||
    computed(t.norm, language, ["aggregate", "rating"])
  );
}

/** Whether a word is by itself a cue of what is computed, of one of the keys ("total", "moyenne", "Summe"). */
function computed(word: string, language: Language, keys: string[]): boolean {
  return (CUES[language].asks.get(stem(word, language)) ?? []).some((c) =>
    c.stems.length === 1 && keys.includes(c.key)
  );
}

/** A name that opens on a figure of the records is named by what it is of: the words after the figure, and
 * after a function word within the two that follow it ("Total Spent on Coffee" → "Coffee", "Totale delle
 * spese" → "spese", "Average Sleep Hours" → "Sleep Hours"), unless they are a verb. */
export function withoutFigure(name: string, language: Language): string {
  const all = name.split(/\s+/);
  if (all.length < 2 || !computed(fold(all[0]), language, ["aggregate"])) return name;
  const stop = CUES[language].stop;
  const by = all.slice(1, 3).findIndex((w) => stop.has(fold(w)));
  const rest = all.slice(by < 0 ? 1 : by + 2);
  while (rest.length && stop.has(fold(rest[0]))) rest.shift();
  // (What is to be done with the records is no figure's object: "séries à regarder".)
  return rest.length && INFINITIVE[language]?.test(fold(rest[0])) !== true ? rest.join(" ") : name;
}

/** Whether a phrase opens on a function word ("se ho fatto"): a clause, no name. */
const STOP = (c: string, language: Language) => CUES[language].stop.has(fold(c.split(/\s+/)[0]));
const SPEAKER = perLanguage((lex) => lex.speaker);
const FIRST_PERSON = perLanguage((lex) => lex.relativeSpeakerEndings);

/** Whether a one-word name is, where the prompt says it, a verb: the speaker's, after their pronoun ("what
 * I lent", "I'm doing", "je livre", "ich fahre") or, the pronoun left out, a word of a first person's ending
 * that opens a clause before a determiner ("Faccio il conto", "Llevo la cuenta") or follows a question or
 * a relative word ("quanto corro", "lo que leo"); or an infinitive after no determiner before a determiner
 * or a relative clause ("apuntar lo que compro", "noter ce qu'il mange"; not "le potager le soir", "une
 * voiture que").
 * English and German write a verb and its noun alike: there it is a verb only where the prompt never says
 * it as a noun ("I bake sourdough … every bake"). */
function speakersVerb(name: string, prompt: string, language: Language): boolean {
  const own = fold(name);
  if (/\s/.test(own)) return false;
  const ending = HEAD_FIRST.has(language) && own.length >= 4 &&
    [...FIRST_PERSON[language]].some((e) => own.endsWith(e));
  const infinitive = INFINITIVE[language]?.test(own) === true;
  const tokens = words(prompt);
  const is = (i: number, set: Set<string>) => set.has(tokens[i]?.norm ?? "");
  const verbAt = (i: number) => {
    const before = tokens[i - 1];
    if (before && SPEAKER[language].has(before.norm)) return true;
    // (An infinitive after the words of intent is what the speaker means to do: "je veux dormir".)
    if (infinitive && before && WANT_ENDS[language].has(before.norm)) return true;
    if (
      infinitive && !is(i - 1, DETERMINERS[language]) &&
      (is(i + 1, DETERMINERS[language]) || is(i + 1, RELATIVE[language]) || is(i + 2, RELATIVE[language]))
    ) return true;
    const opens = !before || before.kind === "mark" || AND[language].has(before.norm);
    return ending && ((opens && is(i + 1, DETERMINERS[language])) ||
      (before !== undefined &&
        (QUESTIONS[language].has(before.norm) || RELATIVE[language].has(before.norm))));
  };
  const said = tokens.flatMap((t, i) => t.norm === own ? [i] : []);
  return HEAD_FIRST.has(language) ? said.some(verbAt) : said.length > 0 && said.every(verbAt);
}

/** The prompt's own word for the records' concept when it is another word than the concept's name: it
 * names what the app is about better ("l'antibiotico" rather than "Farmaco", "vitamina D" rather than
 * "Medicamento"). Never a phrase with a function word in it, nor a verb: a word after "to" or "I" ("to
 * talk", "je livre"). */
export function itsWord(prompt: string, u: Understanding, concept: Concept, language: Language): string {
  const said = u.concepts.find((m) => m.id === concept.id)?.words[0];
  // Only a word as the concept writes it: another form of its stem may be a verb ("stocké" of "stock").
  const written = said !== undefined && concept.words[language].some((w) => fold(w) === fold(said));
  if (!written || said.split(/\s+/).some((w) => CUES[language].stop.has(fold(w)))) return "";
  const before = prompt.slice(0, prompt.indexOf(said)).split(/[\s']+/).filter(Boolean).at(-1) ?? "";
  const folded = fold(before);
  if (folded === TO[language] || SPEAKER[language].has(folded) || SPEAKER[language].has(`${folded}'`)) {
    return "";
  }
  const name = [
    conceptName(concept, language),
    concept.record.label[language],
    concept.record.plural[language],
  ];
  // A word of the concept's name in another form ("plant" of "Plants", "Kalorien zählen" of "Kalorien")
  // gives way to it; another word of the same beginning ("medicinas" of "Medicamento") is the prompt's own.
  const theirs = new Set(name.flatMap((n) => stems(n, language)));
  return stems(said, language).some((s) => theirs.has(s)) ? "" : said;
}

/** The stems of a phrase's words. */
function stems(text: string, language: Language): string[] {
  return words(text).map((t) => stem(t.norm, language));
}

// What the speaker says they are, run, keep or collect, in the prompt's first sentence ("I'm a dog groomer",
// "gestisco una pizzeria", "je suis maraîcher", "Ich bin Hobbyimker"): the world the app works in, which
// names it when the main ask's own words do not. The lexicon lists each language's verbs of it.
const escaped = (phrase: string) => phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const ROLE_VERBS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => {
    const article = `(?:${lex.articles.map(escaped).join("|")})(?:\\s+|(?<='))`;
    const verbs = [
      ...lex.roles.article.map((v) => `${escaped(v)}\\s+${article}`),
      ...lex.roles.bare.map((v) => `${escaped(v)}\\s+(?:${article})?`),
    ];
    return [l, verbs.join("|")];
  }),
) as Record<Language, string>;
const ROLES = perLanguageRegExp((verbs) => `^(?:.*?\\s)?(?:${verbs})(.*)$`);
// Words that open with the verb ("Colecciono vinilos", "Gestisco un agriturismo") say the role's noun phrase.
const OPENING = perLanguageRegExp((verbs) => `^(?:${verbs})(.*)$`);

function perLanguageRegExp(pattern: (verbs: string) => string): Record<Language, RegExp> {
  return Object.fromEntries(
    Object.entries(ROLE_VERBS).map(([l, verbs]) => [l, new RegExp(pattern(verbs), "iu")]),
  ) as Record<Language, RegExp>;
}

/** The words without the speaker's verb of role that opens them ("Gestisco un piccolo agriturismo"). */
function withoutRole(text: string, language: Language): string {
  return text.trim().match(OPENING[language])?.[1] ?? text;
}

/** The noun phrase of the speaker's role, up to a function word other than "of" or, in English, a
 * participle after it ("a dog groomer working from a van", "a food truck selling tacos"). */
function roleOf(prompt: string, language: Language, capitals: boolean, records: string[]): string {
  const sentence = prompt.slice(greeting(prompt, language)).split(/[.!?;\n]/)[0];
  const rest = sentence.match(ROLES[language])?.[1];
  if (!rest) return "";
  const stop = CUES[language].stop;
  // (An amount or a heap the role opens on names what it holds: "I have a whole lot of board games".)
  const all = rest.split(/\s+/);
  let lead = 0;
  while (lead < all.length && stop.has(fold(all[lead]))) lead++;
  const held = amountHeld(all.map(fold), lead, language);
  const words = held > lead ? all.slice(held) : all;
  const end = words.findIndex((w, i) =>
    (i > 0 && stop.has(fold(w)) && !OF_WORDS[language].has(fold(w))) ||
    (language === "en" && i >= 2 && /ing$/i.test(w))
  );
  // A sentence that goes on to count the records ("sono una maestra, ho 22 alunni") is about them, when it
  // says who the speaker is, not the setting they have or run ("ho un piccolo frutteto, 30 piante": `setting.ts`).
  const folded = words.map(fold);
  const number = (w: string) => /^\d/.test(w) || NUMBERS[language].has(w);
  if (
    folded.some((w, i) => number(w) && records.some((r) => fold(r) === folded[i + 1])) &&
    saysWhoTheyAre(sentence.slice(0, sentence.length - rest.length), language)
  ) return "";
  return phrase(words.slice(0, end < 0 ? words.length : end).join(" "), language, capitals);
}

// Longest first: "buenas tardes" before "buenas".
/** What the speaker says they do in the prompt's opening sentence, before any request ("Ich restauriere
 * gerade einen VW Käfer von 1972", "we're organising a charity 5k fun run", "on organise le concours de
 * pétanque", "I drive a 2015 golf and want to…"), after the time it is set in ("In May I'm doing a 100 km
 * charity walk", "a luglio faccio l'interrail", "im Mai laufen wir einen Halbmarathon"): the object of
 * their verb, without numbers and what they measure, up to a function word or a mark. */
export function opening(prompt: string, language: Language, capitals: boolean): string {
  const from = greeting(prompt, language);
  const sentence = prompt.slice(from).split(/[.!?;:\n]/)[0];
  if (ROLES[language].test(sentence)) return "";
  // (An elided word is its own token, "j'organise", unless it is the speaker, "I'm".)
  const tokens = sentence.split(/\s+/).filter(Boolean)
    .flatMap((w) => SPEAKER[language].has(fold(w)) ? [w] : w.split(/(?<=')/));
  const stop = CUES[language].stop;
  const lead = sceneTime(tokens, language);
  // (The speaker opens the sentence, after its time, or a clause "and" starts, not a relative one: "the
  // shops I try"; German puts the verb before the speaker after a time, "im Mai laufen wir".)
  const inverted = language === "de" && lead > 0 && SPEAKER.de.has(fold(tokens[lead + 1] ?? ""));
  const speaker = inverted
    ? lead + 1
    : tokens.findIndex((w, i) =>
      SPEAKER[language].has(fold(w)) && (i === lead || AND[language].has(fold(tokens[i - 1])))
    );
  // Where the pronoun is left out, a verb of the speaker's ending is both, unless a determiner or a
  // relative word comes before it ("mis primos", "la paella que hacemos"), and so is a verb of the first
  // person's that opens the clause before its object's article ("faccio l'interrail", "hago el camino").
  const own = tokens.findIndex((w, i) =>
    (fold(w).length >= 6 && SPEAKER_ENDINGS[language].some((e) => fold(w).endsWith(e)) &&
      !DETERMINERS[language].has(fold(tokens[i - 1] ?? "")) &&
      !RELATIVE[language].has(fold(tokens[i - 1] ?? ""))) ||
    (i === lead && fold(w).length >= 4 && [...FIRST_PERSON[language]].some((e) => fold(w).endsWith(e)) &&
      DETERMINERS[language].has(fold(tokens[i + 1] ?? "")))
  );
  if (speaker < 0 && own < 0) return "";
  // The verb follows the speaker ("I'm organising", "wir machen eine"), or is that word, with the participle
  // an auxiliary takes before an article ("abbiamo adottato un cucciolo", "on a adopté un chiot").
  let verb = inverted ? lead : speaker >= 0 ? speaker + 1 : own;
  if (
    !inverted && (speaker < 0 || AUXILIARIES[language].has(fold(tokens[verb] ?? ""))) &&
    ARTICLES[language].has(fold(tokens[verb + 2] ?? "")) &&
    !stop.has(fold(tokens[verb + 1] ?? ""))
  ) {
    verb++;
  }
  // (A function word is no verb of a scene, "I need", "I just moved", "we are a team", unless it is one of
  // asking, which after the pronoun says what they do: "je fais le tour du Mont Blanc".)
  const said = fold(tokens[verb] ?? "");
  if (!/^\p{L}+$/u.test(said) || (stop.has(said) && !ASKING[language].has(said))) return "";
  // Its object follows it at once or after a determiner, a number and what it measures or (German) an
  // adjective, never after a preposition ("I'm drowning in paper") or as a verb of its own ("we keep running
  // out").
  const number = (w: string) => /\d/.test(w) || NUMBERS[language].has(fold(w));
  const skipped = (i: number) =>
    DETERMINERS[language].has(fold(tokens[i])) || number(tokens[i]) ||
    (measureWord(fold(tokens[i])) && number(tokens[i - 1])) ||
    (capitals && !stop.has(fold(tokens[i])) && !/^\p{Lu}/u.test(tokens[i]));
  let at = Math.max(verb, speaker) + 1;
  while (at < tokens.length && skipped(at)) at++;
  // (An amount or a heap names what it holds: "I have a whole lot of board games".)
  at = amountHeld(tokens.map(fold), at, language);
  if (language === "en" && /ing$/i.test(tokens[at] ?? "")) return "";
  const object: string[] = [];
  // (Across "of" before a word of its own: "une fête de quartier".)
  const of = (i: number) => OF_WORDS[language].has(fold(tokens[i])) && !stop.has(fold(tokens[i + 1] ?? "of"));
  for (; at < tokens.length && (!stop.has(fold(tokens[at])) || (object.length && of(at))); at++) {
    // (An English adverb ends it: "I teach guitar privately".)
    if (language === "en" && object.length && /ly\W*$/i.test(tokens[at])) break;
    // (A number after a function word says how many or when: "un coro di 25 persone".)
    if (number(tokens[at]) && stop.has(fold(tokens[at - 1]))) break;
    if (!number(tokens[at])) object.push(tokens[at]);
    if (/[,()]$/.test(tokens[at])) break;
  }
  // What the speaker asks for is no scene: a verb of intent ("I want a list", "on doit") or, with no
  // pronoun, of asking ("segna le spese"), nor an ask's cue alone ("a rota").
  const asks = (w = "") => INTENT[language].has(fold(w)) || (speaker < 0 && ASKING[language].has(fold(w)));
  if (
    asks(tokens[verb]) || asks(tokens[verb - 1]) ||
    (object.length === 1 && isCue(fold(object[0]), language, ["asks"]))
  ) {
    return "";
  }
  // Persons or a time are no scene: whom it is with or when ("we're fostering two kids", "ci sposiamo il
  // 14 giugno").
  const scene = phrase(object.join(" "), language, capitals);
  return personal(scene, language) || measureOnly(scene.split(/\s+/)[0] ?? "", language) ? "" : scene;
}

// The first words of the verbs of intent ("want", "voglio", "dois", "möchte") and of asking ("make",
// "segna", "zeig").
const firstWords = (phrases: string[]) => phrases.map((w) => w.split(/\s+/)[0]);
const INTENT = perLanguage((lex) => firstWords([...lex.want, ...lex.must]));
const ASKING = perLanguage((lex) => firstWords([...lex.request, ...lex.verbs, ...lex.see]));

/** How many tokens the time a sentence opens on takes ("In May", "a luglio", "next spring", "im
 * Sommer"), up to the speaker or their verb; 0 when it opens on no time. */
/** Whether words are the time a scene is set in and then its speaker, a pronoun or a verb of their ending
 * ("Quest'inverno facciamo", "En marzo hacemos", "In May I'm"): how a sentence opens, never a name. */
function opensAScene(name: string, language: Language): boolean {
  // (An elided word is its own token, "quest'inverno", unless it is the speaker, "I'm".)
  const tokens = name.split(/\s+/).flatMap((w) => SPEAKER[language].has(fold(w)) ? [w] : w.split(/(?<=')/));
  const lead = sceneTime(tokens, language);
  const next = fold(tokens[lead] ?? "");
  return lead > 0 &&
    (SPEAKER[language].has(next) ||
      SPEAKER_ENDINGS[language].some((e) => next.length >= 6 && next.endsWith(e)));
}

function sceneTime(tokens: string[], language: Language): number {
  const folded = tokens.map(fold);
  const timely = (w: string) =>
    TIME_NAME_WORDS[language].has(w) || TIME_UNITS[language].has(w) || PERIOD_WORDS[language].has(w);
  // (Function words only before its first word of time: "im Sommer machen wir" ends before the verb.)
  const seen = (at: number) => folded.slice(0, at).some(timely);
  let at = 0;
  while (
    at < folded.length && !SPEAKER[language].has(folded[at]) &&
    (timely(folded[at]) || WHICH_TIME[language].has(folded[at]) ||
      (!seen(at) && introducesTime(folded[at], language)))
  ) {
    at++;
  }
  return seen(at) ? at : 0;
}

/** Whether the prompt says a word of a concept it names, "for", an indefinite article and at most two
 * words before the subject. */
function aimedAt(prompt: string, subject: string, said: string[], language: Language): boolean {
  const tokens = words(prompt).map((t) => t.norm);
  const own = words(subject).map((t) => t.norm);
  const concept = new Set(said.flatMap((w) => words(w).map((t) => t.norm)));
  return tokens.some((w, i) =>
    concept.has(tokens[i - 1]) && PURPOSE[language].has(w) && ARTICLES[language].has(tokens[i + 1]) &&
    [2, 3, 4].some((k) => own.every((x, n) => tokens[i + k + n] === x))
  );
}

const conceptWords = (concept: Concept, language: Language) => [
  ...concept.words[language],
  concept.record.label[language],
  concept.record.plural[language],
];

/**
 * The name of an app whose UI now speaks `to`: a name the user gave stays; one its main records' concept gave
 * in the language it spoke ("Einkaufsliste") becomes that concept's name in `to` ("Lista della spesa").
 */
export function translatedName(spec: AppSpec, to: Language): string {
  const records = spec.entities.find((e) => !NOT_RECORDS.has(e.key));
  const concept = records ? conceptOf(records) : undefined;
  const given = spec.prompts.some((p) => givenName(p, spec.language));
  if (given) return spec.name;
  // (Without a concept, the prompt's words cannot be said in `to`: the main screen's title can, when it is
  // the UI's own word, "Recordatorios".)
  if (!concept && uiWord(spec.screens[0]?.title ?? "", to)) return spec.screens[0].title;
  // (A name of the user's own words is said in `to` through the knowledge: `translated.ts`; one a later
  // prompt gave, "rename it to Nonna's Kitchen", is the user's to keep.)
  if (!concept || !sharesWord(spec.name, conceptWords(concept, spec.language))) {
    const own = sharesWord(spec.name, spec.prompts.slice(0, 1));
    const said = own ? nameSaidIn(spec.name, spec.language, to, concept, spec.prompts) : undefined;
    return said ? titled(said, to) : spec.name;
  }
  return titled(conceptName(concept, to), to);
}

/** A concept's name, or its records' plural when the prompt says their noun and no word of that name, as the
 * concept writes them ("how many cigarettes i smoke" is "Cigarettes", not "Quit Smoking"): the prompt's own
 * noun for what is kept. */
function spokenName(concept: Concept, prompt: string, language: Language): string {
  const name = conceptName(concept, language);
  const said = new Set(words(prompt).map((t) => t.norm));
  const says = (text: string) => words(text).some((t) => said.has(t.norm));
  const record = [concept.record.label[language], concept.record.plural[language]];
  return record.some(says) && !says(name) ? concept.record.plural[language] : name;
}

/** A concept's name, or the records' plural when that is the name narrowed by the prompt's own words after it
 * ("Dépenses en clopes", "Gastos en el bar"): what the records are of names the app better than their kind. */
function narrowed(name: string, plural: string): string {
  return fold(plural).startsWith(`${fold(name)} `) ? plural : name;
}

/** Whether a label is one of the UI's own words in a language ("Reminders", "Timer"). */
function uiWord(label: string, language: Language): boolean {
  return Object.values(WORDS[language]).includes(label);
}

/** What a concept is called in a language: the first of its words, which name the subject as a whole, or
 * its records' plural when that word is one record ("plant" → "Plants"). */
export function conceptName(concept: Concept, language: Language): string {
  const first = concept.words[language][0];
  return fold(first) === fold(concept.record.label[language]) ? concept.record.plural[language] : first;
}

/** Whether a phrase is a verb and what it starts or stops doing, with no object ("smettere di fumare",
 * "arrêter de fumer", "dejar de fumar"; in English a verb the lexicon knows and a gerund): what the speaker
 * means to do, not what is kept. */
function namesADoing(phrase: string, language: Language): boolean {
  const [verb, by, done, ...rest] = phrase.split(/\s+/).map(fold);
  const infinitive = (w: string | undefined) =>
    w !== undefined && (VERBS[language].has(w) || INFINITIVE[language]?.test(w) === true);
  if (rest.length || !infinitive(verb)) return false;
  return language === "en"
    ? by !== undefined && done === undefined && /\p{L}{3}ing$/u.test(by)
    : (OF_WORDS[language].has(by) || by === TO[language]) && infinitive(done);
}

/** Whether a word of the text begins like a word of the phrases (five letters, or a whole short word), or
 * ends in one as a compound's head ("Boxtraining"). */
function sharesWord(text: string, phrases: string[]): boolean {
  const words = (t: string) => fold(t).split(/[^a-z]+/).filter((w) => w.length >= 4);
  const theirs = phrases.flatMap(words);
  return words(text).some((w) =>
    theirs.some((x) => {
      const n = Math.min(5, w.length, x.length);
      return (w.slice(0, n) === x.slice(0, n) && (n === 5 || w === x)) || (x.length >= 5 && w.endsWith(x));
    })
  );
}

/** What one screen does, as a phrase of the description, with "de" elided before a vowel in French ("une
 * liste d'objectifs"). */
function doing(screen: ScreenSpec, spec: AppSpec): string {
  const phrase = does(screen, spec);
  return spec.language === "fr" ? phrase.replace(/(^|\s)de\s+(?=[aeiouyàâéèêëîïôûœ])/giu, "$1d'") : phrase;
}

function does(screen: ScreenSpec, spec: AppSpec): string {
  const w = WORDS[spec.language];
  const entity = spec.entities.find((e) => e.key === screen.entity);
  const plural = entity?.plural ?? screen.title;
  // German nouns keep their capital.
  const things = spec.language === "de" ? plural : plural.toLocaleLowerCase(spec.language);
  // (After "von" and "zu", which take the dative.)
  const them = spec.language === "de" && entity ? dative(entity) : things;
  const o = screen.options;
  switch (screen.block) {
    case "collection":
      return fill(w.list, them);
    case "log":
      return `${fill(w.log, things)} ${fill(w.per, w.periods[o.period ?? "day"])}`;
    case "goal": {
      const target = [o.goal, o.unit ?? o.currency].filter((x) => x !== undefined).join(" ");
      const period = o.period ? `/${w.periods[o.period]}` : "";
      return fill(w.goalOf, `${target}${period}`);
    }
    case "timetable":
      return fill(w.timetable, things);
    case "reminders": {
      const times = (entity?.samples ?? []).flatMap((s) =>
        String(s[o.timeField ?? "time"] ?? "").split(/,\s*/)
      )
        .filter(Boolean);
      return times.length ? fill(w.remindAt, joined([...new Set(times)], spec.language)) : w.remind;
    }
    case "timer": {
      const length = (minutes: number) =>
        minutes < 2 ? `${Math.round(minutes * 60)} s` : `${Math.round(minutes)} min`;
      const phases = (o.phases ?? []).map((p) => `${length(p.minutes)} ${p.label.toLowerCase()}`);
      const rounds = o.rounds ? [fill(w.rounds, o.rounds)] : [];
      const parts = [...phases, ...rounds];
      return parts.length ? fill(w.timerOf, joined(parts, spec.language)) : w.timeSessions;
    }
    case "quiz":
      return fill(w.quizOn, them);
    case "people":
      return fill(w.peopleOn, things);
    case "catalog":
      return fill(w.catalogOf, them);
    case "cart":
      return w.order;
    case "split":
      return w.split;
    case "converter":
      return w.convert;
    case "calculator":
      return w.calculate;
    case "tracker":
      return fill(w.chartOf, things);
    default:
      return screen.title;
  }
}

/** A German plural in the dative, which adds "n" to one that ends in "e", "el" or "er" ("eine Liste von
 * Gästen", "von Artikeln", "von Schülern"); a label that may be no plural, one the prompt's words made with
 * its singular's form, stays ("Trinkspiel"). */
function dative(entity: EntitySpec): string {
  const known = entity.plural !== entity.label || conceptOf(entity) !== undefined;
  return known && /(?:e|el|er)$/.test(entity.plural) ? `${entity.plural}n` : entity.plural;
}

/** The screens that do something of the prompt's (not settings or about). */
const doers = (spec: AppSpec) => spec.screens.filter((s) => s.block !== "settings" && s.block !== "about");

export function features(spec: AppSpec): string[] {
  return doers(spec).map((s) => capitalized(doing(s, spec)).slice(0, 200));
}

/** One sentence of what the app does, from its screens. */
export function describe(spec: AppSpec): string {
  const sentence = fill(
    WORDS[spec.language].app,
    joined(doers(spec).map((s) => doing(s, spec)), spec.language),
  );
  return sentence.length <= 300 ? sentence : `${sentence.slice(0, 296).replace(/\s+\S*$/, "")}…`;
}

/** Whether a concept's words are all among the fields the asks name, none in the main ask's subject ("a
 * list of my colleagues with their birthday and shoe size"): they name a field of records, not the records. */
function namedAsField(said: string[], u: Understanding, main: Ask): boolean {
  const within = (w: string, text: string) => ` ${fold(text)} `.includes(` ${fold(w)} `);
  return said.length > 0 && !said.some((w) => within(w, main.subject ?? "")) &&
    said.every((w) => u.asks.some((a) => a.fields.some((f) => within(w, f.name))));
}
