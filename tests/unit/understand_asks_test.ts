import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import type { AppSpec } from "../../supabase/functions/_generator/template/src/types.ts";

const base = { prompts: ["a list of my plants"] } as AppSpec;
const ask = (prompt: string, type: string, existingSpec?: AppSpec) => {
  const found = understand(prompt, { existingSpec }).asks.find((a) => a.type === type);
  assert.ok(found, `${type} in ${prompt}`);
  assert.equal(prompt.slice(found.start, found.end), found.quote);
  return found;
};

Deno.test("a log ask carries its subject and the fields listed after 'with'", () => {
  const log = ask("I need to log every coffee with the size and the time, show me how many today", "log");
  assert.equal(log.subject, "coffee");
  assert.deepEqual(log.fields, [{ name: "size", type: "number" }, { name: "time", type: "time" }]);
  const total = ask(
    "I need to log every coffee with the size and the time, show me how many today",
    "aggregate",
  );
  assert.deepEqual(total.quantities.map((q) => q.kind === "period" && q.period), ["day"]);
});

Deno.test("a colon's items are typed fields: ranges are ratings, bracketed lists are choices", () => {
  const list = ask("Track my books: title, author, rating (1-5), genre (fantasy, crime, poetry)", "log");
  assert.deepEqual(list.fields, [
    { name: "title", type: "text" },
    { name: "author", type: "text" },
    { name: "rating", type: "rating", range: [1, 5] },
    { name: "genre", type: "choice", options: ["fantasy", "crime", "poetry"] },
  ]);
});

Deno.test("a reminder keeps every time, in any of the five languages", () => {
  assert.deepEqual(ask("Ricordami di dare la pappa al gatto alle 8, alle 16 e alle 24", "reminder").times, [
    "08:00",
    "16:00",
    "00:00",
  ]);
  assert.deepEqual(ask("Erinnere mich jeden Sonntag um 9 Uhr an die Pflanzen", "reminder").times, ["09:00"]);
  const every = ask("cada 8 horas tomar la pastilla", "reminder");
  assert.deepEqual(every.quantities.map((q) => q.kind === "frequency" && [q.every, q.unit]), [[8, "h"]]);
});

Deno.test("phases and rounds make a timer even when listed after a colon", () => {
  const timer = ask("A tabata timer: 20 seconds on, 10 seconds off, 8 rounds", "timer");
  assert.deepEqual(timer.quantities.map((q) => q.kind), ["duration", "duration", "rounds"]);
  assert.equal(timer.fields.length, 0);
});

Deno.test("a follow-up yields changes: translate with its language, theme, remove and rename a field", () => {
  assert.equal(ask("traduci in inglese", "translate", base).language, "en");
  assert.equal(ask("passe-la en espagnol", "translate", base).language, "es");
  ask("make it dark", "theme", base);
  const removed = understand("remove the price field", { existingSpec: base }).asks;
  assert.deepEqual(removed.map((a) => [a.type, a.subject]), [["remove_field", "price"]]);
  assert.deepEqual(ask("rename notes to comments", "rename", base).to, "comments");
  assert.deepEqual(ask("add reminders at 9 and 21", "reminder", base).times, ["09:00", "21:00"]);
  assert.deepEqual(ask("añade recordatorios a las 8 y a las 20", "reminder", base).times, ["08:00", "20:00"]);
  // "add" governs the chart: a new screen keeps the type of what it shows; "add a photo" adds a photo field.
  assert.deepEqual(understand("add a chart of my spending", { existingSpec: base }).asks.map((a) => a.type), [
    "chart",
  ]);
  assert.deepEqual(understand("ajoute un champ photo", { existingSpec: base }).asks.map((a) => a.type), [
    "add_field",
    "photo",
  ]);
  // The same words in a new prompt name the UI language, not a translation.
  assert.equal(ask("a packing list in German", "language").language, "de");
});

Deno.test("unmet holds the words no ask quotes; the result is the same on every call", () => {
  const prompt = "I keep forgetting when I last watered my plants. Also my grandmother likes tulips";
  const first = understand(prompt);
  assert.equal(first.unmet.at(-1), "grandmother likes tulips");
  assert.ok(!first.unmet.some((run) => /forgetting|watered/.test(run)), first.unmet.join(" | "));
  assert.deepEqual(understand(prompt), first);
  assert.deepEqual(first.concepts.map((c) => c.id), ["houseplant"]);
});

Deno.test("quantities ask on their own: times are reminders, periods aggregates, weekdays schedules", () => {
  assert.deepEqual(ask("Metformin 500 mg at 8, 16 and 24", "reminder").times, ["08:00", "16:00", "00:00"]);
  assert.match(ask("guitar practice minutes per day", "aggregate").quote, /per day$/);
  assert.equal(ask("we take turns bringing cake on Fridays", "schedule").quantities[0].kind, "weekday");
  // "every month" alone is not a reminder; "every 12 hours" is.
  assert.ok(!understand("I put money aside every month").asks.some((a) => a.type === "reminder"));
  ask("insulin every 12 hours", "reminder");
});

Deno.test("a prompt that only names something is a list of it; a list's items keep their own asks", () => {
  assert.deepEqual(understand("whats in my freezer").asks.map((a) => [a.type, a.subject]), [[
    "list",
    "freezer",
  ]]);
  // In a language read for its subject only, the asks are the subject's, quoted by the words that name it.
  assert.deepEqual(understand("Quero um app para minhas plantas").asks.map((a) => [a.type, a.quote]), [[
    "list",
    "plantas",
  ]]);
  const diary = understand(
    "Restaurant diary: where we ate, price and a rating out of 5 stars, sorted by best",
  );
  assert.deepEqual(diary.asks.map((a) => a.type).sort(), ["log", "rating", "sort"]);
});

Deno.test("the UI language is the one asked for, else the existing app's, else the prompt's", () => {
  assert.deepEqual(
    [understand("a packing list in German").language, understand("a packing list in German").detected],
    ["de", "en"],
  );
  assert.equal(understand("flashcards for spanish vocab").language, "en");
  const italianApp = { language: "it", prompts: ["lista della spesa"] } as AppSpec;
  assert.equal(understand("make it dark", { existingSpec: italianApp }).language, "it");
  assert.equal(understand("translate it to French", { existingSpec: italianApp }).language, "fr");
});

Deno.test("bracketed values are a choice, bracketed names are people, bracketed fields neither", () => {
  assert.equal(
    ask("students with a level (beginner, intermediate, advanced)", "choice").quote,
    "level (beginner, intermediate, advanced)",
  );
  ask("We are 4 flatmates (Anna, Ben, Chloe, Dev)", "people");
  const agenda = understand("an agenda with talks (time, room, speaker)").asks.map((a) => a.type);
  assert.ok(!agenda.includes("choice") && !agenda.includes("people"), `${agenda}`);
});

Deno.test("a cue after a negation is refused, not asked, in any of the five languages", () => {
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  assert.ok(!types("track my blood pressure, no charts just a list").includes("chart"));
  assert.ok(
    !types("voglio segnare i rifornimenti, niente grafici, solo il totale del mese").includes("chart"),
  );
  assert.ok(types("un grafico dei rifornimenti").includes("chart"));
});

Deno.test("a lone cue on the language's own word for a time or a number is that word, not the cue", () => {
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  // "Tage" are days, though it stems like the "Tag" of a label.
  assert.ok(
    !types("Jede Pflanze braucht einen eigenen Rhythmus, alle 3 oder alle 7 Tage").includes("categories"),
  );
  assert.ok(types("Ausgaben nach Kategorien").includes("categories"));
  // A phrase that holds such a word is still its cue.
  assert.ok(types("wie viele Tage bis zum Urlaub").includes("countdown"));
});

Deno.test("'we need', 'we would like' in any person or mood are function words, never a subject", () => {
  const subjects = (prompt: string) => understand(prompt).asks.map((a) => a.subject);
  assert.deepEqual(
    subjects("wir brauchen was um die Stillzeiten und Windeln von unserem Sohn aufzuschreiben"),
    ["Stillzeiten", "Windeln"],
  );
  assert.ok(
    !subjects("Mi hijo empieza a ir al baño solo y queremos apuntar cada vez que lo consigue")
      .some((s) => s?.includes("queremos")),
  );
});

Deno.test("an item after 'with' that asks for a chart, or a goal with its target, is that ask, not a field", () => {
  const prompt =
    "Monatsübersicht mit Summe pro Kategorie als Tortendiagramm und ein Monatsbudget von 2.800 €";
  const types: string[] = understand(prompt).asks.map((a) => a.type);
  for (const type of ["aggregate", "chart", "goal"]) assert.ok(types.includes(type), `${type} in ${types}`);
  const list = ask("lista invitati con tavolo, budget totale 18.000 €", "goal");
  assert.deepEqual(list.quantities.map((q) => q.kind), ["money"]);
  // A budget without a target is a field of its list.
  const trips = ask("trips with destination, dates and budget", "list");
  assert.ok(trips.fields.some((f) => f.name === "budget"));
});

Deno.test("a subject keeps its complement after 'of', not after a possessive", () => {
  assert.equal(ask("vaccini del cane", "list").subject, "vaccini del cane");
  assert.equal(ask("cuantos vasos de agua bebo", "aggregate").subject, "vasos de agua");
  assert.equal(ask("entretien du vélo", "log").subject, "entretien du vélo");
  assert.equal(ask("orario scolastico di mio figlio", "schedule").subject, "scolastico");
});

Deno.test("an enumeration of things each kept on its own is an ask for each; a word about the first is not", () => {
  const subjects = (prompt: string, type: string) =>
    understand(prompt).asks.filter((a) => a.type === type).map((a) => a.subject);
  assert.deepEqual(subjects("track my baby's feedings and naps", "log"), ["baby's feedings", "naps"]);
  assert.deepEqual(
    subjects("wir brauchen was um die Stillzeiten und Windeln von unserem Sohn aufzuschreiben", "log"),
    ["Stillzeiten", "Windeln"],
  );
  assert.deepEqual(subjects("a list of guests and their allergies", "list"), ["guests"]);
});

Deno.test("what happens on which day, day by day, or an itinerary is a schedule, in the five languages", () => {
  for (
    const prompt of [
      "which after-school activity each kid has on which day",
      "le tappe giorno per giorno con la città",
      "les étapes jour par jour avec la ville",
      "necesito el itinerario por días",
      "an welchem Tag wer Dienst hat",
    ]
  ) ask(prompt, "schedule");
});

Deno.test("a counter, a summary or a report asks for a total, in the five languages", () => {
  for (
    const prompt of [
      "chicken egg counter",
      "a fine mese un riepilogo per alunno",
      "un bilan de mes dépenses",
      "un contador de patadas del bebé",
      "eine Zusammenfassung der Ausgaben",
    ]
  ) ask(prompt, "aggregate");
});

Deno.test("listed fields of a few words joined by 'or' are the options of one choice", () => {
  const log = ask("Fahrtenbuch: Datum, Start, Ziel, privat oder geschäftlich", "log");
  assert.deepEqual(log.fields.at(-1), {
    name: "privat oder geschäftlich",
    type: "choice",
    options: ["privat", "geschäftlich"],
  });
  ask("Fahrtenbuch: Datum, Start, Ziel, privat oder geschäftlich", "choice");
  // Joined by "and", they stay fields.
  assert.deepEqual(ask("a list of my books with title and author", "list").fields.map((f) => f.type), [
    "text",
    "text",
  ]);
});

Deno.test("a field's name before values of one length after commas and a last 'or' names their choice", () => {
  for (
    const [prompt, name, values] of [
      ["my climbs with the grade and effort easy, ok or brutal", "effort", ["easy", "ok", "brutal"]],
      ["le mie birre con stile chiara, rossa o scura", "stile", ["chiara", "rossa", "scura"]],
      ["mes trajets avec météo soleil, pluie ou neige", "météo", ["soleil", "pluie", "neige"]],
      ["mis cafés con tueste claro, medio u oscuro", "tueste", ["claro", "medio", "oscuro"]],
      ["Fahrten mit Datum und Wetter sonnig, bewölkt oder Regen", "Wetter", ["sonnig", "bewölkt", "Regen"]],
    ] as const
  ) {
    const choice = ask(prompt, "choice").fields[0];
    assert.deepEqual(choice, { name, type: "choice", options: [...values] }, prompt);
  }
  // Fields of one word each are no values of the first ("title, author or genre" keeps "title").
  assert.equal(ask("books with title, author or genre", "list").fields[0].name, "title");
});

Deno.test("a yes/no pair joined by 'or' or written as initials is a tick named without it, no choice", () => {
  for (
    const [prompt, name] of [
      ["players with name and insured yes or no", "insured"],
      ["soci con nome e quota pagata sì o no", "quota pagata"],
      ["les colis avec livré oui ou non", "livré"],
      ["alumnos con nombre y matriculado s/n", "matriculado"],
      ["Mitglieder mit Name und Beitrag bezahlt j/n", "Beitrag bezahlt"],
    ] as const
  ) {
    const asks = understand(prompt).asks;
    assert.ok(asks.some((a) => a.fields.some((f) => f.name === name && f.type === "yesno")), prompt);
    assert.ok(!asks.some((a) => a.type === "choice"), prompt);
  }
});

Deno.test("the words that open examples label a field's values and end no sentence", () => {
  const choice = (prompt: string) => ask(prompt, "choice").fields[0];
  for (
    const [prompt, name, values] of [
      ["my runs with the surface e.g. road, trail, sand", "surface", ["road", "trail", "sand"]],
      ["le mie birre con stile (ad es. ipa, lager, stout) e voto", "stile", ["ipa", "lager", "stout"]],
      ["mes sorties avec météo comme soleil, pluie, neige", "météo", ["soleil", "pluie", "neige"]],
      ["mis cafés con origen (p. ej. Brasil, Etiopía) y nota", "origen", ["Brasil", "Etiopía"]],
      ["Pflanzen mit Standort z. B. Fenster, Balkon, Garten", "Standort", ["Fenster", "Balkon", "Garten"]],
    ] as const
  ) assert.deepEqual(choice(prompt), { name, type: "choice", options: [...values] }, prompt);
  // A colour its values follow is the records' colour, no theme.
  const cars = understand("my cars with model and colour - red, black, silver").asks;
  assert.deepEqual(cars.find((a) => a.type === "choice")?.fields[0].options, ["red", "black", "silver"]);
  assert.ok(!cars.some((a) => a.type === "theme"));
  // A lone note after a dash is no value.
  assert.ok(!understand("my dives with notes - anything else").asks.some((a) => a.type === "choice"));
});

Deno.test("a tick's box for a state is a tick named by the state", () => {
  for (
    const [prompt, state] of [
      ["my vaccines with the date and a tick box for done", "done"],
      ["i compiti con la materia e una spunta per consegnato", "consegnato"],
      ["les colis avec une case à cocher pour livré", "livré"],
      ["las facturas con una casilla para pagada", "pagada"],
      ["Pakete mit Datum und einem Kästchen für angekommen", "angekommen"],
    ] as const
  ) {
    assert.deepEqual(ask(prompt, "yesno").fields, [{ name: state, type: "yesno" }], prompt);
  }
});

Deno.test("a state and its negation joined by 'and' or 'or' is a tick of the first, no choice", () => {
  for (
    const [prompt, state] of [
      ["my plants, toxic and nontoxic for the cat", "toxic"],
      ["i miei libri letti e non letti", "letti"],
      ["mes plantes toxiques ou non toxiques", "toxiques"],
      ["mis discos rayados o no rayados", "rayados"],
      ["Werkzeug, verliehen oder nicht verliehen", "verliehen"],
      ["Pilze, giftig oder ungiftig", "giftig"],
    ] as const
  ) {
    const asks = understand(prompt).asks;
    assert.deepEqual(ask(prompt, "yesno").fields, [{ name: state, type: "yesno" }], prompt);
    assert.ok(!asks.some((a) => a.type === "choice"), prompt);
  }
  // Words that only end alike are two things ("rice or price"), and short ones no state.
  assert.ok(!understand("a list of books and ebooks").asks.some((a) => a.type === "yesno"));
});

Deno.test("a question of whether that offers values joined by 'or' is a choice between them, not a tick", () => {
  for (
    const [prompt, options] of [
      ["log my trips with date, miles and whether business or personal", ["business", "personal"]],
      ["le partite con la data e se giocate in casa o in trasferta", ["casa", "trasferta"]],
      ["mes repas avec l'heure et si c'était dehors ou à la maison", ["dehors", "maison"]],
      ["mis entrenos con la fecha y si fueron en casa o en el gimnasio", ["casa", "gimnasio"]],
      ["Spiele notieren mit Datum, Gegner und ob zu Hause oder auswärts", ["Hause", "auswärts"]],
    ] as const
  ) {
    const types = understand(prompt).asks.map((a) => a.type);
    assert.ok(!types.includes("yesno"), prompt);
    assert.deepEqual(ask(prompt, "choice").fields.flatMap((f) => f.options ?? []), [...options], prompt);
  }
  // What a field's words before the values say names the choice ("pagamento in contanti o con carta").
  assert.equal(
    ask("spese con importo e pagamento in contanti o con carta", "choice").fields[0].name,
    "pagamento",
  );
  // Asked with "or not", it stays a tick.
  assert.ok(understand("log my walks and whether it rained or not").asks.some((a) => a.type === "yesno"));
});

Deno.test("who has done something, among a record's fields, is a tick named by what was done", () => {
  for (
    const [prompt, name] of [
      ["a list of the kids in the carpool with who's signed the form", "signed"],
      ["a guest list with name, table and who has replied", "replied"],
      ["elenco dei soci con la quota e chi ha pagato", "pagato"],
      ["la liste des invités avec le menu et qui a répondu", "répondu"],
      ["lista de invitados con el teléfono y quién ha confirmado", "confirmado"],
    ] as const
  ) assert.deepEqual(ask(prompt, "yesno").fields, [{ name, type: "yesno" }], prompt);
  // Who did something, with no auxiliary, is who did it ("enter who paid what"), no tick.
  assert.ok(!understand("I want to enter who paid what").asks.some((a) => a.type === "yesno"));
});

