// The local stack's OAuth 2.1 authorization server at the issuer `{gateway}/auth/v1`, playing the part
// Supabase Auth's OAuth server plays on hosted projects. Built on oidc-provider (OpenID-certified):
// discovery, dynamic registration, Client ID Metadata Documents, code + PKCE S256, resource indicators,
// refresh-token rotation, revocation and the `iss` authorization-response parameter are the library's.
// This file only configures it and serves the sign-in and consent pages. Access tokens are JWTs signed
// with the stack's key and shaped like Supabase Auth's OAuth tokens (`role` `authenticated`, `email`,
// `client_id`, scope `email`), so RLS takes them unchanged, but their `aud` is the resource they were
// issued for (RFC 8707), so only that endpoint accepts them.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { appendFile } from "node:fs/promises";
import Provider, { errors, type KoaContextWithOIDC } from "oidc-provider";
import { importJWK, jwtVerify } from "jose";
import type postgres from "postgres";
import type { LocalKey } from "./keys.ts";
import { ensureUser } from "./users.ts";
import { postgresAdapter, revokeClientGrants } from "./auth-store.ts";
import { showErrorsOfUnverifiedClients } from "./error-redirects.ts";
import { beginAttempt, clientAddress, issueCode, spendCode, waitNotice } from "./sign-in-limits.ts";
import { escapeHtml, signInForms } from "../../supabase/functions/_shared/html.ts";

export const AUTH_PATH = "/auth/v1";
/** The one scope Supabase Auth puts in its OAuth tokens. */
const SCOPE = "email";

export interface AuthServerOptions {
  /** The gateway's public origin, e.g. http://127.0.0.1:54321 */
  origin: string;
  key: LocalKey;
  sql: postgres.Sql;
  /** Resource indicators tokens may be issued for (the MCP endpoint first: the default one). */
  resources: string[];
  /** Where one-time sign-in codes are written, as a mail server's log would show them. */
  mailLog: string;
  /** Clients registered from the start (the reference page's), besides those that register themselves. */
  clients?: StaticClient[];
}

/** A public client that signs in with PKCE and comes back to one page, for one resource by default. */
export interface StaticClient {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
  resource: string;
}

interface Account {
  id: string;
  email: string;
}

// No form-action: browsers apply it to the redirects after a form, and consent ends at the client's address.
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1b1b1f}
form{margin:1rem 0;display:grid;gap:.5rem}input{padding:.5rem;font-size:1rem}
button{padding:.6rem;font-size:1rem;cursor:pointer}.error{color:#b00020}.muted{color:#555;font-size:.9rem}
ul{padding-left:1.2rem}code{background:#f2f2f5;padding:0 .2rem}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 16_384) throw new errors.InvalidRequest("the form is too large");
    chunks.push(chunk);
  }
  return new URLSearchParams(new TextDecoder().decode(Buffer.concat(chunks)));
}

function send(res: ServerResponse, status: number, html: string) {
  res.statusCode = status;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.setHeader("content-security-policy", PAGE_CSP);
  res.end(html);
}

