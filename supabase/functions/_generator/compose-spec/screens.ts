// Each ask becomes a building block's screen, or an option or field of one, with the options its
// quantities state (a goal's target and unit, a timer's phases and rounds, every reminder time). What no
// block can serve is reported, never dropped.
import type { Ask, Slot } from "../understand/index.ts";
import { DUE_KEY, dueAfter, intervalOf, keepsInterval, recurrences } from "./due-every.ts";
import type { PricedItem } from "../understand/price-list.ts";
import type { Needed } from "../understand/still-needed.ts";
import { measureOf, type Quantity } from "../understand/quantities.ts";
import { CONCEPTS } from "../understand/concepts-index.ts";
import type { Concept } from "../understand/concepts.ts";
import { type ConceptMatch, conceptOfFields, findConcepts, logsFirst } from "../understand/concepts.ts";
import { CUES, LEXICONS, namesPlace } from "../understand/lexicon.ts";
import { isUiLanguage, type UiLanguage } from "../understand/language.ts";
import UNITS from "../understand/units.json" with { type: "json" };
import CURRENCIES from "../understand/currencies.json" with { type: "json" };
import { currenciesOf } from "./converted.ts";
import type {
  Aggregate,
  BlockName,
  EntitySpec,
  FieldSpec,
  FieldType,
  Figure,
  Language,
  Period,
  RecordData,
  ScreenOptions,
  ScreenSpec,
} from "../template/src/types.ts";
import { blank, capitalized, Entity, fold, fromConcept, fromWords, keyOf, NUMERIC } from "./entities.ts";
import { inRow, recordsApart } from "./records-apart.ts";
import { multipleChoice } from "./choices.ts";
import { eachNoun } from "./each-noun.ts";
import { countNoun } from "./count-noun.ts";
import { languageCards, unitsNoun } from "./language-units.ts";
import { nounPhrase } from "./noun-phrase.ts";
import { WORDS } from "./words.ts";
import { callsRecords, headNoun, ofWhom, ownNoun, qualifying, spentOn, unwritten } from "./own-noun.ts";
import { narrowSamples } from "./narrow.ts";
import { namesThem, participantOf, personFieldOf, personsOf, referTo, whoField } from "./persons.ts";
import { calledByPersons, isParticipant, namedPeople, offerPersons, personsNamed } from "./named-people.ts";
import { otherOccasion } from "./other-occasion.ts";
import { lastingEntity, workedField } from "./worked-out.ts";
import { modifierOnly } from "./beside.ts";
import { otherKind } from "./other-kind.ts";
import { forOccasion } from "./for-occasion.ts";
import { namedChoices } from "./named-choice.ts";
import { fieldsNamedBy, mostNamed, orderOf, speedOf, timeNamed } from "./sort-by.ts";
import { choiceHolding, heldBy, heldChoices } from "./offered-choice.ts";
import { tipChoice } from "./tip-choice.ts";
import { orderedItem, ownOrders } from "./ordered-item.ts";
import { itemAmount } from "./picked-item.ts";
import { governed, requestHead, speakerDoes } from "./head.ts";
import { WORDS as BLOCK_WORDS } from "../template/src/lib/words.ts";
import { stem } from "../understand/stem.ts";
import { words } from "../understand/text.ts";

const CONCEPT_BY_ID = new Map<string, Concept>(CONCEPTS.map((c) => [c.id, c]));
const CONCEPT_BY_KEY = new Map<string, Concept>(CONCEPTS.map((c) => [keyOf(c.id, "record"), c]));

/** The concept an entity was made from, if any. */
export function conceptOf(entity: EntitySpec): Concept | undefined {
  return CONCEPT_BY_KEY.get(entity.key);
}

/** How an ask was built: the screen and block that serve it (and the field, when it is one), or not. */
export interface AskReport {
  type: Ask["type"];
  quote: string;
  built: boolean;
  block?: BlockName;
  screen?: string;
  field?: string;
}

const ICONS: Partial<Record<BlockName, string>> = {
  collection: "list-outline",
  log: "time-outline",
  goal: "flag-outline",
  timetable: "calendar-outline",
  reminders: "alarm-outline",
  timer: "timer-outline",
  quiz: "school-outline",
  people: "people-outline",
  catalog: "pricetags-outline",
  cart: "cart-outline",
  split: "wallet-outline",
  converter: "swap-horizontal-outline",
  calculator: "calculator-outline",
  tracker: "stats-chart-outline",
};

const PERIODS = new Set(["day", "week", "month", "year"]);
/** The asks that keep records as they come or as a list: what their subject counts names the records. */
const KEEPING = new Set<Ask["type"]>(["list", "log"]);
/** The options of a screen that say which figure it shows. */
const FIGURE_OPTIONS = ["aggregate", "period", "amountField", "durationField"] as const;

/** What a prompt's asks make of an app: its entities and screens, and what each ask became. */
export class Builder {
  readonly words;
  readonly reports: AskReport[] = [];
  readonly unmet: string[] = [];
  /** The prompt's words, folded, that named records no ask quotes but a block keeps. */
  private readonly understood = new Set<string>();

  /** The units and currencies a converter converts between, folded. */
  private readonly converted = new Set<string>();

  /** The screens showing a figure an aggregate asked for. */
  private readonly figured = new Set<ScreenSpec>();

  /** Whether a run of unquoted words is a noun phrase of records a block keeps ("grocery expenses"), or names
   * only what a converter converts between ("usd to eur", "Franken in Euro und Dollar"). */
  understands(run: string): boolean {
    const words = fold(run);
    const stop = CUES[this.readIn()].stop;
    const said = words.split(/[^a-z]+/).filter(Boolean);
    return [...this.understood].some((w) =>
      words === w || words.endsWith(` ${w}`) || words.startsWith(`${w} `)
    ) || (said.some((w) => this.converted.has(w)) && said.every((w) => this.converted.has(w) || stop.has(w)));
  }
  /** Entities made from the prompt's words alone: they start empty. */
  readonly withoutSamples: string[] = [];
  /** The day the app is made: a date the prompt states without a year is the next one from it. */
  today = new Date();
  private readonly bySubject = new Map<string, Entity>();
  /** Every ask of the prompt, for what one ask says about another. */
  asked: Ask[] = [];
  /** The records of the week the prompt states day by day, once made. */
  private week?: Entity;
  /** Every quantity the prompt states, for what an ask reads outside its own words (a tip's percentage). */
  stated: Quantity[] = [];

  constructor(
    readonly prompt: string,
    readonly language: Language,
    readonly concepts: Concept[],
    readonly entities: Entity[] = [],
    readonly screens: ScreenSpec[] = [],
    /** The asks change an app already made. */
    readonly followUp = false,
  ) {
    this.words = WORDS[language];
  }

  /** The prompt's words that named each of `concepts`, folded and as written. */
  private conceptWords: string[][] = [];
  private conceptSaid: string[][] = [];
  /** Whether each of `concepts` is named only within an ask made from another's records: that ask's alone. */
  private conceptSide: boolean[] = [];

  /** The language the prompt's words are read in, which the UI may not speak ("… ma in inglese"). */
  private reading?: Language;

  static fromConcepts(
    prompt: string,
    matches: ConceptMatch[],
    language: Language,
    reading: Language,
    head?: string,
  ): Builder {
    const known = matches.filter((m) => CONCEPT_BY_ID.has(m.id));
    const builder = new Builder(prompt, language, known.map((m) => CONCEPT_BY_ID.get(m.id)!));
    builder.conceptWords = known.map((m) => m.words.map(fold));
    builder.conceptSaid = known.map((m) => m.words);
    builder.conceptSide = known.map((m) => m.side === true);
    builder.reading = reading;
    builder.head = head;
    return builder;
  }

  /** The head of the request, when the main records are its rather than the prompt's best concept's. */
  private head?: string;

  /** The concept the words name, not through function words alone. */
  private conceptNamed(words: string): Concept | undefined {
    const reading = this.reading ?? this.language;
    return findConcepts(words, reading).filter((m) => m.words.some((w) => !CUES[reading].stop.has(fold(w))))
      .map((m) => CONCEPT_BY_ID.get(m.id)).find(Boolean);
  }

  /** The concepts the whole prompt names: a concept the prompt's own words of a subject name that is not among
   * them is named there only by a verb ("book" of "to book the rooms"), what is done to the records. */
  private get promptNames(): Set<string> {
    this.wholeNames ??= new Set(findConcepts(this.prompt, this.reading ?? this.language).map((m) => m.id));
    return this.wholeNames;
  }
  private wholeNames?: Set<string>;

  /** The entity an ask's subject names: one already made for it, its concept's, else its own words.
   * `promptConcept`: a subject no concept knows may take the prompt's best concept. */
  entityFor(ask: Ask, fallback: string, promptConcept = true): Entity {
    const subject = ask.subject;
    const id = subject ? fold(subject) : "";
    const known = this.bySubject.get(id) ??
      // Each record of a noun the app keeps records of already is one of those ("zwei Kinder… Pro Kind: …").
      (ask.each ? this.keptOf(id) : undefined) ??
      // A subject that is a field of a list already made ("sorted by price") is that list.
      this.entities.find((e) => e.spec.fields.some((f) => fold(f.label) === id));
    if (known) return known;
    // A subject cut from a longer phrase the prompt names a concept with ("water" of "water intake") is that
    // concept, else the concept its own words name.
    const within = subject
      ? this.concepts.find((_, i) =>
        this.conceptWords[i].some((w) => w !== id && ` ${w} `.includes(` ${id} `))
      )
      : undefined;
    const said = subject ? this.conceptNamed(subject) : undefined;
    const verb = said !== undefined && fold(this.prompt).includes(id) && !this.promptNames.has(said.id);
    // (Records kept, whose own words name a concept that calls them by another noun and holds none of the
    // fields the prompt lists for them, are another kind: those of the concept the fields are, else the
    // prompt's own, not the prompt's best concept's either: `other-kind.ts`.)
    const unlike = !this.followUp && KEEPING.has(ask.type) && said !== undefined &&
      otherKind(said, subject!, ask.fields, this.reading ?? this.language);
    const concept = within ?? this.sideOf(ask) ?? (verb || unlike ? undefined : said);
    // In a follow-up, words no concept knows are about the app's own records ("make the list sortable").
    const same = this.entities.find((e) =>
      concept
        ? e.spec.key === keyOf(concept.id, "record")
        : (!subject || this.followUp) && e === this.entities[0]
    );
    // (Not records of another noun named beside these, each with fields of its own: `records-apart.ts`.)
    const apart = same !== undefined &&
      recordsApart(ask, same, this.asked, this.bySubject, (t) => this.stems(t));
    if (same && !apart) return same;
    // The first entity takes the prompt's best concept when its subject names none ("…with my feeds"), unless
    // the subject is the object the ask governs and only the story before the ask names that concept, or,
    // when the head of the request names the app, the head's: a concept its words name, else those words.
    // (Records whose fields are said of each of them are their noun's own: the head of the request or the
    // prompt's best concept names them only where its words are that noun's, and neither their fields nor the
    // object of a verb do: "colo : pour chaque enfant : nom", "We foster guinea pigs. For each guinea pig:
    // name", not "i miei gatti, per ciascun gatto nome, vaccini fatti".)
    const names = (text: string | undefined) =>
      !ask.each || (text !== undefined && this.says(text, subject!));
    const head = this.entities.length === 0 && names(this.head) ? this.head : undefined;
    const object = this.entities.length === 0 && !head && !concept && !ask.each
      ? this.ownObject(ask)
      : undefined;
    const chosen = apart ? undefined : concept ??
      (unlike
        ? conceptOfFields(ask.fields.map((f) => f.name), this.language)
        : (head
          ? this.conceptNamed(head)
          : this.entities.length === 0 && promptConcept && !object && names(this.conceptSaid[0]?.join(" ")) &&
              !this.othersNamed(ask, this.concepts[0]) && !this.conceptSide[0] && !inRow(ask, this.asked) &&
              // (Nor records said to be for the occasion it names: "charades for family game night".)
              !forOccasion(this.prompt, ask, this.conceptSaid[0] ?? [], this.reading ?? this.language)
          ? this.concepts[0]
          : undefined) ??
          // Records no word names are those whose fields the prompt lists ("libreria: titolo, autore, genere").
          (ask.each ? undefined : conceptOfFields(ask.fields.map((f) => f.name), this.language)));
    // (Records of a concept the app keeps already are those: "segnare le prenotazioni con nome, date…".)
    const kept = chosen && this.entities.find((e) => e.spec.key === keyOf(chosen.id, "record"));
    if (kept) return kept;
    // A subject said only as where the records are ("what's in the cellar freezer") is not what they are called.
    const reading = this.reading ?? this.language;
    const place = (w: string) => namesPlace(this.prompt, w, reading);
    // Records no concept knows are called by the whole noun phrase of the object the ask governs, or of the
    // object of the verb its subject is ("book the meeting rooms").
    // (Each record's noun is singular: the records are called as the prompt named them before, "guinea pigs".)
    const own = ask.each && subject
      ? this.writtenBefore(ask.start, subject) ?? subject
      : !subject || chosen
      ? subject
      : verb
      ? this.verbObject({ ...ask, subject }) ?? subject
      : governed(ask, this.prompt, reading)
      ? this.objectPhrase({ ...ask, subject })
      : subject;
    // (The first records with no subject and no concept are what the prompt's first sentence is about.)
    const named = head ?? object ??
      (subject
        ? (place(subject) ? undefined : own)
        : chosen || this.entities.length
        ? undefined
        : requestHead(this.prompt.split(/[.!?\n]/)[0], reading));
    // (A name of the prompt's words is a noun phrase; with no noun left, the fields are the main records'.)
    const noun = chosen ? named : this.nounOf(named);
    if (!chosen && named !== undefined && noun === undefined && this.entities.length) {
      if (id) this.bySubject.set(id, this.entities[0]);
      return this.entities[0];
    }
    // (With no noun left and no records yet, they are what the prompt's first sentence is about, else items.)
    const first = noun ??
      (named === undefined
        ? undefined
        : this.nounOf(requestHead(this.prompt.split(/[.!?\n]/)[0], reading)) ?? this.words.items);
    // (Records named as others are already are those: "Pro Spiel" of "Spiel".)
    const alike = first && !chosen && this.entities.find((e) => fold(e.spec.label) === fold(first));
    if (alike) return alike;
    const entity = chosen ? fromConcept(chosen, this.language) : fromWords(first, this.language, fallback);
    // Records of a concept the prompt names by a noun of its own are called so.
    const at = chosen ? this.concepts.indexOf(chosen) : -1;
    if (at >= 0) {
      ownNoun(entity, chosen!, this.conceptSaid[at].filter((w) => !place(w)), this.language);
      spentOn(entity, chosen!, this.conceptSaid[at], this.prompt, this.language);
      ofWhom(entity, chosen!, this.conceptSaid[at], this.prompt, this.language);
      unwritten(entity, chosen!, this.conceptSaid[at], this.language);
      qualifying(entity, chosen!, this.conceptSaid[at], this.prompt, this.language);
      narrowSamples(entity, chosen!, this.conceptSaid[at], this.prompt, this.language);
      otherOccasion(entity, chosen!, this.conceptSaid[at], this.prompt, this.language);
      const asked = ask.fields.map((f) => f.name);
      if (!concept && !head && chosen === this.concepts[0] && this.namedAsField(ask)) {
        entity.spec.samples = [];
      }
      // (The best concept, named beside the object the ask governs, or only as one of the records' fields,
      // gives it fields; the object names it.)
      if (!concept && !head && !ask.each && chosen === this.concepts[0] && this.governsObject(ask)) {
        const object = this.objectPhrase({ ...ask, subject: subject! });
        headNoun(entity, chosen, object, this.conceptSaid[at], this.prompt, this.language, asked);
      }
      // (So does a subject whose complement alone names the concept: "mantenimiento de la moto".)
      // (Not where it is said only as where the records are: "what is in the freezer right now".)
      if (said !== undefined && concept === said && !place(subject!) && this.complementOnly(subject!)) {
        headNoun(entity, said, subject!, this.conceptSaid[at], this.prompt, this.language, asked);
      }
    }
    if (at >= 0) unitsNoun(entity, chosen!, this.conceptSaid[at], reading);
    // (Records an "each" phrase names are called by its noun: "log every haircut", not "Appointments".)
    if (ask.each && subject) eachNoun(entity, subject, this.language);
    // (Records kept as units of a thing are called by the unit: "log every bottle of wine" keeps "Bottles".)
    if (at >= 0 && subject && KEEPING.has(ask.type) && reading === this.language) {
      countNoun(entity, chosen!, subject, this.language, (w) => this.conceptNamed(w));
    }
    if (!entity.known || !entity.spec.samples.length) this.withoutSamples.push(entity.spec.plural);
    this.adopt(entity);
    if (id) this.bySubject.set(id, entity);
    return entity;
  }

