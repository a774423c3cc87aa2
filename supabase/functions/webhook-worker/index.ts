// The `webhook-worker` edge function: sends due outbound webhook deliveries (see app.ts).
import { config } from "../_shared/config.ts";
import { dbFrom } from "../_shared/deps.ts";
import { createWebhookWorkerApp } from "./app.ts";

let app: ReturnType<typeof createWebhookWorkerApp> | undefined;

export function handler(req: Request): Response | Promise<Response> {
  if (!app) {
    const c = config();
    app = createWebhookWorkerApp({ config: c, db: dbFrom(c) });
  }
  return app.fetch(req);
}

// Run alone (`deno run -A index.ts`, or by the hosted runtime) it serves itself; PORT picks the port.
if (import.meta.main) Deno.serve({ port: Number(Deno.env.get("PORT") ?? 8000) }, handler);
