// The `oauth-consent` edge function: the consent page of Supabase Auth's OAuth 2.1 server (see app.ts).
import { config } from "../_shared/config.ts";
import { createConsentApp } from "./app.ts";

let app: ReturnType<typeof createConsentApp> | undefined;

export function handler(req: Request): Response | Promise<Response> {
  app ??= createConsentApp(config());
  return app.fetch(req);
}

// Run alone (`deno run -A index.ts`, or by the hosted runtime) it serves itself; PORT picks the port.
if (import.meta.main) Deno.serve({ port: Number(Deno.env.get("PORT") ?? 8000) }, handler);
