import assert from "node:assert/strict";
import { join } from "node:path";
import { conceptFiles, CONCEPTS_DIR, CONCEPTS_MODULE, conceptsModule } from "../../scripts/concepts.ts";
import {
  type Concept,
  conceptIndex,
  findConcepts,
} from "../../supabase/functions/_generator/understand/concepts.ts";
import { namesKnownSubject, understand } from "../../supabase/functions/_generator/understand/index.ts";
import { conceptProblems } from "../../supabase/functions/_generator/knowledge/check.ts";
import carService from "./fixtures/understand_concepts/car-service.json" with { type: "json" };

const files = conceptFiles().map((file) => ({
  file,
  concept: JSON.parse(Deno.readTextFileSync(join(CONCEPTS_DIR, file))) as Concept,
}));

Deno.test("concepts-index.ts imports every concept file (npm run concepts)", () => {
  assert.equal(Deno.readTextFileSync(CONCEPTS_MODULE), conceptsModule(), "run `npm run concepts`");
});

Deno.test("every concept file, and the test fixture, holds to concept.schema.json, sits in its domain and has samples that fit its fields", () => {
  assert.ok(files.length > 0);
  const problems = [...files, { file: "vehicles/car-service.json", concept: carService }]
    .flatMap(({ file, concept }) => conceptProblems(concept, file));
  assert.deepEqual(problems, []);
  const ids = files.map(({ concept }) => concept.id);
  assert.equal(new Set(ids).size, ids.length, "concept ids are unique");
});

Deno.test("every concept's fixture prompts find that concept through the pipeline", () => {
  const misses = files.flatMap(({ concept }) =>
    concept.fixtures.flatMap(({ language, prompt }) => {
      const found = understand(prompt).concepts.map((c) => c.id);
      return found.includes(concept.id) ? [] : [`${concept.id} (${language}): ${prompt} found [${found}]`];
    })
  );
  assert.deepEqual(misses, []);
});

Deno.test("an index of other concepts finds them by stem in each language, longer phrases scoring more", () => {
  const index = conceptIndex([carService as Concept, files[0].concept]);
  for (const { language, prompt } of carService.fixtures) {
    assert.equal(
      findConcepts(prompt, language as Concept["fixtures"][0]["language"], index)[0]?.id,
      "car-service",
      prompt,
    );
  }
  const [best] = findConcepts("the car needs an oil change and new tyres", "en", index);
  assert.deepEqual(best, { id: "car-service", domain: "vehicles", score: 3, words: ["oil change", "tyres"] });
  assert.deepEqual(findConcepts("a quiz on capitals", "en", index), []);
});

Deno.test("a German compound no phrase names is named by its head, split where a whole name ends it", () => {
  const ids = (text: string) => findConcepts(text, "de").map((c) => c.id);
  assert.ok(ids("ein Timer fürs Boxtraining").includes("workout-session"));
  assert.ok(ids("Hundefutter kaufen").includes("pet-feeding"));
  // "Gesamtp|reis" is no journey: only a whole name of five letters or more is a head.
  assert.deepEqual(ids("den Gesamtpreis ausrechnen"), []);
});

Deno.test("of two concepts named as much, the one named first comes first", () => {
  const ids = (text: string) => findConcepts(text, "es").map((c) => c.id);
  assert.deepEqual(ids("las medicinas que le damos, omeprazol en ayunas").slice(0, 2), [
    "medication-dose",
    "fasting-window",
  ]);
});

Deno.test("the Italian groceries, 'la spesa', are a shopping list, and 'le spese' expenses", () => {
  const ids = (prompt: string) => understand(prompt).concepts.map((c) => c.id);
  const groceries = ids("mi serve un'app per la spesa della settimana");
  assert.ok(groceries.includes("shopping-item"), `${groceries}`);
  assert.ok(groceries.indexOf("shopping-item") < groceries.indexOf("expense"), `${groceries}`);
  const expenses = ids("un'app per segnare le spese della settimana");
  assert.ok(expenses.includes("expense") && !expenses.includes("shopping-item"), `${expenses}`);
});

