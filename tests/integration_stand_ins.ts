// The integrations' upstreams for tests — the stack's own stand-ins of GitHub (real repositories) and of the
// Supabase Management API (projects that are databases), each on a directory of its own with its faults
// switched by the test — and the API built in-process with its integrations configured against them. The
// adapters are the production ones; only their base URLs point here.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { exportPKCS8, exportSPKI, generateKeyPair } from "jose";
import postgres from "postgres";
import type { GitHubOptions } from "../supabase/functions/_shared/adapters/github.ts";
import { GitHost } from "../scripts/local/git-host.ts";
import { DbHost, type DbHostAccount } from "../scripts/local/db-host.ts";
import { REPOHOST_CALLBACK_URL } from "../scripts/local/stack.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import type { Deps } from "../supabase/functions/_shared/deps.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { inProcessApi } from "./helpers.ts";

/** A loopback port nothing listens on: an upstream that is away. */
export function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = listener.addr.port;
  listener.close();
  return port;
}

// ---------------------------------------------------------------------------------------------------------
// GitHub: the stack's own stand-in (scripts/local/git-host.ts) on a directory of its own, registered with a
// GitHub App of the tests'.

export const APP_ID = "424242";
export const CLIENT_ID = "Iv1.0123456789abcdef";
export const CLIENT_SECRET = `gh-client-secret-${crypto.randomUUID()}`;

const keys = await generateKeyPair("RS256", { extractable: true });
export const PRIVATE_KEY_PEM = await exportPKCS8(keys.privateKey);
const PUBLIC_KEY_PEM = await exportSPKI(keys.publicKey);

/**
 * A new GitHub stand-in, its repositories in a new directory that close() removes; installation events go to
 * `webhookUrl` when given.
 */
export async function startGitHost(webhookUrl?: string): Promise<GitHost> {
  const dir = await Deno.makeTempDir({ prefix: "git-host-" });
  const host = await GitHost.start({
    dir,
    app: {
      id: APP_ID,
      slug: "appgen-test",
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      publicKeyPem: PUBLIC_KEY_PEM,
      webhookSecret: HUB_SECRET,
    },
    callbackUrl: REPOHOST_CALLBACK_URL,
    webhookUrl,
  });
  const close = host.close.bind(host);
  host.close = async () => {
    await close();
    await Deno.remove(dir, { recursive: true });
  };
  return host;
}

/** The adapter's options for the stand-in's App. */
export function gitHubOptions(host: GitHost, overrides: Partial<GitHubOptions> = {}): GitHubOptions {
  return {
    apiBaseUrl: host.url,
    oauthBaseUrl: host.url,
    appId: APP_ID,
    privateKeyPem: PRIVATE_KEY_PEM,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    timeoutMs: 5_000,
    ...overrides,
  };
}

export interface Installed {
  /** The GitHub user who installed the App. */
  user: string;
  /** The account it is installed on. */
  login: string;
  id: number;
  /** The sign-in code the callback carried, not yet exchanged. */
  code: string;
}

const login = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

/**
 * A user installs the App through the stand-in's installation flow: on a new organization, or on `account`
 * (joining it), or on their own account (`account: "own"`).
 */
export async function install(
  host: GitHost,
  opts: { user?: string; account?: string } = {},
): Promise<Installed> {
  const user = opts.user ?? login("user");
  const account = opts.account === "own" ? user : opts.account ?? login("org");
  const res = await fetch(host.installUrl({ user, account }), { redirect: "manual" });
  assert.equal(res.status, 302, await res.text());
  const back = new URL(res.headers.get("location")!);
  return {
    user,
    login: account,
    id: Number(back.searchParams.get("installation_id")),
    code: back.searchParams.get("code")!,
  };
}

/** The user token a sign-in code is exchanged for, as the service would. */
export async function userToken(host: GitHost, code: string): Promise<string> {
  const res = await fetch(`${host.url}/login/oauth/access_token`, {
    method: "POST",
    headers: { accept: "application/json" },
    body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code }),
  });
  return (await res.json()).access_token;
}

