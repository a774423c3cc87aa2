// The API app factory: Hono with @hono/zod-openapi, so every route's zod schemas both validate the
// request and become `/openapi.json`. Errors of every kind leave through `errorResponse`.
import { type createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { Claims, TokenVerifier } from "./auth.ts";
import { ApiError, ErrorBody, errorResponse, validationError } from "./errors.ts";

export type AppEnv = { Variables: { claims: Claims } };
export type ApiApp = OpenAPIHono<AppEnv>;
type RouteConfig = Parameters<typeof createRoute>[0];

export function createApiApp(): ApiApp {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
  app.onError((err) => errorResponse(err));
  return app;
}

/** Mounts `api` under `prefix` and answers unknown paths with 404 and known paths with another method with 405. */
export function mountApi(api: ApiApp, prefix: string): OpenAPIHono<AppEnv> {
  const root = new OpenAPIHono<AppEnv>();
  root.onError((err) => errorResponse(err));
  root.route(prefix, api);
  const patterns = api.routes
    .filter((r) => r.method !== "ALL")
    .map((r) => ({
      method: r.method,
      regex: new RegExp(`^${prefix}${r.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "[^/]+")}/?$`),
    }));
  root.notFound((c) => {
    const path = new URL(c.req.url).pathname;
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
    c.set("claims", await verifier.verify(c.req.header("Authorization")));
    await next();
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad request",
  401: "Missing or invalid bearer token",
  402: "Payment required",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
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

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

/** A route that needs a signed-in user: verifies the token first and documents the 401. */
export function userRoute<R extends RouteConfig>(verifier: TokenVerifier, route: R): R {
  return {
    ...route,
    security: [{ oauth2: ["email"] }, { bearerAuth: [] }],
    middleware: [requireUser(verifier), ...asArray(route.middleware)],
    responses: { ...errorResponses([401]), default: UNEXPECTED, ...route.responses },
  };
}

function asArray<T>(x: T | T[] | undefined): T[] {
  return x === undefined ? [] : Array.isArray(x) ? x : [x];
}

export const Uuid = z.uuid({ error: "must be a UUID" });

/** The answer to a create that was already done: the contract's `{deduped: true}` with status 200. */
export const Deduped = z.object({ deduped: z.literal(true) }).openapi("Deduped");

export const Timestamp = z.iso.datetime({ offset: true });

/** `limit` and `cursor` of the lists paged by a per-owner unique `created_at` (notifications, the ledger). */
export const TimestampPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ description: "1..100, default 20" }),
  cursor: Timestamp.optional().openapi({ description: "`next_cursor` of the previous page" }),
});
