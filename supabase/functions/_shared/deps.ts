// What a function needs from the outside world, chosen once from configuration at start-up.
import { type Config, config } from "./config.ts";
import { createTokenVerifier, type TokenVerifier } from "./auth.ts";
import { createDb, type Db } from "./db.ts";
import type { BlobStore } from "./ports/storage.ts";
import type { AuthAdmin } from "./ports/auth-admin.ts";
import type { IconRenderer } from "./ports/icons.ts";
import type { Generator, PromptEvaluator } from "./ports/generation.ts";
import type { PushSender } from "./ports/push.ts";
import { NameIconRenderer } from "./icons/name-icon-renderer.ts";
import { LocalBlobStore } from "./adapters/local-storage.ts";
import { SqlAuthAdmin } from "./adapters/sql-auth-admin.ts";
import { SupabaseAuthAdmin, SupabaseBlobStore } from "./adapters/supabase.ts";
import { ExpoPushSender, LogPushSender } from "./adapters/expo-push.ts";
import { createGenerationAdapters } from "./generation/adapters.ts";

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
  const db = createDb(c.SUPABASE_DB_URL, { max: c.DB_POOL_SIZE });
  const verifier = createTokenVerifier({
    jwksUrl: c.jwksUrl,
    issuer: c.issuer,
    legacySecret: c.SUPABASE_JWT_SECRET,
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
  };
}
