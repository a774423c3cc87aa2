import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { languageUnits } from "../../supabase/functions/_generator/understand/language-units.ts";
import { words } from "../../supabase/functions/_generator/understand/text.ts";

Deno.test("a noun of language units qualified by a language is that language's vocabulary, in the prompt's UI", () => {
  for (
    const [prompt, ui] of [
      ["tricky verbs in spanish", "en"],
      ["aggettivi tedeschi da imparare", "it"],
      ["proverbes espagnols", "fr"],
      ["refranes populares en francés", "es"],
      ["englische redensarten", "de"],
    ] as const
  ) {
    const u = understand(prompt);
    assert.equal(u.language, ui, prompt);
    assert.equal(u.concepts[0]?.id, "vocabulary-word", prompt);
  }
});

Deno.test("the noun of language units is the phrase without its language", () => {
  const noun = (prompt: string, language: "en" | "it" | "fr" | "es" | "de") => {
    const tokens = words(prompt);
    const [u] = languageUnits(tokens, language);
    return u && tokens.slice(u.noun.from, u.noun.to).map((t) => t.text).join(" ");
  };
  assert.equal(noun("sostantivi difficili in francese", "it"), "sostantivi difficili");
  assert.equal(noun("adjectives of german", "en"), "adjectives");
  assert.equal(noun("italienische verben", "de"), "verben");
  // (An article opens another noun phrase: the language is not the words'.)
  assert.equal(noun("palabras para la clase en inglés", "es"), undefined);
});

Deno.test("a language named after the app or a list of other things still asks for the UI in it", () => {
  assert.equal(understand("la lista de la compra en alemán").language, "de");
  assert.equal(understand("a packing list in italian").language, "it");
});

Deno.test("a language named after the app's word or a list's is the UI's, not the words'", () => {
  assert.equal(understand("a vocabulary app in german").language, "de");
  assert.equal(understand("words list in spanish").language, "es");
});

Deno.test("units of a language a prompt only names are a quiz of them", () => {
  assert.ok(understand("parole difficili in tedesco").asks.some((a) => a.type === "quiz"));
  assert.ok(understand("mots espagnols").asks.some((a) => a.type === "quiz"));
});

Deno.test("in a short prompt the nouns of units and the languages' names vote for the prompt's language", () => {
  assert.equal(understand("russian verbs").language, "en");
  assert.equal(understand("refranes en francés").language, "es");
});
