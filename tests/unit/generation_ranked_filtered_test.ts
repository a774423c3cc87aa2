// Sorts, rankings and filters read from the shape of a phrase: records seen only in a state are a search
// (`understand/filtered.ts`), an order's noun or who leads is a sort (`understand/ordered.ts`), a ranking's
// noun sorts by the figure named after "with" or "most", and a sort by speed orders the time taken
// (`compose-spec/sort-by.ts`).
import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { sortedField } from "./fixtures/sorted_field.ts";

const made = (prompt: string) => composeSpec(prompt, { tier: "full" });
const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
const sorted = sortedField;

Deno.test("records asked seen only in a state, or who is late or has not paid, are a search", () => {
  for (
    const prompt of [
      "i lend tools to my neighbours, i want to see only the ones that are not returned yet",
      "I rent out 3 flats, I mark each month's rent as paid and want to see who's late",
      "affitto 2 appartamenti, ogni mese segno se hanno pagato e voglio vedere chi è in ritardo",
      "vorrei vedere solo quelli che non hanno pagato la quota",
      "suivi des factures avec montant et payée oui/non, je veux voir seulement les impayées",
      "la liste des adhérents, je veux voir qui n'a pas payé sa cotisation",
      "alumnos de mi academia con cuota mensual, ver solo los que no han pagado este mes",
      "mis inquilinos y el alquiler de cada mes, ver quién no ha pagado",
      "meine Rechnungen mit Betrag und ob bezahlt, nur die offenen anzeigen lassen",
      "Mitglieder mit Beitrag, ich will sehen, wer noch nicht bezahlt hat",
    ]
  ) {
    const c = made(prompt);
    assert.ok(types(prompt).includes("search"), prompt);
    assert.ok(c.asks.some((a) => a.type === "search" && a.built), prompt);
    assert.ok(c.spec.screens.some((s) => s.options.search), prompt);
  }
});

Deno.test("who owes a figure, or which records a list shows, is no filter", () => {
  for (
    const prompt of [
      "students and lessons, and see who owes me money at the end of the month",
      "a couch to 5k plan, show which week she's on",
      "spese di casa tra coinquilini, vedere chi deve quanto",
      "les dépenses du voyage, voir qui doit combien",
      "gastos del piso, ver quién debe a quién",
      "Haushaltsplan, ich will sehen, wer diese Woche dran ist",
    ]
  ) {
    assert.ok(!types(prompt).includes("search"), prompt);
  }
});

Deno.test("a sort by speed orders the time each record took, the fastest first", () => {
  for (
    const prompt of [
      "our running club does a 5k every saturday, i want to type everyones times and see results fastest first",
      "gare di nuoto dei bambini, segno i tempi di ogni gara e vorrei vedere prima i più veloci",
      "mes recettes avec le temps de préparation, les plus rapides en premier",
      "course à pied du club, je saisis les temps et je veux les résultats du plus rapide au plus lent",
      "registro de mis carreras con tiempo y distancia, las más rápidas arriba",
      "laufzeiten von unserem verein eintragen, die schnellsten zuerst",
    ]
  ) {
    const s = sorted(prompt);
    assert.equal(s.type, "duration", prompt);
    assert.equal(s.order, "ascending", prompt);
  }
  assert.equal(sorted("my bike rides with their time, slowest first").order, "descending");
});

Deno.test("a ranking sorts by the figure named after it, a number of the records' own", () => {
  for (
    const [prompt, label] of [
      [
        "club de tennis, je note les matchs et je veux un classement des joueurs par nombre de victoires",
        "Nombre de victoires",
      ],
      ["un classement avec le nombre de victoires de chaque équipe", "Nombre de victoires"],
      ["tippspiel fürs büro zur em, jeder tippt die spiele und eine rangliste nach punkten", "Punkten"],
      [
        "darts league at the pub, log each match with the winner and a leaderboard of who has the most wins",
        "Wins",
      ],
      [
        "la liga de mus del bar, apunto las partidas y una clasificación de quién tiene más victorias",
        "Victorias",
      ],
    ] as const
  ) {
    const s = sorted(prompt);
    assert.equal(s.label, label, prompt);
    assert.equal(s.type, "number", prompt);
  }
  // (A figure's word alone names no field: "sorted by total" orders the records' amount.)
  assert.notEqual(sorted("pub quiz scores per team and a leaderboard sorted by total").label, "Total");
});

Deno.test("a ranking's noun asks a sort of its own", () => {
  for (
    const prompt of [
      "darts league, log each match and keep a leaderboard",
      "torneo di burraco, le partite e la graduatoria delle coppie",
      "Skatrunde: jedes Spiel eintragen und eine Bestenliste",
    ]
  ) {
    assert.ok(types(prompt).includes("sort"), prompt);
  }
});

Deno.test("an order's noun or who leads asks a sort", () => {
  for (
    const prompt of [
      "my appointments for the day, see today's route as a list in time order",
      "le visite del giorno in ordine di arrivo",
      "mes patients avec l'heure de passage et l'ordre de la tournée que je peux changer",
      "los pacientes de la mañana en orden de llegada",
      "Doppelkopf jeden Freitag, und eine Jahrestabelle, wer insgesamt vorne liegt",
      "our pub quiz teams and their scores, so we see who's on top",
      "le squadre del torneo e i punti, voglio sapere chi è in testa",
      "les équipes du tournoi et leurs points, pour savoir qui est en tête",
    ]
  ) {
    assert.ok(types(prompt).includes("sort"), prompt);
  }
  for (
    const prompt of [
      "I need an app in order to track my runs",
      "pizzeria: per ogni ordine nome del cliente e cosa ha preso",
      "J'aimerais mettre de l'ordre dans mes factures",
    ]
  ) {
    assert.ok(!types(prompt).includes("sort"), prompt);
  }
});
