import assert from "node:assert/strict";
import { composeSpec, judgeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

// A spec another generator wrote is judged by what it holds, not by what it says: an ask about the records'
// fields or lists is built only when a field or a screen's option serves it.
Deno.test("a model's spec without a rating, a tick or a sorted list reports those asks unbuilt and unmet", () => {
  const prompt = "a list of my board games with a rating from 1 to 5, whether I own it, sorted by rating";
  const bare = composeSpec("a list of my board games", { tier: "light" }).spec;
  const judged = judgeSpec(bare, prompt);
  for (const type of ["rating", "yesno", "sort"]) {
    const ask = judged.asks.find((a) => a.type === type);
    assert.ok(ask, `${type}: ${JSON.stringify(judged.asks)}`);
    assert.equal(ask.built, false, type);
    assert.ok(judged.unmet.includes(ask.quote), `${type}: ${JSON.stringify(judged.unmet)}`);
  }
  // The same asks, served by the spec the prompt composes, are built.
  const full = judgeSpec(composeSpec(prompt, { tier: "light" }).spec, prompt);
  for (const type of ["rating", "yesno", "sort"]) {
    assert.equal(
      full.asks.find((a) => a.type === type)?.built,
      true,
      `${type}: ${JSON.stringify(full.asks)}`,
    );
  }
});
