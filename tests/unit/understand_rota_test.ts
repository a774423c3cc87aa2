import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { hasAsks as has, lacksAsk as lacks } from "./fixtures/ask_types.ts";

Deno.test("turns taken among persons are people, in the five languages", () => {
  has("my sons take turns walking the dog", "people");
  has("i nipoti fanno a turno a innaffiare l'orto", "people");
  has("les voisins arrosent le jardin à tour de rôle", "people");
  has("mis primos se turnan para cocinar", "people");
  has("die Kollegen gießen reihum die Pflanzen", "people");
  // The speaker's group alone names no one to give turns to.
  lacks("we take turns buying the milk", "people");
});

Deno.test("turns with a recurrence after them are a rota, a timetable of the persons", () => {
  has("the roommates take turns with the hoovering, a different one every week", "people", "schedule");
  has("tra fratelli si lava la macchina a turno ogni sabato", "people", "schedule");
  has("meine Töchter räumen abwechselnd die Spülmaschine aus, jeden Tag eine andere", "people", "schedule");
  // (A recurrence before the turns tells what the speaker does.)
  lacks("chaque matin je dépose les enfants, on alterne avec les voisins", "schedule");
});

Deno.test("household chores among a group are people; alone, or turns with no persons, they are not", () => {
  has("faccende di casa per tutta la famiglia", "people");
  has("quehaceres para mis hijas", "people");
  has("Hausarbeit in unserer WG", "people");
  lacks("a list of my chores", "people");
  lacks("crop rotation for my vegetable beds", "people");
  // (Chores are matched as written: "faccio" shares a stem with "faccende".)
  lacks("faccio la spesa per i miei nonni", "people");
});

Deno.test("who takes which part of the day is a rota", () => {
  has("my twins share a bike, who rides it which afternoon", "schedule");
});

Deno.test("a menu of the week or the day is a timetable, not a price list nor a figure", () => {
  for (
    const prompt of [
      "weekly menu for two",
      "il menu della settimana",
      "menu de la semaine pour la cantine",
      "menú de la semana",
      "das Menü der Woche",
    ]
  ) {
    has(prompt, "schedule");
    lacks(prompt, "catalog");
    lacks(prompt, "aggregate");
  }
  has("menu with prices for my food truck", "catalog");
});

Deno.test("which person does which thing is shared out among persons; a loan or a date asked keeps a log", () => {
  has("which grandchild brings which salad to the potluck", "people");
  has("quale nipote porta quale dolce alla cena di classe", "people");
  has("welches Kind übernimmt welche Aufgabe beim Umzug", "people");
  has("which neighbour borrowed which ladder and when", "log");
  lacks("which neighbour borrowed which ladder and when", "people");
});

Deno.test("persons a thing is shared or played among are people", () => {
  has("tenir les scores du tarot entre amis", "people");
  has("punteggi della briscola tra colleghi", "people");
  has("we share a cottage between 3 families and need to book the weeks", "people");
  lacks("the distance between 2 towns", "people");
});

Deno.test("a timeline or a running order of the day is a timetable", () => {
  has("a timeline for the wedding day", "schedule");
  has("la scaletta della festa", "schedule");
  has("el cronograma de la boda", "schedule");
  has("unser Tagesablauf am Hochzeitstag", "schedule");
  has("le déroulé de la soirée", "schedule");
});

Deno.test("names typed in lower case are persons when the speaker is listed with them", () => {
  const persons = (prompt: string) =>
    understand(prompt).asks.find((a) => a.type === "people")?.fields.find((f) => f.options?.length)?.options;
  assert.deepEqual(persons("cuciniamo a turno io, sara e davide"), ["sara", "davide"]);
  assert.deepEqual(persons("nous, inès et paul, on vide le lave-vaisselle à tour de rôle"), ["inès", "paul"]);
  assert.deepEqual(persons("wir, jana und tom, wechseln uns beim kochen ab"), ["jana", "tom"]);
  // (The list ends after "and"; the speaker as the subject of what follows lists no one.)
  assert.deepEqual(persons("yo, marta y pablo, cada semana cambia quien limpia"), ["marta", "pablo"]);
  assert.equal(persons("I work out what I earned and spent"), undefined);
});
