import assert from "node:assert/strict";
import fc from "fast-check";
import { clauses } from "../../supabase/functions/_generator/understand/clauses.ts";
import { words } from "../../supabase/functions/_generator/understand/text.ts";

const texts = (prompt: string, language: "en" | "it" | "fr" | "es" | "de" = "en") =>
  clauses(prompt, language).map((c) => (c.head === undefined ? c.text : `${c.text} ⟵ ${c.head}`));

Deno.test("sentences, semicolons, bullets and numbered lines are clauses", () => {
  assert.deepEqual(texts("Log my runs. Show a chart; remind me on Sundays!"), [
    "Log my runs",
    "Show a chart",
    "remind me on Sundays",
  ]);
  assert.deepEqual(texts("My habits:\n- drink water\n- read 20 pages\n1. stretch\n2) sleep by 23:00"), [
    "My habits",
    "drink water",
    "read 20 pages",
    "stretch",
    "sleep by 23:00",
  ]);
});

Deno.test("a colon's list is the items of the clause before it; a clock time is not a colon", () => {
  assert.deepEqual(texts("Track my books: title, author, rating"), [
    "Track my books",
    "title, author, rating ⟵ 0",
  ]);
  assert.deepEqual(texts("remind me at 20:30 every day"), ["remind me at 20:30 every day"]);
});

Deno.test("a goal named as a label before a colon is one clause with what states it", () => {
  assert.deepEqual(texts("my goal: cycle 40 km a week"), ["my goal: cycle 40 km a week"]);
  assert.deepEqual(texts("diario di lettura, obiettivo: 30 libri all'anno", "it"), [
    "diario di lettura",
    "obiettivo: 30 libri all'anno",
  ]);
  assert.deepEqual(texts("mon objectif : marcher 6 km par jour", "fr"), [
    "mon objectif : marcher 6 km par jour",
  ]);
  assert.deepEqual(texts("meta: leer 20 minutos al día", "es"), ["meta: leer 20 minutos al día"]);
  assert.deepEqual(texts("Tagesziel: 12 Seiten lesen", "de"), ["Tagesziel: 12 Seiten lesen"]);
  // A goal's word before a list that states no amount introduces fields as any clause does.
  assert.deepEqual(texts("savings goals: name, target, deadline"), [
    "savings goals",
    "name, target, deadline ⟵ 0",
  ]);
});

Deno.test("coordinated verb phrases split; coordinated nouns do not", () => {
  assert.deepEqual(texts("log every coffee with the size and the time, show me how many today"), [
    "log every coffee with the size and the time",
    "show me how many today",
  ]);
  assert.deepEqual(texts("segna ogni caffè con l'ora e mostrami quanti oggi", "it"), [
    "segna ogni caffè con l'ora",
    "e mostrami quanti oggi",
  ]);
  assert.deepEqual(texts("title, author and rating"), ["title, author and rating"]);
});

Deno.test("clauses never lose or repeat a word of the prompt", () => {
  const word = fc.constantFrom(
    "log",
    "show",
    "and",
    "plants",
    "water",
    "every",
    "8",
    "20:30",
    "remind",
    "the",
  );
  const mark = fc.constantFrom(" ", ", ", ". ", "; ", ": ", "\n- ", "\n1. ", " and ", "! ");
  fc.assert(
    fc.property(fc.array(fc.tuple(word, mark), { minLength: 1, maxLength: 25 }), (parts) => {
      const prompt = parts.map(([w, m]) => w + m).join("");
      const found = clauses(prompt, "en");
      const inClauses = found.flatMap((c) => words(c.text).map((t) => t.start + c.start));
      const inPrompt = words(prompt).filter((t) =>
        t.kind !== "mark" && !/^\d+$/.test(t.text) || /\d:\d/.test(
          prompt.slice(t.start - 1, t.end + 1),
        )
      ).map((t) => t.start);
      for (const at of inPrompt) assert.ok(inClauses.includes(at), `${JSON.stringify(prompt)} loses ${at}`);
      assert.equal(new Set(inClauses).size, inClauses.length, "no word twice");
      for (const c of found) assert.equal(prompt.slice(c.start, c.end), c.text);
    }),
  );
});

