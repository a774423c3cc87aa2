// The hosted consent page (the `oauth-consent` function) driven as a browser drives it, against a loopback
// stand-in for Supabase Auth's HTTP API (password and e-mail code sign-in, the user, and the OAuth
// authorizations supabase-js reads and decides): sign in, see the client and scopes, approve or deny, and be
// sent back to the client; a previous consent goes straight back; no authorization, no page.
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { createConsentApp } from "../supabase/functions/oauth-consent/app.ts";

const ROOT = "http://localhost/functions/v1";
const REDIRECT = "http://127.0.0.1:7777/callback";

/** Supabase Auth as far as the consent page uses it. */
function authStandIn() {
  const users = new Map([["ada@example.com", { id: crypto.randomUUID(), password: "correct horse" }]]);
  const codes = new Map<string, string>();
  const sessions = new Map<string, string>(); // access token → e-mail
  const decisions: { id: string; action: string; email: string }[] = [];
  const authorizations = new Map([
    ["auth-1", { consented: false }],
    ["auth-2", { consented: false }],
    ["auth-3", { consented: true }],
  ]);
  const secret = crypto.getRandomValues(new Uint8Array(32));

  async function session(email: string) {
    const user = users.get(email)!;
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const access_token = await new SignJWT({ email, role: "authenticated" }).setProtectedHeader({
      alg: "HS256",
    })
      .setSubject(user.id).setAudience("authenticated").setExpirationTime(exp).sign(secret);
    sessions.set(access_token, email);
    return {
      access_token,
      refresh_token: crypto.randomUUID(),
      token_type: "bearer",
      expires_in: 3600,
      expires_at: exp,
      user: userJson(email),
    };
  }
  const userJson = (email: string) => ({
    id: users.get(email)!.id,
    email,
    aud: "authenticated",
    role: "authenticated",
    app_metadata: {},
    user_metadata: {},
    created_at: new Date().toISOString(),
  });
  const error = (status: number, code: string, msg: string) =>
    Response.json({ code: status, error_code: code, msg }, { status });

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/auth\/v1/, "");
    const body = req.method === "POST" ? await req.json().catch(() => ({})) : {};
    const bearer = req.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    const email = sessions.get(bearer);
    if (path === "/token" && url.searchParams.get("grant_type") === "password") {
      const user = users.get(body.email);
      if (!user || user.password !== body.password) return error(400, "invalid_credentials", "Invalid login");
      return Response.json(await session(body.email));
    }
    if (path === "/otp") {
      if (!users.has(body.email)) users.set(body.email, { id: crypto.randomUUID(), password: "" });
      codes.set(body.email, String(100000 + Math.floor(Math.random() * 900000)));
      return Response.json({});
    }
    if (path === "/verify") {
      if (codes.get(body.email) !== body.token) {
        return error(403, "otp_expired", "Token has expired or is invalid");
      }
      codes.delete(body.email);
      return Response.json(await session(body.email));
    }
    if (!email) return error(401, "no_authorization", "This endpoint requires a valid Bearer token");
    if (path === "/user") return Response.json(userJson(email));
    const m = /^\/oauth\/authorizations\/([^/]+)(\/consent)?$/.exec(path);
    const authorization = m && authorizations.get(m[1]);
    if (!m || !authorization) return error(404, "oauth_authorization_not_found", "authorization not found");
    if (!m[2]) {
      if (authorization.consented) return Response.json({ redirect_url: `${REDIRECT}?code=again&state=s` });
      return Response.json({
        authorization_id: m[1],
        redirect_uri: REDIRECT,
        client: { id: "client-1", name: "Test Agent", uri: "https://agent.example", logo_uri: "" },
        user: { id: users.get(email)!.id, email },
        scope: "email",
      });
    }
    decisions.push({ id: m[1], action: body.action, email });
    authorizations.delete(m[1]);
    return Response.json({
      redirect_url: body.action === "approve"
        ? `${REDIRECT}?code=granted&state=s`
        : `${REDIRECT}?error=access_denied&state=s`,
    });
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, codes, decisions, close: () => server.shutdown() };
}

