import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { AppSpecSchema } from "../../supabase/functions/_generator/spec-schema.ts";

const made = (prompt: string, tier: "light" | "full" = "light") => composeSpec(prompt, { tier });

Deno.test("a quiz with a number of answers to choose from is a multiple-choice quiz and nothing else", () => {
  for (
    const [prompt, count] of [
      ["learn world capitals, 4 options per question, save my high score", 4],
      ["ripassare le capitali europee con 3 risposte possibili", 3],
      ["Hauptstädte üben, 3 Antworten zur Auswahl, Highscore speichern", 3],
    ] as const
  ) {
    const { spec } = made(prompt, "full");
    // The score and the high score are the quiz block's: no log beside it.
    assert.deepEqual(
      spec.screens.filter((s) => s.block !== "settings" && s.block !== "about").map((s) => s.block),
      [
        "quiz",
      ],
      prompt,
    );
    const quiz = spec.screens.find((s) => s.block === "quiz")!;
    assert.equal(quiz.options.mode, "choice", prompt);
    assert.equal(quiz.options.choiceFields?.length, count, prompt);
    // Every card offers its right answer among the others' answers, each once.
    const cards = spec.entities.find((e) => e.key === quiz.entity)!;
    for (const card of cards.samples) {
      const offered: unknown[] = quiz.options.choiceFields!.map((k) => card[k]);
      assert.ok(offered.includes(card[quiz.options.answerField!]), prompt);
      // (Fewer cards than choices leave the rest blank.)
      const filled = offered.filter((o) => o !== "");
      assert.equal(new Set(filled).size, filled.length, prompt);
    }
    assert.ok(AppSpecSchema.safeParse(spec).success, prompt);
  }
});

Deno.test("a quiz with no number of answers stays a question-and-answer quiz", () => {
  const { spec } = made("learn world capitals and keep my high score");
  assert.equal(spec.screens.find((s) => s.block === "quiz")?.options.mode, "quiz");
});