Deno.test("a list's cue before an 'of' word among what an app has asks for a list, no field", () => {
  for (
    const [prompt, subject] of [
      [
        "Agenda with sessions (time, room), a list of speakers searchable by name, and a photo of the venue",
        "speakers",
      ],
      ["un'app con l'elenco dei miei clienti e un promemoria per ogni appuntamento", "clienti"],
      ["une appli avec la liste de mes plantes et un rappel pour l'arrosage", "plantes"],
      ["una app con la lista de mis películas y un quiz de preguntas", "películas"],
    ] as const
  ) {
    assert.ok(ask(prompt, "list").quote.includes(subject), prompt);
    const fields = understand(prompt).asks.flatMap((a) => a.fields ?? []).map((f) => f.name);
    assert.ok(!fields.some((f) => f.includes(subject)), prompt);
  }
});

Deno.test("what the speaker has, listed, is a choice of what each record a log keeps is of", () => {
  for (
    const [prompt, options] of [
      ["I have some hens, ducks and geese and want to log the eggs", ["hens", "ducks", "geese"]],
      ["Ho pomodori, zucchine e fragole nell'orto e voglio segnare quanti kg raccolgo", [
        "pomodori",
        "zucchine",
        "fragole",
      ]],
      ["j'ai des pommiers, poiriers et cerisiers et je veux noter les traitements", [
        "pommiers",
        "poiriers",
        "cerisiers",
      ]],
      ["Tengo tomates, calabacines y fresas en el huerto y quiero apuntar cuántos kilos recojo", [
        "tomates",
        "calabacines",
        "fresas",
      ]],
      ["Ich habe Tomaten, Zucchini und Erdbeeren im Garten und will die Ernte notieren", [
        "Tomaten",
        "Zucchini",
        "Erdbeeren",
      ]],
    ] as const
  ) assert.deepEqual(ask(prompt, "choice").fields[0]?.options, [...options], prompt);
  for (
    const prompt of [
      // Names are persons; one thing said at length, or things no record keeps, are no values.
      "I have three kids, Tom, Anna and Lily, and want to log their chores",
      "Ho un piccolo frutteto in collina e voglio segnare i trattamenti",
      "I have apples, pears and plums in the garden",
    ]
  ) assert.ok(!understand(prompt).asks.some((a) => a.type === "choice"), prompt);
});

Deno.test("a small counted group of persons is people; a large one is a roster", () => {
  assert.equal(ask("which of my 3 kids has which activity on which day", "people").subject, "kids");
  assert.equal(ask("mit drei Mitarbeiterinnen", "people").subject, "Mitarbeiterinnen");
  ask("somos 6 en el piso y compramos cosas a medias", "people");
  ask("2 à 6 joueurs qui jouent chacun leur tour", "people");
  assert.ok(!understand("ho 22 alunni e segno le assenze").asks.some((a) => a.type === "people"));
});

Deno.test("adverbs of frequency ('siempre', 'ständig', 'always') are function words, never a subject", () => {
  const subjects = (prompt: string) => understand(prompt).asks.flatMap((a) => a.subject ? [a.subject] : []);
  assert.ok(!subjects("siempre se me olvida, que me avise a las 7:30").includes("siempre"));
  assert.ok(!subjects("ich vergesse ständig das Gießen, erinnere mich").some((s) => s.includes("ständig")));
});

Deno.test("keeping the players' score is people with points, in the five languages", () => {
  for (
    const prompt of [
      "scorekeeper for card games",
      "un segnapunti per burraco",
      "une feuille de score pour le tarot",
      "un marcador para el parchís",
      "Punktezähler für Doppelkopf",
    ]
  ) ask(prompt, "people");
});

Deno.test("the verbs to have, to be, can and must are function words, never a subject", () => {
  const subjects = understand("Tiene que tener una cuenta atrás de 10 segundos antes de empezar").asks
    .flatMap((a) => a.subject ? [a.subject] : []);
  assert.ok(!subjects.some((s) => s.toLowerCase().includes("tener")), String(subjects));
});

Deno.test("question words of quantity ask for a total but are never its subject", () => {
  const total = ask("spese di casa divise, chi deve quanto a chi", "aggregate");
  assert.notEqual(total.subject, "quanto");
  assert.equal(ask("cuantos vasos de agua bebo", "aggregate").subject, "vasos de agua");
});

Deno.test("text-speak ('u', 'pls', 'plz') is function words, never a subject", () => {
  assert.equal(ask("can u make a plant watering thing", "log").subject, "plant watering");
});

Deno.test("cues of two asks that share a stem go to the one written nearest the word", () => {
  // Italian stems "ordinare" (sort) and "ordinazione", "ordini" (orders) alike.
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type as string);
  assert.ok(types("ordinare gli alunni per cognome").includes("sort"));
  assert.ok(!types("ordinare gli alunni per cognome").includes("order"));
  assert.ok(types("prendere le ordinazioni al telefono").includes("order"));
  assert.ok(types("vedere i miei ordini").includes("order"));
});

Deno.test("a field named with the words that ask for a score or a tick is one; a checklist is ticks", () => {
  const sleep = ask("log my sleep: when I went to bed and how rested I feel out of 10", "log");
  assert.equal(sleep.fields.at(-1)?.type, "rating");
  ask("log my sleep: when I went to bed and how rested I feel out of 10", "rating");
  ask("une checklist des choses à emporter", "yesno");
});

Deno.test("the person an app is for is its user, not what its records are about", () => {
  const quiz = ask("a quiz app for my daughter to practice times tables", "quiz");
  assert.equal(quiz.subject, "practice times tables");
  // A people ask keeps its persons.
  assert.equal(ask("my 3 kids get points for chores", "people").subject, "kids");
});

Deno.test("an item after 'with' that asks for a quiz or reminders is that ask, not a field", () => {
  const types: string[] = understand("une appli pour mes mots de vocabulaire, avec un petit quiz chaque soir")
    .asks.map((a) => a.type);
  assert.ok(types.includes("quiz"), String(types));
  ask("app per annaffiare le piante con promemoria", "reminder");
  // A German "…trainer" for learning is a quiz.
  ask("Vokabeltrainer Latein", "quiz");
});

Deno.test("a cue that is a Romance infinitive is never its own subject", () => {
  const subjects = understand("apuntar puntos del parchis").asks.flatMap((a) => a.subject ? [a.subject] : []);
  assert.ok(!subjects.includes("apuntar"), String(subjects));
});

Deno.test("a timer's subject is what it times, before the cue or after 'for', in the five languages", () => {
  assert.equal(ask("rowing interval timer with 30 second sprints", "timer").subject, "rowing");
  assert.equal(ask("un timer per lo stretching della sera", "timer").subject, "stretching");
  assert.equal(ask("minuteur pour mes exercices de gainage", "timer").subject, "exercices de gainage");
  assert.equal(ask("temporizador para mis sentadillas", "timer").subject, "sentadillas");
  assert.equal(ask("Timer fürs Seilspringen", "timer").subject, "Seilspringen");
  // Phases after a colon are no subject; the words before the cue are.
  assert.equal(ask("A tabata timer: 20 seconds on, 10 seconds off, 8 rounds", "timer").subject, undefined);
});

Deno.test("a quiz is about the exam or test the prompt prepares for, in the five languages", () => {
  const topic = (prompt: string) => understand(prompt).asks.find((a) => a.type === "quiz")?.subject;
  assert.equal(topic("I'm preparing for my biology exam, make me a quiz with flashcards"), "biology");
  assert.equal(topic("devo preparare l'esame di storia medievale, fammi un quiz"), "storia medievale");
  assert.equal(
    topic("je passe l'examen de droit constitutionnel, fais-moi un quiz"),
    "droit constitutionnel",
  );
  assert.equal(topic("estudio para el examen de anatomía, quiero un cuestionario"), "anatomía");
  assert.equal(topic("Ich lerne für die Prüfung in Statistik, mach mir ein Quiz"), "Statistik");
  assert.equal(topic("a quiz app for the citizenship test, with my score"), "citizenship");
  // An exam named only beside the quiz's own words is of nothing.
  assert.match(topic("fais-moi un quiz de géographie comme à l'examen, avec le score") ?? "", /^géographie/);
});

Deno.test("writing something down is a log of it, in German as in English", () => {
  const subject = (prompt: string) => ask(prompt, "log").subject;
  assert.equal(
    subject("Ich will meine Nachtschichten aufschreiben, mit Datum und Stunden"),
    "Nachtschichten",
  );
  assert.equal(subject("Wir wollen die Spenden aufschreiben, mit Betrag und Datum"), "Spenden");
  assert.equal(subject("I want to write down my migraines with the date"), "migraines");
});

Deno.test("the words of a time expression are never an ask's subject, in every language", () => {
  for (
    const prompt of [
      "Twice a day.",
      "dos veces al día",
      "deux fois par jour",
      "jeden Montag um 8",
      "tutti i lunedì alle 9",
    ]
  ) {
    const reminder = ask(prompt, "reminder");
    assert.equal(reminder.subject, undefined, prompt);
  }
  assert.equal(ask("my pills twice a day", "reminder").subject, "pills");
});

Deno.test("prepositions, pronouns, modal verbs and adverbs never become a field, a subject or unmet words", () => {
  const fields = (prompt: string, type: string) => ask(prompt, type).fields.map((f) => f.name);
  assert.deepEqual(fields("a log of my swims with the date, the laps and maybe the pool", "log"), [
    "date",
    "laps",
    "pool",
  ]);
  assert.deepEqual(fields("un registro delle mie nuotate con data, vasche e magari la piscina", "log"), [
    "data",
    "vasche",
    "piscina",
  ]);
  assert.deepEqual(
    fields("un carnet de mes sorties à vélo avec la date, la distance et ensuite la météo", "log"),
    [
      "date",
      "distance",
      "météo",
    ],
  );
  assert.deepEqual(fields("un registro de mis paseos con la fecha, los kilómetros y luego el clima", "log"), [
    "fecha",
    "kilómetros",
    "clima",
  ]);
  assert.deepEqual(fields("Ein Logbuch für meine Läufe mit Datum, Strecke und vielleicht Wetter", "log"), [
    "Datum",
    "Strecke",
    "Wetter",
  ]);
  assert.equal(
    ask("vorrei un'app per poter segnare le spese di casa", "log").quote,
    "segnare le spese di casa",
  );
  assert.deepEqual(understand("mi piacerebbe aver un elenco dei miei vini").unmet, []);
  assert.deepEqual(understand("me gustaría una lista de mis vinos").unmet, []);
  const books = understand("Ich möchte gerne eine Liste meiner Bücher, sortiert als Tabelle");
  assert.ok(books.asks.every((a) => a.subject !== "gerne"), JSON.stringify(books.asks));
  assert.deepEqual(books.unmet, ["Tabelle"]);
});

Deno.test("a slash list is a choice of values, not of units, time words, function words or an abbreviation", () => {
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  assert.deepEqual(ask("t-shirts for the team in sizes S/M/L", "choice").fields, [
    { name: "sizes", type: "choice", options: ["S", "M", "L"] },
  ]);
  for (
    const prompt of [
      "log my bike rides with the pace in min/km",
      "my blood sugar must stay under 1,8 g/L",
      "show the totals by week/day",
      "a photo w/ caption of every cake",
      "Fotos vorher/nachher von jedem Zimmer",
    ]
  ) {
    assert.ok(!types(prompt).includes("choice"), prompt);
  }
});

Deno.test("each bracketed list of values is a choice with its options; a category's values are its categories", () => {
  const plants = understand("un registro de plantas: nombre, luz (sol, sombra) y riego (poco, mucho)").asks
    .filter((a) => a.type === "choice");
  assert.deepEqual(plants.map((a) => a.fields), [
    [{ name: "luz", type: "choice", options: ["sol", "sombra"] }],
    [{ name: "riego", type: "choice", options: ["poco", "mucho"] }],
  ]);
  // Outside a list of fields, the values a category's cue brackets are the records' kinds.
  const chores = ask("a list of chores by category (kitchen, garden, car)", "categories");
  assert.deepEqual(chores.fields, [{
    name: "category",
    type: "choice",
    options: ["kitchen", "garden", "car"],
  }]);
  const expenses = understand("track my expenses with the amount and a category (food, rent, fun)");
  assert.deepEqual(expenses.asks.map((a) => a.type).sort(), ["categories", "log"]);
  // Items of more words than a value are things to do; names after a noun for persons are people.
  const trip = understand(
    "a checklist before the trip (renew the passport at the office, book the airport taxi)",
  );
  assert.ok(!trip.asks.some((a) => a.type === "choice"), JSON.stringify(trip.asks));
  ask("Dienstplan für meine Freundinnen (Anna, Birgit, Carla)", "people");
});

Deno.test("a field named before a colon or a spaced dash offers the values after it, in brackets too", () => {
  const options = (prompt: string) =>
    understand(prompt).asks.filter((a) => a.type === "choice").map((a) => a.fields[0]);
  for (
    const [prompt, name, values] of [
      ["my hikes with the date, km and terrain - flat, hilly, steep", "terrain", ["flat", "hilly", "steep"]],
      ["registro caffè: data, miscela, gusto - dolce, amaro, acido", "gusto", ["dolce", "amaro", "acido"]],
      ["mes livres avec l'état : neuf, abîmé, usé", "état", ["neuf", "abîmé", "usé"]],
      ["mis plantas con riego: poco, normal, mucho", "riego", ["poco", "normal", "mucho"]],
      ["meine Werkzeuge mit Ort und Zustand: neu, gut, kaputt", "Zustand", ["neu", "gut", "kaputt"]],
      ["party list (name, coming yes/no, diet: none, vegan, halal)", "diet", ["none", "vegan", "halal"]],
    ] as const
  ) assert.deepEqual(options(prompt), [{ name, type: "choice", options: [...values] }], prompt);
  // A category's cue as the label names the records' kinds.
  const spending = understand("log what i spend, categories: bills, food, fun");
  assert.deepEqual(
    spending.asks.filter((a) => a.type === "log")[0].fields.filter((f) => f.type === "choice"),
    [
      { name: "categories", type: "choice", options: ["bills", "food", "fun"] },
    ],
  );
  assert.ok(spending.asks.some((a) => a.type === "categories"));
  // A value may be a field's word, but items half of which name fields, or that hold amounts, stay fields.
  assert.deepEqual(options("tâches avec statut : à faire, en cours, fait")[0]?.options, [
    "à faire",
    "en cours",
    "fait",
  ]);
  assert.ok(!options("my garden log with the beds: date, plant, amount").length);
  assert.ok(!options("a café menu with the drinks: espresso 2, latte 3").length);
});

Deno.test("the asks a colon lists each with an article are asked, with their own quantities", () => {
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type).sort();
  assert.deepEqual(types("Für das Sommerfest: eine Einkaufsliste, ein Budget von 400 € und ein Countdown"), [
    "countdown",
    "goal",
    "list",
  ]);
  const budget = ask("Pour le déménagement : une liste de cartons, un budget de 900 €", "goal");
  assert.deepEqual(budget.quantities.map((q) => q.kind === "money" && [q.value, q.currency]), [[900, "EUR"]]);
  // Bracketed things in a clause that asks for a list are what it lists, not values to choose.
  assert.ok(
    !types("Necesito una lista de cosas para el camping (tienda, linterna, saco)").includes("choice"),
  );
});

Deno.test("a field with a yes/no pair is one tick, named without the pair, in a list or in brackets", () => {
  assert.deepEqual(ask("a log of my seedlings: variety, sown on, sprouted yes/no and height", "log").fields, [
    { name: "variety", type: "text" },
    { name: "sown", type: "text" },
    { name: "sprouted", type: "yesno" },
    { name: "height", type: "text" },
  ]);
  // Each such field is a tick of its own.
  const rounds = understand("Rundgang: Datum, Tür abgeschlossen ja/nein, Licht aus ja/nein").asks;
  assert.deepEqual(rounds.filter((a) => a.type === "yesno").map((a) => a.quote), [
    "Tür abgeschlossen ja/nein",
    "Licht aus ja/nein",
  ]);
  const deposit = ask("un cahier de réservations avec nom, arrhes versées (oui/non) et prix", "yesno");
  assert.equal(deposit.quote, "arrhes versées (oui/non)");
  assert.ok(
    !understand("un cahier de réservations avec nom, arrhes versées (oui/non) et prix").asks.some((a) =>
      a.type === "choice"
    ),
  );
});

Deno.test("a takeaway shop or 'to carry' is no order, 'llevar' no total; a checklist a colon lists is asked", () => {
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  for (
    const prompt of [
      "I run a takeaway kebab shop and want a list of my suppliers",
      "ho una gelateria d'asporto e voglio segnare gli incassi",
      "une liste des affaires à emporter pour le ski",
      "una app para llevar las notas de mis alumnos",
    ]
  ) {
    assert.ok(!types(prompt).includes("order"), prompt);
    assert.ok(!types(prompt).includes("aggregate"), prompt);
  }
  assert.ok(types("Pour le camping : les repas jour par jour, une checklist des affaires").includes("yesno"));
});

Deno.test("the words right before a cue qualify it: they are the ask's words, never unmet", () => {
  const shared = understand("we need a shared grocery list for the flat");
  assert.equal(shared.asks[0].quote, "shared grocery list for the flat");
  assert.deepEqual(shared.unmet, []);
  assert.deepEqual(
    understand("Sommerfest: wer beim Kuchenverkauf welche Schicht übernimmt").unmet.filter((w) =>
      /beim/i.test(w)
    ),
    [],
  );
});

Deno.test("the verb that asks for a setting and the words of politeness are never unmet", () => {
  const app = {
    version: 1,
    kind: "list",
    name: "Vinyl",
    description: "",
    language: "en",
    tier: "light",
    accent: "#4F46E5",
    features: [],
    entities: [],
    screens: [],
    prompts: ["a list of my records"],
  } as AppSpec;
  for (
    const prompt of [
      "could you switch the colour to orange please",
      "rendila più scura, grazie",
      "passe-la en vert s'il te plaît",
      "hazla oscura por favor",
      "mach sie bitte dunkel, danke",
    ]
  ) {
    const u = understand(prompt, { existingSpec: app });
    assert.deepEqual([u.asks.map((a) => a.type), u.unmet], [["theme"], []], prompt);
  }
});

Deno.test("a German 'zu' infinitive is its verb; before it, what is kept comes before the person it is for", () => {
  const pressure = understand("Hilfe, um Blutdruck und Puls meiner Mutter aufzuschreiben");
  assert.deepEqual(pressure.asks.map((a) => [a.type, a.subject]), [["log", "Blutdruck"]]);
  assert.deepEqual(pressure.unmet, ["Hilfe"]);
});

