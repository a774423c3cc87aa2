// understand(prompt): what a prompt asks for, before any app is composed. The stages: the language
// (language.ts), the clauses (clauses.ts), the quantities (quantities.ts), the asks of each clause
// (asks.ts) and the concepts the prompt names (concepts.ts). Pure and deterministic: no network, no clock,
// every index built once at module load. `unmet` holds the prompt's words no ask accounts for.
import { afterNounAsks } from "./after-noun.ts";
import { thresholdAsks } from "./thresholds.ts";
import type { AppSpec } from "../template/src/types.ts";
import { clockedFigures } from "./clocked.ts";
import { type Ask, asksOf, examTopic, occasionOf, ON_A_LIST, statedTopic } from "./asks.ts";
import { type Clause, clauses } from "./clauses.ts";
import { countedAsks } from "./counted.ts";
import { type ConceptMatch, fieldWordsOf, findConcepts, namesConcept } from "./concepts.ts";
import { keepingVerbs } from "./stored.ts";
import { derivedAsks, derivedLast } from "./derived.ts";
import { detectLanguage, isUiLanguage, type UiLanguage } from "./language.ts";
import { learnsUnits, namesUnits } from "./language-units.ts";
import {
  CUES,
  englishKnowsEveryKnownWord,
  type Knows,
  LEXICONS,
  lexiconVote,
  phraseAt,
  phraseWords,
} from "./lexicon.ts";
import { quantities, type Quantity, timerPart } from "./quantities.ts";
import { eachReminder } from "./reminders.ts";
import { otherNoun } from "./each-records.ts";
import { labelsOf } from "./renames.ts";
import { stem, stemPhrase } from "./stem.ts";
import { words } from "./text.ts";
import { aside, asking, refused, told } from "./aside.ts";
import { remainingAsks } from "./remaining.ts";
import { countedAgainst } from "./left-of-count.ts";
import { rankedAmounts } from "./ranked-amount.ts";
import { owedAsks, spentFigures } from "./owed.ts";
import { neededAsks, nextAsks } from "./still-needed.ts";
import { formAsks } from "./forms.ts";
import { keptWords } from "./quiz-keeps.ts";
import { spendingAsks } from "./spending.ts";
import { possessedListAsks } from "./possessed-list.ts";
import { priceListAsks } from "./price-list.ts";
import { ordersTakenAsks } from "./orders-taken.ts";
import { valueLabelAsks } from "./values-label.ts";
import { namedListAsks } from "./named-list.ts";
import { groupedKindAsks } from "./grouped-kinds.ts";
import { flagAsks } from "./flags.ts";
import { workedOutAsks } from "./worked-out.ts";
import { currencyConvertAsks, lastingAsks, shareAsks, statedRateAsks } from "./worked-figures.ts";
import { storyAsks } from "./story.ts";
import { daySlotAsks, weekHeads, whichSubject } from "./day-slots.ts";
import { statedScheduleAsks } from "./stated-schedule.ts";
import { dueQuestionAsks } from "./due-question.ts";
import { type OtherReading, otherReading, otherVote } from "./foreign.ts";
import { spanOf } from "./gloss.ts";
import { verbFinalAsks } from "./verb-final.ts";
import { measuredValueAsks } from "./measured-values.ts";
import { possessedAsks } from "./possessed.ts";
import { bareKindAsks } from "./kind-row.ts";
import { namedPersonsAsks } from "./named-persons.ts";

export type { Ask, AskType, Field, FieldType, Slot } from "./asks.ts";
export type { ConceptMatch } from "./concepts.ts";
export type { Quantity } from "./quantities.ts";

export interface Understanding {
  /** The UI language: the one the prompt asks for ("in German", "traduci in inglese"), else the existing
   * app's, else the prompt's when it is one of the five, else English. */
  language: UiLanguage;
  /** The language the detector found (ISO 639-1). */
  detected: string;
  asks: Ask[];
  concepts: ConceptMatch[];
  /** The runs of the prompt's content words that no ask quotes. */
  unmet: string[];
  /** Every quantity the prompt states, read once, in the order it states them. */
  quantities: Quantity[];
  /** A prompt in a language the knowledge names subjects in but the reader does not read (foreign.ts): the
   * asks are those of `english`, the English prompt naming only its subject, quoted as the prompt's words. */
  other?: OtherReading;
}

