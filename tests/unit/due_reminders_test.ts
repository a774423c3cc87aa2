import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { dueAfter, intervalOf } from "../../supabase/functions/_generator/compose-spec/due-every.ts";

const reminder = (prompt: string) => understand(prompt).asks.find((a) => a.type === "reminder");
const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
const compose = (prompt: string) => composeSpec(prompt, { tier: "light", today: new Date("2026-11-29") });

Deno.test("a question of when something falls due or how often it must be done is a reminder of it", () => {
  const cases: [string, string][] = [
    ["how often should i descale the kettle", "descale the kettle"],
    ["when do i need to repot my plants", "repot my plants"],
    ["quando tocca il tagliando alla vespa", "tagliando alla vespa"],
    ["ogni quanti giorni va innaffiato il basilico", "innaffiato il basilico"],
    ["tous les combien faut-il changer le filtre", "changer le filtre"],
    ["quand faut-il changer les pneus", "changer les pneus"],
    ["cada cuantos dias hay que regar los cactus", "regar los cactus"],
    ["una app para saber cuándo le toca la ITV, el seguro y el cambio de aceite", "ITV"],
    ["wie oft muss ich den Filter wechseln", "Filter wechseln"],
    ["wann muss der Rasen gemäht werden", "Rasen gemäht"],
  ];
  for (const [prompt, subject] of cases) {
    assert.equal(reminder(prompt)?.subject, subject, prompt);
  }
});

Deno.test("the question's own words ask no figure of how often, no countdown and no records of their own", () => {
  for (
    const prompt of [
      "ogni quanto va cambiato il filtro dell'acqua",
      "wie oft muss ich den filter wechseln",
      "cada cuánto tengo que cambiar el cepillo de dientes",
      "tous les combien de jours faut-il arroser les cactus",
      "how often should i change the water in the fish tank",
    ]
  ) {
    const found = types(prompt);
    assert.ok(found.includes("reminder"), prompt);
    for (const type of ["aggregate", "countdown", "log"]) {
      assert.ok(!found.includes(type as never), `${prompt}: ${type}`);
    }
  }
});

Deno.test("when the speaker does something, or a question asks no obligation, is no reminder", () => {
  for (
    const prompt of [
      "log when i need my inhaler",
      "how often i go to the gym each month",
      "quando vado in palestra segno i pesi",
      "quand je cours je note la distance",
      "cuándo fui al médico y por qué",
      "wann ich joggen war und wie weit",
    ]
  ) {
    assert.ok(!types(prompt).includes("reminder"), prompt);
  }
});

Deno.test("a reminder of every few days, weeks, months or years is a due date per thing, counted down to", () => {
  const cases: [string, string, number, string, string][] = [
    ["spray the fruit trees every 10 days", "Spray the fruit trees", 10, "days", "2026-12-09"],
    [
      "ricordami di cambiare il filtro della caldaia ogni 6 mesi",
      "Cambiare il filtro",
      6,
      "mesi",
      "2027-05-29",
    ],
    [
      "rappelle-moi de détartrer la bouilloire toutes les 2 semaines",
      "Détartrer la bouilloire",
      2,
      "semaines",
      "2026-12-13",
    ],
    ["recordarme cambiar las sábanas cada 2 semanas", "Cambiar las sábanas", 2, "semanas", "2026-12-13"],
    ["erinnere mich alle 3 Monate an den Ölwechsel", "Ölwechsel", 3, "Monate", "2027-02-28"],
  ];
  for (const [prompt, title, every, period, next] of cases) {
    const { spec } = compose(prompt);
    const due = spec.entities.find((e) => e.key === "due");
    assert.ok(due, prompt);
    assert.deepEqual(
      due.fields.map((f) => f.key),
      ["title", "every", "period", "lastDone", "nextDue"],
      prompt,
    );
    assert.deepEqual(
      due.samples.map((s) => [s.title, s.every, s.period, s.nextDue]),
      [[title, every, period, next]],
      prompt,
    );
    const screen = spec.screens.find((s) => s.entity === "due");
    assert.equal(screen?.block, "collection", prompt);
    assert.equal(screen?.options.countdownField, "nextDue", prompt);
    assert.ok(!spec.screens.some((s) => s.block === "reminders"), prompt);
  }
});

Deno.test("each recurrence of one reminder is its own due thing", () => {
  const { spec } = compose(
    "ricordami di cambiare il filtro della caldaia ogni 6 mesi e la revisione della macchina ogni 2 anni",
  );
  const due = spec.entities.find((e) => e.key === "due")!;
  assert.deepEqual(due.samples.map((s) => [s.title, s.every, s.period]), [
    ["Cambiare il filtro", 6, "mesi"],
    ["Revisione della macchina", 2, "anni"],
  ]);
  const es =
    compose("recordarme cambiar las sábanas cada 2 semanas y limpiar el filtro del aire cada mes").spec;
  assert.deepEqual(es.entities.find((e) => e.key === "due")!.samples.map((s) => s.title), [
    "Cambiar las sábanas",
    "Limpiar el filtro",
  ]);
});

Deno.test("a reminder the reminders can keep, or one said with its time of day, stays a reminder", () => {
  for (
    const prompt of [
      "remind me to water the plants every day at 8",
      "remind me to pay the rent every month",
      "ricordami la pillola ogni 8 ore",
      "remind me to water every 2 days at 7pm",
      "erinnere mich jeden Montag an den Müll",
    ]
  ) {
    const { spec } = compose(prompt);
    assert.ok(spec.screens.some((s) => s.block === "reminders"), prompt);
    assert.ok(!spec.entities.some((e) => e.key === "due"), prompt);
  }
});

Deno.test("records that keep their own interval are the due things", () => {
  const { spec } = compose("rappelle moi d'arroser les plantes tous les 3 jours");
  assert.ok(!spec.entities.some((e) => e.key === "due"));
  assert.ok(spec.entities.some((e) => e.fields.some((f) => f.key === "everyDays")));
});

Deno.test("an interval the reminders cannot keep, and the day it falls due", () => {
  const every = (unit: string, n?: number) =>
    intervalOf([{ kind: "frequency", unit, ...(n ? { every: n } : {}), text: "", start: 0, end: 0 }]);
  assert.deepEqual(every("day", 3), { every: 3, unit: "day" });
  assert.equal(every("day"), undefined);
  assert.equal(every("week"), undefined);
  assert.deepEqual(every("year"), { every: 1, unit: "year" });
  assert.equal(every("h", 8), undefined);
  const from = new Date("2027-01-31");
  assert.equal(dueAfter(from, { every: 1, unit: "month" }), "2027-02-28");
  assert.equal(dueAfter(from, { every: 2, unit: "week" }), "2027-02-14");
  assert.equal(dueAfter(from, { every: 1, unit: "year" }), "2028-01-31");
});
