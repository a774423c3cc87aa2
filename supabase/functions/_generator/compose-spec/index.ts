// understand → compose: a prompt's asks and concepts become an app spec, each ask a building block or an
// option or field of one; a follow-up's asks change the app's spec. The result says what each ask became and
// what was left out, so a job never reports a shell as the app asked for.
import { type Ask, glossedReading, otherUnmet, understand, type Understanding } from "../understand/index.ts";
import { spanOf } from "../understand/gloss.ts";
import { KINDS } from "./kinds.ts";
import { isUiLanguage } from "../understand/language.ts";
import type { AppSpec, BlockName, Language, ScreenOptions } from "../template/src/types.ts";
import { applyChange, CHANGES } from "./changes.ts";
import { slugOf } from "../compose.ts";
import { Entity, fold, vocabularyFor } from "./entities.ts";
import { CUES, matchEveryKey, phrasesPerLanguage, stemTokens } from "../understand/lexicon.ts";
import { words } from "../understand/text.ts";
import { type AskReport, Builder, conceptOf } from "./screens.ts";
import { describe, features, nameOf } from "./names.ts";
import { activityBefore, activityName, sessionWords } from "./activity.ts";
import { bookings } from "./booking.ts";
import { saidName, withoutShortForms } from "./said-name.ts";
import { unheld, unshown } from "./held.ts";
import { offName } from "./own-noun.ts";
import { endsOnInfinitive } from "./head.ts";
import { pickedItems } from "./picked-item.ts";
import { keepDosedItems, namedByItemsOnly } from "./dosed-items.ts";
import { dosedItems } from "../understand/dosed-items.ts";
import UNITS from "../understand/units.json" with { type: "json" };

export type { AskReport } from "./screens.ts";
export { refusal } from "./serviceable.ts";
export { KINDS } from "./kinds.ts";

export interface Composition {
  spec: AppSpec;
  asks: AskReport[];
  /** The prompt's words no ask accounts for, and asks no block could serve, with why. */
  unmet: string[];
  /** Lists that start empty: what they hold cannot be known offline. */
  withoutSamples: string[];
  /** The prompt's language when the UI could not be written in it. */
  languageFallbackFrom?: string;
}

// Asks that make a screen of their own come first: the modifiers (sort, search, a rating field) then find
// the screen they change.
const ORDER: Ask["type"][] = [
  "list",
  "log",
  "catalog",
  "schedule",
  "split",
  "people",
  "quiz",
  "order",
  "goal",
  "timer",
  "convert",
  "calculator",
];
const LIGHT_SAMPLES = 3;
const rank = (a: Ask) => (ORDER.includes(a.type) ? ORDER.indexOf(a.type) : ORDER.length);

