import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
const schedule = (prompt: string) => understand(prompt).asks.find((a) => a.type === "schedule");

Deno.test("sessions so many times a day, alone in their sentence or with a noun of what is done, are a timetable", () => {
  for (
    const prompt of [
      "my knee exercises from the physio. Twice a day. I want to tick off each one",
      "stretching exercises 3 times a day",
      "esercizi per il collo tre volte al giorno",
      "des exercices de respiration deux fois par jour",
      "ejercicios para la espalda tres veces al día",
      "Dehnübungen dreimal am Tag",
    ]
  ) {
    assert.ok(schedule(prompt), prompt);
    assert.ok(!types(prompt).includes("reminder"), prompt);
  }
});

Deno.test("a dose so many times a day, or a reminder asked, stays a reminder", () => {
  for (
    const prompt of [
      "eye drops 4x a day for 2 weeks",
      "Twice a day.",
      "remind me to do my exercises twice a day",
      "gocce per gli occhi 3 volte al giorno",
      "rappelle-moi mes exercices deux fois par jour",
      "Augentropfen dreimal am Tag",
    ]
  ) {
    assert.ok(types(prompt).includes("reminder"), prompt);
    assert.ok(!schedule(prompt), prompt);
  }
});

Deno.test("times of day of a noun of what is done are its timetable at those times", () => {
  for (
    const [prompt, times] of [
      ["freezer log. checks at 6:00 and 14:00 every day", ["06:00", "14:00"]],
      ["misurazioni alle 7 e alle 21 tutti i giorni, pressione e battito", ["07:00", "21:00"]],
      ["relevés à 8h et 17h chaque jour", ["08:00", "17:00"]],
      ["controles a las 10:00 y a las 18:00 todos los días", ["10:00", "18:00"]],
      ["Messungen um 7:00 und 19:00 jeden Tag", ["07:00", "19:00"]],
    ] as const
  ) {
    const found = schedule(prompt);
    assert.deepEqual(found?.times, times, prompt);
    assert.ok(!types(prompt).includes("reminder"), prompt);
  }
  // (A dose at its times stays a reminder.)
  assert.ok(!schedule("Metformin 500 mg at 8, 16 and 24"));
  assert.ok(!schedule("pastiglie alle 8 e alle 20"));
});

Deno.test("a span of the day, one time to another, is a timetable", () => {
  for (
    const [prompt, times] of [
      ["fasting tracker, eating window 1pm to 9pm", ["13:00", "21:00"]],
      ["digiuno intermittente, finestra alimentare dalle 12 alle 20", ["12:00", "20:00"]],
      ["jeûne : fenêtre de repas de 12h à 20h", ["12:00", "20:00"]],
      ["ayuno, ventana para comer de 12:00 a 20:00", ["12:00", "20:00"]],
      ["Fasten, Essfenster von 12 bis 20 Uhr", ["12:00", "20:00"]],
    ] as const
  ) {
    assert.deepEqual(schedule(prompt)?.times, times, prompt);
  }
  // (A reminder asked within the span stays one.)
  assert.ok(!schedule("remind me to stand up every hour from 9 to 5"));
});

Deno.test("so many weeks and so many of something a week are a plan of weeks", () => {
  for (
    const prompt of [
      "walking plan: 6 weeks, 4 walks a week",
      "programma di nuoto: 10 settimane, 2 allenamenti a settimana",
      "plan vélo sur 6 semaines, 3 sorties par semaine",
      "plan de natación: 8 semanas, 2 sesiones por semana",
      "Schwimmplan: 10 Wochen, 2 Einheiten pro Woche",
    ]
  ) {
    assert.ok(schedule(prompt), prompt);
  }
  // (A number of weeks with nothing counted in each is no plan.)
  assert.ok(!schedule("how many weeks until 12 weeks are over"));
});

Deno.test("a time field planned for each record sets the records out as a timetable", () => {
  for (
    const prompt of [
      "my clients with name, address and planned visit time",
      "i pazienti con nome, indirizzo e orario previsto",
      "les rendez-vous avec nom, téléphone et heure prévue",
      "los pedidos con cliente, dirección y hora prevista de entrega",
      "Lieferungen mit Kunde, Adresse und geplanter Uhrzeit",
    ]
  ) {
    assert.ok(schedule(prompt), prompt);
  }
  assert.ok(!schedule("my clients with name, address and phone"));
  const app = composeSpec("my clients with name, address and planned visit time", { tier: "light" }).spec;
  assert.ok(app.screens.some((s) => s.block === "timetable"));
});

Deno.test("a task said with its rhythm of days, weeks or months, asking nothing else, is a reminder of it", () => {
  for (
    const [prompt, subject] of [
      ["descale the kettle every 3 weeks", "descale the kettle"],
      ["potare il basilico ogni 10 giorni", "potare il basilico"],
      ["changer l'eau du vase tous les 3 jours", "changer l'eau du vase"],
      ["limpiar la pecera cada 2 semanas", "limpiar la pecera"],
      ["das Aquarium alle 2 Wochen sauber machen", "Aquarium"],
    ] as const
  ) {
    const reminder = understand(prompt).asks.find((a) => a.type === "reminder");
    assert.equal(reminder?.subject, subject, prompt);
  }
  // (What the speaker tells they do, or a log asked, is kept, not reminded of.)
  assert.ok(!types("I weigh my dog every 2 weeks").includes("reminder"));
  assert.ok(!types("log my weight every 2 weeks").includes("reminder"));
});
