// What each clause asks for, as asks of a closed set of types: the cue words of lexicon/<lang>.json found
// by stem, plus what the clause's quantities say on their own (a frequency is a reminder, phases are a
// timer). Each ask quotes the prompt's words that express it, names its subject (the noun phrase it is
// about, in the prompt's language) and the fields listed after "with" or a colon, typed from their cues,
// units, ranges and bracketed choices. For a prompt applied to an existing app the same clause yields
// changes instead: translate, theme, add or remove a field, rename, reminders, a new screen.
import { numberedBefore } from "./told-often.ts";
import { type Clause, recordsWith } from "./clauses.ts";
import { bareKind } from "./kind-row.ts";
import {
  AFTER_EACH,
  amountHeld,
  CLOCK_UNITS,
  type CueIndex,
  cueIndex,
  type CueMatch,
  CUES,
  EVERY_TIME,
  joinedVerb,
  LAST_TIME,
  type Lexicon,
  LEXICONS,
  matchCues,
  perLanguage,
  phraseAt,
  phraseFrom,
  phrasesPerLanguage,
  phraseWords,
  stemTokens,
  VERBS,
  wordSet,
} from "./lexicon.ts";
import type { Worked } from "./worked-out.ts";
import type { Needed } from "./still-needed.ts";
import { HEAD_FIRST, type UiLanguage } from "./language.ts";
import { findConcepts, namesEvents, namesThings } from "./concepts.ts";
import { languageUnits } from "./language-units.ts";
import { PURPOSE, TO } from "./aside.ts";
import { renaming } from "./renames.ts";
import { measureOf, measureWord, oncePer, type Quantity, timerPart, timesOf } from "./quantities.ts";
import { enumerationStart, joinsItems, measuredIn, questionField } from "./question-fields.ts";
import { storyCut } from "./story-field.ts";
import { markedStates } from "./marked-states.ts";
import { andSoOnAt, itemsOf, notOffered, timetableItems } from "./open-values.ts";
import { assigns, planOfPeriod, sharedBetween, turnsAmong } from "./rota.ts";
import { membersAsked } from "./members.ts";
import { byDayAt, planKept, plannedAt } from "./plans.ts";
import { audienceAt } from "./audience.ts";
import { relativeVerb } from "./relative-clause.ts";
import { unasked, why } from "./standing.ts";
import { ordersRatherThanSorts } from "./sort-or-order.ts";
import { filteredAt } from "./filtered.ts";
import { orderedAt } from "./ordered.ts";
import { stemPhrase } from "./stem.ts";
import { sharedCosts } from "./shared-costs.ts";
import { computingVerbAt, namedFigures } from "./figures.ts";
import { eachPhrase } from "./each-records.ts";
import { eachKind } from "./each-kind.ts";
import { recordsBefore } from "./kept-records.ts";
import { keepsThings, storedAs, storedObject, storingAt } from "./stored.ts";
import { keepWanted, occurs, wantedAt } from "./wanted-records.ts";
import { alternativeAmounts, valuedChoices } from "./valued-choice.ts";
import {
  namesRecordFields,
  optionNounAt,
  optionsNamed,
  outsideBrackets,
  pricedItems,
  sharedUnitAmounts,
  stagesMarked,
  whetherBefore,
} from "./listed-values.ts";
import { onlyExamples } from "./examples.ts";
import { eitherAgain, eitherTokens } from "./either.ts";
import { fold, type Token, words } from "./text.ts";
import { stem } from "./stem.ts";
import { tickLabel } from "./tick-label.ts";
import { scoredRange } from "./scored-range.ts";
import { whoTick } from "./who-ticks.ts";
import { missingTick } from "./missing-ticks.ts";
import { alreadyTick } from "./already-ticks.ts";
import { unaskedTick } from "./unasked-ticks.ts";
import { unrated } from "./unrated.ts";
import type { PricedItem } from "./price-list.ts";
import { type PerPeriod, targetsPerPeriod } from "./per-period.ts";
import { timesTarget } from "./times-per-period.ts";

export const ASK_TYPES = [
  "list",
  "log",
  "goal",
  "aggregate",
  "schedule",
  "reminder",
  "timer",
  "quiz",
  "people",
  "catalog",
  "order",
  "rating",
  "yesno",
  "choice",
  "photo",
  "sort",
  "search",
  "chart",
  "categories",
  "theme",
  "language",
  "split",
  "convert",
  "countdown",
  "calculator",
  "flag",
] as const;
export const CHANGE_TYPES = [
  "translate",
  "theme",
  "add_field",
  "remove_field",
  "rename",
  "reminder",
] as const;
export type AskType = (typeof ASK_TYPES)[number] | (typeof CHANGE_TYPES)[number];

export type FieldType =
  | "text"
  | "longtext"
  | "number"
  | "money"
  | "date"
  | "time"
  | "duration"
  | "rating"
  | "choice"
  | "yesno"
  | "photo";

export interface Field {
  /** The field's words as the prompt writes them ("the amount" → "amount"). */
  name: string;
  type: FieldType;
  unit?: string;
  currency?: string;
  range?: [number, number];
  options?: string[];
}

export interface Ask {
  type: AskType;
  /** The prompt's words that express the ask, and where they are. */
  quote: string;
  start: number;
  end: number;
  /** The noun phrase the ask is about, as written ("watering", "mes plantes"). */
  subject?: string;
  fields: Field[];
  quantities: Quantity[];
  /** Every time of day the ask names (reminders, schedules), as HH:MM. */
  times?: string[];
  /** The language a translate or language ask names. */
  language?: UiLanguage;
  /** A rename's new name. */
  to?: string;
  /** What an aggregate computes of an amount ("how much I spent", "la media", "the longest", "mon record": a
   * personal best, the highest value or the lowest of a time); absent, it counts records. */
  computes?: "total" | "average" | "best" | "max" | "min";
  /** How many answers each question of a multiple-choice quiz offers ("4 choices each"). */
  choices?: number;
  /** A goal whose target is a limit not to pass ("no more than 3 a day"), not an amount to reach. */
  limit?: true;
  /** A goal's deadline ("by next summer", "entro Natale"): a goal holds one target over a period, not this. */
  deadline?: { text: string; start: number; end: number };
  /** A goal of a change by an amount ("lose 5 kg", "10 kg abnehmen"), from a reading rather than to one. */
  change?: true;
  /** A log that a figure of what the speaker does implies ("how much I spend"): the prompt's own log or list
   * of those records, where it asks for one, takes its place. */
  implied?: true;
  /** Named again rather than asked: people only named, not given points, turns or tasks ("each child",
   * "chacun", "jeder Spieler"), or a list a determiner or "each" opens with nothing of its own after it
   * ("sort the list", "die Liste", "Each run: date, distance"): after a clause that asks for the same, that
   * ask again. */
  mention?: true;
  /** Persons named one by one where nothing asks a board of theirs ("my two boys (Max 7 and Ben 4)", "mia nonna
   * Rosa e mio nonno Gino"): their own records, one for each, with no tasks or points (`named-persons.ts`). */
  named?: true;
  /** Records named with their fields beside other records with theirs ("products with price and orders with
   * date"): each its own entity. */
  records?: true;
  /** A flag's bounds: records whose number is below `below` or above `above` are shown marked. */
  bounds?: { below?: number; above?: number };
  /** A calculator's figure worked out from the records' own numbers ("profit", "price per litre"). */
  worked?: Worked;
  /** A calculator's figure still needed per period to reach its goal's target (`still-needed.ts`). */
  needed?: Needed;
  /** A catalog's things as the prompt lists them, each with its price ("vanilla $3, chocolate $3.50"). */
  items?: PricedItem[];
  /** Records whose fields are said of each of them ("for each book: title, author", "pro Marke Land und
   * Jahr"): the subject's own, whatever records the prompt named before. */
  each?: true;
  /** A log named by what is done ("annaffiare le piante", "lawn mowing"): its records are those acts, even of
   * things a concept lists. */
  done?: true;
  /** A rota's schedule, of turns persons take at a task: its subject, the task, names the app. */
  rota?: true;
  /** The amount a figure adds up, as its words name it ("how many hours": a duration; "the km I run": km). */
  amount?: Field;
  /** A goal of an amount of an activity per period ("drink 8 glasses of water a day", `per-period.ts`): its
   * subject, the thing measured, names the records and the app rather than the verb of doing it. */
  perPeriod?: true;
  /** What a goal's number counts, as written: the thing a question of how many counts (`counted.ts`). */
  counts?: string;
  /** A figure that ranks the records ("which product sells most", "cuál tengo más abandonada"). */
  ranked?: true;
  /** What a ranking ranks, as written: the noun its word of which asks of ("which of my kids": "kids"), or the
   * lexicon's word of a person after a word of who ("who walked the dog most"); the records' field it groups
   * them by. Absent: it ranks the records by what they are ("which we played most"). */
  by?: string;
  /** A week stated day by day ("lunedì piscina, mercoledì calcio", "Montag Turnen um 16 Uhr"): each day
   * (1 Monday to 7 Sunday), what is on it and when, if said. */
  slots?: Slot[];
  /** Categories asked as what a figure is broken down by ("sends per grade", "Stunden pro Baustelle"): the
   * prompt's other categories where it names some, and none where they are its records ("average per book"). */
  breakdown?: true;
  /** What a figure is broken down by where it asks no categories: the persons it is per ("total hours per
   * client", "le total d'heures par famille"), or a noun the prompt names elsewhere besides the records it
   * keeps; the records' field it groups them by. */
  per?: string;
  /** A figure of what is left of a goal's target ("how much of the budget is left", "quanto mi resta"). */
  remaining?: true;
  /** Made from what an earlier ask keeps ("a shopping list from it"): a part of that ask's app (derived.ts). */
  derived?: true;
}

export interface Slot {
  day: number;
  what: string;
  time?: string;
}

/** Which quantities belong to an ask of a type. */
const TAKES: Partial<Record<AskType, Quantity["kind"][]>> = {
  reminder: ["frequency", "time", "weekday", "date", "period", "window"],
  schedule: ["frequency", "time", "weekday", "date", "window"],
  timer: ["duration", "rounds"],
  countdown: ["date", "duration"],
  goal: ["money", "measure", "number", "duration", "period", "date"],
  aggregate: ["period"],
  log: ["measure", "money", "range", "period"],
  list: ["measure", "money", "range"],
  rating: ["range"],
  catalog: ["money"],
  order: ["money"],
  split: ["money", "number"],
  people: ["number"],
  quiz: ["number"],
};

/** Asks whose records the fields of their clause describe. */
const OWNERS = new Set<AskType>(["list", "log", "quiz", "catalog", "order", "schedule", "people"]);

/** Asks a list of fields may carry besides its fields ("…, sorted by best", "totals per month"). */
const OVER_LIST = new Set<AskType>(["aggregate", "reminder", "schedule", "goal", "countdown", "categories"]);

/** Asks that a list's item can be instead of a field ("with a countdown": to each record's date). */
const ABOUT_LIST = new Set<AskType>(["sort", "search", "chart", "countdown", "theme", "language"]);

/** Asks that count or change the list they are about, and settings: alone, they leave the list unasked. */
export const ON_A_LIST = new Set<AskType>([
  "aggregate",
  "sort",
  "search",
  "categories",
  "rating",
  "yesno",
  "choice",
  "photo",
  "theme",
  "language",
]);

/** Asks with records of their own, which a list's item asks for rather than names ("un petit quiz"). */
const OWN_SCREEN = new Set<AskType>(["quiz", "reminder"]);

/** The endings of the Romance infinitives ("apuntar", "annaffiare", "noter"), which no noun cue has. */
const INFINITIVE: Partial<Record<UiLanguage, RegExp>> = {
  es: /[aei]r$/,
  it: /[aei]re$/,
  fr: /(er|ir|re)$/,
};

/** Field types that are asks of their own. */
const DERIVED = new Set<FieldType>(["choice", "rating", "yesno", "photo"]);

/** Asks about the whole app, not a thing in it. */
const NO_SUBJECT = new Set<AskType>([
  "theme",
  "language",
  "translate",
  "sort",
  "search",
  "yesno",
  "photo",
  "choice",
  "calculator",
  "convert",
  "rating",
]);

interface Offsets {
  start: number;
  end: number;
}

interface Span {
  from: number;
  to: number;
}

const WITH = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.with)]),
) as Record<UiLanguage, Set<string>>;
const NOT = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, cueIndex({ not: lex.not }, l as UiLanguage)]),
) as Record<UiLanguage, CueIndex>;
const FORGET = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, cueIndex({ forget: lex.forget.words }, l as UiLanguage)]),
) as Record<UiLanguage, CueIndex>;
const FORGET_WHEN = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.forget.when)]),
) as Record<UiLanguage, Set<string>>;
const EXAMS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, cueIndex({ exam: lex.exams }, l as UiLanguage)]),
) as Record<UiLanguage, CueIndex>;
const AGGREGATES = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, cueIndex(lex.aggregates, l as UiLanguage)]),
) as Record<UiLanguage, CueIndex>;
const SEE = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, cueIndex({ see: lex.see }, l as UiLanguage)]),
) as Record<UiLanguage, CueIndex>;
const DOER = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet([...lex.speaker, ...lex.firstPerson])]),
) as Record<UiLanguage, Set<string>>;
const RELATIVE_SPEAKER = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [l, lex],
  ) => [l, { relative: wordSet(lex.relative), endings: lex.relativeSpeakerEndings }]),
) as Record<UiLanguage, { relative: Set<string>; endings: string[] }>;

/** Where the speaker is the subject of the verb a word follows, within four words before it and no mark
 * between: a first-person pronoun, auxiliary or reflexive ("books I read each month", "lo que me gasto"), or,
 * where the pronoun is left out, a verb of the speaker's ending right after a relative word ("i soldi che
 * metto da parte", "las facturas que emito"); -1 when there is none. */
export function speakerBefore(tokens: readonly Token[], at: number, language: UiLanguage): number {
  const { relative, endings } = RELATIVE_SPEAKER[language];
  for (let i = at - 1; i >= 0 && i >= at - 1 - DOER_WINDOW && tokens[i].kind === "word"; i--) {
    const t = tokens[i];
    if (DOER[language].has(t.norm)) return i;
    const verb = !CUES[language].stop.has(t.norm) && endings.some((e) => t.norm.endsWith(e));
    if (verb && relative.has(tokens[i - 1]?.norm ?? "")) return i;
  }
  return -1;
}

/** Where the pronoun is left out, the speaker's verb right after a question of how many or right after the noun
 * it counts ("quante volte vado", "cuántas veces voy", "quanto spendo"), by the speaker's ending: a unit, a
 * measure or a time word there is none ("quanti euro spendo", "cuántas horas hoy"); -1 when there is none. */
function speakerVerbAfter(
  tokens: readonly Token[],
  at: number,
  language: UiLanguage,
  content: (i: number) => boolean,
): number {
  const { endings } = RELATIVE_SPEAKER[language];
  const verb = (i: number) =>
    content(i) && !measureWord(tokens[i].norm) && !CLOSED[language].has(tokens[i].norm) &&
    endings.some((e) => tokens[i].norm.endsWith(e));
  if (verb(at)) return at;
  return content(at) && verb(at + 1) ? at + 1 : -1;
}

/** How many words after a question of how many its verb's subject may come ("how many times did I go"). */
const DOER_WINDOW = 4;
/** What figures of one record rather than of many compute: a best, a highest, a lowest. */
const BESTS = new Set<NonNullable<Ask["computes"]>>(["best", "max", "min"]);
/** How many words after a figure's cue the unit it computes may come ("my longest run in km"). */
const FIGURE_WINDOW = 4;
// (Folded, as the words they end are.)
const ACT_NOUNS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, lex.actNouns.map(fold)]),
) as Record<UiLanguage, string[]>;
/** Letters a word keeps before an act's ending, so that a short noun ending alike ("groups", "idées") is none. */
const ACT_STEM = 3;
const WANT = phrasesPerLanguage((lex) => lex.want);
const MEASURES = phrasesPerLanguage((lex) => lex.measures);
const PAY = perLanguage((lex) => lex.pay);
const MUST = phrasesPerLanguage((lex) => lex.must);
// An elided article ends a deadline's phrase ("prima dell'"): its words are compared without the apostrophe.
const unelided = (norm: string) => norm.replace(/'$/, "");
const DEADLINE = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [l, lex],
  ) => [l, lex.deadline.map((p) => words(p).filter((t) => t.kind === "word").map((t) => unelided(t.norm)))]),
) as Record<UiLanguage, string[][]>;
const CHANGE = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, cueIndex({ change: lex.change }, l as UiLanguage)]),
) as Record<UiLanguage, CueIndex>;
const CURRENT = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.current)]),
) as Record<UiLanguage, Set<string>>;
/** The questions that ask what a record keeps ("how far", "come mi sento", "was ich gemacht habe"), by the
 * name of the field they ask for, with its type. */
const ASKED = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => {
    const types = Object.entries(lex.asked).flatMap(([type, names]) =>
      Object.keys(names).map((name) => [name, type as FieldType] as const)
    );
    const phrases = Object.fromEntries(Object.values(lex.asked).flatMap((names) => Object.entries(names)));
    return [l, { index: cueIndex(phrases, l as UiLanguage), types: new Map(types) }];
  }),
) as Record<UiLanguage, { index: CueIndex; types: Map<string, FieldType> }>;
const QUESTIONS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    new Set(lex.questions.flatMap((q) => stemPhrase(q, l as UiLanguage))),
  ]),
) as Record<UiLanguage, Set<string>>;
const COUNTING = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [l, lex],
  ) => [l, {
    count: wordSet(lex.counting.count),
    total: wordSet(lex.counting.total),
    many: lex.counting.many.map(phraseWords),
  }]),
) as Record<UiLanguage, { count: Set<string>; total: Set<string>; many: string[][] }>;
const LIMITS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, cueIndex(lex.limits, l as UiLanguage)]),
) as Record<UiLanguage, CueIndex>;
const BUDGETS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, cueIndex({ budget: lex.budget }, l as UiLanguage)]),
) as Record<UiLanguage, CueIndex>;
// The verbs of one word of going past a limit as the lexicon writes them: in that form one may be a noun
// ("pass").
const LIMIT_WORDS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.limits.exceed.filter((p) => !p.includes(" ")))]),
) as Record<UiLanguage, Set<string>>;
const RATE_PER = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.rate.per)]),
) as Record<UiLanguage, Set<string>>;
const IN = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.languageIn)]),
) as Record<UiLanguage, Set<string>>;
// A language's closed classes of time and number words ("Tage", "dodici"): a lone cue on one of them is
// the word's other reading ("Tage" is days, not the "tag" of a label), and English cues borrowed into a
// prompt skip them and the language's function words.
const CLOSED = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    wordSet([
      ...Object.keys(lex.numbers),
      ...Object.keys(lex.timeUnits),
      ...Object.keys(lex.weekdays),
      ...Object.keys(lex.periods).flatMap((p) => p.split(/\s+/)),
    ]),
  ]),
) as Record<UiLanguage, Set<string>>;
// "of" phrases as folded words, longest first ("de la" before "de").
const PERSONS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, cueIndex({ persons: lex.persons }, l as UiLanguage)]),
) as Record<UiLanguage, CueIndex>;
/** The words of "times" ("volte", "veces"), which name no records when counted. */
const TIMES = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.time.times)]),
) as Record<UiLanguage, Set<string>>;
const DAY_PARTS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(Object.keys(lex.dayParts))]),
) as Record<UiLanguage, Set<string>>;
const REMAINING = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.remaining)]),
) as Record<UiLanguage, Set<string>>;
const BETWEEN = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.between)]),
) as Record<UiLanguage, Set<string>>;
const DIVIDED = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.divided)]),
) as Record<UiLanguage, Set<string>>;
const OWING = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [l, lex],
  ) => [l, { words: wordSet(lex.owing.words), speaker: wordSet(lex.owing.speaker) }]),
) as Record<UiLanguage, Record<"words" | "speaker", Set<string>>>;
/** Whether a split's cue is a debt the speaker is a party to ("what I owe my sister", "who owes me",
 * "i miei debiti", "mis deudas", "was ich meinem Bruder schulde"): the speaker right after its debt word or,
 * where no question of who opens the cue, up to four words before it across words only. That debt is a record
 * the speaker keeps, not a cost shared in a group ("who owes what"). */
function ownDebt(tokens: readonly Token[], m: CueMatch, language: UiLanguage): boolean {
  const { words, speaker } = OWING[language];
  const debt = range(m).find((i) => words.has(tokens[i].norm));
  if (debt === undefined) return false;
  if (speaker.has(tokens[debt + 1]?.norm ?? "")) return true;
  if (debt !== m.from) return false;
  for (let i = debt - 1; i >= debt - 4 && tokens[i]?.kind === "word"; i--) {
    if (speaker.has(tokens[i].norm)) return true;
  }
  return false;
}

/** Whether a German verb of dividing, one word, is the noun that shares its stem ("alle Teile erfassen", "mit
 * dem Preis von jedem teil"): capitalized within its clause, or after an article, a determiner or "each". */
function splitNoun(tokens: readonly Token[], m: CueMatch, language: UiLanguage): boolean {
  if (language !== "de" || m.to - m.from !== 1) return false;
  const before = tokens[m.from - 1]?.norm ?? "";
  return (m.from > 0 && /^\p{Lu}/u.test(tokens[m.from].text)) || NOUN_OPENERS_DE.has(before) ||
    GROUP_WORDS.de.each.has(before);
}
const NOUN_OPENERS_DE = wordSet([...LEXICONS.de.articles, ...LEXICONS.de.determiners]);

const SPEAKER = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.speaker)]),
) as Record<UiLanguage, Set<string>>;
const WE_ARE = phrasesPerLanguage((lex) => lex.weAre);
/** The pronouns of a third person ("he", "loro", "ils"): whether they did something is asked as the speaker's
 * is ("if they returned them", "if he ate"). */
const THIRD_PERSON = perLanguage((lex) => lex.thirdPerson);
const OF_US = phrasesPerLanguage((lex) => lex.ofUs);
const WHETHER = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    if: wordSet(lex.whether.if),
    done: wordSet(lex.whether.done),
    orNot: lex.whether.orNot.map((p) => p.split(/\s+/).map(fold)),
    negative: lex.whether.negative.map(fold),
    who: wordSet(lex.whether.who),
    no: wordSet(lex.whether.no),
    as: wordSet(lex.whether.as),
    mark: new Set(lex.whether.mark.map((w) => stem(fold(w), l as UiLanguage))),
    participle: new RegExp(lex.whether.participle, "u"),
    past: lex.whether.past,
    has: wordSet(lex.whether.has),
    already: wordSet(lex.whether.already),
    yes: wordSet(lex.whether.yes),
  }]),
) as Record<UiLanguage, {
  has: Set<string>;
  if: Set<string>;
  yes: Set<string>;
  done: Set<string>;
  orNot: string[][];
  negative: string[];
  who: Set<string>;
  no: Set<string>;
  as: Set<string>;
  mark: Set<string>;
  participle: RegExp;
  past: string[][];
  already: Set<string>;
}>;
const GROUP_WORDS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    each: wordSet(lex.group.each),
    whole: wordSet(lex.group.whole),
    collectives: wordSet(lex.group.collectives),
    phrases: cueIndex({ everyone: lex.group.everyone, what: lex.group.what }, l as UiLanguage),
  }]),
) as Record<
  UiLanguage,
  { each: Set<string>; whole: Set<string>; collectives: Set<string>; phrases: CueIndex }
>;
/** The largest group that shares an app's chores, turns or costs; more ("22 pupils") make a roster. */
const GROUP = 10;
const OR = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.or)]),
) as Record<UiLanguage, Set<string>>;
// (As written, lower case: with an accent its lexicon's lacks, an "or" word is another word, "chaque refuge où
// je dors": where.)
const OR_WRITTEN = perLanguage((lex) => lex.or, (w) => w.toLowerCase());
const writtenOr = (t: Token, language: UiLanguage) =>
  OR_WRITTEN[language].has(t.text.toLowerCase()) || t.text.toLowerCase() === t.norm;
const OF = phrasesPerLanguage((lex) => lex.of);
const AND = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet([",", "/", ...lex.and])]),
) as Record<UiLanguage, Set<string>>;

export interface ClauseContext {
  prompt: string;
  clause: Clause;
  language: UiLanguage;
  /** The quantities inside the clause. */
  quantities: Quantity[];
  /** The items of a `:` list this clause introduces: their fields belong to its asks. */
  items: Clause[];
  /** The items of its `:` list, whatever they hold: a week may be stated day by day there. */
  listItemsAll?: Clause[];
  /** A change to an existing app rather than a new one. */
  followUp: boolean;
  /** The existing app's labels, which a follow-up's changes name (empty when they are not known). */
  labels?: string[];
  /** The ask to make of the clause's first noun phrase when no cue is found. */
  fallback?: AskType;
  /** The clause is the items of a `:` list, whose records and typed fields the clause before asks for. */
  listItems?: boolean;
  /** The clause before the items asks for a figure: they are the figures it shows, not fields. */
  figures?: boolean;
  /** The quantities a `:` list's items state, which the clause before holds: a figure among them is over
   * their period ("con il totale dell'anno"), a goal among them has their target ("budget totale 18.000 €"). */
  stated?: Quantity[];
}

/** The kinds of quantity that say when something happens. */
const WHEN = new Set(["time", "weekday", "frequency", "period", "date"]);

