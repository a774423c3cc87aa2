import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const made = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec;

Deno.test("an amount or a heap names neither the app nor its records", () => {
  const cases: [string, string][] = [
    ["a whole bunch of podcasts to listen to", "Podcasts"],
    ["ho un mucchio di vini da provare", "Vini"],
    ["un tas de recettes à essayer", "Recettes"],
    ["tengo un montón de libros sin leer", "Libros"],
    ["ich habe eine Menge Brettspiele", "Brettspiele"],
  ];
  for (const [prompt, name] of cases) assert.equal(made(prompt).name, name, prompt);
});

Deno.test("a place the prompt names only as what holds the records does not name them", () => {
  const cases: [string, string][] = [
    ["what's in my chest freezer", "Items"],
    ["cosa ho nel congelatore della cantina", "Prodotti"],
    ["tout ce qu'il y a dans le congélateur du garage", "Produits"],
    ["lo que hay en el congelador del sótano", "Productos"],
    ["was liegt in der Gefriertruhe im Keller", "Vorräte"],
  ];
  for (const [prompt, plural] of cases) assert.equal(made(prompt).entities[0].plural, plural, prompt);
});

Deno.test("the records of who brings what to an occasion are what is brought", () => {
  for (
    const [prompt, plural] of [
      ["who brings what to the barbecue party next saturday", "Dishes"],
      ["chi porta cosa alla grigliata di ferragosto", "Piatti"],
      ["wer bringt was zum Grillabend am Samstag mit", "Gerichte"],
    ]
  ) {
    assert.equal(made(prompt).entities[0].plural, plural, prompt);
  }
});

Deno.test("records named where a verb shares a concept's stem are what the verb is done to, not that concept's", () => {
  const cases: [string, string, string][] = [
    ["i need to book the meeting rooms: room, who, day and time", "bookReading", "Meetings"],
    ["devo pesare i bagagli della famiglia con nome e chili", "bodyWeight", "Bagaglio"],
    ["je dois planter les piquets de la clôture: numéro et date", "houseplant", "Piquets"],
    ["tengo que pesar los sacos de pienso: fecha y kilos", "exerciseSet", "Sacos de pienso"],
    ["ich packe die Umzugskisten, mit Raum und Inhalt", "packingItem", "Umzugskisten"],
  ];
  for (const [prompt, concept, plural] of cases) {
    const [records] = made(prompt).entities;
    assert.notEqual(records.key, concept, prompt);
    assert.equal(records.plural, plural, prompt);
  }
});

Deno.test("the first records no subject and no concept name are what the prompt's first sentence is about", () => {
  const cases: [string, string][] = [
    ["calligraphy drills, 20 minutes a day", "Calligraphy drills"],
    ["pratica di chitarra, 30 minuti al giorno", "Pratica di chitarra"],
    ["pratique du violon, 30 minutes par jour", "Pratique du violon"],
    ["ejercicios de caligrafía, 20 minutos al día", "Ejercicios de caligrafía"],
    ["Übungszeit am Klavier, 40 Minuten am Tag", "Übungszeit"],
  ];
  for (const [prompt, plural] of cases) {
    const spec = made(prompt);
    assert.equal(spec.entities[0].plural, plural, prompt);
    assert.equal(spec.entities[0].samples.length, 0, prompt);
  }
});