  /** Records called by the prompt's own words, of no concept. */
  private ownEntity(subject: string, fallback: string): Entity {
    const entity = fromWords(subject, this.language, fallback);
    this.withoutSamples.push(entity.spec.plural);
    this.adopt(entity);
    this.bySubject.set(fold(subject), entity);
    return entity;
  }

  /** An entity made here joins the app's, under a key of its own ("week", "week2"). */
  private adopt(entity: Entity): Entity {
    const key = entity.spec.key;
    for (let n = 2; this.entities.some((e) => e.spec.key === entity.spec.key); n++) {
      entity.spec.key = `${key}${n}`;
    }
    this.entities.push(entity);
    return entity;
  }

  /** Whether an ask's subject is the object it governs, opened as by a determiner or by a word of each ("track
   * the parcels", "segnare ogni cassetta", "log every bake"). */
  private governsObject(ask: Ask): boolean {
    const reading = this.reading ?? this.language;
    if (governed(ask, this.prompt, reading)) return true;
    const at = ask.subject ? ask.quote.indexOf(ask.subject) : -1;
    const before = at > 0 ? words(this.prompt.slice(0, ask.start + at)).at(-1) : undefined;
    return before !== undefined && LEXICONS[reading].group.each.some((w) => fold(w) === before.norm);
  }

  /** Whether a subject's words before its first function word name no concept, its complement only
   * ("mantenimiento" of "mantenimiento de la moto", "checks" of "checks on my motorbike"). */
  private complementOnly(subject: string): boolean {
    const stop = CUES[this.reading ?? this.language].stop;
    const tokens = words(subject);
    const k = tokens.findIndex((t) => t.kind !== "word" || stop.has(t.norm));
    if (k < 0) return modifierOnly(subject, this.reading ?? this.language, (w) => this.conceptNamed(w));
    return k > 0 && !this.conceptNamed(subject.slice(0, tokens[k - 1].end));
  }

  /** The concept an ask made from another's records names within its words ("a shopping list from it"). */
  private sideOf(ask: Ask): Concept | undefined {
    const quote = fold(ask.quote);
    return ask.derived
      ? this.concepts.find((_, i) =>
        this.conceptSide[i] && this.conceptWords[i].some((w) => quote.includes(w))
      )
      : undefined;
  }

  /** The noun phrase of a name of the prompt's words, if any is left (`noun-phrase.ts`). */
  private nounOf(name: string | undefined): string | undefined {
    return name === undefined
      ? undefined
      : nounPhrase(name, this.prompt, this.reading ?? this.language) || undefined;
  }

  /** The stems of words, in order. */
  private stems(text: string): string[] {
    const reading = this.reading ?? this.language;
    return words(text).filter((t) => t.kind === "word").map((t) => stem(t.norm, reading));
  }

  /** The entity made for a subject of the same words but for their endings ("Kinder" for "Kind"). */
  private keptOf(id: string): Entity | undefined {
    const own = this.stems(id).join(" ");
    return [...this.bySubject].find(([s]) => this.stems(s).join(" ") === own)?.[1];
  }

  /** The words before `at` that name a subject but for their endings, as written, the last such ones. */
  private writtenBefore(at: number, subject: string): string | undefined {
    const own = this.stems(subject).join(" ");
    const tokens = words(this.prompt.slice(0, at)).filter((t) => t.kind === "word");
    const n = own.split(" ").length;
    for (let i = tokens.length - n; i >= 0; i--) {
      const run = tokens.slice(i, i + n);
      if (this.stems(run.map((t) => t.text).join(" ")).join(" ") === own) {
        return this.prompt.slice(run[0].start, run[n - 1].end);
      }
    }
    return undefined;
  }

  /** Whether words name a subject, every word of it but for their endings ("guinea pigs" of "guinea pig"). */
  private says(text: string, subject: string): boolean {
    const said = new Set(this.stems(text));
    return this.stems(subject).every((s) => said.has(s));
  }

  /** Whether the subject of other records named beside this ask's with fields of their own names a concept:
   * those records are the concept's, not these ("hives with location and harvests with date and weight"). */
  private othersNamed(ask: Ask, concept: Concept | undefined): boolean {
    return concept !== undefined && ask.records === true &&
      this.asked.some((a) =>
        a !== ask && a.records && a.subject && fold(a.subject) !== fold(ask.subject ?? "") &&
        this.conceptNamed(a.subject) === concept
      );
  }

  /** Whether the prompt's best concept is named only within fields the ask, or another ask, lists ("je note
   * chaque étape : date, km, le gîte et son prix", "cocher s'il a pris ses médicaments"): it is what the
   * records have or what is ticked on them, not what they are, and its samples another topic's. */
  private namedAsField(ask: Ask): boolean {
    const fields = [ask, ...this.asked].flatMap((a) => a.fields.map((f) => ` ${fold(f.name)} `));
    const [said] = this.conceptWords;
    return said !== undefined && said.length > 0 &&
      said.every((w) => fields.some((f) => f.includes(` ${w} `)));
  }

  /**
   * The object an ask's cue governs ("noter les oiseaux"), its noun phrase in full, when the prompt's best
   * concept is named only in the story around the request: before the ask's words ("je fais du vélo … et je
   * veux noter les oiseaux"; not "noter les absences et les devoirs") or after them in what the speaker does
   * ("track the parcels I send"), and the object is no word the concept
   * calls its records or their fields by ("segnare le ore" of a babysitter's hours): the records are the
   * object's, not the concept's.
   */
  private ownObject(ask: Ask): string | undefined {
    const [best] = this.concepts;
    const reading = this.reading ?? this.language;
    const before = this.prompt.slice(0, ask.start);
    if (!best || !ask.subject || !governed(ask, this.prompt, reading)) return undefined;
    const at = ask.start + ask.quote.indexOf(ask.subject);
    const after = at + ask.subject.length;
    if (
      !this.conceptSaid[0].every((w) => before.includes(w) || speakerDoes(this.prompt, after, w, reading)) ||
      callsRecords(best, ask.subject, reading, true)
    ) return undefined;
    return this.objectPhrase({ ...ask, subject: ask.subject });
  }

  /** The noun phrase right after an ask's subject, up to the end of its clause: the object of the verb it is. */
  private verbObject(ask: Ask & { subject: string }): string | undefined {
    const after = ask.start + ask.quote.indexOf(ask.subject) + ask.subject.length;
    return requestHead(this.prompt.slice(after).split(/[.,;:!?\n]/)[0], this.reading ?? this.language);
  }

  /** The noun phrase of an ask's subject in full: the head runs on past a subject cut short ("safe" of "safe
   * and unsafe foods") but skips a cue's word. */
  private objectPhrase(ask: Ask & { subject: string }): string {
    const phrase = requestHead(
      this.prompt.slice(ask.start + ask.quote.indexOf(ask.subject)),
      this.reading ?? this.language,
    );
    return phrase?.startsWith(ask.subject) ? phrase : ask.subject;
  }

  /** When a goal's subject names records that set amounts (budgets, savings targets), the records kept as
   * they happen that the prompt also names (expenses, deposits): what the goal adds up. */
  private happening(ask: Ask): Entity | undefined {
    const sets = (c: Concept) => c.fields.some((f) => f.target);
    const named = (ask.subject && this.conceptNamed(ask.subject)) || this.concepts[0];
    if (!named || !sets(named)) return undefined;
    const at = this.concepts.findIndex((c) =>
      c !== named && !sets(c) && c.implies.includes("log") && c.fields.some((f) => f.type === "money")
    );
    const words = this.conceptWords[at]?.[0];
    if (!words) return undefined;
    this.understood.add(words);
    return this.entityFor({ ...ask, subject: words }, this.words.goal);
  }

  private forget(entity: Entity) {
    this.entities.splice(this.entities.indexOf(entity), 1);
    for (const [id, e] of this.bySubject) if (e === entity) this.bySubject.delete(id);
    const left = this.withoutSamples.indexOf(entity.spec.plural);
    if (left >= 0) this.withoutSamples.splice(left, 1);
  }

