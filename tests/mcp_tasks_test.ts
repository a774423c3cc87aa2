// The Tasks extension (io.modelcontextprotocol/tasks, MCP 2026-07-28) for create_job and wait_for_job: the
// server offers it, a client that declares it gets a task that is the job, tasks/get reads the job's state
// from Postgres until it completes, another user cannot read it, and clients without the extension keep the
// plain tool result. The SDK's client with the extension's own requester (ext-tasks) follows both tasks.
// Every answer is checked against the extension's own wire schemas (@modelcontextprotocol/ext-tasks).
import assert from "node:assert/strict";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createTaskSessionFromClient, resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import { type JsonValue, taskId } from "@modelcontextprotocol/ext-tasks/core";
import {
  CancelTaskResultV2Schema,
  CreateTaskResultV2Schema,
  GetTaskResultV2Schema,
  TASKS_EXTENSION_ID_V2,
} from "@modelcontextprotocol/ext-tasks/core/v2";
import { api, db, mcpPost, newUser, NO_STACK, queuedJob, ROOT_URL, type TestUser } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });
/** tasks/cancel's answer: "On success, the server MUST acknowledge the request with an empty result." */
const ACK = { resultType: "complete" };

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
  // Cancelling a task whose job has finished is acknowledged and changes nothing: the work ended first.
  assert.deepEqual((await request(user, "tasks/cancel", { taskId: task.taskId })).result, ACK);
  const after = GetTaskResultV2Schema.parse(
    (await request(user, "tasks/get", { taskId: task.taskId })).result,
  );
  assert.equal(after.status, "completed");
  assert.equal((await request(stranger, "tasks/cancel", { taskId: task.taskId })).error.code, -32602);
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
  "tasks/cancel is an empty acknowledgement; the job is cancelled, a queued one at once, a running one when its runner next looks",
  async () => {
    const user = await newUser("tasks.cancel");
    const cancel = async (id: string) => {
      const { result } = await request(user, "tasks/cancel", { taskId: id });
      assert.deepEqual(CancelTaskResultV2Schema.parse(result), ACK);
      assert.deepEqual(result, ACK, "nothing but the acknowledgement");
    };
    const status = async (id: string) =>
      GetTaskResultV2Schema.parse((await request(user, "tasks/get", { taskId: id })).result).status;

    const queued = await queuedJob(user);
    await cancel(queued.id);
    assert.equal(await status(queued.id), "cancelled");
    await cancel(queued.id); // again: still acknowledged
    assert.equal(await status(queued.id), "cancelled");

    const running = await queuedJob(user);
    // Claimed by a runner that is not there, so it stays running: the cancel is a request the task still shows.
    await db()`select private.claim_job(${running.id}, ${crypto.randomUUID()})`;
    await cancel(running.id);
    assert.equal(await status(running.id), "working");
    const [{ asked }] =
      await db()`select cancel_requested_at is not null as asked from public.jobs where id = ${running.id}`;
    assert.equal(asked, true);

    const stranger = await newUser("tasks.cancel.stranger");
    const other = await queuedJob(stranger);
    assert.equal((await request(user, "tasks/cancel", { taskId: other.id })).error.code, -32602);
    assert.equal((await request(user, "tasks/cancel", { taskId: `wait:${other.id}` })).error.code, -32602);
    assert.equal((await request(user, "tasks/cancel", { taskId: crypto.randomUUID() })).error.code, -32602);
    const [{ status: untouched }] = await db()`select status from public.jobs where id = ${other.id}`;
    assert.equal(untouched, "queued", "another user's job is untouched");
  },
);

/** The structured content of a settled tool execution's result. */
const structured = <T>(outcome: Parameters<typeof resultFromTaskOutcome>[0]) =>
  (resultFromTaskOutcome(outcome) as { structuredContent?: unknown }).structuredContent as T;

