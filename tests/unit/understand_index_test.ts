import assert from "node:assert/strict";
import fc from "fast-check";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

Deno.test("understand() takes any text, and every quote and subject it returns is the prompt's own words", () => {
  const word = fc.constantFrom(
    "track",
    "my",
    "books",
    "with",
    "title",
    "rating",
    "(1-5)",
    "(a, b)",
    "every",
    "Sunday",
    "at",
    "8",
    "and",
    "20:30",
    "€12,50",
    "remind",
    "ogni",
    "giorno",
    "alle",
    "no",
    "charts",
    "list",
    "of",
    "the",
  );
  const mark = fc.constantFrom(" ", ", ", ": ", ". ", "; ", "\n- ", " (", ") ", " / ");
  fc.assert(
    fc.property(
      fc.array(fc.tuple(word, mark), { minLength: 1, maxLength: 30 }),
      fc.boolean(),
      (parts, followUp) => {
        const prompt = parts.map(([w, m]) => w + m).join("");
        const got = understand(prompt, followUp ? { existingSpec: { prompts: ["x"] } as never } : {});
        for (const ask of got.asks) {
          assert.equal(prompt.slice(ask.start, ask.end), ask.quote, JSON.stringify(prompt));
          if (ask.subject) {
            assert.ok(prompt.includes(ask.subject), `${ask.subject} in ${JSON.stringify(prompt)}`);
          }
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("prompts of the longest length the API takes, of repeated numbers, times or fields, are understood", () => {
  const MAX = 8000;
  const shapes = ["at 8, ", "1,", "(", "title, ", "1 000 ", "every 8 hours and ", "a "];
  for (const shape of shapes) {
    const prompt = `track my books: ${shape.repeat(MAX / shape.length)}`.slice(0, MAX);
    const got = understand(prompt);
    for (const ask of got.asks) assert.equal(prompt.slice(ask.start, ask.end), ask.quote, shape);
  }
  // Every time of a long list is kept.
  assert.equal(understand(`remind me ${"at 8, ".repeat(500)}`).asks[0].times?.length, 500);
});
