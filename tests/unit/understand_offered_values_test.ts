import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

/** Each choice the prompt asks for: its name and options. */
const choices = (prompt: string) =>
  understand(prompt).asks.filter((a) => a.type === "choice").flatMap((a) =>
    a.fields.filter((f) => f.type === "choice").map((f) => `${f.name}: ${f.options!.join(", ")}`)
  );

Deno.test("slashed values are one choice named by the noun right before them, a phrase a value too", () => {
  const cases: [string, string][] = [
    ["orders for my candles with scent vanilla/cedar/lemon", "scent: vanilla, cedar, lemon"],
    ["diario del sonno con qualità buona / media / scarsa", "qualità: buona, media, scarsa"],
    ["mes trajets avec le mode vélo / à pied / en bus", "mode: vélo, à pied, en bus"],
    [
      "registro de lecturas con estado pendiente / en curso / terminado",
      "estado: pendiente, en curso, terminado",
    ],
    ["Pflanzen gießen, Standort innen/außen/Balkon", "Standort: innen, außen, Balkon"],
    // A size word among others is a value, though alone it is a function word.
    ["smoothie orders with cup size small/medium/large", "cup size: small, medium, large"],
  ];
  for (const [prompt, choice] of cases) assert.deepEqual(choices(prompt), [choice], prompt);
});

Deno.test("a colour that names values is the records' field, no theme", () => {
  for (
    const prompt of ["my shoe collection, colour black/white/brown", "mes vélos avec couleur (rouge, noir)"]
  ) {
    assert.ok(!understand(prompt).asks.some((a) => a.type === "theme"), prompt);
    assert.equal(choices(prompt).length, 1, prompt);
  }
});

Deno.test("a noun set apart by a comma or 'and' names the values a colon lists, to a field an article opens", () => {
  const cases: [string, string][] = [
    ["log my dog walks, weather: sunny, cloudy or rainy", "weather: sunny, cloudy, rainy"],
    ["segnare le cene e il luogo: casa, ristorante o amici", "luogo: casa, ristorante, amici"],
    ["apuntar mis viajes, transporte: tren, avión o coche", "transporte: tren, avión, coche"],
    ["noter mes séances, humeur : bien, moyen ou mal et la durée", "humeur: bien, moyen, mal"],
    [
      "Ausgaben notieren, Zahlung: bar, Karte oder Überweisung und das Datum",
      "Zahlung: bar, Karte, Überweisung",
    ],
  ];
  for (const [prompt, choice] of cases) assert.deepEqual(choices(prompt), [choice], prompt);
  // The request's own words before a colon list the things it keeps, no values.
  for (
    const prompt of ["shopping list: rice, beans or onions", "lista della spesa: riso, fagioli o cipolle"]
  ) {
    assert.deepEqual(choices(prompt), [], prompt);
  }
});

Deno.test("things listed after 'with' or opening a clause, 'or' before the last, are no choice", () => {
  for (
    const prompt of [
      "a family app with a calendar, a notes page or a gallery",
      "app per la squadra con calendario, risultati o foto",
      "une appli pour le club avec agenda, photos ou actualités",
      "app para la casa con tareas, compras o gastos",
      "eine App für den Verein mit Kalender, Fotos oder News",
    ]
  ) assert.deepEqual(choices(prompt), [], prompt);
});

Deno.test("slashes between fields no noun names are those fields", () => {
  const asks = understand("contacts with name/phone/email").asks;
  assert.ok(!asks.some((a) => a.type === "choice"));
});
