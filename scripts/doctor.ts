// `npm run doctor [-- --json]`: whether a deployment works, one line per check. It reads the functions'
// own variables (SUPABASE_URL, SUPABASE_DB_URL, WORKER_SECRET, GENERATOR, OPENAI_*, the integrations'),
// or, without SUPABASE_URL, the local stack's (LOCAL_STACK_DIR, PG_PORT, GATEWAY_PORT, as `npm run token`).
// Exits 1 when a check fails.
import { join } from "node:path";
import postgres from "postgres";
import { type Config, loadConfig } from "../supabase/functions/_shared/config.ts";
import {
  missingSettings,
  type OptionalPart,
  PART_SETTINGS,
} from "../supabase/functions/_shared/integrations.ts";
import { openAISettings } from "../supabase/functions/_generator/model-settings.ts";
import { probeModel } from "../supabase/functions/_generator/openai-chat.ts";
import { ROOT } from "./local/stack.ts";
import { integrationEnv, readIntegrationKeys } from "./local/keys.ts";

export type Status = "ok" | "warn" | "FAIL";
export interface Check {
  name: string;
  status: Status;
  detail: string;
  [more: string]: unknown;
}

/** How long one request of a check may take. */
const TIMEOUT_MS = 15_000;

/** The functions' environment: the one given, or the local stack's when SUPABASE_URL is unset. */
export async function doctorEnv(env: Record<string, string>): Promise<Record<string, string>> {
  if (env.SUPABASE_URL) return env;
  const dir = env.LOCAL_STACK_DIR ?? join(ROOT, ".local");
  const read = (file: string) =>
    Deno.readTextFile(join(dir, file)).catch(() => {
      throw new Error("SUPABASE_URL is unset and there is no local stack here yet: run `npm start` first");
    });
  const password = (await read("pg/password")).trim();
  const secrets = JSON.parse(await read("local-secrets.json"));
  // The stand-ins' apps, once a stack of this version has made them.
  const keys = await readIntegrationKeys(dir);
  const hosts = keys
    ? integrationEnv(keys, {
      gitHost: `http://127.0.0.1:${env.GIT_HOST_PORT ?? 54323}`,
      dbHost: `http://127.0.0.1:${env.DB_HOST_PORT ?? 54324}`,
    })
    : {};
  return {
    ...env,
    ...hosts,
    SUPABASE_URL: `http://127.0.0.1:${env.GATEWAY_PORT ?? 54321}`,
    SUPABASE_DB_URL: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${
      env.PG_PORT ?? 54322
    }/postgres`,
    LOCAL_STORAGE_DIR: join(dir, "storage"),
    WORKER_SECRET: secrets.workerSecret,
    SECRETS_KEYS: `local:${secrets.sealingKey}`,
    SECRETS_CURRENT_KEY_ID: "local",
  };
}

async function get(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch { /* not JSON: kept as text */ }
  return { status: res.status, body };
}

const why = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** An HTTP check: `expect` says whether the answer is the right one. */
async function http(
  name: string,
  url: string,
  expect: (a: { status: number; body: unknown }) => boolean,
  fix: string,
  init: RequestInit = {},
): Promise<Check> {
  try {
    const a = await get(url, init);
    return expect(a)
      ? { name, status: "ok", detail: `${url} answered ${a.status}` }
      : { name, status: "FAIL", detail: `${url} answered ${a.status}: ${fix}` };
  } catch (err) {
    return { name, status: "FAIL", detail: `${url} did not answer (${why(err)}): ${fix}` };
  }
}

const isObject = (b: unknown): b is Record<string, unknown> => typeof b === "object" && b !== null;

function integrationCheck(integration: OptionalPart, c: Config): Check {
  const missing = missingSettings(integration, c);
  return missing.length === 0
    ? { name: `integration ${integration}`, status: "ok", detail: "configured", missing }
    : {
      name: `integration ${integration}`,
      status: "warn",
      detail: `not configured: its routes answer 503 integration_not_configured; set ${missing.join(", ")}`,
      missing,
    };
}

async function modelCheck(env: Record<string, string>): Promise<Check> {
  let settings;
  try {
    settings = openAISettings(env);
  } catch (err) {
    return { name: "model", status: "FAIL", detail: `${why(err)}` };
  }
  if (!settings) {
    return { name: "model", status: "ok", detail: "GENERATOR is template: the offline generator" };
  }
  const started = performance.now();
  try {
    const { model, usage } = await probeModel({
      ...settings.options,
      timeoutMs: settings.evaluatorTimeoutMs,
    });
    const latencyMs = Math.round(performance.now() - started);
    return {
      name: "model",
      status: "ok",
      detail: `${model} answered in ${latencyMs} ms (${usage.tokensIn} tokens in, ${usage.tokensOut} out)`,
      model,
      latencyMs,
      tokensIn: usage.tokensIn,
      tokensOut: usage.tokensOut,
    };
  } catch (err) {
    return {
      name: "model",
      status: "FAIL",
      detail: `${settings.options.models.light}: ${
        why(err)
      } Check OPENAI_BASE_URL, OPENAI_API_KEY and the model names.`,
    };
  }
}

/** The workers the database wakes: the setting holding each one's URL, and the answer an empty wake-up gets. */
const WORKERS = [
  // The runner refuses an empty body once it has accepted the secret.
  { setting: "runner_url", expect: (s: number) => s === 400 },
  { setting: "push_worker_url", expect: (s: number) => s >= 200 && s < 300 },
  { setting: "webhook_worker_url", expect: (s: number) => s >= 200 && s < 300 },
];

async function databaseChecks(c: Config): Promise<Check[]> {
  const sql = postgres(c.SUPABASE_DB_URL, {
    prepare: false,
    max: 1,
    onnotice: () => {},
    connect_timeout: 15,
  });
  try {
    let settings: Record<string, string | null>;
    try {
      const rows = await sql<{ key: string; value: string | null }[]>`
        select key, private.setting(key) as value
          from unnest(${[...WORKERS.map((w) => w.setting), "worker_secret"]}::text[]) as key`;
      settings = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    } catch (err) {
      return [{ name: "postgres", status: "FAIL", detail: `${why(err)}: check SUPABASE_DB_URL` }];
    }
    const checks: Check[] = [{ name: "postgres", status: "ok", detail: "connected, settings readable" }];
    const secret = settings.worker_secret;
    if (!secret) {
      checks.push({
        name: "worker_secret",
        status: "FAIL",
        detail:
          "unset in private.settings: the database wakes no worker; set it to the functions' WORKER_SECRET",
      });
    } else if (!c.WORKER_SECRET) {
      checks.push({
        name: "worker_secret",
        status: "warn",
        detail: "WORKER_SECRET is not in this environment to compare; the wake-ups below test it",
      });
    } else {
      checks.push(
        secret === c.WORKER_SECRET
          ? {
            name: "worker_secret",
            status: "ok",
            detail: "private.settings worker_secret matches WORKER_SECRET",
          }
          : {
            name: "worker_secret",
            status: "FAIL",
            detail: "private.settings worker_secret differs from WORKER_SECRET: set one to the other",
          },
      );
    }
    for (const w of WORKERS) {
      const url = settings[w.setting];
      const name = `worker ${w.setting}`;
      if (!url) {
        checks.push({
          name,
          status: "FAIL",
          detail: `${w.setting} is unset in private.settings: set it to the function's URL`,
        });
        continue;
      }
      if (!secret) continue;
      checks.push(
        await http(
          name,
          url,
          (a) => w.expect(a.status),
          a401(url),
          {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
            body: "{}",
          },
        ),
      );
    }
    return checks;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

