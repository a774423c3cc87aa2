import assert from "node:assert/strict";
import fc from "fast-check";
import { understand } from "../../supabase/functions/_shared/generation/understand/index.ts";

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
