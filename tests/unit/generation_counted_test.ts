import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

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
  assert.equal(glasses.goal?.unit, "glass");
  const pages = goalOf("how many pages i read a day, target 25");
  assert.equal(pages.goal?.amountField, "pages");
  // (A noun no figure adds up is the records themselves: the goal counts them.)
  const books = goalOf("combien de livres je lis par an, objectif 12");
  assert.equal(books.goal?.goal, 12);
  assert.equal(books.goal?.amountField, undefined);
});
