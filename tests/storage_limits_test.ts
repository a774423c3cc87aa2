// Storage limits over HTTP: a project's 20 MiB, the owner's quota across projects, large reads answered
// whole, and the statement timeout every user's SQL runs under.
import assert from "node:assert/strict";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { createMcpApp } from "../supabase/functions/mcp/app.ts";
import {
  api,
  db,
  expectError,
  inProcessApi,
  mcpToolCall,
  newProject,
  newUser,
  NO_STACK,
  type TestUser,
  until,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

const MiB = 1024 * 1024;
const file = (path: string, bytes: number) => ({ path, contents: "x".repeat(bytes), type: "DOC" });

/** Stores `bytes` of contents in the project with SQL, as one file (far quicker than many PUTs). */
async function fill(projectId: number, path: string, bytes: number, char = "x") {
  await db()`insert into public.project_files (project_id, path, contents, type)
             values (${projectId}, ${path}, repeat(${char}, ${bytes}), 'DATA')`;
}

/** What the owner's quota counts: their stored contents, once each. */
async function storedBytes(userId: string): Promise<number> {
  const [{ n }] =
    await db()`select coalesce((select bytes from private.blob_storage where user_id = ${userId}), 0)::bigint as n`;
  return Number(n);
}

async function projectBytes(projectId: number): Promise<number> {
  const [{ n }] = await db()`select coalesce(sum(octet_length(contents)), 0)::bigint as n
                               from public.project_files where project_id = ${projectId}`;
  return Number(n);
}

t(
  "PUT /projects/{id}/files: a project holds at most 20 MiB of contents (413 project_too_large)",
  async () => {
    const user = await newUser("limits.size");
    const p = await newProject(user);
    // 700 KiB of room left, the template's files included.
    await fill(p.id, "big.bin", 20 * MiB - 700 * 1024 - await projectBytes(p.id));
    const over = await api("PUT", `/projects/${p.id}/files`, {
      token: user.token,
      body: { files: [file("a.txt", 400 * 1024), file("b.txt", 400 * 1024)] },
    });
    expectError(over, 413, "project_too_large");
    assert.deepEqual(over.body.details, { project_id: p.id, max_bytes: 20 * MiB });
    const files = await api<{ data: { path: string }[] }>("GET", `/projects/${p.id}/files`, {
      token: user.token,
    });
    assert.ok(!files.body.data.some((f) => f.path === "a.txt"), "nothing of the refused request was saved");
    // Replacing a file counts only the difference.
    const fits = await api("PUT", `/projects/${p.id}/files`, {
      token: user.token,
      body: { files: [file("a.txt", 400 * 1024)] },
    });
    assert.equal(fits.status, 200, fits.text);
  },
);

t(
  "the owner's projects share one storage quota: PUT files, POST /projects and POST /jobs answer 413 storage_quota_exceeded",
  async () => {
    const user = await newUser("limits.quota");
    const projects = [];
    for (let i = 0; i < 6; i++) projects.push(await newProject(user));
    // Fill the default quota (100 MiB) to the byte with contents of each project's own, counted once each
    // like the template's files the projects share: five projects to 20 MiB and the sixth with room left.
    let left = 100 * MiB - await storedBytes(user.id);
    for (const [i, p] of projects.entries()) {
      const bytes = Math.min(left, 20 * MiB - await projectBytes(p.id) - (i === 5 ? 1024 : 0));
      await fill(p.id, "fill.bin", bytes, "abcdef"[i]);
      left -= bytes;
    }
    assert.equal(left, 0);
    const put = await api("PUT", `/projects/${projects[5].id}/files`, {
      token: user.token,
      body: { files: [file("one-more.txt", 1)] },
    });
    expectError(put, 413, "storage_quota_exceeded");
    assert.deepEqual(put.body.details, { quota_bytes: 100 * MiB, used_bytes: 100 * MiB + 1 });
    const created = await api("POST", "/projects", { token: user.token, body: { name: "One too many" } });
    expectError(created, 413, "storage_quota_exceeded");
    // A job without project_id makes a project too: refused alike, with no job and no credits held.
    const job = await api("POST", "/jobs", {
      token: user.token,
      body: { type: "prompt", input: { prompt: "a habit tracker app" } },
    });
    expectError(job, 413, "storage_quota_exceeded");
    const details = job.body.details as { quota_bytes: number; used_bytes: number };
    assert.equal(details.quota_bytes, 100 * MiB);
    assert.ok(details.used_bytes > 100 * MiB, "the template's files are what does not fit");
    const [{ n, jobs }] = await db()`select count(*)::int as n,
                                            (select count(*)::int from public.jobs where user_id = ${user.id}) as jobs
                                       from public.projects where user_id = ${user.id}`;
    assert.equal(n, 6, "the refused projects were not created");
    assert.equal(jobs, 0, "the refused job was not created");
    const wallet = await api<{ held: number }>("GET", "/wallets/me", { token: user.token });
    assert.equal(wallet.body.held, 0, "nothing stays held for it");
    // Deleting a project frees the contents no other project or version holds.
    assert.equal((await api("DELETE", `/projects/${projects[1].id}`, { token: user.token })).status, 204);
    const again = await api("POST", "/projects", { token: user.token, body: { name: "Now it fits" } });
    assert.equal(again.status, 201, again.text);
  },
);

t("GET /projects/{id}/files answers a 20 MiB project whole to twelve parallel readers", async () => {
  const owner = await newUser("limits.read");
  const reader = await newUser("limits.reader");
  const p = await newProject(owner, { shared: true });
  // Up to the limit, the template's files included.
  const part = Math.floor((20 * MiB - await projectBytes(p.id)) / 4);
  for (let i = 0; i < 4; i++) await fill(p.id, `part${i}.bin`, part);
  const [{ bytes }] = await db()`select sum(octet_length(contents))::bigint as bytes
                                   from public.project_files where project_id = ${p.id}`;
  // One user's reads take turns (FILE_READ_PER_USER): a read that got none within the wait is retried
  // after its Retry-After, as a client does.
  const read = async () => {
    for (let attempt = 1;; attempt++) {
      const res = await api<{ data: { path: string; contents: string }[] }>(
        "GET",
        `/projects/${p.id}/files`,
        {
          token: reader.token,
        },
      );
      if (res.status !== 503 || attempt === 12) return res;
      expectError(res, 503, "file_reads_busy");
      await new Promise((r) => setTimeout(r, Number(res.headers.get("retry-after")) * 1000));
    }
  };
  const answers = await Promise.all(Array.from({ length: 12 }, read));
  for (const res of answers) {
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/json");
    assert.equal(Number(res.headers.get("content-length")), new TextEncoder().encode(res.text).length);
    const utf8 = new TextEncoder();
    assert.equal(res.body.data.reduce((n, f) => n + utf8.encode(f.contents).length, 0), Number(bytes));
    assert.deepEqual(res.body.data.map((f) => f.path), [...res.body.data.map((f) => f.path)].sort());
  }
});

/** get_project_files as one JSON-RPC POST to the mcp function `app`. */
async function mcpFiles(
  app: { fetch(req: Request): Response | Promise<Response> },
  user: TestUser,
  projectId: number,
): Promise<Response> {
  return await app.fetch(
    new Request("http://localhost/mcp", {
      method: "POST",
      ...mcpToolCall(user.token, "get_project_files", { projectId }),
    }),
  );
}

t(
  "file listings over REST and get_project_files share one FILE_READ_CONCURRENCY bound: reads beyond it queue",
  async () => {
    const owner = await newUser("limits.bound");
    const p = await newProject(owner, { shared: true });
    await fill(p.id, "part.bin", 3 * MiB);
    const deps = depsFromConfig(loadConfig({ ...Deno.env.toObject(), FILE_READ_CONCURRENCY: "2" }));
    const rest = createV1App(deps);
    const mcp = createMcpApp(deps);
    const restFiles = async () =>
      await rest.fetch(
        new Request(`http://localhost/v1/projects/${p.id}/files`, {
          headers: { authorization: `Bearer ${owner.token}` },
        }),
      );
    try {
      // Each answer holds its slot until its bytes have been read: an unread one keeps it.
      const unread = await mcpFiles(mcp, owner, p.id);
      assert.equal(unread.status, 200);
      assert.equal(deps.fileReads.active, 1, "the tool's answer holds a slot until it has been read");
      await unread.text();
      assert.equal(deps.fileReads.active, 0);

      // With both slots taken, two REST reads and two tool calls all wait; none is answered.
      const taken = [await deps.fileReads.acquire("someone"), await deps.fileReads.acquire("someone else")];
      const answered: string[] = [];
      // Each answer is read as it comes: an unread one would keep its slot from the reads still waiting.
      const read = (kind: string) => async (res: Response) => {
        answered.push(kind);
        return { status: res.status, body: await res.json() };
      };
      const calls = [
        ...[1, 2].map(() => restFiles().then(read("rest"))),
        ...[1, 2].map(() => mcpFiles(mcp, owner, p.id).then(read("mcp"))),
      ];
      await until(() => deps.fileReads.waiting === 4, "all four reads wait for a slot");
      assert.deepEqual(answered, [], "no read runs beyond the bound");
      assert.equal(deps.fileReads.active, 2);
      for (const slot of taken) slot.release();
      const bytes = Number(
        (await db()`select sum(octet_length(contents))::bigint as n from public.project_files
                     where project_id = ${p.id}`)[0].n,
      );
      for (const { status, body } of await Promise.all(calls)) {
        assert.equal(status, 200);
        const files: { contents: string }[] = body.data ?? body.result.structuredContent.data;
        const utf8 = new TextEncoder();
        assert.equal(
          files.reduce((n, f) => n + utf8.encode(f.contents).length, 0),
          bytes,
          "each answer is whole",
        );
      }
      assert.deepEqual(answered.sort(), ["mcp", "mcp", "rest", "rest"]);
      assert.deepEqual([deps.fileReads.active, deps.fileReads.waiting], [0, 0], "every slot came back");
    } finally {
      await deps.db.end();
    }
  },
);

t(
  "a statement that runs past USER_STATEMENT_TIMEOUT_MS is 503 statement_timeout and writes nothing",
  async () => {
    const user = await newUser("limits.timeout");
    const p = await newProject(user);
    const deps = depsFromConfig(loadConfig({ ...Deno.env.toObject(), USER_STATEMENT_TIMEOUT_MS: "300" }));
    const call = inProcessApi(createV1App(deps));
    try {
      // The save waits for the project's row lock, which this transaction holds past the timeout.
      await db().begin(async (tx) => {
        await tx`select 1 from public.projects where id = ${p.id} for update`;
        const res = await call("PUT", `/projects/${p.id}/files`, {
          token: user.token,
          body: { files: [file("late.txt", 10)] },
        });
        expectError(res, 503, "statement_timeout");
      });
    } finally {
      await deps.db.end();
    }
    const [{ n }] = await db()`select count(*)::int as n from public.project_files
                              where project_id = ${p.id} and path = 'late.txt'`;
    assert.equal(n, 0);
  },
);
