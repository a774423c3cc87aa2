// The `mcp` edge function: the agent endpoint at {root_url}/mcp (Streamable HTTP, MCP revision 2026-07-28
// with 2025-era clients served too, stateless: a fresh server for every request) and its OAuth discovery
// documents, also served under {root_url}/.well-known/* by the gateway or a rewrite.
import { Hono } from "hono";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { type Config, config } from "../_shared/config.ts";
import { background, dbFrom, type Deps } from "../_shared/deps.ts";
import { blobStoreFrom, fileReadsFrom, jobStreamsFrom, verifierFrom } from "../_shared/project-deps.ts";
import { NameIconRenderer } from "../_shared/icons/name-icon-renderer.ts";
import { createEvaluator } from "../_generator/evaluators.ts";
import { DEFAULT_BODY_LIMIT, limitBodies } from "../_shared/body-limit.ts";
import { ApiError, errorResponse } from "../_shared/errors.ts";
import { type Slot, slotsHeldUntilSent } from "../_shared/limiter.ts";
import { type Claims, unauthorized } from "../_shared/auth.ts";
import { createJobWatch, type JobWatch } from "./job-watch.ts";
import { createMcpServer } from "./tools.ts";
import { asCreatedTask, taskMethod, waitAsTask, wantsTask } from "./tasks.ts";

export const SCOPES = ["email"];

const CORS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID",
  "Access-Control-Expose-Headers": "WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version",
  "Access-Control-Max-Age": "86400",
};

function withCors(res: Response): Response {
  const out = new Response(res.body, res);
  for (const [k, v] of Object.entries(CORS)) out.headers.set(k, v);
  return out;
}

export function discoveryDocuments(deps: Pick<Deps, "config">) {
  const { functionsUrl, issuer } = deps.config;
  const resource = `${functionsUrl}/mcp`;
  const issuerUrl = new URL(issuer);
  return {
    resource,
    resourceMetadataUrl: `${resource}/.well-known/oauth-protected-resource`,
    /** RFC 9728: what the MCP endpoint is and who issues tokens for it. */
    protectedResource: {
      resource,
      authorization_servers: [issuer],
      bearer_methods_supported: ["header"],
      scopes_supported: SCOPES,
      resource_name: "App-generation service (MCP)",
      resource_documentation: `${functionsUrl}/v1/docs`,
    },
    /** RFC 8414 §3.1: where the issuer publishes its own metadata (the well-known part before its path). */
    issuerMetadataUrl: `${issuerUrl.origin}/.well-known/oauth-authorization-server${issuerUrl.pathname}`,
  };
}

const ISSUER_METADATA_TTL_MS = 5 * 60_000;

/**
 * The issuer's own metadata, relayed byte for byte (cached a few minutes), so the copy under
 * {root_url}/.well-known never contradicts it; when the issuer cannot be read, nothing is served.
 */
function issuerMetadata(url: string, timeoutMs: number) {
  let cached: { body: string; until: number } | undefined;
  return async (): Promise<Response> => {
    if (!cached || cached.until < Date.now()) {
      let res: Response;
      try {
        res = await fetch(url, {
          headers: { accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new ApiError(
          502,
          "issuer_unavailable",
          "The authorization server's metadata could not be read.",
        );
      }
      const body = await res.text();
      if (!res.ok) {
        throw new ApiError(502, "issuer_unavailable", `The authorization server answered ${res.status}.`);
      }
      cached = { body, until: Date.now() + ISSUER_METADATA_TTL_MS };
    }
    return new Response(cached.body, {
      headers: { "content-type": "application/json", "cache-control": "public, max-age=300" },
    });
  };
}

const MODERN_REVISION = "2026-07-28";

/** What each request hands its fresh server: the caller, and where a tool leaves a slot to free once sent. */
interface RequestExtra extends Record<string, unknown> {
  claims: Claims;
  holdUntilSent: (slot: Slot) => void;
}

/** The one JSON-RPC request a body carries, or undefined (a batch, a notification, not JSON). */
function singleRequest(text: string) {
  try {
    const msg = JSON.parse(text);
    return msg && typeof msg === "object" && !Array.isArray(msg) && "id" in msg ? msg : undefined;
  } catch {
    return undefined;
  }
}

function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}) {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });
}

/** Revisions from 2025-06-18 on have no JSON-RPC batches. */
const BATCHLESS_SINCE = "2025-06-18";

/**
 * A batch is refused when the revision in use has none: the version header says so, or (without it) an
 * initialize in the batch asks for such a revision. Without either the client speaks 2025-03-26, which has them.
 */
function batchRefusal(req: Request, text: string): Response | undefined {
  if (!text.trimStart().startsWith("[")) return undefined;
  let version = req.headers.get("Mcp-Protocol-Version") ?? undefined;
  if (!version) {
    try {
      const batch = JSON.parse(text) as { method?: string; params?: { protocolVersion?: unknown } }[];
      const init = batch.find((m) => m?.method === "initialize");
      if (typeof init?.params?.protocolVersion === "string") version = init.params.protocolVersion;
    } catch {
      return undefined; // the transport answers malformed JSON itself
    }
  }
  if (version && version >= BATCHLESS_SINCE) {
    return rpcError(400, -32600, `Invalid Request: protocol version ${version} has no JSON-RPC batches.`);
  }
  return undefined;
}

/** What the tools use: projects, files, jobs and their admission, the wallet; no payment or host adapter. */
export type McpDeps = Pick<
  Deps,
  | "config"
  | "db"
  | "verifier"
  | "evaluator"
  | "background"
  | "blobStore"
  | "icons"
  | "fileReads"
  | "jobStreams"
