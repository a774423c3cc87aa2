import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const catalogItems = (prompt: string) =>
  understand(prompt).asks.find((a) => a.type === "catalog")?.items?.map((i) => [i.name, i.price, i.unit]);

const fieldsOf = (prompt: string) =>
  composeSpec(prompt, { tier: "light" }).spec.entities.flatMap((e) =>
    e.fields.map((f) => ({ entity: e.label, ...f }))
  );

Deno.test("things listed each with an amount per item (mg, kcal) are a catalog's items, in every language", () => {
  for (
    const [prompt, expected] of [
      ["caffeine tracker: latte 120 mg, cold brew 200 mg, black tea 40 mg", [
        ["latte", 120, "mg"],
        ["cold brew", 200, "mg"],
        ["black tea", 40, "mg"],
      ]],
      ["contatore calorie: mela 52 kcal, pizza 800 kcal, gelato 250 kcal. segno cosa mangio", [
        ["mela", 52, "kcal"],
        ["pizza", 800, "kcal"],
        ["gelato", 250, "kcal"],
      ]],
      ["suivi caféine : expresso 63 mg, thé vert 30 mg, soda 35 mg", [
        ["expresso", 63, "mg"],
        ["thé vert", 30, "mg"],
        ["soda", 35, "mg"],
      ]],
      ["registro de calorías: arroz 200 kcal, pollo 300 kcal, ensalada 80 kcal", [
        ["arroz", 200, "kcal"],
        ["pollo", 300, "kcal"],
        ["ensalada", 80, "kcal"],
      ]],
      ["Koffein: Cappuccino 80 mg, Mate 85 mg, Grüntee 30 mg. Ich trage ein, was ich trinke", [
        ["Cappuccino", 80, "mg"],
        ["Mate", 85, "mg"],
        ["Grüntee", 30, "mg"],
      ]],
    ] as const
  ) {
    assert.deepEqual(catalogItems(prompt), expected, prompt);
  }
});

Deno.test("a list of amounts per item ends with its sentence, and doses said with their hours are no catalog", () => {
  // (The warning's 400 mg, after the period, is no item.)
  assert.deepEqual(
    catalogItems("Caffeine counter. Coffee 95 mg, tea 47 mg. Warn me over 400 mg a day.")?.map((i) => i[0]),
    ["Coffee", "tea"],
  );
  for (
    const prompt of [
      "my mum takes aspirin 100 mg at 8 and ramipril 5 mg at 20:00, remind her",
      "mio padre prende: Cardioaspirina 100 mg la mattina, Lasix 25 mg alle 8 e alle 14",
    ]
  ) {
    assert.equal(catalogItems(prompt), undefined, prompt);
  }
});

Deno.test("a catalog of amounts per item holds them in its unit, and the log beside it picks its items", () => {
  for (
    const [prompt, options] of [
      ["caffeine tracker: latte 120 mg, cold brew 200 mg, black tea 40 mg", [
        "Latte",
        "Cold brew",
        "Black tea",
      ]],
      ["suivi caféine : expresso 63 mg, thé vert 30 mg, soda 35 mg", ["Expresso", "Thé vert", "Soda"]],
      ["Koffein: Cappuccino 80 mg, Mate 85 mg, Grüntee 30 mg. Ich trage ein, was ich trinke", [
        "Cappuccino",
        "Mate",
        "Grüntee",
      ]],
    ] as const
  ) {
    const made = composeSpec(prompt, { tier: "light" });
    const catalog = made.spec.screens.find((s) => s.block === "catalog");
    assert.ok(catalog, prompt);
    assert.equal(catalog.options.unit, "mg", prompt);
    const items = made.spec.entities.find((e) => e.key === catalog.entity)!;
    assert.equal(items.samples.length, 3, prompt);
    assert.equal(items.fields.find((f) => f.key === catalog.options.amountField)?.type, "number", prompt);
    const log = made.spec.screens.find((s) => s.block === "log");
    const logged = made.spec.entities.find((e) => e.key === log?.entity)!;
    assert.deepEqual(logged.fields.find((f) => f.type === "choice")?.options, options, prompt);
  }
});

