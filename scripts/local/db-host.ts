// The local database host: the parts of the Supabase Management API the service's adapter uses — OAuth
// (authorization code with PKCE, refresh tokens that work once), projects, organizations, a project's API
// keys and the profile — where every project is a real database of the local Postgres cluster, created
// with the project. Accounts, projects and grants are kept in a JSON file, so a restarted stack still
// knows them.
//
// There is no sign-in page: the consent page `GET /v1/oauth/authorize?…&username=<name>` stands for that
// user signing in and approving, and sends the browser to the redirect URI with `code` and `state`. A new
// account starts with one organization and one project.
import { createHash } from "node:crypto";
import { join } from "node:path";
import { JsonFile } from "./json-file.ts";
import { base64url } from "jose";
import type { SeenRequest } from "./git-host.ts";

export interface DbHostOptions {
  /** Holds `state.json`. */
  dir: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** The OAuth app the service signs in with. */
  client: { id: string; secret: string; redirectUris: string[] };
  /** Creates a project's database in the cluster. */
  createDatabase(name: string): Promise<void>;
}

/** Failures a test switches on to see how the service copes; all off by default. */
export interface DbHostFaults {
  /** Calls made with the user's token answer only once the server closes (the client must give up). */
  hang?: boolean;
  /** Calls made with the user's token answer 500, echoing the credentials. */
  fail?: boolean;
}

export interface DbHostProject {
  ref: string;
  name: string;
  region: string;
  created_at: string;
  organization_slug: string;
  anonKey: string;
  serviceRoleKey: string;
}

export interface DbHostAccount {
  id: string;
  username: string;
  organizations: { slug: string; name: string }[];
  projects: DbHostProject[];
}

interface State {
  accounts: Record<string, DbHostAccount>;
  codes: Record<string, { account: string; redirectUri: string; challenge: string; expiresAt: number }>;
  accessTokens: Record<string, { account: string; expiresAt: number }>;
  refreshTokens: Record<string, string>;
}

const CODE_TTL_MS = 10 * 60_000;
const USERNAME = /^[a-z0-9_-]{1,39}$/;
const json = (body: unknown, status = 200) => Response.json(body, { status });

const lowerLetters = (n: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String.fromCharCode(97 + (b % 26))).join("");
const randomKey = (prefix: string) =>
  `${prefix}${base64url.encode(crypto.getRandomValues(new Uint8Array(24)))}`;

export class DbHost {
  readonly faults: DbHostFaults = {};
  /** The requests received, for tests that check what a client sent. */
  readonly seen: SeenRequest[] = [];
  /** Seconds an access token issued from now on lives. */
  accessTokenLifetime = 3600;
  private readonly server: Deno.HttpServer<Deno.NetAddr>;
  private readonly hanging = new Set<() => void>();

  private constructor(private readonly opts: DbHostOptions, private readonly stored: JsonFile<State>) {
    this.server = Deno.serve(
      { hostname: "127.0.0.1", port: opts.port ?? 0, onListen() {} },
      (req) => this.handle(req),
    );
  }

  static async start(opts: DbHostOptions): Promise<DbHost> {
    await Deno.mkdir(opts.dir, { recursive: true });
    const state = await JsonFile.open<State>(join(opts.dir, "state.json"), () => ({
      accounts: {},
      codes: {},
      accessTokens: {},
      refreshTokens: {},
    }));
    return new DbHost(opts, state);
  }

  /** `http://127.0.0.1:<port>`, the Management API's base URL. */
  get url(): string {
    return `http://127.0.0.1:${this.server.addr.port}`;
  }

  async close() {
    for (const release of this.hanging) release();
    await this.server.shutdown();
  }

