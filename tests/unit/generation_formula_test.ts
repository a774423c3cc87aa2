import assert from "node:assert/strict";
import { computed, withComputed } from "../../supabase/functions/_generator/template/src/lib/formula.ts";
import { changeSpec, composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
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

/** The computed fields of an app, as "Label = op(labels or constants)". */
function computedOf(prompt: string): string[] {
  const made = composeSpec(prompt, { tier: "light" });
  assert.ok(!made.spec.screens.some((s) => s.block === "calculator"), `no calculator screen: ${prompt}`);
  return made.spec.entities.flatMap((e) =>
    e.fields.flatMap((f) =>
      f.formula
        ? [
          `${f.label} = ${f.formula.op}(${
            f.formula.of.map((o) => typeof o === "number" ? o : e.fields.find((g) => g.key === o)!.label)
              .join(", ")
          })`,
        ]
        : []
    )
  );
}

Deno.test("a figure of the records' own numbers is a computed field of theirs, never a calculator", () => {
  assert.deepEqual(computedOf("le mie torte con costo degli ingredienti e prezzo di vendita, e il margine"), [
    "Margine = difference(Prezzo di vendita, Costo degli ingredienti)",
  ]);
  assert.deepEqual(computedOf("bois de chauffage : poids et prix de chaque livraison, le prix au kilo"), [
    "Prix au kilo = ratio(Prix de livraison, Poids)",
  ]);
  assert.deepEqual(computedOf("salidas en bici con distancia y tiempo, y el ritmo"), [
    "Ritmo = ratio(Tiempo, Distancia)",
  ]);
  // Durations are kept in minutes: a rate per hour on one is a sixtieth of it a minute.
  const [pay] = computedOf("Babysitting: Datum und Dauer, Lohn = Dauer x 12 €");
  assert.match(pay, /^Lohn = product\(Dauer, 0\.2\)$/);
});

Deno.test("a figure whose numbers the records do not keep is unmet, and builds nothing", () => {
  const made = composeSpec("my poems and the profit I paid for", { tier: "light" });
  assert.ok(made.unmet.some((u) => u.startsWith("profit")), made.unmet.join("; "));
  assert.ok(!made.spec.screens.some((s) => s.block === "calculator"));
});

Deno.test("a field a computed field works out from stays when a follow-up removes it", () => {
  const made = composeSpec("le mie torte con costo degli ingredienti e prezzo di vendita, e il margine", {
    tier: "light",
  });
  const changed = changeSpec(made.spec, "togli il campo costo degli ingredienti");
  const fields = changed.spec.entities.flatMap((e) => e.fields.map((f) => f.label));
  assert.ok(fields.includes("Costo degli ingredienti") && fields.includes("Margine"), fields.join(", "));
  assert.ok(AppSpecSchema.safeParse(changed.spec).success);
});

Deno.test("a unit written with its accent is a unit: the price per kilometre after an article is worked out", () => {
  const formulas = (prompt: string) =>
    composeSpec(prompt, { tier: "light" }).spec.entities.flatMap((e) =>
      e.fields.flatMap((f) => f.formula ?? [])
    );
  const [per] = formulas("carreras de taxi: fecha, distancia, precio, y quiero ver el precio el kilómetro");
  assert.equal(per?.op, "ratio");
  assert.equal(per?.of[0], "precio");
});
