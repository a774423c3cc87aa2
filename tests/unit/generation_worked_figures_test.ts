// Figures a prompt states as facts are worked out: a rate per hour named by its noun is paid for the records'
// hours, a share of a price paid first and what is left after it are computed fields of the records, sums kept
// in one currency and seen in another ask for a converter, and a stock with its use a day is a record of the
// days it lasts. Without the fact (no amount, no percentage, one currency, no question of how long) none is.
import assert from "node:assert/strict";
import { sentenceTokens } from "../../supabase/functions/_generator/understand/text.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { AppSpecSchema } from "../../supabase/functions/_generator/spec-schema.ts";

/** The computed fields of an app, as "Label = op(labels or constants)", constants to four places. */
function computed(prompt: string): string[] {
  const { spec } = composeSpec(prompt, { tier: "light" });
  assert.deepEqual(AppSpecSchema.safeParse(spec).error?.issues ?? [], [], prompt);
  return spec.entities.flatMap((e) =>
    e.fields.flatMap((f) =>
      f.formula
        ? [
          `${f.label} = ${f.formula.op}(${
            f.formula.of.map((o) =>
              typeof o === "number" ? Math.round(o * 1e4) / 1e4 : e.fields.find((g) => g.key === o)!.label
            ).join(", ")
          })`,
        ]
        : []
    )
  );
}

Deno.test("a rate per hour named by its noun is paid for the records' hours, in every language", () => {
  for (
    const [prompt, formula] of [
      [
        "dog walking, my hourly rate is $18. log walks with client, date and hours",
        "Total = product(Duration, 0.3)",
      ],
      [
        "pulizie a domicilio: tariffa oraria 15 €. segno i lavori con cliente, data e ore",
        "product(Ore, 15)",
      ],
      [
        "mon taux horaire est de 30 € net, je note mes missions avec client, date et nombre d'heures",
        "product(Heures, 30)",
      ],
      [
        "clases de guitarra, tarifa por hora 20 €. apunto las clases con alumno, fecha y duración",
        "product(Duración, 0.3333)",
      ],
      ["nachhilfe: stundensatz 25 €, ich trage schüler, datum und dauer ein", "product(Dauer, 0.4167)"],
    ] as const
  ) {
    const fields = computed(prompt);
    assert.ok(fields.some((f) => f.endsWith(formula)), `${prompt}: ${fields.join("; ")}`);
    // (The rate's own words ask for no rating, reminder or timetable.)
    const types = understand(prompt).asks.map((a) => a.type);
    assert.ok(
      !types.some((t) => t === "rating" || t === "reminder" || t === "schedule"),
      `${prompt}: ${types}`,
    );
  }
  // A rate's noun with no amount states no rate.
  assert.deepEqual(computed("log my jobs with client, hours and my hourly rate"), []);
});

Deno.test("a share of a price paid first, and what is left after it, are computed fields of the records", () => {
  for (
    const [prompt, share, rest] of [
      [
        "photo shoots with client, date, price and a 25% deposit, show whats left to pay after the deposit",
        "Deposit = product(Price, 0.25)",
        "Left to pay = product(Price, 0.75)",
      ],
      [
        "lavori di giardinaggio con cliente, prezzo e acconto del 40%, e quanto resta dopo l'acconto",
        "Acconto = product(Prezzo, 0.4)",
        "Da pagare = product(Prezzo, 0.6)",
      ],
      [
        "devis de travaux avec le montant et un acompte de 30 %, afficher le reste à payer après l'acompte",
        "Acompte = product(Montant, 0.3)",
        "Reste à payer = product(Montant, 0.7)",
      ],
      [
        "encargos de tartas con cliente, precio y una señal del 20%, y lo que falta despues de la señal",
        "Señal = product(Precio, 0.2)",
        "Falta por pagar = product(Precio, 0.8)",
      ],
      [
        "aufträge mit betrag und 30 % anzahlung, was nach der anzahlung noch offen ist",
        "Anzahlung = product(Betrag, 0.3)",
        "Noch offen = product(Betrag, 0.7)",
      ],
    ] as const
  ) {
    const fields = computed(prompt);
    assert.ok(fields.includes(share), `${prompt}: ${fields.join("; ")}`);
    assert.ok(fields.includes(rest), `${prompt}: ${fields.join("; ")}`);
    // (The percentage is no goal of its own.)
    assert.ok(!understand(prompt).asks.some((a) => a.type === "goal"), prompt);
  }
  // A share alone asks for no figure of what is left; a deposit with no percentage is no share.
  assert.deepEqual(computed("bookings with client, price and a 30% deposit"), [
    "Deposit = product(Price, 0.3)",
  ]);
  assert.deepEqual(computed("bookings with client, price and whether the deposit is paid"), []);
});

