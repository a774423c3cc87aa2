// Totals and counts asked of the records: what is left of a number of records (a pack bought ahead is spent
// down, each one's own count per the noun after "each"), a word of still in a question of how many, a ranking of
// who did most of an amount (its total, not a count), and a period after a number of things (how often, no
// figure), in every language.
import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { AppSpecSchema } from "../../supabase/functions/_generator/spec-schema.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

/** The goal screen (target, limit, field it adds up) and the log's figures grouped by a field, with whether the
 * question of what is left was built on the goal. */
const counted = (prompt: string) => {
  const { spec, asks } = composeSpec(prompt, { tier: "light" });
  assert.deepEqual(AppSpecSchema.safeParse(spec).error?.issues ?? [], [], prompt);
  const goal = spec.screens.find((s) => s.block === "goal");
  const log = spec.screens.find((s) => s.block === "log");
  const entity = spec.entities.find((e) => e.key === log?.entity);
  const left = asks.find((a) => a.type === "aggregate" && a.built && a.block === "goal");
  return {
    goal: goal && [goal.options.goal, goal.options.limit ?? false, goal.options.amountField ?? null],
    sameRecords: goal?.entity === log?.entity,
    by: (log?.options.figures ?? []).flatMap((f) =>
      f.by ? [entity?.fields.find((x) => x.key === f.by)?.label ?? f.by] : []
    ),
    left: left !== undefined,
    records: entity?.plural ?? "",
  };
};

Deno.test("a pack of records bought ahead is counted down: a limit of that many records, in every language", () => {
  for (
    const [prompt, target] of [
      ["my gym sells 12-visit passes, i want to see how many visits i have left", 12],
      ["Bought a bundle of 5 lessons with the driving school, how many lessons are left?", 5],
      ["ho un carnet da 10 lezioni di nuoto, quante lezioni mi restano?", 10],
      ["abbonamento da 12 ingressi in palestra, voglio vedere quanti ingressi rimangono", 12],
      ["j'ai un forfait de 20 cours de danse, combien de cours il me reste ?", 20],
      ["carte de 10 entrées à la piscine, combien d'entrées restent", 10],
      ["tengo un bono de 10 clases de pilates, cuántas clases me quedan", 10],
      ["paquete de 6 masajes, quiero saber cuántos masajes quedan", 6],
      ["ich habe ein Paket mit 10 Massagen gekauft, wie viele Massagen sind noch übrig", 10],
      ["10er Karte fürs Schwimmbad, wie viele Eintritte bleiben mir", 10],
    ] as const
  ) {
    const { goal, left, sameRecords } = counted(prompt);
    assert.deepEqual(goal, [target, true, null], prompt);
    assert.ok(left, prompt);
    assert.ok(sameRecords, prompt);
  }
});

Deno.test("a pack of hours is spent down too: a limit of its time", () => {
  for (
    const prompt of [
      "ich habe ein Paket mit 10 Stunden Nachhilfe gekauft, wie viele Stunden sind noch übrig",
      "I bought a block of 20 hours of tutoring, how many hours are left",
    ]
  ) {
    assert.deepEqual(
      counted(prompt).goal?.slice(0, 2),
      [600 * (prompt.includes("20") ? 2 : 1), true],
      prompt,
    );
  }
  // (Hours stated with no pack are to reach.)
  const reach = "I need 40 hours of driving practice, how many hours are left";
  assert.equal(counted(reach).goal?.[1], false, reach);
});

Deno.test("what each one has left of a pack is counted per that one: the records name them", () => {
  for (
    const [prompt, per] of [
      ["clients buy packs of 8 sessions, I need to know how many sessions each client has left", "Client"],
      ["pacchetti da 10 lezioni, quante lezioni restano a ogni allievo", "Allievo"],
      ["carnets de 10 séances, combien de séances il reste à chaque patient", "Patient"],
      ["bonos de 5 clases, cuántas clases le quedan a cada alumno", "Alumno"],
      ["10er Karten für den Kurs, wie viele Termine jeder Teilnehmer noch übrig hat", "Teilnehmer"],
    ] as const
  ) {
    const { by, goal } = counted(prompt);
    assert.deepEqual(by, [per], prompt);
    assert.equal(goal?.[1], true, prompt);
  }
});

