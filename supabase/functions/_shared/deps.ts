// What a function needs from the outside world, one port each. A function's entry builds only the ports it
// uses, each from its factory (here, project-deps.ts, beside its adapter, or all-deps.ts for v1's), so a
// function's module graph holds the adapters it uses and no other: this module imports no adapter.
import type { Config } from "./config.ts";
import type { TokenVerifier } from "./auth.ts";
import { createDb, type Db } from "./db.ts";
import type { BlobStore } from "./ports/storage.ts";
import type { AuthAdmin } from "./ports/auth-admin.ts";
import type { IconRenderer } from "./ports/icons.ts";
import type { PromptEvaluator } from "./ports/generation.ts";
import type { PushSender } from "./ports/push.ts";
import type { Payments } from "./ports/payments.ts";
import type { RepoHost } from "./ports/repohost.ts";
import type { DbHost } from "./ports/dbhost.ts";
import type { SecretBox } from "./secrets.ts";
import type { Limiter } from "./limiter.ts";

export interface Deps {
  config: Config;
  db: Db;
  verifier: TokenVerifier;
  blobStore: BlobStore;
  authAdmin: AuthAdmin;
  icons: IconRenderer;
  evaluator: PromptEvaluator;
  push: PushSender;
  /** Null where the port is not configured: its routes answer 503 with a clear code, never a fake success. */
  payments: Payments | null;
  repohost: RepoHost | null;
  dbhost: DbHost | null;
  /** Seals upstream tokens before they are stored; null without SECRETS_KEYS. */
  secrets: SecretBox | null;
  /** Project file listings this instance builds and sends at once (FILE_READ_CONCURRENCY, FILE_READ_PER_USER). */
  fileReads: Limiter;
  /** Job event streams and agent waits open at once, per user (JOB_STREAMS_PER_USER). */
  jobStreams: Limiter;
  /** Keeps work going after the response is sent (EdgeRuntime.waitUntil on hosted Supabase). */
  background(work: Promise<unknown>): void;
}

declare const EdgeRuntime: { waitUntil(p: Promise<unknown>): void } | undefined;

export function background(work: Promise<unknown>) {
  const logged = work.catch((err) => console.error("background work failed", err));
  if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(logged);
}

/** The pool of connections to the project's database. */
export function dbFrom(c: Config): Db {
  return createDb(c.SUPABASE_DB_URL, {
    max: c.DB_POOL_SIZE,
    userStatementTimeoutMs: c.USER_STATEMENT_TIMEOUT_MS,
  });
}