  /**
   * The cards a quiz asks on its subject: a concept's records where it is one of things learnt in pairs
   * (capitals, words), else the subject's own questions and answers, which cannot be known offline: they start
   * empty, the prompt's name for them kept ("morse code"), not an exam's or a period's record. The quiz shows
   * a card's first two fields, its question and its answer.
   */
  private cardsFor(ask: Ask): Entity {
    const w = this.words;
    // (The first cards of a quiz on a language alone, "spanish flashcards", are its vocabulary's.)
    const vocabulary = this.entities.length
      ? undefined
      : languageCards(ask.subject, this.reading ?? this.language, this.language);
    if (vocabulary) return this.adopt(vocabulary);
    // (Cards a subject of no noun is said of, "hosting a quiz", are the quiz's own, not the main records.)
    const own = this.nounOf(ask.subject);
    const found = ask.subject && !own && this.entities.length
      ? undefined
      : this.entityFor(ask, w.question, !ask.subject);
    const concept = found && conceptOf(found.spec);
    if (found && concept?.implies.includes("quiz")) return found;
    if (found && concept && !this.screens.some((s) => s.entity === found.spec.key)) this.forget(found);
    // (Those of a subject of no noun are the quiz's: "Quiz".)
    const entity = found && !concept ? found : this.ownCards(own ?? (ask.subject ? w.quiz : undefined));
    const question = entity.ensure("question", w.question, "text");
    const answer = entity.ensure("answer", w.answer, "text");
    // (A name is what a list's records are called; a card's is its question.)
    const rest = entity.spec.fields.filter((f) => f !== question && f !== answer && f.key !== "name");
    entity.spec.fields = [question, answer, ...rest];
    return entity;
  }

  /** The records a catalog shows: its subject's, or, for things the prompt lists with prices, records that
   * can be things sold (a concept of a catalog's, or the prompt's own words), not the orders, walks or
   * pupils the app keeps besides ("Dog walking prices: 30 min walk $15 … Log each walk"). */
  private sellerOf(ask: Ask): Entity {
    const entity = this.entityFor(ask, this.words.name);
    const concept = conceptOf(entity.spec);
    if (!ask.items || !concept || concept.implies.includes("catalog")) return entity;
    const measured = ask.items.some((i) => i.unit);
    return this.adopt(
      fromWords(undefined, this.language, measured ? this.words.perItemList : this.words.priceList),
    );
  }

  /** A catalog's records are the things the prompt lists with their prices, in its words, rather than a
   * concept's samples of others. */
  private listedItems(entity: Entity, price: FieldSpec, items: PricedItem[]) {
    const title = entity.ofType("text");
    if (!title) return;
    entity.spec.samples = items.map((item, i) => {
      const record: RecordData = { id: `${entity.spec.key}-${i + 1}` };
      for (const f of entity.spec.fields) record[f.key] = blank(f);
      return Object.assign(record, { [title.key]: capitalized(item.name), [price.key]: item.price });
    });
    entity.stated = true;
    const left = this.withoutSamples.indexOf(entity.spec.plural);
    if (left >= 0) this.withoutSamples.splice(left, 1);
  }

  /** Cards of the prompt's own words, no samples: those of the same name already made, else new ones. */
  private ownCards(own: string | undefined): Entity {
    const made = fromWords(own, this.language, this.words.question);
    const kept = this.entities.find((e) => !e.known && e.spec.label === made.spec.label);
    if (kept) return kept;
    this.adopt(made);
    this.withoutSamples.push(made.spec.plural);
    return made;
  }

  /** The number field a phrase names ("readings", "the stock"), and its records. */
  private numberNamed(phrase: string): { entity: Entity; field: FieldSpec } | undefined {
    const own = new Set(this.stems(phrase));
    for (const entity of this.entities) {
      const field = entity.spec.fields.find((f) =>
        NUMERIC.has(f.type) || f.type === "rating" ? this.stems(f.label).some((s) => own.has(s)) : false
      );
      if (field) return { entity, field };
    }
  }

  /** The records a phrase names by their label ("readings", "Analysen"). */
  private recordsNamed(phrase: string): Entity | undefined {
    const own = new Set(this.stems(phrase));
    return this.entities.find((e) =>
      [e.spec.label, e.spec.plural].some((l) => this.stems(l).some((s) => own.has(s)))
    );
  }

  /** The event a countdown names, from its words: one record when the prompt states its date. */
  private eventOf(ask: Ask): Entity {
    const entity = fromWords(this.nounOf(ask.subject), this.language, this.words.date);
    const date = entity.ensure("date", this.words.date, "date");
    if (!this.statedEvent(entity, ask, date)) this.withoutSamples.push(entity.spec.plural);
    this.adopt(entity);
    return entity;
  }

  /**
   * The record of the event a countdown names with the date the prompt states ("our wedding on June 12"),
   * first among the entity's records; a date without a year is its next one from today. False when the
   * prompt states no date or names no event.
   */
  private statedEvent(entity: Entity, ask: Ask, date: FieldSpec): boolean {
    const when = ask.quantities.find((q) => q.kind === "date");
    const title = entity.ofType("text");
    if (when?.kind !== "date" || !ask.subject || !title) return false;
    const day = nextDate(when.date, this.today);
    if (!day) return false;
    const record: RecordData = { id: `${entity.spec.key}-event` };
    for (const f of entity.spec.fields) record[f.key] = blank(f);
    Object.assign(record, { [title.key]: capitalized(ask.subject), [date.key]: day });
    entity.spec.samples.unshift(record);
    return true;
  }

  /** Whether a subject names an entity's records: it was made for those words, or they name its concept. */
  private isOf(subject: string, entity: Entity): boolean {
    if (this.bySubject.get(fold(subject)) === entity) return true;
    const concept = this.conceptNamed(subject);
    return concept !== undefined && conceptOf(entity.spec) === concept;
  }

  /** The main entity: the first one, made from the prompt's concept or the ask's words when there is none. */
  main(ask: Ask): Entity {
    const holder = this.saidOf(ask);
    return (holder && this.entityFor(holder, this.words.items)) ?? this.entities[0] ??
      this.entityFor(ask, this.words.items);
  }

  /** The one ask of records with a subject of their own that lists a field this ask types ("…Aufträge: Datum,
   * Preis, bezahlt ja/nein"): that field is of those records, not of the app's first. */
  private saidOf(ask: Ask): Ask | undefined {
    const names = new Set(ask.fields.map((f) => fold(f.name)));
    const holders = this.asked.filter((a) =>
      a !== ask && a.subject && RECORDS.has(a.type) && a.fields.some((f) => names.has(fold(f.name)))
    );
    return holders.length === 1 ? holders[0] : undefined;
  }

  screenOf(entity: Entity, ...blocks: BlockName[]): ScreenSpec | undefined {
    return this.screens.find((s) => s.entity === entity.spec.key && blocks.includes(s.block));
  }

  addScreen(block: BlockName, title: string, entity?: Entity, options: ScreenOptions = {}): ScreenSpec {
    // A screen of no records (a calculator, a timer) is made once; a second ask adds its options.
    const same = entity ? undefined : this.screens.find((s) => s.block === block);
    if (same) {
      Object.assign(same.options, options);
      return same;
    }
    // Two asks of one thing ("split the bills … see who owes who") build it once.
    const twin = this.screens.find((s) =>
      s.block === block && s.entity === entity?.spec.key &&
      JSON.stringify(s.options) === JSON.stringify(options)
    );
    if (twin) return twin;
    const base = keyOf(entity && block !== "log" && block !== "goal" ? entity.spec.plural : block, block);
    let key = base === "index" ? `${base}Screen` : base;
    for (let n = 2; this.screens.some((s) => s.key === key); n++) key = `${base}${n}`;
    const icon = entity ? conceptOf(entity.spec)?.icon ?? ICONS[block] : ICONS[block];
    const screen: ScreenSpec = {
      key,
      title: this.freeTitle(title.slice(0, 60), block),
      icon: icon ?? "ellipse-outline",
      block,
      ...(entity ? { entity: entity.spec.key } : {}),
      options,
    };
    this.screens.push(screen);
    return screen;
  }

  /** A title no screen has yet: a second screen of the same records is named by what its block shows
   * ("Runs" and "History"), and one of a block named already ("Quiz") is numbered. */
  private freeTitle(title: string, block: BlockName): string {
    const taken = (t: string) => this.screens.some((s) => s.title === t);
    const w = this.words;
    const own: Partial<Record<BlockName, string>> = {
      log: w.history,
      collection: w.listTitle,
      timetable: w.schedule,
      goal: w.goal,
      quiz: w.quiz,
      tracker: w.chart,
      reminders: w.reminders,
    };
    const word = own[block];
    if (!taken(title)) return title;
    if (word && !taken(word)) return word;
    let n = 2;
    while (taken(`${title} ${n}`)) n++;
    return `${title} ${n}`;
  }

  /** The field of records that names whose each is, called by the persons' noun, and the persons' own
   * records, made unless the app keeps them already; none where no noun is named or implied (or the records
   * are the persons). */
  private persons(records: Entity, people: string[], named: string[]): [FieldSpec, Entity?] | undefined {
    const language = this.reading ?? this.language;
    const found = language === this.language ? participantOf(this.prompt, records, language) : undefined;
    if (!found) return undefined;
    const { p, word } = found;
    if (word) this.understood.add(word);
    const field = personFieldOf(records, p, people, language);
    if (this.entities.some((e) => namesThem(e.spec.plural, p, language))) return [field];
    // (The persons are those named, else those the records' samples name one at a time.)
    const sampled = records.spec.samples.map((r) => r[field.key]).filter((v) => typeof v === "string");
    const names = named.length ? named : [...new Set(sampled.filter((v) => v && !v.includes(",")))];
    const persons = personsOf(p, names, language);
    while (this.entities.some((e) => e.spec.key === persons.spec.key)) persons.spec.key += "2";
    if (!names.length) this.withoutSamples.push(persons.spec.plural);
    this.entities.push(persons);
    return [field, persons];
  }

  /** Records that say who each is of, with no board of people ("who's coming and what dish they bring", "chi
   * porta cosa"), name them by the persons' noun too, the persons records of their own. */
  /** The persons' own records made of persons named one by one, and their names. */
  private namedLists: { list: Entity; named: string[] }[] = [];

  /** The records that say who each is of, as text, offer the persons named one by one (`named-people.ts`), who
   * are kept whole. */
  offerNamedPersons(): void {
    const language = this.reading ?? this.language;
    const lists = new Set(this.namedLists.map((n) => n.list));
    const w = this.words;
    for (const { list, named } of this.namedLists) {
      // (The persons are the prompt's own records: every one is kept, whatever the tier.)
      list.stated = true;
      // (A list called by a noun only as written, "Boys", has no singular: its field is the person's.)
      const label = list.spec.label === list.spec.plural ? w.person : list.spec.label;
      offerPersons(this.entities.filter((e) => !lists.has(e)), named, label, language);
    }
  }

  personsOfRecords(): void {
    if (this.screens.some((s) => s.block === "people")) return;
    // (Persons named one by one are those persons already: `named-people.ts`.)
    if (this.asked.some((a) => a.type === "people" && a.named)) return;
    const language = this.reading ?? this.language;
    const records = this.entities.find((e) => whoField(e, language));
    const persons = records && this.persons(records, [], [])?.[1];
    if (persons) this.listOf(persons);
  }

  /** The screen that lists an entity, made when there is none. */
  listOf(entity: Entity): ScreenSpec {
    return this.screenOf(entity, "collection") ?? this.addScreen("collection", entity.spec.plural, entity);
  }

  report(ask: Ask, screen?: ScreenSpec, field?: string) {
    this.reports.push({
      type: ask.type,
      quote: ask.quote,
      built: true,
      ...(screen ? { block: screen.block, screen: screen.key } : {}),
      ...(field ? { field } : {}),
    });
  }

  /** The figure still needed per period of the goal's screen, until the day the target is to be reached by. */
  needed(ask: Ask, needed: Needed) {
    const goal = this.screens.find((s) => s.block === "goal");
    if (!goal) return this.refuse(ask, "no target to reach");
    goal.options.needed = needed.per;
    // (The next record's value is of the number the records keep, else of one made for it.)
    const entity = this.entities.find((e) => e.spec.key === goal.entity);
    const number = entity?.spec.fields.find((f) => f.key === goal.options.amountField) ??
      entity?.ensureType(["number", "rating"], "amount", this.words.amount);
    if (needed.per === "next" && number) goal.options.amountField = number.key;
    if (needed.by) goal.options.deadline = needed.by;
    return this.report(ask, goal);
  }

  refuse(ask: Ask, why: string) {
    this.reports.push({ type: ask.type, quote: ask.quote, built: false });
    this.unmet.push(`${ask.quote} (${why})`);
  }