export function asksOf(ctx: ClauseContext): Ask[] {
  const { clause, language } = ctx;
  const tokens = absolute(clause);
  const stems = stemTokens(tokens, language);
  const cues = CUES[language];
  const stop = cues.stop;
  const at = (q: Quantity) => tokenSpan(tokens, q);
  // The words of a time expression ("twice a day", "al mese", "on Fridays") say when, never what.
  const when = new Set(ctx.quantities.filter((q) => WHEN.has(q.kind)).flatMap((q) => range(at(q))));
  const audience = audienceAt(tokens, language);
  // Content words: not function words, not the imperatives that ask ("add", "show"), not when, not what a
  // noun does in a relative clause ("a bar that fills up"), not whom the records are for ("for the vet").
  const content = (i: number) =>
    tokens[i]?.kind === "word" && !stop.has(tokens[i].norm) && !VERBS[language].has(tokens[i].norm) &&
    !joinedVerb(tokens[i].norm, language) && !when.has(i) && !relativeVerb(tokens, i, i + 1, language) &&
    !audience.has(i);
  // (What the speaker must do again, said beside them, is to be reminded of: "je dois prendre un cachet toutes
  // les 8 heures", "muss ich".)
  const speaker = (i: number) => SPEAKER[language].has(tokens[i]?.norm ?? "");
  const must = tokens.some((_, i) =>
    MUST[language].some((p) => phraseAt(tokens, i, p)) &&
    [i - 2, i - 1, i + 1, i + 2].some(speaker)
  );
  const habit = !must && tokens.some((_, i) => speaker(i));
  // A day the speaker tells they do something on is when their records are, not a timetable, unless they
  // must do it then ("on mondays i have to…"): the clause's one weekday or weekend with the speaker within
  // a few words of it, past a comma or a part of the day ("On weekends I go hiking", "I work Saturdays", "am
  // Wochenende backe ich"), or, where the pronoun is left out, the subject of the verb right after it by its
  // ending, a word of no time after that verb: any word where the day opens the clause ("la domenica vado al
  // mercato"), else a function word ("nel fine settimana vado a pescare"; not "lunedì calcio alle 18", nor
  // "il venerdì sera calcetto").
  const days = new Set(ctx.quantities.filter((q) => q.kind === "weekday").map((q) => q.start));
  const ownDay = (q: Quantity) => {
    const day = at(q);
    if (q.kind !== "weekday" || days.size > 1 || day.to <= day.from || must) return false;
    let next = day.to;
    while (tokens[next]?.norm === "," || DAY_PARTS[language].has(tokens[next]?.norm ?? "")) next++;
    const beside = (from: number, step: number) => {
      for (let i = from, n = 0; n < DAY_SPEAKER_WORDS && tokens[i]?.kind === "word"; i += step, n++) {
        if (speaker(i)) return true;
      }
      return false;
    };
    if (beside(day.from - 1, -1) || beside(next, 1)) return true;
    const after = tokens[next + 1];
    const opens = !range({ from: 0, to: day.from }).some(content);
    return speakerVerbAfter(tokens, next, language, content) === next && after?.kind === "word" &&
      !within(after, ctx.quantities) && (opens || stop.has(after.norm));
  };
  // (A figure and its period after "with", "con il totale dell'anno e la media al mese", is no field.)
  const itemPeriods = (ctx.stated ?? []).filter((q) => q.kind === "period");
  const periods = [...ctx.quantities, ...itemPeriods].filter((q) => q.kind === "period");
  const fields = fieldsAfterWith(tokens, language).filter((f) =>
    !figureItem(tokens, f.span, periods, language)
  );
  // (A German request after a colon lists its fields before its verb.)
  const afterColon = ctx.prompt.slice(0, clause.start).trimEnd().endsWith(":");
  if (!fields.length && afterColon) fields.push(...fieldsBeforeVerb(tokens, language));
  if (!fields.length) fields.push(...bracketFields(tokens, language));
  // (Fields right after the noun of each record a clause keeps: "pour chaque match la date et le score".)
  const keepers = matchCues(stems, cues.asks).filter((m) => m.key === "log" || m.key === "list");
  const each = eachPhrase(tokens, language, ctx.prompt, new Set(keepers.map((m) => m.to - 1)));
  if (!fields.length && each?.fields !== undefined) fields.push(...fieldsFrom(tokens, each.fields, language));
  boardFields(fields, tokens, stems, language);
  slashedFields(fields, tokens, language);
  // A `:` list's fields lie in the clauses of its items.
  // (The records a first item names before "with" are those the clause asks for: "a library: books with
  // author and year" lists author and year.)
  // (Items after a question of which, "what kind: red, white, rosé", or after the field they are values of,
  // "con appetito: tanto, poco", are the values of the field it names.)
  // (An item that names only a figure and its period, "con il totale dell'anno", is that figure, no field.)
  // (A clause after a comma stands apart from the request before it: "apuntar mis comidas, tipo: …".)
  const afterComma = ctx.prompt.slice(0, clause.start).trimEnd().endsWith(",");
  // (Items that mark records as states offer those states: "ordini: segnarli come spediti o consegnati".)
  const itemMarked = ctx.items.some((item) => markedIn(absolute(item), language).length);
  const kind = ctx.items.length && !itemMarked
    ? kindAsked(tokens, ctx.items, language, fields, afterComma)
    : undefined;
  // (The field after "with" that names the choice is that choice.)
  if (kind) fields.splice(0, fields.length, ...fields.filter((f) => f.span.to <= kind.span.from));
  const listedSpanned = kind ? [kind] : ctx.items.flatMap((item, k) => {
    const all = absolute(item);
    const at = k === 0 ? recordsWith(all, language) : -1;
    const rest = all.slice(at + 1);
    const listed = fieldList(rest, language, true).filter((f) =>
      !figureItem(rest, f.span, itemPeriods, language, true)
    );
    // (An item's slashed values are the choice of the field it names, as after "with": "Farbe rot/weiß/rosé".)
    slashedFields(listed, rest, language);
    for (const m of markedIn(rest, language)) {
      const kept = listed.filter((f) => !overlaps(f.span, m.span));
      const states: SpannedField = {
        name: LEXICONS[language].whether.state,
        type: "choice",
        options: m.options,
        span: m.span,
        start: rest[m.span.from].start,
        end: rest[m.span.to - 1].end,
      };
      listed.splice(0, listed.length, ...kept, states);
    }
    return listed
      .map((
        f,
      ) => ({
        ...f,
        span: { from: f.span.from + at + 1, to: f.span.to + at + 1 },
      }));
  });
  // (And the question of which, with what it asks, is the field's, no subject.)
  const fieldTokens = new Set([
    ...fields.flatMap((f) => range(f.span)),
    ...(kind ? range({ from: kind.span.from - 1, to: kind.span.to }) : []),
  ]);

  // Each ask found, with where its cues are in the prompt.
  const found = new Map<AskType, Offsets[]>();
  const add = (type: AskType, where: Span | Offsets) => {
    const offsets = "start" in where ? where : offsetsOf(tokens, where);
    const list = found.get(type) ?? [];
    if (offsets) list.push(offsets);
    found.set(type, list);
  };

  const languageNames = matchCues(stems, cues.languages);
  if (ctx.followUp) {
    for (const m of matchCues(stems, cues.changes)) add(m.key as AskType, m);
    if (languageNames.length) add("translate", languageNames[0]);
  }
  // English cues count in every language: people borrow them ("un tracker", "la dark mode").
  const own = (i: number) => CLOSED[language].has(tokens[i].norm);
  // (A noun of keeping that is also a word of time is the noun where an "of" word follows it, after an article
  // or opening its clause: "un diario de mis carreras", never "gasto diario".)
  const namesRecords = (i: number) =>
    phraseFrom(tokens, i + 1, OF[language]) !== undefined &&
    (i === 0 || OPENERS[language].has(tokens[i - 1].norm) || tokens[i - 1].kind !== "word");
  const english = language === "en" ? [] : matchCues(stemTokens(tokens, "en"), CUES.en.asks)
    .filter((m) => !range(m).some((i) => own(i) || stop.has(tokens[i].norm)));
  const matched = matchCues(
    stems,
    cues.asks,
    language === "de" ? tokens.map((t) => t.norm) : undefined,
    tokens.map((t) => t.norm),
  )
    .filter((m) => m.to - m.from > 1 || !own(m.from) || namesRecords(m.from));
  // (Saving things keeps a list of them, no savings goal: "save my recipes"; `stored.ts`. Saved each time
  // something happens, they are what the log of those events notes, which its own words ask: "after each
  // practice i want to save my wpm". What another cue names is kept as that cue says: "save my high score".)
  const cuedAt = (i: number | undefined) => i !== undefined && matched.some((m) => m.from <= i && i < m.to);
  const native = matched.flatMap((m) =>
    m.key === "goal" && m.to - m.from === 1 && keepsThings(tokens, m.from, language) &&
      !cuedAt(storedObject(tokens, m.from, language)?.from)
      ? storedAs(tokens, language) === "log" ? [] : [{ ...m, key: "list" }]
      : ordersRatherThanSorts(tokens, stems, m, language)
      ? []
      : [m]
  );
  const covered = new Set(native.flatMap(range));
  const negations = matchCues(stems, NOT[language]);
  // A cue a negation governs ("no charts, just a list") is refused, not asked; only function words between.
  // (The "no" of a yes/no pair refuses nothing: "vinta sì/no, e la percentuale".)
  const negated = (m: CueMatch) =>
    negations.some((n) =>
      n.to <= m.from && tokens[n.from - 1]?.norm !== "/" &&
      range({ from: n.to, to: m.from }).every((i) => !content(i))
    );
  // Not forgetting is still being reminded ("non farmi dimenticare", "damit ich nicht vergesse"), but
  // forgetting when something happened, across function words only, asks to keep when it was done.
  const forgets = matchCues(stems, FORGET[language]);
  const forgetting = (m: CueMatch) => forgets.some((f) => f.from < m.to && m.from < f.to);
  const forgotWhen = (m: CueMatch) => {
    let i = m.to;
    while (tokens[i] && !FORGET_WHEN[language].has(tokens[i].norm) && !content(i)) i++;
    return FORGET_WHEN[language].has(tokens[i]?.norm ?? "");
  };
  // A calculator's cue the speaker's possessive opens ("mes pourboires", "my bmi"), or that a verb of noting
  // governs through an article, right before it or, in German, at the end of its clause ("apuntar las
  // propinas", "die Trinkgelder jeden Abend notieren"), names amounts of theirs to keep, not one to work out.
  const noting = native.filter((n) => n.key === "log");
  const governs = (n: CueMatch, m: CueMatch) =>
    n.to === m.from - 1 ||
    (language === "de" && n.from >= m.to &&
      range({ from: m.to, to: n.from }).every((i) => tokens[i].kind !== "mark"));
  const theirs = (m: CueMatch) => {
    const opener = tokens[m.from - 1]?.norm ?? "";
    return m.key === "calculator" && (MINE[language].has(opener) ||
      DETERMINERS[language].has(opener) && noting.some((n) => governs(n, m)));
  };
  // Figures named by their noun or asked by a verb of computing (`figures.ts`).
  const figuresNamed = namedFigures(tokens, language, [
    ...native,
    ...english.filter((e) => !range(e).some((i) => covered.has(i))),
    ...sharedCosts(tokens, stems, language),
  ]);
  const cued = [...figuresNamed.others, ...figuresNamed.cues].filter((m) =>
    !theirs(m) && !(m.key === "schedule" && planKept(tokens, m, noting, language))
  );
  const figure: Figure = {
    seeing: [...matchCues(stems, SEE[language]), ...cued.filter((m) => FIGURES.has(m.key as AskType))],
    noting: cued.filter((m) => m.key === "log"),
    periods: ctx.quantities.filter((q) => q.kind === "period" || q.kind === "frequency").map((q) =>
      at(q).from
    ),
    each: [
      ...tokens.flatMap((t, i) => GROUP_WORDS[language].each.has(t.norm) ? [i] : []),
      ...matchCues(stems, GROUP_WORDS[language].phrases).filter((m) => m.key === "everyone").map((m) =>
        m.from
      ),
    ],
  };
  const questions = notedQuestions(tokens, language, figure, fields);
  fields.push(...questions);
  // The cues of what figures compute. A question of how many ("quante volte", "cuántas", "wie viele") counts
  // the records, though its stem is a total's; over a unit it adds that up ("quante ore"), which `total` says.
  const computingCues = [...matchCues(stems, AGGREGATES[language]), ...figuresNamed.totals].filter((m) =>
    !COUNTING[language].many.some((p) => phraseAt(tokens, m.from, p))
  ).sort((a, b) => a.from - b.from);
  // The only field after "with", named by a figure's word alone ("with a total", "mit Durchschnitt"), is that
  // figure over the records, not a field of each, and so is a best among others, with its unit or without
  // ("with reps and my personal best", "and the longest in km"), which no record holds, and a share of them
  // with what it is of ("and my win percentage", "e la percentuale di vittorie"); and so is any field a figure's
  // word opens that a period or a breakdown ends ("and a total per category", "la media al mese", "le total
  // par mois"), or that follows the noun it adds up ("la distance totale par semaine", "i km totali al mese"),
  // over which no record holds a value; and a best with the one noun it is the best of ("ma meilleure
  // séance", "my best game", "mein bestes Spiel").
  const best = (m: CueMatch) =>
    computingCues.some((c) => c.from === m.from && BESTS.has(c.key as NonNullable<Ask["computes"]>));
  // (A word of the figure's whole cue, of which the ask's cue is a part: "with a running total".)
  const figureWord = (m: CueMatch, i: number) =>
    computingCues.some((c) => c.from <= i && i < c.to && c.from <= m.from && m.from < c.to);
  const figureField = (f: SpannedField, m: CueMatch) =>
    m.key === "aggregate" && (
      (figuresNamed.share(m) && f.span.from <= m.from && m.to <= f.span.to) ||
      ((fields.length === 1 || (best(m) && f.span.from <= m.from && m.to <= f.span.to)) &&
        range(f.span).every((i) =>
          (m.from <= i && i < m.to) || figureWord(m, i) || !content(i) ||
          (best(m) && amountNamed(tokens[i], language))
        )) ||
      (f.span.from <= m.from && m.to < f.span.to &&
        range({ from: f.span.from, to: m.from }).every((i) => !content(i) || i === m.from - 1) &&
        (when.has(f.span.to - 1) ||
          GROUPED_BY[language].some((p) => p[0] === tokens[f.span.to - 2]?.norm))) ||
      (best(m) && m.from < f.span.to && f.span.from < m.to &&
        range(f.span).every((i) => i >= m.from || !content(i)) &&
        range(f.span).filter((i) => m.to <= i && content(i)).length <= 1)
    );
  // (Where such a figure's cue is: it names no subject.)
  const figureCues = new Set<number>();
  for (const m of cued) {
    const f = fields.find((f) => figureField(f, m));
    if (!f) continue;
    fields.splice(fields.indexOf(f), 1);
    figureCues.add(m.from);
  }
  // So is what a "with" within a field adds, named by a figure's word alone ("my grades per subject with the
  // average", "i voti con la media", "die Noten mit Durchschnitt"): the field ends before it.
  for (const m of cued.filter((m) => m.key === "aggregate")) {
    const k = fields.findIndex((f) => f.span.from < m.from && m.to <= f.span.to);
    const f = fields[k];
    if (!f) continue;
    let w = m.from - 1;
    while (w > f.span.from && !WITH[language].has(tokens[w].norm) && !content(w)) w--;
    if (!WITH[language].has(tokens[w].norm) || range({ from: m.to, to: f.span.to }).some(content)) continue;
    const before = typeField(tokens, { from: f.span.from, to: w }, language);
    fields.splice(k, 1, ...(before ? [before] : []));
    figureCues.add(m.from);
  }
  // In a `:` list of fields, a count or a total named with what it is of ("nombre de parts", "total cost",
  // "Anzahl der Jungtiere") is a field of each record, unless "per" makes it a figure ("total per category")
  // or the list is a summary's.
  const counting = COUNTING[language];
  // (The words of a period the items state are when a figure is over, never what it is of.)
  const inPeriod = (i: number) => within(tokens[i], itemPeriods);
  const items = ctx.listItems && !ctx.figures ? fieldList(tokens, language, true) : [];
  const countField = (m: CueMatch) =>
    m.key === "aggregate" &&
    (counting.count.has(tokens[m.from].norm) || counting.total.has(tokens[m.from].norm)) &&
    items.some((f) =>
      f.span.from <= m.from && m.from < f.span.to &&
      range(f.span).some((i) => content(i) && !inPeriod(i) && (i < m.from || i >= m.to)) &&
      !range(f.span).some((i) => RATE_PER[language].has(tokens[i].norm))
    );
  const budgetWords = matchCues(
    stems,
    BUDGETS[language],
    language === "de" ? tokens.map((t) => t.norm) : undefined,
  );
  // The questions of how many that ask a figure, and the asks they imply.
  const counted: CueMatch[] = [];
  const implied = new Set<AskType>();
  // A timer's word that names the records a clause notes, right before their fields ("Gassirunden mit Dauer
  // eintragen", "log my golf rounds with score and duration"), is those records: a duration is a field of
  // each, not a clock to run, unless the clause states a timer's phases or rounds.
  const timed = ctx.quantities.some(timerPart);
  // (The records' noun may have its complement: "tours de piste avec la durée".)
  const complement = (at: number) => {
    const of = phraseFrom(tokens, at, OF[language]);
    let to = at + (of?.length ?? 0);
    while (of && content(to)) to++;
    return to;
  };
  const recordsTimed = (m: CueMatch) =>
    m.key === "timer" && !timed && figure.noting.length > 0 && fields.length > 0 &&
    m.to <= fields[0].span.from &&
    range({ from: complement(m.to), to: fields[0].span.from }).every((i) => !content(i));
  // (So is one a log's cue governs across function words: "Tagebuch über meine Joggingrunden", "Protokoll der
  // Laufrunden".)
  const governed = (m: CueMatch) =>
    m.key === "timer" && !timed &&
    figure.noting.some((n) => n.to <= m.from && range({ from: n.to, to: m.from }).every((i) => !content(i)));
  const records = cued.find(recordsTimed) ?? cued.find(governed);
  const rankingNoun = (m: CueMatch) =>
    m.key === "sort" &&
    RANKING_NOUNS[language].some((p) => p.length === m.to - m.from && phraseAt(tokens, m.from, p));
  let dividing: Span | undefined;
  for (const m of cued) {
    if (forgetting(m) ? forgotWhen(m) : negated(m)) continue;
    if (m === records) continue;
    // (A ranking's noun beside a verb of sorting is the records it sorts, "a leaderboard sorted by total": the
    // sort is the verb's.)
    if (rankingNoun(m) && cued.some((o) => o.key === "sort" && !rankingNoun(o))) continue;
    // (A cue where nothing is asked names no ask, `standing.ts`, but a goal the speaker tells of is one: "I'm
    // saving for a car".)
    if (!forgetting(m) && m.key !== "goal" && unasked(ctx.prompt, tokens, m, cued, language)) continue;
    // A part of the day says when ("venerdì sera"), and a word of what is left asks what remains or how long
    // until ("quanto mi manca"): never the ask of a cue they only share a stem with ("serie", "mancia").
    const word = m.to - m.from === 1 ? tokens[m.from].norm : "";
    if (DAY_PARTS[language].has(word) || (m.key !== "countdown" && REMAINING[language].has(word))) continue;
    // The words of a timer's phase or rounds ("6 séries", "8 series") are the timer's.
    const cueAt = tokens[m.from].start;
    if (m.key !== "timer" && ctx.quantities.some((q) => timerPart(q) && q.start <= cueAt && cueAt < q.end)) {
      continue;
    }
    if (m.key === "people" && m.to - m.from === 1 && singular(tokens[m.from].norm, language)) continue;
    // (So is one among the questions that name fields after the records' noun: "my swims, how many laps and
    // how long".)
    const enumerated = !figure.noting.length &&
      questions.some((f) => f.span.from <= m.from && m.from < f.span.to);
    if (m.key === "aggregate" && (enumerated || fieldQuestion(m, tokens, stems, language, figure))) continue;
    if (countField(m)) continue;
    // A debt of the speaker's and a German noun of a verb of dividing's stem share no costs.
    if (m.key === "split" && (ownDebt(tokens, m, language) || splitNoun(tokens, m, language))) continue;
    // A verb of dividing with what it divides by ("split by aisle", "nach Gang aufteilen") groups the records:
    // their categories, no costs shared.
    const by = m.key === "split" ? dividedBy(tokens, stems, m, content, language) : undefined;
    if (by) {
      add("categories", by.span);
      dividing = by.noun;
      continue;
    }
    // A total word beside a budget's ("budget totale", "total budget", "presupuesto total") qualifies it.
    if (m.key === "aggregate" && budgetWords.some((b) => b.to === m.from || m.to === b.from)) continue;
    if (m.key === "aggregate" && QUESTIONS[language].has(stems[m.from])) counted.push(m);
    // A cue inside a listed field ("with a photo") is the field's type, not an ask of its own.
    const field = fields.find((f) => f.span.from <= m.from && m.from < f.span.to);
    // (A cost shared in a field's words, "with friends, we split the bills", is shared: only a field that is
    // the cue alone, "amount, split", is one.)
    const sharing = m.key === "split" && field &&
      range(field.span).some((i) => (i < m.from || i >= m.to) && content(i));
    if (field && !sharing && (!["photo", "rating", "yesno"].includes(m.key) || questions.includes(field))) {
      continue;
    }
    add(m.key as AskType, m);
  }
  // An order asked as a place in it ("cheapest first", "dalla più cara", "les plus récents en premier"), by an
  // order's noun or as who leads ("in time order", "wer vorne liegt", `ordered.ts`), or by a ranking's noun
  // ("a leaderboard of who has the most wins", "die Bestenliste").
  const ranking = found.has("sort")
    ? undefined
    : rankedOf(tokens, language) ?? orderedAt(tokens, language) ?? figuresNamed.ranked?.quote;
  if (ranking) add("sort", ranking);
  // Records asked seen only in a state ("see only the unpaid ones", "ver quién no ha pagado"): a filter.
  const filtered = found.has("search") ? undefined : filteredAt(tokens, language)[0];
  if (filtered) add("search", filtered);
  // In a new prompt a language's name asks for the UI in it only after "in" ("a list in German"), not in
  // "flashcards for spanish vocab".
  // (Nor when it says what words are in: "verbos irregulares en inglés" are English verbs to learn.)
  const learned = languageUnits(tokens, language).map((u) => u.name.from);
  const uiLanguage = languageNames.find((m) =>
    IN[language].has(tokens[m.from - 1]?.norm ?? "") && !learned.includes(m.from)
  );
  if (!ctx.followUp && uiLanguage) add("language", uiLanguage);
  // A week stated day by day, in the clause or its `:` list, is a timetable of what is on each day, not a list
  // of fields.
  const week = weekOf(
    [...tokens, ...(ctx.listItemsAll ?? ctx.items).flatMap(absolute)],
    ctx.quantities,
    (t) => t.kind === "word" && !stop.has(t.norm) && !VERBS[language].has(t.norm),
  );
  if (week.length > 1) {
    add("schedule", { start: week[0].start, end: week[week.length - 1].end });
    const inWeek = (f: Offsets) => week.some((d) => d.start < f.end && f.start < d.end);
    fields.splice(0, fields.length, ...fields.filter((f) => !inWeek(f)));
    listedSpanned.splice(0, listedSpanned.length, ...listedSpanned.filter((f) => !inWeek(f)));
  }
  const listed: Field[] = listedSpanned.map(unspan);
  // A clause that introduces a list of fields asks for records of them.
  // (Fields after a quiz, an order or a schedule are theirs.)
  // Its subject is then the clause's first noun phrase ("Clients: name, address").
  // (The noun of each record names those records, not the ask its word is a cue of: "per ogni ordine: data".)
  const eachNoun = each && (listedSpanned.length || fields.length) ? offsetsOf(tokens, each.noun) : null;
  for (const [type, spans] of eachNoun ? found : []) {
    const left = spans.filter((o) => o.end <= eachNoun!.start || o.start >= eachNoun!.end);
    if (left.length) found.set(type, left);
    else found.delete(type);
  }
  const owner = [...found.keys()].some((t) => OWNERS.has(t));
  // Items that each state a price and nothing more ("Drinks: espresso $3, latte $4.50", "Crêpes : sucre 3 €,
  // chocolat 4 €") are things with their prices, a price list, not the fields of a record; items with more
  // to say ("car loan $8,900 at 6.5%") are records.
  const itemsEnd = Math.max(...ctx.items.map((c) => c.end));
  const priced = listedSpanned.length > 1 &&
    listedSpanned.every((f, k) => {
      const end = listedSpanned[k + 1]?.start ?? itemsEnd;
      const money = ctx.quantities.filter((q) => q.kind === "money" && f.start <= q.start && q.start < end);
      return money.length === 1 &&
        words(ctx.prompt.slice(f.start, end)).filter((t) => t.kind === "number").length === 1;
    });
  const named = new Map<AskType, Span>();
  if (dividing) named.set("categories", dividing);
  // A rename as users phrase it ("replace « cousins » with « joueurs »", "statt X bitte Y") is the clause's
  // rename, its old words the subject, unless its words are a theme's, a language's or a reminder's.
  const otherChange = new Set(
    ctx.followUp
      ? [
        ...matchCues(stems, cues.changes).filter((m) => ["theme", "translate", "reminder"].includes(m.key)),
        ...languageNames,
      ].flatMap(range)
      : [],
  );
  const renamed = ctx.followUp ? renaming(tokens, language, ctx.labels ?? [], otherChange) : undefined;
  if (renamed) {
    // (Its words are names, not cues: "statt 'Abgabe' bitte 'fällig am'" asks no reminder.)
    const names = [renamed.old, renamed.to].flatMap((s) => s ? [offsetsOf(tokens, s)!] : []);
    for (const [type, spans] of found) {
      const left = spans.filter((o) => !names.some((n) => n.start <= o.start && o.end <= n.end));
      if (left.length) found.set(type, left);
      else found.delete(type);
    }
    found.set("rename", [offsetsOf(tokens, renamed.cue)!]);
    if (renamed.old) named.set("rename", renamed.old);
  }
  if (records) {
    let from = records.from;
    while (from > 0 && content(from - 1)) from--;
    named.set("log", { from, to: complement(records.to) });
  }
  // The fields of a log of who did what ("which neighbour borrowed which tool").
  const assigned: Field[] = [];
  // The figures that add up an amount their words name ("the hours I work each week", "quante ore"), with
  // where those words are.
  const totals = new Map<AskType, Field>();
  let totalAt = -1;
  // The field that amount is in, by the ask it is of.
  const measured = new Map<AskType, Field>();
  // (Fields said of each record of a noun are that noun's records, whatever else the clause asks: "pour
  // chaque match la date et le score".)
  // (They are the records of the cue of keeping the phrase follows, "log every haircut with the date", else
  // a list of their own.)
  const keptAs = keepers.find((m) => each?.keeper === m.to - 1)?.key as AskType | undefined;
  if (keptAs) named.set(keptAs, each!.noun);
  const eachListed = each !== undefined && (listed.length > 0 || fields.length > 0);
  if (
    ((listed.length || fields.length > 1 ||
      (clause.records && (fields.length || bareKind(tokens, language)))) &&
      !owner && !priced) ||
    (eachListed && !keptAs)
  ) {
    const head = eachListed
      ? each.noun
      : subjectNear(tokens, { from: 0, to: 0 }, content, fieldTokens, false, OF[language]);
    if (head) named.set("list", head);
    // A head of function words only ("ogni: …") leaves the list without a quote in this clause.
    add("list", head ?? fields[0]?.span ?? { from: 0, to: 0 });
  }

  // A field typed as a choice, a rating, a tick or a photo is also that ask ("ratings 1-5" is both).
  // A choice keeps its options, which its screen's field offers; the values of a category are its
  // categories ("category (food, transport)", "Kategorie (Miete, Auto)").
  const options = new Map<string, Field>();
  // The field each tick asks about, by its place.
  const ticks = new Map<string, Field>();
  // The persons named where people are asked ("4 flatmates (Anna, Ben)", "per Luca, Marta e la nonna").
  const crowd = new Map<string, Field>();
  const category = (f: Field) =>
    matchCues(stemTokens(words(f.name), language), cues.asks).some((m) => m.key === "categories");
  for (const f of [...fields, ...listedSpanned]) {
    if (f.type === "choice") options.set(`${f.start}:${f.end}`, unspan(f));
    // (A `:` list's category is asked by its items' clause, whose cue it is.)
    if (f.type === "choice" && category(f)) {
      if (fields.includes(f)) add("categories", f);
    } else if (DERIVED.has(f.type)) add(f.type as AskType, f);
    if (f.type === "yesno") ticks.set(`${f.start}:${f.end}`, unspan(f));
  }
  // Choices offered as "small/medium/large" or "level (beginner, intermediate, advanced)"; names in brackets
  // are people ("4 flatmates (Anna, Ben, Chloe, Dev)"); a category's values are asked by its cue.
  const categories = new Set(
    matchCues(stems, cues.asks).filter((m) => m.key === "categories").map((m) => m.to - 1),
  );
  const keeping = matchCues(stems, cues.asks).filter((m) => KEPT.has(m.key as AskType)).map((m) => m.to - 1);
  const offered = [
    ...slashLists(tokens, language),
    ...bracketLists(tokens, language, (head) => keptRight(tokens, head, keeping)),
    ...dividedInto(tokens, language),
  ];
  for (const list of offered) {
    // (A colour that names values is the records', no theme: "Farbe rot/weiß/rosé", "colour (red, black)".)
    const head = list.head;
    const theme = head && found.get("theme")?.filter((o) => !(head.start <= o.start && o.end <= list.end));
    if (theme?.length) found.set("theme", theme);
    else if (theme) found.delete("theme");
    if (fields.some((f) => f.start <= list.start && list.end <= f.end)) continue;
    // (Values no noun names, each a field the clause lists, are those fields: "contacts with name/phone/email".)
    if (!head && list.options.every((o) => fields.some((f) => fold(f.name) === fold(o)))) continue;
    // (Those a category's cue names are the records' kinds: "spese divise per categoria (casa, auto)".)
    const category = list.head !== undefined && categories.has(tokens.indexOf(list.head));
    // Bracketed things in a clause that asks for a list are what it lists ("a list of things to do before
    // leaving (passport, insurance)"), not values to choose.
    const bracketed = list.head && !list.slashed && !list.names;
    if (bracketed && !category && found.has("list")) continue;
    const kinds = list.kinds || category ||
      (bracketed && keptRight(tokens, tokens.indexOf(list.head!), keeping));
    add(list.names ? "people" : kinds ? "categories" : "choice", list);
    if (list.names) {
      crowd.set(`${list.start}:${list.end}`, { name: "person", type: "choice", options: list.options });
    }
    const name = kinds ? CATEGORY[language] : list.head?.text ?? list.options.join("/");
    if (!list.names) {
      options.set(`${list.start}:${list.end}`, { name, type: "choice", options: list.options });
    }
  }
  // Values offered as alternatives joined by "or" in the run of a phrase ("paid by cash or card", "se l'ha
  // fatto fuori o in casa", "payé en espèces ou par carte", "privat oder geschäftlich") are one choice.
  // (What a sort's or a search's phrase offers is what they order or find by: "alphabetically or by date".)
  const inFields = new Set([...fields, ...listedSpanned].flatMap((f) => range(f.span)));
  const ordering = orderingOf(tokens, found);
  const offer = (offered: { span: Span; options: string[]; kind?: string; name?: string }) => {
    add("choice", offered.span);
    const at = offsetsOf(tokens, offered.span)!;
    options.set(`${at.start}:${at.end}`, {
      // (How often, offered as alternatives, is named so: "every week, every 2 weeks" → "how often".)
      name: offered.name ??
        (offered.kind === "frequency" ? LEXICONS[language].howOften : offered.options.join("/")),
      type: "choice",
      options: offered.options,
    });
  };
  // A choice's cue right before values, across function words, offers them ("elegir entre…", "pick one of…").
  const choiceBefore = (at: number) =>
    cued.find((m) =>
      m.key === "choice" && m.to <= at && range({ from: m.to, to: at }).every((i) => !content(i))
    );
  // Values each with its own amount ("small $12, medium $20"), in the clause or as a `:` list's items, are a
  // choice of the values.
  const valued = valuedChoices(
    tokens,
    [...ctx.quantities, ...ctx.stated ?? []].filter(measuredAmount).map(at),
    (i) =>
      tokens[i].kind === "word" && !when.has(i) && !VERBS[language].has(tokens[i].norm) &&
      ![CLOSED, OPENERS, OR, AND].some((words) => words[language].has(tokens[i].norm)) &&
      !YES_NO.test(tokens[i].norm),
    content,
    (i) => OR[language].has(tokens[i].norm) || AND[language].has(tokens[i].norm),
  );
  // (Things that each state a price are a price list's items, no choice: "Menu: tacos $3, quesadilla $6";
  // `listed-values.ts`.)
  const moneyAmounts = [...ctx.quantities, ...ctx.stated ?? []].filter(measuredAmount).map((q) => ({
    ...at(q),
    money: q.kind === "money",
  }));
  const sold = valued.filter((v) => pricedItems(tokens, v, moneyAmounts, language));
  valued.splice(0, valued.length, ...valued.filter((v) => !sold.includes(v)));
  // So are amounts of one kind offered as alternatives ("weekly or every 2 weeks", "30, 45 o 60 min").
  valued.push(
    ...alternativeAmounts(
      tokens,
      // (Not times of day: "la mattina o la sera" say when.)
      ctx.quantities.filter((q) => (q.kind === "frequency" && !q.time) || measuredAmount(q)).map((q) => ({
        ...at(q),
        kind: q.kind,
      })),
      (i) => OR[language].has(tokens[i].norm),
    ).filter((a) =>
      ![...valued, ...sold].some((v) => overlaps(v.span, a.span)) &&
      !range(a.span).some((i) => inFields.has(i))
    ),
  );
  // So are bare numbers with the unit of the last after an "or" ("15, 18 or 20% tip"; `listed-values.ts`).
  valued.push(
    ...sharedUnitAmounts(
      tokens,
      ctx.quantities.filter((q) =>
        q.kind === "number" || q.kind === "duration" || q.kind === "money" ||
        q.kind === "measure"
      ).map((q) => ({ ...at(q), kind: q.kind, text: q.text })),
      (i) => OR[language].has(tokens[i].norm),
      content,
    ).filter((a) => ![...valued, ...sold].some((v) => overlaps(v.span, a.span))),
  );
  // (Not two the words of examples open: "z. B. alle 3 oder alle 7 Tage", "like M31 or Saturn".)
  const sampled = (offered: { span: Span }) => onlyExamples(tokens, offered.span, language);
  valued.filter((v) => !sampled(v)).forEach(offer);
  // States records are marked as, more than one ("mark each as shipped, delivered or returned"), are one
  // choice of them, named as a state is (`marked-states.ts`), no tick of the first.
  // (So are stages a verb of marking offers one after the other: "mark it paid and then ready";
  // `listed-values.ts`.)
  const staged = stagesMarked(
    tokens,
    language,
    (i) => WHETHER[language].mark.has(stems[i]),
    (text) => tickLabel(text, language),
  );
  const marked = [
    ...markedIn(tokens, language),
    ...staged.filter((s) => !markedIn(tokens, language).some((m) => overlaps(m.span, s.span))),
  ].filter((m) =>
    // (Fields read from the marking and its states, "come letto, in lettura o da leggere", "con cliente y
    // producto, marcarlos como pendiente, enviado o entregado", are those states.)
    !fields.some((f) => overlaps(f.span, m.states) && (f.span.from < m.span.from || f.span.to > m.span.to))
  );
  for (const m of marked) {
    const at = offsetsOf(tokens, m.span)!;
    for (const f of fields.filter((f) => overlaps(f.span, m.span))) options.delete(`${f.start}:${f.end}`);
    ticks.forEach((_, key) => {
      const [start, end] = key.split(":").map(Number);
      if (at.start <= start && end <= at.end) ticks.delete(key);
    });
    fields.splice(0, fields.length, ...fields.filter((f) => !overlaps(f.span, m.span)));
    // (The verb of marking is no tick's cue of its own here, and the states no other choice.)
    for (const type of ["yesno", "choice"] as const) {
      const left = (found.get(type) ?? []).filter((o) => !overlaps(tokenSpan(tokens, o), m.span));
      if (left.length) found.set(type, left);
      else found.delete(type);
    }
    offer({ span: m.span, options: m.options, name: LEXICONS[language].whether.state });
  }
  // Values a noun of options names right before them are a choice of them ("Sizes small and large";
  // `listed-values.ts`).
  for (const named of optionsNamed(tokens, language)) {
    if (
      marked.some((m) => overlaps(m.span, named.span)) || range(named.span).some((i) => inFields.has(i)) ||
      [...valued, ...sold].some((v) => overlaps(v.span, named.span)) ||
      (found.get("choice") ?? []).some((o) => overlaps(tokenSpan(tokens, o), named.span))
    ) {
      continue;
    }
    offer(named);
  }
  // (Where alternatives are offered, kept to take the ticks within them away.)
  const offeredChoices: Span[] = [];
  for (const offered of alternatives(tokens, language, content, (at) => choiceBefore(at) !== undefined)) {
    const phrase = phraseOf(tokens, offered.span.from);
    if (
      marked.some((m) => overlaps(m.span, offered.span)) ||
      range(offered.span).some((i) => inFields.has(i)) || ordering.some((s) => overlaps(s, phrase)) ||
      [...valued, ...sold].some((v) => overlaps(v.span, offered.span)) || sampled(offered)
    ) {
      continue;
    }
    const cue = choiceBefore(offered.span.from);
    offer(cue ? { ...offered, span: { from: cue.from, to: offered.span.to } } : offered);
    offeredChoices.push(offered.span);
  }
  // What the speaker has, listed, is what each record a log keeps is of ("j'ai des tomates, courgettes et
  // fraises … noter combien je récolte").
  const had = found.has("log") ? hadValues(tokens, language, content) : undefined;
  if (had && !range(had.span).some((i) => inFields.has(i))) offer(had);
  // An amount equal to another ("1 € = $1.08") states a rate.
  const rate = tokens.some((t) => t.norm === "=");
  // (A menu of the week or of the day is what goes to each day: a timetable, not a price list.)
  const catalogs = found.get("catalog") ?? [];
  const plan = planOfPeriod(
    catalogs.map((o) => tokenSpan(tokens, o)),
    ctx.quantities.map((q) => ({ q, span: at(q) })),
  );
  if (plan) {
    const left = catalogs.filter((o) => !overlaps(tokenSpan(tokens, o), plan.cue));
    if (left.length) found.set("catalog", left);
    else found.delete("catalog");
    add("schedule", plan.span);
    named.set("schedule", plan.cue);
  }
  // A plan no plan's noun names (what to do each month, a trip's stages by day, sessions at a weekday and
  // hour, a week set out day by day where no figure is asked) is a timetable, which holds the clause's periods
  // and recurrences.
  const placed = ctx.quantities.map((q) => ({ q, span: at(q) }));
  const planned: { span: Span; subject?: Span } | undefined = found.has("schedule")
    ? undefined
    : plannedAt(tokens, stems, language, placed, content) ??
      (found.has("aggregate") ? undefined : byDayAt(tokens, language, placed));
  if (planned) {
    add("schedule", planned.span);
    if (planned.subject) named.set("schedule", planned.subject);
  }
  // (So many times a period the speaker sets out to do is a goal of that many records, `times-per-period.ts`.)
  const times = found.has("goal") || found.has("reminder") || found.has("schedule")
    ? undefined
    : timesTarget(tokens, placed, language);
  if (times) add("goal", times);
  // (Where a figure's period is: it qualifies the figure before it, never opens one.)
  const periodAt = new Set<number>();
  // (An amount of an activity per period, "drink 8 glasses of water a day", is a target: `per-period.ts`.)
  const perPeriod = found.has("list") || found.has("people")
    ? new Map<Quantity, PerPeriod>()
    : targetsPerPeriod(tokens, placed, content, language);
  for (const q of ctx.quantities) {
    // The current period ("this year", "quest'anno", "diese Woche") with no figure asked or seen in its clause
    // says when the records are ("who I sent cards to this year"), not a figure over them.
    const when = q.kind === "period" && CURRENT[language].has(tokens[at(q).from]?.norm ?? "") &&
      !found.has("aggregate") && !figure.seeing.length;
    const kept = !found.has("log") && !found.has("list");
    // What the speaker does in a relative clause, of a noun or of none ("the hours I babysit every week", "los
    // kilómetros que corro cada mes", "lo que gasto cada semana"), not a habit told as the story around the
    // request ("je fais du covoiturage tous les jours").
    const doer = speakerBefore(tokens, at(q).from, language);
    const records = doer >= 0 ? nounBefore(tokens, doer, content) : undefined;
    const relative = records !== undefined ||
      (doer > 0 && RELATIVE_SPEAKER[language].relative.has(tokens[doer - 1].norm));
    // (A day where nothing is asked, `standing.ts`, is when something is, no timetable, and a time of day in a
    // clause that says why no reminder: "she swims on fridays", "because the vet said at 8".)
    const told =
      (q.kind === "weekday" && unasked(ctx.prompt, tokens, { key: q.kind, ...at(q) }, cued, language)) ||
      (q.kind === "time" && why(tokens, { key: q.kind, ...at(q) }, language));
    for (
      const type of askedBy(
        q,
        ctx.quantities,
        (t) => found.has(t),
        rate,
        habit,
        relative,
        ownDay(q),
        perPeriod.has(q),
      )
    ) {
      if (told && (type === "reminder" || type === "schedule")) continue;
      if (
        type !== "aggregate" ||
        (!when && !(q.kind === "period" && numberedBefore(tokens, at(q).from, language)))
      ) {
        add(type, at(q));
      }
      // (A target's records are the things its amount counts, "pages", not the verb of doing it, "read".)
      const thing = type === "goal" ? perPeriod.get(q)?.thing : undefined;
      if (thing) {
        for (const kept of ["goal", "log"] as const) if (!named.has(kept)) named.set(kept, thing);
      }
      const placed = offsetsOf(tokens, at(q));
      if (type === "aggregate" && placed) periodAt.add(placed.start);
      // Those records are a log, which one the prompt keeps elsewhere holds, and a unit names an amount of
      // them to add up.
      if (type !== "log" || !kept || !oncePer(q)) continue;
      implied.add("log");
      if (!records) continue;
      named.set("log", records);
      const field = amountNamed(tokens[records.to - 1], language);
      if (field) {
        measured.set("log", field);
        totals.set("aggregate", field);
        totalAt = q.start;
      }
    }
  }
  // What happens after each or at every time ("after each practice", "dopo ogni allenamento", "après chaque
  // séance", "después de cada partido", "bei jeder Durchsicht") comes again and again: a log of it.
  for (const [i] of tokens.entries()) {
    const p = phraseFrom(tokens, i, AFTER_EACH[language]);
    const event = { from: i + (p?.length ?? 0), to: i + (p?.length ?? 0) + 1 };
    if (!p || !content(event.from) || found.has("log")) continue;
    add("log", { from: i, to: event.to });
    named.set("log", event);
  }
  // What is done every time ("apuntar cada vez que doy de comer a los peces", "noter chaque fois qu'il fait
  // une crise") is a log of that event, named by the noun phrase its words end on.
  // (Cues of the types given that end right before a word, across a comma, or that cover it.)
  const cueBefore = (types: AskType[], i: number) =>
    [...native, ...english].some((m) =>
      types.includes(m.key as AskType) && (m.to === i || (m.to === i - 1 && tokens[i - 1].norm === ","))
    );
  const cueOn = (types: AskType[], i: number) =>
    [...native, ...english].some((m) => types.includes(m.key as AskType) && m.from <= i && i < m.to);
  const event = everyTimeAt(tokens, content, language, (i) => cueBefore(["log"], i));
  if (event) {
    add("log", event.quote);
    if (event.subject && !named.has("log")) named.set("log", event.subject);
  }
  // (Its records are those acts, even of things a concept lists: "riego el huerto" keeps waterings; so are
  // those of who did what, below.)
  const acts = event?.subject !== undefined && named.get("log") === event.subject;
  // A thing named, then how often it comes round, in a clause that keeps, reminds of or adds up nothing else
  // ("the mileage every month", "il peso ogni settimana", "son poids chaque mois"), or how often and then
  // what is done, to the clause's end ("…, jeden Abend Kalorien zählen"), is noted that often: a log of it.
  // Either opens its clause or comes after a comma; what is named in a longer phrase is not.
  const keeps = (["log", "list", "reminder", "schedule", "timer", "aggregate"] as const).some((t) =>
    found.has(t)
  );
  const held = (i: number) =>
    [...found.values()].flat().some((o) => o.start <= tokens[i].start && tokens[i].end <= o.end);
  const free = (i: number) => content(i) && !held(i);
  const opens = (i: number) => {
    while (i > 0 && tokens[i - 1].norm !== "," && !content(i - 1)) i--;
    return i === 0 || tokens[i - 1].norm === ",";
  };
  for (
    const q of keeps
      ? []
      : ctx.quantities.filter((q) => everyPeriod(q) && clause.start <= q.start && q.end <= clause.end)
  ) {
    const span = at(q);
    const before = free(span.from - 1) ? runFrom(span.from - 1, free) : undefined;
    const after = free(span.to) ? runTo(span.to, free) : undefined;
    // (What opens with an infinitive is a task to do, "tomar vitaminas cada mañana", no reading.)
    const thing = before !== undefined && opens(before) && !INFINITIVE[language]?.test(tokens[before].norm)
      ? { from: before, to: span.from }
      : after === tokens.length && opens(span.from)
      ? { from: span.to, to: after }
      : undefined;
    if (!thing) continue;
    add("log", { from: Math.min(thing.from, span.from), to: Math.max(thing.to, span.to) });
    named.set("log", thing);
    break;
  }
  // Which records rank first ("which product sells most", "qué producto se vendió más") asks a figure.
  const ranked = rankedAt(tokens, content, language) ?? figuresNamed.ranked;
  if (ranked) add("aggregate", ranked.quote);
  // A figure compared with the period before, or period after period, is a figure over that period.
  const compared = comparedPeriods(tokens, language);
  for (const c of compared) add("aggregate", c);
  // A figure of what the speaker does ("how much I spend", "combien je dépense", "wie viel ich ausgebe",
  // "cuánto me gasto") is over events they keep: a log of them, unless the clause keeps records already.
  for (const m of counted) {
    // How many hours or kilometres ("quante ore ho dormito", "combien d'heures", "how many km did I run")
    // adds that amount up.
    const unit = tokens[stop.has(tokens[m.to]?.norm ?? "") ? m.to + 1 : m.to];
    // One with no noun of its own, a pronoun or the speaker's verb after it ("wie viele es sind", "quanti ne
    // faccio", "cuántos llevo": a plural noun never ends as that verb does), is of the noun it refers back to,
    // the nearest before it in the prompt: a unit's ("Datum und Stunden, … wie viele es sind") too.
    const next = tokens[m.to]?.norm ?? "";
    const verb = DOER[language].has(next) || RELATIVE_SPEAKER[language].endings.some((e) => next.endsWith(e));
    const antecedent = content(m.to) && !verb ? undefined : words(ctx.prompt.slice(0, tokens[m.from].start))
      .filter((t) => t.kind === "word" && !stop.has(t.norm) && !VERBS[language].has(t.norm)).at(-1);
    const field = (unit && amountNamed(unit, language)) ?? (antecedent && amountNamed(antecedent, language));
    if (field) {
      totals.set("aggregate", field);
      totalAt = tokens[m.from].start;
    }
    let i = m.to;
    while (i < m.to + DOER_WINDOW && tokens[i]?.kind === "word" && !DOER[language].has(tokens[i].norm)) i++;
    // (The log's words end with the speaker's pronoun or auxiliary, or before their verb: what they do is the
    // log's subject, or the noun counted before that verb, unless it counts times: "quanti caffè bevo".)
    const doer = DOER[language].has(tokens[i]?.norm ?? "");
    const to = doer ? i + 1 : speakerVerbAfter(tokens, m.to, language, content);
    if (to > m.from && !found.has("log") && !found.has("list")) {
      add("log", { from: m.from, to });
      implied.add("log");
      if (!doer && to > m.to && !TIMES[language].has(tokens[m.to].norm)) named.set("log", { from: m.to, to });
    }
  }
  // A figure's cue names what it computes by the unit or the field beside it ("average km per ride", "il
  // totale delle pagine", "la moyenne des mètres", "chilometri totali", "mon record de distance").
  for (const m of totals.has("aggregate") ? [] : computingCues) {
    const field = figuresNamed.money(m) ??
      figureAmount(tokens, m, content, [...ctx.quantities, ...itemPeriods], language);
    if (!field) continue;
    totals.set("aggregate", field);
    totalAt = tokens[m.from].start;
    break;
  }
  const limits = limitsOf(tokens, stems, ctx.quantities, content, language);
  // What happens each time the speaker does something, which the app is for ("for when I feed the baby",
  // "pour quand je fais du sport"), is a log of it, unless the clause asks to be reminded of it or limits it.
  const whenever = found.has("reminder") || found.has("goal") || found.has("log") || limits.length
    ? undefined
    : wheneverAt(tokens, content, language);
  if (whenever) {
    add("log", whenever.quote);
    named.set("log", whenever.subject);
  }
  // A budget ("a monthly budget of 1200 €", "presupuesto 800 euros", "Monatsbudget") is a sum not to pass.
  const budgets = matchCues(
    stems,
    BUDGETS[language],
    language === "de" ? tokens.map((t) => t.norm) : undefined,
  )
    .map((m) => tokens[m.from].start);
  // (The intent before a limit, "quiero bajar a menos de 5", is the limit's words, never a change.)
  const intended = !found.has("goal");
  for (const limit of limits) {
    add("goal", limit.cue);
    add("goal", limit.amount);
  }
  const deadline = deadlineOf(tokens, ctx.quantities, language);
  const wanted = !intended
    ? undefined
    : wantedAmount(tokens, stems, ctx.quantities, cued, language, deadline !== undefined);
  if (wanted) add("goal", wanted.span);
  // A small group counted ("my 3 kids", "drei Mitarbeiterinnen", "somos 6", "2 à 6 joueurs") shares the app.
  const persons = matchCues(
    stems,
    PERSONS[language],
    language === "de" ? tokens.map((t) => t.norm) : undefined,
  );
  // (The speaker's group counted with no noun, "we are 4", "4 of us", is theirs too.)
  const ours: Span[] = [];
  for (const q of ctx.quantities) {
    const n = q.kind === "number" ? q.value : q.kind === "range" ? q.to : 0;
    const span = at(q);
    if (n < 2 || n > GROUP || span.to <= span.from) continue;
    const who = persons.find((m) => m.from === span.to || (m.from === span.to + 1 && !content(span.to)));
    const we = WE_ARE[language].find((p) => phraseAt(tokens, span.from - p.length, p));
    const ofUs = phraseFrom(tokens, span.to, OF_US[language]);
    if (who) {
      // "we are three flatmates" quotes the "we are", which counts the speaker in.
      add("people", { from: we ? span.from - we.length : span.from, to: who.to });
      if (!named.has("people")) named.set("people", who);
    } else if (we || ofUs) {
      ours.push({ from: span.from - (we?.length ?? 0), to: span.to + (ofUs?.length ?? 0) });
      add("people", ours[ours.length - 1]);
    }
  }
  // Things counted that are the speaker's or that a concept keeps ("12 Zimmerpflanzen", "mis dos coches") are a
  // list of them, unless the number is a goal's, a dose or a slot a reminder or a schedule says ("2 pills at 8")
  // or the clause lists records already.
  if (!["list", "goal", "reminder", "schedule"].some((type) => found.has(type as AskType))) {
    for (const q of ctx.quantities) {
      const span = at(q);
      const noun = span.to;
      if (q.kind !== "number" || q.value < 2 || span.to <= span.from || !content(noun)) continue;
      if (persons.some((m) => m.from === noun) || measureWord(tokens[noun].norm)) continue;
      // (The speaker's own, said with a possessive, a verb of theirs or what they have: "my 3 cars", "we have
      // 2 dogs", "tengo tres gatas", the verb right before the number where its pronoun is dropped.)
      const having = ROLES[language].some((p) => phraseAt(tokens, span.from - p.length, p));
      const own = DETERMINERS[language].has(tokens[span.from - 1]?.norm ?? "") ||
        speakerBefore(tokens, span.from, language) >= 0 || ofRole(tokens, span.from, language) || having;
      if (!own && !findConcepts(tokens[noun].text, language).length) continue;
      add("list", { from: span.from, to: noun + 1 });
      named.set("list", { from: noun, to: noun + 1 });
      break;
    }
  }
  // What a figure or a chart is broken down by is the records' category ("count my sends per grade", "il
  // totale per ogni tipo", "le total des devis par pièce", "ver las horas de cada asignatura", "Stunden pro
  // Baustelle"), unless it is a time, a unit, a person (a board's or a split's) or what an amount is paid
  // for ("$20 per game"), or the words of a sort or a search ("sorted by date").
  // Records kept for each of a kind are grouped by it as well, though no figure asks ("log my reading time for
  // each subject").
  const figures = [...(found.get("aggregate") ?? []), ...(found.get("chart") ?? [])];
  const kindWord = kindNoun(tokens, language, content, persons);
  // (Where no board nor split shares the records among persons, a figure is broken down by the persons it is
  // per as by any kind: "total hours per client", "le total d'heures par famille".)
  const shared = found.has("people") || found.has("split") || cued.some((m) => m.key === "split");
  const figureBy = shared ? kindWord : kindNoun(tokens, language, content, []);
  const grouping =
    (figures.length
      ? groupedBy(tokens, language, figureBy, found, Math.min(...figures.map((o) => tokenSpan(tokens, o).to)))
      : undefined) ?? eachKind(tokens, language, content, kindWord, keeping);
  // (A word of categories it breaks down by, "the total per category", is that breakdown, no ask of its own;
  // a cue that holds the word of breakdown, "par pièce", "by room", stays one.)
  const byCategory = (o: Offsets) =>
    grouping !== undefined && overlaps(tokenSpan(tokens, o), grouping.by) &&
    tokenSpan(tokens, o).from >= grouping.by.from;
  // (Persons it is per are no categories of the records, but what the figure is per: `per`.)
  const perPerson = grouping !== undefined && !shared &&
    persons.some((m) => m.from <= grouping.by.from && grouping.by.from < m.to);
  const breakdown = grouping !== undefined && !perPerson && (found.get("categories") ?? []).every(byCategory);
  if (breakdown) {
    found.delete("categories");
    add("categories", grouping.span);
    named.set("categories", grouping.by);
  }
  // A group named without a number is people too: each of them ("each kid", "per ogni alunno", "chacun"),
  // the whole of it ("toute la famille", "die ganze Familie") or who does what, within a phrase
  // ("wer welche Schicht übernimmt"); once a clause, which may have counted them already.
  const group = GROUP_WORDS[language];
  const groupCues = matchCues(stems, group.phrases);
  const unnumbered: Span[] = [
    ...persons.filter((m) => group.each.has(tokens[m.from - 1]?.norm ?? "")).map((m) => ({
      from: m.from - 1,
      to: m.to,
    })),
    ...groupCues.filter((m) => m.key === "everyone"),
  ];
  for (const [i, t] of tokens.entries()) {
    const k = [i + 1, i + 2, i - 1].find((k) => group.collectives.has(tokens[k]?.norm ?? ""));
    const [from, to] = [Math.min(i, k ?? i), Math.max(i, k ?? i) + 1];
    if (
      group.whole.has(t.norm) && k !== undefined &&
      range({ from: from + 1, to: to - 1 }).every((j) => !content(j))
    ) {
      unnumbered.push({ from, to });
    }
  }
  const doing = whoDoesWhat(tokens, groupCues, language);
  unnumbered.push(...doing);
  // Who does something each day or week, on a weekday or this week or today ("qui fait quoi chaque semaine",
  // "wer kümmert sich diese Woche um den Hund"), in one phrase, asks whose turn it is when: a rota. The
  // question opens its phrase, across function words, or follows a verb of seeing or asking ("savoir qui");
  // after a noun it is a relative word ("the nurse who comes every Monday").
  const who = tokens.findIndex((t, i) => {
    if (!WHETHER[language].who.has(t.norm)) return false;
    let k = i - 1;
    while (k >= 0 && tokens[k].kind === "word" && !content(k)) k--;
    return k < 0 || tokens[k].kind === "mark" || VERBS[language].has(tokens[k].norm) ||
      figure.seeing.some((m) => m.to === k + 1);
  });
  const turnTime = who >= 0
    ? ctx.quantities.map(at).find((span, k) => {
      const q = ctx.quantities[k];
      const recurring = q.kind === "frequency" || q.kind === "weekday" ||
        (q.kind === "period" && ["day", "week"].includes(q.period) &&
          CURRENT[language].has(tokens[span.from]?.norm ?? ""));
      const between = span.from > who ? { from: who, to: span.from } : { from: span.to, to: who };
      return recurring && range(between).every((i) => tokens[i].kind === "word");
    })
    : undefined;
  // Who does which thing is a record of each time: a rota where the thing is a time or a shift ("wer welche
  // Schicht übernimmt", "who takes which week"), else a log of who did what to which thing, with when and,
  // for a loan, whether it came back ("which neighbour borrowed which tool and when").
  const assignment = assignedAt(tokens, stems, content, language);
  const turn = (i: number) =>
    CLOSED[language].has(tokens[i].norm) || DAY_PARTS[language].has(tokens[i].norm) ||
    ASSIGNED[language].turns.has(stems[i]) ||
    // (A German compound by its head: "Nachtschicht".)
    (language === "de" && [...ASSIGNED.de.turns].some((t) => stems[i].endsWith(t)));
  const rota = assignment && (turn(assignment.thing.from) || turnTime ||
    (found.get("schedule") ?? []).some((o) => overlaps(tokenSpan(tokens, o), assignment.thing)));
  // (A log or list asked elsewhere in the clause keeps its own records; one within the question is this.)
  const inQuestion = (o: Offsets) => assignment && overlaps(tokenSpan(tokens, o), assignment.quote);
  const kept = ["log", "list"].some((t) => (found.get(t as AskType) ?? []).some((o) => !inQuestion(o)));
  if (assignment && !kept) found.delete("list");
  if (assignment && rota) {
    if (!found.has("schedule")) {
      add("schedule", assignment.quote);
      named.set("schedule", assignment.thing);
    }
  } else if (assignment && !kept && !doing.length && assigns(assignment)) {
    add("people", assignment.quote);
  } else if (assignment && !kept) {
    add("log", assignment.quote);
    named.set("log", assignment.thing);
    const words = ASSIGNED[language];
    const person = assignment.person ? text(tokens, assignment.person) : words.person;
    assigned.push(
      ...(assignment.byWhom ? [{ name: person, type: "text" as const }] : []),
      { name: text(tokens, assignment.thing), type: "text" },
      ...(assignment.when ? [{ name: words.date, type: "date" as const }] : []),
      ...(assignment.loan ? [{ name: words.returned, type: "yesno" as const }] : []),
    );
  }
  // Where a cost is split, the names after "between" are those who share it ("entre Ana y Luis").
  const between = cued.some((m) => m.key === "split")
    ? new Set(tokens.flatMap((t, i) => BETWEEN[language].has(t.norm) ? [i] : []))
    : new Set<number>();
  const names = namedPersons(
    tokens,
    persons,
    SPEAKER[language],
    AND[language],
    stop,
    language === "de",
    between,
  );
  if (names) {
    unnumbered.push(names.span);
    const at = offsetsOf(tokens, names.span);
    if (at) crowd.set(`${at.start}:${at.end}`, { name: "person", type: "choice", options: names.names });
  }
  // (Persons named where a cue asked for the board already, "for my kids Tom and Lily with points", are its,
  // and the names are the persons of a group named otherwise too: "each roommate, Ana, Ben and Cal".)
  if (names) add("people", names.span);
  else if (unnumbered.length && !found.has("people")) add("people", unnumbered[0]);
  // (Turns or chores shared among persons are theirs to take, and a rota where the turns are of a task or
  // over a period; the group the speaker counts and the one asked who take them too.)
  const turns = turnsAmong(
    tokens,
    stems,
    language,
    [...(names ? [names.span] : []), ...persons],
    [...ours, ...(who >= 0 ? [{ from: who, to: who + 1 }] : [])],
    ctx.quantities.map((q) => ({ q, span: at(q) })),
  );
  // (An ask the turns' own words cued, "figli fanno a turno", is theirs, of their persons and their task.)
  const ownCue = (type: AskType) =>
    turns !== undefined && (found.get(type) ?? []).some((o) => {
      const s = tokenSpan(tokens, o);
      return s.from < turns.cue.to && turns.cue.from < s.to;
    });
  if (turns && !turns.ours && (!found.has("people") || ownCue("people"))) {
    if (!found.has("people")) add("people", turns.cue);
    if (turns.persons && !named.has("people")) named.set("people", turns.persons);
  }
  const among = sharedBetween(tokens, stems, language, persons);
  if (among && !found.has("people") && !found.has("split")) {
    add("people", among.quote);
    named.set("people", among.persons);
  }
  // (Who among a group or persons named does something asks for them: "unser Chor, wer kommt zur Probe".)
  const members = found.has("people") ? undefined : membersAsked(tokens, who, persons.length > 0, language);
  if (members) add("people", members);
  // (Whose turn it is, when, is a rota of the persons.)
  if (turnTime && !found.has("schedule")) {
    const rotaAt = { from: Math.min(who, turnTime.from), to: Math.max(who + 1, turnTime.to) };
    add("schedule", rotaAt);
    if (!found.has("people")) add("people", rotaAt);
  }
  // (A schedule the turns' own words cued, "se turnan", is the rota too, of its task.)
  const rotaCued = ownCue("schedule");
  if (turns?.rota && (!found.has("schedule") || rotaCued)) {
    if (!rotaCued) add("schedule", turns.cue);
    const of = turns.task ?? (rotaCued ? undefined : turns.of);
    if (of) named.set("schedule", of);
  }
  // People whose every cue is a noun for persons, a group word or a name only name them ("each child",
  // "ognuno di noi", "2 à 6 joueurs"); a cue of points, turns or tasks gives them something.
  const doers = new Set(doing.flatMap(range));
  const naming = new Set([...persons, ...unnumbered].flatMap(range).filter((i) => !doers.has(i)));
  const mention = (found.get("people") ?? []).every((o) => {
    const at = range(tokenSpan(tokens, o));
    return at.some((i) => naming.has(i)) && at.every((i) => naming.has(i) || !content(i));
  });
  // Whether something happened, asked as such, is a tick: "if" then, across function words only, an
  // auxiliary ("si j'ai pris", "se l'ho pagata", "si ya ha pagado"), or a word then "or not" ("payé ou pas"),
  // or who did and who did not ("quién ha pagado y quién no", "wer kommt und wer nicht"). Each names the
  // field it ticks: the content words it asks about.
  const whether = WHETHER[language];
  // A past participle, as written (accents tell "donné" from "donne").
  const participle = (i: number) =>
    tokens[i]?.kind === "word" && whether.participle.test(tokens[i].text.toLowerCase());
  // Where what a tick asks was done starts with its verb ("if I fed the cat"), or the verb that asks the
  // question comes right before it ("know if", "savoir si", "wissen, ob"), the records kept beside the tick
  // are of what follows: the noun after that verb, or after "if" when the verb comes last, as in German.
  const doneVerbs = new Set<number>();
  const questionOf = new Map<number, number>();
  const asking = matchCues(stems, SEE[language]);
  const tick = (
    where: Span,
    about: Span,
    verb = participle(about.from) ? about.from : undefined,
    called?: string,
  ) => {
    if (verb !== undefined) doneVerbs.add(verb);
    const by = asking.find((m) =>
      [where.from, about.from - 1].some((at) =>
        m.to === at || (m.to + 1 === at && tokens[m.to].kind === "mark")
      )
    );
    if (by) questionOf.set(by.from, verb ?? about.from - 1);
    add("yesno", where);
    const name = contentRun(
      tokens,
      about,
      content,
      (k) =>
        // (An accented word that folds into "and", Italian "è", is none.)
        (AND[language].has(tokens[k].norm) && tokens[k].text.toLowerCase() === tokens[k].norm) ||
        whether.if.has(tokens[k].norm) ||
        whether.who.has(tokens[k].norm),
    );
    const at = offsetsOf(tokens, where);
    // (The speaker's simple past names it as its participle: "si ya regué" ticks "regado".)
    const said = tokens[verb ?? -1]?.text ?? "";
    const past = verb === about.from && !participle(verb) &&
      whether.past.find(([from]) => said.toLowerCase().endsWith(from));
    const state = called ??
      (past && name ? said.slice(0, -past[0].length) + past[1] + name.slice(said.length) : name);
    if (state && at) ticks.set(`${at.start}:${at.end}`, { name: state, type: "yesno" });
  };
  for (const [i, t] of tokens.entries()) {
    if (whether.if.has(t.norm)) {
      let k = i + 1;
      while (
        k < i + 4 && tokens[k]?.kind === "word" && !whether.done.has(tokens[k].norm) &&
        (!content(k) || whether.already.has(tokens[k].norm))
      ) k++;
      const before = range({ from: i + 1, to: k }).map((j) => tokens[j].norm);
      // What was done right after "already" in any form ("si ya saqué la basura"), or after the speaker in a
      // past without an auxiliary ("if I locked the door", "whether we paid").
      const past = content(k) && (before.some((w) => whether.already.has(w)) ||
        (participle(k) && before.some((w) => SPEAKER[language].has(w) || THIRD_PERSON[language].has(w))));
      // Or a bare participle right after a tick's cue or a verb of marking: the state it ticks ("tick if
      // bought", "marcando si comprado", "cocher si payé", "abhaken, ob erledigt"), the cue's own tick.
      const cue = (found.get("yesno") ?? []).findIndex((o) => tokenSpan(tokens, o).to === i);
      const bare = k === i + 1 && participle(k) && content(k) &&
        (cue >= 0 || whether.mark.has(stems[i - 1] ?? ""));
      // (Not an amount compared after it, a condition: "if it's more than 25 mm in a week, remind me".)
      const compared = range({ from: k + 1, to: k + 4 }).some((j) => tokens[j]?.kind === "number");
      if (whether.done.has(tokens[k]?.norm ?? "")) {
        if (!compared) tick({ from: i, to: k + 1 }, { from: k + 1, to: k + 6 });
      } else if (past) tick({ from: i, to: k }, { from: k, to: k + 6 }, k);
      else if (bare) {
        const [by] = cue >= 0 ? found.get("yesno")!.splice(cue, 1) : [];
        tick({ from: by ? tokenSpan(tokens, by).from : i - 1, to: k + 1 }, { from: k, to: k + 1 }, k);
      } else {
        // A subject between ("si le médicament de secours a été donné"): then only with what was done.
        while (k < i + 7 && tokens[k]?.kind === "word" && !whether.done.has(tokens[k].norm)) k++;
        let p = k + 1;
        while (p < k + 3 && stop.has(tokens[p]?.norm ?? "") && !participle(p)) p++;
        // An auxiliary's own participle ("è stato ritirato", "a été donné") leads to what was done.
        if (stop.has(tokens[p]?.norm ?? "") && participle(p + 1)) p++;
        if (whether.done.has(tokens[k]?.norm ?? "") && participle(p) && content(p)) {
          // (Its place is what was done: the subject stays the records' own.)
          tick({ from: k, to: p + 1 }, { from: i + 1, to: p + 1 });
        } else if (
          language === "de" && whether.done.has(tokens[k]?.norm ?? "") && k - 1 > i && participle(k - 1) &&
          content(k - 1)
        ) {
          // (Or the participle right before its auxiliary, as German puts it: "ob ich die Blumen gegossen habe".)
          tick({ from: k - 1, to: k + 1 }, { from: i + 1, to: k }, k - 1);
        }
      }
    }
    // Marking a record as a state ("segnare ogni libro come restituito", German "als bezahlt markieren").
    if (whether.mark.has(stems[i])) {
      const as = language === "de"
        ? [i - 2, i - 3, i - 4].find((j) => whether.as.has(tokens[j]?.norm ?? "") && j + 1 < i)
        : [i + 1, i + 2, i + 3, i + 4].find((j) => whether.as.has(tokens[j]?.norm ?? ""));
      const state = as !== undefined && range({ from: Math.min(i, as), to: Math.max(i, as) }).every((j) =>
        tokens[j].kind === "word"
      ) && content(as + 1);
      // (States offered after it are a choice of them: "mark each as shipped, delivered or returned".)
      const offered = as !== undefined && marked.some((m) => m.states.from === as + 1);
      if (state && !offered) {
        tick({ from: Math.min(i, as), to: Math.max(i + 1, as + 2) }, { from: as + 1, to: as + 2 });
      } else if (language !== "de" && !offered && !OPENERS[language].has(tokens[i - 1]?.norm ?? "")) {
        // (Not a noun an article opens: "une note de difficulté".)
        // Or, with no "as", a past participle right after its object of a word or two that ends the phrase
        // (before a mark, "and" or "when": "mark them adopted when they go", "marcar la factura pagada",
        // "segnare il libro restituito"): not one a determiner or "each" opens ("mark each kitten"), nor
        // what was done after an auxiliary or a relative word ("apuntar lo que he comido"), nor how
        // ("paid by cash or card").
        const p = [i + 2, i + 3].find((k) => participle(k) && content(k));
        const object = p === undefined ? [] : range({ from: i + 1, to: p });
        const plain = object.every((k) =>
          tokens[k].kind === "word" && !whether.done.has(tokens[k].norm) && !whether.if.has(tokens[k].norm) &&
          !RELATIVE_SPEAKER[language].relative.has(tokens[k].norm)
        );
        const before = tokens[(p ?? 0) - 1]?.norm ?? "";
        const opened = OPENERS[language].has(before) || GROUP_WORDS[language].each.has(before);
        const after = tokens[(p ?? 0) + 1];
        const ends = after?.kind !== "word" || AND[language].has(after.norm) ||
          WHENEVER[language].has(after.norm);
        if (p !== undefined && plain && !opened && ends) {
          tick({ from: i, to: p + 1 }, { from: p, to: p + 1 });
        }
      }
    }
    // A question of what was done, its past participle among its first words after an auxiliary or the
    // speaker ("ho preso la pillola?", "ai-je pris mon cachet ?", "¿me he tomado la pastilla?", "hab ich die
    // Tablette genommen?", "have I taken my pill?"), is a tick of it.
    if (i === 0 && ctx.prompt.slice(clause.end).trimStart().startsWith("?")) {
      const p = range({ from: 0, to: Math.min(tokens.length, 7) }).find((k) => participle(k) && content(k));
      const said = p !== undefined &&
        range({ from: 0, to: p }).some((k) =>
          whether.done.has(tokens[k].norm) || whether.has.has(tokens[k].norm) ||
          SPEAKER[language].has(tokens[k].norm)
        );
      if (said) tick({ from: 0, to: tokens.length }, { from: p, to: p + 1 });
      // (Or an auxiliary of what was done then the speaker, before the verb in any form: "did I lock the door?")
      else if (whether.done.has(t.norm) && SPEAKER[language].has(tokens[1]?.norm ?? "") && content(2)) {
        tick({ from: 0, to: tokens.length }, { from: 2, to: 3 }, 2);
      }
    }
    // A verb of ticking then "when" and what is then the case ("tick when it's done", "ankreuzen wenn
    // angekommen", "marcar cuando están hechas"): the participle, across function words and auxiliaries.
    if (whether.mark.has(stems[i]) && WHENEVER[language].has(tokens[i + 1]?.norm ?? "")) {
      const p = [i + 2, i + 3, i + 4].find((k) => participle(k) && content(k));
      const between = p === undefined ? [] : range({ from: i + 2, to: p });
      if (
        p !== undefined &&
        between.every((k) => tokens[k].kind === "word" && !content(k) || whether.done.has(tokens[k].norm))
      ) {
        tick({ from: i, to: p + 1 }, { from: p, to: p + 1 }, p);
      }
    }
    // A state right before "yes/no" or "yes or no" ("rsvp yes/no", "pagata sì/no", "bezahlt ja oder nein") is a tick of its
    // content words, where no "if" just before asks it already ("si je me suis réveillé oui/non").
    const yesNo = content(i) && whether.yes.has(tokens[i + 1]?.norm ?? "") &&
      (tokens[i + 2]?.text === "/" || OR[language].has(tokens[i + 2]?.norm ?? "")) &&
      tokens[i + 3]?.kind === "word" &&
      !range({ from: Math.max(0, i - 6), to: i }).some((k) => whether.if.has(tokens[k].norm));
    if (yesNo) {
      let from = i;
      while (from > 0 && content(from - 1)) from--;
      tick({ from, to: i + 4 }, { from, to: i + 1 });
    }
    const not = whether.orNot.find((p) => p.every((w, n) => tokens[i + 1 + n]?.norm === w));
    if (not && content(i)) tick({ from: i, to: i + 1 + not.length }, { from: i, to: i + 1 });
    // A state and its negation, joined by "and" or "or" ("safe and unsafe foods", "sicuri e non sicuri",
    // "payées ou impayées", "sicher oder unsicher") ask whether each record is in the first state.
    const negation = pairedState(tokens, i, language);
    if (negation && content(i)) tick({ from: i, to: negation + 1 }, { from: i, to: i + 1 });
    const ask = whether.who.has(t.norm) && AND[language].has(tokens[i - 1]?.norm ?? "") &&
      whether.no.has(tokens[i + 1]?.norm ?? "");
    const first = ask ? tokens.findLastIndex((w, k) => k < i - 1 && whether.who.has(w.norm)) : -1;
    if (first >= 0 && i - first < 10) tick({ from: first, to: i + 2 }, { from: first + 1, to: i - 1 });
  }
  // Who was there or sent something back (`who-ticks.ts`), and what the speaker still lacks of what they keep
  // (`missing-ticks.ts`), ask a tick of each record.
  const askedWho = ctx.followUp ? undefined : whoTick(tokens, language);
  const ticked = (span: Span) => {
    const at = offsetsOf(tokens, span);
    return at != null && (found.get("yesno") ?? []).some((o) => o.start < at.end && at.start < o.end);
  };
  if (askedWho && !ticked(askedWho.where)) {
    tick(
      askedWho.where,
      askedWho.about ?? askedWho.where,
      undefined,
      askedWho.about ? undefined : LEXICONS[language].whoTick.name,
    );
  }
  // Marking what is already done (`already-ticks.ts`): the tick of what was done, no log of it, and the verb of
  // marking is that tick's cue.
  const marking = (i: number) => whether.mark.has(stems[i]);
  const already = ctx.followUp ? undefined : alreadyTick(tokens, marking, language);
  if (already) {
    const at = offsetsOf(tokens, already.where)!;
    for (const type of ["yesno", "log"] as const) {
      const left = (found.get(type) ?? []).filter((o) => o.start < at.start || o.end > at.end);
      if (left.length) found.set(type, left);
      else if (found.delete(type)) named.delete(type);
    }
    tick(already.where, { from: already.done, to: already.done + 1 }, already.done);
  }
  const lacking = ctx.followUp ? undefined : missingTick(tokens, language);
  if (lacking && !(askedWho && askedWho.where.from < lacking.to && lacking.from < askedWho.where.to)) {
    tick(lacking, lacking, undefined, LEXICONS[language].missingTick.name);
    // (Its words are the tick's, no countdown or figure of what is left, and a verb of marking right before
    // them governs it, no log: "segna quelli che mi mancano", "mark the ones I'm missing".)
    const start = tokens[Math.max(0, lacking.from - MARKED_BEFORE)].start;
    const end = tokens[lacking.to - 1].end;
    for (const type of ["countdown", "aggregate", "log"] as const) {
      const left = (found.get(type) ?? []).filter((o) => o.start < start || o.end > end);
      if (left.length) found.set(type, left);
      else if (found.delete(type)) named.delete(type);
    }
  }
  // A quiz's cue right before the scale records are rated on ("a score out of 10", "puntuación de 1 a 10",
  // "un punteggio da 1 a 10") names that rating: no quiz.
  const scales = (found.get("rating") ?? []).map((o) => tokenSpan(tokens, o));
  const scored = (o: Offsets) => {
    const cue = tokenSpan(tokens, o);
    return scales.some((s) =>
      s.from >= cue.to && s.from - cue.to <= 1 &&
      range({ from: cue.to, to: s.from }).every((k) => tokens[k].kind === "word" && stop.has(tokens[k].norm))
    );
  };
  // A tick's cue of one word that names the records or a thing asks no tick (`unasked-ticks.ts`: "mes puzzles
  // terminés", "mi mejor marca"), outside a list's fields.
  const askedTicks = (found.get("yesno") ?? []).filter((o) => {
    const cue = tokenSpan(tokens, o);
    return cue.to - cue.from !== 1 || fieldTokens.has(cue.from) ||
      !unaskedTick(tokens, cue.from, content, (k) => whether.mark.has(stems[k]), language);
  });
  if (askedTicks.length) found.set("yesno", askedTicks);
  else found.delete("yesno");
  // A rating's cue that is a price or stars given as a reward is no score (`unrated.ts`).
  const scores = (found.get("rating") ?? []).filter((o) => !unrated(tokens, tokenSpan(tokens, o), language));
  if (scores.length) found.set("rating", scores);
  else if (found.delete("rating")) named.delete("rating");
  const quizzes = (found.get("quiz") ?? []).filter((o) => !scored(o));
  if (quizzes.length) found.set("quiz", quizzes);
  else if (found.delete("quiz")) named.delete("quiz");
  offeredNoTick(found, ticks, tokens, fields, language);
  // (A question of whether that alternatives answer asks no tick: "si fueron desayuno, almuerzo o cena".)
  const amongChoices = (o: Offsets) => offeredChoices.some((c) => overlaps(tokenSpan(tokens, o), c));
  const untouched = (found.get("yesno") ?? []).filter((o) => !amongChoices(o));
  if (untouched.length) found.set("yesno", untouched);
  else found.delete("yesno");
  for (const key of ticks.keys()) {
    const [start, end] = key.split(":").map(Number);
    if (amongChoices({ start, end })) ticks.delete(key);
  }
  if (ctx.followUp) keepChanges(found, tokens, content);
  // Things the speaker wants, lacks or has still to do, with no occurrence in the clause, are a list of them:
  // no log, countdown, plan or figure of the words that say so ("cromos que me faltan", "les films à voir").
  // (A field is no records: "capo, lavoro da fare, data".)
  const things = occurs(tokens, ctx.quantities, language)
    ? undefined
    : wantedAt(tokens, (i) => content(i) && !fieldTokens.has(i), (i) => cueOn(["log", "yesno"], i), language);
  if (things) keepWanted(found, named, things, tokens, add);
  // The fallback's quote is its subject: the words it keeps a list of, outside the other asks' cues.
  const cueTokens = new Set([...found.values()].flat().flatMap((o) => range(tokenSpan(tokens, o))));
  let thing = ctx.fallback && !found.has(ctx.fallback)
    ? subjectNear(
      tokens,
      { from: 0, to: 0 },
      content,
      cueTokens,
      false,
      OF[language],
      false,
      SELECTING[language],
    )
    : undefined;
  // (With no subject before it, the question's own.)
  const asked = thing
    ? questionOf.get(thing.from) ?? (doneVerbs.has(thing.from) ? thing.from : undefined)
    : ctx.fallback && [...questionOf.values()][0];
  if (asked !== undefined) {
    thing = subjectNear(tokens, { from: asked, to: asked + 1 }, content, cueTokens, true, OF[language]) ??
      thing;
  }
  // Something done again and again, named by what is done ("annaffiare le piante", "arroser les tomates",
  // "lawn mowing", "Blumen gießen"), is a log of it, not a list.
  // (A verb of keeping things governs the records, "salvare le ricette", "Rezepte speichern": no act.)
  const storedThings = thing && keepsThings(tokens, thing.from, language)
    ? storedObject(tokens, thing.from, language)
    : undefined;
  if (storedThings) {
    let to = storedThings.from + 1;
    while (to < storedThings.to && !cueTokens.has(to) && !fieldTokens.has(to)) to++;
    while (to > storedThings.from + 1 && !content(to - 1)) to--;
    thing = { from: storedThings.from, to };
  } else if (thing && thing.to - thing.from > 1 && storingAt(tokens, thing.to - 1, language)) thing.to--;
  const done = thing && ctx.fallback === "list" ? doneTo(tokens, thing, content, language) : undefined;
  // So is what a noun of those events names ("le poppate", "die Fütterungen", "refuels"), and a quantity
  // measured again and again, each reading of a date ("peso de mi tortuga", "kids height", "Blutdruck").
  const events = thing && ctx.fallback === "list" &&
    (namesEvents(text(tokens, thing), language) || namesReadings(tokens, thing, language));
  if (thing) {
    const type = done || events ? "log" : ctx.fallback!;
    named.set(type, done ?? thing);
    add(type, done ?? thing);
  }
  // A verb of rating or of ticking off, an infinitive or an imperative, that governs an object through an
  // article or an "each" word ("to rate the coffee shops", "voglio valutare le pizzerie", "tick off every
  // waterfall", "cocher chaque phare", in German before it: "die Cafés bewerten", "jede Burg abhaken") rates
  // or ticks records of that object: a list of them, when the clause keeps no other.
  const verbal = (cue: Span) =>
    cue.from === 0 || tokens[cue.from - 1].norm === TO[language] ||
    WANT[language].some((p) => phraseAt(tokens, cue.from - p.length, p));
  const objectOpens = (k: number) =>
    DETERMINERS[language].has(tokens[k]?.norm ?? "") || GROUP_WORDS[language].each.has(tokens[k]?.norm ?? "");
  const governing = [...(found.get("rating") ?? []), ...(found.get("yesno") ?? [])];
  for (const r of (found.has("list") || found.has("log") ? [] : governing)) {
    const cue = tokenSpan(tokens, r);
    // (Past a particle of the verb, no preposition: "tick off every".)
    if (content(cue.to) && objectOpens(cue.to + 1)) cue.to++;
    const after = verbal(cue) && objectOpens(cue.to);
    const object = after
      ? subjectNear(tokens, cue, content, cueTokens, true, OF[language], false, SELECTING[language])
      : language === "de"
      ? subjectNear(tokens, cue, content, cueTokens, false, [], true)
      : undefined;
    if (!object || (!after && !objectOpens(object.from - 1))) continue;
    named.set("list", object);
    add("list", object);
    break;
  }
  // In a list of fields, words like "price" or "players" name fields: only asks about the whole list stay.
  if (ctx.listItems) {
    // A colour the list names as its field ("Name, Rasse, Farbe") is the records', not the app's theme.
    const named = fieldList(tokens, language, true);
    const theme = (found.get("theme") ?? []).filter((o) =>
      !named.some((f) => f.start <= o.start && o.end <= f.end)
    );
    if (theme.length) found.set("theme", theme);
    else found.delete("theme");
    for (const type of found.keys()) {
      // (A split is over the costs the items list: "spese divise tra noi 4".)
      if (
        DERIVED.has(type as FieldType) || !(NO_SUBJECT.has(type) || OVER_LIST.has(type) || type === "split")
      ) {
        found.delete(type);
      }
    }
    // (Values each with its own amount stay a choice: "sizes: small $12, large $20".)
    valued.forEach(offer);
  }
  // Subjects are the words no cue, field or quantity took.
  // (Each place once: the times of one list share their place.)
  const places = new Map(
    [...found.values()].flat().concat(ctx.quantities).map((o) => [`${o.start}:${o.end}`, o]),
  );
  // (A part of the day is when, as a quantity is: "lo stretching della sera".)
  const taken = new Set([
    ...fieldTokens,
    ...[...places.values()].flatMap((o) => range(tokenSpan(tokens, o))),
    ...tokens.flatMap((t, i) => DAY_PARTS[language].has(t.norm) ? [i] : []),
  ]);

  // The fields belong to one ask: the owner whose cue is nearest before them (else the first owner).
  const firstField = fields[0]?.start ?? clause.end;
  const owners = [...found].filter(([t, spans]) => OWNERS.has(t) && spans.length)
    .map(([t, spans]): [AskType, number] => [t, spans[0].start]);
  const before = owners.filter(([, at]) => at <= firstField).sort((a, b) => b[1] - a[1]);
  const fieldOwner = (before[0] ?? owners[0])?.[0];

  // Each choice or photo in a place of its own is an ask of its own ("Zusage (ja, nein),
  // Essen (Fleisch, vegan)", "a photo of the box and a photo of the receipt"); places that overlap are one.
  // So is each tick of a phrase of its own ("si ha cenado, si se ha tomado las pastillas y si ha cerrado"),
  // while the cues of one phrase are one tick ("tick their task when done").
  const phrases = (a: number, b: number) =>
    words(ctx.prompt.slice(a, b)).some((t) => PHRASE_END.test(t.norm) || AND[language].has(t.norm));
  // What each place of a figure computes: a total or an average its cue names, a comparison, a ranking or
  // a count, and a question's own words, which stems blur ("quanto" and "quante", "wie viel" and "wie
  // viele"); a period computes nothing of its own.
  const computing = matchCues(stems, AGGREGATES[language]);
  const kindAt = (s: Offsets | Span | undefined, start: number) =>
    s !== undefined && ("start" in s ? s.start : tokens[s.from].start) === start;
  const figureKind = (start: number) => {
    // (A cue within a time expression, "sera" of "ogni sera" sharing the stem of "serie", is when.)
    const timed = ctx.quantities.some((q) => WHEN.has(q.kind) && q.start <= start && start < q.end);
    if (periodAt.has(start) || timed) return undefined;
    // (A figure named by its noun, "the takings", "le chiffre d'affaires", adds up money: no count.)
    const kind = computing.find((m) => kindAt(m, start))?.key ??
      (figuresNamed.totals.some((m) => kindAt(m, start)) ? "total" : undefined) ??
      (compared.some((c) => kindAt(c, start))
        ? "compared"
        : kindAt(ranked?.quote, start)
        ? "ranked"
        : "count");
    const question = counted.find((m) => kindAt(m, start));
    return question ? `${kind} ${range(question).map((i) => tokens[i].norm).join(" ")}` : kind;
  };
  // (So is each theme of a phrase of its own: "plus gros svp et des couleurs contrastées".)
  const groups = [...found].flatMap(([type, spans]): [AskType, Offsets[]][] =>
    type === "yesno" || type === "theme"
      ? apart(spans, phrases).map((g) => [type, g])
      : APART.has(type)
      ? apart(spans).map((g) => [type, g])
      : type === "aggregate"
      ? figuresOf(spans, phrases, figureKind).map((g) => [type, g])
      : [[type, spans]]
  );
  // Where each figure's words begin, so a figure keeps the periods and the cue of its own words.
  const figureStarts = groups.flatMap(([t, g]) => t === "aggregate" && g.length ? [g[0].start] : []);
  const ownFigure = (spans: Offsets[], at: number) => {
    if (figureStarts.length < 2) return true;
    const next = figureStarts.find((s) => s > spans[0].start) ?? Infinity;
    return spans[0].start <= at && at < next;
  };
  const asks: Ask[] = [];
  for (const [type, spans] of groups) {
    const cue = spans[0] ? tokenSpan(tokens, spans[0]) : { from: 0, to: tokens.length };
    // A timer's cues side by side are one name of the tool ("interval timer", "round timer").
    for (const next of type === "timer" ? spans.slice(1).map((o) => tokenSpan(tokens, o)) : []) {
      if (next.from === cue.to) cue.to = next.to;
    }
    // A countdown counts to what follows its word of "until" ("countdown to", "bis zu", "jusqu'à"): that
    // word is part of the cue, never its subject.
    const until = type === "countdown"
      ? DEADLINE[language].find((p) => p.every((w, k) => unelided(tokens[cue.to + k]?.norm ?? "") === w))
      : undefined;
    if (until) cue.to += until.length;
    // With no noun phrase beside it, a cue that is a noun ("bookings", "Buchungen") is its own subject; a verb
    // ("apuntar", "annaffiare") is not, nor a timer's, which names the tool and not what it times, nor a
    // field's that names a figure ("with stats"), which is of the records the clause keeps.
    const verb = VERBS[language].has(tokens[cue.from]?.norm) ||
      INFINITIVE[language]?.test(tokens[cue.from]?.norm) || limits.some((l) => l.cue.from === cue.from);
    const ownSubject = cue.to > cue.from && !verb && type !== "timer" && !figureCues.has(cue.from) &&
        content(cue.from)
      ? cue
      : undefined;
    const beside = NO_SUBJECT.has(type) ? undefined : type === "chart"
      // A chart's subject is the measure it is named after ("kids height chart"), not what follows it.
      ? subjectNear(tokens, { from: cue.from, to: cue.from }, content, taken, false, OF[language], true)
      : subjectNear(
        tokens,
        cue,
        content,
        taken,
        false,
        OF[language],
        false,
        SELECTING[language],
        language === "de",
      ) ??
        ownSubject;
    // (Not the records' owner, "tire pressure log for my bikes", nor what the speaker does; a person is whom
    // they are for, below.)
    const owned = beside && (type === "log" || type === "list") &&
        !persons.some((m) => m.from <= beside.from && beside.from < m.to)
      ? recordsBefore(
        tokens,
        cue,
        beside,
        (k) => content(k) && !taken.has(k),
        (s) => findConcepts(text(tokens, s), language).length > 0 || namesReadings(tokens, s, language),
        language,
      )
      : undefined;
    const near = named.get(type) ??
      (owned === undefined
        ? beside
        : subjectNear(tokens, { from: owned, to: owned }, content, taken, false, [], true));
    // A person the app is for ("a quiz for my daughter to practice times tables") is its user, not what it
    // keeps: the subject is the words after them, unless the ask is about people; before a verb that ends
    // the clause, the words before them ("die Stillzeiten und Windeln von unserem Sohn aufzuschreiben"),
    // from the first of an enumeration.
    // A person a reminder is for, followed within the run by what they are to do ("remind my grandmother to
    // take her pill", "ricorda a mia nonna di prendere la pastiglia"): the subject is what they are to do.
    let lead = near?.from ?? 0;
    while (near && lead < near.to && persons.some((m) => m.from <= lead && lead < m.to)) lead++;
    let todo = lead;
    while (near && todo < near.to && !content(todo)) todo++;
    const forWhom = near && type !== "people" && lead === near.to;
    const subject = near && type === "aggregate" && !ownFigure(spans, tokens[near.from].start)
      // (What another figure of the clause is of is not this one's subject.)
      ? undefined
      : near && type === "reminder" && lead > near.from && todo < near.to
      ? { from: todo, to: near.to }
      : forWhom
      ? subjectNear(tokens, { from: near.to, to: near.to }, content, taken, true, OF[language]) ??
        (near.to <= cue.from ? firstBefore(tokens, near, content, taken, language) : undefined) ?? near
      : near;
    const kinds = TAKES[type] ?? [];
    const qs = ctx.quantities.filter((q) =>
      kinds.includes(q.kind) && (type !== "aggregate" || ownFigure(spans, q.start))
    );
    // A figure's own period beside its cue ("the weekly total", "die monatliche Summe") comes first: it is
    // the figure's, whatever other period the clause says its records come in ("minutes per day").
    if (type === "aggregate") {
      qs.push(...adjectivePeriods(tokens, spans, ctx.quantities));
      // (Of the figure's words, not a period that alone asks it: "per day".)
      const worded = spans.filter((o) => !ctx.quantities.some((q) => q.start === o.start && q.end === o.end));
      qs.sort((a, b) => Number(besideCue(tokens, worded, b)) - Number(besideCue(tokens, worded, a)));
    }
    if (type === "goal") {
      qs.push(...adjectivePeriods(tokens, spans, ctx.quantities), ...countsPerPeriod(ctx.quantities));
      // (A target per a recurrence once a period, "20 minutes every day", is per that period.)
      const per = [...perPeriod.values()].map((p) => p.period);
      if (!qs.some((q) => q.kind === "period")) qs.push(...oncePeriods(per));
    }
    // A figure over records that come once a period ("the books I read each month") is over that period.
    // A figure among a `:` list's items is over the period it names there.
    if (type === "aggregate" && ctx.listItems) {
      qs.push(...itemPeriods.filter((q) => spans.length && ownFigure(spans, q.start)));
    }
    // A goal among a `:` list's items has the amount its own item states ("budget totale 18.000 €").
    if (type === "goal" && ctx.listItems) {
      const item = itemAround(tokens, cue);
      qs.push(
        ...(ctx.stated ?? []).filter((q) =>
          kinds.includes(q.kind) && item.start <= q.start && q.end <= item.end
        ),
      );
    }
    if (type === "aggregate" && !qs.length) qs.push(...oncePeriods(ctx.quantities));
    if (type === "aggregate" && !qs.length) {
      qs.push(
        ...compared.map((c): Quantity => ({
          kind: "period",
          period: c.period,
          text: text(tokens, c),
          ...offsetsOf(tokens, c)!,
        })),
      );
    }
    const own = type === fieldOwner || type === "add_field" || type === "remove_field" ? fields : [];
    // A theme's colours are the words joined to its cue ("black and gold", "bianca e blu marino").
    const colours = type === "theme"
      ? offsetsOf(tokens, joined(tokens, cue, content, language, THEME_TO[language]))
      : null;
    // The words right before a cue qualify it ("a shared shopping list", "weekly water tests"): they are
    // the ask's words too, never unmet.
    let qualifier = cue.from;
    while (qualifier > 0 && cue.from - qualifier < 2 && content(qualifier - 1) && !taken.has(qualifier - 1)) {
      qualifier--;
    }
    const before = offsetsOf(tokens, { from: qualifier, to: cue.from });
    const offsets = [
      ...spans,
      ...(before ? [before] : []),
      ...(colours ? [colours] : []),
      ...[subject ? offsetsOf(tokens, subject) : null].filter((o): o is Offsets => o !== null),
      ...own,
      ...qs,
      ...(type === "goal" && deadline ? [offsetsOf(tokens, deadline)!] : []),
      ...(type === "rename" && renamed ? [offsetsOf(tokens, renamed.to)!] : []),
    ];
    const start = offsets.length
      ? offsets.reduce((min, o) => Math.min(min, o.start), Infinity)
      : clause.start;
    const end = offsets.length ? offsets.reduce((max, o) => Math.max(max, o.end), 0) : clause.end;
    const ask: Ask = {
      type,
      quote: ctx.prompt.slice(start, end),
      start,
      end,
      fields: [
        ...own.map(unspan),
        ...(measured.has(type) ? [measured.get(type)!] : []),
        ...(type === "log" ? assigned : []),
        ...(type === fieldOwner ? listed : []),
        ...(type === "choice" || type === "categories"
          ? spans.flatMap((o) => options.get(`${o.start}:${o.end}`) ?? [])
          : []),
        ...(type === "yesno" ? spans.flatMap((o) => ticks.get(`${o.start}:${o.end}`) ?? []).slice(0, 1) : []),
        ...(type === "people"
          ? spans.flatMap((o) => crowd.get(`${o.start}:${o.end}`) ?? []).slice(0, 1)
          : []),
      ].map((f) => f.type === "yesno" ? { ...f, name: tickLabel(f.name, language) } : f),
      quantities: qs,
    };
    // An amount or a heap ("un mucchio di ricette") is what the records come in: they are what it holds.
    if (subject) {
      let held = amountHeld(tokens.map((t) => t.norm), subject.from, language);
      while (held < subject.to && !content(held)) held++;
      ask.subject = text(tokens, held < subject.to ? { from: held, to: subject.to } : subject);
    }
    // Records named by a noun of acts no concept knows ("pickups", "le salite", "las salidas",
    // "Einzahlungen") are kept as they happen: a log; and so are records asked how long or at what hour each
    // was ("sauna sessions, how long and how hot", "siestas, a qué hora y cuánto tiempo").
    const lasting = own.some((f) => questions.includes(f) && (f.type === "duration" || f.type === "time"));
    if (
      type === "list" && subject && !found.has("log") && (lasting || namesActs(tokens, subject, language))
    ) {
      ask.type = "log";
    }
    // Records a concept keeps as things, with nothing of an act (no date, time or duration, no amount
    // stated), are a list of them however the prompt speaks of keeping them ("keep track of my vinyl", "the
    // subscriptions I pay for monthly", "abos die ich jeden Monat zahle"): a figure over a period adds up the
    // things kept.
    const timed = ask.fields.some((f) => f.type === "date" || f.type === "time" || f.type === "duration");
    const act = done || acts || assigned.length || qs.length || timed;
    if (
      type === "log" && subject && !act && !found.has("list") &&
      keptThings(tokens, subject, spans, language)
    ) {
      ask.type = "list";
    }
    const budget = spans.some((o) => budgets.some((b) => o.start <= b && b < o.end));
    if (type === "goal" && (limits.length || budget)) ask.limit = true;
    if (type === "goal" && wanted?.change && !limits.length) ask.change = true;
    if (type === "goal" && qs.some((q) => perPeriod.has(q))) ask.perPeriod = true;
    if (type === "goal" && deadline) {
      ask.deadline = { text: text(tokens, deadline), ...offsetsOf(tokens, deadline)! };
    }
    if (implied.has(type)) ask.implied = true;
    if (type === "categories" && breakdown) ask.breakdown = true;
    if (type === "aggregate" && perPerson && grouping && !ask.ranked) ask.per = text(tokens, grouping.by);
    if (type === "people" && mention) ask.mention = true;
    if (type === "schedule" && turns?.task && named.get("schedule") === turns.task) ask.rota = true;
    // ("The list of the kids" and "the library books" name what they are of, so they are asked.)
    const namesAgain = (o: Offsets) => {
      const { from, to } = tokenSpan(tokens, o);
      const before = tokens[from - 1]?.norm ?? "";
      return (DETERMINERS[language].has(before) || group.each.has(before)) && !content(to) &&
        !OF[language].some((p) => phraseAt(tokens, to, p));
    };
    // (Records named with fields of their own beside others, "and the orders with date", are new records.)
    if (type === "list" && clause.records) ask.records = true;
    else if (type === "list" && spans.length && spans.every(namesAgain)) ask.mention = true;
    if ((type === "list" && eachListed) || type === keptAs) ask.each = true;
    if (type === "log" && (done || acts || assigned.length)) ask.done = true;
    // (A figure asked beside the ranking in the same words is built; the ranking alone is not.)
    const rank = ranked && offsetsOf(tokens, ranked.quote);
    // (The period of a ranking, "il migliore dell'anno", says over when it ranks.)
    const ranks = (o: Offsets) =>
      periodAt.has(o.start) || (rank && rank.start <= o.start && o.end <= rank.end);
    if (type === "aggregate" && rank && spans.every(ranks)) {
      // A period asked which of ("which month", "quale settimana") is the figure per that period, which its
      // chart ranks, whatever other period is said; else the ranking is per what it asks which of.
      const by = ranked.by && { words: text(tokens, ranked.by), at: offsetsOf(tokens, ranked.by)! };
      const period = by && RANK_PERIODS[language].get(fold(by.words));
      if (by && period) {
        ask.quantities = [
          ...ask.quantities.filter((x) => x.kind !== "period"),
          { kind: "period", period, text: by.words, ...by.at },
        ];
      } else {
        ask.ranked = true;
        if (by) ask.by = by.words;
        else if (ranked.who) ask.by = ASSIGNED[language].person;
      }
    }
    if (type === "schedule" && week.length > 1) {
      ask.slots = week.map(({ start: _s, end: _e, ...slot }) => slot);
    }
    // (The figure's own cue first: "quiero ver la media" of "lo que gasto" averages what "gasto" would add up.)
    const cues = type === "aggregate"
      ? computingCues.filter((m) => ownFigure(spans, tokens[m.from].start))
      : [];
    const computes = cues.find((m) =>
      spans.some((o) => o.start <= tokens[m.from].start && tokens[m.from].start < o.end)
    ) ??
      cues[0];
    const total = totals.has(type) && (type !== "aggregate" || ownFigure(spans, totalAt));
    if (computes) ask.computes = computes.key as Ask["computes"];
    else if (total) ask.computes = "total";
    if (total) ask.amount = totals.get(type);
    const times = timesOf(qs);
    if (times.length) ask.times = times;
    const spoken = type === "language" ? uiLanguage : type === "translate" ? languageNames[0] : undefined;
    if (spoken) ask.language = spoken.key as UiLanguage;
    if (type === "rename" && renamed) {
      ask.to = text(tokens, renamed.to);
      // (With no old words, the app is renamed.)
      if (!renamed.old) delete ask.subject;
    } else if (type === "rename" && subject) {
      const next = subjectNear(tokens, { from: subject.to, to: subject.to }, content, new Set(), true);
      if (next) ask.to = text(tokens, next);
    }
    asks.push(ask);
    // Each field a follow-up adds after "and" or a comma is added too ("add the court we played on and a
    // notes field").
    for (
      const other of type === "add_field" && ctx.followUp && subject
        ? addedAfter(tokens, subject, content, taken, language)
        : []
    ) {
      asks.push({
        type,
        quote: text(tokens, other),
        ...offsetsOf(tokens, other)!,
        subject: text(tokens, other),
        fields: [],
        quantities: [],
      });
    }
    if (subject && ENUMERATED.has(type)) {
      for (const other of enumerated(tokens, subject, content, taken, language)) {
        const where = offsetsOf(tokens, other)!;
        asks.push({
          type,
          quote: text(tokens, other),
          ...where,
          subject: text(tokens, other),
          fields: [],
          quantities: [],
        });
      }
    }
  }
  if (ctx.followUp) asks.push(...chartedFigures(asks, ctx.prompt, tokens, ctx.quantities, content, language));
  // A cue of translating that names no language and runs into another ask's cue is that ask's verb ("passe
  // en mode sombre", "switch to dark mode", "stell auf dunklen Modus um").
  const adjoins = (a: Ask, b: Ask) =>
    b.start >= a.end &&
    words(ctx.prompt.slice(a.end, b.start)).every((t) => t.kind !== "word" || stop.has(t.norm));
  return asks.filter((a) =>
    a.type !== "translate" || a.language || !asks.some((b) => b !== a && adjoins(a, b))
  );
}

