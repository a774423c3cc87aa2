import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const entities = (prompt: string) =>
  composeSpec(prompt, { tier: "light" }).spec.entities.map((e) => ({
    plural: e.plural,
    fields: e.fields.map((f) => f.label),
  }));

Deno.test("fields said of each record of a noun make its own entity, never the first one's", () => {
  for (
    const [prompt, field, other] of [
      [
        "app for my running club: a list of races with date and place, and for each runner: name, age, best time",
        "Best time",
        "Place",
      ],
      [
        "gestione palestra, lista degli abbonamenti con prezzo e durata, e per ogni socio: nome, telefono, certificato medico",
        "Certificato medico",
        "Durata",
      ],
      [
        "vacances en famille : pour chaque enfant : prénom, taille de maillot, allergies",
        "Taille de maillot",
        "Destination",
      ],
      [
        "torneo de padel, las pistas con precio y para cada pareja: nombres, nivel, teléfono",
        "Nivel",
        "Precio",
      ],
      [
        "Hundeschule: Kurse mit Tag und Uhrzeit, und für jeden Hund Name, Rasse und Besitzer",
        "Rasse",
        "Uhrzeit",
      ],
    ]
  ) {
    const made = entities(prompt);
    const own = made.find((e) => e.fields.includes(field));
    assert.ok(own && !own.fields.includes(other), `${prompt}: ${JSON.stringify(made)}`);
  }
});

Deno.test("a tick among the fields of one kind of records is theirs, not the app's first records'", () => {
  const made = entities(
    "Fahrradladen. Kunden: Name, Telefon, Adresse. Reparaturen: Datum, Rad, Preis, bezahlt ja/nein",
  );
  const paid = made.filter((e) => e.fields.includes("Bezahlt"));
  assert.equal(paid.length, 1, JSON.stringify(made));
  assert.ok(paid[0].fields.includes("Preis"), JSON.stringify(made));
});
