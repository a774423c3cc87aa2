// The values a prompt offers for a field, however it offers them: examples are no choice, "either … or" offers
// a choice the records' own choice may already be, numbers within values "or" joins are theirs, and a choice
// of how often is named so.
import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const choices = (prompt: string) =>
  understand(prompt).asks.filter((a) => a.type === "choice").flatMap((a) => a.fields)
    .filter((f) => f.type === "choice");
const fields = (prompt: string) =>
  composeSpec(prompt, { tier: "light" }).spec.entities.flatMap((e) => e.fields);

Deno.test("two values the words of examples open, joined by 'or', are no choice", () => {
  for (
    const [prompt, field] of [
      ["stargazing log: date, object (like M31 or saturn), seeing and notes", "object"],
      ["my books with title and genre (e.g. crime or fantasy)", "genre"],
      [
        "diario delle uscite in bici, con data, km e percorso (per esempio monte grappa o il giro del lago)",
        "percorso",
      ],
      ["i miei libri con titolo e genere (ad esempio giallo o fantasy)", "genere"],
      ["mes films avec le titre et le genre (par exemple comédie ou drame)", "genre"],
      ["lista de pelis que quiero ver, con titulo y plataforma (por ejemplo netflix o filmin)", "plataforma"],
      ["mis libros con título y género (por ejemplo novela o ensayo)", "género"],
      ["lesetagebuch mit titel, autor und genre (z.b. krimi oder fantasy)", "genre"],
      ["lesetagebuch mit titel, autor und genre z.b. krimi oder fantasy", "genre"],
      ["meine Fahrten mit Datum und Fahrrad (z. B. Rennrad oder Mountainbike)", "fahrrad"],
    ] as const
  ) {
    assert.deepEqual(choices(prompt), [], prompt);
    const named = fields(prompt).filter((f) => f.label.toLowerCase().includes(field));
    assert.ok(named.every((f) => !f.options?.length), `${prompt}: ${JSON.stringify(named)}`);
  }
  // Two values with no such words, or a longer list after them, are still the field's values.
  assert.equal(choices("bouldering log: date, gym (Boulder Barn or The Crag)")[0]?.options?.length, 2);
  assert.deepEqual(choices("le mie birre con stile (ad es. ipa, lager, stout) e voto")[0]?.options, [
    "ipa",
    "lager",
    "stout",
  ]);
  assert.deepEqual(choices("my runs with the surface e.g. road, trail, sand")[0]?.options, [
    "road",
    "trail",
    "sand",
  ]);
});

Deno.test("'either … or' offers a choice the records' own choice of those values takes", () => {
  for (
    const [prompt, name, label, options] of [
      ["log my expenses with amount, date and paid either cash or card", "paid", "Paid with", [
        "cash",
        "card",
      ]],
      [
        "mes dépenses avec le montant, la date et payé soit en espèces soit par carte",
        "payé",
        "Payé",
        ["espèces", "carte"],
      ],
      [
        "je veux noter mes dépenses avec le montant et le mode de paiement soit espèces soit carte",
        "mode de paiement",
        "Mode de paiement",
        ["espèces", "carte"],
      ],
      [
        "meine Ausgaben mit Betrag, Datum und bezahlt entweder bar oder mit Karte",
        "bezahlt",
        "Bezahlt mit",
        ["bar", "Karte"],
      ],
    ] as const
  ) {
    assert.deepEqual(choices(prompt), [{ name, type: "choice", options: [...options] }], prompt);
    const made = fields(prompt).filter((f) => f.type === "choice" && f.options?.includes(options[0]));
    assert.deepEqual(made.map((f) => [f.label, f.options]), [[label, [...options]]], prompt);
  }
  // A choice sharing one value of six is another choice: the records' categories stay.
  const kinds = fields("haushaltsbuch, jede ausgabe entweder bar oder karte, mit betrag und datum");
  assert.deepEqual(kinds.find((f) => f.label === "Bezahlt mit")?.options, ["bar", "karte"]);
  assert.equal(kinds.find((f) => f.label === "Kategorie")?.options?.length, 6);
});

Deno.test("numbers within values 'or' joins in brackets are theirs, no range", () => {
  for (
    const [prompt, name, options] of [
      [
        "observing log: date, which telescope (8 inch dob or 80mm refractor), eyepiece",
        "telescope",
        ["8 inch dob", "80mm refractor"],
      ],
      [
        "i miei concerti con data e strumento (chitarra 6 corde o basso 4 corde)",
        "strumento",
        ["chitarra 6 corde", "basso 4 corde"],
      ],
      [
        "mis observaciones con fecha y telescopio (dobson de 8 pulgadas o refractor de 80mm)",
        "telescopio",
        ["dobson de 8 pulgadas", "refractor de 80mm"],
      ],
    ] as const
  ) {
    assert.deepEqual(choices(prompt).find((f) => f.name === name)?.options, [...options], prompt);
  }
  // A range stays a range, and amounts alone are no values of a field.
  assert.deepEqual(choices("my workouts with date and effort (1-5)"), []);
  assert.deepEqual(choices("tip calculator (15 or 20%)"), []);
});

Deno.test("a choice of how often is named so", () => {
  for (
    const [prompt, name, options] of [
      [
        "a list of friends with how often (every week, every 2 weeks, every month) and when we last spoke",
        "how often",
        ["every week", "every 2 weeks", "every month"],
      ],
      [
        "lista contatti da sentire, quanto spesso (ogni settimana, ogni 2 settimane, ogni mese) e l ultima volta",
        "quanto spesso",
        ["ogni settimana", "ogni 2 settimane", "ogni mese"],
      ],
      [
        "mis amigos con cada cuánto (cada semana, cada 2 semanas, cada mes) y la última vez",
        "frecuencia",
        ["cada semana", "cada 2 semanas", "cada mes"],
      ],
      [
        "kontakte pflegen: name, wie oft (jede woche, alle 2 wochen, jeden monat) und wann zuletzt gesprochen",
        "wie oft",
        ["jede woche", "alle 2 wochen", "jeden monat"],
      ],
      [
        "mes amis avec la fréquence (chaque semaine, toutes les 2 semaines, chaque mois) et la dernière fois",
        "fréquence",
        ["chaque semaine", "toutes les 2 semaines", "chaque mois"],
      ],
    ] as const
  ) {
    assert.deepEqual(choices(prompt), [{ name, type: "choice", options: [...options] }], prompt);
    const label = name[0].toUpperCase() + name.slice(1);
    assert.deepEqual(fields(prompt).find((f) => f.label === label)?.options, [...options], prompt);
  }
});