Deno.test("entering records one by one asks for a log of them, in the five languages", () => {
  for (
    const prompt of [
      "I'll enter every invoice I send",
      "voglio inserire ogni lezione di piano",
      "je veux saisir chaque séance de kiné",
      "quiero introducir cada clase de yoga",
      "ich will jede Nachhilfestunde eingeben",
    ]
  ) ask(prompt, "log");
});

Deno.test("two prices or more, each of its own thing, are a price list; budgets per period and rates are not", () => {
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  for (
    const prompt of [
      "Il mio chiosco: piadina 6 €, crescione 7 €, bibita 2,50 €",
      "Tarifs : coupe enfant 12 €, coupe adulte 20 €",
      "Ich vermiete Räder, Stadtrad 15 € und E-Bike 35 €",
    ]
  ) assert.ok(types(prompt).includes("catalog"), `${prompt}: ${types(prompt)}`);
  for (
    const prompt of [
      "Budgets per month: food $400, fun $100",
      "convert at 1 £ = 1.17 €, and I spend 20 £ on lunch",
    ]
  ) assert.ok(!types(prompt).includes("catalog"), `${prompt}: ${types(prompt)}`);
});

Deno.test("'out of' asks for a rating only with the scale after it", () => {
  ask("give each wine a score out of 10", "rating");
  ask("rate my sleep out of five", "rating");
  for (
    const prompt of ["we keep running out of coffee beans, list them", "flag readings out of the safe range"]
  ) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "rating"), prompt);
  }
});

Deno.test("picking asks for a choice only from something offered ('pick from', 'pick one')", () => {
  ask("log each sighting, I pick from my list of species", "choice");
  for (
    const prompt of [
      "my son picked the colours, make it green",
      "whoever wins picks the film, log our film nights",
    ]
  ) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "choice"), prompt);
  }
});

Deno.test("a name in quotation marks after a change is what it names", () => {
  const base = { prompts: ["a log of my runs"], language: "en" } as AppSpec;
  assert.equal(ask("add a 'cadence' field and a 'shoes' field", "add_field", base).subject, "cadence");
  assert.equal(ask("aggiungi un campo «note»", "add_field", { ...base, language: "it" }).subject, "note");
});

Deno.test("a rate asks the app to work the amount out, once however many rates and words ask for it", () => {
  for (
    const prompt of [
      "I walk dogs for $18 an hour and want to see what each owner owes me",
      "do lezioni di piano a 25 euro l'ora, voglio sapere quanto incasso al mese",
      "je fais du repassage à 10 € de l'heure, combien je gagne par mois",
      "cuido gatos por 8 euros por visita y quiero saber cuánto me deben",
      "ich putze Fenster für 15 € pro Stunde und will wissen, was mir jeder Kunde schuldet",
    ]
  ) {
    ask(prompt, "calculator");
  }
  const calculators = (prompt: string) =>
    understand(prompt).asks.filter((a) => a.type === "calculator").length;
  assert.equal(
    calculators("firewood at 90 € per cubic metre. Kindling at 6 € per bag. Calculate the order total"),
    1,
  );
  // A share of an amount is worked out from it.
  for (
    const prompt of [
      "my invoices and what is left after 25% income tax",
      "le mie vendite con lo sconto del 10%",
      "mes ventes avec la TVA à 20 %",
      "mis ventas menos la comisión del 15%",
      "meine Einnahmen abzüglich 19 % Mehrwertsteuer",
    ]
  ) {
    ask(prompt, "calculator");
  }
  // A budget per period is not a rate.
  assert.equal(calculators("I spend about $400 a month on groceries"), 0);
});

Deno.test("whether something happened, asked as 'if' and an auxiliary or as 'or not', is a tick", () => {
  for (
    const [prompt, quote] of [
      ["segno i compiti di mio figlio e se li ha consegnati", "se li ha"],
      ["je note mes rendez-vous et si j'ai payé la séance", "si j'ai"],
      ["apunto las plantas y si las he regado", "si las he"],
      ["a list of invoices, sent or not", "sent or not"],
      ["la liste des invités, venus ou pas", "venus ou pas"],
      ["Termine der Kinder, abgesagt oder nicht", "abgesagt oder nicht"],
    ]
  ) {
    assert.ok(understand(prompt).asks.some((a) => a.type === "yesno" && a.quote.includes(quote)), prompt);
  }
  // After "already" what was done asks it in any form, and so does a past after the speaker.
  for (
    const [prompt, name] of [
      ["mi serve sapere se già ritirato il pacco", "ritirato il pacco"],
      ["je veux savoir si déjà sorti les poubelles", "sorti les poubelles"],
      ["apuntar si ya saque al perro hoy", "saque al perro"],
      ["merken ob schon bezahlt", "bezahlt"],
      ["an app that tells me whether I locked the car", "locked the car"],
      ["keep track if we took the bins out", "took the bins"],
    ]
  ) assert.deepEqual(ask(prompt, "yesno").fields, [{ name, type: "yesno" }], prompt);
  // A condition with no auxiliary of what happened is no tick.
  for (
    const prompt of [
      "avvisami se piove domani",
      "rappelle-moi si je dois acheter du pain",
      "a log of my runs if I feel tired",
    ]
  ) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "yesno"), prompt);
  }
});

Deno.test("a measured amount said for each period is a target to keep to, in the five languages", () => {
  for (
    const prompt of [
      "I want to stretch 15 minutes a day",
      "voglio camminare 6 km al giorno",
      "je veux boire 1,5 litre par jour",
      "quiero leer 20 minutos al día",
      "ich möchte 2 Liter am Tag trinken",
    ]
  ) {
    assert.ok(understand(prompt).asks.some((a) => a.type === "goal"), prompt);
  }
  // An amount kept with no period beside it, or a count of times, states no target.
  for (const prompt of ["log my runs: 5 km on Monday, 8 km on Friday", "feed the cat 3 times a day"]) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "goal"), prompt);
  }
});

Deno.test("a recurrence of what the speaker does tells when it happens, not when to be reminded", () => {
  const reminds = (prompt: string) => understand(prompt).asks.some((a) => a.type === "reminder");
  for (
    const prompt of [
      "I teach yoga in the park every Tuesday and want to count who comes",
      "nous jouons aux cartes chaque vendredi, je veux noter les scores",
      "wir gehen jeden Mittwoch schwimmen und ich will die Bahnen zählen",
    ]
  ) {
    assert.ok(!reminds(prompt), prompt);
  }
  // A recurrence of something to do, or a reminder asked for, still reminds.
  for (
    const prompt of [
      "vitamins twice a day",
      "trash out every Tuesday",
      "I want a reminder every Friday to call grandma",
      "rappelle-moi chaque lundi de sortir les poubelles",
    ]
  ) {
    assert.ok(reminds(prompt), prompt);
  }
});

Deno.test("asking to be warned, pinged or told is a reminder, in any of the five languages", () => {
  for (
    const prompt of [
      "nudge me to stand up every hour while I work",
      "give me a heads-up the day before the bins go out",
      "let me know when the milk is about to go off",
      "avvertimi quando scade l'assicurazione della macchina",
      "alerte-moi quand mon abonnement de bus expire",
      "una alerta cuando baje el saldo de la cuenta",
      "gib mir Bescheid, wenn der Reisepass abläuft",
    ]
  ) {
    ask(prompt, "reminder");
  }
});

Deno.test("forgetting to do something asks for a reminder, forgetting when it was done does not", () => {
  const reminds = (prompt: string) => understand(prompt).asks.some((a) => a.type === "reminder");
  for (
    const prompt of [
      "I keep forgetting to take my vitamins in the morning",
      "non farmi dimenticare le gocce per gli occhi",
      "mi scordo sempre di chiudere il gas",
      "pour que je n'oublie pas de nourrir le poisson",
      "siempre se me olvida tomar el hierro",
      "damit ich nicht vergesse, die Blumen zu gießen",
    ]
  ) {
    assert.ok(reminds(prompt), prompt);
  }
  for (
    const prompt of [
      "I keep forgetting when I last cleaned the fish tank, I want to log it",
      "mi dimentico sempre quando ho cambiato l'olio, voglio segnarlo",
      "j'oublie toujours quand j'ai changé les draps, je veux le noter",
      "ich vergesse immer, wann ich die Katze entwurmt habe, ich will es aufschreiben",
    ]
  ) {
    assert.ok(!reminds(prompt), prompt);
  }
});

Deno.test("a recurrence at a part of the day rings at its hour; one of what the speaker does reminds of nothing", () => {
  const cases: [string, string[]][] = [
    ["nudge me every evening to stretch", ["20:00"]],
    ["ricordami ogni mattina di aprire le finestre", ["08:00"]],
    ["rappelle-moi tous les soirs de charger le vélo", ["20:00"]],
    ["avísame cada noche para apagar la calefacción", ["22:00"]],
    ["Erinnerung für die Augentropfen morgens und abends", ["08:00", "20:00"]],
    ["remind me to take the antihistamine in the morning", ["08:00"]],
    ["promemoria per la crema la sera", ["20:00"]],
    ["rappel pour le sirop le soir", ["20:00"]],
    ["recordatorio del inhalador por la noche", ["22:00"]],
    ["Erinnerung an den Blutdrucksenker am Abend", ["20:00"]],
  ];
  for (const [prompt, times] of cases) assert.deepEqual(ask(prompt, "reminder").times, times, prompt);
  // A clock time stated wins over the part of the day.
  assert.deepEqual(ask("remind me every morning at 7:15 to feed the fish", "reminder").times, ["07:15"]);
  assert.ok(!understand("I cycle to work every morning").asks.some((a) => a.type === "reminder"));
  // After "of" it is what a price is for, not when.
  const night = understand("noter le prix de la nuit de chaque hôtel").asks.flatMap((a) => a.quantities);
  assert.ok(!night.some((q) => q.kind === "frequency"), JSON.stringify(night));
});

Deno.test("a German compound field is typed by its head, as its asks are", () => {
  const fields = understand("Meine Werkzeuge mit Name, Einkaufspreis, Kaufdatum und Ausleihdatum").asks
    .flatMap((a) => a.fields);
  const type = (name: string) => fields.find((f) => f.name === name)?.type;
  assert.equal(type("Einkaufspreis"), "money");
  assert.equal(type("Kaufdatum"), "date");
  assert.equal(type("Ausleihdatum"), "date");
  assert.equal(type("Name"), "text");
});

Deno.test("a field is named by what it counts or measures: a count is a number, a unit or currency its unit", () => {
  const fields = (prompt: string) => understand(prompt).asks.flatMap((a) => a.fields);
  assert.deepEqual(fields("a log of my hikes with date, elevation in metres and number of photos"), [
    { name: "date", type: "date" },
    { name: "elevation", type: "number", unit: "m" },
    { name: "photos", type: "number" },
  ]);
  assert.deepEqual(fields("le mie partite: data, numero di gol, durata"), [
    { name: "data", type: "date" },
    { name: "gol", type: "number" },
    { name: "durata", type: "duration" },
  ]);
  assert.deepEqual(fields("mes trajets : date, distance en km, prix total"), [
    { name: "date", type: "date" },
    { name: "distance", type: "number", unit: "km" },
    { name: "prix", type: "money" },
  ]);
  // The "of" words stay in the name; a unit after a rate word is what is paid for, not the field's unit.
  assert.deepEqual(fields("mis compras con fecha de compra, precio total y peso en kg"), [
    { name: "fecha de compra", type: "date" },
    { name: "precio", type: "money" },
    { name: "peso", type: "number", unit: "kg" },
  ]);
  assert.deepEqual(fields("Meine Wanderungen: Datum, Anzahl der Teilnehmer, Strecke in km, Kosten (€)"), [
    { name: "Datum", type: "date" },
    { name: "Teilnehmer", type: "number" },
    { name: "Strecke", type: "number", unit: "km" },
    { name: "Kosten", type: "money", currency: "EUR" },
  ]);
  assert.deepEqual(fields("a fuel log with litres and price per litre"), [
    { name: "litres", type: "number", unit: "l" },
    { name: "price per litre", type: "money" },
  ]);
});

Deno.test("a word of going past or of at most with an amount is a limit: a goal with the amount and its period", () => {
  const limit = (prompt: string) => {
    const goal = ask(prompt, "goal");
    assert.equal(goal.limit, true, prompt);
    const target = goal.quantities.find((q) => q.kind !== "period");
    const period = goal.quantities.find((q) => q.kind === "period");
    const amount = target?.kind === "duration" ? target.seconds : target && "value" in target && target.value;
    return [amount, period?.kind === "period" && period.period];
  };
  assert.deepEqual(limit("log my takeaway orders and tell me if I go over 60 dollars a month"), [
    60,
    "month",
  ]);
  assert.deepEqual(limit("I want to drink no more than 6 beers per week"), [6, "week"]);
  assert.deepEqual(limit("segno le sigarette, vorrei fumarne al massimo 4 al giorno"), [4, "day"]);
  assert.deepEqual(limit("je note mes achats en ligne pour ne pas dépasser 80 € par mois"), [80, "month"]);
  assert.deepEqual(limit("quiero controlar el azúcar, como máximo 25 g al día"), [25, "day"]);
  assert.deepEqual(limit("Handyzeit aufschreiben, maximal 90 Minuten pro Tag"), [5400, "day"]);
  assert.deepEqual(limit("tell me when my son goes over 3 hours of video games per day"), [10800, "day"]);
  assert.deepEqual(limit("dimmi se sforo i 15 euro al giorno"), [15, "day"]);
  assert.deepEqual(limit("préviens-moi si je dépasse 45 heures de travail par semaine"), [162000, "week"]);
  // A limit of a whole record, a name, a noun and an amount before a Romance verb are no limit.
  const none = (prompt: string) => assert.ok(!understand(prompt).asks.some((a) => a.limit), prompt);
  none("voglio fare 10000 passi al giorno");
  none("a list of my workshops, 15 seats maximum per workshop");
  none("my dog Max eats 2 cups of food a day");
  none("I bought a bus pass for 30 dollars");
});

Deno.test("a budget is a limit not to pass, and a period said as an adjective beside a goal's noun is its period", () => {
  const goal = (prompt: string) => {
    const g = ask(prompt, "goal");
    const period = g.quantities.find((q) => q.kind === "period");
    const money = g.quantities.find((q) => q.kind === "money");
    return [g.limit, money?.kind === "money" && money.value, period?.kind === "period" && period.period];
  };
  assert.deepEqual(goal("a weekly budget of 250 dollars for eating out"), [true, 250, "week"]);
  assert.deepEqual(goal("le spese della macchina con un budget annuale di 2000 euro"), [true, 2000, "year"]);
  assert.deepEqual(goal("mes courses, avec un budget hebdomadaire de 90 €"), [true, 90, "week"]);
  assert.deepEqual(goal("para las vacaciones tenemos un presupuesto de 1500 euros"), [true, 1500, false]);
  assert.deepEqual(goal("Tankkosten mit einem jährlichen Budget von 1800 €"), [true, 1800, "year"]);
  assert.deepEqual(goal("Unser Wochenbudget fürs Essen: 120 €"), [true, 120, "week"]);
  assert.deepEqual(goal("my daily goal is 12 glasses of water"), [undefined, false, "day"]);
  // A target to reach stays one, and a frequency that does not qualify the goal's noun is no period of it.
  assert.deepEqual(goal("ich will 600 € für ein Fahrrad sparen"), [undefined, 600, false]);
  assert.deepEqual(goal("weekly I put money aside, savings goal 3000 dollars"), [undefined, 3000, false]);
});

Deno.test("an intent with an amount is a goal, and a verb of losing or gaining by it makes the goal a change", () => {
  const goal = (prompt: string) => {
    const g = understand(prompt).asks.find((a) => a.type === "goal");
    const target = g?.quantities.find((q) => q.kind !== "period");
    const period = g?.quantities.find((q) => q.kind === "period");
    return [
      target && "value" in target && target.value,
      period?.kind === "period" && period.period,
      g?.change ?? false,
    ];
  };
  assert.deepEqual(goal("I'd like to cycle 150 km a month this summer"), [150, "month", false]);
  assert.deepEqual(goal("this year I want to finish 30 novels a year"), [30, "year", false]);
  assert.deepEqual(goal("vorrei arrivare a 80 kg entro l'estate"), [80, false, false]);
  assert.deepEqual(goal("j'aimerais mettre de côté 1200 € pour la voiture"), [1200, false, false]);
  assert.deepEqual(goal("quiero nadar 5 km a la semana en la piscina"), [5, "week", false]);
  assert.deepEqual(goal("Wir möchten 3000 € für den Urlaub zurücklegen"), [3000, false, false]);
  assert.deepEqual(goal("I want to drop 6 pounds before the trip"), [6, false, true]);
  assert.deepEqual(goal("vorrei dimagrire di 4 kg"), [4, false, true]);
  assert.deepEqual(goal("je veux perdre 7 kilos"), [7, false, true]);
  assert.deepEqual(goal("quiero bajar 3 kilos para la boda"), [3, false, true]);
  assert.deepEqual(goal("Ich möchte bis Ostern 5 kg abnehmen"), [5, false, true]);
  // Noting or asking something with an amount is no goal, nor a plain number with no period.
  const none = (prompt: string) =>
    assert.ok(
      !understand(prompt).asks.some((a) => a.type === "goal"),
      JSON.stringify(understand(prompt).asks),
    );
  none("I want to track my 2 cats and their vet visits");
  none("voglio segnare le 3 pasti al giorno del bambino");
  none("je veux une liste de 12 choses à faire");
  none("quiero 2 pantallas: una de tareas y otra de notas");
});

Deno.test("a goal's deadline is quoted with it and kept apart, but a range's end is no deadline", () => {
  const deadline = (prompt: string) => understand(prompt).asks.find((a) => a.type === "goal")?.deadline?.text;
  assert.equal(deadline("I want to save up 600 dollars by Christmas"), "by Christmas");
  assert.equal(deadline("vorrei risparmiare 400 euro entro la fine dell'anno"), "entro la fine dell'anno");
  assert.equal(deadline("objectif : 15 km de course par semaine d'ici la rentrée"), "d'ici la rentrée");
  assert.equal(deadline("quiero llegar a 70 kg antes de la boda"), "antes de la boda");
  assert.equal(deadline("Ich will bis zum Sommer 300 € sparen"), "bis zum Sommer");
  assert.equal(deadline("saving for a laptop, $1,200 by next spring"), "by next spring");
  const goal = understand("Ich will bis zum Sommer 300 € sparen").asks.find((a) => a.type === "goal")!;
  assert.ok(goal.quote.includes("bis zum Sommer"), goal.quote);
  assert.equal(deadline("Sparziel 500 €, jeden Montag bis Freitag 5 € zurücklegen"), undefined);
  assert.equal(deadline("goal of 30 pages a day, chapters 1 to 12 by author"), undefined);
});

