// The template's words and the every-block app's spec: every UI language has every word, and the checked-in
// spec the build test bundles holds to the schema with every block and every screen option in it.
import assert from "node:assert/strict";
import { changeSpec, composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import type { AppSpec, FieldSpec } from "../../supabase/functions/_generator/template/src/types.ts";
import { AppSpecSchema, AppSpecShape, LANGUAGES } from "../../supabase/functions/_generator/spec-schema.ts";
import { LOCALES, SINGULAR, WORDS } from "../../supabase/functions/_generator/template/src/lib/words.ts";
import {
  choiceValues,
  pickedValue,
  trimChoices,
} from "../../supabase/functions/_generator/template/src/lib/choices.ts";
import { everyBlockSpec } from "../../eval/app-set/build.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

function issues(spec: unknown): string[] {
  const parsed = AppSpecSchema.safeParse(spec);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

Deno.test("every UI language has every word of the template, with the same placeholders", () => {
  assert.deepEqual(Object.keys(WORDS).sort(), [...LANGUAGES].sort());
  assert.deepEqual(Object.keys(LOCALES).sort(), [...LANGUAGES].sort());
  assert.deepEqual(Object.keys(SINGULAR).sort(), [...LANGUAGES].sort());
  const keys = Object.keys(WORDS.en).sort();
  for (const language of LANGUAGES) {
    const words: Record<string, string> = WORDS[language];
    assert.deepEqual(Object.keys(words).sort(), keys, `${language} has exactly the English keys`);
    for (const key of keys) {
      assert.ok(words[key].trim().length > 0, `${language}.${key} is written`);
      assert.deepEqual(
        placeholders(words[key]),
        placeholders(WORDS.en[key as keyof typeof WORDS.en]),
        `${language}.${key}`,
      );
    }
  }
  // Written in the language, not left in English: most words differ from the English ones.
  for (const language of LANGUAGES.filter((language) => language !== "en")) {
    const same = keys.filter((key) =>
      (WORDS[language] as Record<string, string>)[key] === (WORDS.en as Record<string, string>)[key]
    );
    assert.ok(same.length < keys.length / 5, `${language} repeats English for ${same.join(", ")}`);
  }
});

Deno.test("plurals follow each language: French counts 0 and 1 as one", () => {
  assert.equal(SINGULAR.fr(0), true);
  assert.equal(SINGULAR.fr(1), true);
  assert.equal(SINGULAR.fr(2), false);
  assert.equal(SINGULAR.de(0), false);
  assert.equal(SINGULAR.en(1), true);
});

Deno.test("a choice's values are its options, then the values its records hold from A to Z, each once", () => {
  const kind: FieldSpec = { key: "kind", label: "Kind", type: "choice" };
  const pots: FieldSpec = { key: "pots", label: "Pots", type: "number" };
  const plants = [
    { id: "1", name: "Fern", kind: "indoor" },
    { id: "2", name: "Basil", kind: "herb" },
    { id: "3", name: "Mint", kind: "herb" },
    { id: "4", name: "Moss", kind: "" },
    { id: "5", name: "Ivy" },
  ];
  assert.deepEqual(choiceValues(kind, plants), ["herb", "indoor"]);
  assert.deepEqual(choiceValues({ ...kind, options: ["herb", "cactus"] }, plants), [
    "herb",
    "cactus",
    "indoor",
  ]);
  assert.deepEqual(choiceValues(kind, []), []);
  // Numbers and yes/no held by a field named as the category read as their text.
  assert.deepEqual(choiceValues(pots, [{ pots: 2 }, { pots: 0 }, { pots: 2 }]), ["0", "2"]);
});

Deno.test("a list's filter keeps the value picked only while the choice still has it", () => {
  assert.equal(pickedValue(["herb", "indoor"], "herb"), "herb");
  assert.equal(pickedValue(["indoor"], "herb"), null);
  assert.equal(pickedValue([], null), null);
});

Deno.test("a record is saved with its typed choices trimmed and its other fields as typed", () => {
  const fields: FieldSpec[] = [
    { key: "name", label: "Name", type: "text" },
    { key: "kind", label: "Kind", type: "choice" },
    { key: "room", label: "Room", type: "choice", options: ["Kitchen"] },
    { key: "pots", label: "Pots", type: "number" },
  ];
  assert.deepEqual(
    trimChoices(fields, { id: "1", name: " Fern ", kind: " shade plant ", room: "Kitchen", pots: 2 }),
    { id: "1", name: " Fern ", kind: "shade plant", room: "Kitchen", pots: 2 },
  );
  // A field the record does not hold stays absent.
  assert.deepEqual(trimChoices(fields, { id: "2", name: "Ivy" }), { id: "2", name: "Ivy" });
});

Deno.test("the every-block app's spec holds to the schema with every block and every screen option", () => {
  const spec = everyBlockSpec();
  assert.notEqual(spec.language, "en");
  assert.notEqual(spec.language, "it");
  assert.ok(spec.theme, "the spec sets a theme");
  const blocks = new Set(spec.screens.map((screen) => screen.block));
  const all = AppSpecShape.shape.screens.element.shape.block.options;
  assert.deepEqual([...blocks].sort(), [...all].sort());
  const used = new Set(spec.screens.flatMap((screen) => Object.keys(screen.options)));
  const options = Object.keys(AppSpecShape.shape.screens.element.shape.options.shape);
  assert.deepEqual(options.filter((option) => !used.has(option)), []);
  const modes = new Set(spec.screens.map((screen) => screen.options.mode).filter(Boolean));
  assert.ok(modes.has("choice") && modes.has("flashcards"));
  const types = new Set(spec.entities.flatMap((entity) => entity.fields.map((field) => field.type)));
  const allTypes = AppSpecShape.shape.entities.element.shape.fields.element.shape.type.options;
  assert.deepEqual(allTypes.filter((type) => !types.has(type)), []);
});

Deno.test("the schema refuses new blocks without what they need and fields of the wrong kind", () => {
  const base = everyBlockSpec();
  const broken = (change: (spec: AppSpec) => void) => {
    const copy = structuredClone(base);
    change(copy);
    return issues(copy);
  };
  const screen = (spec: AppSpec, key: string) => spec.screens.find((candidate) => candidate.key === key)!;
  const at = (key: string) => base.screens.findIndex((candidate) => candidate.key === key);
  assert.deepEqual(broken(() => {}), []);
  assert.deepEqual(broken((s) => delete screen(s, "sparziel").options.goal), [
    `screens.${at("sparziel")}.options.goal: a goal screen needs it`,
  ]);
  const saving = base.entities.findIndex((entity) => entity.key === "sparbetrag");
  assert.deepEqual(
    broken((s) => {
      s.entities[saving].fields = s.entities[saving].fields.filter((field) => field.key !== "datum");
      delete screen(s, "sparziel").options.dateField;
    }),
    [`screens.${
      at("sparziel")
    }.options.period: needs a date field in sparbetrag to place records in periods`],
  );
  assert.deepEqual(broken((s) => screen(s, "stundenplan").options.weekdayField = "fach"), [
    `screens.${at("stundenplan")}.options.weekdayField: names fach, which is not a weekday field`,
  ]);
  assert.deepEqual(broken((s) => screen(s, "stundenplan").options.detailFields = ["raum", "etage"]), [
    `screens.${at("stundenplan")}.options.detailFields: names etage, which is not a field of stunde`,
  ]);
  assert.deepEqual(broken((s) => delete screen(s, "mahlzeiten").entity), [
    `screens.${at("mahlzeiten")}.entity: a log screen needs an entity`,
  ]);
  assert.deepEqual(broken((s) => screen(s, "familie").options.personField = "aufgabe"), [
    `screens.${at("familie")}.options.personField: names aufgabe, which is not a choice field`,
  ]);
  const quiz = base.entities.findIndex((entity) => entity.key === "quizfrage");
  assert.deepEqual(broken((s) => s.entities[quiz].samples[1].richtig = "Main"), [
    `entities.${quiz}.samples.1.richtig: is none of the choices`,
  ]);
  assert.deepEqual(broken((s) => delete screen(s, "quiz").options.answerField), [
    `screens.${at("quiz")}.options.answerField: a quiz screen needs it`,
  ]);
  assert.deepEqual(broken((s) => (s as { theme: string }).theme = "sepia").length, 1);
  assert.deepEqual(broken((s) => (s as { language: string }).language = "pt").length, 1);
});

Deno.test("the offline generator changes a spec in a new language and it still holds to the schema", () => {
  const { spec } = composeSpec("A to-do list app with priorities", { tier: "full" });
  const german: AppSpec = { ...spec, language: "de", theme: "system" };
  for (const prompt of ["add a pomodoro timer", "make it red", "add a field Ort", "switch to Italian"]) {
    assert.deepEqual(issues(changeSpec(german, prompt).spec), [], prompt);
  }
  assert.equal(changeSpec(german, "switch to Italian").spec.language, "it");
});
