// A question of how much is still needed, or may still be used, per period to reach a target or keep to a
// limit asks for that figure of the goal, in every language: per the period it asks, until the goal's
// deadline; the period asked per is no period of the goal's own.
import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const neededOf = (prompt: string) => {
  const { asks } = understand(prompt);
  const goal = asks.find((a) => a.type === "goal");
  return {
    needed: asks.find((a) => a.type === "calculator" && a.needed)?.needed,
    goalPeriod: goal?.quantities.find((q) => q.kind === "period")?.text,
    limit: goal?.limit ?? false,
  };
};

Deno.test("a question of what is still needed per period to reach a target asks that figure, in five languages", () => {
  for (
    const [prompt, per, by] of [
      [
        "saving 4000 for a camper by august 2028. how much do we have to set aside per month?",
        "month",
        "2028-08-31",
      ],
      [
        "voglio mettere via 600 euro entro dicembre, quanto mi serve ancora ogni settimana?",
        "week",
        "--12-31",
      ],
      [
        "je veux courir 800 km d'ici octobre, combien de km je dois encore faire par semaine ?",
        "week",
        "--10-31",
      ],
      ["quiero juntar 1200 € antes de agosto, cuánto necesito ahorrar cada mes", "month", "--08-31"],
      [
        "ich will 900 € bis Juli zusammensparen, wie viel muss ich pro Woche noch zurücklegen?",
        "week",
        "--07-31",
      ],
    ] as const
  ) {
    const { needed, goalPeriod } = neededOf(prompt);
    assert.deepEqual(needed, { per, by }, prompt);
    assert.equal(goalPeriod, undefined, prompt);
  }
});

Deno.test("a question of what may still be used per period of a sum is an allowance of that limit", () => {
  for (
    const prompt of [
      "I get 300 pocket money for the month, how much can I still spend per day",
      "Ho 180 € di paghetta per il mese, quanto posso ancora spendere a settimana?",
      "J'ai 450 € pour le mois, combien je peux encore dépenser par jour jusqu'à la fin du mois ?",
      "Tengo 500 € de paga, cuánto puedo gastar todavía cada semana hasta fin de mes",
      "Ich habe 350 € Taschengeld, wie viel kann ich pro Tag noch ausgeben?",
    ]
  ) {
    const { needed, limit } = neededOf(prompt);
    assert.ok(needed, prompt);
    assert.equal(limit, true, prompt);
  }
});

Deno.test("a question with no word of need, or of no period, asks no figure still needed", () => {
  for (
    const prompt of [
      "goal: 500 km this year, how many km do I run per week",
      "voglio risparmiare 3000 euro, quanto ho messo da parte?",
    ]
  ) {
    assert.equal(neededOf(prompt).needed, undefined, prompt);
  }
});

Deno.test("what the next record needs to bring an average to a number is a goal of that average, in five languages", () => {
  for (
    const [prompt, target] of [
      ["my test scores so far, whats the average and what do I need on the next quiz to reach 85", 85],
      [
        "i voti di latino con la media: quanto mi serve al prossimo compito per avere almeno 7",
        7,
      ],
      ["mes notes de partiel avec la moyenne, et il me faut combien au prochain pour avoir 14", 14],
      ["mis notas de inglés y la media; qué nota necesito en la siguiente prueba para sacar un 8", 8],
      [
        "Meine Noten in Mathe mit Durchschnitt: welche Note brauche ich in der nächsten Klausur für eine 3",
        3,
      ],
    ] as const
  ) {
    const { asks } = understand(prompt);
    const goal = asks.find((a) => a.type === "goal");
    assert.deepEqual(asks.find((a) => a.type === "calculator")?.needed, { per: "next" }, prompt);
    assert.deepEqual(goal?.quantities.map((q) => "value" in q && q.value), [target], prompt);
  }
});

Deno.test("a next record with no average in its sentence asks no value needed", () => {
  const { asks } = understand("remind me what I need to bring to the next 3 meetings");
  assert.equal(asks.find((a) => a.needed), undefined);
});

Deno.test("the day to reach a target by may be stated outside the question, of a goal the question makes", () => {
  const prompt =
    "the band needs 600 dollars for the trip by march 15. how much do we still need to collect each week?";
  assert.deepEqual(neededOf(prompt).needed, { per: "week", by: "--03-15" });
});
