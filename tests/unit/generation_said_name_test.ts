import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { writtenOut } from "../../supabase/functions/_generator/compose-spec/said-name.ts";

const spec = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec;

Deno.test("an app whose name is only its concept's generic word is named by the place the prompt says", () => {
  const cases: [string, string, string][] = [
    // prompt, name, records' label (the concept's, kept)
    ["how many times did i go to the gym this year", "Gym", "Workout"],
    ["combien de fois je vais à la salle de sport ce mois ci", "Salle de sport", "Séance"],
    ["wie oft gehe ich diesen monat ins fitnessstudio", "Fitnessstudio", "Training"],
    ["quante volte vado in palestra questo mese", "Palestra", "Allenamento"],
    ["cuántas veces voy al gimnasio este año", "Gimnasio", "Entrenamiento"],
  ];
  for (const [prompt, name, label] of cases) {
    const made = spec(prompt);
    assert.equal(made.name, name, prompt);
    assert.equal(made.entities[0].label, label, prompt);
  }
});

Deno.test("a name the prompt says itself, or a question's words, are not replaced by the place", () => {
  assert.equal(spec("my workouts log").name, "Workouts");
  assert.equal(spec("i go to the gym 3 times a week, log each workout").name, "Gym");
  const coffee = spec("tengo nota di quanti caffe prendo al bar e quanto spendo").name;
  assert.ok(!/spendo/i.test(coffee), coffee);
});

Deno.test("short forms of a subject's word are written out in the name and the records' labels", () => {
  const en = spec("bday reminders for my friends");
  assert.equal(en.name, "Birthday Reminders");
  assert.equal(en.entities[0].label, "Birthday");
  const es = spec("recordatorio de cumples de mis amigos");
  assert.equal(es.name, "Recordatorio de cumpleaños");
  assert.equal(es.entities[0].label, "Cumpleaños");
  const fr = spec("anniv de mes potes, me rappeler la veille");
  assert.equal(fr.name, "Anniversaire");
  assert.equal(fr.entities[0].plural, "Anniversaires");
  assert.equal(spec("promemoria per i compli dei miei amici").name, "Promemoria per i compleanni");
  assert.equal(spec("liste der geburis in der familie").name, "Liste der Geburtstage");
  assert.equal(writtenOut("Bday Reminders", "en"), "Birthday Reminders");
  assert.equal(writtenOut("mes rdv", "fr"), "mes rendez-vous");
  assert.equal(writtenOut("Cumples", "es"), "Cumpleaños");
  assert.equal(writtenOut("Geburis", "de"), "Geburtstage");
  assert.equal(writtenOut("Compli", "it"), "Compleanni");
  // (A word that only begins like one is kept.)
  assert.equal(writtenOut("Bdays list", "it"), "Bdays list");
});

Deno.test("a name that is only a unit of measure or the speaker's verb is the activity measured", () => {
  const cases: [string, string][] = [
    ["keep track of the miles i cycle to work", "Cycling"],
    ["the miles that i run every week", "Running"],
    ["die km die ich jede woche laufe", "Laufen"],
    ["los kilometros que corro cada semana", "Carrera"],
    ["i km che corro ogni settimana", "Corse"],
    ["les km que je cours chaque semaine", "Course à pied"],
  ];
  for (const [prompt, name] of cases) assert.equal(spec(prompt).name, name, prompt);
});
