import assert from "node:assert/strict";
import { changeSpec, composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const goalOf = (prompt: string) => {
  const { spec } = composeSpec(prompt, { tier: "light" });
  return { spec, goal: spec.screens.find((s) => s.block === "goal")?.options };
};

Deno.test("what a question of how many counts names the app, not the speaker's verb after it", () => {
  assert.equal(
    composeSpec("quante sigarette fumo al giorno, massimo 6", { tier: "light" }).spec.name,
    "Sigarette",
  );
  assert.equal(
    composeSpec("cuántos cigarrillos fumo al día, máximo 6", { tier: "light" }).spec.name,
    "Cigarrillos",
  );
  assert.equal(
    composeSpec("combien de tasses de thé je bois par jour", { tier: "light" }).spec.name,
    "Tasses de thé",
  );
  assert.equal(
    composeSpec("wie viele zigaretten ich am tag rauche, ziel 4", { tier: "light" }).spec.name,
    "Zigaretten",
  );
  assert.equal(
    composeSpec("how many cans of soda i drink a week, max 5", { tier: "light" }).spec.name,
    "Cans of Soda",
  );
});

Deno.test("a goal said after a question of how many counts the thing it counts", () => {
  // (The amount the figure adds up, with its unit, and not a concept's own: glasses, not ml.)
  const glasses = goalOf("quanti bicchieri d'acqua bevo al giorno, obiettivo 7");
  assert.equal(glasses.goal?.goal, 7);
  assert.equal(glasses.goal?.unit, "bicchieri");
  const pages = goalOf("how many pages i read a day, target 25");
  assert.equal(pages.goal?.amountField, "pages");
  // (A noun no figure adds up is the records themselves: the goal counts them.)
  const books = goalOf("combien de livres je lis par an, objectif 12");
  assert.equal(books.goal?.goal, 12);
  assert.equal(books.goal?.amountField, undefined);
});

Deno.test("a unit the app shows as a word is written in the app's language, a translated app's too", () => {
  const pages = goalOf("quante pagine leggo al giorno, obiettivo 30");
  assert.equal(pages.goal?.unit, "pagine");
  assert.match(pages.spec.description, /30 pagine\/giorno/);
  assert.equal(goalOf("wie viele Seiten lese ich pro Tag, Ziel 30").goal?.unit, "Seiten");
  assert.equal(goalOf("how many glasses of water i drink a day, goal 8").goal?.unit, "glasses");
  // (A symbol is the same in every language.)
  assert.equal(goalOf("bevo 2 litri d'acqua al giorno, obiettivo 2 l").goal?.unit, "l");
  const english = composeSpec("log my pushups, goal 100 reps a day", { tier: "light" }).spec;
  const german = changeSpec(english, "auf Deutsch bitte").spec;
  const units = (spec: typeof english) => spec.screens.flatMap((s) => s.options.unit ?? []);
  assert.deepEqual(units(english), ["reps", "reps"]);
  assert.deepEqual(units(german), ["Wiederholungen", "Wiederholungen"]);
  assert.match(german.description, /100 Wiederholungen\/Tag/);
});

Deno.test("a concept's samples are counted in the unit the prompt states, where the two are of one dimension", () => {
  const amounts = (prompt: string) => {
    const { spec, goal } = goalOf(prompt);
    const records = spec.entities.find((e) => e.key === spec.screens.find((s) => s.block === "goal")?.entity);
    return { goal, values: records?.samples.map((r) => r[goal!.amountField!]) };
  };
  // (Drinks are sampled in ml: 250 ml is 0.25 l, and one glass.)
  const litres = amounts("water intake 2 litres a day");
  assert.equal(litres.goal?.unit, "l");
  assert.ok(
    litres.values?.includes(0.25) && litres.values.every((v) => Number(v) < 1),
    String(litres.values),
  );
  const glasses = amounts("bere 8 bicchieri d'acqua al giorno");
  assert.equal(glasses.goal?.unit, "bicchieri");
  assert.ok(
    glasses.values?.includes(1) && glasses.values.every((v) => Number(v) < 3),
    String(glasses.values),
  );
  // (Runs are sampled in km: 10.2 km is 6.34 miles.)
  const miles = amounts("log my runs, goal 20 miles a week");
  assert.equal(miles.goal?.unit, "mi");
  assert.ok(miles.values?.every((v) => typeof v === "number" && v < 15), String(miles.values));
});
