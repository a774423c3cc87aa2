import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const categories = (prompt: string) => understand(prompt).asks.find((a) => a.type === "categories");

Deno.test("records kept for each of a kind are grouped by that kind, in the five languages", () => {
  for (
    const [prompt, kind] of [
      ["i want to log my piano practice for each piece", "piece"],
      ["segnare i minuti di allenamento per ogni disciplina", "disciplina"],
      ["noter mes trajets en vélo pour chaque itinéraire", "itinéraire"],
      ["apuntar las horas de trabajo de cada proyecto", "proyecto"],
      ["meine Lernzeit für jedes Fach notieren", "Fach"],
    ] as const
  ) {
    const ask = categories(prompt);
    assert.equal(ask?.subject, kind, prompt);
    assert.ok(ask?.breakdown, prompt);
  }
});

Deno.test("an each phrase of records, a time or a person, or after joined fields, names no kind", () => {
  for (
    const prompt of [
      "a log of each session with date and duration",
      "log my runs every day",
      "noter les devoirs de chaque enfant",
      "record weight and height for every calf",
      "Gewicht und Größe für jedes Kalb eintragen",
    ]
  ) {
    assert.equal(categories(prompt), undefined, prompt);
  }
});

Deno.test("an each phrase whose fields follow in a bracket names the records, no kind", () => {
  for (
    const prompt of [
      "noter mes mesures de chaque séance (date, poids, tour de taille)",
      "segnare i risultati di ogni partita (data, avversario, punteggio)",
    ]
  ) {
    assert.equal(categories(prompt), undefined, prompt);
  }
});
