import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const made = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec;

Deno.test("records that take the best concept named beside the object the ask governs are called by that object", () => {
  // The concept (runs) is named by a complement of the object; the records are the user's noun.
  // (Records said to be for the event are the noun's own, with none of the concept's fields: for-occasion.ts.)
  const cases: [string, string, string | undefined][] = [
    [
      "keep track of the registrations for our charity half marathon, name and size",
      "Registrations",
      undefined,
    ],
    [
      "tenere traccia delle iscrizioni alla corsa podistica del paese, con nome e taglia",
      "Iscrizioni",
      "run",
    ],
    ["apuntar las inscripciones a la carrera del barrio con nombre y talla", "Inscripciones", "run"],
    ["noter les inscriptions à la course à pied du village avec nom et taille", "Inscriptions", "run"],
    ["eine Liste der Anmeldungen zum Marathon mit Startnummer", "Anmeldungen", "run"],
  ];
  for (const [prompt, records, concept] of cases) {
    const spec = made(prompt);
    const [entity] = spec.entities;
    assert.equal(entity.plural, records, prompt);
    assert.equal(entity.label, records, prompt);
    if (concept) {
      assert.ok(entity.key.startsWith(concept.replace(/-(\w)/g, (_, c) => c.toUpperCase())), prompt);
    } else assert.ok(!entity.fields.some((f) => f.key === "distance"), prompt);
    assert.deepEqual(entity.samples, [], prompt);
    assert.equal(spec.name, records, prompt);
  }
});

Deno.test("an object that is a field's word or persons keeps the concept's own records", () => {
  // "la fecha" of each wedding and "my brothers" are no records' noun.
  assert.notEqual(made("apunto de cada boda la fecha y cuánto regalo").entities[0].plural, "Fecha");
  assert.notEqual(
    made("track the runs my brothers do each week with distance").entities[0].plural,
    "Brothers",
  );
});

Deno.test("a subject whose complement alone names the concept, or that a word of each opens, names the records", () => {
  const cases: [string, string][] = [
    ["segno la manutenzione della moto con data e km", "Manutenzione della moto"],
    ["registro del mantenimiento de mi moto con fecha y coste", "Mantenimiento"],
    ["a log of maintenance on my motorbike with date and cost", "Maintenance"],
    ["journal des sorties de mon club de moto", "Sorties"],
    // (A word of each opens the object as a determiner would.)
    ["voglio annotare ogni cesta di uova che porto al mercato, peso e cliente", "Cesta di uova"],
  ];
  for (const [prompt, records] of cases) {
    const spec = made(prompt);
    assert.equal(spec.entities[0].plural, records, prompt);
    assert.deepEqual(spec.entities[0].samples, [], prompt);
  }
});
