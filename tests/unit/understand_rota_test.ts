import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { hasAsks as has, lacksAsk as lacks } from "./fixtures/ask_types.ts";

Deno.test("turns taken among persons are people, in the five languages", () => {
  has("my sons take turns walking the dog", "people");
  has("i nipoti fanno a turno a innaffiare l'orto", "people");
  has("les voisins arrosent le jardin à tour de rôle", "people");
  has("mis primos se turnan para cocinar", "people");
  has("die Kollegen gießen reihum die Pflanzen", "people");
  // The speaker's group alone names no one to list, though its turns are a rota; the speaker alone takes none.
  lacks("we take turns buying the milk", "people");
  has("we take turns buying the milk", "schedule");
  lacks("i rotate my two pairs of running shoes", "people");
});

Deno.test("turns of a task or over a period are a rota, a timetable of the persons", () => {
  has("the roommates take turns with the hoovering, a different one every week", "people", "schedule");
  has("tra fratelli si lava la macchina a turno ogni sabato", "people", "schedule");
  has("meine Töchter räumen abwechselnd die Spülmaschine aus, jeden Tag eine andere", "people", "schedule");
  has("my two daughters alternate feeding the rabbits", "people", "schedule");
  has("les cousins se relaient pour tondre la pelouse de mamie", "people", "schedule");
  has("le mie coinquiline fanno a turno la spesa", "people", "schedule");
  has("mis hermanas y yo nos turnamos para barrer el portal", "people", "schedule");
  has("unsere Kinder füttern im Wechsel die Hühner", "people", "schedule");
  // (A period alone, with no turns, is when something is done.)
  lacks("my kids feed the rabbits every morning", "schedule");
  lacks("mia figlia porta fuori il cane ogni sera", "schedule");
});

Deno.test("a group the speaker counts, or the question of who, takes the turns", () => {
  has("5 of us share a flat and take turns doing the bins", "people", "schedule");
  has("siamo in 4 e cuciniamo a turno", "people", "schedule");
  has("on est 3 au bureau et on achète le café à tour de rôle", "people", "schedule");
  has("somos 6 en el equipo y llevamos la fruta por turnos", "people", "schedule");
  has("wir sind 3 und kochen reihum", "people", "schedule");
  has("chi lava i piatti a turno?", "people", "schedule");
  has("quién riega las plantas por turnos esta semana", "people", "schedule");
});

Deno.test("those listed after a between word that follows the turns take them, in lower case too", () => {
  has("on alterne entre moi, lea et hugo pour la vaisselle", "people", "schedule");
  has("turni per annaffiare tra anna, paolo e rita", "people", "schedule");
  has("nos turnamos entre carla, ines y yo para cocinar", "people", "schedule");
});

Deno.test("another person each time a recurrence says takes the turn", () => {
  has("each saturday a different member of the choir brings the snacks", "people", "schedule");
  has("ogni domenica cucina uno diverso dei nipoti", "people", "schedule");
  has("cada viernes paga la cena uno distinto del grupo", "people", "schedule");
  has("jede Woche ist jemand anderes mit dem Staubsaugen dran", "people", "schedule");
  // (Another thing, not a person, is no turn.)
  lacks("a different soup every week for the family", "schedule");
  lacks("cada semana una receta distinta", "people");
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

Deno.test("a rota's schedule is of the task's object, or of the doing where it has none", () => {
  const subject = (prompt: string) => understand(prompt).asks.find((a) => a.type === "schedule")?.subject;
  assert.equal(subject("my roommates and i take turns taking out the trash"), "trash");
  assert.equal(subject("3 of us take turns driving to work"), "driving");
  assert.equal(subject("mio fratello e io facciamo a turno a portare il cane dal veterinario"), "cane");
  assert.equal(subject("mes fils se relaient pour promener le chien le soir"), "chien");
  assert.equal(subject("meine kinder wechseln sich beim abwaschen ab"), "abwaschen");
  // (Said after the turns, the task is the words before them; a verb that leads to another leaves it the task;
  // a question of whose turn, a clause after the cue and a unit of time name none.)
  assert.equal(subject("mes cousins font la vaisselle à tour de rôle"), "vaisselle");
  assert.equal(subject("i nonni fanno a turno per andare a prendere il pane"), "pane");
  assert.notEqual(subject("we have a rota where i assign each person a day"), "assign");
  assert.notEqual(subject("la rota du mois pour mes colocs"), "mois");
});

Deno.test("the people of turns their own words cue are the persons who take them", () => {
  const subject = (prompt: string) => understand(prompt).asks.find((a) => a.type === "people")?.subject;
  assert.equal(subject("i miei nipoti fanno a turno a portare fuori il cane"), "nipoti");
  assert.equal(subject("mes filles font la cuisine à tour de rôle"), "filles");
});
