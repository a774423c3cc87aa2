import assert from "node:assert/strict";
import { createPrivateKey } from "node:crypto";
import { exportPKCS8, generateKeyPair, jwtVerify } from "jose";
import { type GitHubOptions, GitHubRepoHost } from "../../supabase/functions/_shared/adapters/github.ts";
import { SupabaseManagementDbHost } from "../../supabase/functions/_shared/adapters/supabase-management.ts";
import { ApiError } from "../../supabase/functions/_shared/errors.ts";
import { GrantRevokedError } from "../../supabase/functions/_shared/ports/dbhost.ts";
import type { RepoFile } from "../../supabase/functions/_shared/ports/repohost.ts";
import { UpstreamError } from "../../supabase/functions/_shared/ports/upstream.ts";
import { createSecretBox, secretBoxFromEnv } from "../../supabase/functions/_shared/secrets.ts";
import { verifyHubSignature } from "../../supabase/functions/_shared/webhook-signature.ts";

// ---------------------------------------------------------------------------------------------------------
// Loopback servers

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  accept: string | null;
  text: string;
}

const HANG = Symbol("hang");
type Route = (req: Seen) => Response | typeof HANG | Promise<Response | typeof HANG>;

/** A server on a free loopback port that records every request and answers through `route`. */
class Loopback {
  readonly seen: Seen[] = [];
  private readonly server: Deno.HttpServer<Deno.NetAddr>;
  private readonly hanging = new Set<() => void>();

  constructor(route: Route) {
    this.server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
      const seen: Seen = {
        method: req.method,
        path: new URL(req.url).pathname,
        authorization: req.headers.get("authorization"),
        contentType: req.headers.get("content-type"),
        accept: req.headers.get("accept"),
        text: await req.text(),
      };
      this.seen.push(seen);
      const answer = await route(seen);
      if (answer !== HANG) return answer;
      // Held until close(): the client must give up on its own.
      await new Promise<void>((resolve) => this.hanging.add(resolve));
      return new Response(null, { status: 504 });
    });
  }

  get url() {
    return `http://127.0.0.1:${this.server.addr.port}`;
  }

  async close() {
    for (const release of this.hanging) release();
    await this.server.shutdown();
  }
}

function closedPort(): number {
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

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  assert.fail("expected a rejection");
}

/** Neither the message nor the details of an error may carry any of the secrets. */
function assertNoSecrets(err: Error, secrets: string[]) {
  const text = `${err.message} ${JSON.stringify((err as ApiError).details ?? {})}`;
  for (const secret of secrets) assert.ok(!text.includes(secret), `error text leaks a secret: ${text}`);
}

// ---------------------------------------------------------------------------------------------------------
// GitHub stand-in: the App, OAuth and git data endpoints the adapter uses, over an in-memory object store.

const APP_ID = "424242";
const CLIENT_ID = "Iv1.0123456789abcdef";
const CLIENT_SECRET = `gh-client-secret-${crypto.randomUUID()}`;
const USER_TOKEN = `ghu_${crypto.randomUUID().replaceAll("-", "")}`;
const ORG_INSTALLATION = 42;
const USER_INSTALLATION = 7;

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
const PRIVATE_KEY_PEM = await exportPKCS8(keys.privateKey);

