// Amounts that mark a goal where no word of a limit or an aim says so (`understand/thresholds.ts`): a warning
// over an amount a period is a limit, a number of things each record earns after a word of reaching is a
// target counting the records, a budget's sum inside another ask's words is a limit of those records; and a
// limit whose number's noun is the unit of a field adds up that field.
import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { AppSpecSchema } from "../../supabase/functions/_generator/spec-schema.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

/** The goal asks read: their target, whether a limit, their period and what they count. */
const goals = (prompt: string) =>
  understand(prompt).asks.filter((a) => a.type === "goal").map((a) => ({
    target: a.quantities.map((q) => ("value" in q ? q.value : undefined)).find((v) => v !== undefined),
    limit: a.limit ?? false,
    period: a.quantities.find((q) => q.kind === "period")?.period,
    counts: a.counts,
  }));

/** The goal screen's options. */
const goalScreen = (prompt: string) => {
  const { spec } = composeSpec(prompt, { tier: "light" });
  assert.deepEqual(AppSpecSchema.safeParse(spec).error?.issues ?? [], [], prompt);
  return spec.screens.find((s) => s.block === "goal")?.options;
};

Deno.test("a warning over an amount a period is a limit of it, in every language", () => {
  for (
    const prompt of [
      "Make a caffeine counter. Coffee 95 mg, espresso 63 mg, tea 47 mg. Warn me over 400 mg a day.",
      "contatore di caffeina: caffè 95 mg, tè 47 mg. avvisami oltre 400 mg al giorno",
      "compteur de caféine : café 95 mg, thé 47 mg. préviens-moi au-dessus de 400 mg par jour",
      "contador de cafeína: café 95 mg, té 47 mg. avísame por encima de 400 mg al día",
      "Koffeinzähler: Kaffee 95 mg, Tee 47 mg. Warne mich über 400 mg am Tag",
    ]
  ) {
    const [goal] = goals(prompt);
    assert.deepEqual(goal, { target: 400, limit: true, period: "day", counts: undefined }, prompt);
    const options = goalScreen(prompt);
    assert.equal(options?.goal, 400, prompt);
    assert.equal(options?.limit, true, prompt);
  }
  // (A warning with no amount over a period is no limit: a reminder's, or a flag's.)
  assert.deepEqual(goals("warn me when the milk is over"), []);
  assert.deepEqual(goals("avvisami quando la temperatura è sopra i 30 gradi"), []);
});

Deno.test("a limit whose number's noun is the unit of a field adds up that field", () => {
  for (
    const prompt of [
      "Make a caffeine counter. Coffee 95 mg, espresso 63 mg, tea 47 mg. Warn me over 400 mg a day.",
      "contador de cafeína: café 95 mg, té 47 mg. avísame por encima de 400 mg al día",
      "höchstens 400 mg koffein am tag, ich trage jeden kaffee ein",
    ]
  ) {
    const options = goalScreen(prompt);
    assert.equal(options?.amountField, "caffeine", prompt);
    assert.equal(options?.unit, "mg", prompt);
  }
  // (A number of things that is no unit still counts the records.)
  assert.equal(goalScreen("max 3 cafés par jour, préviens moi si je dépasse")?.amountField, undefined);
});

Deno.test("a number of the things each record earns, after a word of reaching, is a target", () => {
  const cases: [string, number, string][] = [
    [
      "my son does his homework and gets a sticker each time, at 20 stickers we go to the cinema",
      20,
      "stickers",
    ],
    [
      "Each finished night earns a star, and when someone gets 20 stars they pick a weekend treat.",
      20,
      "stars",
    ],
    [
      "mia figlia fa i compiti, si puo fare una app con stelline quando li finisce? a 20 stelline le compro un libro",
      20,
      "stelline",
    ],
    [
      "ma fille range sa chambre et gagne une étoile à chaque fois. à 15 étoiles elle choisit un cadeau",
      15,
      "étoiles",
    ],
    [
      "mi hijo hace los deberes y gana una pegatina cada vez, al llegar a 20 pegatinas vamos al cine",
      20,
      "pegatinas",
    ],
    [
      "mein Sohn macht Hausaufgaben und bekommt jedes Mal einen Stern. Bei 20 Sternen gibt es ein Eis",
      20,
      "Sternen",
    ],
  ];
  for (const [prompt, target, counts] of cases) {
    assert.deepEqual(goals(prompt), [{ target, limit: false, period: undefined, counts }], prompt);
    assert.equal(goalScreen(prompt)?.goal, target, prompt);
  }
  // (Things not named before as earned, a time or an age, are no target.)
  assert.deepEqual(goals("i have 3 kids, at 5 years old they start school"), []);
  assert.deepEqual(goals("we meet at 8 people every friday"), []);
  assert.deepEqual(goals("ci vediamo a 20 minuti da casa"), []);
});

Deno.test("a budget's sum inside a list's words is a limit of what the list adds up", () => {
  for (
    const [prompt, target] of [
      ["party planner: guest list with rsvp, a shopping list with prices (budget $200) and a countdown", 200],
      ["festa: lista invitati, lista della spesa con prezzi (budget 200 €)", 200],
      ["fête : liste des invités, liste de courses avec prix (budget 200 €)", 200],
      ["fiesta: lista de invitados, lista de la compra con precios (presupuesto 200 €)", 200],
      ["Party: Gästeliste, Einkaufsliste mit Preisen (Budget 150 €)", 150],
    ] as const
  ) {
    const [goal] = goals(prompt);
    assert.equal(goal?.target, target, prompt);
    assert.equal(goal?.limit, true, prompt);
    assert.equal(goalScreen(prompt)?.limit, true, prompt);
  }
  assert.equal(goalScreen("party planner: a shopping list with prices (budget $200)")?.amountField, "prices");
});

Deno.test("a figure per group measures another field than the group's: the best time of each distance", () => {
  for (
    const prompt of [
      "running log with distance and time, show my personal best for each distance",
      "diario di corsa con distanza e tempo, il mio record per ogni distanza",
      "mon record pour chaque distance (5km, 10km, semi), je note mes temps de course",
      "registro de carreras con distancia y tiempo, mi mejor marca de cada distancia",
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    const figures = spec.screens.find((s) => s.block === "log")?.options.figures ?? [];
    const grouped = figures.find((f) => f.by === "distance");
    assert.deepEqual([grouped?.aggregate, grouped?.field], ["min", "duration"], prompt);
  }
  // (A field grouped by another keeps its measure: the heaviest lift of each exercise.)
  const { spec } = composeSpec(
    "gym log with exercise, weight and reps. show my best lift for each exercise",
    {
      tier: "light",
    },
  );
  const grouped = spec.screens.find((s) => s.block === "log")?.options.figures?.find((f) =>
    f.by === "exercise"
  );
  assert.deepEqual([grouped?.aggregate, grouped?.field], ["max", "weight"]);
});