Deno.test("card and dice games, a beekeeper's colonies, antibiotics, cacti, a band's songs, party guests, water drunk, hours worked, monthly bills, a flat's shared costs, a pregnancy, a journal, a pet's food, sleep, mood, countries visited, fuel use, steps, spending, a dance school, saving up, school marks and a baby's sleep are subjects the data knows, in the five languages", () => {
  const top = (prompt: string) => understand(prompt).concepts[0]?.id;
  const cases: [string, string][] = [
    ["who won our card games tonight, with the points of each round", "board-game-play"],
    ["segnapunti per la briscola con i nonni", "board-game-play"],
    ["compteur de points pour la belote du dimanche", "board-game-play"],
    ["apuntar quién gana al parchís en casa de la abuela", "board-game-play"],
    ["Punktezähler für unseren Skatabend", "board-game-play"],
    ["ich bin Imker und will meine Völker im Blick behalten", "beehive-inspection"],
    ["soy apicultor y reviso mis colonias cada semana", "beehive-inspection"],
    ["devo finire gli antibiotici, ricordamelo", "medication-dose"],
    ["Antibiotika dreimal täglich nehmen", "medication-dose"],
    ["my cacti and when I last watered them", "houseplant"],
    ["les chansons de notre groupe avec la tonalité", "song-repertoire"],
    ["a guest list for the barbecue with who is bringing what", "wedding-guest"],
    ["Hofladen: was ich morgens ins Regal stelle", "market-stall-sale"],
    ["combien d'eau je bois par jour", "water-intake"],
    ["wie viel Wasser ich trinke", "water-intake"],
    ["hours I worked for each client", "timesheet-entry"],
    ["mes factures du mois et quand les payer", "household-bill"],
    ["gastos compartidos con mis compañeros de piso", "shared-expense"],
    ["diario del embarazo con mi peso", "pregnancy-log"],
    ["suivi de grossesse semaine par semaine", "pregnancy-log"],
    ["a dream journal by my bed", "dream"],
    ["diario personale da scrivere la sera", "journal-entry"],
    ["ce que mange mon chien chaque jour", "pet-feeding"],
    ["was unser Hund frisst", "pet-feeding"],
    ["comment j'ai dormi cette semaine", "sleep-log"],
    ["meine Laune am Abend", "mood"],
    ["países que he visitado con mi pareja", "visited-country"],
    ["consumo della macchina nuova", "fuel-fill-up"],
    ["nombre de pas par jour", "step-count"],
    ["wie viel ich für Kleidung ausgebe", "expense"],
    ["i compiti e le visite dal pediatra", "doctor-appointment"],
    ["Termine beim Kinderarzt für beide Kinder", "doctor-appointment"],
    ["un appartamento vacanze da affittare d'estate", "bnb-booking"],
    ["la escuela de baile y sus horarios", "studio-class"],
    ["Tanzschule: Kurse und Anmeldungen", "studio-class"],
    ["économiser pour une moto", "savings-goal"],
    ["mis notas del colegio por asignatura", "grade"],
    ["der Schlaf des Babys in der Nacht", "baby-sleep"],
    ["un plan de limpieza para el piso compartido", "chore"],
    ["das Gewicht meines Hundes jede Woche", "pet-weight"],
    ["le planning des équipes du restaurant", "work-shift"],
  ];
  for (const [prompt, id] of cases) assert.equal(top(prompt), id, prompt);
  // A date any record may carry names no subject: warranties with an expiry date are not the pantry.
  assert.ok(!understand("warranties with their expiry date").concepts.some((c) => c.id === "pantry-item"));
});

