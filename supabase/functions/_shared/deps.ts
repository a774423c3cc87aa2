// What a function needs from the outside world, chosen once from configuration at start-up.
import { type Config, config } from "./config.ts";
import { createTokenVerifier, type TokenVerifier } from "./auth.ts";
import { accountExists, createDb, type Db } from "./db.ts";
import type { BlobStore } from "./ports/storage.ts";
import type { AuthAdmin } from "./ports/auth-admin.ts";
import type { IconRenderer } from "./ports/icons.ts";
import type { Generator, PromptEvaluator } from "./ports/generation.ts";
import type { PushSender } from "./ports/push.ts";
import type { Payments } from "./ports/payments.ts";
import type { RepoHost } from "./ports/repohost.ts";
import type { DbHost } from "./ports/dbhost.ts";
import { type SecretBox, secretBoxFromEnv } from "./secrets.ts";
import { StripePayments } from "./adapters/stripe-payments.ts";
import { localCheckoutSessionDir, LocalPayments } from "./adapters/local-payments.ts";
import { GitHubRepoHost } from "./adapters/github.ts";
import { SupabaseManagementDbHost } from "./adapters/supabase-management.ts";
import { NameIconRenderer } from "./icons/name-icon-renderer.ts";
import { LocalBlobStore } from "./adapters/local-storage.ts";
import { SqlAuthAdmin } from "./adapters/sql-auth-admin.ts";
import { SupabaseAuthAdmin, SupabaseBlobStore } from "./adapters/supabase.ts";
import { ExpoPushSender, LogPushSender } from "./adapters/expo-push.ts";
import { hasPort } from "./integrations.ts";
import { createGenerationAdapters } from "./generation/adapters.ts";
import { createLimiter, type Limiter } from "./limiter.ts";
import { fileReadsBusy } from "./project-files.ts";
import { tooManyStreams } from "./jobs.ts";

export interface Deps {
  config: Config;
  db: Db;
  verifier: TokenVerifier;
  blobStore: BlobStore;
  authAdmin: AuthAdmin;
  icons: IconRenderer;
  evaluator: PromptEvaluator;
  generator: Generator;
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

function background(work: Promise<unknown>) {
  const logged = work.catch((err) => console.error("background work failed", err));
  if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(logged);
}

export function depsFromConfig(
  c: Config = config(),
  env: Record<string, string> = Deno.env.toObject(),
): Deps {
  const db = createDb(c.SUPABASE_DB_URL, {
    max: c.DB_POOL_SIZE,
    userStatementTimeoutMs: c.USER_STATEMENT_TIMEOUT_MS,
  });
  const verifier = createTokenVerifier({
    jwksUrl: c.jwksUrl,
    issuer: c.issuer,
    legacySecret: c.SUPABASE_JWT_SECRET,
    resource: `${c.functionsUrl}/v1`,
    accountExists: (userId) => accountExists(db, userId),
  });
  const gateway = c.SUPABASE_URL.replace(/\/+$/, "");
  const upstream = {
    url: gateway,
    serviceKey: c.SUPABASE_SERVICE_ROLE_KEY!,
    timeoutMs: c.UPSTREAM_TIMEOUT_MS,
  };
  const local = c.LOCAL_STORAGE_DIR !== undefined;
  return {
    config: c,
    db,
    verifier,
    blobStore: local ? new LocalBlobStore(c.LOCAL_STORAGE_DIR!, gateway) : new SupabaseBlobStore(upstream),
    authAdmin: local ? new SqlAuthAdmin(db) : new SupabaseAuthAdmin(upstream),
    icons: new NameIconRenderer(),
    ...createGenerationAdapters(env),
    push: c.PUSH_PROVIDER === "expo"
      ? new ExpoPushSender({
        baseUrl: c.EXPO_BASE_URL,
        accessToken: c.EXPO_ACCESS_TOKEN,
        timeoutMs: c.UPSTREAM_TIMEOUT_MS,
      })
      : new LogPushSender(),
    background,
    fileReads: createLimiter({
      slots: c.FILE_READ_CONCURRENCY,
      perUser: c.FILE_READ_PER_USER,
      waitMs: c.FILE_READ_WAIT_SECONDS * 1000,
      holdMs: c.FILE_READ_SEND_SECONDS * 1000,
      refusal: fileReadsBusy,
    }),
    jobStreams: createLimiter({
      slots: Infinity,
      perUser: c.JOB_STREAMS_PER_USER,
      waitMs: 0,
      // Streams and waits end by themselves within their limits; past this one a client stopped reading.
      holdMs: (Math.max(c.JOB_EVENTS_MAX_SECONDS, c.MCP_WAIT_LIMIT_SECONDS) + 30) * 1000,
      refusal: tooManyStreams,
    }),
    payments: paymentsFrom(c, gateway),
    repohost: hasPort("repohost", c)
      ? new GitHubRepoHost({
        apiBaseUrl: c.GITHUB_API_BASE_URL,
        oauthBaseUrl: c.GITHUB_OAUTH_BASE_URL,
        appId: c.GITHUB_APP_ID!,
        privateKeyPem: c.GITHUB_APP_PRIVATE_KEY!,
        clientId: c.GITHUB_CLIENT_ID!,
        clientSecret: c.GITHUB_CLIENT_SECRET!,
        timeoutMs: c.UPSTREAM_TIMEOUT_MS,
      })
      : null,
    dbhost: hasPort("dbhost", c)
      ? new SupabaseManagementDbHost({
        apiBaseUrl: c.SUPABASE_MANAGEMENT_API_URL,
        clientId: c.SUPABASE_OAUTH_CLIENT_ID!,
        clientSecret: c.SUPABASE_OAUTH_CLIENT_SECRET!,
        timeoutMs: c.UPSTREAM_TIMEOUT_MS,
      })
      : null,
    secrets: c.SECRETS_KEYS
      ? secretBoxFromEnv({ SECRETS_KEYS: c.SECRETS_KEYS, SECRETS_CURRENT_KEY_ID: c.SECRETS_CURRENT_KEY_ID })
      : null,
  };
}

/** Stripe with a key; on the embedded stack, the local checkout page; otherwise not configured. */
function paymentsFrom(c: Config, gateway: string): Payments | null {
  const webhookSecrets = (c.STRIPE_WEBHOOK_SECRETS ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (c.STRIPE_SECRET_KEY) {
    if (webhookSecrets.length === 0) {
      throw new Error("invalid configuration:\n  STRIPE_WEBHOOK_SECRETS: required with STRIPE_SECRET_KEY");
    }
    return new StripePayments({
      secretKey: c.STRIPE_SECRET_KEY,
      webhookSecrets,
      apiBaseUrl: c.STRIPE_API_BASE_URL,
      timeoutMs: c.UPSTREAM_TIMEOUT_MS,
    });
  }
  if (c.LOCAL_STORAGE_DIR && webhookSecrets.length > 0) {
    return new LocalPayments({
      webhookSecret: webhookSecrets[0],
      checkoutPageBaseUrl: `${gateway}/checkout`,
      sessionDir: localCheckoutSessionDir(c.LOCAL_STORAGE_DIR),
    });
  }
  return null;
}
