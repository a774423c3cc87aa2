import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const made = (prompt: string) => {
  const { spec } = composeSpec(prompt, { tier: "light" });
  return { spec, goal: spec.screens.find((s) => s.block === "goal")?.options };
};

const target = (prompt: string, goal: number, period: string, name: string) => {
  const app = made(prompt);
  assert.equal(app.goal?.goal, goal, prompt);
  assert.equal(app.goal?.period, period, prompt);
  assert.equal(app.spec.name, name, prompt);
  assert.ok(app.spec.screens.some((s) => s.block === "log"), prompt);
};

Deno.test("an amount of an activity per period across the thing's words is a goal named by the thing", () => {
  target("drink 6 glasses of water a day", 6, "day", "Water");
  target("bere 2 litri d'acqua al giorno", 2, "day", "Acqua");
  target("boire 2 litres d'eau par jour", 2, "day", "Eau");
  target("beber 3 litros de agua al día", 3, "day", "Agua");
  target("3 liter wasser am tag trinken", 3, "day", "Wasser");
  target("5 km di camminata al giorno", 5, "day", "Camminata");
  target("10 km de vélo par semaine", 10, "week", "Vélo");
});

Deno.test("things an amount counts are the records and the name, not the verb of doing it", () => {
  target("lire 30 pages par jour", 30, "day", "Pages");
  target("leggere 40 pagine al giorno", 40, "day", "Pagine");
  target("leer 25 páginas al día", 25, "day", "Páginas");
  target("20 seiten am tag lesen", 20, "day", "Seiten");
  assert.equal(made("leggere 40 pagine al giorno").spec.entities[0].plural, "Pagine");
  assert.equal(made("20 seiten am tag lesen").spec.entities[0].plural, "Seiten");
});

Deno.test("a number a verb of doing governs counts the activity's things per period", () => {
  target("fare 30 addominali al giorno", 30, "day", "Addominali");
  target("faire 20 pompes par jour", 20, "day", "Pompes");
  target("hacer 30 flexiones al día", 30, "day", "Flexiones");
  target("50 liegestütze am tag machen", 50, "day", "Liegestütze");
});

Deno.test("a duration per a recurrence once a period is a goal of that period", () => {
  for (
    const [prompt, minutes] of [["meditate 15 minutes every day", 15], [
      "jeden tag 20 minuten meditieren",
      20,
    ]] as const
  ) {
    const app = made(prompt);
    assert.equal(app.goal?.goal, minutes, prompt);
    assert.equal(app.goal?.period, "day", prompt);
  }
  const goal = understand("estudiar ingles 30 minutos cada dia").asks.find((a) => a.type === "goal");
  assert.equal(goal?.perPeriod, true);
  assert.deepEqual(goal?.quantities.map((q) => q.kind), ["duration", "period"]);
});

Deno.test("a question of how many, a dose or a capacity per period is no target", () => {
  for (
    const prompt of [
      "how many glasses of water i drink a day",
      "quanti bicchieri d'acqua bevo al giorno",
      "combien de verres d'eau je bois par jour",
      "cuántos vasos de agua bebo al día",
      "wie viele gläser wasser ich am tag trinke",
      "take 1 pill a day",
      "my dog daycare takes 8 dogs a day",
    ]
  ) {
    assert.equal(made(prompt).goal, undefined, prompt);
  }
});
