import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { quantities } from "../../supabase/functions/_generator/understand/quantities.ts";

/** Each reminder of a prompt: its own words, times and weekdays. */
const reminders = (prompt: string) =>
  understand(prompt).asks.filter((a) => a.type === "reminder").map((a) => {
    assert.equal(prompt.slice(a.start, a.end), a.quote);
    const days = a.quantities.flatMap((q) =>
      q.kind === "weekday" ? [q.day] : q.kind === "frequency" ? q.weekdays ?? [] : []
    );
    return { quote: a.quote, times: a.times ?? [], days };
  });

Deno.test("things to be reminded of joined by 'and' or a comma, each with its own time, are a reminder each", () => {
  assert.deepEqual(
    reminders("Remind me to feed the rabbit at 7:30 and to lock the shed at 22").map((r) => r.times),
    [
      ["07:30"],
      ["22:00"],
    ],
  );
  assert.deepEqual(
    reminders("Ricordami di chiamare la nonna alle 18 e di spegnere il forno alle 20:30").map((r) => r.quote),
    ["Ricordami di chiamare la nonna alle 18", "di spegnere il forno alle 20:30"],
  );
  assert.deepEqual(
    reminders("Rappelle-moi de sortir la poubelle à 19h et de prendre mon sirop à 21h").map((r) => r.times),
    [["19:00"], ["21:00"]],
  );
  assert.deepEqual(
    reminders("Erinnere mich um 6 Uhr ans Lüften und um 21 Uhr an die Zahnspange").map((r) => r.times),
    [["06:00"], ["21:00"]],
  );
  // A list of doses, each with its own time: a reminder each, the marks around it left out.
  assert.deepEqual(
    reminders("Ibuprofen at 9 and 15, vitamin D once in the morning, and melatonin at 23").map((r) =>
      r.quote
    ),
    [
      "Ibuprofen at 9 and 15",
      "vitamin D once in the morning",
      "melatonin at 23",
    ],
  );
});

Deno.test("weekdays named by one of the joined reminders are its own, not the other's", () => {
  const [plants, call] = reminders(
    "Recuérdame sacar al perro a las 8 y llamar a mi hermano a las 21 los viernes",
  );
  assert.deepEqual([plants.times, plants.days], [["08:00"], []]);
  assert.deepEqual([call.times, call.days], [["21:00"], [5]]);
});

Deno.test("several times of one thing, or a second thing with no time of its own, stay one reminder", () => {
  assert.deepEqual(reminders("remind me at 8, 14 and 20 to drink a glass of water").map((r) => r.times), [[
    "08:00",
    "14:00",
    "20:00",
  ]]);
  assert.equal(reminders("Ricordami alle 9 di innaffiare i gerani e di dare da mangiare al gatto").length, 1);
  assert.equal(reminders("Erinnere mich jeden Montag und Donnerstag um 7 an den Müll").length, 1);
  // Two parts that name their thing on different sides of their time are one thing at both ("Gewicht morgens
  // und abends notieren"), or a reminder beside something else ("suivi de la tension chaque dimanche").
  assert.equal(reminders("Erinnerung um 7 Uhr für den Müll, Gewicht morgens und abends notieren").length, 1);
  assert.equal(reminders("Rappel à 8h pour l'insuline, suivi de la tension chaque dimanche").length, 1);
  // A month names when, not another thing; "or" offers another time for the same thing.
  assert.equal(reminders("Remind me to prune the roses every week in May and June at 18").length, 1);
  assert.equal(reminders("Rappelle-moi d'appeler le plombier à 9h ou de lui écrire à 10h").length, 1);
});

Deno.test("each reminder joined by 'and' rings at its own time on the reminders screen, named by what it is for", () => {
  const prompt = "Remind me to feed the rabbit at 7:30 and to lock the shed at 22";
  const { spec } = composeSpec(prompt, { tier: "light" });
  const screen = spec.screens.find((s) => s.block === "reminders");
  assert.ok(screen);
  const entity = spec.entities.find((e) => e.key === screen.entity);
  assert.deepEqual(entity?.samples.map((r) => [r.title, r.time]), [
    ["Feed the rabbit", "07:30"],
    ["Lock the shed", "22:00"],
  ]);
});

Deno.test("a word of several days is each of them, in the five languages", () => {
  const days = (text: string, language: "en" | "it" | "fr" | "es" | "de") =>
    quantities(text, language).flatMap((q) =>
      q.kind === "weekday" ? [q.day] : q.kind === "frequency" ? q.weekdays ?? [] : []
    );
  assert.deepEqual(days("yoga on weekdays at 6", "en"), [1, 2, 3, 4, 5]);
  assert.deepEqual(days("every weekend at 9", "en"), [6, 0]);
  assert.deepEqual(days("la spesa nel fine settimana", "it"), [6, 0]);
  assert.deepEqual(days("le réveil en semaine à 6h30", "fr"), [1, 2, 3, 4, 5]);
  assert.deepEqual(days("tous les week-ends", "fr"), [6, 0]);
  assert.deepEqual(days("correr entre semana y el sábado", "es"), [1, 2, 3, 4, 5, 6]);
  assert.deepEqual(days("Joggen unter der Woche, Ausflüge am Wochenende", "de"), [1, 2, 3, 4, 5, 6, 0]);
});

