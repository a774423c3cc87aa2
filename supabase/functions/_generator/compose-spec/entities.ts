// The records an app keeps: the concept the subject names (its fields, labels and samples in the UI
// language) merged with the fields the prompt names. A subject no concept knows becomes an entity named
// after the prompt's own words, with the fields it names and no samples (nothing offline knows them).
import type { Field as AskedField } from "../understand/index.ts";
import type { Concept } from "../understand/concepts.ts";
import { heldBy } from "./offered-choice.ts";
import type { EntitySpec, FieldSpec, FieldType, Language, RecordData } from "../template/src/types.ts";
import { WORDS } from "./words.ts";
import { detectLanguage, UI_LANGUAGES } from "../understand/language.ts";
import { stem } from "../understand/stem.ts";
import { sameByWords } from "./same-field.ts";

const FIELD_TYPES: Record<string, FieldType> = {
  text: "text",
  longtext: "longtext",
  number: "number",
  quantity: "number",
  money: "money",
  date: "date",
  datetime: "date",
  time: "time",
  duration: "duration",
  rating: "rating",
  choice: "choice",
  yesno: "check",
  photo: "photo",
};

export function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** A camelCase identifier from any words ("Poppate ora" → "poppateOra"); `fallback` when none is left. */
export function keyOf(text: string, fallback: string): string {
  const parts = fold(text).split(/[^a-z0-9]+/).filter(Boolean);
  const key = parts.map((p, i) => (i ? p[0].toUpperCase() + p.slice(1) : p)).join("").slice(0, 40);
  return /^[a-z]/.test(key) ? key : fallback;
}

export function capitalized(text: string): string {
  const trimmed = text.trim();
  return trimmed.charAt(0).toLocaleUpperCase() + trimmed.slice(1);
}

/** An entity with the fields it keeps; helpers add the fields a block needs. */
export class Entity {
  /** The units and currencies of its fields, as the prompt states them (a concept's are in the concept). */
  readonly units = new Map<string, { unit?: string; currency?: string }>();
  /** Its records are the prompt's own (a price list, a week set out day by day): the tier keeps every one. */
  stated = false;

  constructor(public spec: EntitySpec, readonly language: Language, readonly known: boolean) {}

  field(key: string): FieldSpec | undefined {
    return this.spec.fields.find((f) => f.key === key);
  }

  /** The first field of the first type that has one. */
  ofType(...types: FieldType[]): FieldSpec | undefined {
    for (const type of types) {
      const found = this.spec.fields.find((f) => f.type === type);
      if (found) return found;
    }
  }

  /** The field named `label` (by its folded label or key), else a new one of `type`. */
  ensure(key: string, label: string, type: FieldType, options?: string[]): FieldSpec {
    const wanted = fold(label);
    const found = this.spec.fields.find((f) => fold(f.label) === wanted || f.key === key);
    if (found) return found;
    let unique = key;
    for (let n = 2; this.field(unique); n++) unique = `${key}${n}`;
    const field: FieldSpec = { key: unique, label, type, ...(options?.length ? { options } : {}) };
    this.spec.fields.push(field);
    for (const sample of this.spec.samples) sample[unique] = blank(field);
    return field;
  }

  /** A field of one of `types`, else a new one. */
  ensureType(types: FieldType[], key: string, label: string, options?: string[]): FieldSpec {
    return this.ofType(...types) ?? this.ensure(key, label, types[0], options);
  }

  /** The fields the prompt names, typed as it says; one that is a field the entity has takes its place. */
  addAsked(fields: AskedField[]) {
    for (const f of fields) {
      // A choice needs its options; without them the prompt only named a field.
      const options = f.type === "choice" && f.options?.length ? f.options : undefined;
      const type = f.type === "choice" && !options ? "text" : FIELD_TYPES[f.type] ?? "text";
      const label = capitalized(f.name);
      // (A choice whose values one of the records' choices holds is that choice, named by the prompt's words
      // unless the field's own name holds them: "robe rouge/blanc/rosé" is the wine's type, "Robe"; "paid
      // either cash or card" is "Paid with".)
      const same = this.sameAs(label, type);
      if (!same && options && heldBy(this, f)) continue;
      const field = same ?? this.ensure(keyOf(f.name, "field"), label, type, options);
      // The prompt's words and unit win, and a type of its own (a choice's options, a score, a tick, a photo);
      // the records keep their values unless the type or the options change.
      const kept = OWN_TYPES.has(type) ? type : field.type;
      if (kept !== field.type || options) {
        for (const sample of this.spec.samples) sample[field.key] = blank({ type: kept, options });
      }
      Object.assign(field, { label, type: kept }, options ? { options } : {});
      if (f.unit || f.currency) this.units.set(field.key, { unit: f.unit, currency: f.currency });
    }
  }