export interface UnderstandOptions {
  /** The app the prompt changes: its asks are then changes (translate, theme, add_field, …). */
  existingSpec?: AppSpec;
  /** The language the prompt is read in, whatever the detector finds: a gloss is English. */
  language?: UiLanguage;
}

type Span = { start: number; end: number };

/** Quantities that make a `:` list a timer's phases or a reminder's times rather than fields. */
const MEASURES = new Set<Quantity["kind"]>(["duration", "rounds", "frequency", "time", "weekday"]);
const recurrence = (q: Quantity) => q.kind === "frequency";
/** Asks that hold the times, phases and frequencies of a `:` list's items for the clause before it. */
const TIMED = new Set<Ask["type"]>(["reminder", "timer", "schedule", "goal", "log"]);

/** The language a prompt is read in, and the one the detector found. */
function promptLanguage(prompt: string): { language: UiLanguage; detected: string } {
  // The words the concepts name a subject with vote too: "grocery list app" is English; so do a language's
  // units and names ("russian verbs").
  const known: Knows = (t, l) => namesConcept(t, l) || namesUnits(t, l);
  return detectLanguage(
    prompt,
    lexiconVote(prompt, known),
    () => englishKnowsEveryKnownWord(prompt, known),
    otherVote(prompt),
  );
}

/**
 * Whether the prompt names a subject the knowledge holds: then `understand` finds at least that concept (the
 * field words it discounts only weigh a match less), without reading the prompt's asks.
 */
export function namesKnownSubject(prompt: string): boolean {
  const { language, detected } = promptLanguage(prompt);
  return findConcepts(prompt, language).length > 0 || otherReading(prompt, detected)?.concept !== undefined;
}

/** The English reading of a prompt in another language's gloss, the concept its own words name first. */
export function glossedReading(other: OtherReading): Understanding {
  const english = understand(other.gloss.text, { language: "en" });
  if (!other.english) return english;
  const named = english.concepts.find((c) => c.id === other.concept) ??
    understand(other.english, { language: "en" }).concepts.find((c) => c.id === other.concept);
  return {
    ...english,
    concepts: named ? [named, ...english.concepts.filter((c) => c !== named)] : english.concepts,
  };
}

/** What a reading in another language leaves unmet: the English reader's runs said as the prompt's words, then
 * the words the gloss did not hold, each once (a word kept as written that the English reader left unmet too is
 * said only as kept). */
export function otherUnmet(english: string[], other: OtherReading, prompt: string): string[] {
  const said = english.map((u) => unglossed(u, other, prompt));
  const unread = new Set(other.gloss.unread.map((r) => prompt.slice(r.start, r.end)));
  return [...said.filter((u) => !unread.has(u)), ...other.unmet];
}

/** A run of the English gloss said as the prompt's words it glosses, where it is found in the gloss. */
export function unglossed(run: string, other: OtherReading, prompt: string): string {
  const from = other.gloss.text.indexOf(run);
  const span = from < 0 ? undefined : spanOf(other.gloss, from, from + run.length);
  return span ? prompt.slice(span.start, span.end) : run;
}

