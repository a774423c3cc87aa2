// Values a prompt offers as a closed set are one choice, whatever shape offers them: states records are marked
// as, slashed values in a `:` list or after a colour's word, alternatives the second of which a preposition
// opens; enumerations that say when things happen or are left open are no choice.
import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const asks = (prompt: string, type: string) => understand(prompt).asks.filter((a) => a.type === type);
const choices = (prompt: string) =>
  asks(prompt, "choice").flatMap((a) => a.fields).filter((f) => f.type === "choice");
const fields = (prompt: string) =>
  composeSpec(prompt, { tier: "light" }).spec.entities.flatMap((e) => e.fields);

Deno.test("states records are marked as, more than one offered, are one choice named as a state", () => {
  for (
    const [prompt, name, options] of [
      ["job cards for my repair shop, mark each job as waiting, in progress or done", "status", [
        "waiting",
        "in progress",
        "done",
      ]],
      ["track my library loans and mark them as borrowed, returned, or lost", "status", [
        "borrowed",
        "returned",
        "lost",
      ]],
      ["i miei libri, da segnare come letto, in lettura o da leggere", "stato", [
        "letto",
        "in lettura",
        "da leggere",
      ]],
      ["registro ordini: segnarli come da spedire, spediti o consegnati", "stato", [
        "da spedire",
        "spediti",
        "consegnati",
      ]],
      ["mes candidatures, je veux les marquer comme envoyée, entretien ou refusée", "statut", [
        "envoyée",
        "entretien",
        "refusée",
      ]],
      ["mis facturas, marcarlas como pendiente, pagada o vencida", "estado", [
        "pendiente",
        "pagada",
        "vencida",
      ]],
      ["pedidos: cliente, producto y marcarlos como pendiente, enviado o entregado", "estado", [
        "pendiente",
        "enviado",
        "entregado",
      ]],
      ["Bestellungen eintragen und als offen, versendet oder geliefert markieren", "Status", [
        "offen",
        "versendet",
        "geliefert",
      ]],
    ] as const
  ) {
    assert.deepEqual(
      choices(prompt).map((f) => [f.name, f.options]),
      [[name, [...options]]],
      prompt,
    );
    // (No tick of the first state beside it.)
    const ticks = asks(prompt, "yesno").flatMap((a) => a.fields).map((f) => f.name);
    assert.ok(!ticks.includes(options[0]), `${prompt}: ${ticks}`);
  }
  const made = fields("track the parcels i send, mark each as shipped, delivered or returned");
  assert.deepEqual(made.filter((f) => f.type === "choice").map((f) => [f.label, f.options]), [[
    "Status",
    ["shipped", "delivered", "returned"],
  ]]);
  assert.ok(!made.some((f) => f.label === "Shipped"));
});

Deno.test("one state, or a state or not, marked is still a tick", () => {
  for (
    const [prompt, tick] of [
      ["mark each invoice as paid or not", "paid"],
      ["bills: amount, due date, mark as paid or unpaid", "paid"],
      ["mark each chore as done when finished", "done"],
      ["segnare ogni libro come restituito", "restituito"],
      ["Rechnungen als bezahlt markieren", "bezahlt"],
    ] as const
  ) {
    assert.deepEqual(choices(prompt), [], prompt);
    assert.ok(asks(prompt, "yesno").some((a) => a.fields.some((f) => f.name === tick)), prompt);
  }
});

