import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const splits = (prompt: string) => understand(prompt).asks.filter((a) => a.type === "split").length > 0;

Deno.test("a cost shared in a number of parts asks for a split; parts that a noun follows are categories", () => {
  for (
    const prompt of [
      "la location du chalet est partagée en quatre",
      "il noleggio della barca è condiviso in 3, e la benzina pure",
      "el alquiler compartido en tres partes",
      "die Miete für den Bus wird aufgeteilt in 5",
    ]
  ) assert.ok(splits(prompt), prompt);
  assert.ok(!splits("mes dépenses divisées en 3 catégories"));
});

Deno.test("a share stated beside a payment asks for a split, in the five languages", () => {
  for (
    const prompt of [
      "the groceries we pay fifty-fifty, the rent 65/35",
      "l'abbonamento della palestra lo paghiamo a metà io e mio fratello",
      "on paie le loyer moitié-moitié avec ma coloc",
      "pagamos la luz y el agua a medias",
      "Strom und Internet zahlen wir halbe-halbe",
    ]
  ) assert.ok(splits(prompt), prompt);
  // A reading of two numbers that is no share of a hundred, and a share of no money, are none.
  assert.ok(!splits("log my blood pressure like 120/80 every morning"));
  assert.ok(!splits("una pizza a metà con le verdure"));
});

Deno.test("who owes or pays whom in a group, and what each one owes, ask for a split; the speaker's debts do not", () => {
  for (
    const prompt of [
      "after the festival, see who still owes money and how much",
      "alla fine del mese voglio sapere chi deve dare soldi a chi",
      "cuánto debe cada uno al final del viaje",
      "qui paie à qui après le week-end",
      "nach dem Urlaub sehen, wer wem was zahlt",
    ]
  ) assert.ok(splits(prompt), prompt);
  for (
    const prompt of [
      "i want to see who owes me money from my lessons",
      "ogni mese io devo 300 euro alla banca",
      "la cotisation : ce que chaque membre me doit",
      "une appli qui affiche le prix du pain",
    ]
  ) assert.ok(!splits(prompt), prompt);
});

Deno.test("each one paying in, evening out and a common fund ask for a split", () => {
  for (
    const prompt of [
      "road trip with my cousins, everyone chips in for gas",
      "festa di classe, ognuno versa 10 euro",
      "week-end entre amis, chacun cotise pour les courses",
      "cena de empresa, cada uno pone 20 euros",
      "Klassenfahrt: gemeinsame Kasse für die Ausflüge",
      "camping with friends, we pay as we go and even it out at the end",
    ]
  ) assert.ok(splits(prompt), prompt);
  // Each client paying is a business's fees.
  assert.ok(!splits("each client pays 40 euros per lesson"));
});

Deno.test("a cost shared in a field's words or in a list's items is built as the split block", () => {
  for (
    const prompt of [
      "campeggio in toscana con amici, dividiamo le spese in sei",
      "beach house weekend with friends, we split the costs",
      "il nostro viaggio: tappe, spese divise tra noi 3, foto",
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.ok(spec.screens.some((s) => s.block === "split"), prompt);
  }
});

Deno.test("a verb of sharing out or a share's basis splits what the clause names as money, not other things", () => {
  for (
    const prompt of [
      "trip with the in-laws, we need to share out the expenses",
      "in montagna con gli amici, vogliamo ripartire le spese della baita",
      "week-end au gîte, répartir les dépenses entre les familles",
      "compartir los gastos del coche con mis compañeros",
      "les frais de l'immeuble répartis selon la surface de chaque appartement",
      "le spese del riscaldamento divise in base ai consumi",
    ]
  ) assert.ok(splits(prompt), prompt);
  assert.ok(!splits("app to share photos of our hikes"));
  assert.ok(!splits("voglio condividere le ricette con mia sorella"));
});

Deno.test("costs shared in a clause and again in its `:` list are one split", () => {
  const asks = understand(
    "vacances en Corse, répartir les frais : chacun paie 30 € par jour, le bateau partagé en 4",
  )
    .asks.filter((a) => a.type === "split");
  assert.equal(asks.length, 1);
});
