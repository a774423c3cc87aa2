import assert from "node:assert/strict";
import { endsOnInfinitive, requestHead } from "../../supabase/functions/_generator/compose-spec/head.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

Deno.test("the head of a request is the noun phrase its verb is about, never a verb, cue, unit or possessive", () => {
  const cases: [string, "en" | "it" | "fr" | "es" | "de", string][] = [
    ["keep track of my daughter's vaccinations", "en", "vaccinations"],
    ["log the temperature of the ovens every morning", "en", "ovens"],
    ["segnare ogni giorno le passeggiate dei cani", "it", "passeggiate dei cani"],
    ["noter les matchs de foot de mon fils", "fr", "matchs de foot"],
    ["suivre la pression des pneus", "fr", "pression des pneus"],
    ["apuntar las semillas que compro", "es", "semillas"],
    ["llevar el control de 500 mg de hierro", "es", "hierro"],
    ["die Spaziergänge und Futterzeiten eintragen", "de", "Spaziergänge und Futterzeiten"],
    // Another form of a quantifier the lexicon lists ("tutti") is one too.
    ["organizzare tutto il trasloco", "it", "trasloco"],
  ];
  for (const [text, language, head] of cases) assert.equal(requestHead(text, language), head, text);
  assert.equal(requestHead("I want to see it", "en"), undefined);
});

Deno.test("a concept named only in the story around the request leaves the name to the request's head", () => {
  const name = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.name;
  // "kitten" names a pet concept in a sentence that asks for nothing; the request is about toys.
  assert.equal(name("We adopted a kitten last month. I want a list of the toys she likes"), "Toys");
  assert.equal(name("Mon fils fait du judo. Je voudrais noter les livres qu'il lit"), "Livres");
  assert.equal(
    name("Meine Tochter spielt Klavier. Ich möchte die Bücher eintragen, die sie liest"),
    "Bücher",
  );
});

Deno.test("a main ask whose words end on an infinitive is named by what the verb is done to", () => {
  assert.ok(endsOnInfinitive("rappel pour nourrir", "fr"));
  assert.ok(!endsOnInfinitive("ogni 8 ore per 6 giorni", "it"));
  const name = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.name;
  assert.equal(name("un quiz per imparare le capitali africane"), "Capitali africane");
  assert.equal(name("rappel pour nourrir les poissons de l'aquarium"), "Poissons");
  assert.equal(name("un quiz pour apprendre les drapeaux d'Europe"), "Drapeaux d'Europe");
  assert.equal(name("recordatorio para regar los geranios"), "Geranios");
  assert.equal(name("reminder to feed the chickens every evening"), "Chickens");
});

Deno.test("a concept named only among the fields a colon lists does not name the app", () => {
  const name = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.name;
  assert.equal(name("My goats: name, breed, birth date, weight and vaccinations"), "Goats");
  assert.equal(name("Le mie galline: nome, razza, peso e le uova di ogni giorno"), "Galline");
  assert.equal(name("Mes chevaux : nom, âge, poids et vaccins"), "Chevaux");
  assert.equal(name("Mis cabras: nombre, raza, peso y vacunas"), "Cabras");
  assert.equal(name("Unsere Schafe: Name, Rasse, Gewicht und Impfungen"), "Schafe");
});
