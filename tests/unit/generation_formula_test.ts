import assert from "node:assert/strict";
import { computed, withComputed } from "../../supabase/functions/_generator/template/src/lib/formula.ts";
import { AppSpecSchema } from "../../supabase/functions/_generator/spec-schema.ts";
import { everyBlockSpec } from "../../eval/app-set/build.ts";

Deno.test("a computed field works out its record's numbers, and shows nothing without them", () => {
  const record = { id: "1", sold: 30, paid: 12.5, km: 8, minutes: 44, litres: 0, note: "" };
  assert.equal(computed({ op: "difference", of: ["sold", "paid"] }, record), 17.5);
  assert.equal(computed({ op: "sum", of: ["sold", "paid"] }, record), 42.5);
  assert.equal(computed({ op: "product", of: ["km", 0.3] }, record), 2.4);
  assert.equal(computed({ op: "ratio", of: ["minutes", "km"] }, record), 5.5);
  assert.equal(computed({ op: "percent", of: ["paid", "sold"] }, record), 41.67);
  // A zero or missing divisor, or an empty operand, is no value: never NaN or Infinity.
  assert.equal(computed({ op: "ratio", of: ["sold", "litres"] }, record), undefined);
  assert.equal(computed({ op: "percent", of: ["sold", "nothing"] }, record), undefined);
  assert.equal(computed({ op: "difference", of: ["note", "paid"] }, record), undefined);
  const fields = [{ key: "sold" }, {
    key: "profit",
    formula: { op: "difference" as const, of: ["sold", "paid"] as [string, string] },
  }];
  assert.deepEqual(withComputed(fields, { id: "2", sold: 10, paid: 4 }), {
    id: "2",
    sold: 10,
    paid: 4,
    profit: 6,
  });
  assert.deepEqual(withComputed(fields, { id: "3", sold: 10 }), { id: "3", sold: 10, profit: "" });
});

Deno.test("the schema refuses a computed field that names no typed number of its record", () => {
  const spec = everyBlockSpec();
  const refused = (of: [string | number, string | number]) => {
    const copy = structuredClone(spec);
    const entity = copy.entities.find((e) => e.fields.some((f) => f.formula))!;
    entity.fields.find((f) => f.formula)!.formula!.of = of;
    const parsed = AppSpecSchema.safeParse(copy);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };
  assert.deepEqual(refused(["preis", 2]), []);
  assert.deepEqual(refused(["preis", "name"]), ["names name, which is no typed number of produkt"]);
  assert.deepEqual(refused(["preis", "gewinn"]), ["names gewinn, which is no typed number of produkt"]);
  assert.deepEqual(refused(["preis", "nichts"]), ["names nichts, which is no typed number of produkt"]);
});
