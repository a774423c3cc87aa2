// The document `/openapi.json` serves, built in-process from the routes (no stack needed): what the SDK is
// generated from and what the static checks validate and lint. The server address is the local stack's.
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import { createV1App } from "../supabase/functions/v1/app.ts";

export const LOCAL_FUNCTIONS_URL = "http://127.0.0.1:54321/functions/v1";

export async function buildDocument(): Promise<Record<string, unknown>> {
  const env = {
    SUPABASE_URL: "http://127.0.0.1:54321",
    SUPABASE_DB_URL: "postgres://postgres@127.0.0.1:1/postgres",
    LOCAL_STORAGE_DIR: "/nonexistent",
  };
  const deps = depsFromConfig(loadConfig(env), env);
  try {
    const res = await createV1App(deps).fetch(new Request("http://localhost/v1/openapi.json"));
    if (!res.ok) throw new Error(`GET /openapi.json answered ${res.status}`);
    return await res.json();
  } finally {
    await deps.db.end();
  }
}

if (import.meta.main) console.log(JSON.stringify(await buildDocument(), null, 2));
