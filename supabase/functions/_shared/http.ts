// The API app factory: Hono with @hono/zod-openapi, so every route's zod schemas both validate the
// request and become `/openapi.json`. Errors of every kind leave through `errorResponse` (set by `mountApi`).
import { type createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { type Claims, isFirstParty, type TokenVerifier } from "./auth.ts";
import { ApiError, ErrorBody, errorResponse, toApiError, validationError } from "./errors.ts";
import { DEFAULT_BODY_LIMIT, limitBodies } from "./body-limit.ts";

export type AppEnv = { Variables: { claims: Claims } };
export type ApiApp = OpenAPIHono<AppEnv>;
type RouteConfig = Parameters<typeof createRoute>[0];

export function createApiApp(): ApiApp {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
  return app;
}

type BodyLimitMark = MiddlewareHandler & { maxBodyBytes: number };

/**
 * Declares a route's own body limit (multipart uploads, the files PUT). It is enforced by the app-wide
 * `limitBodies`, which runs before any route middleware; the mark itself does nothing.
 */
export function routeBodyLimit(maxBytes: number): MiddlewareHandler {
  const mark: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  return Object.assign(mark, { maxBodyBytes: maxBytes });
}

/** Each route's body limit, from its `routeBodyLimit` mark or the default. */
export function bodyLimitsOf(api: ApiApp, prefix = "") {
  const marked = api.routes
    .filter((r) => typeof (r.handler as Partial<BodyLimitMark>).maxBodyBytes === "number")
    .map((r) => ({
      method: r.method,
      path: r.path,
      regex: routeRegex(prefix, r.path),
      maxBytes: (r.handler as BodyLimitMark).maxBodyBytes,
    }));
  return {
    /** For a request. */
    forRequest: (method: string, path: string) =>
      marked.find((m) => m.method === method && m.regex.test(path))?.maxBytes ?? DEFAULT_BODY_LIMIT,
    /** For a route as the document names it (`/projects/{projectId}/files`). */
    forRoute: (method: string, openapiPath: string) =>
      marked.find((m) => m.method === method && m.path === openapiPath.replace(/\{([^}]+)\}/g, ":$1"))
        ?.maxBytes ?? DEFAULT_BODY_LIMIT,
  };
}

/** The media types each route's body may have, from its definition (`/jobs/{jobId}` as the document names it). */
function acceptedTypesOf(api: ApiApp, prefix: string) {
  const routes = api.openAPIRegistry.definitions.flatMap((d) =>
    d.type === "route" && d.route.request?.body
      ? [{
        method: d.route.method.toUpperCase(),
        regex: routeRegex(prefix, d.route.path.replace(/\{([^}]+)\}/g, ":$1")),
        types: Object.keys(d.route.request.body.content),
      }]
      : []
  );
  return (method: string, path: string) =>
    routes.find((r) => r.method === method && r.regex.test(path))?.types;
}

/**
 * A 415 names what the route takes: `details.accepted`, and the standard header where there is one
 * (`Accept-Post`, W3C LDP; `Accept-Patch`, RFC 5789).
 */
function namingAccepted(err: unknown, method: string, types: string[] | undefined): unknown {
  const e = toApiError(err);
  if (e?.status !== 415 || !types?.length) return err;
  const header = ({ POST: "Accept-Post", PATCH: "Accept-Patch" } as Record<string, string>)[method];
  return new ApiError(
    415,
    e.code,
    `The request body must be ${types.join(" or ")}.`,
    { ...e.details, accepted: types },
    { ...e.headers, ...header && { [header]: types.join(", ") } },
  );
}

function routeRegex(prefix: string, path: string) {
  return new RegExp(`^${prefix}${path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "[^/]+")}/?$`);
}

/**
 * Writes each operation's body limit into the document: `x-max-body-bytes` on the request body, and the
 * 413 `payload_too_large` answer among its responses.
 */
export function documentBodyLimits(
  document: { paths?: Record<string, Record<string, unknown>> },
  limits: ReturnType<typeof bodyLimitsOf>,
) {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const operation = op as { requestBody?: Record<string, unknown>; responses?: Record<string, unknown> };
      if (!operation.requestBody || !operation.responses) continue;
      const maxBytes = limits.forRoute(method.toUpperCase(), path);
      operation.requestBody["x-max-body-bytes"] = maxBytes;
      const refused =
        `\`payload_too_large\`: the body is over ${maxBytes} bytes (refused before it is parsed)`;
      const existing = operation.responses["413"] as { description: string } | undefined;
      if (existing) {
        if (!existing.description.includes("payload_too_large")) existing.description += `; or ${refused}`;
      } else {
        operation.responses["413"] = {
          description: refused,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        };
      }
    }
  }
}

