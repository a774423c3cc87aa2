// A log asked for several figures charts each of them: a count, or a total or an average of a field, each over
// its own period, rather than the first built and the others listed unmet.
import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { AppSpecSchema } from "../../supabase/functions/_generator/spec-schema.ts";
import type { AppSpec, Figure } from "../../supabase/functions/_generator/template/src/types.ts";

const figuresOf = (prompt: string) => {
  const { spec, unmet } = composeSpec(prompt, { tier: "light" });
  assert.deepEqual(AppSpecSchema.safeParse(spec).error?.issues ?? [], [], prompt);
  assert.deepEqual(unmet, [], prompt);
  const log = spec.screens.find((screen) => screen.block === "log");
  assert.ok(log, prompt);
  // The first figure is also the single one the log's own options state, for what reads only those.
  assert.equal(log.options.aggregate, log.options.figures?.[0].aggregate, prompt);
  assert.equal(log.options.period, log.options.figures?.[0].period, prompt);
  return (log.options.figures ?? []).map(({ aggregate, field, period }: Figure) =>
    [aggregate, field ?? "", period ?? ""].join(" ")
  );
};

Deno.test("a log asked for two figures charts both, in every language", () => {
  assert.deepEqual(figuresOf("A log of my tips: the total per week and the average per month"), [
    "total amount week",
    "average amount month",
  ]);
  assert.deepEqual(figuresOf("registro delle spese: la media al mese e il totale dell'anno"), [
    "average amount month",
    "total amount year",
  ]);
  assert.deepEqual(
    figuresOf(
      "journal de mes séances de natation : la distance totale par semaine et le nombre de séances par mois",
    ),
    ["total duration week", "count  month"],
  );
  assert.deepEqual(figuresOf("registro de gastos: el total por semana y el promedio al mes"), [
    "total amount week",
    "average amount month",
  ]);
  assert.deepEqual(figuresOf("Kassenbuch vom Flohmarkt: die Summe pro Woche und die Anzahl pro Monat"), [
    "total total week",
    "count  month",
  ]);
});

Deno.test("a log asked for three figures charts the three", () => {
  const three = ["total amount month", "average amount week", "count  year"];
  assert.deepEqual(
    figuresOf("Expense log: the total per month, the average per week and the count per year"),
    three,
  );
  assert.deepEqual(
    figuresOf("journal des dépenses : le total par mois, la moyenne par semaine et combien par an"),
    three,
  );
  assert.deepEqual(
    figuresOf("Ausgabenbuch: die Summe pro Monat, der Durchschnitt pro Woche und die Anzahl pro Jahr"),
    three,
  );
  assert.deepEqual(
    figuresOf("A walking log: the total steps per week, the average per month and how many walks per year"),
    ["total stepsPerWeek week", "average stepsPerWeek month", "count  year"],
  );
});

Deno.test("a log asked for one figure keeps it in its own options, with no list", () => {
  const { spec } = composeSpec("a log of my naps with the average per week", { tier: "light" });
  const log = spec.screens.find((screen) => screen.block === "log")!;
  assert.equal(log.options.aggregate, "average");
  assert.equal(log.options.period, "week");
  assert.equal(log.options.figures, undefined);
});

Deno.test("a log's figures are fields of its entity that hold numbers", () => {
  const { spec } = composeSpec(
    "Expense log: the total per month, the average per week and the count per year",
    {
      tier: "light",
    },
  );
  const broken = structuredClone(spec) as AppSpec;
  const index = broken.screens.findIndex((screen) => screen.block === "log");
  const entity = broken.entities.find((e) => e.key === broken.screens[index].entity)!;
  const text = entity.fields.find((field) => field.type === "text")!;
  broken.screens[index].options.figures![1].field = text.key;
  assert.deepEqual(
    AppSpecSchema.safeParse(broken).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    [`screens.${index}.options.figures.1.field: names ${text.key}, which is no number of ${entity.key}`],
  );
  // A model's list with no figure is refused; its single-figure options alone are read as before.
  broken.screens[index].options.figures = [];
  assert.equal(AppSpecSchema.safeParse(broken).success, false);
  delete broken.screens[index].options.figures;
  assert.equal(AppSpecSchema.safeParse(broken).success, true);
});

Deno.test("a ranking is a figure of the log per what it ranks, highest first, in the five languages", () => {
  for (
    const [prompt, by, period] of [
      ["log my sales and see which product sells most", "Product", undefined],
      ["which of my kids did the most chores this week?", "Who", "week"],
      ["registro delle pulizie: chi ha pulito di più questo mese", "Chi", "month"],
      ["journal de mes sorties vélo et quel parcours je fais le plus", "Parcours", undefined],
      ["registro de ventas y cuál producto se vende más", "Producto", undefined],
      ["Putzprotokoll: wer hat diese Woche am meisten geputzt", "Person", "week"],
    ] as const
  ) {
    const made = composeSpec(prompt, { tier: "light" });
    assert.deepEqual(AppSpecSchema.safeParse(made.spec).error?.issues ?? [], [], prompt);
    assert.deepEqual(made.asks.filter((a) => a.type === "aggregate").map((a) => a.built), [true], prompt);
    const log = made.spec.screens.find((s) => s.block === "log");
    const ranking = log?.options.figures?.find((f) => f.by);
    assert.ok(ranking, prompt);
    const entity = made.spec.entities.find((e) => e.key === log!.entity)!;
    assert.equal(entity.fields.find((f) => f.key === ranking.by)?.label, by, prompt);
    assert.equal(ranking.period, period, prompt);
  }
  // Records kept as a list and ranked as what they are are sorted by their number, highest first.
  const wines = composeSpec("my wine collection with ratings and which bottle i liked best", {
    tier: "light",
  });
  assert.deepEqual(wines.spec.screens.map((s) => [s.block, s.options.sortField]), [["collection", "rating"]]);
});

Deno.test("a log's figure broken down is charted per the field's values, in the five languages", () => {
  for (
    const [prompt, aggregate, by] of [
      ["garden harvest log: what veg, weight in kg. total kg per vegetable", "total", "Vegetable"],
      ["registro delle ore di lavoro, totale ore per cliente", "total", "Cliente"],
      ["journal de mes sorties pêche : nombre de poissons par lac", "count", "Lac"],
      ["registro de mis carreras, y la media de km por zapatilla", "average", "Zapatilla"],
      ["Stunden pro Baustelle erfassen, Summe pro Baustelle", "total", "Baustelle"],
    ] as const
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.deepEqual(AppSpecSchema.safeParse(spec).error?.issues ?? [], [], prompt);
    const log = spec.screens.find((s) => s.block === "log");
    const figure = log?.options.figures?.find((f) => f.by);
    assert.ok(figure, prompt);
    assert.equal(figure.aggregate, aggregate, prompt);
    const entity = spec.entities.find((e) => e.key === log!.entity)!;
    assert.equal(entity.fields.find((f) => f.key === figure.by)?.label, by, prompt);
  }
});
