// What others still owe the speaker is a figure over the records, a total of their money, not a number of each
// record; a noun of a tally ("Strichliste", "contatore", "hoja de conteo") and a running total ("cumul",
// "acumulado") name a figure too.
import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const OWED: [string, string][] = [
  ["en", "i mow lawns for people on my street, log each job and show how much they owe me"],
  ["en", "track the lessons i give and how much my students still owe me"],
  ["en", "i walk dogs for neighbours, want to log each walk and see how much the owners still owe me"],
  ["it", "registro delle ripetizioni, voglio sapere quanto mi deve ancora ogni famiglia"],
  ["it", "segno le lezioni di piano che faccio ai ragazzi, quanto mi devono ancora i genitori?"],
  ["it", "tengo il conto dei lavoretti per i vicini e quanto mi devono"],
  ["fr", "je donne des cours de guitare, je veux savoir combien mes élèves me doivent"],
  ["fr", "noter les heures de ménage et voir ce que la famille me doit encore"],
  ["fr", "je garde les enfants de la voisine, je note les heures et je veux voir ce qu'elle me doit encore"],
  ["es", "llevo las clases particulares y quiero saber cuánto me deben los padres"],
  ["es", "registro de trabajos de jardinería, cuánto me debe cada vecino"],
  ["es", "apunto las clases de ingles que doy y cuanto me deben los alumnos"],
  ["de", "ich passe auf hunde auf und will wissen, wie viel mir die besitzer noch schulden"],
  ["de", "nachhilfestunden eintragen und sehen was mir die familien schulden"],
  ["de", "ich gebe nachhilfe und will sehen, wie viel mir die eltern noch schulden"],
];

Deno.test("what others owe the speaker is a total of the records' money", () => {
  for (const [language, prompt] of OWED) {
    const u = understand(prompt);
    assert.equal(u.language, language, prompt);
    const figure = u.asks.find((a) => a.type === "aggregate");
    assert.ok(figure, prompt);
    assert.equal(figure.computes, "total", prompt);
    assert.equal(figure.amount?.type, "money", prompt);
    assert.ok(u.asks.some((a) => a.type === "log" || a.type === "list"), prompt);
    // (Who owes is no number of each record: "genitori", "vecino".)
    const numbers = u.asks.flatMap((a) => a.fields).filter((f) => f.type === "number");
    assert.deepEqual(numbers, [], prompt);
  }
});

Deno.test("the app adds up the money of the records what is owed is over", () => {
  for (const [, prompt] of OWED) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    // (A log totals it; records a concept keeps as a collection, "my students", add up their amount there.)
    const screen = spec.screens.find((s) =>
      (s.block === "log" && s.options.aggregate === "total") ||
      (s.block === "collection" && s.options.amountField)
    );
    assert.ok(screen, prompt);
    const entity = spec.entities.find((e) => e.key === screen.entity)!;
    const field = entity.fields.find((f) => f.key === screen.options.amountField);
    assert.equal(field?.type, "money", prompt);
  }
});

Deno.test("a debt the speaker owes, or a verb of having to, is no figure of what is owed to them", () => {
  for (
    const prompt of [
      "how much do i owe my sister",
      "quanto devo ancora studiare ogni settimana",
      "combien je dois payer de loyer",
      "cuánto debo ahorrar cada mes",
    ]
  ) {
    const money = understand(prompt).asks.filter((a) => a.type === "aggregate" && a.amount?.type === "money");
    assert.deepEqual(money, [], prompt);
  }
});

Deno.test("a noun of a tally or a running total names a figure", () => {
  for (
    const [prompt, computes] of [
      ["kaffee strichliste", undefined],
      ["strichliste für getränke im verein", undefined],
      ["hoja de conteo de cervezas en el bar", undefined],
      ["contatore delle birre per la festa", undefined],
      ["suivi des km en vélo avec un cumul par mois", "total"],
      ["running total of what i spent on the car this year", "total"],
    ] as const
  ) {
    const figure = understand(prompt).asks.find((a) => a.type === "aggregate");
    assert.ok(figure, prompt);
    assert.equal(figure.computes, computes, prompt);
  }
});

Deno.test("a total of what the speaker spent adds up money, unless the records state an amount of their own", () => {
  const total = (prompt: string) => understand(prompt).asks.find((a) => a.type === "aggregate" && a.computes);
  for (
    const prompt of [
      "running total of what i spent on the car this year",
      "total of what i spent on the car this year",
      "¿cuánto llevo gastado en gasolina?",
    ]
  ) assert.equal(total(prompt)?.amount?.type, "money", prompt);
  const own =
    "Este año tengo 5 bodas y quiero apuntar de cada una la fecha, cuánto voy a regalar, y ver cuánto me voy " +
    "a gastar en total";
  assert.notEqual(total(own)?.amount?.type, "money", own);
});
