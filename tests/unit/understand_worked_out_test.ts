import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const worked = (prompt: string) =>
  understand(prompt).asks.filter((a) => a.type === "calculator").map((a) => a.worked && { ...a.worked });

Deno.test("a sale less a cost the prompt names asks for a difference worked out, in the five languages", () => {
  for (
    const prompt of [
      "reselling sneakers: buy price and sale price for each pair, and the profit",
      "le mie torte: costo degli ingredienti, prezzo e il margine di ogni torta",
      "mes meubles retapés avec prix d'achat, prix de revente et bénéfice",
      "mis velas: coste y precio de venta de cada una y la ganancia",
      "Bücherverkauf mit Einkauf und Verkaufspreis, dazu der Gewinn",
    ]
  ) {
    assert.deepEqual(worked(prompt).map((w) => w?.op), ["difference"], prompt);
  }
  // Without a cost named, a word of gain is no figure of the records.
  assert.deepEqual(worked("a list of ideas to gain followers"), []);
});

Deno.test("a number per a unit of another the records keep, and a pace, are ratios worked out", () => {
  assert.deepEqual(worked("honey jars: weight and price, show the price per kilo")[0]?.of, ["price", "kilo"]);
  assert.deepEqual(worked("marmellate con peso e prezzo, voglio il prezzo al chilo")[0]?.of, [
    "prezzo",
    "chilo",
  ]);
  assert.deepEqual(worked("bois de chauffage: poids et prix, le prix au kilo")[0]?.of, ["prix", "kilo"]);
  assert.deepEqual(worked("walks with distance and time and my pace")[0], {
    op: "ratio",
    of: [],
    label: "pace",
    alone: true,
  });
  assert.deepEqual(worked("Wanderungen mit Strecke und Zeit, Tempo anzeigen")[0]?.op, "ratio");
  // An article before a word that is no unit says no "per" ("show the price"), nor does a slash between words.
  assert.deepEqual(worked("afficher le prix de chaque livre"), []);
  assert.deepEqual(worked("liste des invités avec confirmé oui/non"), []);
});

Deno.test("a rate, or two numbers either side of a sign of reckoning, are a product worked out", () => {
  assert.deepEqual(worked("dog walks: log the hours and calculate what I earn at $15 an hour")[0]?.of, [
    "hour",
    15,
  ]);
  assert.deepEqual(worked("turni in negozio, importo = ore x 11 €")[0], {
    op: "product",
    of: ["ore", 11],
    label: "importo",
    alone: true,
  });
  assert.deepEqual(worked("Aufträge: Lohn = Stunden mal Stundensatz")[0]?.of, ["stunden", "stundensatz"]);
});

Deno.test('a cost is said by a whole word: "unpaid" names no cost, so a profit has nothing to be less', () => {
  const worked = (prompt: string) => understand(prompt).asks.filter((a) => a.worked).map((a) => a.worked!.op);
  assert.deepEqual(worked("log my sales: item, sale price, and the profit. some buyers are unpaid"), []);
  assert.deepEqual(worked("log my sales: item, what I paid, sale price, and the profit"), ["difference"]);
});