export function understand(prompt: string, options: UnderstandOptions = {}): Understanding {
  const { language, detected } = options.language
    ? { language: options.language, detected: options.language }
    : promptLanguage(prompt);
  // A prompt in a language the reader does not read is read as its English gloss (gloss.ts): the asks are the
  // English reader's, quoted as the prompt's words they gloss; the words the gloss does not hold are unmet.
  const other = options.existingSpec ? undefined : otherReading(prompt, detected);
  if (other) {
    const english = glossedReading(other);
    const { gloss } = other;
    // (Where no subject is named, a run that stands for no word of the prompt is quoted as the whole prompt.)
    const [at = { start: 0, end: prompt.length }] = other.spans;
    const said = (from: number, to: number) => spanOf(gloss, from, to) ?? at;
    const subjectOf = (subject: string) => {
      const from = gloss.text.indexOf(subject);
      const span = from < 0 ? at : said(from, from + subject.length);
      return prompt.slice(span.start, span.end);
    };
    const named = english.concepts.find((c) => c.id === other.concept);
    return {
      ...english,
      detected,
      asks: english.asks.map((a) => {
        const span = said(a.start, a.end);
        return {
          ...a,
          quote: prompt.slice(span.start, span.end),
          start: span.start,
          end: span.end,
          ...(a.subject === undefined ? {} : { subject: subjectOf(a.subject) }),
          deadline: undefined,
        };
      }),
      concepts: named ? [{ ...named, words: other.spans.map((s) => prompt.slice(s.start, s.end)) }] : [],
      unmet: otherUnmet(english.unmet, other, prompt),
      quantities: english.quantities.map((q) => {
        const span = said(q.start, q.end);
        return { ...q, ...span, text: prompt.slice(span.start, span.end) };
      }),
      other,
    };
  }
  const all = quantities(prompt, language);
  const followUp = options.existingSpec !== undefined;
  const labels = options.existingSpec ? labelsOf(options.existingSpec) : [];
  const inside = (c: Span) => all.filter((q) => q.start >= c.start && q.end <= c.end);
  // The items of a `:` list are fields ("title, author") unless they state quantities ("20s on, 10s off"),
  // which then belong to the clause that introduces them.
  // A follow-up's `:` list ("Some changes: remove the price, add a photo") lists changes, not fields.
  const parts = clauses(prompt, language).map((c) => (followUp ? { ...c, head: undefined } : c));
  const measuredList = (i: number) =>
    parts.some((c) => c.head === i && inside(c).some((q) => MEASURES.has(q.kind)));
  // Each clause's asks, by its index: a `:` list's items read the asks of the clause they follow.
  const byClause: Ask[][] = [];
  const recurs = (c: Span) => inside(c).some(recurrence);
  // Items whose recurrences ("the mileage every month") no ask of the clause before them holds.
  const unheld = (i: number) =>
    measuredList(i) && !byClause[i].some((a) => TIMED.has(a.type)) &&
    parts.some((c) => c.head === i && recurs(c));
  // Whether the asks of the clause before a `:` list hold its items: their times, or their words as fields.
  const held = (i: number) =>
    byClause[i].some((a) => measuredList(i) && !unheld(i) ? TIMED.has(a.type) : a.fields.length > 0);
  const asks = parts.flatMap((clause, i) => {
    if (clause.head !== undefined) {
      // The items' own asks ("…, sorted by best"); their quantities went to the clause before.
      // Items whose quantities no ask of the clause before holds ("Per la mia auto: i rifornimenti ogni
      // settimana") say something of their own, and are read on their own.
      if (measuredList(clause.head) && unheld(clause.head)) {
        return asksOf({ prompt, clause, language, quantities: inside(clause), items: [], followUp, labels });
      }
      // (The items of a summary, "a summary for today: number of feedings, total ml", are its figures.)
      const figures = byClause[clause.head]?.some((a) => a.type === "aggregate");
      const own = asksOf({
        prompt,
        clause,
        language,
        quantities: [],
        items: [],
        followUp,
        labels,
        listItems: true,
        figures,
        stated: inside(clause),
      });
      // (Items whose times the clause before holds may still name a timetable it does not ask for: "…, and
      // who is on each day of the week", or offer values each with its own time: "green 2 min, black 4 min", or
      // share costs: "les frais partagés 50/50"; costs the clause before shares already, "répartir les frais :
      // chacun paie…", are its split.)
      const timetable = !byClause[clause.head].some((a) => a.type === "schedule");
      const shared = byClause[clause.head].some((a) => a.type === "split");
      const kept = (a: Ask) =>
        (a.type === "schedule" && timetable) || a.type === "choice" || a.type === "split";
      return (measuredList(clause.head) ? own.filter(kept) : own).filter((a) =>
        a.type !== "split" || !shared
      );
    }
    const items = parts.filter((c) => c.head === i);
    const measured = measuredList(i);
    const read = (listed: Quantity[], fields: Clause[]) =>
      asksOf({
        prompt,
        clause,
        language,
        quantities: [...inside(clause), ...listed],
        items: fields,
        listItemsAll: items,
        followUp,
        labels,
        stated: items.flatMap(inside),
      });
    // (Prices listed as items, "Drinks: espresso $3, latte $4.50", are the clause's price list.)
    if (!measured) return byClause[i] = read(items.flatMap(inside).filter((q) => q.kind === "money"), items);
    const timed = read(items.flatMap(inside), []);
    // Items whose recurrences no ask of this clause holds are read on their own (above): what recurs is a log
    // of its own ("Mi gato: su peso cada mes"), not a field; the other items are this clause's fields.
    if (timed.some((a) => TIMED.has(a.type)) || !items.some(recurs)) return byClause[i] = timed;
    return byClause[i] = read([], items.flatMap((c) => commaParts(prompt, c)).filter((c) => !recurs(c)));
  });
  // A bare noun of records in a row of kinds asks for its list only (`kind-row.ts`).
  if (!followUp) asks.splice(0, asks.length, ...bareKindAsks(parts, asks, language));
  asks.splice(0, asks.length, ...eachReminder(asks, prompt, language));
  // A short prompt of the speaker's own things is their list, a score a rating of each (`possessed-list.ts`).
  if (!followUp) asks.splice(0, asks.length, ...possessedListAsks(prompt, language, asks));
  // Money spent or received, named by what it goes on, is a log of those sums (`spending.ts`).
  if (!followUp) asks.splice(0, asks.length, ...spendingAsks(prompt, language, asks, all));
  // Things listed each with its price are the catalog's records, not fields (`price-list.ts`).
  if (!followUp) asks.splice(0, asks.length, ...priceListAsks(prompt, language, asks, all));
  // Values listed after a noun of their kind are a choice among them, not fields (`values-label.ts`).
  if (!followUp) asks.splice(0, asks.length, ...valueLabelAsks(language, asks));
  // A business's records of what its customers order, book or rent are an order (`orders-taken.ts`).
  if (!followUp) asks.splice(0, asks.length, ...ordersTakenAsks(prompt, language, asks));
  // A list named with what it lists keeps those things (`named-list.ts`).
  if (!followUp) asks.splice(0, asks.length, ...namedListAsks(prompt, language, asks));
  // Records marked where a number passes a bound the prompt sets (`flags.ts`).
  if (!followUp) asks.splice(0, asks.length, ...flagAsks(prompt, language, asks, all));
  // Figures worked out from the records' own numbers: "profit", "prix au kilo", a rate times hours.
  if (!followUp) asks.splice(0, asks.length, ...workedOutAsks(prompt, language, asks, all));
  // Figures stated as facts: a rate per hour by its noun, sums seen in another currency (`worked-figures.ts`).
  if (!followUp) asks.splice(0, asks.length, ...statedRateAsks(prompt, language, asks, all));
  if (!followUp) asks.splice(0, asks.length, ...currencyConvertAsks(prompt, language, asks, all));
  // Things set to parts of the day and to weekdays are a timetable, not reminders (`day-slots.ts`).
  if (!followUp) asks.splice(0, asks.length, ...daySlotAsks(prompt, language, asks, all));
  // Times, times a day and weeks stated as facts are a timetable too; a task's rhythm alone, a reminder
  // (`stated-schedule.ts`).
  if (!followUp) asks.splice(0, asks.length, ...statedScheduleAsks(prompt, language, asks, all));
  // A question of when something falls due or how often it must be done is a reminder of it (`due-question.ts`).
  if (!followUp) asks.splice(0, asks.length, ...dueQuestionAsks(prompt, language, asks, all));
  if (!followUp) whichSubject(prompt, language, asks);
  if (!followUp) asks.splice(0, asks.length, ...weekHeads(prompt, asks));
  // A prompt that only names something, or asks only what changes a list, keeps a list of what its first
  // clause names outside those asks' cues: "recipes", "whats in my freezer", "my camping gear, I want a
  // photo of each", or a log of what it names being done ("annaffiare le piante"); a log a figure of the speaker's doing implies, with nothing named to keep, is no more.
  const named: Ask[] = [];
  const onlyOnAList = !followUp && asks.every((a) => (ON_A_LIST.has(a.type) || a.implied) && !a.subject);
  if (parts.length && (!asks.length || onlyOnAList) && isUiLanguage(detected)) {
    const list = asksOf({
      prompt,
      clause: parts[0],
      language,
      quantities: [],
      items: [],
      followUp: false,
      fallback: "list",
    }).filter((a) => (a.type === "list" || (a.type === "log" && !a.implied)) && a.subject);
    asks.push(...list);
    named.push(...list);
  }
  // Records grouped by a kind the prompt names are categories of it, once the
  // list a prompt that only names its records keeps is read (`grouped-kinds.ts`).
  if (!followUp) asks.splice(0, asks.length, ...groupedKindAsks(prompt, language, asks));
  // What the forms the prompt names ask for: a quiz for learning a subject, a tick for a checklist…
  if (!followUp) asks.splice(0, asks.length, ...formAsks(prompt, parts, asks, all, language));
  // Units of a language a prompt only names, where no form asks a quiz, are to learn: "verbos irregulares en
  // inglés" is a quiz of them.
  const learns = (a: Ask) =>
    a.type === "list" && named.some((n) => n.start === a.start && n.end === a.end) &&
    !asks.some((q) => q.type === "quiz") && learnsUnits(prompt, a, language);
  asks.splice(0, asks.length, ...asks.map((a): Ask => learns(a) ? { ...a, type: "quiz" } : a));
  // A German clause ends on its verb: no field or subject holds it, nor a field after it (`verb-final.ts`).
  if (!followUp) asks.splice(0, asks.length, ...verbFinalAsks(prompt, language, asks));
  // A subject from who to what they own across a possessive of theirs is what they own (`possessed.ts`).
  if (!followUp) asks.splice(0, asks.length, ...possessedAsks(prompt, language, asks));
  // Persons named one by one after their noun or number are the people the app keeps (`named-persons.ts`).
  if (!followUp) asks.splice(0, asks.length, ...namedPersonsAsks(prompt, language, asks));
  // Values kept of the one measure the prompt names are that measure's (`measured-values.ts`).
  if (!followUp) asks.splice(0, asks.length, ...measuredValueAsks(prompt, language, asks));
  // A story told before the request is its context: the request's asks come first (`story.ts`).
  if (!followUp) asks.splice(0, asks.length, ...storyAsks(prompt, language, asks, all));
  // A quiz is on the topic the prompt states ("topic is world capitals", "tema: le capitali"), or prepares
  // for the exam it names, in whichever clause: that is the quiz's subject. The statement of the topic asks
  // for nothing of its own (a theme, a list); its words are the quiz's.
  const quiz = asks.find((a) => a.type === "quiz");
  const stated = quiz && !followUp ? statedTopic(prompt, language) : undefined;
  const topic = stated?.topic ?? (quiz && !followUp ? examTopic(prompt, language) : undefined);
  if (quiz && topic) quiz.subject = topic;
  if (quiz && stated) {
    const inTopic = (a: Ask) => a !== quiz && a.start >= stated.at.start && a.end <= stated.at.end;
    asks.splice(0, asks.length, ...asks.filter((a) => !inTopic(a)));
    quiz.fields = quiz.fields.filter((f) => !stated.topic.includes(f.name));
  }
  // Where a question of who does what names a concept ("who brings what": dishes), what it names after its
  // preposition ("to the picnic") is the occasion its things are for, not what the app keeps: no ask is
  // about it.
  const occasion = followUp ? undefined : occasionOf(prompt, language);
  const folded = (s: string) => words(s).map((t) => t.norm).join(" ");
  // (The subject may stop short of the occasion's words or run past them: "fête" of "fête de l'école".)
  const aboutOccasion = (a: Ask) => {
    if (occasion === undefined || a.subject === undefined) return false;
    const [said, kept] = [folded(occasion.occasion), folded(a.subject)];
    return said.startsWith(kept) || kept.startsWith(said);
  };
  if (occasion && findConcepts(occasion.question, language).length) {
    for (const a of asks.filter(aboutOccasion)) delete a.subject;
  }
  // The interface speaks the language a prompt asks for, else the app's own (a follow-up), else the prompt's.
  const asked = asks.find((a) => a.language)?.language;
  const kept = options.existingSpec?.language;
  // One calculator works out every amount, however many rates ("$14 an hour") or words ask for one; the
  // others' words are still accounted for. A figure the prompt names, worked out from the records' numbers, is
  // a field of its own.
  const calculator = asks.find((a) => a.type === "calculator" && !a.worked?.label);
  // A reminder that says nothing of when, in a prompt where another one does, is that reminder asked again
  // ("…at 8, 13 and 21 and she forgets. Can you make something that reminds her?"): one reminder, the first
  // asked (its subject, "Pausen" of "vergesse ich ständig Pausen"), at the times the other names, rather than
  // a second one at a default hour; the others' words are still accounted for.
  const says = (a: Ask) => (a.times?.length ?? 0) > 0 || a.quantities.length > 0;
  const reminders = asks.filter((a) => a.type === "reminder");
  const timed = reminders.find(says);
  const first = reminders[0];
  const merged = timed !== undefined && first !== timed && !says(first);
  if (merged) {
    first.times = timed.times;
    first.quantities = timed.quantities;
    first.subject ??= timed.subject;
  }
  // Persons only named again after a clause that asks for people ("We are 3 flatmates. Each flatmate…",
  // "Mes deux fils… chacun") are those people, with what they add; "the list" or "each" record after a clause
  // that asks for records ("sort the list by date", "die Liste nach Namen sortieren", "Running log. Each run:
  // date, distance") is those records, with the fields it lists. Their words are still accounted for.
  const earlier = (a: Ask) => asks.find((b) => b.type === a.type || (a.type === "list" && b.type === "log"));
  // (Each record of another noun after records with fields of their own, "races with date, and for each
  // member: name", is records of its own.)
  const namedAgain = (a: Ask) =>
    a.mention === true && (a.type === "people" || a.type === "list") && earlier(a) !== a &&
    !(a.each && otherNoun(a, earlier(a)!, language));
  // (Once, before any is merged: the fields merged are no fields of the records' own.)
  const repeated = new Set(asks.filter(namedAgain));
  for (const a of repeated) {
    const group = earlier(a)!;
    group.fields.push(...a.fields.filter((f) => !group.fields.some((g) => g.name === f.name)));
  }
  // What a figure is broken down by is the prompt's categories where it names them otherwise ("Kategorie
  // (Miete, Auto) … Summe pro Kategorie", "hours per site … costs per site"), and no category where it is
  // what the prompt keeps records of, named elsewhere but as no field ("books with title and author … the
  // average per book"); its words are still accounted for.
  const fieldWords = new Set(asks.flatMap((a) => a.fields.flatMap((f) => stemPhrase(f.name, language))));
  const brokenDown = (a: Ask) => {
    if (!a.breakdown) return false;
    const other = asks.find((b) => b.type === "categories" && (!b.breakdown || b.start < a.start));
    // (A noun named elsewhere only as what something else is broken down by, "Lernzeiten pro Fach … die Summe
    // pro Fach", is no record either.)
    const rest = words(prompt.slice(0, a.start) + " " + prompt.slice(a.end));
    const by = (i: number) =>
      LEXICONS[language].groupedBy.some((p) => {
        const phrase = phraseWords(p);
        return phraseAt(rest, i - phrase.length, phrase);
      });
    const elsewhere = rest.flatMap((t, i) => t.kind === "word" && !by(i) ? [stem(t.text, language)] : []);
    const records = stemPhrase(a.subject ?? "", language).some((s) =>
      elsewhere.includes(s) && !fieldWords.has(s)
    );
    return other !== undefined || records;
  };
  // (Where records the prompt keeps are named otherwise, such a noun is what the figure before it is per, no
  // category: "mis pesos en el gimnasio, ejercicio, … mi mejor marca de cada ejercicio".)
  for (const a of asks.filter((a) => a.breakdown && brokenDown(a) && a.subject)) {
    const named = stemPhrase(a.subject!, language);
    const kept = asks.some((b) =>
      (b.type === "log" || b.type === "list") && b.subject !== undefined &&
      !stemPhrase(b.subject, language).some((s) => named.includes(s))
    );
    const figure = asks.filter((b) => b.type === "aggregate" && !b.ranked && b.start <= a.start).at(-1);
    if (kept && figure && !asks.some((b) => b.type === "categories" && b !== a)) figure.per ??= a.subject;
  }
  // A log implied by a figure of what the speaker does gives way to a log or a list the prompt asks for; its
  // words are still accounted for.
  const records = asks.some((a) => (a.type === "log" || a.type === "list") && !a.implied);
  if (!followUp) remainingAsks(prompt, language, asks, all);
  // What others still owe the speaker, or the speaker spent, is a total of the records' money (`owed.ts`).
  if (!followUp) owedAsks(prompt, language, asks);
  if (!followUp) spentFigures(language, asks);
  if (!followUp) clockedFigures(language, asks);
  if (!followUp) rankedAmounts(prompt, language, asks);
  if (!followUp) neededAsks(prompt, language, asks, all);
  if (!followUp) nextAsks(prompt, language, asks, all);
  // What a question of how many counts names its figure, log and goal.
  if (!followUp) countedAsks(prompt, asks, language);
  // A warning over an amount a period is a limit, a number of things earned a target (`thresholds.ts`).
  if (!followUp) asks.splice(0, asks.length, ...thresholdAsks(prompt, language, asks, all));
  // A share of a price paid first and what is left after it, and how long a stock lasts, once the goals and
  // totals their amounts were read as are (`worked-figures.ts`).
  if (!followUp) asks.splice(0, asks.length, ...shareAsks(prompt, language, asks, all));
  if (!followUp) asks.splice(0, asks.length, ...lastingAsks(prompt, language, asks, all));
  // What a short prompt asks of its records after their noun, with no field list, is their fields: a question
  // of when, who, where or how many, sides joined by "and", a noun of acts done to a thing (`after-noun.ts`).
  if (!followUp) asks.splice(0, asks.length, ...afterNounAsks(prompt, language, asks));
  const again = (a: Ask) =>
    timed !== undefined && a.type === "reminder" && a !== first && (!says(a) || (merged && a === timed));
  const derived = derivedAsks(prompt, asks, language);
  for (const a of derived.keys()) a.derived = true;
  return {
    language: asked ?? (kept && isUiLanguage(kept) ? kept : language),
    detected,
    asks: asks.filter((a) =>
      (a.type !== "calculator" || a === calculator || a.worked?.label || a.needed) && !again(a) &&
      !repeated.has(a) &&
      !brokenDown(a) &&
      !(records && a.implied)
    ),
    // (The words of a timer's phases and rounds name its parts, no records: "8 series", "6 tours".)
    concepts: derivedLast(
      findConcepts(
        [
          ...all.filter(timerPart),
          ...keepingVerbs(prompt, language),
          ...countedAgainst(prompt, asks, language),
        ]
          .reduce(
            (p, q) => p.slice(0, q.start) + " ".repeat(q.end - q.start) + p.slice(q.end),
            prompt,
          ),
        language,
        undefined,
        fieldWordsOf(asks.flatMap((a) => a.fields.map((f) => f.name)), language),
      ),
      prompt,
      [...derived.values()],
    ),
    unmet: unmet(
      prompt,
      language,
      asks,
      [
        ...parts.flatMap((c) => listed(prompt, c, measuredList, unheld, held, inside)),
        ...stated ? [stated.at] : [],
        ...keptWords(prompt, asks, language),
      ],
      // (Only a prompt read in its own language is read for its verbs of asking and for what it tells or
      // refuses; a follow-up's negations are those of its changes.)
      isUiLanguage(detected) ? parts : [],
      !followUp,
      all,
    ),
    quantities: all,
  };
}

