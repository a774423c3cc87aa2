import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const main = (prompt: string) => {
  const { spec } = composeSpec(prompt, { tier: "light" });
  return { language: spec.language, entity: spec.entities[0] };
};

Deno.test("units of a language are vocabulary records called by the prompt's noun, with the concept's samples", () => {
  for (
    const [prompt, plural] of [
      ["tricky verbs in spanish", "Tricky verbs"],
      ["aggettivi tedeschi da imparare", "Aggettivi"],
      ["proverbes espagnols", "Proverbes"],
      ["refranes populares en francés", "Refranes populares"],
      ["englische redensarten", "Redensarten"],
    ]
  ) {
    const { entity } = main(prompt);
    assert.equal(entity.plural, plural, prompt);
    assert.ok(entity.fields.some((f) => f.key === "translation"), prompt);
    assert.ok(entity.samples.length > 0, prompt);
  }
});

Deno.test("the words of a vocabulary named by its own word keep the concept's record names", () => {
  assert.equal(main("vocabolario spagnolo").entity.plural, "Vocaboli");
});

Deno.test("units of a language the UI does not speak start empty, no other language's samples", () => {
  const { entity } = main("russian idioms to learn");
  assert.equal(entity.plural, "Idioms");
  assert.equal(entity.samples.length, 0);
});

Deno.test("the vocabulary of a language the UI does not speak starts empty, named by the concept's word too", () => {
  assert.equal(main("vocabolario giapponese").entity.samples.length, 0);
});

Deno.test("the cards of a quiz on a language alone are its vocabulary's words and translations", () => {
  for (const prompt of ["portuguese flashcards", "quiz de alemán", "Französisch lernen"]) {
    const { entity } = main(prompt);
    assert.deepEqual(entity.fields.slice(0, 2).map((f) => f.key), ["word", "translation"], prompt);
  }
  assert.equal(main("portuguese flashcards").entity.samples.length, 0);
  assert.ok(main("flashcards for italian").entity.samples.length > 0);
});
