// The Tasks extension of MCP 2026-07-28 (`io.modelcontextprotocol/tasks`) for create_job and wait_for_job:
// a client that declares the extension in a request's capabilities gets a task back instead of a result it
// would have to wait for, and the task is the job — its state is read from Postgres as the user on every
// `tasks/get`, so any instance answers and nothing is kept in memory. create_job's task has the job's id
// and ends with the job; wait_for_job's has the id `wait:<job id>` and ends with wait_for_job's own result
// (`done: true`) once the job has finished. The SDK serves no task methods on this revision, so these few
// messages are answered here, around it.
import type { Claims } from "../_shared/auth.ts";
import type { Deps } from "../_shared/deps.ts";
import { selectAsUser } from "../_shared/db.ts";
import { toApiError } from "../_shared/errors.ts";
import { agentResult, forAgent, type JobRow, TERMINAL } from "./results.ts";

export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";
/** How often a client should ask again; jobs take seconds to minutes. */
const POLL_INTERVAL_MS = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WAIT_PREFIX = "wait:";

interface RpcRequest {
  jsonrpc: "2.0";
  id?: string | number;
  method?: string;
  params?: Record<string, unknown> & { _meta?: Record<string, unknown> };
}

const rpc = (id: RpcRequest["id"], body: { result: unknown } | { error: unknown }) =>
  Response.json({ jsonrpc: "2.0", id, ...body });

/** Whether the request's client declares the extension (it travels with every 2026-07-28 request). */
function takesTasks(msg: RpcRequest): boolean {
  const caps = msg.params?._meta?.["io.modelcontextprotocol/clientCapabilities"] as
    | { extensions?: Record<string, unknown> }
    | undefined;
  return caps?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** Whether this request is a call of `tool` from a client that takes tasks. */
export function wantsTask(msg: RpcRequest, tool: "create_job" | "wait_for_job"): boolean {
  return msg.method === "tools/call" && msg.params?.name === tool && takesTasks(msg);
}

/** wait_for_job's result: the job with whether it is done, as the tool itself answers. */
export function waitResult(job: JobRow) {
  const done = TERMINAL.includes(job.status);
  return agentResult(done ? "Job finished" : "Job still in progress", { done, status: job.status, job });
}

/**
 * The job as a task: queued and running are working. create_job's task is completed with the job once it
 * has succeeded or failed (a failed job is a normal outcome) and cancelled with it; a wait's task is
 * completed with wait_for_job's result once the job has finished in any way (the wait itself ran to its end).
 */
export function taskOf(job: JobRow, wait = false) {
  const base = {
    taskId: wait ? `${WAIT_PREFIX}${job.id}` : job.id,
    statusMessage: `job ${job.status}`,
    createdAt: job.created_at,
    lastUpdatedAt: job.updated_at,
    ttlMs: null,
    pollIntervalMs: POLL_INTERVAL_MS,
  };
  if (!TERMINAL.includes(job.status)) return { ...base, status: "working" };
  if (wait) return { ...base, status: "completed", result: { ...waitResult(job), resultType: "complete" } };
  if (job.status === "canceled") return { ...base, status: "cancelled" };
  return {
    ...base,
    status: "completed",
    result: { ...agentResult("Job finished", job), resultType: "complete" },
  };
}

/** A task's seed state as `CreateTaskResult` (the `result` of a finished one is for tasks/get only). */
function created(msg: RpcRequest, job: JobRow, wait: boolean) {
  const { result: _result, ...task } = taskOf(job, wait) as ReturnType<typeof taskOf> & { result?: unknown };
  return rpc(msg.id, { result: { ...task, status: "working", resultType: "task" } });
}

/** create_job's answer turned into the task that follows its job (tool errors stay tool results). */
export async function asCreatedTask(res: Response, msg: RpcRequest): Promise<Response> {
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) return res;
  const body = await res.clone().json();
  const result = body?.result as { isError?: boolean; structuredContent?: JobRow } | undefined;
  if (!result || result.isError || !result.structuredContent?.id) return res;
  return created(msg, result.structuredContent, false);
}

