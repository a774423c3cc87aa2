// The Tasks extension of MCP 2026-07-28 (`io.modelcontextprotocol/tasks`) for create_job: a client that
// declares the extension in a request's capabilities gets a task back instead of the queued job, and the
// task is the job — its id is the job's id and its state is read from Postgres as the user on every
// `tasks/get`, so any instance answers and nothing is kept in memory. The SDK serves no task methods on
// this revision, so these few messages are answered here, around it.
import type { Claims } from "../_shared/auth.ts";
import type { Deps } from "../_shared/deps.ts";
import { selectAsUser } from "../_shared/db.ts";
import { toApiError } from "../_shared/errors.ts";
import { agentResult, forAgent, type JobRow } from "./results.ts";

export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";
/** How often a client should ask again; jobs take seconds to minutes. */
const POLL_INTERVAL_MS = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface RpcRequest {
  jsonrpc: "2.0";
  id?: string | number;
  method?: string;
  params?: Record<string, unknown> & { _meta?: Record<string, unknown> };
}

const rpc = (id: RpcRequest["id"], body: { result: unknown } | { error: unknown }) =>
  Response.json({ jsonrpc: "2.0", id, ...body });

/** Whether this request is a create_job call from a client that takes tasks. */
export function wantsTask(msg: RpcRequest): boolean {
  const caps = msg.params?._meta?.["io.modelcontextprotocol/clientCapabilities"] as
    | { extensions?: Record<string, unknown> }
    | undefined;
  return msg.method === "tools/call" && msg.params?.name === "create_job" &&
    caps?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** The job as a task: queued and running are working; a finished job (failed too, a normal outcome) completed. */
export function taskOf(job: JobRow) {
  const base = {
    taskId: job.id,
    statusMessage: `job ${job.status}`,
    createdAt: job.created_at,
    lastUpdatedAt: job.updated_at,
    ttlMs: null,
    pollIntervalMs: POLL_INTERVAL_MS,
  };
  if (job.status === "queued" || job.status === "running") return { ...base, status: "working" };
  if (job.status === "canceled") return { ...base, status: "cancelled" };
  return {
    ...base,
    status: "completed",
    result: { ...agentResult("Job finished", forAgent(job)), resultType: "complete" },
  };
}

/** create_job's answer turned into the task that follows its job (tool errors stay tool results). */
export async function asCreatedTask(res: Response, msg: RpcRequest): Promise<Response> {
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) return res;
  const body = await res.clone().json();
  const result = body?.result as { isError?: boolean; structuredContent?: JobRow } | undefined;
  if (!result || result.isError || !result.structuredContent?.id) return res;
  const { result: _done, ...task } = taskOf(result.structuredContent) as ReturnType<typeof taskOf> & {
    result?: unknown;
  };
  return rpc(msg.id, { result: { ...task, status: "working", resultType: "task" } });
}

/** `tasks/get`, `tasks/cancel` and `tasks/update`, answered for the token's user; undefined for other methods. */
export async function taskMethod(
  deps: Pick<Deps, "db">,
  claims: Claims,
  msg: RpcRequest,
): Promise<Response | undefined> {
  if (!msg.method?.startsWith("tasks/")) return undefined;
  const taskId = msg.params?.taskId;
  if (typeof taskId !== "string" || !UUID.test(taskId)) {
    return rpc(msg.id, {
      error: { code: -32602, message: "params.taskId must be a task id from create_job" },
    });
  }
  if (msg.method === "tasks/update") {
    return rpc(msg.id, { error: { code: -32602, message: "A generation task takes no input." } });
  }
  if (msg.method !== "tasks/get" && msg.method !== "tasks/cancel") {
    return rpc(msg.id, { error: { code: -32601, message: `Method not found: ${msg.method}` } });
  }
  try {
    let job = await selectAsUser<JobRow>(deps.db, claims, (tx) => tx`select api.get_job(${taskId}) as r`);
    if (msg.method === "tasks/cancel") {
      // A finished task cannot be cancelled (the extension's rule; the REST cancel repeats its answer instead).
      if (!["queued", "running"].includes(job.status)) {
        return rpc(msg.id, { error: { code: -32602, message: `Task ${taskId} has already finished.` } });
      }
      // Its job is canceled: a queued one at once, a running one at its runner's next heartbeat.
      job = await selectAsUser<JobRow>(deps.db, claims, (tx) => tx`select api.cancel_job(${taskId}) as r`);
    }
    return rpc(msg.id, { result: { ...taskOf(forAgent(job)), resultType: "complete" } });
  } catch (err) {
    const e = toApiError(err);
    if (e?.code === "job_terminal") {
      return rpc(msg.id, { error: { code: -32602, message: `Task ${taskId} has already finished.` } });
    }
    if (e && e.status < 500) {
      return rpc(msg.id, { error: { code: -32602, message: `Unknown task: ${taskId}` } });
    }
    throw err;
  }
}
