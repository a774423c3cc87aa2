// The local repository host: the parts of GitHub the service's GitHub App adapter uses — the App (its JWT
// checked with the App's public key, installations, installation tokens), OAuth's code exchange, the
// installation webhooks and the REST API's repositories and git data — over real bare repositories on
// disk, written with git itself and served over git's smart HTTP (`git http-backend`), so a pushed
// project can be cloned. Users, installations and tokens are kept in a JSON file next to the
// repositories, so a restarted stack still knows them.
//
// There is no sign-in page: `GET /apps/<slug>/installations/new?user=<login>&account=<login>` stands for a
// user who signs in and installs the App on an account (theirs, or an organization they join by it), and
// sends the browser to the App's callback URL with `code`, `installation_id` and `state`, as GitHub does
// when the App requests user authorization during installation.
import { createHmac } from "node:crypto";
import { join } from "node:path";
import { JsonFile } from "./json-file.ts";
import { importSPKI, jwtVerify } from "jose";

export interface GitHostApp {
  id: string;
  slug: string;
  clientId: string;
  clientSecret: string;
  /** SPKI PEM of the key pair whose private half signs the App's JWTs. */
  publicKeyPem: string;
  webhookSecret: string;
}

export interface GitHostOptions {
  /** Holds `repos/<owner>/<name>.git` and `state.json`. */
  dir: string;
  /** 0 or absent: a free port. */
  port?: number;
  app: GitHostApp;
  /** The App's callback URL, where the installation flow sends the browser back. */
  callbackUrl: string;
  /** The App's webhook URL, where installation events are delivered; none when absent. */
  webhookUrl?: string;
}

/** Failures a test switches on to see how the service copes; all off by default. */
export interface GitHostFaults {
  /** Every repository call (REST) answers 500, echoing the caller's credential. */
  failRepoCalls?: boolean;
  /** Runs just before a branch is moved through the API (to move it first, as another pusher would). */
  beforeBranchMove?: (owner: string, name: string, branch: string) => Promise<void>;
  /** A repository created from now on answers reads of its branch 409 this many times, as GitHub does while it
   * sets a new repository up. */
  settling?: number;
}

/** A request to a stand-in's API or OAuth (not git's own), as received. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | null;
  text: string;
}

type AccountType = "User" | "Organization";

interface State {
  accounts: Record<string, { id: number; type: AccountType }>;
  /** User tokens (`ghu_…`) → the user's login. */
  userTokens: Record<string, string>;
  /** Sign-in codes → the user token each is exchanged for, once. */
  codes: Record<string, string>;
  /** By id; `seq` orders them as made. */
  installations: Record<string, { account: string; users: string[]; seq: number }>;
  installationTokens: Record<string, { installation: number; expiresAt: number }>;
  nextId: number;
}

export interface TreeEntry {
  path: string;
  mode: string;
  type: string;
  sha: string;
}

/** A file to commit: its path and its bytes (text as UTF-8). */
export interface HostedFile {
  path: string;
  contents: string | Uint8Array;
}

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

// An App JWT may live at most ten minutes; GitHub allows a minute of clock drift.
const MAX_JWT_LIFETIME_S = 600;
const CLOCK_SKEW_S = 60;
const INSTALLATION_TOKEN_TTL_MS = 3600_000;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const SHA = /^[0-9a-f]{40}$/;
const MODES = new Set(["100644", "100755", "040000", "160000", "120000"]);
const ZERO_SHA = "0".repeat(40);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const random = (prefix: string) => `${prefix}${crypto.randomUUID().replaceAll("-", "")}`;
const json = (body: unknown, status = 200) => Response.json(body, { status });
const notFound = () => json({ message: "Not Found" }, 404);

function validName(name: string | undefined): name is string {
  return name !== undefined && NAME.test(name) && !name.endsWith(".git") && name !== "." && name !== "..";
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
}

/** The request's JSON body; 400 as GitHub answers when it does not parse. */
async function readJson(req: Request) {
  return await req.json().catch(() => {
    throw new HttpError(400, "Problems parsing JSON");
  });
}

function bearer(req: Request): string {
  const auth = req.headers.get("authorization") ?? "";
  const m = /^(?:Bearer|token) (.+)$/i.exec(auth);
  if (m) return m[1];
  // git sends Basic credentials: any user name, the token as the password.
  const basic = /^Basic (.+)$/i.exec(auth);
  if (basic) {
    try {
      const decoded = atob(basic[1]);
      return decoded.slice(decoded.indexOf(":") + 1);
    } catch {
      return "";
    }
  }
  return "";
}