/** The SDK's client with the extension's requester (ext-tasks), as a Tasks-aware agent runs it. */
async function taskSession(user: TestUser) {
  const clientInfo = { name: "tasks-sdk", version: "1" };
  const client = new Client(clientInfo, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${ROOT_URL}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${user.token}` } },
    }),
  );
  // The extension's messages go below the SDK's codecs: one POST each, answered as JSON or one SSE event.
  const rawDispatch = async (request: JsonValue) => {
    const params = request as { method: string; params?: { name?: string; taskId?: string } };
    // ext-tasks hands over method and params; the envelope is the host's.
    const res = await mcpPost(user, { jsonrpc: "2.0", id: crypto.randomUUID(), ...(request as object) }, {
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": params.method,
      ...(params.params?.name ?? params.params?.taskId
        ? { "mcp-name": (params.params?.name ?? params.params?.taskId)! }
        : {}),
    });
    const text = await res.text();
    const body = JSON.parse(text.startsWith("event:") ? text.split("\ndata: ").at(-1)! : text);
    return "error" in body
      ? { kind: "error" as const, error: body.error }
      : { kind: "result" as const, result: body.result };
  };
  const session = createTaskSessionFromClient(client, {
    endpointId: "tasks-test",
    rawDispatch,
    v2RequestFraming: {
      protocolVersion: "2026-07-28",
      clientInfo,
      clientCapabilities: { extensions: { [TASKS_EXTENSION_ID_V2]: {} } },
    },
    tools: { currentTool: () => undefined },
  });
  return { session, close: async () => (await session.close(), await client.close()) };
}

t(
  "wait_for_job as a task (SDK client with ext-tasks): polled until the job ends, with the tool's own result",
  async () => {
    const user = await newUser("tasks.wait");
    const { session, close } = await taskSession(user);
    try {
      // A job no runner takes (yet): the wait becomes a task instead of a request held open.
      const queued = await queuedJob(user);
      const waiting = await session.callTool("wait_for_job", { jobId: queued.id });
      assert.equal(waiting.kind, "task");
      assert.equal(waiting.handle?.taskId, `wait:${queued.id}`);
      const got = GetTaskResultV2Schema.parse(
        (await request(user, "tasks/get", { taskId: `wait:${queued.id}` })).result,
      );
      assert.equal(got.status, "working");
      // Stopping the wait leaves the job alone.
      assert.deepEqual((await request(user, "tasks/cancel", { taskId: `wait:${queued.id}` })).result, ACK);
      const [{ status }] = await db()`select status from public.jobs where id = ${queued.id}`;
      assert.equal(status, "queued");
      // The job ends (here canceled over REST): the wait's task completes with wait_for_job's result.
      assert.equal((await api("POST", `/jobs/${queued.id}/cancel`, { token: user.token })).status, 200);
      const { outcome } = await waiting.settle();
      const waited = structured<{ done: boolean; status: string }>(outcome);
      assert.deepEqual([waited.done, waited.status], [true, "canceled"]);

      // A job that has already finished is answered at once, as without the extension.
      const done = await session.callTool("wait_for_job", { jobId: queued.id });
      assert.equal(done.kind, "immediate");
      assert.equal(structured<{ done: boolean }>((await done.settle()).outcome).done, true);

      // A real generation, created and awaited through tasks end to end.
      const created = await session.callTool("create_job", { prompt: "a pomodoro timer app" });
      assert.equal(created.kind, "task");
      const job = structured<{ id: string; status: string }>((await created.settle()).outcome);
      assert.equal(job.status, "succeeded");
    } finally {
      await close();
    }
  },
);

t(
  "tasks/cancel through the SDK client with ext-tasks: both tasks are acknowledged, create_job's cancels its job",
  async () => {
    const user = await newUser("tasks.sdk.cancel");
    const { session, close } = await taskSession(user);
    try {
      const waited = await queuedJob(user);
      const waiting = await session.callTool("wait_for_job", { jobId: waited.id });
      assert.equal(waiting.kind, "task");
      // The extension's requester checks the answer against its CancelTaskResult schema.
      await waiting.cancel();
      await session.cancelTask(taskId(`wait:${waited.id}`));
      const queued = await queuedJob(user);
      await session.cancelTask(taskId(queued.id));
      const rows = await db()`select id, status from public.jobs where id in (${waited.id}, ${queued.id})`;
      assert.deepEqual(
        Object.fromEntries(rows.map((r) => [r.id, r.status])),
        { [waited.id]: "queued", [queued.id]: "canceled" },
        "stopping a wait leaves its job alone; cancelling create_job's task cancels the job",
      );
    } finally {
      await close();
    }
  },
);

t(
  "a client that does not declare the extension gets wait_for_job's plain answer and no task methods",
  async () => {
    const user = await newUser("tasks.nowait");
    const queued = await queuedJob(user);
    const plain = await request(user, "tools/call", {
      name: "wait_for_job",
      arguments: { jobId: queued.id, maxWaitSeconds: 1 },
    }, false);
    assert.equal(plain.result.resultType, "complete");
    assert.deepEqual([plain.result.structuredContent.done, plain.result.structuredContent.status], [
      false,
      "queued",
    ]);
    const refused = await request(user, "tasks/get", { taskId: `wait:${queued.id}` }, false);
    assert.equal(refused.error.code, -32021, "tasks/* need the extension declared");
  },
);
