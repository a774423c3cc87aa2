// Things the user lists each with its dose or its sets and repetitions (`../understand/dosed-items.ts`:
// "metformin 500 mg morning, ramipril 5 mg evening", "quad sets 3x10, straight leg raises 3x15") are the
// records of the list the app keeps, one sample each, with the user's own values: no field is named by them
// ("metforminMgMorning" is Metformin, 500 mg, morning). The records are those whose fields the items had been
// read as, else those that keep a dose (sets) of their own, else those of the list asked for, else the app's
// first listed or logged, else records of their own ("Medicine", "Übungen"); they keep a dose (the records' own
// where they have one) or sets and repetitions, and when each is taken where the items say it, and they are
// shown as a list to tick, beside a log of them where one was made.
import type { FieldSpec, RecordData } from "../template/src/types.ts";
import type { Ask } from "../understand/asks.ts";
import type { DosedItem } from "../understand/dosed-items.ts";
import { LEXICONS } from "../understand/lexicon.ts";
import type { UiLanguage } from "../understand/language.ts";
import type { Builder } from "./screens.ts";
import { Entity, fold, keyOf } from "./entities.ts";
import { conceptOf } from "./screens.ts";

const SET_WORDS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, new Set(lex.dosedItems.setWords.map(fold))]),
) as Record<UiLanguage, Set<string>>;

/** Whether the words that named a concept are only those of the items' values: a word of a set of
 * repetitions beside items that state them ("segnare le serie fatte"), or words that say when a dose is taken
 * ("eutirox 50 mcg a digiuno" names no fasting). Such a concept is no subject of the app. */
export function namedByItemsOnly(
  named: readonly string[],
  items: readonly DosedItem[],
  prompt: string,
  reading: UiLanguage,
): boolean {
  if (items.length < 2 || !named.length) return false;
  const lower = prompt.toLowerCase();
  const sets = items.some((i) => i.sets !== undefined);
  return named.every((word) => {
    if (sets && SET_WORDS[reading].has(fold(word))) return true;
    const w = word.toLowerCase();
    const at: number[] = [];
    for (let i = lower.indexOf(w); i >= 0; i = lower.indexOf(w, i + 1)) at.push(i);
    return at.length > 0 &&
      at.every((i) =>
        items.some((item) => item.whenStart !== undefined && i >= item.whenStart && i < item.end)
      );
  });
}

const squash = (text: string) => fold(text).replace(/[^a-z0-9]/g, "");

/** Whether a field's label or key was made of an item's words ("Metformin mg morning", "bandRowsX"). */
const madeOf = (field: FieldSpec, items: readonly DosedItem[]) =>
  items.some((item) => {
    const name = squash(item.name);
    return name.length > 1 && (squash(field.label).startsWith(name) || squash(field.key).startsWith(name));
  });

/** Keeps the listed items as the records they are; nothing where the prompt lists none, or lists them as what
 * a catalog offers ("Coffee 95 mg, espresso 63 mg": what each holds, a price list's shape). */