/** A browser's part: follows nothing by itself, keeps the cookie, submits forms. */
function browser(app: { fetch(req: Request): Response | Promise<Response> }) {
  let cookie = "";
  return async (path: string, form?: Record<string, string>) => {
    const res = await app.fetch(
      new Request(`http://localhost${path}`, {
        method: form ? "POST" : "GET",
        headers: { ...(cookie ? { cookie } : {}) },
        body: form ? new URLSearchParams(form) : undefined,
      }),
    );
    const set = res.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0];
    return { status: res.status, location: res.headers.get("location"), html: await res.text(), set };
  };
}

Deno.test("the hosted consent page signs in with Supabase Auth, names the client and scopes, approves and denies", async () => {
  const auth = authStandIn();
  try {
    const app = createConsentApp({
      SUPABASE_URL: auth.url,
      SUPABASE_ANON_KEY: "anon-key",
      functionsUrl: ROOT,
    });
    const go = browser(app);

    const first = await go("/oauth-consent?authorization_id=auth-1");
    assert.equal(first.status, 200);
    assert.match(first.html, /Sign in with password/);
    const wrong = await go("/oauth-consent/sign-in", {
      authorization_id: "auth-1",
      method: "password",
      email: "ada@example.com",
      password: "nope",
    });
    assert.match(wrong.html, /Wrong e-mail or password/);
    const signed = await go("/oauth-consent/sign-in", {
      authorization_id: "auth-1",
      method: "password",
      email: "ada@example.com",
      password: "correct horse",
    });
    assert.equal(signed.status, 303);
    assert.equal(signed.location, `${ROOT}/oauth-consent?authorization_id=auth-1`);
    assert.match(signed.set ?? "", /HttpOnly; SameSite=Lax/);
    assert.match(signed.set ?? "", /Path=\/functions\/v1\/oauth-consent/);

    const consent = await go("/oauth-consent?authorization_id=auth-1");
    assert.match(consent.html, /Test Agent/);
    assert.match(consent.html, /<code>email<\/code>/);
    assert.match(consent.html, new RegExp(RegExp.escape(REDIRECT)));
    const approved = await go("/oauth-consent/decision", { authorization_id: "auth-1", decision: "approve" });
    assert.equal(approved.status, 303);
    assert.equal(approved.location, `${REDIRECT}?code=granted&state=s`);
    assert.match(approved.set ?? "", /Max-Age=0/, "the session ends with the decision");

    // A new person, with an e-mailed code, denies.
    const go2 = browser(app);
    const sent = await go2("/oauth-consent/sign-in", {
      authorization_id: "auth-2",
      method: "send_code",
      email: "bob@example.com",
    });
    assert.match(sent.html, /Code from the e-mail/);
    const code = auth.codes.get("bob@example.com")!;
    const verified = await go2("/oauth-consent/sign-in", {
      authorization_id: "auth-2",
      method: "code",
      email: "bob@example.com",
      code,
    });
    assert.equal(verified.status, 303);
    const denied = await go2("/oauth-consent/decision", { authorization_id: "auth-2", decision: "deny" });
    assert.equal(denied.location, `${REDIRECT}?error=access_denied&state=s`);
    assert.deepEqual(auth.decisions.map((d) => [d.id, d.action, d.email]), [
      ["auth-1", "approve", "ada@example.com"],
      ["auth-2", "deny", "bob@example.com"],
    ]);

    // Consented before: straight back. Unknown or malformed ids: no page.
    await go2("/oauth-consent/sign-in", {
      authorization_id: "auth-3",
      method: "send_code",
      email: "bob@example.com",
    });
    await go2("/oauth-consent/sign-in", {
      authorization_id: "auth-3",
      method: "code",
      email: "bob@example.com",
      code: auth.codes.get("bob@example.com")!,
    });
    const again = await go2("/oauth-consent?authorization_id=auth-3");
    assert.equal(again.location, `${REDIRECT}?code=again&state=s`);
    assert.equal((await go2("/oauth-consent?authorization_id=no-such")).status, 400);
    assert.equal((await go2("/oauth-consent?authorization_id=%3Cscript%3E")).status, 400);
    assert.equal((await go2("/oauth-consent")).status, 400);

    const unconfigured = createConsentApp({ SUPABASE_URL: auth.url, functionsUrl: ROOT });
    assert.equal(
      (await unconfigured.fetch(new Request(`http://localhost/oauth-consent?authorization_id=x`))).status,
      503,
    );
  } finally {
    await auth.close();
  }
});
