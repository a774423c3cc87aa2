// Ticks, scores and photos on the records, in the shapes people ask them: who was there or sent something
// back, what the speaker still lacks, what is already done, "or no" after a state, a small range after a
// field's name, a quiz's word before a scale; and the cue words that ask none of them (a participle that
// qualifies the records, a price's "rate", stars given as a reward).
import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const asks = (prompt: string, type: string) => understand(prompt).asks.filter((a) => a.type === type);
const ticks = (prompt: string) => asks(prompt, "yesno").flatMap((a) => a.fields).map((f) => f.name);
const fields = (prompt: string) =>
  composeSpec(prompt, { tier: "light" }).spec.entities.flatMap((e) => e.fields);

Deno.test("who was there, in any of the five languages, is a tick of presence", () => {
  for (
    const [prompt, name] of [
      ["dinner club: the date, the host, and who came each time", "present"],
      ["allenamenti di calcetto, chi è venuto ogni volta", "presente"],
      ["calcetto del giovedì, vedere chi c'è e chi manca", "presente"],
      ["répétitions de la chorale, qui est venu à chaque fois", "présent"],
      ["ensayos del coro, quien vino cada vez", "presente"],
      ["Chorproben: Datum und wer gekommen ist", "anwesend"],
    ] as const
  ) {
    assert.ok(ticks(prompt).includes(name), `${prompt}: ${ticks(prompt)}`);
    assert.equal(asks(prompt, "yesno").length, 1, prompt);
  }
});

Deno.test("who sent something back is a tick named by what came back", () => {
  for (
    const prompt of [
      "wedding invitations, keep track of guests and who sent the rsvp back",
      "christmas cards: who I sent one to this year and who sent one back",
    ]
  ) {
    assert.ok(ticks(prompt).some((n) => /back$/.test(n)), `${prompt}: ${ticks(prompt)}`);
    assert.ok(fields(prompt).some((f) => f.type === "check" && /back$/i.test(f.label)), prompt);
  }
  // The first field after a colon names the records' persons: no tick.
  assert.ok(!ticks("potluck signup: who's coming, what dish they bring").includes("present"));
  // A who clause of being near asks nothing of the records.
  assert.equal(asks("que te diga quien esta cerca de mi ciudad", "yesno").length, 0);
});

Deno.test("what the speaker still lacks of what they keep is a tick of each record, no countdown or log", () => {
  for (
    const [prompt, name] of [
      ["my football sticker album, i want to mark the ones i'm missing", "missing"],
      ["collezione di francobolli con foto, segna quelli che mi mancano", "mancante"],
      ["ma collection de timbres, je coche ceux qui me manquent", "manquant"],
      ["cromos que me faltan del album del mundial", "falta"],
      ["Panini-Album, die Sticker die mir noch fehlen", "fehlt"],
    ] as const
  ) {
    assert.ok(ticks(prompt).includes(name), `${prompt}: ${ticks(prompt)}`);
    assert.equal(asks(prompt, "countdown").length + asks(prompt, "log").length, 0, prompt);
  }
  // What is left of an amount is no tick: no relative word opens it.
  assert.equal(asks("risparmi per la bici, quanto manca a 500 euro", "yesno").length, 0);
});

Deno.test("marking what is already done is a tick of it, no log of the act", () => {
  for (
    const [prompt, name] of [
      ["shopping list where i mark what i already bought", "bought"],
      ["lista della spesa, segno quello che ho già comprato", "comprato"],
      ["liste de courses, je coche ce que j'ai déjà acheté", "acheté"],
      ["lista de la compra, marco lo que ya compré", "comprado"],
      ["Einkaufsliste, ich hake ab was ich schon gekauft habe", "gekauft"],
    ] as const
  ) {
    assert.deepEqual(ticks(prompt), [name], prompt);
    assert.equal(asks(prompt, "log").length, 0, prompt);
  }
});

Deno.test("a state then 'or no', 'yes or no' or a third person's past is a tick, no choice", () => {
  for (
    const [prompt, name] of [
      ["registro cene dei bambini: data e se ha cenato o no", "cenato"],
      ["facturas: proveedor, importe y pagada o no", "pagada"],
      ["rechnungen verwalten, betrag, bezahlt ja oder nein", "bezahlt"],
      ["tools I lend to neighbours and if they returned them", "returned"],
    ] as const
  ) {
    assert.ok(ticks(prompt).includes(name), `${prompt}: ${ticks(prompt)}`);
    assert.equal(asks(prompt, "choice").length, 0, prompt);
  }
});

Deno.test("a small range after a field's name is the scale it is rated on", () => {
  for (
    const [prompt, name, range] of [
      ["running log: date, distance, how it felt from 1 to 5, and shoes", "felt", [1, 5]],
      ["grow log: variety, date sown and heat level 1 to 10", "heat level", [1, 10]],
      ["je note chaque sortie : distance, durée, ressenti de 1 à 5", "ressenti", [1, 5]],
      ["diario del mal di testa: data, durata e dolore da 0 a 10", "dolore", [0, 10]],
      ["diario de migrañas: fecha, duración y dolor de 0 a 10", "dolor", [0, 10]],
      ["meine Bücherliste mit Bewertung von 1 bis 5 Sternen", "Bewertung", [1, 5]],
    ] as const
  ) {
    const field = understand(prompt).asks.flatMap((a) => a.fields).find((f) => f.type === "rating");
    assert.equal(field?.name, name, prompt);
    assert.deepEqual(field?.range, range, prompt);
    assert.ok(asks(prompt, "rating").length >= 1, prompt);
  }
});

Deno.test("a quiz's word right before a scale is the rating, no quiz", () => {
  for (
    const prompt of [
      "list of books i want to read and give each a score out of 10",
      "recetas que he probado con puntuacion de 1 a 10 y foto",
    ]
  ) {
    assert.equal(asks(prompt, "quiz").length, 0, prompt);
    assert.equal(asks(prompt, "rating").length, 1, prompt);
  }
  assert.equal(asks("a quiz on capitals, keep my score", "quiz").length, 1);
});

Deno.test("cue words that qualify the records, name a thing, a price or a reward ask no tick or score", () => {
  for (
    const prompt of [
      "mes puzzles terminés avec le nombre de pièces",
      "segnare i lavori della vespa. il tagliando va fatto ogni 3000 km",
      "apuntar mis pesos en el gimnasio y ver mi mejor marca de cada ejercicio",
      "carnet de randonnées avec une note de difficulté",
    ]
  ) {
    assert.equal(asks(prompt, "yesno").length, 0, prompt);
  }
  for (
    const prompt of [
      "tattoo bookings with client and date. Our hourly rate is $150",
      "una app con stelline quando finisce i compiti",
      "inventario de la casa: objeto, habitación y valor en €",
    ]
  ) {
    assert.equal(asks(prompt, "rating").length, 0, prompt);
  }
  // Marking still asks: "mark them done", "la marco como pagada"; stars as a scale still rate.
  assert.equal(asks("chores list, mark them done", "yesno").length, 1);
  assert.ok(ticks("Cada clase la marco como pagada.").includes("pagada"));
  assert.equal(asks("rate the restaurants from 1 to 5 stars", "rating").length, 1);
});

Deno.test("photos said in the plural are a photo field", () => {
  for (
    const prompt of [
      "carnet de randonnées avec photos et la durée",
      "Wanderungen mit Fotos und Bewertung",
    ]
  ) {
    assert.ok(
      understand(prompt).asks.flatMap((a) => a.fields).some((f) => f.type === "photo"),
      prompt,
    );
  }
});
