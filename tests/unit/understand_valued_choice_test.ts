import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

/** The options of every choice a prompt asks for, and the types of all its asks. */
const read = (prompt: string) => {
  const { asks } = understand(prompt);
  return {
    options: asks.filter((a) => a.type === "choice").map((a) => a.fields.flatMap((f) => f.options ?? [])),
    types: asks.map((a) => a.type),
  };
};

Deno.test("values listed each with its own amount are a choice of the values, the timer or prices kept", () => {
  const cases: [string, string[], string][] = [
    ["bread timer, light crust 30 min, dark crust 40 min", ["light crust", "dark crust"], "timer"],
    ["sauna timer: finnish 12 min, bio 20 min, steam 15 min", ["finnish", "bio", "steam"], "timer"],
    ["timer del riso, basmati 10 min, integrale 30 min", ["basmati", "integrale"], "timer"],
    ["temporizador de lentejas, rojas 15 min o pardinas 40 min", ["rojas", "pardinas"], "timer"],
    ["Kaffeestand, klein 2 €, mittel 2,50 € und groß 3 €", ["klein", "mittel", "groß"], "catalog"],
  ];
  for (const [prompt, options, kept] of cases) {
    const got = read(prompt);
    assert.deepEqual(got.options, [options], prompt);
    assert.ok(got.types.includes(kept as never), prompt);
  }
});

Deno.test("amounts with no value of their own, or values said once, offer no choice", () => {
  for (
    const prompt of [
      "interval timer: 30 sec, 45 sec, 60 sec",
      "a list of my coffees with price, espresso 2 €",
      "budget 300 €, then 200 € for food",
    ]
  ) {
    assert.deepEqual(read(prompt).options, [], prompt);
  }
});

Deno.test("amounts of one kind offered as alternatives are a choice of them", () => {
  const cases: [string, string[]][] = [
    ["my houseplants, watered every week or every 10 days", ["every week", "every 10 days"]],
    ["le mie lezioni di nuoto, da 30 min, 45 min o 60 min", ["30 min", "45 min", "60 min"]],
    ["mes clients avec la fréquence (chaque semaine, chaque mois)", ["chaque semaine", "chaque mois"]],
    ["registro de paseos del perro, 20 min o 40 min", ["20 min", "40 min"]],
    ["Kunden mit Intervall wöchentlich oder monatlich", ["wöchentlich", "monatlich"]],
  ];
  for (const [prompt, options] of cases) assert.deepEqual(read(prompt).options, [options], prompt);
  // (Amounts joined by "and" are both, no alternatives: "between 2 and 5 °C".)
  assert.deepEqual(read("fridge log, between 2 °C and 5 °C").options, [], "and");
});
