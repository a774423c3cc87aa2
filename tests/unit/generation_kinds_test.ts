// Records grouped by the kinds the prompt names: a category field with those kinds as options, or named by the
// kind, that a screen groups the records by.
import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

/** The field a screen of the app groups its records by, with its options. */
function groupedBy(prompt: string) {
  const { spec } = composeSpec(prompt, { tier: "light" });
  const screen = spec.screens.find((s) => s.options.categoryField);
  const entity = spec.entities.find((e) => e.key === screen?.entity);
  return entity?.fields.find((f) => f.key === screen?.options.categoryField);
}

Deno.test("spending listed by what it goes on is grouped by those kinds", () => {
  for (
    const [prompt, kinds] of [
      ["i track what i spend on rent, pets and holidays", ["rent", "pets", "holidays"]],
      ["Ausgaben für Miete, Katze und Urlaub aufschreiben", ["Miete", "Katze", "Urlaub"]],
    ] as const
  ) {
    assert.deepEqual(groupedBy(prompt)?.options, kinds, prompt);
  }
});

Deno.test("records kept for each of a kind are grouped by a field of that kind", () => {
  for (
    const [prompt, label] of [
      ["segnare i minuti di allenamento per ogni disciplina", "Disciplina"],
      ["apuntar las horas de trabajo de cada proyecto", "Proyecto"],
    ] as const
  ) {
    assert.equal(groupedBy(prompt)?.label, label, prompt);
  }
});