  /** The account of that user name, made (with an organization and a first project) when new. */
  async account(username: string): Promise<DbHostAccount> {
    const found = Object.values(this.state.accounts).find((a) => a.username === username);
    if (found) return found;
    const slug = `${username}-org`;
    const account: DbHostAccount = {
      id: crypto.randomUUID(),
      username,
      organizations: [{ slug, name: `${username}'s organization` }],
      projects: [],
    };
    this.state.accounts[account.id] = account;
    await this.createProject(account, `${username}'s project`, slug);
    return account;
  }

  /** A project in the organization, with a database of its ref in the cluster. */
  async createProject(account: DbHostAccount, name: string, organization: string): Promise<DbHostProject> {
    const ref = lowerLetters(20);
    await this.opts.createDatabase(ref);
    const project: DbHostProject = {
      ref,
      name,
      region: "local",
      created_at: new Date().toISOString(),
      organization_slug: organization,
      anonKey: randomKey("sb_anon_"),
      serviceRoleKey: randomKey("sb_service_"),
    };
    account.projects.push(project);
    await this.save();
    return project;
  }

  /** The account's access tokens stop working, as once they expire. */
  async expireAccessTokens(account: string) {
    for (const grant of Object.values(this.state.accessTokens)) {
      if (grant.account === account) grant.expiresAt = 0;
    }
    await this.save();
  }

  /** The user revokes the app: no token of the account works any more. */
  async revoke(account: string) {
    for (const [token, grant] of Object.entries(this.state.accessTokens)) {
      if (grant.account === account) delete this.state.accessTokens[token];
    }
    for (const [token, owner] of Object.entries(this.state.refreshTokens)) {
      if (owner === account) delete this.state.refreshTokens[token];
    }
    await this.save();
  }

  // -------------------------------------------------------------------------------------------------------

  private get state(): State {
    return this.stored.data;
  }

  private save(): Promise<void> {
    return this.stored.save();
  }

