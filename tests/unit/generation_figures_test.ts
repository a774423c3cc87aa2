// A log asked for several figures charts each of them: a count, or a total, an average, a highest or a lowest
// of a field, each over its own period, rather than the first built and the others listed unmet.
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
    ["total distance week", "count  month"],
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
    ["total steps week", "average steps month", "count  year"],
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
      // (The kids are records of their own, whom the chores name by their noun.)
      ["which of my kids did the most chores this week?", "Kid", "week"],
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

/** The one figure of a prompt's log, with the label of the field it is of. */
const figureOf = (prompt: string) => {
  const { spec } = composeSpec(prompt, { tier: "light" });
  assert.deepEqual(AppSpecSchema.safeParse(spec).error?.issues ?? [], [], prompt);
  const log = spec.screens.find((screen) => screen.block === "log");
  assert.ok(log, prompt);
  const { aggregate, period } = log.options;
  const key = log.options.amountField ?? log.options.durationField;
  const field = spec.entities.find((e) => e.key === log.entity)?.fields.find((f) => f.key === key);
  return [aggregate, field?.label ?? "", period ?? ""].join(" ");
};

Deno.test("a personal best is the highest value of the field, or the lowest of a time, in every language", () => {
  for (
    const [prompt, figure] of [
      ["track my deadlifts with kg and show my personal best", "max Weight "],
      ["log my swims with the minutes and my personal best", "min Time "],
      ["segno i lanci con i metri e il mio record", "max Metri "],
      ["je note mes sauts avec les mètres et mon record", "max Mètres "],
      ["registro mis lanzamientos con los metros y mi récord", "max Metros "],
      ["anoto mis carreras de 10k con los minutos y mi mejor tiempo", "min Tiempo "],
      ["Würfe eintragen mit Metern und mein Rekord", "max Metern "],
      ["Läufe eintragen mit Minuten und meine Bestzeit", "min Zeit "],
      ["Kniebeugen eintragen mit Kilo und meine Bestleistung", "max Gewicht "],
    ] as const
  ) assert.equal(figureOf(prompt), figure, prompt);
});

Deno.test("the longest is the highest value of the field its unit names", () => {
  for (
    const [prompt, figure] of [
      ["hikes with km, show me the longest hike in km", "max Distance "],
      ["segno le uscite in bici con i km e la più lunga in km", "max Distanza "],
      ["sorties à vélo avec les km, la plus longue en km", "max Distance "],
      ["mis rutas en bici con km y la más larga en km", "max Distancia "],
    ] as const
  ) assert.equal(figureOf(prompt), figure, prompt);
});

Deno.test("an average or a total is of the field its unit or its name ties to it, in every language", () => {
  for (
    const [prompt, figure] of [
      ["rides with minutes and km, and the average km per week", "average Km week"],
      ["giri in bici con minuti e km, e la media dei km al mese", "average Distanza month"],
      ["sorties vélo avec minutes et km, la moyenne des km par mois", "average Distance month"],
      ["paseos en bici con minutos y km, y el promedio de km por semana", "average Km week"],
      ["Radtouren mit Minuten und km, und den Durchschnitt km pro Woche", "average Strecke week"],
      ["la distanza totale delle mie corse al mese", "total Distanza month"],
      // (A price named by its unit is no sum paid.)
      ["rifornimenti con litri e euro, totale euro al mese", "total Totale month"],
    ] as const
  ) assert.equal(figureOf(prompt), figure, prompt);
});
