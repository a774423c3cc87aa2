// The consent page of Supabase Auth's OAuth 2.1 server on hosted projects (config.toml
// `[auth.oauth_server] authorization_url_path`): Supabase Auth sends the person here with an
// `authorization_id`; they sign in with Supabase Auth (password, or a code sent by e-mail), see which
// client asks for which scopes, and approve or deny — all through supabase-js, server-side, so the page
// needs no script. The session lives in an HttpOnly cookie scoped to this page.
import { Hono } from "hono";
import { createClient, type Session } from "@supabase/supabase-js";
import type { Config } from "../_shared/config.ts";
import { escapeHtml, signInForms } from "../_shared/html.ts";
import { DEFAULT_BODY_LIMIT, limitBodies } from "../_shared/body-limit.ts";
import { errorResponse } from "../_shared/errors.ts";

const COOKIE = "consent_session";
const CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";
const ID = /^[A-Za-z0-9_-]{1,128}$/;

function page(title: string, body: string, status = 200): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
form{margin:1rem 0;display:grid;gap:.5rem}input,button{padding:.5rem;font-size:1rem}.error{color:#b00020}
code{background:#f2f2f5;padding:0 .2rem}</style></head><body><h1>${
      escapeHtml(title)
    }</h1>${body}</body></html>`,
    {
      status,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "content-security-policy": CSP,
      },
    },
  );
}

interface Details {
  authorization_id?: string;
  redirect_url?: string;
  redirect_uri?: string;
  client?: { id?: string; name?: string; uri?: string };
  user?: { email?: string };
  scope?: string;
}

export function createConsentApp(
  config: Pick<Config, "SUPABASE_URL" | "SUPABASE_ANON_KEY" | "functionsUrl">,
) {
  const self = `${config.functionsUrl}/oauth-consent`;
  const cookiePath = new URL(self).pathname;
  const secure = self.startsWith("https:") ? "; Secure" : "";
  const app = new Hono();
  app.onError((err) => errorResponse(err));
  // Its forms are a few fields: a larger body is refused before it is read (413 `payload_too_large`).
  app.use("*", limitBodies(() => DEFAULT_BODY_LIMIT));

  // One supabase-js client per request, holding only that person's session.
  const auth = () =>
    createClient(config.SUPABASE_URL, config.SUPABASE_ANON_KEY!, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }).auth;

  function sessionCookie(session: Session | null) {
    const value = session
      ? btoa(JSON.stringify({ access_token: session.access_token, refresh_token: session.refresh_token }))
      : "";
    return `${COOKIE}=${value}; Path=${cookiePath}; HttpOnly; SameSite=Lax${secure}; Max-Age=${
      session ? 3600 : 0
    }`;
  }

  /** The signed-in client from the cookie, or null. */
  async function signedIn(cookie: string | undefined) {
    const raw = cookie?.split(/;\s*/).find((c) => c.startsWith(`${COOKIE}=`))?.slice(COOKIE.length + 1);
    if (!raw) return null;
    try {
      const tokens = JSON.parse(atob(raw));
      const client = auth();
      const { error } = await client.setSession(tokens);
      return error ? null : client;
    } catch {
      return null;
    }
  }

  function signInPage(id: string, notice = "", email = "", codeSent = false) {
    const action = `${self}/sign-in`;
    const hidden = `<input type="hidden" name="authorization_id" value="${escapeHtml(id)}">`;
    return page(
      "Sign in",
      `<p>Sign in to let an application use your account.</p>
${signInForms({ action, notice, email, codeSent, hidden })}`,
    );
  }

  function consentPage(d: Details) {
    const hidden = `<input type="hidden" name="authorization_id" value="${
      escapeHtml(d.authorization_id ?? "")
    }">`;
    const scopes = (d.scope ?? "").split(" ").filter(Boolean);
    return page(
      "Allow access?",
      `<p><strong>${escapeHtml(d.client?.name ?? d.client?.id ?? "An application")}</strong>
${d.client?.uri ? `(<code>${escapeHtml(d.client.uri)}</code>)` : ""} wants to act for
<strong>${escapeHtml(d.user?.email ?? "you")}</strong> on this service.</p>
<p>Scopes:</p><ul>${scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join("")}</ul>
<p>You will be sent back to <code>${escapeHtml(d.redirect_uri ?? "")}</code>.</p>
<form method="post" action="${self}/decision">${hidden}<input type="hidden" name="decision" value="approve">
<button type="submit">Approve</button></form>
<form method="post" action="${self}/decision">${hidden}<input type="hidden" name="decision" value="deny">
<button type="submit">Deny</button></form>`,
    );
  }

  const notConfigured = () =>
    page("Unavailable", "<p>The consent page is not configured (SUPABASE_ANON_KEY is not set).</p>", 503);
  const badRequest = () =>
    page("Start again", "<p>This is not an authorization this service knows.</p>", 400);
  const redirect = (to: string, cookie?: string) =>
    new Response(null, {
      status: 303,
      headers: { location: to, ...(cookie ? { "set-cookie": cookie } : {}) },
    });

  app.get("/oauth-consent", async (c) => {
    if (!config.SUPABASE_ANON_KEY) return notConfigured();
    const id = c.req.query("authorization_id") ?? "";
    if (!ID.test(id)) return badRequest();
    const client = await signedIn(c.req.header("cookie"));
    if (!client) return signInPage(id);
    const { data, error } = await client.oauth.getAuthorizationDetails(id);
    if (error || !data) {
      return page("Start again", `<p>${escapeHtml(error?.message ?? "Unknown authorization.")}</p>`, 400);
    }
    const details = data as Details;
    // Consented before: Supabase Auth answers with where to go at once.
    if (details.redirect_url && !details.authorization_id) return redirect(details.redirect_url);
    return consentPage(details);
  });

  app.post("/oauth-consent/sign-in", async (c) => {
    if (!config.SUPABASE_ANON_KEY) return notConfigured();
    const form = await c.req.formData();
    const id = String(form.get("authorization_id") ?? "");
    if (!ID.test(id)) return badRequest();
    const email = String(form.get("email") ?? "").trim().toLowerCase();
    const client = auth();
    const method = form.get("method");
    let session: Session | null = null;
    if (method === "password") {
      const { data, error } = await client.signInWithPassword({
        email,
        password: String(form.get("password") ?? ""),
      });
      if (error) return signInPage(id, "Wrong e-mail or password.", email);
      session = data.session;
    } else if (method === "send_code") {
      const { error } = await client.signInWithOtp({ email, options: { shouldCreateUser: true } });
      return signInPage(id, error ? error.message : `A code was sent to ${email}.`, email, !error);
    } else if (method === "code") {
      const { data, error } = await client.verifyOtp({
        email,
        token: String(form.get("code") ?? ""),
        type: "email",
      });
      if (error) return signInPage(id, "That code is not right or has expired.", email, true);
      session = data.session;
    } else {
      return badRequest();
    }
    return redirect(`${self}?authorization_id=${encodeURIComponent(id)}`, sessionCookie(session));
  });

  app.post("/oauth-consent/decision", async (c) => {
    if (!config.SUPABASE_ANON_KEY) return notConfigured();
    const form = await c.req.formData();
    const id = String(form.get("authorization_id") ?? "");
    if (!ID.test(id)) return badRequest();
    const client = await signedIn(c.req.header("cookie"));
    if (!client) return signInPage(id, "Sign in again.");
    const decide = form.get("decision") === "approve"
      ? client.oauth.approveAuthorization(id, { skipBrowserRedirect: true })
      : client.oauth.denyAuthorization(id, { skipBrowserRedirect: true });
    const { data, error } = await decide;
    if (error || !data?.redirect_url) {
      return page("Start again", `<p>${escapeHtml(error?.message ?? "The authorization is over.")}</p>`, 400);
    }
    // The decision is made: the session is not kept beyond it.
    return redirect(data.redirect_url, sessionCookie(null));
  });

  return app;
}