  private async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    this.seen.push({
      method: req.method,
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.get("authorization"),
      text: await req.clone().text(),
    });
    try {
      if (url.pathname === "/v1/oauth/authorize" && req.method === "GET") return await this.authorize(url);
      if (url.pathname === "/v1/oauth/token" && req.method === "POST") return await this.token(req);
      return await this.apiRoute(req, url.pathname);
    } catch (err) {
      console.error("db host:", err);
      return json({ message: "Internal Server Error" }, 500);
    }
  }

  /** The consent page, approved at once as `username`. */
  private async authorize(url: URL): Promise<Response> {
    const q = (name: string) => url.searchParams.get(name) ?? "";
    if (q("client_id") !== this.opts.client.id) return json({ message: "Unknown OAuth client" }, 400);
    if (!this.opts.client.redirectUris.includes(q("redirect_uri"))) {
      return json({ message: "redirect_uri is not registered for this OAuth app" }, 400);
    }
    const back = new URL(q("redirect_uri"));
    back.searchParams.set("state", q("state"));
    const username = q("username") || "you";
    if (
      q("response_type") !== "code" || q("code_challenge_method") !== "S256" ||
      !/^[A-Za-z0-9_-]{43}$/.test(q("code_challenge")) || !USERNAME.test(username)
    ) {
      back.searchParams.set("error", "invalid_request");
    } else {
      const account = await this.account(username);
      const code = crypto.randomUUID();
      this.state.codes[code] = {
        account: account.id,
        redirectUri: q("redirect_uri"),
        challenge: q("code_challenge"),
        expiresAt: Date.now() + CODE_TTL_MS,
      };
      await this.save();
      back.searchParams.set("code", code);
    }
    return new Response(null, { status: 302, headers: { location: back.href } });
  }

  private async grant(account: string): Promise<Response> {
    const access = randomKey("sbp_oauth_");
    const refresh = randomKey("sbr_");
    this.state.accessTokens[access] = { account, expiresAt: Date.now() + this.accessTokenLifetime * 1000 };
    this.state.refreshTokens[refresh] = account;
    await this.save();
    return json({
      access_token: access,
      refresh_token: refresh,
      expires_in: this.accessTokenLifetime,
      token_type: "Bearer",
    }, 201);
  }

  /** The token endpoint: the client's credentials as Basic auth; codes and refresh tokens work once. */
  private async token(req: Request): Promise<Response> {
    const { id, secret } = this.opts.client;
    if (req.headers.get("authorization") !== `Basic ${btoa(`${id}:${secret}`)}`) {
      return json({ message: "Invalid client credentials" }, 401);
    }
    const form = new URLSearchParams(await req.text());
    if (form.get("grant_type") === "authorization_code") {
      const code = this.state.codes[form.get("code") ?? ""];
      delete this.state.codes[form.get("code") ?? ""];
      const verifier = form.get("code_verifier") ?? "";
      const challenge = base64url.encode(createHash("sha256").update(verifier).digest());
      if (
        code && code.expiresAt > Date.now() && form.get("redirect_uri") === code.redirectUri &&
        challenge === code.challenge
      ) {
        return await this.grant(code.account);
      }
      await this.save();
      return json({ error: "invalid_grant", message: "The code is invalid, expired or already used" }, 400);
    }
    const refresh = form.get("refresh_token") ?? "";
    const account = form.get("grant_type") === "refresh_token"
      ? this.state.refreshTokens[refresh]
      : undefined;
    if (!account) return json({ message: "The refresh token is invalid or was revoked" }, 401);
    delete this.state.refreshTokens[refresh];
    return await this.grant(account);
  }

  /** The API proper, with the user's access token. */
  private async apiRoute(req: Request, path: string): Promise<Response> {
    const token = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
    if (this.faults.hang) {
      await new Promise<void>((resolve) => this.hanging.add(resolve));
      return json({ message: "Gateway Timeout" }, 504);
    }
    if (this.faults.fail) {
      return json({ message: `failed for ${token} (client ${this.opts.client.secret})` }, 500);
    }
    const grant = this.state.accessTokens[token];
    const account = grant && grant.expiresAt > Date.now() ? this.state.accounts[grant.account] : undefined;
    if (!account) return json({ message: "Unauthorized" }, 401);
    if (path === "/v1/profile" && req.method === "GET") {
      return json({
        gotrue_id: account.id,
        username: account.username,
        primary_email: `${account.username}@example.com`,
      });
    }
    if (path === "/v1/organizations" && req.method === "GET") {
      return json(account.organizations.map((o) => ({ id: o.slug, slug: o.slug, name: o.name })));
    }
    if (path === "/v1/projects" && req.method === "GET") {
      return json(account.projects.map((p) => ({
        id: p.ref,
        ref: p.ref,
        organization_id: p.organization_slug,
        organization_slug: p.organization_slug,
        name: p.name,
        region: p.region,
        created_at: p.created_at,
        status: "ACTIVE_HEALTHY",
        database: { host: "127.0.0.1", version: "15", postgres_engine: "15", release_channel: "ga" },
      })));
    }
    if (path === "/v1/projects" && req.method === "POST") {
      const body = await req.json().catch(() => ({}));
      const organization = body.organization_slug ?? body.organization_id;
      if (
        typeof body.name !== "string" || !body.name ||
        !account.organizations.some((o) => o.slug === organization)
      ) {
        return json({ message: "name and one of the account's organization_slug are required" }, 400);
      }
      const project = await this.createProject(account, body.name, organization);
      return json(
        { id: project.ref, ref: project.ref, name: project.name, organization_slug: organization },
        201,
      );
    }
    const keys = /^\/v1\/projects\/([^/]+)\/api-keys$/.exec(path);
    const project = keys && account.projects.find((p) => p.ref === keys[1]);
    if (project && req.method === "GET") {
      return json([
        { name: "anon", api_key: project.anonKey, type: "legacy" },
        { name: "service_role", api_key: project.serviceRoleKey, type: "legacy" },
      ]);
    }
    return json({ message: "Not Found" }, 404);
  }
}
