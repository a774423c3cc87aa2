// A spec keeps the first prompt and the newest ones, so a project that takes follow-ups without end keeps a
// spec of bounded size (every job rewrites and stores it), while each version keeps its own prompt.
import assert from "node:assert/strict";
import { PROMPTS_KEPT, withPrompt } from "../../supabase/functions/_generator/spec-schema.ts";
import { changeSpec, composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";

Deno.test("a spec keeps the first prompt and the newest, at most PROMPTS_KEPT", () => {
  let prompts: string[] = [];
  for (let i = 1; i <= PROMPTS_KEPT; i++) prompts = withPrompt(prompts, `p${i}`);
  assert.equal(prompts.length, PROMPTS_KEPT);
  assert.equal(prompts.at(-1), `p${PROMPTS_KEPT}`);
  prompts = withPrompt(prompts, "next");
  assert.equal(prompts.length, PROMPTS_KEPT);
  assert.equal(prompts[0], "p1");
  assert.equal(prompts[1], "p3");
  assert.equal(prompts.at(-1), "next");
});

Deno.test("fifty follow-ups leave a spec the size twenty-one left", () => {
  const made = composeSpec("a reading log with title, author and pages", { tier: "light" });
  assert.ok(made.spec);
  let spec = made.spec;
  const sizes: number[] = [];
  for (let i = 0; i < 50; i++) {
    spec = changeSpec(spec, "add a rating from 1 to 5").spec;
    sizes.push(JSON.stringify(spec.prompts).length);
  }
  assert.equal(spec.prompts.length, PROMPTS_KEPT);
  assert.equal(spec.prompts[0], "a reading log with title, author and pages");
  assert.equal(sizes.at(-1), sizes[PROMPTS_KEPT]);
});
