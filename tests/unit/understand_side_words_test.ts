import assert from "node:assert/strict";
import { findConcepts } from "../../supabase/functions/_generator/understand/concepts.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

Deno.test("a relative clause's verb names no concept and is no ask's subject: it is what a noun does", () => {
  assert.deepEqual(findConcepts("a list of tables for my terrace that fills up on sundays", "en"), []);
  for (
    const [prompt, verb] of [
      ["a list of tables for my terrace that fills up on sundays", "fills"],
      ["tavoli del mio locale che si riempie la domenica", "riempie"],
      ["les tables de ma terrasse qui se remplit le dimanche", "remplit"],
      ["las mesas de mi terraza que se llena los domingos", "llena"],
      ["Tische für meine Terrasse, die sich sonntags füllt", "füllt"],
    ]
  ) {
    const subjects = understand(prompt).asks.map((a) => a.subject ?? "");
    assert.ok(subjects.every((s) => !s.includes(verb)), `${prompt}: ${subjects}`);
  }
});

Deno.test("a verb the speaker does, or one with no noun or a time before its relative word, still names the records", () => {
  assert.equal(findConcepts("i fill up the car every week", "en")[0]?.id, "fuel-fill-up");
  assert.equal(findConcepts("apunto lo que gasto cada semana", "es")[0]?.id, "expense");
  assert.equal(
    findConcepts("quiero apuntar cada vez que corto el césped del jardín", "es")[0]?.id,
    "lawn-mowing",
  );
  assert.ok(
    understand("who is bringing which dish to the picnic").asks.some((a) => a.subject?.includes("dish")),
  );
});

Deno.test("whom records are kept for or shown to, by their trade, names no concept and no subject", () => {
  for (
    const [prompt, whom, language] of [
      ["a log of what my cat eats to show the vet", "vet", "en"],
      ["segno cosa mangia il gatto per il veterinario", "veterinario", "it"],
      ["je note ce que mange le chat pour la vétérinaire", "vétérinaire", "fr"],
      ["apunto lo que come mi gato para la veterinaria", "veterinaria", "es"],
      ["ich notiere, was die Katze frisst, für die Tierärztin", "Tierärztin", "de"],
    ] as const
  ) {
    const understood = understand(prompt);
    assert.ok(
      !understood.concepts.some((c) => c.id === "vet-visit"),
      `${prompt}: ${understood.concepts[0]?.id}`,
    );
    assert.ok(understood.asks.every((a) => !a.subject?.includes(whom)), `${prompt} (${language})`);
  }
  assert.equal(findConcepts("a vet visit log for my dog", "en")[0]?.id, "vet-visit");
});

Deno.test("an app is not named after whom its records are kept for", () => {
  const { spec } = composeSpec("a list of my pills for my gp with dose and time", { tier: "light" });
  assert.ok(!/gp/i.test(spec.name), spec.name);
  const german = composeSpec("meine Tabletten als Liste für die Hausärztin", { tier: "light" });
  assert.ok(!/ärztin/i.test(german.spec.name + german.spec.entities[0].plural), german.spec.name);
});