/**
 * What a `:` list's items account for: none when no ask of the clause before holds them; all of them when
 * their words are its fields; when they state quantities it holds ("pills at 9 and 21, doctor's visits with
 * date"), only the items that state a quantity, so those that state none are left for the asks or unmet.
 */
function listed(
  prompt: string,
  item: Clause,
  measuredList: (head: number) => boolean,
  unheld: (head: number) => boolean,
  held: (head: number) => boolean,
  inside: (c: Span) => Quantity[],
): Span[] {
  if (item.head === undefined || !held(item.head)) return [];
  if (!measuredList(item.head)) return [item];
  const parts = commaParts(prompt, item);
  const recurs = (c: Span) => inside(c).some(recurrence);
  return parts.filter((p) => unheld(item.head!) ? !recurs(p) : inside(p).length);
}

/** The parts of a clause between its commas outside brackets ("feed (hay, scoops), farrier date"). */
function commaParts(prompt: string, clause: Clause): Clause[] {
  const out: Clause[] = [];
  let depth = 0;
  let start = clause.start;
  for (let i = clause.start; i <= clause.end; i++) {
    const c = i < clause.end ? prompt[i] : ",";
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && (depth <= 0 || i === clause.end)) {
      const text = prompt.slice(start, i);
      const from = start + text.length - text.trimStart().length;
      const to = start + text.trimEnd().length;
      if (to > from) out.push({ text: prompt.slice(from, to), start: from, end: to });
      start = i + 1;
    }
  }
  return out;
}

