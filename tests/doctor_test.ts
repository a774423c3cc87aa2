// `npm run doctor` run as operators run it, against the stack under test with the functions' environment.
import assert from "node:assert/strict";
import { dirname } from "node:path";
import { NO_STACK, withSetting } from "./helpers.ts";
import { completion, KEY, LIGHT, PRICES, USAGE, withStandIn } from "./model_stand_in.ts";
import type { Check } from "../scripts/doctor.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

/** `npm run doctor` with the test's environment less the variables `unset` names, `env` over it. */
async function doctor(env: Record<string, string> = {}, args: string[] = ["--json"], unset: string[] = []) {
  const kept = Object.entries(Deno.env.toObject()).filter(([name]) => !unset.includes(name));
  const out = await new Deno.Command("npm", {
    args: ["run", "-s", "doctor", "--", ...args],
    env: { ...Object.fromEntries(kept), ...env },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  return { code: out.code, text, stderr: new TextDecoder().decode(out.stderr) };
}

async function checks(env: Record<string, string> = {}, unset: string[] = []) {
  const run = await doctor(env, ["--json"], unset);
  const list = JSON.parse(run.text) as Check[];
  return { code: run.code, byName: Object.fromEntries(list.map((c) => [c.name, c])), list };
}

const modelEnv = (baseUrl: string) => ({
  GENERATOR: "openai",
  OPENAI_BASE_URL: baseUrl,
  OPENAI_API_KEY: KEY,
  OPENAI_MODEL_LIGHT: LIGHT,
  OPENAI_MODEL_FULL: LIGHT,
  OPENAI_PRICES: JSON.stringify(PRICES),
});

t(
  "the test stack passes every check, its integrations configured against the stand-ins",
  async () => {
    const { code, byName, list } = await checks();
    assert.equal(code, 0, JSON.stringify(list));
    for (const name of ["postgres", "worker_secret", "v1", "mcp", "jwks", "oauth issuer", "model"]) {
      assert.equal(byName[name]?.status, "ok", `${name}: ${JSON.stringify(byName[name])}`);
    }
    for (const w of ["runner_url", "push_worker_url", "webhook_worker_url"]) {
      assert.equal(byName[`worker ${w}`]?.status, "ok", JSON.stringify(byName[`worker ${w}`]));
    }
    // The stack runs the GitHub and Supabase Management API stand-ins and configures both apps.
    for (const part of ["repohost", "repohost webhook", "dbhost"]) {
      assert.equal(byName[`integration ${part}`].status, "ok", JSON.stringify(byName[`integration ${part}`]));
      assert.deepEqual(byName[`integration ${part}`].missing, []);
    }
    // Without SUPABASE_URL it finds the local stack as `npm run token` does, and prints lines for people.
    const gateway = new URL(Deno.env.get("TEST_GATEWAY_URL")!);
    const human = await doctor({
      SUPABASE_URL: "",
      LOCAL_STACK_DIR: dirname(Deno.env.get("TEST_PG_DIR")!),
      GATEWAY_PORT: gateway.port,
      PG_PORT: new URL(Deno.env.get("SUPABASE_DB_URL")!).port,
    }, []);
    assert.equal(human.code, 0, human.text + human.stderr);
    assert.doesNotMatch(human.text, /^FAIL/m);
    assert.match(human.text, /^ok +v1: /m);
    assert.match(human.text, /^ok +integration dbhost: configured/m);
  },
);

t("a deployment without the integrations' apps is warned of, naming the variables to set", async () => {
  const unset = Object.keys(Deno.env.toObject()).filter((n) => /^(GITHUB_|SUPABASE_OAUTH_)/.test(n));
  const { code, byName, list } = await checks({}, unset);
  assert.equal(code, 0, JSON.stringify(list));
  // The same list the 503s name: tokens are sealed, but there is no GitHub App or Supabase OAuth app.
  assert.equal(byName["integration repohost"].status, "warn");
  assert.deepEqual(byName["integration repohost"].missing, [
    "GITHUB_APP_ID",
    "GITHUB_APP_PRIVATE_KEY",
    "GITHUB_CLIENT_ID",
    "GITHUB_CLIENT_SECRET",
  ]);
  assert.deepEqual(byName["integration dbhost"].missing, [
    "SUPABASE_OAUTH_CLIENT_ID",
    "SUPABASE_OAUTH_CLIENT_SECRET",
  ]);
});

t("the configured model answers one small completion, and a failing one is a FAIL", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion({ ok: true });
    const env = modelEnv(standIn.options().baseUrl);
    const answering = await checks(env);
    assert.equal(answering.code, 0, JSON.stringify(answering.list));
    const model = answering.byName.model;
    assert.equal(model.status, "ok");
    assert.equal(model.model, LIGHT);
    assert.equal(model.tokensIn, USAGE.prompt_tokens);
    assert.equal(model.tokensOut, USAGE.completion_tokens);
    assert.equal(typeof model.latencyMs, "number");
    assert.equal(standIn.seen.length, 1);
    assert.equal(standIn.seen[0].authorization, `Bearer ${KEY}`);
    assert.equal(standIn.seen[0].body.model, LIGHT);

    standIn.reply = () => Response.json({ error: { message: "invalid api key" } }, { status: 401 });
    const failing = await checks(env);
    assert.equal(failing.code, 1);
    assert.equal(failing.byName.model.status, "FAIL");
    assert.match(failing.byName.model.detail, /HTTP 401.*invalid api key/);
  });
});

t(
  "a worker secret in the database other than the functions' is a FAIL for it and for every wake-up",
  async () => {
    await withSetting("worker_secret", "x".repeat(40), async () => {
      const { code, byName } = await checks();
      assert.equal(code, 1);
      assert.equal(byName.worker_secret.status, "FAIL");
      for (const w of ["runner_url", "push_worker_url", "webhook_worker_url"]) {
        assert.equal(byName[`worker ${w}`].status, "FAIL");
        assert.match(byName[`worker ${w}`].detail, /answered 401/);
      }
    });
  },
);
