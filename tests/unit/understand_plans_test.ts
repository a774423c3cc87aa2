import assert from "node:assert/strict";
import { hasAsks as has, lacksAsk as lacks } from "./fixtures/ask_types.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

Deno.test("what to do each period is a plan of what goes to each, in the five languages", () => {
  has("an app telling me what to prune in the orchard each month", "schedule");
  has("cosa potare nel frutteto ogni mese", "schedule");
  has("quels arbres tailler chaque mois au verger", "schedule");
  has("qué podar en el huerto cada mes", "schedule");
  has("was ich jeden Monat im Obstgarten schneiden soll", "schedule");
  // What the speaker does each period is kept as it happens, and a relative is no question of what.
  lacks("what i eat each day", "schedule");
  lacks("i gastos que tengo que pagar cada mes", "schedule");
  lacks("tengo que tomar 1 pastilla al día, que me avise a las 8", "schedule");
});

Deno.test("a trip's stages with a day to each are a timetable, in the five languages", () => {
  has("the stages of our cycling tour with the date and the town", "schedule");
  has("il giro in bici: le tappe per giorno con paese e campeggio", "schedule");
  has("notre randonnée, les étapes par jour avec le refuge", "schedule");
  has("el camino de santiago, las etapas con fecha y albergue", "schedule");
  has("unsere Wanderung, die Etappen mit Datum und Hütte", "schedule");
  // (A stage the day comes before names no plan: "la date, le lieu et l'étape".)
  lacks("mes séances photo : client, date, lieu et l'étape (devis, fait)", "schedule");
});

Deno.test("sessions at a weekday and hour are their week, a reminder only where one is asked", () => {
  has("choir rehearsal every wednesday at 20:00", "schedule");
  has("lezione di chitarra ogni venerdì alle 17, avvisami mezz'ora prima", "schedule", "reminder");
  has("l'entraînement de judo est tous les mardis à 18h", "schedule");
  has("el taller de cerámica cada jueves a las 19:30, recuérdame el día antes", "schedule", "reminder");
  has("Gitarrenunterricht jeden Samstag um 10 Uhr", "schedule");
  lacks("choir rehearsal every wednesday at 20:00", "reminder");
  // A recurrence of what is to be done stays a reminder.
  has("remind me to feed the fish every friday at 9", "reminder");
  lacks("remind me to feed the fish every friday at 9", "schedule");
});

Deno.test("a week set out day by day is a timetable, an aggregate where a figure is asked", () => {
  has("i want to see the deliveries of the week by day", "schedule");
  has("vedere le consegne della settimana per giorno", "schedule");
  has("voir les livraisons de la semaine par jour", "schedule");
  has("ver las entregas de la semana por día", "schedule");
  has("die Lieferungen der Woche pro Tag anzeigen", "schedule");
  lacks("le total des livraisons de la semaine par jour", "schedule");
  has("le total des livraisons de la semaine par jour", "aggregate");
});

Deno.test("shifts are a plan's noun, unless the speaker notes their own", () => {
  has("die Thekenschichten beim Vereinsfest", "schedule");
  has("i turni dei volontari alla sagra", "schedule");
  lacks("ich möchte meine Spätschichten eintragen", "schedule");
  lacks("log my night shifts with the hours", "schedule");
  lacks("segnare i miei turni con le ore", "schedule");
});

Deno.test("a plan no noun names is built as the timetable", () => {
  for (
    const prompt of ["what to prune in the orchard each month", "Gitarrenunterricht jeden Samstag um 10 Uhr"]
  ) {
    const screens = composeSpec(prompt, { tier: "light" }).spec.screens.map((s) => s.block as string);
    assert.ok(screens.includes("timetable"), `${prompt}: ${screens}`);
  }
});

Deno.test("a week set out day by day keeps every day on the light tier, which cuts only a concept's samples", () => {
  const spec = composeSpec(
    "our week: Monday judo at 17:00, Tuesday choir at 18:30, Wednesday chess at 16:00, Thursday swim at 7:00, Friday pizza at 19:00",
    { tier: "light" },
  ).spec;
  const week = spec.entities.find((e) =>
    spec.screens.some((s) => s.block === "timetable" && s.entity === e.key)
  )!;
  assert.deepEqual(week.samples.map((r) => r.weekday), [1, 2, 3, 4, 5]);
});
