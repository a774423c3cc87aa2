// The `webhook-worker` edge function: the database wakes it with the worker secret (pg_net when a delivery
// is queued, pg_cron while retries are due) and it sends what is due before it answers.
import { Hono } from "hono";
import type { Deps } from "../_shared/deps.ts";
import { ApiError, errorResponse } from "../_shared/errors.ts";
import { drainWebhooks } from "../_shared/webhooks.ts";
import { requireWorkerSecret } from "../_shared/worker-auth.ts";

export function createWebhookWorkerApp(deps: Pick<Deps, "config" | "db">) {
  const { config, db } = deps;
  const opts = {
    allowPrivateTargets: config.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    // A claim must outlast the slowest request of a batch.
    leaseSeconds: Math.max(60, 2 * Math.ceil(config.WEBHOOK_TIMEOUT_MS / 1000)),
  };
  const app = new Hono();
  app.onError((err) => errorResponse(err));
  app.notFound(() => errorResponse(new ApiError(404, "not_found", "No such route.")));

  app.post("/webhook-worker", async (c) => {
    requireWorkerSecret(config.WORKER_SECRET, c.req.header("authorization"));
    return c.json(await drainWebhooks(db, opts), 200);
  });
  app.all("/webhook-worker", (c) => {
    const res = errorResponse(
      new ApiError(405, "method_not_allowed", `${c.req.method} is not allowed here.`),
    );
    res.headers.set("Allow", "POST");
    return res;
  });
  return app;
}
