import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const made = (prompt: string) => composeSpec(prompt, { tier: "light" });

Deno.test("a quiz on a subject no concept pairs for learning starts with empty cards, named after the subject", () => {
  for (
    const [prompt, name] of [
      ["learn the nato alphabet", "Nato Alphabet"],
      ["memorizzare le tabelline", "Tabelline"],
      ["réviser les verbes irréguliers", "Verbes irréguliers"],
      ["examen de la licencia de pesca", "Licencia de pesca"],
      ["Knoten lernen", "Knoten"],
    ]
  ) {
    const { spec, withoutSamples } = made(prompt);
    const quiz = spec.screens.find((s) => s.block === "quiz");
    const cards = spec.entities.find((e) => e.key === quiz?.entity);
    assert.equal(spec.name, name, prompt);
    // The quiz shows a card's first two fields: its question and its answer.
    assert.deepEqual(cards?.fields.map((f) => f.key), ["question", "answer"], prompt);
    assert.equal(cards?.samples.length, 0, prompt);
    assert.ok(withoutSamples.includes(cards!.plural), prompt);
  }
});

Deno.test("a quiz on an exam or a period's word is its own cards, not that concept's records", () => {
  const { spec } = made("für die Jägerprüfung üben");
  const [cards] = spec.entities;
  assert.deepEqual(cards.fields.map((f) => f.key), ["question", "answer"]);
  assert.equal(cards.samples.length, 0);
});

Deno.test("a quiz on things a concept pairs for learning keeps its records", () => {
  const { spec } = made("learn the capitals of south america");
  const quiz = spec.screens.find((s) => s.block === "quiz");
  const cards = spec.entities.find((e) => e.key === quiz?.entity);
  assert.ok(cards && cards.fields.length >= 2 && !cards.fields.some((f) => f.key === "question"));
});

Deno.test("an attendance sheet holds people, who was present and the date", () => {
  const { spec } = made("attendance sheet for the drama club");
  const types = spec.entities.flatMap((e) => e.fields.map((f) => f.type));
  assert.ok(spec.screens.some((s) => s.block === "people"));
  assert.ok(types.includes("check") && types.includes("date"), JSON.stringify(spec.entities));
});

Deno.test("things of the speaker's no concept knows are a collection: a number, a status and a photo", () => {
  for (const prompt of ["my lego sets", "mis cómics", "i miei modellini"]) {
    const { spec } = made(prompt);
    assert.deepEqual(spec.entities[0].fields.map((f) => f.type), ["text", "text", "choice", "photo"], prompt);
  }
});
