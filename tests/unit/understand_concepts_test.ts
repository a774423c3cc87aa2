import assert from "node:assert/strict";
import { join } from "node:path";
import { conceptFiles, CONCEPTS_DIR, CONCEPTS_MODULE, conceptsModule } from "../../scripts/concepts.ts";
import {
  type Concept,
  conceptIndex,
  findConcepts,
} from "../../supabase/functions/_generator/understand/concepts.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { conceptProblems } from "../../supabase/functions/_generator/knowledge/check.ts";
import carService from "./fixtures/understand_concepts/car-service.json" with { type: "json" };

const files = conceptFiles().map((file) => ({
  file,
  concept: JSON.parse(Deno.readTextFileSync(join(CONCEPTS_DIR, file))) as Concept,
}));

Deno.test("concepts-index.ts imports every concept file (npm run concepts)", () => {
  assert.equal(Deno.readTextFileSync(CONCEPTS_MODULE), conceptsModule(), "run `npm run concepts`");
});

Deno.test("every concept file, and the test fixture, holds to concept.schema.json, sits in its domain and has samples that fit its fields", () => {
  assert.ok(files.length > 0);
  const problems = [...files, { file: "vehicles/car-service.json", concept: carService }]
    .flatMap(({ file, concept }) => conceptProblems(concept, file));
  assert.deepEqual(problems, []);
  const ids = files.map(({ concept }) => concept.id);
  assert.equal(new Set(ids).size, ids.length, "concept ids are unique");
});

Deno.test("every concept's fixture prompts find that concept through the pipeline", () => {
  const misses = files.flatMap(({ concept }) =>
    concept.fixtures.flatMap(({ language, prompt }) => {
      const found = understand(prompt).concepts.map((c) => c.id);
      return found.includes(concept.id) ? [] : [`${concept.id} (${language}): ${prompt} found [${found}]`];
    })
  );
  assert.deepEqual(misses, []);
});

Deno.test("an index of other concepts finds them by stem in each language, longer phrases scoring more", () => {
  const index = conceptIndex([carService as Concept, files[0].concept]);
  for (const { language, prompt } of carService.fixtures) {
    assert.equal(
      findConcepts(prompt, language as Concept["fixtures"][0]["language"], index)[0]?.id,
      "car-service",
      prompt,
    );
  }
  const [best] = findConcepts("the car needs an oil change and new tyres", "en", index);
  assert.deepEqual(best, { id: "car-service", domain: "vehicles", score: 3, words: ["oil change", "tyres"] });
  assert.deepEqual(findConcepts("a quiz on capitals", "en", index), []);
});

Deno.test("a German compound no phrase names is named by its head, split where a whole name ends it", () => {
  const ids = (text: string) => findConcepts(text, "de").map((c) => c.id);
  assert.ok(ids("ein Timer fürs Boxtraining").includes("workout-session"));
  assert.ok(ids("Hundefutter kaufen").includes("pet-feeding"));
  // "Gesamtp|reis" is no journey: only a whole name of five letters or more is a head.
  assert.deepEqual(ids("den Gesamtpreis ausrechnen"), []);
});

Deno.test("of two concepts named as much, the one named first comes first", () => {
  const ids = (text: string) => findConcepts(text, "es").map((c) => c.id);
  assert.deepEqual(ids("las medicinas que le damos, omeprazol en ayunas").slice(0, 2), [
    "medication-dose",
    "fasting-window",
  ]);
});

Deno.test("the Italian groceries, 'la spesa', are a shopping list, and 'le spese' expenses", () => {
  const ids = (prompt: string) => understand(prompt).concepts.map((c) => c.id);
  const groceries = ids("mi serve un'app per la spesa della settimana");
  assert.ok(groceries.includes("shopping-item"), `${groceries}`);
  assert.ok(groceries.indexOf("shopping-item") < groceries.indexOf("expense"), `${groceries}`);
  const expenses = ids("un'app per segnare le spese della settimana");
  assert.ok(expenses.includes("expense") && !expenses.includes("shopping-item"), `${expenses}`);
});