export function createAuthServer(opts: AuthServerOptions) {
  const { sql } = opts;
  const issuer = `${opts.origin}${AUTH_PATH}`;

  async function accountById(id: string): Promise<Account | undefined> {
    const [row] = await sql<
      Account[]
    >`select id, email from auth.users where id = ${id} and deleted_at is null`;
    return row;
  }

  const provider = new Provider(issuer, {
    adapter: postgresAdapter(sql),
    jwks: { keys: [opts.key.privateJwk] },
    routes: {
      authorization: "/oauth/authorize",
      token: "/oauth/token",
      registration: "/oauth/clients/register",
      revocation: "/oauth/revoke",
      jwks: "/.well-known/jwks.json",
      userinfo: "/oauth/userinfo",
    },
    responseTypes: ["code"],
    clients: (opts.clients ?? []).map(({ resource: _, ...c }) => ({
      ...c,
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code"],
      response_types: ["code"],
    })),
    scopes: ["openid", "offline_access", SCOPE],
    clientAuthMethods: ["none", "client_secret_basic", "client_secret_post"],
    pkce: { required: () => true },
    enabledJWA: { idTokenSigningAlgValues: ["ES256"] },
    clientDefaults: { id_token_signed_response_alg: "ES256", token_endpoint_auth_method: "none" },
    cookies: { keys: [crypto.randomUUID(), crypto.randomUUID()] },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      RefreshToken: 30 * 24 * 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 30 * 24 * 3600,
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      // Only the client a token was issued to may revoke it.
      revocation: {
        enabled: true,
        allowedPolicy: (
          _ctx: KoaContextWithOIDC,
          client: { clientId: string },
          token: { clientId?: string },
        ) => client.clientId === token.clientId,
      },
      userinfo: { enabled: true },
      clientIdMetadataDocument: { enabled: true, ack: "draft-02" },
      resourceIndicators: {
        enabled: true,
        // A client that names no resource gets a token for its own (a static client's) or the MCP endpoint.
        defaultResource: (_ctx: KoaContextWithOIDC, client: { clientId: string }, oneOf?: string[]) =>
          oneOf ?? opts.clients?.find((c) => c.client_id === client.clientId)?.resource ?? opts.resources[0],
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: KoaContextWithOIDC, resource: string) => {
          if (!opts.resources.includes(resource)) {
            throw new errors.InvalidTarget(`tokens are issued only for ${opts.resources.join(", ")}`);
          }
          return {
            scope: SCOPE,
            audience: resource,
            accessTokenFormat: "jwt",
            accessTokenTTL: 3600,
            jwt: { sign: { alg: "ES256" } },
          };
        },
      },
    },
    // Refresh tokens for every client allowed the grant (MCP clients ask only for `email`), rotated on use.
    issueRefreshToken: (_ctx: KoaContextWithOIDC, client: { grantTypeAllowed(t: string): boolean }) =>
      client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    async extraTokenClaims(_ctx: KoaContextWithOIDC, token: { accountId?: string }) {
      const account = token.accountId ? await accountById(token.accountId) : undefined;
      return {
        role: "authenticated",
        email: account?.email,
        aal: "aal1",
        is_anonymous: false,
      };
    },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const account = await accountById(id);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => ({ sub: account.id, email: account.email }) };
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) =>
        `${AUTH_PATH}/interaction/${interaction.uid}`,
    },
    renderError(ctx: KoaContextWithOIDC, out: Record<string, string>) {
      ctx.type = "html";
      ctx.set("content-security-policy", PAGE_CSP);
      ctx.body = page(
        "Sign-in failed",
        `<p class="error"><strong>${escapeHtml(out.error ?? "error")}</strong>: ${
          escapeHtml(out.error_description ?? "")
        }</p><p class="muted">Start again from the application.</p>`,
      );
    },
  });
  provider.proxy = true;
  showErrorsOfUnverifiedClients(provider);

  // RFC 7009 for access tokens too: the library refuses to revoke JWTs (`unsupported_token_type`), so once
  // it has authenticated the client, a token of that client, signed here, ends the client's grants for its
  // user. Any other token is answered 200 with nothing revoked, as the RFC asks.
  const publicKey = importJWK(opts.key.publicJwk, "ES256");
  provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const client = ctx.oidc?.client;
    if (
      ctx.oidc?.route !== "revocation" || !client ||
      (ctx.body as { error?: string } | undefined)?.error !== "unsupported_token_type"
    ) return;
    const claims = await jwtVerify(String(ctx.oidc.params?.token), await publicKey, { issuer })
      .then((r) => r.payload, () => undefined);
    if (claims?.sub && claims.client_id === client.clientId) {
      await revokeClientGrants(sql, claims.sub, client.clientId);
    }
    ctx.status = 200;
    ctx.body = "";
  });

  function loginPage(uid: string, clientName: string, notice = "", email = "", codeSent = false) {
    const action = `${AUTH_PATH}/interaction/${uid}/login`;
    return page(
      "Sign in",
      `<p><strong>${escapeHtml(clientName)}</strong> wants to use your account.</p>
${signInForms({ action, notice, email, codeSent })}`,
    );
  }

  function consentPage(
    uid: string,
    client: { clientName?: string; clientId: string; clientUri?: string },
    scopes: string[],
    resources: string[],
    redirectUri: string,
  ) {
    const action = `${AUTH_PATH}/interaction/${uid}/consent`;
    const list = (items: string[]) =>
      `<ul>${items.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join("")}</ul>`;
    return page(
      "Allow access?",
      `<p><strong>${escapeHtml(client.clientName ?? client.clientId)}</strong>
${client.clientName ? `<span class="muted">(client <code>${escapeHtml(client.clientId)}</code>)</span>` : ""}
wants to act for you on this service.</p>
<p>Scopes:</p>${list(scopes.length ? scopes : [SCOPE])}
<p>For:</p>${list(resources)}
<p class="muted">You will be sent back to <code>${escapeHtml(redirectUri)}</code>.</p>
<form method="post" action="${action}"><input type="hidden" name="decision" value="approve">
<button type="submit">Approve</button></form>
<form method="post" action="${action}"><input type="hidden" name="decision" value="deny">
<button type="submit">Deny</button></form>`,
    );
  }

  async function signIn(
    form: URLSearchParams,
    address: string,
  ): Promise<{ account?: Account; notice: string; codeSent?: boolean; waitSeconds?: number }> {
    const email = (form.get("email") ?? "").trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return { notice: "Enter a valid e-mail address." };
    const method = form.get("method");
    if (method === "send_code") {
      const { code, waitSeconds } = await issueCode(sql, email, address);
      if (!code) return { notice: waitNotice(waitSeconds, "codes asked for"), waitSeconds };
      const line = `${new Date().toISOString()} to=${email} subject="Your sign-in code" code=${code}\n`;
      console.log(`auth: sign-in code for ${email}: ${code}`);
      await appendFile(opts.mailLog, line, { mode: 0o600 });
      return { notice: `A code was sent to ${email}.`, codeSent: true };
    }
    if (method !== "password" && method !== "code") return { notice: "Choose a way to sign in." };
    const attempt = await beginAttempt(sql, email, address);
    if (attempt.waitSeconds > 0) {
      return {
        notice: waitNotice(attempt.waitSeconds),
        codeSent: method === "code",
        waitSeconds: attempt.waitSeconds,
      };
    }
    if (method === "password") {
      const [row] = await sql<Account[]>`
        select id, email from auth.users
        where email = ${email} and deleted_at is null and encrypted_password is not null
          and encrypted_password = extensions.crypt(${form.get("password") ?? ""}, encrypted_password)`;
      if (!row) return { notice: "Wrong e-mail or password." };
      await attempt.giveBack();
      return { account: row, notice: "" };
    }
    if (!await spendCode(sql, email, (form.get("code") ?? "").trim())) {
      return { notice: "That code is not right, or it has expired.", codeSent: true };
    }
    await attempt.giveBack();
    // As Supabase Auth's e-mail sign-in does, a new address becomes an account (the signup trigger runs).
    return { account: await ensureUser(sql, email), notice: "" };
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, step: string) {
    res.setHeader("cache-control", "no-store");
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new errors.SessionNotFound("interaction mismatch");
    const client = await provider.Client.find(String(details.params.client_id));
    if (!client) throw new errors.InvalidClient("the client is unknown");
    const clientName = client.clientName ?? client.clientId;
    const { prompt, params } = details;

    if (req.method === "GET" && step === "") {
      if (prompt.name === "login") return send(res, 200, loginPage(uid, clientName));
      const missing = prompt.details as {
        missingResourceScopes?: Record<string, string[]>;
        missingOIDCScope?: string[];
      };
      const scopes = [
        ...new Set([
          ...(missing.missingOIDCScope ?? []),
          ...Object.values(missing.missingResourceScopes ?? {}).flat(),
        ]),
      ];
      const resources = Object.keys(missing.missingResourceScopes ?? {});
      return send(res, 200, consentPage(uid, client, scopes, resources, String(params.redirect_uri)));
    }
    if (req.method !== "POST") return send(res, 405, page("Not allowed", "<p>Use the form.</p>"));
    const form = await readForm(req);
    if (step === "login" && prompt.name === "login") {
      const outcome = await signIn(form, clientAddress(req));
      if (!outcome.account) {
        if (outcome.waitSeconds) res.setHeader("retry-after", String(outcome.waitSeconds));
        return send(
          res,
          outcome.waitSeconds ? 429 : 200,
          loginPage(uid, clientName, outcome.notice, form.get("email") ?? "", outcome.codeSent),
        );
      }
      await sql`update auth.users set last_sign_in_at = now() where id = ${outcome.account.id}`;
      return await provider.interactionFinished(req, res, { login: { accountId: outcome.account.id } }, {
        mergeWithLastSubmission: false,
      });
    }
    if (step === "consent" && prompt.name === "consent") {
      if (form.get("decision") !== "approve") {
        return await provider.interactionFinished(req, res, {
          error: "access_denied",
          error_description: "The user denied the request.",
        }, { mergeWithLastSubmission: false });
      }
      const missing = prompt.details as {
        missingResourceScopes?: Record<string, string[]>;
        missingOIDCScope?: string[];
      };
      const grant = details.grantId
        ? (await provider.Grant.find(details.grantId))!
        : new provider.Grant({ accountId: details.session!.accountId, clientId: client.clientId });
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(resource, scopes.join(" "));
      }
      const grantId = await grant.save();
      return await provider.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, {
        mergeWithLastSubmission: true,
      });
    }
    return send(
      res,
      400,
      page("Start again", "<p>This step is no longer pending; go back to the application.</p>"),
    );
  }

  const callback = provider.callback();
  const server = createServer(async (req, res) => {
    // The addresses the provider derives (discovery, redirects) are the issuer's, whatever the Host said.
    req.headers["x-forwarded-host"] = new URL(issuer).host;
    req.headers["x-forwarded-proto"] = new URL(issuer).protocol.slice(0, -1);
    const original = req.url ?? "/";
    const m = /^\/auth\/v1\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|consent))?\/?(?:\?.*)?$/.exec(original);
    if (m) {
      try {
        await interaction(req, res, m[1], m[2] ?? "");
      } catch (err) {
        const e = err as { status?: number; error?: string; error_description?: string; message?: string };
        if (!e.status) console.error("auth: interaction failed", err);
        send(
          res,
          e.status ?? 500,
          page(
            "Sign-in failed",
            `<p class="error">${escapeHtml(e.error_description ?? e.message ?? "error")}</p>
<p class="muted">Start again from the application.</p>`,
          ),
        );
      }
      return;
    }
    // RFC 8414 §3.1 and OpenID discovery addresses derived from the issuer all answer the issuer's document.
    const wellKnown =
      /^(\/\.well-known\/(oauth-authorization-server|openid-configuration)\/auth\/v1|\/auth\/v1\/\.well-known\/oauth-authorization-server)\/?$/
        .test(original);
    const path = wellKnown ? "/.well-known/openid-configuration" : original.slice(AUTH_PATH.length) || "/";
    // Mounted under the issuer's path: the provider derives its addresses from the difference.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = `${AUTH_PATH}${path}`;
    req.url = path;
    callback(req, res);
  });
  return {
    provider,
    issuer,
    /** Listens on a free loopback port; the gateway forwards the issuer's addresses there. */
    listen(): Promise<number> {
      return new Promise((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port))
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