Deno.test("the same thing on other days at another time is a reminder of its own, ringing on those days", () => {
  const prompt = "Remind me to stretch on weekdays at 6:30 and at the weekend at 9";
  assert.deepEqual(reminders(prompt).map((r) => [r.times, r.days]), [
    [["06:30"], [1, 2, 3, 4, 5]],
    [["09:00"], [6, 0]],
  ]);
  const { spec } = composeSpec(
    "Ricordami di fare stretching nei giorni feriali alle 6:30 e nel fine settimana alle 9",
    {
      tier: "light",
    },
  );
  const entity = spec.entities.find((e) => e.key === "reminder");
  assert.deepEqual(entity?.samples.map((r) => [r.time, r.weekdays]), [
    ["06:30", "1,2,3,4,5"],
    ["09:00", "6,7"],
  ]);
});

Deno.test("several weekdays with one time ring on each of them at that time, in the five languages", () => {
  const cases: [string, string, number[]][] = [
    ["remind me about piano every monday and friday at 5 pm", "17:00", [1, 5]],
    ["ricordami il corso il martedì e il venerdì alle 19", "19:00", [2, 5]],
    ["rappel piscine lundi et mercredi à 17h30", "17:30", [1, 3]],
    ["recuérdame el inglés lunes y miércoles a las 7 de la tarde", "19:00", [1, 3]],
    ["erinnere mich montags und freitags um 17 Uhr an den Kurs", "17:00", [1, 5]],
  ];
  for (const [prompt, time, days] of cases) {
    const [only, ...rest] = reminders(prompt);
    assert.equal(rest.length, 0, prompt);
    assert.deepEqual(only.times, [time], prompt);
    assert.deepEqual(only.days.sort(), days, prompt);
  }
  const { spec } = composeSpec("rappelle-moi la musique mardi et jeudi à 6 h du soir", { tier: "light" });
  const entity = spec.entities.find((e) => e.key === "reminder");
  assert.deepEqual(entity?.samples.map((r) => [r.time, r.weekdays]), [["18:00", "2,4"]]);
});

Deno.test("a part of the day alone rings at its usual hour, an hour stated beside it in its half", () => {
  assert.deepEqual(reminders("remind me every night to lock the garage")[0].times, ["22:00"]);
  assert.deepEqual(reminders("ricordami ogni sera alle 6 di chiudere le finestre")[0].times, ["18:00"]);
  assert.deepEqual(reminders("rappelle-moi le matin de boire de l'eau")[0].times, ["08:00"]);
  assert.deepEqual(reminders("avísame cada noche a las 11 para apagar el router")[0].times, ["23:00"]);
  assert.deepEqual(reminders("erinnere mich jeden Nachmittag um 3 an die Tabletten")[0].times, ["15:00"]);
});

Deno.test("a recurrence within a day rings from the first hour of its span to the last, in the five languages", () => {
  const cases: [string, string[]][] = [
    ["remind me to stand up every 2 hours from 10 to 4", ["10:00", "12:00", "14:00", "16:00"]],
    ["ogni 3 ore tra le 7 e le 22 ricordami l'acqua", ["07:00", "10:00", "13:00", "16:00", "19:00", "22:00"]],
    ["rappelle-moi les gouttes toutes les 4 heures entre 7h et 23h", [
      "07:00",
      "11:00",
      "15:00",
      "19:00",
      "23:00",
    ]],
    ["avísame cada 5 horas desde las 6 hasta las 21 para la pastilla", ["06:00", "11:00", "16:00", "21:00"]],
    ["erinnere mich alle 3 Stunden zwischen 9 und 18 Uhr ans Lüften", ["09:00", "12:00", "15:00", "18:00"]],
  ];
  for (const [prompt, times] of cases) {
    const [only, ...rest] = reminders(prompt);
    assert.equal(rest.length, 0, prompt);
    assert.deepEqual(only.times, times, prompt);
    // (Its hours are understood: none is left unmet.)
    assert.ok(understand(prompt).unmet.every((u) => !/\d/.test(u)), prompt);
  }
  // So many times a day are spread over it, the first and the last at its ends.
  assert.deepEqual(reminders("vitamins 3 times a day between 9 and 21")[0].times, [
    "09:00",
    "15:00",
    "21:00",
  ]);
  // Every so many minutes too, which the reminders keep.
  const { spec, unmet } = composeSpec("ogni 30 minuti dalle 14 alle 16 ricordami di bere", { tier: "light" });
  const entity = spec.entities.find((e) => e.key === "reminder");
  assert.deepEqual(entity?.samples.map((r) => r.time), ["14:00, 14:30, 15:00, 15:30, 16:00"]);
  assert.deepEqual(unmet, []);
});
