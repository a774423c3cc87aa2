import assert from "node:assert/strict";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { conceptFiles, CONCEPTS_DIR, CONCEPTS_MODULE, conceptsModule } from "../../scripts/concepts.ts";
import {
  type Concept,
  conceptIndex,
  findConcepts,
} from "../../supabase/functions/_shared/generation/understand/concepts.ts";
import { understand } from "../../supabase/functions/_shared/generation/understand/index.ts";
import schema from "../../supabase/functions/_shared/generation/knowledge/concept.schema.json" with {
  type: "json",
};
import carService from "./fixtures/understand_concepts/car-service.json" with { type: "json" };

const files = conceptFiles().map((file) => ({
  file,
  concept: JSON.parse(Deno.readTextFileSync(join(CONCEPTS_DIR, file))) as Concept,
}));

Deno.test("concepts-index.ts imports every concept file (npm run concepts)", () => {
  assert.equal(Deno.readTextFileSync(CONCEPTS_MODULE), conceptsModule(), "run `npm run concepts`");
});

Deno.test("every concept file, and the test fixture, holds to concept.schema.json and sits in its domain", () => {
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  assert.ok(files.length > 0);
  for (const { file, concept } of [...files, { file: "vehicles/car-service.json", concept: carService }]) {
    assert.ok(validate(concept), `${file}: ${JSON.stringify(validate.errors)}`);
    assert.equal(file, `${concept.domain}/${concept.id}.json`);
  }
});

Deno.test("every concept's fixture prompts find that concept through the pipeline", () => {
  for (const { concept } of files) {
    for (const { language, prompt } of concept.fixtures) {
      const found = understand(prompt).concepts.map((c) => c.id);
      assert.ok(found.includes(concept.id), `${concept.id} (${language}): ${prompt} found [${found}]`);
    }
  }
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