Deno.test("a question of how many among a record's fields is a field, after a verb of seeing it asks a figure", () => {
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  // After another item, a "with" or a verb of noting, with no period after it: what each record holds.
  for (
    const prompt of [
      "My spice rack: name, jar size, and how many grams are left",
      "voglio segnare i vini in cantina con annata e quante bottiglie ho",
      "Mes jeux de société : titre, éditeur et combien de joueurs",
      "quiero anotar mis libros con el autor y cuántas páginas tiene",
      "Meine Weinsammlung: Name, Jahrgang und wie viele Flaschen ich habe",
    ]
  ) assert.ok(!types(prompt).includes("aggregate"), prompt);
  // After a verb of seeing or knowing, a chart, or with a period after it: a figure over the records.
  for (
    const prompt of [
      "I log my runs and want to see how many km I did",
      "segno le spese e voglio sapere quanto ho speso",
      "je note mes nuits, avec un graphique de combien je dors",
      "apunto los libros que leo, el autor y cuántas páginas leo por semana",
      "Ich will Spenden eintragen und sehen, wie viel zusammenkommt",
    ]
  ) assert.ok(types(prompt).includes("aggregate"), prompt);
});

Deno.test("a field named by a figure's word alone is that figure over the records, not a field of each", () => {
  for (
    const [prompt, computes] of [
      ["a reading log with a total", "total"],
      ["un registro delle corse con la media", "average"],
      ["un carnet de vélo avec le total", "total"],
      ["Lernzeiten mit Durchschnitt", "average"],
    ]
  ) {
    const asks = understand(prompt).asks;
    assert.equal(asks.find((a) => a.type === "aggregate")?.computes, computes, prompt);
    assert.deepEqual(asks.flatMap((a) => a.fields), [], prompt);
  }
});

Deno.test("a field a figure's word opens and a period or a breakdown ends is that figure, in the five languages", () => {
  for (
    const [prompt, field, period, by] of [
      ["water bills with date, amount and the total per month", "amount", "month", undefined],
      ["my plant sales with date, price and total per category", "price", undefined, "category"],
      ["registro delle bollette con importo e la media al mese", "importo", "month", undefined],
      ["mes frais de garde avec date, montant et le total par mois", "montant", "month", undefined],
      ["gastos del coche con fecha, importe y el total por categoría", "importe", undefined, "categoría"],
      ["Tankstopps mit Datum, Liter und Summe pro Kategorie", "Liter", undefined, "Kategorie"],
    ] as const
  ) {
    const asks = understand(prompt).asks;
    const figure = asks.find((a) => a.type === "aggregate");
    assert.ok(figure, prompt);
    assert.ok(asks.some((a) => a.fields.some((f) => f.name === field)), prompt);
    assert.ok(
      !asks.some((a) => a.fields.some((f) => /total|media|summe|per |par |por |pro /i.test(f.name))),
      prompt,
    );
    if (period) assert.ok(figure.quantities.some((x) => x.kind === "period" && x.period === period), prompt);
    if (by) {
      const categories = ask(prompt, "categories");
      assert.ok(categories.breakdown, prompt);
      assert.equal(categories.subject, by, prompt);
    }
  }
});

Deno.test("a figure of what the speaker does is over events they keep: a log of them, unless one is asked", () => {
  for (
    const prompt of [
      "how much I spend on parking each month",
      "combien je dépense en essence par semaine",
      "quanto ho speso in libri quest'anno",
      "cuánto me gasto en tabaco al mes",
      "how many times did I go swimming this summer",
    ]
  ) {
    const types = understand(prompt).asks.map((a) => a.type);
    assert.ok(types.includes("aggregate"), prompt);
    assert.ok(ask(prompt, "log").subject, prompt);
  }
  assert.ok(understand("wie viel ich pro Woche für Kaffee ausgebe").asks.some((a) => a.type === "log"));
  // Not what others do or what is left; and the log the prompt asks for is the one.
  for (const prompt of ["show how many tickets are left", "quanti giorni mancano alle vacanze"]) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "log"), prompt);
  }
  const logs = understand("I keep a diary of my runs and want to see how many km I ran").asks
    .filter((a) => a.type === "log");
  assert.deepEqual(logs.map((a) => a.subject), ["runs"]);
  // With nothing named to keep, no log of nothing: the records are what the prompt names.
  const named = understand("I'd like to jot down each beer and see how many I had this week").asks;
  assert.ok(named.some((a) => a.type === "aggregate"));
  assert.ok(named.every((a) => a.subject || (a.type !== "log" && a.type !== "list")));
});

Deno.test("the current period with no figure asked or seen says when the records are, not a figure", () => {
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  for (
    const prompt of [
      "who I lent books to this year",
      "chi ha portato la torta questa settimana",
      "les plats que j'ai cuisinés cette semaine",
      "las películas que vimos este mes",
      "welche Bücher ich dieses Jahr gelesen habe",
    ]
  ) assert.ok(!types(prompt).includes("aggregate"), prompt);
  // A figure asked, a verb of seeing, or a period that is a rate ("per week") still ask one.
  for (
    const prompt of [
      "how many books I read this year",
      "zeig mir meine Ausgaben diese Woche",
      "coffees per week",
    ]
  ) {
    assert.ok(types(prompt).includes("aggregate"), prompt);
  }
});

Deno.test("in a colon's list of fields a count or total of something is a field, unless the list is a summary's", () => {
  for (
    const prompt of [
      "Pour chaque gâteau : parfum, nombre de parts, prix total",
      "Each delivery: date, number of boxes, total weight",
      "Jede Lieferung: Datum, Anzahl der Kisten, Fahrer",
      "Ogni ordine: cliente, data, prezzo totale",
      "Cada pedido: cliente, fecha, total de cajas",
    ]
  ) assert.ok(!understand(prompt).asks.some((a) => a.type === "aggregate"), prompt);
  for (
    const prompt of [
      "a weekly summary: number of runs, total distance",
      "Expenses: amount, date, total per category",
    ]
  ) {
    assert.ok(understand(prompt).asks.some((a) => a.type === "aggregate"), prompt);
  }
});

Deno.test("what happens after each or at every time is an event that comes again: a log of it", () => {
  for (
    const [prompt, subject] of [
      ["after every run, the distance and my pace", "run"],
      ["dopo ogni allenamento voglio salvare il peso", "allenamento"],
      ["après chaque concert je veux garder la setlist", "concert"],
      ["después de cada partido quiero guardar los goles", "partido"],
      ["nach jedem Training will ich das Gewicht speichern", "Training"],
    ]
  ) assert.equal(ask(prompt, "log").subject, subject, prompt);
});

Deno.test("who did and who did not is a tick on each record, in the five languages", () => {
  for (
    const [prompt, field] of [
      ["a list of the neighbours I invited, who replied and who hasn't", "replied"],
      ["i soci del circolo, chi ha rinnovato la tessera e chi no", "rinnovato la tessera"],
      ["pour chaque réunion du club, je veux voir qui est venu et qui n'est pas venu", "venu"],
      ["las cuotas del gimnasio, quién ha pagado y quién no", "pagado"],
      ["für die Chorprobe will ich sehen, wer kommt und wer nicht", "kommt"],
    ]
  ) {
    const tick = understand(prompt).asks.find((a) => a.type === "yesno");
    assert.ok(tick, prompt);
    assert.deepEqual(tick.fields, [{ name: field, type: "yesno" }], prompt);
  }
  // Who does something, with no one who does not, asks no tick.
  assert.ok(!understand("who cooks and who cleans on Sunday").asks.some((a) => a.type === "yesno"));
});

Deno.test("each question of whether, in a phrase of its own, is a tick of its own with its field", () => {
  const ticks = (prompt: string) =>
    understand(prompt).asks.filter((a) => a.type === "yesno").map((a) => a.fields.map((f) => f.name));
  assert.deepEqual(
    ticks("the school trips with the date, if the form was signed and if the fee was paid"),
    [["form signed"], ["fee paid"]],
  );
  assert.deepEqual(ticks("ogni sera segno se ha mangiato, se ha preso le gocce e se è uscito"), [
    ["mangiato"],
    ["preso le gocce"],
    ["uscito"],
  ]);
  assert.deepEqual(ticks("Liste der Gäste: Name, ob sie eingeladen sind, ob sie zugesagt haben"), [
    ["eingeladen"],
    ["zugesagt"],
  ]);
  // The cues of one phrase are one tick: the verb that ticks and the state it ticks.
  assert.equal(ticks("the kids tick each chore when done").length, 1);
  assert.equal(ticks("ob die Pflanze gegossen wurde (ja/nein)").length, 1);
});

Deno.test("a group named without a number is people: each of them, the whole of it, who does what, names", () => {
  for (
    const prompt of [
      "each child earns stickers when the bed is made",
      "a chart of stars where every player gets a badge",
      "per ogni alunno voglio segnare i compiti consegnati",
      "ognuno sceglie un film a settimana",
      "chaque membre de la chorale apporte un plat",
      "cada jugador tiene sus goles y tarjetas",
      "jedes Kind bekommt Sterne für das Zähneputzen",
      "a packing list for the whole family",
      "la spesa per tutta la famiglia",
      "una lista de regalos para toda la familia",
      "Putzplan für die ganze Familie",
      "who brings what to the barbecue",
      "chi porta cosa alla cena di classe",
      "je veux noter qui lave quoi dans la maison",
      "wer wann arbeitet im Café",
      "Lista dei regali di Natale per Luca, Marta e la nonna",
      "my kids Tom and Lily share the chores",
      "mis hijos Pablo y Lucía tienen tareas",
      "für meine Kinder Lena und Paul ein Ämterplan",
    ]
  ) {
    assert.ok(understand(prompt).asks.some((a) => a.type === "people"), prompt);
  }
  // Places listed, the speaker and a partner, a whole that is no group, "each" before a thing: no people.
  for (
    const prompt of [
      "a trip to Rome, Florence and Venice with the hotels",
      "I and my wife want a list of the restaurants we tried",
      "Wir fahren nach Berlin, Hamburg und München",
      "the whole year of running in one chart",
      "a price for each room of the hotel",
      "Sehr geehrte Damen und Herren, ich brauche eine Liste meiner Bücher",
    ]
  ) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "people"), prompt);
  }
});

Deno.test("opening hours, shifts, time slots and the day of the week ask for a timetable, in the five languages", () => {
  for (
    const prompt of [
      "show the opening hours of my shop and who covers each shift",
      "clients booked by weekly slot with their phone",
      "gli orari di apertura della palestra e la fascia oraria di ogni corso",
      "les créneaux de la piscine et le roulement des maîtres-nageurs",
      "los turnos de la tienda y la franja horaria de cada empleado",
      "der Dienstplan vom Café und die Öffnungszeiten",
      "in che giorno della settimana tocca a ciascuno pulire",
    ]
  ) {
    assert.ok(understand(prompt).asks.some((a) => a.type === "schedule"), prompt);
  }
});

Deno.test("who does what each day of the week, among a `:` list's items, asks for a timetable", () => {
  for (
    const prompt of [
      "to note: groceries, and who shops each day of the week",
      "da segnare: spese, e chi fa la spesa ogni giorno della settimana",
      "à noter : courses, et qui fait les courses chaque jour de la semaine",
      "para apuntar: compras, y quien hace la compra cada día de la semana",
    ]
  ) {
    const asks = understand(prompt).asks;
    assert.ok(asks.some((a) => a.type === "schedule"), prompt);
    assert.ok(!asks.some((a) => a.type === "aggregate"), prompt);
  }
});

Deno.test("whether a record's subject was done, and marking a record as a state, are ticks named by them", () => {
  const tick = (prompt: string) => understand(prompt).asks.find((a) => a.type === "yesno")?.fields[0]?.name;
  assert.equal(tick("a list of my bills and if the rent was paid"), "rent paid");
  assert.equal(tick("segno le consegne e se il pacco è stato ritirato"), "pacco ritirato");
  assert.equal(tick("je note les crises et si le médicament a été donné"), "médicament donné");
  assert.equal(tick("apunto las facturas y si la factura ha sido pagada"), "factura pagada");
  assert.equal(tick("segna ogni libro come restituito"), "restituito");
  assert.equal(tick("marquer chaque colis comme livré"), "livré");
  assert.equal(tick("marcar cada pedido como entregado"), "entregado");
  assert.equal(tick("jede Rechnung als bezahlt markieren"), "bezahlt");
  assert.equal(tick("mark every parcel as delivered"), "delivered");
  // With no "as", the participle that ends the phrase right after the object.
  assert.equal(tick("my seedlings, mark them planted when they go in the ground"), "planted");
  assert.equal(tick("segnare il libro prestato quando lo do a qualcuno"), "prestato");
  assert.equal(tick("marquer la facture payée"), "payée");
  assert.equal(tick("marcar cada receta probada cuando la hago"), "probada");
  assert.equal(tick("mark it ordered, then we wait"), "ordered");
  // A question of what was done, after an auxiliary or the speaker, ticks it.
  assert.equal(tick("have I fed the fish? I can never tell"), "fed");
  assert.equal(tick("le piante le ho annaffiate? non me lo ricordo"), "annaffiate");
  assert.equal(tick("est-ce que j'ai pris mon cachet ? je sais plus"), "pris");
  assert.equal(tick("¿he regado las plantas? nunca me acuerdo"), "regado");
  assert.equal(tick("hab ich den Hund gefüttert? weiß ich nie"), "gefüttert");
  // Irregular participles too, and an auxiliary and the speaker before the verb in any form.
  assert.equal(tick("ho messo la crema? boh"), "messo");
  assert.equal(tick("¿he escrito a la abuela? siempre se me olvida"), "escrito");
  assert.equal(tick("hab ich den müll rausgebracht? keine ahnung"), "rausgebracht");
  assert.equal(tick("did we water the roses? nobody remembers"), "water");
  // A condition on a measure is no tick, nor is a subject after "if" with no participle, nor a participle a
  // determiner or "each" opens, one that goes on ("paid by"), or what was done after a relative word.
  for (
    const prompt of [
      "avvisami se la temperatura è sopra 30",
      "une alerte si la glycémie est sous 0,70",
      "a log of runs if the weather was bad",
      "mark each kitten",
      "mark each sale paid by card or cash",
      "apuntar lo que he comido",
      "noter la durée",
      "what happened at the game? a log of scores",
    ]
  ) {
    assert.equal(tick(prompt), undefined, prompt);
  }
});

Deno.test("the persons a prompt names are its people ask's persons, in brackets or listed", () => {
  const persons = (prompt: string) =>
    understand(prompt).asks.find((a) => a.type === "people")?.fields.flatMap((f) => f.options ?? []);
  assert.deepEqual(persons("we are 3 roommates (Ada, Bo, Cy) sharing the chores"), ["Ada", "Bo", "Cy"]);
  assert.deepEqual(persons("Lista dei regali di Natale per Luca, Marta e la nonna"), [
    "Luca",
    "Marta",
    "nonna",
  ]);
  assert.deepEqual(persons("mes enfants Léa et Tom rangent leur chambre"), ["Léa", "Tom"]);
});

Deno.test("a listed field that opens with a category's cue names its values: one choice, in the five languages", () => {
  const cases: [string, string, string[]][] = [
    ["a recipe box with categories breakfast, lunch, dessert and a photo", "categories", [
      "breakfast",
      "lunch",
      "dessert",
    ]],
    ["my notes with tags such as work, family, sport", "tags", ["work", "family", "sport"]],
    ["diario delle letture con categorie romanzi, saggi, fumetti", "categorie", [
      "romanzi",
      "saggi",
      "fumetti",
    ]],
    ["mes dépenses de voiture avec catégories essence, péage, parking", "catégories", [
      "essence",
      "péage",
      "parking",
    ]],
    ["mis recetas con categorías sopas, carnes y postres", "categorías", ["sopas", "carnes", "postres"]],
    ["Vorratsliste mit Kategorien Konserven, Nudeln, Getränke", "Kategorien", [
      "Konserven",
      "Nudeln",
      "Getränke",
    ]],
  ];
  for (const [prompt, name, options] of cases) {
    const categories = ask(prompt, "categories");
    assert.deepEqual(categories.fields, [{ name, type: "choice", options }], prompt);
    const all = understand(prompt).asks.flatMap((a) => a.fields);
    assert.ok(!all.some((f) => f.type === "text" && options.includes(f.name)), prompt);
  }
  // A German compound typed by its head alone is a value too ("Freizeit": leisure, no time).
  assert.deepEqual(ask("Familienkasse mit Kategorien Urlaub, Kleidung, Freizeit", "categories").fields, [
    { name: "Kategorien", type: "choice", options: ["Urlaub", "Kleidung", "Freizeit"] },
  ]);
  // The values end where an article opens a field of its own.
  const box = understand("a recipe box with categories breakfast, lunch, dessert and a photo").asks;
  assert.ok(box.some((a) => a.type === "photo"));
  assert.ok(
    understand("a log of my walks with the categories, the date and a note").asks.every((a) =>
      a.fields.every((f) => f.type !== "choice")
    ),
  );
});

Deno.test("a listed field a unit names or opens is a number in that unit", () => {
  const cases: [string, string, string][] = [
    ["bike rides with km and a rating", "km", "km"],
    ["rifornimenti con litri e prezzo", "litri", "l"],
    ["mes randonnées avec km parcourus et dénivelé", "km parcourus", "km"],
    ["mi huerto con kg cosechados y fecha", "kg cosechados", "kg"],
    ["Milchbuch mit Liter und Datum", "Liter", "l"],
  ];
  for (const [prompt, name, unit] of cases) {
    const field = understand(prompt).asks.flatMap((a) => a.fields).find((f) => f.name === name);
    assert.deepEqual(field, { name, type: "number", unit }, prompt);
  }
});

