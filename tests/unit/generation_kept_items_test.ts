import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { dosedItems } from "../../supabase/functions/_generator/understand/dosed-items.ts";
import type { AppSpec, EntitySpec } from "../../supabase/functions/_generator/template/src/types.ts";

const made = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec;
/** The records whose samples hold `name` in a text field. */
const holding = (spec: AppSpec, name: string): EntitySpec | undefined =>
  spec.entities.find((e) => e.samples.some((s) => Object.values(s).includes(name)));
const listed = (spec: AppSpec, entity: EntitySpec) =>
  spec.screens.some((s) => s.block === "collection" && s.entity === entity.key);

Deno.test("things listed each with a dose are read as items: name, dose and when", () => {
  const items = dosedItems(
    "nonno prende: sinvastatina 20 mg la sera, cardioaspirina 100 mg, ramipril 2,5 mg",
    "it",
  );
  assert.deepEqual(items.map((i) => i.name), ["Sinvastatina", "Cardioaspirina", "Ramipril"]);
  assert.deepEqual(items.map((i) => i.dose), ["20 mg", "100 mg", "2,5 mg"]);
  assert.equal(items[0].when, "la sera");
  assert.equal(items[2].amount, 2.5);
  // (Times after a comma go on saying when: "at 8, 16 and 24".)
  const timed = dosedItems("levothyroxine 50 mcg at 6, 12 and 18, folic acid 5 mg", "en");
  assert.equal(timed[0].when, "at 6, 12 and 18");
  assert.equal(timed.length, 2);
  // (One item is no list; numbers with no unit of dose are no dose.)
  assert.equal(dosedItems("ibuprofen 400 mg when needed", "en").length, 0);
  assert.equal(dosedItems("room 12, floor 3, desk 4", "en").length, 0);
});

Deno.test("things listed with sets and repetitions are read as items with both", () => {
  const items = dosedItems("routine: pompes 3x15, gainage 4 x 30 secondes, dips 3x8", "fr");
  assert.deepEqual(items.map((i) => [i.name, i.sets, i.reps]), [["Pompes", 3, 15], ["Gainage", 4, 30], [
    "Dips",
    3,
    8,
  ]]);
  const de = dosedItems("Reha: Beinpresse 3x12, Wadenheben 2x20", "de");
  assert.deepEqual(de.map((i) => i.name), ["Beinpresse", "Wadenheben"]);
});

Deno.test("medicines listed with doses are the list's records, one sample each, no field named by them", () => {
  const cases: [string, string, string][] = [
    [
      "my aunt takes: losartan 50 mg morning, metformin 850 mg evening, vitamin d 2000 iu. a list to tick each day",
      "Losartan",
      "Metformin",
    ],
    [
      "mio zio prende: bisoprololo 5 mg la mattina, lansoprazolo 15 mg, cardioaspirina 100 mg. da spuntare ogni giorno",
      "Bisoprololo",
      "Lansoprazolo",
    ],
    [
      "ma mère prend : levothyrox 75 µg le matin, doliprane 1000 mg le soir. à cocher chaque jour",
      "Levothyrox",
      "Doliprane",
    ],
    [
      "mi abuelo toma: enalapril 10 mg por la mañana, simvastatina 20 mg por la noche. para marcar cada día",
      "Enalapril",
      "Simvastatina",
    ],
    [
      "mein opa nimmt: bisoprolol 5 mg morgens, pantoprazol 40 mg abends. zum abhaken",
      "Bisoprolol",
      "Pantoprazol",
    ],
  ];
  for (const [prompt, first, second] of cases) {
    const spec = made(prompt);
    const records = holding(spec, first);
    assert.ok(records, `${prompt}: no records hold ${first}`);
    assert.ok(records.samples.some((s) => Object.values(s).includes(second)), prompt);
    assert.ok(listed(spec, records), `${prompt}: not listed`);
    assert.ok(records.fields.some((f) => f.key === "dose" || f.key === "when"), prompt);
    const folded = first.toLowerCase();
    for (const e of spec.entities) {
      assert.ok(
        !e.fields.some((f) => f.key.toLowerCase().startsWith(folded)),
        `${prompt}: field named by ${first}`,
      );
    }
  }
});