  apply(ask: Ask) {
    const w = this.words;
    const q = ask.quantities;
    switch (ask.type) {
      case "list": {
        const entity = this.entityFor(ask, w.items);
        entity.addAsked(ask.fields);
        // A subject kept as it happens (feeds, fill-ups, waterings) is a log even when only named.
        if (impliesLog(entity)) return this.report(ask, this.logOf(entity, q));
        const screen = this.listOf(entity);
        const check = entity.ofType("check");
        if (check && screen.block === "collection") screen.options.checkField ??= check.key;
        return this.report(ask, screen);
      }
      case "log": {
        const entity = this.entityFor(ask, w.name);
        entity.addAsked(ask.fields);
        // A register of things a concept says are listed, with nothing timed or measured ("registro de mis
        // cactus", "suivre mes candidatures"), is their list; what a figure of the speaker's acts implies is
        // those acts ("budget…, how much is left": the spendings).
        const listed = !ask.done && !ask.implied && conceptOf(entity.spec) && !impliesLog(entity) &&
          !q.length &&
          !ask.fields.some((f) => f.type === "time" || f.type === "duration");
        return this.report(ask, listed ? this.listOf(entity) : this.logOf(entity, q));
      }
      case "goal": {
        // A time to keep to or under ("höchstens 2 Stunden am Tag") counts the records' durations, in minutes.
        const target = q.find((x) => x.kind === "money" || x.kind === "measure" || x.kind === "number") ??
          q.find((x) => x.kind === "duration");
        // A goal without a target is the app's goal when it has one ("see how far I am"); else it would show a
        // made-up one.
        const made = this.screens.find((s) => s.block === "goal");
        if (!target && made) return this.report(ask, made);
        if (!target) return this.refuse(ask, "no target was stated");
        // A change by an amount ("lose 5 kg", "10 kg abnehmen") counts from a first reading no goal keeps: the
        // readings are kept, the change is listed.
        if (ask.change) {
          if (this.entities[0]) this.logOf(this.entities[0], []);
          return this.refuse(
            ask,
            "a change by an amount needs a first reading to count from, which no goal keeps",
          );
        }
        // A goal is about what the app already keeps ("log my weight…, goal of 70"), else the records that
        // happen the prompt names beside a budget or a savings target ("gastos del mes, presupuesto 800"),
        // else its own subject.
        // (A number of records counts the ones it names where the app keeps them: "60 payments, how many are
        // left" counts the payments, not the loan.)
        const counted = ask.counts !== undefined ? this.bySubject.get(fold(ask.counts)) : undefined;
        const entity = counted ?? this.entities[0] ?? this.happening(ask) ?? this.entityFor(ask, w.goal);
        entity.addAsked(ask.fields);
        // A number of things with nothing to add up ("no more than 3 coffees a day") counts the records.
        const amount = target.kind === "duration"
          ? entity.ensureType(["duration"], "duration", w.duration)
          : amountField(entity, q) ?? countedField(entity, ask, target) ??
            (target.kind === "number" ? undefined : entity.ensure("amount", w.amount, "number"));
        const period = periodOf(q);
        const options: ScreenOptions = { goal: valueOf(target) };
        if (amount) options.amountField = amount.key;
        // A limit shows what is left under it and by how much it was passed, not a target reached.
        if (ask.limit) options.limit = true;
        if (period) options.period = period;
        if (period || entity.ofType("date")) {
          options.dateField = entity.ensureType(["date"], "date", w.date).key;
        }
        // A reading of a state (a body weight) is reached by the latest reading, not by adding them up.
        if (amount && levelOf(entity, amount.key)) options.level = true;
        const unit = target.kind === "measure" ? target.unit : amount && amountUnit(entity, amount.key);
        if (unit) options.unit = unit;
        if (target.kind === "money") options.currency = target.currency;
        const goal = this.addScreen("goal", w.goal, entity, options);
        // A goal holds one target over a period: a deadline, or a second target, is listed.
        const why = "(a goal has one target, over a day, week, month or year)";
        const by = ask.deadline;
        const held = (x: Quantity) =>
          x === target || (x.kind === "period" && PERIODS.has(x.period)) ||
          (by !== undefined && by.start <= x.start && x.end <= by.end);
        if (by) this.unmet.push(`${by.text} ${why}`);
        for (const x of q.filter((x) => !held(x))) this.unmet.push(`${x.text} ${why}`);
        // Records kept as they happen (steps, deposits) are listed in their log, whose total the goal counts.
        if (impliesLog(entity)) this.logOf(entity, q);
        return this.report(ask, goal);
      }
      case "aggregate": {
        if (ask.ranked) return this.ranking(ask);
        // What is left of a goal's target is what its screen shows under the progress.
        if (ask.remaining) {
          const goal = this.screens.find((s) => s.block === "goal");
          // (What is left to each one, "how many classes each client has left", is what each has used: the
          // log's count, or total, per that one.)
          const log = goal && ask.per &&
            this.screens.find((s) => s.block === "log" && s.entity === goal.entity);
          const kept = log && this.entities.find((e) => e.spec.key === log.entity);
          if (log && kept) this.figurePer(ask, kept, log);
          return goal ? this.report(ask, goal) : this.refuse(ask, "no amount was stated to count down from");
        }
        const period = periodOf(q);
        const log = this.screens.find((s) => s.block === "log" || s.block === "goal");
        if (log) {
          const before = { ...log.options };
          if (period) log.options.period = period;
          const entity = this.entities.find((e) => e.spec.key === log.entity);
          if (entity && log.block === "log") this.computed(ask, entity, log);
          // Another figure asked of a figured screen keeps the first: a log's card of today shows a count, or a
          // total for the day of its amount or duration ("a summary for today: number of feedings, total ml"),
          // a log charts any other beside it ("how much I earn a month and how many hours"), and a goal's is
          // listed. (An aggregate that computes nothing counts the records.)
          const after: ScreenOptions = ask.computes ? log.options : { ...log.options, aggregate: "count" };
          const changed = FIGURE_OPTIONS.some((k) => after[k] !== before[k]);
          if (this.figured.has(log) && changed) {
            log.options = before;
            const field = after.aggregate === "count" ? undefined : after.amountField ?? after.durationField;
            const today = log.block === "log" && (ask.computes ?? "total") === "total" &&
              (!period || period === "day") &&
              [undefined, before.amountField, before.durationField].includes(field);
            if (!today && (log.block !== "log" || !entity || !addFigure(log, entity, after))) {
              return this.refuse(ask, "a second figure, which its screen does not show beside the first");
            }
          }
          this.figured.add(log);
          if (entity && log.block === "log") this.figurePer(ask, entity, log);
          return this.report(ask, log);
        }
        // Records kept as they happen are added up, or counted, in their log over the period ("guitar practice
        // minutes per day", "egg counter"); a list's are added up in the list, if it has an amount.
        const entity = this.main(ask);
        const logged = !conceptOf(entity.spec) || impliesLog(entity);
        if (logged) {
          const log = this.computed(ask, entity, this.logOf(entity, q));
          this.figurePer(ask, entity, log);
          return this.report(ask, log);
        }
        // A total asked as how much ("how much I billed") adds up an amount, made when the records have none.
        // (Money the figure names, "how much they still owe me", is the records' money, made when they have none.)
        const money = ask.amount?.type === "money" && ask.amount.currency === undefined
          ? entity.ofType("money") ?? entity.ensure("amount", w.amount, "money")
          : undefined;
        const amount = money ?? entity.ofType("money", "number") ??
          (ask.computes ? entity.ensure("amount", w.amount, "number") : undefined);
        // (A count of records with a tick is the share it marks, not a total of some amount of theirs.)
        if (!amount || (!ask.computes && entity.ofType("check"))) return this.counted(ask, entity);
        const screen = this.listOf(entity);
        screen.options.amountField = amount.key;
        return this.report(ask, screen);
      }
      case "schedule": {
        // A week stated day by day is the app's timetable, which every schedule the prompt names shows.
        const week = ask.slots ?? this.asked.find((a) => a.type === "schedule" && a.slots)?.slots;
        if (week) return this.report(ask, this.weekOf(week));
        const entity = this.entityFor(ask, w.schedule);
        entity.addAsked(ask.fields);
        const weekday = entity.ensureType(["weekday"], "weekday", w.weekday);
        const time = entity.ensureType(["time"], "time", w.time);
        const details = entity.spec.fields.filter((f) => f.type === "text" && f !== entity.spec.fields[0])
          .slice(0, 2).map((f) => f.key);
        return this.report(
          ask,
          this.addScreen("timetable", entity.spec.plural, entity, {
            weekdayField: weekday.key,
            timeField: time.key,
            ...(details.length ? { detailFields: details } : {}),
          }),
        );
      }
      case "reminder":
        return this.report(ask, this.reminder(ask));
      case "timer": {
        const durations = q.filter((x) => x.kind === "duration");
        // Two lengths with neither called work or rest ("20 segundos y 10 segundos") alternate as they
        // would on any interval timer: work, then rest.
        const paired = durations.length === 2 && durations.every((x) => !x.phase);
        const phases = durations.map((x, i) => ({
          label: x.phase === "off" || (paired && i === 1)
            ? w.rest
            : x.phase === "on" || paired
            ? w.work
            : w.timer,
          minutes: x.seconds / 60,
        }));
        const rounds = q.find((x) => x.kind === "rounds");
        const options: ScreenOptions = {};
        if (phases.length) options.phases = phases;
        if (rounds?.kind === "rounds") options.rounds = rounds.value;
        return this.report(ask, this.addScreen("timer", w.timer, undefined, options));
      }
      case "quiz": {
        // A quiz is on its topic ("capitales du monde", "code de la route"): another subject the prompt names
        // in passing ("réviser" a car) is not what its questions are about.
        const entity = this.cardsFor(ask);
        entity.addAsked(ask.fields);
        // A quiz asks every question it holds: a number of questions a round is not kept.
        for (const n of q.filter((x) => x.kind === "number")) {
          // The number with the word it counts ("10 questions").
          const counted = this.prompt.slice(n.start).match(/^\S+\s+[\p{L}\p{N}]+/u)?.[0] ?? n.text;
          this.unmet.push(`${counted} (a quiz asks every question it holds)`);
        }
        // (A number of answers to choose from makes it a multiple-choice quiz: `choices.ts`.)
        const choice = ask.choices ? multipleChoice(entity, ask.choices, w.answer) : undefined;
        return this.report(ask, this.addScreen("quiz", w.quiz, entity, choice ?? { mode: "quiz" }));
      }
      case "people": {
        const reading = this.reading ?? this.language;
        // Persons named one by one where nothing asks a board of theirs are records of their own, each a
        // sample, whom the other records name (`named-people.ts`).
        if (ask.named && !this.followUp) {
          const named = ask.fields.flatMap((f) => f.options ?? []);
          const list = personsNamed(ask.subject, named, this.prompt, reading, w.person);
          while (this.entities.some((e) => e.spec.key === list.spec.key)) list.spec.key += "2";
          this.entities.push(list);
          this.namedLists.push({ list, named });
          return this.report(ask, this.listOf(list));
        }
        // The people who share costs are the split's ("somos 6 … quién debe a quién").
        const split = this.screens.find((s) => s.block === "split");
        if (split) return this.report(ask, split);
        const entity = this.entityFor(ask, w.task);
        entity.addAsked(ask.fields);
        const n = q.find((x) => x.kind === "number");
        const named = ask.fields.flatMap((f) => f.options ?? []);
        const people = named.length
          ? named
          : n?.kind === "number" && n.value > 1 && n.value <= 20
          ? Array.from({ length: n.value }, (_, i) => `${w.person} ${i + 1}`)
          : [w.me];
        // (Persons named one by one after a noun of persons no participant's noun is, "3 camerieri: Luca, …", are
        // called by it, not by the participant the prompt's other words imply.)
        const ownNoun = named.length > 0 && calledByPersons(ask.subject ?? "", reading) &&
          !isParticipant(ask.subject!, reading);
        const [person, persons] = (ownNoun ? undefined : this.persons(entity, people, named)) ??
          [entity.ensure("person", w.person, "choice", people)];
        const options: ScreenOptions = {
          personField: person.key,
          pointsField: entity.ensure("points", w.points, "number").key,
          checkField: entity.ensureType(["check"], "done", w.done).key,
        };
        // The board's rewards, and what each costs in points, are no part of what a prompt builds: named, they
        // are unmet.
        const rewards = this.named("rewards");
        if (rewards) this.unmet.push(`${rewards} (the board's rewards are not made from a prompt)`);
        // (Persons named one by one are records of their own, the board's records their tasks:
        // `named-people.ts`.)
        const shown = this.screens.some((s) => s.entity === entity.spec.key);
        const taken = (key: string) => this.entities.some((e) => e.spec.key === key);
        const fresh = named.length > 0 && !persons && !this.followUp;
        const own = fresh
          ? (shown
            ? undefined
            : namedPeople(entity, named, { one: w.task, many: w.tasks }, reading, taken)) ??
            // (Else, the board naming no persons of its own, the persons' records are called by the prompt's
            // noun for them.)
            personsNamed(
              calledByPersons(ask.subject ?? "", reading) ? ask.subject : undefined,
              named,
              this.prompt,
              reading,
              w.person,
            )
          : undefined;
        while (own && taken(own.spec.key)) own.spec.key += "2";
        if (own) this.entities.push(own);
        const board = this.addScreen("people", entity.spec.plural, entity, options);
        if (persons ?? own) this.listOf((persons ?? own)!);
        else if (this.entities[0]) referTo(entity, this.entities[0], people, reading);
        if (named.length && (persons ?? own)) this.namedLists.push({ list: (persons ?? own)!, named });
        return this.report(ask, board);
      }
      case "catalog": {
        const entity = this.sellerOf(ask);
        entity.addAsked(ask.fields);
        // (Items listed with an amount each rather than a price, "coffee 95 mg", hold it in its unit.)
        const price = itemAmount(entity, ask.items?.find((i) => i.unit)?.unit, this.language);
        const money = q.find((x) => x.kind === "money");
        const choice = entity.ofType("choice");
        const screen = this.screenOf(entity, "catalog") ??
          this.addScreen("catalog", entity.spec.plural, entity, {
            amountField: price.key,
            ...(choice ? { categoryField: choice.key } : {}),
          });
        if (money?.kind === "money") screen.options.currency = money.currency;
        const unit = ask.items?.find((i) => i.unit)?.unit;
        if (unit) screen.options.unit = unit;
        if (ask.items) this.listedItems(entity, price, ask.items);
        return this.report(ask, screen);
      }
      case "order": {
        const catalog = this.screens.find((s) => s.block === "catalog");
        // (Orders the prompt gives fields of, "book appointments with owner name, service, date", are records
        // of their own, each pointing at the catalog's item: `ordered-item.ts`; else the catalog fills a cart.)
        if (catalog && !ask.fields.length) {
          const options = catalog.options.currency ? { currency: catalog.options.currency } : {};
          return this.report(ask, this.addScreen("cart", w.cart, undefined, options));
        }
        const entity = ask.subject && ownOrders(ask.subject, this.conceptNamed(ask.subject), this.language)
          ? this.ownEntity(ask.subject, w.name)
          : this.entityFor(ask, w.name);
        entity.addAsked(ask.fields);
        const offered = catalog && this.entities.find((e) => e.spec.key === catalog.entity);
        if (offered) orderedItem(entity, offered, this.language);
        entity.ensureType(["date"], "date", w.date);
        entity.ensureType(["time"], "time", w.time);
        return this.report(ask, this.listOf(entity));
      }
      case "split": {
        const entity = this.entityFor({ ...ask, subject: w.expenses }, w.expenses);
        const named = this.namedPayers(w.me);
        const people = named ??
          [w.me, ...Array.from({ length: this.othersCounted(q) ?? 1 }, (_, i) => `${w.person} ${i + 2}`)];
        const money = q.find((x) => x.kind === "money");
        const paidBy = entity.ensure("paidBy", w.paidBy, "choice", people);
        // The persons named are the payers even where the records' concept has a payer of its own.
        if (named) entity.addAsked([{ name: paidBy.label, type: "choice", options: people }]);
        return this.report(
          ask,
          this.addScreen("split", entity.spec.plural, entity, {
            amountField: entity.ensureType(["money"], "amount", w.amount).key,
            categoryField: paidBy.key,
            ...(money?.kind === "money" ? { currency: money.currency } : {}),
          }),
        );
      }
      case "convert": {
        const conversions = conversionsOf(q, this.prompt, this.sentenceOf(ask), this.readIn(), ask.quote);
        if (!conversions.length) return this.refuse(ask, "no units or rates were stated");
        for (const w of conversionWords(this.sentenceOf(ask), conversions)) this.converted.add(w);
        return this.report(ask, this.addScreen("converter", w.converter, undefined, { conversions }));
      }
      case "calculator": {
        // A figure still needed to reach a goal is shown on the goal's screen (`../understand/still-needed.ts`).
        if (ask.needed) return this.needed(ask, ask.needed);
        // How long a stock lasts is worked out on a record of it (`worked-out.ts`).
        if (ask.worked?.lasting) {
          const entity = this.adopt(lastingEntity(ask.worked, this.readIn()));
          return this.report(ask, this.listOf(entity), "lasts");
        }
        // A figure of the records' own numbers is a computed field of theirs, not a calculator (`worked-out.ts`);
        // one asked by words of computing or a rate whose operands the records do not keep is worked out in a
        // calculator, as any such ask.
        const reading = this.readIn();
        const made = ask.worked &&
          workedField(this.entities, ask.worked, reading, BLOCK_WORDS[reading].total);
        if (typeof made !== "object" && !ask.worked?.alone) {
          return this.report(ask, this.addScreen("calculator", w.calculator, undefined, this.tipOf(ask)));
        }
        if (typeof made !== "object") return this.refuse(ask, made!);
        const screen = this.screens.find((s) => s.entity === made.entity.spec.key) ??
          this.listOf(made.entity);
        return this.report(ask, screen, made.field.key);
      }
      case "countdown": {
        // A countdown is to a date: records with none (a wedding's guests) are not what it counts to, the
        // event it names is ("my wedding"), with the date the prompt states.
        const fresh = !this.entities.length;
        const main = this.main(ask);
        // An event whose date the prompt states joins the main records only when it is one of them: "bis zu
        // Lenas Einschulung am 1. September" beside a list of birthdays is an event of its own.
        const stated = ask.quantities.some((q) => q.kind === "date");
        // (A countdown that names nothing, "un compte à rebours serait top", counts to the main records' date.)
        const dated = !ask.subject || (main.ofType("date") && (!stated || this.isOf(ask.subject, main)));
        // The records made only to be counted to, and found to have no date, are not kept.
        if (!dated && fresh) this.forget(main);
        const entity = dated ? main : this.eventOf(ask);
        const date = entity.ensureType(["date"], "date", w.date);
        if (dated) this.statedEvent(entity, ask, date);
        const screen = this.listOf(entity);
        screen.options.countdownField = date.key;
        if (conceptOf(entity.spec)?.fields.find((f) => f.key === date.key)?.yearly) {
          screen.options.countdownYearly = true;
        }
        return this.report(ask, screen, date.key);
      }
      case "sort": {
        const entity = this.main(ask);
        const after = this.prompt.slice(ask.end, ask.end + 40);
        // The field named after the sort's word of "by" ("sorted by promised date"), made where the records
        // hold none (`sort-by.ts`), else one its words name, else their first number.
        const by = fieldsNamedBy(entity, this.sentenceOf(ask), "sort", this.readIn());
        for (const b of by) this.understood.add(fold(b.words));
        // A sort by speed ("fastest first", "les plus rapides en premier") orders the time each record took.
        const speed = by.length ? undefined : speedOf(this.sentenceOf(ask), this.readIn());
        const taken = speed && entity.ensureType(["duration"], "duration", w.duration);
        // (Else what its words rank most of: "a leaderboard of who has the most wins".)
        const most = by.length || taken ? undefined : mostNamed(entity, this.sentenceOf(ask), this.readIn());
        if (most) this.understood.add(most.words);
        const field = by[0]?.field ?? taken ?? most?.field ??
          fieldNamed(entity, `${ask.quote} ${ask.subject ?? ""} ${after}`) ??
          entity.ofType("rating", "number", "money", "date") ?? timeNamed(entity, ask.quote, this.readIn());
        if (!field) return this.refuse(ask, "no field to sort by");
        const screen = this.listOf(entity);
        screen.options.sortField = field.key;
        // The order its words ask ("newest first"); a choice keeps the order of its options ("in order of
        // priority" is High, Medium, Low).
        const order = speed ?? orderOf(this.sentenceOf(ask), this.readIn());
        if (order && field.type !== "choice") screen.options.sortOrder = order.order;
        // (Its words are understood, as its last alone: "más recientes" leaves no "recientes primero" unmet.)
        if (order) { for (const w of [order.words, order.words.split(" ").pop()!]) this.understood.add(w); }
        return this.report(ask, screen, field.key);
      }
      case "search": {
        // The fields a search finds by ("searchable by name and team") are the records', made where they
        // hold none (`sort-by.ts`).
        const entity = this.main(ask);
        const by = fieldsNamedBy(entity, this.sentenceOf(ask), "search", this.readIn());
        for (const b of by) this.understood.add(fold(b.words));
        const screen = this.listOf(entity);
        screen.options.search = true;
        return this.report(ask, screen, by[0]?.field.key);
      }
      case "categories": {
        const entity = this.main(ask);
        // The values the prompt lists ("categories rent, food, fun") are the category's options.
        const valued = ask.fields.filter((f) => f.type === "choice" && f.options?.length);
        entity.addAsked(valued);
        // What a figure is broken down by names the records' field it groups them by ("sends per grade").
        const by = ask.breakdown && ask.subject
          ? fieldNamed(entity, ask.subject) ??
            entity.ensure(keyOf(ask.subject, "category"), capitalized(ask.subject), "choice")
          : undefined;
        const field = by ??
          entity.spec.fields.find((f) => valued.some((v) => f.label === capitalized(v.name))) ??
          entity.ensureType(["choice"], "category", w.category);
        // A figure of a log broken down ("total hours per client") is charted per the field's values.
        const log = by && this.screenOf(entity, "log");
        const figure = log &&
          this.asked.find((a) =>
            a.type === "aggregate" && !a.ranked && !a.remaining && this.sentenceOf(a) === this.sentenceOf(ask)
          );
        // (The figure's amount is the log's before it is broken down, whichever the prompt asks first: "las
        // horas de cada proyecto y el total por proyecto" totals the hours, no count.)
        if (log && figure?.computes && !log.options.amountField && !log.options.durationField) {
          this.computed(figure, entity, log);
        }
        if (log && figure && addFigureBy(log, entity, figure, field)) return this.report(ask, log, field.key);
        const screen =
          this.screens.find((s) =>
            s.entity === entity.spec.key && (s.block === "collection" || s.block === "catalog")
          ) ?? this.listOf(entity);
        screen.options.categoryField = field.key;
        return this.report(ask, screen, field.key);
      }
      case "chart": {
        const goal = this.screens.find((s) => s.block === "goal");
        if (goal) {
          goal.options.chart = true;
          return this.report(ask, goal);
        }
        const entity = this.main(ask);
        // A chart of a measure no concept knows ("kids height chart") logs that measure by date, and one of
        // records a concept keeps as they happen that no screen keeps yet ("puppy weight chart") their log.
        if (!entity.known && ask.subject && !entity.ofType("number", "money", "rating", "duration")) {
          entity.ensure(keyOf(ask.subject, "value"), capitalized(ask.subject), "number");
          this.logOf(entity, q);
        } else if (impliesLog(entity) && !this.screens.some((s) => s.entity === entity.spec.key)) {
          this.logOf(entity, q);
        }
        const value = entity.ofType("number", "money", "rating", "duration");
        const date = entity.ofType("date");
        // Dated records with no amount are counted per period: their log charts that figure ("un graphique
        // des victoires par mois").
        const log = this.screens.find((s) => s.block === "log" && s.entity === entity.spec.key);
        if (!value && date && log) return this.report(ask, log);
        if (!value || !date) return this.refuse(ask, "nothing dated to chart");
        const unit = amountUnit(entity, value.key);
        return this.report(
          ask,
          this.addScreen("tracker", w.chart, entity, {
            valueField: value.key,
            dateField: date.key,
            chart: true,
            ...(unit ? { unit } : {}),
          }),
        );
      }
      case "rating":
      case "yesno":
      case "choice": {
        // (Tip percentages offered are the calculator's tip, no records: `tip-choice.ts`.)
        const tip = ask.type === "choice"
          ? tipChoice(this.screens, ask.fields.flatMap((f) => f.options ?? []))
          : undefined;
        if (tip) return this.report(ask, tip);
        const entity = this.main(ask);
        const options = ask.fields.flatMap((f) => f.options ?? []);
        const asked = ask.type === "choice" ? namedChoices(ask.fields, entity) : [];
        // (Values a choice of the records holds are its values: "paid either cash or card" is "Paid with".)
        const named = heldChoices(
          asked,
          entity,
          (f) => entity.sameAs(capitalized(f.name), "choice") !== undefined,
        );
        entity.addAsked(named);
        const field = named.length
          ? entity.spec.fields.find((f) => f.label === capitalized(named[0].name))
          : asked.length
          ? heldBy(entity, asked[0])
          : ask.type === "rating"
          ? entity.ensureType(["rating"], "rating", w.rating)
          : ask.type === "yesno"
          ? this.tickOf(ask, entity)
          : options.length
          ? choiceHolding(entity, options) ?? entity.ensureType(["choice"], "category", w.category, options)
          : entity.ofType("choice");
        if (!field) return this.refuse(ask, "no choices were stated");
        const screen = this.screens.find((s) => s.entity === entity.spec.key) ?? this.listOf(entity);
        if (ask.type === "yesno" && screen.block === "collection") {
          screen.options.checkField = field.key;
          screen.options.countField = field.key;
        }
        return this.report(ask, screen, field.key);
      }
      case "flag": {
        // (The number the bound is said of: a field its words name, else the screen's amount, else the first.)
        const named = ask.subject ? this.numberNamed(ask.subject) : undefined;
        const records = ask.subject ? this.recordsNamed(ask.subject) : undefined;
        const entity = named?.entity ?? records ?? this.main(ask);
        const screen =
          this.screens.find((s) =>
            s.entity === entity.spec.key && (s.block === "log" || s.block === "collection")
          ) ?? this.listOf(entity);
        // (A bound in money is on the records' amount of money: "bottles of more than 50 €" is their price.)
        const money = ask.quantities.some((q) => q.kind === "money") ? entity.ofType("money") : undefined;
        const field = named?.field ?? money ?? entity.field(screen.options.amountField ?? "") ??
          entity.ofType("number", "money", "duration", "rating");
        if (!field) return this.refuse(ask, "no number to compare");
        screen.options.flags = [...(screen.options.flags ?? []), { field: field.key, ...ask.bounds }];
        return this.report(ask, screen, field.key);
      }
      case "photo": {
        const entity = this.main(ask);
        entity.addAsked(ask.fields);
        const field = entity.ensureType(["photo"], "photo", w.photo);
        const screen = this.screens.find((s) => s.entity === entity.spec.key) ?? this.listOf(entity);
        return this.report(ask, screen, field.key);
      }
      case "language":
        return this.report(ask);
      default:
        // Changes (translate, theme, rename, fields) are applied by changes.ts.
        return this.refuse(ask, "not a change this app can make");
    }
  }

