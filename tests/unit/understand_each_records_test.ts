import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { eachRecord } from "../../supabase/functions/_generator/understand/each-records.ts";
import { words } from "../../supabase/functions/_generator/understand/text.ts";

const lists = (prompt: string) =>
  understand(prompt).asks.filter((a) => a.type === "list").map((a) => ({
    subject: a.subject,
    fields: a.fields.map((f) => f.name),
  }));

Deno.test("fields said of each record of a noun after a comma or 'and' are that noun's records", () => {
  for (
    const [prompt, subject, field] of [
      [
        "a list of workouts with date and duration, and for each exercise: name, muscle, equipment",
        "exercise",
        "muscle",
      ],
      [
        "elenco dei clienti con nome e telefono, e per ogni ordine: data, importo, stato",
        "ordine",
        "importo",
      ],
      ["les livres avec titre et auteur, et pour chaque prêt la date, l'ami et le retour", "prêt", "ami"],
      ["los socios con nombre y cuota, y para cada salida: fecha, lugar, plazas", "salida", "plazas"],
      [
        "Kunden mit Name und Adresse, und für jede Lieferung Datum, Gewicht und Preis",
        "Lieferung",
        "Gewicht",
      ],
    ]
  ) {
    const found = lists(prompt);
    const own = found.find((l) => l.subject === subject);
    assert.ok(own?.fields.includes(field), `${prompt}: ${JSON.stringify(found)}`);
    assert.ok(
      found.every((l) => l === own || !l.fields.includes(field)),
      `${prompt}: ${JSON.stringify(found)}`,
    );
  }
});

Deno.test("each record of another noun than the records before is records of its own", () => {
  for (
    const [prompt, subject] of [
      ["tracking my goats with name and age. each vaccination with date, vaccine and vet", "vaccination"],
      ["raccolgo francobolli con paese e anno. ogni lettera con mittente, data e luogo", "lettera"],
    ]
  ) {
    const found = lists(prompt);
    assert.ok(
      found.some((l) => l.subject === subject && l.fields.length >= 3),
      `${prompt}: ${JSON.stringify(found)}`,
    );
  }
});

Deno.test("a time after 'each' is when, and the speaker after its noun opens a sentence: no records", () => {
  const none = (text: string, language: "en" | "it" | "de") =>
    assert.equal(eachRecord(words(text), 0, language, text), undefined, text);
  none("ogni lunedì palestra, piscina e corsa", "it");
  none("jeden Tag Wasser, Tee und Kaffee", "de");
  none("for each student I want their name, phone and level", "en");
  none("every payday I'd type my hours and tips", "en");
});

Deno.test("records named before a colon of their own, under a title or after its last comma, list those fields", () => {
  for (
    const [prompt, subject, field] of [
      ["Il mio negozio: clienti: nome, telefono, email", "clienti", "telefono"],
      ["Bici-Werkstatt, Kunden: Name, Telefon, Rad", "Kunden", "Rad"],
      ["club de lecture : membres : nom, téléphone, livre préféré", "membres", "téléphone"],
    ]
  ) {
    const asks = understand(prompt).asks.filter((a) => a.subject === subject);
    assert.ok(asks.some((a) => a.fields.some((f) => f.name === field)), `${prompt}: ${JSON.stringify(asks)}`);
  }
});

const kept = (prompt: string) =>
  understand(prompt).asks.filter((a) => a.type === "list" || a.type === "log").map((a) => ({
    subject: a.subject,
    fields: a.fields.map((f) => f.name),
    each: a.each === true,
  }));

Deno.test("each record of a noun after what keeps it names the records, whatever the fields are set out by", () => {
  for (
    const [prompt, subject, field] of [
      // After a verb of keeping, with "with" or a colon.
      ["log every oil change with the mileage and the shop", "oil change", "shop"],
      // After a noun of keeping and "of", with a colon.
      ["a journal of each climb: date, route, grade", "climb", "grade"],
      // In brackets.
      ["registro di ogni potatura (data, pianta, attrezzo)", "potatura", "attrezzo"],
      // With a complement of the noun before the colon.
      ["je veux noter chaque sortie en kayak : date, rivière, distance", "sortie", "rivière"],
      ["anotar cada partida de ajedrez con rival, apertura y resultado", "partida de ajedrez", "apertura"],
      ["ich notiere jede Bergtour mit Datum, Gipfel und Höhe", "Bergtour", "Gipfel"],
    ]
  ) {
    const found = kept(prompt);
    const own = found.find((a) => a.subject === subject);
    assert.ok(own?.each && own.fields.includes(field), `${prompt}: ${JSON.stringify(found)}`);
  }
});

Deno.test("a relative clause of the noun before 'with' or a colon still leaves its fields to the records", () => {
  for (
    const [prompt, subject, field] of [
      ["a list of trails, and every trail we hiked with the distance and the views", "trail", "views"],
      ["ogni vino che assaggio: cantina, annata e prezzo", "vino", "cantina"],
    ]
  ) {
    const found = kept(prompt);
    const own = found.find((a) => a.subject === subject);
    assert.ok(own?.each && own.fields.includes(field), `${prompt}: ${JSON.stringify(found)}`);
  }
});

Deno.test("a verb or a noun and 'of' before 'each' takes the records only when a mark sets fields out", () => {
  for (
    const [prompt, subject] of [
      ["los resultados de cada torneo (fecha, puesto, premio)", "torneo"],
      ["write down every brew - date, beans, grind and ratio", "brew"],
    ]
  ) {
    const found = kept(prompt);
    assert.ok(found.some((a) => a.subject === subject && a.each), `${prompt}: ${JSON.stringify(found)}`);
  }
  for (
    const prompt of [
      "pasar lista en cada clase y apuntar las faltas",
      "a list of questions to bring to each appointment",
      "i log my pain after each session, and my mood",
      "show each member's total hours and a chart of the month",
    ]
  ) {
    assert.ok(kept(prompt).every((a) => !a.each), `${prompt}: ${JSON.stringify(kept(prompt))}`);
  }
});

Deno.test("a phrase of every time says when the clause happens, no records of times", () => {
  for (
    const prompt of [
      "cada vez que voy al gimnasio apunto ejercicio, series y peso",
      "ogni volta che vado al mare segno spiaggia, ore e costo",
      "every time I walk the dog: date, minutes and route",
    ]
  ) {
    const asks = understand(prompt).asks;
    assert(
      !asks.some((a) => /^(vez|volta|time)s?$/i.test(a.subject ?? "")),
      `${prompt}: ${JSON.stringify(asks)}`,
    );
  }
});
