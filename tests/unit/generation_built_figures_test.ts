// The figures a prompt asks (a total, an average, a count, a best, per period or per what they are broken down
// by) are built on the right field of the records: a duration where the records are named by hours, the money
// paid rather than a price per unit, the persons or things a figure is per, each figure of a sentence of its
// own, and a best or a figure named after its noun no field of each record.
import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { AppSpecSchema } from "../../supabase/functions/_generator/spec-schema.ts";
import type { AppSpec, Figure } from "../../supabase/functions/_generator/template/src/types.ts";

const specOf = (prompt: string): AppSpec => {
  const { spec } = composeSpec(prompt, { tier: "light" });
  assert.deepEqual(AppSpecSchema.safeParse(spec).error?.issues ?? [], [], prompt);
  return spec;
};

/** Each figure of the app's log: what it computes, of which field's type, over which period, per which field. */
const figuresOf = (prompt: string) => {
  const spec = specOf(prompt);
  const log = spec.screens.find((screen) => screen.block === "log");
  assert.ok(log, prompt);
  const entity = spec.entities.find((e) => e.key === log.entity)!;
  const type = (key?: string) => entity.fields.find((f) => f.key === key)?.type ?? "";
  const figures: Figure[] = log.options.figures ??
    [{
      aggregate: log.options.aggregate!,
      field: log.options.aggregate === "count"
        ? undefined
        : log.options.amountField ?? log.options.durationField,
      period: log.options.period,
    }];
  return figures.map((f) =>
    [f.aggregate, type(f.field), f.period ?? "", f.by ? type(f.by) : ""].join(" ").trim()
  );
};

const fieldsOf = (prompt: string) => specOf(prompt).entities.flatMap((e) => e.fields.map((f) => f.key));

Deno.test("a figure of records named by hours adds up a duration, in every language", () => {
  assert.deepEqual(figuresOf("segno le ore di straordinario e voglio il totale al mese"), [
    "total duration month",
  ]);
  assert.deepEqual(
    figuresOf("quiero apuntar las horas que dedico a cada proyecto y ver el total por proyecto"),
    [
      "total duration",
      "total duration  choice",
    ],
  );
  const amount = understand("je note mes heures de ménage et je veux le total par semaine").asks
    .find((a) => a.type === "aggregate")?.amount;
  assert.equal(amount?.type, "duration");
});

Deno.test("a word of breakdown after a figure says what it is per, never what it adds up", () => {
  for (
    const prompt of [
      "fuel log, total per station",
      "giri in bici: km percorsi ogni mese e la media per uscita",
      "mis horas de estudio y el total por asignatura",
    ]
  ) {
    const figure = understand(prompt).asks.find((a) => a.type === "aggregate");
    assert.ok(figure, prompt);
    assert.equal(figure.amount?.name, undefined, prompt);
  }
});

Deno.test("a figure is per the persons it names, where no board or split shares the records", () => {
  assert.deepEqual(
    figuresOf(
      "I freelance for a few clients and want to log my hours for each one, then see total hours per client at the end of the month",
    ),
    ["total duration month", "total duration month text"],
  );
  assert.deepEqual(
    figuresOf(
      "je fais du baby-sitting pour plusieurs familles, je note mes heures et je veux le total d'heures par famille",
    ),
    ["total duration", "total duration  choice"],
  );
  const asks =
    understand("ich arbeite für mehrere Kunden, notiere meine Stunden und will die Summe pro Kunde").asks;
  assert.equal(asks.find((a) => a.type === "aggregate")?.per, "Kunde");
  assert.ok(!asks.some((a) => a.type === "categories"));
});

Deno.test("money spent in all is added up, not a price per unit", () => {
  const [figure] = figuresOf("quanto ho speso di benzina quest'anno");
  assert.equal(figure, "total money year");
  const spec = specOf("quanto ho speso di benzina quest'anno");
  const log = spec.screens.find((s) => s.block === "log")!;
  assert.notEqual(log.options.amountField, "pricePerLitre");
});

Deno.test("a figure after a period that follows a mark or 'and' is one of its own", () => {
  const figures = understand(
    "Le jeudi je veux le nombre de paniers de chaque taille, et à la fin du mois le chiffre d'affaires.",
  ).asks.filter((a) => a.type === "aggregate");
  assert.equal(figures.length, 2);
  assert.equal(figures[1].computes, "total");
  assert.equal(figures[1].quantities[0]?.kind === "period" && figures[1].quantities[0].period, "month");
});

Deno.test("a best, and a figure named after its noun, are no fields of each record", () => {
  assert.deepEqual(
    figuresOf("suivi de mes séances de natation avec la distance totale par semaine et ma meilleure séance"),
    [
      "total number week",
      "max number week",
    ],
  );
  assert.ok(
    !fieldsOf("suivi de mes séances de natation avec la distance totale par semaine et ma meilleure séance")
      .some((k) => /semaine|meilleure/i.test(k)),
  );
  assert.deepEqual(figuresOf("registro de pesca: el peso de cada pez, el más grande y el total del año"), [
    "max number",
    "total number year",
  ]);
  assert.ok(
    !fieldsOf("registro de pesca: el peso de cada pez, el más grande y el total del año").includes("grande"),
  );
  const running = understand("my expenses with a running total").asks;
  assert.ok(running.some((a) => a.type === "aggregate" && a.computes === "total"));
  assert.ok(!running.some((a) => a.fields.some((f) => /running/.test(f.name))));
});

Deno.test("a superlative is a figure only as a superlative: a comparative asks none", () => {
  for (const prompt of ["plus gros svp", "testo più grande per favore", "letra más grande por favor"]) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "aggregate"), prompt);
  }
  for (
    const prompt of ["mis capturas con el peso y la más grande", "meine Fänge mit Gewicht und der größte"]
  ) {
    assert.ok(understand(prompt).asks.some((a) => a.type === "aggregate" && a.computes === "max"), prompt);
  }
});