  /** How many others than the speaker a count of the split's or the people asks' names ("with 3 flatmates":
   * three; "we are four" or "between 4 friends", a group the speaker counts in: three), when it is a small group. */
  private othersCounted(q: Quantity[]): number | undefined {
    // The count may stand in the people the prompt names ("me and my 2 roommates share…").
    // A number another follows ("with 15, 18 or 20% tip") is an item of a list of values, not a count.
    const listed = (x: Quantity) => /^\s*(?:,|\p{L}{1,4})?\s*\d/u.test(this.prompt.slice(x.end));
    const n = [...q, ...this.asked.filter((a) => a.type === "people").flatMap((a) => a.quantities)]
      .find((x) => x.kind === "number" && !listed(x));
    if (n?.kind !== "number") return undefined;
    const reading = this.readIn();
    const lexicon = LEXICONS[reading];
    // "between 3", "entre nous trois", "tra noi 4": the count follows a `between` word, or one and "we".
    const before = fold(this.prompt.slice(0, n.start)).split(/[^a-z]+/).filter(Boolean);
    const last = before.at(-1) ?? "";
    const us = lexicon.between.includes(last) ||
      (lexicon.speaker.includes(last) && lexicon.between.includes(before.at(-2) ?? "")) ||
      this.asked.some((a) =>
        a.type === "people" && a.start <= n.start && n.end <= a.end && weAreOpens(a.quote, reading)
      );
    const counted = n.value - (us ? 1 : 0);
    return counted >= 1 && counted < 20 ? counted : undefined;
  }

