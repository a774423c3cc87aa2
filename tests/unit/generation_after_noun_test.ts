import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { isShell } from "../../eval/eval-prompts.ts";

const fieldsOf = (prompt: string) => {
  const { spec } = composeSpec(prompt, { tier: "light" });
  return { spec, fields: spec.entities.flatMap((e) => e.fields) };
};

Deno.test("a question after the records' noun is a field of them, typed by what it asks", () => {
  const cases: [string, string, string][] = [
    ["the boxes in the attic and since when", "Date", "date"],
    ["cushions and how many", "Quantity", "number"],
    ["le scatole in soffitta e da quando", "Data", "date"],
    ["gli attrezzi e chi li ha", "Persona", "text"],
    ["vini in cantina e quante bottiglie", "Bottiglie", "number"],
    ["mes bocaux et depuis quand", "Date", "date"],
    ["mes cartons et combien ça coûte", "Prix", "money"],
    ["las cajas y dónde están", "Lugar", "text"],
    ["la cena de navidad y quién lleva qué", "Invitado", "choice"],
    ["werkzeuge und wer sie hat", "Person", "text"],
    ["kisten im keller und seit wann", "Datum", "date"],
  ];
  for (const [prompt, label, type] of cases) {
    const { spec, fields } = fieldsOf(prompt);
    assert.ok(!isShell(spec), `no shell: ${prompt}`);
    const field = fields.find((f) => f.label === label);
    assert.ok(field, `${label} in ${prompt}: ${fields.map((f) => f.label).join(", ")}`);
    assert.equal(field.type, type, `${label} of ${prompt}`);
  }
});

Deno.test("sides joined by and or or after the noun are a choice of side, the noun kept as the name", () => {
  const cases: [string, string, string[], string][] = [
    ["exercises for left and right leg", "Side", ["left", "right"], "Exercises"],
    ["esercizi per gamba sinistra e destra", "Lato", ["sinistra", "destra"], "Esercizi"],
    ["étirements gauche et droite", "Côté", ["gauche", "droite"], "Étirements"],
    ["estiramientos izquierda y derecha", "Lado", ["izquierda", "derecha"], "Estiramientos"],
    ["dehnübungen links und rechts", "Seite", ["links", "rechts"], "Dehnübungen"],
  ];
  for (const [prompt, label, options, name] of cases) {
    const { spec, fields } = fieldsOf(prompt);
    const field = fields.find((f) => f.label === label);
    assert.ok(field, `${label} in ${prompt}: ${fields.map((f) => f.label).join(", ")}`);
    assert.equal(field.type, "choice");
    for (const o of options) {
      assert.ok(JSON.stringify(field).toLowerCase().includes(o), `${o} among the sides of ${prompt}`);
    }
    assert.ok(spec.name.startsWith(name), `${spec.name} of ${prompt}`);
  }
});

Deno.test("records named by a noun of acts done to a thing are a dated log of it", () => {
  const cases: [string, string][] = [
    ["gutter cleanings", "Gutter"],
    ["cambi del filtro dell'acqua", "Cambi del filtro dell'acqua"],
    ["les détartrages de la bouilloire", "Détartrages de la bouilloire"],
    ["limpiezas del acuario", "Limpiezas del acuario"],
    ["Filterwechsel", "Filterwechsel"],
  ];
  for (const [prompt, name] of cases) {
    const { spec, fields } = fieldsOf(prompt);
    assert.ok(!isShell(spec), `no shell: ${prompt}`);
    assert.ok(
      spec.screens.some((s) => s.block === "log"),
      `a log of ${prompt}: ${spec.screens.map((s) => s.block)}`,
    );
    assert.ok(fields.some((f) => f.type === "date"), `a date in ${prompt}`);
    assert.ok(spec.name.startsWith(name), `${spec.name} of ${prompt}`);
  }
});
