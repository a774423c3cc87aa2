// Project file listings under clients that never read their answers: over real sockets, one user's
// unread answers hold at most that user's share of the slots, and only until the send deadline.
import assert from "node:assert/strict";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { createMcpApp } from "../supabase/functions/mcp/app.ts";
import {
  api,
  BASE_URL,
  db,
  drainAnswer,
  expectError,
  mcpToolCall,
  newProject,
  newUser,
  NO_STACK,
  ROOT_URL,
  type TestUser,
  unreadRequest,
  until,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

const MiB = 1024 * 1024;
/** A listing that waited its FILE_READ_WAIT_SECONDS (10 s on the stack) has answered by now; the rest is slack for a busy machine. */
const ANSWER_BOUND_MS = 25_000;

/** A shared project of nearly 20 MiB: far more than a socket's buffers hold, so an unread answer stalls. */
async function largeSharedProject(owner: TestUser): Promise<{ id: number; bytes: number }> {
  const p = await newProject(owner, { shared: true });
  await db()`insert into public.project_files (project_id, path, contents, type)
             select ${p.id}, 'large.bin', repeat('x', ${
    20 * MiB
  } - coalesce(sum(octet_length(contents)), 0)::int), 'DATA'
               from public.project_files where project_id = ${p.id}`;
  const [{ bytes }] = await db()`select sum(octet_length(contents))::bigint as bytes
                                   from public.project_files where project_id = ${p.id}`;
  return { id: p.id, bytes: Number(bytes) };
}

/** Resolves when the socket receives the first bytes of an answer; reads only those, the rest stays unread. */
async function answerStarted(conn: Deno.Conn): Promise<void> {
  await conn.read(new Uint8Array(64));
}

const utf8 = new TextEncoder();
const contentBytes = (files: { contents: string }[]) =>
  files.reduce((n, f) => n + utf8.encode(f.contents).length, 0);

/** A listing over REST within the bound; its files when it is 200. */
async function listing(base: string, user: TestUser, projectId: number) {
  const res = await fetch(`${base}/projects/${projectId}/files`, {
    headers: { authorization: `Bearer ${user.token}` },
    signal: AbortSignal.timeout(ANSWER_BOUND_MS),
  });
  return { status: res.status, body: await res.json() };
}

/** get_project_files over `mcpUrl` within the bound: the tool's result. */
async function toolFiles(mcpUrl: string, user: TestUser, projectId: number) {
  const res = await fetch(mcpUrl, {
    method: "POST",
    ...mcpToolCall(user.token, "get_project_files", { projectId }),
    signal: AbortSignal.timeout(ANSWER_BOUND_MS),
  });
  assert.equal(res.status, 200);
  return (await res.json()).result as {
    isError?: boolean;
    structuredContent?: { data: { contents: string }[] };
    content: { text: string }[];
  };
}

t(
  "however many unread file listings one user leaves open, another user's listing answers, over REST and MCP",
  async () => {
    const owner = await newUser("slots.owner");
    const hog = await newUser("slots.hog");
    const other = await newUser("slots.other");
    const p = await largeSharedProject(owner);
    const sockets = [
      ...await Promise.all(
        Array.from({ length: 4 }, () =>
          unreadRequest(`${BASE_URL}/projects/${p.id}/files`, {
            headers: { authorization: `Bearer ${hog.token}` },
          })),
      ),
      ...await Promise.all(Array.from({ length: 4 }, () =>
        unreadRequest(`${ROOT_URL}/mcp`, {
          method: "POST",
          ...mcpToolCall(hog.token, "get_project_files", { projectId: p.id }),
        }))),
    ];
    try {
      // The sockets' answers are under way before anything else is asked: on each function, one socket's
      // first bytes arrive once it holds the hog's share (the others wait in line behind it).
      await Promise.race(sockets.slice(0, 4).map(answerStarted));
      await Promise.race(sockets.slice(4).map(answerStarted));
      // The hog's own reads find its share held by its unread answers: refused after the wait, not queued
      // for ever. (Its sockets' requests went first, so they hold the share.)
      const [own, ownTool] = await Promise.all([
        api("GET", `/projects/${p.id}/files`, { token: hog.token }),
        toolFiles(`${ROOT_URL}/mcp`, hog, p.id),
      ]);
      expectError(own, 503, "file_reads_busy");
      assert.ok(Number(own.headers.get("retry-after")) >= 1, "Retry-After says when to try again");
      assert.equal(ownTool.isError, true);
      const toolError = JSON.parse(ownTool.content[0].text);
      assert.equal(toolError.code, "file_reads_busy");
      assert.ok(toolError.retry_after_seconds >= 1);

      // Another user is answered whole, while the hog's answers still hold their slots.
      const theirs = await listing(BASE_URL, other, p.id);
      assert.equal(theirs.status, 200, JSON.stringify(theirs.body).slice(0, 300));
      assert.equal(contentBytes(theirs.body.data), p.bytes);
      const theirTool = await toolFiles(`${ROOT_URL}/mcp`, other, p.id);
      assert.ok(!theirTool.isError, theirTool.content[0].text.slice(0, 300));
      assert.equal(contentBytes(theirTool.structuredContent!.data), p.bytes);
    } finally {
      for (const socket of sockets) socket.close();
    }
    // A client that goes away gives its slot back: the hog is served again (the other tests need the slots).
    for (let tries = 0;; tries++) {
      const again = await listing(BASE_URL, hog, p.id);
      if (again.status === 200) break;
      assert.ok(tries < 5, `still ${again.status} after the unread connections closed`);
    }
  },
);

t(
  "an answer not read within FILE_READ_SEND_SECONDS is cut off and its slot goes to the next reader, over REST and MCP",
  async () => {
    const env = {
      ...Deno.env.toObject(),
      FILE_READ_CONCURRENCY: "1",
      // Every answer has this long, the next reader's 20 MiB too: long enough for it on a busy machine.
      FILE_READ_SEND_SECONDS: "6",
      FILE_READ_WAIT_SECONDS: "60",
    };
    const deps = depsFromConfig(loadConfig(env), env);
    const v1 = createV1App(deps);
    const mcp = createMcpApp(deps);
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      (req) => new URL(req.url).pathname === "/mcp" ? mcp.fetch(req) : v1.fetch(req),
    );
    const origin = `http://127.0.0.1:${server.addr.port}`;
    const owner = await newUser("slots.deadline.owner");
    const hog = await newUser("slots.deadline.hog");
    const other = await newUser("slots.deadline.other");
    const p = await largeSharedProject(owner);
    const sockets: Deno.Conn[] = [];
    try {
      const unread = {
        REST: () =>
          unreadRequest(`${origin}/v1/projects/${p.id}/files`, {
            headers: { authorization: `Bearer ${hog.token}` },
          }),
        MCP: () =>
          unreadRequest(`${origin}/mcp`, {
            method: "POST",
            ...mcpToolCall(hog.token, "get_project_files", { projectId: p.id }),
          }),
      };
      for (const [how, open] of Object.entries(unread)) {
        const socket = await open();
        sockets.push(socket);
        await until(() => deps.fileReads.active === 1, `the ${how} answer holds the only slot`);
        // The other user's listing waits for that slot, which the deadline takes back from the hog.
        const theirs = await listing(`${origin}/v1`, other, p.id);
        assert.equal(theirs.status, 200, `${how}: ${JSON.stringify(theirs.body).slice(0, 300)}`);
        assert.equal(contentBytes(theirs.body.data), p.bytes);
        // What the hog's socket still delivers ends before the answer does: it was cut off, not finished.
        const cut = await drainAnswer(socket);
        assert.deepEqual(cut, { status: 200, complete: false }, how);
      }
      assert.deepEqual([deps.fileReads.active, deps.fileReads.waiting], [0, 0], "every slot came back");
    } finally {
      // An answer still being sent would hold the shutdown.
      for (const socket of sockets) {
        try {
          socket.close();
        } catch { /* drained and closed already */ }
      }
      await server.shutdown();
      await deps.db.end();
    }
  },
);