  /** The UI language the prompt's words are read in. */
  private readIn(): UiLanguage {
    const reading = this.reading ?? this.language;
    return reading && isUiLanguage(reading) ? reading : "en";
  }

  /** The sentence of the prompt an ask stands in, which says more than its cue ("Convert miles to km"). */
  private sentenceOf(ask: Ask): string {
    const from = Math.max(
      ...[".", "!", "?", ";", "\n"].map((m) => this.prompt.lastIndexOf(m, ask.start - 1)),
    );
    return this.prompt.slice(from + 1).split(/[.!?;\n]/)[0];
  }

  /** A calculator that names a tip ("tip calculator", "calcola la mancia", "Trinkgeld") works it out on the
   * bill: at the percentage the prompt states (else from 0, which the user raises), shared by the persons a
   * split or a group names, in the prompt's currency. */
  private tipOf(ask: Ask): ScreenOptions {
    const language = this.readIn();
    const tips = new Set([...LEXICONS[language].tip, ...LEXICONS.en.tip].map((t) => stem(fold(t), language)));
    // The sentence says it ("a 20% tip calculator": the calculator is asked by its percentage).
    const sentence = this.sentenceOf(ask);
    if (!words(sentence).some((t) => t.kind === "word" && tips.has(stem(t.norm, language)))) return {};
    const percent = this.stated.find((x) => x.kind === "measure" && x.unit === "%");
    const money = this.stated.find((x) => x.kind === "money");
    const sharing = this.asked.find((a) => a.type === "split") ?? this.asked.find((a) => a.type === "people");
    const named = sharing && this.namedPayers(this.words.me);
    const others = sharing && (named ? undefined : this.othersCounted(sharing.quantities));
    const people = named?.length ?? (others === undefined ? undefined : others + 1);
    return {
      tipPercent: percent?.kind === "measure" && percent.value <= 100 ? percent.value : 0,
      ...(people ? { people } : {}),
      ...(money?.kind === "money" ? { currency: money.currency } : {}),
    };
  }

  /** The persons the prompt names where people are asked, who pay and share a split: the speaker with them,
   * unless they follow "between" ("split with Tom and Jerry": three; "between Anna, Ben and Carl": those). */
  private namedPayers(me: string): string[] | undefined {
    const people = this.asked.find((a) => a.type === "people" && a.fields.some((f) => f.options?.length));
    const names = people?.fields.find((f) => f.options?.length)?.options;
    if (!people || !names) return undefined;
    const language = this.reading ?? this.language;
    const between = LEXICONS[language && isUiLanguage(language) ? language : "en"].between;
    const before = fold(this.prompt.slice(0, this.prompt.indexOf(names[0]))).trim().split(/[\s,]+/).pop();
    return between.includes(before ?? "") ? names : [me, ...names];
  }

  /** The prompt's word of the same stem as a block's label, in the language read ("premi" of "Premi"). */
  private named(label: keyof typeof BLOCK_WORDS.en): string | undefined {
    const reading = this.reading ?? this.language;
    const language = reading && isUiLanguage(reading) ? reading : "en";
    const wanted = stem(fold(BLOCK_WORDS[language][label]), language);
    return words(this.prompt).find((t) => t.kind === "word" && stem(t.norm, language) === wanted)?.text;
  }

  /** The tick a yes/no asks for: the field it names ("si ha cenado" is "Cenado"), one per question, else the
   * entity's tick. A field the records have already that it names becomes the tick ("finished", a date of a
   * book; "payée", a list's field). */
  private tickOf(ask: Ask, entity: Entity): FieldSpec {
    const named = ask.fields.find((f) => f.type === "yesno");
    if (!named) return entity.ensureType(["check"], "done", this.words.done);
    entity.addAsked([named]);
    const label = fold(capitalized(named.name));
    return entity.spec.fields.find((f) => f.type === "check" && fold(f.label) === label)!;
  }

  /** The timetable of a week stated day by day: what is on each day, at the time said, as its records. */
  private weekOf(slots: Slot[]): ScreenSpec {
    const w = this.words;
    const made = this.screens.find((s) => s.block === "timetable" && s.entity === this.week?.spec.key);
    if (made && this.week) return made;
    const entity = this.adopt(fromWords(undefined, this.language, w.schedule));
    const key = entity.spec.key;
    const activity = entity.spec.fields[0];
    activity.label = w.activity;
    const weekday = entity.ensure("weekday", w.weekday, "weekday");
    const time = entity.ensure("time", w.time, "time");
    entity.spec.samples = slots.map((slot, i) => ({
      id: `${key}-${i + 1}`,
      [activity.key]: capitalized(slot.what),
      [weekday.key]: slot.day,
      [time.key]: slot.time ?? "",
    }));
    entity.stated = true;
    this.week = entity;
    return this.addScreen("timetable", entity.spec.plural, entity, {
      weekdayField: weekday.key,
      timeField: time.key,
    });
  }

  /** The log screen of an entity, with the amount, unit and period the quantities state. */
  private logOf(entity: Entity, q: Quantity[]): ScreenSpec {
    const w = this.words;
    const amount = amountField(entity, q);
    const screen = this.screenOf(entity, "log") ?? this.addScreen("log", entity.spec.plural, entity, {
      dateField: entity.ensureType(["date"], "date", w.date).key,
      timeField: entity.ensureType(["time"], "time", w.time).key,
    });
    const duration = entity.ofType("duration");
    if (duration) screen.options.durationField = duration.key;
    if (amount) {
      screen.options.amountField = amount.key;
      if (amount.unit) screen.options.unit = amount.unit;
      if (amount.currency) screen.options.currency = amount.currency;
    }
    const period = periodOf(q);
    if (period) screen.options.period = period;
    // Readings of a state (weights, blood pressures) are averaged over a period, never added up.
    screen.options.aggregate = !amount ? "count" : levelOf(entity, amount.key) ? "average" : "total";
    return screen;
  }

  /** A count of records kept as a list with no amount: the share of them their tick marks ("my win rate":
   * won of all, the list's count), else, over a period, their log's count per period ("count the books per
   * month"); with neither there is nothing to count. */
  private counted(ask: Ask, entity: Entity) {
    const tick = entity.ofType("check");
    if (tick) {
      const screen = this.listOf(entity);
      if (screen.block !== "collection") return this.refuse(ask, "nothing to count");
      screen.options.countField ??= tick.key;
      return this.report(ask, screen, screen.options.countField);
    }
    const period = periodOf(ask.quantities);
    if (!period) return this.refuse(ask, "nothing to count");
    const log = this.logOf(entity, ask.quantities);
    log.options.aggregate = "count";
    this.figured.add(log);
    return this.report(ask, log);
  }

  /** A ranking (who did most chores, which product sells most) is one more figure of the records' log: per
   * value of the field it asks which of, else of their name, over its period, highest first. Records kept
   * as a list, not as they happen, are sorted by their number instead, unless the ranking is per a field of
   * theirs or per person ("which kid did most chores"): then they are done, a log. */
  private ranking(ask: Ask) {
    const language = this.readIn();
    const lexicon = LEXICONS[language];
    const made = this.screens.find((s) => s.block === "log");
    const entity = (made && this.entities.find((e) => e.spec.key === made.entity)) ?? this.main(ask);
    const label = ask.by && capitalized(ask.by);
    const person = ask.by !== undefined &&
      [...lexicon.persons, lexicon.assigned.person].some((p) => fold(p) === fold(ask.by!));
    // (A person is whoever the field a word of who opens names: "Who", "Chi lo fa", "Wer", or the one that
    // names the persons by their noun: "Kid".)
    const who = new Set(lexicon.whether.who.map(fold));
    const field = person
      ? entity.spec.fields.find((f) => who.has(fold(f.label).split(" ")[0])) ?? whoField(entity, language)
      : label && entity.sameAs(label, "text");
    if (!made && !person && !field && conceptOf(entity.spec) && !impliesLog(entity)) {
      const value = entity.ofType("rating", "number", "money");
      if (!value) return this.refuse(ask, "a ranking of records kept with nothing to rank them by");
      const list = this.listOf(entity);
      list.options.sortField ??= value.key;
      return this.report(ask, list, value.key);
    }
    const log = made ?? this.logOf(entity, ask.quantities);
    // (A ranking of an amount, "who ran the most km", ranks its total: the log keeps that amount.)
    if (ask.computes && ask.amount && log.block === "log") this.computed(ask, entity, log);
    const by = field || (label ? entity.ensure(keyOf(label, "group"), label, "text") : entity.spec.fields[0]);
    if (!addFigureBy(log, entity, ask, by)) {
      return this.refuse(ask, "a fifth figure, which its screen does not show");
    }
    this.figured.add(log);
    return this.report(ask, log, by.key);
  }

  /** A figure per the persons or things the prompt names beside its records ("total hours per client") is
   * charted per the values of the field that names them, made a choice when the records have none. */
  private figurePer(ask: Ask, entity: Entity, log: ScreenSpec) {
    if (!ask.per || (log.options.figures?.length ?? 0) >= 4) return;
    const by = fieldNamed(entity, ask.per) ??
      entity.ensure(keyOf(ask.per, "category"), capitalized(ask.per), "choice");
    if (!(log.options.figures ?? []).some((f) => f.by === by.key)) addFigureBy(log, entity, ask, by);
  }

