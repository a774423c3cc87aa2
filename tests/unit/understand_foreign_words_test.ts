// The everyday words of a prompt in another language (understand/foreign-words.ts): the records and fields a
// prompt in Dutch, Polish, Swedish, Portuguese or Turkish names are read in English, and the app is named in
// English rather than in the prompt's words kept as written.
import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { withoutEnding } from "../../supabase/functions/_generator/understand/foreign-words.ts";
import { otherConcepts } from "../../supabase/functions/_generator/understand/foreign.ts";

interface Case {
  prompt: string;
  language: string;
  /** A word the app's name holds. */
  name: string;
  /** Keys the app's records hold. */
  fields: string[];
}

const CASES: Case[] = [
  // Dutch
  { prompt: "lijst van klusjes in huis met wie het doet", language: "nl", name: "Chores", fields: ["who"] },
  {
    prompt: "Ik wil mijn hardloopsessies bijhouden: datum, afstand in km, tijd en hoe ik me voelde.",
    language: "nl",
    name: "Run",
    fields: ["distance"],
  },
  {
    prompt: "klantenlijst voor mijn kapsalon met naam, telefoon en adres",
    language: "nl",
    name: "Clients",
    fields: ["phone", "address"],
  },
  // Polish
  {
    prompt: "dziennik treningów na siłowni: ćwiczenie, ciężar, powtórzenia, serie",
    language: "pl",
    name: "Workouts",
    fields: ["exercise", "weight", "reps", "sets"],
  },
  {
    prompt: "chcę zapisywać moje partie szachowe: z kim grałem, jakim kolorem i wynik",
    language: "pl",
    name: "Chess",
    fields: ["colour", "result"],
  },
  {
    prompt: "lista klientów mojego sklepu z imieniem, telefonem i adresem",
    language: "pl",
    name: "Client",
    fields: ["name", "phone", "address"],
  },
  // Swedish
  {
    prompt: "Jag samlar på vinylskivor och vill ha ett register: artist, titel, år, skick och pris",
    language: "sv",
    name: "Vinyl",
    fields: ["title", "condition", "price"],
  },
  {
    prompt: "vi är ett fotbollslag och behöver en lista över spelare med namn, telefon och position",
    language: "sv",
    name: "Match",
    fields: ["phone"],
  },
  {
    prompt: "En app för att logga mina löprundor med datum, distans, tid och hur det kändes.",
    language: "sv",
    name: "Runs",
    fields: ["distance"],
  },
  // Portuguese
  {
    prompt:
      "tenho uma loja de roupas pequena e preciso controlar o estoque: produto, tamanho, cor, quantidade",
    language: "pt",
    name: "Inventory",
    fields: ["size", "colour"],
  },
  { prompt: "lista de tarefas da casa", language: "pt", name: "Chores", fields: ["task"] },
  {
    prompt: "lista de clientes do salão com nome, telefone e endereço",
    language: "pt",
    name: "Clients",
    fields: ["phone", "address"],
  },
  // Turkish
  {
    prompt:
      "Küçük bir kafem var, müşterilerin siparişlerini kaydetmek istiyorum: müşteri adı, ürün, adet ve fiyat",
    language: "tr",
    name: "Orders",
    fields: ["product", "quantity", "price"],
  },
  {
    prompt: "okuduğum kitapların listesi: yazar, puan ve bitirdiğim tarih",
    language: "tr",
    name: "Books",
    fields: ["author"],
  },
  {
    prompt: "öğrencilerimin listesi: isim, telefon ve seviye",
    language: "tr",
    name: "Pupils",
    fields: ["phone", "level"],
  },
];

for (const c of CASES) {
  Deno.test(`a prompt in ${c.language} is built with its records and fields in English: ${c.prompt}`, () => {
    assert.equal(understand(c.prompt).detected, c.language);
    const { spec } = composeSpec(c.prompt, { tier: "light" });
    assert.ok(spec.name.includes(c.name), spec.name);
    const keys = spec.entities.flatMap((e) => e.fields.map((f) => f.key));
    for (const key of c.fields) assert.ok(keys.includes(key), `${key} in ${keys.join(",")}`);
  });
}

Deno.test("a compound of two known words is glossed as both, the head last", () => {
  assert.match(
    understand("Ik wil mijn hardloopsessies bijhouden: datum en afstand").other!.gloss.text,
    /run sessions/,
  );
  assert.match(
    understand("jag vill få en beställningslista varje fredag").other!.gloss.text,
    /orders list/,
  );
});

Deno.test("a function word is glossed only by an entry written as it is typed, marks and all", () => {
  // ("är" is, folded as "år" year is.)
  const gloss = understand("vi är ett fotbollslag och behöver en lista över spelare").other!.gloss.text;
  assert.ok(!/\byear\b/.test(gloss), gloss);
  assert.match(gloss, /list of players/);
});

Deno.test("a Polish word is looked up less its case ending", () => {
  assert.equal(withoutEnding("czasem", "pl"), "czas");
  assert.equal(withoutEnding("klubie", "pl"), "klub");
  assert.equal(withoutEnding("szachowe", "pl"), "szach");
  // (Three letters are kept at least.)
  assert.equal(withoutEnding("psy", "pl"), "psy");
  assert.equal(withoutEnding("czasem", "pt"), "czasem");
});

Deno.test("a word the gloss holds as a word of its own names no concept it only shares a stem with", () => {
  // ("toplam" is total; "toplantı" is a meeting.)
  const ids = otherConcepts("hafta sonunda toplam borcu görmek istiyorum", "tr").map((m) => m.id);
  assert.ok(!ids.includes("meeting"), ids.join(","));
});
