import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const items = (prompt: string) =>
  understand(prompt).asks.find((a) => a.type === "catalog")?.items?.map((i) => [i.name, i.price]);

Deno.test("things listed each with its price are the catalog's items, in every language", () => {
  for (
    const [prompt, expected] of [
      ["snack bar: hot dog $4, nachos $5.50, soda $2", [["hot dog", 4], ["nachos", 5.5], ["soda", 2]]],
      ["chiosco in spiaggia: granita 3 €, tramezzino 4,50 €, acqua 1 €", [
        ["granita", 3],
        ["tramezzino", 4.5],
        [
          "acqua",
          1,
        ],
      ]],
      ["buvette du club : sandwich 4 €, part de gâteau 2,50 €, café 1 €", [["sandwich", 4], [
        "part de gâteau",
        2.5,
      ], [
        "café",
        1,
      ]]],
      ["bocadillos: tortilla 3,50 €, calamares 4 € y lomo con queso 4,50 €", [["tortilla", 3.5], [
        "calamares",
        4,
      ], [
        "lomo con queso",
        4.5,
      ]]],
      ["Waffelstand: Waffel mit Zucker 2 €, Waffel mit Kirschen 3 €", [["Waffel mit Zucker", 2], [
        "Waffel mit Kirschen",
        3,
      ]]],
    ] as const
  ) assert.deepEqual(items(prompt), expected, prompt);
});

Deno.test("a bare number among priced items takes the list's price, a number inside an item is its name", () => {
  assert.deepEqual(items("torrone 12 euro, panettone 9,50, pandoro 8"), [
    ["torrone", 12],
    ["panettone", 9.5],
    [
      "pandoro",
      8,
    ],
  ]);
  assert.deepEqual(items("abonnements : mois 30 €, carte 5 entrées 40 €"), [["mois", 30], [
    "carte 5 entrées",
    40,
  ]]);
});

Deno.test("a priced item's words are no field of any list", () => {
  const u = understand(
    "vendo marmellate: fichi 6 euro, more 5 euro. voglio segnare gli ordini con cliente e data",
  );
  // (What a record picks among them stays a choice of the things listed.)
  const fields = u.asks.flatMap((a) => a.fields.filter((f) => f.type !== "choice").map((f) => f.name));
  assert.ok(!fields.some((f) => /fichi|more/.test(f)), JSON.stringify(fields));
});

Deno.test("amounts over a period, the costs of a log's categories and a field's bracketed values are no price list", () => {
  for (
    const prompt of [
      "monthly limits: rent $900, food $300",
      "Limites par semaine : sorties 50 €, courses 80 €",
      "i costi del trasloco (furgone 120 €, scatole 30 €, pizza)",
      "bookings with guest, nights and the rate (garden room $90, loft $120)",
    ]
  ) {
    assert.equal(items(prompt), undefined, prompt);
  }
});

Deno.test("a catalog shows the listed things with their prices, every one, on records of its own", () => {
  const spec = composeSpec(
    "Bike hire prices: 1 hour $8, half day $20, full day $35, helmet $3. Log each hire with the customer and whether the bike came back",
    { tier: "light" },
  ).spec;
  const catalog = spec.screens.find((s) => s.block === "catalog");
  const entity = spec.entities.find((e) => e.key === catalog?.entity)!;
  const price = entity.fields.find((f) => f.type === "money")!;
  assert.deepEqual(entity.samples.map((r) => r[price.key]), [8, 20, 35, 3]);
  assert.deepEqual(entity.samples.map((r) => r.name), ["1 hour", "Half day", "Full day", "Helmet"]);
  // The hires are kept apart from what they cost.
  assert.ok(spec.entities.some((e) => e !== entity && e.fields.some((f) => f.type === "check")));
});
