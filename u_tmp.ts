import { understand } from "./supabase/functions/_shared/generation/understand/index.ts";
const u = understand(Deno.args[0]);
console.log(JSON.stringify(u, (k, v) => (k === "start" || k === "end") ? undefined : v));
