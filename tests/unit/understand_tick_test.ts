import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

// The names of the ticks a prompt's asks carry, in order, once each.
const ticks = (prompt: string) => [
  ...new Set(
    understand(prompt).asks.flatMap((a) => a.fields.filter((f) => f.type === "yesno").map((f) => f.name)),
  ),
];

Deno.test("a tick is named by its state, without the auxiliary or the pronoun that asked it", () => {
  for (
    const [prompt, state] of [
      ["tutoring sessions with the date and whether they've paid", "paid"],
      ["prestiti della biblioteca e se il libro è tornato", "libro tornato"],
      ["suivi des réparations, date et si le vélo est réparé", "vélo réparé"],
    ]
  ) assert.deepEqual(ticks(prompt), [state], prompt);
});

Deno.test("a state before yes/no is a tick of it, and the 'yes' never ends a tick's name", () => {
  for (
    const [prompt, state] of [
      ["volunteers with name, shift and vegetarian yes/no", "vegetarian"],
      ["ospiti con nome, tavolo e allergie sì/no", "allergie"],
      ["journal de mon fils et s'il a fait la sieste oui/non", "fait la sieste"],
    ]
  ) assert.deepEqual(ticks(prompt), [state], prompt);
});

Deno.test("a verb of ticking then 'when' ticks the state that follows", () => {
  for (
    const [prompt, state] of [
      ["Bestellungen verwalten und abhaken wenn geliefert", "geliefert"],
      ["recados de la semana para tachar cuando estén hechos", "hechos"],
      ["lavori di casa da spuntare quando sono finiti", "finiti"],
    ]
  ) assert.deepEqual(ticks(prompt), [state], prompt);
});
