// The `push-worker` edge function: sends what the push outbox holds (see app.ts).
import { config } from "../_shared/config.ts";
import { dbFrom } from "../_shared/deps.ts";
import { pushSenderFrom } from "../_shared/adapters/expo-push.ts";
import { createPushWorkerApp } from "./app.ts";

let app: ReturnType<typeof createPushWorkerApp> | undefined;

export function handler(req: Request): Response | Promise<Response> {
  if (!app) {
    const c = config();
    app = createPushWorkerApp({ config: c, db: dbFrom(c), push: pushSenderFrom(c) });
  }
  return app.fetch(req);
}

// Run alone (`deno run -A index.ts`, or by the hosted runtime) it serves itself; PORT picks the port.
if (import.meta.main) Deno.serve({ port: Number(Deno.env.get("PORT") ?? 8000) }, handler);
