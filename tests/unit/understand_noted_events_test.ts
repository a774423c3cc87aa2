import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const asks = (prompt: string) => understand(prompt).asks;
const logOf = (prompt: string) => asks(prompt).find((a) => a.type === "log");

Deno.test("the last time an event came is a log of it, named by the thing it is done to", () => {
  for (
    const [prompt, subject] of [
      ["keep track of when i last changed the water filter", "water filter"],
      ["voglio sapere l'ultima volta che ho pulito l'acquario", "acquario"],
      ["voir la dernière fois que j'ai vidangé la tondeuse", "tondeuse"],
      ["saber cuándo fue la última vez que limpié la pecera", "pecera"],
      ["wissen, wann ich zuletzt die Pflanzen gegossen habe", "Pflanzen"],
    ]
  ) {
    assert.equal(logOf(prompt)?.subject, subject, prompt);
  }
});

Deno.test("the last time of no thing named, among a list's fields, asks no log", () => {
  for (
    const prompt of [
      "a list of friends with when we last spoke",
      "lista de amigos con la última vez que hablamos",
    ]
  ) {
    assert.deepEqual(asks(prompt).map((a) => a.type), ["list"], prompt);
  }
});

Deno.test("the words of every time or the last time never name the app", () => {
  for (
    const [prompt, not] of [
      ["log every time i call my grandma", "Time"],
      ["je veux noter chaque fois que je donne à manger au chat", "Fois"],
      ["segnare ogni volta che il cane vomita", "Volta"],
      ["apuntar cada vez que mi hija tiene fiebre", "Vez"],
      ["aufschreiben, jedes Mal wenn der Hund bellt", "Mal"],
    ]
  ) {
    const { name } = composeSpec(prompt, { tier: "light" }).spec;
    assert.ok(!name.split(/\s+/).includes(not), `${prompt}: ${name}`);
  }
  // (After a name they end it: what happens then is no part of it.)
  assert.equal(composeSpec("headaches every time i eat", { tier: "light" }).spec.name, "Headaches");
  assert.equal(
    composeSpec("write down each time the baby wakes up at night", { tier: "light" }).spec.name,
    "Baby Wakes",
  );
});

Deno.test("each record a German verb notes at the clause's end is that log's, no list of its own", () => {
  for (
    const [prompt, subject] of [
      ["jede Fahrt eintragen mit Datum und km", "Fahrt"],
      ["jede fahrt eintragen mit datum und km", "fahrt"],
      ["jeden Ölwechsel notieren: Datum, km", "Ölwechsel"],
      ["jede Blutspende notieren mit Datum und Ort", "Blutspende"],
      ["jedes Training aufschreiben mit Dauer und Puls", "Training"],
    ]
  ) {
    const found = asks(prompt);
    assert.equal(found.find((a) => a.type === "log")?.subject, subject, prompt);
    assert.ok(!found.some((a) => a.type === "list"), prompt);
  }
  // (Fields right after the noun are still its list's: "pro Marke Land, Jahr".)
  assert.equal(asks("pro Marke Land, Jahr")[0].type, "list");
});

Deno.test("a noun of keeping that is also a word of time is the noun before an 'of' word", () => {
  for (
    const [prompt, subject] of [
      ["un diario de mis carreras con fecha, km y tiempo", "carreras"],
      ["quiero llevar un diario de mis comidas", "comidas"],
      ["diario de mis sueños", "sueños"],
    ]
  ) {
    assert.equal(logOf(prompt)?.subject, subject, prompt);
  }
  // (After its noun it says how often: "gasto diario" asks no log of "diario".)
  assert.ok(!asks("gasto diario de comida").some((a) => a.type === "log" && a.subject === "diario"));
});

Deno.test("a question of how long a preposition opens, after a verb of noting, is the log's duration", () => {
  for (
    const [prompt, field] of [
      ["write down each time the baby wakes up at night and for how long", "duration"],
      ["anotar cada vez que el bebé se despierta y por cuánto tiempo", "duración"],
      ["noter chaque fois que le bébé se réveille et pendant combien de temps", "durée"],
      ["jedes Mal eintragen, wenn das Baby aufwacht, und für wie lange", "dauer"],
      ["annotare ogni volta che il bambino piange e per quanto tempo", "durata"],
    ]
  ) {
    const log = logOf(prompt);
    assert.equal(log?.fields.find((f) => f.type === "duration")?.name, field, prompt);
  }
});

Deno.test("a question of when after a German verb of noting opens the event", () => {
  for (
    const [prompt, subject] of [
      ["ich will aufschreiben, wann ich die pflanzen gieße", "pflanzen"],
      ["eintragen, wann ich das Auto wasche", "Auto"],
      ["notieren, wann ich den Rasen mähe", "Rasen"],
    ]
  ) {
    assert.equal(logOf(prompt)?.subject, subject, prompt);
  }
});

Deno.test("a timer's word a log's cue governs across function words is the log's records, no timer", () => {
  for (
    const [prompt, subject] of [
      ["tagebuch über meine joggingrunden, datum und strecke", "joggingrunden"],
      ["protokoll der laufrunden", "laufrunden"],
    ]
  ) {
    const found = asks(prompt);
    assert.equal(found.find((a) => a.type === "log")?.subject, subject, prompt);
    assert.ok(!found.some((a) => a.type === "timer"), prompt);
  }
  // (A timer with its phases is still one.)
  assert.ok(asks("interval timer 30s on 10s off and a log of my sessions").some((a) => a.type === "timer"));
});
