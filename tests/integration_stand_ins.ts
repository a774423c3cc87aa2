// Loopback stand-ins of the few upstream endpoints the integrations use — GitHub (the App, OAuth and git data
// APIs over an in-memory object store) and the Supabase Management API (OAuth with PKCE, projects, keys,
// profile) — and the API built in-process with its integrations configured against them. The adapters are
// the production ones; only their base URLs point here.
import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import { base64url, exportPKCS8, generateKeyPair, jwtVerify } from "jose";
import type { GitHubOptions } from "../supabase/functions/_shared/adapters/github.ts";
import type { RepoFile } from "../supabase/functions/_shared/ports/repohost.ts";
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

async function sha1(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function fromBase64(text: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
}

// ---------------------------------------------------------------------------------------------------------
// GitHub stand-in: the App, OAuth and git data endpoints the adapter uses, over an in-memory object store.

export const APP_ID = "424242";
export const CLIENT_ID = "Iv1.0123456789abcdef";
export const CLIENT_SECRET = `gh-client-secret-${crypto.randomUUID()}`;
export const USER_TOKEN = `ghu_${crypto.randomUUID().replaceAll("-", "")}`;
export const ORG_INSTALLATION = 42;
export const USER_INSTALLATION = 7;

type GitObject =
  | { type: "blob"; content: string }
  | { type: "tree"; entries: { path: string; mode: string; type: string; sha: string }[] }
  | { type: "commit"; tree: string; parents: string[]; message: string };

interface FakeRepo {
  defaultBranch: string;
  refs: Map<string, string>;
  /** Refs answers 409 this many more times, as while GitHub still sets a new repository up. */
  settling: number;
}

const keys = await generateKeyPair("RS256", { extractable: true });
export const PRIVATE_KEY_PEM = await exportPKCS8(keys.privateKey);

export class FakeGitHub {
  readonly server: Loopback;
  readonly objects = new Map<string, GitObject>();
  readonly repos = new Map<string, FakeRepo>();
  readonly installations = new Map<number, { login: string; type: string }>([
    [ORG_INSTALLATION, { login: "acme", type: "Organization" }],
    [USER_INSTALLATION, { login: "alice", type: "User" }],
  ]);
  /** Installation tokens handed out, by token. */
  readonly tokens = new Map<string, number>();
  /** OAuth codes, each good for a user token. */
  readonly codes = new Map<string, string>([["good-code", USER_TOKEN]]);
  /** The installations each user token reaches (GET /user/installations). */
  readonly userInstallations = new Map<string, Set<number>>([
    [USER_TOKEN, new Set([ORG_INSTALLATION, USER_INSTALLATION])],
  ]);
  readonly treeBodies: Record<string, unknown>[] = [];
  jwtsVerified = 0;
  failRepoCalls = false;
  /** Someone else pushes to the branch just before the adapter moves it. */
  interloper = false;

  constructor() {
    this.server = new Loopback((req) => this.route(req));
  }

  options(overrides: Partial<GitHubOptions> = {}): GitHubOptions {
    return {
      apiBaseUrl: this.server.url,
      oauthBaseUrl: this.server.url,
      appId: APP_ID,
      privateKeyPem: PRIVATE_KEY_PEM,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      timeoutMs: 5_000,
      ...overrides,
    };
  }

  close() {
    return this.server.close();
  }

  /** A user who signed in: their token, and a code that is exchanged for it. */
  newUser(): { code: string; token: string } {
    const token = `ghu_${crypto.randomUUID().replaceAll("-", "")}`;
    const code = crypto.randomUUID();
    this.codes.set(code, token);
    this.userInstallations.set(token, new Set());
    return { code, token };
  }

  /** The app installed on a new account (`type` Organization or User), reachable with `userToken`. */
  addInstallation(type: "Organization" | "User", userToken?: string): { id: number; login: string } {
    const id = 100_000 + Math.floor(Math.random() * 1e9);
    const login = `${type === "User" ? "user" : "org"}-${crypto.randomUUID().slice(0, 8)}`;
    this.installations.set(id, { login, type });
    if (userToken) this.userInstallations.get(userToken)!.add(id);
    return { id, login };
  }

  async store(object: GitObject): Promise<string> {
    const sha = await sha1(JSON.stringify(object));
    this.objects.set(sha, object);
    return sha;
  }

  async commitFiles(files: RepoFile[], parents: string[], message: string): Promise<string> {
    const entries = [];
    for (const f of files) {
      entries.push({
        path: f.path,
        mode: "100644",
        type: "blob",
        sha: await this.store({ type: "blob", content: f.contents }),
      });
    }
    const tree = await this.store({ type: "tree", entries });
    return await this.store({ type: "commit", tree, parents, message });
  }

  async addRepo(owner: string, name: string, defaultBranch: string, files: RepoFile[] | null) {
    const refs = new Map<string, string>();
    if (files) refs.set(defaultBranch, await this.commitFiles(files, [], "Initial commit"));
    this.repos.set(`${owner}/${name}`, { defaultBranch, refs, settling: 0 });
  }

  commit(sha: string) {
    const object = this.objects.get(sha);
    assert.ok(object?.type === "commit", `${sha} is a commit`);
    return object;
  }

  /** The files the branch holds: path → contents. */
  filesAt(repo: string, branch: string): Record<string, string> {
    const head = this.repos.get(repo)!.refs.get(branch)!;
    const tree = this.objects.get(this.commit(head).tree);
    assert.ok(tree?.type === "tree");
    return Object.fromEntries(tree.entries.map((e) => {
      const blob = this.objects.get(e.sha);
      assert.ok(blob?.type === "blob");
      return [e.path, blob.content];
    }));
  }

  private async appCaller(req: Seen): Promise<boolean> {
    const jwt = req.authorization?.replace(/^Bearer /, "") ?? "";
    try {
      const { payload } = await jwtVerify(jwt, keys.publicKey, { issuer: APP_ID, algorithms: ["RS256"] });
      assert.ok(payload.exp! - payload.iat! <= 600, "an App JWT lives at most ten minutes");
      assert.ok(payload.iat! <= Date.now() / 1000, "iat is not in the future");
      this.jwtsVerified++;
      return true;
    } catch {
      return false;
    }
  }

  private async route(req: Seen): Promise<Response> {
    if (req.path === "/login/oauth/access_token") return this.oauth(req);
    if (req.path === "/user/installations") return this.userInstallationList(req);
    if (req.path.startsWith("/app/")) {
      if (!await this.appCaller(req)) {
        return Response.json({ message: "A JSON web token could not be decoded" }, { status: 401 });
      }
      return this.app(req);
    }
    const installation = this.tokens.get(req.authorization?.replace(/^Bearer /, "") ?? "");
    if (installation === undefined) return Response.json({ message: "Bad credentials" }, { status: 401 });
    if (this.failRepoCalls) {
      // Echoes the credential, as a careless proxy might, to prove it never reaches our messages.
      return Response.json({ message: `upstream broke serving ${req.authorization}` }, { status: 500 });
    }
    const account = this.installations.get(installation)!;
    const parts = req.path.split("/").map(decodeURIComponent);
    if (parts[1] === "orgs" && parts[3] === "repos" && req.method === "POST") {
      return this.createRepo(account, parts[2], req);
    }
    if (parts[1] !== "repos") return Response.json({ message: "Not Found" }, { status: 404 });
    const [owner, name, ...rest] = parts.slice(2);
    const repo = this.repos.get(`${owner}/${name}`);
    // GitHub hides repositories the installation was not given behind 404, like missing ones.
    if (!repo || owner !== account.login) return Response.json({ message: "Not Found" }, { status: 404 });
    return await this.repoRoute(repo, req, rest);
  }

  private oauth(req: Seen): Response {
    assert.equal(req.method, "POST");
    assert.equal(req.accept, "application/json");
    assert.equal(req.contentType, "application/x-www-form-urlencoded");
    const form = Object.fromEntries(new URLSearchParams(req.text));
    if (form.client_id !== CLIENT_ID || form.client_secret !== CLIENT_SECRET) {
      return Response.json({ error: "incorrect_client_credentials" });
    }
    const token = this.codes.get(form.code);
    if (token) return Response.json({ access_token: token, token_type: "bearer", scope: "" });
    return Response.json({
      error: "bad_verification_code",
      error_description: `The code ${form.code} is incorrect or expired.`,
    });
  }

  /** Paged like GitHub's, `per_page` at most 100. */
  private userInstallationList(req: Seen): Response {
    const reached = this.userInstallations.get(req.authorization?.replace(/^Bearer /, "") ?? "");
    if (!reached) return Response.json({ message: "Bad credentials" }, { status: 401 });
    const perPage = Math.min(Number(req.query.get("per_page") ?? 30), 100);
    const page = Number(req.query.get("page") ?? 1);
    const all = [...reached].map((id) => ({ id, account: this.installations.get(id)! }));
    return Response.json({
      total_count: all.length,
      installations: all.slice((page - 1) * perPage, page * perPage),
    });
  }

  private app(req: Seen): Response {
    const m = /^\/app\/installations\/(\d+)(\/access_tokens)?$/.exec(req.path);
    const installation = m ? this.installations.get(Number(m[1])) : undefined;
    if (!m || !installation) return Response.json({ message: "Not Found" }, { status: 404 });
    if (m[2] && req.method === "POST") {
      const token = `ghs_${crypto.randomUUID().replaceAll("-", "")}`;
      this.tokens.set(token, Number(m[1]));
      return Response.json({ token, expires_at: new Date(Date.now() + 3600_000).toISOString() }, {
        status: 201,
      });
    }
    if (!m[2] && req.method === "GET") {
      return Response.json({
        id: Number(m[1]),
        account: { ...installation, id: 1 },
        target_type: installation.type,
      });
    }
    return Response.json({ message: "Not Found" }, { status: 404 });
  }

  private async createRepo(
    account: { login: string; type: string },
    org: string,
    req: Seen,
  ): Promise<Response> {
    if (account.type !== "Organization" || account.login !== org) {
      return Response.json({ message: "Resource not accessible by integration" }, { status: 403 });
    }
    const body = JSON.parse(req.text);
    assert.equal(body.auto_init, true);
    if (this.repos.has(`${org}/${body.name}`)) {
      return Response.json({ message: "name already exists on this account" }, { status: 422 });
    }
    await this.addRepo(org, body.name, "main", [{ path: "README.md", contents: `# ${body.name}\n` }]);
    this.repos.get(`${org}/${body.name}`)!.settling = 1;
    return Response.json({ name: body.name, private: body.private, default_branch: "main" }, { status: 201 });
  }

  private async repoRoute(repo: FakeRepo, req: Seen, rest: string[]): Promise<Response> {
    const path = rest.join("/");
    const body = req.text ? JSON.parse(req.text) : undefined;
    if (!path && req.method === "GET") return Response.json({ default_branch: repo.defaultBranch });
    if (path.startsWith("git/ref/heads/") && req.method === "GET") {
      if (repo.settling > 0) {
        repo.settling--;
        return Response.json({ message: "Git Repository is empty." }, { status: 409 });
      }
      const sha = repo.refs.get(path.slice("git/ref/heads/".length));
      if (repo.refs.size === 0) {
        return Response.json({ message: "Git Repository is empty." }, { status: 409 });
      }
      if (!sha) return Response.json({ message: "Not Found" }, { status: 404 });
      return Response.json({ ref: `refs/${path.slice(8)}`, object: { sha, type: "commit" } });
    }
    if (path.startsWith("contents/") && req.method === "PUT") {
      assert.equal(repo.refs.size, 0, "the contents API is only used to start an empty repository");
      const file = { path: path.slice("contents/".length), contents: fromBase64(body.content) };
      const sha = await this.commitFiles([file], [], body.message);
      repo.refs.set(repo.defaultBranch, sha);
      return Response.json({ content: { path: file.path }, commit: { sha } }, { status: 201 });
    }
    if (repo.refs.size === 0) return Response.json({ message: "Git Repository is empty." }, { status: 409 });
    if (path.startsWith("git/commits/") && req.method === "GET") {
      const commit = this.objects.get(path.slice("git/commits/".length));
      if (commit?.type !== "commit") return Response.json({ message: "Not Found" }, { status: 404 });
      return Response.json({ tree: { sha: commit.tree }, parents: commit.parents.map((sha) => ({ sha })) });
    }
    if (path === "git/blobs" && req.method === "POST") {
      assert.equal(body.encoding, "base64");
      return Response.json({ sha: await this.store({ type: "blob", content: fromBase64(body.content) }) }, {
        status: 201,
      });
    }
    if (path === "git/trees" && req.method === "POST") {
      this.treeBodies.push(body);
      for (const e of body.tree) {
        if (this.objects.get(e.sha)?.type !== "blob") {
          return Response.json({ message: "tree.sha is not a blob" }, { status: 422 });
        }
      }
      return Response.json({ sha: await this.store({ type: "tree", entries: body.tree }) }, { status: 201 });
    }
    if (path === "git/commits" && req.method === "POST") {
      if (this.objects.get(body.tree)?.type !== "tree") {
        return Response.json({ message: "Tree not found" }, { status: 422 });
      }
      return Response.json({
        sha: await this.store({
          type: "commit",
          tree: body.tree,
          parents: body.parents,
          message: body.message,
        }),
      }, { status: 201 });
    }
    if (path.startsWith("git/refs/heads/") && req.method === "PATCH") {
      const branch = path.slice("git/refs/heads/".length);
      if (this.interloper) {
        const theirs = await this.commitFiles(
          [{ path: "THEIRS", contents: "x" }],
          [repo.refs.get(branch)!],
          "Theirs",
        );
        repo.refs.set(branch, theirs);
      }
      assert.equal(body.force, false);
      if (!this.commit(body.sha).parents.includes(repo.refs.get(branch)!)) {
        return Response.json({ message: "Update is not a fast forward" }, { status: 422 });
      }
      repo.refs.set(branch, body.sha);
      return Response.json({ ref: `refs/heads/${branch}`, object: { sha: body.sha, type: "commit" } });
    }
    return Response.json({ message: "Not Found" }, { status: 404 });
  }

  /** Every call on repositories was made with an installation token of that installation. */
  assertInstallationTokenUsed(installation: number) {
    const repoCalls = this.server.seen.filter((s) =>
      s.path.startsWith("/repos/") || s.path.startsWith("/orgs/")
    );
    assert.ok(repoCalls.length > 0);
    for (const call of repoCalls) {
      assert.equal(
        this.tokens.get(call.authorization?.replace(/^Bearer /, "") ?? ""),
        installation,
        call.path,
      );
    }
  }
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
  github: FakeGitHub;
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
  const github = new FakeGitHub();
  const supabase = new FakeSupabase();
  const deps = depsFromConfig(loadConfig({
    ...Deno.env.toObject(),
    PUBLIC_FUNCTIONS_URL: IN_PROCESS_ROOT,
    GITHUB_APP_ID: APP_ID,
    GITHUB_APP_PRIVATE_KEY: PRIVATE_KEY_PEM,
    GITHUB_CLIENT_ID: CLIENT_ID,
    GITHUB_CLIENT_SECRET: CLIENT_SECRET,
    GITHUB_WEBHOOK_SECRET: HUB_SECRET,
    GITHUB_API_BASE_URL: github.server.url,
    GITHUB_OAUTH_BASE_URL: github.server.url,
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
