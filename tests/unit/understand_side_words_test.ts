import assert from "node:assert/strict";
import { findConcepts } from "../../supabase/functions/_generator/understand/concepts.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

Deno.test("a relative clause's verb names no concept and is no ask's subject: it is what a noun does", () => {
  assert.deepEqual(findConcepts("a list of tables for my terrace that fills up on sundays", "en"), []);
  for (
    const [prompt, verb] of [
      ["a list of tables for my terrace that fills up on sundays", "fills"],
      ["tavoli del mio locale che si riempie la domenica", "riempie"],
      ["les tables de ma terrasse qui se remplit le dimanche", "remplit"],
      ["las mesas de mi terraza que se llena los domingos", "llena"],
      ["Tische für meine Terrasse, die sich sonntags füllt", "füllt"],
    ]
  ) {
    const subjects = understand(prompt).asks.map((a) => a.subject ?? "");
    assert.ok(subjects.every((s) => !s.includes(verb)), `${prompt}: ${subjects}`);
  }
});

Deno.test("a verb the speaker does, or one with no noun or a time before its relative word, still names the records", () => {
  assert.equal(findConcepts("i fill up the car every week", "en")[0]?.id, "fuel-fill-up");
  assert.equal(findConcepts("apunto lo que gasto cada semana", "es")[0]?.id, "expense");
  assert.equal(
    findConcepts("quiero apuntar cada vez que corto el césped del jardín", "es")[0]?.id,
    "lawn-mowing",
  );
  assert.ok(
    understand("who is bringing which dish to the picnic").asks.some((a) => a.subject?.includes("dish")),
  );
});
