import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { nounPhrase } from "../../supabase/functions/_generator/compose-spec/noun-phrase.ts";
import type { Language } from "../../supabase/functions/_generator/template/src/types.ts";

Deno.test("a name of the prompt's words is the noun phrase within it, told by how the prompt says each word", () => {
  const cases: [string, string, Language, string][] = [
    // A clause after the noun: the speaker, a past, what someone said.
    ["Receipts i kept", "log the receipts i kept for taxes", "en", "Receipts"],
    ["Coach said", "write down what my coach said after each class", "en", "Coach"],
    ["Swapped", "track what we swapped at the fair", "en", ""],
    // An English verb before its object's article, not before a unit of time it counts per.
    ["Win earns", "each win earns a star", "en", "Win"],
    ["Runs", "3 runs a week", "en", "Runs"],
    // A number in digits counts nouns, whatever they end like ("camere" is no infinitive in "-ere").
    ["Camere", "un b&b con 3 camere, voglio vedere quali camere sono libere", "it", "Camere"],
    // A preposition, a question word or a function word at an edge.
    ["Sorties avec", "noter nos sorties avec les copains", "fr", "Sorties"],
    ["Ausflüge pro", "Ausflüge pro Monat", "de", "Ausflüge"],
    ["Welche Pflanzen", "Ich will sehen, welche Pflanzen Wasser brauchen", "de", "Pflanzen"],
    // An infinitive after a preposition or a modal, a participle after an auxiliary.
    ["Comprare", "lista per comprare regali di natale", "it", ""],
    ["Apuntar", "una app para apuntar", "es", ""],
    ["Réparé", "je veux noter ce que j'ai réparé", "fr", ""],
    ["Comido", "anotar lo que he comido", "es", ""],
    ["Gegossen", "notieren wann ich gegossen habe", "de", ""],
    ["Zum Sortieren", "Eine App zum Sortieren", "de", ""],
    // German nouns keep their capital: a word in lower case beside them is none.
    ["Schrauben sortiere", "Ich brauche eine Liste, wo ich Schrauben sortiere", "de", "Schrauben"],
    // A Romance participle after its noun qualifies it, and an infinitive after a noun and a preposition says
    // what the records are for.
    ["Libri letti", "i libri letti quest'anno", "it", "Libri letti"],
    // (Not one of another number, which says what was done to other words: "frais… partagés".)
    ["Soirée partagés", "les frais de la soirée partagés entre nous", "fr", "Soirée"],
    ["Libros por leer", "mis libros por leer", "es", "Libros por leer"],
    ["Books to read", "a list of books to read", "en", "Books to read"],
  ];
  for (const [name, prompt, language, expected] of cases) {
    assert.equal(nounPhrase(name, prompt, language), expected, `${name} of "${prompt}"`);
  }
});

const made = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec;

Deno.test("records no noun names are the main records: the fields the clause names go to them", () => {
  const spec = made(
    "a list of my vinyl records with artist and year. also track what i gave away: who and when",
  );
  assert.equal(spec.entities.length, 1);
  const labels = spec.entities[0].fields.map((f) => f.label);
  assert.ok(labels.includes("Person") && labels.includes("Date"), labels.join());
});

Deno.test("no list or app is named by a verb, a participle or a function word of the prompt", () => {
  const cases: [string, RegExp][] = [
    ["keep a log of what we swapped at the flea market with date and price", /swapped/i],
    ["i want to track the bills i paid with amount and due date", /\bpaid\b|\bi\b/i],
    ["ich will notieren, was ich verkauft habe, mit Preis und Datum", /verkauft/i],
    ["mi serve un app per ricordare dove ho parcheggiato la macchina", /parcheggiato/i],
    ["une app pour savoir quand j'ai arrosé le jardin", /savoir|arrosé/i],
  ];
  for (const [prompt, fragment] of cases) {
    const spec = made(prompt);
    const names = [
      spec.name,
      ...spec.entities.flatMap((e) => [e.label, e.plural]),
      ...spec.screens.map((s) => s.title),
    ];
    assert.ok(names.every((n) => !fragment.test(n)), `${prompt}: ${names.join(", ")}`);
  }
});
