// The figure still needed per period is built on the goal's screen, with the day the target is to be reached
// by, and worked out there from what is left and the periods left; with no goal it is not built.
import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { AppSpecSchema } from "../../supabase/functions/_generator/spec-schema.ts";
import {
  deadlineDay,
  neededPer,
  nextNeeded,
  periodEnd,
  periodsLeft,
} from "../../supabase/functions/_generator/template/src/lib/needed.ts";

Deno.test("a figure still needed per period is shown on the goal's screen, in every language", () => {
  for (
    const [prompt, needed, deadline] of [
      [
        "we want 2500 saved for the wedding by june 2027, how much do we still need to put away each month",
        "month",
        "2027-06-30",
      ],
      ["obiettivo 400 km in bici entro settembre, quanti km mi mancano a settimana?", "week", "--09-30"],
      ["budget sorties 120 € par mois, combien je peux encore dépenser par semaine", "week", undefined],
      ["meta 700 € para el verano antes de julio, cuánto me falta cada semana", "week", "--07-31"],
      [
        "Ziel: 300 Stunden Klavier bis Dezember, wie viele Stunden muss ich pro Woche noch üben?",
        "week",
        "--12-31",
      ],
    ] as const
  ) {
    const { spec, asks } = composeSpec(prompt, { tier: "light" });
    assert.deepEqual(AppSpecSchema.safeParse(spec).error?.issues ?? [], [], prompt);
    const goal = spec.screens.find((s) => s.block === "goal");
    assert.equal(goal?.options.needed, needed, prompt);
    assert.equal(goal?.options.deadline, deadline, prompt);
    assert.ok(asks.some((a) => a.type === "calculator" && a.built && a.block === "goal"), prompt);
  }
});

Deno.test("what is left is spread over the periods left until the deadline, the current one counted", () => {
  assert.equal(deadlineDay("--08-31", "2026-03-10"), "2026-08-31");
  assert.equal(deadlineDay("--02-28", "2026-03-10"), "2027-02-28");
  assert.equal(deadlineDay("2027-12-31", "2026-03-10"), "2027-12-31");
  assert.equal(periodEnd("2026-03-10", "month"), "2026-03-31");
  assert.equal(periodEnd("2026-03-10", "week"), "2026-03-15");
  assert.equal(periodEnd("2026-03-15", "week"), "2026-03-15");
  assert.equal(periodsLeft("2026-03-10", "2026-03-31", "day"), 22);
  assert.equal(periodsLeft("2026-03-10", "2026-12-31", "month"), 10);
  assert.equal(periodsLeft("2026-03-10", "2026-03-23", "week"), 2);
  assert.equal(periodsLeft("2026-03-10", "2026-03-01", "day"), 0);
  // 25,000 less 5,000 saved over the 10 months to December: 2,000 a month.
  assert.equal(neededPer(20000, "2026-03-10", "2026-12-31", "month"), 2000);
  // A limit passed allows nothing more; a deadline past needs no figure.
  assert.equal(neededPer(-40, "2026-03-10", "2026-03-31", "day"), 0);
  assert.equal(neededPer(100, "2026-03-10", "2026-03-01", "day"), undefined);
});

Deno.test("the next record's value needed for an average is shown on a goal of the records' average", () => {
  const prompt = "i log my bowling scores, what do i need to score next game to get my average to 150";
  const { spec, asks } = composeSpec(prompt, { tier: "light" });
  assert.deepEqual(AppSpecSchema.safeParse(spec).error?.issues ?? [], [], prompt);
  const goal = spec.screens.find((s) => s.block === "goal");
  assert.equal(goal?.options.needed, "next");
  assert.equal(goal?.options.goal, 150);
  assert.ok(goal?.options.amountField);
  assert.ok(asks.some((a) => a.type === "calculator" && a.built && a.block === "goal"));
  // Grades 6 and 7 average 6.5; a third of 8 brings them to 7.
  assert.equal(nextNeeded([6, 7], 7), 8);
  assert.equal(nextNeeded([], 7), 7);
});