class FakeGitHub {
  readonly server: Loopback;
  readonly objects = new Map<string, GitObject>();
  readonly repos = new Map<string, FakeRepo>();
  readonly installations = new Map<number, { login: string; type: string }>([
    [ORG_INSTALLATION, { login: "acme", type: "Organization" }],
    [USER_INSTALLATION, { login: "alice", type: "User" }],
  ]);
  /** Installation tokens handed out, by token. */
  readonly tokens = new Map<string, number>();
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
    if (form.code === "good-code") {
      return Response.json({ access_token: USER_TOKEN, token_type: "bearer", scope: "" });
    }
    return Response.json({
      error: "bad_verification_code",
      error_description: `The code ${form.code} is incorrect or expired.`,
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

const APP_FILES: RepoFile[] = [
  { path: "package.json", contents: '{ "name": "my-app" }\n' },
  { path: "app/index.tsx", contents: "export default function App() { return null; }\n" },
  { path: "app/(tabs)/über.tsx", contents: "// ünïcödé ✓\n" },
];

function pathsOf(tree: Record<string, unknown>): string[] {
  return (tree.tree as { path: string }[]).map((e) => e.path).sort();
}

Deno.test("repohost: push to an existing repository commits exactly the files on top of the default branch", async () => {
  const github = new FakeGitHub();
  try {
    await github.addRepo("acme", "my-app", "trunk", [
      { path: "README.md", contents: "old\n" },
      { path: "stale.txt", contents: "to be removed\n" },
    ]);
    const before = github.repos.get("acme/my-app")!.refs.get("trunk")!;
    const host = new GitHubRepoHost(github.options());

    const result = await host.pushFiles({
      installationId: ORG_INSTALLATION,
      repository: "my-app",
      files: APP_FILES,
      message: "Generated by the service",
    });

    assert.equal(result.created, false);
    const head = github.repos.get("acme/my-app")!.refs.get("trunk")!;
    assert.equal(result.commitSha, head, "the default branch points at the new commit");
    const commit = github.commit(head);
    assert.deepEqual(commit.parents, [before], "the parent is the previous head");
    assert.equal(commit.message, "Generated by the service");
    assert.deepEqual(
      github.filesAt("acme/my-app", "trunk"),
      Object.fromEntries(APP_FILES.map((f) => [f.path, f.contents])),
      "every file, byte for byte, and nothing else",
    );
    assert.equal(github.treeBodies.length, 1);
    assert.equal(github.treeBodies[0].base_tree, undefined, "no base tree: old files do not survive");
    assert.deepEqual(pathsOf(github.treeBodies[0]), APP_FILES.map((f) => f.path).sort());
    assert.ok(github.jwtsVerified >= 2, "installation lookup and token minting used a valid App JWT");
    github.assertInstallationTokenUsed(ORG_INSTALLATION);

    // The same files again: nothing to commit, the head stays.
    const again = await host.pushFiles({
      installationId: ORG_INSTALLATION,
      owner: "acme",
      repository: "my-app",
      files: APP_FILES,
      message: "Again",
    });
    assert.deepEqual(again, { commitSha: head, created: false });
    assert.equal(github.repos.get("acme/my-app")!.refs.get("trunk"), head);
  } finally {
    await github.close();
  }
});

Deno.test("repohost: a missing repository of an organization is created, waited for, then pushed to", async () => {
  const github = new FakeGitHub();
  try {
    const host = new GitHubRepoHost(github.options());
    const result = await host.pushFiles({
      installationId: ORG_INSTALLATION,
      repository: "new-app",
      files: APP_FILES,
      message: "First version",
    });
    assert.equal(result.created, true);
    const create = github.server.seen.find((s) => s.path === "/orgs/acme/repos");
    assert.ok(create, "created through the organization endpoint");
    assert.deepEqual(JSON.parse(create.text), { name: "new-app", private: true, auto_init: true });
    const refReads = github.server.seen.filter((s) => s.path === "/repos/acme/new-app/git/ref/heads/main");
    assert.equal(refReads.length, 2, "the 409 of a repository being set up is waited out");
    const commit = github.commit(result.commitSha);
    const initial = github.commit(commit.parents[0]);
    assert.equal(initial.message, "Initial commit", "the parent is the auto_init commit");
    assert.deepEqual(
      Object.keys(github.filesAt("acme/new-app", "main")).sort(),
      APP_FILES.map((f) => f.path).sort(),
    );
    github.assertInstallationTokenUsed(ORG_INSTALLATION);
  } finally {
    await github.close();
  }
});

Deno.test("repohost: an existing empty repository is started through the contents API, then pushed to", async () => {
  const github = new FakeGitHub();
  try {
    await github.addRepo("acme", "empty", "main", null);
    const host = new GitHubRepoHost(github.options());
    const result = await host.pushFiles({
      installationId: ORG_INSTALLATION,
      repository: "empty",
      files: APP_FILES,
      message: "First version",
    });
    assert.equal(result.created, false);
    assert.ok(
      github.server.seen.some((s) =>
        s.method === "PUT" && s.path === "/repos/acme/empty/contents/package.json"
      ),
    );
    assert.deepEqual(
      github.filesAt("acme/empty", "main"),
      Object.fromEntries(APP_FILES.map((f) => [f.path, f.contents])),
    );
  } finally {
    await github.close();
  }
});

Deno.test("repohost: a PKCS#1 App key (as GitHub issues it) signs the same App JWT", async () => {
  const github = new FakeGitHub();
  try {
    await github.addRepo("acme", "my-app", "main", [{ path: "README.md", contents: "x" }]);
    const pkcs1 = createPrivateKey(PRIVATE_KEY_PEM).export({ type: "pkcs1", format: "pem" }).toString();
    assert.match(pkcs1, /BEGIN RSA PRIVATE KEY/);
    const host = new GitHubRepoHost(github.options({ privateKeyPem: pkcs1 }));
    const result = await host.pushFiles({
      installationId: ORG_INSTALLATION,
      repository: "my-app",
      files: APP_FILES,
      message: "m",
    });
    assert.equal(result.created, false);
    assert.ok(github.jwtsVerified >= 2);
  } finally {
    await github.close();
  }
});

Deno.test("repohost: a missing repository of a personal account answers repohost_repository_missing", async () => {
  const github = new FakeGitHub();
  try {
    const host = new GitHubRepoHost(github.options());
    const err = await rejection(
      host.pushFiles({
        installationId: USER_INSTALLATION,
        repository: "my-app",
        files: APP_FILES,
        message: "m",
      }),
    );
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 404);
    assert.equal(err.code, "repohost_repository_missing");
    assert.deepEqual(err.details, { owner: "alice", repository: "my-app" });
    assert.ok(
      !github.server.seen.some((s) => s.method === "POST" && /^\/(user|orgs\/[^/]+)\/repos$/.test(s.path)),
      "no creation is attempted where GitHub cannot create",
    );

    // In another account than the installation's, nothing can be created either.
    const elsewhere = await rejection(
      host.pushFiles({
        installationId: ORG_INSTALLATION,
        owner: "other-org",
        repository: "x",
        files: APP_FILES,
        message: "m",
      }),
    );
    assert.equal((elsewhere as ApiError).code, "repohost_repository_missing");
  } finally {
    await github.close();
  }
});

Deno.test("repohost: an uninstalled app, a moved branch and a failing GitHub each answer their code", async () => {
  const github = new FakeGitHub();
  try {
    await github.addRepo("acme", "my-app", "main", [{ path: "README.md", contents: "x" }]);
    const host = new GitHubRepoHost(github.options());
    const push = (installationId: number) =>
      host.pushFiles({ installationId, owner: "acme", repository: "my-app", files: APP_FILES, message: "m" });

    const gone = await rejection(push(999));
    assert.equal((gone as ApiError).status, 404);
    assert.equal((gone as ApiError).code, "repohost_installation_missing");

    github.interloper = true;
    const moved = await rejection(push(ORG_INSTALLATION));
    assert.equal((moved as ApiError).status, 409);
    assert.equal((moved as ApiError).code, "repohost_branch_moved");
    github.interloper = false;

    github.failRepoCalls = true;
    const failed = await rejection(push(ORG_INSTALLATION));
    assert.ok(failed instanceof UpstreamError);
    assert.equal(failed.status, 502);
    assert.equal(failed.code, "repohost_failed");
    assert.match(failed.message, /HTTP 500/);
    assertNoSecrets(failed, [...github.tokens.keys(), CLIENT_SECRET, PRIVATE_KEY_PEM]);
    assert.match(failed.message, /\[redacted\]/, "the echoed token was blanked out");

    const empty = await rejection(
      host.pushFiles({ installationId: ORG_INSTALLATION, repository: "my-app", files: [], message: "m" }),
    );
    assert.equal((empty as ApiError).code, "repohost_no_files");
  } finally {
    await github.close();
  }
});

Deno.test("repohost: code exchange succeeds, is refused with GitHub's code, or fails when GitHub is away", async () => {
  const github = new FakeGitHub();
  try {
    const host = new GitHubRepoHost(github.options());
    assert.deepEqual(await host.exchangeCode("good-code", "myapp://github"), { accessToken: USER_TOKEN });
    const form = Object.fromEntries(new URLSearchParams(github.server.seen[0].text));
    assert.deepEqual(form, {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      code: "good-code",
      redirect_uri: "myapp://github",
    });
    await host.exchangeCode("good-code");
    assert.equal(new URLSearchParams(github.server.seen[1].text).has("redirect_uri"), false);

    const refused = await rejection(host.exchangeCode("stale-code-123"));
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status, 400);
    assert.equal(refused.code, "repohost_code_rejected");
    assert.deepEqual(refused.details, { upstream_error: "bad_verification_code" });
    assertNoSecrets(refused, ["stale-code-123", CLIENT_SECRET]);

    const misconfigured = new GitHubRepoHost(github.options({ clientSecret: "wrong-secret" }));
    const ours = await rejection(misconfigured.exchangeCode("good-code"));
    assert.equal((ours as ApiError).status, 502, "wrong client credentials are the service's fault");
    assertNoSecrets(ours, ["wrong-secret"]);

    const away = new GitHubRepoHost(
      github.options({ oauthBaseUrl: `http://127.0.0.1:${closedPort()}` }),
    );
    const unreachable = await rejection(away.exchangeCode("good-code"));
    assert.ok(unreachable instanceof UpstreamError);
    assert.equal(unreachable.status, 502);
    assert.equal(unreachable.code, "repohost_failed");
    assert.match(unreachable.message, /could not be reached/);
    assertNoSecrets(unreachable, [CLIENT_SECRET, "127.0.0.1"]);
  } finally {
    await github.close();
  }
});

// ---------------------------------------------------------------------------------------------------------
// Supabase Management API stand-in

const SB_CLIENT_ID = "6f1c3f0e-8a55-4c1e-9d0e-4f6b8a2c7d10";
const SB_CLIENT_SECRET = `sba_${crypto.randomUUID()}`;
const ACCESS = `sbp_oauth_${crypto.randomUUID().replaceAll("-", "")}`;
const REVOKED = "sbp_oauth_revoked";
const BROKEN = `sbp_oauth_broken_${crypto.randomUUID()}`;
const SLOW = "sbp_oauth_slow";
const REF = "abcdefghijklmnopqrst";
const PUBLISHABLE_ONLY_REF = "publishableonlyprojx";

class FakeSupabase {
  readonly server = new Loopback((req) => this.route(req));
  readonly forms: Record<string, string>[] = [];

