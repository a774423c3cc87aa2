import assert from "node:assert/strict";
import { detectLanguage } from "../../supabase/functions/_shared/generation/understand/language.ts";
import samples from "./fixtures/understand_language_samples.json" with { type: "json" };

for (const length of ["short", "long"] as const) {
  Deno.test(`the language of ${length} prompts in the five UI languages is found`, () => {
    const misses: string[] = [];
    let total = 0;
    for (const [language, prompts] of Object.entries(samples[length])) {
      for (const prompt of prompts) {
        total++;
        const guess = detectLanguage(prompt);
        if (guess.language !== language) misses.push(`${language}→${guess.language}: ${prompt}`);
      }
    }
    // Short prompts may miss one in thirty (scripts/measure-language.ts); longer ones none.
    assert.ok(misses.length <= (length === "short" ? total / 30 : 0), misses.join("\n"));
  });
}

Deno.test("short Italian prompts are Italian, not Catalan or Portuguese", () => {
  for (const prompt of ["app per la spesa", "lista della spesa", "diario alimentare"]) {
    assert.equal(detectLanguage(prompt).language, "it", prompt);
  }
});

Deno.test("a prompt in another language gets the English UI and reports the language found", () => {
  assert.deepEqual(detectLanguage("Quero um app para minhas plantas e regar todo dia"), {
    language: "en",
    detected: "pt",
  });
  assert.deepEqual(detectLanguage("boodschappenlijst voor de week"), { language: "en", detected: "nl" });
  assert.deepEqual(detectLanguage(""), { language: "en", detected: "und" });
});