/**
 * Mounts `api` under `prefix` and answers unknown paths with 404, known paths with another method with 405,
 * and known paths with a trailing slash with a 308 to the path without it.
 */
export function mountApi(api: ApiApp, prefix: string): OpenAPIHono<AppEnv> {
  const root = new OpenAPIHono<AppEnv>();
  const accepted = acceptedTypesOf(api, prefix);
  const onError = (err: Error, c: Context) =>
    errorResponse(namingAccepted(err, c.req.method, accepted(c.req.method, new URL(c.req.url).pathname)));
  api.onError(onError);
  root.onError(onError);
  root.use("*", limitBodies(bodyLimitsOf(api, prefix).forRequest));
  root.route(prefix, api);
  const patterns = api.routes
    .filter((r) => r.method !== "ALL")
    .map((r) => ({ method: r.method, regex: routeRegex(prefix, r.path) }));
  root.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    // A route's path written with a trailing slash: sent to the path itself, relative to where the request
    // was addressed (the function does not see the prefix it is served under). 308 keeps method and body.
    const bare = path.slice(0, -1);
    if (
      path.endsWith("/") && !bare.endsWith("/") &&
      patterns.some((p) =>
        p.method === (c.req.method === "HEAD" ? "GET" : c.req.method) && p.regex.test(bare)
      )
    ) {
      const location = `../${bare.slice(bare.lastIndexOf("/") + 1)}${new URL(c.req.url).search}`;
      return new Response(null, { status: 308, headers: { location } });
    }
    const allowed = [...new Set(patterns.filter((p) => p.regex.test(path)).map((p) => p.method))];
    if (allowed.length > 0) {
      const res = errorResponse(
        new ApiError(405, "method_not_allowed", `${c.req.method} is not allowed here.`, { allow: allowed }),
      );
      res.headers.set("Allow", allowed.join(", "));
      return res;
    }
    return errorResponse(new ApiError(404, "not_found", "No such route."));
  });
  return root;
}

export function requireUser(verifier: TokenVerifier): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const claims = await verifier.verify(c.req.header("Authorization"));
    // Whatever writes or acts (at a third party too) does so only for an account that still exists.
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && !await verifier.accountExists(claims.sub)) {
      throw new ApiError(404, "profile_not_found", "The account no longer exists.");
    }
    c.set("claims", claims);
    await next();
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad request",
  401: "`unauthorized`: a missing or invalid bearer token; `invalid_audience`: a token issued for another " +
    "resource (RFC 8707, such as `{root_url}/mcp`); `token_revoked`: the user revoked the token's OAuth client",
  402: "Payment required",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict",
  413: "Payload too large",
  415: "`unsupported_media_type`: the body is not of a media type this operation takes; `details.accepted` " +
    "(and, for POST and PATCH, the `Accept-Post` or `Accept-Patch` header) names those it does",
  422: "Unprocessable",
  429: "Too many requests",
  500: "Internal error",
  502: "Upstream failure",
  503: "Service unavailable",
};

/** Error responses in the shared Error shape; `descriptions` overrides the default text per status. */
export function errorResponses(statuses: number[], descriptions: Record<number, string> = {}) {
  return Object.fromEntries(
    statuses.map((s) => [s, {
      description: descriptions[s] ?? STATUS_TEXT[s] ?? "Error",
      content: { "application/json": { schema: ErrorBody } },
    }]),
  );
}

/** An error response that tells when to try again: its `Retry-After` header, documented with it. */
export function withRetryAfter<R extends { description: string }>(response: R) {
  return {
    ...response,
    headers: {
      "Retry-After": {
        description: "Seconds to wait before trying again",
        schema: { type: "integer" as const, minimum: 1 },
      },
    },
  };
}

/**
 * What any route may answer without it being part of its contract: 500 `internal_error` (with a request
 * id) and 503 `database_unavailable` while the database is away. Documented once, as `default`.
 */
export const UNEXPECTED = {
  description:
    "Unexpected: 500 `internal_error` (with `details.request_id`), or 503 `database_unavailable` " +
    "or `statement_timeout` (a database statement made for the caller ran past the server's limit, " +
    "`USER_STATEMENT_TIMEOUT_MS`; retrying later is safe: nothing was written)",
  content: { "application/json": { schema: ErrorBody } },
};

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

/**
 * A JSON request body with the example the reference page fills in: explicit, valid against the schema, and
 * (unless the route's `x-example-needs` says what it needs first) answered with success as it stands.
 */
