// What a sort orders the records by and what a search finds them by, as the words after a verb and a word of
// "by" name it (`compose-spec/sort-by.ts`), the order a sort's words ask ("newest first"), and the Italian verb
// that sorts and orders by one stem (`understand/sort-or-order.ts`).
import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { sortedField } from "./fixtures/sorted_field.ts";

const made = (prompt: string) => composeSpec(prompt, { tier: "full" });
const sorted = sortedField;
const searchedBy = (prompt: string) => {
  const c = made(prompt);
  const ask = c.asks.find((a) => a.type === "search");
  const fields = c.spec.entities.flatMap((e) => e.fields);
  return { built: ask?.built, label: fields.find((f) => f.key === ask?.field)?.label };
};

Deno.test("a sort orders the records by the field its words name after a word of 'by'", () => {
  for (
    const [prompt, label] of [
      ["a list of my clients sorted by last name", "Name"],
      ["keep my reading list, sort it by author", "Author"],
      ["lista dei clienti ordinata per cognome", "Nome"],
      ["i miei vini ordinati per annata", "Annata"],
      ["liste des élèves triée par nom de famille", "Nom"],
      ["mes vins triés par millésime", "Millésime"],
      ["mis vinos ordenados por añada", "Añada"],
      ["mis gastos, ordenados por importe", "Importe"],
      ["meine weine sortiert nach jahrgang", "Jahrgang"],
      ["die schülerliste nach nachnamen sortieren", "Name"],
    ] as const
  ) {
    assert.equal(sorted(prompt).label, label, prompt);
  }
});

Deno.test("a sort by what the records do not hold makes that field, a year a number", () => {
  assert.deepEqual(
    [
      sorted("my movies list sorted by release year").label,
      sorted("my movies list sorted by release year").type,
    ],
    ["Release year", "number"],
  );
  assert.deepEqual(
    [
      sorted("meine bücher sortiert nach erscheinungsjahr").label,
      sorted("meine bücher sortiert nach erscheinungsjahr").type,
    ],
    ["Erscheinungsjahr", "number"],
  );
  assert.equal(sorted("lista de alumnos ordenada por apellido").label, "Apellido");
  // Words of the order or of an ask are no field: "sorted by best" keeps the rating.
  assert.equal(sorted("restaurant diary with stars, sorted by best").label, "Rating");
  assert.ok(
    !made("restaurant diary with stars, sorted by best").spec.entities[0].fields.some((f) =>
      f.label === "Best"
    ),
  );
});

Deno.test("a sort's words say its order; a choice keeps the order of its options", () => {
  for (
    const [prompt, order] of [
      ["my movies list sorted by release year, newest first", "descending"],
      ["expenses ordered by amount, lowest first", "ascending"],
      ["i miei vini ordinati per annata, dai più recenti", "descending"],
      ["ordina le spese per importo, dalla più bassa", "ascending"],
      ["mis vinos ordenados por añada, los más recientes primero", "descending"],
      ["mis gastos, ordenados por importe de menor a mayor", "ascending"],
      ["meine weine sortiert nach jahrgang, neueste zuerst", "descending"],
      ["ausgaben sortiert nach betrag, aufsteigend", "ascending"],
    ] as const
  ) {
    assert.equal(sorted(prompt).order, order, prompt);
  }
  assert.equal(sorted("mes vins triés par millésime").order, undefined);
  assert.equal(sorted("todo list ordered by priority, highest at the top").label, "Priority");
  assert.equal(sorted("todo list ordered by priority, highest at the top").order, undefined);
  // (The order's words are understood.)
  assert.ok(
    !made("mis gastos ordenados por fecha, los más recientes primero").unmet.some((u) => /recientes/.test(u)),
  );
});

Deno.test("a search finds by the field its words name, and makes none the records lack", () => {
  for (
    const [prompt, label] of [
      ["a list of attendees searchable by name", "Name"],
      ["le mie piante, da cercare per nome", "Nome"],
      ["ma collection de plantes, chercher par nom", "Nom"],
      ["mis plantas, buscar por nombre", "Nombre"],
      ["meine pflanzen nach namen durchsuchen", "Name"],
    ] as const
  ) {
    assert.deepEqual(searchedBy(prompt), { built: true, label }, prompt);
  }
  const vinyl = made("my vinyl collection, find records by artist or by title");
  assert.ok(!vinyl.spec.entities.some((e) => e.fields.some((f) => f.label === "Title")));
  // A name after "and" without its own word of "by" is none ("cercare per città e vedere…").
  const visits = made("diario dei ristoranti: voglio cercare per città e vedere i prezzi");
  assert.ok(!visits.spec.entities.some((e) => e.fields.some((f) => f.label === "Vedere")));
});

Deno.test("an Italian verb of ordering that governs its object, with no word of 'by', asks no sort", () => {
  const sorts = (prompt: string) => understand(prompt).asks.filter((a) => a.type === "sort").length;
  assert.equal(sorts("ogni cliente ordina due pizze e io segno il totale"), 0);
  assert.equal(sorts("app per il banco: i clienti ordinano frutta e verdura"), 0);
  assert.equal(sorts("ordina le spese per importo"), 1);
  assert.equal(sorts("elenco dei film visti ordinati per voto"), 1);
  assert.equal(sorts("le spese ordinate dalla più cara"), 1);
});
