// Every function also runs alone under Deno.serve, as the hosted runtime runs it: the handler sees
// `/<function name>/*` paths and reads its configuration from the environment.
import assert from "node:assert/strict";
import { join } from "node:path";
import { freePort, ROOT } from "../scripts/local/stack.ts";
import { NO_STACK } from "./helpers.ts";

Deno.test({
  name: "the v1 function serves alone with deno run",
  ignore: NO_STACK,
  async fn() {
    const port = freePort();
    const child = new Deno.Command(join(ROOT, "node_modules/.bin/deno"), {
      args: ["run", "-A", "supabase/functions/v1/index.ts"],
      cwd: ROOT,
      env: { ...Deno.env.toObject(), PORT: String(port) },
      stdout: "null",
      stderr: "null",
    }).spawn();
    try {
      let res: Response | undefined;
      for (let i = 0; i < 100 && !res; i++) {
        res = await fetch(`http://127.0.0.1:${port}/v1/health`).catch(() => undefined);
        if (!res) await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(res, "the function did not start");
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { ok: true });
      const missing = await fetch(`http://127.0.0.1:${port}/v1/nope`);
      assert.equal(missing.status, 404);
      assert.equal((await missing.json()).code, "not_found");
    } finally {
      child.kill("SIGTERM");
      await child.status;
    }
  },
});
