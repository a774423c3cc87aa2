import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

/** The fields of every ask of a prompt, as name:type, with the unit where one is stated. */
const fields = (prompt: string) =>
  understand(prompt).asks.flatMap((a) =>
    a.fields.map((f) => `${f.name}:${f.type}${f.unit ? ` ${f.unit}` : ""}`)
  );

Deno.test("a question word opening a listed field types it and names it by what it asks", () => {
  const cases: [string, string[]][] = [
    ["keep my board game nights with where, with whom and what time", [
      "place:text",
      "person:text",
      "time:time",
    ]],
    ["le serate al cinema con dove, con chi e che giorno", ["luogo:text", "persona:text", "data:date"]],
    ["mes soirées jeux avec chez qui, quel jour et à quelle heure", [
      "personne:text",
      "date:date",
      "heure:time",
    ]],
    ["las quedadas con dónde, con quiénes y desde cuándo", ["lugar:text", "persona:text", "fecha:date"]],
    ["Spieleabende mit wo, mit wem und um wie viel Uhr", ["ort:text", "person:text", "uhrzeit:time"]],
  ];
  for (const [prompt, expected] of cases) assert.deepEqual(fields(prompt), expected, prompt);
});

Deno.test("how hot, heavy, tall or fast is a measure in the unit written, else the usual one", () => {
  const cases: [string, string[]][] = [
    ["log my bread bakes with how hot the oven was and how long", [
      "temperature:number °C",
      "duration:duration",
    ]],
    ["log the parcels i post with how heavy in lbs and where to", ["weight:number lb", "place:text"]],
    ["registrare i lanci del drone con quanto alto e quanto veloce", [
      "altezza:number cm",
      "velocità:number km/h",
    ]],
    ["noter mes plongées avec quelle profondeur et combien de temps", [
      "profondeur:number m",
      "durée:duration",
    ]],
    ["mis pescas con qué tan pesado y dónde", ["peso:number kg", "lugar:text"]],
    ["Aufgüsse eintragen mit wie heiß und wie lange", ["temperatur:number °C", "dauer:duration"]],
  ];
  for (const [prompt, expected] of cases) assert.deepEqual(fields(prompt), expected, prompt);
});

Deno.test("how far is a distance in the unit the clause writes", () => {
  assert.deepEqual(fields("log my dog walks with how far in miles and with whom"), [
    "distance:number mi",
    "person:text",
  ]);
  assert.deepEqual(fields("segnare le uscite in bici, quanta strada e quanto tempo"), [
    "distanza:number km",
    "durata:duration",
  ]);
});

Deno.test("a question of how it went or how one felt is a rating", () => {
  const cases: [string, string][] = [
    ["log my job interviews with the company and how it went", "rating:rating"],
    ["le partite di tennis con il punteggio e com'è andata", "voto:rating"],
    ["noter mes rendez-vous avec la date et comment ça s'est passé", "note:rating"],
    ["apuntar mis citas con la fecha y cómo fue", "valoración:rating"],
    ["Vorstellungsgespräche eintragen mit Firma und wie es lief", "bewertung:rating"],
    ["a journal to write down what i did and how i felt", "mood:rating"],
  ];
  for (const [prompt, field] of cases) assert.ok(fields(prompt).includes(field), prompt);
});

Deno.test("how much before a word of paying or costing is money, named by its type's word, not a count", () => {
  const cases: [string, string][] = [
    ["note the repairs, what for and how much it cost", "price:money"],
    ["le cene di lavoro con chi e quanto abbiamo speso", "prezzo:money"],
    ["apuntar los regalos con para quién y cuánto costó", "precio:money"],
    ["Geschenke eintragen mit für wen und wie viel es gekostet hat", "preis:money"],
  ];
  for (const [prompt, field] of cases) assert.ok(fields(prompt).includes(field), prompt);
});

Deno.test("questions listed after the records' noun and a comma are fields; how long makes them acts", () => {
  const cases: [string, string[]][] = [
    ["ice baths, how long and how cold", ["duration:duration", "temperature:number °C"]],
    ["i bagni in mare, quando e quanto fredda", ["data:date", "temperatura:number °C"]],
    ["les livres prêtés, à qui et depuis quand", ["personne:text", "date:date"]],
    ["mis siestas, a qué hora y cuánto tiempo", ["hora:time", "duración:duration"]],
    ["geliehene Werkzeuge, wer es hat und seit wann", ["person:text", "datum:date"]],
  ];
  for (const [prompt, expected] of cases) assert.deepEqual(fields(prompt), expected, prompt);
  assert.ok(understand("ice baths, how long and how cold").asks.some((a) => a.type === "log"));
  // Not one question alone after a comma: it asks the app ("für den Verein, wer welche Schicht übernimmt?").
  assert.deepEqual(fields("für unseren Verein, wer beim Fest welche Schicht am Grill übernimmt?"), []);
});

Deno.test("a question of how many or how much that asks a figure stays an aggregate", () => {
  for (
    const prompt of [
      "show me my coffees, how many today",
      "i miei caffè, quanti al giorno",
      "Reparaturen mit Teil und Kosten eintragen, um zu sehen, wie viel ich im Jahr ausgebe",
    ]
  ) {
    assert.ok(understand(prompt).asks.some((a) => a.type === "aggregate"), prompt);
    assert.ok(!fields(prompt).some((f) => /^(number|how|quanti|wie)/.test(f)), prompt);
  }
});

Deno.test("a word of which opening a field asks which one: the field its other words name", () => {
  assert.ok(fields("Fahrten eintragen: welches Auto, wie weit und ob getankt").includes("Auto:text"));
  assert.deepEqual(fields("my wine tastings - which wine, where, with who and how good"), [
    "wine:text",
    "place:text",
    "person:text",
    "rating:rating",
  ]);
  // Whom against is an opponent, a person of their own.
  for (
    const [prompt, field] of [
      ["my chess games with against whom and who won", "opponent:text"],
      ["le partite a scacchi, contro chi e quanto è durata", "avversario:text"],
      ["mes matchs de ping-pong avec contre qui et où", "adversaire:text"],
      ["mis partidas de ajedrez con contra quién y cuánto tiempo", "rival:text"],
      ["Schachpartien mit gegen wen und wie lange", "gegner:text"],
    ]
  ) assert.ok(fields(prompt).includes(field), prompt);
  // Two questions "and" joins are fields, not who does what.
  assert.ok(!understand("le mie gite, dove, con chi e quanto tempo").asks.some((a) => a.type === "people"));
});

Deno.test("who has done something, and a question whose values are in brackets, keep their own rules", () => {
  // Who has done it, with its auxiliary, is a tick of each record.
  assert.ok(fields("guest list with who's confirmed").includes("confirmed:yesno"));
  // Values in brackets make the question's words a choice.
  assert.ok(fields("spices with name and where it's kept (rack, drawer, cupboard)").includes("kept:choice"));
});
