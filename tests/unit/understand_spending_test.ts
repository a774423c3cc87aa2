import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const logs = (prompt: string) => understand(prompt).asks.filter((a) => a.type === "log");
const category = (prompt: string) =>
  logs(prompt).flatMap((a) => a.fields).find((f) => f.type === "choice")?.options;
const money = (prompt: string) => logs(prompt).flatMap((a) => a.fields).find((f) => f.type === "money");

Deno.test("money spent named by a noun of spending with what it goes on is a log with those items as categories", () => {
  for (
    const [prompt, items] of [
      ["the costs of our garage sale - tables, flyers and snacks", ["tables", "flyers", "snacks"]],
      ["segno le spese per la gita: pullman, pranzo, biglietti", ["pullman", "pranzo", "biglietti"]],
      ["les dépenses du déménagement (camion 90 €, cartons, pizza)", ["camion", "cartons", "pizza"]],
      ["los gastos de la fiesta: globos, tarta y bebidas", ["globos", "tarta", "bebidas"]],
      ["Kosten fürs Gartenfest: Grill, Getränke, Deko", ["Grill", "Getränke", "Deko"]],
    ] as const
  ) {
    assert.deepEqual(category(prompt), items, prompt);
    assert.ok(money(prompt), prompt);
    assert.ok(logs(prompt).some((a) => a.fields.some((f) => f.type === "date")), prompt);
  }
});

Deno.test("a price beside an item of spending is an expected cost, no price list", () => {
  const asks = understand("les dépenses du déménagement (camion 90 €, cartons 20 €, pizza)").asks;
  assert.ok(!asks.some((a) => a.type === "catalog"), JSON.stringify(asks.map((a) => a.type)));
  assert.equal(money("les dépenses du déménagement (camion 90 €, cartons 20 €, pizza)")?.currency, "EUR");
});

Deno.test("a verb of spending with what the money goes on is a log of it", () => {
  for (
    const [prompt, items] of [
      ["i want to see what i spend on pizza and beer", ["pizza", "beer"]],
      ["vorrei sapere quanto spendo per sigarette e caffè", ["sigarette", "caffè"]],
      ["je veux noter ce que je dépense en livres et en jeux", ["livres", "jeux"]],
      ["quiero apuntar lo que gasto en taxis y cenas", ["taxis", "cenas"]],
      ["ich will sehen was ich für Bücher und Spiele ausgebe", ["Bücher", "Spiele"]],
    ] as const
  ) {
    assert.deepEqual(category(prompt), items, prompt);
  }
});

Deno.test("sums added one at a time are a log with an amount and a date", () => {
  for (
    const prompt of [
      "add every payment from the club members with their name",
      "segnare ogni versamento dei soci con il nome",
      "noter chaque versement des adhérents avec le nom",
      "registrar cada pago de los socios con el nombre",
      "jede Einzahlung der Mitglieder mit Name eintragen",
    ]
  ) {
    assert.ok(money(prompt), `${prompt}: ${JSON.stringify(understand(prompt).asks)}`);
  }
});

Deno.test("spending split among people stays a split, and a budget is a goal beside the log", () => {
  const split = understand("dinner costs split between 4 friends").asks.map((a) => a.type);
  assert.ok(split.includes("split") && !split.includes("log"), JSON.stringify(split));
  const goal = understand("the expenses for the party: food, music. budget 300 €").asks.map((a) => a.type);
  assert.ok(goal.includes("goal") && goal.includes("log"), JSON.stringify(goal));
});

Deno.test("a noun of spending among another record's fields stays their field", () => {
  const asks = understand("products with name, supplier and costs").asks;
  assert.ok(!asks.some((a) => a.type === "log"), JSON.stringify(asks.map((a) => a.type)));
});

Deno.test("what the money goes on, listed right with the words of spending, is the kinds the log is grouped by", () => {
  for (
    const [prompt, items] of [
      ["i track what i spend on rent, pets and holidays", ["rent", "pets", "holidays"]],
      ["segno le spese per l'affitto, la palestra e i regali", ["affitto", "palestra", "regali"]],
      ["noter les dépenses pour la cantine, le sport et les vêtements", ["cantine", "sport", "vêtements"]],
      ["apunto los gastos de la boda (flores, música, fotos)", ["flores", "música", "fotos"]],
      ["Ausgaben für Miete, Katze und Urlaub aufschreiben", ["Miete", "Katze", "Urlaub"]],
    ] as const
  ) {
    const kinds = understand(prompt).asks.find((a) => a.type === "categories");
    assert.deepEqual(kinds?.fields.find((f) => f.type === "choice")?.options, items, prompt);
  }
});

Deno.test("a list of spending opened past another noun, or of currencies, groups nothing", () => {
  for (
    const prompt of [
      "log expenses in the local money (baht, kip, dong)",
      "i log my expenses, and a list of documents (passport, visa, insurance)",
      "spese in euro e dollari",
    ]
  ) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "categories"), prompt);
  }
});

Deno.test("a time after the items of spending says when, no item", () => {
  for (
    const [prompt, items] of [
      ["what i spend on lunch, taxis and eating out every week", ["lunch", "taxis", "eating out"]],
      ["segno le spese per benzina e autostrada ogni mese", ["benzina", "autostrada"]],
      ["noter les dépenses pour la cantine et le sport chaque mois", ["cantine", "sport"]],
      ["apunto los gastos en comida y ocio cada semana", ["comida", "ocio"]],
      ["Ausgaben für Miete und Urlaub jeden Monat", ["Miete", "Urlaub"]],
    ] as const
  ) {
    assert.deepEqual(category(prompt), items, prompt);
  }
});
