import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { complementOf, saysNothing } from "../../supabase/functions/_generator/compose-spec/general-name.ts";

const name = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.name;

Deno.test("a name of general nouns alone says nothing, in the five languages", () => {
  assert.equal(saysNothing("Practice Tests", "en"), true);
  assert.equal(saysNothing("Risultati", "it"), true);
  assert.equal(saysNothing("Données", "fr"), true);
  assert.equal(saysNothing("Resultados", "es"), true);
  assert.equal(saysNothing("Einträge", "de"), true);
  // (A word of its own says what it is about.)
  assert.equal(saysNothing("Blood Test Results", "en"), false);
  assert.equal(saysNothing("Sedute di logopedia", "it"), false);
});

Deno.test("the complement of general nouns is what follows their of, for or from word, or their amount", () => {
  assert.equal(complementOf("results", "log the results of my iron tests", "en"), "my iron tests");
  assert.equal(complementOf("data", "the data from my solar panels: kwh", "en"), "my solar panels: kwh");
  assert.equal(complementOf("obiettivo", "obiettivo 500 euro per la bici nuova", "it"), "la bici nuova");
  assert.equal(complementOf("trucs", "les trucs à emporter pour le chalet", "fr"), "le chalet");
  assert.equal(complementOf("ergebnisse", "die ergebnisse meiner schwimmkurse", "de"), "meiner schwimmkurse");
  assert.equal(complementOf("datos", "quiero apuntar los datos", "es"), "");
});

Deno.test("a name cut to its length to general nouns alone is their complement", () => {
  assert.equal(
    name("ich will die Ergebnisse meiner Laufwettkämpfe eintragen: Datum, Zeit"),
    "Laufwettkämpfe",
  );
});

Deno.test("an app a general noun would name is named by its complement, in the five languages", () => {
  assert.equal(name("log the results of my allergy tests"), "Allergy Tests");
  assert.equal(name("obiettivo 800 euro per la bici da corsa"), "Bici da corsa");
  assert.equal(name("je veux noter les résultats de mes analyses de thyroïde"), "Analyses de thyroïde");
  assert.equal(name("quiero guardar los resultados de mis partidos de padel"), "Partidos de padel");
  assert.equal(name("los datos de mi estacion meteorologica: lluvia y viento"), "Estacion meteorologica");
  assert.equal(name("ich möchte die ergebnisse meiner cholesterinwerte notieren"), "Cholesterinwerte");
});

Deno.test("general nouns with no complement give way to the situation or a name that says more", () => {
  assert.equal(name("salvadanaio per la moto, obiettivo 1500 euro"), "Moto");
  assert.equal(name("Ziel: 300 € für ein Zelt"), "Zelt");
  // (A name the prompt gives is kept as given.)
  assert.equal(name("an app called Results to log my runs"), "Results");
});
