// What a function needs from the outside world, chosen once from configuration at start-up.
import { type Config, config } from "./config.ts";
import { createTokenVerifier, type TokenVerifier } from "./auth.ts";
import { createDb, type Db } from "./db.ts";
import type { BlobStore } from "./ports/storage.ts";
import type { AuthAdmin } from "./ports/auth-admin.ts";
import type { IconRenderer } from "./ports/icons.ts";
import { NameIconRenderer } from "./icons/name-icon-renderer.ts";
import { LocalBlobStore } from "./adapters/local-storage.ts";
import { SqlAuthAdmin } from "./adapters/sql-auth-admin.ts";
import { SupabaseAuthAdmin, SupabaseBlobStore } from "./adapters/supabase.ts";

export interface Deps {
  config: Config;
  db: Db;
  verifier: TokenVerifier;
  blobStore: BlobStore;
  authAdmin: AuthAdmin;
  icons: IconRenderer;
}

export function depsFromConfig(c: Config = config()): Deps {
  const db = createDb(c.SUPABASE_DB_URL, { max: c.DB_POOL_SIZE });
  const verifier = createTokenVerifier({
    jwksUrl: c.jwksUrl,
    issuer: c.issuer,
    legacySecret: c.SUPABASE_JWT_SECRET,
  });
  const gateway = c.SUPABASE_URL.replace(/\/+$/, "");
  if (c.LOCAL_STORAGE_DIR) {
    return {
      config: c,
      db,
      verifier,
      blobStore: new LocalBlobStore(c.LOCAL_STORAGE_DIR, gateway),
      authAdmin: new SqlAuthAdmin(db),
      icons: new NameIconRenderer(),
    };
  }
  const upstream = {
    url: gateway,
    serviceKey: c.SUPABASE_SERVICE_ROLE_KEY!,
    timeoutMs: c.UPSTREAM_TIMEOUT_MS,
  };
  return {
    config: c,
    db,
    verifier,
    blobStore: new SupabaseBlobStore(upstream),
    authAdmin: new SupabaseAuthAdmin(upstream),
    icons: new NameIconRenderer(),
  };
}
