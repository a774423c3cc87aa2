import assert from "node:assert/strict";
import { detectLanguage } from "../../supabase/functions/_generator/understand/language.ts";
import { lexiconVote } from "../../supabase/functions/_generator/understand/lexicon.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import samples from "../../eval/language-samples.json" with { type: "json" };

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

Deno.test("in a prompt of a few words, the words each UI lexicon knows tip close scores", () => {
  for (const prompt of ["migraine diary", "car maintenance log"]) {
    assert.equal(detectLanguage(prompt, lexiconVote(prompt)).language, "en", prompt);
  }
  assert.equal(detectLanguage("app per la spesa", lexiconVote("app per la spesa")).language, "it");
});

Deno.test("a short prompt made only of words English knows is English; one word another language alone knows is not", () => {
  for (const prompt of ["A pomodoro timer", "a timer app", "a todo list app"]) {
    assert.equal(understand(prompt).language, "en", prompt);
  }
  for (
    const [prompt, language] of [
      ["quiz capitali", "it"],
      ["un temporizador", "es"],
      ["liste de courses", "fr"],
      ["Einkaufsliste", "de"],
    ] as const
  ) {
    assert.equal(understand(prompt).language, language, prompt);
  }
  // A word no UI language knows (a dish, a name) leaves the prompt to the words that are known.
  for (const prompt of ["kombucha brew log", "kombucha brew diary", "my tamagotchi feeding log"]) {
    assert.equal(understand(prompt).language, "en", prompt);
  }
  // Where another language knows as many of them, the words decide nothing ("Checkliste").
  assert.equal(understand("Wohnmobil-Checkliste").language, "de");
  assert.equal(understand("diario kombucha").language, "es");
});

Deno.test("the words concepts name a subject with vote for their language in a short prompt", () => {
  assert.equal(understand("grocery list app").language, "en");
  assert.equal(understand("Vokabeltrainer Latein").language, "de");
});
