// Figures named by their noun or asked by a verb of computing, in the five languages: what each computes.
import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const figure = (prompt: string) => {
  const asks = understand(prompt).asks.filter((a) => a.type === "aggregate");
  assert.ok(asks.length, `an aggregate in ${prompt}`);
  return asks[0];
};
const types = (prompt: string) => understand(prompt).asks.map((a) => a.type as string);

Deno.test("a figure's noun of money in and out adds the amount up", () => {
  for (
    const prompt of [
      "my dog walking jobs with the fee, and the revenue per week",
      "lavoretti di giardinaggio col compenso e il fatturato mensile",
      "mes cours de guitare avec le tarif et le chiffre d'affaires par mois",
      "mis encargos de costura con el precio y la facturación del mes",
      "Nachhilfestunden mit Honorar und dem Umsatz pro Monat",
    ]
  ) assert.equal(figure(prompt).computes, "total", prompt);
});

Deno.test("a share or a recap counts the records", () => {
  for (
    const prompt of [
      "free throws at practice and my success rate",
      "le partite a scacchi e la mia percentuale di vittorie",
      "mes matchs de tennis et mon pourcentage de victoires",
      "mis partidas de ajedrez y mi porcentaje de victorias",
      "Schachpartien und meine Siegquote",
    ]
  ) assert.equal(figure(prompt).computes, undefined, prompt);
});

Deno.test("a verb of adding up adds up, one of counting counts", () => {
  assert.equal(figure("log my tutoring sessions and add up the hours every month").computes, "total");
  assert.equal(figure("je veux additionner les heures de ménage de la semaine").computes, "total");
  assert.equal(figure("Trinkgelder eintragen und jede Woche zusammenrechnen").computes, "total");
  assert.equal(figure("voglio contare i caffè che bevo al giorno").computes, undefined);
  assert.equal(figure("contar los libros que leo cada mes").computes, undefined);
  // (Stems would join "zählen" to "zahlen", paying: only the written verb counts.)
  assert.ok(!types("Miete zahlen jeden Monat").includes("aggregate"));
});

Deno.test("a verb of working out a named figure asks that figure, no calculator", () => {
  for (
    const prompt of [
      "work out my balance from what comes in and goes out",
      "calcolare il saldo del mese",
      "calculer mon solde à la fin du mois",
      "calcular el saldo de la cuenta",
      "den Kontostand ausrechnen",
    ]
  ) {
    assert.equal(figure(prompt).computes, "total", prompt);
    assert.ok(!types(prompt).includes("calculator"), prompt);
  }
  // Without a figure to work out, it is a calculator still.
  assert.ok(types("calculate the tip for a bill").includes("calculator"));
});

Deno.test("a ranking's noun ranks who did most", () => {
  for (
    const prompt of [
      "darts nights with my mates and a leaderboard",
      "serate di freccette e la classifica",
      "nos soirées fléchettes et le classement",
      "noches de dardos y la clasificación",
      "Dartabende mit einer Rangliste",
    ]
  ) assert.ok(figure(prompt).ranked, prompt);
});

Deno.test("a figure's noun of each record's own value, or what a calculator works out, is no figure", () => {
  assert.ok(!types("my loans, show each balance").includes("aggregate"));
  assert.ok(!types("split the bill with a tip percentage").includes("aggregate"));
  // What a verb of noting keeps is the records themselves.
  assert.ok(!types("je veux noter mes gains au poker").includes("aggregate"));
  assert.ok(!types("Verdienst eintragen").includes("aggregate"));
  // (Nouns as said: "earns" is no earnings.)
  assert.ok(!types("each kid earns stars for chores").includes("aggregate"));
});

Deno.test("fields after a with end before a verb of computing, which asks a figure of its own", () => {
  for (
    const prompt of [
      "my hikes with date and distance and it adds up the km",
      "i miei turni con data e ore, e voglio contare i turni di notte",
      "mes trajets avec la date et les km, et additionner les km du mois",
      "mis paseos con fecha y duración y contar los paseos de la semana",
    ]
  ) {
    const { asks } = understand(prompt);
    assert.ok(asks.some((a) => a.type === "aggregate"), prompt);
    assert.equal(asks.find((a) => a.fields.length)?.fields.length, 2, prompt);
  }
});

Deno.test("a word of a total adds up, unless a number is what it counts", () => {
  assert.equal(figure("log my purchases and what i spent in total").computes, "total");
  assert.equal(figure("les courses de la semaine et ce que j'ai payé en tout").computes, "total");
  assert.equal(figure("le bollette del gas e quanto ho pagato in tutto").computes, "total");
  assert.ok(!types("a guest list for my party, 40 people in total").includes("aggregate"));
  assert.ok(!types("lista degli invitati, 30 persone in tutto").includes("aggregate"));
});

Deno.test("a share among the fields after a with is that figure, and a yes/no pair's no refuses nothing", () => {
  for (
    const prompt of [
      "my darts games with opponent and won yes/no, and my win percentage",
      "le mie partite a carte con avversario e vinta sì/no, e la percentuale di vittorie",
    ]
  ) {
    const { asks } = understand(prompt);
    assert.ok(asks.some((a) => a.type === "aggregate"), prompt);
    assert.ok(!asks.some((a) => a.fields.some((f) => /percent/i.test(f.name))), prompt);
  }
  // (Nor is a cue within a figure's name another ask: "rate" of "success rate" is no rating.)
  assert.ok(!types("my job applications and my success rate").includes("rating"));
});
