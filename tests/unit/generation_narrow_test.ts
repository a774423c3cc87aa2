import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const first = (prompt: string) => {
  const made = composeSpec(prompt, { tier: "light" });
  return { samples: made.spec.entities[0].samples, made };
};

Deno.test("a concept's samples narrow to the kind an option of their choice said beside its word names", () => {
  const samples = (prompt: string) => {
    const [first] = composeSpec(prompt, { tier: "full" }).spec.entities;
    return first.samples.map((r) => r.type);
  };
  const cases: [string, string][] = [
    ["a list of my red wines", "Red"],
    ["i miei vini rossi da bere", "Rosso"],
    ["je note mes vins rouges", "Rouge"],
    ["mis vinos tintos favoritos", "Tinto"],
    ["meine Rotweine im Keller", "Rot"],
    ["meine roten Weine", "Rot"],
  ];
  for (const [prompt, kind] of cases) {
    const kinds = samples(prompt);
    assert.ok(kinds.length > 0 && kinds.every((k) => k === kind), `${prompt}: ${kinds}`);
  }
  // Options the prompt lists are a choice to make, and a verb of a status ("play" of "Playing") no kind.
  assert.ok(new Set(samples("my wines: red, white or rosé")).size > 1);
  const games = composeSpec("the video games i play", { tier: "full" }).spec.entities[0].samples;
  assert.ok(new Set(games.map((r) => r.status)).size > 1);
});

Deno.test("a word beside the concept's naming an option in an adjective or in another language narrows to it", () => {
  const cases: [string, string][] = [
    ["flashcards for african capitals", "Africa"],
    ["ripasso capitali europee", "Europa"],
    ["les capitales asiatiques pour mon fils", "Asie"],
    ["capitales europeas para el examen", "Europa"],
    ["afrikanische Hauptstädte üben", "Afrika"],
    ["elenco vini bianchi", "Bianco"],
  ];
  for (const [prompt, value] of cases) {
    const { samples } = first(prompt);
    const got = samples.map((r) => r.continent ?? r.type);
    assert.ok(got.length > 0 && got.every((v) => v === value), `${prompt}: ${got}`);
  }
});

Deno.test("a place beside the concept's word that a sample's field has keeps the samples of it", () => {
  const cases: [string, string][] = [
    ["wines from sussex i bought", "Sussex"],
    ["la mia cantina di vini della sardegna", "Sardegna"],
    ["mes vins de champagne", "Champagne"],
    ["vinos del penedès", "Penedès"],
    ["Weine aus der Pfalz", "Pfalz"],
  ];
  for (const [prompt, region] of cases) {
    const { samples } = first(prompt);
    assert.ok(
      samples.length > 0 && samples.every((r) => r.region === region),
      `${prompt}: ${samples.length}`,
    );
  }
});

Deno.test("records start empty, and the result says so, when no sample is of what the prompt narrows to", () => {
  for (
    const prompt of [
      "dessert wines i keep",
      "i miei vini passiti",
      "mes vins liquoreux",
      "vinos dulces",
      // (A region only another language's samples have is one all the same: "champagne" in a Spanish app.)
      "vinos de champagne",
      "Dessertweine im Keller",
    ]
  ) {
    const { samples, made } = first(prompt);
    const kept = made.spec.entities[0];
    assert.equal(samples.length, 0, prompt);
    assert.ok(made.withoutSamples.includes(kept.plural), prompt);
  }
});

Deno.test("a word the concept was named by narrows its samples to the option it names", () => {
  const cases: [string, string, string][] = [
    ["what is in the freezer right now", "place", "Freezer"],
    ["qué tengo en el congelador", "place", "Congelador"],
    ["timer for my hiit sessions", "kind", "HIIT"],
  ];
  for (const [prompt, key, value] of cases) {
    const { samples } = first(prompt);
    assert.ok(
      samples.length > 0 && samples.every((r) => r[key] === value),
      `${prompt}: ${JSON.stringify(samples)}`,
    );
  }
});

Deno.test("records of animals said to be of persons, or qualified by another domain's thing, start empty", () => {
  for (
    const prompt of [
      "track my son's vaccinations and the next booster",
      "les vaccins de ma fille, avec les dates de rappel",
      "vaccinazioni di mia figlia con i richiami",
      "las vacunas de mis hijas y cuando toca la siguiente",
      "Impfungen der Kinder mit nächstem Termin",
      "kids vaccine log",
      "las reparaciones de mi moto con el coste",
      "noter les réparations des vélos du club",
      "Reparaturen der Fahrräder im Verein",
      "le riparazioni della moto di mio figlio",
    ]
  ) {
    const { samples, made } = first(prompt);
    assert.deepEqual(samples, [], prompt);
    assert.ok(made.withoutSamples.length > 0, prompt);
  }
  // Of an animal, or of nothing, they keep them.
  for (const prompt of ["vaccines of my cat", "las vacunas del perro", "reparaciones de la casa"]) {
    assert.ok(first(prompt).samples.length > 0, prompt);
  }
});