Deno.test("a word of still in a question of how many asks what is left of the number stated", () => {
  for (
    const prompt of [
      "ich habe eine 20er karte fürs yoga, wie viele stunden habe ich noch",
      "pacchetto da 10 ingressi, quanti ingressi ho ancora",
      "carnet de 10 cafés, combien de cafés j'ai encore",
      "bono de 10 viajes, cuántos viajes tengo todavía",
      "a card of 10 car washes, how many washes do I still have",
    ]
  ) {
    assert.ok(understand(prompt).asks.some((a) => a.type === "aggregate" && a.remaining), prompt);
    assert.equal(counted(prompt).goal?.[1], true, prompt);
  }
  // (A word of still alone asks what is still owed, not what is left of a number of things.)
  const owed = "Il palazzo ha 8 appartamenti. Per ogni condomino voglio vedere quanto deve ancora pagare.";
  assert.ok(!understand(owed).asks.some((a) => a.type === "goal"), owed);
  // (A number the question does not count, with no pack, is no whole.)
  const other = "we have 3 kids, how many chores are still to do";
  assert.ok(!understand(other).asks.some((a) => a.type === "goal"), other);
});

Deno.test("a number of records stated beside the question is a count to reach, no limit, of those records", () => {
  const prompt =
    "Could you build a tracker for my car loan? 60 payments, I want to tick each one and see how many are left.";
  const { goal } = counted(prompt);
  assert.deepEqual(goal, [60, false, null]);
  const { spec } = composeSpec(prompt, { tier: "light" });
  const screen = spec.screens.find((s) => s.block === "goal");
  assert.match(spec.entities.find((e) => e.key === screen?.entity)?.plural ?? "", /Payments/);
});

Deno.test("who did most of an amount ranks its total per person, not how many records each has", () => {
  for (
    const [prompt, unit] of [
      ["running club app: log runs and show who ran the most km this month", "km"],
      ["registro delle uscite in bici, chi ha fatto più km quest'anno", "km"],
      ["qui a couru le plus de km ce mois ci dans le club", "km"],
      ["registro de viajes, quién ha hecho más km este mes", "km"],
      ["Fahrtenbuch für die Familie: wer ist am meisten km gefahren", "km"],
    ] as const
  ) {
    const ranked = understand(prompt).asks.find((a) => a.ranked);
    assert.equal(ranked?.computes, "total", prompt);
    assert.equal(ranked?.amount?.unit, unit, prompt);
    const { spec } = composeSpec(prompt, { tier: "light" });
    const figures = spec.screens.flatMap((s) => s.options.figures ?? []);
    assert.ok(figures.some((f) => f.by && f.aggregate === "total" && f.field), prompt);
  }
  // (A ranking that names no amount counts the records.)
  const count = understand("who walked the dog the most this week").asks.find((a) => a.ranked);
  assert.equal(count?.computes, undefined);
});

Deno.test("who did most, written without accents in Spanish or Italian, is a ranking", () => {
  for (
    const prompt of [
      "quien ha pagado mas cafés en la oficina",
      "quien lava mas los platos en casa",
      "chi ha fatto piu gol nella squadra",
    ]
  ) {
    assert.ok(understand(prompt).asks.some((a) => a.type === "aggregate" && a.ranked), prompt);
  }
});

Deno.test("a period after a number of things says how often they happen, no figure over it", () => {
  for (
    const prompt of [
      "I'm a sales rep and I visit 6 to 10 shops a day. I want to log each visit with what they ordered.",
      "faccio 3 turni a settimana in ospedale, voglio segnare i turni con data e reparto",
      "je fais 2 livraisons par jour, noter chaque livraison avec l'adresse",
      "doy 4 clases por semana, quiero apuntar cada clase con fecha y alumno",
      "ich mache 5 Besuche pro Woche und will jeden Besuch mit Datum eintragen",
    ]
  ) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "aggregate"), prompt);
  }
  // (A figure asked over the period still is one.)
  const asked = "I visit 6 to 10 shops a day. Show my total orders per week.";
  assert.ok(understand(asked).asks.some((a) => a.type === "aggregate"), asked);
});

Deno.test("how many days or weeks are left counts down to a day: no number of the prompt is a count of records", () => {
  for (
    const prompt of [
      "dinner for the office on Friday 19 December, 42 of us: who paid, and how many days are left",
      "cena di Natale il 19 dicembre, siamo 42: chi ha pagato e quanti giorni mancano",
      "dîner de Noël le 19 décembre, nous sommes 42 : qui a payé et combien de jours il reste",
      "cena de Navidad el 19 de diciembre, somos 42. Quien ha pagado y cuantos dias faltan",
      "Weihnachtsessen am 19. Dezember, wir sind 42: wer hat bezahlt und wie viele Tage noch",
    ]
  ) {
    const asks = understand(prompt).asks;
    assert.ok(
      !asks.some((a) => a.type === "goal" && a.counts),
      `${prompt}: ${JSON.stringify(asks.map((a) => a.type))}`,
    );
  }
});
