// The job-events routes' handlers, each registered against its definition in `_contract/job-events.ts`.
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { type ApiApp, userRoute } from "../../_shared/http.ts";
import { releaseWhenSent } from "../../_shared/limiter.ts";
import { RETRY_MS, routesFor } from "../../_contract/job-events.ts";

/** Events read per poll; a full batch means more may be waiting, so the next poll follows at once. */
const BATCH = 100;

interface Poll {
  status: string;
  /** The job is terminal and its build, if any, ended. */
  done: boolean;
  events: { id: number; type: "status" | "progress" | "build"; data: unknown }[];
}

export function registerJobEventRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier, config } = deps;
  const routes = routesFor(config);
  const maxMs = config.JOB_EVENTS_MAX_SECONDS * 1000;
  const heartbeatMs = config.JOB_EVENTS_HEARTBEAT_SECONDS * 1000;

  api.openapi(
    userRoute(verifier, routes.streamJobEvents),
    async (c) => {
      const { jobId } = c.req.valid("param");
      const lastId = c.req.valid("header")["last-event-id"];
      const claims = c.get("claims");
      const poll = (after: number) =>
        selectAsUser<Poll>(db, claims, (tx) => tx`select api.job_events(${jobId}, ${after}, ${BATCH}) as r`);
      // Held until the stream ends, the client goes away or the slot's deadline cuts a client that stopped reading.
      const slot = await deps.jobStreams.acquire(claims.sub);
      let first: Poll;
      try {
        // The first read answers 404 before any event is streamed.
        first = await poll(lastId === undefined ? 0 : Number(lastId));
      } catch (err) {
        slot.release();
        throw err;
      }
      const encoder = new TextEncoder();
      const started = Date.now();

      async function* stream(): AsyncGenerator<Uint8Array> {
        let batch = first;
        let last = lastId === undefined ? 0 : Number(lastId);
        let quietSince = Date.now();
        yield encoder.encode(`retry: ${RETRY_MS}\n\n`);
        while (true) {
          for (const e of batch.events) {
            yield encoder.encode(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`);
            last = e.id;
            quietSince = Date.now();
          }
          const caughtUp = batch.events.length < BATCH;
          if (caughtUp && batch.done) return;
          if (Date.now() - started >= maxMs - config.JOB_EVENTS_POLL_MS) {
            yield encoder.encode(
              `: time limit reached; reconnect with Last-Event-ID\nretry: ${RETRY_MS}\n\n`,
            );
            return;
          }
          if (Date.now() - quietSince >= heartbeatMs) {
            yield encoder.encode(": heartbeat\n\n");
            quietSince = Date.now();
          }
          if (caughtUp) await new Promise((r) => setTimeout(r, config.JOB_EVENTS_POLL_MS));
          // A stream the client left stops polling at once, not at its next event.
          if (slot.freed.aborted) return;
          batch = await poll(last);
        }
      }

      return c.body(releaseWhenSent(ReadableStream.from(stream()), slot), 200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        "x-accel-buffering": "no",
      });
    },
  );
}