  close() {
    return this.server.close();
  }

  private route(req: Seen): Response | typeof HANG {
    if (req.path === "/v1/oauth/token") return this.token(req);
    const token = req.authorization?.replace(/^Bearer /, "");
    if (token === REVOKED) return Response.json({ message: "Unauthorized" }, { status: 401 });
    if (token === SLOW) return HANG;
    if (token === BROKEN) {
      return Response.json({ message: `failed for ${token} (client ${SB_CLIENT_SECRET})` }, { status: 500 });
    }
    if (token !== ACCESS) return Response.json({ message: "Unauthorized" }, { status: 401 });
    if (req.path === "/v1/projects") {
      return Response.json([
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
      ]);
    }
    if (req.path === "/v1/organizations") {
      return Response.json([{ id: "acme-slug", slug: "acme-slug", name: "Acme" }, {
        id: "legacy-org",
        name: "Legacy",
      }]);
    }
    if (req.path === `/v1/projects/${REF}/api-keys`) {
      return Response.json([
        { name: "service_role", api_key: "service-role-key-never-returned", type: "legacy" },
        { name: "anon", api_key: "anon-key-value", type: "legacy" },
      ]);
    }
    if (req.path === `/v1/projects/${PUBLISHABLE_ONLY_REF}/api-keys`) {
      return Response.json([
        { name: "default", api_key: null, type: "secret" },
        { name: "default", api_key: "sb_publishable_abc", type: "publishable" },
      ]);
    }
    if (req.path === "/v1/profile") {
      return Response.json({
        gotrue_id: "9b2f0f39-5d0a-4a43-9d54-0fd0c9ac4c11",
        primary_email: "a@example.com",
        username: "alice",
      });
    }
    return Response.json({ message: "Not Found" }, { status: 404 });
  }