/** A new app from a prompt. `appName` is the name it was admitted with, when given. */
export function composeSpec(
  prompt: string,
  options: {
    tier: "light" | "full";
    appName?: string;
    understanding?: Understanding;
    /** The day the app is made (now by default): the next of a date stated without a year is from it. */
    today?: Date;
  },
): Composition {
  const u = options.understanding ?? understand(prompt);
  // A prompt in another language is composed as its English gloss (understand/gloss.ts); the result says the
  // language it fell back from and the words it did not read.
  if (u.other) {
    const { other } = u;
    // (Read as the prompt's language, so the app is named by the concept's own English name, as an app whose UI
    // speaks another language than its prompt is.)
    // (Where no subject is named, the app is named as an English prompt's is, by the words kept as written.)
    const english = { ...glossedReading(other), detected: other.concept ? u.detected : "en" };
    const made = composeSpec(other.gloss.text, { ...options, understanding: english });
    const said = (quote: string) => {
      const from = other.gloss.text.indexOf(quote);
      const span = from < 0 ? undefined : spanOf(other.gloss, from, from + quote.length);
      const [at = { start: 0, end: prompt.length }] = other.spans;
      return prompt.slice((span ?? at).start, (span ?? at).end);
    };
    return {
      ...made,
      asks: made.asks.map((a) => ({ ...a, quote: said(a.quote) })),
      unmet: otherUnmet(made.unmet, other, prompt),
      languageFallbackFrom: u.detected,
    };
  }
  const today = options.today ?? new Date();
  let made = build(prompt, u, options.tier, today);
  const named = nameOf(prompt, u, made.spec);
  // When the head of the request names the app because the records' concept was named only in passing,
  // the records are the head's too.
  if (named.head) made = build(prompt, u, options.tier, today, named.head);
  const { builder, spec } = made;
  // An activity said by its verb is named by its noun ("Meditazione" of "meditare ogni mattina"), and
  // records no concept knows are its sessions (`activity.ts`).
  const [records] = builder.entities;
  const concept = records && conceptOf(records.spec);
  // (A quiz's cards are what is learnt, never sessions of learning it, and its topic names it.)
  const cards = records !== undefined &&
    spec.screens.some((s) => s.block === "quiz" && s.entity === records.spec.key);
  const spoken = u.detected === spec.language && !cards;
  const activity = spoken ? activityName(named.name, prompt, spec.language) : named.name;
  if (spoken && records) {
    const was = records.spec.plural;
    const verbal = (word: string) => activityName(word, prompt, spec.language) !== word;
    // (So are records named by what the verb is done to: "Piano" of "pratiquer le piano tous les jours".)
    const ofTheVerb = verbal(was) || activityBefore(was, prompt, spec.language) !== undefined ||
      (activity !== named.name && fold(named.name).startsWith(fold(was)));
    if (!concept && ofTheVerb) {
      const session = sessionWords(spec.language);
      records.spec.label = session.label;
      records.spec.plural = session.plural;
      for (const screen of spec.screens) if (screen.title === was) screen.title = session.plural;
      const left = builder.withoutSamples.indexOf(was);
      if (left >= 0) builder.withoutSamples[left] = session.plural;
    } else if (concept && verbal(records.spec.label)) {
      // (A concept's records the user's verb named keep the concept's own word: "Session", not "Meditate".)
      records.spec.label = concept.record.label[spec.language];
    }
  }
  // A name that is only the concept's generic word is the word the prompt named it by ("Gym", not "Workouts"),
  // and short forms are written out ("Birthday Reminders"): `said-name.ts`.
  spec.name = options.appName?.trim().slice(0, 30) || saidName(activity, prompt, u, concept, spec.language);
  withoutShortForms(spec, Boolean(options.appName?.trim()));
  // Records kept by booking a thing are its bookings, the thing naming the app (`booking.ts`).
  if (u.detected === spec.language) bookings(spec, u.asks, builder.withoutSamples);
  // Records whose concept the app's name says nothing of start empty rather than with that concept's samples.
  const languages: Language[] = [spec.language, isUiLanguage(u.detected) ? u.detected : "en", "en"];
  if (concept && records.spec.samples.length && offName(records, concept, named.name, languages)) {
    records.spec.samples = [];
    builder.withoutSamples.push(records.spec.plural);
  }
  // The app's identifiers (slug, scheme, bundle) are fixed by its first name, whatever it is renamed to.
  spec.slug = slugOf(spec.name);
  finish(spec);
  const fellBack = !isUiLanguage(u.detected) && u.detected !== "und";
  return {
    spec,
    asks: builder.reports.sort((a, b) => prompt.indexOf(a.quote) - prompt.indexOf(b.quote)),
    unmet: [
      ...unshown(spec, u.unmet.filter((words) => !builder.understands(words)), u),
      ...builder.unmet,
      ...unheld(spec, u, builder.unmet),
    ],
    withoutSamples: builder.withoutSamples,
    ...(fellBack ? { languageFallbackFrom: u.detected } : {}),
  };
}

// The words that say what a figure is broken down by ("per", "de cada", "pro"), as token runs.
const PER = phrasesPerLanguage((lex) => lex.groupedBy);

/** Whether the prompt names a concept's word right after an ask's subject and a word of breakdown
 * ("mes pourboires par service", "mis propinas de cada turno", "le vendite di ogni turno"): it says what
 * the records are counted per, not what they are. */
