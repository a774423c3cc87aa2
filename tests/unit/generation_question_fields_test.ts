import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

Deno.test("records whose fields are named as questions hold them, labelled by what they ask", () => {
  const cases: [string, string[]][] = [
    ["ice baths, how long and how cold", ["Duration", "Temperature"]],
    ["i prestiti dei libri, a chi e da quando", ["Persona", "Data"]],
    ["mes sorties vélo avec où, avec qui et combien de temps", ["Lieu", "Personne", "Durée"]],
    ["las cenas fuera con dónde, cuánto costó y quién pagó", ["Lugar", "Persona"]],
    ["geliehene Werkzeuge, wer es hat und seit wann", ["Person", "Datum"]],
  ];
  for (const [prompt, labels] of cases) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    const held = spec.entities.flatMap((e) => e.fields.map((f) => f.label));
    for (const label of labels) assert.ok(held.includes(label), `${label} in ${prompt}: ${held.join(", ")}`);
  }
});
