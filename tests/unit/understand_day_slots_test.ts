import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
const schedule = (prompt: string) => understand(prompt).asks.find((a) => a.type === "schedule");

Deno.test("parts of the day joined, with a task set to a weekday beside them, are a week of tasks, no reminder", () => {
  for (
    const [prompt, daily, weekly, day] of [
      [
        "feed the cat morning and evening and clean the litter every saturday",
        "feed the cat",
        "clean the litter",
        6,
      ],
      [
        "feeding the hamster every day morning and evening and cleaning the cage on sundays",
        "feeding the hamster",
        "cleaning the cage",
        7,
      ],
      [
        "dare da mangiare al gatto mattina e sera e pulire la lettiera ogni sabato",
        "dare da mangiare al gatto",
        "pulire la lettiera",
        6,
      ],
      [
        "il pesce: mangime la mattina e la sera, cambiare l'acqua ogni domenica",
        "mangime",
        "cambiare l'acqua",
        7,
      ],
      [
        "une appli pour mon lapin : le nourrir matin et soir tous les jours et nettoyer la cage chaque samedi",
        "nourrir",
        "nettoyer la cage",
        6,
      ],
      [
        "nourrir les poules le matin et le soir et ramasser les oeufs le dimanche",
        "nourrir les poules",
        "ramasser les oeufs",
        7,
      ],
      ["dar de comer al perro mañana y noche y bañarlo cada domingo", "dar de comer al perro", "bañarlo", 7],
      ["regar el huerto por la mañana y por la noche y abonar los lunes", "regar el huerto", "abonar", 1],
      [
        "katze füttern morgens und abends und katzenklo jeden samstag sauber machen",
        "katze füttern",
        "katzenklo",
        6,
      ],
      [
        "Hühner füttern morgens und abends, Stall ausmisten jeden Freitag",
        "Hühner füttern",
        "Stall ausmisten",
        5,
      ],
    ] as const
  ) {
    const asks = understand(prompt).asks;
    assert.ok(!asks.some((a) => a.type === "reminder"), prompt);
    const slots = asks.find((a) => a.type === "schedule")?.slots ?? [];
    assert.equal(slots.filter((s) => s.what === daily).length, 14, prompt);
    assert.deepEqual(new Set(slots.filter((s) => s.what === daily).map((s) => s.time)).size, 2, prompt);
    assert.deepEqual(
      slots.filter((s) => s.what !== daily).map((s) => [s.what, s.day]),
      [[weekly, day]],
      prompt,
    );
  }
});

Deno.test("parts of the day that open their phrase are the day's slots: a schedule at their hours", () => {
  for (
    const prompt of [
      "blood pressure diary: morning and evening, 3 readings each time",
      "diario della pressione: mattina e sera, 3 misure ogni volta",
      "Un suivi de ma tension pour mon médecin : le matin et le soir, 3 mesures à chaque fois",
      "control de la glucosa: por la mañana y por la noche, antes de comer",
      "Blutdruck-Tagebuch: morgens und abends, jeweils 3 Messungen",
    ]
  ) {
    const ask = schedule(prompt);
    assert.ok(ask, prompt);
    assert.equal(ask.times?.length, 2, prompt);
  }
});

Deno.test("parts of the day said with a word of reminding, or only after what is noted, ask no timetable", () => {
  for (
    const prompt of [
      "remind me to take my pills morning and evening",
      "need to track my blood pressure morning and evening",
      "ricordami di prendere le medicine mattina e sera",
      "rappelle-moi de nourrir le chat matin et soir et de nettoyer la litière chaque samedi",
      "recuérdame regar las plantas por la mañana y por la noche",
      "Tabletten erinnerung morgens und abends",
    ]
  ) {
    assert.ok(!types(prompt).includes("schedule"), prompt);
  }
  assert.ok(types("remind me to take my pills morning and evening").includes("reminder"));
  assert.ok(types("Tabletten erinnerung morgens und abends").includes("reminder"));
});

Deno.test("what a timetable places on days is the noun asked which of, not the verb after it", () => {
  for (
    const [prompt, subject] of [
      ["plan which recipe goes to which day for lunch and dinner", "recipe"],
      ["quale ricetta in quale giorno", "ricetta"],
      ["qué receta va cada día de la semana", "receta"],
      ["ich möchte planen welches rezept an welchem tag gekocht wird", "rezept"],
      ["putzplan für die woche: welches zimmer an welchem tag", "zimmer"],
    ] as const
  ) {
    const subjects = understand(prompt).asks.filter((a) => a.type === "schedule").map((a) => a.subject);
    assert.ok(subjects.includes(subject), `${prompt}: ${subjects}`);
  }
});

Deno.test("records named before a `:` that states their week day by day are that timetable, no list of their own", () => {
  for (
    const [prompt, subject] of [
      [
        "vorrei organizzare gli allenamenti della settimana: lunedi corsa, mercoledi pesi e venerdi nuoto",
        "allenamenti",
      ],
      [
        "je veux organiser mes entraînements de la semaine : lundi course, mercredi muscu, vendredi natation",
        "entraînements",
      ],
      [
        "quiero organizar mis entrenamientos de la semana: lunes correr, miércoles pesas y viernes natación",
        "entrenamientos",
      ],
      ["my workouts for the week: monday run, wednesday weights, friday swim", "workouts"],
      ["meine trainings der woche: montag laufen, mittwoch kraft, freitag schwimmen", "trainings"],
    ] as const
  ) {
    const asks = understand(prompt).asks;
    assert.deepEqual(asks.map((a) => a.type), ["schedule"], prompt);
    assert.equal(asks[0].subject, subject, prompt);
    assert.equal(asks[0].slots?.length, 3, prompt);
  }
});

Deno.test("an Italian plan of something is a schedule, as a plan is in the other languages", () => {
  for (
    const prompt of ["piano di allenamento per la mezza maratona", "piano dei pasti", "piano delle pulizie"]
  ) {
    assert.ok(types(prompt).includes("schedule"), prompt);
  }
});

Deno.test("a week of tasks at parts of the day composes a timetable of them", () => {
  const { spec } = composeSpec("dare da mangiare al gatto mattina e sera e pulire la lettiera ogni sabato", {
    tier: "light",
  });
  const timetable = spec.screens.find((s) => s.block === "timetable");
  assert.ok(timetable);
  assert.ok(!spec.screens.some((s) => s.block === "reminders"));
  const entity = spec.entities.find((e) => e.key === timetable.entity)!;
  assert.equal(entity.samples?.length, 15);
});
