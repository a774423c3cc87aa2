import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const records = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.entities[0];

Deno.test("records of a concept's occasion asked for another of its domain keep no samples and no unnamed choices", () => {
  for (
    const prompt of [
      "lista invitati per la festa di compleanno di mio figlio",
      "la liste des invités pour l'anniversaire de mon fils",
      "lista de invitados para el cumpleaños de mi hijo",
    ]
  ) {
    const guests = records(prompt);
    assert.equal(guests.key, "weddingGuest", prompt);
    assert.deepEqual(guests.samples, [], prompt);
    assert.ok(!guests.fields.some((f) => f.key === "side"), prompt);
  }
});

Deno.test("records said of the concept's own occasion, or of no other, keep its samples", () => {
  for (
    const prompt of [
      "lista invitati del matrimonio con conferma",
      "lista de invitados para la boda",
      "guest list with rsvp and table",
    ]
  ) {
    const guests = records(prompt);
    assert.equal(guests.key, "weddingGuest", prompt);
    assert.ok(guests.samples.length > 0, prompt);
  }
});

Deno.test("an event's samples that name an occasion the prompt does not are left out", () => {
  for (
    const [prompt, occasion] of [
      ["to-do list for my sister's engagement party", /commun|christening|baptism/i],
      ["cose da fare per la festa dei 18 anni di mio figlio", /comunione|battesimo/i],
      ["tâches pour organiser la fête de fin d'année", /communion|baptême/i],
    ] as const
  ) {
    const made = composeSpec(prompt, { tier: "light" });
    const texts = made.spec.entities.flatMap((e) => e.samples.flatMap((r) => Object.values(r)));
    assert.ok(!texts.some((v) => typeof v === "string" && occasion.test(v)), `${prompt}: ${texts}`);
  }
});
