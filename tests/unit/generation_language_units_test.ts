import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const main = (prompt: string) => {
  const { spec } = composeSpec(prompt, { tier: "light" });
  return { language: spec.language, entity: spec.entities[0] };
};

Deno.test("units of a language are vocabulary records called by the prompt's noun, with the concept's samples", () => {
  for (
    const [prompt, plural] of [
      ["tricky verbs in spanish", "Verbs"],
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