/** The currencies of an app's converter, first its base, with their factors ("EUR 1.08") or typed ("EUR ?"). */
function currencies(prompt: string): string[] {
  const { spec } = composeSpec(prompt, { tier: "light" });
  const group = spec.screens.find((s) => s.block === "converter")?.options.conversions
    ?.find((c) => c.group === "currency");
  return group?.units.map((u) => `${u.label} ${group.typed ? "?" : u.factor}`) ?? [];
}

Deno.test("sums kept in one currency and seen in another ask for a converter between the two", () => {
  assert.deepEqual(currencies("log expenses in the local money (baht) and have them converted to dollars"), [
    "THB ?",
    "USD ?",
  ]);
  assert.deepEqual(currencies("spese del viaggio in dollari, le voglio vedere in euro"), ["USD ?", "EUR ?"]);
  assert.deepEqual(currencies("les dépenses du voyage en yens converties en euros"), ["JPY ?", "EUR ?"]);
  assert.deepEqual(currencies("los gastos los pago en zlotys pero quiero verlos en euros"), [
    "PLN ?",
    "EUR ?",
  ]);
  assert.deepEqual(currencies("Ausgaben in Dollar erfassen, umgerechnet in Euro"), ["USD ?", "EUR ?"]);
  // A rate the prompt states converts at it, from the currency worth less.
  assert.deepEqual(
    currencies("an expenses list in euros with the total converted to dollars at 1 € = $1.08."),
    [
      "USD 1",
      "EUR 1.08",
    ],
  );
  assert.deepEqual(currencies("spese divise tra noi 4 e convertite in euro (1 € = 11,5 NOK)"), [
    "NOK 1",
    "EUR 11.5",
  ]);
  // One currency, with no word of converting, is what the sums are kept in: no converter.
  assert.deepEqual(currencies("on veut noter les dépenses et voir le total en euros"), []);
  assert.deepEqual(currencies("gastos del mes en euros con categorías"), []);
});

Deno.test("a stock and its use a day, asked how long it lasts, is a record of the days it lasts", () => {
  for (
    const [prompt, formula] of [
      [
        "the tub is 2 kg and i use 40 g a day, how long will it last",
        "Days it lasts = ratio(Tub (g), g per day)",
      ],
      [
        "il sacco è da 10 kg e il gatto ne mangia 80 g al giorno, quanto dura?",
        "Giorni di durata = ratio(Sacco (g), g al giorno)",
      ],
      [
        "le sac fait 12 kg et le chien mange 300 g par jour, combien de temps il va durer ?",
        "Durée (jours) = ratio(Sac (g), g par jour)",
      ],
      [
        "el saco es de 20 kg y mi perro come 400 g al día, ¿cuántos días me quedan?",
        "Días que dura = ratio(Saco (g), g al día)",
      ],
      [
        "der sack hat 15 kg und der hund frisst 300 g am tag, wie lange reicht das?",
        "Reicht für (Tage) = ratio(Sack (g), g pro Tag)",
      ],
    ] as const
  ) {
    const fields = computed(prompt);
    assert.ok(fields.includes(formula), `${prompt}: ${fields.join("; ")}`);
    const { spec } = composeSpec(prompt, { tier: "light" });
    const stock = spec.entities.find((e) => e.fields.some((f) => f.key === "lasts"))!;
    // (Both amounts in the use's unit: the stock's kilograms as grams.)
    assert.ok((stock.samples[0].stock as number) >= 1000, prompt);
  }
  // Without the question of how long, a weight and a ration are no stock.
  assert.deepEqual(
    computed("my dog weighs 4 kg and eats 80 g a day").filter((f) => f.includes("ratio")),
    [],
  );
});

Deno.test("a sentence ends at a mark before a space or the end, never at a mark inside a number", () => {
  const prompt = "Home is $0.14 per kWh. Work out the cost!\nNotes";
  const said = sentenceTokens(prompt).map((s) => prompt.slice(s[0].start, s.at(-1)!.end));
  assert.deepEqual(said, ["Home is $0.14 per kWh.", "Work out the cost!", "Notes"]);
});