/**
 * wait_for_job as a task when the job has not finished yet: the client polls `tasks/get` instead of holding
 * a request open for minutes. Undefined — the tool answers as usual — when the job has already finished,
 * the arguments are not a job id, or the job cannot be read (the tool reports why).
 */
export async function waitAsTask(
  deps: Pick<Deps, "db">,
  claims: Claims,
  msg: RpcRequest,
): Promise<Response | undefined> {
  const jobId = (msg.params?.arguments as { jobId?: unknown } | undefined)?.jobId;
  if (typeof jobId !== "string" || !UUID.test(jobId)) return undefined;
  let job: JobRow;
  try {
    job = await selectAsUser<JobRow>(deps.db, claims, (tx) => tx`select api.get_job(${jobId}) as r`);
  } catch (err) {
    if ((toApiError(err)?.status ?? 500) < 500) return undefined;
    throw err;
  }
  return TERMINAL.includes(job.status) ? undefined : created(msg, forAgent(job), true);
}

/** `tasks/get`, `tasks/cancel` and `tasks/update`, answered for the token's user; undefined for other methods. */
export async function taskMethod(
  deps: Pick<Deps, "db">,
  claims: Claims,
  msg: RpcRequest,
): Promise<Response | undefined> {
  if (!msg.method?.startsWith("tasks/")) return undefined;
  if (!takesTasks(msg)) {
    return rpc(msg.id, {
      error: {
        code: -32021,
        message: "Missing required client capability",
        data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      },
    });
  }
  const raw = msg.params?.taskId;
  const wait = typeof raw === "string" && raw.startsWith(WAIT_PREFIX);
  const taskId = wait ? (raw as string).slice(WAIT_PREFIX.length) : raw;
  if (typeof taskId !== "string" || !UUID.test(taskId)) {
    return rpc(msg.id, {
      error: { code: -32602, message: "params.taskId must be a task id from create_job or wait_for_job" },
    });
  }
  if (msg.method === "tasks/update") {
    return rpc(msg.id, { error: { code: -32602, message: "A generation task takes no input." } });
  }
  if (msg.method !== "tasks/get" && msg.method !== "tasks/cancel") {
    return rpc(msg.id, { error: { code: -32601, message: `Method not found: ${msg.method}` } });
  }
  try {
    if (msg.method === "tasks/cancel") {
      // The answer is an acknowledgement and nothing more: "On success, the server MUST acknowledge the
      // request with an empty result", whose resultType is "complete"; tasks/get shows what became of it.
      if (wait) {
        // Stopping a wait stops nothing on the server (it holds nothing between polls); the job goes on,
        // and cancel_job or create_job's own task cancels it. The job is read only to know the task.
        await selectAsUser(deps.db, claims, (tx) => tx`select api.get_job(${taskId}) as r`);
      } else {
        // Its job is canceled: a queued one at once, a running one at its runner's next heartbeat; a finished
        // one stays as it ended (the extension lets a task end otherwise when its work finished first).
        await selectAsUser(deps.db, claims, (tx) => tx`select api.cancel_job(${taskId}) as r`);
      }
      return rpc(msg.id, { result: { resultType: "complete" } });
    }
    const job = await selectAsUser<JobRow>(deps.db, claims, (tx) => tx`select api.get_job(${taskId}) as r`);
    return rpc(msg.id, { result: { ...taskOf(forAgent(job), wait), resultType: "complete" } });
  } catch (err) {
    const e = toApiError(err);
    if (e?.code === "job_terminal") return rpc(msg.id, { result: { resultType: "complete" } });
    if (e && e.status < 500) {
      return rpc(msg.id, { error: { code: -32602, message: `Unknown task: ${raw}` } });
    }
    throw err;
  }
}
