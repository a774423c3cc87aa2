// GET /jobs/{jobId}/events: a job's event log as Server-Sent Events. The log is durable (public.job_events,
// appended by a trigger at every status change, by the runner's progress and by the build worker's calls), so
// a client that lost the stream resumes with Last-Event-ID. The stream ends once the job and its build are
// done and every event was sent,
// or before the function's wall-clock limit with a `retry` hint.
import type { Config } from "../_shared/config.ts";
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, NEEDS, Uuid, withRetryAfter } from "./common.ts";

/** The reconnection delay a client is told to use, in ms. */
export const RETRY_MS = 1000;

/** The routes, with the settings of this deployment that their descriptions print. */
export function routesFor(
  config: Pick<Config, "JOB_EVENTS_HEARTBEAT_SECONDS" | "JOB_EVENTS_MAX_SECONDS" | "JOB_STREAMS_PER_USER">,
) {
  return {
    streamJobEvents: createRoute({
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
\`{phase, files_written, tokens_so_far}\` from the runner (\`phase\` \`generating\` or \`saving\`); \`build\` carries
\`{id, status}\` of the build of the version the job made (\`GET /builds/{buildId}\`): when it is queued
(\`queued\`), as each step starts (\`running\` with \`step\`: \`install\`, \`typecheck\`, \`export_web\`,
\`export_android\`; \`preview\` with \`preview_url\` as soon as the web export is published, before the android
export) and when it ends (\`succeeded\`, \`failed\` or \`canceled\` with \`preview_url\` and at most 10
\`errors\`). The stream ends after the event of a terminal status, or after the last \`build\` event when the
job's build is still queued or running then. A comment line (\`: heartbeat\`) is sent after
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
  };
}
