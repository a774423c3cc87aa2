import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const kept = (prompt: string) =>
  understand(prompt).asks.find((a) => a.type === "log" || a.type === "list")?.subject;

Deno.test("a keeping ask keeps the records, not whose they are: the speaker's possessive opens their owner", () => {
  const cases: [string, string][] = [
    // After a noun cue, with the records named right before it.
    ["mileage log for my van", "mileage"],
    ["fuel log for my two boats", "fuel"],
    // Before a verb that ends the clause, across a preposition or as a genitive.
    ["die Reifenwechsel an unserem Wohnmobil notieren", "Reifenwechsel"],
    ["alle Reparaturen an meinem Fahrrad aufschreiben", "Reparaturen"],
    ["ich möchte die Impfungen unserer Hasen eintragen", "Impfungen"],
  ];
  for (const [prompt, subject] of cases) assert.equal(kept(prompt), subject, prompt);
});

Deno.test("an owner is the records where nothing before it names records, and an 'of' word names them", () => {
  const cases: [string, string][] = [
    ["garden log for my tomato plants", "tomato plants"],
    ["start a log for my bikes", "bikes"],
    ["a weekly log of my moods", "moods"],
    // A person the records are for stays the rule of persons: the first records of an enumeration.
    ["um die Mahlzeiten und Nickerchen von unserer Tochter aufzuschreiben", "Mahlzeiten"],
  ];
  for (const [prompt, subject] of cases) assert.equal(kept(prompt), subject, prompt);
});

Deno.test("what the speaker does where the records are made is not them: the noun before the cue is", () => {
  const cases: [string, string][] = [
    ["jede Pizzeria eintragen, in der wir im Urlaub essen", "Pizzeria"],
    ["jeden Gipfel notieren, den ich mit dem Rad erreiche", "Gipfel"],
    ["noter chaque crêperie où on mange pendant les vacances", "crêperie"],
    ["apuntar cada bar donde comemos durante las fiestas", "bar"],
    ["segnare ogni pizzeria dove mangiamo in vacanza", "pizzeria"],
  ];
  for (const [prompt, subject] of cases) assert.equal(kept(prompt), subject, prompt);
});

Deno.test("an 'or' word written with an accent it lacks is another word: 'où' opens no choice", () => {
  const asks = understand("noter chaque refuge où je dors pendant le trek").asks;
  assert.equal(asks.find((a) => a.type === "log")?.subject, "refuge");
  assert.ok(!asks.some((a) => a.type === "choice"));
  assert.ok(understand("vin rouge ou blanc").asks.some((a) => a.type === "choice"));
});

Deno.test("a verb of ticking off that governs an object keeps a list of it, the tick theirs", () => {
  const cases: [string, string][] = [
    ["an app to tick off each castle we visit", "castle"],
    ["spuntare ogni cascata che vedo", "cascata"],
    ["cocher chaque cascade que je vois", "cascade"],
    ["marcar cada cascada que veo", "cascada"],
    ["jede Burg abhaken, die wir besuchen", "Burg"],
  ];
  for (const [prompt, subject] of cases) {
    const asks = understand(prompt).asks;
    assert.equal(asks.find((a) => a.type === "list")?.subject, subject, prompt);
    assert.ok(asks.some((a) => a.type === "yesno"), prompt);
  }
  // A tick's noun with a preposition after it names no object of a verb.
  assert.ok(!understand("checklist for the trip").asks.some((a) => a.type === "list"));
});

Deno.test("the speaker's verb whose object is the records' noun before them names no concept", () => {
  const cases: [string, string][] = [
    ["tick off every waterfall i hike to", "hike"],
    ["note each bay we sail to", "sail"],
    ["cocher chaque sommet que je grimpe", "grimpe"],
  ];
  for (const [prompt, verb] of cases) {
    const named = understand(prompt).concepts.flatMap((c) => c.words);
    assert.ok(!named.some((w) => w.toLowerCase() === verb), prompt);
  }
  // Not what is done every time: that names the records.
  assert.ok(understand("log every time i vape").concepts.length > 0);
});
