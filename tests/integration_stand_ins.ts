// The integrations' upstreams for tests — GitHub, the stack's own stand-in (real repositories) on a directory
// of its own, and the Supabase Management API (OAuth with PKCE, projects, keys, profile) — and the API built
// in-process with its integrations configured against them. The adapters are the production ones; only
// their base URLs point here.
import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import { base64url, exportPKCS8, exportSPKI, generateKeyPair } from "jose";
import type postgres from "postgres";
import type { GitHubOptions } from "../supabase/functions/_shared/adapters/github.ts";
import { GitHost } from "../scripts/local/git-host.ts";
import { REPOHOST_CALLBACK_URL } from "../scripts/local/stack.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import type { Deps } from "../supabase/functions/_shared/deps.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { inProcessApi } from "./helpers.ts";
import { StandInServer } from "./stand_in_server.ts";

// ---------------------------------------------------------------------------------------------------------
// Loopback servers

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | null;
  contentType: string | null;
  accept: string | null;
  text: string;
}

export const HANG = Symbol("hang");
type Route = (req: Seen) => Response | typeof HANG | Promise<Response | typeof HANG>;

/** A server on a free loopback port that records every request and answers through `route`. */
export class Loopback extends StandInServer {
  readonly seen: Seen[] = [];

  constructor(private readonly route: Route) {
    super();
  }

  protected async handle(req: Request): Promise<Response> {
    const seen: Seen = {
      method: req.method,
      path: new URL(req.url).pathname,
      query: new URL(req.url).searchParams,
      authorization: req.headers.get("authorization"),
      contentType: req.headers.get("content-type"),
      accept: req.headers.get("accept"),
      text: await req.text(),
    };
    this.seen.push(seen);
    const answer = await this.route(seen);
    return answer === HANG ? await this.hang() : answer;
  }
}

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

