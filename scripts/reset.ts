// `npm run reset`: wipes the local stack's data (the cluster, the signing key, stored objects).
import { join } from "node:path";
import { existsSync } from "node:fs";
import { ROOT } from "./local/stack.ts";

const dir = join(ROOT, ".local");
if (existsSync(join(dir, "pg", "data", "postmaster.pid"))) {
  console.error("the local stack is running: stop it (Ctrl-C) before resetting");
  Deno.exit(1);
}
await Deno.remove(dir, { recursive: true }).catch((err) => {
  if (!(err instanceof Deno.errors.NotFound)) throw err;
});
console.log("local stack data removed; `npm start` creates it anew");
