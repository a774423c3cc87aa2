// The agent endpoint across protocol revisions and under long waits: a 2026-07-28 client (the SDK v2's,
// stateless, no initialize), 2025-06-18 and 2025-11-25 clients (initialize first), progress streamed while
// wait_for_job waits, the host limit, cancellation, and one database poll per tick for any number of waits.
import assert from "node:assert/strict";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import type { Db } from "../supabase/functions/_shared/db.ts";
import { createMcpApp } from "../supabase/functions/mcp/app.ts";
import { createJobWatch } from "../supabase/functions/mcp/job-watch.ts";
import { db, mcpPost, newUser, NO_STACK, ROOT_URL, runningJob, type TestUser } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });
const MCP_URL = `${ROOT_URL}/mcp`;
const alice = NO_STACK ? undefined! : await newUser("mcprev.alice");

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A client of the 2026-07-28 revision (pinned: no fallback to initialize). */
async function modernClient(user: TestUser, fetchFn?: Fetch) {
  // In this process the function sees its own path, as the gateway hands it `/mcp`.
  const url = fetchFn ? "http://localhost/mcp" : MCP_URL;
  const client = new Client({ name: "rev-test", version: "1.0.0" }, {
    versionNegotiation: { mode: { pin: "2026-07-28" } },
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${user.token}` } },
      ...(fetchFn ? { fetch: fetchFn } : {}),
    }),
  );
  return client;
}

/**
 * The mcp function built in this test process over the stack's configuration, with `env` on top; `wrap`
 * sees every database call it makes.
 */
function inProcess(env: Record<string, string>, wrap: (db: Db) => Db = (db) => db) {
  const base = depsFromConfig(loadConfig({ ...Deno.env.toObject(), ...env }));
  const deps = { ...base, db: wrap(base.db) };
  const watch = createJobWatch(deps.db);
  const app = createMcpApp(deps, { watch });
  const fetchFn: Fetch = async (url, init) => await app.fetch(new Request(url, init));
  return { fetchFn, watch, close: () => base.db.end() };
}

t("a 2026-07-28 client lists and calls the tools statelessly; the tool list is cacheable", async () => {
  const client = await modernClient(alice);
  try {
    assert.equal(client.getProtocolEra(), "modern");
    const { tools, ttlMs } = await client.listTools() as { tools: { name: string }[]; ttlMs?: number };
    assert.ok(tools.some((tool) => tool.name === "wait_for_job"));
    assert.equal(ttlMs, 300_000);
    const who = await client.callTool({ name: "whoami", arguments: {} });
    assert.equal((who.structuredContent as { user_id: string }).user_id, alice.id);
    assert.notEqual(client.getServerCapabilities()?.tools?.listChanged, true);
  } finally {
    await client.close();
  }
  // On the wire: no session id, and the method travels as a header too.
  const res = await mcpPost(alice, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/list",
    params: {
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "curl", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  }, { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  assert.equal(res.headers.get("mcp-session-id"), null);
  assert.match(text, /"wait_for_job"/);
});

t("2025-06-18 and 2025-11-25 clients negotiate their revision with initialize and call tools", async () => {
  for (const version of ["2025-06-18", "2025-11-25"]) {
    const post = (body: unknown, headers: Record<string, string> = {}) => mcpPost(alice, body, headers);
    const init = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "old", version: "1" } },
    });
    const initText = await init.text();
    assert.equal(init.status, 200, initText);
    assert.match(initText, new RegExp(`"protocolVersion":"${version}"`));
    const call = await post(
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "whoami", arguments: {} } },
      { "mcp-protocol-version": version },
    );
    const callText = await call.text();
    assert.equal(call.status, 200, callText);
    assert.match(callText, new RegExp(alice.id));
  }
});

t("wait_for_job streams progress while it waits and returns as soon as the job finishes", async () => {
  const stack = inProcess({ MCP_WAIT_LIMIT_SECONDS: "60" });
  const client = await modernClient(alice, stack.fetchFn);
  try {
    const jobId = await runningJob(alice);
    const progress: { progress: number; message?: string }[] = [];
    const result = await client.callTool(
      { name: "wait_for_job", arguments: { jobId, maxWaitSeconds: 600 } },
      {
        onprogress: async (p) => {
          progress.push(p);
          // After the first sign of life the job finishes; the wait sees it at the watcher's next tick.
          if (progress.length === 1) {
            await db()`update public.jobs set status = 'succeeded', finished_at = now(),
              result = '{"project_id": 1, "files_saved": 0}' where id = ${jobId}`;
          }
        },
      },
    );
    const out = result.structuredContent as { done: boolean; status: string };
    assert.deepEqual([out.done, out.status], [true, "succeeded"]);
    assert.ok(progress.length >= 1, "at least one progress notification");
    assert.match(progress[0].message ?? "", /running/);
    for (let i = 1; i < progress.length; i++) assert.ok(progress[i].progress > progress[i - 1].progress);
  } finally {
    await client.close();
    await stack.close();
  }
});

t("one wait never runs past the host limit: done false with the status", async () => {
  const stack = inProcess({ MCP_WAIT_LIMIT_SECONDS: "5" });
  const client = await modernClient(alice, stack.fetchFn);
  try {
    const jobId = await runningJob(alice);
    const result = await client.callTool({ name: "wait_for_job", arguments: { jobId, maxWaitSeconds: 600 } });
    const out = result.structuredContent as { done: boolean; status: string };
    assert.deepEqual([out.done, out.status], [false, "running"]);
  } finally {
    await client.close();
    await stack.close();
  }
});

// One user's many waits here: above the default JOB_STREAMS_PER_USER, which is not what these measure.
const MANY_WAITS = { MCP_WAIT_LIMIT_SECONDS: "5", JOB_STREAMS_PER_USER: "100" };

t("a cancelled wait stops watching at once; many waits share one database poll per tick", async () => {
  const stack = inProcess(MANY_WAITS);
  const client = await modernClient(alice, stack.fetchFn);
  try {
    const controller = new AbortController();
    const jobId = await runningJob(alice);
    const waiting = client.callTool({ name: "wait_for_job", arguments: { jobId, maxWaitSeconds: 600 } }, {
      signal: controller.signal,
    });
    while (stack.watch.watching === 0) await new Promise((r) => setTimeout(r, 50));
    controller.abort("the user pressed Stop");
    await assert.rejects(waiting);
    for (let i = 0; i < 100 && stack.watch.watching > 0; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(stack.watch.watching, 0, "nothing is watched once the request is cancelled");

    const before = stack.watch.polls;
    const jobs = await Promise.all(Array.from({ length: 30 }, () => runningJob(alice)));
    const results = await Promise.all(
      jobs.map((id) =>
        client.callTool({ name: "wait_for_job", arguments: { jobId: id, maxWaitSeconds: 600 } })
      ),
    );
    assert.ok(results.every((r) => (r.structuredContent as { done: boolean }).done === false));
    const polls = stack.watch.polls - before;
    // 30 waits of 5 s with a 2 s tick: a handful of polls in all, not one stream of polls per wait.
    assert.ok(polls >= 1 && polls <= 6, `${polls} polls for 30 concurrent waits`);
  } finally {
    await client.close();
    await stack.close();
  }
});

t("a JSON-RPC batch of waits is at most 100 calls, each one read, sharing one poll per tick", async () => {
  // 2025-03-26 clients may batch: 100 waits in one request (the most the SDK takes), on 40 jobs.
  let reads = 0;
  const stack = inProcess(MANY_WAITS, (db) => ({
    ...db,
    callAsUser: (claims, query) => (reads++, db.callAsUser(claims, query)),
  }));
  const post = (batch: unknown[]) =>
    stack.fetchFn("http://localhost/mcp", {
      method: "POST",
      headers: {
        authorization: `Bearer ${alice.token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-03-26",
      },
      body: JSON.stringify(batch),
    });
  try {
    const jobs = await Promise.all(Array.from({ length: 40 }, () => runningJob(alice)));
    const waits = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        jsonrpc: "2.0",
        id: i,
        method: "tools/call",
        params: { name: "wait_for_job", arguments: { jobId: jobs[i % 40], maxWaitSeconds: 600 } },
      }));
    const tooMany = await post(waits(101));
    assert.equal(tooMany.status, 400);
    assert.match(await tooMany.text(), /must not exceed 100/);
    assert.equal(reads, 0, "a refused batch reads nothing");

    let mostWatched = 0;
    const sampling = setInterval(() => mostWatched = Math.max(mostWatched, stack.watch.watching), 20);
    const res = await post(waits(100));
    const text = await res.text();
    clearInterval(sampling);
    assert.equal(res.status, 200, text);
    const answers = text.split("\n").filter((l) => l.startsWith("data: ")).flatMap((l) => {
      const m = JSON.parse(l.slice(6));
      return Array.isArray(m) ? m : [m];
    }).filter((m) => "result" in m);
    assert.equal(answers.length, 100, "every wait is answered");
    assert.ok(answers.every((m) => m.result.structuredContent.done === false));
    // Nothing changed, so each wait read its job once, and the watch followed each job once for all its waits.
    assert.equal(reads, 100);
    assert.ok(mostWatched <= 40, `${mostWatched} jobs watched at once`);
    // One poll per 2 s tick for the whole batch over the 5 s limit, not one per wait.
    assert.ok(stack.watch.polls <= 4, `${stack.watch.polls} polls for 100 waits`);
  } finally {
    await stack.close();
  }
});
