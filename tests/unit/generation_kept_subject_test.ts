// The app's subject is what the prompt keeps: the object of the verb of keeping, opened by any possessive
// ("le sue passeggiate", "ihre Spaziergänge", "its walks"), not a concept the story around it names ("mia
// nonna ha il diabete"), and records whose own words name a concept that calls them by another noun and
// holds none of the fields the prompt lists for them are not that concept's (compose-spec/other-kind.ts):
// a home baker's bakes are no bakery's priced products.
import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
const app = (prompt: string) => composeSpec(prompt, { tier: "light" });

/** Prompt, the records' plural, a word the app must not be about (the story's concept). */
const STORY: [string, RegExp, RegExp][] = [
  [
    "mia nonna ha il diabete e vorrei segnare le sue passeggiate con durata e km",
    /passeggiate/,
    /diabete|glicemia/,
  ],
  ["mia nonna ha il diabete, voglio segnare le sue passeggiate", /passeggiate/, /diabete|glicemia/],
  ["il mio cane ha l'artrite e voglio annotare le sue passeggiate", /passeggiate/, /artrite/],
  [
    "meine mutter hat diabetes, ich will ihre spaziergänge aufschreiben mit dauer und strecke",
    /spaziergange/,
    /diabetes|blutzucker|messung/,
  ],
  ["mein vater hat diabetes, ich möchte seine spaziergänge eintragen", /spaziergange/, /diabetes|blutzucker/],
  [
    "meine mutter hat diabetes und ich will ihre spaziergänge notieren",
    /spaziergange/,
    /diabetes|blutzucker/,
  ],
  ["my mum is diabetic and i want to log her walks - how long and how far", /walks/, /diabet|blood sugar/],
  ["our dog has arthritis and i want to log its walks with duration", /walks/, /arthritis/],
  [
    "ma mere est diabetique et je veux noter ses promenades (durée, distance)",
    /promenades/,
    /diabet|glycemie/,
  ],
  ["ma grand-mère a du diabète et je veux noter ses promenades", /promenades/, /diabet|glycemie/],
  [
    "mi padre tiene diabetes y quiero apuntar sus caminatas, tiempo y distancia",
    /caminatas/,
    /diabet|glucosa/,
  ],
  ["mi abuela tiene diabetes y quiero apuntar sus paseos con duración", /paseos/, /diabet|glucosa/],
];

for (const [prompt, plural, story] of STORY) {
  Deno.test(`the records are the object kept, not the story's subject: ${prompt}`, () => {
    const { spec } = app(prompt);
    const [records] = spec.entities;
    assert.match(fold(records.plural), plural);
    assert.doesNotMatch(fold(spec.name), story);
    assert.ok(
      !spec.entities.some((e) => story.test(fold(`${e.label} ${e.plural} ${e.fields.map((f) => f.label)}`))),
      JSON.stringify(spec.entities.map((e) => [e.plural, e.fields.map((f) => f.label)])),
    );
    assert.equal(records.samples.length, 0);
  });
}

/** Prompt, the records' plural, a field the prompt lists, a field of the concept the words name. */
const OTHER_KIND: [string, RegExp, string, string][] = [
  ["sourdough bake log: flour, hydration %, how it came out", /sourdough bake/, "Flour", "Allergens"],
  ["log my bakes: flour, hydration, crumb", /bakes/, "Crumb", "Price"],
  ["diario delle mie focacce: farina, idratazione, lievitazione", /focacce/, "Lievitazione", "Prezzo"],
  ["journal de mes baguettes maison : farine, hydratation, cuisson", /baguettes/, "Cuisson", "Prix"],
  ["registro de mis barras de pan: harina, hidratación, fermentación", /barras de pan/, "Harina", "Precio"],
  ["protokoll meiner sauerteigbrote: mehl, hydration, ergebnis", /sauerteigbrote/, "Mehl", "Allergene"],
  ["meine brötchen backprotokoll: mehl, wasser, gehzeit", /brotchen/, "Gehzeit", "Preis"],
];

