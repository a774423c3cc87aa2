// One way out for every error: the contract's `{code, message, details?}` with the right status.
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "@hono/zod-openapi";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function validationError(error: z.ZodError): ApiError {
  return new ApiError(400, "invalid_request", "The request is not valid.", {
    issues: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
  });
}

interface PostgresLikeError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

// Connection-level failures of postgres.js and the OS: the database is away, the request may be retried.
const UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
]);

const UNSTORABLE_TEXT = new Set([
  "22021", // character_not_in_repertoire: a NUL byte in a text parameter
  "22P05", // untranslatable_character: \u0000 inside jsonb
]);

/**
 * Our SQL functions raise `PT<status>` SQLSTATEs with the message `<code>: <text>` and, optionally,
 * a JSON object in DETAIL; anything else from Postgres is internal.
 */
function fromPostgres(err: PostgresLikeError): ApiError | undefined {
  const sqlstate = err.code ?? "";
  if (/^PT[1-5]\d\d$/.test(sqlstate)) {
    const status = Number(sqlstate.slice(2)) as ContentfulStatusCode;
    const m = /^([a-z_]+): (.*)$/s.exec(err.message ?? "");
    let details: Record<string, unknown> | undefined;
    if (err.detail) {
      try {
        details = JSON.parse(err.detail);
      } catch {
        details = undefined;
      }
    }
    const headers = err.hint && /^retry-after=\d+$/.test(err.hint)
      ? { "Retry-After": err.hint.split("=")[1] }
      : undefined;
    return new ApiError(status, m?.[1] ?? "error", m?.[2] ?? "Request failed.", details, headers);
  }
  // Text and jsonb cannot hold NUL: a client's string that contains one is a bad request, not a fault.
  if (UNSTORABLE_TEXT.has(sqlstate)) {
    return new ApiError(
      400,
      "invalid_request",
      "The request contains a NUL character, which cannot be stored.",
    );
  }
  // A lone UTF-16 surrogate (`"\ud800"`) is a valid JSON string to JavaScript but not Unicode to jsonb; our
  // own JSON parameters are serialized by JSON.stringify, so only a client's string can carry one.
  if (sqlstate === "22P02" && /surrogate/i.test(err.detail ?? "")) {
    return new ApiError(
      400,
      "invalid_request",
      "The request contains a lone Unicode surrogate, which cannot be stored.",
    );
  }
  // An owner's row written for an account deleted meanwhile (the routes check first; this is the race after).
  if (
    sqlstate === "23503" &&
    /^Key \(user_id\)=.* is not present in table "(profiles|users)"/.test(err.detail ?? "")
  ) {
    return new ApiError(404, "profile_not_found", "The account no longer exists.");
  }
  // query_canceled by the statement_timeout every user's transaction carries.
  if (sqlstate === "57014" && /statement timeout/.test(err.message ?? "")) {
    return new ApiError(503, "statement_timeout", "The request took too long in the database; retry later.");
  }
  if (UNAVAILABLE.has(sqlstate) || UNAVAILABLE.has((err as { errno?: string }).errno ?? "")) {
    return new ApiError(503, "database_unavailable", "The database is unavailable; retry shortly.");
  }
  return undefined;
}

export function toApiError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof z.ZodError) return validationError(err);
  if (err instanceof HTTPException) {
    if (err.status === 400) return new ApiError(400, "invalid_json", "The request body is not valid JSON.");
    if (err.status === 413) return new ApiError(413, "payload_too_large", "The request body is too large.");
    if (err.status === 415) {
      return new ApiError(
        415,
        "unsupported_media_type",
        "The request body's content type is not accepted here.",
      );
    }
    if (err.status === 401) return new ApiError(401, "unauthorized", err.message || "Unauthorized.");
    return new ApiError(err.status as ContentfulStatusCode, "error", err.message || "Request failed.");
  }
  if (err && typeof err === "object") return fromPostgres(err as PostgresLikeError);
  return undefined;
}

/** The response for any error; unexpected ones are logged with a request id and never leak internals. */
export function errorResponse(err: unknown): Response {
  let e = toApiError(err);
  if (!e) {
    const requestId = crypto.randomUUID();
    console.error(`internal_error ${requestId}`, err);
    e = new ApiError(500, "internal_error", "An unexpected error occurred.", { request_id: requestId });
  }
  const body: Record<string, unknown> = { code: e.code, message: e.message };
  if (e.details) body.details = e.details;
  const headers: Record<string, string> = { "content-type": "application/json", ...e.headers };
  if (e.status === 401) headers["WWW-Authenticate"] ??= 'Bearer realm="api"';
  return new Response(JSON.stringify(body), { status: e.status, headers });
}