function countedPer(prompt: string, word: string, asks: Ask[], language: Language): boolean {
  return asks.some((a) => {
    if (!a.subject) return false;
    const after = words(prompt.slice(a.start + a.quote.indexOf(a.subject) + a.subject.length)).map((t) =>
      t.norm
    );
    // (The speaker's relative clause may come between: "tips i make per shift", "mance che prendo per turno".)
    const stop = CUES[language].stop;
    const skip = stop.has(after[0] ?? "") ? [0, 1, 2, 3] : [0];
    return skip.some((n) => {
      const per = PER[language].find((p) => p.every((w, k) => after[n + k] === w));
      const named = words(word).map((t) => t.norm);
      return per !== undefined && named.every((w, k) => after[n + per.length + k] === w);
    });
  });
}

/** The entities and screens the asks make, the main records being `head`'s when given. */
function build(prompt: string, u: Understanding, tier: "light" | "full", today: Date, head?: string) {
  const language: Language = u.language;
  // A concept found only through function words ("per" stems like "pere") names nothing; they are the
  // function words of the language the prompt was read in, whatever the UI speaks.
  const reading = isUiLanguage(u.detected) ? u.detected : "en";
  const stop = CUES[reading].stop;
  // Nor does one named only as what an ask's records are counted per ("mes pourboires par service").
  // Nor one named only by the values of things listed each with a dose or its sets (`dosed-items.ts`).
  const items = reading === u.detected ? dosedItems(prompt, reading) : [];
  const named = u.concepts.filter((c) =>
    c.words.some((w) => !stop.has(fold(w)) && !countedPer(prompt, w, u.asks, reading)) &&
    !namedByItemsOnly(c.words, items, prompt, reading)
  );
  const builder = Builder.fromConcepts(prompt, named, language, reading, head);
  builder.today = today;
  // A goal that states its target is made before one that only refers to it ("see how far I am").
  const untargeted = (a: Ask) => (a.type === "goal" && !a.quantities.length ? 1 : 0);
  // An ask made from another's records ("a shopping list from it") comes after the asks it is a part of.
  const derived = (a: Ask) => (a.derived ? 1 : 0);
  const asks = [...u.asks].sort((a, b) =>
    derived(a) - derived(b) || rank(a) - rank(b) || untargeted(a) - untargeted(b) || a.start - b.start
  );
  builder.asked = asks;
  builder.stated = u.quantities;
  // Reminders about a subject the prompt names and nothing else ("water the plants, remind me at 8") come
  // with the list of that subject, first. A word its concept only shares a stem with or borrows from English
  // names one thing to take ("take vitamin D" of "vitamins", "la pillola"), not a list of such things, unless
  // it is the infinitive of what is done ("reminder to water the geraniums").
  const onlyReminders = asks.some((a) => a.type === "reminder") &&
    asks.every((a) => rank(a) === ORDER.length);
  const [best] = named;
  const act = (w: string) => endsOnInfinitive(prompt.slice(0, prompt.indexOf(w) + w.length), reading);
  if (onlyReminders && best && (best.score >= 1 || best.words.some(act))) {
    builder.listOf(builder.main({ type: "list", quote: "", start: 0, end: 0, fields: [], quantities: [] }));
  }
  for (const ask of asks.filter((a) => a.type !== "theme")) builder.apply(ask);
  builder.logTimedSessions();
  builder.personsOfRecords();
  // Records that say who each is of offer the persons the prompt names one by one (`named-people.ts`).
  builder.offerNamedPersons();
  // The logs beside a catalog of listed items choose one of its items (`picked-item.ts`).
  pickedItems(builder.entities, builder.screens, language);
  // Things listed each with a dose or sets and repetitions are the records, one sample each (`dosed-items.ts`).
  keepDosedItems(builder, items, u.asks);
  // A prompt whose asks made no screen still gets the list of what it names, reported as such.
  if (!builder.screens.length) {
    const entity = builder.main({
      type: "list",
      quote: prompt,
      start: 0,
      end: 0,
      fields: [],
      quantities: [],
    });
    builder.listOf(entity);
  }
  // A vocabulary teaches the language the prompt names, translated into the one it is written in.
  const learned = matchEveryKey(stemTokens(words(prompt), reading), CUES[reading].languages)[0]?.key;
  for (const entity of builder.entities) {
    const concept = conceptOf(entity.spec);
    if (concept) vocabularyFor(entity, concept, learned, reading);
  }
  // The full tier buys a settings and an about screen and every sample a concept has.
  if (tier === "full") {
    builder.addScreen("settings", builder.words.settings);
    builder.addScreen("about", builder.words.about);
  } else {
    for (const entity of builder.entities.filter((e) => !e.stated)) {
      entity.spec.samples = entity.spec.samples.slice(0, LIGHT_SAMPLES);
    }
  }
  const spec: AppSpec = {
    version: 1,
    kind: kindOf(builder.reports),
    name: "",
    description: "",
    language,
    tier,
    accent: "#4F46E5",
    features: [],
    entities: builder.entities.map((e) => e.spec),
    screens: builder.screens,
    prompts: [prompt],
  };
  // A theme is built when it names a colour, dark or light, or large text; else its words are unmet.
  for (const ask of u.asks.filter((a) => a.type === "theme")) {
    if (applyChange(spec, ask, language, prompt).length) builder.refuse(ask, "no colour or theme was named");
    else builder.report(ask);
  }
  return { builder, spec };
}

