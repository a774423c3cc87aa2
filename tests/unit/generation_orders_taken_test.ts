import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

const orders = (prompt: string) => understand(prompt).asks.filter((a) => a.type === "order");

Deno.test("a business's records of what its customers book, order or rent are an order, in every language", () => {
  for (
    const [prompt, subject] of [
      [
        "my barber shop: haircut $25, beard trim $15. i keep the bookings of my clients with name, date and time",
        "bookings",
      ],
      [
        "i rent out paddle boards, price list: board 20 dollars, wetsuit 5 dollars. when someone rents one i note name",
        undefined,
      ],
      [
        "affitto gommoni al mare, prezzi: gommone piccolo 80€, gommone grande 120€. per ogni noleggio segno nome, telefono e data",
        "noleggio",
      ],
      [
        "centro estetico, pulizia viso 40 euro, massaggio 50 euro. segno gli appuntamenti delle clienti: nome, trattamento, giorno e ora",
        "appuntamenti",
      ],
      [
        "je loue des vélos : vélo de ville 15 €, vélo électrique 30 €. pour chaque location je note le nom",
        "location",
      ],
      [
        "institut de beauté, épilation 20 €, soin visage 45 €. je veux noter les rendez-vous des clientes avec nom, soin, date et heure",
        "rendez-vous",
      ],
      [
        "alquilo bicis en la playa: bici normal 10€, bici eléctrica 25€. por cada alquiler apunto nombre, teléfono y hora de vuelta",
        "alquiler",
      ],
      [
        "barbería: corte 12€, barba 8€. quiero anotar las citas de los clientes con nombre, fecha y hora",
        "citas",
      ],
      [
        "Kanuverleih: Einer-Kajak 25 €, Kanadier 40 €. Bei jeder Ausleihe notiere ich Name, Telefon und Rückgabe",
        "Ausleihe",
      ],
      [
        "Friseursalon, Waschen und Schneiden 30 €, Färben 55 €. Ich will die Termine meiner Kunden mit Name, Datum und Uhrzeit eintragen",
        "Termine",
      ],
    ] as const
  ) {
    const found = orders(prompt);
    assert.equal(found.length, 1, prompt);
    assert.equal(found[0].subject, subject, prompt);
  }
});

Deno.test("records of orders or rentals the speaker keeps for themselves are no business's orders", () => {
  for (
    const prompt of [
      "We spend too much on takeaway. I want to log every order with the restaurant and the cost",
      "me voy de erasmus, quiero controlar gastos con categorías: alquiler, comida, transporte",
      "I'm paying off debt. Debts: card $3,400, car loan $8,900. Show the debts ordered smallest balance first",
    ]
  ) assert.equal(orders(prompt).length, 0, prompt);
});

Deno.test("orders asked with fields beside a catalog are records that point at its items", () => {
  for (
    const [prompt, count] of [
      [
        "my barber shop: haircut $25, beard trim $15. i keep the bookings of my clients with name, date and time",
        2,
      ],
      [
        "affitto gommoni al mare, prezzi: gommone piccolo 80€, gommone grande 120€. per ogni noleggio segno nome, telefono e data",
        2,
      ],
      [
        "salon de coiffure, coupe homme 20 €, coupe femme 35 €, couleur 50 €. je veux gérer les rendez-vous : client, prestation, coiffeuse, date et heure",
        3,
      ],
      [
        "alquilo bicis en la playa: bici normal 10€, bici eléctrica 25€. por cada alquiler apunto nombre, teléfono y hora de vuelta",
        2,
      ],
      ["barbería: corte 12€, barba 8€. quiero anotar las citas de los clientes con nombre, fecha y hora", 2],
      [
        "Friseursalon, Waschen und Schneiden 30 €, Färben 55 €. Ich will die Termine meiner Kunden mit Name, Datum und Uhrzeit eintragen",
        2,
      ],
    ] as const
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    const catalog = spec.entities.find((e) =>
      e.key === spec.screens.find((s) => s.block === "catalog")?.entity
    );
    const names = catalog?.samples.map((r) => r.name) ?? [];
    assert.equal(names.length, count, prompt);
    // The order's records, on a screen of their own, choose one of the catalog's items.
    const order = spec.entities.find((e) =>
      e !== catalog && spec.screens.some((s) => s.block === "collection" && s.entity === e.key) &&
      e.fields.some((f) => f.type === "choice" && JSON.stringify(f.options) === JSON.stringify(names))
    );
    assert.ok(order, `${prompt}: ${JSON.stringify(spec.entities.map((e) => e.fields))}`);
    assert.ok(order.fields.some((f) => f.type === "date"), prompt);
    assert.ok(!spec.screens.some((s) => s.block === "cart"), prompt);
  }
});

Deno.test("an order asked with no fields of its own beside a catalog fills a cart", () => {
  for (
    const prompt of [
      "little coffee cart. menu: espresso $2.50, flat white $4, muffin $3. i want to tap drinks to make an order",
      "Imbiss. Speisekarte: Currywurst 4,50 €, Pommes 3 €, Cola 2 €. Ich will Bestellungen aufnehmen und die Summe sehen",
    ]
  ) {
    const { spec } = composeSpec(prompt, { tier: "light" });
    assert.ok(spec.screens.some((s) => s.block === "cart"), prompt);
  }
});