export function keepDosedItems(
  builder: Builder,
  items: readonly DosedItem[],
  asks: readonly Ask[],
): void {
  if (items.length < 2) return;
  const first = items[0].start;
  if (asks.some((a) => a.type === "catalog" && a.start <= first && a.end > first)) return;
  const labels = LEXICONS[builder.language].dosedItems.labels;
  const dosed = items.some((i) => i.dose !== undefined);
  // The records: records of the prompt's own words, or a concept's that keep a dose (sets) as the items state
  // one; those holding fields the items were read as first, then those that keep it, then those a list asks,
  // then the app's first records listed or logged; else records of their own, called by the lexicon's word of
  // things taken by dose or done in sets.
  const own = (e: Entity) => dosed ? doseOf(e, labels.dose) : e.field("sets") ?? e.field("reps");
  const fit = builder.entities.filter((e) => !conceptOf(e.spec) || own(e));
  const junk = (e: Entity) => e.spec.fields.filter((f) => madeOf(f, items)).length;
  const listed = asks.filter((a) => a.type === "list" || a.type === "log").map((a) => a.subject).filter(
    Boolean,
  );
  const records = fit.filter((e) => junk(e) > 0).sort((a, b) => junk(b) - junk(a))[0] ??
    fit.find((e) => own(e)) ??
    fit.find((e) => listed.some((s) => fold(s!).includes(fold(e.spec.plural)))) ??
    fit.find((e) =>
      e === builder.entities[0] && builder.screens.some((s) => s.entity === e.spec.key && LISTED.has(s.block))
    ) ??
    recordsOf(builder, dosed ? labels.dosed : labels.exercises, asks);
  // No field is named by an item, in any records, nor a screen's option.
  for (const entity of builder.entities) {
    const gone = new Set(entity.spec.fields.filter((f) => madeOf(f, items)).map((f) => f.key));
    if (!gone.size) continue;
    entity.spec.fields = entity.spec.fields.filter((f) => !gone.has(f.key));
    for (const sample of entity.spec.samples) for (const key of gone) delete sample[key];
    for (const screen of builder.screens.filter((s) => s.entity === entity.spec.key)) {
      const options = screen.options as Record<string, unknown>;
      for (const [option, value] of Object.entries(options)) {
        if (gone.has(value as string)) delete options[option];
      }
    }
  }
  const name = records.ofType("text") ?? records.ensure("name", builder.words.name, "text");
  const dose = dosed
    ? doseOf(records, labels.dose) ?? records.ensure("dose", labels.dose, "text")
    : undefined;
  // (A dose of the records' that is a number holds the items' doses as numbers where they share one unit,
  // else as written, unit and all: "50 mcg" beside "5 mg".)
  const units = new Set(items.filter((i) => i.unit).map((i) => fold(i.unit!)));
  if (dose?.type === "number" && units.size > 1) dose.type = "text";
  const sets = items.some((i) => i.sets !== undefined)
    ? records.ensure("sets", labels.sets, "number")
    : undefined;
  const reps = sets ? records.ensure("reps", labels.reps, "number") : undefined;
  const when = items.filter((i) => i.when).length * 2 >= items.length
    ? records.ensure("when", labels.when, "text")
    : undefined;
  const check = records.ofType("check");
  const samples: RecordData[] = items.map((item, n) => {
    const sample: RecordData = { id: `${records.spec.key}-${n + 1}` };
    for (const field of records.spec.fields) {
      const value = records.spec.samples[0]?.[field.key];
      if (field.type === "check") sample[field.key] = false;
      else if (value !== undefined && field.type !== "text" && field.type !== "number") {
        sample[field.key] = value;
      }
    }
    sample[name.key] = item.name;
    if (dose && item.dose) sample[dose.key] = dose.type === "number" ? item.amount! : item.dose;
    if (sets && item.sets !== undefined) sample[sets.key] = item.sets;
    if (reps && item.reps !== undefined) sample[reps.key] = item.reps;
    if (when && item.when) sample[when.key] = item.when;
    if (check) sample[check.key] = false;
    return sample;
  });
  records.spec.samples = samples;
  records.stated = true;
  const left = builder.withoutSamples.indexOf(records.spec.plural);
  if (left >= 0) builder.withoutSamples.splice(left, 1);
  // Shown as a list to tick.
  const screen = builder.listOf(records);
  if (check) screen.options.checkField ??= check.key;
}

// The blocks that show records one by one, as the items are.
const LISTED = new Set(["collection", "log"]);

const doseOf = (e: Entity, label: string) =>
  e.spec.fields.find((f) => f.key === "dose" || fold(f.label) === fold(label));

/** New records for the items, named by `label` (plural, singular), with a tick where the prompt asks one. */
function recordsOf(builder: Builder, label: readonly string[], asks: readonly Ask[]): Entity {
  const [plural, singular = plural] = label;
  let key = keyOf(plural, "record");
  for (let n = 2; builder.entities.some((e) => e.spec.key === key); n++) {
    key = `${keyOf(plural, "record")}${n}`;
  }
  const entity = new Entity(
    { key, label: singular, plural, fields: [], samples: [] },
    builder.language,
    false,
  );
  entity.ensure("name", builder.words.name, "text");
  if (asks.some((a) => a.type === "yesno")) entity.ensure("done", builder.words.done, "check");
  builder.entities.push(entity);
  return entity;
}
