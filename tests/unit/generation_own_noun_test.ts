import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const records = (prompt: string) => {
  const made = composeSpec(prompt, { tier: "light" });
  const [first] = made.spec.entities;
  return { label: first.label, plural: first.plural, samples: first.samples.length, made };
};

/** The prompt's records have no samples, and the result says they start empty. */
const startsEmpty = (prompt: string) => {
  const got = records(prompt);
  assert.equal(got.samples, 0, prompt);
  assert.ok(got.made.withoutSamples.includes(got.plural), prompt);
};

Deno.test("records a concept keeps under another word of its family are called by the prompt's own noun", () => {
  const cases: [string, string, string][] = [
    // The concept writes both forms: the singular labels a record, the plural the list.
    ["I'd like to note down the antibiotics my son takes", "Antibiotic", "Antibiotics"],
    ["quiero llevar la cuenta de mis siestas", "Sueño", "Siestas"],
    // Only the plural is written: the records keep the concept's word for one of them.
    ["vorrei annotare le vitamine che prendo a colazione", "Dose", "Vitamine"],
    ["je note mes migraines avec l'heure et l'intensité", "Symptôme", "Migraines"],
    ["ich möchte meine Tabletten jeden Abend abhaken", "Einnahme", "Tabletten"],
    // A noun the same in the plural names both: an Italian one in a consonant, a Spanish or French one in "-us".
    ["segno i biberon di mio figlio con l'ora", "Biberon", "Biberon"],
    ["mis cactus y cuándo los riego", "Cactus", "Cactus"],
    ["je prends soin de mes cactus", "Cactus", "Cactus"],
    // A German diminutive too.
    ["die Fläschchen für unsere Tochter notieren", "Fläschchen", "Fläschchen"],
  ];
  for (const [prompt, label, plural] of cases) {
    const got = records(prompt);
    assert.deepEqual([got.label, got.plural], [label, plural], prompt);
    // The list's screen is titled so too.
    assert.ok(got.made.spec.screens.some((s) => s.title === plural), prompt);
  }
});

Deno.test("samples that name things of the concept's wider family are left out under the user's noun", () => {
  // A medicine's or a plant's samples ("Ibuprofen", "Monstera") may be none of the user's kind.
  const vitamins = records("vorrei annotare le vitamine che prendo a colazione");
  assert.equal(vitamins.samples, 0);
  assert.ok(vitamins.made.withoutSamples.includes("Vitamine"));
  // Samples of times and amounts fit any kind of the records and stay.
  assert.ok(records("quiero llevar la cuenta de mis siestas").samples > 0);
});

Deno.test("the concept's own word, a verb, a field, a cue, a business or another UI language keeps the concept's labels", () => {
  const cases: [string, string][] = [
    // The concept's own record word is said too.
    ["I want to track the plants on my balcony", "Plants"],
    // A verb of the family ("vaping") is no record's name; its noun is.
    ["stop vaping app", "Cigarettes"],
    // A word that names a field of the records ("reps") is what a record holds.
    ["log my bench press reps and sets", "Sets"],
    // A business's own name is where its records are kept.
    ["une appli pour la boulangerie avec les produits du jour", "Produits"],
    // A compound that ends in a cue ("-liste") names the list, not what is on it.
    ["Einkaufsliste für den Wochenmarkt", "Artikel"],
    // An adjective of the concept's stem is no plural of its noun ("diabétique" of "diabète"), and an
    // Italian noun in "-ione" is a singular.
    ["mon fils est diabétique, un carnet pour lui", "Mesures"],
    ["misuro la pressione ogni mattina", "Misurazioni"],
    // The UI speaks another language than the prompt: the prompt's noun is none of the UI's words.
    ["a list of the vitamins I take, in Italian please", "Dosi"],
  ];
  for (const [prompt, plural] of cases) assert.equal(records(prompt).plural, plural, prompt);
});

Deno.test("expenses the prompt says go on something are a list of those, without other things' samples", () => {
  const cases: [string, string][] = [
    ["how much do I spend on coffee each week", "Expenses on coffee"],
    ["quanto spendo in sigarette al mese", "Spese in sigarette"],
    ["combien je depense en clopes par mois", "Dépenses en clopes"],
    ["cuanto me gasto en el bar a la semana", "Gastos en el bar"],
    ["Ausgaben für Kaffee im Monat", "Ausgaben für Kaffee"],
  ];
  for (const [prompt, plural] of cases) {
    const got = records(prompt);
    assert.equal(got.plural, plural, prompt);
    // A supermarket shop or a train ticket is not what the user spends on.
    assert.equal(got.samples, 0, prompt);
  }
  // Expenses of no one kind keep the concept's list and samples; so do a year, a currency or whom they are
  // for after them, and a savings goal's aim.
  for (
    const prompt of [
      "mis gastos del mes",
      "track my expenses in 2026",
      "dépenses en euros chaque semaine",
      "Ausgaben für die Kinder im Monat",
      "combien je dépense pour les enfants",
      "Sparziel für ein Auto",
    ]
  ) {
    const got = records(prompt);
    assert.ok(got.samples > 0, prompt);
  }
});