Deno.test("exercises listed with sets and reps are the records, with sets and reps of their own", () => {
  const cases: [string, string][] = [
    ["hip rehab: clamshells 3x15, glute bridges 3x12, side planks 2x30 seconds", "Clamshells"],
    [
      "esercizi per le spalle: alzate laterali 3x12, rematore 3x10, face pull 3x15, segnare le serie fatte",
      "Alzate laterali",
    ],
    ["exos dos : superman 3x10, chat-vache 2x15, gainage 3x30", "Superman"],
    ["rutina de hombro: rotaciones 3x15, remo con banda 3x12, marcar cada serie", "Rotaciones"],
    ["Knieübungen: Beinheben 3x15, Brücke 3x12, Kniebeugen 2x10, jede Serie abhaken", "Beinheben"],
  ];
  for (const [prompt, first] of cases) {
    const spec = made(prompt);
    const records = holding(spec, first);
    assert.ok(records, `${prompt}: no records hold ${first}`);
    const sample = records.samples.find((s) => Object.values(s).includes(first))!;
    assert.equal(sample.sets, 3, prompt);
    assert.ok(typeof sample.reps === "number", prompt);
    assert.ok(listed(spec, records), prompt);
  }
  // (A word of sets beside such items names no watchlist of TV series.)
  const it = made("esercizi per le spalle: alzate laterali 3x12, rematore 3x10, segnare le serie fatte");
  assert.ok(!it.entities.some((e) => e.key === "watchlistItem"));
});

Deno.test("a catalog of things each with an amount keeps them as what it offers", () => {
  // (Drinks and their caffeine are what a counter picks from, not a list of records of their own.)
  const spec = made(
    "Make a caffeine counter. Coffee 95 mg, espresso 63 mg, tea 47 mg. Warn me over 400 mg a day.",
  );
  assert.ok(!spec.entities.some((e) => e.fields.some((f) => f.key === "when")));
});

Deno.test("tips counted per something are a log of the sums, with what they are counted per", () => {
  const cases: [string, string, string][] = [
    ["the tips i get per shift", "Tips", "shift"],
    ["le mance che prendo per serata", "Mance", "serata"],
    ["mes pourboires par soirée", "Pourboires", "soiree"],
    ["las propinas por turno", "Propinas", "turno"],
    ["Trinkgeld pro Schicht", "Trinkgeld", "schicht"],
  ];
  for (const [prompt, name, per] of cases) {
    const composed = composeSpec(prompt, { tier: "light" });
    assert.ok(composed.spec.name.startsWith(name), `${prompt}: ${composed.spec.name}`);
    assert.ok(composed.spec.screens.some((s) => s.block === "log"), prompt);
    assert.ok(!composed.spec.screens.some((s) => s.block === "calculator"), prompt);
    const [records] = composed.spec.entities;
    assert.ok(records.fields.some((f) => f.type === "money"), prompt);
    assert.ok(records.fields.some((f) => f.key === per), `${prompt}: ${records.fields.map((f) => f.key)}`);
  }
  // (A tip on a bill is still the calculator's.)
  assert.ok(made("tip calculator for dinner with friends").screens.some((s) => s.block === "calculator"));
  assert.ok(made("calcolatore della mancia al ristorante").screens.some((s) => s.block === "calculator"));
});

Deno.test("a short prompt of the speaker's own things with a score is their list and a rating, no quiz", () => {
  for (
    const prompt of [
      "my movies watched and score",
      "i miei libri letti e punteggio",
      "mis pelis vistas y puntuación",
    ]
  ) {
    const types = understand(prompt).asks.map((a) => a.type);
    assert.ok(types.includes("list"), `${prompt}: ${types}`);
    assert.ok(types.includes("rating"), `${prompt}: ${types}`);
    assert.ok(!types.includes("quiz"), `${prompt}: ${types}`);
    const spec = made(prompt);
    assert.ok(spec.entities[0].fields.some((f) => f.type === "rating"), prompt);
  }
  // (Cards of a quiz stay a quiz; a longer prompt is read as it was.)
  assert.ok(understand("my flashcards and score").asks.some((a) => a.type === "quiz"));
});