export class GitHost {
  readonly faults: GitHostFaults = {};
  /** The API and OAuth requests received, for tests that check what a client sent. */
  readonly seen: SeenRequest[] = [];
  /** Repositories still being set up: how many more branch reads answer 409. */
  private readonly settling = new Map<string, number>();
  private readonly server: Deno.HttpServer<Deno.NetAddr>;
  private readonly repos: string;
  private publicKey?: Promise<CryptoKey>;

  private constructor(private readonly opts: GitHostOptions, private readonly stored: JsonFile<State>) {
    this.repos = join(opts.dir, "repos");
    this.server = Deno.serve(
      { hostname: "127.0.0.1", port: opts.port ?? 0, onListen() {} },
      (req) => this.handle(req),
    );
  }

  static async start(opts: GitHostOptions): Promise<GitHost> {
    await Deno.mkdir(join(opts.dir, "repos"), { recursive: true });
    const state = await JsonFile.open<State>(join(opts.dir, "state.json"), () => ({
      accounts: {},
      userTokens: {},
      codes: {},
      installations: {},
      installationTokens: {},
      nextId: 1000,
    }));
    return new GitHost(opts, state);
  }

  /** `http://127.0.0.1:<port>`: the API's, OAuth's and the clones' base URL alike. */
  get url(): string {
    return `http://127.0.0.1:${this.server.addr.port}`;
  }

  async close() {
    await this.server.shutdown();
  }

  /** The installation URL the flow starts at (the App's public page on GitHub). */
  installUrl(params: { user: string; account?: string; state?: string }): string {
    const query = new URLSearchParams({ user: params.user });
    if (params.account) query.set("account", params.account);
    if (params.state) query.set("state", params.state);
    return `${this.url}/apps/${this.opts.app.slug}/installations/new?${query}`;
  }

  /** The bare repository's directory. */
  repoDir(owner: string, name: string): string {
    return join(this.repos, owner, `${name}.git`);
  }

  /** Commits the files on top of the branch (the other files kept) and moves it; creates the branch. */
  async commitFiles(owner: string, name: string, files: HostedFile[], message: string): Promise<string> {
    const repo = this.repoDir(owner, name);
    const branch = await this.defaultBranch(repo);
    const head = await this.revParse(repo, `refs/heads/${branch}`);
    const entries = new Map<string, TreeEntry>();
    if (head) {
      // NUL-separated: paths as they are, not quoted.
      const listed = await this.git(repo, ["ls-tree", "-r", "-z", "--full-tree", head]);
      for (const line of listed.split("\0").filter(Boolean)) {
        const [meta, path] = line.split("\t");
        const [mode, type, sha] = meta.split(" ");
        entries.set(path, { path, mode, type, sha });
      }
    }
    for (const file of files) {
      const bytes = typeof file.contents === "string" ? encoder.encode(file.contents) : file.contents;
      const sha = await this.git(repo, ["hash-object", "-w", "--stdin"], bytes);
      entries.set(file.path, { path: file.path, mode: "100644", type: "blob", sha });
    }
    const tree = await this.writeTree(repo, [...entries.values()]);
    const commit = await this.commitTree(repo, tree, head ? [head] : [], message);
    await this.git(repo, ["update-ref", `refs/heads/${branch}`, commit, head ?? ZERO_SHA]);
    return commit;
  }

  // -------------------------------------------------------------------------------------------------------

  private async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    try {
      const path = url.pathname;
      if (/^\/[^/]+\/[^/]+\.git\//.test(path)) return await this.smartHttp(req, url);
      this.seen.push({
        method: req.method,
        path,
        query: url.searchParams,
        authorization: req.headers.get("authorization"),
        text: await req.clone().text(),
      });
      if (path.startsWith(`/apps/${this.opts.app.slug}/installations/new`)) return await this.install(url);
      if (path === "/login/oauth/access_token" && req.method === "POST") return await this.exchange(req);
      if (path.startsWith("/app/")) return await this.appRoute(req, path);
      if (path === "/user/installations" && req.method === "GET") return this.userInstallations(req, url);
      if (path === "/user/repos" && req.method === "POST") return await this.createUserRepo(req);
      return await this.repoRoute(req, path);
    } catch (err) {
      if (err instanceof HttpError) return json({ message: err.message }, err.status);
      console.error("git host:", err);
      return json({ message: "Server Error" }, 500);
    }
  }

  private get state(): State {
    return this.stored.data;
  }

  private save(): Promise<void> {
    return this.stored.save();
  }

  private account(login: string, type: AccountType) {
    this.state.accounts[login] ??= { id: this.state.nextId++, type };
    return this.state.accounts[login];
  }