  private token(req: Seen): Response {
    assert.equal(req.method, "POST");
    assert.equal(req.contentType, "application/x-www-form-urlencoded");
    if (req.authorization !== `Basic ${btoa(`${SB_CLIENT_ID}:${SB_CLIENT_SECRET}`)}`) {
      return Response.json({ message: "Invalid client credentials" }, { status: 401 });
    }
    const form = Object.fromEntries(new URLSearchParams(req.text));
    this.forms.push(form);
    const grant = (n: number) =>
      Response.json({
        access_token: `access-${n}`,
        refresh_token: `refresh-${n}`,
        expires_in: 86400,
        token_type: "Bearer",
      }, { status: 201 });
    if (form.grant_type === "authorization_code") {
      if (form.code === "good-code") return grant(1);
      return Response.json({ error: "invalid_grant", message: `code ${form.code} is invalid` }, {
        status: 400,
      });
    }
    if (form.grant_type === "refresh_token" && form.refresh_token === "refresh-1") return grant(2);
    return Response.json({ message: `refresh token ${form.refresh_token} revoked` }, { status: 401 });
  }
}

function dbHost(fake: FakeSupabase, timeoutMs = 5_000) {
  return new SupabaseManagementDbHost({
    apiBaseUrl: fake.server.url,
    clientId: SB_CLIENT_ID,
    clientSecret: SB_CLIENT_SECRET,
    timeoutMs,
  });
}

Deno.test("dbhost: the authorize URL carries the client, redirect, state and an S256 challenge", () => {
  const host = new SupabaseManagementDbHost({
    clientId: SB_CLIENT_ID,
    clientSecret: SB_CLIENT_SECRET,
    timeoutMs: 1000,
  });
  const url = new URL(
    host.authorizeUrl({ state: "st-1", codeChallenge: "chal_lenge-1", redirectUri: "https://x.test/cb?a=1" }),
  );
  assert.equal(`${url.origin}${url.pathname}`, "https://api.supabase.com/v1/oauth/authorize");
  assert.deepEqual(Object.fromEntries(url.searchParams), {
    client_id: SB_CLIENT_ID,
    redirect_uri: "https://x.test/cb?a=1",
    response_type: "code",
    state: "st-1",
    code_challenge: "chal_lenge-1",
    code_challenge_method: "S256",
  });
  assert.ok(!url.href.includes(SB_CLIENT_SECRET));
});

Deno.test("dbhost: code exchange (with and without verifier) and refresh send the OAuth form with Basic auth", async () => {
  const fake = new FakeSupabase();
  try {
    const host = dbHost(fake);
    const before = Date.now();
    const tokens = await host.exchangeCode({
      code: "good-code",
      codeVerifier: "verifier-123",
      redirectUri: "https://x.test/cb",
    });
    assert.equal(tokens.accessToken, "access-1");
    assert.equal(tokens.refreshToken, "refresh-1");
    assert.ok(Math.abs(tokens.expiresAt.getTime() - (before + 86400_000)) < 5_000);
    assert.deepEqual(fake.forms[0], {
      grant_type: "authorization_code",
      code: "good-code",
      redirect_uri: "https://x.test/cb",
      code_verifier: "verifier-123",
    });

    await host.exchangeCode({ code: "good-code", redirectUri: "https://x.test/cb" });
    assert.deepEqual(fake.forms[1], {
      grant_type: "authorization_code",
      code: "good-code",
      redirect_uri: "https://x.test/cb",
    });

    const refreshed = await host.refresh("refresh-1");
    assert.equal(refreshed.accessToken, "access-2");
    assert.deepEqual(fake.forms[2], { grant_type: "refresh_token", refresh_token: "refresh-1" });
    assert.ok(
      fake.forms.every((f) => !("client_secret" in f)),
      "the secret travels in the Basic header only",
    );

    const refused = await rejection(
      host.exchangeCode({ code: "used-code-77", codeVerifier: "v", redirectUri: "https://x.test/cb" }),
    );
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status, 400);
    assert.equal(refused.code, "dbhost_code_rejected");
    assert.deepEqual(refused.details, { upstream_error: "invalid_grant" });
    assertNoSecrets(refused, ["used-code-77", SB_CLIENT_SECRET]);

    const revoked = await rejection(host.refresh("refresh-old-99"));
    assert.ok(revoked instanceof GrantRevokedError);
    assert.equal(revoked.status, 404);
    assert.equal(revoked.code, "not_connected");
    assertNoSecrets(revoked, ["refresh-old-99"]);
  } finally {
    await fake.close();
  }
});

