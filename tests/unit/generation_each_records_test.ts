import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { pluralOf } from "../../supabase/functions/_generator/compose-spec/each-noun.ts";

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

Deno.test("records an 'each' phrase names are called by its noun in the plural, a concept's or not", () => {
  for (
    const [prompt, plural] of [
      ["track each grooming (date, groomer, price)", "Groomings"],
      ["ogni uscita in canoa: data, lago, km", "Uscite"],
      ["un carnet de chaque vendange avec la date, la parcelle et les kilos", "Vendanges"],
      ["por cada examen fecha, asignatura y nota", "Exámenes"],
      ["für jede Besichtigung Datum, Adresse und Miete", "Besichtigungen"],
    ]
  ) {
    const made = entities(prompt);
    assert.ok(made.some((e) => e.plural === plural), `${prompt}: ${JSON.stringify(made)}`);
  }
});

Deno.test("the plural of an 'each' noun is its head word's: in English irregular ones too, elsewhere by its ending", () => {
  for (
    const [noun, language, plural] of [
      ["fishing trip", "en", "fishing trips"],
      ["ferry", "en", "ferries"],
      ["child", "en", "children"],
      ["jar of pickles", "en", "jars of pickles"],
      ["analysis", "en", "analyses"],
      ["vaccinazione del gatto", "it", "vaccinazioni del gatto"],
      ["banca", "it", "banche"],
      ["tournoi", "fr", "tournois"],
      ["bateau", "fr", "bateaux"],
      ["lección", "es", "lecciones"],
      ["vez", "es", "veces"],
      ["Lieferung", "de", "Lieferungen"],
      ["Reise", "de", "Reisen"],
    ] as const
  ) {
    assert.equal(pluralOf(noun, language), plural);
  }
});

Deno.test("records a concept already calls by a word of the 'each' noun keep the concept's own name and plural", () => {
  // ("Rides", not "Bike rides": the concept calls them by the noun's head already.)
  const first = composeSpec("for each bike ride: date, km", { tier: "light" }).spec.entities[0];
  assert.deepEqual([first.label, first.plural], ["Ride", "Rides"]);
  assert.ok(first.samples.length > 0, "the concept's samples stay");
});