Deno.test("the names after 'between' where a cost is split are its people's persons, in the five languages", () => {
  const cases: [string, string[]][] = [
    ["split the fuel costs between Ivy, Max and Zoe", ["Ivy", "Max", "Zoe"]],
    ["dividere l'affitto tra Chiara e Davide", ["Chiara", "Davide"]],
    ["partager les courses entre Inès, Malo et Zoé", ["Inès", "Malo", "Zoé"]],
    ["dividir la compra entre Nora y Hugo", ["Nora", "Hugo"]],
    ["Stromkosten teilen zwischen Jonas, Lea und Finn", ["Jonas", "Lea", "Finn"]],
  ];
  for (const [prompt, names] of cases) {
    assert.deepEqual(
      ask(prompt, "people").fields,
      [{ name: "person", type: "choice", options: names }],
      prompt,
    );
  }
  // Without a split, "between" and capitalized words are no persons ("between Rome and Florence").
  assert.ok(!understand("a list of trains between Rome and Florence").asks.some((a) => a.type === "people"));
});

Deno.test("a countdown listed among fields is the countdown to each record's date, not a field", () => {
  for (
    const prompt of [
      "my friends' name days with a countdown and a note",
      "scadenze dell'auto con conto alla rovescia e costo",
      "mes examens avec compte à rebours et salle",
      "mis viajes con cuenta atrás y destino",
      "Prüfungstermine mit Countdown und Raum",
    ]
  ) {
    const asks = understand(prompt).asks;
    assert.ok(asks.some((a) => a.type === "countdown"), prompt);
    assert.ok(
      !asks.flatMap((a) => a.fields).some((f) =>
        f.type === "text" && /count|conto|compte|cuenta/i.test(f.name)
      ),
      prompt,
    );
  }
});

Deno.test("points or rewards listed for persons the clause names are the people board's, not fields", () => {
  for (
    const prompt of [
      "house jobs for my sons with points and rewards",
      "compiti di casa per i figli con punti e premi",
      "les corvées des enfants avec points et récompenses",
      "encargos para mis hijos con puntos y premios",
      "Hausarbeiten für die Kinder mit Punkten und Belohnungen",
    ]
  ) {
    const asks = understand(prompt).asks;
    assert.ok(asks.some((a) => a.type === "people"), prompt);
    assert.deepEqual(asks.flatMap((a) => a.fields).filter((f) => f.type === "text"), [], prompt);
  }
  // Without persons, points are what each record scores.
  assert.ok(
    understand("my board game nights with date, game and points").asks.some((a) =>
      a.fields.some((f) => f.name === "points")
    ),
  );
});

Deno.test("a listed field that hours or minutes open before what they measure is a duration, no time of day", () => {
  const cases: [string, string][] = [
    ["nap diary with hours of sleep and mood", "hours of sleep"],
    ["registro dello studio con ore di studio e materia", "ore di studio"],
    ["suivi de piano avec minutes de pratique et morceau", "minutes de pratique"],
    ["mi diario de guitarra con horas de ensayo y canción", "horas de ensayo"],
    ["Lerntagebuch mit Stunden Mathe und Fach", "Stunden Mathe"],
  ];
  for (const [prompt, name] of cases) {
    const field = understand(prompt).asks.flatMap((a) => a.fields).find((f) => f.name === name);
    assert.equal(field?.type, "duration", prompt);
  }
  // A time of day stays one ("ora di fine", "end time").
  const end = understand("diario del cantiere con ora di fine e note").asks.flatMap((a) => a.fields);
  assert.equal(end.find((f) => f.name === "ora di fine")?.type, "time");
});

Deno.test("persons only named again after a clause that asks for people are those people, in five languages", () => {
  const people = (prompt: string) => understand(prompt).asks.filter((a) => a.type === "people");
  for (
    const prompt of [
      "We are 3 friends sharing a cabin. Each friend writes down what they bought.",
      "Siamo 5 colleghi e ordiniamo il pranzo insieme. Ognuno di noi segna cosa prende.",
      "Nous sommes 4 voisins avec un potager commun. Chacun note ce qu'il a récolté.",
      "Somos 3 hermanos y cuidamos a la abuela. Cada hermano apunta cuándo la visita.",
      "Wir sind 6 Freunde auf Radtour. Jeder Freund trägt ein, wie viele Kilometer er fährt.",
    ]
  ) assert.equal(people(prompt).length, 1, prompt);
  // What a later clause gives them, points or turns, is an ask of its own.
  for (
    const prompt of [
      "We are 3 cousins sharing a cabin. Each cousin gets points for cleaning.",
      "Siamo 4 coinquilini. Ognuno prende punti quando pulisce.",
      "Nous sommes 3 colocs. Je veux savoir c'est à qui le tour de sortir les poubelles.",
      "Somos 4 en casa. Cada uno gana puntos por las tareas.",
      "Wir sind 4 Mitbewohner. Jeder bekommt Punkte fürs Putzen.",
    ]
  ) assert.equal(people(prompt).length, 2, prompt);
  // Names given where they are named again are the group's.
  const [group] = people("We are 3 roommates. Each roommate, Ana, Ben and Cal, logs the rent they paid.");
  assert.deepEqual(group.fields.find((f) => f.options)?.options, ["Ana", "Ben", "Cal"]);
});

Deno.test("the board's points for the persons it names are the board, not a field", () => {
  for (
    const prompt of [
      "A trivia game with questions about the bride, points per player.",
      "Un gioco con domande sulla sposa, punti per giocatore.",
      "Ein Spiel mit Fragen über die Braut, Punkte pro Spieler.",
    ]
  ) assert.ok(understand(prompt).asks.some((a) => a.type === "people"), prompt);
});

Deno.test("a colon's items that each state a price and nothing more are a price list, not a list's fields", () => {
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  for (
    const prompt of [
      "Lemonade stand. Sizes: small $1, medium $1.50, large $2.",
      "Bancarella di torte. Fette: crostata 3 €, tiramisù 4 €, cheesecake 4,50 €.",
      "Stand de crêpes au marché. Crêpes : sucre 3 €, chocolat 4 €, caramel 3,50 €.",
      "Puesto de zumos. Zumos: naranja 3 €, fresa 3,50 €, mango 4 €.",
      "Waffelstand im Park. Waffeln: Zucker 2 €, Kirschen 3,50 €, Sahne 3 €.",
    ]
  ) {
    assert.ok(!types(prompt).includes("list"), `${prompt}: ${types(prompt)}`);
    assert.ok(types(prompt).includes("catalog"), `${prompt}: ${types(prompt)}`);
  }
  // Items with more to say than a price are records.
  assert.ok(types("Loans: van $4,000 at 5%, laptop $900 at 9%.").includes("list"));
});

Deno.test("'the list' after a clause that asks for records is those records, not a list of its own", () => {
  const lists = (prompt: string) => understand(prompt).asks.filter((a) => a.type === "list");
  for (
    const prompt of [
      "Keep a list of my board games with name and player count. Sort the list by name.",
      "Voglio una lista dei miei vini con nome, annata e prezzo. Poi ordina la lista per annata.",
      "Je veux une liste de mes vinyles avec artiste et année. Trie la liste par année.",
      "Quiero una lista de mis películas con título y año. Ordena la lista por año.",
      "Ich möchte eine Liste meiner Weine mit Name und Jahrgang. Die Liste nach Jahrgang sortieren.",
    ]
  ) assert.equal(lists(prompt).length, 1, prompt);
  // A list of something of its own, or a cue that qualifies a noun, is asked.
  assert.equal(
    lists("A list of my wines with name and year. And the list of friends I lend them to.").length,
    2,
  );
  assert.equal(lists("Log my wines with name and year. Track the library books I borrow.").length, 1);
});

Deno.test("'each' record after a clause that asks for records is one of them, whose fields it lists", () => {
  for (
    const [prompt, fields] of [
      ["Cycling log. Each ride: date, distance and time.", ["date", "distance", "time"]],
      ["Diario di pesca. Ogni uscita: data, luogo e pesce preso.", ["data", "luogo", "pesce preso"]],
      ["Journal de pêche. Chaque sortie : date, lieu et poisson pris.", ["date", "lieu", "poisson pris"]],
      ["Registro de pesca. Cada salida: fecha, lugar y pez capturado.", ["fecha", "lugar", "pez capturado"]],
      ["Angeltagebuch. Jeder Ausflug: Datum, Ort und Fang.", ["Datum", "Ort", "Fang"]],
    ] as const
  ) {
    const asks = understand(prompt).asks;
    assert.deepEqual(asks.map((a) => a.type), ["log"], prompt);
    assert.deepEqual(asks[0].fields.map((f) => f.name), fields, prompt);
  }
});

Deno.test("the singular of a cue for a group or its points names one thing, not a board", () => {
  const people = (prompt: string) => understand(prompt).asks.filter((a) => a.type === "people");
  for (
    const prompt of [
      "I want to log my hikes and note the starting point of each one.",
      "Voglio segnare le mie escursioni e il loro punto di partenza.",
      "Je veux noter mes randonnées et leur point de départ.",
      "Quiero apuntar mis rutas y el punto de salida de cada una.",
      "Ich will meine Wanderungen eintragen und den Treffpunkt dazu.",
      "Quiero apuntar las entradas vendidas a 5 € por persona.",
    ]
  ) assert.deepEqual(people(prompt), [], prompt);
  // The plural is the board's.
  for (
    const prompt of [
      "The kids get points for chores.",
      "I bambini prendono punti per i compiti.",
      "Les enfants gagnent des points.",
      "Los niños ganan puntos por las tareas.",
      "Die Kinder bekommen Punkte fürs Aufräumen.",
    ]
  ) assert.equal(people(prompt).length, 1, prompt);
});

Deno.test("what the speaker says they are 'with' is their world, not the fields of a list", () => {
  for (
    const prompt of [
      "I'm a coach with 14 players and I want to log every training session.",
      "Sono un allenatore con 14 ragazzi e voglio segnare ogni allenamento.",
      "Je suis entraîneur avec 14 joueurs et je veux noter chaque séance.",
      "Soy entrenadora con 14 niñas y quiero apuntar cada entrenamiento.",
      "Ich bin Trainerin mit 14 Kindern und will jedes Training eintragen.",
    ]
  ) {
    const types = understand(prompt).asks.map((a) => a.type);
    assert.ok(types.includes("log") && !types.includes("list"), `${prompt}: ${types}`);
  }
  // The fields of the records asked after it are still fields.
  assert.deepEqual(
    ask("I'm a coach and I want to log every session with date and duration", "log").fields.map((f) =>
      f.name
    ),
    ["date", "duration"],
  );
});

Deno.test("what the speaker does once a period in a relative clause is a log of it and a figure over that period", () => {
  for (
    const [prompt, records, computes] of [
      ["the miles I drive every week", "miles", "total"],
      ["i libri che leggo ogni mese", "libri", undefined],
      ["les kilomètres que je parcours chaque mois", "kilomètres", "total"],
      ["los minutos que leo cada día", "minutos", "total"],
      ["die Bücher, die ich jeden Monat lese", "Bücher", undefined],
    ] as const
  ) {
    assert.equal(ask(prompt, "log").subject, records, prompt);
    assert.equal(ask(prompt, "aggregate").computes, computes, prompt);
  }
  // Hours or minutes are how long each took, a unit what each measures.
  assert.deepEqual(ask("los minutos que leo cada día", "log").fields, [{
    name: "minutos",
    type: "duration",
  }]);
  assert.deepEqual(ask("les kilomètres que je parcours chaque mois", "log").fields.map((f) => f.type), [
    "number",
  ]);
  // Of no noun: what the speaker does is the records, whatever they are called.
  ask("ce que je dépense chaque semaine", "log");
  // A habit told around the request, the speaker opening their clause, asks for no figure.
  for (
    const prompt of [
      "I walk the dog every day and I need a list of his toys",
      "je fais du vélo tous les jours, je voudrais une liste de mes vélos",
      "jeden Monat lese ich ein Buch, ich will eine Liste meiner Bücher",
    ]
  ) assert.ok(!understand(prompt).asks.some((a) => a.type === "aggregate"), prompt);
});

Deno.test("a week stated day by day is a schedule of what is on each day, at the time said, in the five languages", () => {
  for (
    const [prompt, slots] of [
      ["tennis on tuesday, choir on thursday at 19:30", [[2, "tennis"], [4, "choir", "19:30"]]],
      ["martedì danza, giovedì nuoto alle 17", [[2, "danza"], [4, "nuoto", "17:00"]]],
      ["planning des enfants : mercredi poney, samedi tennis", [[3, "poney"], [6, "tennis"]]],
      ["martes inglés, jueves guitarra, domingo misa", [[2, "inglés"], [4, "guitarra"], [7, "misa"]]],
      ["Dienstag Chor um 18 Uhr, Freitag Handball", [[2, "Chor", "18:00"], [5, "Handball"]]],
    ] as const
  ) {
    const schedule = understand(prompt).asks.find((a) => a.type === "schedule" && a.slots);
    assert.ok(schedule, prompt);
    assert.deepEqual(
      schedule.slots!.map((s) => [s.day, s.what, ...(s.time ? [s.time] : [])]),
      slots,
      prompt,
    );
    // What is on each day is the schedule's, neither a list of its own nor words left unmet.
    assert.ok(!understand(prompt).asks.some((a) => a.type === "list"), prompt);
    assert.deepEqual(understand(prompt).unmet, [], prompt);
  }
  // One day named is when something happens, no week.
  assert.ok(!understand("piano lessons on tuesday").asks.some((a) => a.slots));
});

Deno.test("a prompt that names only what is done again and again is a log of it, in the five languages", () => {
  for (
    const [prompt, subject] of [
      ["dog walking", "dog walking"],
      ["cambiare la lettiera del gatto", "cambiare la lettiera del gatto"],
      ["arroser les tomates", "arroser les tomates"],
      ["regar las plantas del jardín", "regar las plantas del jardín"],
      ["Blumen gießen", "Blumen gießen"],
    ]
  ) {
    assert.deepEqual(understand(prompt).asks.map((a) => [a.type, a.subject]), [["log", subject]], prompt);
  }
  // What names a thing, a gerund before it too, is a list of them.
  for (const prompt of ["my wedding guests", "le mie ricette", "meine Kochrezepte"]) {
    assert.deepEqual(understand(prompt).asks.map((a) => a.type), ["list"], prompt);
  }
});

Deno.test("a figure compared with the period before, or period after period, is a figure over that period", () => {
  for (
    const [prompt, period] of [
      ["track my swims and show if I swam more than last month", "month"],
      ["le mie letture, per vedere se leggo di più rispetto all'anno scorso", "year"],
      ["mes dépenses, comparées au mois précédent", "month"],
      ["mis horas de sueño, semana a semana", "week"],
      ["meine Laufzeiten, besser als letzte Woche?", "week"],
      ["Stromverbrauch im Vergleich zum Vorjahr", "year"],
    ]
  ) {
    const figure = ask(prompt, "aggregate");
    assert.deepEqual(figure.quantities.map((q) => q.kind === "period" && q.period), [period], prompt);
  }
  // The period before said as when something happened compares nothing.
  for (
    const prompt of [
      "I started running last month, log my runs",
      "letzte Woche habe ich angefangen, meine Läufe",
    ]
  ) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "aggregate"), prompt);
  }
});

Deno.test("which records rank first asks a figure that ranks them, in the five languages", () => {
  for (
    const prompt of [
      "my workouts, and which exercise I skip most",
      "le spese di casa e quale bolletta pesa di più",
      "mes lectures et quel auteur je lis le plus",
      "mis comidas fuera y cuál restaurante repito más",
      "meine Einkäufe und welcher Laden am häufigsten vorkommt",
    ]
  ) assert.ok(ask(prompt, "aggregate").ranked, prompt);
  // Which, with no word of most, ranks nothing.
  assert.ok(!understand("my plants and which room they are in").asks.some((a) => a.ranked));
});

Deno.test("a ranking is per the noun it asks which of, or per person after who, in the five languages", () => {
  for (
    const [prompt, by] of [
      ["log the guitar lessons and which of my students came most", "students"],
      ["who emptied the dishwasher most this week", "person"],
      ["le uscite in bici e quale percorso faccio più spesso", "percorso"],
      ["chi ha annaffiato di più l'orto", "persona"],
      ["mes courses et quel magasin revient le plus", "magasin"],
      ["qui a promené le chien le plus", "personne"],
      ["mis gastos y cuál tienda me cuesta más", "tienda"],
      ["wer hat am meisten abgewaschen", "Person"],
    ]
  ) {
    const found = ask(prompt, "aggregate");
    assert.ok(found.ranked, prompt);
    assert.equal(found.by, by, prompt);
  }
  // A period asked which of is the figure per that period, no ranking ("which month"): its chart ranks it.
  for (
    const [prompt, period] of [
      ["which month did heating cost most", "month"],
      ["quale settimana ho corso di più", "week"],
      ["quel jour je dors le moins", "day"],
      ["welcher Monat war am teuersten", "month"],
    ]
  ) {
    const found = ask(prompt, "aggregate");
    assert.equal(found.ranked, undefined, prompt);
    assert.deepEqual(
      found.quantities.flatMap((x) => x.kind === "period" ? [x.period] : []),
      [period],
      prompt,
    );
  }
  // After which, a pronoun asks which of the records themselves: no noun ("which we played most").
  assert.equal(ask("our board games and which we played most", "aggregate").by, undefined);
});

Deno.test("an app for when the speaker does something is a log of it, in the five languages", () => {
  for (
    const [prompt, subject] of [
      ["something for when I take my vitamins", "take my vitamins"],
      ["un'app per quando faccio il pieno", "faccio il pieno"],
      ["une appli pour quand je tonds la pelouse", "tonds la pelouse"],
      // (Spanish names it by its cue "cuando" already.)
      ["una app para cuando riego el huerto", "riego"],
      ["eine App für wenn ich Rad fahre", "Rad fahre"],
    ]
  ) assert.equal(ask(prompt, "log").subject, subject, prompt);
  // A time told around the request, or one to be reminded at, is no log.
  assert.ok(
    !understand("when I cook I never know what to make, give me a recipe list").asks.some((a) =>
      a.type === "log"
    ),
  );
  assert.ok(!understand("remind me for when I have to water the plants").asks.some((a) => a.type === "log"));
});