Deno.test("records the prompt names beside a price list choose the item they are of", () => {
  for (
    const [prompt, options] of [
      ["tienda de helados: cono 2 €, tarrina 3 €, batido 4 €. apuntar ventas del dia", [
        "Cono",
        "Tarrina",
        "Batido",
      ]],
      ["eisdiele preise: kugel 1,50 €, becher 5 €, waffel 3 €. verkäufe am tag erfassen", [
        "Kugel",
        "Becher",
        "Waffel",
      ]],
      ["cours de yoga: séance 12 €, carte 10 séances 100 €. suivre les élèves et les paiements", [
        "Séance",
        "Carte 10 séances",
      ]],
    ] as const
  ) {
    const made = composeSpec(prompt, { tier: "light" });
    const logs = made.spec.screens.filter((s) => s.block === "log").map((s) => s.entity);
    const chosen = made.spec.entities.filter((e) => logs.includes(e.key)).map((e) =>
      e.fields.find((f) => f.type === "choice" && f.options?.includes(options[0]))?.options
    );
    assert.deepEqual(chosen.find((o) => o), options, prompt);
  }
});

Deno.test("the kinds bracketed after the records a log keeps are its categories, said in up to four words", () => {
  for (
    const [prompt, options] of [
      ["log my cat's mischief (knocked over a glass, scratching the sofa, waking me at night)", [
        "knocked over a glass",
        "scratching the sofa",
        "waking me at night",
      ]],
      ["registrare i disastri del cane (scarpe rosicchiate, pipì sul tappeto buono, abbaia)", [
        "scarpe rosicchiate",
        "pipì sul tappeto buono",
        "abbaia",
      ]],
      ["noter les bêtises du chien (chaussures mangées, pipi dans la maison, aboiements)", [
        "chaussures mangées",
        "pipi dans la maison",
        "aboiements",
      ]],
      ["apuntar las travesuras del gato (tira cosas al suelo, araña el sofá, maúlla)", [
        "tira cosas al suelo",
        "araña el sofá",
        "maúlla",
      ]],
      ["die Missgeschicke vom Hund erfassen (Schuhe zerkaut, auf den Teppich gepinkelt, bellt)", [
        "Schuhe zerkaut",
        "auf den Teppich gepinkelt",
        "bellt",
      ]],
    ] as const
  ) {
    const categories = understand(prompt).asks.find((a) => a.type === "categories");
    assert.deepEqual(categories?.fields.find((f) => f.type === "choice")?.options, options, prompt);
    assert.ok(fieldsOf(prompt).some((f) => f.type === "choice" && f.options?.includes(options[0])), prompt);
  }
});

Deno.test("values bracketed after the kind records are grouped by are that kind's field, not a second one", () => {
  for (
    const [prompt, key, options] of [
      ["i miei libri letti divisi per genere (giallo, fantasy, saggi)", "genere", [
        "giallo",
        "fantasy",
        "saggi",
      ]],
      ["mes films vus classés par genre (comédie, horreur, drame)", "genre", ["comédie", "horreur", "drame"]],
      ["mis libros ordenados por género (novela, poesía, ensayo)", "genero", ["novela", "poesía", "ensayo"]],
      ["meine bücher nach genre sortiert (krimi, fantasy, sachbuch)", "genre", [
        "krimi",
        "fantasy",
        "sachbuch",
      ]],
      ["my records sorted by genre (jazz, rock, soul)", "genre", ["jazz", "rock", "soul"]],
    ] as const
  ) {
    const fields = fieldsOf(prompt);
    assert.deepEqual(fields.find((f) => f.key === key)?.options, options, prompt);
    assert.ok(!fields.some((f) => /^categor|^kategor/.test(f.key)), prompt);
  }
});
