// The `push-worker` edge function: sends what the push outbox holds (see app.ts).
import { depsFromConfig } from "../_shared/deps.ts";
import { createPushWorkerApp } from "./app.ts";

let app: ReturnType<typeof createPushWorkerApp> | undefined;

export function handler(req: Request): Response | Promise<Response> {
  app ??= createPushWorkerApp(depsFromConfig());
  return app.fetch(req);
}

// Run alone (`deno run -A index.ts`, or by the hosted runtime) it serves itself; PORT picks the port.
if (import.meta.main) Deno.serve({ port: Number(Deno.env.get("PORT") ?? 8000) }, handler);