/** git on a bare repository of the stand-in. */
export async function gitIn(repo: string, args: string[]): Promise<string> {
  const out = await new Deno.Command("git", {
    args: [`--git-dir=${repo}`, ...args],
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  assert.ok(out.success, `git ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout).trim();
}

/** The files of a revision of the repository: path → bytes. */
export async function filesAt(repo: string, rev: string): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  for (
    const line of (await gitIn(repo, ["ls-tree", "-r", "-z", "--full-tree", rev])).split("\0").filter(Boolean)
  ) {
    const [meta, path] = line.split("\t");
    const out = await new Deno.Command("git", {
      args: [`--git-dir=${repo}`, "cat-file", "blob", meta.split(" ")[2]],
      stdout: "piped",
    }).output();
    files[path] = out.stdout;
  }
  return files;
}

/** The project's files as stored: path → bytes (binary files are stored in base64). */
export async function projectFileBytes(
  sql: postgres.Sql,
  projectId: number,
): Promise<Record<string, Uint8Array>> {
  const rows = await sql`select path, contents, private.file_encoding(type) as encoding
                           from public.project_files where project_id = ${projectId}`;
  return Object.fromEntries(rows.map((f) => [
    f.path,
    f.encoding === "base64"
      ? Uint8Array.from(atob(f.contents), (c) => c.charCodeAt(0))
      : new TextEncoder().encode(f.contents),
  ]));
}

// ---------------------------------------------------------------------------------------------------------
// The Supabase Management API: the stack's own stand-in (scripts/local/db-host.ts) on a directory of its own,
// registered with an OAuth app of the tests' whose redirect URI is the in-process API's callback; its projects
// are databases of the stack's cluster.

export const SB_CLIENT_ID = "6f1c3f0e-8a55-4c1e-9d0e-4f6b8a2c7d10";
export const SB_CLIENT_SECRET = `sba_${crypto.randomUUID()}`;

/** A new Management API stand-in that sends the browser back to `redirectUris`; close() removes its data. */
export async function startDbHost(redirectUris: string[]): Promise<DbHost> {
  const dir = await Deno.makeTempDir({ prefix: "db-host-" });
  const host = await DbHost.start({
    dir,
    client: { id: SB_CLIENT_ID, secret: SB_CLIENT_SECRET, redirectUris },
    async createDatabase(name) {
      const sql = postgres(Deno.env.get("TEST_ADMIN_DB_URL")!, {
        prepare: false,
        max: 1,
        onnotice: () => {},
      });
      try {
        await sql`create database ${sql(name)}`;
      } finally {
        await sql.end();
      }
    },
  });
  const close = host.close.bind(host);
  host.close = async () => {
    await close();
    await Deno.remove(dir, { recursive: true });
  };
  return host;
}

/** A new account of the stand-in with `projects` projects (at least the one every account starts with). */
export async function newAccount(host: DbHost, projects = 2): Promise<DbHostAccount> {
  const account = await host.account(`user_${crypto.randomUUID().slice(0, 8)}`);
  for (let i = account.projects.length; i < projects; i++) {
    await host.createProject(account, `Database ${i + 1}`, account.organizations[0].slug);
  }
  return account;
}

/** Every form the token endpoint received, in order. */
export function tokenForms(host: DbHost): Record<string, string>[] {
  return host.seen.filter((s) => s.path === "/v1/oauth/token").map((s) =>
    Object.fromEntries(new URLSearchParams(s.text))
  );
}

/** Whether an access token works: the profile it reads, or undefined. */
export async function profileWith(
  host: DbHost,
  accessToken: string,
): Promise<{ gotrue_id: string } | undefined> {
  const res = await fetch(`${host.url}/v1/profile`, { headers: { authorization: `Bearer ${accessToken}` } });
  return res.ok ? await res.json() : (await res.body?.cancel(), undefined);
}

/**
 * The user of `account` consents at the authorize URL in the browser: answers where the browser is sent
 * back to, with a fresh single-use code and the state.
 */
export async function consent(authorizeUrl: string, account: DbHostAccount): Promise<string> {
  const res = await fetch(`${authorizeUrl}&username=${account.username}`, { redirect: "manual" });
  assert.equal(res.status, 302, await res.text());
  return res.headers.get("location")!;
}

// ---------------------------------------------------------------------------------------------------------
// Webhook signatures

// GitHub's published example: https://docs.github.com/webhooks/using-webhooks/validating-webhook-deliveries
export const HUB_SECRET = "It's a Secret to Everybody";
export const HUB_PAYLOAD = "Hello, World!";
export const HUB_SIGNATURE = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";

/** `X-Hub-Signature-256` of a delivery, as GitHub computes it. */
export function hubSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

// ---------------------------------------------------------------------------------------------------------
// The API in-process, its integrations configured against the stand-ins

/** Where `inProcessApi` addresses the app: its public address, so OAuth callbacks come back to it. */
const IN_PROCESS_ROOT = "http://localhost";

export interface Integrations {
  /** Calls the in-process API, recorded for the contract check like calls over the gateway. */
  api: ReturnType<typeof inProcessApi>;
  /** `{base_url}` of the in-process API. */
  base: string;
  deps: Deps;
  github: GitHost;
  supabase: DbHost;
}

/**
 * Runs `fn` against the v1 API built from the test environment plus the GitHub App and Supabase OAuth app
 * of fresh stand-ins (`env` overrides any of it); everything is closed afterwards.
 */
export async function withIntegrations(
  fn: (it: Integrations) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const github = await startGitHost();
  const supabase = await startDbHost([`${IN_PROCESS_ROOT}/v1/integrations/dbhost/callback`]);
  const deps = depsFromConfig(loadConfig({
    ...Deno.env.toObject(),
    PUBLIC_FUNCTIONS_URL: IN_PROCESS_ROOT,
    GITHUB_APP_ID: APP_ID,
    GITHUB_APP_PRIVATE_KEY: PRIVATE_KEY_PEM,
    GITHUB_CLIENT_ID: CLIENT_ID,
    GITHUB_CLIENT_SECRET: CLIENT_SECRET,
    GITHUB_WEBHOOK_SECRET: HUB_SECRET,
    GITHUB_API_BASE_URL: github.url,
    GITHUB_OAUTH_BASE_URL: github.url,
    SUPABASE_OAUTH_CLIENT_ID: SB_CLIENT_ID,
    SUPABASE_OAUTH_CLIENT_SECRET: SB_CLIENT_SECRET,
    SUPABASE_MANAGEMENT_API_URL: supabase.url,
    UPSTREAM_TIMEOUT_MS: "5000",
    ...env,
  }));
  try {
    await fn({ api: inProcessApi(createV1App(deps)), base: `${IN_PROCESS_ROOT}/v1`, deps, github, supabase });
  } finally {
    await deps.db.end();
    await github.close();
    await supabase.close();
  }
}

/**
 * Runs `fn` against the v1 API built in-process as a deployment without a GitHub App or a Supabase OAuth
 * app builds it (the stack's settings less those), where their routes answer 503.
 */
export async function withoutIntegrations(
  fn: (api: ReturnType<typeof inProcessApi>) => Promise<void>,
): Promise<void> {
  const env = Object.entries(Deno.env.toObject())
    .filter(([name]) => !name.startsWith("GITHUB_") && !name.startsWith("SUPABASE_OAUTH_"));
  const deps = depsFromConfig(
    loadConfig({ ...Object.fromEntries(env), PUBLIC_FUNCTIONS_URL: IN_PROCESS_ROOT }),
  );
  try {
    await fn(inProcessApi(createV1App(deps)));
  } finally {
    await deps.db.end();
  }
}
