// The agent tools: each acts as the signed-in user through the same SQL functions as the REST routes,
// so the rules and permissions are the same. Results carry the data as structured content plus a
// delimited JSON copy; text from users (names, prompts) is data there, never instructions.
import { McpServer, type ServerContext } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Claims } from "../_shared/auth.ts";
import { whoami } from "../_shared/auth.ts";
import { selectAsUser } from "../_shared/db.ts";
import type { McpDeps } from "./app.ts";
import { toApiError } from "../_shared/errors.ts";
import { estimatePromptJob } from "../_shared/estimates.ts";
import { createPromptJob, type PromptJobRequest } from "../_shared/jobs.ts";
import { readProjectFiles } from "../_shared/project-files.ts";
import {
  fileReadLimits,
  FileTypeFilter,
  Project,
  ProjectFiles,
  ProjectNumber,
  ProjectPage,
  Visibility,
} from "../_contract/projects.ts";
import type { Slot } from "../_shared/limiter.ts";
import type { JobWatch } from "./job-watch.ts";
import { portable } from "./portable-schema.ts";
import { agentResult, forAgent, type JobRow, TERMINAL } from "./results.ts";
import { TASKS_EXTENSION, waitResult } from "./tasks.ts";
import { registerVersionTools } from "./version-tools.ts";
import { registerBuildTools } from "./build-tools.ts";
import { registerPreviewTools } from "./preview-tools.ts";
import { AppName, Job, JobEstimate, ModelTier, Prompt } from "../_contract/jobs.ts";
import { Uuid } from "../_contract/common.ts";
import { Wallet } from "../_contract/wallet.ts";
import { LIMITS } from "../_contract/limits.gen.ts";
import { GitPullResult, GitPushResult } from "../_contract/git-remote.ts";
import { pullFromGitRemote, pushToGitRemote } from "../_shared/git-sync.ts";

export const WAIT_DEFAULT_SECONDS = 50;
export const WAIT_MAX_SECONDS = 600;
/** Below the 15 s within which clients expect a sign of life on a long call. */
export const PROGRESS_EVERY_MS = 10_000;

const JobId = Uuid.describe("The job's id, as create_job returned it");
const ProjectIdArg = ProjectNumber.describe("The numeric project id");

/** What create_job takes, and estimate_job the same. */
const JobArgs = z.object({
  projectId: ProjectIdArg.optional().describe("The project to change; omit it to start a new project"),
  prompt: Prompt.describe("What to build or change"),
  model: ModelTier.optional().describe(
    "Model tier; the evaluation picks one when omitted",
  ),
  appName: AppName.optional().describe(
    "The new app's name (1..30 characters); the evaluation picks one when omitted",
  ),
  idempotencyKey: Uuid.optional().describe(
    "A UUID identifying this request; repeating it returns the first job instead of starting another",
  ),
});

/** The POST /jobs body the tool arguments stand for. */
function jobRequest(
  { projectId, prompt, model, appName, idempotencyKey }: z.infer<typeof JobArgs>,
): PromptJobRequest {
  return {
    type: "prompt",
    ...(projectId === undefined ? {} : { project_id: projectId }),
    ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
    input: { prompt, ...(model ? { model } : {}), ...(appName ? { appName } : {}) },
  };
}

/** A tool error in the contract's error shape; a rate limit says when to retry. */
function failure(err: unknown) {
  const e = toApiError(err);
  if (!e) {
    console.error("mcp tool failed", err);
    return failureOf({ code: "internal_error", message: "An unexpected error occurred." });
  }
  const body: Record<string, unknown> = { code: e.code, message: e.message };
  if (e.details) body.details = e.details;
  const retryAfter = e.headers?.["Retry-After"];
  if (retryAfter) body.retry_after_seconds = Number(retryAfter);
  return failureOf(body);
}

function failureOf(body: Record<string, unknown>) {
  return { isError: true, content: [{ type: "text" as const, text: JSON.stringify(body) }] };
}

async function tool<T, R = ReturnType<typeof agentResult>>(run: () => Promise<T>, shape: (value: T) => R) {
  try {
    return shape(await run());
  } catch (err) {
    return failure(err);
  }
}