for (const [prompt, plural, asked, theirs] of OTHER_KIND) {
  Deno.test(`records of another kind than the concept their words name keep their own fields: ${prompt}`, () => {
    // (The words do name the concept: the rule is what keeps its records out.)
    assert.equal(understand(prompt).concepts[0]?.id, "bakery-product");
    const made = app(prompt);
    const [records] = made.spec.entities;
    assert.match(fold(records.plural), plural);
    const labels = records.fields.map((f) => f.label);
    assert.ok(labels.includes(asked), labels.join(", "));
    assert.ok(!labels.includes(theirs), labels.join(", "));
    assert.equal(records.samples.length, 0);
    assert.ok(made.withoutSamples.includes(records.plural));
  });
}

Deno.test("records whose fields another concept holds are that concept's: an aquarium's water tests", () => {
  const { spec } = app("aquarium log. weekly water tests: pH, ammonia, nitrite, nitrate, temperature");
  // (Not a houseplant's watering, which "water" names, nor a second list of the same tests.)
  assert.equal(spec.entities.length, 1);
  const [records] = spec.entities;
  assert.ok(records.samples.length > 0);
  assert.ok(records.fields.some((f) => f.key === "tank"));
  assert.ok(!records.fields.some((f) => /water/i.test(f.label)));
});

/** Prompts whose records the concept calls by their own noun, or holds a field of: its records, samples. */
const KEPT: [string, string][] = [
  ["log my wine tastings: producer, grape, year, score", "wine"],
  ["meine weinsammlung: weingut, rebsorte, jahrgang, bewertung", "wine"],
  ["expense log: what, cost, shop", "expense"],
  ["track my garden harvest: crop, weight, date", "harvest"],
  ["lista dei miei libri con il prezzo", "book-reading"],
];

for (const [prompt, concept] of KEPT) {
  Deno.test(`records the concept calls by their noun or holds a field of stay its own: ${prompt}`, () => {
    const [records] = app(prompt).spec.entities;
    assert.equal(records.key, concept.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()));
    assert.ok(records.samples.length > 0);
  });
}

/** Prompt, the records' plural, a field of the occasion's concept the records must not take. */
const FOR_OCCASION: [string, RegExp, string][] = [
  ["charades for family game night: random words to act out and a 60 second timer", /charades/, "Winner"],
  ["a list of snacks for movie night", /snacks/, "Where"],
  ["lista degli snack per la serata film", /snack/, "Titolo"],
  ["giochi per la festa di compleanno di mia figlia", /giochi/, "Evento"],
  ["liste des snacks pour la soirée film", /snacks/, "Titre"],
  ["idées de jeux pour l'anniversaire de mon fils", /jeux/, "Date de naissance"],
  ["lista de juegos para la fiesta de cumpleaños de mi hijo", /juegos/, "Tarea"],
];

for (const [prompt, plural, theirs] of FOR_OCCASION) {
  Deno.test(`records for an occasion a concept names are not that concept's: ${prompt}`, () => {
    const [records] = app(prompt).spec.entities;
    assert.match(fold(records.plural), plural);
    assert.ok(!records.fields.some((f) => f.label === theirs), records.fields.map((f) => f.label).join(", "));
    assert.equal(records.samples.length, 0);
  });
}

/** Records named after a word of purpose, or named by their own noun before it: the concept's. */
const FOR_THEM: [string, string][] = [
  ["a tracker for my runs", "run"],
  ["un'app per le mie piante", "houseplant"],
  ["a list of songs for our wedding party", "songRepertoire"],
  ["liste de chansons pour notre soirée jeux", "songRepertoire"],
  ["un registro para mis entrenamientos", "workoutSession"],
  ["lieder für die hochzeitsfeier sammeln", "songRepertoire"],
];

for (const [prompt, key] of FOR_THEM) {
  Deno.test(`records a concept names, before or after a word of purpose, stay its own: ${prompt}`, () => {
    const [records] = app(prompt).spec.entities;
    assert.equal(records.key, key);
  });
}