Deno.test("dbhost: projects with organizations, the anon key and the profile are read with the user's token", async () => {
  const fake = new FakeSupabase();
  try {
    const host = dbHost(fake);
    assert.deepEqual(await host.listProjects(ACCESS), {
      projects: [
        {
          ref: REF,
          name: "Acme production",
          region: "eu-central-1",
          created_at: "2026-03-01T10:00:00.000Z",
          organization_id: "acme-slug",
        },
        {
          ref: "zyxwvutsrqponmlkjihg",
          name: "Old",
          region: "us-east-1",
          created_at: "2024-01-01T00:00:00Z",
          organization_id: "legacy-org",
        },
      ],
      organizations: [{ id: "acme-slug", name: "Acme" }, { id: "legacy-org", name: "Legacy" }],
    });
    assert.equal(await host.getAnonKey(ACCESS, REF), "anon-key-value");
    assert.equal(await host.getAnonKey(ACCESS, PUBLISHABLE_ONLY_REF), "sb_publishable_abc");
    const missing = await rejection(host.getAnonKey(ACCESS, "nosuchprojectrefxxxx"));
    assert.equal((missing as ApiError).code, "dbhost_project_not_found");
    assert.deepEqual(await host.getProfile(ACCESS), {
      id: "9b2f0f39-5d0a-4a43-9d54-0fd0c9ac4c11",
      username: "alice",
    });
    for (const s of fake.server.seen) assert.equal(s.authorization, `Bearer ${ACCESS}`);
  } finally {
    await fake.close();
  }
});