/** The figures a follow-up's charts ask of the records the app keeps: a chart of what its words name per
 * period, after its cue in its phrase ("a chart of missed doses per week", "un grafico con i km di ogni
 * settimana"; not "den Verbrauch pro Monat als Balkendiagramm": the period comes before), charts that figure
 * over the period, unless an aggregate already holds it. */
function chartedFigures(
  asks: Ask[],
  prompt: string,
  tokens: readonly Token[],
  quantities: Quantity[],
  content: (i: number) => boolean,
  language: UiLanguage,
): Ask[] {
  return asks.filter((a) => a.type === "chart").flatMap((chart): Ask[] => {
    const period = quantities.find((q) => q.start >= chart.end && (q.kind === "period" || oncePer(q)));
    if (!period || asks.some((a) => a.type === "aggregate" && a.start < period.end && chart.end < a.end)) {
      return [];
    }
    const between = range({ from: tokenSpan(tokens, chart).to, to: tokenSpan(tokens, period).from });
    const phrase = between.every((i) => tokens[i].kind !== "mark" && !AND[language].has(tokens[i].norm));
    const named = between.filter(content);
    if (!phrase || !named.length) return [];
    const start = tokens[named[0]].start;
    const over: Quantity = period.kind === "period"
      ? period
      : { kind: "period", period: oncePer(period)!, text: period.text, start: period.start, end: period.end };
    // (The period is the figure's, not a reminder's of the clause.)
    for (const other of asks) other.quantities = other.quantities.filter((q) => q.start !== period.start);
    return [{
      type: "aggregate",
      quote: prompt.slice(start, period.end),
      start,
      end: period.end,
      subject: text(tokens, { from: named[0], to: named[named.length - 1] + 1 }),
      fields: [],
      quantities: [over],
      // (A measure per period is its total: "i km di ogni settimana".)
      ...(named.some((i) => measureOf(tokens[i].norm)) ? { computes: "total" as const } : {}),
    }];
  });
}

