// The `push-worker` edge function: the database wakes it with the worker secret (pg_net when a push is
// queued, pg_cron while retries or receipts are due) and it drains the push outbox, then fetches due
// receipts, before it answers.
import { Hono } from "hono";
import type { Deps } from "../_shared/deps.ts";
import { DEFAULT_BODY_LIMIT, limitBodies } from "../_shared/body-limit.ts";
import { ApiError, errorResponse } from "../_shared/errors.ts";
import { checkPushReceipts, drainPushOutbox } from "../_shared/push-outbox.ts";
import { requireWorkerSecret } from "../_shared/worker-auth.ts";

export function createPushWorkerApp(deps: Pick<Deps, "config" | "db" | "push">) {
  const { config, db, push } = deps;
  // A claim must outlast the longest send of a batch, which UPSTREAM_TIMEOUT_MS bounds.
  const leaseSeconds = Math.max(60, 2 * Math.ceil(config.UPSTREAM_TIMEOUT_MS / 1000));
  const app = new Hono();
  app.onError((err) => errorResponse(err));
  app.notFound(() => errorResponse(new ApiError(404, "not_found", "No such route.")));
  app.use("*", limitBodies(() => DEFAULT_BODY_LIMIT));

  app.post("/push-worker", async (c) => {
    requireWorkerSecret(config.WORKER_SECRET, c.req.header("authorization"));
    const result = {
      ...await drainPushOutbox(db, push, { leaseSeconds }),
      receipts: await checkPushReceipts(db, push),
    };
    if (result.sent + result.failed + result.retried + result.receipts > 0) {
      console.log(`push-worker: ${JSON.stringify(result)}`);
    }
    return c.json(result, 200);
  });
  app.all("/push-worker", (c) => {
    const res = errorResponse(
      new ApiError(405, "method_not_allowed", `${c.req.method} is not allowed here.`),
    );
    res.headers.set("Allow", "POST");
    return res;
  });
  return app;
}