  /**
   * The field a name of one word is: one labelled the same, or with a label of one word of the same stem
   * ("pages" of "number of pages" is "Pages"), or, in German, that a compound ends in ("Gesamtgewicht" is
   * "Gewicht"); a count or a measure ("distance in km") only a field that holds a number; a duration the
   * records' one duration.
   */
  sameAs(label: string, type: FieldType): FieldSpec | undefined {
    const folded = fold(label);
    const exact = this.spec.fields.find((f) => fold(f.label) === folded);
    if (exact) return exact;
    // (Or by other words that add nothing to it: "phone number", "nome ospite", `same-field.ts`.)
    const byWords = () => sameByWords(this.spec.fields, label, type, this.language);
    if (/\s/.test(folded)) return byWords();
    const stemmed = stem(folded, this.language);
    // (A record takes one time, whatever the prompt calls it: "Dauer" is a ride's "Zeit".)
    const durations = this.spec.fields.filter((f) => f.type === "duration");
    if (type === "duration" && durations.length === 1) return durations[0];
    return this.spec.fields.find((f) => {
      const other = fold(f.label);
      if (/\s/.test(other)) return false;
      const own = stem(other, this.language);
      const same = own === stemmed || (this.language === "de" && own.length >= 4 && stemmed.endsWith(own));
      return same && (!NUMERIC.has(type) || NUMERIC.has(f.type));
    }) ?? byWords();
  }
}

/** The types that hold a number a count or a unit may name. */
export const NUMERIC = new Set<FieldType>(["number", "money", "duration"]);
/** The types a named field brings to a field it is: asks of their own. */
const OWN_TYPES = new Set<FieldType>(["choice", "rating", "check", "photo"]);

export function blank(field: Pick<FieldSpec, "type" | "options">): RecordData[string] {
  if (field.type === "check") return false;
  if (field.type === "number" || field.type === "money" || field.type === "rating") return 0;
  if (field.type === "choice") return field.options?.[0] ?? "";
  return "";
}

/** The entity of a concept in the language: its fields and samples, durations in minutes. */
export function fromConcept(concept: Concept, language: Language): Entity {
  const fields: FieldSpec[] = concept.fields.map((f) => ({
    key: f.key,
    label: f.label[language],
    type: FIELD_TYPES[f.type] ?? "text",
    ...(f.options ? { options: f.options[language] } : {}),
  }));
  const key = keyOf(concept.id, "record");
  return new Entity(
    {
      key,
      label: concept.record.label[language],
      plural: concept.record.plural[language],
      fields,
      samples: records(concept.samples[language], fields, key),
    },
    language,
    true,
  );
}

/** Sample records of a concept's data as the entity's fields hold them. */
export function records(data: Concept["samples"][Language], fields: FieldSpec[], key: string): RecordData[] {
  return data.map((sample, i) => {
    const record: RecordData = { id: `${key}-${i + 1}` };
    for (const f of fields) {
      const value = sample[f.key];
      record[f.key] = value === undefined
        ? blank(f)
        : f.type === "duration" && typeof value === "number"
        ? Math.round(value / 60)
        : value;
    }
    return record;
  });
}

// The language of the words each UI language's vocabulary samples teach (their translations are in that UI
// language), found once per concept by the language detector.
const taught = new WeakMap<Concept, Record<Language, string>>();

function wordLanguages(concept: Concept): Record<Language, string> {
  let found = taught.get(concept);
  if (!found) {
    found = Object.fromEntries(
      UI_LANGUAGES.map((l) => [l, detectLanguage(concept.samples[l].map((s) => s.word).join(". ")).detected]),
    ) as Record<Language, string>;
    taught.set(concept, found);
  }
  return found;
}

/**
 * A vocabulary's samples (a concept whose records pair a `word` with its `translation`): words of the
 * language the prompt learns (`learned`, when it names one) translated into the one it is written in
 * (`speaks`). Each UI language's samples translate another language's words into it, so a learner of German
 * writing in English gets the German samples turned round (word and translation swapped, without their
 * examples, which are in the other language).
 */
export function vocabularyFor(
  entity: Entity,
  concept: Concept,
  learned: string | undefined,
  speaks: Language,
) {
  const keys = concept.fields.map((f) => f.key);
  if (!keys.includes("word") || !keys.includes("translation")) return;
  const from = wordLanguages(concept);
  // A learner's own language named ("English words" written in English) is no other language to learn.
  const other = learned === speaks ? undefined : learned;
  const score = (word: string, translation: string) =>
    2 * Number(word === other) + Number(translation === speaks);
  let best = { language: entity.language, swap: false, score: score(from[entity.language], entity.language) };
  for (const l of UI_LANGUAGES) {
    for (const swap of [false, true]) {
      const s = swap ? score(l, from[l]) : score(from[l], l);
      if (s > best.score) best = { language: l, swap, score: s };
    }
  }
  if (best.language === entity.language && !best.swap) return;
  const samples = records(concept.samples[best.language], entity.spec.fields, entity.spec.key);
  if (best.swap) {
    for (const r of samples) {
      [r.word, r.translation] = [r.translation, r.word];
      if ("example" in r) r.example = "";
    }
  }
  entity.spec.samples = samples;
}

/** An entity named after the prompt's words: a name field, the fields named, no samples. */
export function fromWords(subject: string | undefined, language: Language, fallback: string): Entity {
  const label = capitalized(subject ?? fallback).slice(0, 60);
  return new Entity(
    {
      key: keyOf(subject ?? fallback, "record"),
      label,
      plural: label,
      fields: [{ key: "name", label: WORDS[language].name, type: "text" }],
      samples: [],
    },
    language,
    false,
  );
}
