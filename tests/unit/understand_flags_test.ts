import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { flagged } from "../../supabase/functions/_generator/template/src/lib/flags.ts";

const bounds = (prompt: string) => understand(prompt).asks.find((a) => a.type === "flag")?.bounds;

Deno.test("a sentence that says to mark records and states a bound asks for a flag, in the five languages", () => {
  for (
    const [prompt, expected] of [
      ["weight log, highlight days over 80 kg", { above: 80 }],
      ["diario della glicemia, evidenzia in rosso i valori sotto 70 o sopra 180", { below: 70, above: 180 }],
      ["relevés de tension : mettre en évidence ceux au-dessus de 14", { above: 14 }],
      ["control de stock, resaltar los artículos con menos de 3 unidades", { below: 3 }],
      ["Messwerte eintragen und alles außerhalb von 6 bis 8 rot markieren", { below: 6, above: 8 }],
      ["mis gastos, resaltar los mayores de 200", { above: 200 }],
    ] as const
  ) assert.deepEqual(bounds(prompt), expected, prompt);
});

Deno.test("a price with a decimal point in the sentence of marking does not end it", () => {
  for (
    const [prompt, expected] of [
      ["a list of my groceries with price, highlight anything over $2.50 in red", { above: 2.5 }],
      ["lista della spesa col prezzo, evidenzia in rosso quello che costa più di 1.80 €", { above: 1.8 }],
    ] as const
  ) {
    assert.deepEqual(bounds(prompt), expected, prompt);
    assert.ok(!understand(prompt).asks.some((a) => a.type === "theme"), prompt);
  }
});

Deno.test("a bound with no word of marking, or marking with no bound, is no flag", () => {
  for (
    const prompt of [
      "log my runs under 5 km",
      "highlight my favourite recipes",
      "tell me when I spend over $50",
    ]
  ) {
    assert.equal(bounds(prompt), undefined, prompt);
  }
});

Deno.test("the colour records are marked in is no theme, a theme said beside it still is", () => {
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  assert.ok(!types("blood sugar log, turn it red when under 4").includes("theme"));
  assert.ok(types("a purple theme, and highlight readings over 10 in red").includes("theme"));
});

Deno.test("a flag marks the records of the number its bound is said of, on their list or log", () => {
  const spec = composeSpec("plant waterings with date and amount in ml, highlight amounts above 500", {
    tier: "light",
  }).spec;
  const flagged = spec.screens.filter((s) => s.options.flags);
  assert.equal(flagged.length, 1);
  const [flag] = flagged[0].options.flags!;
  const entity = spec.entities.find((e) => e.key === flagged[0].entity)!;
  assert.equal(entity.fields.find((f) => f.key === flag.field)?.label.toLowerCase(), "amount");
  assert.equal(flag.above, 500);
});

Deno.test("the app marks a record whose number is out of its bounds, and none that is blank or within", () => {
  const flags = [{ field: "value", below: 4, above: 10 }];
  assert.ok(flagged(flags, { value: 3.2 }));
  assert.ok(flagged(flags, { value: "11" }));
  for (const value of [4, 10, 7, "", undefined, true]) assert.ok(!flagged(flags, { value }), String(value));
  assert.ok(!flagged(undefined, { value: 100 }));
});

Deno.test("a bound in money flags the records' amount of money, whatever number comes first", () => {
  const spec = composeSpec("my record collection with year and price, highlight records of more than $40", {
    tier: "light",
  }).spec;
  const screen = spec.screens.find((s) => s.options.flags)!;
  const entity = spec.entities.find((e) => e.key === screen.entity)!;
  assert.equal(entity.fields.find((f) => f.key === screen.options.flags![0].field)?.type, "money");
});