const a401 = (url: string) =>
  `a 401 means the function's WORKER_SECRET is not private.settings worker_secret, a 404 or no answer that ${url} is not the function`;

/** Every check, in order. */
export async function runChecks(env: Record<string, string>): Promise<Check[]> {
  let c: Config;
  try {
    c = loadConfig(env);
  } catch (err) {
    return [{ name: "configuration", status: "FAIL", detail: why(err) }];
  }
  const v1 = `${c.functionsUrl}/v1`;
  const [database, ...rest] = await Promise.all([
    databaseChecks(c),
    http(
      "v1",
      `${v1}/health`,
      (a) => a.status === 200,
      "deploy the v1 function; check SUPABASE_URL or PUBLIC_FUNCTIONS_URL",
    ),
    http(
      "mcp",
      `${c.functionsUrl}/mcp/.well-known/oauth-protected-resource`,
      (a) => a.status === 200 && isObject(a.body) && a.body.resource === `${c.functionsUrl}/mcp`,
      "deploy the mcp function; its resource must be PUBLIC_FUNCTIONS_URL/mcp",
    ),
    http(
      "jwks",
      c.jwksUrl,
      (a) => a.status === 200 && isObject(a.body) && Array.isArray(a.body.keys) && a.body.keys.length > 0,
      "check SUPABASE_JWKS_URL: tokens cannot be verified without its keys",
    ),
    http(
      "oauth issuer",
      `${c.issuer}/.well-known/oauth-authorization-server`,
      (a) => a.status === 200 && isObject(a.body) && a.body.issuer === c.issuer,
      `the issuer's discovery must name ${c.issuer}; enable OAuth on the project's Auth`,
    ),
    modelCheck(env),
  ]);
  // Payments are left out: the local stack takes payments through its own checkout page without Stripe's
  // settings, and a hosted project without them says so on its first checkout (payments_not_configured).
  const parts = (Object.keys(PART_SETTINGS) as OptionalPart[]).filter((part) => part !== "payments");
  const integrations = parts.map((part) => integrationCheck(part, c));
  return [...database, ...rest, ...integrations];
}

if (import.meta.main) {
  let env: Record<string, string>;
  try {
    env = await doctorEnv(Deno.env.toObject());
  } catch (err) {
    console.error(why(err));
    Deno.exit(1);
  }
  const checks = await runChecks(env);
  if (Deno.args.includes("--json")) console.log(JSON.stringify(checks, null, 2));
  else for (const c of checks) console.log(`${c.status.padEnd(4)}  ${c.name}: ${c.detail}`);
  Deno.exit(checks.some((c) => c.status === "FAIL") ? 1 : 0);
}
