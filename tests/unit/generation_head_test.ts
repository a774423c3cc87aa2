import assert from "node:assert/strict";
import { endsOnInfinitive, requestHead } from "../../supabase/functions/_generator/compose-spec/head.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

Deno.test("the head of a request is the noun phrase its verb is about, never a verb, cue, unit or possessive", () => {
  const cases: [string, "en" | "it" | "fr" | "es" | "de", string][] = [
    ["keep track of my daughter's vaccinations", "en", "vaccinations"],
    ["log the temperature of the ovens every morning", "en", "ovens"],
    ["segnare ogni giorno le passeggiate dei cani", "it", "passeggiate dei cani"],
    ["noter les matchs de foot de mon fils", "fr", "matchs de foot"],
    ["suivre la pression des pneus", "fr", "pression des pneus"],
    ["apuntar las semillas que compro", "es", "semillas"],
    ["llevar el control de 500 mg de hierro", "es", "hierro"],
    ["die Spaziergänge und Futterzeiten eintragen", "de", "Spaziergänge und Futterzeiten"],
    // Another form of a quantifier the lexicon lists ("tutti") is one too.
    ["organizzare tutto il trasloco", "it", "trasloco"],
  ];
  for (const [text, language, head] of cases) assert.equal(requestHead(text, language), head, text);
  assert.equal(requestHead("I want to see it", "en"), undefined);
});

Deno.test("a concept named only in the story around the request leaves the name to the request's head", () => {
  const name = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.name;
  // "kitten" names a pet concept in a sentence that asks for nothing; the request is about toys.
  assert.equal(name("We adopted a kitten last month. I want a list of the toys she likes"), "Toys");
  assert.equal(name("Mon fils fait du judo. Je voudrais noter les livres qu'il lit"), "Livres");
  assert.equal(
    name("Meine Tochter spielt Klavier. Ich möchte die Bücher eintragen, die sie liest"),
    "Bücher",
  );
});

Deno.test("a main ask whose words end on an infinitive is named by what the verb is done to", () => {
  assert.ok(endsOnInfinitive("rappel pour nourrir", "fr"));
  assert.ok(!endsOnInfinitive("ogni 8 ore per 6 giorni", "it"));
  assert.ok(!endsOnInfinitive("a shared to-do", "en"));
  const name = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.name;
  assert.equal(name("un quiz per imparare le capitali africane"), "Capitali africane");
  assert.equal(name("rappel pour nourrir les poissons de l'aquarium"), "Poissons");
  assert.equal(name("un quiz pour apprendre les drapeaux d'Europe"), "Drapeaux d'Europe");
  assert.equal(name("recordatorio para regar los geranios"), "Geranios");
  assert.equal(name("reminder to feed the chickens every evening"), "Chickens");
  // Its words up to the subject, when a recurrence after the object ends them.
  assert.equal(name("recordatorio para regar los geranios cada domingo"), "Geranios");
  assert.equal(name("rappel pour nourrir les poules tous les lundis"), "Poules");
});

Deno.test("a concept named only among the fields a colon lists does not name the app", () => {
  const name = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.name;
  assert.equal(name("My goats: name, breed, birth date, weight and vaccinations"), "Goats");
  assert.equal(name("Le mie galline: nome, razza, peso e le uova di ogni giorno"), "Galline");
  assert.equal(name("Mes chevaux : nom, âge, poids et vaccins"), "Chevaux");
  assert.equal(name("Mis cabras: nombre, raza, peso y vacunas"), "Cabras");
  assert.equal(name("Unsere Schafe: Name, Rasse, Gewicht und Impfungen"), "Schafe");
});