Deno.test("how many hours or kilometres adds that amount up, in the five languages", () => {
  for (
    const [prompt, amount] of [
      ["how many miles did I cycle this week?", { name: "miles", type: "number", unit: "mi" }],
      ["quante ore ho giocato ai videogiochi questo mese?", { name: "ore", type: "duration" }],
      ["combien d'heures j'ai dormi cette semaine ?", { name: "heures", type: "duration" }],
      ["¿cuántos minutos he leído hoy?", { name: "minutos", type: "duration" }],
      ["wie viele Kilometer bin ich diesen Monat gelaufen?", {
        name: "Kilometer",
        type: "number",
        unit: "km",
      }],
    ] as const
  ) {
    const figure = ask(prompt, "aggregate");
    assert.deepEqual([figure.computes, figure.amount], ["total", amount], prompt);
  }
  // How many of a thing counts it.
  assert.equal(ask("how many coffees did I drink this week?", "aggregate").amount, undefined);
});

Deno.test("an order asked as a place in it, a superlative near a word of the first place or after 'from', is a sort", () => {
  for (
    const [prompt, quote] of [
      ["my vinyl records, the rarest ones first", "rarest ones first"],
      ["a list of gigs with the most expensive tickets at the top", "most expensive tickets at the top"],
      ["le mie bottiglie di vino, prima quelle più vecchie", "prima quelle più vecchie"],
      ["i preventivi dei lavori in casa dal meno caro", "dal meno caro"],
      ["mes factures, les plus anciennes en premier", "plus anciennes en premier"],
      ["une liste de mes parfums du moins cher", "du moins cher"],
      ["mis deberes, los más urgentes primero", "más urgentes primero"],
      ["las reparaciones de la moto de la más cara", "de la más cara"],
      ["meine Weine, die ältesten zuerst", "ältesten zuerst"],
      ["Liste der Handwerker vom günstigsten", "vom günstigsten"],
      // Records a pronoun names, then what they are, before the first place.
      ["my bills, the unpaid ones at the top", "ones at the top"],
      ["i compiti, quelle di domani prima", "quelle di domani prima"],
      ["mes plantes, celles à arroser en premier", "celles à arroser en premier"],
      ["mis tareas, aquellas sin hacer primero", "aquellas sin hacer primero"],
      ["meine Rechnungen, diejenigen ohne Zahlung zuerst", "diejenigen ohne Zahlung zuerst"],
    ]
  ) assert.ok(ask(prompt, "sort").quote.includes(quote), prompt);
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  // A word that only ends like a superlative, a capitalized noun or a "first" far from one asks no order.
  assert.ok(!types("a walk in the forest, then a picnic; first I need a packing list").includes("sort"));
  assert.ok(!types("Übersicht von den Kosten für die Hochzeit").includes("sort"));
  assert.ok(!types("innaffiare le piante prima delle dieci").includes("sort"));
});

Deno.test("what a figure or a chart is broken down by is the records' category, unless it is a time, a person, a unit or the records", () => {
  for (
    const [prompt, subject] of [
      ["my board games, and show me a count of plays per genre", "genre"],
      ["le mie piante con un grafico delle annaffiature per ogni stanza", "stanza"],
      ["mes dépenses de jardin et le total par saison de semis", "saison"],
      ["las horas de voluntariado y el total de cada proyecto", "proyecto"],
      ["Reparaturen am Haus und die Summe pro Stockwerk", "Stockwerk"],
    ]
  ) {
    const categories = ask(prompt, "categories");
    assert.equal(categories.subject, subject, prompt);
    assert.ok(categories.breakdown, prompt);
  }
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  for (
    const prompt of [
      "how many glasses of water per day",
      "la media dei punti per giocatore",
      "le total des kilomètres par mois",
      "el total de 3 euros por kilo",
      "die Summe der Ausgaben nach Datum sortiert",
      // (After an article it says for or after what: no grouping.)
      "il totale delle uscite per i bisognini",
      "die Summe der Kalorien nach dem Essen",
      // (Named elsewhere, as no field, the thing broken down by is the records themselves.)
      "a list of my recipes with the time, and the average cost per recipe",
    ]
  ) assert.ok(!types(prompt).includes("categories"), prompt);
  // Where the prompt names categories otherwise, the breakdown is those.
  assert.equal(
    types("Ausgaben mit Kategorie (Miete, Auto, Essen) und die Summe pro Kategorie").filter((t) =>
      t === "categories"
    )
      .length,
    1,
  );
});

Deno.test("two values joined by 'or' in the run of a phrase are one choice with them as its options", () => {
  for (
    const [prompt, options] of [
      ["log my runs, road or trail, and a weekly total", ["road", "trail"]],
      ["segnare i pasti del gatto, secco o umido", ["secco", "umido"]],
      ["Suivi des courses, payé en espèces ou par carte", ["en espèces", "par carte"]],
      ["mis compras, pagadas en efectivo o con tarjeta", ["en efectivo", "con tarjeta"]],
      ["Fahrten notieren, privat oder beruflich", ["privat", "beruflich"]],
    ] as const
  ) {
    const choice = ask(prompt, "choice");
    assert.deepEqual(choice.fields.flatMap((f) => f.options ?? []), [...options], prompt);
  }
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  for (
    const prompt of [
      // Things an article opens, times, amounts with their unit, and what a sort orders by are no values.
      "Log a call or a coffee with one tap",
      "annaffiare le piante la mattina o la sera",
      "fridge temperatures must be 5 °C or colder",
      "sort the recipes alphabetically or by date",
    ]
  ) assert.ok(!types(prompt).includes("choice"), prompt);
});

Deno.test("a cost said to be divided among people or by shares asks for a split; a list divided by person does not", () => {
  for (
    const prompt of [
      "the rent divided between 3 of us",
      "spese divise tra noi 4",
      "les courses divisées entre nous deux",
      "gastos del piso repartidos entre Ana, Luis y yo",
      "Kosten geteilt unter uns drei",
      "le bollette ripartite 60 e 40",
    ]
  ) {
    ask(prompt, "split");
  }
  for (const prompt of ["una lista della spesa divisa per persona", "tâches réparties par pièce"]) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "split"), prompt);
  }
});

Deno.test("what is done every time is a log of that event, named by the noun phrase it ends on", () => {
  for (
    const [prompt, subject] of [
      ["write down every time the dog chews a shoe", "shoe"],
      ["segnare ogni volta che pulisco il filtro della piscina", "filtro"],
      ["noter chaque fois que je change la litière du chat", "litière"],
      ["apuntar cada vez que limpio la pecera", "pecera"],
      ["jedes Mal, wenn ich den Rasen mähe, notieren", "Rasen"],
    ]
  ) {
    const log = ask(prompt, "log");
    assert.equal(log.subject, subject, prompt);
    assert.ok(log.done, prompt);
  }
  // The speaker's verb alone names no event: the log keeps its own subject.
  assert.equal(ask("log every time I sneeze", "log").done, undefined);
  // The event ends where the speaker's own clause begins.
  assert.notEqual(ask("every time I pay I type the amount", "log").subject, "amount");
});

Deno.test("who did what to which thing is a log of it, and of a time or a shift a rota", () => {
  for (
    const [prompt, fields] of [
      ["which cousin borrowed which of my camping chairs and when", [
        "cousin:text",
        "camping chairs:text",
        "date:date",
        "returned:yesno",
      ]],
      ["chi mi ha prestato quale pentola e quando", [
        "persona:text",
        "pentola:text",
        "data:date",
        "restituito:yesno",
      ]],
      ["qui a emprunté quelle perceuse et quand", [
        "personne:text",
        "perceuse:text",
        "date:date",
        "rendu:yesno",
      ]],
      ["quién me prestó qué libro y cuándo", ["persona:text", "libro:text", "fecha:date", "devuelto:yesno"]],
      ["wer hat welches Werkzeug ausgeliehen und wann", [
        "Person:text",
        "Werkzeug:text",
        "Datum:date",
        "zurückgegeben:yesno",
      ]],
      // No loan and no when: who and what only.
      ["who brings which dish to the potluck", ["person:text", "dish:text"]],
    ] as const
  ) {
    const log = ask(prompt, "log");
    assert.deepEqual(log.fields.map((f) => `${f.name}:${f.type}`), fields, prompt);
    assert.ok(log.done, prompt);
  }
  for (const prompt of ["wer übernimmt welchen Tag beim Umzug", "chi prende quale settimana al mare"]) {
    const asks = understand(prompt).asks.map((a) => a.type);
    assert.ok(asks.includes("schedule") && !asks.includes("log") && !asks.includes("list"), prompt);
  }
});

Deno.test("a timer's word naming the records a clause notes, before their fields, is those records", () => {
  for (
    const [prompt, subject] of [
      ["Laufrunden mit Dauer notieren", "Laufrunden"],
      ["noter mes tours de piste avec la durée", "tours de piste"],
    ]
  ) {
    const asks = understand(prompt).asks;
    assert.ok(!asks.some((a) => a.type === "timer"), prompt);
    const log = ask(prompt, "log");
    assert.equal(log.subject, subject, prompt);
    assert.ok(log.fields.some((f) => f.type === "duration"), prompt);
  }
  // A German clause's closing verb is no field.
  assert.deepEqual(ask("Laufrunden mit Dauer und Strecke notieren", "log").fields.map((f) => f.name), [
    "Dauer",
    "Strecke",
  ]);
  // Phases or rounds counted are a timer still.
  const timer =
    "Intervalltimer: 8 Runden mit 40 Sekunden Arbeit und 20 Sekunden Pause, jedes Training eintragen";
  assert.ok(understand(timer).asks.some((a) => a.type === "timer"));
});

Deno.test("the words of an ordinal or alternate recurrence say when, never what", () => {
  for (
    const [prompt, subject] of [
      ["book club the last Tuesday of the month at 8", "book club"],
      ["Altpapier jede zweite Woche am Montag", "Altpapier"],
      ["il mercatino è il primo sabato del mese", "mercatino"],
    ]
  ) assert.equal(ask(prompt, "schedule").subject, subject, prompt);
});

Deno.test("a bracket offers every value as written, a function word too, without the article that opens one", () => {
  for (
    const [prompt, options] of [
      ["Log the dog's meals: time, food and how much she ate (none, some, all)", ["none", "some", "all"]],
      ["Diario del gatto: ora, cibo e appetito (niente, poco, tanto)", ["niente", "poco", "tanto"]],
      ["Journal du chien : heure, repas et appétit (rien, peu, beaucoup)", ["rien", "peu", "beaucoup"]],
      ["Diario del perro: hora, comida y apetito (nada, poco, mucho)", ["nada", "poco", "mucho"]],
      ["Hundetagebuch: Uhrzeit, Futter und Hunger (keiner, wenig, viel)", ["keiner", "wenig", "viel"]],
      ["Plant log: name, spot (the kitchen, the hall or the balcony)", ["kitchen", "hall", "balcony"]],
    ] as const
  ) {
    assert.deepEqual(ask(prompt, "choice").fields[0]?.options, options, prompt);
  }
  // A slash joins the parts of one item: two fields named together offer nothing.
  assert.ok(!understand("Repairs: customer, bike (make/model), price").asks.some((a) => a.type === "choice"));
});

Deno.test("things the speaker counts as theirs are a list of them, unless the number is a goal's or a dose", () => {
  for (
    const [prompt, subject] of [
      ["We have 2 dogs and I want to log their walks", "dogs"],
      ["Ho 2 cani e voglio segnare le passeggiate", "cani"],
      ["J'ai deux chiens et je veux noter les promenades", "chiens"],
      ["Wir haben zwei Hunde und ich will die Spaziergänge notieren", "Hunde"],
      ["Abbiamo 2 appartamenti in affitto e voglio segnare le spese", "appartamenti"],
      // (A verb of having right before the number, its pronoun dropped.)
      ["Tengo tres perros y quiero apuntar sus paseos", "perros"],
      ["Tenemos 2 pisos en alquiler y quiero apuntar los gastos", "pisos"],
    ] as const
  ) {
    assert.equal(ask(prompt, "list").subject, subject, prompt);
    ask(prompt, "log");
  }
  for (const prompt of ["I want to read 24 books this year", "He takes 2 pills at 8 and 20"]) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "list"), prompt);
  }
});

Deno.test("a colon's items after a question of which are the options of the field it asks", () => {
  for (
    const [prompt, name, options] of [
      ["My tea shelf, which kind: green, black, oolong or herbal", "kind", [
        "green",
        "black",
        "oolong",
        "herbal",
      ]],
      ["Elenco delle mie scarpe, che tipo: sportive, eleganti o sandali", "tipo", [
        "sportive",
        "eleganti",
        "sandali",
      ]],
      ["Mes fromages, quelle pâte : molle, dure ou persillée", "pâte", ["molle", "dure", "persillée"]],
      ["Lista de mis cafés, qué origen: Colombia, Etiopía o Brasil", "origen", [
        "Colombia",
        "Etiopía",
        "Brasil",
      ]],
      ["Meine Teesorten, welche Farbe: grün, schwarz oder weiß", "Farbe", ["grün", "schwarz", "weiß"]],
    ] as const
  ) {
    const choice = ask(prompt, "choice");
    assert.deepEqual(choice.fields, [{ name, type: "choice", options: [...options] }], prompt);
    const list = understand(prompt).asks.find((a) => a.type === "list");
    assert.deepEqual(list?.fields.map((f) => f.name), [name], prompt);
  }
});

Deno.test("a German request after a colon keeps the fields it lists before its final verb", () => {
  const u = understand("Fahrrad: Strecke, Dauer und Wetter aufschreiben");
  const log = u.asks.find((a) => a.type === "log");
  assert.deepEqual(log?.fields.map((f) => f.name), ["Strecke", "Dauer", "Wetter"]);
  assert.deepEqual(u.unmet, []);
  // Without a colon the words before the verb are what is noted, as ever.
  const said = understand("Die App soll die Kosten und die Einnahmen zeigen").asks;
  assert.ok(!said.some((a) => a.fields.some((f) => f.name === "Einnahmen")), JSON.stringify(said));
});

Deno.test("figures of other kinds joined by a comma or 'and' are a figure each, with their own period", () => {
  for (
    const [prompt, first, second] of [
      [
        "I log my dog walks, show me how much time we walked this week and how many walks",
        "total",
        undefined,
      ],
      [
        "segno le lezioni di piano, voglio vedere quanto ho pagato al mese e quante lezioni ho fatto",
        "total",
        undefined,
      ],
      [
        "je note mes pleins d'essence, je veux voir la moyenne par mois et combien de pleins j'ai faits",
        "average",
        undefined,
      ],
      [
        "apunto mis carreras y quiero ver la media de kilómetros por semana y cuántas carreras hice",
        "average",
        undefined,
      ],
      [
        "Ich trage meine Läufe ein und will den Durchschnitt pro Woche, und wie viele Läufe es waren",
        "average",
        undefined,
      ],
    ] as const
  ) {
    const figures = understand(prompt).asks.filter((a) => a.type === "aggregate");
    assert.deepEqual(figures.map((a) => a.computes), [first, second], prompt);
    // The period is the first figure's, said right after it.
    assert.ok(figures[0].quantities.some((q) => q.kind === "period"), prompt);
    assert.ok(!figures[1].quantities.some((q) => q.kind === "period"), prompt);
    for (const f of figures) assert.equal(prompt.slice(f.start, f.end), f.quote);
  }
  // A cue within a time expression ("sera" of "ogni sera", the stem of "serie") opens no figure.
  const evenings = understand(
    "torneo di scopa tra cugini: chi vince ogni sera, quante partite ha vinto ognuno",
  )
    .asks.filter((a) => a.type === "aggregate");
  assert.equal(evenings.length, 1);
  assert.equal(evenings[0].computes, undefined);
  // A ranking over a period is still the ranking ("chi è il migliore dell'anno").
  assert.ok(
    understand(
      "torneo di scopa tra cugini: chi vince ogni sera, quante partite ha vinto ognuno e chi è il migliore dell'anno",
    )
      .asks
      .some((a) => a.type === "aggregate" && a.ranked),
  );
  // A period after a comma qualifies the figure before it, and a figure of one kind said twice is one.
  for (
    const prompt of [
      "how many coffees I drink, per day",
      "quanto spendo di benzina e quanto di autostrada",
    ]
  ) assert.equal(understand(prompt).asks.filter((a) => a.type === "aggregate").length, 1, prompt);
});

Deno.test("less than an amount the speaker wants to stay under is a limit, never a change", () => {
  for (
    const prompt of [
      "I want to spend less than $300 a month on takeaways",
      "vorrei stare sotto i 1500 euro di spese al mese",
      "je voudrais passer à moins de 10 cafés par semaine",
      "quiero bajar a menos de 5 cigarrillos al día",
      "Ich will weniger als 3 Stunden am Tag am Handy sein",
    ]
  ) {
    const goal = ask(prompt, "goal");
    assert.ok(goal.limit, prompt);
    assert.ok(!goal.change, prompt);
    assert.ok(goal.quantities.some((q) => q.kind === "period"), prompt);
  }
  // Told rather than wanted, or a bare number with no period (an age), it is no limit.
  for (
    const prompt of [
      "registrations with name and age group (under 12, 12-17, adult)",
      "mi figlio ha meno di 10 anni e gioca a calcio",
    ]
  ) assert.ok(!understand(prompt).asks.some((a) => a.type === "goal" && a.limit), prompt);
});

Deno.test("an item of a colon's list that names only a figure and its period is that figure, not a field", () => {
  for (
    const prompt of [
      "costs of the boat: mooring, fuel, repairs, and the total of the year",
      "spese dell'orto: semi, attrezzi, acqua, con il totale dell'anno",
      "dépenses du chat : croquettes, vétérinaire, litière, et le total de l'année",
      "gastos del coche: gasolina, seguro, taller, y el total del año",
      "Kosten fürs Fahrrad: Reparatur, Zubehör, Versicherung, und die Summe des Jahres",
    ]
  ) {
    const asks = understand(prompt).asks;
    const figure = asks.find((a) => a.type === "aggregate");
    assert.ok(figure, prompt);
    assert.deepEqual(figure.quantities.map((q) => q.kind === "period" && q.period), ["year"], prompt);
    // (The category the log is grouped by is its own field again.)
    const fields = new Set(asks.flatMap((a) => a.fields.map((f) => f.name)));
    assert.equal(fields.size, 3, `${prompt}: ${[...fields]}`);
  }
  // So is a figure and its period after "with".
  for (
    const prompt of [
      "un carnet de mes pleins avec le prix, et le total de l'année",
      "Tankbuch mit Preis und Liter, mit der Summe des Jahres",
    ]
  ) {
    const asks = understand(prompt).asks;
    assert.ok(
      asks.some((a) => a.type === "aggregate" && a.quantities.some((q) => q.kind === "period")),
      prompt,
    );
    assert.ok(!asks.some((a) => a.fields.some((f) => /ann[eé]e|jahr/i.test(f.name))), prompt);
  }
  // A total named with what it is of stays a field of each record.
  assert.ok(
    understand("my jobs: client, date, total cost").asks.some((a) => a.fields.some((f) => f.name === "cost")),
  );
});

