// GET /jobs/{jobId}/events: a job's event log as Server-Sent Events. The log is durable (public.job_events,
// appended by a trigger at every status change and by the runner's progress), so a client that lost the
// stream resumes with Last-Event-ID. The stream ends once the job is terminal and every event was sent,
// or before the function's wall-clock limit with a `retry` hint.
import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { type ApiApp, userRoute } from "../../_shared/http.ts";
import { errorResponses, NEEDS, Uuid, withRetryAfter } from "../../_contract/common.ts";
import { releaseWhenSent } from "../../_shared/limiter.ts";

const TERMINAL = ["succeeded", "failed", "canceled"];
/** Events read per poll; a full batch means more may be waiting, so the next poll follows at once. */
const BATCH = 100;
/** The reconnection delay a client is told to use, in ms. */
export const RETRY_MS = 1000;

interface Poll {
  status: string;
  events: { id: number; type: "status" | "progress"; data: unknown }[];
}

export function registerJobEventRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier, config } = deps;
  const maxMs = config.JOB_EVENTS_MAX_SECONDS * 1000;
  const heartbeatMs = config.JOB_EVENTS_HEARTBEAT_SECONDS * 1000;

  api.openapi(
    userRoute(
      verifier,
      createRoute({
        method: "get",
        path: "/jobs/{jobId}/events",
        ...NEEDS.job,
        operationId: "streamJobEvents",
        tags: ["Jobs"],
        summary: "Follow a job live (Server-Sent Events)",
        description:
          `\`text/event-stream\` of the job's event log, oldest first. Each event has an \`id\` (increasing
within the job), an \`event\` type and JSON \`data\`: \`status\` carries the job as \`GET /jobs/{jobId}\` shows it (sent
when it is created, at every status change and when a cancel is requested); \`progress\` carries
\`{phase, files_written, tokens_so_far}\` from the runner (\`phase\` \`generating\` or \`saving\`). The stream ends
after the event of a terminal status. A comment line (\`: heartbeat\`) is sent after
${config.JOB_EVENTS_HEARTBEAT_SECONDS} s of silence. A stream lasts at most ${config.JOB_EVENTS_MAX_SECONDS} s
(\`JOB_EVENTS_MAX_SECONDS\`, below hosted Supabase's 150 s limit): it then ends with \`retry: ${RETRY_MS}\`, and the client
reconnects with the \`Last-Event-ID\` header set to the last \`id\` it received, getting only later events. Another
user's job is 404, like an unknown id. One user has at most ${config.JOB_STREAMS_PER_USER} streams open at once on an
instance of the service (\`JOB_STREAMS_PER_USER\`); another is refused with 429 \`too_many_streams\` and \`Retry-After\`.`,
        request: {
          params: z.object({ jobId: Uuid.openapi({ param: { name: "jobId", in: "path" } }) }),
          headers: z.object({
            "last-event-id": z.string().regex(/^[0-9]{1,15}$/, "must be an event id").optional().openapi({
              description: "The last event id received; only later events are sent",
            }),
          }),
        },
        responses: {
          200: {
            description: "The event stream",
            content: { "text/event-stream": { schema: z.string() } },
          },
          ...errorResponses([400, 404], { 404: "`job_not_found`" }),
          429: withRetryAfter(
            errorResponses([429], {
              429: "`too_many_streams`: the caller already has `JOB_STREAMS_PER_USER` streams open",
            })[429],
          ),
        },
      }),
    ),
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
          if (caughtUp && TERMINAL.includes(batch.status)) return;
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
