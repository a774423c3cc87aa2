import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
const goalOf = (prompt: string) =>
  composeSpec(prompt, { tier: "light" }).spec.screens.find((s) => s.block === "goal")?.options;

/** The prompt asks a goal of `count` records a `period`, and no reminder. */
const target = (prompt: string, count: number, period: string) => {
  assert.ok(types(prompt).includes("goal"), prompt);
  assert.ok(!types(prompt).includes("reminder"), prompt);
  const goal = goalOf(prompt);
  assert.equal(goal?.goal, count, prompt);
  assert.equal(goal?.period, period, prompt);
};

Deno.test("so many times a period after the words of intent is a goal of that many records", () => {
  target("i want to go swimming 3 times a week, help me keep track", 3, "week");
  target("voglio andare in piscina 3 volte a settimana", 3, "week");
  target("je veux courir 3 fois par semaine", 3, "week");
  target("quiero nadar 2 veces por semana", 2, "week");
  target("ich möchte 3 mal pro woche joggen gehen", 3, "week");
});

Deno.test("so many times a period in a clause that opens or ends on the activity is a goal", () => {
  target("yoga twice a week", 2, "week");
  target("palestra 4 volte a settimana, segno gli esercizi che faccio", 4, "week");
  target("nuotare 3 volte a settimana", 3, "week");
  target("ir al gimnasio 3 veces por semana", 3, "week");
  target("zweimal pro woche schwimmen", 2, "week");
  assert.equal(composeSpec("ir al gimnasio 3 veces por semana", { tier: "light" }).spec.name, "Gimnasio");
});

Deno.test("a count on named days, a dose a day, a habit told and a reminder asked are no goal", () => {
  assert.ok(!types("Fertiliser doses 3x a week (Mon, Wed, Fri).").includes("goal"));
  assert.ok(!types("eye drops 4x a day").includes("goal"));
  assert.ok(types("eye drops 4x a day").includes("reminder"));
  assert.ok(!types("I play pickleball twice a week and want to record every match").includes("goal"));
  assert.ok(!types("Juego al pádel dos veces por semana y quiero apuntar los partidos").includes("goal"));
  assert.ok(!types("notre chorale répète 2 fois par semaine, je veux noter les présences").includes("goal"));
  assert.ok(!types("remind me to water the plants twice a week").includes("goal"));
  assert.ok(!types("erinnere mich zweimal pro woche die pflanzen zu gießen").includes("goal"));
});

Deno.test("an amount per night is per day: a goal of sleep", () => {
  for (
    const prompt of [
      "i want to sleep 8 hours per night",
      "dormire 8 ore a notte",
      "je veux dormir 8 heures par nuit, noter mes heures de sommeil",
      "quiero dormir 8 horas por noche",
      "8 stunden schlaf pro nacht",
    ]
  ) {
    assert.ok(types(prompt).includes("goal"), prompt);
    assert.equal(goalOf(prompt)?.period, "day", prompt);
  }
  assert.equal(
    composeSpec("je veux dormir 8 heures par nuit, noter mes heures de sommeil", { tier: "light" })
      .spec.name,
    "Sommeil",
  );
});

Deno.test("what a count per day counts names the app, not the records' day", () => {
  assert.equal(composeSpec("walk 10000 steps a day", { tier: "light" }).spec.name, "Steps");
  assert.equal(composeSpec("marcher 10000 pas par jour", { tier: "light" }).spec.name, "Pas");
  assert.equal(composeSpec("camminare 10000 passi al giorno", { tier: "light" }).spec.name, "Passi");
  assert.equal(composeSpec("caminar 10000 pasos al día", { tier: "light" }).spec.name, "Pasos");
  assert.equal(composeSpec("10000 schritte am tag gehen", { tier: "light" }).spec.name, "Schritte");
});

Deno.test("what a warning is of names it, and a word of being due names nothing", () => {
  assert.equal(
    composeSpec("warn mich wenn mein kontostand unter 100 euro fällt", { tier: "light" }).spec.name,
    "Kontostand",
  );
  const reminder = understand("avísame cuando toque cambiar el aceite del coche").asks.find((a) =>
    a.type === "reminder"
  );
  assert.ok(reminder && !/toque/i.test(reminder.subject ?? ""));
});
