// Section C of the contract: creating prompt jobs, uploading their attachments, reading, listing and
// canceling jobs.
// The rules (idempotency, the credit floor, the quota, ownership, the state machine) are SQL's; the handlers
// (v1/routes/jobs.ts) evaluate the prompt through the evaluator port.
import { createRoute, z } from "@hono/zod-openapi";
import {
  Credits,
  errorResponses,
  exampleNeeds,
  jsonBody,
  jsonContent,
  NEEDS,
  routeBodyLimit,
  Timestamp,
  TimestampPageQuery,
  Uuid,
  withRetryAfter,
} from "./common.ts";
import { formBodyBytes, MAX_IMAGE_BYTES } from "../_shared/uploads.ts";
import { EXPO_PUSH_TOKEN, isExpoPushToken } from "../_shared/ports/push.ts";
import { RateLimit } from "./identity.ts";
import { DEFAULT_BODY_LIMIT } from "../_shared/body-limit.ts";
import { ProjectNumber } from "./projects.ts";
import { LIMITS } from "./limits.gen.ts";

const JobError = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

const Refusal = z.object({
  code: z.string().describe(
    "The error code POST /jobs would answer: `invalid_prompt`, `insufficient_credits`",
  ),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional().describe(
    "As POST /jobs gives them: `reason` for `invalid_prompt`; `available`, `held`, `floor` for credits",
  ),
});

export const MAX_PROMPT_CHARS = 8000;

/** What a job is asked to build, as POST /jobs and the agent tools take it. */
export const Prompt = z.string().trim().min(1, "the prompt is empty").max(MAX_PROMPT_CHARS);
export const AppName = z.string().trim().min(1).max(30);
export const ModelTier = z.enum(["light", "full"]);

/** What the prompt asked for, and how each was built or not: a job's result and an estimate report it. */
export const Asks = z.array(z.object({
  type: z.string().describe("What was asked: `list`, `log`, `goal`, `reminder`, `timer`, `translate`, …"),
  quote: z.string().describe("The prompt's words that ask it"),
  built: z.boolean().describe("Whether the app serves it"),
  block: z.string().optional().describe("The building block of the screen that serves it"),
  screen: z.string().optional().describe("The key of that screen"),
  field: z.string().optional().describe("The field that serves it, when it is one"),
})).describe("What the prompt asked for, and how each was built or not");

export const Unmet = z.array(z.string()).describe(
  "The prompt's words no ask accounts for, and asks no building block could serve (with why)",
);

export const Job = z.object({
  id: Uuid,
  type: z.literal("prompt"),
  status: z.enum(["queued", "running", "succeeded", "failed", "canceled"]),
  created_at: Timestamp,
  updated_at: Timestamp,
  project_id: z.int().nullable(),
  input: z.record(z.string(), z.unknown()),
  result: z.object({
    project_id: z.int(),
    files_saved: z.int().describe("The project's files after the run: its complete file set"),
    kind: z.string().optional().describe(
      "The kind of app the generator made, e.g. `shopping` or `todo+chat`",
    ),
    name: z.string().optional().describe("The app's name"),
    language: z.string().optional().describe("The UI language written (`en`, `it`, `fr`, `es` or `de`)"),
    language_fallback_from: z.string().optional().describe(
      "The prompt's language when the UI could not be written in it (English was used instead)",
    ),
    asks: Asks.optional(),
    unmet: Unmet.optional(),
    without_samples: z.array(z.string()).optional().describe(
      "Lists that start empty: their records cannot be known offline",
    ),
  }).optional(),
  error: JobError.optional(),
  cancel_requested_at: Timestamp.optional().openapi({
    description: "When the owner asked to cancel the job while it ran; the runner then stops it.",
  }),
  base_version_id: Uuid.optional().openapi({
    description:
      "The project's version the runner started from (`GET /projects/{projectId}/versions`), once " +
      "the job runs.",
  }),
  version_id: Uuid.optional().openapi({
    description:
      "The version the job made, once it succeeded. When another version was made since its base, " +
      "the job's changes were merged into it; changes to the same file that do not merge fail the job with " +
      "`version_conflict` (`error.details.paths`), uncharged.",
  }),
  build: z.object({
    id: z.int().openapi({ format: "int64", example: 7 }),
    status: z.enum(["queued", "running", "succeeded", "failed", "canceled"]),
    preview_url: z.url().nullable(),
  }).optional().openapi({
    description: "The newest build of the version the job made (`GET /builds/{buildId}`), once one is " +
      "queued; its progress is on the job's event stream as `build` events.",
  }),
}).openapi("Job");

