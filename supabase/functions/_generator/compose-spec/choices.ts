// A quiz whose prompt says how many answers each question offers ("4 choices each", "3 Antworten zur
// Auswahl": `../understand/quiz-keeps.ts`) is a multiple-choice one: its cards hold that many answers beside
// the right one, "Answer 1" to "Answer n", and the block keeps the score, the high score and the questions
// missed. A card's wrong answers are the other cards' right ones, so every sample offers its own among them.
import type { ScreenOptions } from "../template/src/types.ts";
import type { Entity } from "./entities.ts";

/** The options of a multiple-choice quiz on the entity's cards with `count` answers each, the right answer
 * being its second field (the first is the question); none where that answer is not text. */
export function multipleChoice(entity: Entity, count: number, answerWord: string): ScreenOptions | undefined {
  const answer = entity.spec.fields[1];
  if (answer?.type !== "text") return undefined;
  const choices = Array.from(
    { length: count },
    (_, i) => entity.ensure(`choice${i + 1}`, `${answerWord} ${i + 1}`, "text"),
  );
  const answers = [...new Set(entity.spec.samples.map((s) => String(s[answer.key] ?? "")).filter(Boolean))];
  entity.spec.samples.forEach((sample, i) => {
    const right = String(sample[answer.key] ?? "");
    const wrong = answers.filter((a) => a !== right);
    // (The right answer's place moves from card to card.)
    const at = i % count;
    choices.forEach((field, k) => {
      const j = k < at ? k : k - 1;
      sample[field.key] = k === at ? right : j < wrong.length ? wrong[(i + j) % wrong.length] : "";
    });
  });
  return { mode: "choice", choiceFields: choices.map((f) => f.key), answerField: answer.key };
}
