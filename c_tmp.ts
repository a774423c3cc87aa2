import { composeSpec } from "./supabase/functions/_shared/generation/compose-spec/index.ts";
import { AppSpecSchema } from "./supabase/functions/_shared/generation/spec-schema.ts";
const c = composeSpec(Deno.args[0], { tier: "light" });
console.log(JSON.stringify(c, null, 1).slice(0, Number(Deno.args[1] ?? 3000)));
const p = AppSpecSchema.safeParse(c.spec);
console.log(p.success ? "VALID" : JSON.stringify(p.error.issues));