>;

export function mcpDepsFrom(
  c: Config = config(),
  env: Record<string, string> = Deno.env.toObject(),
): McpDeps {
  const db = dbFrom(c);
  return {
    config: c,
    db,
    verifier: verifierFrom(c, db),
    evaluator: createEvaluator(env),
    background,
    blobStore: blobStoreFrom(c),
    icons: new NameIconRenderer(),
    fileReads: fileReadsFrom(c),
    jobStreams: jobStreamsFrom(c),
  };
}

export function createMcpApp(deps: McpDeps, opts: { watch?: JobWatch } = {}) {
  const docs = discoveryDocuments(deps);
  const challenge = `resource_metadata="${docs.resourceMetadataUrl}", scope="${SCOPES.join(" ")}"`;
  const relayIssuerMetadata = issuerMetadata(docs.issuerMetadataUrl, deps.config.UPSTREAM_TIMEOUT_MS);
  const app = new Hono();
  app.onError((err) => withCors(errorResponse(err)));
  app.notFound(() => withCors(errorResponse(new ApiError(404, "not_found", "No such route."))));
  app.options("*", () => new Response(null, { status: 204, headers: CORS }));
  app.use("*", limitBodies(() => DEFAULT_BODY_LIMIT));

  for (const base of ["/mcp/.well-known", "/.well-known"]) {
    app.get(`${base}/oauth-protected-resource`, () => withCors(Response.json(docs.protectedResource)));
    app.get(`${base}/oauth-protected-resource/*`, () => withCors(Response.json(docs.protectedResource)));
    app.get(`${base}/oauth-authorization-server`, async () => withCors(await relayIssuerMetadata()));
  }

  // The 2026-07-28 revision statelessly, and 2025-era clients (initialize first) from the same factory:
  // a fresh server per request, answering JSON, or SSE once a tool sends progress before its result.
  const watch = opts.watch ?? createJobWatch(deps.db);
  const mcp = createMcpHandler(({ authInfo }) => {
    const { claims, holdUntilSent } = authInfo?.extra as RequestExtra;
    return createMcpServer(deps, claims, { watch, holdUntilSent });
  });
  // DNS rebinding and cross-site calls: a browser's Origin must be the service's own or a configured one.
  const allowedOrigins = new Set([
    new URL(deps.config.functionsUrl).origin,
    ...deps.config.MCP_ALLOWED_ORIGINS,
  ]);

  app.on(["GET", "POST", "DELETE"], "/mcp", async (c) => {
    const origin = c.req.header("Origin");
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      return withCors(rpcError(403, -32600, "Forbidden: this Origin may not call the MCP endpoint."));
    }
    let claims;
    try {
      // Tokens issued for this endpoint (RFC 8707) are taken here, and only here.
      claims = await deps.verifier.verify(c.req.header("Authorization"), docs.resource);
      // Every message may call a tool that acts: the token must still name an account.
      if (!await deps.verifier.accountExists(claims.sub)) throw unauthorized("The account no longer exists.");
    } catch (err) {
      const res = errorResponse(err);
      // The MCP authorization spec: point the client at the resource metadata to start OAuth; a token
      // that was sent but refused is `invalid_token` (RFC 6750 §3.1), so the client refreshes or signs in again.
      if (res.status === 401) {
        const refused = res.headers.get("WWW-Authenticate")?.match(/error_description="[^"]*"/)?.[0];
        res.headers.set(
          "WWW-Authenticate",
          c.req.header("Authorization")
            ? `Bearer error="invalid_token", ${refused ? `${refused}, ` : ""}${challenge}`
            : `Bearer ${challenge}`,
        );
      }
      return withCors(res);
    }
    if (c.req.method !== "POST") {
      // Stateless: no session to stream to or end, so GET and DELETE are refused as the SDK's stateless
      // servers refuse them.
      return withCors(rpcError(405, -32000, "Method not allowed.", { Allow: "POST, OPTIONS" }));
    }
    const text = await c.req.raw.clone().text();
    const refusal = batchRefusal(c.req.raw, text);
    if (refusal) return withCors(refusal);
    // The Tasks extension's messages on the 2026-07-28 revision (see tasks.ts).
    const modern = c.req.header("Mcp-Protocol-Version") === MODERN_REVISION;
    const msg = modern ? singleRequest(text) : undefined;
    const answered = msg &&
      (await taskMethod(deps, claims, msg) ??
        (wantsTask(msg, "wait_for_job") && await waitAsTask(deps, claims, msg)));
    if (answered) return withCors(answered);
    // Slots of deps' bounds a tool takes (large file reads) are held until this answer has left.
    const slots = slotsHeldUntilSent();
    const authInfo = {
      token: c.req.header("Authorization")!.slice("Bearer ".length).trim(),
      clientId: typeof claims.client_id === "string" ? claims.client_id : "first-party",
      scopes: typeof claims.scope === "string" ? claims.scope.split(" ").filter(Boolean) : [],
      expiresAt: claims.exp,
      extra: { claims, holdUntilSent: slots.hold } satisfies RequestExtra,
    };
    try {
      const res = await mcp.fetch(c.req.raw, { authInfo });
      return withCors(
        slots.answer(msg && wantsTask(msg, "create_job") ? await asCreatedTask(res, msg) : res),
      );
    } catch (err) {
      slots.releaseAll();
      throw err;
    }
  });
  return app;
}