// Asks that change a setting of the app, whose quote starts at what it is set to ("dark", "in italiano").
const SETTINGS = new Set<Ask["type"]>(["theme", "translate", "language"]);

/**
 * A setting's span with the one word that asks for it, when only function words stand between: "change (the
 * colour to green)", "mettilo (in italiano)", "ponlo (oscuro)". That word asks for the setting; it is no
 * subject left unmet.
 */
function withVerb(prompt: string, ask: Ask, stop: Set<string>): { start: number; end: number } {
  const before = words(prompt.slice(0, ask.start)).filter((t) => t.kind === "word");
  let i = before.length - 1;
  while (i >= 0 && stop.has(before[i].norm)) i--;
  const verb = before[i];
  const alone = verb &&
    (i === 0 || stop.has(before[i - 1].norm) || prompt.slice(0, verb.start).trim() === "");
  return alone ? { start: verb.start, end: ask.end } : ask;
}

/**
 * Content words outside every ask's quote (and outside the `:` lists their asks took as fields), other than
 * words naming a field an ask has: "search by author" after "title, author, pages" asks nothing more, and
 * words said aside (a greeting, whom the app is for, what the speaker tells of themselves in a clause that
 * asks nothing, what a negation opening a clause refuses, a clause's verbs of asking when an ask quotes that
 * clause).
 */
