// Factories of the ports that serve users' projects, shared by v1, mcp and the runner: token checks, object
// storage, the auth admin, icons, the limits on file reads and job streams, and the box sealing tokens.
import type { Config } from "./config.ts";
import { createTokenVerifier, type TokenVerifier } from "./auth.ts";
import { accountExists, type Db } from "./db.ts";
import type { BlobStore } from "./ports/storage.ts";
import type { AuthAdmin } from "./ports/auth-admin.ts";
import { LocalBlobStore } from "./adapters/local-storage.ts";
import { SqlAuthAdmin } from "./adapters/sql-auth-admin.ts";
import { SupabaseAuthAdmin, SupabaseBlobStore } from "./adapters/supabase.ts";
import { createLimiter, type Limiter } from "./limiter.ts";
import { fileReadsBusy } from "./project-files.ts";
import { tooManyStreams } from "./jobs.ts";
import { type SecretBox, secretBoxFromEnv } from "./secrets.ts";

/** The gateway's base URL, without a trailing slash. */
export function gatewayOf(c: Config): string {
  return c.SUPABASE_URL.replace(/\/+$/, "");
}

function upstreamOf(c: Config) {
  return { url: gatewayOf(c), serviceKey: c.SUPABASE_SERVICE_ROLE_KEY!, timeoutMs: c.UPSTREAM_TIMEOUT_MS };
}

export function verifierFrom(c: Config, db: Db): TokenVerifier {
  return createTokenVerifier({
    jwksUrl: c.jwksUrl,
    issuer: c.issuer,
    legacySecret: c.SUPABASE_JWT_SECRET,
    resource: `${c.functionsUrl}/v1`,
    accountExists: (userId) => accountExists(db, userId),
  });
}

/** Files under LOCAL_STORAGE_DIR on the embedded stack, Supabase Storage otherwise. */
export function blobStoreFrom(c: Config): BlobStore {
  return c.LOCAL_STORAGE_DIR !== undefined
    ? new LocalBlobStore(c.LOCAL_STORAGE_DIR, gatewayOf(c))
    : new SupabaseBlobStore(upstreamOf(c));
}

/** SQL on the embedded stack, Supabase Auth's admin API otherwise. */
export function authAdminFrom(c: Config, db: Db): AuthAdmin {
  return c.LOCAL_STORAGE_DIR !== undefined ? new SqlAuthAdmin(db) : new SupabaseAuthAdmin(upstreamOf(c));
}

export function fileReadsFrom(c: Config): Limiter {
  return createLimiter({
    slots: c.FILE_READ_CONCURRENCY,
    perUser: c.FILE_READ_PER_USER,
    waitMs: c.FILE_READ_WAIT_SECONDS * 1000,
    holdMs: c.FILE_READ_SEND_SECONDS * 1000,
    refusal: fileReadsBusy,
  });
}

export function jobStreamsFrom(c: Config): Limiter {
  return createLimiter({
    slots: Infinity,
    perUser: c.JOB_STREAMS_PER_USER,
    waitMs: 0,
    // Streams and waits end by themselves within their limits; past this one a client stopped reading.
    holdMs: (Math.max(c.JOB_EVENTS_MAX_SECONDS, c.MCP_WAIT_LIMIT_SECONDS) + 30) * 1000,
    refusal: tooManyStreams,
  });
}

/** The box that seals upstream tokens, when a key is configured. */
export function secretsFrom(c: Config): SecretBox | null {
  return c.SECRETS_KEYS
    ? secretBoxFromEnv({ SECRETS_KEYS: c.SECRETS_KEYS, SECRETS_CURRENT_KEY_ID: c.SECRETS_CURRENT_KEY_ID })
    : null;
}
