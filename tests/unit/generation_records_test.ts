import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const entities = (prompt: string) =>
  composeSpec(prompt, { tier: "light" }).spec.entities.map((e) => ({
    plural: e.plural,
    fields: e.fields.map((f) => f.label),
  }));

Deno.test("two kinds of records named with their fields in one sentence are two entities, each with its own", () => {
  for (
    const [prompt, first, second] of [
      ["hives with location and harvests with date and weight", "Location", "Weight"],
      ["i soci con quota e le uscite con data e posti", "Quota", "Posti"],
      ["mes chevaux avec nom et age et les soins avec date et cout", "Age", "Cout"],
      ["mis alumnos con nivel y las clases con fecha y duracion", "Nivel", "Duracion"],
      ["Kunden mit Adresse und Lieferungen mit Datum und Gewicht", "Adresse", "Gewicht"],
    ]
  ) {
    const made = entities(prompt);
    const one = made.find((e) => e.fields.includes(first));
    const two = made.find((e) => e.fields.includes(second));
    assert.ok(one && two && one !== two, `${prompt}: ${JSON.stringify(made)}`);
    assert.ok(
      !one.fields.includes(second) && !two.fields.includes(first),
      `${prompt}: ${JSON.stringify(made)}`,
    );
  }
});

Deno.test("a duration the prompt names is the records' one duration, whatever it is called", () => {
  const fields = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.entities[0].fields;
  for (
    const prompt of [
      "ich will jede Radtour eintragen: Datum, Strecke, Kilometer und Dauer",
      "voglio segnare ogni uscita in bici: data, percorso e durata",
    ]
  ) {
    const durations = fields(prompt).filter((f) => f.type === "duration");
    assert.equal(durations.length, 1, `${prompt}: ${JSON.stringify(durations)}`);
  }
  // Records with no duration yet take the one named.
  const jam = fields("log every jam session with date, song and duration");
  assert.equal(jam.filter((f) => f.type === "duration").length, 1, JSON.stringify(jam));
});
