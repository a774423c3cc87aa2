import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const spec = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec;

/** The names the people asks of a prompt offer. */
const peopleNames = (prompt: string) =>
  understand(prompt).asks.filter((a) => a.type === "people").flatMap((a) =>
    a.fields.flatMap((f) => f.options ?? [])
  );

Deno.test("persons named one by one after their noun or their number are the people the app keeps", () => {
  for (
    const [prompt, names] of [
      ["i have a bakery with 2 apprentices (Lucas and Finn), log their hours", ["Lucas", "Finn"]],
      ["my three girls, Ruby, Elsie and Mae, share one bathroom in the morning", ["Ruby", "Elsie", "Mae"]],
      ["tracking pocket money for my nephews (sam 8 and joe 5)", ["Sam", "Joe"]],
      ["ho 3 nipotini (Tommaso 6 anni, Bianca 4 e Leo 2) e voglio segnare i compleanni", [
        "Tommaso",
        "Bianca",
        "Leo",
      ]],
      ["al bar ci sono 2 baristi, Gianni e Marta, segnare le ore di ognuno", ["Gianni", "Marta"]],
      ["mes deux garçons (Nathan 10 ans et Hugo 7 ans) font leurs devoirs", ["Nathan", "Hugo"]],
      ["j'ai 2 serveuses : Camille et Manon, noter leurs heures", ["Camille", "Manon"]],
      ["mis sobrinos (Álvaro, 7 años, y Nerea, 4) vienen los viernes", ["Álvaro", "Nerea"]],
      ["tengo 2 camareras, Lola y Rocío, y quiero apuntar sus turnos", ["Lola", "Rocío"]],
      ["unsere Jungs (Ben 9 und Max 6) sollen ihr Taschengeld eintragen", ["Ben", "Max"]],
      ["Werkstatt mit 2 Azubis (Kevin und Jonas), Arbeitsstunden erfassen", ["Kevin", "Jonas"]],
    ] as const
  ) {
    assert.deepEqual(peopleNames(prompt), [...names], prompt);
  }
});

Deno.test("names each after a noun of its own, or after the speaker's word, are people too", () => {
  for (
    const [prompt, names] of [
      ["we play darts on tuesdays, me, Rob, Kev and Liam, track who wins", ["Rob", "Kev", "Liam"]],
      ["mio nonno Aldo e mia nonna Pina prendono le pastiglie", ["Aldo", "Pina"]],
      ["ma mère Odile et mon père Henri ont des rendez-vous chez le médecin", ["Odile", "Henri"]],
      ["jugamos al parchís: yo, Inés, Lucas y Sara", ["Inés", "Lucas", "Sara"]],
      ["mein Opa Karl und meine Oma Hilde nehmen Tabletten", ["Karl", "Hilde"]],
      // (After "with", where the players are read as persons already.)
      ["on joue au rami à 4 le samedi avec Jean, Paul et Zoé, je note les scores", ["Jean", "Paul", "Zoé"]],
      ["Kartenabend mit Jörg, Ute und Bernd jeden Freitag, Punkte pro Spiel", ["Jörg", "Ute", "Bernd"]],
    ] as const
  ) {
    assert.deepEqual(peopleNames(prompt), [...names], prompt);
  }
});

Deno.test("no people where no noun of persons, no speaker and no persons read before the names", () => {
  for (
    const prompt of [
      "my board games: Catan, Azul and Wingspan, with how often i play them",
      "le mie città preferite, Torino, Bari e Lecce, da visitare",
      "mes villes préférées, Lyon, Nantes et Lille, à visiter",
      "mis ciudades favoritas, Cádiz, Soria y Teruel, para visitar",
      "Kinder: Datum, Aufgabe und Punkte",
      "Buchungen mit Anzahl Personen, Anreise, Abreise",
      "Mitglieder mit Name und Beitrag bezahlt j/n",
    ]
  ) {
    assert.deepEqual(peopleNames(prompt), [], prompt);
  }
});

