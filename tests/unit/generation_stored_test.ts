import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
const kept = (prompt: string) => understand(prompt).asks.find((a) => a.type === "list" || a.type === "log");

Deno.test("a verb of keeping things keeps a list of them, no savings goal nor act", () => {
  const cases: [string, string][] = [
    ["save my recipes", "recipes"],
    ["i want to save my favourite quotes", "favourite quotes"],
    ["salvare le ricette della nonna", "ricette della nonna"],
    ["conservare gli scontrini", "scontrini"],
    ["enregistrer mes recettes", "recettes"],
    ["guardar mis recetas", "recetas"],
    ["meine Rezepte speichern", "Rezepte"],
  ];
  for (const [prompt, subject] of cases) {
    assert.ok(!types(prompt).includes("goal"), prompt);
    const ask = kept(prompt);
    assert.equal(ask?.type, "list", prompt);
    assert.equal(ask?.subject, subject, prompt);
  }
});

Deno.test("things kept each time something happens are a log of them", () => {
  const prompt = "after each practice i want to save my wpm and accuracy %";
  assert.ok(!types(prompt).includes("goal"), prompt);
  assert.equal(kept(prompt)?.type, "log", prompt);
});

Deno.test("saving money, an amount or for a purpose stays a savings goal", () => {
  const cases = [
    "save 3000 for a trip to japan",
    "save money for a new car",
    "save for a new bike",
    "help me put aside 50 a week for a new bike",
    "risparmiare 2000 euro per le vacanze",
    "metto da parte 20 euro a settimana per un telefono nuovo",
    "mettre de côté de l'argent pour acheter une console",
    "épargner 1500 euros pour un voyage",
    "ahorrar 5000 para un coche",
    "geld zurücklegen für ein auto",
    "4000 euro sparen für einen urlaub",
  ];
  for (const prompt of cases) assert.ok(types(prompt).includes("goal"), prompt);
});
