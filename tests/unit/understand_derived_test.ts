import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

// An ask for a thing made from what an earlier ask keeps, the words of "from it" inside it, before or after it.
const DERIVED: [string, string][] = [
  ["a planner of my lunches for the week and a shopping list from it", "shopping list"],
  ["menu settimanale delle cene e da lì la lista della spesa", "lista della spesa"],
  ["un planning des dîners de la semaine et la liste de courses qui va avec", "liste de courses"],
  ["un menú semanal de cenas y que me saque la lista de la compra", "lista de la compra"],
  ["einen Wochenplan für die Mittagessen und daraus eine Einkaufsliste", "Einkaufsliste"],
];

Deno.test("an ask made from an earlier one's records is derived, and the concept it alone names comes last", () => {
  for (const [prompt, list] of DERIVED) {
    const u = understand(prompt);
    const derived = u.asks.filter((a) => a.derived);
    assert.equal(derived.length, 1, prompt);
    assert.ok(derived[0].quote.includes(list), `${prompt}: ${derived[0].quote}`);
    const shopping = u.concepts.find((c) => c.id === "shopping-item");
    assert.ok(shopping?.side, prompt);
    assert.ok(u.concepts.at(-1)?.side, prompt);
  }
  // Nothing before it to be made from: the list is the request.
  assert.ok(understand("a shopping list, and the recipes from it").asks.every((a) => !a.derived));
  assert.ok(!understand("a shopping list from the fridge").asks.some((a) => a.derived));
});

Deno.test("the app made from a request and a list derived from it is the request's, the list a part of it", () => {
  for (const [prompt] of DERIVED) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.ok(!/shopping|spesa|courses|compra|einkauf/i.test(spec.name), `${prompt}: ${spec.name}`);
    assert.notEqual(spec.entities[0].key, "shoppingItem", prompt);
    assert.ok(spec.entities.some((e) => e.key === "shoppingItem"), prompt);
  }
});
