import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { changeSpec, composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { nextDate } from "../../supabase/functions/_generator/compose-spec/screens.ts";
import { composeApp, templateIcon } from "../../supabase/functions/_generator/compose.ts";
import {
  deriveAppName,
  HeuristicEvaluator,
} from "../../supabase/functions/_generator/heuristic-evaluator.ts";
import { defaultProjectFiles } from "../../supabase/functions/_generator/project-template.ts";
import {
  mergeFiles,
  storedSpec,
  TEMPLATE_PRICES_EUR,
  TemplateGenerator,
} from "../../supabase/functions/_generator/template-generator.ts";
import type { AppSpec } from "../../supabase/functions/_generator/template/src/types.ts";
import { verifyProject } from "../../supabase/functions/_generator/verify.ts";
import type {
  GeneratedFile,
  GenerationRequest,
  GenerationResult,
} from "../../supabase/functions/_shared/ports/generation.ts";
import { TEMPLATE_MODULE, templateModule } from "../../scripts/template.ts";
import { APP_PROMPTS } from "../../eval/app-set/prompts.ts";

const evaluator = new HeuristicEvaluator();
const generator = new TemplateGenerator();

const ACCEPTED_PROMPTS = [
  "a todo list app with categories",
  "make a pomodoro timer",
  "Build a recipe app where I can save my favourite dishes and make a shopping list",
  "A calculator app",
  "I want a habit tracker that counts my streak of drinking water",
  "Flashcards to learn Spanish vocabulary",
  "Crea una aplicación de recetas con lista de compras",
  "journal app for writing daily thoughts",
  "  make a stopwatch with laps  ",
];

const REJECTED_PROMPTS = [
  "",
  "   ",
  "hi",
  "asdf asdf asdf",
  "!!!!????",
  "qwrtp zxcvb kjhgf",
  "aaaaaaaaaaaaaaaa",
  "asdfgh qwerty",
  "12345 67890 12345",
  "timer timer timer",
  "hello world",
  "zzzzzz xxxxxx",
  "lkjhgfdsa poiuytrewq",
  "??? ... !!! ,,,",
];

function request(prompt: string, overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  return { prompt, appName: "", model: "light", attachments: [], existingFiles: [], ...overrides };
}

function fileAt(files: GeneratedFile[], path: string): GeneratedFile {
  const file = files.find((candidate) => candidate.path === path);
  assert.ok(file, `missing ${path}`);
  return file;
}

function specOf(result: GenerationResult) {
  const spec = storedSpec(result.files);
  assert.ok(spec, "the project carries app.spec.json");
  return spec;
}

Deno.test("evaluator accepts ordinary app prompts", async () => {
  for (const prompt of ACCEPTED_PROMPTS) {
    const verdict = await evaluator.evaluate(prompt, {});
    assert.equal(verdict.ok, true, `should accept ${JSON.stringify(prompt)}`);
  }
});

Deno.test("evaluator names a new app from its prompt, and a follow-up only when the client names it", async () => {
  const fresh = await evaluator.evaluate("a todo list app with categories", {});
  assert.equal(fresh.ok && fresh.appName, "Todo");
  const change = await evaluator.evaluate("a todo list app with categories", { followUp: true });
  assert.equal(change.ok, true);
  assert.equal(change.ok && change.appName, undefined, "the project's name stays");
  const renamed = await evaluator.evaluate("make it dark", { followUp: true, appName: " Chores " });
  assert.equal(renamed.ok && renamed.appName, "Chores");
});

Deno.test("evaluator rejects empty, short and meaningless prompts with a reason", async () => {
  for (const prompt of REJECTED_PROMPTS) {
    const verdict = await evaluator.evaluate(prompt, {});
    assert.equal(verdict.ok, false, `should reject ${JSON.stringify(prompt)}`);
    if (!verdict.ok) assert.ok(verdict.reason.length > 10 && verdict.reason.length < 120);
  }
});

// What no building block can serve: live data from the internet, play or posts between people's phones.
const UNSERVICEABLE_PROMPTS = [
  "weather app showing the forecast for the week",
  "an online multiplayer chess game against my friends",
  "tu peux me faire une appli qui affiche le cours du bitcoin en temps réel",
  "un social per il mio paese dove la gente pubblica foto e si mette like",
  "juego de cartas online con amigos",
  "Eine App, die die aktuellen Verspätungen meiner S-Bahn live anzeigt",
  "ein Gruppenchat für meinen Chor",
  "an app like Uber but for dog walkers",
  "una app di incontri per single della mia città",
  "che tempo fa sabato a Milano?",
  "une appli de réservation pour mon quartier avec paiement en ligne",
  // Others acting in the app from their own phones, or to each other; the app as the place where they do.
  "a chat app where friends can message each other",
  "an app where the parents of my son's class can post lost and found items and message each other",
  "app per il mio bar dove i clienti ordinano dal loro telefono e pagano",
  "mes clientes réservent elles-mêmes leur rendez-vous depuis leur téléphone",
  "una app donde los vecinos del barrio publiquen cosas que regalan y hablen entre ellos",
  "eine App, in der die Eltern der Kita sich gegenseitig Nachrichten schreiben",
  // The world's state this minute: how busy a place is, the cheapest nearby, a price watched as it drops.
  "how crowded is the swimming pool at the moment",
  "dime dónde está la gasolina más barata cerca de mí ahora",
  "tell me when train tickets to Edinburgh get cheaper",
  "je veux voir les horaires des bus en direct à mon arrêt",
  // A device at home worked from elsewhere.
  "accendere il riscaldamento di casa quando sono fuori",
  "von unterwegs die Rollläden zu Hause steuern",
  // In other languages, whose apps are built in English, the same needs in their own words.
  "um jogo online pra jogar com os primos",
  "een sociaal netwerk voor onze buurt",
  "prognoza pogody na weekend w górach",
  "gerçek zamanlı altın fiyatları",
];

Deno.test("evaluator refuses what no offline app can do, saying why", async () => {
  for (const prompt of UNSERVICEABLE_PROMPTS) {
    const verdict = await evaluator.evaluate(prompt, { appName: "Mine", model: "full" });
    assert.equal(verdict.ok, false, prompt);
    if (!verdict.ok) {
      assert.match(verdict.reason, /cannot be made offline: .*(server|internet|network)/, prompt);
    }
  }
  // Nearby words that need nothing live stay apps.
  for (
    const prompt of [
      "a log of the weather where I live",
      "an online bakery's price list",
      "a chess club roster",
      "Notizen über meine Pflanzen und wann ich sie gieße",
      "il tempo che passo a leggere ogni giorno",
      "a list of my neighbours with their phone numbers and which flat they live in",
      "i message my clients a reminder the day before, keep a list of clients with phone and next appointment",
      "apuntar lo que pago de gasolina cada vez, litros y precio",
      "Kundenliste für meinen Friseursalon mit Telefonnummer und letzter Farbe",
      "log when I turn the heating on and for how long",
    ]
  ) {
    assert.equal((await evaluator.evaluate(prompt, {})).ok, true, prompt);
  }
});

// Nothing understood (a language the generator does not read, or no subject at all): an empty shell would be
// charged as an app, so it is refused, saying which languages are read and asking what the app should keep.
Deno.test("evaluator refuses a prompt of which nothing was understood, naming the languages it reads", async () => {
  for (
    const prompt of [
      // (In a language read for its subject only, a subject no concept names: understand/foreign.ts.)
      "quero um app sobre a teoria das cordas quanticas",
      "ik wil een app over de geschiedenis van het romeinse rijk",
      // (A colon's list of words the gloss does not hold has a shape, not a subject: no app named "Kamieni".)
      "Chcę aplikację do moich kamieni: połysk, twardość",
      "make me an app",
    ]
  ) {
    const verdict = await evaluator.evaluate(prompt, { appName: "Mine", model: "light" });
    assert.equal(verdict.ok, false, prompt);
    if (!verdict.ok) {
      assert.match(verdict.reason, /English, Italian, French, Spanish and German/, prompt);
      assert.match(verdict.reason, /what (the app|it) should keep/, prompt);
      // Only what is true of the prompt: one in another language may well say what to keep.
      const foreign = prompt !== "make me an app";
      assert.equal(/another language/.test(verdict.reason), foreign, prompt);
      assert.equal(/nothing in the prompt says/.test(verdict.reason), !foreign, prompt);
    }
  }
  // One word understood is enough to build: a subject, or a kind of app; in another language too, a subject
  // it names in words English shares.
  for (
    const prompt of [
      "tengo un perro",
      "a habit tracker",
      "una lista della spesa",
      "mijn vitamines elke ochtend",
      // (A subject a concept names in the prompt's language.)
      "Quero um app para registrar as vacinas do meu cachorro",
      "Chcę aplikację do zapisywania wydatków",
    ]
  ) {
    assert.equal((await evaluator.evaluate(prompt, {})).ok, true, prompt);
  }
});

Deno.test("a prompt in another language that names a subject gets an English app of it, saying the language", () => {
  for (
    const [prompt, from, records] of [
      // (Named by a concept in the prompt's language: the app a prompt naming only that subject gets in English.)
      ["mijn vitamines elke ochtend", "nl", "Medications"],
      ["jag behöver en lista med mina vitaminer", "sv", "Medications"],
      ["Quero um app para registrar as vacinas do meu cachorro", "pt", "Vaccinations"],
    ]
  ) {
    const made = composeSpec(prompt, { tier: "light" });
    assert.equal(made.spec.language, "en", prompt);
    assert.equal(made.languageFallbackFrom, from, prompt);
    assert.equal(made.spec.entities[0].plural, records, prompt);
  }
});

Deno.test("evaluator rejects junk even when the client names the app and model", async () => {
  const verdict = await evaluator.evaluate("asdf asdf asdf", { model: "full", appName: "Junk" });
  assert.equal(verdict.ok, false);
});

Deno.test("evaluator picks the light tier for simple prompts", async () => {
  for (const prompt of ["make a pomodoro timer", "a todo list app with categories", "A calculator app"]) {
    assert.deepEqual(await evaluator.evaluate(prompt, {}), {
      ok: true,
      model: "light",
      appName: deriveAppName(prompt),
    });
  }
});

Deno.test("evaluator picks the full tier for complex prompts", async () => {
  const complexPrompts = [
    "a recipe book with photos, a shopping list, a weekly meal plan and a cooking timer",
    "a shop with login and payments",
    "notes that sync to a cloud database",
    "show nearby cafes on maps",
    "an app with multiple screens for my gym",
    "a planner with tasks, reminders, a calendar, tags and weekly stats",
    `a recipe app ${"that lets me save what I cook every single day ".repeat(5)}`,
  ];
  for (const prompt of complexPrompts) {
    const verdict = await evaluator.evaluate(prompt, {});
    assert.ok(verdict.ok && verdict.model === "full", `should pick full for ${JSON.stringify(prompt)}`);
  }
});

Deno.test("evaluator keeps the client's model and app name", async () => {
  assert.deepEqual(await evaluator.evaluate("make a pomodoro timer", { model: "full", appName: "Focus" }), {
    ok: true,
    model: "full",
    appName: "Focus",
  });
  assert.deepEqual(await evaluator.evaluate("a chat app with login", { model: "light" }), {
    ok: true,
    model: "light",
    appName: "Chat",
  });
  const blankName = await evaluator.evaluate("make a pomodoro timer", { appName: "   " });
  assert.ok(blankName.ok && blankName.appName === "Pomodoro Timer");
});

Deno.test("app names are short, in the prompt's language, never a sentence fragment", () => {
  const expectations: [string, string][] = [
    ["a pomodoro timer with stats", "Pomodoro Timer"],
    ["a chat app with login", "Chat"],
    ["Un'app per la lista della spesa", "Lista della spesa"],
    ["Un'app per gestire le mie ricette preferite", "Ricette preferite"],
    ["diario della neonata: poppate con ora, durata e lato", "Diario della neonata"],
    ["make me an app", "Items"],
    ["An app called houseplant royals to water my plants", "Houseplant Royals"],
    ["Keep track of my vinyl records with artist and year", "Vinyl Records"],
  ];
  for (const [prompt, expected] of expectations) assert.equal(deriveAppName(prompt), expected, prompt);
  for (
    const prompt of [
      ...ACCEPTED_PROMPTS,
      ...APP_PROMPTS.map((p) => p.prompt),
      "make me an app",
      "2048 game clone",
    ]
  ) {
    const name = deriveAppName(prompt);
    assert.match(name, /^[\p{L}\p{N}][\p{L}\p{N}' -]*$/u, prompt);
    assert.ok(name.length <= 30 && name.split(" ").length <= 4, `${name} from ${prompt}`);
  }
});

Deno.test("a name is the subject's own name in the UI language when the prompt cannot give it", () => {
  const name = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.name;
  // A name cut to its length ends on a word of its own, not on "für meine".
  assert.equal(name("fütterungsplan für meine fische"), "Fütterungsplan");
  // The UI speaks another language than the prompt: the concept's name in the UI's language.
  assert.equal(name("lista della spesa ma in inglese per favore"), "Shopping List");
  assert.equal(name("shopping list app in spanish for my mom"), "Lista de la compra");
  // A concept whose first word is one record is named by its records; the prompt's own function words
  // ("per") name no concept, whatever language the UI speaks.
  assert.equal(name("le mie piante, ma in inglese per favore"), "Plants");
  // Translating renames a name the subject gave, or a word of the UI, and keeps one the user gave.
  const translated = (base: string, prompt: string) =>
    changeSpec(composeSpec(base, { tier: "light" }).spec, prompt).spec.name;
  assert.equal(translated("einkaufsliste", "traduci in italiano"), "Lista della spesa");
  assert.equal(translated("a timer: 20s on, 10s off, 8 rounds", "passe l'appli en français stp"), "Minuteur");
  assert.equal(translated("an app called Green Thumb for my plants", "switch to Italian"), "Green Thumb");
  // A rename whose subject is a field's label renames the field, not the app.
  const trips = composeSpec("Fahrtenbuch: Datum, Start, Ziel, km", { tier: "light" }).spec;
  const renamed = changeSpec(trips, "benenne Ziel in Zielort um").spec;
  assert.equal(renamed.name, trips.name);
  assert.ok(renamed.entities[0].fields.some((field) => field.label === "Zielort"));
  // Several labels renamed to as many names, in order; never the app's new name.
  const pressure =
    composeSpec("track my blood pressure: systolic, diastolic and pulse", { tier: "light" }).spec;
  const pair = changeSpec(pressure, "rename systolic/diastolic to top number and bottom number");
  assert.equal(pair.spec.name, pressure.name);
  const labels = pair.spec.entities[0].fields.map((f) => f.label);
  assert.ok(
    labels.includes("Top number") && labels.includes("Bottom number") && !labels.includes("Systolic"),
  );
  // A field's rename whose new name is not read is left undone and said.
  const unread = changeSpec(pressure, "rename systolic");
  assert.equal(unread.spec.name, pressure.name);
  assert.ok(unread.asks.some((a) => a.type === "rename" && !a.built));
});

Deno.test("a field the follow-up names (called, chiamato, appelé, llamado, mit dem Namen) gets that name", () => {
  const books = composeSpec("a reading log with title and author", { tier: "light" }).spec;
  const labels = (prompt: string) => changeSpec(books, prompt).spec.entities[0].fields.map((f) => f.label);
  for (
    const [prompt, label] of [
      ["add a field called Shelf", "Shelf"],
      ["add a field named Budget", "Budget"],
      ["aggiungi un campo chiamato scaffale", "Scaffale"],
      ["ajoute un champ appelé genre", "Genre"],
      ["añade un campo llamado editorial", "Editorial"],
      ["füge ein Feld mit dem Namen Verlag hinzu", "Verlag"],
    ]
  ) {
    const got = labels(prompt);
    assert.ok(got.includes(label), `${prompt}: ${got.join(", ")}`);
    assert.ok(!got.some((l) => /^(called|named|chiamato|appel|llamado|namen)/i.test(l)), `${prompt}: ${got}`);
  }
});

Deno.test("template-files.ts is generated from the template directory (npm run template)", () => {
  assert.equal(Deno.readTextFileSync(TEMPLATE_MODULE), templateModule(), "run `npm run template`");
});

Deno.test("every prompt of the fixed set gets its kind, language, name and a one-sentence description", async () => {
  for (const p of APP_PROMPTS) {
    const result = await generator.generate(request(p.prompt, { model: p.model }));
    const spec = specOf(result);
    assert.equal(spec.kind.split("+")[0], p.kind, p.id);
    assert.equal(spec.language, p.language, p.id);
    assert.equal(result.summary?.description, spec.description);
    assert.match(spec.description, /^[^.]*[^.]+\.$/u, `${p.id}: one sentence`);
    assert.ok(
      !result.files.some((file) => file.type !== "ASSET" && file.contents.includes(p.prompt.slice(0, 40))) ||
        fileAt(result.files, "app.spec.json").contents.includes(p.prompt),
      `${p.id}: the prompt is not pasted into the UI`,
    );
    assert.deepEqual(verifyProject(result.files), [], p.id);
  }
});

Deno.test("the kind names what the app is for, from the asks its blocks serve", () => {
  assert.equal(composeSpec("a list of my recipes", { tier: "light" }).spec.kind, "list");
  assert.equal(composeSpec("A pomodoro timer", { tier: "light" }).spec.kind, "timer");
  assert.equal(
    composeSpec("Log my weight every morning and show it on a chart", { tier: "light" }).spec.kind,
    "log+chart",
  );
  // A list the prompt names keeps the concept's fields and samples, plus the fields the prompt names, typed.
  const games = composeSpec("Track my board games with players, year and rating", { tier: "light" }).spec;
  const fields = new Map(games.entities[0].fields.map((field) => [field.key, field.type]));
  assert.deepEqual([fields.get("players"), fields.get("rating")], ["text", "rating"]);
  assert.ok(games.entities[0].samples.length > 0);
  const wines =
    composeSpec("Voglio gestire i miei vini in cantina con produttore, annata e voto", { tier: "light" })
      .spec;
  assert.equal(wines.language, "it");
  assert.ok(wines.entities[0].fields.some((field) => field.label === "Produttore" && field.type === "text"));
  assert.ok(wines.entities[0].samples.every((sample) => typeof sample.vintage === "number"));
});

Deno.test("a field the prompt names that a concept's field means takes its place, with the prompt's words", () => {
  const entity = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.entities[0];
  const named = (prompt: string, pattern: RegExp) =>
    entity(prompt).fields.filter((f) => pattern.test(f.label));
  // A count names what it counts: "number of pages" is the concept's "Pages", whose samples keep their values.
  const journal = entity("a reading journal with title, number of pages and the date I finished");
  assert.deepEqual(journal.fields.filter((f) => /page/i.test(f.label)), [
    { key: "pages", label: "Pages", type: "number" },
  ]);
  assert.ok(journal.samples.some((s) => typeof s.pages === "number" && s.pages > 0));
  // A unit after "in" is the field's unit, which the screens then show.
  assert.equal(named("un registro delle mie pedalate con data e distanza in km", /distanz/i).length, 1);
  assert.equal(named("un carnet de pesée pour mon chien : date, poids en kg", /poids/i).length, 1);
  assert.equal(named("diario de carreras con fecha, distancia en km y ritmo", /distancia/i).length, 1);
  // A German compound is the field it ends in, and takes the prompt's word.
  assert.deepEqual(
    named("Wiegeprotokoll für meinen Hund mit Datum und Gesamtgewicht", /gewicht/i).map((f) => f.label),
    ["Gesamtgewicht"],
  );
  // A count of something the concept keeps as another type is a field of its own ("Photos" beside "Photo").
  const hike = entity("a log of my hikes with date, elevation in metres and number of photos").fields;
  assert.deepEqual(hike.filter((f) => /photo/i.test(f.label)).map((f) => f.type), ["number", "photo"]);
  // The unit the prompt gives a field is the one its goal counts in.
  const goal = composeSpec("log my rides with distance in miles, and a goal of 100 a week", {
    tier: "light",
  });
  assert.equal(goal.spec.screens.find((s) => s.block === "goal")?.options.unit, "mi");
});

Deno.test("prompts nobody tuned for get the app they ask for, and what is left out is said", () => {
  const dog = composeSpec("a tracker for my dog's walks and vet visits", { tier: "light" });
  assert.deepEqual(dog.spec.screens.map((screen) => screen.title), ["Walks", "Vet visits"]);
  assert.deepEqual(dog.unmet, []);

  const rent = composeSpec("split the rent and bills with 3 flatmates", { tier: "light" }).spec;
  assert.equal(rent.kind, "split+people");
  const payer = rent.entities[0].fields.find((field) => field.key === "paidBy")!;
  assert.deepEqual(payer.options, ["Me", "Person 2", "Person 3", "Person 4"]);

  // A subject no concept knows: a list named after the prompt's words, with no made-up records.
  const stars = composeSpec("quiz me on constellations", { tier: "light" });
  assert.match(stars.spec.name, /Constellations/);
  assert.deepEqual(stars.spec.entities[0].samples, []);
  assert.deepEqual(stars.withoutSamples, ["Constellations"]);
  // Capital cities are a concept: the quiz has its countries and capitals.
  const capitals = composeSpec("quiz me on capital cities", { tier: "light" });
  assert.ok(capitals.spec.entities[0].samples.some((s) => s.capital === "Tokyo"));

  const tabata = composeSpec("a tabata timer: 20s on, 10s off, 8 rounds", { tier: "light" }).spec;
  assert.deepEqual(tabata.screens[0].options, {
    phases: [{ label: "Work", minutes: 20 / 60 }, { label: "Rest", minutes: 10 / 60 }],
    rounds: 8,
  });
  assert.equal(tabata.description, "An app to time 20 s work, 10 s rest and 8 rounds.");

  const german = composeSpec("Eine App für meine Einkaufsliste mit Kategorien", { tier: "light" });
  assert.deepEqual([german.spec.language, german.languageFallbackFrom], ["de", undefined]);
  assert.equal(german.spec.name, "Einkaufsliste");
});

Deno.test("a prompt that asks for reminders gets a reminders screen, expo-notifications and its plugin", async () => {
  const plants =
    composeSpec("app per annaffiare le piante con promemoria alle 8 e alle 19", { tier: "light" }).spec;
  assert.deepEqual(plants.screens.map((screen) => screen.block), ["collection", "reminders"]);
  const reminders = plants.screens[1];
  assert.equal(reminders.title, "Promemoria");
  const entity = plants.entities.find((candidate) => candidate.key === reminders.entity)!;
  // Every time the prompt names, in one reminder.
  assert.deepEqual(entity.samples[0], {
    id: "reminder-1",
    title: "Piante",
    time: "08:00, 19:00",
    weekdays: "",
    on: true,
  });
  const weekly =
    composeSpec("ricordami di annaffiare le piante ogni lunedì e giovedì alle 8", { tier: "light" }).spec;
  const weeklyReminder = weekly.entities.find((candidate) => candidate.key === "reminder")!.samples[0];
  assert.deepEqual([weeklyReminder.time, weeklyReminder.weekdays], ["08:00", "1,4"]);
  const files = composeApp(plants);
  assert.ok(files.some((file) => file.path === "src/blocks/RemindersBlock.tsx"));
  assert.ok(JSON.parse(fileAt(files, "package.json").contents).dependencies["expo-notifications"]);
  assert.ok(JSON.parse(fileAt(files, "app.json").contents).expo.plugins.includes("expo-notifications"));
  assert.deepEqual(verifyProject(files), []);

  // Without reminders, no notification module and no permission asked.
  const plain = composeApp(composeSpec("a shopping list", { tier: "light" }).spec);
  assert.equal(
    JSON.parse(fileAt(plain, "package.json").contents).dependencies["expo-notifications"],
    undefined,
  );
  assert.ok(!JSON.parse(fileAt(plain, "app.json").contents).expo.plugins.includes("expo-notifications"));

  const first = await generator.generate(request("Track several habits with streaks", { model: "full" }));
  const later = specOf(
    await generator.generate(request("add reminders at 7:30 pm", { existingFiles: first.files })),
  );
  const screen = later.screens.find((candidate) => candidate.block === "reminders")!;
  assert.deepEqual(later.screens.slice(-2).map((candidate) => candidate.block), ["settings", "about"]);
  assert.equal(later.entities.find((candidate) => candidate.key === screen.entity)!.samples[0].time, "19:30");
});

Deno.test("screen icons are vector icon names, not emoji a browser may draw as boxes", () => {
  for (const p of APP_PROMPTS) {
    for (const screen of composeSpec(p.prompt, { tier: p.model }).spec.screens) {
      assert.match(screen.icon, /^[a-z]+(-[a-z]+)*$/, `${p.id}: ${screen.icon}`);
    }
  }
});

Deno.test("the UI speaks the prompt's language among five; others fall back to English and say so", async () => {
  const spanish = await generator.generate(
    request("Quiero una aplicación para mi lista de la compra con los precios"),
  );
  assert.equal(spanish.summary?.language, "es");
  assert.equal(spanish.summary?.languageFallbackFrom, undefined);
  assert.equal(specOf(spanish).entities[0].label, "Producto");
  const dutch = await generator.generate(request("Ik wil een app om mijn boodschappenlijst bij te houden"));
  assert.equal(dutch.summary?.language, "en");
  assert.equal(dutch.summary?.languageFallbackFrom, "nl");
  const italian = await generator.generate(request("Un timer pomodoro per studiare"));
  assert.equal(italian.summary?.language, "it");
  assert.equal(italian.summary?.languageFallbackFrom, undefined);
  assert.equal(specOf(italian).screens[0].title, "Timer");
});

Deno.test("the full tier buys settings, an about screen and more sample data", () => {
  const light = composeSpec("A recipe browser with categories", { tier: "light" }).spec;
  const full = composeSpec("A recipe browser with categories", { tier: "full" }).spec;
  assert.deepEqual(full.screens.map((s) => s.block), ["collection", "settings", "about"]);
  assert.deepEqual(light.screens.map((s) => s.block), ["collection"]);
  const subscriptions = (tier: "light" | "full") =>
    composeSpec("a list of my subscriptions with categories", { tier }).spec.entities[0].samples.length;
  assert.ok(subscriptions("full") > subscriptions("light"));
  const files = composeApp(full).map((file) => file.path);
  assert.ok(files.includes("src/blocks/SettingsBlock.tsx") && files.includes("src/app/(tabs)/settings.tsx"));
  assert.ok(!composeApp(light).some((file) => file.path === "src/blocks/SettingsBlock.tsx"));
});

Deno.test("the project carries only the building blocks its screens use, each declared route present", () => {
  const files = composeApp(composeSpec("A timer: 20s on, 10s off, 8 rounds", { tier: "light" }).spec)
    .map((file) => file.path);
  assert.ok(files.includes("src/blocks/TimerBlock.tsx"));
  assert.ok(!files.some((path) => path.includes("CollectionBlock") || path.startsWith("src/app/record/")));
  assert.ok(files.includes("assets/icon.png") && files.includes("src/app/(tabs)/index.tsx"));
});

Deno.test("the rendered icon is written as assets/icon.png, and kept by later runs", async () => {
  const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
  const first = await generator.generate(request("a shopping list", { iconPng: png }));
  const icon = fileAt(first.files, "assets/icon.png");
  assert.equal(icon.type, "ASSET");
  assert.deepEqual(new Uint8Array(Buffer.from(icon.contents, "base64")), png);
  const again = await generator.generate(request("add a timer", { existingFiles: first.files }));
  assert.equal(fileAt(again.files, "assets/icon.png").contents, icon.contents);
  assert.notEqual(icon.contents, templateIcon());
});

Deno.test("a new project's template files are replaced by the first job's app, nothing left behind", async () => {
  const start = await defaultProjectFiles("Groceries");
  assert.equal(storedSpec(start)?.prompts.length, 0);
  const result = await generator.generate(request("A pomodoro timer", { existingFiles: start }));
  const paths = result.files.map((file) => file.path);
  assert.ok(!paths.includes("src/blocks/CollectionBlock.tsx"), "the template's list screen is gone");
  assert.equal(specOf(result).kind, "timer");
});

Deno.test("follow-ups change the stored spec: add a screen, a field, recolour, rename, switch language", async () => {
  const first = await generator.generate(request("A recipe browser with categories"));
  const timer = await generator.generate(request("add a pomodoro timer", { existingFiles: first.files }));
  assert.deepEqual(specOf(timer).screens.map((s) => s.block), ["collection", "timer"]);
  assert.ok(timer.files.some((file) => file.path === "src/blocks/TimerBlock.tsx"));

  const field = await generator.generate(request('add a field "Difficulty"', { existingFiles: timer.files }));
  assert.ok(specOf(field).entities[0].fields.some((f) => f.label === "Difficulty"));

  const red = await generator.generate(request("make the colour red", { existingFiles: field.files }));
  assert.equal(specOf(red).accent, "#DC2626");

  const renamed = await generator.generate(
    request("rename it to Nonna's Kitchen", { existingFiles: red.files }),
  );
  assert.equal(specOf(renamed).name, "Nonna's Kitchen");
  assert.equal(JSON.parse(fileAt(renamed.files, "app.json").contents).expo.name, "Nonna's Kitchen");

  const italian = await generator.generate(request("switch to Italian", { existingFiles: renamed.files }));
  const spec = specOf(italian);
  assert.equal(spec.language, "it");
  assert.equal(spec.screens[0].title, "Ricette");
  assert.deepEqual(spec.screens.map((s) => s.block), ["collection", "timer"]);
  assert.equal(spec.name, "Nonna's Kitchen");
  assert.equal(spec.accent, "#DC2626");
});

Deno.test("follow-ups keep files the user edited that the change does not touch, and the user's own files", async () => {
  const first = await generator.generate(request("A recipe browser with categories and a pomodoro timer"));
  const edited = first.files.map((file) =>
    file.path === "src/blocks/CollectionBlock.tsx"
      ? { ...file, contents: `${file.contents}\n// my change\n` }
      : file
  );
  const mine = { path: "notes/ideas.md", contents: "mine", type: "DOC" };
  const next = await generator.generate(request("make it green", { existingFiles: [...edited, mine] }));
  assert.match(fileAt(next.files, "src/blocks/CollectionBlock.tsx").contents, /my change/);
  assert.equal(fileAt(next.files, "notes/ideas.md").contents, "mine");
  // A follow-up changes the app it was made from: nothing of it is lost.
  assert.deepEqual(
    specOf(next).screens.map((screen) => screen.block),
    specOf(first).screens.map((s) => s.block),
  );
  assert.equal(specOf(next).accent, "#16A34A");
});

Deno.test("mergeFiles: generated files replace, edits the change does not touch stay, dropped files go", () => {
  const f = (path: string, contents: string) => ({ path, contents, type: "CODE" });
  const merged = mergeFiles(
    [f("a.ts", "a-user"), f("b.ts", "b1"), f("c.ts", "c1"), f("mine.ts", "m")],
    [f("a.ts", "a1"), f("b.ts", "b1"), f("c.ts", "c1")],
    [f("a.ts", "a1"), f("b.ts", "b2")],
  );
  assert.deepEqual(merged.map((file) => [file.path, file.contents]), [["a.ts", "a-user"], ["b.ts", "b2"], [
    "mine.ts",
    "m",
  ]]);
});

Deno.test("verification finds syntax errors, unresolved imports, undeclared packages and missing assets", async () => {
  const good = (await generator.generate(request("a shopping list"))).files;
  const replace = (path: string, contents: string) =>
    good.map((file) => (file.path === path ? { ...file, contents } : file));
  const route = "src/app/(tabs)/index.tsx";
  assert.match(
    verifyProject(replace(route, "export default function ("))[0],
    /src\/app\/\(tabs\)\/index.tsx:1:\d+: /,
  );
  assert.match(
    verifyProject(replace(route, 'import { X } from "../../blocks/Nope";\nexport default X;\n'))[0],
    /Nope, which is not a file/,
  );
  assert.match(
    verifyProject(replace(route, 'import confetti from "canvas-confetti";\nexport default confetti;\n'))[0],
    /canvas-confetti, which package.json does not declare/,
  );
  assert.match(
    verifyProject(good.filter((file) => file.path !== "assets/icon.png")).join("\n"),
    /names assets\/icon.png, which is missing/,
  );
  assert.match(verifyProject(replace("app.json", "{")).join("\n"), /app.json: not valid JSON/);
});

Deno.test("generator reports tier-priced usage deterministically", async () => {
  for (const model of ["light", "full"] as const) {
    const a = await generator.generate(request("a todo list app", { model }));
    const b = await generator.generate(request("a todo list app", { model }));
    assert.equal(a.costEur, TEMPLATE_PRICES_EUR[model]);
    assert.deepEqual(a, b);
  }
});

Deno.test("hostile prompt text stays data: JSON in app.spec.json, never code", async () => {
  const prompt = 'Track my "games" `x` </Text> */ ${danger} \u2028 with notes';
  const result = await generator.generate(request(prompt));
  assert.deepEqual(verifyProject(result.files), []);
  for (const file of result.files.filter((f) => /\.tsx?$/.test(f.path))) {
    assert.ok(!file.contents.includes("${danger}"), file.path);
  }
  assert.equal(specOf(result).prompts[0], prompt);
});

Deno.test("every generated path is relative and inside the project", async () => {
  for (const p of APP_PROMPTS) {
    for (const file of (await generator.generate(request(p.prompt, { model: p.model }))).files) {
      assert.ok(!file.path.startsWith("/") && !file.path.split("/").includes(".."), file.path);
    }
  }
});

Deno.test("a goal over records kept as they happen comes with their log", () => {
  const steps = composeSpec("schritte zählen ziel 10000", { tier: "light" }).spec;
  assert.deepEqual(steps.screens.map((s) => s.block), ["goal", "log"]);
  assert.equal(steps.screens[0].entity, steps.screens[1].entity);
});

Deno.test("a timer that keeps no records logs the sessions it times when the prompt names them", () => {
  const training = composeSpec("cronometro para entrenar", { tier: "light" }).spec;
  assert.deepEqual(training.screens.map((s) => s.block), ["timer", "log"]);
  assert.ok(training.entities[0].samples.length > 0);
  assert.equal(training.language, "es");
  // Nothing named to time: the timer alone.
  const bare = composeSpec("a tabata timer: 20s on, 10s off, 8 rounds", { tier: "light" }).spec;
  assert.deepEqual(bare.screens.map((s) => s.block), ["timer"]);
});

Deno.test("an enumeration of things kept as they happen gets a log of each", () => {
  const baby = composeSpec("track my baby's feedings and naps", { tier: "light" }).spec;
  assert.deepEqual(baby.screens.map((s) => s.block), ["log", "log"]);
  assert.notEqual(baby.screens[0].entity, baby.screens[1].entity);
});

Deno.test("a total with nothing to add up counts records kept as they happen, not a list's", () => {
  const eggs = composeSpec("chicken egg counter", { tier: "light" });
  assert.deepEqual(eggs.spec.screens.map((s) => [s.block, s.options.aggregate]), [["log", "count"]]);
  assert.ok(eggs.asks.every((a) => a.built));
  const series = composeSpec("mes séries à regarder", { tier: "light" }).spec;
  assert.deepEqual(series.screens.map((s) => s.block), ["collection"]);
});

Deno.test("the people who share costs are the split's, not a chart of chores", () => {
  const flat = composeSpec("somos 6 en el piso y quiero ver quien debe a quien", { tier: "light" });
  assert.deepEqual(flat.spec.screens.map((s) => s.block), ["split"]);
  assert.ok(flat.asks.some((a) => a.type === "people" && a.built && a.block === "split"));
});

Deno.test("a compound's head ties the prompt's own words to its subject: the timer keeps its name", () => {
  const boxing = composeSpec("Bau mir einen Timer fürs Boxtraining: 3 Minuten Runde, 1 Minute Pause", {
    tier: "light",
  }).spec;
  assert.equal(boxing.name, "Boxtraining-Timer");
  assert.deepEqual(boxing.screens.map((s) => s.block), ["timer", "log"]);
});

Deno.test("a quiz is on its own topic, not on a subject the prompt names in passing", () => {
  const code = composeSpec("je révise le code de la route, fais moi un quiz de 40 questions", {
    tier: "light",
  });
  assert.equal(code.spec.name, "Code de la route");
  assert.deepEqual(code.withoutSamples, ["Code de la route"]);
});

Deno.test("a countdown counts to the event it names, not to records with no date", () => {
  const wedding = composeSpec("countdown to my wedding", { tier: "light" });
  assert.deepEqual(wedding.spec.entities.map((e) => e.plural), ["Wedding"]);
  assert.equal(wedding.spec.screens[0].options.countdownField, "date");
  assert.deepEqual(wedding.withoutSamples, ["Wedding"]);
  const dated =
    composeSpec("a guest list and a countdown to my wedding on 14 June 2027", { tier: "light" }).spec;
  const event = dated.entities.find((e) => e.fields.some((f) => f.type === "date" && f.key === "date"))!;
  assert.deepEqual(event.samples.map((s) => s.date), ["2027-06-14"]);
});

Deno.test("a countdown that names nothing, beside a stated date, counts to the records' date and never throws", () => {
  // (It threw before: the event's words were read of an ask that had none.)
  for (
    const prompt of [
      "Les examens commencent le 6 janvier, un compte à rebours serait top.",
      "My exams start on 6 January, a countdown would be great.",
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    const screen = spec.screens.find((s) => s.options.countdownField)!;
    const entity = spec.entities.find((e) => e.key === screen.entity)!;
    assert.equal(entity.fields.find((f) => f.key === screen.options.countdownField)?.type, "date", prompt);
  }
});

Deno.test("a countdown to an event with a date but no year counts to its next one from the day the app is made", () => {
  const today = new Date(Date.UTC(2026, 10, 27));
  const cases: [string, string, string][] = [
    ["days left until the school trip on 3 March", "School trip", "2027-03-03"],
    ["Countdown bis zum Umzug am 30. Dezember", "Umzug", "2026-12-30"],
    ["compte à rebours jusqu'au concert du 27 novembre", "Concert", "2026-11-27"],
    ["cuenta atrás hasta la mudanza, el 2 de febrero", "Mudanza", "2027-02-02"],
  ];
  for (const [prompt, title, day] of cases) {
    const { spec } = composeSpec(prompt, { tier: "light", today });
    const screen = spec.screens.find((s) => s.options.countdownField)!;
    const entity = spec.entities.find((e) => e.key === screen.entity)!;
    const first = entity.samples[0];
    assert.equal(first?.[screen.options.countdownField!], day, prompt);
    assert.ok(Object.values(first).includes(title), `${prompt}: ${JSON.stringify(first)}`);
  }
  // A day that is today is today's; February 29th comes in the next leap year.
  assert.equal(nextDate("--11-27", today), "2026-11-27");
  assert.equal(nextDate("--02-29", today), "2028-02-29");
  assert.equal(nextDate("2030-01-05", today), "2030-01-05");
});

Deno.test("a countdown's dated event joins the main records only when it is one of them", () => {
  const today = new Date(Date.UTC(2026, 5, 1));
  const own: [string, string][] = [
    ["a list of birthdays and a countdown to Tom's graduation on 20 June", "Tom's graduation"],
    [
      "Eine Liste der Geburtstage und ein Countdown bis zu Lenas Einschulung am 12. September",
      "Lenas Einschulung",
    ],
    [
      "lista dei compleanni e un conto alla rovescia per la laurea di Giulia il 10 luglio",
      "Laurea di Giulia",
    ],
  ];
  for (const [prompt, title] of own) {
    const { spec } = composeSpec(prompt, { tier: "light", today });
    const birthdays = spec.entities.find((e) => e.key === "birthday")!;
    assert.ok(birthdays.samples.every((s) => !Object.values(s).includes(title)), prompt);
    const screen = spec.screens.find((s) => s.options.countdownField)!;
    const event = spec.entities.find((e) => e.key === screen.entity)!;
    assert.notEqual(event, birthdays, prompt);
    assert.ok(!screen.options.countdownYearly, prompt);
    assert.ok(Object.values(event.samples[0]).includes(title), `${prompt}: ${JSON.stringify(event.samples)}`);
  }
  // The next of the main records' own kind is one of them, counted to every year.
  const { spec } = composeSpec("a list of birthdays and a countdown to Anna's birthday on 3 August", {
    tier: "light",
    today,
  });
  const screen = spec.screens.find((s) => s.options.countdownField)!;
  assert.equal(screen.entity, "birthday");
  assert.equal(screen.options.countdownYearly, true);
  assert.equal(spec.entities[0].samples[0][screen.options.countdownField!], "2026-08-03");
});

Deno.test("a countdown to a date that comes round every year counts to its next return", () => {
  const { spec } = composeSpec("my family's birthdays with a countdown", { tier: "light" });
  const screen = spec.screens.find((s) => s.options.countdownField)!;
  assert.equal(screen.options.countdownYearly, true);
  const wedding = composeSpec("countdown to my wedding on 14 June 2027", { tier: "light" }).spec;
  assert.ok(wedding.screens.every((s) => !s.options.countdownYearly));
});

Deno.test("a chart of a measure no concept knows logs that measure by date and charts it", () => {
  const height = composeSpec("kids height chart", { tier: "light" });
  assert.deepEqual(height.spec.screens.map((s) => s.block), ["log", "tracker"]);
  assert.ok(height.asks.every((a) => a.built));
  assert.ok(height.spec.entities[0].fields.some((f) => f.label === "Kids height" && f.type === "number"));
});

Deno.test("a chart of records a concept keeps as they happen, with no screen of them, keeps them in a log", () => {
  for (
    const prompt of [
      "chart of my cat's weight",
      "graphique du poids de mon chien",
      "gráfico del peso de mi perro",
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.deepEqual(spec.screens.map((s) => s.block), ["log", "tracker"], prompt);
  }
  // A list the prompt asks for is where they are kept.
  const books = composeSpec("a list of my books and a chart of how many per month", { tier: "light" }).spec;
  assert.ok(!books.screens.some((s) => s.block === "log"));
});

Deno.test("a subject cut from the phrase the prompt names a concept with is that concept", () => {
  const water = composeSpec("water intake 2 litres a day", { tier: "light" }).spec;
  assert.deepEqual(water.entities.map((e) => e.key), ["waterIntake"]);
});

Deno.test("a total over records kept as they happen is their log's total over the period", () => {
  const practice = composeSpec("guitar practice minutes per day", { tier: "light" }).spec;
  assert.deepEqual(practice.screens.map((s) => [s.block, s.options.period]), [["log", "day"]]);
});

Deno.test("a subject that names a subject of its own names the app, whatever records it keeps", () => {
  const tank = composeSpec(
    "Aquarium log for my 200 litre planted tank. Weekly water tests: pH, ammonia, nitrite, temperature.",
    { tier: "light" },
  ).spec;
  assert.equal(tank.name, "Aquarium");
});

Deno.test("a register of things a concept lists, with nothing timed or measured, is their list", () => {
  const jobs = composeSpec("Crée une appli pour suivre mes candidatures : entreprise, poste, statut", {
    tier: "light",
  }).spec;
  assert.deepEqual(jobs.screens.map((s) => s.block), ["collection"]);
  // Things kept as they happen stay a log.
  const feeds = composeSpec("log my baby's feedings", { tier: "light" }).spec;
  assert.deepEqual(feeds.screens.map((s) => s.block), ["log"]);
});

Deno.test("a subject's concept is found in the prompt's language, whatever the UI speaks", () => {
  const words =
    composeSpec("une appli en anglais avec la liste de mes mots de vocabulaire", { tier: "light" })
      .spec;
  assert.equal(words.language, "en");
  assert.ok(!words.entities.some((e) => e.key === "vehicleDeadline"), JSON.stringify(words.entities[0].key));
});

Deno.test("no two screens share a title: a second screen of the same records is named by what it shows", () => {
  for (
    const prompt of [
      "I want to log my hikes with the date and the distance, and search them by place",
      "registro de mis carreras con fecha y distancia, y poder buscarlas",
      "Ogni settimana tengo un registro delle mie corse con data e km, e le voglio cercare e ordinare per km",
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "full" });
    const titles = spec.screens.map((screen) => screen.title);
    assert.equal(new Set(titles).size, titles.length, `${prompt}: ${titles}`);
  }
  const hikes =
    composeSpec("I want to log my hikes with the date and the distance, and search them by place", {
      tier: "light",
    }).spec;
  assert.deepEqual(hikes.screens.map((s) => [s.block, s.title]), [["log", "Hikes"], ["collection", "List"]]);
  const italian = changeSpec(hikes, "traduci in italiano").spec;
  assert.deepEqual(italian.screens.map((s) => s.title).slice(1), ["Elenco"]);
});

Deno.test("a log named by what is done keeps those acts even of things a concept lists", () => {
  for (const prompt of ["arroser les tomates", "regar las plantas del jardín", "plant watering"]) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.deepEqual(spec.screens.map((s) => s.block), ["log"], prompt);
  }
  // Named as things, the same records are their list.
  assert.deepEqual(composeSpec("my plants", { tier: "light" }).spec.screens.map((s) => s.block), [
    "collection",
  ]);
});

Deno.test("a week stated day by day is the timetable's records, which every schedule the prompt names shows", () => {
  for (
    const [prompt, records] of [
      ["tennis on tuesday, choir on thursday at 19:30", [["Tennis", 2, ""], ["Choir", 4, "19:30"]]],
      ["martedì danza, giovedì nuoto alle 17: l'orario di Giulia", [["Danza", 2, ""], ["Nuoto", 4, "17:00"]]],
      ["planning des enfants : mercredi poney, samedi tennis", [["Poney", 3, ""], ["Tennis", 6, ""]]],
      ["martes inglés, jueves guitarra, domingo misa", [["Inglés", 2, ""], ["Guitarra", 4, ""], [
        "Misa",
        7,
        "",
      ]]],
      ["Wochenplan: Dienstag Chor um 18 Uhr, Freitag Handball", [["Chor", 2, "18:00"], ["Handball", 5, ""]]],
    ] as const
  ) {
    const made = composeSpec(prompt, { tier: "light" });
    const timetables = made.spec.screens.filter((s) => s.block === "timetable");
    assert.equal(timetables.length, 1, `${prompt}: ${made.spec.screens.map((s) => s.block)}`);
    const { weekdayField, timeField } = timetables[0].options;
    const entity = made.spec.entities.find((e) => e.key === timetables[0].entity)!;
    const title = entity.fields[0].key;
    assert.deepEqual(
      entity.samples.map((r) => [r[title], r[weekdayField!], r[timeField!]]),
      records,
      prompt,
    );
    assert.ok(made.asks.filter((a) => a.type === "schedule").every((a) => a.built), prompt);
    assert.deepEqual(made.unmet, [], prompt);
  }
});

Deno.test("a total asked as 'how much' adds up an amount and an average averages it; 'how many' counts", () => {
  const logOf = (prompt: string) => {
    const { spec } = composeSpec(prompt, { tier: "light" });
    const log = spec.screens.find((s) => s.block === "log");
    assert.ok(log, `${prompt}: ${spec.screens.map((s) => s.block)}`);
    return log.options;
  };
  for (
    const prompt of [
      "show me how much I spent on taxis each month",
      "voglio vedere quanto spendo in benzina al mese",
      "je veux savoir combien je dépense en livres par mois",
      "quiero ver cuánto gasto en el súper cada semana",
      "ich will sehen, wie viel ich im Monat für Bücher ausgebe",
    ]
  ) {
    const options = logOf(prompt);
    assert.equal(options.aggregate, "total", prompt);
    assert.ok(options.amountField, prompt);
  }
  // A list whose records have no amount gets one to add up, rather than leaving the total unbuilt.
  const clients = composeSpec("a list of my clients and how much I invoiced them this month", {
    tier: "light",
  });
  assert.ok(
    clients.asks.filter((a) => a.type === "aggregate").every((a) => a.built),
    JSON.stringify(clients.asks),
  );
  assert.ok(!clients.unmet.some((u) => u.includes("nothing to count")), clients.unmet.join(" | "));
  assert.equal(logOf("log my naps and show the average per week").aggregate, "average");
  assert.equal(logOf("how many espressos I drink per day").aggregate, "count");
  // A figure compared with the period before is shown period by period.
  for (
    const prompt of [
      "log my swims and show if I swam more than last month",
      "noter mes dépenses et les comparer au mois précédent",
    ]
  ) assert.equal(logOf(prompt).period, "month", prompt);
  // What the speaker does once a period is added up, or counted, over that period.
  for (
    const [prompt, aggregate, period] of [
      ["the hours I practise the violin every week", "total", "week"],
      ["le partite che gioco ogni mese", "count", "month"],
      ["los kilómetros que nado cada semana", "total", "week"],
    ]
  ) {
    const options = logOf(prompt);
    assert.deepEqual([options.aggregate, options.period], [aggregate, period], prompt);
  }
  // How many hours of sleep adds up the nights' own durations.
  const slept = logOf("how many hours did I sleep this week?");
  assert.deepEqual([slept.aggregate, slept.durationField, slept.amountField], [
    "total",
    "duration",
    undefined,
  ]);
  // Hours add up how long each took, a unit the amount in it.
  assert.ok(logOf("the hours I practise the violin every week").durationField);
  const swum = composeSpec("los kilómetros que nado cada semana", { tier: "light" }).spec;
  const swims = swum.screens.find((s) => s.block === "log")!;
  const field = swum.entities.find((e) => e.key === swims.entity)!.fields
    .find((f) => f.key === swims.options.amountField);
  assert.deepEqual([field?.label, field?.type], ["Kilómetros", "number"]);
});

Deno.test("a follow-up's colon lists changes, 'also' adds nothing, black, white, gold and navy are themes", () => {
  const base =
    composeSpec("a log of my swims with the date, the distance and the pool", { tier: "light" }).spec;
  const changed = changeSpec(
    base,
    "A couple of changes: remove the pool, add water temperature (average of the day). Also make it black and gold.",
  );
  assert.deepEqual(changed.asks.map((a) => [a.type, a.built]).sort(), [
    ["add_field", true],
    ["remove_field", true],
    ["theme", true],
  ]);
  const fields = changed.spec.entities[0].fields.map((f) => f.label.toLowerCase());
  assert.ok(!fields.includes("pool"), `${fields}`);
  assert.ok(fields.some((f) => f.includes("water temperature")), `${fields}`);
  assert.equal(changed.spec.theme, "dark");
  assert.equal(changed.spec.accent, "#B8860B");
  assert.equal(changeSpec(base, "rendila bianca e blu marino").spec.theme, "light");
  assert.equal(changeSpec(base, "rendila bianca e blu marino").spec.accent, "#1E3A8A");
});

Deno.test("a theme is built only when it names a colour, dark or light, or large text; a listed colour is a field", () => {
  const made = (prompt: string) => composeSpec(prompt, { tier: "light" });
  const pastel = made("a list of my paintings in soft pastel colours");
  assert.equal(pastel.spec.accent, "#A78BFA");
  assert.deepEqual(pastel.asks.find((a) => a.type === "theme")?.built, true);
  assert.equal(made("a log of my hikes, earthy greens please").spec.accent, "#16A34A");
  const vague = made("a list of my paintings with a cool theme");
  assert.deepEqual(vague.asks.find((a) => a.type === "theme")?.built, false);
  assert.ok(vague.unmet.some((u) => u.startsWith("cool theme")), vague.unmet.join(" | "));
  const hens = made("Meine Hühner: Name, Rasse, Farbe und Alter");
  assert.ok(!hens.asks.some((a) => a.type === "theme"), JSON.stringify(hens.asks));
  assert.ok(hens.spec.entities[0].fields.some((f) => f.label === "Farbe"));
});

Deno.test("a limit the prompt states is built as a goal not to pass, with its number and period", async () => {
  const goalOf = (spec: AppSpec) => spec.screens.find((s) => s.block === "goal")?.options;
  const cases: [string, number, string | undefined][] = [
    ["I want to log my snacks and keep under 1800 calories a day", 1800, "day"],
    ["registro le spese del bar, non voglio superare i 40 euro a settimana", 40, "week"],
    ["noter mes parties de jeux vidéo, pas plus de 10 heures par semaine", 600, "week"],
    ["anotar lo que gasto en ropa y no pasar de 150 € al mes", 150, "month"],
    ["Ich will meine Kaffees zählen, höchstens 4 am Tag", 4, "day"],
  ];
  for (const [prompt, goal, period] of cases) {
    const result = await generator.generate(request(prompt));
    const options = goalOf(specOf(result));
    assert.deepEqual([options?.goal, options?.period, options?.limit], [goal, period, true], prompt);
    assert.ok(result.summary?.asks?.some((a) => a.type === "goal" && a.built), prompt);
  }
  // A number of things with nothing to add up counts the records.
  const coffees = composeSpec("Ich will meine Kaffees zählen, höchstens 4 am Tag", { tier: "light" }).spec;
  assert.equal(goalOf(coffees)?.amountField, undefined);
  assert.ok(!coffees.entities.some((e) => e.fields.some((f) => f.type === "number")));
  // A limit whose amount is not stated is no goal; the warning asked is a reminder.
  const vague = await generator.generate(request("track my spending and warn me when I go over"));
  assert.equal(goalOf(specOf(vague)), undefined);
  assert.ok(
    vague.summary?.asks?.some((a) => a.type === "reminder" && a.built),
    JSON.stringify(vague.summary),
  );
});

Deno.test("a goal adds up what happens, never an amount a record sets, and a budget is built as a limit", () => {
  const goalOf = (prompt: string) => {
    const { spec } = composeSpec(prompt, { tier: "light" });
    const goal = spec.screens.find((s) => s.block === "goal")!;
    const entity = spec.entities.find((e) => e.key === goal.entity)!;
    const field = entity.fields.find((f) => f.key === goal.options.amountField);
    return { options: goal.options, entity: entity.key, field: field?.label };
  };
  // The concepts' budgets, savings targets and planned payments are what a record sets: never the progress.
  for (
    const [prompt, set] of [
      ["I'm putting money aside for a camera, savings goal of 700 dollars", "target"],
      ["voglio risparmiare 3000 euro per il viaggio in Giappone", "target"],
      ["presupuesto de 400 euros al mes para el supermercado", "budget"],
    ]
  ) {
    const { options, entity } = goalOf(prompt);
    assert.ok(
      options.amountField && options.amountField !== set,
      `${prompt}: ${entity}.${options.amountField}`,
    );
    // What is saved so far is a balance: reached by its latest value, never added up.
    if (set === "target") assert.equal(options.level, true, prompt);
  }
  for (
    const [prompt, period] of [
      ["expense tracker for the kids with a monthly budget of 150 dollars", "month"],
      ["uscite per i regali di Natale, budget 300 euro", undefined],
      ["Haushaltsbuch mit einem wöchentlichen Budget von 200 €", "week"],
    ] as [string, string | undefined][]
  ) {
    const { options } = goalOf(prompt);
    assert.deepEqual([options.limit, options.period], [true, period], prompt);
  }
});

Deno.test("a goal stated as an intent is built with its target, and a change by an amount is listed as unmet", () => {
  const made = (prompt: string) => composeSpec(prompt, { tier: "light" });
  const goalOf = (prompt: string) => made(prompt).spec.screens.find((s) => s.block === "goal")?.options;
  // A number of things the records are ("24 novels") counts them; one a field names ("8000 steps") adds it up.
  const novels = goalOf("I'd like to read 24 novels this year, with author and rating");
  assert.deepEqual([novels?.goal, novels?.period, novels?.amountField], [24, "year", undefined]);
  const weight = goalOf("voglio arrivare a 75 kg, segno il peso ogni mattina");
  assert.deepEqual([weight?.goal, weight?.level], [75, true]);
  for (
    const prompt of [
      "I want to gain 4 kg of muscle, I weigh myself every Sunday",
      "je veux perdre 6 kilos, je note mon poids chaque matin",
      "Ich will 12 kg abnehmen und mein Gewicht jeden Morgen eintragen",
    ]
  ) {
    const { spec, unmet, asks } = made(prompt);
    assert.ok(!spec.screens.some((s) => s.block === "goal"), prompt);
    assert.ok(asks.some((a) => a.type === "goal" && !a.built), JSON.stringify(asks));
    assert.ok(unmet.some((u) => /\d+ (kg|kilos).*\(a change by an amount/.test(u)), unmet.join(" | "));
  }
});

Deno.test("a goal named as a label before a colon is built with the target and period after it", () => {
  const cases: [string, number, string][] = [
    ["sleep diary, goal: 8 hours a day", 480, "day"],
    ["obiettivo: correre 20 km a settimana", 20, "week"],
    ["mon objectif : lire 40 pages par jour", 40, "day"],
    ["mi meta: ahorrar 150 euros al mes", 150, "month"],
    ["Ziel: 5 Liter Wasser pro Woche mehr trinken", 5, "week"],
  ];
  for (const [prompt, goal, period] of cases) {
    const { spec, unmet } = composeSpec(prompt, { tier: "light" });
    const options = spec.screens.find((s) => s.block === "goal")?.options;
    assert.deepEqual([options?.goal, options?.period], [goal, period], prompt);
    assert.ok(!unmet.some((u) => u.includes("no target")), unmet.join(" | "));
  }
});

Deno.test("a goal's deadline is listed as unmet with why, and the goal is built with its target", () => {
  for (
    const [prompt, words] of [
      ["I'd like to save 2500 dollars for a trip by next June", "by next June"],
      ["voglio leggere 10 libri prima dell'estate", "prima dell'estate"],
      ["je veux économiser 900 € avant les vacances", "avant les vacances"],
      ["quiero ahorrar 1200 euros hasta diciembre", "hasta diciembre"],
      ["Ich will bis Weihnachten 700 € sparen", "bis Weihnachten"],
    ]
  ) {
    const { spec, unmet } = composeSpec(prompt, { tier: "light" });
    assert.ok(spec.screens.some((s) => s.block === "goal" && s.options.goal), prompt);
    assert.ok(
      unmet.includes(`${words} (a goal has one target, over a day, week, month or year)`),
      unmet.join(" | "),
    );
  }
});

Deno.test("a budget named beside the expenses it limits adds up those expenses, whose words are not unmet", () => {
  for (
    const prompt of [
      "grocery expenses, budget of 350 dollars a month",
      "spese della settimana, budget 120 euro",
      "dépenses du mois avec un budget de 900 €",
      "mis gastos, presupuesto mensual de 600 euros",
    ]
  ) {
    const { spec, unmet } = composeSpec(prompt, { tier: "light" });
    const goal = spec.screens.find((s) => s.block === "goal")!;
    const entity = spec.entities.find((e) => e.key === goal.entity)!;
    assert.ok(!entity.fields.some((f) => f.key === "budget"), `${prompt}: ${entity.key}`);
    assert.equal(goal.options.limit, true, prompt);
    assert.ok(spec.screens.some((s) => s.block === "log" && s.entity === entity.key), prompt);
    assert.deepEqual(unmet, [], prompt);
  }
});

Deno.test("so many times a period in a goal's clause is a number of records to reach, not a reminder", () => {
  for (
    const prompt of [
      "my goal: practise piano 5 times a week",
      "obiettivo: andare in palestra 3 volte a settimana",
      "objectif : 2 fois par semaine à la piscine",
      "meta: salir a caminar 4 veces por semana",
      "Ziel: zweimal pro Woche Rad fahren",
    ]
  ) {
    const { spec, unmet } = composeSpec(prompt, { tier: "light" });
    const goal = spec.screens.find((s) => s.block === "goal")?.options;
    assert.deepEqual([goal?.period, goal?.amountField], ["week", undefined], prompt);
    assert.ok((goal?.goal ?? 0) >= 2, prompt);
    assert.ok(!spec.screens.some((s) => s.block === "reminders"), prompt);
    assert.deepEqual(unmet.filter((u) => u.includes("(")), [], prompt);
  }
});

Deno.test("a goal that only refers to the app's goal is that goal's screen, wherever the target is stated", () => {
  for (
    const prompt of [
      "I'm saving $900 for a bike. I want to add deposits and see how far along I am.",
      "Show me how far along I am. My goal: save $500 for a camera.",
    ]
  ) {
    const { asks, unmet, spec } = composeSpec(prompt, { tier: "light" });
    const goals = asks.filter((a) => a.type === "goal");
    assert.ok(goals.length >= 2 && goals.every((a) => a.built && a.block === "goal"), JSON.stringify(asks));
    assert.ok(!unmet.some((u) => u.includes("no target")), unmet.join(" | "));
    assert.equal(spec.screens.filter((s) => s.block === "goal").length, 1);
  }
});

Deno.test("a group the speaker counts in ('we are four') shares costs among that many, the speaker one of them", () => {
  const payers = (prompt: string) =>
    composeSpec(prompt, { tier: "light" }).spec.entities.flatMap((e) => e.fields).find((f) =>
      f.key === "paidBy"
    )
      ?.options;
  assert.equal(payers("Wir sind drei im Ferienhaus und teilen die Kosten auf")?.length, 3);
  assert.equal(payers("we are five flatmates and split the bills")?.length, 5);
  // Others counted without the speaker: the speaker and that many more.
  assert.equal(payers("I split the holiday costs with 3 friends")?.length, 4);
  // A count right after "between", or "between us", is everyone who shares.
  assert.equal(payers("split the taxi fares between 3 friends")?.length, 3);
  assert.equal(payers("partager les frais du chalet entre nous quatre")?.length, 4);
});

Deno.test("each tick a prompt asks is a check field of its own, and the persons it names are the board's", () => {
  const { spec, asks } = composeSpec(
    "Ogni sera segno per la nonna se ha mangiato, se ha preso le gocce e se è uscita",
    { tier: "light" },
  );
  const checks = spec.entities.flatMap((e) => e.fields.filter((f) => f.type === "check").map((f) => f.label));
  for (const label of ["Mangiato", "Preso le gocce", "Uscita"]) assert.ok(checks.includes(label), label);
  assert.equal(asks.filter((a) => a.type === "yesno" && a.built).length, 3);
  const board = composeSpec("Chore chart for my kids Tom and Lily with points", { tier: "light" }).spec;
  const people = board.screens.find((s) => s.block === "people");
  assert.ok(people);
  const entity = board.entities.find((e) => e.key === people.entity)!;
  const person = entity.fields.find((f) => f.key === people.options.personField);
  assert.deepEqual(person?.options, ["Tom", "Lily"]);
});

Deno.test("a tick that names a field the records have makes that field the tick the list counts", () => {
  for (
    const [prompt, label] of [
      ["my reading list, mark each book as finished when i close it", "Finished"],
      ["liste de mes factures avec montant et payée, payée ou pas", "Payée"],
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    const list = spec.screens.find((s) => s.block === "collection");
    const entity = spec.entities.find((e) => e.key === list?.entity);
    const field = entity?.fields.find((f) => f.key === list?.options.checkField);
    assert.equal(field?.type, "check", prompt);
    assert.equal(field?.label, label, prompt);
    assert.equal(entity?.fields.filter((f) => f.label === label).length, 1, prompt);
  }
});

Deno.test("a category's values listed after 'with' are the options of the field its screen groups by", () => {
  for (
    const [prompt, options] of [
      ["my grocery spending with categories bakery, butcher, market", ["bakery", "butcher", "market"]],
      ["le spese del gatto con categorie cibo, veterinario, giochi", ["cibo", "veterinario", "giochi"]],
      ["Haushaltskosten mit Kategorien Strom, Wasser, Heizung", ["Strom", "Wasser", "Heizung"]],
    ] as const
  ) {
    const made = composeSpec(prompt, { tier: "light" });
    const screen = made.spec.screens.find((s) => s.options.categoryField)!;
    assert.ok(screen, prompt);
    const entity = made.spec.entities.find((e) => e.key === screen.entity)!;
    const field = entity.fields.find((f) => f.key === screen.options.categoryField)!;
    assert.deepEqual([field.type, field.options], ["choice", options], prompt);
    assert.ok(
      !entity.fields.some((f) => f.type === "text" && options.some((o) => f.label.includes(o))),
      prompt,
    );
    assert.ok(made.asks.find((a) => a.type === "categories")?.built, prompt);
  }
});

Deno.test("the persons a split names pay its costs: those after 'between', else the speaker with them", () => {
  const payers = (prompt: string) => {
    const spec = composeSpec(prompt, { tier: "light" }).spec;
    const split = spec.screens.find((s) => s.block === "split")!;
    const entity = spec.entities.find((e) => e.key === split.entity)!;
    const field = entity.fields.find((f) => f.key === split.options.categoryField)!;
    return [field.type, field.options];
  };
  assert.deepEqual(payers("split the fuel costs between Ivy, Max and Zoe"), ["choice", [
    "Ivy",
    "Max",
    "Zoe",
  ]]);
  assert.deepEqual(payers("dividere l'affitto tra Chiara e Davide"), ["choice", ["Chiara", "Davide"]]);
  assert.deepEqual(payers("partager les courses entre Inès, Malo et Zoé"), ["choice", [
    "Inès",
    "Malo",
    "Zoé",
  ]]);
  assert.deepEqual(payers("split the bills with my flatmates Ivy and Max"), ["choice", ["Me", "Ivy", "Max"]]);
  assert.deepEqual(payers("split bills with roommates"), ["choice", ["Me", "Person 2"]]);
});

Deno.test("a people board asked with points and rewards counts the points and leaves the rewards unmet", () => {
  const made = composeSpec("compiti di casa per i figli con punti e premi", { tier: "light" });
  const board = made.spec.screens.find((s) => s.block === "people")!;
  assert.ok(board.options.pointsField);
  assert.equal(board.options.rewards, undefined);
  assert.ok(made.unmet.some((u) => u.startsWith("premi ")), JSON.stringify(made.unmet));
  assert.ok(
    !composeSpec("chores for my sons with points", { tier: "light" }).unmet.some((u) => /points/.test(u)),
  );
});

Deno.test("two asks of one thing build its screen once, and the description says it once", () => {
  for (
    const prompt of [
      "Three of us share a flat, I want to split the bills and see who owes who",
      "Siamo 3 coinquilini, voglio dividere le bollette come luce e gas e vedere chi deve a chi",
      "Nous sommes 4 colocataires, je veux partager les factures comme le loyer et voir qui doit à qui",
      "Somos 3 amigos de viaje, quiero dividir los gastos como gasolina y comida y ver quién debe a quién",
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.equal(spec.screens.filter((s) => s.block === "split").length, 1, prompt);
    const phrases = spec.description.replace(/\.$/, "").split(/,? (?:and|e|et|y) /);
    assert.equal(new Set(phrases).size, phrases.length, spec.description);
  }
});

Deno.test("a reminder for another person is titled with what they are to do, not with them", () => {
  for (
    const [prompt, title] of [
      ["remind my grandfather to water the tomatoes at 6pm", "Water the tomatoes"],
      ["ricorda al nonno di misurare la pressione alle 9", "Misurare la pressione"],
      ["rappelle à mon père de prendre son médicament à 9h", "Prendre son médicament"],
      ["recuérdale a mi padre de tomar sus gotas a las 9", "Gotas"],
      ["erinnere meinen Vater an seine Tabletten um 8 Uhr", "Tabletten"],
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    const reminder = spec.entities.find((e) => e.key === "reminder");
    assert.deepEqual(reminder?.samples.map((s) => s.title), [title], prompt);
  }
});

Deno.test("records no word names are those whose fields the prompt lists, when few concepts have them", () => {
  for (
    const [prompt, plural] of [
      ["my shelf: title, author, genre and whether I finished it", "Books"],
      ["la mia libreria di casa: titolo, autore e pagine", "Libri"],
      ["Mon étagère : titre, auteur, nombre de pages", "Livres"],
      ["Mi estantería: título, autor y si ya lo leí", "Libros"],
      ["Mein Regal: Titel, Autor und ob gelesen", "Bücher"],
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.equal(spec.entities[0].plural, plural, prompt);
  }
  // A field many concepts have ("date") says nothing of which: one telling field alone is not enough.
  const { spec } = composeSpec("keep a register of the WOD with date and result", { tier: "light" });
  assert.ok(!spec.entities.some((e) => e.key.startsWith("climbing")), spec.entities.map((e) => e.key).join());
});

Deno.test("the category a figure is broken down by is the records' field of that name, or a choice named by it", () => {
  for (
    const [prompt, label] of [
      ["my climbs with date, route and grade. Show a count of climbs per grade", "Grade"],
      ["le mie letture, e il totale delle pagine per ogni autore", "Autore"],
    ] as const
  ) {
    const made = composeSpec(prompt, { tier: "light" });
    // (The list's category, or what a log's figure is charted per.)
    const by = (s: (typeof made.spec.screens)[number]) =>
      s.options.categoryField ?? s.options.figures?.find((f) => f.by)?.by;
    const screen = made.spec.screens.find(by)!;
    assert.ok(screen, prompt);
    const entity = made.spec.entities.find((e) => e.key === screen.entity)!;
    const field = entity.fields.find((f) => f.key === by(screen))!;
    assert.equal(field.label, label, prompt);
    assert.equal(entity.fields.filter((f) => f.label === label).length, 1, prompt);
  }
});

Deno.test("a calculator that names a tip works it out at the percentage stated, shared by the persons counted", () => {
  const tip = (prompt: string) => {
    const made = composeSpec(prompt, { tier: "light" });
    const screen = made.spec.screens.find((s) => s.block === "calculator");
    assert.ok(screen, prompt);
    assert.ok(!made.unmet.some((u) => u.includes("%") || /prozent/i.test(u)), made.unmet.join(" | "));
    const { tipPercent, people, currency } = screen.options;
    return { tipPercent, people, currency };
  };
  assert.deepEqual(tip("Tip calculator for team lunches, 18% tip, split between 4 colleagues"), {
    tipPercent: 18,
    people: 4,
    currency: undefined,
  });
  // The percentage may stand in a sentence of its own; the group counted with "noi" holds the speaker.
  assert.deepEqual(tip("Calcola la mancia per la pizzeria. Di solito lascio il 10%. Siamo in 6"), {
    tipPercent: 10,
    people: 6,
    currency: undefined,
  });
  assert.deepEqual(tip("Calculer le pourboire de 15 % sur l'addition de 90 €"), {
    tipPercent: 15,
    people: undefined,
    currency: "EUR",
  });
  assert.deepEqual(tip("Calculadora de propinas del 12% para las cenas con amigos"), {
    tipPercent: 12,
    people: undefined,
    currency: undefined,
  });
  assert.deepEqual(tip("Wir sind drei. Trinkgeld ausrechnen mit 10 Prozent"), {
    tipPercent: 10,
    people: 3,
    currency: undefined,
  });
  // Numbers of a list of values count no one.
  assert.equal(
    tip("Tip calculator with 10, 15 or 20% tip to share the bill between friends").people,
    undefined,
  );
  // A tip named with no percentage starts from none, which the user raises; a calculator of no tip has none.
  assert.equal(tip("a tip calculator for my waiter friends").tipPercent, 0);
  assert.equal(tip("a calculator for my homework").tipPercent, undefined);
});

Deno.test("a conversion between units its sentence names without numbers converts within their dimensions", () => {
  const groups = (prompt: string) => {
    const made = composeSpec(prompt, { tier: "light" });
    const screen = made.spec.screens.find((s) => s.block === "converter");
    assert.ok(made.asks.some((a) => a.type === "convert" && a.built) === Boolean(screen), prompt);
    return screen?.options.conversions?.map((c) => c.group).sort();
  };
  assert.deepEqual(groups("Convert miles to kilometers and pounds to kg for my cycling trips"), [
    "length",
    "mass",
  ]);
  assert.deepEqual(groups("un convertitore da chilometri a miglia per le mie corse"), ["length"]);
  assert.deepEqual(groups("Convertir les tasses en grammes pour la pâtisserie"), ["mass", "volume"]);
  assert.deepEqual(groups("quiero convertir litros a tazas en la cocina"), ["volume"]);
  assert.deepEqual(groups("Umrechner von Meilen in Kilometer für den Urlaub"), ["length"]);
  // Degrees convert with an offset no factor holds: the conversion is reported, not built.
  assert.equal(groups("Umrechnen von Fahrenheit in Celsius"), undefined);
});

Deno.test("a conversion between currencies with no rate stated converts at the rates the user types", () => {
  const currencies = (prompt: string) => {
    const group = composeSpec(prompt, { tier: "light" }).spec.screens.find((s) => s.block === "converter")
      ?.options.conversions?.find((c) => c.group === "currency");
    return group && { typed: group.typed, units: group.units.map((u) => u.label) };
  };
  assert.deepEqual(currencies("a currency converter from dollars to yen for my trip"), {
    typed: true,
    units: ["USD", "JPY"],
  });
  assert.deepEqual(currencies("Convertitore da euro a franchi svizzeri"), {
    typed: true,
    units: ["EUR", "CHF"],
  });
  assert.deepEqual(currencies("Convertir des yen en euros pour le voyage"), {
    typed: true,
    units: ["JPY", "EUR"],
  });
  assert.deepEqual(currencies("un conversor de dólares a euros"), { typed: true, units: ["USD", "EUR"] });
  assert.deepEqual(currencies("Umrechner von Euro in Franken"), { typed: true, units: ["EUR", "CHF"] });
  // One currency is nothing to convert between.
  assert.equal(currencies("convert my expenses to euros"), undefined);
  // The words of what is converted are the converter's, not unmet; words of anything else are.
  assert.deepEqual(composeSpec("Umrechner Franken in Euro und Dollar", { tier: "light" }).unmet, []);
  assert.ok(
    composeSpec("convertitore da dollari a euro per le vacanze", { tier: "light" }).unmet.some((u) =>
      u.includes("vacanze")
    ),
  );
});

Deno.test("records whose fields name a concept the app keeps already are those records, not a second list", () => {
  for (
    const prompt of [
      "Ho un piccolo bed and breakfast, mi serve segnare le prenotazioni con nome, date di arrivo e partenza e numero di ospiti",
      "I run a small guesthouse and need to note the bookings with name, arrival and departure dates and number of guests",
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    const keys = spec.entities.map((e) => e.key);
    assert.ok(!keys.some((k) => /\d$/.test(k)), `${prompt}: ${keys}`);
  }
});

Deno.test("a log charts each figure asked of it; a goal's second figure is listed, one a log's card of today shows is built", () => {
  for (
    const prompt of [
      "I log my runs with distance in km, show the total km per week and the average per month",
      "je note mes sorties à vélo en km, et je veux le total de km par semaine et la moyenne par mois",
    ]
  ) {
    const made = composeSpec(prompt, { tier: "light" });
    const log = made.spec.screens.find((s) => s.block === "log")!;
    assert.deepEqual([log.options.aggregate, log.options.period], ["total", "week"], prompt);
    assert.deepEqual(log.options.figures?.map((f) => [f.aggregate, f.period]), [["total", "week"], [
      "average",
      "month",
    ]], prompt);
    assert.ok(made.asks.filter((a) => a.type === "aggregate").every((a) => a.built), prompt);
    assert.deepEqual(made.unmet, [], prompt);
  }
  // A goal shows its one target's progress: a second figure asked of it is listed.
  const saved = composeSpec(
    "risparmi: obiettivo di 300 euro al mese, con il totale a settimana e la media all'anno",
    {
      tier: "light",
    },
  );
  const figures = saved.asks.filter((a) => a.type === "aggregate");
  assert.deepEqual(figures.map((a) => a.built), [true, false]);
  assert.ok(saved.unmet.some((u) => u.includes(figures[1].quote)), saved.unmet.join("; "));
  // How many today is on the log's card of today, whatever its chart shows.
  const made = composeSpec("a log of my coffees with the price, the total per month and how many today", {
    tier: "light",
  });
  assert.ok(made.asks.filter((a) => a.type === "aggregate").every((a) => a.built));
});

Deno.test("a follow-up's changes, each applied by the labels its words name, or listed", () => {
  const climbs = composeSpec("a log of my climbing sessions with date, time, wall, grade and notes", {
    tier: "light",
  }).spec;
  const labels = (spec: typeof climbs) => spec.entities[0].fields.map((f) => f.label);
  // A removal names its field by stem; one a screen only showed beside the records leaves the screen too.
  const arrampicate =
    composeSpec("registro delle arrampicate con data, ora, parete e grado", { tier: "light" })
      .spec;
  const untimed = changeSpec(arrampicate, "togli la roba dell'ora, basta la data").spec;
  assert.ok(!labels(untimed).includes("Ora"));
  assert.ok(untimed.screens.every((s) => s.options.timeField === undefined));
  assert.ok(!labels(changeSpec(climbs, "take out the time thing, the date is enough").spec).includes("Time"));
  // A rename in quotes, of any kind of quote marks; one whose old words name nothing is listed.
  const renamed = changeSpec(climbs, "replace “wall” with “gym”");
  assert.ok(labels(renamed.spec).includes("Gym") && !labels(renamed.spec).includes("Wall"));
  const nothing = changeSpec(climbs, "remplace « cordes » par « voies »");
  assert.ok(nothing.unmet.some((u) => u.includes("cordes")));
  assert.ok(nothing.asks.some((a) => a.type === "rename" && !a.built));
  // Several changes in one follow-up each apply: colours after "to", bigger text, high contrast, a photo.
  const seen =
    changeSpec(climbs, "change the colours to teal, bigger please, more contrast and add a picture")
      .spec;
  assert.equal(seen.accent, "#0D9488");
  assert.equal(seen.textSize, "large");
  assert.equal(seen.contrast, "high");
  assert.ok(seen.entities[0].fields.some((f) => f.type === "photo"));
  // "dunkler", "sombres": the adjectives of the dark theme in their inflections.
  assert.equal(changeSpec(climbs, "lieber dunkler, bitte").spec.theme, "dark");
  // An ask that changes nothing of the app is no change: its words are listed.
  const again = changeSpec(climbs, "and send the log to my coach by email");
  assert.ok(again.unmet.some((u) => u.includes("coach") || u.includes("email")));
});