Deno.test("dbhost: 401 is GrantRevokedError, 500 and silence are UpstreamError without secrets", async () => {
  const fake = new FakeSupabase();
  try {
    const host = dbHost(fake, 300);
    for (
      const call of [
        () => host.listProjects(REVOKED),
        () => host.getAnonKey(REVOKED, REF),
        () => host.getProfile(REVOKED),
      ]
    ) {
      const err = await rejection(call());
      assert.ok(err instanceof GrantRevokedError);
      assert.ok(err instanceof ApiError);
      assert.equal(err.code, "not_connected");
    }

    const broken = await rejection(host.listProjects(BROKEN));
    assert.ok(broken instanceof UpstreamError);
    assert.equal(broken.status, 502);
    assert.equal(broken.code, "dbhost_failed");
    assert.match(broken.message, /HTTP 500/);
    assertNoSecrets(broken, [BROKEN, SB_CLIENT_SECRET]);

    const slow = await rejection(host.getProfile(SLOW));
    assert.ok(slow instanceof UpstreamError);
    assert.equal(slow.code, "dbhost_failed");
    assert.match(slow.message, /did not answer within 300 ms/);
    assertNoSecrets(slow, [SLOW]);
  } finally {
    await fake.close();
  }
});

// ---------------------------------------------------------------------------------------------------------
// Webhook signatures

