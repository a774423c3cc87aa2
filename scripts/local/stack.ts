// The embedded local stack, start to stop: the cluster, the Supabase-compatible bootstrap, the
// migrations through the real supabase CLI, the signing key, and the gateway serving every function.
import { join, resolve } from "node:path";
import { existsSync } from "node:fs";
import { type Cluster, ensureCluster, psqlFile, startCluster, stopCluster } from "./cluster.ts";
import { ensureIntegrationKeys, ensureLocalKey, integrationEnv, type LocalKey } from "./keys.ts";
import { GitHost } from "./git-host.ts";
import { DbHost } from "./db-host.ts";
import postgres from "postgres";
import { type BuildWorker, startBuildWorker } from "./build-worker.ts";

export const ROOT = resolve(import.meta.dirname!, "../..");

/** The reference page's OAuth client on the local stack (`DOCS_OAUTH_CLIENT_ID`, and first-party there). */
export const DOCS_CLIENT_ID = "docs-page";
const BIN = join(ROOT, "node_modules/.bin");

export interface StackOptions {
  dir: string;
  pgPort: number;
  gatewayPort: number;
  /** The repository host's and the database host's stand-ins; 0 or absent: free ports. */
  gitHostPort?: number;
  dbHostPort?: number;
  throwaway?: boolean;
  /** Libraries Postgres loads at start besides pg_cron (a new cluster only) */
  preload?: string[];
  seed?: boolean;
  /** Extra environment for the functions (adapters, limits) */
  env?: Record<string, string>;
  /** private.settings to write over the defaults (null removes one) */
  settings?: Record<string, string | null>;
  log?: (line: string) => void;
  /** Runs the build worker (build-worker/) beside the stack, its previews on this port */
  previewPort?: number;
  /** The build worker's device preview settings (DEVICE_PREVIEW_PORTS, _HOST, _LISTEN, _IDLE_SECONDS) */
  devicePreviewEnv?: Record<string, string>;
}

export interface Stack {
  cluster: Cluster;
  key: LocalKey;
  gatewayUrl: string;
  functionsEnv: Record<string, string>;
  gitHost: GitHost;
  dbHost: DbHost;
  buildWorker?: BuildWorker;
  stop(): Promise<void>;
}

async function runChecked(cmd: string, args: string[], env: Record<string, string> = {}) {
  const out = await new Deno.Command(cmd, { args, cwd: ROOT, env, stdout: "piped", stderr: "piped" })
    .output();
  if (!out.success) {
    throw new Error(
      `${cmd} ${args.join(" ")} failed:\n${new TextDecoder().decode(out.stderr)}${
        new TextDecoder().decode(out.stdout)
      }`,
    );
  }
}

export async function migrate(cluster: Cluster) {
  await runChecked(join(BIN, "supabase"), [
    "migration",
    "up",
    `--remote=${cluster.url}?sslmode=disable`,
    "--yes",
  ], {
    PGSSLMODE: "disable",
    SUPABASE_TELEMETRY_DISABLED: "1",
  });
}

interface LocalSecrets {
  /** Shared by the database's dispatcher and the workers. */
  workerSecret: string;
  /** Signs the local checkout page's payment events, as Stripe's endpoint secret would. */
  webhookSecret: string;
  /** Seals upstream tokens at rest (SECRETS_KEYS). */
  sealingKey: string;
}

