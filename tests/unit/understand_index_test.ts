import assert from "node:assert/strict";
import fc from "fast-check";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

Deno.test("understand() takes any text, and every quote and subject it returns is the prompt's own words", () => {
  const word = fc.constantFrom(
    "track",
    "my",
    "books",
    "with",
    "title",
    "rating",
    "(1-5)",
    "(a, b)",
    "every",
    "Sunday",
    "at",
    "8",
    "and",
    "20:30",
    "€12,50",
    "remind",
    "ogni",
    "giorno",
    "alle",
    "no",
    "charts",
    "list",
    "of",
    "the",
  );
  const mark = fc.constantFrom(" ", ", ", ": ", ". ", "; ", "\n- ", " (", ") ", " / ");
  fc.assert(
    fc.property(
      fc.array(fc.tuple(word, mark), { minLength: 1, maxLength: 30 }),
      fc.boolean(),
      (parts, followUp) => {
        const prompt = parts.map(([w, m]) => w + m).join("");
        const got = understand(prompt, followUp ? { existingSpec: { prompts: ["x"] } as never } : {});
        for (const ask of got.asks) {
          assert.equal(prompt.slice(ask.start, ask.end), ask.quote, JSON.stringify(prompt));
          if (ask.subject) {
            assert.ok(prompt.includes(ask.subject), `${ask.subject} in ${JSON.stringify(prompt)}`);
          }
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("prompts of the longest length the API takes, of repeated numbers, times or fields, are understood", () => {
  const MAX = 8000;
  const shapes = ["at 8, ", "1,", "(", "title, ", "1 000 ", "every 8 hours and ", "a "];
  for (const shape of shapes) {
    const prompt = `track my books: ${shape.repeat(MAX / shape.length)}`.slice(0, MAX);
    const got = understand(prompt);
    for (const ask of got.asks) assert.equal(prompt.slice(ask.start, ask.end), ask.quote, shape);
  }
  // Every time of a long list is kept.
  assert.equal(understand(`remind me ${"at 8, ".repeat(500)}`).asks[0].times?.length, 500);
});

Deno.test("a reminder that says nothing of when, after one that does, is the same reminder asked again", () => {
  const cases: [string, string[]][] = [
    ["My dad takes his drops at 7am and 7pm but never remembers. Build something that reminds him.", [
      "07:00",
      "19:00",
    ]],
    ["Il gatto prende la pastiglia alle 8 e alle 20, ricordamelo tu con un promemoria", ["08:00", "20:00"]],
    ["Je dois arroser à 6h et 18h, envoie-moi un rappel", ["06:00", "18:00"]],
  ];
  for (const [prompt, times] of cases) {
    const reminders = understand(prompt).asks.filter((a) => a.type === "reminder");
    assert.equal(reminders.length, 1, prompt);
    assert.deepEqual(reminders[0].times, times, prompt);
  }
  // Two reminders that each say when stay two.
  const two = understand("remind me to stretch at 10:00 and remind me to drink water every 2 hours").asks;
  assert.equal(two.filter((a) => a.type === "reminder").length, 2);
});

Deno.test("a word naming a field an ask has is accounted for, not unmet", () => {
  const u = understand(
    "my vinyl records: artist, album, year, condition. I want to filter by artist and by year",
  );
  assert.ok(!u.unmet.some((w) => /artist|year/.test(w)), JSON.stringify(u.unmet));
  // A word no field names stays unmet.
  const v = understand("my vinyl records: artist, album, year. Share them with my cousin on Discord");
  assert.ok(v.unmet.some((w) => /Discord|cousin/.test(w)), JSON.stringify(v.unmet));
});

Deno.test("an opening greeting and the person an app is for are said aside, not unmet", () => {
  const cases: [string, RegExp][] = [
    ["Hey there! a packing list for my mum with a photo of each bag", /hey|there|mum/i],
    ["Buonasera, un elenco dei regali per la nonna con il prezzo", /buonasera|nonna/i],
    ["Coucou ! des listes de lecture pour papi, triées par auteur", /coucou|papi/i],
    ["Buenas, una lista de recetas para mi abuelo con foto", /buenas|abuelo/i],
    ["Moin, Geburtstagsliste für Opa mit Datum", /moin|opa/i],
  ];
  for (const [prompt, aside] of cases) {
    const u = understand(prompt);
    assert.ok(!u.unmet.some((w) => aside.test(w)), `${prompt}: ${JSON.stringify(u.unmet)}`);
  }
  // A person named elsewhere than after "for", and a greeting within the prompt, are still words to build.
  const v = understand("a list of birthday gifts, my grandpa hates socks");
  assert.ok(v.unmet.some((w) => /grandpa/.test(w)), JSON.stringify(v.unmet));
});

Deno.test("an item of a `:` list of times or frequencies that states none is its own words, unmet when nothing asks for it", () => {
  const cases: [string, RegExp][] = [
    ["my rabbit: hay at 7 and 18, nail trims with date and cost", /nail trims/],
    ["il mio acquario: mangime alle 8 e alle 20, cambi d'acqua con data", /cambi d'acqua/],
    ["mon vélo : graissage à 9h et à 18h, réparations avec prix", /réparations/],
    ["mi huerto: riego a las 9 y a las 21, cosechas con peso", /cosechas/],
    ["unser Hund: Futter um 7 und um 17 Uhr, Tierarztbesuche mit Kosten", /Tierarztbesuche/],
  ];
  for (const [prompt, left] of cases) {
    const u = understand(prompt);
    assert.ok(u.unmet.some((w) => left.test(w)), `${prompt}: ${JSON.stringify(u.unmet)}`);
  }
  // The items that state one were taken by the clause's asks.
  const timer = understand("interval timer: 40s work, 20s rest, 10 rounds");
  assert.deepEqual(timer.unmet, []);
});

Deno.test("a verb phrase after a `:` list's items asks on its own, not as one of their fields", () => {
  const cases: [string, string, string[]][] = [
    ["For the pool: chlorine and pH, and remind me to clean the filter on Saturdays", "remind", [
      "chlorine",
      "pH",
    ]],
    ["Pour le potager : légumes et variétés, et rappelle-moi d'arroser à 19h", "rappelle-moi", [
      "légumes",
      "variétés",
    ]],
    ["Para la moto: piezas y precios, y recuérdame la revisión los lunes", "recuérdame", [
      "piezas",
      "precios",
    ]],
    ["Für das Auto: Reifen und Preise, und erinnere mich an den Ölwechsel um 9 Uhr", "erinnere", [
      "Reifen",
      "Preise",
    ]],
    ["Per il corso di chitarra: brani e accordi, e ricordami di esercitarmi alle 18", "ricordami", [
      "brani",
      "accordi",
    ]],
  ];
  for (const [prompt, verb, fields] of cases) {
    const got = understand(prompt);
    const reminder = got.asks.find((a) => a.type === "reminder");
    assert.ok(reminder?.quote.startsWith(verb), prompt);
    assert.deepEqual(got.asks.find((a) => a.type === "list")?.fields.map((f) => f.name), fields, prompt);
  }
});

Deno.test("a thing named with how often it comes round, in a clause that asks nothing else, is a log of it", () => {
  const cases: [string, string][] = [
    ["My baby: her length every month", "length"],
    ["Il mio orto: il raccolto ogni settimana", "raccolto"],
    ["Ma voiture : le kilométrage chaque mois", "kilométrage"],
    ["Mi gato: su peso cada mes", "peso"],
    ["Mein Garten: der Regen jeden Tag", "Regen"],
    // How often, then what is done to the clause's end, after a goal and a comma.
    ["I want to run 5 km by May, every evening stretching", "stretching"],
    ["Ich will bis Juni 3 kg zunehmen, jeden Morgen Eiweiß trinken", "Eiweiß trinken"],
  ];
  for (const [prompt, subject] of cases) {
    const got = understand(prompt);
    assert.equal(got.asks.find((a) => a.type === "log")?.subject, subject, prompt);
    assert.ok(!got.asks.some((a) => a.fields.some((f) => f.name.includes(subject))), prompt);
    assert.ok(!got.unmet.some((run) => run.includes(subject)), prompt);
  }
  // The other items of its `:` list are still the fields of the clause before it.
  const listed: [string, string[], string][] = [
    ["Cows: name, breed, milk yield every day", ["name", "breed"], "milk yield"],
    ["Galline: nome, razza, uova ogni giorno", ["nome", "razza"], "uova"],
    ["Ruches : nom, emplacement, poids chaque semaine", ["nom", "emplacement"], "poids"],
    ["Colmenas: nombre, lugar, peso cada semana", ["nombre", "lugar"], "peso"],
    ["Bienenvölker: Name, Standort, Gewicht jede Woche", ["Name", "Standort"], "Gewicht"],
  ];
  for (const [prompt, fields, subject] of listed) {
    const got = understand(prompt);
    assert.deepEqual(got.asks.find((a) => a.type === "list")?.fields.map((f) => f.name), fields, prompt);
    assert.equal(got.asks.find((a) => a.type === "log")?.subject, subject, prompt);
    assert.deepEqual(got.unmet, [], prompt);
  }
});

Deno.test("what the speaker tells of themselves or their people in a clause that asks nothing is not unmet", () => {
  const cases: [string, RegExp][] = [
    ["I teach yoga at the community centre. I need a list of my classes with date and level", /teach|centre/],
    ["Mia sorella lavora in un bar. Vorrei un elenco dei suoi turni con data e orario", /sorella|bar/],
    ["Je suis infirmier de nuit. J'aimerais noter mes heures supplémentaires avec la date", /infirmier/],
    ["Mi hija juega al baloncesto. Quiero apuntar sus partidos con fecha y resultado", /hija|baloncesto/],
    [
      "Ich arbeite als Gärtner in einem Hotel. Ich möchte meine Aufgaben mit Datum und Ort notieren",
      /Gärtner/,
    ],
  ];
  for (const [prompt, told] of cases) {
    const u = understand(prompt);
    assert.ok(u.asks.length, prompt);
    assert.ok(!u.unmet.some((w) => told.test(w)), `${prompt}: ${JSON.stringify(u.unmet)}`);
  }
  // A clause about something else, one that states a quantity or names persons after its subject, may hold
  // what the app keeps: its words stay unmet when no ask quotes them.
  const kept: [string, RegExp][] = [
    ["The kitchen is always a mess. I need a list of chores with who does them", /kitchen/],
    ["We share the flat with two students. I want a list of the bills with amount", /share the flat/],
  ];
  for (const [prompt, left] of kept) {
    const u = understand(prompt);
    assert.ok(u.unmet.some((w) => left.test(w)), `${prompt}: ${JSON.stringify(u.unmet)}`);
  }
  // Things the speaker counts as theirs are a list of them, which quotes them.
  const goats = understand("I have 14 goats. I need a list of the milk with date and litres");
  assert.ok(goats.asks.some((a) => a.type === "list" && a.subject === "goats"), JSON.stringify(goats.asks));
});

Deno.test("a verb of asking right before an ask's words asks for them, and is not unmet", () => {
  const cases: [string, RegExp][] = [
    ["Help me plan my gym sessions with exercises and sets", /help/i],
    ["Fammi una lista della spesa con quantità e prezzo", /fammi/i],
    ["Crée-moi un journal de lecture avec le titre et la note", /crée/i],
    ["Hazme un registro de mis gastos con fecha", /hazme/i],
    ["Erstelle eine Liste meiner Weine mit Jahrgang und Preis", /erstelle/i],
    ["Vorrei vedere quanto spendo ogni mese per la benzina", /vedere/],
    ["Quiero ver cuántas horas estudio cada semana", /^ver$/],
    ["Ich will sehen, wie viel ich im Monat für Kaffee ausgebe", /sehen/],
  ];
  for (const [prompt, verb] of cases) {
    const u = understand(prompt);
    assert.ok(!u.unmet.some((w) => verb.test(w)), `${prompt}: ${JSON.stringify(u.unmet)}`);
  }
  // One that no ask's words follow asks for something nothing was made of.
  const u = understand("a packing list for the trip, and please check the weather");
  assert.ok(u.unmet.some((w) => /check the weather/.test(w)), JSON.stringify(u.unmet));
});

Deno.test("what a negation that opens a clause refuses is not unmet: nothing builds it", () => {
  const cases: [string, RegExp][] = [
    ["A recipe box with ingredients and steps. No ads, no account please", /ads|account/],
    [
      "Un diario delle letture con titolo e voto. Niente iscrizione e niente pubblicità",
      /iscrizione|pubblicità/,
    ],
    ["Un carnet de vaccins pour le chat avec la date. Pas de compte, sans pub", /compte|pub/],
    ["Una lista de la compra con cantidades. Sin anuncios y sin registro", /anuncios|registro/],
    ["Ein Trainingstagebuch mit Datum und Dauer. Keine Werbung, kein Konto", /Werbung|Konto/],
  ];
  for (const [prompt, refused] of cases) {
    const u = understand(prompt);
    assert.ok(!u.unmet.some((w) => refused.test(w)), `${prompt}: ${JSON.stringify(u.unmet)}`);
  }
  // A negation after what it is said of asks for something of it.
  const u = understand("A reading list with title and author. Covers must not be blurry");
  assert.ok(u.unmet.some((w) => /blurry/.test(w)), JSON.stringify(u.unmet));
});

Deno.test("what a verb opens after a colon is a request of its own, and the words the colon ends title it", () => {
  for (
    const prompt of [
      "My garden: log every harvest with weight and date",
      "Il mio orto: annota ogni raccolto con peso e data",
      "Mon jardin : note chaque récolte avec le poids et la date",
      "Mi huerto: apunta cada cosecha con peso y fecha",
      "Mein Garten: notiere jede Ernte mit Gewicht und Datum",
    ]
  ) {
    const u = understand(prompt);
    const log = u.asks.find((a) => a.type === "log");
    assert.ok(log, prompt);
    assert.equal(log.fields.length, 2, `${prompt}: ${log.fields.map((f) => f.name)}`);
    assert.deepEqual(u.unmet, [], prompt);
  }
  // Items without a verb stay the fields of the records the colon ends.
  const books = understand("My books: title, author, rating").asks.find((a) => a.type === "list");
  assert.deepEqual(books?.fields.map((f) => f.name), ["title", "author", "rating"]);
});

Deno.test("a noun with its fields after 'with' under a colon's title is one list of those records", () => {
  for (
    const [prompt, subject, fields] of [
      ["Our garage sale: toys with age range, price and condition", "toys", [
        "age range",
        "price",
        "condition",
      ]],
      ["Il mio freezer: sughi con data, porzioni e note", "sughi", ["data", "porzioni", "note"]],
      ["Mon atelier : des outils avec marque, prix et état", "outils", ["marque", "prix", "état"]],
      ["Mi taller: herramientas con marca, precio y ubicación", "herramientas", [
        "marca",
        "precio",
        "ubicación",
      ]],
      ["Unser Vorratsraum: Konserven mit Inhalt, Menge und Ablaufdatum", "Konserven", [
        "Inhalt",
        "Menge",
        "Ablaufdatum",
      ]],
    ] as const
  ) {
    const u = understand(prompt);
    const lists = u.asks.filter((a) => a.type === "list");
    assert.equal(lists.length, 1, `${prompt}: ${JSON.stringify(u.asks)}`);
    assert.equal(lists[0].subject, subject, prompt);
    assert.deepEqual(lists[0].fields.map((f) => f.name), fields, prompt);
  }
  // Under a title that asks for records itself, the noun before "with" names them, not a field.
  const list = understand("My recipe collection: cakes with flour, sugar and baking time").asks.find((a) =>
    a.type === "list"
  );
  assert.deepEqual(list?.fields.map((f) => f.name), ["flour", "sugar", "baking time"]);
  // A thing "with" someone, its own fields in brackets, is a record among others, not the records' fields.
  const visits = understand(
    "For each patient: calls with relatives (date, time, notes), prescriptions, and x-rays",
  )
    .asks.filter((a) => a.type === "list");
  assert.ok(!visits.some((a) => a.subject === "calls"), JSON.stringify(visits));
});

Deno.test("the items of a `:` list whose times the clause before holds still name a timetable", () => {
  for (
    const prompt of [
      "an app to note: the pills at 8 and at 20, and who gives them each day of the week",
      "un'app per segnare: le pastiglie alle 8 e alle 20, e chi le dà ogni giorno della settimana",
      "une appli pour noter : les cachets à 8h et à 20h, et qui les donne chaque jour de la semaine",
      "una app para apuntar: las pastillas a las 8 y a las 20, y quien se las da cada día de la semana",
    ]
  ) {
    const types = understand(prompt).asks.map((a) => a.type);
    assert.ok(types.includes("reminder") && types.includes("schedule"), prompt);
  }
});