/** The figures an aggregate's places make: a place that computes another kind of figure (a total, an
 * average, a count, a comparison), after a mark or an "and", opens a figure of its own ("how much I earned and
 * how many hours", "weekly average fasting hours and a streak counter", "wie viele kommen, wie viel Geld"),
 * while a period qualifies the figure it is in. */
function figuresOf(
  spans: Offsets[],
  phrases: (end: number, start: number) => boolean,
  kindOf: (start: number) => string | undefined,
): Offsets[][] {
  const out: { kind?: string; spans: Offsets[] }[] = [];
  let end = -1;
  // (Where in the last figure a period after a mark or an "and" stands, which the figure of another kind right
  // after it opens with: ", et à la fin du mois le chiffre d'affaires", "and each month the takings".)
  let period: number | undefined;
  for (const o of [...spans].sort((a, b) => a.start - b.start)) {
    const kind = kindOf(o.start);
    const last = out[out.length - 1];
    const other = last !== undefined && o.start >= end && kind !== undefined && last.kind !== undefined &&
      kind !== last.kind;
    const apart = phrases(end, o.start);
    if (!last || (other && apart)) out.push({ kind, spans: [o] });
    else if (other && period !== undefined) out.push({ kind, spans: [...last.spans.splice(period), o] });
    else {
      last.spans.push(o);
      last.kind ??= kind;
      if (kind === undefined && apart && last.spans.length > 1) period ??= last.spans.length - 1;
    }
    if (kind !== undefined) period = undefined;
    end = Math.max(end, o.end);
  }
  // (A figure whose places lie outside the clause's words has no place.)
  return out.length ? out.map((g) => g.spans) : [spans];
}

/** The offsets of the comma-separated part of a clause a span lies in. */
function itemAround(tokens: readonly Token[], s: Span): Offsets {
  let [from, to] = [s.from, s.to];
  while (from > 0 && tokens[from - 1].norm !== ",") from--;
  while (to < tokens.length && tokens[to].norm !== ",") to++;
  return { start: tokens[from]?.start ?? 0, end: tokens[to - 1]?.end ?? 0 };
}

/** Whether a token lies in one of the quantities. */
const within = (t: Token, qs: Quantity[] = []) => qs.some((q) => q.start <= t.start && t.end <= q.end);

/** Whether the words of a `:` list's item are only a figure's cue and a period the items state ("con il
 * totale dell'anno", "y el total del año", "and the average of the week"): that figure over the records, no
 * field of each. */
