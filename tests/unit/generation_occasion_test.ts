import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { occasionOf } from "../../supabase/functions/_generator/compose-spec/occasion.ts";
import type { Language } from "../../supabase/functions/_generator/template/src/types.ts";

const name = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.name;
/** The occasion of a prompt whose asks start at its end, or at `asked`, of several kinds of records. */
const occasion = (prompt: string, language: Language, asked = prompt.length) =>
  occasionOf(prompt, asked, true, language);

Deno.test("the speaker's verb of an occasion names it by its noun, in the five languages", () => {
  assert.equal(occasion("my brother is getting married in may", "en"), "wedding");
  assert.equal(occasion("ci sposiamo ad aprile", "it"), "matrimonio");
  assert.equal(occasion("nous nous marions cet été", "fr"), "mariage");
  assert.equal(occasion("nos mudamos en verano", "es"), "mudanza");
  assert.equal(occasion("im Herbst ziehen wir um", "de"), "Umzug");
});

Deno.test("an occasion's noun stands after a determiner, an article or a sentence's start", () => {
  assert.equal(occasion("we are planning our family reunion", "en"), "family reunion");
  assert.equal(occasion("organizziamo la festa di compleanno di mio figlio", "it"), "festa di compleanno");
  assert.equal(occasion("je prépare mon premier semi-marathon", "fr"), "semi-marathon");
  assert.equal(occasion("preparo la excursión escolar con los chicos", "es"), "excursión escolar");
  // (A German compound ends on its head.)
  assert.equal(occasion("wir machen eine Fahrradtour", "de"), "Fahrradtour");
  // (Not on a longer noun the knowledge writes: "Spritpreise" ends on "Preise".)
  assert.equal(occasionOf("die Spritpreise steigen", 23, true, "de", new Set(["preise"])), "");
  // A plural or a noun after "each" is records, not one occasion.
  assert.equal(occasion("log each trip with its cost", "en"), "");
  assert.equal(occasion("a list of my trips", "en"), "");
});

Deno.test("an English noun before the noun it qualifies is no occasion", () => {
  assert.equal(occasion("I am a wedding planner", "en"), "");
  assert.equal(occasion("party supplies to buy", "en"), "");
  // (Across a number of days: "a 12-day road trip".)
  assert.equal(occasion("planning a 12-day road trip", "en"), "road trip");
});

Deno.test("'for' opens an occasion only after the app's word or at a sentence's start", () => {
  assert.equal(occasion("an app for the school picnic", "en"), "school picnic");
  assert.equal(occasion("per il trasloco mi serve un elenco", "it"), "trasloco");
  assert.equal(occasion("devo raccogliere i soldi per la cena di classe", "it"), "");
  assert.equal(occasion("Ich sammle Geld für die Feier", "de"), "");
});

Deno.test("a place the speaker goes to is the occasion", () => {
  assert.equal(occasion("a luglio andiamo in puglia con gli amici", "it"), "puglia");
  assert.equal(occasion("Im Juli fliegen wir nach Lissabon", "de"), "Lissabon");
  // A verb after a word of going says what is done, not where; a prompt with capitals writes places so.
  assert.equal(occasion("vamos a comprar los regalos", "es"), "");
  assert.equal(occasion("En mai je pars à pied vers Rome", "fr"), "");
});

Deno.test("an app of several kinds of records is named after its occasion, not one of its lists", () => {
  assert.equal(
    name(
      "nous nous marions en juin. il faut une appli pour les invités avec leur réponse et les fournisseurs avec acompte",
    ),
    "Mariage",
  );
  assert.equal(
    name("we are getting married in june, i need the guests with rsvp and the vendors with the deposit paid"),
    "Wedding",
  );
  assert.equal(
    name("wir planen die Klassenfahrt: Schüler mit Einverständnis und Programmpunkte mit Uhrzeit"),
    "Klassenfahrt",
  );
});
