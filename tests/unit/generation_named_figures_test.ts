// A figure named by its noun or asked by a verb of computing is built on the records' screens: a total of
// their amount, a count of them, a ranking per person, over the period stated.
import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import type { Figure } from "../../supabase/functions/_generator/template/src/types.ts";

const figures = (prompt: string) => {
  const { spec } = composeSpec(prompt, { tier: "light" });
  const log = spec.screens.find((screen) => screen.block === "log");
  assert.ok(log, prompt);
  const entity = spec.entities.find((e) => e.key === log.entity)!;
  const type = (key?: string) => entity.fields.find((f) => f.key === key)?.type ?? "";
  const { aggregate = "count", period = "day", amountField, durationField } = log.options;
  return (log.options.figures ?? [{ aggregate, period, field: amountField ?? durationField }]).map((
    f: Figure,
  ) => [f.aggregate, f.aggregate === "count" ? "" : type(f.field), f.by ? "by" : f.period ?? ""].join(" "));
};

Deno.test("a total named by its noun adds up the records' money over its period", () => {
  assert.deepEqual(figures("log my babysitting jobs with the pay and show the earnings per month"), [
    "total money month",
  ]);
  assert.deepEqual(figures("registro delle vendite al mercato con il prezzo e l'incasso di ogni settimana"), [
    "total money week",
  ]);
  assert.deepEqual(
    figures("je note mes ventes de confitures avec le prix, et le chiffre d'affaires par mois"),
    [
      "total money month",
    ],
  );
  assert.deepEqual(figures("apunto las ventas de la feria con el precio y la recaudación por día"), [
    "total money day",
  ]);
  assert.deepEqual(figures("Verkäufe am Marktstand mit Preis eintragen, dazu den Umsatz pro Woche"), [
    "total money week",
  ]);
});

Deno.test("a verb of adding up adds up the duration it names, one of counting counts", () => {
  assert.deepEqual(figures("je veux additionner mes heures de garde chaque mois"), ["total duration month"]);
  assert.deepEqual(figures("contar mis clases de yoga por semana"), ["count  week"]);
});

Deno.test("a ranking's noun ranks the records per person", () => {
  assert.deepEqual(figures("bowling nights with my cousins and a leaderboard"), ["count  ", "count  by"]);
  assert.deepEqual(figures("partite di bocce tra amici e la classifica"), ["count  ", "count  by"]);
});

Deno.test("a count of records kept as a list is the share their tick marks, else their log per period", () => {
  for (
    const prompt of [
      "my job applications with company and replied yes/no, and my success rate",
      "mes candidatures avec l'entreprise et réponse oui/non, et mon taux de réponse",
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    const list = spec.screens.find((s) => s.options.countField);
    assert.ok(list, prompt);
    const entity = spec.entities.find((e) => e.key === list.entity)!;
    assert.equal(entity.fields.find((f) => f.key === list.options.countField)?.type, "check", prompt);
  }
  assert.deepEqual(figures("a list of the museums we visit and count them per year"), ["count  year"]);
});