export function jsonBody<T extends z.ZodType>(schema: T, example: z.input<T>) {
  return { required: true, content: { "application/json": { schema, example } } };
}

/**
 * What a route's example needs before it can succeed (state made by another call, a signature, an optional
 * integration), written into the document as `x-example-needs` for readers and for the examples' test.
 */
export function exampleNeeds(reason: string) {
  return { "x-example-needs": reason } as const;
}

export const NEEDS = {
  project: exampleNeeds("a project of the caller (`POST /projects`): its id in the path"),
  repohost: exampleNeeds(
    "the repohost integration configured on the server (GitHub App settings) and the caller's installation",
  ),
  dbhost: exampleNeeds("the dbhost integration configured on the server (Supabase OAuth app settings)"),
  job: exampleNeeds("a job of the caller (`POST /jobs`): its id in the path"),
  webhook: exampleNeeds("a webhook endpoint of the caller (`POST /webhooks`): its id in the path"),
  build: exampleNeeds("a build of the caller (`POST /projects/{projectId}/builds`): its id in the path"),
} as const;

const DELETED_ACCOUNT = "`profile_not_found`: the caller's account was deleted";

/**
 * A route that needs a signed-in user: verifies the token first and documents the 401, and for anything but
 * GET that the account still exists (the 404).
 */
export function userRoute<R extends RouteConfig>(verifier: TokenVerifier, route: R): R {
  return {
    ...route,
    security: [{ oauth2: ["email"] }, { bearerAuth: [] }],
    middleware: [requireUser(verifier), ...asArray(route.middleware)],
    responses: {
      ...errorResponses(route.method === "get" ? [401] : [401, 404], { 404: DELETED_ACCOUNT }),
      default: UNEXPECTED,
      ...route.responses,
    },
  };
}

/**
 * A user route that only the service's own tokens may call (see `isFirstParty`): what outlives an OAuth
 * grant or ends the account. Other clients' tokens are 403 `first_party_required`, from the claims alone.
 */
export function firstPartyRoute<R extends RouteConfig>(
  deps: { verifier: TokenVerifier; config: { FIRST_PARTY_CLIENT_IDS: readonly string[] } },
  route: R,
): R {
  const requireFirstParty: MiddlewareHandler<AppEnv> = async (c, next) => {
    const claims = c.get("claims");
    if (!isFirstParty(claims, deps.config.FIRST_PARTY_CLIENT_IDS)) {
      throw new ApiError(
        403,
        "first_party_required",
        "This needs the service's own sign-in: an OAuth client's token may not do what outlasts its grant.",
        { client_id: claims.client_id },
      );
    }
    await next();
  };
  return userRoute(deps.verifier, {
    ...route,
    middleware: [requireFirstParty, ...asArray(route.middleware)],
    responses: {
      ...errorResponses([403], {
        403: "`first_party_required`: the token was issued to an OAuth client the deployment does not " +
          "list in `FIRST_PARTY_CLIENT_IDS`",
      }),
      ...route.responses,
    },
  });
}

function asArray<T>(x: T | T[] | undefined): T[] {
  return x === undefined ? [] : Array.isArray(x) ? x : [x];
}

export const Uuid = z.uuid({ error: "must be a UUID" }).openapi({
  example: "3f2b8c1e-5d4a-4e6b-9c7d-2a1e0f9b8c7d",
});

/** The answer to a create that was already done: the contract's `{deduped: true}` with status 200. */
export const Deduped = z.object({ deduped: z.literal(true) }).openapi("Deduped");

/**
 * RFC 3339 allows any offset up to ±23:59, Postgres only below ±16:00: a date-time the database cannot
 * hold is refused here, as a bad parameter, instead of failing in SQL.
 */
export function withStorableOffset<T extends z.ZodType<string>>(schema: T) {
  return schema.refine((v) => {
    const m = /([+-])(\d{2}):?(\d{2})$/.exec(v);
    return !m || Number(m[2]) < 16;
  }, "the UTC offset must be within ±15:59");
}

export const Timestamp = withStorableOffset(z.iso.datetime({ offset: true }));

/** `limit` and `cursor` of the lists paged by a per-owner unique `created_at` (notifications, the ledger). */
export const TimestampPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ description: "1..100, default 20" }),
  cursor: Timestamp.optional().openapi({ description: "`next_cursor` of the previous page" }),
});

/** `limit` and `cursor` of the lists paged by an opaque signed cursor (projects, blocks). */
export const SignedPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ description: "1..100, default 20" }),
  cursor: z.string().min(1).max(200).optional().openapi({
    description: "`next_cursor` of the previous page",
  }),
});
