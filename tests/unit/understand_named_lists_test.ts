// A list named with what it lists ("a checklist of gear to bring", "una lista delle cose da riparare") keeps
// those things, beside the prompt's other records; records grouped by a kind ("grouped by genre", "divisi per
// genere", "sortiert nach Farbe") are categories of that kind, a field of its own where the kind names one.
import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const stemOf = (s: string) => s.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

// A second list beside the main records, named with its things: [language, prompt, a word of its subject].
const SECOND_LISTS: [string, string, string][] = [
  ["en", "log my runs and also a checklist of gear to bring on race day", "gear"],
  ["en", "track my workouts and also keep a checklist of things to pack for the gym", "pack"],
  ["it", "registro dei compiti e anche una checklist dei libri da comprare", "libri"],
  ["it", "diario delle spese e una lista delle cose da riparare in casa", "cose"],
  ["fr", "suivi de mes repas et une liste des courses pour la semaine", "courses"],
  ["fr", "carnet de vélo et une checklist des pièces à changer", "pieces"],
  ["es", "diario de entrenamiento y una checklist de cosas para la mochila", "mochila"],
  ["es", "registro de mis gastos y también una lista de tareas pendientes", "tareas"],
  ["de", "stimmungstagebuch und eine liste der dinge die mir gut tun", "dinge"],
  ["de", "trainingstagebuch und dazu eine packliste für den urlaub", "packliste"],
];

Deno.test("a list named with its things keeps them, beside the other records", () => {
  for (const [language, prompt, word] of SECOND_LISTS) {
    const u = understand(prompt);
    assert.equal(u.language, language, prompt);
    const list = u.asks.find((a) => a.type === "list");
    assert.ok(list, `a list: ${prompt}`);
    assert.ok(stemOf(list.subject ?? "").includes(word), `${prompt}: ${list.subject}`);
    assert.equal(u.asks.filter((a) => a.type === "list").length, 1, prompt);
    const made = composeSpec(prompt, { tier: "light" });
    assert.ok(made.spec.entities.length >= 2, `two kinds of records: ${prompt}`);
  }
});

Deno.test("a checklist's things are a list with a tick, not a tick on the main records", () => {
  const made = composeSpec("track my workouts and also keep a checklist of things to pack for the gym", {
    tier: "light",
  });
  const packing = made.spec.entities.find((e) => e.fields.some((f) => f.type === "check"));
  assert.ok(packing);
  assert.notEqual(packing.key, "workoutSession");
});

Deno.test("a list that says its things in one word keeps that word ('lista della spesa ma in inglese')", () => {
  const list = understand("lista della spesa ma in inglese per favore").asks.find((a) => a.type === "list");
  assert.equal(list?.subject, "spesa");
});

// Records grouped by a kind that names its own field: [language, prompt, field key].
const GROUPED: [string, string, string][] = [
  ["en", "my movies grouped by genre", "genre"],
  ["en", "my houseplants organised by room", "room"],
  ["it", "i miei vinili divisi per genere", "genere"],
  ["it", "tengo traccia dei film visti per genere", "genere"],
  ["fr", "mes livres classés par genre", "genre"],
  ["fr", "mes plantes rangées par pièce", "piece"],
  ["es", "mis libros ordenados por género", "genero"],
  ["es", "mi ropa organizada por color", "color"],
  ["de", "meine kleidung sortiert nach farbe", "farbe"],
  ["de", "meine bücher geordnet nach genre", "genre"],
];

Deno.test("records grouped by a kind are categories of it, a field of that name", () => {
  for (const [language, prompt, key] of GROUPED) {
    const u = understand(prompt);
    assert.equal(u.language, language, prompt);
    assert.ok(u.asks.some((a) => a.type === "categories"), `categories: ${prompt}`);
    assert.ok(!u.asks.some((a) => a.type === "sort"), `no sort: ${prompt}`);
    const made = composeSpec(prompt, { tier: "light" });
    const screen = made.spec.screens.find((s) => s.options?.categoryField);
    assert.ok(screen, `a screen by category: ${prompt}`);
    // (The field may be the records' own of that kind: a plant's "Pièce" is its room.)
    const field = made.spec.entities.flatMap((e) => e.fields).find((f) =>
      f.key === screen.options.categoryField
    );
    assert.ok(stemOf(field?.label ?? "").startsWith(key), `${prompt}: ${field?.label}`);
    assert.equal(field?.type, "choice", prompt);
  }
});

Deno.test("a kind in general groups by the records' own category; an order by a figure stays an order", () => {
  for (
    const prompt of [
      "meine rezepte sortiert nach art",
      "gastos organizados por tipo",
      "recettes classées par type",
    ]
  ) {
    assert.ok(understand(prompt).asks.some((a) => a.type === "categories"), prompt);
  }
  for (
    const prompt of [
      "my books sorted by rating",
      "i miei libri ordinati per voto",
      "Bücher sortiert nach Datum",
    ]
  ) {
    const u = understand(prompt);
    assert.ok(!u.asks.some((a) => a.type === "categories"), prompt);
  }
});
