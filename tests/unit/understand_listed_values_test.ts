import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

/** The options of every choice a prompt asks for, and the types of all its asks. */
const read = (prompt: string) => {
  const { asks } = understand(prompt);
  return {
    options: asks.filter((a) => a.type === "choice").map((a) => a.fields.flatMap((f) => f.options ?? [])),
    types: asks.map((a) => a.type),
  };
};

Deno.test("things that each state a price are a price list's items, no choice; sizes stay one", () => {
  for (
    const prompt of [
      "menu: pizza 5 €, pasta 7 €, salad 4 €. take orders",
      "Listino: orlo pantaloni 8 €, cambio cerniera 12 €, stringere un vestito 15 €",
      "vendo crêpes: nature 3 €, sucre 3,50 €, nutella 4 €",
      "Carta: arepa reina 6,50 €, tequeños 5 €, refresco 2 €. Quiero cobrar rápido",
      "Preise: Eier 0,40 € pro Stück, Kartoffeln 2,50 € pro kg, Honig 7 € das Glas",
    ]
  ) {
    const got = read(prompt);
    assert.deepEqual(got.options, [], prompt);
    assert.ok(got.types.includes("catalog"), `${prompt}: ${got.types}`);
  }
  assert.deepEqual(read("Lemonade stand. Sizes: small $1, medium $1.50, large $2.").options, [[
    "small",
    "medium",
    "large",
  ]]);
  assert.deepEqual(read("Kaffeestand, klein 2 €, mittel 2,50 € und groß 3 €").options, [[
    "klein",
    "mittel",
    "groß",
  ]]);
});

Deno.test("a bracket of a record's own fields lists fields, no choice", () => {
  for (
    const prompt of [
      "J'aimerais une appli avec mes patients (nom, adresse, digicode, téléphone), l'heure de passage prévue",
      "Necesito una ficha de cada paciente (nombre, teléfono, zona a tratar), las citas con fecha y hora",
      "a list of my clients (name, phone, address) and their visits",
      "i miei fornitori (nome, telefono, indirizzo) e gli ordini",
      "meine Lieferanten (Name, Telefon, Adresse) und die Bestellungen",
    ]
  ) {
    assert.deepEqual(read(prompt).options, [], prompt);
  }
  // (Values that name no field stay a choice.)
  assert.deepEqual(read("suivi de mes cours de yoga avec niveau (débutant, intermédiaire, avancé)").options, [
    [
      "débutant",
      "intermédiaire",
      "avancé",
    ],
  ]);
});

Deno.test("bare numbers before an amount after an 'or' take its unit: a choice of the amounts", () => {
  const cases: [string, string[]][] = [
    ["A tip calculator with 15, 18 or 20% tip", ["15%", "18%", "20%"]],
    ["calcolatore di mancia con 10, 15 o 20%", ["10%", "15%", "20%"]],
    ["calculer le pourboire de 10, 15 ou 20 %", ["10 %", "15 %", "20 %"]],
    ["Trinkgeldrechner mit 5, 10 oder 15 %", ["5 %", "10 %", "15 %"]],
    ["lezioni da 30, 45 o 60 minuti", ["30 minuti", "45 minuti", "60 minuti"]],
  ];
  for (const [prompt, options] of cases) assert.deepEqual(read(prompt).options, [options], prompt);
  // (A range's bound is none: "12-15, 18 or 20 km".)
  assert.deepEqual(read("between 12-15, 18 or 20 km").options, []);
});

Deno.test("stages a verb of marking offers one after the other are one choice of a status", () => {
  const cases: [string, string[]][] = [
    ["take orders, mark it paid and then ready", ["paid", "ready"]],
    ["pedidos, marcar como pagado y luego entregado", ["pagado", "entregado"]],
    ["ordini: segnare quando è pronto e quando è stato ritirato", ["pronto", "ritirato"]],
    ["commandes, noter quand c'est prêt et quand c'est livré", ["prêt", "livré"]],
    ["Bestellungen, als bezahlt und dann als abgeholt markieren", ["bezahlt", "abgeholt"]],
  ];
  for (const [prompt, options] of cases) assert.deepEqual(read(prompt).options, [options], prompt);
  // (Things done, not states: no choice.)
  assert.deepEqual(read("mark when I water and feed the plants").options, []);
});

Deno.test("a noun of options names the values after it, with or without a colon", () => {
  const cases: [string, string[]][] = [
    ["Coffee cart POS. Sizes small and large (+$0.75). Build the order", ["small", "large"]],
    ["coffee orders. sizes: small, medium and large", ["small", "medium", "large"]],
    ["cours de danse, trois niveaux : débutant, intermédiaire et avancé", [
      "débutant",
      "intermédiaire",
      "avancé",
    ]],
    ["Kaffeebestellungen in drei Größen: klein, mittel und groß", ["klein", "mittel", "groß"]],
    ["corsi con livelli base, medio o avanzato", ["base", "medio", "avanzato"]],
  ];
  for (const [prompt, options] of cases) assert.deepEqual(read(prompt).options, [options], prompt);
  // (A noun of options followed by a function word names no values.)
  assert.deepEqual(read("track my stress levels and sleep").options, []);
});

Deno.test("a question of whether offers every value listed after it, and asks no tick", () => {
  const cases: [string, string[]][] = [
    ["log my meals and whether breakfast, lunch or dinner", ["breakfast", "lunch", "dinner"]],
    ["registro de mis comidas y si fueron desayuno, almuerzo o cena", ["desayuno", "almuerzo", "cena"]],
    ["registro dei pasti e se era colazione, pranzo o cena", ["colazione", "pranzo", "cena"]],
  ];
  for (const [prompt, options] of cases) {
    const got = read(prompt);
    assert.deepEqual(got.options, [options], prompt);
    assert.ok(!got.types.includes("yesno"), `${prompt}: ${got.types}`);
  }
});

Deno.test("tip percentages offered are the calculator's tip, no list of records", () => {
  for (
    const prompt of [
      "tip calculator, tip 15, 18 or 20%",
      "calcolatore di mancia con 10, 15 o 20%",
    ]
  ) {
    const made = composeSpec(prompt, { tier: "light" });
    assert.deepEqual(made.spec.screens.map((s) => s.block), ["calculator"], prompt);
    const choice = made.asks.find((a) => a.type === "choice");
    assert.equal(choice?.screen, made.spec.screens[0].key, prompt);
  }
});
