import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const spec = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec;

/** The board of people's records and the field naming whose each is. */
function board(prompt: string) {
  const made = spec(prompt);
  const screen = made.screens.find((s) => s.block === "people");
  assert.ok(screen, prompt);
  const records = made.entities.find((e) => e.key === screen.entity)!;
  return { made, records, person: records.fields.find((f) => f.key === screen.options.personField)! };
}

Deno.test("the persons a board is about are records of their own, called by the prompt's noun for them", () => {
  for (
    const [prompt, one, many] of [
      ["points per round for each player at rummy night", "Player", "Players"],
      ["segnapunti del tressette, i punti di ogni giocatore", "Giocatore", "Giocatori"],
      ["score de la belote à chaque manche pour chaque joueur", "Joueur", "Joueurs"],
      ["marcador del chinchón con los puntos de cada jugador", "Jugador", "Jugadores"],
      ["Punkte für jeden Spieler beim Doppelkopf", "Spieler", "Spieler"],
    ]
  ) {
    const { made, person } = board(prompt);
    assert.equal(person.label, one, prompt);
    assert.equal(person.type, "choice", prompt);
    const persons = made.entities.find((e) => e.plural === many);
    assert.ok(persons, prompt);
    assert.ok(made.screens.some((s) => s.block === "collection" && s.entity === persons.key), prompt);
  }
});

Deno.test("a board naming no persons takes the noun of the class what it keeps implies", () => {
  for (
    const [prompt, many] of [
      ["who covers which shift at the street fair", "Volunteers"],
      ["chi fa quale turno alla festa dello sport", "Volontari"],
      ["Wer übernimmt welche Schicht beim Vereinsfest", "Helfer"],
    ]
  ) {
    const { made } = board(prompt);
    assert.ok(
      made.entities.some((e) => e.plural === many),
      `${prompt}: ${made.entities.map((e) => e.plural)}`,
    );
  }
});

Deno.test("the persons named are the records of the persons and the board's choices", () => {
  const prompt = "chore points for my kids (Leo, Ada, Sam)";
  const { made, person } = board(prompt);
  assert.equal(person.label, "Kid");
  const kids = made.entities.find((e) => e.plural === "Kids")!;
  assert.deepEqual(kids.samples.map((r) => r.name), person.options, prompt);
});

Deno.test("a board whose records are the persons keeps them, with no second list", () => {
  const { made, person } = board("tabla de puntos para los niños");
  assert.equal(person.label, "Persona");
  assert.deepEqual(made.entities.map((e) => e.plural), ["Niños"]);
});

Deno.test("records that say who each is of name the persons by the noun the prompt implies, their own records", () => {
  for (
    const [prompt, one, many] of [
      ["garden party next sunday: who's coming and what they bring", "Guest", "Guests"],
      ["soirée raclette : qui vient et qui apporte quoi", "Invité", "Invités"],
      ["Weihnachtsfeier: wer bringt welchen Salat mit", "Gast", "Gäste"],
    ]
  ) {
    const made = spec(prompt);
    assert.ok(
      made.entities.some((e) => e.plural === many),
      `${prompt}: ${made.entities.map((e) => e.plural)}`,
    );
    assert.ok(
      made.entities.some((e) => e.fields.some((f) => f.label === one && f.type === "choice")),
      prompt,
    );
  }
});

Deno.test("a prompt naming persons of a kind implies no others", () => {
  const made = spec("work shifts for the 5 kids at the lemonade stall");
  assert.ok(!made.entities.some((e) => e.plural === "Volunteers"), `${made.entities.map((e) => e.plural)}`);
});

Deno.test("records naming one participant each by a field of theirs list them, named as their samples name them", () => {
  const made = spec("volunteer shift schedule for the food bank");
  const shifts = made.entities.find((e) =>
    e.fields.some((f) => f.label === "Volunteer" && f.type === "choice")
  );
  const volunteers = made.entities.find((e) => e.plural === "Volunteers");
  assert.ok(shifts && volunteers, `${made.entities.map((e) => e.plural)}`);
  const field = shifts.fields.find((f) => f.label === "Volunteer")!;
  assert.deepEqual(volunteers.samples.map((r) => r.name), [
    ...new Set(shifts.samples.map((r) => r[field.key])),
  ]);
});

Deno.test("the app's other records refer to the persons a board keeps as its own records", () => {
  for (
    const [prompt, one] of [
      ["je garde 3 enfants et je note leurs heures d'arrivée chaque jour", "Enfant"],
      ["tengo 2 niños en casa, apunto sus horas cada día y puntos por portarse bien", "Niño"],
    ]
  ) {
    const { made, records } = board(prompt);
    const [main] = made.entities;
    assert.notEqual(main, records, prompt);
    assert.ok(main.fields.some((f) => f.label === one && f.type === "choice"), prompt);
  }
});

Deno.test("a group's members are the persons, named by the noun for its members, and asked of who among them", () => {
  for (
    const [prompt, many] of [
      ["who fetches the snacks for each match of our squad", "Players"],
      ["the choir, who sings at which concert", "Members"],
      ["our flatshare kitchen, who cleans it which day", "Flatmates"],
      ["chi porta la torta in ufficio ogni venerdì", "Colleghi"],
      ["gruppo di lettura chi sceglie il libro", "Membri"],
      ["l'équipe de hand, qui lave les maillots", "Joueurs"],
      ["la familia, quién saca la basura", "Familiares"],
      ["unsere Mannschaft, wer wäscht die Trikots", "Spieler"],
      ["in der Abteilung wer gießt die Pflanzen", "Mitglieder"],
      ["the committee, who brings the minutes to each meeting", "Members"],
    ]
  ) {
    const { made } = board(prompt);
    assert.ok(made.entities.some((e) => e.plural === many), prompt);
  }
});