function figureItem(
  tokens: readonly Token[],
  span: Span,
  periods: Quantity[] = [],
  language: UiLanguage,
  listed = false,
): boolean {
  const cue = matchCues(stemTokens(tokens, language), CUES[language].asks).filter((m) =>
    m.key === "aggregate"
  );
  const words = range(span).filter((i) =>
    tokens[i].kind === "word" && !CUES[language].stop.has(tokens[i].norm)
  );
  // (So is an item of a `:` list that is a best alone, which no record holds: "el más grande", "the longest".)
  const bests = matchCues(stemTokens(tokens, language), AGGREGATES[language]).filter((m) =>
    BESTS.has(m.key as NonNullable<Ask["computes"]>)
  );
  if (listed && words.length && words.every((i) => bests.some((m) => m.from <= i && i < m.to))) return true;
  return words.some((i) => within(tokens[i], periods)) &&
    words.every((i) =>
      within(tokens[i], periods) || cue.some((m) => m.from <= i && i < m.to) ||
      COUNTING[language].total.has(tokens[i].norm)
    );
}

/** Asks whose cues show a figure, as a verb of seeing does: what a question of how many after them asks
 * ("a chart of how much", "the total sales and how many", "a budget and how much is left"). */
const FIGURES = new Set<AskType>(["aggregate", "chart", "goal", "split"]);

/** What tells a question of how many from a field: where the clause's words of seeing a figure and its verbs
 * of noting are, where its periods start and where its words of each of a group are. */
interface Figure {
  seeing: CueMatch[];
  noting: CueMatch[];
  periods: number[];
  each: number[];
}

/** How many words after a question of how much a word of each of a group still makes it a figure per one. */
const EACH_WORDS = 4;

/**
 * Whether a question of how many or how much names a field of each record ("Brand, colour, how many grams
 * left", "date and how many litres", "eintragen, wer wie viele Flaschen mitgebracht hat") rather than asking
 * a figure over them ("see how many", "un grafico di quanto", "combien par semaine"): with no period after
 * it, the nearest of these before it is a verb of noting, a "with" or another item of its enumeration, not a
 * verb of seeing or knowing or a figure's cue; after another such question, it is what that one is ("wie
 * viele kommen, wie viel Geld schon da ist").
 */
function fieldQuestion(
  m: CueMatch,
  tokens: readonly Token[],
  stems: readonly string[],
  language: UiLanguage,
  figure: Figure,
): boolean {
  const question = (from: number) => QUESTIONS[language].has(stems[from]);
  if (!question(m.from) || figure.periods.some((p) => p >= m.to)) return false;
  // Asked of each of a group, across words only ("and how much each of us paid", "e quanto ha pagato
  // ciascuno", "et combien chacun a payé", "cuánto ha puesto cada uno", "wie viel jeder bezahlt hat"), it is a
  // figure per person or thing, which no one record holds.
  const each = figure.each.find((e) => e >= m.to && e - m.to < EACH_WORDS);
  if (each !== undefined && range({ from: m.to, to: each }).every((i) => tokens[i].kind === "word")) {
    return false;
  }
  const within = (spans: CueMatch[], i: number) => spans.find((s) => s.from <= i && i < s.to);
  let listed = false;
  for (let i = m.from - 1; i >= 0; i--) {
    const seen = within(figure.seeing, i);
    if (seen) return question(seen.from) && fieldQuestion(seen, tokens, stems, language, figure);
    if (within(figure.noting, i) || WITH[language].has(tokens[i].norm)) return true;
    if (AND[language].has(tokens[i].norm)) listed = true;
  }
  return listed;
}

/** The kinds of quantity a range runs between ("Montag bis Freitag", "9 to 5"), unlike a period. */
const RANGED = new Set<Quantity["kind"]>(["time", "weekday", "frequency", "date"]);

const AMOUNT_KINDS = new Set<Quantity["kind"]>(["money", "measure", "duration"]);

/** How many words a deadline runs to ("by the end of next August"). */
const DEADLINE_WORDS = 5;

/**
 * A deadline: its word and the words after it, up to a mark, a number, "and" or five words ("by next summer",
 * "entro Natale", "d'ici juin", "antes del verano", "bis Ostern").
 */
function deadlineOf(
  tokens: readonly Token[],
  quantities: Quantity[],
  language: UiLanguage,
): Span | undefined {
  const within = (i: number, kinds: Set<Quantity["kind"]>) =>
    quantities.some((q) => kinds.has(q.kind) && q.start <= tokens[i].start && tokens[i].end <= q.end);
  for (const [i] of tokens.entries()) {
    const p = DEADLINE[language].find((p) => p.every((w, k) => unelided(tokens[i + k]?.norm ?? "") === w));
    // After a number or a time it closes a range ("U1 bis U9", "jeden Montag bis Freitag"); after an amount
    // ("$4,000 by next summer") it does not.
    const ranged = i > 0 && !within(i - 1, AMOUNT_KINDS) &&
      (within(i - 1, RANGED) || /\d/.test(tokens[i - 1].text));
    if (!p || ranged) continue;
    let to = i + p.length;
    while (
      to < tokens.length && to - i - p.length < DEADLINE_WORDS && tokens[to].kind === "word" &&
      !AND[language].has(tokens[to].norm)
    ) to++;
    if (to > i + p.length) return { from: i, to };
  }
}

/** How far after the words of intent the amount may come ("I want to finally get down to 70 kg"). */
const WANT_WINDOW = 6;

/**
 * The speaker's intent with an amount ("I want to lose 5 kg", "voglio arrivare a 65 kg", "ich will 10 kg
 * abnehmen", "quiero leer 12 libros al año"): the amount, a measure or money, or a number with a period or a
 * deadline in the clause, is a goal's target, unless the verb after the intent notes or asks something else
 * ("I want to log 3 meals a day"). A verb of changing a reading by it ("lose", "abnehmen") makes the goal a change.
 */
function wantedAmount(
  tokens: readonly Token[],
  stems: readonly string[],
  quantities: Quantity[],
  cued: CueMatch[],
  language: UiLanguage,
  deadline: boolean,
): { span: Span; change: boolean } | undefined {
  const periods = deadline || quantities.some((q) => q.kind === "period");
  for (const [i] of tokens.entries()) {
    const p = phraseFrom(tokens, i, WANT[language]);
    const verb = i + (p?.length ?? 0);
    if (!p || !tokens[verb] || VERBS[language].has(tokens[verb].norm)) continue;
    if (cued.some((m) => m.from === verb && m.key !== "goal")) continue;
    const amount = quantities.map((q) => ({ q, at: tokenSpan(tokens, q) })).find(({ q, at }) =>
      at.from >= verb && at.from - verb <= WANT_WINDOW &&
      (q.kind === "measure" || q.kind === "money" || (q.kind === "number" && periods))
    );
    if (!amount) continue;
    // A verb that ends the clause after its amount, as German puts it ("10 kg abnehmen"), is the want's too.
    const changes = matchCues(
      stems,
      CHANGE[language],
      language === "de" ? tokens.map((t) => t.norm) : undefined,
    )
      .filter((m) => m.from >= verb && m.from <= amount.at.to);
    const to = Math.max(amount.at.to, ...changes.map((m) => m.to));
    return { span: { from: i, to }, change: changes.length > 0 };
  }
}

/**
 * A period said as an adjective right beside or within a goal's or a figure's cue ("a weekly budget", "budget
 * hebdomadaire", "ein monatliches Ziel", "the weekly total"), read as once a period like the adverb it is also
 * written as, is the goal's or the figure's period.
 */
function adjectivePeriods(tokens: readonly Token[], cues: Offsets[], quantities: Quantity[]): Quantity[] {
  return quantities.flatMap((q): Quantity[] =>
    q.kind === "frequency" && q.every === 1 && q.unit && PERIOD_UNITS.has(q.unit) && !q.time &&
      besideCue(tokens, cues, q)
      ? [{ kind: "period", period: q.unit, text: q.text, start: q.start, end: q.end }]
      : []
  );
}

/** Whether a quantity is right beside or within one of the cues. */
function besideCue(tokens: readonly Token[], cues: Offsets[], q: Quantity): boolean {
  const at = tokenSpan(tokens, q);
  return cues.some((o) => {
    const cue = tokenSpan(tokens, o);
    return at.to >= cue.from && at.from <= cue.to;
  });
}
const PERIOD_UNITS = new Set(["day", "week", "month", "year"]);

/** Once every so many days, weeks, months or years, on no days named ("every month", "ogni 3 giorni",
 * "chaque soir"). */
const everyPeriod = (q: Quantity) =>
  q.kind === "frequency" && q.count === undefined && !q.weekdays && PERIOD_UNITS.has(q.unit ?? "");

/** Where the run of words `keep` holds that ends at `i` starts. */
const runFrom = (i: number, keep: (i: number) => boolean) => {
  while (keep(i - 1)) i--;
  return i;
};

/** Where the run of words `keep` holds that starts at `i` ends (exclusive). */
const runTo = (i: number, keep: (i: number) => boolean) => {
  while (keep(i)) i++;
  return i;
};

/** So many times a period, on no days or times named ("3 Mal pro Woche", "4 fois par mois"). */
const countPerPeriod = (q: Quantity) =>
  q.kind === "frequency" && q.count !== undefined && !q.weekdays && !q.time && PERIOD_UNITS.has(q.unit ?? "");

/** In a goal's clause, so many times a period is a number of records to reach and its period. */
function countsPerPeriod(quantities: Quantity[]): Quantity[] {
  return quantities.flatMap((q): Quantity[] =>
    q.kind === "frequency" && countPerPeriod(q)
      ? [
        { kind: "number", value: q.count!, text: q.text, start: q.start, end: q.end },
        { kind: "period", period: q.unit!, text: q.text, start: q.start, end: q.end },
      ]
      : []
  );
}

/** The periods recurrences come once in ("each month", "ogni settimana", "monthly"), as periods. */
function oncePeriods(quantities: Quantity[]): Quantity[] {
  return quantities.flatMap((q): Quantity[] => {
    const period = oncePer(q);
    return period ? [{ kind: "period", period, text: q.text, start: q.start, end: q.end }] : [];
  });
}

/** The kinds of quantity a limit can be. */
const AMOUNTS = new Set<Quantity["kind"]>(["money", "measure", "number", "duration"]);
/** An amount of something measured, less than which is a limit ("menos de 13 segundos"); a share ("under
 * 10%") is not one. */
const measuredAmount = (q: Quantity) =>
  q.kind === "money" || q.kind === "duration" || (q.kind === "measure" && q.dimension !== "ratio");

/**
 * A limit: a word of going past or of at most with the amount it compares, after it across function words
 * ("no more than 3 coffees", "non superare i 100 euro", "no pasar de 10.000 pasos") or before it across one
 * word, which names what is counted, where the word comes last: "max" ("5 cigarettes max") and a German verb
 * ("wenn ich 500 € überschreite"). A verb of one word written as the lexicon writes it, right after a word
 * other than "if" ("se supero"), is a noun of that word's ("a bus pass"), no comparison ("my kid goes over"
 * is one); an amount per something in a clause with no period ("12 places maximum par cours") is what each
 * record holds, no sum to keep under.
 */
function limitsOf(
  tokens: readonly Token[],
  stems: readonly string[],
  quantities: Quantity[],
  content: (i: number) => boolean,
  language: UiLanguage,
): { cue: Span; amount: Span }[] {
  const out: { cue: Span; amount: Span }[] = [];
  const periods = quantities.some((q) => q.kind === "period");
  const compounds = language === "de" ? tokens.map((t) => t.norm) : undefined;
  for (const m of matchCues(stems, LIMITS[language], compounds)) {
    const noun = m.key === "exceed" && LIMIT_WORDS[language].has(tokens[m.from].norm) &&
      content(m.from - 1) &&
      !WHETHER[language].if.has(tokens[m.from - 1].norm);
    if (noun) continue;
    // A capital within a clause, in a language that writes nouns in lower case, makes a name ("my dog Max").
    if (language !== "de" && m.from > 0 && /^\p{Lu}/u.test(tokens[m.from].text)) continue;
    const spans = quantities.filter((q) => AMOUNTS.has(q.kind)).map((q) => tokenSpan(tokens, q))
      .filter((s) => s.to > s.from);
    const after = spans.find((s) =>
      s.from >= m.to && range({ from: m.to, to: s.from }).every((i) => !content(i))
    );
    // Elsewhere a verb's amount follows it: "10000 passi" are steps.
    const verbLast = m.key === "atMost" || language === "de";
    const before = verbLast &&
      spans.findLast((s) => s.to <= m.from && range({ from: s.to, to: m.from }).filter(content).length <= 1);
    // Less than an amount is a limit when the speaker wants to stay there ("voglio stare sotto i 1500 euro"),
    // not when they tell how things are ("I have less than 3 hours"), and a bare number only over a period
    // ("under 5 a day"; "under 12" is an age group).
    const intent = tokens.some((_, i) =>
      i < m.from && m.from - i <= WANT_WINDOW &&
      WANT[language].some((p) => phraseAt(tokens, i, p))
    );
    const below = m.key === "below" &&
      !(after && intent &&
        (periods ||
          quantities.some((q) => measuredAmount(q) && tokenSpan(tokens, q).from === after.from)));
    if (below) continue;
    const amount = after ?? (before || undefined);
    const end = Math.max(m.to, amount?.to ?? 0);
    const each = RATE_PER[language].has(tokens[end]?.norm) && !periods;
    if (amount && !each) out.push({ cue: { from: m.from, to: m.to }, amount });
  }
  return out;
}

/** Asks each of whose places is a thing of its own: a set of values offered, a picture of something. */
const APART = new Set<AskType>(["choice", "photo"]);

// The words of "to" after which a theme's colours follow its cue ("change the colours to navy and gold").
const THEME_TO = perLanguage((lex) => lex.renaming.to);

/** A cue with the content words beside it and those joined to it by "and" or a comma, or after a word of
 * `across` right after it. */
function joined(
  tokens: readonly Token[],
  cue: Span,
  content: (i: number) => boolean,
  language: UiLanguage,
  across = new Set<string>(),
): Span {
  const out = { ...cue };
  const and = (i: number) => AND[language].has(tokens[i]?.norm ?? "");
  for (;;) {
    if (content(out.to)) out.to++;
    else if (across.has(tokens[out.to]?.norm ?? "") && content(out.to + 1)) out.to += 2;
    else if (and(out.to) && content(out.to + 1)) out.to += 2;
    else if (content(out.from - 1)) out.from--;
    else if (and(out.from - 1) && content(out.from - 2)) out.from -= 2;
    else return out;
  }
}

/**
 * Names of persons listed outside brackets: two or more capitalized words, not the clause's first, joined by
 * commas or "and", with a noun for persons or the speaker among the items ("per Luca, Marta e la nonna",
 * "io, Marco e Giulia") or right before them ("my kids Tom and Lily"), in German only there, or after one of
 * the `between` places, the words before those a cost is split among ("zwischen Anna und Ben"). Places
 * ("Rome, Florence and Venice") have neither.
 */
function namedPersons(
  tokens: readonly Token[],
  persons: CueMatch[],
  speaker: Set<string>,
  and: Set<string>,
  stop: Set<string>,
  german: boolean,
  between: Set<number>,
): { span: Span; names: string[] } | undefined {
  const person = new Map(persons.map((m) => [m.from, m.to]));
  const capital = (i: number) => /^\p{Lu}/u.test(tokens[i].text);
  // (Typed in lower case, a name is any other word, known as one only listed with the speaker: "io, marco e
  // giulia".)
  const name = (i: number) =>
    i > 0 && tokens[i]?.kind === "word" && (capital(i) || (!stop.has(tokens[i].norm) && !person.has(i)));
  const joins = (i: number) => tokens[i]?.norm === "," || and.has(tokens[i]?.norm ?? "");
  for (let i = 1; i < tokens.length; i++) {
    if (!name(i)) continue;
    // (A list is typed in one case: one begun with a capital ends before a lower-case word.)
    const lower = !capital(i);
    let [names, others, k, me] = [0, 0, i, false];
    const listed: string[] = [];
    // Items: a name, the speaker, or a noun for persons after function words ("la nonna", "my mum").
    for (;;) {
      let item = k;
      while (stop.has(tokens[item]?.norm ?? "") && !speaker.has(tokens[item].norm) && !person.has(item)) {
        item++;
      }
      if (name(item) && item === k && (lower || capital(item))) [names, k] = [names + 1, item + 1];
      else if (speaker.has(tokens[item]?.norm ?? "") && item === k) {
        [others, k, me] = [others + 1, item + 1, true];
      } else if (person.has(item)) [others, k] = [others + 1, person.get(item)!];
      else break;
      if (!speaker.has(tokens[item].norm)) listed.push(text(tokens, { from: item, to: k }));
      // (A lower-case list ends on the item after "and": what follows is no name, "…e giulia, cambia".)
      const last = tokens[item - 1]?.kind === "word" && and.has(tokens[item - 1].norm);
      if (!joins(k) || (lower && last)) break;
      k += and.has(tokens[k + 1]?.norm ?? "") ? 2 : 1;
    }
    // A noun for persons right before the names, or the speaker or one listed first ("io, Marco, …").
    const at = joins(i - 1) ? i - 1 : i;
    const first = persons.find((m) => m.to === at) ??
      (between.has(at - 1) ? { from: at - 1, to: at } : undefined) ??
      (speaker.has(tokens[at - 1]?.norm ?? "") ? { from: at - 1 } : undefined);
    // In German, where every noun is capitalized, only after a noun for persons ("meine Kinder Lena und Paul").
    const apposed = first && "to" in first;
    // (The speaker as an item, not the subject of a verb the list opens with: "io, marco e giulia".)
    const spoken = me || (first !== undefined && !("to" in first) && at < i);
    if (names >= 2 && (lower ? spoken : german ? apposed : others > 0 || first)) {
      return { span: { from: first?.from ?? i, to: k }, names: listed };
    }
    i = Math.max(i, k - 1);
  }
}

/** The marks that end a phrase (a bracket does not: "geschwollen (ja/nein)"). */
const PHRASE_END = /^[,;.:!?]$/;

/** Places in groups of those that overlap, or that nothing `parts` between them, in the order of the
 * prompt. */
function apart(spans: Offsets[], parts = (_end: number, _start: number) => true): Offsets[][] {
  const out: Offsets[][] = [];
  let end = -1;
  for (const o of [...spans].sort((a, b) => a.start - b.start)) {
    if (o.start < end || (end >= 0 && !parts(end, o.start))) out[out.length - 1].push(o);
    else out.push([o]);
    end = Math.max(end, o.end);
  }
  return out;
}

/** The noun phrase before a span, or the first of the enumeration it ends ("Stillzeiten und Windeln"). */
function firstBefore(
  tokens: readonly Token[],
  s: Span,
  content: (i: number) => boolean,
  taken: Set<number>,
  language: UiLanguage,
): Span | undefined {
  const back = (from: number) => subjectNear(tokens, { from, to: from }, content, taken, false, [], true);
  let first = back(s.from);
  while (first && AND[language].has(tokens[first.from - 1]?.norm ?? "")) {
    const before = back(first.from - 1);
    if (!before) break;
    first = before;
  }
  return first;
}

/** Asks whose subject may be an enumeration of several things, each kept on its own. */
const ENUMERATED = new Set<AskType>(["list", "log"]);

/**
 * The other subjects enumerated after an ask's subject ("feedings and naps", "Stillzeiten und Windeln",
 * "paseos y comidas"): each a noun phrase after "and" or a comma that names a subject of its own, another
 * concept than the ones before it. A word that only describes the first ("guests and their allergies") is
 * no subject of its own.
 */
function enumerated(
  tokens: readonly Token[],
  first: Span,
  content: (i: number) => boolean,
  taken: Set<number>,
  language: UiLanguage,
): Span[] {
  const conceptOf = (s: Span) => findConcepts(text(tokens, s), language)[0]?.id;
  const seen = [conceptOf(first)];
  if (!seen[0]) return [];
  const out: Span[] = [];
  let at = first.to;
  while (AND[language].has(tokens[at]?.norm ?? "")) {
    const next = subjectNear(tokens, { from: at + 1, to: at + 1 }, content, taken, true, OF[language]);
    const id = next && conceptOf(next);
    if (!next || !id || seen.includes(id)) break;
    seen.push(id);
    out.push(next);
    at = next.to;
  }
  return out;
}

/** The names of the fields added after the first, each the noun phrase after an "and" or a comma that
 * follows it within its sentence, no other ask's words among them. */
function addedAfter(
  tokens: readonly Token[],
  first: Span,
  content: (i: number) => boolean,
  taken: Set<number>,
  language: UiLanguage,
): Span[] {
  const out: Span[] = [];
  for (let at = first.to; at < tokens.length; at++) {
    if (tokens[at].kind === "mark" && tokens[at].norm !== ",") break;
    if (tokens[at].norm !== "," && !AND[language].has(tokens[at].norm)) continue;
    const next = subjectNear(tokens, { from: at + 1, to: at + 1 }, content, taken, true, OF[language]);
    if (!next) break;
    out.push(next);
    at = next.to - 1;
  }
  return out;
}

const isChange = (type: string) => (CHANGE_TYPES as readonly string[]).includes(type);

/** How many words before what the speaker lacks a verb of marking it may be ("segna quelli che mi mancano"). */
const MARKED_BEFORE = 3;

/** How many words from a day its teller may be ("i go hiking on weekends"). */
const DAY_SPEAKER_WORDS = 4;

/** What a quantity asks without a cue, given its clause's quantities, whether an ask is found, whether an
 * amount equals another, whether the speaker is the clause's subject, whether a relative clause of theirs
 * has it and whether a day is the speaker's: one that sets the scene of what they do or that they tell. */
function askedBy(
  q: Quantity,
  all: Quantity[],
  has: (type: AskType) => boolean,
  rate: boolean,
  habit: boolean,
  doer: boolean,
  speakersDay: boolean,
  perPeriod = false,
): AskType[] {
  const out: AskType[] = [];
  // A recurrence in hours, on weekdays or so many times a day is a reminder; "every month" alone is not, nor
  // one of what the speaker does ("I sell at the market every Saturday", "jeden Freitag spielen wir").
  // So many times a period in a goal's clause ("goal: run 3 times a week") is its target, not a reminder.
  const target = q.kind === "frequency" && countPerPeriod(q);
  const recurring = q.kind === "frequency" && (q.unit === "h" || q.weekdays || q.count) &&
    !(target && has("goal"));
  if (recurring && !has("schedule") && !habit) out.push("reminder");
  // What the speaker does once a day, week, month or year ("books I read each month", "le ore che lavoro ogni
  // settimana", "was ich jeden Monat ausgebe") is kept as it happens and counted or added up over that period.
  if (doer && oncePer(q) && !has("goal") && !has("reminder") && !has("schedule")) {
    out.push("aggregate");
    if (!has("log") && !has("list")) out.push("log");
  }
  if (timerPart(q)) out.push("timer");
  // A weekday is a timetable's, unless it is the day the speaker tells they do something on ("I go hiking
  // on weekends", "la domenica vado al mercato", "am Wochenende backe ich"): when their records are.
  if (q.kind === "weekday" && !has("reminder") && !speakersDay) out.push("schedule");
  // Times of day with no timetable around them are when something is due: "500 mg at 8, 16 and 24".
  if (q.kind === "time" && !has("schedule")) out.push("reminder");
  // A total "per day", "del mes" is an aggregate, unless it is a goal's, a reminder's or a plan's period
  // ("Wochenplan").
  if (q.kind === "period" && !has("goal") && !has("reminder") && !has("schedule")) out.push("aggregate");
  // An amount over a period ("100 a day", "2 l per day") is kept as it happens.
  const amount = q.kind === "measure" || q.kind === "number" || q.kind === "duration";
  if ((perPeriod || (amount && all.some((p) => p.kind === "period"))) && !has("log") && !has("list")) {
    out.push("log");
  }
  // A measured amount said for each period ("2 litres a day", "1h par jour", "30 Minuten am Tag") is a target
  // to keep to.
  const next = all[all.indexOf(q) + 1];
  const measured = q.kind === "measure" || q.kind === "duration";
  // So is any amount of an activity per period, across the thing's words (`per-period.ts`).
  const adjacent = measured && next?.kind === "period" && next.start - q.end <= 1;
  if ((adjacent || perPeriod) && !has("goal")) out.push("goal");
  if (q.kind === "range" && q.from <= 1 && q.to <= 10 && !q.unit) out.push("rating");
  // Two prices or more, each of its own thing ("Herrenschnitt 25 €, Damenschnitt 45 €"), are a price list,
  // unless they are what a log, a goal, an order or a split keeps, amounts over a period ("groceries $500 per
  // month": budgets) or a rate ("1 € = $1.08").
  const priced = all.filter((p) => p.kind === "money").length >= 2 && !all.some((p) => p.kind === "period") &&
    !rate;
  const kept = ["catalog", "order", "split", "goal", "log"] as const;
  if (q.kind === "money" && priced && !kept.some((t) => has(t))) out.push("catalog");
  // A share of an amount ("after 22% tax", "IVA al 21%") is worked out from it.
  if (q.kind === "measure" && q.unit === "%") out.push("calculator");
  // A rate ("$14 an hour", "2 € pro Kind") is multiplied by what is counted: the app works the amount out.
  if (q.kind === "money" && q.per && all.find((p) => p.kind === "money" && p.per) === q) {
    out.push("calculator");
  }
  return out;
}

/** A follow-up's asks: the changes, and what they add. */
function keepChanges(
  found: Map<AskType, Offsets[]>,
  tokens: readonly Token[],
  content: (i: number) => boolean,
) {
  // A field being removed or renamed is named by words that are cues of their own ("the price field").
  if (found.has("remove_field") || found.has("rename")) {
    for (const type of found.keys()) if (!isChange(type)) found.delete(type);
  }
  // "add reminders", "add a dark mode", "add a chart": what "add" governs is the reminder, the theme or the
  // chart, not a field; "add a photo", "add a category" add a field of that kind.
  const add = found.get("add_field")?.[0];
  if (!add) return;
  // What brackets hold in a field added ("heart rate (average bpm)") describes it; it asks nothing.
  const brackets = tokens.flatMap((t, i) =>
    t.norm === "("
      ? [{ start: t.start, end: tokens.find((c, k) => k > i && c.norm === ")")?.end ?? t.end }]
      : []
  );
  for (const [type, spans] of found) {
    if (!isChange(type) && spans.every((o) => brackets.some((b) => b.start <= o.start && o.end <= b.end))) {
      found.delete(type);
    }
  }
  let next = tokens.findIndex((t) => t.start >= add.end);
  while (next >= 0 && next < tokens.length && !content(next)) next++;
  const governed = tokens[next];
  const other = (t: AskType) => t !== "add_field" && !DERIVED.has(t as FieldType) && t !== "categories";
  if (
    governed &&
    [...found].some(([t, spans]) =>
      other(t) && spans.some((o) => o.start <= governed.start && governed.end <= o.end)
    )
  ) {
    found.delete("add_field");
  }
}

const unspan = ({ span: _, start: _s, end: _e, ...field }: SpannedField): Field => field;
/** A clause's tokens with their offsets in the prompt. */
const absolute = (clause: Clause): readonly Token[] =>
  words(clause.text).map((t) => ({ ...t, start: t.start + clause.start, end: t.end + clause.start }));
/** Where a run of tokens is in the prompt; null for no tokens. */
const offsetsOf = (tokens: readonly Token[], s: Span): Offsets | null =>
  s.to > s.from ? { start: tokens[s.from].start, end: tokens[s.to - 1].end } : null;
const range = (s: Span) => Array.from({ length: s.to - s.from }, (_, k) => s.from + k);
/** The words of a span from its first content word to the last before a mark or an end word ("and", "if"). */
function contentRun(
  tokens: readonly Token[],
  s: Span,
  content: (i: number) => boolean,
  ends: (i: number) => boolean,
): string | undefined {
  let from = s.from;
  while (from < s.to && tokens[from]?.kind === "word" && !content(from)) from++;
  let to = from;
  while (to < s.to && tokens[to]?.kind === "word" && !ends(to)) to++;
  while (to > from && !content(to - 1)) to--;
  return to > from ? text(tokens, { from, to }) : undefined;
}

const text = (tokens: readonly Token[], s: Span) =>
  tokens.slice(s.from, s.to).map((t, k, all) => (k && all[k - 1].end < t.start ? " " : "") + t.text).join("");

/** The tokens a quantity covers; none when it lies in another clause (the items of a `:` list). */
function tokenSpan(tokens: readonly Token[], q: { start: number; end: number }): Span {
  // Binary search for the first token starting at or after q.start: tokens are in order.
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid].start < q.start) lo = mid + 1;
    else hi = mid;
  }
  let to = lo;
  while (to < tokens.length && tokens[to].end <= q.end) to++;
  return to > lo ? { from: lo, to } : { from: 0, to: 0 };
}

/** The run of content words after the cue (or, when none, before it): the ask's subject. A noun keeps its
 * complement after "of" ("code de la route", "vaccini del cane"), not after a possessive ("di mio figlio").
 * Words that say which of the records are meant (`selecting`: "upcoming", "próximas", "besten") are no part
 * of it: the noun after them is, even one an ask's cue took ("las próximas citas"). */
function subjectNear(
  tokens: readonly Token[],
  cue: Span,
  content: (i: number) => boolean,
  taken: Set<number>,
  afterOnly = false,
  of: string[][] = [],
  beforeOnly = false,
  selecting: Set<string> = new Set(),
  verbLast = false,
): Span | undefined {
  const free = (k: number) => content(k) && !taken.has(k);
  const run = (i: number, step: 1 | -1): Span | undefined => {
    // Function words and quotation marks ("add a 'loyalty card' field") come before a noun phrase.
    const skip = (k: number) => !content(k) && (tokens[k].kind !== "mark" || QUOTE.test(tokens[k].text));
    while (i >= 0 && i < tokens.length && skip(i)) i += step;
    let selected = false;
    while (step === 1 && selecting.has(tokens[i]?.norm ?? "") && tokens[i + 1]?.kind === "word") {
      [i, selected] = [i + 1, true];
    }
    if (i < 0 || i >= tokens.length || !content(i) || (taken.has(i) && !selected)) return undefined;
    let j = i;
    while (free(j + step) && Math.abs(j - i) < 2) j += step;
    const joint = step === 1 ? phraseFrom(tokens, j + 1, of) : undefined;
    if (joint && free(j + 1 + joint.length)) j += 1 + joint.length;
    // (Before a German verb that ends its clause, the noun the complement is of comes first: "Strafzettel vom
    // Auto festhalten".)
    const ofBefore = step === -1 && verbLast && j >= 2 &&
      of.some((w) => w.length === 1 && w[0] === tokens[j - 1].norm);
    if (ofBefore && free(j - 2)) j -= 2;
    const span = step === 1 ? { from: i, to: j + 1 } : { from: j, to: i + 1 };
    while (span.from < span.to && selecting.has(tokens[span.from].norm)) span.from++;
    return span.from < span.to ? span : undefined;
  };
  return (beforeOnly ? undefined : run(cue.to, 1)) ?? (afterOnly ? undefined : run(cue.from - 1, -1));
}

const QUOTE = /^["'«»“”‘’„]$/;

const SELECTING = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.selecting)]),
) as Record<UiLanguage, Set<string>>;

const MINE = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.mine)]),
) as Record<UiLanguage, Set<string>>;

/** The definite articles and possessives. */
const DETERMINERS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.determiners)]),
) as Record<UiLanguage, Set<string>>;

/**
 * Where words name what is done: an infinitive before a determiner, with the noun phrase it governs
 * ("annaffiare le piante del balcone", "regar las plantas"), a gerund that heads them ("lawn mowing"), or, in
 * German, a verb in lower case after a noun with its capital ("Blumen gießen"); undefined where they name a
 * thing.
 */
function doneTo(
  tokens: readonly Token[],
  thing: Span,
  content: (i: number) => boolean,
  language: UiLanguage,
): Span | undefined {
  const [first, last] = [tokens[thing.from], tokens[thing.to - 1]];
  if (
    INFINITIVE[language]?.test(first.norm) && DETERMINERS[language].has(tokens[thing.from + 1]?.norm ?? "")
  ) {
    const object = subjectNear(
      tokens,
      { from: thing.from, to: thing.from + 1 },
      content,
      new Set(),
      true,
      OF[language],
    );
    return object && { from: thing.from, to: object.to };
  }
  if (language === "en" && thing.to - thing.from > 1 && /\p{L}{3}ing$/u.test(last.norm)) return thing;
  // (Hours or minutes of something, "mes heures de conduite", "hours of piano practice", are time spent, kept
  // stretch by stretch.)
  if (thing.to - thing.from > 1 && CLOCK_UNITS[language].has(first.norm)) return thing;
  const capital = (t: Token) => /^\p{Lu}/u.test(t.text);
  if (
    language === "de" && thing.to - thing.from > 1 && !capital(last) && /(?:en|ern|eln)$/.test(last.norm) &&
    capital(tokens[thing.to - 2])
  ) return thing;
}

const WHENEVER = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.whenever)]),
) as Record<UiLanguage, Set<string>>;
/** How many content words what the speaker does runs to after their verb ("feed the baby"). */
const DOING_WORDS = 4;

/** What the speaker does each time, after "for" and a word of when: the speaker's pronoun or auxiliary, or where the
 * pronoun is left out a verb of the speaker's ending ("quando porto fuori il cane"), then their words to the
 * next mark; where it is and its words past the verb. */