// GitHub's published example: https://docs.github.com/webhooks/using-webhooks/validating-webhook-deliveries
const HUB_SECRET = "It's a Secret to Everybody";
const HUB_PAYLOAD = "Hello, World!";
const HUB_SIGNATURE = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";

Deno.test("webhook signature: GitHub's test vector verifies, as text and as bytes", async () => {
  assert.equal(await verifyHubSignature(HUB_SECRET, HUB_PAYLOAD, HUB_SIGNATURE), true);
  assert.equal(
    await verifyHubSignature(HUB_SECRET, new TextEncoder().encode(HUB_PAYLOAD), HUB_SIGNATURE),
    true,
  );
  assert.equal(
    await verifyHubSignature(
      HUB_SECRET,
      HUB_PAYLOAD,
      HUB_SIGNATURE.toUpperCase().replace("SHA256", "sha256"),
    ),
    true,
  );
});

Deno.test("webhook signature: a wrong, missing or malformed signature does not verify", async () => {
  assert.equal(await verifyHubSignature(HUB_SECRET, "Hello, World?", HUB_SIGNATURE), false);
  assert.equal(await verifyHubSignature("another secret", HUB_PAYLOAD, HUB_SIGNATURE), false);
  assert.equal(await verifyHubSignature(HUB_SECRET, HUB_PAYLOAD, `${HUB_SIGNATURE.slice(0, -1)}f`), false);
  assert.equal(await verifyHubSignature(HUB_SECRET, HUB_PAYLOAD, null), false);
  for (
    const header of [
      "",
      "sha256=",
      HUB_SIGNATURE.slice(7),
      `sha1=${HUB_SIGNATURE.slice(7)}`,
      HUB_SIGNATURE.slice(0, -2),
      `${HUB_SIGNATURE}00`,
      `sha256=${"zz".repeat(32)}`,
    ]
  ) {
    assert.equal(await verifyHubSignature(HUB_SECRET, HUB_PAYLOAD, header), false, header);
  }
  await assert.rejects(verifyHubSignature("", HUB_PAYLOAD, HUB_SIGNATURE), /secret is empty/);
});

// ---------------------------------------------------------------------------------------------------------
// Secret box

const newKey = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));

/** Changes one character in the middle of a part, where every bit counts. */
function tamper(sealed: string, part: number): string {
  const parts = sealed.split(".");
  const text = parts[part];
  const i = Math.floor(text.length / 2);
  parts[part] = `${text.slice(0, i)}${text[i] === "A" ? "B" : "A"}${text.slice(i + 1)}`;
  return parts.join(".");
}

