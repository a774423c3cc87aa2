import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

/** The folded labels and keys of every field the app's records hold. */
function fieldsOf(prompt: string): string[] {
  const { spec } = composeSpec(prompt, { tier: "light" });
  return spec.entities.flatMap((e) =>
    e.fields.flatMap((
      f,
    ) => [f.key.toLowerCase(), f.label.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "")])
  );
}

Deno.test("a field list that runs on into the speaker's story keeps its fields and makes none of the story", () => {
  // [prompt, a word some field holds, a word of the story no field may hold]
  const cases: [string, string, string][] = [
    [
      "log my swims with laps and time, i used to write it all in a notebook but i lose it",
      "laps",
      "notebook",
    ],
    ["track my bike rides with distance and speed, we always forget where we went", "speed", "forget"],
    ["registro delle letture con titolo e pagine, adesso faccio tutto su un quaderno", "pagine", "quaderno"],
    ["spese della macchina con importo e km, cosi a fine anno vedo quanto ho speso", "km", "anno"],
    [
      "suivi du jardin avec légume et date de semis, je note tout sur un carnet qui se perd",
      "legume",
      "carnet",
    ],
    ["mes dépenses avec montant et magasin, le soir je dois tout recopier", "magasin", "recopier"],
    ["mis entrenamientos con ejercicio y peso, ahora lo hago todo en una libreta", "ejercicio", "libreta"],
    ["registro de clases con alumno y hora porque a fin de mes tengo que cobrar", "alumno", "cobrar"],
    ["Lauftagebuch mit Strecke und Zeit, bisher schreibe ich alles auf einen Zettel", "strecke", "zettel"],
    ["Ausgaben mit Betrag und Laden, damit ich am Monatsende weiß wie viel weg ist", "laden", "monatsende"],
  ];
  for (const [prompt, kept, story] of cases) {
    const fields = fieldsOf(prompt);
    assert.ok(fields.some((f) => f.includes(kept)), `${kept} in ${prompt}: ${fields.join(", ")}`);
    assert.ok(!fields.some((f) => f.includes(story)), `no ${story} in ${prompt}: ${fields.join(", ")}`);
  }
});

Deno.test("a question, a whether or a relative clause in a field list is no story", () => {
  // [prompt, words some field holds each]
  const cases: [string, string[]][] = [
    ["every match with my partner, the score and if we won", ["score", "won"]],
    ["flats we visit with the address, the stops we want to make and a photo", ["stop", "photo"]],
    ["ristoranti provati con nome, cosa ho preso e prezzo", ["preso", "prezzo"]],
    ["mes vinyles avec artiste, prix que j'ai payé et une photo", ["prix", "photo"]],
    ["mis discos con artista, precio que pagué y una foto de la portada", ["precio", "foto"]],
    ["Kinder mit Name, ob sie geimpft sind, und Gewicht", ["gewicht"]],
  ];
  for (const [prompt, words] of cases) {
    const fields = fieldsOf(prompt);
    for (const word of words) {
      assert.ok(fields.some((f) => f.includes(word)), `${word} in ${prompt}: ${fields.join(", ")}`);
    }
  }
});

Deno.test("a field the records have, named by the user's words, is that field, not a second one", () => {
  // [prompt, the field's key, keys no field may have]
  const cases: [string, string, string[]][] = [
    ["my clients with full name, phone number and e-mail", "phone", ["fullName", "phoneNumber", "eMail"]],
    ["homework tracker with subject, due date and a done checkbox", "done", ["doneCheckbox"]],
    ["rubrica dei clienti con nome completo e numero di telefono", "phone", [
      "nomeCompleto",
      "numeroDiTelefono",
    ]],
    ["prenotazioni del b&b: nome ospite, camera, data di arrivo", "checkIn", ["nomeOspite", "dataDiArrivo"]],
    ["mes clients avec nom complet, numéro de téléphone et e-mail", "phone", [
      "nomComplet",
      "numeroDeTelephone",
    ]],
    ["inventario de la despensa con producto, cantidad y fecha de caducidad", "expires", [
      "fechaDeCaducidad",
    ]],
    ["mis clientes con nombre completo y número de teléfono", "phone", [
      "nombreCompleto",
      "numeroDeTelefono",
    ]],
    ["Kundenkartei mit Name, Telefonnummer und Firma", "phone", ["telefonnummer"]],
  ];
  for (const [prompt, key, not] of cases) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    const keys = spec.entities.flatMap((e) => e.fields.map((f) => f.key));
    assert.ok(keys.includes(key), `${key} in ${prompt}: ${keys.join(", ")}`);
    for (const k of not) assert.ok(!keys.includes(k), `no ${k} in ${prompt}: ${keys.join(", ")}`);
  }
});

Deno.test("a field's word beside a word that says something more is a field of its own", () => {
  const { spec } = composeSpec("my patients with name, phone and date of birth", { tier: "light" });
  const keys = spec.entities.flatMap((e) => e.fields.map((f) => f.key));
  assert.ok(keys.includes("dateOfBirth"), keys.join(", "));
});

Deno.test("a price list's items, each priced per something, are its records and no field", () => {
  // [prompt, words no field may hold]
  const cases: [string, string[]][] = [
    ["farm shop prices: eggs $0.40 each, potatoes $2 per kg, honey $7 a jar", ["eggs", "potatoes"]],
    ["noleggio bici, listino: city bike 10€ al giorno, tandem 25€ al giorno", ["tandem"]],
    ["tarifs du marché : tomates 3€ le kilo, fraises 4€ la barquette", ["tomates", "fraises"]],
    ["precios del puesto: huevos 0,30€ la unidad, miel 6€ el bote", ["huevos", "miel"]],
    ["Hofladen Preise: Eier 0,30 € pro Stück, Kartoffeln 2 € pro kg", ["eier", "kartoffeln"]],
  ];
  for (const [prompt, words] of cases) {
    const fields = fieldsOf(prompt);
    for (const word of words) {
      assert.ok(!fields.some((f) => f.includes(word)), `no ${word} in ${prompt}: ${fields.join(", ")}`);
    }
  }
});

Deno.test("values listed after a noun of their kind are a choice's options, not fields", () => {
  // [prompt, the choice's options it must offer, among others]
  const cases: [string, string[]][] = [
    ["flashcards for my biology exam. topics: cells, genetics, evolution", [
      "cells",
      "genetics",
      "evolution",
    ]],
    ["quiz di geografia, argomenti: fiumi, monti, capitali", ["fiumi", "monti", "capitali"]],
    ["planning des bénévoles, postes : buvette, jeux, rangement", ["buvette", "jeux", "rangement"]],
    ["turnos del piso, tareas: cocina, baño, basura", ["cocina", "basura"]],
    ["Vokabeltrainer Französisch, Themen: Essen, Reisen, Familie", ["Essen", "Reisen", "Familie"]],
  ];
  for (const [prompt, options] of cases) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    const fields = spec.entities.flatMap((e) => e.fields);
    const keys = fields.map((f) => f.key.toLowerCase());
    const offered = fields.flatMap((f) => f.options ?? []).map((o) => o.toLowerCase());
    for (const option of options) {
      assert.ok(
        offered.includes(option.toLowerCase()),
        `${option} offered in ${prompt}: ${offered.join(", ")}`,
      );
      assert.ok(!keys.includes(option.toLowerCase()), `no field ${option} in ${prompt}: ${keys.join(", ")}`);
    }
  }
});
