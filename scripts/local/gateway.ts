// The local gateway: one process that plays the parts of Supabase's edge in front of the functions —
// `/functions/v1/<name>/*` to each function's handler (which sees `/<name>/*`, as on hosted Supabase),
// the identity provider (its JWKS and the OAuth authorization server at `/auth/v1`), public storage
// objects, the payment provider's checkout page — and drains the pg_net stand-in's queue.
import { join, normalize } from "node:path";
import { PUBLIC_BUCKETS } from "../../supabase/functions/_shared/ports/storage.ts";
import {
  localCheckoutSessionDir,
  readLocalCheckoutSession,
  renderLocalCheckoutPage,
  renderLocalReturnPage,
  signedCompletedEvent,
} from "../../supabase/functions/_shared/adapters/local-payments.ts";
import { ApiError, errorResponse } from "../../supabase/functions/_shared/errors.ts";
import { limitBody } from "../../supabase/functions/_shared/body-limit.ts";
import { startNetWorker } from "./net-worker.ts";
import { createAuthServer } from "./auth-server.ts";
import { DOCS_CLIENT_ID } from "./stack.ts";
import postgres from "postgres";

const env = (name: string) => {
  const v = Deno.env.get(name);
  if (!v) throw new Error(`gateway: ${name} is not set`);
  return v;
};
const port = Number(env("GATEWAY_PORT"));
const stackDir = env("LOCAL_STACK_DIR");
const storageDir = env("LOCAL_STORAGE_DIR");
const checkoutSessionDir = localCheckoutSessionDir(storageDir);

type Handler = (req: Request) => Response | Promise<Response>;
// Every function directory with an index.ts is served, as `supabase functions serve` would.
const functionsDir = new URL("../../supabase/functions/", import.meta.url);
const functions: Record<string, Handler> = {};
for (const entry of Deno.readDirSync(functionsDir)) {
  if (!entry.isDirectory || entry.name.startsWith("_")) continue;
  try {
    Deno.statSync(new URL(`${entry.name}/index.ts`, functionsDir));
  } catch {
    continue;
  }
  functions[entry.name] = (await import(new URL(`${entry.name}/index.ts`, functionsDir).href)).handler;
}

const key = JSON.parse(await Deno.readTextFile(join(stackDir, "jwt-key.json")));
const jwks = JSON.stringify({ keys: [key.publicJwk] });
const origin = `http://127.0.0.1:${port}`;
const authSql = postgres(env("NET_WORKER_DB_URL"), { prepare: false, max: 4, onnotice: () => {} });
const authServer = createAuthServer({
  origin,
  key,
  sql: authSql,
  // The MCP endpoint first: a client that names no resource gets a token for it. Each token is taken only
  // by the resource it names.
  resources: [`${origin}/functions/v1/mcp`, `${origin}/functions/v1/v1`],
  mailLog: join(stackDir, "mail.log"),
  clients: [{
    client_id: DOCS_CLIENT_ID,
    client_name: "API reference",
    redirect_uris: [`${origin}/functions/v1/v1/docs`],
    resource: `${origin}/functions/v1/v1`,
  }],
});
const authPort = await authServer.listen();

/** What a request to the authorization server may carry (it reads no more than 56 KiB of a body itself). */
const AUTH_BODY_LIMIT = 64 * 1024;

/**
 * The authorization server runs on its own loopback port (it is a Node.js handler); relayed as it answers,
 * with the address the request came from (what its sign-in limits count by) and its body held to the limit.
 */
async function toAuthServer(req: Request, info: Deno.ServeHandlerInfo, path: string, search: string) {
  const limited = await limitBody(req, AUTH_BODY_LIMIT);
  const headers = new Headers(req.headers);
  headers.set("x-forwarded-for", (info.remoteAddr as Deno.NetAddr).hostname);
  const res = await fetch(`http://127.0.0.1:${authPort}${path}${search}`, {
    method: req.method,
    headers,
    body: limited.body ? await limited.arrayBuffer() : undefined,
    redirect: "manual",
  });
  return new Response(res.body, res);
}
const CONTENT_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

function notFound(message = "No such route.") {
  return Response.json({ code: "not_found", message }, { status: 404 });
}

async function servePublicObject(bucket: string, path: string): Promise<Response> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return badRequest("The object path has a malformed percent-escape.");
  }
  const clean = normalize(decoded);
  if (!(PUBLIC_BUCKETS as readonly string[]).includes(bucket) || clean.startsWith("..")) {
    return notFound("Object not found.");
  }
  try {
    const bytes = await Deno.readFile(join(storageDir, bucket, clean));
    const type = CONTENT_TYPES[clean.split(".").pop() ?? ""] ?? "application/octet-stream";
    return new Response(bytes, { headers: { "content-type": type, "cache-control": "public, max-age=60" } });
  } catch {
    return notFound("Object not found.");
  }
}

// The secret the v1 function verifies payment events with (the first one, as LocalPayments signs).
const webhookSecret = (Deno.env.get("STRIPE_WEBHOOK_SECRETS") ?? "").split(",")[0].trim();
const CHECKOUT_PAGE_CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function badRequest(message: string) {
  return Response.json({ code: "invalid_request", message }, { status: 400 });
}

function methodNotAllowed(allow: string) {
  return Response.json({ code: "method_not_allowed", message: `Use ${allow} here.` }, {
    status: 405,
    headers: { allow },
  });
}

