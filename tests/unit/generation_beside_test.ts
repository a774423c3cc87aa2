import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const first = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.entities[0];

Deno.test("records whose concept is named only by one of their fields take the object's noun and its named fields", () => {
  // (The customer is what each sale records, not what is sold.)
  const cases: [string, string, string[]][] = [
    ["log every jar of pickles i sell with price and customer", "Jar of pickles", ["Price", "Customer"]],
    ["segnare ogni cassetta di pesche venduta con prezzo e cliente", "Cassetta di pesche", [
      "Prezzo",
      "Cliente",
    ]],
    ["jeden Honigtopf eintragen, den ich verkaufe, mit Preis und Kunde", "Honigtopf", ["Preis", "Kunde"]],
    ["noter chaque pot de confiture vendu avec le prix et le client", "Pot de confiture", ["Prix", "Client"]],
    ["apuntar cada saco de naranjas vendido con precio y cliente", "Saco", ["Precio", "Cliente"]],
  ];
  for (const [prompt, noun, fields] of cases) {
    const entity = first(prompt);
    assert.ok(entity.label.startsWith(noun), prompt);
    assert.deepEqual(entity.samples, [], prompt);
    // Of the concept's fields only those the prompt names are lent, after a name.
    assert.deepEqual(entity.fields.map((f) => f.label).slice(1, 1 + fields.length), fields, prompt);
    assert.ok(!entity.fields.some((f) => /mail|phone|t[eé]l[eé]fono/i.test(f.label)), prompt);
  }
});

Deno.test("an English noun whose modifiers alone name a concept keeps its own records", () => {
  for (const [prompt, noun] of [["note each wine crate we deliver with address and date", "Wine crate"]]) {
    const entity = first(prompt);
    assert.equal(entity.plural, noun, prompt);
    assert.deepEqual(entity.samples, [], prompt);
  }
  // (A concept the noun itself names is the records' own: "blood pressure" is no kind of blood.)
  assert.equal(first("an app for my blood pressure with blood pressure, pulse and date").plural, "Readings");
});

Deno.test("a field's word with a modifier of its own is the records' noun, a field's word alone is not", () => {
  const entity = first("keep a log of my generator engine hours, oil changes and spark plugs");
  assert.equal(entity.plural, "Generator engine hours");
  assert.deepEqual(entity.samples, []);
  assert.notEqual(first("apunto de cada boda la fecha y cuánto regalo").plural, "Fecha");
});

Deno.test("a concept named only among the records' fields lends them no name", () => {
  // (The records are the stages; the hostel, a field, names neither them nor the app. The French walk names
  // its place, where the speaker says what they do.)
  const cases: [string, string, string][] = [
    [
      "en mai je marche jusqu'à Rome, environ 900 km. je voudrais une appli où je note chaque étape : date, km, le gîte et son prix, avec les km qui restent",
      "Rome",
      "Étape",
    ],
    [
      "en mayo camino hasta Roma, unos 900 km. quiero una app donde apunto cada etapa: fecha, km, el hostal y su precio, y los km que faltan",
      "Etapa",
      "Etapa",
    ],
    [
      "in may i walk to rome, about 900 km. i want an app where i note each stage: date, km, the hostel and its price, and the km left",
      "Stage",
      "Stage",
    ],
  ];
  for (const [prompt, name, records] of cases) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.equal(spec.name, name, prompt);
    assert.equal(spec.entities[0].label, records, prompt);
  }
});

Deno.test("a phrase whose complement names the concept's records, or a field of them, keeps the concept's records", () => {
  // (A cellar holds wines, a price is a wine's: the records are wines.)
  for (const prompt of ["la mia cantina di vini rossi", "il prezzo del vino che compro"]) {
    assert.equal(first(prompt).plural, "Vini", prompt);
  }
  // (Hours of another thing than the concept's are records of their own.)
  assert.equal(
    first("apunto las horas de motor de mi barca y cada cambio de aceite").plural,
    "Horas de motor",
  );
});