/** The app `spec` changed as a follow-up prompt asks; what cannot be applied is listed in `unmet`. */
export function changeSpec(spec: AppSpec, prompt: string): Composition {
  const u = understand(prompt, { existingSpec: spec });
  const next: AppSpec = structuredClone(spec);
  next.slug = spec.slug ?? slugOf(spec.name);
  const unmet: string[] = [...u.unmet];
  const reports: AskReport[] = [];
  // Changes first, so a screen the prompt also asks for is made in the language it translates to.
  for (const ask of u.asks.filter((a) => CHANGES.has(a.type) && a.type !== "reminder")) {
    const before = JSON.stringify(next);
    const left = applyChange(next, ask, u.language, prompt);
    // A translation is made when the app speaks the language it names; the user's own labels it leaves are
    // unmet, and so is one that names no language. Another change is made when it changed the app, what it
    // could not apply listed ("quita lo de la hora, con el día me vale": the time goes, "día" is listed).
    const built = ask.type === "translate"
      ? ask.language !== undefined && next.language === u.language
      : !left.length || JSON.stringify(next) !== before;
    reports.push({ type: ask.type, quote: ask.quote, built });
    unmet.push(...left);
    if (ask.type === "translate" && !ask.language) unmet.push(`${ask.quote} (no language was named)`);
  }
  const builder = new Builder(
    prompt,
    next.language,
    [],
    next.entities.map((e) => new Entity(e, next.language, true)),
    next.screens,
    true,
  );
  builder.asked = u.asks;
  const state = () => JSON.stringify([builder.entities.map((e) => e.spec), builder.screens]);
  for (const ask of u.asks.filter((a) => !CHANGES.has(a.type) || a.type === "reminder")) {
    const [before, reported] = [state(), builder.reports.length];
    builder.apply(ask);
    // An ask that changes nothing of the app (a list it has, "envoie la liste à mon mari par sms") applied
    // nothing: its words are unmet, never dropped.
    if (state() !== before) continue;
    for (const report of builder.reports.slice(reported).filter((r) => r.built)) {
      report.built = false;
      builder.unmet.push(`${report.quote} (nothing in the app changed)`);
    }
  }
  next.entities = builder.entities.map((e) => e.spec);
  next.prompts = [...spec.prompts, prompt];
  next.kind = [...new Set([...spec.kind.split("+"), ...builtKinds(builder.reports)])].slice(0, 4).join("+");
  finish(next);
  return {
    spec: next,
    asks: [...reports, ...builder.reports],
    unmet: [...unmet, ...builder.unmet],
    withoutSamples: builder.withoutSamples,
  };
}