Deno.test("a teacher's pupils, habits, bird sightings, fishing, cigarettes, a team's matches, patients, meditation, a home's belongings, dives, customers' orders and capitals have concepts of their own", () => {
  const top = (prompt: string) => understand(prompt).concepts[0]?.id;
  const cases: [string, string][] = [
    ["I teach the violin and need a list of my pupils", "pupil"],
    // A teacher's lessons are kept by pupil, whatever the instrument or the sums owed.
    ["I teach piano to 12 pupils and want a running total of what each owes", "pupil"],
    ["do lezioni di chitarra a 10 allievi e segno chi ha pagato", "pupil"],
    ["je donne des cours de violon à mes élèves", "pupil"],
    ["doy clases de piano a 8 alumnos", "pupil"],
    ["ich gebe Gitarrenunterricht für 9 Schüler", "pupil"],
    ["registro dei miei alunni di terza", "pupil"],
    ["habit tracker for meditation and flossing", "habit"],
    ["des habitudes à cocher chaque matin", "habit"],
    ["birding trips and the species I saw", "bird-sighting"],
    ["Vogelbeobachtung am Futterhaus", "bird-sighting"],
    ["diario di pesca al lago con il peso delle catture", "fishing-catch"],
    ["quiero dejar de fumar y contar los cigarrillos", "smoking-log"],
    ["résultats des matchs de l'équipe de foot de ma fille", "team-match"],
    ["the results of our football team each Saturday", "team-match"],
    ["je suis kiné et je note les soins de mes patients", "patient"],
    ["Patientenliste mit Telefon und nächstem Termin", "patient"],
    ["ten minutes of meditation before bed", "meditation-session"],
    ["meditare ogni mattina e segnare quanto", "meditation-session"],
    ["un inventario de la casa para el seguro", "household-item"],
    ["list of our valuables for the insurer", "household-item"],
    ["my scuba dives in Egypt with depth", "dive-log"],
    ["carnet de plongée du club", "dive-log"],
    ["prendere gli ordini delle torte per il weekend", "customer-order"],
    ["Vorbestellungen für Brötchen am Sonntag", "customer-order"],
    ["révisions des capitales européennes", "country-capital"],
    ["quiz de capitales del mundo para mi hijo", "country-capital"],
  ];
  for (const [prompt, id] of cases) assert.equal(top(prompt), id, prompt);
  // Words that only share a stem with theirs name none of them.
  const ids = (prompt: string) => understand(prompt).concepts.map((c) => c.id);
  assert.ok(!ids("test the smoke alarms every month").includes("smoking-log"));
  assert.ok(!ids("la fecha prevista del parto y las citas").includes("team-match"));
  assert.ok(!ids("the knee bend angle once a week").includes("fishing-catch"));
  assert.ok(!ids("homework with a due date for each subject").includes("pregnancy-log"));
  assert.ok(!ids("the steps of each recipe with a photo").includes("step-count"));
  assert.ok(!ids("pienso que necesito una lista de tareas").includes("pet-feeding"));
  assert.ok(!ids("die Laufzeit meiner Verträge").includes("run"));
  assert.ok(!ids("I run a small bakery and need a running total of sales").includes("run"));
  assert.ok(ids("I go running three times a week").includes("run"));
  assert.ok(!ids("mes cours de yoga du mardi").includes("run"));
  assert.ok(ids("je cours trois fois par semaine").includes("run"));
  // Who the user is names no records: an English teacher's classes are not language lessons.
  assert.ok(
    !ids("je suis prof d'anglais dans trois classes et je note les absences").includes("language-lesson"),
  );
});

Deno.test("a function word that a short stem shares with a concept's word names nothing", () => {
  const ids = (prompt: string, language: "en" | "it" | "fr" | "es" | "de") =>
    findConcepts(prompt, language).map((c) => c.id);
  // "nada" (nothing) and "nadar" (to swim) stem alike; "sera" (will be) and "séries" too.
  assert.ok(!ids("no queda nada en la nevera", "es").includes("swim-session"));
  assert.ok(ids("quiero nadar tres veces por semana", "es").includes("swim-session"));
  assert.ok(!ids("ce sera une liste simple", "fr").includes("watchlist-item"));
  assert.ok(ids("les séries que je regarde", "fr").includes("watchlist-item"));
  assert.ok(!ids("in der Not ein Anruf", "de").includes("grade"));
  assert.ok(ids("meine Noten im Halbjahr", "de").includes("grade"));
});

