import { composeSpec } from "./supabase/functions/_shared/generation/compose-spec/index.ts";
for (const p of Deno.args) {
  const c = composeSpec(p, { tier: "light" });
  const s = c.spec;
  console.log(`${p}\n  ${s.kind} | ${s.name} | ${s.description}\n  ${s.entities.map((e) => `${e.key}[${e.fields.map((f) => f.key + ":" + f.type).join(",")}] ${e.samples.length}`).join("; ")}\n  ${s.screens.map((x) => x.block + JSON.stringify(x.options)).join("; ")}\n  unmet ${JSON.stringify(c.unmet)} empty ${c.withoutSamples}`);
}