Deno.test("words split Italian and French elisions, not English contractions", () => {
  const norms = (text: string) => words(text).map((t) => t.norm);
  assert.deepEqual(norms("dell'acqua l’heure"), ["dell'", "acqua", "l'", "heure"]);
  assert.deepEqual(norms("I'm sure it's done"), ["i'm", "sure", "it's", "done"]);
});

Deno.test("an item of a colon's list that an indefinite article opens and that names an ask is a clause of its own", () => {
  assert.deepEqual(
    texts("For the school fair: a packing list, a budget of 300 euros and a countdown to Saturday"),
    [
      "For the school fair",
      "a packing list",
      "a budget of 300 euros",
      "and a countdown to Saturday",
    ],
  );
  // Fields stay items, with an article or without; an item after an ask goes with it.
  assert.deepEqual(texts("Each plant: name, a photo, a shopping list of pots, size and price"), [
    "Each plant",
    "name, a photo ⟵ 0",
    "a shopping list of pots, size and price",
  ]);
  assert.deepEqual(texts("Per la festa: un budget di 200 euro, un quiz sugli sposi", "it"), [
    "Per la festa",
    "un budget di 200 euro",
    "un quiz sugli sposi",
  ]);
});

Deno.test("a day's ordinal dot inside a date ends no sentence; one after a number that is no date does", () => {
  assert.deepEqual(texts("Abgabe der Steuererklärung am 31. Juli. Erinnere mich vorher", "de"), [
    "Abgabe der Steuererklärung am 31. Juli",
    "Erinnere mich vorher",
  ]);
  assert.deepEqual(texts("Der Umzug ist am 1. Mai 2027. Davor alles packen", "de"), [
    "Der Umzug ist am 1. Mai 2027",
    "Davor alles packen",
  ]);
  assert.deepEqual(texts("Ich laufe 5. Dann dehne ich mich", "de"), ["Ich laufe 5", "Dann dehne ich mich"]);
  // In German, a number's dot before a word in lower case is an ordinal's.
  assert.deepEqual(texts("Zahlung am 15. jedes Monats prüfen", "de"), ["Zahlung am 15. jedes Monats prüfen"]);
});

Deno.test("records with their fields after a colon are a clause of their own unless the title asks for them", () => {
  assert.deepEqual(texts("Garage sale: toys with age range, price and condition"), [
    "Garage sale",
    "toys with age range, price and condition",
  ]);
  assert.deepEqual(texts("Mon atelier : des outils avec marque, prix et état", "fr"), [
    "Mon atelier",
    "des outils avec marque, prix et état",
  ]);
  assert.deepEqual(texts("My recipe collection: cakes with flour, sugar and baking time"), [
    "My recipe collection",
    "cakes with flour, sugar and baking time ⟵ 0",
  ]);
});

Deno.test("other records named with their fields after the first's are a clause of their own", () => {
  const records = (prompt: string, language: "en" | "it" | "fr" | "es" | "de") =>
    clauses(prompt, language).map((c) => `${c.text}${c.records ? " ⟵ records" : ""}`);
  assert.deepEqual(records("keep my lenses with brand and size and cleanings with date", "en"), [
    "keep my lenses with brand and size ⟵ records",
    "and cleanings with date ⟵ records",
  ]);
  assert.deepEqual(records("arnie con marca e misura e le gare con data e posto", "it"), [
    "arnie con marca e misura ⟵ records",
    "e le gare con data e posto ⟵ records",
  ]);
  assert.deepEqual(records("ruches avec nom et récoltes avec date et poids", "fr"), [
    "ruches avec nom ⟵ records",
    "et récoltes avec date et poids ⟵ records",
  ]);
  assert.deepEqual(records("bicis con marca, y las salidas con fecha y km", "es"), [
    "bicis con marca ⟵ records",
    "y las salidas con fecha y km ⟵ records",
  ]);
  assert.deepEqual(records("Bienenstöcke mit Standort und Ernten mit Datum und Menge", "de"), [
    "Bienenstöcke mit Standort ⟵ records",
    "und Ernten mit Datum und Menge ⟵ records",
  ]);
  // A field list's "and" before a field is no new records, nor is one with no "with" before it.
  assert.deepEqual(records("books with title and author and rating", "en"), [
    "books with title and author and rating",
  ]);
  assert.deepEqual(records("books and movies with title", "en"), ["books and movies with title"]);
});
