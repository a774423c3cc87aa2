import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { askTypes as types } from "./fixtures/ask_types.ts";

const quizOf = (prompt: string) => understand(prompt).asks.find((a) => a.type === "quiz");

Deno.test("the score, the best and the choices a learning prompt names are its quiz's, in the five languages", () => {
  for (
    const [prompt, subject, choices] of [
      ["learn the rivers of africa, 4 options per question, save my high score", "rivers of africa", 4],
      ["imparare i pianeti, 3 risposte possibili e tieni il punteggio massimo", "pianeti", 3],
      ["mémoriser les préfectures, 4 choix par question, garder mon record", "préfectures", 4],
      ["repasar los reyes godos, 3 opciones por pregunta, guardar mi récord", "reyes godos", 3],
      ["die Sternbilder lernen, 4 Antworten zur Auswahl, Highscore speichern", "Sternbilder", 4],
    ] as const
  ) {
    // No log of high scores, no choice field: only the quiz.
    assert.deepEqual(types(prompt), ["quiz"], prompt);
    assert.equal(quizOf(prompt)?.subject, subject, prompt);
    assert.equal(quizOf(prompt)?.choices, choices, prompt);
    assert.deepEqual(understand(prompt).unmet, [], prompt);
  }
});

Deno.test("a quiz asked by its own word offers the number of choices the prompt states", () => {
  assert.equal(quizOf("trivia about dinosaurs with 3 choices each")?.choices, 3);
  // A number of questions is no number of choices.
  assert.equal(quizOf("a quiz of 20 questions about volcanoes")?.choices, undefined);
});

Deno.test("a quiz asked by its own word is of what the prompt says is learnt", () => {
  assert.equal(quizOf("flashcards for school, i have to study the planets")?.subject, "planets");
  assert.equal(quizOf("Lernkarten für die Uni, ich muss die Muskeln lernen")?.subject, "Muskeln");
  // A quiz on a language alone stays on it.
  assert.equal(quizOf("spanish flashcards, i want to learn new words")?.subject, "spanish");
});

Deno.test("a score beside no quiz is kept as before", () => {
  assert.ok(types("log my 5k runs and keep my best time").includes("aggregate"));
});

Deno.test("practising or studying for someone named in passing is a quiz on what is learnt", () => {
  for (
    const [prompt, subject] of [
      ["so my daughter can practise her spelling words", "spelling words"],
      ["mia nipote deve studiare le regioni italiane", "regioni italiane"],
      ["ma fille doit s'entraîner sur les conjugaisons", "conjugaisons"],
      ["mi hijo tiene que estudiar los planetas", "planetas"],
      ["mein Sohn muss die Bundesländer studieren", "Bundesländer"],
    ]
  ) {
    assert.deepEqual(types(prompt), ["quiz"], prompt);
    assert.equal(quizOf(prompt)?.subject, subject, prompt);
  }
});