function wheneverAt(
  tokens: readonly Token[],
  content: (i: number) => boolean,
  language: UiLanguage,
): { quote: Span; subject: Span } | undefined {
  const { endings } = RELATIVE_SPEAKER[language];
  for (const [i, t] of tokens.entries()) {
    // (The app is for those times: "an app for when I feed the baby"; "when I eat out it's a gamble" tells a
    // story around the request.)
    if (!WHENEVER[language].has(t.norm) || !PURPOSE[language].has(tokens[i - 1]?.norm ?? "")) continue;
    const next = tokens[i + 1];
    const pronoun = next && DOER[language].has(next.norm);
    const verb = next && content(i + 1) && endings.some((e) => next.norm.endsWith(e));
    if (!pronoun && !verb) continue;
    let to = i + 2;
    while (to < tokens.length && tokens[to].kind === "word" && to - i - 2 < DOING_WORDS) to++;
    const from = pronoun ? i + 2 : i + 1;
    const words = range({ from, to }).filter(content);
    if (!words.length) continue;
    return { quote: { from: i, to }, subject: { from: words[0], to: words[words.length - 1] + 1 } };
  }
}

/**
 * Whether a noun phrase's head is a noun of acts, by the lexicon's `actNouns` endings: its last word before an
 * "of" word in English and German ("school pickups", "Einzahlungen"), its first elsewhere ("le salite in
 * montagna", "las salidas al monte").
 */
function namesActs(tokens: readonly Token[], s: Span, language: UiLanguage): boolean {
  const head = headNoun(tokens, s, language);
  // (A noun a concept knows is what that concept says: "Rechnungen" are invoices.)
  return ACT_NOUNS[language].some((e) => head.length >= e.length + ACT_STEM && head.endsWith(e)) &&
    !findConcepts(head, language).length;
}

/** A noun phrase's words before an "of" word. */
function beforeOf(tokens: readonly Token[], s: Span, language: UiLanguage): number[] {
  const of = range(s).find((i) => OF[language].some((p) => phraseAt(tokens, i, p)));
  return range({ from: s.from, to: of ?? s.to }).filter((i) => tokens[i].kind === "word");
}

/** A noun phrase's head: its last word before an "of" word in English and German, else its first. */
function headNoun(tokens: readonly Token[], s: Span, language: UiLanguage): string {
  const words = beforeOf(tokens, s, language);
  return tokens[(HEAD_FIRST.has(language) ? words[0] : words.at(-1)) ?? -1]?.norm ?? "";
}

/** Whether a noun phrase's head is a quantity measured again and again (the lexicon's `measures`): last in
 * English ("kids height"), first in the Romance languages ("peso de mi tortuga"), a German compound's end
 * ("Körpergewicht"). */
function namesReadings(tokens: readonly Token[], s: Span, language: UiLanguage): boolean {
  const said = beforeOf(tokens, s, language).map((i) => tokens[i].norm);
  return MEASURES[language].some((m) =>
    language === "de"
      ? m.length === 1 && (said.at(-1) ?? "").endsWith(m[0])
      : language === "en"
      ? m.every((w, k) => said[said.length - m.length + k] === w)
      : m.every((w, k) => said[k] === w)
  );
}

/**
 * Whether a log's records are things kept rather than acts: its subject names first a concept of things, as the
 * concept writes it, by its record's own noun (not "watered", "lectures", "orchid watering"); no unit of an
 * amount or of time is in it ("hours per client"), and no noun of a log
 * heads it ("Restaurant diary", "orchid watering log", "il diario dei vini"), which names the records entries.
 */
function keptThings(tokens: readonly Token[], subject: Span, cues: Offsets[], language: UiLanguage) {
  const spans = cues.map((o) => tokenSpan(tokens, o)).filter((c) => c.to > c.from);
  // (A cue the concept writes in the thing's name is part of it: "vinyl records".)
  const score = (s: Span) => findConcepts(text(tokens, s), language)[0]?.score ?? 0;
  const named = spans.find((c) => c.from === subject.to && score({ ...subject, to: c.to }) > score(subject));
  const thing = named ? { ...subject, to: named.to } : subject;
  const said = range(thing).filter((i) => tokens[i].kind === "word");
  if (said.some((i) => measureWord(tokens[i].norm) || CLOCK_UNITS[language].has(tokens[i].norm))) {
    return false;
  }
  const between = (from: number, to: number) =>
    range({ from, to }).every((i) => tokens[i].kind === "word" && CUES[language].stop.has(tokens[i].norm));
  // (Before the subject, a noun follows an article across the words that qualify it, or opens the clause
  // where no infinitive does and, in German, capitalized: "a reading log for my books", "un journal de mes
  // vins", "registro de mis cactus", "Protokoll meiner Ausgaben"; not "keep track of my vinyl", "llevar el
  // control de mis suscripciones". English says both alike at the start: "Log my…".)
  const infinitive = INFINITIVE[language];
  const opens = (t: Token) =>
    language === "de" ? /^\p{Lu}/u.test(t.text) : !infinitive || !infinitive.test(t.norm);
  const noun = (c: Span) => {
    let i = c.from - 1;
    while (i >= 0 && tokens[i].kind === "word" && !CUES[language].stop.has(tokens[i].norm)) i--;
    return OPENERS[language].has(tokens[i]?.norm ?? "") || (c.from === 0 && opens(tokens[c.from]));
  };
  const heads = spans.some((c) =>
    c !== named && (c.from === thing.to || (c.to <= thing.from && noun(c) && between(c.to, thing.from)))
  );
  // The speaker doing something to them right after ("every invoice I send", "i libri che leggo ogni mese",
  // "les colis envoyés", "die Bücher, die ich lese"), or a question of when in the clause ("wann war ich
  // zuletzt beim Friseur"), makes each an act, unless what they do is pay for them: a standing cost ("the
  // subscriptions I pay for monthly", "abos, die ich jeden Monat zahle").
  let end = thing.to + (tokens[thing.to]?.norm === "," ? 1 : 0);
  while (end < thing.to + 2 * DOER_WINDOW && tokens[end]?.kind === "word") end++;
  const next = tokens[thing.to];
  const done = speakerBefore(tokens, end, language) >= thing.to ||
    tokens.some((t) => FORGET_WHEN[language].has(t.norm)) ||
    (next?.kind === "word" && !CUES[language].stop.has(next.norm) &&
      WHETHER[language].participle.test(next.text.toLowerCase()));
  const paid = range({ from: thing.to, to: end }).some((i) => PAY[language].has(tokens[i].norm));
  return !heads && !(done && !paid) &&
    namesThings(text(tokens, thing), headNoun(tokens, thing, language), language);
}

/**
 * A log's event said to come again: the lexicon's `everyTime` words, or a word of when right after a cue of
 * noting (`noted`: "registrare quando mi vengono le crisi", "apuntar cuando me duele la espalda", "notieren, wenn
 * der Hund einen Anfall hat"), then the event's words to the next mark,
 * "and", "with", a word of purpose or the speaker opening a clause of their own ("every time I spend I pick
 * the envelope"). What the log is of is the noun phrase the last determiner or article of the event opens
 * ("doy de comer a los peces", "mon fils fait une crise", "il bambino si sveglia"); an event of the speaker's
 * verb alone ("i vape", "ich tanke") names nothing.
 */
function everyTimeAt(
  tokens: readonly Token[],
  content: (i: number) => boolean,
  language: UiLanguage,
  noted: (i: number) => boolean,
): { quote: Span; subject?: Span } | undefined {
  const openers = OPENERS[language];
  for (const [i, t] of tokens.entries()) {
    const last = phraseFrom(tokens, i, LAST_TIME[language]);
    const p = last ?? phraseFrom(tokens, i, EVERY_TIME[language]) ??
      // (Or a question of when, "aufschreiben, wann ich die Pflanzen gieße".)
      (noted(i) && (WHENEVER[language].has(t.norm) || FORGET_WHEN[language].has(t.norm))
        ? [t.norm]
        : undefined);
    if (!p) continue;
    // (German sets the clause off: "jedes Mal, wenn ich …".)
    const from = i + p.length + (tokens[i + p.length]?.norm === "," ? 1 : 0);
    let to = from;
    const ends = (k: number) =>
      tokens[k].kind !== "word" || AND[language].has(tokens[k].norm) || WITH[language].has(tokens[k].norm) ||
      PURPOSE[language].has(tokens[k].norm) || (k > from + 1 && DOER[language].has(tokens[k].norm));
    while (to < tokens.length && !ends(to)) to++;
    const opener = range({ from, to }).findLast((k) => openers.has(tokens[k].norm) && content(k + 1));
    const end = opener === undefined ? to : nounRun(tokens, opener + 1, to, content, language);
    // (The last time of no thing named, said after its event or among fields, "with when we last spoke", is no
    // event: "when I last changed the filter" is.)
    if (last && opener === undefined) continue;
    return {
      quote: { from: i, to },
      subject: opener === undefined ? undefined : { from: opener + 1, to: end },
    };
  }
}

const ASSIGNED = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    ...lex.assigned,
    turns: new Set(lex.assigned.turns.map((w) => stem(fold(w), l as UiLanguage))),
    when: wordSet(lex.assigned.when),
    lend: cueIndex({ lend: lex.assigned.lend }, l as UiLanguage),
  }]),
) as Record<
  UiLanguage,
  Omit<Lexicon["assigned"], "turns" | "when" | "lend"> & {
    turns: Set<string>;
    when: Set<string>;
    lend: CueIndex;
  }
>;
/** How many words a question of who may run before its question of which thing ("chi ha prestato quale"). */
const ASSIGNED_WINDOW = 5;

/**
 * Who did what to which thing: a word that asks who, or one that asks which before a noun ("which neighbour"),
 * then within five words and no mark one that asks which before a noun, across function words ("which of my
 * board games"): the thing; or a word that asks which before a noun, then within five words and no mark one
 * that asks when: that noun, done to at a date, by no one asked. Where it is, who (the noun asked which of, if
 * any; `byWhom`, whether anyone is asked) and the thing, whether the clause asks when after it and whether a
 * verb of a loan is in the clause.
 */
function assignedAt(
  tokens: readonly Token[],
  stems: readonly string[],
  content: (i: number) => boolean,
  language: UiLanguage,
): { quote: Span; person?: Span; byWhom: boolean; thing: Span; when: boolean; loan: boolean } | undefined {
  const { which } = SUPERLATIVE[language];
  const who = WHETHER[language].who;
  const said = (i: number) => tokens[i]?.text.toLowerCase() ?? "";
  const asked = (i: number) => askedOf(tokens, i, content, language);
  for (const [i] of tokens.entries()) {
    const person = who.has(tokens[i].norm) ? undefined : which.has(said(i)) ? asked(i) : undefined;
    if (!who.has(tokens[i].norm) && !person) continue;
    for (let k = person?.to ?? i + 1; k < i + 1 + ASSIGNED_WINDOW && tokens[k]?.kind === "word"; k++) {
      const thing = which.has(said(k)) && !who.has(tokens[k].norm) ? asked(k) : undefined;
      if (!thing) continue;
      const { when, lend } = ASSIGNED[language];
      const asksWhen = tokens.findIndex((t, j) => j >= thing.to && when.has(t.norm));
      return {
        quote: { from: i, to: Math.max(thing.to, asksWhen + 1) },
        person: person ? { from: person.from, to: person.from + 1 } : undefined,
        byWhom: true,
        thing,
        when: asksWhen >= 0,
        loan: matchCues(stems, lend).length > 0,
      };
    }
    // (Which thing and then when, with no second question of which, asks when each was done to it: "welche
    // Pflanze wann gegossen wurde", "quel robinet j'ai détartré quand".)
    const { when, lend } = ASSIGNED[language];
    for (
      let k = person?.to ?? tokens.length;
      k < i + 1 + ASSIGNED_WINDOW && tokens[k]?.kind === "word";
      k++
    ) {
      if (!when.has(tokens[k].norm)) continue;
      const loan = matchCues(stems, lend).length > 0;
      return { quote: { from: i, to: k + 1 }, byWhom: false, thing: person!, when: true, loan };
    }
  }
}

/** The noun a word of which at `i` asks about, across up to two function words ("which of my board games"):
 * where its run of content words is. */
function askedOf(
  tokens: readonly Token[],
  i: number,
  content: (i: number) => boolean,
  language: UiLanguage,
): Span | undefined {
  let k = i + 1;
  while (k < i + 4 && tokens[k]?.kind === "word" && !content(k)) k++;
  return content(k) ? { from: k, to: nounRun(tokens, k, tokens.length, content, language) } : undefined;
}

/** Where a noun phrase's content words from `from` end, before `to`; in German before a verb, written in lower
 * case after the noun ("den Rasen mähe", "welches Werkzeug ausgeliehen"). */
function nounRun(
  tokens: readonly Token[],
  from: number,
  to: number,
  content: (i: number) => boolean,
  language: UiLanguage,
): number {
  let end = from;
  const verb = (k: number) =>
    language === "de" && k > from && tokens[k].text === tokens[k].text.toLowerCase();
  while (end < to && content(end) && !verb(end)) end++;
  return end;
}

const SUPERLATIVE = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    which: new Set(lex.superlative.which.map((w) => w.toLowerCase())),
    most: new Set(lex.superlative.most.map((w) => w.toLowerCase())),
  }]),
) as Record<UiLanguage, Record<"which" | "most", Set<string>>>;
/** How many words a question of which may run before its word of most ("which foods show up most"). */
const RANK_WINDOW = 6;

// The periods a ranking may ask which of ("which month", "quale settimana", "welcher Tag").
const RANK_PERIODS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    new Map(
      Object.entries(lex.timeUnits).filter(([, u]) => ["day", "week", "month", "year"].includes(u))
        .map(([w, u]) => [fold(w), u]),
    ),
  ]),
) as Record<UiLanguage, Map<string, string>>;

/** A question of which records rank first: a word that asks which, then, within six words and no mark, one of
 * most or least ("which product sells most", "quale spesa è la più alta", "am häufigsten"); with the noun it
 * asks which of ("which of my kids", its first word, as a verb may follow it), or whether it asks who. */
function rankedAt(
  tokens: readonly Token[],
  content: (i: number) => boolean,
  language: UiLanguage,
): { quote: Span; by?: Span; who: boolean } | undefined {
  const { which, most } = SUPERLATIVE[language];
  const said = (t: Token | undefined) => t?.text.toLowerCase() ?? "";
  const top = (i: number) =>
    most.has(said(tokens[i])) ||
    (language === "de" && said(tokens[i - 1]) === "am" && /sten$/.test(tokens[i].norm));
  for (const [i, t] of tokens.entries()) {
    if (!which.has(said(t))) continue;
    for (let k = i + 1; k <= i + RANK_WINDOW && tokens[k]?.kind === "word"; k++) {
      if (!top(k)) continue;
      const who = WHETHER[language].who.has(t.norm);
      // (Across "of" and determiners only: "which we played most" asks which of the records themselves.)
      const linking = (j: number) =>
        DETERMINERS[language].has(tokens[j].norm) || OF[language].some((p) => p.includes(tokens[j].norm));
      const noun = who ? undefined : askedOf(tokens, i, content, language);
      const by = noun && noun.from < k && range({ from: i + 1, to: noun.from }).every(linking)
        ? { from: noun.from, to: noun.from + 1 }
        : undefined;
      return { quote: { from: i, to: k + 1 }, by, who };
    }
  }
}

const COMPARED_UNITS = new Set(["week", "month", "year"]);
const COMPARED = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    previous: wordSet(lex.compared.previous),
    than: wordSet(lex.compared.than),
    determiners: wordSet([...lex.determiners, ...lex.articles]),
    units: new Map(
      Object.entries(lex.timeUnits).filter(([, u]) => COMPARED_UNITS.has(u)).map(([w, u]) => [fold(w), u]),
    ),
  }]),
) as Record<UiLanguage, {
  previous: Set<string>;
  than: Set<string>;
  determiners: Set<string>;
  units: Map<string, string>;
}>;

/**
 * The periods a figure is compared over: a period compared with the one before it ("more than last week",
 * "rispetto al mese scorso", "par rapport au mois dernier", "con el mes pasado", "im Vergleich zum Vormonat")
 * or one after another ("semaine après semaine", "month by month", "Woche für Woche"), as periods where
 * they are said.
 */
function comparedPeriods(tokens: readonly Token[], language: UiLanguage): (Span & { period: string })[] {
  const { previous, than, determiners, units } = COMPARED[language];
  // A period word, or a German compound that "vor" opens ("Vormonat", "Vorjahres").
  const unitAt = (i: number) => {
    const norm = tokens[i]?.norm ?? "";
    const prefixed = language === "de" && previous.has("vor") && norm.startsWith("vor")
      ? [...units].find(([w]) => w.length > 3 && norm.slice(3).startsWith(w))
      : undefined;
    return units.get(norm) ?? prefixed?.[1];
  };
  const found: (Span & { period: string })[] = [];
  for (const [i] of tokens.entries()) {
    const period = unitAt(i);
    if (!period) continue;
    // One after another: the same period on both sides of a word.
    if (unitAt(i + 2) === period && tokens[i + 1]?.kind === "word" && unitAt(i - 2) !== period) {
      found.push({ from: i, to: i + 3, period });
      continue;
    }
    const compound = !units.has(tokens[i].norm);
    const before = previous.has(tokens[i - 1]?.norm ?? "");
    const after = previous.has(tokens[i + 1]?.norm ?? "");
    if (!compound && !before && !after) continue;
    // The comparison's word comes first, across determiners ("than the previous month").
    let k = (before ? i - 1 : i) - 1;
    while (k >= 0 && determiners.has(tokens[k].norm)) k--;
    if (k >= 0 && than.has(tokens[k].norm)) found.push({ from: k, to: after ? i + 2 : i + 1, period });
  }
  return found;
}

/** How many words an activity on a day runs to ("monday gym", "Donnerstag Schwimmen", "sabato lezione di nuoto"). */
const ACTIVITY_WORDS = 3;

/**
 * A week stated day by day: each weekday with the content words right after it ("lunedì piscina", "Montag
 * Turnen"), or, with none, right before it across function words ("swimming on monday"), and a time of day
 * within two words after them ("monday gym at 7", "Donnerstag Schwimmen um 16 Uhr"); where each is in the
 * prompt.
 */
function weekOf(
  tokens: readonly Token[],
  quantities: Quantity[],
  word: (t: Token) => boolean,
): (Slot & Offsets)[] {
  const spanOf = (q: Quantity) => tokenSpan(tokens, q);
  const stated = quantities.filter((q) => WHEN.has(q.kind)).map(spanOf);
  const content = (i: number) =>
    tokens[i] !== undefined && word(tokens[i]) && !stated.some((s) => s.from <= i && i < s.to);
  const slots: (Slot & Offsets)[] = [];
  let free = 0;
  for (const q of quantities) {
    const day = spanOf(q);
    if (q.kind !== "weekday" || day.to <= day.from) continue;
    let [from, to] = [day.to, day.to];
    while (content(to) && to - from < ACTIVITY_WORDS) to++;
    if (to === from) {
      to = day.from;
      while (to > free && tokens[to - 1].kind === "word" && !content(to - 1)) to--;
      from = to;
      while (from > free && content(from - 1) && to - from < ACTIVITY_WORDS) from--;
    }
    if (to === from) continue;
    const after = Math.max(to, day.to);
    const time = quantities.find((t) => {
      const at = spanOf(t);
      return t.kind === "time" && at.to > at.from && at.from >= after && at.from <= after + 2;
    });
    const end = time ? spanOf(time).to : after;
    slots.push({
      day: q.day === 0 ? 7 : q.day,
      what: text(tokens, { from, to }),
      ...(time?.kind === "time" ? { time: time.time } : {}),
      start: tokens[Math.min(from, day.from)].start,
      end: tokens[end - 1].end,
    });
    free = end;
  }
  // A word of several days alone ("on weekends", "am Wochenende") says when, not a week day by day.
  return new Set(slots.map((s) => s.start)).size > 1 ? slots : [];
}

/** The amount a word names: hours or minutes how long each record took, a unit or a currency how much
 * ("the miles I drive", "quante ore"); undefined for any other word. */
export function amountNamed(word: Token, language: UiLanguage): Field | undefined {
  const measure = measureOf(word.norm);
  if (CLOCK_UNITS[language].has(word.norm)) return { name: word.text, type: "duration" };
  if (measure) return { name: word.text, type: "currency" in measure ? "money" : "number", ...measure };
}

/** What a figure's cue says it computes: a unit or a currency right after it, across function words and one
 * noun ("average km", "la media dei km", "my longest run in km"), or right before it unless a number is
 * ("chilometri totali", not "500 € total"); else the noun right before it ("la distance totale"), or after
 * it up to a period, which says when and not what: a field of the records by name ("mon meilleur poids"),
 * which a record's own noun may be too, so that only a field of the name counts; a word of breakdown ends it. */
function figureAmount(
  tokens: readonly Token[],
  cue: CueMatch,
  content: (i: number) => boolean,
  periods: Quantity[],
  language: UiLanguage,
): Field | undefined {
  const noun = (i: number) => content(i) && !within(tokens[i], periods);
  const before = noun(cue.from - 1) && tokens[cue.from - 2]?.kind !== "number"
    ? tokens[cue.from - 1]
    : undefined;
  const unitBefore = before && amountNamed(before, language);
  if (unitBefore) return unitBefore;
  const others = new Set(
    matchCues(stemTokens(tokens, language), AGGREGATES[language]).filter((m) => m.from >= cue.to).map((m) =>
      m.from
    ),
  );
  let after: Token | undefined;
  for (let i = cue.to, nouns = 0; i < cue.to + FIGURE_WINDOW && tokens[i]?.kind === "word"; i++) {
    // (A word of breakdown says what the figure is per, never what it adds up: "the total per station",
    // "el total por proyecto", "la media per uscita".)
    // (Nor does another figure's cue: "el más grande y el total del año".)
    if (within(tokens[i], periods) || phraseFrom(tokens, i, GROUPED_BY[language]) || others.has(i)) break;
    if (!content(i)) continue;
    const unit = amountNamed(tokens[i], language);
    if (unit) return unit;
    after ??= tokens[i];
    if (++nouns > 1) break;
  }
  const named = before ?? after;
  return named && { name: named.text, type: "number" };
}

/** The noun phrase a relative clause opened by a verb's subject or its relative word qualifies, across function
 * words and a comma before one ("the hours I babysit", "le ore che lavoro", "die Stunden, die ich arbeite"):
 * two words at most; none where the subject opens its clause ("…, ich lege jeden Monat"). */
function nounBefore(tokens: readonly Token[], at: number, content: (i: number) => boolean): Span | undefined {
  let i = at - 1;
  while (i >= 0 && tokens[i].kind === "word" && !content(i)) i--;
  if (i >= 0 && tokens[i].text === "," && i < at - 1) i--;
  if (i < 0 || !content(i)) return undefined;
  const from = i > 0 && content(i - 1) ? i - 1 : i;
  return { from, to: i + 1 };
}

/** What the first exam or test the prompt names is of ("l'esame di diritto privato", "the driving theory
 * test", "die Prüfung in Statistik"): the topic a quiz prepares for. */
export function examTopic(prompt: string, language: UiLanguage): string | undefined {
  const tokens = words(prompt);
  const stop = CUES[language].stop;
  const content = (i: number) =>
    tokens[i]?.kind === "word" && !stop.has(tokens[i].norm) && !VERBS[language].has(tokens[i].norm);
  const stems = stemTokens(tokens, language);
  const exam = matchCues(stems, EXAMS[language])[0];
  // An exam named only beside the quiz's own words ("comme à l'examen, avec le score") is of nothing.
  const cues = matchCues(stems, CUES[language].asks).filter((m) => m.key === "quiz").flatMap(range);
  const taken = new Set([...(exam ? range(exam) : []), ...cues]);
  // The topic follows the exam ("l'esame di diritto") or is right before it ("biology exam").
  const topic = exam && (subjectNear(tokens, exam, content, taken, true, OF[language]) ??
    (content(exam.from - 1) ? subjectNear(tokens, exam, content, taken, false, [], true) : undefined));
  return topic ? text(tokens, topic) : undefined;
}

const TOPIC = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [l, lex],
  ) => [l, { words: wordSet(lex.topic.words), is: new Set(lex.topic.is.map((w) => w.toLowerCase())) }]),
) as Record<UiLanguage, Record<"words" | "is", Set<string>>>;

/** The topic a prompt states as a label, in any clause ("topic is world capitals", "tema: le capitali", "le
 * thème : les fleuves", "das Thema ist Vokabeln") or as what the label is of ("on the topic of volcanoes",
 * "sul tema dei vulcani", German "zum Thema Vulkane"): the words after the label and what joins it up to
 * the next mark or whom it is for, unless they name a theme ("theme: dark"), with the offsets of the whole
 * statement, which asks for nothing else (not a theme, not a list). */
export function statedTopic(
  prompt: string,
  language: UiLanguage,
): { topic: string; at: Offsets } | undefined {
  const tokens = words(prompt);
  const stop = CUES[language].stop;
  const { words: labels, is } = TOPIC[language];
  const content = (i: number) =>
    tokens[i]?.kind === "word" && !stop.has(tokens[i].norm) && !VERBS[language].has(tokens[i].norm);
  const themes = matchCues(stemTokens(tokens, language), CUES[language].asks).filter((m) =>
    m.key === "theme"
  );
  const of = OF[language].filter((p) => p.length === 1).map(([w]) => w);
  for (let i = 0; i < tokens.length; i++) {
    // The label opens its phrase, after an article or a possessive at most ("my subject is", "l'argomento").
    const opens = i === 0 || tokens[i - 1].kind === "mark" || stop.has(tokens[i - 1].norm);
    if (!labels.has(tokens[i].norm) || !opens) continue;
    // The copula as written: folded, the Italian "è" would be "e", "and".
    const next = tokens[i + 1];
    const joined = next !== undefined && (is.has(next.text.toLowerCase()) || of.includes(next.norm));
    if (!joined && !(language === "de" && content(i + 1))) continue;
    let from = joined ? i + 2 : i + 1;
    while (from < tokens.length && tokens[from].kind === "word" && !content(from)) from++;
    let to = from;
    // (Whom the quiz is for ends it: "zum Thema Vulkane für meine Tochter".)
    const ends = (k: number) => VERBS[language].has(tokens[k].norm) || PURPOSE[language].has(tokens[k].norm);
    while (to < tokens.length && tokens[to].kind === "word" && !ends(to)) to++;
    while (to > from && !content(to - 1)) to--;
    if (to > from && !themes.some((m) => m.from < to && from < m.to)) {
      return { topic: text(tokens, { from, to }), at: { start: tokens[i].start, end: tokens[to - 1].end } };
    }
  }
}

/** Where a phrase asks who does what ("wer welche Schicht übernimmt", "chi porta cosa"): from the question
 * of who to that of what, within four words of it; it gives the persons something to do. */
function whoDoesWhat(tokens: readonly Token[], groupCues: CueMatch[], language: UiLanguage): Span[] {
  return tokens.flatMap((t, i) => {
    const what = WHETHER[language].who.has(t.norm) &&
      groupCues.find((m) => m.key === "what" && m.from > i && m.from <= i + 4);
    // (Two questions "and" joins are two fields of a record: "dove, con chi e quanto tempo".)
    return what &&
        range({ from: i, to: what.from }).every((j) =>
          tokens[j].kind === "word" && !AND[language].has(tokens[j].norm)
        )
      ? [{ from: i, to: what.to }]
      : [];
  });
}

/** The occasion or the place a question of who does what names after its preposition ("who brings what
 * to the picnic", "chi porta cosa alla grigliata", "wer bringt was zum Grillfest"), with the question:
 * where the things done or brought are, not what is kept. */
export function occasionOf(
  prompt: string,
  language: UiLanguage,
): { occasion: string; question: string } | undefined {
  const tokens = words(prompt);
  const stop = CUES[language].stop;
  const groupCues = matchCues(stemTokens(tokens, language), GROUP_WORDS[language].phrases);
  for (const asked of whoDoesWhat(tokens, groupCues, language)) {
    let from = asked.to;
    while (tokens[from]?.kind === "word" && stop.has(tokens[from].norm)) from++;
    let end = from;
    while (tokens[end]?.kind === "word" && !stop.has(tokens[end].norm)) end++;
    if (from > asked.to && end > from) {
      return { occasion: text(tokens, { from, to: end }), question: text(tokens, asked) };
    }
  }
}

/** The words between the marks around the token at `i`: the phrase it is in. */
function phraseOf(tokens: readonly Token[], i: number): Span {
  let [from, to] = [i, i];
  while (from > 0 && tokens[from - 1].kind !== "mark") from--;
  while (to < tokens.length && tokens[to].kind !== "mark") to++;
  return { from, to };
}
const overlaps = (a: Span, b: Span) => a.from < b.to && b.from < a.to;
/** Where the clause asks for a sort or a search: what their phrases name is what they order or find by. */
const orderingOf = (tokens: readonly Token[], found: Map<AskType, Offsets[]>) =>
  [...(found.get("sort") ?? []), ...(found.get("search") ?? [])].map((o) => tokenSpan(tokens, o));

/** The noun a one-word verb of dividing divides by, and the words with it: a word of breakdown and a noun right
 * after it, or (as German puts the verb last) right before it; none for a number or a person ("split by 3",
 * "per persona"). */
function dividedBy(
  tokens: readonly Token[],
  stems: readonly string[],
  m: CueMatch,
  content: (i: number) => boolean,
  language: UiLanguage,
): { span: Span; noun: Span } | undefined {
  if (m.to - m.from !== 1) return undefined;
  const persons = matchCues(stems, PERSONS[language]);
  const noun = (k: number) =>
    content(k) && tokens[k].kind === "word" && !persons.some((p) => p.from <= k && k < p.to);
  for (const p of GROUPED_BY[language]) {
    const after = phraseAt(tokens, m.to, p) ? m.to + p.length : -1;
    if (after >= 0 && noun(after)) {
      return { span: { from: m.from, to: after + 1 }, noun: { from: after, to: after + 1 } };
    }
    const before = m.from - 1 - p.length;
    if (before >= 0 && phraseAt(tokens, before, p) && noun(m.from - 1)) {
      return { span: { from: before, to: m.to }, noun: { from: m.from - 1, to: m.from } };
    }
  }
  return undefined;
}

const GROUPED_BY = phrasesPerLanguage((lex) => lex.groupedBy);

/** Whether the word at `k` may name a kind records are grouped by: a content word, no time, unit or person. */
function kindNoun(
  tokens: readonly Token[],
  language: UiLanguage,
  content: (i: number) => boolean,
  persons: CueMatch[],
): (k: number) => boolean {
  return (k) =>
    content(k) && !CLOSED[language].has(tokens[k].norm) && !measureWord(tokens[k].norm) &&
    !persons.some((m) => m.from <= k && k < m.to);
}

/** Where a figure's breakdown is ("per grade", "per ogni tipo"), after the figure's first cue, and the words
 * of what it is by. */
function groupedBy(
  tokens: readonly Token[],
  language: UiLanguage,
  noun: (i: number) => boolean,
  found: Map<AskType, Offsets[]>,
  after: number,
): { span: Span; by: Span } | undefined {
  const ordering = orderingOf(tokens, found);
  const each = GROUP_WORDS[language].each;
  // (It follows the figure: "un timer per lo stretching della sera" breaks nothing down.)
  for (let i = Math.max(after, 1); i < tokens.length; i++) {
    const p = phraseFrom(tokens, i, GROUPED_BY[language]);
    // (An amount before it is paid or measured per that: "3 € per kilo", "10 km per run".)
    const amount = tokens[i - 1].kind === "number" ||
      (measureWord(tokens[i - 1].norm) && tokens[i - 2]?.kind === "number");
    if (!p || amount) continue;
    // (In the phrase of a sort or a search it is what that orders or finds by: "ordenar por año o por
    // artista", "nach Datum sortiert".)
    if (ordering.some((s) => overlaps(s, phraseOf(tokens, i)))) continue;
    let j = i + p.length;
    // (A grouping takes a bare noun or "each": "per tipo", "per ogni stanza"; after an article it says for
    // what or after what, "per i bisognini", "nach dem Essen".)
    if (each.has(tokens[j]?.norm ?? "")) j++;
    // (A verb after it says what for: "por cobrar".)
    if (!noun(j) || INFINITIVE[language]?.test(tokens[j].norm)) continue;
    const to = noun(j + 1) ? j + 2 : j + 1;
    return { span: { from: i, to }, by: { from: j, to } };
  }
  return undefined;
}

const RANKED = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    first: lex.ranked.first.map(phraseWords),
    ones: wordSet(lex.ranked.ones),
    most: wordSet(lex.ranked.most),
    from: lex.ranked.from.map(phraseWords),
    superlative: lex.ranked.superlative ? new RegExp(lex.ranked.superlative, "u") : undefined,
  }]),
) as Record<
  UiLanguage,
  { first: string[][]; ones: Set<string>; most: Set<string>; from: string[][]; superlative?: RegExp }
>;
/** A ranking's nouns ("leaderboard", "classifica", "Rangliste"): a sort's cue that names the records sorted. */
const RANKING_NOUNS = phrasesPerLanguage((lex) => lex.figures.ranked);
/** How many words at most lie between a superlative and the word of the first place it goes with. */
const RANK_GAP = 4;