export function createMcpServer(
  deps: McpDeps,
  claims: Claims,
  opts: { watch: JobWatch; holdUntilSent: (slot: Slot) => void },
): McpServer {
  const { db } = deps;
  const waitLimit = deps.config.MCP_WAIT_LIMIT_SECONDS;
  const server = new McpServer(
    { name: "appgen", version: "0.1.0" },
    {
      // Stateless: no connection outlives a request, so no list-changed notification could ever be sent.
      // ...and create_job can run as a task of the Tasks extension (tasks.ts).
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        extensions: { [TASKS_EXTENSION]: {} },
      },
      // Every client sees the same tools; a 2026-07-28 client may keep the list for five minutes.
      cacheHints: { "tools/list": { ttlMs: 300_000, cacheScope: "public" } },
      instructions:
        "Generate and modify mobile apps from prompts. Check credits with get_wallet, find a project with " +
        "list_projects (or start a new one by calling create_job without projectId), start a generation " +
        "with create_job (estimate_job first says what it would build and cost), then follow it with wait_for_job (or get_job_status) and read the result with " +
        "get_project_files. Generations take minutes; a failed job is a normal outcome whose job.error says why.",
    },
  );
  const getJob = async (jobId: string) =>
    forAgent(await selectAsUser<JobRow>(db, claims, (tx) => tx`select api.get_job(${jobId}) as r`));

  server.registerTool("whoami", {
    title: "Who am I",
    description: "The signed-in user's id, the OAuth client the token was issued to, and its scopes. " +
      "Use it to check which account the agent acts for.",
    outputSchema: portable(z.object({
      user_id: z.uuid(),
      client_id: z.string(),
      scopes: z.array(z.string()),
      rate_limit: z.object({ limit: z.int(), remaining: z.int(), reset_at: z.string() }).optional(),
    })),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }, () => agentResult("Identity", whoami(claims)));

  server.registerTool("list_projects", {
    title: "List projects",
    description:
      "The user's own projects, newest first, 20 a page; with visibility 'all' also other users' " +
      "shared (community) projects. Pass next_cursor back as cursor for the next page.",
    inputSchema: portable(z.object({
      cursor: z.string().max(512).optional().describe("next_cursor of the previous page"),
      visibility: Visibility.default("mine").describe("'mine' (default) or 'all'"),
    })),
    outputSchema: portable(ProjectPage),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }, ({ cursor, visibility }) =>
    tool(
      () =>
        selectAsUser<z.infer<typeof ProjectPage>>(
          db,
          claims,
          (tx) => tx`select api.list_projects(${20}, ${cursor ?? null}, ${visibility}, ${null}) as r`,
        ),
      (page) => agentResult("Projects", page),
    ));

  server.registerTool("get_project", {
    title: "Get a project",
    description: "One project by its numeric id: name, description, icon, visibility and author. A project " +
      "that is not visible to the user is reported as not found.",
    inputSchema: portable(z.object({ projectId: ProjectIdArg })),
    outputSchema: portable(Project),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }, ({ projectId }) =>
    tool(
      () =>
        selectAsUser<z.infer<typeof Project>>(db, claims, (tx) =>
          tx`select api.get_project(${projectId}) as r`),
      (project) =>
        agentResult("Project", project),
    ));

  server.registerTool("create_job", {
    title: "Start a generation",
    description: "Starts an asynchronous generation from a prompt: on one of the user's projects " +
      "(projectId), or, without projectId, on a new project it creates (named after appName or the " +
      "prompt). The service judges the prompt first (an unusable one is refused) and picks the model tier " +
      "unless 'model' is given. Returns at once with the job queued; follow it with wait_for_job. It " +
      "spends credits (check get_wallet first) and changes the project's files, as a new version (restore_version " +
      "undoes it); a job no runner starts " +
      `within ${LIMITS.settings.job_start_seconds / 60} minutes fails with not_started and costs nothing. ` +
      "Pass an idempotencyKey " +
      "(a UUID you make) to retry safely: the same key returns the first job and spends nothing again. " +
      "Over the prompt quota the error is rate_limited with retry_after_seconds; without projectId, an " +
      "account that already holds its most projects gets too_many_projects (details.limit).",
    inputSchema: portable(JobArgs),
    outputSchema: portable(Job),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  }, (args) =>
    tool(
      () => createPromptJob(deps, claims, jobRequest(args)),
      ({ job, created }) =>
        agentResult(
          created ? "Job (queued)" : "Job (created earlier with this idempotencyKey)",
          forAgent(job as JobRow),
        ),
    ));

  server.registerTool("estimate_job", {
    title: "Estimate a generation",
    description: "What create_job with the same arguments would build and cost, without starting it: the " +
      "app's name, language, kind and model tier, the asks understood from the prompt (and how each would " +
      "be built) and the words left unmet, the price in credits with whether the wallet can pay it now, " +
      "and whether create_job would admit it (admission.refusal holds the error it would return, e.g. " +
      "invalid_prompt with details.reason). With projectId it judges the change to that project's app. " +
      "Nothing is created or spent, but it counts against the prompt quota like create_job (rate_limited " +
      "with retry_after_seconds past it). The prompt is judged offline, so a model-backed service may " +
      "build and charge somewhat differently.",
    inputSchema: portable(JobArgs),
    outputSchema: portable(JobEstimate),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }, (args) =>
    tool(
      () => estimatePromptJob(deps, claims, jobRequest(args)),
      (estimate) => agentResult("Estimate", estimate),
    ));

  server.registerTool("get_wallet", {
    title: "Read the wallet",
    description:
      "The user's credits before spending any: the paid balance, the welcome bonus (spent first), " +
      "their total, what running jobs hold, and what is available, in credits (1 EUR = 100 credits) and " +
      `as euro strings. A generation is refused once 'available' has reached ${LIMITS.wallet.credit_floor} credits.`,
    outputSchema: portable(Wallet),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }, () =>
    tool(
      () => selectAsUser<z.infer<typeof Wallet>>(db, claims, (tx) => tx`select api.get_wallet() as r`),
      (wallet) => agentResult("Wallet", wallet),
    ));

  server.registerTool("get_project_files", {
    title: "Read a project's files",
    description: "A project's files with their contents, ordered by path: what the generations wrote. " +
      "Readable for the user's own projects and for shared ones; 'type' narrows the list (e.g. CODE). " +
      "Few of these large reads run at once: when none gets a turn in time the tool error is " +
      `file_reads_busy with retry_after_seconds. ${fileReadLimits(deps.config)}`,
    inputSchema: portable(z.object({
      projectId: ProjectIdArg,
      type: FileTypeFilter.optional().describe(
        "Only files of this type, e.g. CODE",
      ),
    })),
    outputSchema: portable(ProjectFiles),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }, ({ projectId, type }) =>
    tool(
      async () => {
        // Under the same bound as the REST route, held until the answer has left (see app.ts).
        const { json, slot } = await readProjectFiles(deps, claims, projectId, type);
        opts.holdUntilSent(slot);
        return json;
      },
      // Parsed once, for the structured content; the text copy is the SQL's JSON as it came.
      (json) => agentResult("Project files", JSON.parse(json) as z.infer<typeof ProjectFiles>, json),
    ));

  server.registerTool("push_project", {
    title: "Push a project to its git remote",
    description: "Commits the project's files on top of the branch of the git remote the user linked to it " +
      "(PUT /projects/{id}/git-remote), with the prompt of its last finished job as the message, and pushes " +
      "it. `pushed` false: the branch already held these files. Errors: git_remote_not_linked; " +
      "git_remote_conflict, whose details.paths are files changed both on the remote and in the project " +
      "since the last sync; git_remote_unauthorized (the remote refused the stored token); git_remote_failed.",
    inputSchema: portable(z.object({ projectId: ProjectIdArg })),
    outputSchema: portable(GitPushResult),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  }, ({ projectId }) =>
    tool(
      () => pushToGitRemote(deps, claims, projectId),
      (result) => agentResult(result.pushed ? "Pushed" : "Nothing to push", result),
    ));

  server.registerTool("pull_project", {
    title: "Pull a project from its git remote",
    description: "Brings the commits pushed to the project's git remote since the last sync into the " +
      "project: the files they changed are written and the files they deleted are deleted. `pulled` false: " +
      "nothing new. Errors: git_remote_not_linked; git_remote_conflict, whose details.paths are files the " +
      "project changed too (nothing is overwritten: push or save first); git_remote_unauthorized; " +
      "git_remote_failed.",
    inputSchema: portable(z.object({ projectId: ProjectIdArg })),
    outputSchema: portable(GitPullResult),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  }, ({ projectId }) =>
    tool(
      () => pullFromGitRemote(deps, claims, projectId),
      (result) => agentResult(result.pulled ? "Pulled" : "Nothing to pull", result),
    ));

  server.registerTool("get_job_status", {
    title: "Get a job's status",
    description:
      "A job's current state: queued, running, succeeded (result has project_id, files_saved, and asks and " +
      "unmet: what the app serves of the prompt and what it left out) " +
      "or failed (error says why). A job of another user is reported as not found.",
    inputSchema: portable(z.object({ jobId: JobId })),
    outputSchema: portable(Job),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }, ({ jobId }) => tool(() => getJob(jobId), (job) => agentResult("Job", job)));

  server.registerTool("cancel_job", {
    title: "Cancel a job",
    description: "Stops a job the user no longer wants. A queued job is canceled at once; a running one " +
      "is stopped by its runner within about 20 seconds (follow it with wait_for_job) and charged only " +
      "what the model provider billed before the stop. Canceling again is harmless; a job that already " +
      "succeeded or failed is the error job_terminal.",
    inputSchema: portable(z.object({ jobId: JobId })),
    outputSchema: portable(Job),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  }, ({ jobId }) =>
    tool(
      async () =>
        forAgent(await selectAsUser<JobRow>(db, claims, (tx) => tx`select api.cancel_job(${jobId}) as r`)),
      (job) => agentResult(job.status === "canceled" ? "Job canceled" : "Job cancel requested", job),
    ));

  server.registerTool("wait_for_job", {
    title: "Wait for a job",
    description: `Waits until the job is finished or the time budget ends. maxWaitSeconds defaults to ` +
      `${WAIT_DEFAULT_SECONDS} (at most ${WAIT_MAX_SECONDS}), and one call lasts at most ${waitLimit} s on ` +
      "this host; when the time is up the result has done: false and the current status — call again to " +
      "keep waiting. Send a progressToken to get notifications/progress with the job's status at least " +
      `every ${PROGRESS_EVERY_MS / 1000} s, which keeps client timeouts from expiring. A client that takes ` +
      "MCP Tasks gets a task instead while the job runs (poll tasks/get; it completes with this tool's " +
      "result, done: true). A failed job is a normal result: read job.error. One user has at most " +
      `${deps.config.JOB_STREAMS_PER_USER} waits running at once (JOB_STREAMS_PER_USER); past that the tool ` +
      "error is too_many_streams with retry_after_seconds.",
    inputSchema: portable(z.object({
      jobId: JobId,
      maxWaitSeconds: z.int().min(1).max(WAIT_MAX_SECONDS).default(WAIT_DEFAULT_SECONDS)
        .describe(`Seconds to wait at most (1..${WAIT_MAX_SECONDS}, default ${WAIT_DEFAULT_SECONDS})`),
    })),
    outputSchema: portable(z.object({ done: z.boolean(), status: Job.shape.status, job: Job })),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }, ({ jobId, maxWaitSeconds }, ctx: ServerContext) =>
    tool(async () => {
      const slot = await deps.jobStreams.acquire(claims.sub);
      try {
        const started = Date.now();
        const budgetMs = Math.min(maxWaitSeconds, waitLimit) * 1000;
        const progressToken = ctx.mcpReq._meta?.progressToken;
        const signal = AbortSignal.any([ctx.mcpReq.signal, slot.freed]);
        let job = await getJob(jobId);
        let progress = 0;
        while (!TERMINAL.includes(job.status) && !signal.aborted) {
          const left = started + budgetMs - Date.now();
          if (left <= 0) break;
          const wait = AbortSignal.any([signal, AbortSignal.timeout(Math.min(left, PROGRESS_EVERY_MS))]);
          if (await opts.watch.changed(jobId, job.status, wait)) job = await getJob(jobId);
          if (progressToken !== undefined && !signal.aborted) {
            // Seconds waited: increasing on every notification, as the protocol requires.
            progress = Math.max(progress + 1, Math.round((Date.now() - started) / 1000));
            await ctx.mcpReq.notify({
              method: "notifications/progress",
              params: { progressToken, progress, total: budgetMs / 1000, message: `job ${job.status}` },
            });
          }
        }
        return job;
      } finally {
        slot.release();
      }
    }, waitResult));

  registerVersionTools(server, deps, claims, tool);
  registerBuildTools(server, deps, claims, tool);
  registerPreviewTools(server, deps, claims, tool);
  return server;
}