  private accountJson(login: string) {
    const account = this.state.accounts[login];
    return { login, id: account.id, type: account.type, avatar_url: null };
  }

  private installationJson(id: number) {
    const installation = this.state.installations[id];
    const account = this.accountJson(installation.account);
    return {
      id,
      app_id: Number(this.opts.app.id),
      app_slug: this.opts.app.slug,
      account,
      target_type: account.type,
      repository_selection: "all",
      permissions: { contents: "write", administration: "write", metadata: "read" },
    };
  }

  /** The signed-in user installs the App on `account` (their own when absent) and is sent back signed in. */
  private async install(url: URL): Promise<Response> {
    const user = url.searchParams.get("user") ?? "";
    const target = url.searchParams.get("account") || user;
    if (!validName(user) || !validName(target)) {
      throw new HttpError(400, "`user` and `account` must be GitHub logins");
    }
    this.account(user, "User");
    const account = this.account(target, target === user ? "User" : "Organization");
    if (account.type === "User" && target !== user) {
      throw new HttpError(403, `${target} is another user's account`);
    }
    let id = Object.entries(this.state.installations).find(([, i]) => i.account === target)?.[0];
    const created = id === undefined;
    if (created) {
      // Random, as GitHub's ids are unique across every App: a service may have met stand-ins before this one.
      do id = String(1_000_000 + Math.floor(Math.random() * 1e9)); while (this.state.installations[id]);
      this.state.installations[id] = { account: target, users: [], seq: this.state.nextId++ };
    }
    const installation = this.state.installations[id!];
    if (!installation.users.includes(user)) installation.users.push(user);
    const token = random("ghu_");
    const code = crypto.randomUUID().replaceAll("-", "").slice(0, 20);
    this.state.userTokens[token] = user;
    this.state.codes[code] = token;
    await this.save();
    if (created) await this.deliverInstallation("installation", "created", Number(id), user);
    const back = new URL(this.opts.callbackUrl);
    back.searchParams.set("code", code);
    back.searchParams.set("installation_id", id!);
    back.searchParams.set("setup_action", "install");
    const state = url.searchParams.get("state");
    if (state) back.searchParams.set("state", state);
    return new Response(null, { status: 302, headers: { location: back.href } });
  }

