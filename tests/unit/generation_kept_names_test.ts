import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { withoutKeeping } from "../../supabase/functions/_generator/compose-spec/names.ts";
import { unitOf } from "../../supabase/functions/_generator/compose-spec/count-noun.ts";

const spec = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec;

Deno.test("records kept as units of a thing are called by the unit, with the thing's fields and samples", () => {
  const cases: [string, string, string, string][] = [
    // prompt, records' label, plural, a field of the concept they keep
    ["log every bottle of wine i open", "Bottle", "Bottles", "Vintage"],
    ["keep track of the bottles of wine in my cellar", "Bottle", "Bottles", "Vintage"],
    ["segnare ogni bottiglia di vino che stappo", "Bottiglia", "Bottiglie", "Annata"],
    ["noter chaque bouteille de vin ouverte avec la date", "Bouteille", "Bouteilles", "Millésime"],
    ["apuntar cada botella de vino que abro", "Botella", "Botellas", "Añada"],
    ["jede Flasche Wein eintragen, die ich öffne", "Flasche", "Flaschen", "Jahrgang"],
  ];
  for (const [prompt, label, plural, field] of cases) {
    const [records] = spec(prompt).entities;
    assert.equal(records.label, label, prompt);
    assert.equal(records.plural, plural, prompt);
    assert.ok(records.fields.some((f) => f.label === field), prompt);
    assert.ok(records.samples.length > 0, prompt);
  }
});

Deno.test("records the prompt names by the thing itself, or by a heap of it, keep the concept's word", () => {
  const cases: [string, string][] = [
    ["my wine cellar", "Wines"],
    ["log the wines i taste", "Wines"],
    ["i want to log the wines i drink", "Wines"],
  ];
  for (const [prompt, plural] of cases) assert.equal(spec(prompt).entities[0].plural, plural, prompt);
  // (A heap counts nothing: "a load of", "un paio di" are the lexicon's amounts, no unit.)
  assert.equal(unitOf("loads of laundry", "en"), undefined);
  assert.equal(unitOf("paio di scarpe", "it"), undefined);
  assert.equal(unitOf("wine bottles", "en")?.unit.plural, "bottles");
  assert.equal(unitOf("Weinflaschen", "de")?.thing, "Wein");
  assert.equal(unitOf("botella de vino", "es")?.unit.plural, "botellas");
});

Deno.test("records kept by booking a thing are its bookings, and the thing names the app", () => {
  const cases: [string, string, string][] = [
    ["réserver la salle de réunion : qui, quel jour, à quelle heure", "Réservations", "Salle"],
    ["reservar la pista de tenis: quién, qué día y a qué hora", "Reservas", "Pista"],
    ["den Partyraum reservieren: wer, welcher Tag, von wann bis wann", "Reservierungen", "Partyraum"],
    ["prenotare la sala prove: chi, che giorno e a che ora", "Prenotazioni", "Sala"],
  ];
  for (const [prompt, plural, name] of cases) {
    const made = spec(prompt);
    assert.ok(made.entities.some((e) => e.plural === plural), prompt);
    assert.ok(made.name.includes(name), `${prompt}: ${made.name}`);
    // (The screens of those records are titled by them too.)
    assert.ok(made.screens.some((s) => s.title === plural), prompt);
  }
  // A thing noted, not booked, keeps its own name; a concept's records booked keep the concept's word.
  assert.ok(
    !spec("noter la salle de réunion : qui, quel jour").entities.some((e) => e.plural === "Réservations"),
  );
  assert.ok(!spec("apuntar la pista de tenis: quién, qué día").entities.some((e) => e.plural === "Reservas"));
  assert.equal(spec("book a table at the restaurant for friday").entities[0].plural, "Visits");
});

Deno.test("the app is named by what is kept, not by the verb of keeping it", () => {
  const cases: [string, string][] = [
    ["tenere traccia delle raccomandate che spedisco: data e destinatario", "Raccomandate"],
    ["tenere traccia delle multe che prendo con la macchina: dove e quanto ho pagato", "Multe"],
    ["Briefe eintragen, die ich verschicke, mit Datum und Empfänger", "Briefe"],
    ["pakete eintragen die ich an kunden verschicke, mit datum und sendungsnummer", "Pakete"],
  ];
  for (const [prompt, name] of cases) assert.equal(spec(prompt).name, name, prompt);
  assert.equal(withoutKeeping("Tenere traccia delle multe", "it"), "Multe");
  assert.equal(withoutKeeping("Pakete eintragen", "de"), "Pakete");
  // (A name that holds no verb of keeping, or is one alone, stays.)
  assert.equal(withoutKeeping("Registro delle lavatrici", "it"), "Registro delle lavatrici");
  assert.equal(withoutKeeping("Eintragen", "de"), "Eintragen");
});

Deno.test("a German object before its verb keeps its complement and names the records", () => {
  const made = spec(
    "strafzettel vom auto festhalten: wo, wie viel ich bezahlt habe und ob ich einspruch eingelegt hab",
  );
  assert.ok(made.entities[0].plural.startsWith("Strafzettel"), made.entities[0].plural);
  assert.ok(made.name.startsWith("Strafzettel"), made.name);
  // (Records named in the object's relative clause are what the speaker does around them: "Kunden" are not kept.)
  const parcels = spec("pakete eintragen die ich an kunden verschicke, mit datum und sendungsnummer");
  assert.equal(parcels.entities[0].plural, "Pakete");
});