Deno.test("a word that only shares its stem with a concept's word weighs less than a word the concept writes", () => {
  const best = (prompt: string, language: "en" | "it" | "es") => findConcepts(prompt, language)[0]?.id;
  // "tallas" stems like "taller" (a garage), "taglie" like "tagliando" (a car service), "periodic" like
  // "periods": named first, they no longer outweigh the inventory or the plants.
  assert.equal(best("Tallas y colores de las camisetas del inventario", "es"), "inventory-item");
  assert.equal(best("taglie e colori dei maglioni in magazzino", "it"), "inventory-item");
  assert.equal(best("a periodic check of my plants", "en"), "houseplant");
  const [garage] = findConcepts("el taller de mi barrio", "es");
  assert.deepEqual([garage.id, garage.score], ["car-service", 1]);
});

Deno.test("a word the prompt lists as a field says less of what its records are than the same word asked for", () => {
  const score = (prompt: string, id: string) => understand(prompt).concepts.find((c) => c.id === id)?.score;
  assert.equal(score("les pots de miel que je vends avec poids, prix et date", "body-weight"), 0.5);
  assert.equal(score("die Honiggläser, die ich verkaufe, mit Gewicht, Preis und Datum", "body-weight"), 0.5);
  assert.ok(score("je veux suivre mon poids chaque matin", "body-weight")! >= 1);
  assert.ok(score("jeden Morgen mein Gewicht eintragen", "body-weight")! >= 1);
  // A field word that is also derived names nothing: "talla" is a field and no word of the garage's.
  assert.equal(score("mis camisetas con talla, color y precio", "car-service"), undefined);
});

Deno.test("namesKnownSubject says whether understand finds a concept, field words or not", () => {
  const prompts = [
    "a log of my dog's walks with date, minutes and the route",
    "un'app per i compiti di scuola con materia e data di consegna",
    "je veux noter mes dépenses: montant, catégorie, date",
    "necesito algo para mis plantas: cuándo las riego y cuánta agua",
    "Eine App für unsere Haushaltskasse mit Betrag und Datum",
    "track title, author and rating",
    "remind me at 9",
    "asdf qwer zxcv",
    "make it dark",
  ];
  let known = 0;
  for (const prompt of prompts) {
    const expected = understand(prompt).concepts.length > 0;
    assert.equal(namesKnownSubject(prompt), expected, prompt);
    if (expected) known++;
  }
  assert.ok(known >= 3 && known < prompts.length, "both answers are checked");
});

Deno.test("a concept's two words said apart, only function words between, in either order, name it", () => {
  const best = (text: string, language: "en" | "it" | "fr" | "es" | "de") =>
    findConcepts(text, language)[0]?.id;
  assert.equal(best("i log the walks with my dog", "en"), "dog-walk");
  assert.equal(best("noter les promenades avec le chien", "fr"), "dog-walk");
  // A joining word the lexicon does not call a function word joins too: "uscite col cane" are not expenses.
  assert.equal(best("tenere traccia delle uscite col cane", "it"), "dog-walk");
  // Other words between are another phrase: nothing is named.
  assert.equal(best("walks in the park and a dog toy list", "en") === "dog-walk", false);
});