Deno.test("records of a concept the prompt names by no word it writes, only one of its stem, start without its samples", () => {
  // "periodic" stems like "periods", "save" like "savings", "plantearme" like "plantas", "faccio" like
  // "faccende": the records may be of another kind, so a menstrual cycle's or a savings goal's samples stay out.
  for (
    const prompt of [
      "a quiz on the periodic table for my daughter",
      "I want to save my reading speed after each session",
      "quiero plantearme un reto cada semana y apuntarlo",
      "voglio segnare ogni volta che faccio una pausa",
    ]
  ) startsEmpty(prompt);
  // A word the concept writes, or a form of one ("pill" of "pills", "Schicht" of "Schichten", "pianta" of
  // "piante"), keeps them.
  for (
    const prompt of [
      "I take one pill every morning, remind me",
      "meine Schicht im Krankenhaus eintragen",
      "mi pianta del salotto, quando la innaffio",
    ]
  ) assert.ok(records(prompt).samples > 0, prompt);
});

Deno.test("records of a concept the app's name says nothing of start without that concept's samples", () => {
  // The name is a noun no concept knows; the records' concept was named beside it.
  const off: [string, string][] = [
    [
      "We foster guinea pigs for a rescue. For each guinea pig: name, colour and a weekly weight",
      "Guinea Pig",
    ],
    ["Tenemos dos hurones, Coco y Lola. Para cada uno: las vacunas con la fecha", "Hurones"],
    ["Kosten vom Segeltörn geteilt unter uns vier", "Segeltörn"],
    ["frais du week-end à la montagne partagés entre nous 4", "Montagne"],
  ];
  for (const [prompt, name] of off) {
    assert.equal(records(prompt).made.spec.name, name, prompt);
    startsEmpty(prompt);
  }
  // A name of the concept's words, a form of one or a compound of one keeps its samples, and so does the aim
  // a savings goal is for, as other aims are goals all the same.
  for (
    const prompt of [
      "books I read this year",
      "Criamos corderos huérfanos cada primavera. Biberones cuatro veces al día",
      "Ich spare auf ein E-Bike, 2000 Euro bis Juli",
      "risparmio per una chitarra elettrica, 600 euro entro giugno",
      "my vegetable garden: log what I harvest each week",
    ]
  ) {
    assert.ok(records(prompt).samples > 0, prompt);
  }
});

Deno.test("birthdays said to be of or for persons are a list of those persons", () => {
  const cases: [string, string][] = [
    ["birthdays of my friends so i never miss one", "Friends"],
    ["i compleanni dei miei colleghi", "Colleghi"],
    ["les anniversaires de mes amis", "Amis"],
    ["recordar los cumpleaños de mis amigos", "Amigos"],
    ["Geburtstage meiner Freunde", "Freunde"],
    // Across the cue the concept's word goes with.
    ["birthday reminders for my kids", "Kids"],
  ];
  for (const [prompt, plural] of cases) assert.equal(records(prompt).plural, plural, prompt);
  // Whom the app is not about stays out of it.
  assert.equal(records("a birthday list for work").plural, "Birthdays");
});

Deno.test("a concept named only as what a noun of the prompt's own is of gives that noun's records no samples", () => {
  // "of" and its article before the concept's word, or in English a plural noun right after it: the records
  // are the other noun's ("upkeep", "swaps"), and rides or houseplants would be another topic.
  for (
    const prompt of [
      "l'entretien de ma moto",
      "la manutenzione della moto",
      "las revisiones de la moto con fecha y precio",
      "die Inspektionen vom Motorrad",
      "the inspections of my motorbike",
      "plant swaps with my neighbours",
    ]
  ) startsEmpty(prompt);
  // A noun the concept writes itself, a word of an ask or a field, or the speaker's trade keeps its samples.
  for (const prompt of ["mes séances de yoga", "diario della glicemia", "die Wartung vom Motorrad"]) {
    assert.ok(records(prompt).samples > 0, prompt);
  }
});

Deno.test("the prompt's best concept named only among the fields an ask lists gives its records no samples", () => {
  // A lodging is what each stage has, not what the records are: bookings' samples are another topic.
  for (
    const prompt of [
      "en mai je marche jusqu'à Rome en 40 étapes. je voudrais une appli ou je note chaque étape : date, km, le gîte et son prix",
      "this summer we cycle to Rome. i want an app where i log each stage: date, km, the campsite and its price",
      "este verano hago el camino a pie. quiero una app donde apunto cada etapa: fecha, km, el albergue y el precio",
      "im Sommer wandern wir nach Rom. ich will eine App, in der ich jede Etappe notiere: Datum, km, die Herberge und den Preis",
    ]
  ) {
    assert.equal(records(prompt).samples, 0, prompt);
  }
});

Deno.test("the prompt's best concept named only as an item another ask ticks gives its records no samples", () => {
  // Pills taken are one of the evening's ticks, not what the records are: doses' samples are another topic.
  for (
    const prompt of [
      "mi padre vive solo y quiero que cada noche marque si ha cenado, si se ha tomado las pastillas y si ha cerrado la puerta",
      // (Within the item's words, too.)
      "chaque soir je veux cocher si mon père a dîné, s'il a pris ses médicaments et s'il a fermé la porte",
    ]
  ) {
    const { samples, made } = records(prompt);
    assert.equal(samples, 0, prompt);
    assert.equal(made.withoutSamples.length, 1, prompt);
  }
});