  /** OAuth's code exchange; GitHub refuses with 200 and `{error}`. */
  private async exchange(req: Request): Promise<Response> {
    const form = new URLSearchParams(await req.text());
    const { clientId, clientSecret } = this.opts.app;
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
      return json({
        error: "incorrect_client_credentials",
        error_description: "The client_id and/or " +
          "client_secret passed are incorrect.",
      });
    }
    const redirect = form.get("redirect_uri");
    if (redirect && !redirect.startsWith(this.opts.callbackUrl)) {
      return json({
        error: "redirect_uri_mismatch",
        error_description: "The redirect_uri MUST match the " +
          "registered callback URL for this application.",
      });
    }
    const code = form.get("code") ?? "";
    const token = this.state.codes[code];
    if (!token) {
      return json({
        error: "bad_verification_code",
        error_description: "The code passed is incorrect or expired.",
      });
    }
    delete this.state.codes[code];
    await this.save();
    return json({ access_token: token, token_type: "bearer", scope: "" });
  }

  /** The App's own endpoints, called with its JWT. */
  private async appRoute(req: Request, path: string): Promise<Response> {
    if (!await this.validAppJwt(bearer(req))) {
      return json({ message: "A JSON web token could not be decoded" }, 401);
    }
    const m = /^\/app\/installations\/(\d+)(\/access_tokens)?$/.exec(path);
    if (!m || !this.state.installations[m[1]]) return notFound();
    const id = Number(m[1]);
    if (m[2] && req.method === "POST") {
      const token = random("ghs_");
      const expiresAt = Date.now() + INSTALLATION_TOKEN_TTL_MS;
      for (const [t, grant] of Object.entries(this.state.installationTokens)) {
        if (grant.expiresAt < Date.now()) delete this.state.installationTokens[t];
      }
      this.state.installationTokens[token] = { installation: id, expiresAt };
      await this.save();
      return json({ token, expires_at: new Date(expiresAt).toISOString(), repository_selection: "all" }, 201);
    }
    if (m[2]) return notFound();
    if (req.method === "GET") return json(this.installationJson(id));
    if (req.method === "DELETE") {
      const sender = this.state.installations[id].users[0] ?? this.state.installations[id].account;
      await this.deliverInstallation("installation", "deleted", id, sender);
      delete this.state.installations[id];
      for (const [t, grant] of Object.entries(this.state.installationTokens)) {
        if (grant.installation === id) delete this.state.installationTokens[t];
      }
      await this.save();
      return new Response(null, { status: 204 });
    }
    return notFound();
  }

  private async validAppJwt(jwt: string): Promise<boolean> {
    const { id, clientId, publicKeyPem } = this.opts.app;
    this.publicKey ??= importSPKI(publicKeyPem, "RS256");
    try {
      const { payload } = await jwtVerify(jwt, await this.publicKey, {
        issuer: [id, clientId],
        algorithms: ["RS256"],
        clockTolerance: CLOCK_SKEW_S,
      });
      const now = Date.now() / 1000;
      return payload.iat !== undefined && payload.exp !== undefined && payload.iat <= now + CLOCK_SKEW_S &&
        payload.exp - payload.iat <= MAX_JWT_LIFETIME_S;
    } catch {
      return false;
    }
  }

  /** The installations a user token reaches, paged like GitHub's (`per_page` at most 100). */
  private userInstallations(req: Request, url: URL): Response {
    const user = this.state.userTokens[bearer(req)];
    if (!user) return json({ message: "Bad credentials" }, 401);
    const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 30), 100);
    const page = Math.max(Number(url.searchParams.get("page") ?? 1), 1);
    const all = Object.entries(this.state.installations)
      .filter(([, i]) => i.users.includes(user))
      .sort(([, a], [, b]) => a.seq - b.seq)
      .map(([id]) => this.installationJson(Number(id)));
    return json({ total_count: all.length, installations: all.slice((page - 1) * perPage, page * perPage) });
  }

  /**
   * Who a token is: an installation token reaches its account's repositories; a user token (`ghu_`, an
   * App's user token) those of the installations the user has, as GitHub intersects the two.
   */
  private principal(token: string): { name: string; owners: Set<string>; user?: string } | undefined {
    const grant = this.state.installationTokens[token];
    if (grant && grant.expiresAt > Date.now() && this.state.installations[grant.installation]) {
      const account = this.state.installations[grant.installation].account;
      return { name: `installation-${grant.installation}`, owners: new Set([account]) };
    }
    const user = this.state.userTokens[token];
    if (!user) return undefined;
    const owners = Object.values(this.state.installations).filter((i) => i.users.includes(user))
      .map((i) => i.account);
    return { name: user, owners: new Set(owners), user };
  }

  private async createUserRepo(req: Request): Promise<Response> {
    const principal = this.principal(bearer(req));
    if (!principal?.user) return json({ message: "Bad credentials" }, 401);
    if (!principal.owners.has(principal.user)) {
      return json({ message: "Resource not accessible by integration" }, 403);
    }
    return await this.createRepo(principal.user, await readJson(req));
  }

  private async createRepo(owner: string, body: { name?: string; private?: boolean; auto_init?: boolean }) {
    if (!validName(body.name)) throw new HttpError(422, "Repository creation failed: invalid name");
    const repo = this.repoDir(owner, body.name);
    if (await Deno.stat(repo).then(() => true, () => false)) {
      return json({ message: "Repository creation failed: name already exists on this account" }, 422);
    }
    await Deno.mkdir(join(this.repos, owner), { recursive: true });
    await this.git(undefined, ["init", "--bare", "-q", "-b", "main", repo]);
    await this.git(repo, ["config", "http.receivepack", "true"]);
    if (body.auto_init) {
      await this.commitFiles(
        owner,
        body.name,
        [{ path: "README.md", contents: `# ${body.name}\n` }],
        "Initial commit",
      );
    }
    if (this.faults.settling) this.settling.set(repo, this.faults.settling);
    return json(this.repoJson(owner, body.name, body.private ?? false, "main"), 201);
  }

  private repoJson(owner: string, name: string, isPrivate: boolean, branch: string) {
    return {
      name,
      full_name: `${owner}/${name}`,
      private: isPrivate,
      owner: this.accountJson(owner),
      default_branch: branch,
      clone_url: `${this.url}/${owner}/${name}.git`,
    };
  }

  /** `/orgs/{org}/repos` and `/repos/{owner}/{repo}/…`, with an installation or user token. */
  private async repoRoute(req: Request, path: string): Promise<Response> {
    const token = bearer(req);
    const principal = this.principal(token);
    if (!principal) return json({ message: "Bad credentials" }, 401);
    if (this.faults.failRepoCalls) {
      return json({ message: `upstream broke serving ${req.headers.get("authorization")}` }, 500);
    }
    let parts: string[];
    try {
      parts = path.split("/").map(decodeURIComponent);
    } catch {
      return notFound();
    }
    if (parts[1] === "orgs" && parts[3] === "repos" && parts.length === 4 && req.method === "POST") {
      const org = this.state.accounts[parts[2]];
      if (org?.type !== "Organization" || !principal.owners.has(parts[2])) {
        return json({ message: "Resource not accessible by integration" }, 403);
      }
      return await this.createRepo(parts[2], await readJson(req));
    }
    const [, root, owner, name, ...rest] = parts;
    // Repositories the caller may not see are hidden behind 404, like missing ones.
    if (root !== "repos" || !validName(owner) || !validName(name) || !principal.owners.has(owner)) {
      return notFound();
    }
    const repo = this.repoDir(owner, name);
    if (!await Deno.stat(repo).then(() => true, () => false)) return notFound();
    const body = req.method === "GET" ? undefined : await readJson(req);
    return await this.gitData(req.method, owner, name, repo, rest.join("/"), body);
  }

  private async gitData(
    method: string,
    owner: string,
    name: string,
    repo: string,
    path: string,
    // deno-lint-ignore no-explicit-any
    body: any,
  ): Promise<Response> {
    const branch = await this.defaultBranch(repo);
    if (path === "" && method === "GET") return json(this.repoJson(owner, name, true, branch));
    if (path.startsWith("contents/") && method === "PUT") {
      return await this.putContents(owner, name, repo, path.slice("contents/".length), body);
    }
    const empty = (await this.git(repo, ["for-each-ref", "--count=1", "refs/heads"])) === "";
    if (empty) return json({ message: "Git Repository is empty." }, 409);
    if (path.startsWith("git/ref/heads/") && method === "GET") {
      const settling = this.settling.get(repo) ?? 0;
      if (settling > 0) {
        this.settling.set(repo, settling - 1);
        return json({ message: "Git Repository is empty." }, 409);
      }
      const name = path.slice("git/ref/".length);
      const sha = await this.revParse(repo, `refs/${name}`);
      if (!sha) return notFound();
      return json({ ref: `refs/${name}`, object: { sha, type: "commit" } });
    }
    if (path.startsWith("git/commits/") && method === "GET") {
      const commit = await this.readCommit(repo, path.slice("git/commits/".length));
      return commit ? json(commit) : notFound();
    }
    if (path === "git/blobs" && method === "POST") {
      if (typeof body?.content !== "string") throw new HttpError(422, "content is required");
      const bytes = body.encoding === "base64" ? fromBase64(body.content) : encoder.encode(body.content);
      return json({ sha: await this.git(repo, ["hash-object", "-w", "--stdin"], bytes) }, 201);
    }
    if (path === "git/trees" && method === "POST") {
      if (!Array.isArray(body?.tree)) throw new HttpError(422, "tree is required");
      const entries: TreeEntry[] = body.tree;
      if (body.base_tree) throw new HttpError(422, "base_tree is not supported here");
      return json({ sha: await this.writeTree(repo, entries) }, 201);
    }
    if (path === "git/commits" && method === "POST") {
      const parents: string[] = body?.parents ?? [];
      if (typeof body?.tree !== "string" || typeof body.message !== "string" || !Array.isArray(parents)) {
        throw new HttpError(422, "tree and message are required");
      }
      if (![body.tree, ...parents].every((sha) => SHA.test(sha))) throw new HttpError(422, "not a SHA");
      const author = body.author ?? {};
      if ([author.name, author.email, author.date].some((v) => v !== undefined && typeof v !== "string")) {
        throw new HttpError(422, "author's name, email and date are strings");
      }
      return json({ sha: await this.commitTree(repo, body.tree, parents, body.message, author) }, 201);
    }
    if (path.startsWith("git/refs/heads/") && method === "PATCH") {
      return await this.moveBranch(owner, name, repo, path.slice("git/refs/heads/".length), body);
    }
    return notFound();
  }

  /** Creates or replaces one file as a commit on the default branch (`sha` names the blob replaced). */
  // deno-lint-ignore no-explicit-any
  private async putContents(owner: string, name: string, repo: string, path: string, body: any) {
    if (typeof body?.message !== "string" || typeof body.content !== "string") {
      throw new HttpError(422, "message and content are required");
    }
    const branch = await this.defaultBranch(repo);
    const head = await this.revParse(repo, `refs/heads/${branch}`);
    const existing = head ? await this.revParse(repo, `${head}:${path}`) : undefined;
    if (existing && body.sha !== existing) {
      throw new HttpError(existing && body.sha ? 409 : 422, `${path} exists: its "sha" must be given`);
    }
    const commit = await this.commitFiles(
      owner,
      name,
      [{ path, contents: fromBase64(body.content) }],
      body.message,
    );
    return json(
      { content: { path, name: path.split("/").pop() }, commit: { sha: commit } },
      existing ? 200 : 201,
    );
  }

  private async moveBranch(
    owner: string,
    name: string,
    repo: string,
    branch: string,
    body: { sha?: string; force?: boolean },
  ) {
    if (!body?.sha || !SHA.test(body.sha)) throw new HttpError(422, "sha is required");
    await this.faults.beforeBranchMove?.(owner, name, branch);
    const current = await this.revParse(repo, `refs/heads/${branch}`);
    if (!current) throw new HttpError(422, "Reference does not exist");
    if ((await this.git(repo, ["cat-file", "-t", body.sha]).catch(() => "")) !== "commit") {
      throw new HttpError(422, "Object does not exist");
    }
    const ancestor = await this.gitStatus(repo, ["merge-base", "--is-ancestor", current, body.sha]);
    if (!body.force && !ancestor) return json({ message: "Update is not a fast forward" }, 422);
    // Compare-and-swap: a branch moved since it was read is not overwritten.
    if (!await this.gitStatus(repo, ["update-ref", `refs/heads/${branch}`, body.sha, current])) {
      return json({ message: "Update is not a fast forward" }, 422);
    }
    return json({ ref: `refs/heads/${branch}`, object: { sha: body.sha, type: "commit" } });
  }

  private async readCommit(repo: string, sha: string) {
    if (!SHA.test(sha) || (await this.git(repo, ["cat-file", "-t", sha]).catch(() => "")) !== "commit") {
      return undefined;
    }
    const raw = await this.git(repo, ["cat-file", "commit", sha], undefined, false);
    const split = raw.indexOf("\n\n");
    const headers = raw.slice(0, split).split("\n");
    const field = (name: string) =>
      headers.filter((h) => h.startsWith(`${name} `)).map((h) => h.slice(name.length + 1));
    return {
      sha,
      tree: { sha: field("tree")[0] },
      parents: field("parent").map((p) => ({ sha: p })),
      message: raw.slice(split + 2),
    };
  }

  /** A tree of the entries, whose paths may name sub-directories: each level written with `git mktree`. */
  async writeTree(repo: string, entries: TreeEntry[]): Promise<string> {
    type Dir = Map<string, TreeEntry | Dir>;
    const root: Dir = new Map();
    for (const entry of entries) {
      const names = String(entry.path).split("/");
      if (
        names.some((n) => n === "" || n === "." || n === ".." || n === ".git") || !MODES.has(entry.mode) ||
        !SHA.test(entry.sha)
      ) {
        throw new HttpError(422, `tree entry ${JSON.stringify(entry.path)} is invalid`);
      }
      let dir = root;
      for (const n of names.slice(0, -1)) {
        const next = dir.get(n) ?? new Map();
        if (!(next instanceof Map)) throw new HttpError(422, `${entry.path} is under a file`);
        dir.set(n, next);
        dir = next;
      }
      if (dir.get(names.at(-1)!) instanceof Map) throw new HttpError(422, `${entry.path} is a directory`);
      dir.set(names.at(-1)!, entry);
    }
    const write = async (dir: Dir): Promise<string> => {
      const lines = [];
      for (const [n, e] of dir) {
        lines.push(
          e instanceof Map ? `040000 tree ${await write(e)}\t${n}` : `${e.mode} ${e.type} ${e.sha}\t${n}`,
        );
      }
      return await this.git(repo, ["mktree"], encoder.encode(lines.join("\n") + "\n")).catch(() => {
        throw new HttpError(422, "A tree entry names an object that does not exist");
      });
    };
    return await write(root);
  }

  /** A commit by the App's bot, or by `author` (GitHub's optional name, email and ISO 8601 date) when given. */
  private async commitTree(
    repo: string,
    tree: string,
    parents: string[],
    message: string,
    author: { name?: string; email?: string; date?: string } = {},
  ) {
    const { name, email } = { ...this.botIdentity(), ...author };
    return await this.git(
      repo,
      ["commit-tree", tree, ...parents.flatMap((p) => ["-p", p]), "-F", "-"],
      encoder.encode(message),
      true,
      {
        GIT_AUTHOR_NAME: name,
        GIT_AUTHOR_EMAIL: email,
        ...(author.date ? { GIT_AUTHOR_DATE: author.date } : {}),
        GIT_COMMITTER_NAME: "GitHub",
        GIT_COMMITTER_EMAIL: "noreply@github.com",
      },
    ).catch(() => {
      throw new HttpError(422, "The tree or a parent does not exist");
    });
  }

  private botIdentity() {
    const { id, slug } = this.opts.app;
    return { name: `${slug}[bot]`, email: `${id}+${slug}[bot]@users.noreply.github.com` };
  }

  private async defaultBranch(repo: string): Promise<string> {
    return (await this.git(repo, ["symbolic-ref", "HEAD"])).replace(/^refs\/heads\//, "");
  }

  private async revParse(repo: string, rev: string): Promise<string | undefined> {
    return await this.git(repo, ["rev-parse", "--verify", "-q", rev]).catch(() => undefined);
  }

  /** Delivers an installation event to the App's webhook. */
  private async deliverInstallation(event: string, action: string, installation: number, sender: string) {
    await this.deliver(event, {
      action,
      installation: this.installationJson(installation),
      sender: { login: sender, type: "User" },
    });
  }

  /** Delivers an event to the App's webhook, signed as GitHub signs; a failure is logged. */
  private async deliver(event: string, payload: Record<string, unknown>) {
    if (!this.opts.webhookUrl) return;
    const action = payload.action ? `.${payload.action}` : "";
    const body = JSON.stringify(payload);
    const signature = createHmac("sha256", this.opts.app.webhookSecret).update(body).digest("hex");
    try {
      const res = await fetch(this.opts.webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "GitHub-Hookshot/local",
          "x-github-event": event,
          "x-github-delivery": crypto.randomUUID(),
          "x-github-hook-installation-target-id": this.opts.app.id,
          "x-hub-signature-256": `sha256=${signature}`,
        },
        body,
      });
      if (!res.ok) {
        console.error(`git host: the ${event}${action} webhook answered ${res.status}: ${await res.text()}`);
      } else await res.body?.cancel();
    } catch (err) {
      console.error(`git host: delivering the ${event}${action} webhook failed: ${err}`);
    }
  }

  /** The repository's branches: ref → commit. */
  private async branches(repo: string): Promise<Map<string, string>> {
    const listed = await this.git(repo, ["for-each-ref", "--format=%(refname) %(objectname)", "refs/heads"]);
    return new Map(listed.split("\n").filter(Boolean).map((line) => line.split(" ") as [string, string]));
  }

  /**
   * A `push` event for each branch a `git push` moved, signed as GitHub signs, with the fields GitHub sends
   * (ref, before, after, created, deleted, forced, commits with their authors and changed paths,
   * head_commit, repository, pusher, sender, installation) for the App's installation on the owner.
   */
  private async deliverPushes(
    owner: string,
    name: string,
    repo: string,
    before: Map<string, string>,
    pusher: string,
  ) {
    const installation = Object.entries(this.state.installations)
      .filter(([, i]) => i.account === owner).sort(([, a], [, b]) => a.seq - b.seq)[0]?.[0];
    if (!installation) return;
    const after = await this.branches(repo);
    for (const ref of new Set([...before.keys(), ...after.keys()])) {
      const [from, to] = [before.get(ref) ?? ZERO_SHA, after.get(ref) ?? ZERO_SHA];
      if (from === to) continue;
      const range = to === ZERO_SHA ? [] : from === ZERO_SHA ? [to] : [`${from}..${to}`];
      const ids = range.length ? (await this.git(repo, ["rev-list", "--reverse", ...range])).split("\n") : [];
      const commits = [];
      for (const id of ids.filter(Boolean)) {
        const [tree, authorName, authorEmail, date, message] = (await this.git(
          repo,
          ["show", "-s", "--format=%T%x00%an%x00%ae%x00%aI%x00%B", id],
          undefined,
          false,
        )).split("\0");
        const changed = await this.git(repo, [
          "diff-tree",
          "--root",
          "--no-commit-id",
          "--name-status",
          "-r",
          id,
        ]);
        const paths = (status: string) =>
          changed.split("\n").filter((l) => l.startsWith(status)).map((l) => l.slice(l.indexOf("\t") + 1));
        commits.push({
          id,
          tree_id: tree,
          distinct: true,
          message: message.trim(),
          timestamp: date,
          url: `${this.url}/${owner}/${name}/commit/${id}`,
          author: { name: authorName, email: authorEmail },
          committer: { name: authorName, email: authorEmail },
          added: paths("A"),
          removed: paths("D"),
          modified: paths("M"),
        });
      }
      const branch = await this.defaultBranch(repo);
      await this.deliver("push", {
        ref,
        before: from,
        after: to,
        created: from === ZERO_SHA,
        deleted: to === ZERO_SHA,
        forced: from !== ZERO_SHA && to !== ZERO_SHA &&
          !await this.gitStatus(repo, ["merge-base", "--is-ancestor", from, to]),
        base_ref: null,
        compare: `${this.url}/${owner}/${name}/compare/${from.slice(0, 12)}...${to.slice(0, 12)}`,
        commits,
        head_commit: commits.at(-1) ?? null,
        repository: {
          ...this.repoJson(owner, name, true, branch),
          owner: { ...this.accountJson(owner), name: owner },
        },
        pusher: { name: pusher, email: null },
        sender: { login: pusher, type: "User" },
        installation: { id: Number(installation) },
      });
    }
  }

  /**
   * git's smart HTTP, through `git http-backend` as a CGI program: clone and fetch with a token that
   * reaches the repository (a user's or an installation's, as Basic auth's password), push as well.
   */
  private async smartHttp(req: Request, url: URL): Promise<Response> {
    const [, owner, repoName, rest] = /^\/([^/]+)\/([^/]+)\.git(\/.*)$/.exec(url.pathname)!;
    const principal = this.principal(bearer(req));
    if (!principal) {
      return new Response("Authentication required\n", {
        status: 401,
        headers: { "www-authenticate": 'Basic realm="GitHub"' },
      });
    }
    const repo = this.repoDir(owner, repoName);
    if (
      !validName(owner) || !validName(repoName) || !principal.owners.has(owner) ||
      !await Deno.stat(repo).then(() => true, () => false)
    ) {
      return new Response("Repository not found.\n", { status: 404 });
    }
    const input = req.body ? new Uint8Array(await req.arrayBuffer()) : new Uint8Array();
    const env: Record<string, string> = {
      GIT_PROJECT_ROOT: this.repos,
      GIT_HTTP_EXPORT_ALL: "1",
      PATH_INFO: `/${owner}/${repoName}.git${rest}`,
      REQUEST_METHOD: req.method,
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers.get("content-type") ?? "",
      CONTENT_LENGTH: String(input.length),
      REMOTE_USER: principal.name,
      REMOTE_ADDR: "127.0.0.1",
    };
    const protocol = req.headers.get("git-protocol");
    if (protocol) env.GIT_PROTOCOL = protocol;
    const receiving = req.method === "POST" && rest === "/git-receive-pack";
    const before = receiving ? await this.branches(repo) : undefined;
    const encoding = req.headers.get("content-encoding");
    if (encoding) env.HTTP_CONTENT_ENCODING = encoding;
    const child = new Deno.Command("git", {
      args: ["http-backend"],
      env,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(input);
    await writer.close();
    const out = await child.output();
    const bytes = out.stdout;
    // CGI: headers, a blank line, the body.
    let split = -1;
    for (let i = 0; i + 1 < bytes.length; i++) {
      if (bytes[i] === 10 && bytes[i + 1] === 10) split = i + 2;
      else if (bytes[i] === 13 && bytes[i + 1] === 10 && bytes[i + 2] === 13 && bytes[i + 3] === 10) {
        split = i + 4;
      }
      if (split >= 0) break;
    }
    if (split < 0) {
      console.error("git host: git http-backend:", decoder.decode(out.stderr));
      return new Response("git http-backend failed\n", { status: 500 });
    }
    const headers = new Headers();
    let status = 200;
    for (const line of decoder.decode(bytes.subarray(0, split)).split(/\r?\n/).filter(Boolean)) {
      const colon = line.indexOf(":");
      const [key, value] = [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      if (key.toLowerCase() === "status") status = Number(value.split(" ")[0]);
      else headers.append(key, value);
    }
    // Delivered before git hears back, so that a test sees the push's effect once `git push` returns.
    if (before) await this.deliverPushes(owner, repoName, repo, before, principal.name);
    return new Response(bytes.subarray(split), { status, headers });
  }

  /** Runs git on the repository (`repo` undefined: anywhere), answering its output trimmed. */
  private async git(
    repo: string | undefined,
    args: string[],
    input?: Uint8Array,
    trim = true,
    env: Record<string, string> = {},
  ): Promise<string> {
    const child = new Deno.Command("git", {
      args: repo ? [`--git-dir=${repo}`, ...args] : args,
      env,
      stdin: input ? "piped" : "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    if (input) {
      const writer = child.stdin.getWriter();
      await writer.write(input);
      await writer.close();
    }
    const out = await child.output();
    if (!out.success) throw new Error(`git ${args[0]}: ${decoder.decode(out.stderr).trim()}`);
    const text = decoder.decode(out.stdout);
    return trim ? text.trim() : text;
  }

  private async gitStatus(repo: string, args: string[]): Promise<boolean> {
    const out = await new Deno.Command("git", {
      args: [`--git-dir=${repo}`, ...args],
      stdout: "null",
      stderr: "null",
    }).output();
    return out.success;
  }
}