Deno.test("secret box: seal and open round-trip, with a fresh IV each time", async () => {
  const box = createSecretBox({ k1: newKey() }, "k1");
  const token = `ghu_${crypto.randomUUID()} ünïcödé`;
  const a = await box.seal(token, "installation:123:ghu");
  const b = await box.seal(token, "installation:123:ghu");
  assert.match(a, /^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
  assert.notEqual(a, b);
  assert.ok(!a.includes(token.slice(4, 20)));
  assert.equal(await box.open(a, "installation:123:ghu"), token);
  assert.equal(await box.open(b, "installation:123:ghu"), token);
});

Deno.test("secret box: another context, tampering or an unknown key id does not open", async () => {
  const box = createSecretBox({ k1: newKey() }, "k1");
  const sealed = await box.seal("secret-token", "installation:123:ghu");
  await assert.rejects(box.open(sealed, "installation:124:ghu"), /does not open/);
  await assert.rejects(box.open(tamper(sealed, 3), "installation:123:ghu"), /does not open/);
  await assert.rejects(box.open(tamper(sealed, 2), "installation:123:ghu"), /does not open/);
  await assert.rejects(
    box.open(sealed.replace("v1.k1.", "v1.k9."), "installation:123:ghu"),
    /key "k9" is unknown/,
  );
  await assert.rejects(box.open(sealed.replace("v1.", "v2."), "installation:123:ghu"), /not a v1 value/);
  await assert.rejects(box.open("v1.k1.short.x", "installation:123:ghu"), /malformed/);
  const other = createSecretBox({ k1: newKey() }, "k1");
  await assert.rejects(other.open(sealed, "installation:123:ghu"), /does not open/, "same id, another key");
});

Deno.test("secret box: after rotation values sealed under the old key still open", async () => {
  const [k1, k2] = [newKey(), newKey()];
  const old = await createSecretBox({ k1 }, "k1").seal("old-token", "dbhost:u1:refresh");
  const rotated = createSecretBox({ k1, k2 }, "k2");
  assert.equal(await rotated.open(old, "dbhost:u1:refresh"), "old-token");
  const fresh = await rotated.seal("new-token", "dbhost:u1:refresh");
  assert.match(fresh, /^v1\.k2\./);
  const retired = createSecretBox({ k2 }, "k2");
  assert.equal(await retired.open(fresh, "dbhost:u1:refresh"), "new-token");
  await assert.rejects(retired.open(old, "dbhost:u1:refresh"), /key "k1" is unknown/);
});

Deno.test("secret box: the environment is parsed with errors that name the variable, never the key", async () => {
  const [k1, k2] = [newKey(), newKey()];
  const box = secretBoxFromEnv({ SECRETS_KEYS: ` k1:${k1} , k2:${k2} `, SECRETS_CURRENT_KEY_ID: "k2" });
  const sealed = await box.seal("x", "c");
  assert.match(sealed, /^v1\.k2\./);
  assert.equal(await createSecretBox({ k2 }, "k2").open(sealed, "c"), "x");

  const short = btoa("sixteen byte key");
  const cases: [Record<string, string | undefined>, RegExp][] = [
    [{ SECRETS_CURRENT_KEY_ID: "k1" }, /^SECRETS_KEYS: required/],
    [
      { SECRETS_KEYS: `k1${k1}`, SECRETS_CURRENT_KEY_ID: "k1" },
      /^SECRETS_KEYS: entry 1 is not <id>:<base64 key>/,
    ],
    [
      { SECRETS_KEYS: `k1:${k1},k1:${k2}`, SECRETS_CURRENT_KEY_ID: "k1" },
      /^SECRETS_KEYS: key id "k1" appears twice/,
    ],
    [
      { SECRETS_KEYS: `k1:${short}`, SECRETS_CURRENT_KEY_ID: "k1" },
      /^SECRETS_KEYS: key "k1" must be 32 bytes in base64/,
    ],
    [
      { SECRETS_KEYS: `k1:not base64!`, SECRETS_CURRENT_KEY_ID: "k1" },
      /^SECRETS_KEYS: key "k1" must be 32 bytes/,
    ],
    [{ SECRETS_KEYS: `k.1:${k1}`, SECRETS_CURRENT_KEY_ID: "k.1" }, /^SECRETS_KEYS: key id "k.1" must be/],
    [{ SECRETS_KEYS: `k1:${k1}` }, /^SECRETS_CURRENT_KEY_ID: required/],
    [
      { SECRETS_KEYS: `k1:${k1}`, SECRETS_CURRENT_KEY_ID: "k2" },
      /^SECRETS_CURRENT_KEY_ID: "k2" names no key/,
    ],
  ];
  for (const [env, expected] of cases) {
    const err = (() => {
      try {
        secretBoxFromEnv(env);
      } catch (e) {
        return e as Error;
      }
      assert.fail(`no error for ${JSON.stringify(Object.keys(env))}`);
    })();
    assert.match(err.message, expected);
    assertNoSecrets(err, [k1, k2, short]);
  }
});
