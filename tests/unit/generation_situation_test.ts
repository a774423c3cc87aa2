import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import {
  byTrade,
  ofGeneralRecords,
  situations,
} from "../../supabase/functions/_generator/compose-spec/situation.ts";

const name = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.name;

Deno.test("records of a general kind are named by what the story before the request has, in the five languages", () => {
  assert.equal(name("ho appena comprato un vecchio trattore e voglio segnare le spese"), "Vecchio trattore");
  assert.equal(name("je viens d'adopter un cheval et je veux noter les visites"), "Cheval");
  assert.equal(name("me he comprado una autocaravana y quiero apuntar los gastos"), "Autocaravana");
  assert.equal(name("wir haben uns ein Segelboot gekauft und wollen die Kosten notieren"), "Segelboot");
  assert.equal(name("I run a small pottery studio. I need to track my classes"), "Pottery Studio");
});

Deno.test("a prompt that opens on its request keeps the records' name", () => {
  assert.equal(name("track my expenses"), "Expenses");
  assert.equal(name("log my workouts"), "Workouts");
  assert.deepEqual(situations("segna le spese della casa", 0, 0, "it"), []);
});

Deno.test("a person or a body that gives the context names no app", () => {
  // (The story's first noun phrase that is no person is the situation.)
  const told = "mon kiné m'a dit de soigner mon genou, je veux noter";
  assert.deepEqual(situations(told, 0, told.length, "fr"), ["kiné m'a dit de ", "genou, je veux noter"]);
  // (Sessions of an activity said by its verb are named by its noun: `activity.ts`.)
  assert.equal(name("il mio medico dice che devo camminare, voglio segnare le sessioni"), "Camminata");
  assert.equal(name("mon médecin m'a demandé de suivre ma glycémie, je veux noter mes mesures"), "Glycémie");
});

Deno.test("a sentence that names the app is the request, no story", () => {
  assert.deepEqual(situations("fammi un'app che segna le spese", 0, 30, "it"), []);
});

Deno.test("a German story ends on the participle its clause puts last", () => {
  assert.deepEqual(situations("ich habe einen alten Traktor gekauft und will", 0, 45, "de"), [
    "alten Traktor ",
  ]);
});

Deno.test("a name of general records has one of the lexicon's nouns for its head", () => {
  assert.ok(ofGeneralRecords("Practice Sessions", "en"));
  assert.ok(ofGeneralRecords("Spese di casa", "it"));
  assert.ok(ofGeneralRecords("Rendez-vous", "fr"));
  assert.ok(ofGeneralRecords("Reparaciones", "es"));
  assert.ok(ofGeneralRecords("Reparaturkosten", "de"));
  assert.ok(!ofGeneralRecords("Plants", "en"));
  assert.ok(!ofGeneralRecords("Casa delle spese", "it"));
});

Deno.test("a person by their trade or a body gives the context, unless the speaker is one", () => {
  assert.ok(byTrade("vet", "en"));
  assert.ok(byTrade("social worker", "en"));
  assert.ok(byTrade("médico de cabecera", "es"));
  assert.ok(byTrade("servizi sociali", "it"));
  assert.ok(byTrade("Jugendamt", "de"));
  assert.ok(!byTrade("vieux voilier", "fr"));
  assert.equal(name("I'm a swimming coach and I need to track my sessions"), "Swimming Coach");
});