Deno.test("the names are no fields of other records and no choice of values", () => {
  for (
    const prompt of [
      "a pizzeria with 3 waiters: Tony, Gina and Sal. log the shifts",
      "torneo di scopa con gli amici (Piero, Ugo e Nello), punti per partita",
      "on joue aux cartes avec mes copains (Paul, Marie et Luc), noter les scores",
      "unsere wg (Tim, Jonas, Lea) macht einen Putzplan",
    ]
  ) {
    const asks = understand(prompt).asks;
    const names = peopleNames(prompt);
    assert.ok(names.length >= 3, prompt);
    for (const a of asks.filter((a) => a.type !== "people")) {
      assert.ok(
        !a.fields.some((f) => names.includes(f.name)),
        `${prompt}: ${a.type} ${a.fields.map((f) => f.name)}`,
      );
      assert.ok(
        a.type !== "choice" || !a.fields.some((f) => f.options?.every((o) => names.includes(o))),
        prompt,
      );
    }
  }
});

Deno.test("the persons named are records of their own, one sample each, which the records name", () => {
  for (
    const [prompt, plural, names] of [
      ["i run a food truck with 2 cooks, Ana and Raj. need a shift log: who worked, date, hours", "Cooks", [
        "Ana",
        "Raj",
      ]],
      ["ho due figlie (Greta 9 anni e Viola 6) e voglio segnare le spese per ognuna", "Figlie", [
        "Greta",
        "Viola",
      ]],
      ["je garde 2 enfants, Inès et Noé : noter les repas et les siestes", "Enfants", ["Inès", "Noé"]],
      [
        "tengo un taller con 2 mecánicos, Paco y Luis. apuntar las reparaciones: coche, quién la hizo",
        "Mecánicos",
        [
          "Paco",
          "Luis",
        ],
      ],
      ["scopa del sabato con gli amici (Piero, Ugo, Dino e Rita), punti di ogni mano", "Amici", [
        "Piero",
        "Ugo",
        "Dino",
        "Rita",
      ]],
      ["selbstständig mit 2 Gesellen (Tobi und Marco), Stundenzettel: wer, Baustelle, Datum", "Gesellen", [
        "Tobi",
        "Marco",
      ]],
    ] as const
  ) {
    const made = spec(prompt);
    const persons = made.entities.find((e) => e.plural === plural);
    assert.ok(persons, `${prompt}: ${made.entities.map((e) => e.plural)}`);
    assert.deepEqual(persons.samples.map((s) => s.name), [...names], prompt);
    assert.ok(made.screens.some((s) => s.block === "collection" && s.entity === persons.key), prompt);
    // The other records say whose each is, by a choice of those persons.
    const whose = made.entities.filter((e) => e !== persons).flatMap((e) => e.fields).filter((f) =>
      f.type === "choice" && names.every((n) => f.options?.includes(n))
    );
    assert.ok(whose.length > 0, `${prompt}: ${made.entities.map((e) => e.fields.map((f) => f.key))}`);
  }
});

Deno.test("a board called by the persons' noun keeps their tasks, the persons their own records", () => {
  for (
    const prompt of [
      "chore chart for my 3 kids (emma, noah and lily) with points",
      "siamo 4 coinquilini (Ale, Fede, Marti e Giò), chi fa cosa con i punti",
    ]
  ) {
    const made = spec(prompt);
    const board = made.screens.find((s) => s.block === "people");
    assert.ok(board, prompt);
    const records = made.entities.find((e) => e.key === board.entity)!;
    assert.ok(records.samples.every((s) => !["Emma", "Ale"].includes(String(s.name))), prompt);
    const persons = made.entities.find((e) =>
      e !== records && e.samples.some((s) => ["Emma", "Ale"].includes(String(s.name)))
    );
    assert.ok(persons, `${prompt}: ${made.entities.map((e) => e.plural)}`);
  }
});