Deno.test("a budget among a colon's items has the amount of its own item, and a total beside it qualifies it", () => {
  for (
    const [prompt, value] of [
      ["our move: boxes to pack, people to call, total budget $900, and a countdown", 900],
      ["la festa di Luca: invitati, torta, budget totale 250 €, e la lista della spesa", 250],
      ["notre mariage : invités, traiteur, budget total 12 000 €", 12000],
      ["la boda: invitados, menú, presupuesto total 9000 euros, y los regalos", 9000],
      ["Umzug planen: Kisten, Helfer, Budget 700 €, und ein Countdown", 700],
    ] as const
  ) {
    const asks = understand(prompt).asks;
    const goal = asks.find((a) => a.type === "goal");
    assert.ok(goal?.limit, prompt);
    assert.deepEqual(goal.quantities.filter((q) => q.kind === "money").map((q) => q.value), [value], prompt);
    assert.ok(!asks.some((a) => a.type === "aggregate"), prompt);
  }
});

Deno.test("a question of how many counts the records though its stem is a total's, and over a unit adds it up", () => {
  for (
    const [prompt, computes] of [
      ["segno le mostre che visito e quante ne ho viste quest'anno", undefined],
      ["apunto las clases de yoga y cuántas hago al mes", undefined],
      ["Ich trage meine Zahnarztbesuche ein und will wissen, wie viele es im Jahr sind", undefined],
      ["Gartenarbeit eintragen und wie oft ich im Monat gieße", undefined],
      ["Saunabesuche notieren und sehen, wie oft ich hingehe", undefined],
      ["registro mis salidas en bici y cuántos kilómetros hago por semana", "total"],
      ["Radtouren eintragen und wie viele Kilometer ich im Jahr fahre", "total"],
    ] as const
  ) assert.equal(ask(prompt, "aggregate").computes, computes, prompt);
  // With no noun of its own, it is of the noun before it: a unit's is added up.
  for (
    const [prompt, computes] of [
      [
        "Ich schreibe meine Lernzeiten auf, Fach und Minuten, und will sehen, wie viele es pro Woche sind",
        "total",
      ],
      ["annoto le uscite in bici, data e chilometri, e quanti ne faccio al mese", "total"],
      ["apunto mis paseos, fecha y kilómetros, y cuántos llevo este mes", "total"],
      ["apunto las visitas al museo y cuántas llevo este año", undefined],
    ] as const
  ) assert.equal(ask(prompt, "aggregate").computes, computes, prompt);
});

Deno.test("a figure's own cue says what it computes, and the Spanish average is the noun after its article", () => {
  for (
    const prompt of [
      "anoto lo que gasto en gasolina y quiero ver la media",
      "registro las propinas y la media semanal",
      "apunto lo que gasto en comida, con el promedio",
    ]
  ) assert.equal(ask(prompt, "aggregate").computes, "average", prompt);
  // "Media" before a noun is half of it.
  assert.ok(!understand("leo media hora cada noche").asks.some((a) => a.type === "aggregate"));
});

Deno.test("a field named only by the question that types it is named by its type's own word", () => {
  const cases: [string, string][] = [
    ["I want to log my bike rides: the route, for how long and the weather", "duration"],
    ["registro delle sessioni di studio con materia e quanto tempo", "durata"],
    ["un journal de méditation avec la date et combien de temps", "durée"],
    ["un registro de siestas con la hora y cuánto tiempo", "duración"],
    ["ein Protokoll meiner Spaziergänge mit Ort und wie lange", "dauer"],
  ];
  for (const [prompt, name] of cases) {
    const fields = ask(prompt, "log").fields;
    const timed = fields.find((f) => f.type === "duration");
    assert.equal(timed?.name, name, `${prompt}: ${JSON.stringify(fields)}`);
  }
  // A field the prompt names in its own words keeps them, typed by the same cue ("how many pages").
  const pages = ask("a reading log with the book, how many pages and when I finished", "log").fields;
  assert.ok(pages.some((f) => f.name === "pages" && f.type === "number"), JSON.stringify(pages));
});

Deno.test("the parts records are divided into are their categories, with those values", () => {
  const cases: [string, string[]][] = [
    ["a log of my costs divided into housing, car and going out", ["housing", "car", "going out"]],
    ["annotare i lavori dell'orto suddivisi in semina, potatura e raccolta", [
      "semina",
      "potatura",
      "raccolta",
    ]],
    ["noter les sorties réparties en cinéma, resto et concerts", ["cinéma", "resto", "concerts"]],
    ["registro de compras separadas en ropa, libros y regalos", ["ropa", "libros", "regalos"]],
    ["Einkäufe eingeteilt in Obst, Getränke und Drogerie eintragen", ["Obst", "Getränke", "Drogerie"]],
  ];
  for (const [prompt, options] of cases) {
    assert.deepEqual(ask(prompt, "categories").fields.flatMap((f) => f.options ?? []), options, prompt);
    assert.ok(!understand(prompt).asks.some((a) => a.type === "choice"), prompt);
  }
  // Divided among people is a split, and into a number of parts names no values.
  assert.ok(!understand("the bill divided into 3 parts").asks.some((a) => a.type === "categories"));
});

Deno.test("a bracket right after the records a log keeps lists their kinds: categories, not a field's values", () => {
  for (
    const prompt of [
      "log my workouts (cardio, swimming, yoga)",
      "segnare le uscite del gatto (giardino, terrazzo, cantina)",
      "noter les achats du marché (légumes, fromage, pain)",
      "apuntar mis lecturas (novela, ensayo, cómic)",
    ]
  ) {
    assert.ok(understand(prompt).asks.some((a) => a.type === "categories"), prompt);
    assert.ok(!understand(prompt).asks.some((a) => a.type === "choice"), prompt);
  }
  // A field's values stay a choice.
  const level = understand("log my climbs with the level (easy, hard, extreme)").asks;
  assert.ok(level.some((a) => a.type === "choice") && !level.some((a) => a.type === "categories"));
});

Deno.test("a question of how much asked of each of a group is a figure, not a field of each record", () => {
  for (
    const prompt of [
      "note the fuel costs and how much each of us paid",
      "segnare le bollette e quanto ha versato ciascuno",
      "noter les courses et combien chacun a donné",
      "apuntar la compra y cuánto ha pagado cada uno",
      "Getränke eintragen und wie viel jeder gezahlt hat",
    ]
  ) assert.ok(understand(prompt).asks.some((a) => a.type === "aggregate"), prompt);
  // Without one it stays a field of each record.
  assert.ok(!understand("note the fuel costs and how much we paid").asks.some((a) => a.type === "aggregate"));
});

Deno.test("a breakdown's noun named elsewhere only as another breakdown is no record: the breakdown stays", () => {
  for (
    const prompt of [
      "log reading time per genre and show the total per genre",
      "segnare le ore di studio per materia e il totale per materia",
      "noter le temps de jeu par console et le total par console",
      "apuntar los gastos por tienda y ver el total por tienda",
      "Lernzeiten pro Fach eintragen und die Summe pro Fach sehen",
    ]
  ) assert.ok(understand(prompt).asks.some((a) => a.type === "categories" && a.breakdown), prompt);
  // The records themselves named elsewhere are what the figure is over, no category.
  assert.ok(
    !understand("my recipes with a cost, and the average cost per recipe").asks.some((a) =>
      a.type === "categories"
    ),
  );
});

Deno.test("a field a question of what each record keeps opens is named by the thing asked", () => {
  const cases: [string, string[]][] = [
    ["log my hikes with the date, how far i went and how i felt", ["date", "distance", "mood"]],
    ["registro delle uscite in bici con data, quanta strada e cosa ho fatto", [
      "data",
      "distanza",
      "attività",
    ]],
    ["noter mes séances avec la date, quelle distance et comment je me sentais", [
      "date",
      "distance",
      "humeur",
    ]],
    ["apuntar mis rutas con fecha, qué distancia y cómo me sentí", ["fecha", "distancia", "ánimo"]],
    ["Radtouren eintragen mit Datum, wie weit und wie ich mich gefühlt habe", [
      "Datum",
      "strecke",
      "stimmung",
    ]],
  ];
  for (const [prompt, names] of cases) {
    assert.deepEqual(ask(prompt, "log").fields.map((f) => f.name), names, prompt);
    assert.ok(!understand(prompt).asks.some((a) => a.type === "goal"), prompt);
  }
});

Deno.test("questions of what each record keeps after a verb of noting are its fields, outside a field list", () => {
  const cases: [string, string[]][] = [
    ["a journal to write down what i did and how i felt", ["activity", "mood"]],
    ["segnare le pedalate, quanta strada e quanto tempo", ["distanza", "durata"]],
    ["apuntar mis paseos, qué distancia y cuánto tiempo", ["distancia", "duración"]],
    ["meine Läufe eintragen, wie weit und wie lange", ["strecke", "dauer"]],
  ];
  for (const [prompt, names] of cases) {
    assert.deepEqual(ask(prompt, "log").fields.map((f) => f.name), names, prompt);
  }
  // "Cosa ho fatto" asks what was done, no tick; one with an amount asks how far the records are from it.
  assert.ok(!understand("un diario per segnare cosa ho fatto").asks.some((a) => a.type === "yesno"));
  assert.deepEqual(ask("log my runs and how far i am from 100 km", "log").fields, []);
  // Where the speaker stands is no field either: deposits keep their amount and date only.
  assert.deepEqual(ask("Einzahlungen eintragen und wie weit ich bin", "log").fields.map((f) => f.name), [
    "Betrag",
    "Datum",
  ]);
  assert.ok(!understand("track my savings and how far i am from my goal").asks.some((a) => a.fields.length));
});

Deno.test("what a 'with' within a listed field adds, named by a figure's word alone, is that figure", () => {
  for (
    const prompt of [
      "chores with the room and the time, and the points per kid with the average",
      "le piante con nome e posizione, e le annaffiature con la media",
      "mes courses avec la date, la distance et les temps avec la moyenne",
      "mis gastos con fecha y tienda, y los importes con el promedio",
      "Bücher mit Titel, Autor und Bewertung mit Durchschnitt",
    ]
  ) {
    const asks = understand(prompt).asks;
    assert.ok(asks.some((a) => a.type === "aggregate"), prompt);
    assert.ok(
      !asks.some((a) => a.fields.some((f) => /average|media|moyenne|promedio|durchschnitt/i.test(f.name))),
      prompt,
    );
  }
});

Deno.test("fields after 'with' end before a verb of seeing or knowing their purpose opens", () => {
  const cases: [string, string[]][] = [
    ["log my bike repairs with the part and the cost to see how much i spend each year", ["part", "cost"]],
    ["segnare le bollette con importo e data per sapere quanto pago ogni mese", ["importo", "data"]],
    ["noter les courses avec le magasin et le prix pour savoir combien je dépense", ["magasin", "prix"]],
    ["apuntar las cenas fuera con el sitio y el precio para saber cuánto gasto al mes", ["sitio", "precio"]],
    ["Reparaturen mit Teil und Kosten eintragen, um zu sehen, wie viel ich im Jahr ausgebe", [
      "Teil",
      "Kosten",
    ]],
  ];
  for (const [prompt, names] of cases) {
    assert.deepEqual(ask(prompt, "log").fields.map((f) => f.name), names, prompt);
    assert.ok(understand(prompt).asks.some((a) => a.type === "aggregate"), prompt);
  }
  // An article before the word makes it a field's ("the show").
  assert.ok(ask("a log of concerts with the band, the venue and the show notes", "log").fields.length >= 3);
});
Deno.test("a calculator's cue the speaker's possessive opens names amounts of theirs, no calculator", () => {
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
  for (
    const prompt of [
      "i deliver pizzas and want to note my tips every night",
      "faccio la cameriera e voglio segnare le mie mance",
      "je veux noter mes pourboires après chaque service",
      "quiero apuntar mis propinas de la semana",
      "ich will meine Trinkgelder jeden Abend notieren",
    ]
  ) {
    assert.ok(!types(prompt).includes("calculator"), prompt);
  }
  // Worked out, the same words still ask for one.
  for (
    const prompt of [
      "a tip calculator for dinners out",
      "calcolare la mancia al ristorante",
      "calculer le pourboire au restaurant",
      "calcular la propina entre amigos",
      "das Trinkgeld berechnen",
    ]
  ) {
    assert.ok(types(prompt).includes("calculator"), prompt);
  }
});

Deno.test("a calculator's cue a verb of noting governs through an article is what the log keeps", () => {
  const cases: [string, string][] = [
    ["i want to log the tips i get every night", "tips"],
    ["voglio segnare le mance di ogni sera", "mance"],
    ["je veux noter les pourboires de chaque soir", "pourboires"],
    ["quiero apuntar las propinas de cada noche", "propinas"],
    // German puts the verb at the end of the clause.
    ["ich will die trinkgelder jeden abend notieren", "trinkgelder"],
  ];
  for (const [prompt, subject] of cases) {
    const asks = understand(prompt).asks;
    assert.ok(!asks.some((a) => a.type === "calculator"), prompt);
    assert.equal(ask(prompt, "log").subject, subject, prompt);
  }
});

Deno.test("keeping a trace in French and holding fast in German ask for a log of their object", () => {
  assert.equal(ask("je veux garder une trace de mes chaussures", "log").subject, "chaussures");
  assert.equal(ask("garder la trace des colis envoyés", "log").subject, "colis envoyés");
  assert.equal(ask("ich möchte meine Ausgaben festhalten", "log").subject, "Ausgaben");
});

Deno.test("words that say which records are meant, the coming or the best, are no part of a subject", () => {
  const cases: [string, string][] = [
    ["a list of upcoming gigs", "gigs"],
    ["lista dei migliori ristoranti di pesce", "ristoranti di pesce"],
    ["liste des prochains anniversaires", "anniversaires"],
    ["lista de las mejores playas", "playas"],
    ["eine liste der besten wanderwege", "wanderwege"],
  ];
  for (const [prompt, subject] of cases) assert.equal(ask(prompt, "list").subject, subject, prompt);
  // The noun after them is the subject even where an ask's cue took it ("Termine" of an order).
  const asks = understand("liste der nächsten termine").asks;
  assert.ok(asks.every((a) => a.subject !== "nächsten"));
  assert.equal(ask("liste der nächsten termine", "list").subject, "termine");
});

Deno.test("a verb of rating that governs an object through an article asks for a list of that object", () => {
  const cases: [string, string][] = [
    ["an app to rate the coffee shops i try, with the price of a latte", "coffee shops"],
    ["voglio valutare le pizzerie che provo con il prezzo", "pizzerie"],
    ["je voudrais évaluer les vins que je goûte avec le prix", "vins"],
    ["quiero valorar los museos que visito con el precio", "museos"],
    // German puts the verb after its object.
    ["ich will die cafés bewerten, die ich besuche, mit preis", "cafés"],
  ];
  for (const [prompt, subject] of cases) assert.equal(ask(prompt, "list").subject, subject, prompt);
  // A rating's noun before a pronoun governs nothing ("stelline le compro").
  assert.ok(!understand("a 20 stelline le compro un libro").asks.some((a) => a.subject === "compro"));
});

Deno.test("a verb of dividing with what it divides by groups the records, no costs shared, in the five languages", () => {
  for (
    const [prompt, by] of [
      ["packing list split by bag", "bag"],
      ["lista dei regali da dividere per negozio", "negozio"],
      ["ma liste de courses à diviser par magasin", "magasin"],
      ["mi lista de tareas dividida por habitación", "habitación"],
      ["Packliste nach Koffer aufteilen", "Koffer"],
    ]
  ) {
    const types = understand(prompt).asks.map((a) => a.type);
    assert.ok(!types.includes("split"), prompt);
    assert.equal(ask(prompt, "categories").subject, by, prompt);
  }
  // By a number or per person, it shares a cost.
  for (const prompt of ["split the pizza bill by 4", "dividere le spese per persona"]) {
    assert.ok(understand(prompt).asks.some((a) => a.type === "split"), prompt);
  }
});

Deno.test("the common ways to say keep track of or take note of ask a log", () => {
  for (
    const prompt of [
      "devo prendere nota delle letture del contatore",
      "tenere nota delle pappe di mio figlio",
      "tomar nota de las visitas al veterinario",
      "garder une trace des biberons",
      "prendre note des appels clients",
    ]
  ) ask(prompt, "log");
});

Deno.test("values listed with commas before the last one's 'or' are all options of one choice, with its cue", () => {
  for (
    const [prompt, options] of [
      ["per decidere la cena, scegliere tra pizza, sushi o cinese", ["pizza", "sushi", "cinese"]],
      ["quiero elegir entre playa, montaña o ciudad", ["playa", "montaña", "ciudad"]],
      ["choisir entre cinéma, bowling ou piscine le samedi", ["cinéma", "bowling", "piscine"]],
      ["pick one of tacos, ramen or curry", ["tacos", "ramen", "curry"]],
    ] as const
  ) {
    const choices = understand(prompt).asks.filter((a) => a.type === "choice");
    assert.equal(choices.length, 1, prompt);
    assert.deepEqual(choices[0].fields.map((f) => f.options), [options], prompt);
  }
});

Deno.test("a part of the day or a word of what is left cues no ask it only shares a stem with", () => {
  const types = (prompt: string) => understand(prompt).asks.map((a) => a.type).sort();
  assert.deepEqual(types("ricordami le gocce ogni sera"), ["reminder"]);
  assert.deepEqual(types("il venerdì sera calcetto"), ["schedule"]);
  assert.ok(!types("quanto mi manca per arrivare a 3000 euro").includes("calculator"));
  // How long until an event is a countdown ("quanto manca a", as "cuánto falta para").
  assert.equal(ask("quanto manca alle ferie", "countdown").subject, "ferie");
});

Deno.test("a question of how many, then the speaker's verb by its ending, asks a log of what they do", () => {
  for (
    const prompt of [
      "vorrei sapere quante volte vado in piscina al mese",
      "quanti caffè bevo in ufficio",
      "quiero saber cuántas veces voy al dentista",
      "cuántos cigarros fumo al día",
    ]
  ) {
    ask(prompt, "log");
    ask(prompt, "aggregate");
  }
  // A measure after the question is what is counted, not the speaker's verb.
  assert.ok(!understand("quanti litri ci sono nel serbatoio").asks.some((a) => a.type === "log"));
});