Deno.test("the records follow the head that names the app, not a concept named in passing", () => {
  const records = (prompt: string) => {
    const { spec, withoutSamples } = composeSpec(prompt, { tier: "light" });
    const [entity] = spec.entities;
    return {
      plural: entity.plural,
      fields: entity.fields.map((f) => f.label),
      samples: entity.samples,
      withoutSamples,
    };
  };
  // Among the fields a colon lists: "weight" and "vaccinations" are fields of the parrots, not weigh-ins.
  for (
    const [prompt, plural, fields] of [
      ["Our parrots: name, species, age, weight and vaccinations", "Parrots", [
        "Name",
        "Species",
        "Age",
        "Weight",
        "Vaccinations",
      ]],
      ["I nostri pappagalli: nome, specie, età, peso e vaccini", "Pappagalli", [
        "Nome",
        "Specie",
        "Età",
        "Peso",
        "Vaccini",
      ]],
      ["Nuestros loros: nombre, especie, edad, peso y vacunas", "Loros", [
        "Nombre",
        "Especie",
        "Edad",
        "Peso",
        "Vacunas",
      ]],
      ["Unsere Papageien: Name, Art, Alter, Gewicht und Impfungen", "Papageien", [
        "Name",
        "Art",
        "Alter",
        "Gewicht",
        "Impfungen",
      ]],
    ] as const
  ) {
    const made = records(prompt);
    assert.equal(made.plural, plural, prompt);
    assert.deepEqual(made.fields, fields, prompt);
    // Nothing offline knows these records: no invented samples, and the result says so.
    assert.deepEqual(made.samples, [], prompt);
    assert.deepEqual(made.withoutSamples, [plural], prompt);
  }
  // In a story around the request: the running is the wife's, the list is of podcasts.
  assert.equal(
    records("Mia moglie corre le maratone. Vorrei una lista dei podcast che ascolta").plural,
    "Podcast",
  );
  // After an infinitive: what the quiz is on, a concept of the head's own words when there is one.
  assert.equal(records("un quiz per riconoscere i funghi").plural, "Funghi");
  const capitals = records("un quiz pour apprendre les capitales d'Afrique");
  assert.equal(capitals.plural, "Pays");
  assert.ok(capitals.samples.length > 0);
  // A concept the main ask's own words name (watering) keeps its records, whatever the head.
  assert.equal(records("promemoria per annaffiare i gerani").plural, "Piante");
  assert.equal(records("reminder to water the geraniums").plural, "Plants");
  // A concept the request itself names keeps its records, called by the request's own noun.
  assert.equal(
    records("Ma fille fait de la danse. Je voudrais noter les films qu'elle regarde").plural,
    "Films",
  );
});

Deno.test("a concept named only by the fields the main ask lists after 'with' leaves the records to its head", () => {
  for (
    const [prompt, plural, fields] of [
      ["a list of my colleagues with their birthday and shoe size", "Colleagues", [
        "Name",
        "Birthday",
        "Shoe size",
      ]],
      ["una lista dei vicini di casa con telefono e compleanno", "Vicini di casa", [
        "Nome",
        "Telefono",
        "Compleanno",
      ]],
      ["la liste de mes cousins avec leur anniversaire et leur ville", "Cousins", [
        "Nom",
        "Anniversaire",
        "Ville",
      ]],
      ["una lista de mis vecinos del pueblo con teléfono y cumpleaños", "Vecinos del pueblo", [
        "Nombre",
        "Teléfono",
        "Cumpleaños",
      ]],
      ["eine Liste meiner Kollegen mit Geburtstag und Lieblingskuchen", "Kollegen", [
        "Name",
        "Geburtstag",
        "Lieblingskuchen",
      ]],
    ] as const
  ) {
    const { spec, withoutSamples } = composeSpec(prompt, { tier: "light" });
    const [entity] = spec.entities;
    assert.equal(entity.plural, plural, prompt);
    assert.deepEqual(entity.fields.map((f) => f.label), fields, prompt);
    assert.deepEqual(entity.samples, [], prompt);
    assert.deepEqual(withoutSamples, [plural], prompt);
  }
  // So do the fields of a list that is not the main ask: the birthdays are the classmates'.
  for (
    const [prompt, birthdays] of [
      [
        "Organizziamo la cena di classe: una lista dei compagni con telefono e compleanno, e un budget di 500 €",
        "Compleanni",
      ],
      [
        "Wir planen das Sommerfest: eine Liste der Nachbarn mit Telefon und Geburtstag, und ein Budget von 300 €",
        "Geburtstage",
      ],
    ] as const
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.ok(spec.entities.every((e) => e.plural !== birthdays), prompt);
    assert.notEqual(spec.name, birthdays, prompt);
  }
  // A concept the main ask's subject names keeps its records, though a field repeats its word.
  assert.equal(
    composeSpec("an app for my blood pressure with blood pressure, pulse and date", { tier: "light" }).spec
      .entities[0].plural,
    "Readings",
  );
});

Deno.test("a word of size or novelty ('petit', 'piccolo', 'pequeño', 'kleines') describes the app, never its subject", () => {
  for (
    const [prompt, plural] of [
      ["I want to learn the capitals with a little quiz every evening", "Countries"],
      ["vorrei imparare le capitali con un piccolo quiz ogni sera", "Paesi"],
      ["je veux apprendre les capitales avec un petit quiz chaque soir", "Pays"],
      ["quiero aprender las capitales con un pequeño quiz cada noche", "Países"],
    ] as const
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.equal(spec.entities[0].plural, plural, prompt);
    assert.ok(spec.entities[0].samples.length > 0, prompt);
  }
  const { spec } = composeSpec("ich will die Hauptstädte lernen, mit einem kleinen Quiz jeden Abend", {
    tier: "light",
  });
  assert.ok(spec.entities.every((e) => e.plural !== "Kleinen"));
});