Deno.test("a word said as a verb with its object names no concept: it is what is done to the records", () => {
  const ids = (text: string, language: "en" | "it" | "fr" | "es" | "de") =>
    findConcepts(text, language).map((c) => c.id);
  const verbs: [string, "en" | "it" | "fr" | "es" | "de", string][] = [
    ["i mark each invoice as sent", "en", "grade"],
    ["help me pack the lunch boxes", "en", "packing-item"],
    ["devo pesare le valigie del viaggio", "it", "body-weight"],
    ["guadagna un adesivo per ogni libro", "it", "income"],
    ["io peso la farina", "it", "body-weight"],
    ["je veux planter les piquets de la clôture", "fr", "houseplant"],
    ["je récolte les dons", "fr", "harvest"],
    ["para pesar las cajas de la mudanza", "es", "exercise-set"],
    ["ich buche den Transporter", "de", "book-reading"],
  ];
  for (const [text, language, id] of verbs) assert.ok(!ids(text, language).includes(id), text);
  // A time after it says how often, an act done to a person is what is kept, and after a determiner it is a noun.
  assert.ok(ids("feed the baby every 3 hours", "en").includes("baby-feed"));
  assert.ok(ids("a pill every 8 hours", "en").includes("medication-dose"));
  assert.ok(ids("the marks of the maths exam", "en").includes("grade"));
  assert.ok(ids("sono infermiera e faccio le notti", "it").includes("chore"));
  // A verb the concept writes before an object itself is the act its records are of ("water my plants").
  assert.ok(ids("reminder to water the geraniums", "en").includes("houseplant"));
});

Deno.test("a concept's name that says what the speaker is names no records: the person the app is for", () => {
  assert.deepEqual(findConcepts("i'm a nursing student", "en"), []);
  assert.deepEqual(findConcepts("sono uno studente di medicina", "it"), []);
  assert.equal(findConcepts("my nursing sessions at night", "en")[0]?.id, "baby-feed");
  assert.equal(findConcepts("my tutoring students and their lessons", "en")[0]?.id, "tutoring-lesson");
});

Deno.test("a word only sharing a concept's stem within an item the prompt lists names nothing: it is the item's verb", () => {
  const ids = (prompt: string) => understand(prompt).concepts.map((c) => c.id);
  const cases: [string, string][] = [
    ["a checklist for the kids every night: brush teeth, pack school bag, pyjamas", "packing-item"],
    ["checklist della sera: lavare i denti, pesare il cane, chiudere la porta", "body-weight"],
    ["checklist du soir : brosser les dents, planter les graines, fermer la porte", "houseplant"],
    ["lista de la noche: lavar los dientes, pesar al perro, cerrar la puerta", "exercise-set"],
  ];
  for (const [prompt, id] of cases) assert.ok(!ids(prompt).includes(id), prompt);
  // What the item names in full still counts.
  assert.equal(
    ids("checklist della sera: lavare i denti, pesare il cane, chiudere la porta")[0],
    "pet-weight",
  );
});

Deno.test("an English gerund that only shares a concept's stem names the doing, not the thing", () => {
  const ids = (text: string) => findConcepts(text, "en").map((c) => c.id);
  // (Double booking is no book.)
  assert.deepEqual(ids("no more double booking of the car"), []);
  assert.ok(ids("the books I am reading this year").includes("book-reading"));
  // A concept that lists the gerund itself is named by it.
  assert.ok(ids("running log with distance and time").includes("run"));
});

Deno.test("a concept may name its subject in nine other languages, the five UI languages still required", () => {
  const withWords = (words: Record<string, string[]>) => ({
    ...carService,
    words: { ...carService.words, ...words },
  });
  const problems = (concept: unknown) => conceptProblems(concept, "vehicles/car-service.json");
  assert.deepEqual(
    problems(withWords({ pt: ["revisão do carro"], ja: ["車", "車検"], ru: ["техосмотр"] })),
    [],
  );
  // A language outside the fourteen, an upper-case word, a function word of the language, a missing UI one.
  assert.ok(problems(withWords({ xx: ["car"] })).length > 0);
  assert.ok(problems(withWords({ nl: ["Auto onderhoud"] })).length > 0);
  assert.ok(problems(withWords({ pt: ["revisão", "do"] })).some((p) => p.includes("function word")));
  assert.ok(problems(withWords({ pl: ["a"] })).length > 0);
  const { en: _, ...withoutEnglish } = carService.words;
  assert.ok(problems({ ...carService, words: withoutEnglish }).length > 0);
});
