import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import {
  clauseVerb,
  nounsCapitalized,
  withoutEndingVerbs,
} from "../../supabase/functions/_generator/understand/verb-final.ts";
import { words } from "../../supabase/functions/_generator/understand/text.ts";

const asks = (prompt: string) => understand(prompt).asks;
const fieldsOf = (prompt: string) => asks(prompt).flatMap((a) => a.fields.map((f) => f.name));
const spec = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec;
const labels = (prompt: string) => spec(prompt).entities.flatMap((e) => e.fields.map((f) => f.label));

Deno.test("a prompt that writes its nouns with a capital says so; one in lower case does not", () => {
  assert.equal(nounsCapitalized(words("Ich will meine Läufe mit Strecke und Zeit festhalten"), "de"), true);
  assert.equal(nounsCapitalized(words("ich will meine läufe mit strecke und zeit festhalten"), "de"), false);
});

Deno.test("a German verb that ends a clause is told from the adjective before a noun", () => {
  const t = words("Fahrten mit Datum und gefahrene Kilometer festhalten könnte");
  const at = (w: string) => t.findIndex((x) => x.text === w);
  assert.equal(clauseVerb(t, at("festhalten"), "de", true), true);
  assert.equal(clauseVerb(t, at("könnte"), "de", true), true);
  assert.equal(clauseVerb(t, at("gefahrene"), "de", true), false);
  assert.equal(clauseVerb(t, at("Kilometer"), "de", true), false);
  // (No other language ends its clauses on the verb.)
  const en = words("runs with distance and time");
  assert.equal(en.some((_, i) => clauseVerb(en, i, "en", true)), false);
});

Deno.test("a noun phrase loses the verbs it ends on", () => {
  const prompt = words("Unser Hund Balu braucht jeden Tag seine Tabletten");
  assert.equal(withoutEndingVerbs("Hund Balu braucht", prompt, "de"), "Hund Balu");
  assert.equal(withoutEndingVerbs("Hund Balu", prompt, "de"), "Hund Balu");
  assert.equal(
    withoutEndingVerbs("zurückgelegt hab", words("wie viel ich Geld zurückgelegt hab"), "de", 1),
    "zurückgelegt",
  );
});

Deno.test("the fields after German 'mit' end at the verb that ends their clause", () => {
  assert.deepEqual(
    fieldsOf(
      "Es wäre schön, wenn ich meine Läufe mit Strecke und Zeit festhalten könnte und die km im Monat sehe",
    ),
    ["Strecke", "Zeit"],
  );
  assert.deepEqual(
    fieldsOf("Ich will meine Bücher mit Titel und Autor eintragen und die Seiten im Monat sehen"),
    ["Titel", "Autor"],
  );
  assert.deepEqual(
    fieldsOf("lieferungen mit datum und menge erfassen und den gesamtbetrag pro monat sehen"),
    ["datum", "menge"],
  );
  const timesheet = labels(
    "Stundenzettel für meinen Minijob: Datum, Beginn, Ende, Pause, und am Ende die Stunden pro Woche zusammenrechnen",
  );
  assert.ok(timesheet.includes("Pause"));
  assert.ok(!timesheet.some((l) => /zusammenrechnen/i.test(l)));
});

Deno.test("a state a participle opens stays a field and ends no clause", () => {
  const f = fieldsOf(
    "Ich brauche die Anmeldungen mit Name, Telefon, bezahlt ja/nein und welchen Kuchen sie mitbringen",
  );
  assert.ok(f.includes("bezahlt"));
  assert.ok(f.includes("Kuchen"));
  assert.ok(!f.some((n) => /mitbringen/.test(n)));
});

Deno.test("records a German relative clause keeps are the noun before its comma", () => {
  const log = asks("Ich bräuchte eine Übersicht über meine Überstunden, die ich jeden Tag eintrage").find((
    a,
  ) => a.type === "log");
  assert.equal(log?.subject, "Überstunden");
  assert.equal(asks("Ich will meine Ausgaben, die ich jeden Tag eintrage, sehen")[0].subject, "Ausgaben");
});

Deno.test("a verb of working out an aggregate's figure is no calculator, in the five languages", () => {
  const calculator = (prompt: string) => asks(prompt).some((a) => a.type === "calculator");
  assert.equal(calculator("enter grades for all subjects and calculate the average"), false);
  assert.equal(calculator("inserire i voti e calcolare la media"), false);
  assert.equal(calculator("noter mes notes et calculer la moyenne"), false);
  assert.equal(calculator("anotar mis notas y calcular el promedio"), false);
  assert.equal(calculator("noten für alle fächer eintragen und den durchschnitt ausrechnen"), false);
  assert.equal(calculator("Stunden eintragen und pro Woche zusammenrechnen"), false);
  // (A calculator asked by its noun stays one.)
  assert.equal(calculator("ein Rechner für Trinkgeld"), true);
});

Deno.test("values kept of the one measure a prompt names are that measure's, in the five languages", () => {
  assert.equal(
    spec("measure my blood pressure morning and evening, enter the values").name,
    "Blood Pressure",
  );
  assert.equal(spec("Blutdruck messen, Werte eintragen und als Kurve anzeigen").name, "Blutdruck");
  assert.equal(spec("misuro la pressione ogni mattina e voglio inserire i valori").name, "Pressione");
  const de = spec("Blutdruck morgens und abends messen, Werte eintragen und als Kurve anzeigen");
  assert.ok(de.entities[0].fields.some((f) => f.label === "Systolisch"));
  // (Two measures named: the values are of neither alone.)
  const two = asks("Größe und Gewicht messen und die Werte eintragen").find((a) => a.type === "log");
  assert.equal(two?.subject, "Werte");
});

Deno.test("an overview is named by what it is of or about, in the five languages", () => {
  assert.equal(spec("Ich bräuchte eine Übersicht über meine Überstunden").name, "Überstunden");
  assert.equal(spec("Ich möchte eine Übersicht über meine Ausgaben").name, "Ausgaben");
  assert.equal(spec("una panoramica delle mie spese").name, "Spese");
  assert.equal(spec("an overview of my overtime hours").name, "Overtime Hours");
});

Deno.test("a subject from who to what they own across their possessive is what they own", () => {
  const list = asks("Kannst du mir eine App machen, in der meine Kinder ihre Hausaufgaben eintragen?")
    .find((a) => a.type === "list");
  assert.equal(list?.subject, "Hausaufgaben");
});