/**
 * An order asked as a place in it (the lexicon's `ranked`): a superlative a few words, across words only,
 * before or after a word of the first place ("the oldest ones first", "vedere prima quelli col voto più
 * alto", "las más recientes primero", "die neuesten zuerst"), or right after a word of "from" ("from the
 * cheapest", "dalla più cara", "du plus récent", "vom teuersten"), or a pronoun for records a few words before
 * a word of the first place ("the overdue ones in red at the top", "celles du jour en premier"): where it is.
 */
function rankedOf(tokens: readonly Token[], language: UiLanguage): Span | undefined {
  const r = RANKED[language];
  const phraseEnding = (phrases: string[][], end: number) =>
    phrases.find((p) => phraseAt(tokens, end - p.length, p));
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i].kind === "word";
    const most = r.most.has(tokens[i].norm) && tokens[i + 1]?.kind === "word";
    // (A word capitalized after the first is a name or a German noun, "Kosten", not a superlative.)
    const superlative = r.superlative?.test(tokens[i].norm) && (i === 0 || !/^\p{Lu}/u.test(tokens[i].text));
    // (Records a pronoun names, "the overdue ones", are ranked only before the place: "those first".)
    const ones = r.ones.has(tokens[i].norm);
    if (ones) {
      for (let j = i + 1; j <= i + 1 + RANK_GAP && tokens[j]?.kind === "word"; j++) {
        const first = phraseFrom(tokens, j, r.first);
        if (first) return { from: i, to: j + first.length };
      }
    }
    if (!word || !(most || superlative)) continue;
    const sup = { from: i, to: most ? i + 2 : i + 1 };
    const from = phraseEnding(r.from, sup.from);
    if (from) return { from: sup.from - from.length, to: sup.to };
    for (let j = sup.to; j <= sup.to + RANK_GAP && tokens[j]?.kind === "word"; j++) {
      const first = phraseFrom(tokens, j, r.first);
      if (first) return { from: sup.from, to: j + first.length };
    }
    for (let j = sup.from - 1; j >= sup.from - 1 - RANK_GAP && tokens[j]?.kind === "word"; j--) {
      const first = phraseFrom(tokens, j, r.first);
      if (first && j + first.length <= sup.from) return { from: j, to: sup.to };
    }
  }
  return undefined;
}

/**
 * Two values joined by "or" in the run of a phrase, each of one to three words, content words but for a
 * preposition that may open them ("fuori o in casa"), the first no longer than the second: none
 * a number, a time word, a unit or "yes"/"no", none opened by an article or a determiner ("a call or a
 * coffee" are things), and nothing but the phrase's end after the last.
 */
function alternatives(
  tokens: readonly Token[],
  language: UiLanguage,
  content: (i: number) => boolean,
  chosen: (at: number) => boolean,
): { span: Span; options: string[] }[] {
  const stop = CUES[language].stop;
  const value = (i: number) =>
    content(i) && !CLOSED[language].has(tokens[i].norm) && !measureWord(tokens[i].norm) &&
    !YES_NO.test(tokens[i].norm);
  const out: { span: Span; options: string[] }[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].norm === "(") depth++;
    if (tokens[i].norm === ")") depth--;
    if (depth || !OR[language].has(tokens[i].norm) || !writtenOr(tokens[i], language)) continue;
    // The option after "or": content words, a preposition first at most.
    let to = i + 1;
    const preposition = (k: number) =>
      stop.has(tokens[k]?.norm ?? "") && !OPENERS[language].has(tokens[k].norm);
    const opened = preposition(to);
    if (opened) to++;
    const first = to;
    while (to < tokens.length && to - first < VALUE_WORDS && value(to)) to++;
    // (A time expression after the last one ends it too: "sushi o cinese il venerdì sera".)
    let when = to;
    while (when < tokens.length && stop.has(tokens[when].norm) && !CLOSED[language].has(tokens[when].norm)) {
      when++;
    }
    const ends = to === tokens.length || tokens[to].kind === "mark" || AND[language].has(tokens[to].norm) ||
      CLOSED[language].has(tokens[when]?.norm ?? "");
    if (to === first || !ends) continue;
    // The option before it is no longer ("se li ha fatti fuori o in casa") and opens as it does ("en espèces
    // ou par carte").
    let from = i;
    while (from > 0 && i - from < to - first && value(from - 1)) from--;
    // (After a number it is a unit: "5 °C or colder".)
    const unit = tokens[from - 1]?.kind === "number" ||
      (tokens[from - 1]?.kind === "mark" && tokens[from - 2]?.kind === "number");
    // (A state and its negation, "payées ou impayées", are a tick.)
    if (from === i || unit || pairedState(tokens, i - 1, language) === to - 1) continue;
    if (opened && preposition(from - 1)) from--;
    if (OPENERS[language].has(tokens[from - 1]?.norm ?? "")) continue;
    const options = [text(tokens, { from, to: i }), text(tokens, { from: i + 1, to })];
    // Values before them, each after a comma, are offered too where a word of between or a choice's cue offers
    // them all ("scegliere tra pizza, sushi o cinese", "pick one of tacos, ramen or curry"), not where they go
    // on from a phrase ("i pasti del gatto, secco o umido"); the span then quotes the word of between.
    const among = (k: number) => BETWEEN[language].has(tokens[k]?.norm ?? "");
    const listed: string[] = [];
    let start = from;
    for (;;) {
      let k = start - 1;
      if (tokens[k]?.norm !== ",") break;
      while (
        k > 0 && start - 1 - k < VALUE_WORDS && value(k - 1) && !among(k - 1) &&
        whetherBefore(tokens, k, language) < 0
      ) k--;
      if (k === start - 1 || OPENERS[language].has(tokens[k - 1]?.norm ?? "")) break;
      listed.unshift(text(tokens, { from: k, to: start - 1 }));
      start = k;
    }
    // (So does a question of whether, which then asks no tick: "si fueron desayuno, almuerzo o cena".)
    const asking = listed.length ? whetherBefore(tokens, start, language) : -1;
    if (listed.length && (among(start - 1) || chosen(start) || asking >= 0)) {
      options.unshift(...listed);
      from = asking >= 0 ? asking : start;
    } else if (listed.length && (start === 0 || WITH[language].has(tokens[start - 1].norm))) {
      // (Three things or more that open the clause or follow "with", no noun naming them, are what it lists,
      // things or screens, not values: "con calendario, chat o noticias".)
      i = to;
      continue;
    }
    out.push({ span: { from: among(from - 1) ? from - 1 : from, to }, options });
    i = to;
  }
  return out;
}

/** The words of a yes/no pair ("yes/no", "oui/non", "ja/nein"), which is a tick, not a choice. */
const YES_NO = /^(yes|no|si|oui|non|ja|nein)$/;

/** A list of values offered: where it is, the word it follows and its options. */
interface Offered extends Offsets {
  head?: Token;
  options: string[];
  /** The values are names of persons ("4 flatmates (Anna, Ben)"). */
  names?: boolean;
  /** The values are the kinds the records are divided into ("expenses divided into food, rent"). */
  kinds?: boolean;
  /** The values are apart by slashes ("S/M/L"): values whatever the clause lists. */
  slashed?: boolean;
}

/** The asks whose cue names the records kept one by one ("track my study sessions", "noter les bêtises"). */
const KEPT = new Set<AskType>(["log", "order"]);
/** The words across which a bracket still follows the records a cue names ("les bêtises du chien"). */
const KEPT_WORDS = 4;

/**
 * Whether the word at `head` ends the records a cue of `keeping` names, across up to four words and no mark
 * ("track my study sessions (maths, physics)", "registro delle pulizie di casa (bagno, cucina)",
 * "noter les bêtises du chien (chaussures, aboiements)"): a bracket after it lists the kinds of those records,
 * their categories, not values of a field.
 */
function keptRight(tokens: readonly Token[], head: number, keeping: number[]): boolean {
  for (let k = head; k >= 0 && head - k <= KEPT_WORDS && tokens[k].kind === "word"; k--) {
    if (keeping.includes(k)) return true;
  }
  return false;
}

/** The word a category is named by, the first of the language's cues of one ("category", "Kategorie"). */
const CATEGORY = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, lex.asks.categories[0]]),
) as Record<UiLanguage, string>;
const INTO = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.into)]),
) as Record<UiLanguage, Set<string>>;

/**
 * The parts records are said to be divided into ("expenses divided into food, rent and fun", "spese suddivise
 * in casa, auto e svago", "dépenses réparties en courses, loyer", "gastos divididos en comida, casa",
 * "Aufgaben aufgeteilt in Küche, Bad und Garten"): a participle of sharing out, an `into` word and two values
 * or more of a few words each, to the phrase's end, are the kinds of those records. A cue that ends the last
 * value is the clause's verb, no value ("… und Garten abhaken").
 */
function dividedInto(tokens: readonly Token[], language: UiLanguage): Offered[] {
  const out: Offered[] = [];
  const cue = (t: Token) =>
    matchCues(stemTokens([t], language), CUES[language].asks).length +
        matchCues(stemTokens([t], language), CUES[language].fields).length > 0;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (!DIVIDED[language].has(tokens[i].norm) || !INTO[language].has(tokens[i + 1].norm)) continue;
    let end = i + 2;
    while (end < tokens.length && (tokens[end].kind === "word" || tokens[end].norm === ",")) end++;
    if (end - 1 > i + 2 && !AND[language].has(tokens[end - 2].norm) && cue(tokens[end - 1])) end--;
    const values = offeredValues(tokens.slice(i + 2, end), language);
    if (values.length < 2 || values.some((v) => words(v).length > VALUE_WORDS)) continue;
    out.push({ start: tokens[i].start, end: tokens[end - 1].end, options: values, kinds: true });
  }
  return out;
}

/**
 * Slash lists of values ("S/M/L", "cash/card", "à faire / en cours / fini": values of a few words between slashes,
 * the first and the last no longer than the longest between, the first opened by function words only), except "yes/no", which is a tick, lists
 * of units, currencies or time words only ("min/km", "ISK/EUR", "week/day", "2,5 g/L"), lists half of whose
 * values are one function word ("vorher/nachher", "check-in/out") and a slash that abbreviates ("w/ photos": a space on
 * one side only): none offers values. The noun right before the values names them ("Farbe rot/weiß/rosé").
 */
function slashLists(tokens: readonly Token[], language: UiLanguage): Offered[] {
  const measure = (t: Token) => CLOSED[language].has(t.norm) || measureWord(t.norm);
  const spaced = (k: number) => tokens[k + 1].start > tokens[k].end;
  const word = (k: number) => tokens[k]?.kind === "word";
  const out: Offered[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!word(i) || tokens[i + 1]?.norm !== "/" || !word(i + 2)) continue;
    // The slashes and the values of a few words between them.
    const slashes = [i + 1];
    for (;;) {
      let k = slashes.at(-1)! + 1;
      while (word(k) && k - slashes.at(-1)! <= VALUE_WORDS) k++;
      if (tokens[k]?.norm !== "/" || !word(k + 1)) break;
      slashes.push(k);
    }
    const between = slashes.slice(1).map((k, n) => k - slashes[n] - 1);
    const most = Math.max(1, ...between);
    let from = i;
    // (The first goes back over the function words that open it only: "à faire", not "mode vélo".)
    while (i - from + 1 < most && word(from - 1) && CUES[language].stop.has(tokens[from - 1].norm)) from--;
    let to = slashes.at(-1)! + 2;
    while (to - slashes.at(-1)! - 1 < most && word(to) && !AND[language].has(tokens[to].norm)) to++;
    const bounds = [from - 1, ...slashes, to];
    const items = bounds.slice(1).map((k, n) => tokens.slice(bounds[n] + 1, k));
    const abbreviated = slashes.some((k) => spaced(k - 1) !== spaced(k));
    const all = items.flat();
    // Lone letters are sizes ("S/M/L") unless a number comes before them ("2,5 g/L").
    const measured = all.every(measure) &&
      (all.some((t) => t.norm.length > 1) || tokens[from - 1]?.kind === "number");
    // (A phrase is a value, "à faire", and so is a size word among others, "small/medium/large"; where half the
    // values are a function word alone they are particles: "vorher/nachher", "check-in/out".)
    const particles = items.filter((item) =>
      item.length === 1 && CUES[language].stop.has(item[0].norm)
    ).length;
    const values = !measured && particles * 2 < items.length;
    if (!yesNo(tokens, i + 1) && values && !abbreviated) {
      const before = tokens[from - 1];
      const head = before?.kind === "word" && !CUES[language].stop.has(before.norm) &&
          !VERBS[language].has(before.norm) && !measure(before)
        ? before
        : undefined;
      out.push({
        start: tokens[from].start,
        end: tokens[to - 1].end,
        head,
        options: items.map((item) => item.map((t) => t.text).join(" ")),
        slashed: true,
      });
    }
    i = to - 1;
  }
  return out;
}

/**
 * A field named right before slashed values ("with Farbe rot/weiß/rosé and year", "con intensidad baja / media /
 * alta") is one choice of them, not a field per value: the listed fields the slashes split it into become it.
 */
function slashedFields(fields: SpannedField[], tokens: readonly Token[], language: UiLanguage) {
  for (const list of slashLists(tokens, language)) {
    const head = list.head && tokens.indexOf(list.head);
    const to = tokens.findIndex((t) => t.end === list.end) + 1;
    // (The values' own words, not the fields after them: "size XS/S/M/L and price".)
    if (head === undefined || namesFields(tokens.slice(head + 1, to), language)) continue;
    const at = fields.findIndex((f) => f.span.from <= head && head < f.span.to);
    // (A tick the head's field asks stays one.)
    if (fields[at]?.type === "yesno") continue;
    const parts = fields.filter((f) => f !== fields[at] && f.span.from > head && f.span.to <= to);
    // (A field its first value turns into no field, "couleur rouge" read as the app's colour, is named by the
    // noun before the values and a word before it at most, back to a mark, a joiner or a function word, where
    // the other values are fields.)
    let from = at >= 0 ? fields[at].span.from : head;
    if (at < 0) {
      if (!parts.length) continue;
      const word = (k: number) =>
        tokens[k].kind === "word" && !joinsItems(tokens[k], AND[language]) &&
        !CUES[language].stop.has(tokens[k].norm);
      while (from > 0 && head - from < 2 && word(from - 1)) from--;
    }
    fields.splice(at >= 0 ? at : fields.indexOf(parts[0]), parts.length + (at >= 0 ? 1 : 0), {
      name: tokens.slice(from, head + 1).filter((t) => t.kind === "word").map((t) => t.text).join(" "),
      type: "choice",
      options: list.options,
      span: { from, to },
      start: tokens[from].start,
      end: list.end,
    });
  }
}

/** Whether a field's cue types a bracketed list's items ("talks (time, room, speaker)"): they name fields. */
const namesFields = (inner: readonly Token[], language: UiLanguage) =>
  matchCues(stemTokens(inner, language), CUES[language].fields).length > 0 ||
  namesRecordFields(inner, language);

/** The fields a bracketed list of two or more items after a word names, where they name fields ("alle Teile
 * erfassen (Teil, Händler, Preis, Datum)"): a cue among them ("Preis") is a field's word, not an ask. */
function bracketFields(tokens: readonly Token[], language: UiLanguage): SpannedField[] {
  const open = tokens.findIndex((t, i) => t.norm === "(" && tokens[i - 1]?.kind === "word");
  const close = tokens.findIndex((t, k) => k > open && t.norm === ")");
  if (open < 0 || close < 0 || !namesFields(tokens.slice(open + 1, close), language)) return [];
  const items = fieldList(tokens.slice(open + 1, close), language, true);
  return items.length < 2 ? [] : items.map((f) => ({
    ...f,
    span: { from: f.span.from + open + 1, to: f.span.to + open + 1 },
  }));
}

/**
 * Bracketed lists of two or more items after a word: a choice of values, unless an item names a field
 * ("talks (time, room, speaker)"), a number is among them ("(1-5)") or an item is longer than a value
 * ("(change address at the bank, book the van)": things to do; a word longer after the records a log keeps,
 * `KEPT_VALUE_WORDS`). Names of persons are people: items after a
 * noun for persons ("drei Mitarbeiterinnen (Sabine, Jana)"), or mostly capitalized ones except in German,
 * where every noun is.
 */
function bracketLists(
  tokens: readonly Token[],
  language: UiLanguage,
  kept: (head: number) => boolean = () => false,
): Offered[] {
  const out: Offered[] = [];
  const persons = new Set(
    matchCues(
      stemTokens(tokens, language),
      PERSONS[language],
      language === "de" ? tokens.map((t) => t.norm) : undefined,
    )
      .map((m) => m.to - 1),
  );
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i].norm !== "(" || tokens[i - 1].kind !== "word") continue;
    const close = tokens.findIndex((t, k) => k > i && t.norm === ")");
    if (close < 0) break;
    const inner = tokens.slice(i + 1, close);
    const items = fieldList(inner, language);
    const values = offeredValues(inner, language);
    const typed = namesFields(inner, language);
    // (The kinds of records a log keeps may be said as what happens, a word longer: "noter les bêtises du
    // chien (chaussures mangées, pipi dans la maison)".)
    const most = kept(i - 1) ? KEPT_VALUE_WORDS : VALUE_WORDS;
    const long = values.some((v) => words(v).length > most);
    // (Examples are none: "object (like M31 or Saturn)".)
    const sample = onlyExamples(inner, { from: 0, to: inner.length }, language);
    // (Numbers among values "or" offers are theirs: "(8 inch dob or 80mm refractor)".)
    const numbered = inner.some((t) => t.kind === "number") &&
      !(inner.some((t) => OR[language].has(t.norm)) && values.every((v) => /\p{L}{2}/u.test(v)));
    // (Nor are a timetable's days or hours: "(lundi, mercredi, samedi)", "(14:00 Ankunft, 16:00 Kuchen)".)
    const timetable = timetableItems(itemsOf(inner, (t) => AND[language].has(t.norm)), language);
    if (values.length >= 2 && !typed && !long && !sample && !numbered && !timetable) {
      const capitalized = items.filter((f) => /^\p{Lu}/u.test(f.name)).length;
      const names = persons.has(i - 1) ||
        (language !== "de" && capitalized >= 2 && capitalized * 2 > items.length);
      out.push({
        start: tokens[i - 1].start,
        end: tokens[close].end,
        head: tokens[i - 1],
        options: names ? items.map((f) => f.name) : values,
        names,
      });
    }
    i = close;
  }
  return out;
}

/**
 * The values a bracket offers, each item as written, joined by commas, "and" or "or": a function word is a
 * value too ("all, half, none", "keine, wenig, viel", "ja, nein, vielleicht"), though an article or a
 * determiner that opens a longer item is not ("la ferme, la mairie").
 */
function offeredValues(inner: readonly Token[], language: UiLanguage): string[] {
  const out: string[] = [];
  // (The words that open examples are none: "(e.g. cardio, yoga)".)
  let from = exampleAt(inner, 0, language);
  for (let i = from; i <= inner.length; i++) {
    // (A slash joins the parts of one value: "make/model".)
    if (i < inner.length && (!AND[language].has(inner[i].norm) || inner[i].norm === "/")) continue;
    while (from < i - 1 && OPENERS[language].has(inner[from].norm)) from++;
    if (i > from) out.push(text(inner, { from, to: i }));
    from = i + 1;
  }
  return out;
}

const WHICH = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.which)]),
) as Record<UiLanguage, Set<string>>;

/**
 * The field whose values a clause's `:` list offers: its words after the last comma are a question word of
 * which and a few words ("what kind", "quel type", "che tipo di vino", "welche Art"), or its last words, after
 * a comma, "and" or "with", are a category's cue ("track my expenses, categories: rent, food") or the last
 * field it lists after "with" ("diario dei pasti con appetito: tanto, poco", "mit Strecke und Untergrund:
 * Asphalt, Wald"). The items are then the options of that choice, each a value of a few words, none naming
 * a field or holding a number.
 */
function kindAsked(
  tokens: readonly Token[],
  items: Clause[],
  language: UiLanguage,
  fields: SpannedField[],
  apart: boolean,
): SpannedField | undefined {
  let from = tokens.length;
  while (from > 0 && tokens[from - 1].norm !== ",") from--;
  const which = WHICH[language].has(tokens[from]?.norm ?? "");
  // (Else the label's words, after the last comma, "and" or "with", and the article that opens them.)
  let label = tokens.length;
  while (label > 0 && tokens[label - 1].kind === "word" && !AND[language].has(tokens[label - 1].norm)) {
    if (WITH[language].has(tokens[label - 1].norm)) break;
    label--;
  }
  while (label < tokens.length && OPENERS[language].has(tokens[label].norm)) label++;
  // (A noun of options, counted or not, names them alone: "in drei Größen: klein, mittel"; `listed-values.ts`.)
  const noun = which ? undefined : optionNounAt(tokens, language);
  const named = which ? { from: from + 1, to: tokens.length } : noun ?? { from: label, to: tokens.length };
  // (What brackets say of a value of theirs is no value: "AMRAP (20 min), EMOM (1 min)".)
  const item = (clause: Clause) => noun ? outsideBrackets(absolute(clause)) : absolute(clause);
  const words = tokens.slice(named.from);
  if (!words.length || words.length > VALUE_WORDS) return;
  if (words.some((t) => t.kind !== "word") || words.every((t) => CUES[language].stop.has(t.norm))) return;
  if (!which) {
    const cues = matchCues(stemTokens(words, language), CUES[language].asks);
    const category = cues.some((m) => m.key === "categories");
    // (A field's own cue may name it: "with the colour: red, white", "avis : génial, bof".)
    const own = cues.every((m) => m.key === "theme" || DERIVED.has(m.key as FieldType));
    const listed = named.from > 0 && own && fields.some((f) => f.span.to === named.to);
    // (So may a noun set apart from the request by a comma, "and" or "with" before values "or" ends: "noter mes
    // repas, type : petit déjeuner ou dîner", "con il metodo: moka o filtro"; not the request's own words,
    // "shopping list: milk, eggs or rice".)
    const before = tokens.slice(0, named.from).findLast((t) => !OPENERS[language].has(t.norm));
    // (Offered as alternatives, an "or" before the last: fields are listed with commas and "and", "Kunden: Name,
    // Telefon, Rad".)
    const alternative = items.some((item) => absolute(item).some((t) => OR[language].has(t.norm)));
    const set = alternative &&
      (before ? AND[language].has(before.norm) || WITH[language].has(before.norm) : apart);
    if (!category && !listed && !set && !noun) return;
    // (Items half of which name fields are fields: "Clients: name, address"; a value may be a field's word,
    // "to do / doing / done".)
    const valued = items.map(item);
    const fielded = valued.flatMap((item) => fieldList(item, language)).filter((f) => f.type !== "text");
    const values = valued.flatMap((item) => offeredValues(item, language)).length;
    if (valued.some((item) => item.some((t) => t.kind === "number")) || fielded.length * 2 >= values) return;
  }
  const options = items.flatMap((clause) => offeredValues(item(clause), language));
  // (A last value an article opens, where the first has none, is a field again: "art: laufen oder schwimmen und
  // die Dauer".)
  const last = absolute(items.at(-1)!);
  const opened = (k: number) => OPENERS[language].has(last[k]?.norm ?? "");
  const joined = last.findLastIndex((t) => AND[language].has(t.norm));
  if (joined > 0 && opened(joined + 1) && !OPENERS[language].has(absolute(items[0])[0]?.norm ?? "")) {
    options.pop();
  }
  if (options.length < 2 || options.some((o) => o.split(/\s+/).length > VALUE_WORDS)) return;
  return {
    name: text(tokens, named),
    type: "choice",
    options,
    span: named,
    start: tokens[which ? from : named.from].start,
    end: items[items.length - 1].end,
  };
}

/**
 * The questions of what each record keeps after a verb of noting, outside a list of fields ("write down how I
 * felt and what I did", "segnare quanta strada ho fatto e quanto tempo", "apuntar qué distancia hice y cuánto
 * tiempo", "eintragen, wie weit und wie lange"), or after the records' noun and a comma or a dash ("sauna
 * sessions, how long and how hot"): each phrase after them, to the next comma or "and", that a question of the
 * lexicon's `asked` or `questionFields` opens, or a question of how much or how many that types its field
 * ("how much it cost", "quanti km"), is a field named by the thing asked, as it would be in a list. (A cue
 * within it, "fatto" of "cosa ho fatto", asks nothing.)
 */
function notedQuestions(
  tokens: readonly Token[],
  language: UiLanguage,
  { noting, seeing, periods }: Figure,
  fields: SpannedField[],
): SpannedField[] {
  // (The verbs of seeing, not the figures' own questions, which open the fields asked.)
  const stems = stemTokens(tokens, language);
  const verbs = seeing.filter((m) => !QUESTIONS[language].has(stems[m.from]));
  // (With no such verb, those after the records' noun and a comma or a dash.)
  const start = noting.length ? noting[0].to : enumerationStart(tokens, verbs);
  if (start < 0) return [];
  const ends = new Set(noting.map((m) => m.to));
  const out: SpannedField[] = [];
  let from = start;
  for (let i = from; i <= tokens.length; i++) {
    const cut = i < tokens.length && (joinsItems(tokens[i], AND[language]) || tokens[i].kind === "mark");
    if (i < tokens.length && !cut && !ends.has(i)) continue;
    const span = { from, to: i };
    from = cut ? i + 1 : i;
    const part = tokens.slice(span.from, span.to);
    // (One that states an amount asks how far the records are from it: "how far I am from 100 km".)
    if (!part.length || part.some((t) => t.kind === "number")) continue;
    // (Nor does one over a period or after a verb of seeing, which asks a figure: "eintragen, um zu sehen, wie
    // viel ich im Jahr ausgebe".)
    if (periods.some((p) => span.from <= p && p < span.to)) continue;
    if (verbs.some((m) => start <= m.from && m.from < span.from)) continue;
    if (fields.some((f) => f.span.from < span.to && span.from < f.span.to)) continue;
    const field = typeField(tokens, span, language);
    // (Or one of how much, how many or how long that types its field, "how much it cost", "quanti km", or a
    // word of which before a noun, "which bike", not before a pronoun, "what I spend".)
    // (One preposition may open the question: "for how long", "per quanto tempo", "por cuánto tiempo"; not
    // "want to see how many".)
    const lead = part.findIndex((t) =>
      !CUES[language].stop.has(t.norm) || QUESTIONS[language].has(stem(t.norm, language))
    );
    const typing = field?.type !== "text" && (lead === 0 || lead === 1) &&
      QUESTIONS[language].has(stemTokens(part.slice(lead), language)[0]);
    const which = WHICH[language].has(part[0].norm) && part[1]?.kind === "word" &&
      !CUES[language].stop.has(part[1].norm);
    const asked = field &&
      (ASKED[language].types.has(field.name) || questionField(part, tokens, language) || typing || which);
    if (asked) out.push(field);
    // (After a comma alone, they are an enumeration of such questions, every item one.)
    else if (!noting.length) return [];
  }
  return noting.length || out.length > 1 ? out : [];
}

/** The most words a value offered in a list is written with ("eating out", "muy bueno"). */
const VALUE_WORDS = 3;
// The most words of a kind of the records a log keeps, said in brackets after them (`bracketLists`).
const KEPT_VALUE_WORDS = 4;

interface SpannedField extends Field, Offsets {
  span: Span;
}

/**
 * Drops the fields that are only a cue of the people board ("points", "premi", "Belohnungen") in a clause that
 * names persons ("chores for the kids with points and rewards"): what the board keeps for each of them, not a
 * field of each record; the cue then asks for the board.
 */
function boardFields(
  fields: SpannedField[],
  tokens: readonly Token[],
  stems: readonly string[],
  language: UiLanguage,
) {
  const compounds = language === "de" ? tokens.map((t) => t.norm) : undefined;
  const persons = matchCues(stems, PERSONS[language], compounds);
  const board = matchCues(stems, CUES[language].asks, compounds).filter((m) => m.key === "people");
  const inside = (m: CueMatch, f: SpannedField) => f.span.from <= m.from && m.to <= f.span.to;
  for (let k = fields.length - 1; k >= 0; k--) {
    const f = fields[k];
    const words = range(f.span).filter((i) =>
      tokens[i].kind === "word" && !CUES[language].stop.has(tokens[i].norm)
    );
    // (Or the board's cue for the persons it names: "points per player", "Punkte pro Person".)
    const whom = persons.filter((p) => inside(p, f));
    const only = board.find((m) =>
      inside(m, f) && !whom.some((p) => p.from === m.from) &&
      words.every((i) =>
        (m.from <= i && i < m.to) || RATE_PER[language].has(tokens[i].norm) ||
        whom.some((p) => p.from <= i && i < p.to)
      )
    );
    if (f.type === "text" && only && (whom.length || persons.some((p) => !inside(p, f)))) fields.splice(k, 1);
  }
}

/** "with the amount and the time", "con l'ora": the fields listed after the clause's "with" word. */
function fieldsAfterWith(tokens: readonly Token[], language: UiLanguage): SpannedField[] {
  // (What the speaker is "with" is their world, not fields: "I'm a teacher with 30 students".)
  // (Nor is the "with" of a question of whom among others: "where, with whom and how long".)
  const listed = (i: number) =>
    tokens[i - 1]?.kind === "mark" || AND[language].has(tokens[i - 1]?.norm ?? "");
  // (Nor is the "with" that opens a value "or" offers: "in contanti o con carta", "en efectivo o con tarjeta".)
  const offered = (i: number) =>
    OR[language].has(tokens[i - 1]?.norm ?? "") && tokens[i - 2]?.kind === "word";
  const at = tokens.findIndex((t, i) =>
    WITH[language].has(t.norm) && !ofRole(tokens, i, language) && !offered(i) &&
    !(listed(i) && questionField(tokens.slice(i, i + 2), tokens, language))
  );
  if (at < 0) return [];
  // They end before a verb of seeing or knowing that a function word other than an article opens ("with
  // litres and price to see how much I spend", "con litri e prezzo per sapere quanto", "avec le prix pour
  // savoir combien", "con su importe para saber cuánto", "mit Preis eintragen, um zu sehen, wie viel"): it asks
  // a figure of its own, in no field's words; so do they before a verb of computing, which asks one too ("with
  // key and length, and it adds up the time", `figures.ts`).
  const { stop } = CUES[language];
  const seen = matchCues(stemTokens(tokens, language), SEE[language]).find((m) =>
    m.from > at + 2 && stop.has(tokens[m.from - 1].norm) && !OPENERS[language].has(tokens[m.from - 1].norm)
  );
  const cut = Math.min(
    seen?.from ?? tokens.length,
    computingVerbAt(tokens, language, at + 2) ?? tokens.length,
  );
  let end = cut;
  while (
    cut < tokens.length && end > at + 1 && (tokens[end - 1].kind === "mark" || stop.has(tokens[end - 1].norm))
  ) {
    end--;
  }
  // A German clause ends on its verb, which is no field ("Runden mit Dauer und Strecke eintragen"); a word
  // "und" opens is the last field ("mit Litern und preis"), a cue though it be.
  const last = tokens.slice(0, end).findLastIndex((t) => t.kind === "word");
  const verb = language === "de" && last > at + 1 && tokens[last].text === tokens[last].norm &&
    !AND[language].has(tokens[last - 1].norm) &&
    matchCues(stemTokens([tokens[last]], language), CUES[language].asks).length > 0;
  return fieldsFrom(tokens.slice(0, verb ? last : end), at + 1, language);
}

/** The fields listed from token `from` to the clause's end, spanned in its tokens. */
const fieldsFrom = (tokens: readonly Token[], from: number, language: UiLanguage): SpannedField[] =>
  fieldList(tokens.slice(from), language, true).map((f) => ({
    ...f,
    span: { from: f.span.from + from, to: f.span.to + from },
  }));

/**
 * In German, the fields a colon's request lists before the verb that ends it, when nothing else comes before
 * them ("Hausaufgaben: Fach, Aufgabe und Abgabedatum eintragen"): the verb's objects, as those after "with"
 * are elsewhere.
 */
function fieldsBeforeVerb(tokens: readonly Token[], language: UiLanguage): SpannedField[] {
  const last = tokens.length - 1;
  if (language !== "de" || last < 3 || !VERBS[language].has(tokens[last].norm)) return [];
  const before = tokens.slice(0, last);
  const listed = before.some((t) => AND[language].has(t.norm));
  if (!listed || before.some((t) => VERBS[language].has(t.norm) || SPEAKER[language].has(t.norm))) return [];
  return fieldList(before, language, true);
}