/** The clauses a colon ends that no ask quotes ("Marathon training: log every run…", "Per la mia auto:
 * …"): they title what follows, which asks or is unmet itself. */
function titles(prompt: string, parts: Clause[], asks: Ask[]): Clause[] {
  return parts.filter((c) =>
    /^\s*:/.test(prompt.slice(c.end)) && !asks.some((a) => a.start < c.end && c.start < a.end)
  );
}

function unmet(
  prompt: string,
  language: UiLanguage,
  asks: Ask[],
  lists: { start: number; end: number }[],
  parts: Clause[],
  tells: boolean,
  stated: Quantity[],
) {
  const stop = CUES[language].stop;
  const covered = [
    ...asks.map((a) => SETTINGS.has(a.type) ? withVerb(prompt, a, stop) : a),
    ...(asks.length ? lists : []),
    ...aside(prompt, language),
    ...(tells ? told(prompt, language, parts, asks, stated) : []),
    ...(tells && parts.length ? refused(prompt, language, asks) : []),
    ...titles(prompt, parts, asks),
  ];
  // A run of verbs of asking right before an ask's quote, only function words between, in the same clause,
  // asks for what that ask quotes ("Help me keep track…", "je veux voir le total", "fammi un timer").
  const asked = (run: Span) => {
    const clause = parts.find((c) => c.start <= run.start && run.end <= c.end);
    const next = asks.filter((a) => a.start >= run.end && clause && a.start < clause.end)
      .sort((a, b) => a.start - b.start)[0];
    return next !== undefined && asking(prompt.slice(run.start, run.end), language) &&
      words(prompt.slice(run.end, next.start)).every((t) => t.kind === "mark" || stop.has(t.norm));
  };
  const fieldStems = new Set(asks.flatMap((a) => a.fields.flatMap((f) => stemPhrase(f.name, language))));
  const runs: Span[] = [];
  let run: Span | null = null;
  for (const t of words(prompt)) {
    const open = t.kind === "word" && !stop.has(t.norm) &&
      !covered.some((a) => a.start <= t.start && t.end <= a.end) && !fieldStems.has(stem(t.text, language));
    if (open) run = run ? { start: run.start, end: t.end } : { start: t.start, end: t.end };
    else if (t.kind === "word" && !stop.has(t.norm) || t.kind === "mark") {
      if (run) runs.push(run);
      run = null;
    }
  }
  if (run) runs.push(run);
  return runs.filter((r) => !asked(r)).map((r) => prompt.slice(r.start, r.end));
}