/**
 * The local stand-in of the provider's hosted checkout: GET `/checkout/<session>` is the page; its Pay
 * button POSTs to `/checkout/<session>/pay`, which signs the session's `checkout.session.completed` with
 * the webhook secret and delivers it to POST /billing/webhooks, as the provider would, answering with the
 * webhook's own status and body. Both read the session the service stored: the query is ignored, so the
 * page pays exactly what was issued, to whom it was issued. GET `/checkout/<session>/return` is where the
 * page returns when no app deep link is set: the outcome and the payer's balance, read from the database.
 */
async function serveCheckout(req: Request, id: string, action: string | undefined): Promise<Response> {
  if (!webhookSecret) return notFound("No local checkout: STRIPE_WEBHOOK_SECRETS is not set.");
  const terms = await readLocalCheckoutSession(checkoutSessionDir, id);
  if (!terms) return notFound("No such checkout session.");
  if (action === "/return") {
    if (req.method !== "GET") return methodNotAllowed("GET");
    const [wallet] = await authSql<{ balance: string; bonus_balance: string; paid: boolean }[]>`
      select w.balance, w.bonus_balance, exists (
        select 1 from public.wallet_transactions t where t.external_ref = ${`checkout:${id}`}
      ) as paid
      from public.wallets w where w.user_id = ${terms.userId}`;
    const html = renderLocalReturnPage({
      sessionId: id,
      credits: terms.credits,
      paid: wallet?.paid ?? false,
      wallet: wallet ? { balance: Number(wallet.balance), bonusBalance: Number(wallet.bonus_balance) } : null,
    });
    return new Response(html, {
      headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": CHECKOUT_PAGE_CSP },
    });
  }
  if (!action) {
    if (req.method !== "GET") return methodNotAllowed("GET");
    let html: string;
    try {
      html = renderLocalCheckoutPage({
        sessionId: id,
        amountEur: terms.amountEur,
        credits: terms.credits,
        successUrl: terms.successUrl,
        cancelUrl: terms.cancelUrl,
        payUrl: `/checkout/${id}/pay`,
      });
    } catch (err) {
      if (err instanceof ApiError) return badRequest(err.message);
      throw err;
    }
    return new Response(html, {
      headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": CHECKOUT_PAGE_CSP },
    });
  }
  if (req.method !== "POST") return methodNotAllowed("POST");
  const event = await signedCompletedEvent(webhookSecret, terms);
  const delivered = await fetch(`http://127.0.0.1:${port}/functions/v1/v1/billing/webhooks`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": event.header },
    body: event.body,
  });
  return new Response(delivered.body, {
    status: delivered.status,
    headers: { "content-type": delivered.headers.get("content-type") ?? "application/json" },
  });
}

// Methods a Request cannot carry on to a function (the Fetch standard forbids them).
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

async function route(req: Request, info: Deno.ServeHandlerInfo): Promise<Response> {
  if (FORBIDDEN_METHODS.has(req.method.toUpperCase())) {
    return Response.json({ code: "method_not_allowed", message: `${req.method} is not allowed.` }, {
      status: 405,
      headers: { allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" },
    });
  }
  const url = new URL(req.url);
  const path = url.pathname;
  const fn = /^\/functions\/v1\/([a-z0-9-]+)(\/.*)?$/.exec(path);
  if (fn && functions[fn[1]]) {
    const inner = new URL(`/${fn[1]}${fn[2] ?? ""}${url.search}`, url);
    return await functions[fn[1]](new Request(inner, req));
  }
  // {root_url}/.well-known/* (OAuth discovery) belongs to the mcp function, as a rewrite does on hosted projects.
  if (path.startsWith("/functions/v1/.well-known/") && functions.mcp) {
    return await functions.mcp(
      new Request(new URL(`${path.slice("/functions/v1".length)}${url.search}`, url), req),
    );
  }
  if (path === "/auth/v1/.well-known/jwks.json") {
    return new Response(jwks, {
      headers: { "content-type": "application/json", "cache-control": "public, max-age=600" },
    });
  }
  // The issuer's addresses, its RFC 8414 / OpenID discovery addresses, and dynamic registration where
  // the contract places it too.
  if (
    path.startsWith("/auth/v1/") ||
    /^\/\.well-known\/(oauth-authorization-server|openid-configuration)\/auth\/v1\/?$/.test(path)
  ) {
    return await toAuthServer(req, info, path, url.search);
  }
  if (path === "/functions/v1/auth/v1/oauth/clients/register") {
    return await toAuthServer(req, info, "/auth/v1/oauth/clients/register", url.search);
  }
  const checkout = /^\/checkout\/([^/]+)(\/pay|\/return)?$/.exec(path);
  if (checkout) return await serveCheckout(req, checkout[1], checkout[2]);
  const obj = /^\/storage\/v1\/object\/public\/([a-z0-9-]+)\/(.+)$/.exec(path);
  if (obj && req.method === "GET") return await servePublicObject(obj[1], obj[2]);
  return notFound();
}

const netWorker = startNetWorker(env("NET_WORKER_DB_URL"), { log: (m) => console.log(`pg_net: ${m}`) });
const server = Deno.serve({
  hostname: "127.0.0.1",
  port,
  onListen: () => console.log(`gateway listening on ${port}; OAuth issuer ${authServer.issuer}`),
  // Whatever fails here still answers in the error shape, never as the runtime's plain-text 500.
  onError: (err) => errorResponse(err),
}, route);

async function shutdown() {
  await Promise.allSettled([server.shutdown(), netWorker.stop(), authServer.close(), authSql.end()]);
  Deno.exit(0);
}
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
