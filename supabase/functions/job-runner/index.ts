// The `job-runner` edge function: claims dispatched jobs and runs them in the background.
import { config } from "../_shared/config.ts";
import { createRunnerApp, runnerConcurrencyFrom, runnerDepsFrom } from "./app.ts";

let app: ReturnType<typeof createRunnerApp> | undefined;

export function handler(req: Request): Response | Promise<Response> {
  app ??= createRunnerApp(runnerDepsFrom(), config().WORKER_SECRET, {
    concurrency: runnerConcurrencyFrom(Deno.env.get("RUNNER_CONCURRENCY")),
  });
  return app.fetch(req);
}

// Run alone (`deno run -A index.ts`, or by the hosted runtime) it serves itself; PORT picks the port.
if (import.meta.main) Deno.serve({ port: Number(Deno.env.get("PORT") ?? 8000) }, handler);