export const JobEstimate = z.object({
  name: z.string().describe("The app's name, as the job's result would give it"),
  language: z.string().describe("The UI language that would be written (`en`, `it`, `fr`, `es` or `de`)"),
  language_fallback_from: z.string().optional().describe(
    "The prompt's language when the UI could not be written in it (English would be used instead)",
  ),
  kind: z.string().describe("The kind of app, e.g. `shopping` or `todo+chat`"),
  tier: ModelTier.nullable().describe(
    "The model tier the job would run with: `input.model`, else the one the evaluation picks; null when the " +
      "prompt is refused and no `input.model` was given",
  ),
  asks: Asks,
  unmet: Unmet,
  credits: z.object({
    price: Credits.openapi({
      description: "What the job would hold while it runs and, with the offline generator, be charged: the " +
        "tier's price (without a tier, the dearest one, which POST /jobs holds while it judges)",
    }),
    available: Credits.openapi({ description: "The wallet's `available` credits now (`GET /wallets/me`)" }),
    held: Credits.openapi({ description: "Credits held now by the caller's open jobs" }),
    floor: Credits.openapi({
      description:
        `The floor \`available\` must stay above: ${LIMITS.wallet.credit_floor}, or 0 for an anonymous account`,
    }),
    can_pay: z.boolean().describe(
      "Whether the wallet passes POST /jobs's credit check now (`available` > `floor`)",
    ),
  }),
  admission: z.object({
    admitted: z.boolean().describe("Whether POST /jobs, sent now with this body, would admit the job"),
    refusal: Refusal.nullable().describe("The refusal POST /jobs would answer instead, or null"),
  }),
  rate_limit: RateLimit.describe("The prompt-evaluation quota after this estimate, which counted against it"),
}).openapi("JobEstimate");

export const MAX_ATTACHMENTS = 3;

const ExpoPushToken = z.string().max(256).refine(
  isExpoPushToken,
  "must be an Expo push token (ExponentPushToken[...])",
).openapi({
  pattern: EXPO_PUSH_TOKEN.source,
  description: "Where the completion push goes; only a token the caller registered with POST /push-tokens " +
    "receives it.",
});
const LiveActivityToken = z.string().min(1).max(512);
const LiveActivityUser = z.string().min(1).max(256);
const DbhostRef = z.string().regex(/^[a-z0-9]{1,64}$/, "must be a database-host project ref");

const UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const AttachmentFile = z.object({
  path: z.string().regex(new RegExp(`^${UUID_PATTERN}/${UUID_PATTERN}/[1-3]\\.(png|jpg|webp)$`)).openapi({
    description: "Object path in the private attachments bucket, exactly as uploaded: " +
      "`<user id>/<idempotency_key>/<1..3>.<png|jpg|webp>`",
  }),
  type: z.enum(["image/png", "image/jpeg", "image/webp"]),
  size: z.int().min(1).max(MAX_IMAGE_BYTES),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const AttachmentsManifest = z.strictObject({
  idempotency_key: Uuid,
  files: z.array(AttachmentFile).min(1).max(MAX_ATTACHMENTS),
}).openapi("AttachmentsManifest", {
  description: "What POST /jobs/attachments stored; pass it back unchanged as `attachments` of POST /jobs.",
});

const JobInput = z.strictObject({
  prompt: Prompt,
  appName: AppName.optional(),
  model: ModelTier.optional(),
  expo_push_token: ExpoPushToken.optional(),
  live_activity_token: LiveActivityToken.optional(),
  live_activity_user: LiveActivityUser.optional(),
  dbhost_project_ref: DbhostRef.optional(),
});

const CreatePromptJobRequest = z.strictObject({
  type: z.literal("prompt"),
  input: JobInput,
  project_id: ProjectNumber.optional(),
  attachments: AttachmentsManifest.optional(),
  idempotency_key: Uuid.optional(),
  expo_push_token: ExpoPushToken.optional(),
  live_activity_token: LiveActivityToken.optional(),
  live_activity_user: LiveActivityUser.optional(),
  dbhost_project_ref: DbhostRef.optional(),
}).openapi("CreatePromptJobRequest");

const JobListQuery = TimestampPageQuery.extend({
  status: Job.shape.status.optional().openapi({ description: "Only jobs in this status" }),
  project_id: z.coerce.number().int().positive().optional().openapi({
    description: "Only this project's jobs",
  }),
});

export const JobPage = z.object({
  data: z.array(Job),
  next_cursor: Timestamp.nullable().openapi({
    description: "The last row's `created_at`; pass it as `cursor` for the next page. Null on the last page.",
  }),
}).openapi("JobPage");

const JobParams = z.object({ jobId: Uuid.openapi({ param: { name: "jobId", in: "path" } }) });

/** Where a created job leads: its state to poll, and the project it writes into. */
const JOB_LINKS = {
  GetJob: {
    operationId: "getJob",
    parameters: { jobId: "$response.body#/id" },
    description: "Poll the job until it is `succeeded`, `failed` or `canceled`.",
  },
  GetJobProject: {
    operationId: "getProject",
    parameters: { projectId: "$response.body#/project_id" },
    description: "The project the job writes into.",
  },
};

export const routes = {
  createJob: createRoute({
    method: "post",
    path: "/jobs",
    operationId: "createJob",
    tags: ["Jobs"],
    summary: "Start a prompt job",
    description:
      `Returns at once with the job \`queued\`; poll \`GET /jobs/{jobId}\` (backoff 2 s up to 30 s).
The prompt is trimmed and must be 1..${MAX_PROMPT_CHARS} characters; the service evaluates it (400 \`invalid_prompt\`
with \`details.reason\`, also for what no offline app can do: play between phones, a social network, live data
from the internet; nothing is charged) and fills \`input.model\` and \`input.appName\` when they are omitted (with \`project_id\`,
the project's name: a follow-up is a change to its app, and names nothing). Without \`project_id\`
a project is created with the template's files and the evaluated app name (its icon is generated in the
background). \`expo_push_token\`, \`live_activity_token\`, \`live_activity_user\` and \`dbhost_project_ref\` are folded into
\`input\` (the top-level value wins). A repeated \`idempotency_key\` returns the first job with 200 and consumes nothing.
Order of checks: body, idempotency, credits (402 when balance plus valid bonus minus the credits held by
open jobs is at or below ${LIMITS.wallet.credit_floor}, or 0 for an anonymous account), project ownership (404), prompt-evaluation quota (429 with \`Retry-After\`),
evaluation, and without \`project_id\` the new project's template files against the owner's storage quota (413
\`storage_quota_exceeded\` with \`details.quota_bytes\` and \`details.used_bytes\`; nothing is created) and the
account's project cap (413 \`too_many_projects\`: at most the setting \`max_projects_per_user\`, default
${LIMITS.rows.max_projects_per_user}, projects; nothing is created). An admitted job holds its tier's maximum price (see \`held\` in \`GET /wallets/me\`) until it
ends, when the real cost is spent instead; without \`input.model\` the full tier's price is held until the
prompt is evaluated. A job no runner has started within ${
        LIMITS.settings.job_start_seconds / 60
      } minutes (the \`job_start_seconds\` setting) fails with
\`error.code\` \`not_started\` and costs nothing.`,
    request: {
      body: jsonBody(CreatePromptJobRequest, {
        type: "prompt",
        input: { prompt: "A habit tracker for drinking water and reading", model: "light" },
      }),
    },
    responses: {
      202: { ...jsonContent(Job, "The job, queued"), links: JOB_LINKS },
      200: {
        ...jsonContent(Job, "The job an earlier request with the same idempotency_key created"),
        links: JOB_LINKS,
      },
      ...errorResponses([400, 402, 404, 413, 415, 429, 502], {
        400: "Invalid request or `invalid_prompt`",
        402:
          `\`insufficient_credits\`: the wallet's \`available\` credits have reached the floor (${LIMITS.wallet.credit_floor}; 0 anonymous)`,
        404: "`project_not_found`",
        413: "`storage_quota_exceeded`: without `project_id`, the new project's template files would take " +
          "the owner past the storage quota; `too_many_projects`: without `project_id`, the account already " +
          "holds its most projects",
        429: "`rate_limited`: the prompt-evaluation quota is spent; see `Retry-After` (seconds)",
        502: "`job_create_failed`: safe to retry when no job id was received",
      }),
    },
  }),
  estimateJob: createRoute({
    method: "post",
    path: "/jobs/estimates",
    operationId: "estimateJob",
    tags: ["Jobs"],
    summary: "What a prompt job would build and cost, without starting it",
    description: `Takes exactly the body of \`POST /jobs\` and answers what that job would build (\`name\`,
\`language\`, \`kind\`, \`tier\`, \`asks\`, \`unmet\`: the shapes of a finished job's \`result\`; with \`project_id\`,
the change to that project's app, judged against its stored spec as the generator judges a follow-up), what it
would cost (\`credits.price\`: the price \`POST /jobs\` holds for the tier, the same SQL definition), whether the
wallet passes the credit check now, and whether \`POST /jobs\` would admit it. Nothing is created, held or
charged: no job, no project, no hold; the idempotency key is not looked at.

Refusals that belong to the job (\`invalid_prompt\` with \`details.reason\`, \`insufficient_credits\`) are data
in the 200, as \`admission.refusal\` with the code, message and details \`POST /jobs\` would answer: the
estimate itself succeeded, and a refused prompt still shows what was understood and what it would have
cost, which is what a caller needs to fix it. Refusals of the estimate request are statuses, as on
\`POST /jobs\`: an invalid body (400), no token (401), another user's or no \`project_id\` (404
\`project_not_found\`), a body over ${DEFAULT_BODY_LIMIT} bytes (413), and the prompt-evaluation quota (429 with
\`Retry-After\`): an estimate judges the prompt, so it counts one evaluation as \`POST /jobs\` does.

The prompt is always judged offline, by the heuristic evaluator and the offline understanding that the
template generator builds from: cheap and deterministic. With the model adapter configured (\`GENERATOR=openai\`),
jobs are judged and built by the model, so its verdict, its app and its cost (the spend is the run's real
cost, at most the held price) may differ from the estimate. Not estimated: the storage quota and project cap
a new project is checked against (413 on \`POST /jobs\`).`,
    request: {
      body: jsonBody(CreatePromptJobRequest, {
        type: "prompt",
        input: { prompt: "A habit tracker for drinking water and reading", model: "light" },
      }),
    },
    responses: {
      200: jsonContent(
        JobEstimate,
        "What the job would build and cost, and whether it would be admitted",
      ),
      ...errorResponses([400, 404, 413, 415], {
        400: "Invalid request: the body `POST /jobs` would refuse",
        404: "`project_not_found`, or `profile_not_found`: the caller's account was deleted",
        413: "`payload_too_large`",
      }),
      429: withRetryAfter(
        errorResponses([429], {
          429: "`rate_limited`: the prompt-evaluation quota is spent; see `Retry-After` (seconds)",
        })[429],
      ),
    },
  }),
  uploadJobAttachments: createRoute({
    method: "post",
    path: "/jobs/attachments",
    ...exampleNeeds("image files in the form"),
    operationId: "uploadJobAttachments",
    tags: ["Jobs"],
    summary: "Upload images for a prompt job",
    description:
      `multipart/form-data: \`files\`, 1..${MAX_ATTACHMENTS} images (png, jpeg or webp, recognized by content; at
most 5 MB each), and an optional text field \`idempotency_key\` (a UUID; generated when omitted; the same key
replaces the same upload). The files are stored privately under the caller's id and the key until the runner
of the job that names them has used them; \`POST /jobs\` accepts only a manifest of the caller's own uploads.
An upload no job used within ${
        LIMITS.settings.attachment_ttl_seconds / 3600
      } hours is deleted, and at most ${LIMITS.settings.attachment_pending_limit} uploads may wait for a job at once (409
\`too_many_pending_attachments\`; re-sending a key replaces its upload and does not count twice). A deleted
account's token cannot upload (404 \`profile_not_found\`); attachments go with the account.`,
    middleware: [routeBodyLimit(formBodyBytes(MAX_ATTACHMENTS * MAX_IMAGE_BYTES))],
    request: {
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            // A plain JSON Schema, not zod: the form is read and checked under a byte limit by the handler.
            schema: {
              type: "object",
              required: ["files"],
              properties: {
                files: {
                  type: "array",
                  minItems: 1,
                  maxItems: MAX_ATTACHMENTS,
                  items: { type: "string", format: "binary" },
                },
                idempotency_key: { type: "string", format: "uuid" },
              },
            },
          },
        },
      },
    },
    responses: {
      201: jsonContent(AttachmentsManifest, "The manifest to pass as `attachments` of POST /jobs"),
      ...errorResponses([400, 404, 409, 413, 415], {
        404: "`profile_not_found`: the account was deleted",
        409:
          `\`too_many_pending_attachments\`: ${LIMITS.settings.attachment_pending_limit} uploads are already ` +
          "waiting for a job",
      }),
    },
  }),
  listJobs: createRoute({
    method: "get",
    path: "/jobs",
    operationId: "listJobs",
    tags: ["Jobs"],
    summary: "A page of the caller's jobs",
    description: "Newest first, optionally only one `status` or one `project_id`. `created_at` is unique " +
      "among a user's jobs, so the cursor is the last row's `created_at` and the next page holds the jobs " +
      "created strictly before it: no job is repeated or skipped while others are created. Any ISO 8601 " +
      "date-time with a zone is a valid cursor; anything else is 400 `invalid_cursor`.",
    request: { query: JobListQuery },
    responses: {
      200: jsonContent(JobPage, "A page of jobs"),
      ...errorResponses([400], {
        400: "`invalid_request` (limit, status, project_id) or `invalid_cursor`",
      }),
    },
  }),
  getJob: createRoute({
    method: "get",
    path: "/jobs/{jobId}",
    ...NEEDS.job,
    operationId: "getJob",
    tags: ["Jobs"],
    summary: "A job's current state",
    description:
      "Poll with exponential backoff from 2 s up to 30 s; stop at `succeeded`, `failed` or `canceled`; " +
      "on 429 honor `Retry-After`. Another user's job is indistinguishable from a missing one. A succeeded " +
      "job's `result` says what the app serves of the prompt (`asks`, each with the block and screen that " +
      "serve it) and what it left out (`unmet`): an app is never reported as the one asked for when it is not.",
    request: { params: JobParams },
    responses: {
      200: jsonContent(Job, "The job"),
      ...errorResponses([400, 404], { 404: "`job_not_found`" }),
    },
  }),
  cancelJob: createRoute({
    method: "post",
    path: "/jobs/{jobId}/cancel",
    ...NEEDS.job,
    operationId: "cancelJob",
    tags: ["Jobs"],
    summary: "Cancel a job",
    description: `No body. A \`queued\` job is \`canceled\` at once (200). A \`running\` job gets
\`cancel_requested_at\` (202): its runner learns it at its next heartbeat (within a third of the lease, 20 s by
default), aborts the model request and finalizes the job \`canceled\`, charged only what the model provider
billed before the stop (the template generator: nothing); a run that finishes before its runner notices
keeps its outcome. Repeating the request answers the same job. A \`succeeded\` or \`failed\` job is 409
\`job_terminal\`; another user's job is 404, like an unknown id.`,
    request: { params: JobParams },
    responses: {
      200: jsonContent(Job, "The job, canceled"),
      202: jsonContent(Job, "The job, still running, with `cancel_requested_at`"),
      ...errorResponses([400, 404, 409], {
        404: "`job_not_found`",
        409: "`job_terminal`: the job already succeeded or failed",
      }),
    },
  }),
};