  /** A log whose aggregate asks how much ("how much I spent", "la media") adds up or averages an amount:
   * the log's amount or duration, else the entity's amount, else a new one. */
  private computed(ask: Ask, entity: Entity, screen: ScreenSpec): ScreenSpec {
    if (!ask.computes) return screen;
    // The amount the figure names ("the miles I drive", "le ore che lavoro") is the one added up.
    const named = ask.amount;
    // (A noun with no unit is the figure's only where the records have a number of that name: "mon meilleur
    // poids", not "my longest run".)
    // (Money a figure's noun names, "the earnings", "il saldo", is the records' money, whatever the noun.)
    const money = named?.type === "money" && named.currency === undefined;
    const measure = named?.type === "duration" || money || named?.unit !== undefined ||
      named?.currency !== undefined;
    const byName = named && !measure ? entity.sameAs(capitalized(named.name), "number") : undefined;
    if (named && (measure || (byName && NUMERIC.has(byName.type)))) {
      // (The records' own duration, or amount in that unit or currency, when they have one: a night's sleep, a
      // run's km, a fill-up's euros, which a price named by its unit is not: "Price per litre".)
      const own = named.type === "duration" ? entity.ofType("duration") : money
        // (What was paid in all, not a price per unit: a fill-up's "Total", not its "Price per litre".)
        ? entity.spec.fields.find((f) => f.type === "money" && !perUnit(f)) ?? entity.ofType("money") ??
          entity.ensure("amount", this.words.amount, "money")
        : byName ??
          entity.spec.fields.find((f) =>
            (named.unit !== undefined && amountUnit(entity, f.key) === named.unit) ||
            (named.currency !== undefined && f.type === "money" && !perUnit(f))
          );
      if (!own) entity.addAsked([named]);
      const field = own ?? entity.spec.fields.find((f) => fold(f.label) === fold(capitalized(named.name)))!;
      delete screen.options.amountField;
      delete screen.options.durationField;
      screen.options[field.type === "duration" ? "durationField" : "amountField"] = field.key;
    }
    if (!screen.options.amountField && !screen.options.durationField) {
      const amount = progressFields(entity, "money", "number")[0] ??
        entity.ensure("amount", this.words.amount, "number");
      screen.options.amountField = amount.key;
    }
    screen.options.aggregate = aggregateOf(
      ask,
      entity,
      screen.options.amountField ?? screen.options.durationField,
    );
    return screen;
  }

  /** A timer that keeps no records logs the sessions it times when the prompt names what they are (a
   * workout, a run, "per la plank"): the subject's log beside the timer, with its concept's samples, or named
   * by the timer's own words when no concept knows them. */
  logTimedSessions() {
    const timed = this.asked.find((a) => a.type === "timer" && a.subject);
    if (
      this.entities.length || !(this.concepts.length || timed) ||
      !this.screens.some((s) => s.block === "timer")
    ) {
      return;
    }
    this.logOf(
      this.main({
        type: "log",
        quote: "",
        start: 0,
        end: 0,
        fields: [],
        quantities: [],
        subject: timed?.subject,
      }),
      [],
    );
  }

  /**
   * What a reminder is for: its subject with the words after it, up to when it rings or the clause ends ("feed
   * the hamster" of "remind me to feed the hamster at 7", "pagare l'affitto" of "ricordami di pagare
   * l'affitto ogni mese"), four words at most and not ending in a function word.
   */
  private action(ask: Ask): string | undefined {
    const from = ask.subject ? this.prompt.indexOf(ask.subject, ask.start) : -1;
    if (!ask.subject || from < 0 || from >= ask.end) return ask.subject;
    const to = Math.min(ask.end, ...ask.quantities.map((q) => q.start).filter((start) => start > from));
    const lex = LEXICONS[this.reading ?? this.language];
    const stop = CUES[this.reading ?? this.language].stop;
    // What comes "with" it or "and" after it is another thing ("piante con promemoria", "…and feed the cat").
    const ends = new Set([...lex.with, ...lex.and].map(fold));
    const said = this.prompt.slice(from, to).split(/[,;:.!?()]/)[0].trim().split(/\s+/);
    const cut = said.findIndex((word, i) => i > 0 && ends.has(fold(word)));
    const kept = said.slice(0, cut > 0 ? Math.min(cut, 4) : 4);
    while (kept.length > 1 && stop.has(fold(kept[kept.length - 1]))) kept.pop();
    return kept.join(" ");
  }

  /**
   * Things done again every few days, weeks, months or years, each with its interval, the day it was last done
   * and the day it is next due, counted down to (`due-every.ts`); records that keep an interval of their own
   * are those things.
   */
  private dueEvery(ask: Ask): ScreenSpec {
    const kept = this.entities.find((e) =>
      e.spec.key !== "reminder" && e.spec.key !== DUE_KEY && keepsInterval(e.spec.fields)
    );
    if (kept) {
      // (Records that say when each is next due but not how often get its interval: "Tasks that repeat … when
      // it's next due".)
      const screen = this.listOf(kept);
      const next = kept.spec.fields.find((f) => f.type === "date" && f.key === "nextDue");
      if (next && !kept.spec.fields.some((f) => f.type === "number" && /^every/.test(f.key))) {
        kept.ensure("every", this.words.due.every, "number");
        kept.ensure("period", this.words.due.period, "choice", Object.values(this.words.due.units));
      }
      if (next && !screen.options.countdownField) screen.options.countdownField = next.key;
      return screen;
    }
    const w = this.words.due;
    let entity = this.entities.find((e) => e.spec.key === DUE_KEY);
    if (!entity) {
      entity = new Entity(
        {
          key: DUE_KEY,
          label: w.one,
          plural: w.many,
          fields: [
            { key: "title", label: this.words.task, type: "text" },
            { key: "every", label: w.every, type: "number" },
            { key: "period", label: w.period, type: "choice", options: Object.values(w.units) },
            { key: "lastDone", label: w.lastDone, type: "date" },
            { key: "nextDue", label: w.nextDue, type: "date" },
          ],
          samples: [],
        },
        this.language,
        true,
      );
      this.entities.push(entity);
    }
    const screen = this.listOf(entity);
    screen.options.countdownField = "nextDue";
    const samples = entity.spec.samples;
    const today = this.today.toISOString().slice(0, 10);
    const first = capitalized(
      this.action(ask) ?? this.entities.find((e) => e !== entity)?.spec.plural ?? w.one,
    );
    // Each recurrence after the first is of the thing said between it and the one before ("cambiar las
    // sábanas cada 2 semanas y limpiar el filtro cada mes").
    for (const [n, { q, interval }] of recurrences(ask.quantities).entries()) {
      const said = n === 0 ? first : this.thingBefore(ask.quantities, q);
      if (!said) continue;
      samples.push({
        id: `due-${samples.length + 1}`,
        title: said,
        every: interval.every,
        period: w.units[interval.unit],
        lastDone: today,
        nextDue: dueAfter(this.today, interval),
      });
    }
    return screen;
  }

  /** The words between a recurrence and the one before it, its "and" and function words left out, four words
   * at most: what it is of. */
  private thingBefore(quantities: readonly Quantity[], q: Quantity): string | undefined {
    const before = quantities.filter((x) => x.kind === "frequency" && x.end <= q.start).at(-1);
    if (!before) return undefined;
    const lang = this.reading ?? this.language;
    const stop = CUES[lang].stop;
    const and = new Set(LEXICONS[lang].and.map(fold));
    const said = this.prompt.slice(before.end, q.start).split(/[,;:.!?()]/).filter((p) => p.trim()).at(-1)
      ?.trim().split(/\s+/) ?? [];
    while (said.length && (and.has(fold(said[0])) || stop.has(fold(said[0])))) said.shift();
    said.splice(4);
    while (said.length > 1 && stop.has(fold(said[said.length - 1]))) said.pop();
    return said.length ? capitalized(said.join(" ")) : undefined;
  }

  /** The reminders screen, with one reminder at every time the ask names, on its weekdays. */
  private reminder(ask: Ask): ScreenSpec {
    // A rhythm of every few days, weeks, months or years is a due date per thing, not a reminder's.
    // (One said with its time of day rings then, as asked: "remind me to water every 2 days at 7pm".)
    // (No notification rings on a due date: the result says so rather than report a reminder.)
    const interval = intervalOf(ask.quantities);
    if (interval && !ask.times?.length) {
      for (const { q } of recurrences(ask.quantities)) {
        this.unmet.push(`${q.text} (no notification rings on a due date: the list counts down to it)`);
      }
      return this.dueEvery(ask);
    }
    const w = this.words;
    let entity = this.entities.find((e) => e.spec.key === "reminder");
    if (!entity) {
      entity = new Entity(
        {
          key: "reminder",
          label: w.reminder,
          plural: w.reminders,
          fields: [
            { key: "title", label: w.reminder, type: "text" },
            { key: "time", label: w.time, type: "text" },
            { key: "weekdays", label: w.weekdays, type: "text" },
            { key: "on", label: w.on, type: "check" },
          ],
          samples: [],
        },
        this.language,
        true,
      );
      this.entities.push(entity);
    }
    const screen = this.screenOf(entity, "reminders") ??
      this.addScreen("reminders", w.reminders, entity, {
        timeField: "time",
        weekdaysField: "weekdays",
        checkField: "on",
      });
    const samples = entity.spec.samples;
    // Days of the month ("il 5 di ogni mese") make it monthly: the reminders get a field for them. Once a
    // month with no day named rings on the 1st, a day the user changes in the app.
    const monthDays = [
      ...new Set(ask.quantities.flatMap((q) => q.kind === "frequency" ? q.monthDays ?? [] : [])),
    ];
    if (!monthDays.length && ask.quantities.some(monthly)) monthDays.push(1);
    if (monthDays.length && !screen.options.monthDaysField) {
      screen.options.monthDaysField = entity.ensure("monthDays", w.monthDays, "text").key;
    }
    const weekdays = monthDays.length ? [] : weekdaysOf(ask.quantities);
    // Once a week with no day named rings on Mondays, a day the user changes in the app.
    if (!weekdays.length && ask.quantities.some(weekly)) weekdays.push(1);
    samples.push({
      id: `reminder-${samples.length + 1}`,
      title: capitalized(
        this.action(ask) ?? this.entities.find((e) => e !== entity)?.spec.plural ?? w.reminder,
      ),
      time: timesOf(ask).join(", "),
      weekdays: weekdays.join(","),
      ...(screen.options.monthDaysField
        ? { [screen.options.monthDaysField]: monthDays.sort((a, b) => a - b).join(",") }
        : {}),
      on: true,
    });
    // A reminder rings at times of day on every day or on weekdays: a cadence it cannot keep is listed.
    const spanned = ask.quantities.some((q) => q.kind === "window") && !!ask.times?.length;
    for (const q of ask.quantities.filter((q) => !reminderHolds(q, weekdays.length > 0, spanned))) {
      this.unmet.push(`${q.text} (reminders repeat at times of day, daily or on weekdays)`);
    }
    return screen;
  }
}

/** The asks that keep records of their own, whose fields they list. */
const RECORDS = new Set<Ask["type"]>(["list", "log", "people"]);

/** A concept whose subject is mostly logged rather than listed. */
function impliesLog(entity: Entity): boolean {
  return logsFirst(conceptOf(entity.spec));
}

function valueOf(q: Quantity): number {
  if (q.kind === "duration") return Math.round(q.seconds / 60);
  return q.kind === "money" || q.kind === "measure" || q.kind === "number" ? q.value : 1;
}

function periodOf(q: Quantity[]): Period | undefined {
  const found = q.find((x) => x.kind === "period" && PERIODS.has(x.period));
  return found?.kind === "period" ? found.period as Period : undefined;
}

/** Whether an entity's field is a reading of a state (a body weight), as its concept says. */
function levelOf(entity: Entity, key: string): boolean {
  return conceptOf(entity.spec)?.fields.find((f) => f.key === key)?.level === true;
}

/** The amounts of an entity that happen (an expense, a deposit), not those a record sets (a budget, a savings
 * target): a goal or a total adds up only these. */
function progressFields(entity: Entity, ...types: FieldType[]): FieldSpec[] {
  const set = new Set(conceptOf(entity.spec)?.fields.filter((f) => f.target).map((f) => f.key));
  return types.flatMap((type) => entity.spec.fields.filter((f) => f.type === type && !set.has(f.key)));
}

/** The figure a log's options chart: a count, or the total or average of the amount, else the duration, in
 * the amount's unit or currency. */
/** Whether a money field is a price per unit of measure, its label ending in the unit: "Price per litre". */
function perUnit(field: FieldSpec): boolean {
  return measureOf(fold(field.label.split(" ").at(-1)!)) !== undefined;
}

function figureOf(entity: Entity, options: ScreenOptions): Figure {
  const aggregate = options.aggregate ?? "count";
  const field = aggregate === "count" ? undefined : options.amountField ?? options.durationField;
  const type = entity.spec.fields.find((f) => f.key === field)?.type;
  const unit = field === options.amountField ? options.unit : field && amountUnit(entity, field);
  const currency = type === "money" ? options.currency : undefined;
  return Object.fromEntries(
    Object.entries({ aggregate, field, period: options.period, unit, currency }).filter(([, v]) =>
      v !== undefined
    ),
  ) as unknown as Figure;
}

/** Adds the figure of `asked` (a log's options changed by a further aggregate) to the log's figures, the first
 * being the one its options chart; false when the log holds as many as it shows. */
