// What every area's contract is built from: the error body and error responses, the JSON content and body
// helpers, ids, timestamps and page queries, and what an example needs first. Data only: the handlers and
// the middleware that enforce it live in `_shared/http.ts`.
import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";

export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
}).openapi("Error");

export type BodyLimitMark = MiddlewareHandler & { maxBodyBytes: number };

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
  version: exampleNeeds(
    "a version of a project of the caller (`PUT /projects/{projectId}/files` makes one): both ids in the path",
  ),
  webhook: exampleNeeds("a webhook endpoint of the caller (`POST /webhooks`): its id in the path"),
  gitRemote: exampleNeeds(
    "a project of the caller linked to a git remote the token reaches (`PUT /projects/{id}/git-remote`)",
  ),
  build: exampleNeeds("a build of the caller (`POST /projects/{projectId}/builds`): its id in the path"),
  devicePreview: exampleNeeds(
    "a device preview of the caller (`POST /projects/{projectId}/device-previews`): its id in the path",
  ),
} as const;

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

export const Credits = z.int().openapi({
  format: "int64",
  description: "Credits: EUR cents (1 EUR = 100 credits).",
});
export const Display = (what: string) =>
  z.string().openapi({
    example: "1.234,56\u00a0€",
    description: `${what} in euros, Italian format: \`.\` groups thousands, \`,\` before the cents, ` +
      "a no-break space (U+00A0) before €, a leading `-` when negative.",
  });
