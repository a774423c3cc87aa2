// The API app factory: Hono with @hono/zod-openapi, so every route's zod schemas both validate the
// request and become `/openapi.json`. Errors of every kind leave through `errorResponse` (set by `mountApi`).
import { type createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { type Claims, isFirstParty, type TokenVerifier } from "./auth.ts";
import { ApiError, errorResponse, toApiError, validationError } from "./errors.ts";
import { DEFAULT_BODY_LIMIT, limitBodies } from "./body-limit.ts";
import { type BodyLimitMark, errorResponses, UNEXPECTED } from "../_contract/common.ts";

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

/** The query's zod failures are 400 `invalid_request`, except a bad cursor, which is `invalid_cursor`. */
export function cursorHook(result: { target: string; success: boolean; error?: z.ZodError }): undefined {
  if (result.success || !result.error) return;
  if (result.target === "query" && result.error.issues.some((i) => i.path[0] === "cursor")) {
    throw new ApiError(
      400,
      "invalid_cursor",
      "cursor must be an ISO 8601 date-time, such as the next_cursor of a page.",
    );
  }
  throw validationError(result.error);
}

function asArray<T>(x: T | T[] | undefined): T[] {
  return x === undefined ? [] : Array.isArray(x) ? x : [x];
}