Deno.test("a German separable verb whose particle ends its clause is its infinitive's cue", () => {
  assert.ok(ask("ich hake jeden morgen meine vitamine ab", "yesno"));
  assert.ok(ask("zeichne die stromzählerstände auf", "log"));
  assert.ok(ask("schreib mir auf, wann die katze entwurmt wurde", "log"));
  assert.ok(ask("hak die gekauften sachen ab", "yesno"));
  // (A particle before its object is a preposition: no cue.)
  const none = understand("ich hänge zettel an die tür").asks.map((a) => a.type);
  assert.ok(!none.includes("log") && !none.includes("yesno"), none.join());
});

Deno.test("the words of keeping a record and of when last are a log's cues in German and French", () => {
  assert.ok(ask("ich will festhalten was der kleine isst", "log"));
  assert.ok(ask("wann war ich zuletzt beim friseur", "log"));
  assert.ok(ask("garder une trace des colis envoyés", "log"));
});

Deno.test("who does something each week, on a weekday or this week is a rota", () => {
  for (
    const prompt of [
      "qui sort les poubelles chaque semaine",
      "wer kümmert sich heute um die katze",
      "chi si occupa del bagno ogni sabato",
      "quién friega los platos cada día",
      "who takes care of the plants this week",
    ]
  ) {
    assert.ok(ask(prompt, "people"));
    assert.ok(ask(prompt, "schedule"));
  }
  // (Who did what this month is counted, and "who" after a noun is a relative word: no rota.)
  for (
    const prompt of ["combien de fois chacun a conduit ce mois-ci", "log the nurse who comes every monday"]
  ) {
    const types = understand(prompt).asks.map((a) => a.type);
    assert.ok(!types.includes("schedule"), `${prompt}: ${types.join()}`);
  }
});

Deno.test("what the speaker must do again is a reminder, what they do is when it happens", () => {
  for (
    const prompt of [
      "je dois mettre des gouttes toutes les 4 heures",
      "ich muss jeden donnerstag die biotonne rausstellen",
      "i have to feed the kitten every 3 hours",
    ]
  ) assert.ok(ask(prompt, "reminder"));
  const types = understand("ich gehe jeden donnerstag schwimmen").asks.map((a) => a.type);
  assert.ok(!types.includes("reminder"), types.join());
});

Deno.test("taking stock asks for a figure", () => {
  assert.ok(ask("faire le point sur mes heures de baby-sitting", "aggregate"));
  assert.ok(ask("fare il punto sulle spese della macchina", "aggregate"));
});

Deno.test("which thing and then when is a log of that thing with its date", () => {
  for (
    const [prompt, field, date] of [
      ["welches fenster ich wann geputzt hab", "fenster", "Datum"],
      ["quel filtre j'ai changé quand", "filtre", "date"],
      ["which battery i charged when", "battery", "date"],
    ]
  ) {
    const log = ask(prompt, "log");
    assert.deepEqual(log.fields, [{ name: field, type: "text" }, { name: date, type: "date" }]);
  }
});

Deno.test("a question of when the speaker did something is a log, whatever pronoun comes between", () => {
  assert.ok(ask("savoir quand je les ai vidangés", "log"));
  assert.ok(ask("sapere quando l'ho potata", "log"));
  assert.ok(ask("when did i descale the kettle", "log"));
});

Deno.test("hours or minutes of something named alone are a log of time spent", () => {
  for (const prompt of ["mes heures de jardinage", "hours of guitar", "mis horas de trabajo"]) {
    assert.ok(ask(prompt, "log"));
  }
});

Deno.test("a prompt that only names events a concept keeps as they happen asks for a log of them", () => {
  for (
    const prompt of [
      "app for my refuels",
      "le poppate della piccola",
      "les tétées de mon fils",
      "mis repostajes",
      "Fütterungen vom Hund",
    ]
  ) assert.deepEqual(understand(prompt).asks.map((a) => a.type), ["log"], prompt);
  // Things a concept lists stay a list.
  assert.deepEqual(understand("le mie piante grasse").asks.map((a) => a.type), ["list"]);
});

Deno.test("a list kept beside a question of whether something was done is of what the question is about", () => {
  const subject = (prompt: string) => understand(prompt).asks.find((a) => a.type === "list")?.subject;
  assert.equal(subject("an app to know if i walked the dog"), "dog");
  assert.equal(subject("una app per sapere se ho chiuso il gas"), "gas");
  assert.equal(subject("une appli pour savoir si j'ai arrosé les tomates"), "tomates");
  assert.equal(subject("una app para saber si ya pagué el alquiler"), "alquiler");
  assert.equal(subject("eine app um zu sehen ob die katze gefüttert wurde"), "katze");
  // The German participle before its auxiliary ticks what was done.
  assert.equal(ask("merken ob die Rechnung bezahlt ist", "yesno").fields[0].name, "Rechnung bezahlt");
});

const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);

Deno.test("a weekday that opens the speaker's clause sets the scene: no timetable, in the five languages", () => {
  for (
    const prompt of [
      "on saturdays i bake bread, i want to save my recipes",
      "il sabato faccio il pane e voglio salvare le ricette",
      "le samedi je fais du pain, je veux garder mes recettes",
      "los sábados hago pan y quiero guardar mis recetas",
      "am Samstag backe ich Brot und möchte meine Rezepte sammeln",
    ]
  ) {
    assert.ok(!types(prompt).includes("schedule"), prompt);
    assert.ok(!types(prompt).includes("reminder"), prompt);
  }
  // Not a noun of the week after the day, nor what the speaker must do.
  assert.ok(types("il sabato mattina mercato").includes("schedule"));
  assert.ok(types("on mondays i have to water the garden").includes("schedule"));
});

Deno.test("the one day the speaker tells they do something on is when, not a timetable", () => {
  for (
    const prompt of [
      "on weekends i go climbing, i want to log every route with grade and tries",
      "il sabato vado al mare, segnare le uscite in barca con vento e durata",
      "le week-end je fais de la rando, noter chaque sortie avec la distance",
      "los domingos juego al tenis, quiero apuntar los partidos con el resultado",
      "am wochenende fahr ich rad, touren mit strecke und dauer notieren",
    ]
  ) {
    assert.ok(!types(prompt).includes("schedule"), prompt);
    assert.ok(types(prompt).includes("log"), prompt);
  }
  // Days said by a group or listed one by one are still its timetable.
  assert.ok(types("piano on tuesdays and swimming on fridays").includes("schedule"));
  assert.ok(types("lunedì calcio alle 18").includes("schedule"));
  assert.ok(types("we take turns watering the garden on saturdays").includes("schedule"));
});

Deno.test("a debt the speaker is a party to is kept, not split", () => {
  for (
    const prompt of [
      "keep track of the money i owe my brother",
      "an app to see who owes me for the concert tickets",
      "voglio segnare i miei debiti con le date",
      "apuntar mis deudas con mis amigos",
      "notieren, was ich meiner Schwester schulde",
    ]
  ) {
    assert.ok(!types(prompt).includes("split"), prompt);
  }
  assert.ok(types("a flat expenses app that shows who owes what").includes("split"));
});

Deno.test("a German noun that shares the stem of a verb of dividing is that noun", () => {
  assert.ok(!types("Fahrradwerkstatt: alle Teile mit Preis und Datum erfassen").includes("split"));
  assert.ok(!types("einkaufsliste mit der menge von jedem teil").includes("split"));
  assert.ok(types("die Stromrechnung teilen zwischen mir und Paul").includes("split"));
});

Deno.test("a bracketed list of fields is the clause's fields, a cue among them a field's word", () => {
  const log = ask("ich will meine Tankstopps eintragen (Datum, Liter, Preis)", "log");
  assert.deepEqual(log.fields.map((f) => f.name), ["Datum", "Liter", "Preis"]);
  assert.ok(!types("ich will meine Tankstopps eintragen (Datum, Liter, Preis)").includes("catalog"));
  // A German field list's last word after "und" is a field, not the clause's verb.
  const last = ask("Stromzähler mit Datum und preis", "list");
  assert.deepEqual(last.fields.map((f) => f.name), ["Datum", "preis"]);
});

Deno.test("a best, a highest or a lowest is a figure of its own kind, in every language", () => {
  for (
    const [prompt, computes] of [
      ["my bench press sets with kg and my personal best", "best"],
      ["le mie vasche e il mio record", "best"],
      ["mes lancers de javelot et mon record", "best"],
      ["mis saltos y mi mejor marca", "best"],
      ["meine Sprünge und meine Bestleistung", "best"],
      ["show my longest walk", "max"],
      ["la mia corsa più lunga", "max"],
      ["mein schwerster Satz beim Kreuzheben", "max"],
      ["show my fastest lap", "min"],
    ] as const
  ) assert.equal(ask(prompt, "aggregate").computes, computes, prompt);
  // Among the fields after "with", a best is that figure, not a field of each record.
  const log = ask("Klimmzüge eintragen mit Wiederholungen und meine Bestleistung", "log");
  assert.deepEqual(log.fields.map((f) => f.name), ["Wiederholungen"]);
});

Deno.test("a figure's cue names the amount it computes by the unit or the noun beside it", () => {
  for (
    const [prompt, name, unit] of [
      ["my rides, and the average km per week", "km", "km"],
      ["le mie corse e la media dei chilometri al mese", "chilometri", "km"],
      ["mes nuits et la moyenne des heures par semaine", "heures", undefined],
      ["mis viajes y los litros totales por mes", "litros", "l"],
      ["Radtouren und der Durchschnitt km pro Woche", "km", "km"],
      ["la distanza totale delle mie corse al mese", "distanza", undefined],
    ] as const
  ) {
    const amount = ask(prompt, "aggregate").amount;
    assert.equal(amount?.name, name, prompt);
    assert.equal(amount?.unit, unit, prompt);
  }
  // A period after the cue says when, not what: the noun before it is named instead.
  assert.equal(ask("la distance totale par semaine", "aggregate").amount?.name, "distance");
});

Deno.test("records named by a noun of acts no concept knows are a log, in every language", () => {
  for (
    const [prompt, subject] of [
      ["my school pickups with the time", "school pickups"],
      ["le salite in montagna con il dislivello", "salite"],
      ["mes tournées avec les kilomètres", "tournées"],
      ["las llamadas a proveedores con la fecha", "llamadas"],
      ["Meine Überweisungen mit Betrag", "Überweisungen"],
    ]
  ) {
    assert.equal(ask(prompt, "log").subject, subject, prompt);
    assert.ok(!understand(prompt).asks.some((a) => a.type === "list"), prompt);
  }
  // (A short word ending alike, or one a concept knows as a thing, is no act.)
  assert.ok(!understand("my groups with the members").asks.some((a) => a.type === "log"));
  assert.ok(!understand("Rechnungen mit Betrag").asks.some((a) => a.type === "log"));
});

Deno.test("a tick named with its question is named by the state it asks, in every language", () => {
  const tick = (prompt: string) => ask(prompt, "yesno").fields.map((f) => f.name);
  assert.deepEqual(tick("todo list with a box for whether the form got signed"), ["form got signed"]);
  assert.deepEqual(tick("libri con una casella se letto"), ["letto"]);
  assert.deepEqual(tick("mes factures avec une case si envoyée"), ["envoyée"]);
  assert.deepEqual(tick("Pakete mit Kästchen ob angekommen"), ["angekommen"]);
  // A bare participle right after a tick's cue or a verb of marking is the state that cue ticks.
  assert.deepEqual(tick("regalos, marcar si envuelto"), ["envuelto"]);
  assert.deepEqual(tick("bills, tick if paid"), ["paid"]);
  // The speaker's simple past names the state as its participle.
  assert.deepEqual(tick("saber si ya llamé a mi madre"), ["llamado a mi madre"]);
  assert.deepEqual(tick("quiero ver si ya recogí el paquete"), ["recogido el paquete"]);
});

Deno.test("the words of a timer's phases and rounds ask for nothing else and name no records", () => {
  for (
    const prompt of [
      "un chrono de gainage 30 secondes d'effort 10 de repos, 5 séries",
      "temporizador 30 seg trabajo 10 descanso 8 series",
      "timer squat 40 secondi lavoro 20 pausa 6 serie",
    ]
  ) {
    const u = understand(prompt);
    assert.deepEqual(u.asks.map((a) => a.type), ["timer"], prompt);
    assert.equal(ask(prompt, "timer").quantities.length, 3, prompt);
    assert.ok(u.concepts.every((c) => c.words.every((w) => !/^s[eé]ries?$/.test(w))), prompt);
  }
});

Deno.test("a follow-up's rename as users phrase it: quoted words, 'X to Y' of a label, 'Y instead of X'", () => {
  const app = {
    prompts: ["a list of my records"],
    name: "Vinyl",
    entities: [{ key: "record", label: "Record", plural: "Records", fields: [{ label: "Label" }] }],
  } as unknown as AppSpec;
  const renamed = (prompt: string) => {
    const found = ask(prompt, "rename", app);
    return [found.subject, found.to];
  };
  assert.deepEqual(renamed("swap « label » with « publisher »"), ["label", "publisher"]);
  assert.deepEqual(renamed("cambia label por sello"), ["label", "sello"]);
  assert.deepEqual(renamed("metti «etichetta» al posto di «label»"), ["label", "etichetta"]);
  assert.deepEqual(renamed("statt „Label“ bitte „Plattenfirma“"), ["Label", "Plattenfirma"]);
  assert.deepEqual(renamed("call it publisher instead of label"), ["label", "publisher"]);
  // Words that name nothing of the app, unquoted, rename nothing; nor do a theme's or a language's words.
  assert.ok(
    !understand("use euros instead of dollars", { existingSpec: app }).asks.some((a) => a.type === "rename"),
  );
  assert.ok(
    !understand("change the colours to teal", { existingSpec: app }).asks.some((a) => a.type === "rename"),
  );
  // With nothing but function words before "to", a verb of renaming names the app.
  const whole = ask("rinomina l'app in Dischi", "rename", app);
  assert.equal(whole.to, "Dischi");
  assert.equal(whole.subject, undefined);
});

Deno.test("a follow-up's removals, text size, contrast and themes as users phrase them", () => {
  assert.equal(ask("take out the label, i never use it", "remove_field", base).subject, "label");
  assert.match(ask("das Etikett brauch ich nicht mehr", "remove_field", base).subject!, /^Etikett/);
  assert.equal(ask("no hace falta la etiqueta", "remove_field", base).subject, "etiqueta");
  // Bigger, and strong contrast, are theme changes; each phrase of its own is one.
  const themes = (prompt: string) =>
    understand(prompt, { existingSpec: base }).asks.filter((a) => a.type === "theme").map((a) => a.quote);
  assert.deepEqual(themes("scrivi più grande per favore e con più contrasto"), [
    "scrivi più grande",
    "contrasto",
  ]);
  assert.deepEqual(themes("größer bitte"), ["größer"]);
  // A theme's colours follow its cue across a word of "to".
  assert.equal(
    ask("switch the colours to teal and orange", "theme", base).quote,
    "colours to teal and orange",
  );
});

Deno.test("each field a follow-up adds after 'and' or a comma is added", () => {
  const added = (prompt: string) =>
    understand(prompt, { existingSpec: base }).asks.filter((a) => a.type === "add_field").map((a) =>
      a.subject
    );
  assert.deepEqual(added("add the pot we bought it in and a notes field"), ["pot", "notes"]);
  assert.deepEqual(added("aggiungi il vaso, il terriccio e la data di rinvaso"), [
    "vaso",
    "terriccio",
    "data di rinvaso",
  ]);
});

Deno.test("a follow-up's chart of something per period is that figure too", () => {
  const figure = ask("add a graph of the litres every month", "aggregate", base);
  assert.equal(figure.subject, "litres");
  assert.equal(figure.computes, "total");
  assert.deepEqual(figure.quantities.map((q) => q.kind === "period" && q.period), ["month"]);
  // (In a new prompt the chart's period is when the records are charted, no figure of its own.)
  assert.deepEqual(understand("add a graph of the litres every month").asks.map((a) => a.type), ["chart"]);
});

Deno.test("records a concept keeps as things are a list however the prompt speaks of keeping them", () => {
  const types = (prompt: string) =>
    understand(prompt).asks.filter((a) => a.type === "log" || a.type === "list");
  for (
    const prompt of [
      "help me keep track of my vinyl records",
      "the streaming subscriptions we pay for every month",
      "tenere traccia dei miei abbonamenti",
      "garder une trace de mes abonnements",
      "llevar el control de mis suscripciones",
      "meine Abos, die ich jeden Monat bezahle",
    ]
  ) assert.deepEqual(types(prompt).map((a) => a.type), ["list"], prompt);
  // Acts on them, a noun of a log heading them, a question of when, or a date or time of each stay a log.
  for (
    const prompt of [
      "keep track of the parcels I send",
      "garder une trace des colis envoyés",
      "a diary of my wines",
      "un journal de mes vins",
      "Protokoll meiner Abos",
      "segnare quando ho annaffiato le piante",
      "track my vinyl records with the date I bought each",
    ]
  ) assert.deepEqual(types(prompt).map((a) => a.type), ["log"], prompt);
});

Deno.test("records named by a quantity measured again and again are readings, a log, in the five languages", () => {
  for (
    const prompt of [
      "my grandad's blood pressure",
      "altezza dei miei nipoti",
      "la température de bébé",
      "peso de mi conejo",
      "Körpergewicht von meinem Vater",
    ]
  ) {
    const types = understand(prompt).asks.map((a) => a.type);
    assert.ok(types.includes("log") && !types.includes("list"), `${prompt}: ${types}`);
  }
  // A thing's measure among its fields is no reading of it.
  assert.deepEqual(understand("a list of my shoes with size").asks.map((a) => a.type), ["list"]);
});

Deno.test("a period said as an adjective beside a figure's cue is the figure's, before the records' own", () => {
  for (
    const [prompt, period] of [
      ["swimming minutes per day, and the weekly total", "week"],
      ["ore di studio al giorno con il totale mensile", "month"],
      ["Schritte pro Tag und die wöchentliche Summe", "week"],
    ] as const
  ) {
    const figure = ask(prompt, "aggregate");
    assert.equal(figure.quantities.find((q) => q.kind === "period")?.period, period, prompt);
  }
});