function addFigure(log: ScreenSpec, entity: Entity, asked: ScreenOptions): boolean {
  const figures = log.options.figures ?? [figureOf(entity, log.options)];
  const figure = figureOf(entity, asked);
  const same = (a: Figure) =>
    a.aggregate === figure.aggregate && a.field === figure.field && a.period === figure.period;
  if (!figures.some(same)) figures.push(figure);
  if (figures.length > 4) return false;
  log.options.figures = figures;
  return true;
}

/** Adds to a log the figure `asked` computes (the total or average of the log's amount, else a count) over
 * its period, per value of `by`, highest first; false when the log holds as many figures as it shows. */
function addFigureBy(log: ScreenSpec, entity: Entity, asked: Ask, by: FieldSpec): boolean {
  // (What the records are grouped by is not what the figure measures: "my record for each distance" of runs
  // kept with their distance and time is the best time of each distance.)
  const amount = [log.options.amountField, log.options.durationField].find((key) => key && key !== by.key);
  const aggregate = asked.computes && amount ? aggregateOf(asked, entity, amount) : "count";
  const measured = amount === log.options.amountField
    ? {}
    : { amountField: amount, unit: undefined, currency: undefined };
  const figure = figureOf(entity, {
    ...log.options,
    ...measured,
    aggregate,
    period: periodOf(asked.quantities),
  });
  const figures = log.options.figures ?? [figureOf(entity, log.options)];
  if (figures.length >= 4) return false;
  log.options.figures = [...figures, { ...figure, by: by.key }];
  return true;
}

/** What a figure that computes a field does with it: a personal best is the lowest of a time (the fastest run),
 * else the highest value. */
function aggregateOf(ask: Ask, entity: Entity, field: string | undefined): Aggregate {
  if (ask.computes !== "best") return ask.computes ?? "count";
  return entity.spec.fields.find((f) => f.key === field)?.type === "duration" ? "min" : "max";
}

function amountUnit(entity: Entity, key: string): string | undefined {
  const fromConcept = conceptOf(entity.spec)?.fields.find((f) => f.key === key)?.unit;
  return entity.units.get(key)?.unit ?? fromConcept;
}

/** The field a number target adds up: the one the noun after it names ("10000 steps"), none when that noun
 * names no field ("24 books": the records are counted), else ("a goal of 100 a week") the first amount that
 * happens. */
function countedField(entity: Entity, ask: Ask, target: Quantity): FieldSpec | null | undefined {
  const fields = progressFields(entity, "number", "money");
  // So many times a period ("3 times a week": a number and a period in the same words) counts the records.
  if (ask.quantities.some((x) => x.kind === "period" && x.start === target.start)) return null;
  // A number of the thing a question of how many counts is of the amount its figure adds up ("pages"), the
  // one the log totals, else of the records ("books").
  if (ask.counts && target.kind === "number") {
    if (!ask.amount) return null;
    entity.addAsked([ask.amount]);
    return entity.spec.fields.find((f) => fold(f.label) === fold(capitalized(ask.amount!.name)));
  }
  const after = words(ask.quote.slice(Math.max(0, target.end - ask.start)))[0];
  const noun = after?.kind === "word" && !CUES[entity.language].stop.has(after.norm);
  if (target.kind !== "number" || !noun) return fields[0];
  // (A noun that is the unit a field keeps, "400 mg a day" of drinks with their caffeine in mg, names that
  // field: the limit adds up the caffeine, it does not count the drinks.)
  return fields.find((f) => fieldNamed(entity, after.text)?.key === f.key) ??
    fields.find((f) => fold(amountUnit(entity, f.key) ?? "") === after.norm) ?? null;
}

/** The field a stated amount goes in: a number field of the same unit, else a new one. */
function amountField(entity: Entity, q: Quantity[]) {
  const stated = q.find((x) => x.kind === "measure" || x.kind === "money");
  const fields = progressFields(entity, "number", "money");
  const unitOf = (key: string) => amountUnit(entity, key);
  const dimension = (unit?: string) => (unit ? UNIT_TABLE[unit]?.dimension ?? unit : undefined);
  let field = stated?.kind === "measure"
    ? fields.find((f) => dimension(unitOf(f.key)) === stated.dimension)
    : stated?.kind === "money"
    ? fields.find((f) => f.type === "money")
    : undefined;
  if (!field && stated) {
    const w = WORDS[entity.language];
    field = entity.ensure("amount", w.amount, stated.kind === "money" ? "money" : "number");
  }
  if (!field) return undefined;
  if (stated?.kind === "measure") {
    inUnit(entity, field.key, stated.unit);
    entity.units.set(field.key, { unit: stated.unit });
  }
  return {
    key: field.key,
    unit: unitOf(field.key),
    currency: stated?.kind === "money" ? stated.currency : undefined,
  };
}

/** A field's sample values in another unit of its dimension, the one the prompt states ("2 litres a day" of
 * drinks sampled in ml: 250 ml is 0.25 l), so that the records, their totals and the goal count the same
 * thing. */
function inUnit(entity: Entity, key: string, unit: string) {
  const [from, to] = [UNIT_TABLE[amountUnit(entity, key) ?? ""], UNIT_TABLE[unit]];
  if (!from || !to || from === to || from.dimension !== to.dimension || !CONVERTIBLE.has(to.dimension)) {
    return;
  }
  for (const sample of entity.spec.samples) {
    const value = sample[key];
    if (typeof value === "number") sample[key] = Math.round((value * from.factor / to.factor) * 100) / 100;
  }
}

/** The field whose label the words name first. */
function fieldNamed(entity: Entity, words: string) {
  const folded = ` ${fold(words).replace(/[^a-z0-9]+/g, " ")} `;
  const at = (label: string) => folded.indexOf(` ${fold(label)} `);
  return entity.spec.fields.filter((f) => at(f.label) >= 0).sort((a, b) => at(a.label) - at(b.label))[0];
}

/** Every time of day an ask names, else the times its frequency spreads over a day from 08:00. */
function timesOf(ask: Ask): string[] {
  if (ask.times?.length) return ask.times;
  const every = ask.quantities.find((x) => x.kind === "frequency");
  if (every?.kind === "frequency") {
    const hours = every.unit === "h" && every.every
      ? every.every
      : every.count && every.unit === "day"
      ? Math.floor(16 / every.count)
      : 0;
    // Every hour or few (a glass of water, a break) rings while one is awake, 08:00 to 22:00; every four
    // hours or more (a dose) rings round the clock.
    const count = every.count ??
      (hours >= 4 ? Math.floor(24 / hours) : hours ? Math.floor(14 / hours) + 1 : 1);
    if (hours) {
      return Array.from({ length: Math.min(count, 24) }, (_, i) => {
        const h = (8 + i * hours) % 24;
        return `${String(h).padStart(2, "0")}:00`;
      });
    }
  }
  return ["09:00"];
}

/** Once a week: "every week", "weekly", "once a week". */
function monthly(q: Quantity): boolean {
  return q.kind === "frequency" && q.unit === "month" && (q.every ?? 1) === 1 && q.count === undefined;
}

function weekly(q: Quantity): boolean {
  return q.kind === "frequency" && q.unit === "week" && (q.every ?? 1) === 1 && (q.count ?? 1) === 1 &&
    !q.weekdays?.length;
}

/**
 * Whether a reminder's times and weekdays keep what a quantity states: times of day, weekdays, every so many
 * hours, so many times a day, daily, weekly on its weekdays, and every so many minutes and the span of the
 * day it rings within where that span gave it its times (`spanned`). Every few days, months, a date or a
 * count a week with no days named they cannot.
 */
function reminderHolds(q: Quantity, onWeekdays: boolean, spanned: boolean): boolean {
  if (q.kind === "time" || q.kind === "weekday") return true;
  if (q.kind === "window" || (q.kind === "frequency" && q.unit === "min")) return spanned;
  if (q.kind === "period") return q.period === "day" || (q.period === "week" && onWeekdays);
  if (q.kind !== "frequency") return false;
  if (q.weekdays?.length || q.time || monthly(q)) return true;
  if (q.unit === "h") return (q.every ?? 1) >= 1 && q.count === undefined;
  if (q.unit === "day") return (q.every ?? 1) === 1;
  return q.unit === "week" && (q.every ?? 1) === 1 && onWeekdays && (q.count ?? 1) === 1;
}

/** ISO weekday numbers (1 = Monday … 7 = Sunday) of an ask's weekdays. */
function weekdaysOf(q: Quantity[]): number[] {
  const days = q.flatMap((x) =>
    x.kind === "weekday" ? [x.day] : x.kind === "frequency" ? x.weekdays ?? [] : []
  );
  return [...new Set(days.map((d) => (d === 0 ? 7 : d)))].sort();
}

type UnitEntry = { dimension: string; factor: number; words: string[] };
// The dimensions whose units are multiples of each other (degrees have an offset; counts convert to nothing).
const CONVERTIBLE = new Set(["length", "mass", "volume"]);
const UNIT_TABLE = UNITS as unknown as Record<string, UnitEntry>;

// The words that name a dimension to convert ("a converter for length and weight").
const DIMENSIONS: Record<string, string[]> = {
  length: [
    "length",
    "distance",
    "lunghezza",
    "lunghezze",
    "distanza",
    "longueur",
    "longitud",
    "lange",
    "entfernung",
  ],
  mass: ["weight", "mass", "peso", "pesi", "poids", "masse", "gewicht"],
  volume: ["volume", "volumes", "volumi", "volumen", "volumes"],
};

/** The units of each dimension the prompt names, with their factors to the dimension's base unit: a dimension
 * named ("length"), measured, or whose units the ask's sentence names without a number ("miles to kilometers",
 * "tasses en grammes", "Pfund in Kilo"; not a function word of the language, "mi"). */
function conversionsOf(q: Quantity[], text: string, sentence: string, language: UiLanguage, quote: string) {
  const words = new Set(fold(text).split(/[^a-z]+/));
  const named = Object.entries(DIMENSIONS).filter(([, names]) => names.some((n) => words.has(n)));
  const said = new Set(
    fold(sentence).split(/[^a-z]+/).filter((w) => w.length > 1 && !CUES[language].stop.has(w)),
  );
  const units = Object.values(UNIT_TABLE).filter((u) =>
    CONVERTIBLE.has(u.dimension) && u.words.some((w) => said.has(fold(w)))
  );
  const dimensions = [
    ...new Set([
      ...q.flatMap((x) => x.kind === "measure" ? [x.dimension] : []),
      ...named.map(([d]) => d),
      ...units.map((u) => u.dimension),
    ]),
  ];
  const groups = dimensions.map((dimension) => ({
    group: dimension,
    units: Object.entries(UNIT_TABLE).filter(([, u]) => u.dimension === dimension)
      .map(([label, u]) => ({ label, factor: u.factor })),
  })).filter((group) => group.units.length >= 2);
  // (A converter of currencies whose ask names no unit converts them only: "convertite in euro" beside "km".)
  const currencies = currenciesOf(sentence, text);
  const unitNamed = fold(quote).split(/[^a-z]+/).some((w) =>
    Object.values(UNIT_TABLE).some((u) => CONVERTIBLE.has(u.dimension) && u.words.some((x) => fold(x) === w))
  );
  return [...(currencies.length && !unitNamed ? [] : groups), ...currencies];
}

/** The words of the sentence that name the conversions' units or currencies ("miles", "eur"). */
function conversionWords(sentence: string, conversions: { units: { label: string }[] }[]): string[] {
  const labels = new Set(conversions.flatMap((c) => c.units.map((u) => u.label)));
  const named = [
    ...Object.entries(UNIT_TABLE).filter(([label]) => labels.has(label)).flatMap(([, u]) => u.words),
    ...Object.entries(CURRENCIES).filter(([code]) => labels.has(code)).flatMap(([, c]) => c.words),
  ].map(fold);
  return fold(sentence).split(/[^a-z]+/).filter((w) => named.includes(w));
}

/** Whether a quote opens with the language's "we are" ("Wir sind vier", "somos 6"): a count with the speaker. */
function weAreOpens(quote: string, language: Language | undefined): boolean {
  const lexicon = LEXICONS[language && isUiLanguage(language) ? language : "en"];
  return lexicon.weAre.some((p) => fold(quote).startsWith(`${fold(p)} `));
}

/** An ISO date ("2027-06-12"), or a month and day without a year ("--06-12") as the next one from `today`. */
export function nextDate(date: string, today: Date): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const m = /^--(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const [month, day] = [Number(m[1]), Number(m[2])];
  const from = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  for (let year = today.getUTCFullYear(); year < today.getUTCFullYear() + 8; year++) {
    const at = new Date(Date.UTC(year, month - 1, day));
    // February 29th falls only in leap years; a day that does not exist rolls over and is skipped.
    if (at.getUTCMonth() === month - 1 && at.getTime() >= from) return at.toISOString().slice(0, 10);
  }
}
