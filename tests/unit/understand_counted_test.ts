import assert from "node:assert/strict";
import { countedThing } from "../../supabase/functions/_generator/understand/counted.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

Deno.test("what a question of how many counts is the noun it governs, with its complement, in the five languages", () => {
  const phrase = (prompt: string, language: "en" | "it" | "fr" | "es" | "de") =>
    countedThing(prompt, language)?.phrase;
  assert.equal(phrase("how many mugs of tea i have each day", "en"), "mugs of tea");
  assert.equal(phrase("quante tazze di tè prendo al giorno", "it"), "tazze di tè");
  assert.equal(phrase("combien de tasses de thé je prends par jour", "fr"), "tasses de thé");
  assert.equal(phrase("cuántas tazas de té tomo al día", "es"), "tazas de té");
  assert.equal(phrase("wie viele tassen ich am tag trinke", "de"), "tassen");
  // (The speaker's verb after it names nothing: "leggo", "fumo".)
  assert.equal(phrase("quanti fumetti leggo al mese", "it"), "fumetti");
  assert.equal(phrase("cuántos chicles masco por semana", "es"), "chicles");
  // Where the pronoun is left out, the speaker's verb right after the question is no noun.
  assert.equal(phrase("quanto spendo al mese", "it"), undefined);
  assert.equal(phrase("how much i spend a month", "en"), undefined);
  // A count of times counts the doings, and a noun nobody does anything to is a field's question.
  assert.equal(phrase("how many times i swim a week", "en"), undefined);
  assert.equal(phrase("log my dinners and how many calories, with the total", "en"), undefined);
});

Deno.test("the thing counted names the figure, the log and the goal of its sentence; the goal counts it", () => {
  const asks = (prompt: string) => understand(prompt).asks;
  const goal = asks("how many mugs of tea i have each day, goal 4").find((a) => a.type === "goal");
  assert.equal(goal?.subject, "mugs of tea");
  assert.equal(goal?.counts, "mugs of tea");
  const ziel = asks("wie viele tassen ich am tag trinke, ziel 5").find((a) => a.type === "goal");
  assert.equal(ziel?.counts, "tassen");
  const figure = asks("cuántas tazas de té tomo al día, meta 3").find((a) => a.type === "aggregate");
  assert.equal(figure?.subject, "tazas de té");
  // A goal that writes a unit is of that unit, no count.
  const litres = asks("quanto latte bevo al giorno, obiettivo 1 litro").find((a) => a.type === "goal");
  assert.equal(litres?.counts, undefined);
});