// The blocks that can serve an ask of each type, for judging a spec another generator (a model) wrote.
const SERVED_BY: Partial<Record<Ask["type"], BlockName[]>> = {
  list: ["collection", "catalog", "habits", "chat"],
  log: ["log", "tracker", "habits", "budget", "collection"],
  goal: ["goal", "tracker", "habits"],
  aggregate: ["log", "goal", "budget", "tracker", "dashboard", "collection"],
  schedule: ["timetable", "collection"],
  reminder: ["reminders"],
  timer: ["timer"],
  quiz: ["quiz"],
  people: ["people", "split"],
  catalog: ["catalog"],
  order: ["cart", "collection"],
  chart: ["tracker", "goal", "budget", "dashboard"],
  split: ["split"],
  convert: ["converter"],
  countdown: ["collection"],
  calculator: ["calculator"],
};

const hasField = (spec: AppSpec, type: string) =>
  spec.entities.some((e) => e.fields.some((f) => f.type === type));
const onScreen = (spec: AppSpec, option: keyof ScreenOptions) =>
  spec.screens.some((s) => s.options?.[option] !== undefined && s.options[option] !== false);
/** What a spec must hold to serve an ask about its records' fields or lists. */
const SERVED_IN: Partial<Record<Ask["type"], (spec: AppSpec) => boolean>> = {
  rating: (spec) => hasField(spec, "rating"),
  yesno: (spec) => hasField(spec, "check"),
  choice: (spec) => hasField(spec, "choice"),
  photo: (spec) => hasField(spec, "photo"),
  categories: (spec) => hasField(spec, "choice") || onScreen(spec, "categoryField"),
  sort: (spec) => onScreen(spec, "sortField"),
  search: (spec) => onScreen(spec, "search"),
  flag: (spec) => onScreen(spec, "flags"),
};

/**
 * What a spec written by another generator serves of a prompt: each ask is built when a screen of a block
 * that can serve it is there, or, for an ask about the records' fields or lists, when the spec holds what
 * serves it (a rating field, a list sorted or searched); asks about settings are taken as built.
 */
export function judgeSpec(
  spec: AppSpec,
  prompt: string,
  existing?: AppSpec,
): Pick<Composition, "asks" | "unmet"> {
  const u = understand(prompt, existing ? { existingSpec: existing } : {});
  const asks: AskReport[] = u.asks.map((ask) => {
    const blocks = SERVED_BY[ask.type];
    const screen = blocks ? spec.screens.find((s) => blocks.includes(s.block)) : undefined;
    const built = blocks ? screen !== undefined : SERVED_IN[ask.type]?.(spec) ?? true;
    return {
      type: ask.type,
      quote: ask.quote,
      built,
      ...(screen ? { block: screen.block, screen: screen.key } : {}),
    };
  });
  return { asks, unmet: [...u.unmet, ...asks.filter((a) => !a.built).map((a) => a.quote)] };
}

function builtKinds(reports: AskReport[]): string[] {
  return [...new Set(reports.filter((r) => r.built && KINDS.includes(r.type)).map((r) => r.type))];
}

function kindOf(reports: AskReport[]): string {
  const kinds = builtKinds(reports);
  return (kinds.length ? kinds : ["list"]).slice(0, 4).join("+");
}

/** The description and features say what the spec's screens do, in its language. */
/** The units a screen shows as a word ("glasses", "pagine"), by their code and by each of their words: written in
 * the app's language, that of a translated app too, where a symbol ("ml", "km") is the same in every one. */
const WORDED_UNITS = new Map(
  Object.entries(UNITS as Record<string, { shown?: Record<Language, string> }>).flatMap(([code, unit]) =>
    unit.shown ? [code, ...Object.values(unit.shown)].map((key) => [key, unit.shown!] as const) : []
  ),
);

function finish(spec: AppSpec) {
  // Settings and about stay the last tabs whatever a follow-up adds.
  const last = (block: string) => block === "settings" || block === "about" ? 1 : 0;
  spec.screens.sort((a, b) => last(a.block) - last(b.block));
  for (const { options } of spec.screens) {
    for (const shown of [options, ...(options.figures ?? [])]) {
      const words = shown.unit === undefined ? undefined : WORDED_UNITS.get(shown.unit);
      if (words) shown.unit = words[spec.language];
    }
  }
  spec.description = describe(spec);
  spec.features = features(spec);
}