Deno.test("slashed values in a list's item or after a colour's word are one choice of the field they follow", () => {
  for (
    const [prompt, name, options] of [
      ["shop stock: item, size XS/S/M/L, colour and price", "size", ["XS", "S", "M", "L"]],
      ["shop stock with item, size XS/S/M/L and price", "size", ["XS", "S", "M", "L"]],
      ["a wine log with name, colour red/white/rosé and year", "colour", ["red", "white", "rosé"]],
      ["scarpe: modello, taglia S/M/L, colore", "taglia", ["S", "M", "L"]],
      ["un registro dei vini con colore rosso/bianco/rosato e annata", "colore", [
        "rosso",
        "bianco",
        "rosato",
      ]],
      ["carnet de vins : nom, région, couleur rouge/blanc/rosé, note sur 5", "couleur", [
        "rouge",
        "blanc",
        "rosé",
      ]],
      ["mis camisetas: marca, talla S/M/L y color", "talla", ["S", "M", "L"]],
      ["Weinliste: Name, Farbe rot/weiß/rosé, Jahrgang", "Farbe", ["rot", "weiß", "rosé"]],
    ] as const
  ) {
    const listed = understand(prompt).asks.flatMap((a) => a.fields);
    const offered = listed.filter((f) => f.options?.includes(options[1]));
    assert.ok(offered.length, prompt);
    for (const f of offered) {
      assert.deepEqual([f.name, f.type, f.options], [name, "choice", [...options]], prompt);
    }
    // (No field named by a value.)
    assert.ok(!listed.some((f) => f.name === options[1] || f.name === options[2]), prompt);
  }
});

Deno.test("a bracket of weekdays or of times of day is a timetable, no choice", () => {
  for (
    const prompt of [
      "je vais à la piscine 3 fois par semaine (lundi, mercredi, samedi). je voudrais noter chaque séance",
      "einen Ablaufplan mit Uhrzeiten (14:00 Ankunft, 14:30 Schatzsuche, 16:00 Kuchen, 17:30 Abholung)",
      "a plan for the party with times (18:00 drinks, 19:30 dinner, 21:00 cake)",
      "vado in palestra due volte a settimana (martedì, venerdì) e voglio segnare gli esercizi",
    ]
  ) {
    assert.deepEqual(choices(prompt), [], prompt);
  }
});

Deno.test("values left open with 'and so on' are no choice; a category's are its first categories", () => {
  for (
    const [prompt, field] of [
      ["travel log with mood (great, ok, bad etc.) and date", "mood"],
      ["diario con umore (bene, così così, male ecc.) e data", "umore"],
      ["Lesetagebuch mit Genre (Krimi, Fantasy usw.) und Datum", "Genre"],
    ] as const
  ) {
    assert.deepEqual(choices(prompt), [], prompt);
    const listed = understand(prompt).asks.flatMap((a) => a.fields).filter((f) => f.name === field);
    assert.ok(listed.length && listed.every((f) => !f.options?.length), prompt);
  }
  const [category] = asks("expenses with category (rent, food, fun etc.) and amount", "categories")
    .flatMap((a) => a.fields);
  assert.deepEqual(category?.options, ["rent", "food", "fun"]);
});

Deno.test("a second value a preposition of 'with' opens is offered, no field list", () => {
  for (
    const [prompt, options, label] of [
      [
        "voglio segnare le spese del mese, pagate in contanti o con carta",
        ["in contanti", "con carta"],
        "Pagato con",
      ],
      ["gastos pagados en efectivo o con tarjeta", ["en efectivo", "con tarjeta"], "Pagado con"],
    ] as const
  ) {
    assert.deepEqual(choices(prompt).map((f) => f.options), [[...options]], prompt);
    const made = fields(prompt);
    assert.deepEqual(made.find((f) => f.label === label)?.options, [...options], prompt);
    assert.ok(!made.some((f) => /^(carta|tarjeta)$/i.test(f.label)), prompt);
  }
});

Deno.test("a question of whether with a present auxiliary is a tick; one an amount follows is a condition", () => {
  for (
    const [prompt, tick] of [
      ["track the parcels i send and note if it's fragile", "fragile"],
      ["keep my bills and check whether they are paid", "paid"],
      ["voglio segnare i pacchi e se è fragile", "fragile"],
    ] as const
  ) {
    assert.ok(asks(prompt, "yesno").some((a) => a.fields.some((f) => f.name === tick)), prompt);
  }
  assert.deepEqual(
    asks("write down the rain each day, and if it's more than 25 mm in a week, remind me", "yesno"),
    [],
  );
});