/** A new GitHub stand-in, its repositories in a new directory that close() removes. */
export async function startGitHost(): Promise<GitHost> {
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
// Supabase Management API stand-in

export const SB_CLIENT_ID = "6f1c3f0e-8a55-4c1e-9d0e-4f6b8a2c7d10";
export const SB_CLIENT_SECRET = `sba_${crypto.randomUUID()}`;
export const ACCESS = `sbp_oauth_${crypto.randomUUID().replaceAll("-", "")}`;
export const REVOKED = "sbp_oauth_revoked";
export const BROKEN = `sbp_oauth_broken_${crypto.randomUUID()}`;
export const SLOW = "sbp_oauth_slow";
export const REF = "abcdefghijklmnopqrst";
export const PUBLISHABLE_ONLY_REF = "publishableonlyprojx";

interface SbAccount {
  id: string;
  username: string;
  /** As the Management API lists them. */
  projects: Record<string, unknown>[];
  organizations: Record<string, unknown>[];
  apiKeys: Map<string, { name: string; type: string; api_key: string | null }[]>;
  /** Every call with the account's token answers 500. */
  broken?: boolean;
}

interface SbCode {
  account: string;
  /** Set for codes of a consent: single-use, bound to the redirect URI and the PKCE challenge. */
  consent?: { redirectUri: string; challenge: string };
}

const lowerLetters = (n: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String.fromCharCode(97 + (b % 26))).join("");

/**
 * The Supabase Management API for any number of accounts. The unit tests use the default account through
 * the fixed ACCESS token and the standing code `good-code`; the HTTP tests add accounts and go through
 * consent, code exchange with PKCE, refresh and revocation.
 */
export class FakeSupabase {
  readonly server = new Loopback((req) => this.route(req));
  /** Every form the token endpoint received. */
  readonly forms: Record<string, string>[] = [];
  readonly accounts = new Map<string, SbAccount>();
  /** Seconds an access token issued from now on lives. */
  accessTokenLifetime = 86400;
  private readonly accessTokens = new Map<string, { account: string; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, string>();
  private readonly codes = new Map<string, SbCode>();
  private issued = 0;

  constructor() {
    const id = "9b2f0f39-5d0a-4a43-9d54-0fd0c9ac4c11";
    this.accounts.set(id, {
      id,
      username: "alice",
      projects: [
        {
          id: REF,
          ref: REF,
          organization_id: "acme-slug",
          organization_slug: "acme-slug",
          name: "Acme production",
          region: "eu-central-1",
          created_at: "2026-03-01T10:00:00.000Z",
          status: "ACTIVE_HEALTHY",
          database: { host: "db.x", version: "17", postgres_engine: "17", release_channel: "ga" },
        },
        // The shape of older answers: the slug only under the deprecated organization_id.
        {
          ref: "zyxwvutsrqponmlkjihg",
          organization_id: "legacy-org",
          name: "Old",
          region: "us-east-1",
          created_at: "2024-01-01T00:00:00Z",
        },
      ],
      organizations: [{ id: "acme-slug", slug: "acme-slug", name: "Acme" }, {
        id: "legacy-org",
        name: "Legacy",
      }],
      apiKeys: new Map([
        [REF, [
          { name: "service_role", api_key: "service-role-key-never-returned", type: "legacy" },
          { name: "anon", api_key: "anon-key-value", type: "legacy" },
        ]],
        [PUBLISHABLE_ONLY_REF, [
          { name: "default", api_key: null, type: "secret" },
          { name: "default", api_key: "sb_publishable_abc", type: "publishable" },
        ]],
      ]),
    });
    this.accessTokens.set(ACCESS, { account: id, expiresAt: Infinity });
    this.codes.set("good-code", { account: id });
  }

  get url() {
    return this.server.url;
  }

  close() {
    return this.server.close();
  }

  /** A new account with one organization and `projects` database projects, each with an anon key. */
  addAccount(projects = 2): SbAccount {
    const id = crypto.randomUUID();
    const slug = `org-${lowerLetters(8)}`;
    const account: SbAccount = {
      id,
      username: `user_${lowerLetters(6)}`,
      projects: [],
      organizations: [{ id: slug, slug, name: `Org ${slug}` }],
      apiKeys: new Map(),
    };
    for (let i = 0; i < projects; i++) {
      const ref = lowerLetters(20);
      account.projects.push({
        id: ref,
        ref,
        organization_id: slug,
        organization_slug: slug,
        name: `Database ${i + 1}`,
        region: "eu-central-1",
        created_at: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
        status: "ACTIVE_HEALTHY",
      });
      account.apiKeys.set(ref, [
        { name: "service_role", api_key: `service-${crypto.randomUUID()}`, type: "legacy" },
        { name: "anon", api_key: `anon-${crypto.randomUUID()}`, type: "legacy" },
      ]);
    }
    this.accounts.set(id, account);
    return account;
  }

  /**
   * The user consents on the authorize page as `account`: answers where the browser is sent back to, with
   * a fresh single-use code and the state.
   */
  consent(authorizeUrl: string, account: string): string {
    const url = new URL(authorizeUrl);
    assert.equal(`${url.origin}${url.pathname}`, `${this.url}/v1/oauth/authorize`);
    assert.equal(url.searchParams.get("client_id"), SB_CLIENT_ID);
    assert.equal(url.searchParams.get("response_type"), "code");
    assert.equal(url.searchParams.get("code_challenge_method"), "S256");
    const redirectUri = url.searchParams.get("redirect_uri")!;
    const code = crypto.randomUUID();
    this.codes.set(code, {
      account,
      consent: { redirectUri, challenge: url.searchParams.get("code_challenge")! },
    });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", url.searchParams.get("state")!);
    return back.href;
  }

  /** The account's access tokens stop working, as once they expire. */
  expireAccessTokens(account: string) {
    for (const grant of this.accessTokens.values()) {
      if (grant.account === account) grant.expiresAt = 0;
    }
  }

  /** The user revokes the app: no token of the account works any more. */
  revoke(account: string) {
    for (const [token, grant] of this.accessTokens) {
      if (grant.account === account) this.accessTokens.delete(token);
    }
    for (const [token, owner] of this.refreshTokens) if (owner === account) this.refreshTokens.delete(token);
  }

  private route(req: Seen): Response | typeof HANG {
    if (req.path === "/v1/oauth/token") return this.token(req);
    const token = req.authorization?.replace(/^Bearer /, "") ?? "";
    if (token === SLOW) return HANG;
    const grant = this.accessTokens.get(token);
    const account = grant && grant.expiresAt > Date.now() ? this.accounts.get(grant.account) : undefined;
    if (token === BROKEN || account?.broken) {
      // Echoes credentials, as a careless proxy might, to prove they never reach the service's messages.
      return Response.json({ message: `failed for ${token} (client ${SB_CLIENT_SECRET})` }, { status: 500 });
    }
    if (!account) return Response.json({ message: "Unauthorized" }, { status: 401 });
    if (req.path === "/v1/projects") return Response.json(account.projects);
    if (req.path === "/v1/organizations") return Response.json(account.organizations);
    if (req.path === "/v1/profile") {
      return Response.json({
        gotrue_id: account.id,
        primary_email: "a@example.com",
        username: account.username,
      });
    }
    const keys = /^\/v1\/projects\/([^/]+)\/api-keys$/.exec(req.path);
    const listed = keys ? account.apiKeys.get(keys[1]) : undefined;
    if (listed) return Response.json(listed);
    return Response.json({ message: "Not Found" }, { status: 404 });
  }

  private grant(account: string): Response {
    const n = ++this.issued;
    this.accessTokens.set(`access-${n}`, {
      account,
      expiresAt: Date.now() + this.accessTokenLifetime * 1000,
    });
    this.refreshTokens.set(`refresh-${n}`, account);
    return Response.json({
      access_token: `access-${n}`,
      refresh_token: `refresh-${n}`,
      expires_in: this.accessTokenLifetime,
      token_type: "Bearer",
    }, { status: 201 });
  }

  private token(req: Seen): Response {
    assert.equal(req.method, "POST");
    assert.equal(req.contentType, "application/x-www-form-urlencoded");
    if (req.authorization !== `Basic ${btoa(`${SB_CLIENT_ID}:${SB_CLIENT_SECRET}`)}`) {
      return Response.json({ message: "Invalid client credentials" }, { status: 401 });
    }
    const form = Object.fromEntries(new URLSearchParams(req.text));
    this.forms.push(form);
    if (form.grant_type === "authorization_code") {
      const code = this.codes.get(form.code);
      if (code?.consent) this.codes.delete(form.code);
      if (code && (!code.consent || pkceHolds(code.consent, form))) return this.grant(code.account);
      return Response.json({ error: "invalid_grant", message: `code ${form.code} is invalid` }, {
        status: 400,
      });
    }
    const account = form.grant_type === "refresh_token"
      ? this.refreshTokens.get(form.refresh_token)
      : undefined;
    if (account) {
      // Single-use, as Supabase's refresh tokens are.
      this.refreshTokens.delete(form.refresh_token);
      return this.grant(account);
    }
    return Response.json({ message: `refresh token ${form.refresh_token} revoked` }, { status: 401 });
  }
}

/** A consented code is exchanged with the redirect URI it was issued for and the verifier of its challenge. */
function pkceHolds(
  consent: { redirectUri: string; challenge: string },
  form: Record<string, string>,
): boolean {
  if (form.redirect_uri !== consent.redirectUri || !form.code_verifier) return false;
  return base64url.encode(createHash("sha256").update(form.code_verifier).digest()) === consent.challenge;
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
  supabase: FakeSupabase;
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
  const supabase = new FakeSupabase();
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
