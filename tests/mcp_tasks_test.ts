// The Tasks extension (io.modelcontextprotocol/tasks, MCP 2026-07-28) for create_job: the server offers it,
// a client that declares it gets a task that is the job, tasks/get reads the job's state from Postgres until
// it completes, another user cannot read it, and clients without the extension keep the plain tool result.
// Every answer is checked against the extension's own wire schemas (@modelcontextprotocol/ext-tasks).
import assert from "node:assert/strict";
import {
  CreateTaskResultV2Schema,
  GetTaskResultV2Schema,
  TASKS_EXTENSION_ID_V2,
} from "@modelcontextprotocol/ext-tasks/core/v2";
import { db, mcpPost, newUser, NO_STACK, queuedJob, type TestUser } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

/** One 2026-07-28 request; `tasks` declares the extension in the request's client capabilities. */
async function request(user: TestUser, method: string, params: Record<string, unknown>, tasks = true) {
  const res = await mcpPost(user, {
    jsonrpc: "2.0",
    id: crypto.randomUUID(),
    method,
    params: {
      ...params,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "tasks-test", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": tasks
          ? { extensions: { [TASKS_EXTENSION_ID_V2]: {} } }
          : {},
      },
    },
  }, {
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": method,
    ...(typeof params.name === "string" ? { "mcp-name": params.name } : {}),
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text.startsWith("event:") ? text.split("\ndata: ")[1] : text);
}

t("create_job as a task: the job is the task, followed with tasks/get to its result", async () => {
  const user = await newUser("tasks.owner");
  const discover = await request(user, "server/discover", {});
  assert.deepEqual(discover.result.capabilities.extensions[TASKS_EXTENSION_ID_V2], {});

  const created = await request(user, "tools/call", {
    name: "create_job",
    arguments: { prompt: "a plant watering app" },
  });
  const task = CreateTaskResultV2Schema.parse(created.result);
  assert.equal(task.resultType, "task");
  assert.equal(task.status, "working");

  let got;
  for (let i = 0; i < 120; i++) {
    got = GetTaskResultV2Schema.parse((await request(user, "tasks/get", { taskId: task.taskId })).result);
    if (got.status !== "working") break;
    await new Promise((r) => setTimeout(r, 500));
  }
  assert.equal(got?.status, "completed");
  const result = (got as unknown as { result: { structuredContent: { id: string; status: string } } }).result;
  assert.equal(result.structuredContent.id, task.taskId, "the task id is the job id");
  assert.equal(result.structuredContent.status, "succeeded");

  const stranger = await newUser("tasks.stranger");
  const foreign = await request(stranger, "tasks/get", { taskId: task.taskId });
  assert.equal(foreign.error.code, -32602);
  assert.equal((await request(user, "tasks/get", { taskId: "not-a-task" })).error.code, -32602);
  assert.equal((await request(user, "tasks/cancel", { taskId: task.taskId })).error.code, -32602);
});

t("a client without the extension gets create_job's plain result", async () => {
  const user = await newUser("tasks.plain");
  const plain = await request(user, "tools/call", {
    name: "create_job",
    arguments: { prompt: "a flashcards app" },
  }, false);
  assert.equal(plain.result.resultType, "complete");
  assert.equal(plain.result.structuredContent.status, "queued");
});

t(
  "tasks/cancel cancels the job: a queued one is cancelled at once, a running one when its runner next looks",
  async () => {
    const user = await newUser("tasks.cancel");
    const queued = await queuedJob(user);
    const cancelled = GetTaskResultV2Schema.parse(
      (await request(user, "tasks/cancel", { taskId: queued.id })).result,
    );
    assert.equal(cancelled.status, "cancelled");
    assert.equal(
      (await request(user, "tasks/cancel", { taskId: queued.id })).error.code,
      -32602,
      "already finished",
    );

    const running = await queuedJob(user);
    // Claimed by a runner that is not there, so it stays running: the cancel is a request the task still shows.
    await db()`select private.claim_job(${running.id}, ${crypto.randomUUID()})`;
    const requested = GetTaskResultV2Schema.parse(
      (await request(user, "tasks/cancel", { taskId: running.id })).result,
    );
    assert.equal(requested.status, "working");
    const [{ asked }] =
      await db()`select cancel_requested_at is not null as asked from public.jobs where id = ${running.id}`;
    assert.equal(asked, true);

    const stranger = await newUser("tasks.cancel.stranger");
    const other = await queuedJob(stranger);
    assert.equal((await request(user, "tasks/cancel", { taskId: other.id })).error.code, -32602);
    const [{ status }] = await db()`select status from public.jobs where id = ${other.id}`;
    assert.equal(status, "queued", "another user's job is untouched");
  },
);
