// A question of what is left is measured against the whole the prompt states elsewhere: a goal of that
// amount, whose screen shows what is left, built in every language; an amount per head or per unit, or an
// interval, is no whole, and among several the question picks the one of the unit it names, or none.
import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { AppSpecSchema } from "../../supabase/functions/_generator/spec-schema.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

/** The goal screen's target, unit or currency and whether it is a limit, and whether the question of what is
 * left was built on it. */
const leftOf = (prompt: string) => {
  const { spec, asks } = composeSpec(prompt, { tier: "light" });
  assert.deepEqual(AppSpecSchema.safeParse(spec).error?.issues ?? [], [], prompt);
  const goal = spec.screens.find((screen) => screen.block === "goal");
  const remaining = understand(prompt).asks.find((a) => a.remaining);
  const built = asks.find((a) => a.type === "aggregate" && a.quote === remaining?.quote);
  return {
    goal: goal &&
      [goal.options.goal, goal.options.unit ?? goal.options.currency ?? "", goal.options.limit ?? false],
    built: built?.built && built.block,
  };
};

Deno.test("a question of what is left spends down a sum of money the prompt states, in every language", () => {
  for (
    const prompt of [
      "For the school trip we have $900 altogether. Let me log each expense and see how much is left.",
      "Abbiamo 2500 € per il matrimonio di mia sorella, voglio annotare le spese e sapere quanto rimane.",
      "Nous avons 700 € pour les vacances, je note chaque dépense et je veux savoir ce qui reste.",
      "Mi hermano y yo tenemos 400 € para el viaje; apuntamos cada gasto y vemos cuánto queda.",
      "Wir haben 1200 € für die Küche. Ich trage jede Ausgabe ein und will sehen, was übrig ist.",
    ]
  ) {
    const { goal, built } = leftOf(prompt);
    assert.equal(goal?.[2], true, prompt);
    assert.equal(built, "goal", prompt);
  }
  assert.deepEqual(
    leftOf("For the school trip we have $900 altogether. Log each expense and show what's left.").goal,
    [
      900,
      "USD",
      true,
    ],
  );
});

Deno.test("a question of what is left counts down a distance or a time to reach", () => {
  assert.deepEqual(
    leftOf("Training for a 60 km ultra: log every run with its distance and show the km remaining.").goal,
    [60, "km", false],
  );
  assert.deepEqual(
    leftOf(
      "Il mio corso richiede 30 ore di tirocinio: segno le ore di ogni giorno e voglio vedere quante ne mancano.",
    )
      .goal?.[2],
    false,
  );
  assert.deepEqual(
    leftOf("Je dois réviser 40 heures avant le concours, je note chaque séance et les heures qui restent.")
      .goal,
    [2400, "", false],
  );
});

Deno.test("a goal that states no target of its own takes the whole a question of what is left is of", () => {
  const { goal, built } = leftOf(
    "Road trip through Spain for 3 weeks with €2,000 in total. Log fuel and food, and show how much of the budget is left.",
  );
  assert.deepEqual(goal, [2000, "EUR", true]);
  assert.equal(built, "goal");
  // The figure asked before it in the same question stays the log's, and "in total" is the whole's word.
  const asks = understand(
    "Road trip through Spain for 3 weeks with €2,000 in total. Log fuel and food, show the daily average and how much of the budget is left.",
  ).asks;
  assert.deepEqual(
    asks.filter((a) => a.type === "aggregate").map((a) => [a.computes, a.remaining ?? false]),
    [
      ["average", false],
      ["total", true],
    ],
  );
});

Deno.test("among several amounts the question picks the one of the unit it names", () => {
  assert.deepEqual(
    leftOf(
      "Camino de 250 km en 12 etapas, cada albergue cuesta 15 €; apunto cada etapa y quiero ver los km que faltan.",
    )
      .goal,
    [250, "km", false],
  );
});

Deno.test("an amount per head, per unit or at an interval is no whole to count down from", () => {
  for (
    const prompt of [
      "Collecting for the teacher's present, 4 € a head: tick who paid and show how much is still left.",
      "Die Inspektion ist alle 15000 km fällig, zeig mir, wie viel noch übrig ist.",
      "Ho tre prezzi, 10 € e 20 € e 35 €, e voglio sapere quanto resta.",
    ]
  ) {
    const { goal, built } = leftOf(prompt);
    assert.equal(goal, undefined, prompt);
    assert.notEqual(built, "goal", prompt);
  }
});

Deno.test("the time left of a timer, or the days left of a countdown, is the clock's own, no goal", () => {
  for (
    const prompt of [
      "A study timer of 50 minutes that shows the time left, and a log of my sessions, 20 hours a week.",
      "Un minuteur pour la cuisson avec le temps qui reste, et mes recettes: 3 heures de préparation en tout.",
      "Per il matrimonio: voglio vedere quanti giorni mancano, e segnare le spese, 8000 € in tutto.",
    ]
  ) {
    assert.equal(understand(prompt).asks.some((a) => a.remaining), false, prompt);
  }
});

Deno.test("what is left of a budget with no records asked is left by a log of the spendings, over its period", () => {
  for (
    const prompt of [
      "my monthly budget for takeaway is 120, tell me how much is left",
      "budget mensile di 150 euro per i vestiti, voglio sapere quanto mi rimane",
      "un budget de 90 € par mois pour les sorties, et combien il me reste",
      "presupuesto de 80 euros al mes para libros, quiero ver cuánto me queda",
      "Monatsbudget 200 € für Hobbys, wie viel bleibt übrig",
    ]
  ) {
    const { asks } = understand(prompt);
    const left = asks.find((a) => a.remaining);
    assert.deepEqual(left?.quantities.map((q) => q.kind === "period" && q.period), ["month"], prompt);
    assert.ok(asks.some((a) => a.type === "log"), prompt);
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.deepEqual(spec.screens.map((s) => s.block).sort(), ["goal", "log"], prompt);
  }
  // The prompt's own records are those.
  const own = understand("budget of 300 a month, I list my purchases and want to see how much is left").asks;
  assert.equal(own.filter((a) => a.type === "log" || a.type === "list").length, 1);
});