/** A list of fields ("title, author, rating (1-5) and a photo"), split at commas and "and". */
export function fieldList(
  tokens: readonly Token[],
  language: UiLanguage,
  alternatives = false,
): SpannedField[] {
  const out: SpannedField[] = [];
  // What joins each field of `out` to the one before: "or", a comma or else.
  const joins: Join[] = [];
  let from = 0;
  let join: Join = "and";
  // (No field follows an item that is the speaker's story, `story-field.ts`, once a field is listed.)
  let story = false;
  const flush = (to: number) => {
    const cut = story
      ? { to: from, ends: true }
      : out.length
      ? storyCut(tokens, from, to, language, (at) => askedAt(tokens, at, language))
      : undefined;
    if (cut?.ends) story = true;
    const end = cut?.to ?? to;
    const field = end > from ? typeField(tokens, { from, to: end }, language) : null;
    if (field) {
      out.push(field);
      joins.push(join);
    }
    const next = tokens[to]?.norm ?? "";
    join = OR[language].has(next) || again(to) ? "or" : next === "," ? "," : "and";
    from = to + 1;
  };
  // ("soit espèces soit carte": the second "soit" joins as "or" does.)
  const again = (i: number) => i < tokens.length && eitherAgain(tokens, i, from, language);
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].norm === "(") depth++;
    else if (tokens[i].norm === ")") depth--;
    else if (!depth && ((joinsItems(tokens[i], AND[language]) && !yesNo(tokens, i)) || again(i))) flush(i);
  }
  flush(tokens.length);
  const valued = categoryValues(out, tokens, language);
  return alternatives
    ? choicesOf(valued, joins.filter((_, k) => valued.includes(out[k])), tokens, language)
    : valued;
}

/** Whether a question of what a field keeps opens at `at` ("how far I went", "come mi sentivo"). */
const askedAt = (tokens: readonly Token[], at: number, language: UiLanguage) =>
  matchCues(stemTokens(tokens.slice(at, at + 4), language), ASKED[language].index).some((m) => m.from === 0);

/** What joins a listed field to the one before it. */
type Join = "or" | "," | "and";

/** How each language's plural nouns end, and their singulars instead ("points", "punti" → "punto"). */
const PLURALS: Record<UiLanguage, [string, string][]> = {
  en: [["s", ""]],
  fr: [["s", ""], ["x", ""]],
  es: [["es", ""], ["s", ""]],
  it: [["i", "o"], ["e", "a"], ["i", "e"]],
  de: [["en", ""], ["er", ""], ["e", ""], ["n", ""]],
};
/** The people cues of one word, folded. */
const PEOPLE_WORDS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet(lex.asks.people.filter((p) => !/\s/.test(p)))]),
) as Record<UiLanguage, Set<string>>;

/**
 * Whether a word is the singular of a cue for a group or its points, which the cue is not ("a starting point",
 * "point de retrait", "por persona", "my roommate", "Treffpunkt"): one thing or one person, no board.
 */
function singular(word: string, language: UiLanguage): boolean {
  const cues = PEOPLE_WORDS[language];
  return !cues.has(word) && [...cues].some((cue) =>
    PLURALS[language].some(([plural, one]) => {
      const base = cue.endsWith(plural) ? cue.slice(0, -plural.length) + one : undefined;
      return base !== undefined && base.length > 2 &&
        (word === base || (language === "de" && word.endsWith(base)));
    })
  );
}

/** The verbs with which the speaker says what they are or run ("I'm", "sono", "je suis", "ich bin"), as words. */
const ROLES = phrasesPerLanguage((lex) => [...lex.roles.article, ...lex.roles.bare]);
/** How many words a role's noun phrase has at most ("a primary school teacher"). */
const ROLE_WORDS = 4;

/** Whether the word at `at` follows the noun phrase of what the speaker says they are or run ("I'm a teacher
 * with…", "sono un'insegnante con…"), across words only. */
function ofRole(tokens: readonly Token[], at: number, language: UiLanguage): boolean {
  for (let end = at - 1; end > 0 && at - end <= ROLE_WORDS && tokens[end].kind === "word"; end--) {
    if (ROLES[language].some((p) => phraseAt(tokens, end - p.length, p))) return true;
  }
  return false;
}

/** Words that open a noun phrase: an item one opens is a field of its own, never a value of the one before. */
const OPENERS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, wordSet([...lex.articles, ...lex.determiners])]),
) as Record<UiLanguage, Set<string>>;

/**
 * Where the negation of the state at i ends, when "and" or "or" joins them right after it: the same word after
 * a negation ("non sicuri", "nicht fertig") or with a negative prefix ("unsafe", "impayées", "ungiftig");
 * else undefined.
 */
function pairedState(tokens: readonly Token[], i: number, language: UiLanguage): number | undefined {
  const state = tokens[i].norm;
  const join = tokens[i + 1];
  if (
    tokens[i].kind !== "word" || state.length < 4 || join?.kind !== "word" || !AND[language].has(join.norm)
  ) {
    return;
  }
  const { no, negative } = WHETHER[language];
  const negated = no.has(tokens[i + 2]?.norm ?? "");
  const other = tokens[i + (negated ? 3 : 2)]?.norm ?? "";
  if (negated ? other === state : negative.some((p) => other === p + state)) return i + (negated ? 3 : 2);
}

const EXAMPLES = phrasesPerLanguage((lex) => lex.examples);

/** How many tokens the words that open examples at i take ("e.g.", "such as", "z. B."): 0 where none do. */
function exampleAt(tokens: readonly Token[], i: number, language: UiLanguage): number {
  const found = EXAMPLES[language].filter((p) => phraseAt(tokens, i, p));
  return Math.max(0, ...found.map((p) => p.length));
}

/** How many tokens at i label the values after them: a colon, a dash with a space either side, or the words
 * that open examples ("type e.g. cardio, yoga", "categoria tipo cibo, casa"); 0 where none do. */
const labelMark = (tokens: readonly Token[], i: number, language: UiLanguage) =>
  tokens[i].norm === ":" ||
    (/^[-–—]$/.test(tokens[i].norm) && tokens[i - 1]?.end < tokens[i].start &&
      tokens[i].end < (tokens[i + 1]?.start ?? 0))
    ? 1
    : exampleAt(tokens, i, language);

/**
 * A listed field that opens with a category's cue and goes on with more words names the category's values,
 * the first after the cue and the next items of a few words each ("with categories rent, food, fun",
 * "mit Kategorien Miete, Essen, Kino"): one choice, not a text field for each value. So does a field's name
 * that a colon or a spaced dash ends, before values ("condition - mint, good, worn", "dietary needs: none,
 * vegan", "gefühl - gut, mittel, schlecht"): the choice is named by the words before the mark. The values
 * end at an item of another type, a longer one, or one an article or a determiner opens ("and a photo").
 */
function categoryValues(
  fields: SpannedField[],
  tokens: readonly Token[],
  language: UiLanguage,
): SpannedField[] {
  // A German compound typed by its head alone is a value's name ("Freizeit" is leisure, no time).
  const headOnly = (f: SpannedField) => {
    const part = tokens.slice(f.span.from, f.span.to);
    const stems = stemTokens(part, language);
    return language === "de" && !matchCues(stems, CUES[language].fields).length &&
      matchCues(stems, CUES[language].fields, part.map((t) => t.norm)).length > 0;
  };
  const out: SpannedField[] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    const named = tokens.slice(f.span.from, f.span.to).filter((t) =>
      t.kind === "word" && !CUES[language].stop.has(t.norm)
    );
    // (Outside brackets, whose values are the field's own: "type (e.g. cardio, yoga)".)
    const open = range(f.span).find((k) => tokens[k].norm === "(") ?? f.span.to;
    const mark = range({ from: f.span.from + 1, to: open }).find((k) => labelMark(tokens, k, language));
    const marked = mark === undefined ? 0 : labelMark(tokens, mark, language);
    const label = mark === undefined ? [] : named.filter((t) => t.end <= tokens[mark].start);
    const value = mark === undefined ? [] : named.filter((t) => t.start >= tokens[mark + marked - 1].end);
    // (Values, two or more: one alone after a dash is a note, "notes - anything else".)
    const more = fields[i + 1]?.type === "text";
    const labelled = label.length > 0 && label.length <= VALUE_WORDS && value.length > 0 &&
      value.length <= VALUE_WORDS && more;
    const cue = f.type === "text"
      ? matchCues(stemTokens(named, language), CUES[language].asks).find((m) => m.key === "categories")
      : undefined;
    const to = labelled ? label.length : cue?.to;
    if (to === undefined || (!labelled && (cue!.from !== 0 || to >= named.length))) {
      out.push(f);
      continue;
    }
    const options = [(labelled ? value : named.slice(to)).map((t) => t.text).join(" ")];
    let j = i + 1;
    for (; j < fields.length; j++) {
      const next = fields[j];
      const opened = OPENERS[language].has(tokens[next.span.from - 1]?.norm ?? "");
      if (
        !(next.type === "text" || headOnly(next)) || opened || next.name.split(/\s+/).length > VALUE_WORDS
      ) break;
      options.push(next.name);
    }
    const last = fields[j - 1];
    // (Two values the words of examples open, joined by "or", are examples of what the field holds, which
    // stays one to write in: "genre z. B. Krimi oder Fantasy".)
    if (labelled && onlyExamples(tokens, { from: mark!, to: last.span.to }, language)) {
      const name = named.slice(0, to).map((t) => t.text).join(" ");
      out.push({ ...f, name, span: { ...f.span, to: last.span.to }, end: last.end });
      i = j - 1;
      continue;
    }
    out.push({
      name: named.slice(0, to).map((t) => t.text).join(" "),
      type: "choice",
      options,
      span: { from: f.span.from, to: last.span.to },
      start: f.start,
      end: last.end,
    });
    i = j - 1;
  }
  return out;
}

/**
 * A field's words without what only counts, totals or measures what the others name: a count opening it
 * ("number of pages", "Anzahl Seiten"; a number), a total ("total cost", "prix total") and a unit or currency
 * ending it, alone or after "in" ("distance in km", "Gewicht in kg", "prezzo in €"). What is left names the
 * field, as a concept's field would ("pages", "Gewicht").
 */
function measured(head: readonly Token[], named: readonly Token[], language: UiLanguage) {
  const { count, total } = COUNTING[language];
  const counted = named.length > 1 && count.has(named[0].norm);
  const kept = named.filter((t, k) => (k > 0 || !counted) && !(named.length > 1 && total.has(t.norm)));
  // A unit after a rate word ("price per litre") is what the price is paid for, not the field's unit.
  const end = head[head.length - 1];
  const name = kept.filter((t) => t !== end);
  const before = name[name.length - 1];
  const between = before ? head.slice(head.indexOf(before) + 1, -1) : [];
  const measure = before && !RATE_PER[language].has(head[head.length - 2]?.norm) &&
      between.every((t) => IN[language].has(t.norm))
    ? measureOf(end.norm)
    : undefined;
  if (measure) return { kept: name, counted, measure };
  return kept.length ? { kept, counted, measure } : { kept: named, counted: false, measure };
}

/** A field's name: its words, and the "of" words between them ("fecha de compra", "numero di pagine"). */
function nameOf(words: readonly Token[], kept: readonly Token[], language: UiLanguage): string {
  const said = words.filter((t) => kept.includes(t) || OF[language].some((p) => p.includes(t.norm)));
  return said.map((t, k) => (k && !said[k - 1].text.endsWith("'") ? " " : "") + t.text).join("");
}

/** The states records are marked as where more than one is offered (`marked-states.ts`). */
function markedIn(tokens: readonly Token[], language: UiLanguage) {
  const stems = stemTokens(tokens, language);
  return markedStates(tokens, {
    marks: (i) => WHETHER[language].mark.has(stems[i]),
    as: (i) => WHETHER[language].as.has(tokens[i].norm),
    or: (i) => OR[language].has(tokens[i]?.norm ?? ""),
    // (The language's words of "and", which here hold its "or" too, a comma and a slash: not those.)
    and: (i) =>
      AND[language].has(tokens[i]?.norm ?? "") && !OR[language].has(tokens[i].norm) &&
      tokens[i].kind === "word",
    ends: (i) => WHENEVER[language].has(tokens[i]?.norm ?? ""),
    // (A state or not is a tick: "mark the deposit as paid or not".)
    yesNo: (i) => YES_NO.test(tokens[i].norm) || WHETHER[language].no.has(tokens[i].norm),
    negated: (i) => pairedState(tokens, i, language) !== undefined,
  }, language === "de");
}

/** What joins a yes/no pair: a slash or "or" in any of the five languages ("paid yes or no", "oui ou non"). */
const YES_NO_JOIN = new Set(["/", ...Object.values(OR).flatMap((words) => [...words])]);
/** The initials of a yes/no pair ("y/n", "s/n", "o/n", "j/n"). */
const YES_NO_INITIALS = /^[ysoj]\/n$/;

/** Whether the slash or "or" at i joins a yes/no pair ("germinated yes/no", "paid yes or no", "vegan y/n"):
 * the field's tick, not two fields nor a choice. */
const yesNo = (tokens: readonly Token[], i: number) => {
  const [before, join, after] = [tokens[i - 1]?.norm ?? "", tokens[i]?.norm ?? "", tokens[i + 1]?.norm ?? ""];
  return YES_NO_JOIN.has(join) && (
    (YES_NO.test(before) && YES_NO.test(after) && before !== after) ||
    (join === "/" && YES_NO_INITIALS.test(`${before}/${after}`))
  );
};

/**
 * What the speaker says they have, as three things or more of a word or two each, joined by commas and a last
 * "and", right after the verb ("I have tomatoes, courgettes and strawberries", "ho pomodori, zucchine e
 * fragole", "j'ai des tomates, courgettes et fraises", "tengo tomates, calabacines y fresas"): in a clause
 * that keeps records, the values each record is of, a choice. Names (capitalized, outside German) are
 * persons, and a thing that runs on past two words ("un piccolo frutteto in collina") is no value.
 */
function hadValues(
  tokens: readonly Token[],
  language: UiLanguage,
  content: (i: number) => boolean,
): { span: Span; options: string[] } | undefined {
  const and = (i: number) => AND[language].has(tokens[i]?.norm ?? "") && tokens[i].kind === "word";
  for (let i = 0; i < tokens.length; i++) {
    const role = phraseFrom(tokens, i, ROLES[language]);
    if (!role) continue;
    // (Across an article or a partitive: "des", "some".)
    let from = i + role.length;
    while (from < i + role.length + 2 && tokens[from]?.kind === "word" && !content(from)) from++;
    const items: Span[] = [];
    for (let last = false;;) {
      let to = from;
      while (to - from < VALUE_WORDS - 1 && tokens[to]?.kind === "word" && content(to) && !and(to)) to++;
      if (to === from) break;
      items.push({ from, to });
      if (last || !(tokens[to]?.norm === "," || and(to))) break;
      last = and(to);
      from = to + 1;
    }
    const end = items.at(-1)?.to ?? 0;
    const closed = end === tokens.length || tokens[end].kind === "mark" || !content(end);
    const named = language !== "de" && items.some((s) => /^\p{Lu}/u.test(tokens[s.from].text));
    if (items.length >= 3 && and(items.at(-1)!.from - 1) && closed && !named) {
      return { span: { from: items[0].from, to: end }, options: items.map((s) => text(tokens, s)) };
    }
  }
  return undefined;
}

/**
 * Who has done something, as a record's field ("who's confirmed", "chi ha pagato", "qui a répondu", "quién ha
 * confirmado"): whether each record did, a tick named by what was done. The auxiliary follows the word
 * asking who, or is in it ("who's").
 */
function whoHasDone(head: readonly Token[], language: UiLanguage): Token | undefined {
  const whether = WHETHER[language];
  const said = head.filter((t) => t.kind === "word");
  if (!whether.who.has(said[0]?.norm ?? "")) return undefined;
  let k = 1;
  while (k < 3 && whether.has.has(said[k]?.norm ?? "")) k++;
  const aux = k > 1 || said[0].norm.includes("'");
  const done = said[k];
  return aux && done && whether.participle.test(done.text.toLowerCase()) ? done : undefined;
}

/**
 * A question of whether that goes on to the values of a choice ("whether business or personal", "se li ha
 * fatti fuori o in casa") asks that choice: the ticks within or right before it, across function words, go.
 */
function offeredNoTick(
  found: Map<AskType, Offsets[]>,
  ticks: Map<string, Field>,
  tokens: readonly Token[],
  fields: SpannedField[],
  language: UiLanguage,
) {
  const stop = CUES[language].stop;
  // (The choices whose values "or" joins, not a bracket's.)
  const choices = fields.filter((f) =>
    f.type === "choice" && range(f.span).some((k) => OR[language].has(tokens[k].norm)) &&
    !range(f.span).some((k) => tokens[k].norm === "(")
  );
  const offered = (o: Offsets) => {
    const at = tokenSpan(tokens, o);
    return choices.some((c) =>
      (at.from < c.span.to && c.span.from < at.to) ||
      (at.to <= c.span.from && range({ from: at.to, to: c.span.from }).every((k) =>
        tokens[k].kind === "word" && stop.has(tokens[k].norm)
      ))
    );
  };
  const kept = (found.get("yesno") ?? []).filter((o) => !offered(o));
  for (const key of ticks.keys()) {
    const [start, end] = key.split(":").map(Number);
    if (offered({ start, end })) ticks.delete(key);
  }
  if (kept.length) found.set("yesno", kept);
  else found.delete("yesno");
}

/**
 * Fields of a few words each joined by "or" are the options of one choice ("privat oder geschäftlich"); so
 * are the values a question of whether offers, which is no tick ("whether business or personal", "se li ha
 * fatti fuori o in casa", "ob privat oder dienstlich"). The first field's option is as long as the second
 * ("fatti fuori" → "fuori"), and the words before it name the choice ("pagamento in contanti o con carta").
 * Values of one length after commas before them are options too where the first field is longer, its first
 * words naming the choice ("dificultad fácil, media o difícil", "size small, medium or large").
 */
function choicesOf(
  fields: SpannedField[],
  joins: Join[],
  tokens: readonly Token[],
  language: UiLanguage,
): SpannedField[] {
  // (The words of either are none of a value's or a name's: "paid either cash or card"; the first field is
  // short where they open its last words: "le mode de paiement soit espèces soit carte".)
  const either = eitherTokens(tokens, language);
  const opened = (f: SpannedField) => {
    const at = range(f.span).findLast((k) => either.has(k));
    return at !== undefined && f.span.to - at - 1 <= VALUE_WORDS;
  };
  const short = (f: SpannedField, first: boolean) =>
    (f.type === "text" || (first && f.type === "yesno")) &&
    (f.name.split(/\s+/).length <= 3 || (first && opened(f)));
  const said = (f: SpannedField) =>
    range(f.span).filter((k) =>
      tokens[k].kind === "word" && !CUES[language].stop.has(tokens[k].norm) && !either.has(k)
    );
  // Every word of a field up to the mark before the next, a function word too ("easy", "small").
  const all = (i: number) => {
    const to = i + 1 < fields.length ? fields[i + 1].span.from - 1 : fields[i].span.to;
    // (Not the word that joins the next: "bezahlt entweder bar oder mit Karte".)
    return range({ from: fields[i].span.from, to }).filter((k) =>
      tokens[k].kind === "word" && !either.has(k) &&
      (k < fields[i].span.to || !AND[language].has(tokens[k].norm))
    );
  };
  // The last of values after commas that "or" ends, each as long as that last one, the first field longer.
  const listed = (i: number) => {
    let j = i + 1;
    while (j < fields.length && joins[j] === "," && short(fields[j], false)) j++;
    const values = fields.slice(i + 1, j + 1);
    const length = values.length ? said(values[values.length - 1]).length : 0;
    // (The first field is typed by its name, if at all: "size small" is no number.)
    const label = all(i).length - length;
    const valued = j > i + 1 && j < fields.length && joins[j] === "or" && short(fields[j], false) &&
      values.every((f) => said(f).length === length) && label > 0 && label < VALUE_WORDS;
    return valued ? j : i;
  };
  // (A field "or" and a word of no alone follow asks whether, a tick, no choice: "cenato o no", "pagada o no".)
  const no = (i: number) =>
    joins[i] === "or" &&
    range(fields[i].span).every((k) => tokens[k].kind !== "word" || WHETHER[language].no.has(tokens[k].norm));
  const out: SpannedField[] = [];
  for (let i = 0; i < fields.length; i++) {
    if (i + 1 < fields.length && no(i + 1) && fields[i].type !== "choice") {
      out.push({
        ...fields[i],
        type: "yesno",
        span: { from: fields[i].span.from, to: fields[i + 1].span.to },
      });
      i++;
      continue;
    }
    let j = listed(i);
    // (Every word where the words of either open the value: "le mode de paiement soit espèces".)
    const first = j > i || opened(fields[i]) ? all(i) : said(fields[i]);
    while (
      j + 1 < fields.length && joins[j + 1] === "or" && short(fields[j], j === i) &&
      short(fields[j + 1], false)
    ) j++;
    if (j === i) {
      out.push(fields[i]);
      continue;
    }
    const group = fields.slice(i, j + 1);
    const option = first.slice(Math.max(0, first.length - said(group[1]).length));
    // (What a question of whether asks about is no name: "se li ha fatti fuori".)
    const asked = range({ from: Math.max(0, group[0].span.from - 3), to: option[0] }).some((k) =>
      WHETHER[language].if.has(tokens[k].norm)
    );
    const before = asked ? [] : first.slice(0, first.length - option.length);
    // (Not an article before the name nor a preposition after it: "le mode de paiement", "payé soit en".)
    while (before.length && OPENERS[language].has(tokens[before[0]].norm)) before.shift();
    while (before.length && CUES[language].stop.has(tokens[before.at(-1)!].norm)) before.pop();
    // (Unnamed, after a comma and a thing as short as they are, no typed field before, they end a list of
    // things: "con calendario, chat o noticias", "mit Kalender, Notizen oder Fotos".)
    const things = j > i && i > 0 && joins[i] === "," && !before.length && listed(i) === i &&
      fields.slice(0, i).every((f) => f.type === "text") &&
      said(fields[i - 1]).length <= Math.max(...group.map((f) => said(f).length));
    if (things) {
      out.push(...group);
      i = j;
      continue;
    }
    const span = { from: option[0], to: group[group.length - 1].span.to };
    out.push({
      name: before.length ? before.map((k) => tokens[k].text).join(" ") : text(tokens, span),
      type: "choice",
      options: [option.map((k) => tokens[k].text).join(" "), ...group.slice(1).map((f) => f.name)],
      span: { from: group[0].span.from, to: span.to },
      start: group[0].start,
      end: group[group.length - 1].end,
    });
    i = j;
  }
  return out;
}

function typeField(tokens: readonly Token[], span: Span, language: UiLanguage): SpannedField | null {
  const cues = CUES[language];
  const part = tokens.slice(span.from, span.to);
  const open = part.findIndex((t) => t.norm === "(");
  const head = open >= 0 ? part.slice(0, open) : part;
  // The words of a yes/no pair say the field is a tick; they are not its name.
  const paired = (k: number) => yesNo(part, k - 1) || yesNo(part, k + 1);
  // (A word of which that opens it asks which one, the field its words name: "welches Auto", "which bike".)
  const opener = head.find((t) => t.kind === "word");
  const which = opener && WHICH[language].has(opener.norm) ? opener : undefined;
  const said = head.filter((t) => t.kind === "word" && !cues.stop.has(t.norm) && t !== which);
  const named = said.filter((t) => !paired(part.indexOf(t)));
  // A field a question of what it keeps opens ("how far I went", "come mi sentivo", "ce que j'ai fait", "wie
  // ich mich gefühlt habe") is named by the thing asked ("distance", "umore", "activité", "Stimmung"), not by
  // the question's verb, and typed by it.
  const opening = head.findIndex((t) => t.kind === "word");
  // (Function words alone after it, or a goal's word, ask where the speaker stands: "how far I am", "wie weit
  // ich bin", "how far I am from my goal".)
  const thing = matchCues(stemTokens(head, language), ASKED[language].index).find((m) => m.from === opening);
  const rest = thing ? head.slice(thing.to).filter((t) => t.kind === "word") : [];
  const stands = (rest.length && rest.every((t) => cues.stop.has(t.norm))) ||
    matchCues(stemTokens(rest, language), cues.asks).some((m) => m.key === "goal");
  if (thing && !stands) {
    const to = span.from + (open >= 0 ? part.length : head.length);
    const unit = measuredIn(thing.key, tokens, language);
    return {
      name: thing.key,
      type: ASKED[language].types.get(thing.key)!,
      ...(unit ? { unit } : {}),
      span: { from: span.from + opening, to },
      start: tokens[span.from + opening].start,
      end: tokens[to - 1].end,
    };
  }
  // A field a question opens ("who has it", "since when", "dove", "wie heiß") is typed and named by it, unless
  // it asks who has done something, a tick, or its words offer values in brackets, a choice of those words.
  // (Who was there or sent something back is a tick of each record, `who-ticks.ts`: "wer gekommen ist".)
  // (Not a list's first field, which names the records' persons: "signup: who's coming, what dish".)
  const present = span.from === 0 || tokens[span.from - 1]?.norm === ":"
    ? undefined
    : whoTick(head, language);
  if (present && head.findIndex((t) => t.kind === "word") === present.where.from) {
    const about = present.about;
    const to = span.from + head.length;
    return {
      name: about
        ? nameOf(head.slice(about.from, about.to), head.slice(about.from, about.to), language)
        : LEXICONS[language].whoTick.name,
      type: "yesno",
      span: { from: span.from + opening, to },
      start: tokens[span.from + opening].start,
      end: tokens[to - 1].end,
    };
  }
  const question = questionField(head, tokens, language);
  if (question && !whoHasDone(head, language) && (open < 0 || !named.length)) {
    const to = span.from + (open >= 0 ? part.length : head.length);
    return {
      ...question,
      span: { from: span.from + opening, to },
      start: tokens[span.from + opening].start,
      end: tokens[to - 1].end,
    };
  }
  if (!named.length) return null;
  const first = part.indexOf(said[0]);
  const last = part.indexOf(said[said.length - 1]);
  const from = span.from + first;
  const to = span.from + (open >= 0 ? part.length : last + 1);
  const { kept, counted, measure } = measured(head, named, language);
  const field: SpannedField = {
    name: nameOf(part.slice(part.indexOf(kept[0]), part.indexOf(kept[kept.length - 1]) + 1), kept, language),
    type: "text",
    span: { from, to },
    start: tokens[from].start,
    end: tokens[to - 1].end,
  };
  // "sorted by best", "als Tortendiagramm" among the fields asks something of the list, "un petit quiz" asks
  // for a screen of its own, and so does a goal with its target ("ein Monatsbudget von 2.800 €"); they are
  // no fields.
  const compounds = language === "de" ? head.map((t) => t.norm) : undefined;
  const target = part.some((t) => t.kind === "number");
  // (A list's cue that opens it before an "of" word, "a list of attendees", "la liste de mes mots", names
  // records of their own.)
  const listOf = (m: CueMatch) =>
    m.key === "list" && head[m.from] === said[0] &&
    OF[language].some((p) => phraseAt(head, m.to, p));
  // (A lone "colour", "Farbe" among fields is the records' colour, not the app's, and so is one its values
  // follow: "colour - red, white".)
  const mark = head.findIndex((_t, k) => k > 0 && labelMark(head, k, language));
  const lone = named.filter((t) => mark < 0 || head.indexOf(t) < mark).length === 1;
  const about = (m: CueMatch) =>
    (ABOUT_LIST.has(m.key as AskType) && !(m.key === "theme" && lone)) ||
    OWN_SCREEN.has(m.key as AskType) || (m.key === "goal" && target) || listOf(m);
  if (matchCues(stemTokens(head, language), cues.asks, compounds).some(about)) return null;
  // A German compound is typed by its head, as its asks are: "Kaufdatum" is a date, "Einkaufspreis" money.
  const headStems = stemTokens(head, language);
  const typings = matchCues(headStems, cues.fields, compounds);
  // A question of how much before a word of paying or costing asks money ("how much it cost", "quanto
  // abbiamo speso", "cuánto gastamos", "wie viel es gekostet hat"), and one before a word of lasting a
  // duration ("quanto è durata"), not a count.
  const amount = typings.find((m) => m.key === "money" || m.key === "duration");
  const byQuestion = amount !== undefined && QUESTIONS[language].has(headStems[opening]);
  const typed = byQuestion ? amount : typings[0];
  if (typed) field.type = typed.key as FieldType;
  // A field named only by the question that types it ("for how long", "quanto tempo", "wie lange") is named
  // by its type's own word, the first the lexicon lists for it ("duration", "durata", "dauer"), not by the
  // question's last word ("long", "lange").
  const asked = typed &&
    (byQuestion || headStems.slice(typed.from, typed.to).some((s) => QUESTIONS[language].has(s)));
  // (So is one a question of how much types by its verb alone, "how much it cost", "quanto abbiamo speso":
  // "price", "prezzo"; and a duration with no more than its verb after the question: "how long I slept".)
  const beyond = asked
    ? named.filter((t) => head.indexOf(t) < typed.from || head.indexOf(t) >= typed.to)
    : [];
  if (asked && (!beyond.length || (typed.key === "duration" && beyond.length === 1))) {
    field.name = LEXICONS[language].fields[typed.key as FieldType]?.[0] ?? field.name;
  }
  // A field named with the words that ask for a score or a tick ("how rested I feel out of 10", "whether
  // it's vegetarian") is one.
  const scored = matchCues(stemTokens(head, language), cues.asks).find((m) =>
    m.key === "rating" || m.key === "yesno"
  );
  if (field.type === "text" && scored) field.type = scored.key as FieldType;
  // (So is one a yes/no pair follows, in whatever words: "vegan y/n".)
  if (field.type === "text" && head.some((_, k) => yesNo(head, k))) field.type = "yesno";
  // A tick named with the question it asks ("una spunta se comprato", "a box for whether the form got
  // signed", "Haken ob gekauft") or the state it is for ("a checkbox for booked", "une case pour réservé",
  // "ein Häkchen für gebucht") is named by the content words of what it asks, the state, not by the box.
  const whether = head.findIndex((t) => WHETHER[language].if.has(t.norm) || PURPOSE[language].has(t.norm));
  const state = kept.filter((t) => head.indexOf(t) > whether);
  if (field.type === "yesno" && whether >= 0 && state.length && state.length < kept.length) {
    field.name = nameOf(head.slice(head.indexOf(state[0])), state, language);
  }
  const done = whoHasDone(head, language);
  if (done) Object.assign(field, { name: done.text, type: "yesno" });
  if (counted) field.type = "number";
  if (measure) Object.assign(field, measure, { type: "currency" in measure ? "money" : "number" });
  // A small range of the field's own words is the scale it is rated on (`scored-range.ts`), named by the words
  // before it ("heat level 1 to 10", "Bewertung von 1 bis 5").
  const scale = !measure && ["text", "number", "rating"].includes(field.type)
    ? scoredRange(head, language)
    : undefined;
  const before = scale ? named.filter((t) => head.indexOf(t) < scale.at) : [];
  if (scale) Object.assign(field, { type: "rating", range: scale.range });
  if (before.length) {
    field.name = nameOf(
      head.slice(head.indexOf(before[0]), head.indexOf(before[before.length - 1]) + 1),
      before,
      language,
    );
  }
  // A field a unit names or opens ("litres", "km percorsi", "km-Stand") is a number in that unit, and one
  // that hours, minutes or seconds open before what they measure, written as no cue of a time of day is
  // ("hours of sleep", "ore di sonno", "Stunden Schlaf"; not "ora di fine"), a duration. (Alone, "con horas"
  // may be a programme's times.)
  const unit = field.type === "text" && kept[0].norm.length > 1 ? measureOf(kept[0].norm) : undefined;
  if (unit && "unit" in unit) Object.assign(field, unit, { type: "number" });
  const clock = kept.length > 1 && CLOCK_UNITS[language].has(kept[0].norm);
  if ((field.type === "text" || field.type === "time") && clock) {
    field.type = "duration";
  }
  if (open >= 0) {
    // "(low, medium, high)" is a choice, "(time, room)" not; "(1-5)" a rating's range; "(ml)" a unit.
    const inner = part.slice(open + 1).filter((t) => t.norm !== ")");
    // (Samples left open, "(rent, food etc.)", are no values to choose from, though a category's are its
    // first categories.)
    const category = matchCues(stemTokens(head, language), cues.asks).some((m) => m.key === "categories");
    const closed = !notOffered(inner, language, (t) => AND[language].has(t.norm));
    const options = offeredValues(
      inner.slice(0, category ? andSoOnAt(inner, language) : undefined),
      language,
    );
    const numbers = inner.filter((t) => t.kind === "number").map((t) => Number(t.text));
    // (Numbers within values apart by commas or "or" are no range, unless prices: "(8 inch dob or 80mm
    // refractor)", "(every week, every 2 weeks, every 3 weeks)".)
    const priced = inner.some((t) => {
      const m = measureOf(t.norm);
      return m !== undefined && "currency" in m;
    });
    if (numbers.length === 2 && numbers[0] < numbers[1] && (options.length < 2 || priced)) {
      field.range = [numbers[0], numbers[1]];
      if (field.type === "text") field.type = numbers[1] <= 10 ? "rating" : "number";
    } else if (inner.some((_, k) => yesNo(inner, k))) {
      field.type = "yesno";
    } else if (
      options.length >= 2 && !namesFields(inner, language) &&
      !onlyExamples(inner, { from: 0, to: inner.length }, language) && (closed || category)
    ) {
      field.type = "choice";
      field.options = options;
    } else if (inner.length === 1) {
      const stated = measureOf(inner[0].norm);
      if (stated && "currency" in stated) Object.assign(field, stated, { type: "money" });
      else Object.assign(field, { unit: inner[0].text, type: "number" });
    }
  }
  return field;
}