Deno.test("the object a request's verb governs names its records over a concept named outside the ask", () => {
  const records = (prompt: string) => {
    const made = composeSpec(prompt, { tier: "light" });
    return { name: made.spec.name, plural: made.spec.entities[0].plural };
  };
  // The hobby of the opening clause is a concept; what the speaker notes is not.
  const cases: [string, string][] = [
    ["i go cycling on sundays and i want to write down the shells i find on the beach", "Shells"],
    ["faccio yoga il mercoledì e vorrei segnare le conchiglie che trovo", "Conchiglie"],
    ["je cours le matin et je veux noter les champignons que je trouve", "Champignons"],
    ["voy al gimnasio los lunes y quiero apuntar los pájaros que veo", "Pájaros"],
    // German puts the verb after its object.
    ["ich gehe oft wandern und möchte meine Fundstücke notieren", "Fundstücke"],
  ];
  for (const [prompt, plural] of cases) {
    assert.deepEqual(records(prompt), { name: plural, plural }, prompt);
  }
  // An object the concept calls what its records hold ("heures" of a babysitting's hours) keeps the concept.
  assert.equal(records("la baby-sitter vient le mercredi, je veux noter les heures").plural, "Gardes");
});

Deno.test("a concept named only where the speaker does something after the object leaves the records the object's", () => {
  const plural = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.entities[0].plural;
  const cases: [string, string][] = [
    ["track the parcels i send from my shop", "Parcels"],
    ["voglio segnare i funghi che trovo quando nuoto", "Funghi"],
    ["je veux noter les fleurs que je vois quand je nage", "Fleurs"],
    ["quiero apuntar los pájaros que veo cuando corro", "Pájaros"],
    ["ich will die vögel notieren, die ich sehe, wenn ich laufe", "Vögel"],
  ];
  for (const [prompt, records] of cases) assert.equal(plural(prompt), records, prompt);
  // A concept the object's own noun phrase names is not the story's.
  assert.equal(plural("Je veux noter les absences et les devoirs"), "Devoirs");
});

Deno.test("a question word of which one opens the object an ask governs as a determiner would", () => {
  const made = (prompt: string) => composeSpec(prompt, { tier: "light" });
  const cases: [string, string][] = [
    ["keep track of which mushrooms i find when i run", "Mushrooms"],
    ["track which chess openings i practise", "Chess openings"],
    ["voglio segnare quali funghi trovo quando corro", "Funghi"],
    ["je veux noter quels champignons je trouve quand je cours", "Champignons"],
    ["ich will notieren welche pilze ich finde wenn ich jogge", "Pilze"],
  ];
  for (const [prompt, records] of cases) {
    const { spec, withoutSamples } = made(prompt);
    assert.equal(spec.entities[0].plural, records, prompt);
    // No concept knows them: the list starts empty rather than with runs' or practice sessions' samples.
    assert.deepEqual(withoutSamples, [records], prompt);
  }
  // The Spanish question word is the records' own too, whatever the name says.
  assert.match(made("quiero apuntar qué setas encuentro cuando corro").spec.entities[0].plural, /^Setas/);
});

Deno.test("a concept named only as what the records are counted per names no records", () => {
  const plural = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.entities[0].plural;
  const cases: [string, string][] = [
    ["i want to log my sales for each shift", "Sales"],
    ["voglio segnare le vendite di ogni turno", "Vendite"],
    ["je veux noter mes ventes par service", "Ventes"],
    ["quiero apuntar mis ventas de cada turno", "Ventas"],
  ];
  for (const [prompt, records] of cases) assert.equal(plural(prompt), records, prompt);
});

Deno.test("the words right after a person the request serves are what they do, not the head", () => {
  assert.equal(requestHead("my grandma lives alone and forgets her pills", "en"), "pills");
  assert.equal(requestHead("mi suegra vive sola y olvida las pastillas", "es"), "pastillas");
  assert.equal(requestHead("meine Oma wohnt allein und vergisst ihre Tabletten", "de"), "Tabletten");
  assert.equal(requestHead("ma tante vit seule et oublie ses médicaments", "fr"), "médicaments");
  assert.equal(requestHead("mio zio vive da solo e dimentica le medicine", "it"), "medicine");
});

Deno.test("a reminder to take one thing its concept names only by a shared stem keeps no list of such things", () => {
  const entities = (prompt: string) => composeSpec(prompt, { tier: "light" }).spec.entities.map((e) => e.key);
  assert.deepEqual(entities("remind me to take my vitamin b12 at breakfast"), ["reminder"]);
  assert.deepEqual(entities("recordarme tomar la vitamina d cada noche"), ["reminder"]);
  assert.deepEqual(entities("ricordami la pillola ogni sera"), ["reminder"]);
  // Things the concept writes as the prompt does are a list the reminders come with.
  assert.ok(entities("remind me to water the plants at 8").length > 1);
});