/** The stack's own secrets, made once and kept with its data. */
async function ensureLocalSecrets(dir: string): Promise<LocalSecrets> {
  const file = join(dir, "local-secrets.json");
  if (!existsSync(file)) {
    const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
    const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
    const secrets: LocalSecrets = {
      workerSecret: hex(random(32)),
      webhookSecret: `whsec_${hex(random(24))}`,
      sealingKey: btoa(String.fromCharCode(...random(32))),
    };
    await Deno.writeTextFile(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return JSON.parse(await Deno.readTextFile(file));
}

/** Writes private.settings; values travel as query parameters, never spliced into SQL. */
export async function writeSettings(cluster: Cluster, settings: Record<string, string | null>) {
  const sql = postgres(cluster.adminUrl, { prepare: false, max: 1, onnotice: () => {} });
  try {
    for (const [key, value] of Object.entries(settings)) {
      if (value === null) await sql`delete from private.settings where key = ${key}`;
      else await sql`select private.set_setting(${key}, ${value})`;
    }
  } finally {
    await sql.end();
  }
}

async function waitForHealth(url: string, gateway: Deno.ChildProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  gateway.status.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(url);
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    exited ? "the gateway exited during start-up" : `the gateway did not answer ${url} in time`,
  );
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log ?? (() => {});
  const cluster = await ensureCluster(join(opts.dir, "pg"), opts.pgPort, {
    throwaway: opts.throwaway,
    preload: opts.preload,
  });
  log(`postgres: starting on 127.0.0.1:${opts.pgPort}`);
  await startCluster(cluster);
  try {
    log("postgres: bootstrap (roles, auth schema, extensions, pg_net stand-in)");
    await psqlFile(cluster, join(ROOT, "scripts/local/bootstrap.sql"));
    await psqlFile(cluster, join(ROOT, "scripts/local/pg_net.sql"));
    log("postgres: applying supabase/migrations with the supabase CLI");
    await migrate(cluster);
    if (opts.seed && existsSync(join(ROOT, "supabase/seed.sql"))) {
      log("postgres: seed.sql");
      await psqlFile(cluster, join(ROOT, "supabase/seed.sql"), cluster.url);
    }
  } catch (err) {
    await stopCluster(cluster);
    throw err;
  }
  const key = await ensureLocalKey(opts.dir);
  const gatewayUrl = `http://127.0.0.1:${opts.gatewayPort}`;
  const secrets = await ensureLocalSecrets(opts.dir);
  await writeSettings(cluster, {
    runner_url: `${gatewayUrl}/functions/v1/job-runner`,
    push_worker_url: `${gatewayUrl}/functions/v1/push-worker`,
    webhook_worker_url: `${gatewayUrl}/functions/v1/webhook-worker`,
    worker_secret: secrets.workerSecret,
    // Derived from runner_url, as on a hosted deployment; a value an older stack stored is dropped.
    avatars_url: null,
    ...opts.settings,
  });
  const storageDir = join(opts.dir, "storage");
  await Deno.mkdir(storageDir, { recursive: true });
  const { gitHost, dbHost, env: integrations } = await startIntegrationHosts(opts, cluster, gatewayUrl);
  const functionsEnv = {
    SUPABASE_URL: gatewayUrl,
    SUPABASE_DB_URL: cluster.url,
    LOCAL_STORAGE_DIR: storageDir,
    WORKER_SECRET: secrets.workerSecret,
    // Tests receive webhooks on loopback receivers.
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true",
    STRIPE_WEBHOOK_SECRETS: secrets.webhookSecret,
    SECRETS_KEYS: `local:${secrets.sealingKey}`,
    SECRETS_CURRENT_KEY_ID: "local",
    // The reference page signs in through the local server as a client of its own, the service's own.
    DOCS_OAUTH_CLIENT_ID: DOCS_CLIENT_ID,
    FIRST_PARTY_CLIENT_IDS: DOCS_CLIENT_ID,
    ...integrations,
    // The MCP App frames the build worker's previews.
    ...(opts.previewPort ? { BUILD_PREVIEW_URL: `http://127.0.0.1:${opts.previewPort}` } : {}),
    ...opts.env,
  };
  log(`gateway: starting on ${gatewayUrl}`);
  const gateway = new Deno.Command(join(BIN, "deno"), {
    args: ["run", "-A", join(ROOT, "scripts/local/gateway.ts")],
    cwd: ROOT,
    env: {
      ...functionsEnv,
      GATEWAY_PORT: String(opts.gatewayPort),
      LOCAL_STACK_DIR: opts.dir,
      NET_WORKER_DB_URL: cluster.adminUrl,
    },
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  try {
    await waitForHealth(`${gatewayUrl}/functions/v1/v1/health`, gateway);
  } catch (err) {
    try {
      gateway.kill("SIGTERM");
    } catch { /* already gone */ }
    await Promise.all([gitHost.close(), dbHost.close()]);
    await stopCluster(cluster);
    throw err;
  }
  let buildWorker: BuildWorker | undefined;
  if (opts.previewPort) {
    log(`build worker: previews on 127.0.0.1:${opts.previewPort}`);
    buildWorker = await startBuildWorker(ROOT, cluster, opts.dir, opts.previewPort, opts.devicePreviewEnv);
  }
  let stopped = false;
  return {
    cluster,
    key,
    gatewayUrl,
    functionsEnv,
    gitHost,
    dbHost,
    buildWorker,
    async stop() {
      if (stopped) return;
      stopped = true;
      await buildWorker?.stop();
      try {
        gateway.kill("SIGTERM");
      } catch { /* already gone */ }
      await gateway.status;
      await Promise.all([gitHost.close(), dbHost.close()]);
      await stopCluster(cluster);
    },
  };
}

/** The GitHub App's callback URL on the stand-in: the app's deep link, as a deployment registers it. */
export const REPOHOST_CALLBACK_URL = "appgen://integrations/repohost";

/**
 * The stand-ins of GitHub and of the Supabase Management API, registered with the stack's GitHub App and
 * Supabase OAuth app (their keys made once, kept in the stack's directory), and the functions' settings
 * that point the production adapters at them.
 */
async function startIntegrationHosts(opts: StackOptions, cluster: Cluster, gatewayUrl: string) {
  const keys = await ensureIntegrationKeys(opts.dir);
  const v1 = `${gatewayUrl}/functions/v1/v1`;
  const gitHost = await GitHost.start({
    dir: join(opts.dir, "git-host"),
    port: opts.gitHostPort,
    app: {
      id: keys.github.appId,
      slug: keys.github.slug,
      clientId: keys.github.clientId,
      clientSecret: keys.github.clientSecret,
      publicKeyPem: keys.github.publicKeyPem,
      webhookSecret: keys.github.webhookSecret,
    },
    callbackUrl: REPOHOST_CALLBACK_URL,
    webhookUrl: `${v1}/repohost/webhooks`,
  });
  const dbHost = await DbHost.start({
    dir: join(opts.dir, "db-host"),
    port: opts.dbHostPort,
    client: {
      id: keys.supabase.clientId,
      secret: keys.supabase.clientSecret,
      redirectUris: [`${v1}/integrations/dbhost/callback`],
    },
    async createDatabase(name) {
      const sql = postgres(cluster.adminUrl, { prepare: false, max: 1, onnotice: () => {} });
      try {
        await sql`create database ${sql(name)}`;
      } finally {
        await sql.end();
      }
    },
  });
  const env = integrationEnv(keys, { gitHost: gitHost.url, dbHost: dbHost.url });
  return { gitHost, dbHost, env };
}

/** A free TCP port on loopback. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}
