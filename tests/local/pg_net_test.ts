// Behaviour of the local pg_net stand-in (scripts/local/pg_net.sql + scripts/local/net-worker.ts)
// against a real database given by SUPABASE_DB_URL (a superuser URL).

import assert from "node:assert/strict";
import postgres from "postgres";
import { startNetWorker } from "../../scripts/local/net-worker.ts";

const DB_URL = Deno.env.get("SUPABASE_DB_URL");
const SQL_FILE = new URL("../../scripts/local/pg_net.sql", import.meta.url);

interface Received {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: string;
}

interface ResponseRow {
  id: string;
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

type Sql = ReturnType<typeof postgres>;

interface Stack {
  sql: Sql;
  baseUrl: string;
  received: Received[];
  hits(path: string): Received[];
  response(id: string, timeoutMs?: number): Promise<ResponseRow>;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (true) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Runs body with a database client, a loopback echo server and a running worker, and closes all three
// afterwards whatever happens. The echo server answers JSON describing the request; /sleep/<ms> answers
// after <ms> milliseconds (or at teardown).
async function withStack(body: (stack: Stack) => Promise<void>): Promise<void> {
  const sql = postgres(DB_URL!, { prepare: false, max: 2, onnotice: () => {} });
  const received: Received[] = [];
  // Ends pending /sleep responses at teardown, so shutting the server down does not wait for them.
  const wakeSleepers = new AbortController();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    const entry = {
      method: req.method,
      path: url.pathname,
      search: url.search,
      headers: req.headers,
      body: await req.text(),
    };
    received.push(entry);
    const sleep = url.pathname.match(/^\/sleep\/(\d+)$/);
    if (sleep) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Number(sleep[1]));
        wakeSleepers.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return Response.json(
      { method: entry.method, path: entry.path, search: entry.search, body: entry.body },
      { headers: { "x-echo": "yes" } },
    );
  });
  const worker = startNetWorker(DB_URL!, { log: () => {} });
  try {
    const [{ installed }] = await sql`select to_regproc('net.http_post') is not null as installed`;
    if (!installed) await sql.unsafe(await Deno.readTextFile(SQL_FILE));
    await body({
      sql,
      baseUrl: `http://127.0.0.1:${server.addr.port}`,
      received,
      hits: (path) => received.filter((r) => r.path === path),
      response: (id, timeoutMs = 5000) =>
        waitFor(
          async () => {
            const [row] = await sql<ResponseRow[]>`
            select id, status_code, content_type, headers, content, timed_out, error_msg
            from net._http_response where id = ${id}
          `;
            return row;
          },
          timeoutMs,
          `response ${id}`,
        ),
    });
  } finally {
    await worker.stop();
    wakeSleepers.abort();
    await server.shutdown();
    await sql.end({ timeout: 5 });
  }
}

Deno.test({
  name: "pg_net: a committed http_post reaches the server and its response is recorded",
  ignore: !DB_URL,
  fn: () =>
    withStack(async ({ sql, baseUrl, hits, response }) => {
      const [{ id }] = await sql<{ id: string }[]>`
        select net.http_post(
          url := ${baseUrl + "/post"},
          body := '{"hello": "world", "n": 1}'::jsonb,
          headers := '{"Content-Type": "application/json", "X-Custom": "abc"}'::jsonb
        ) as id
      `;
      const row = await response(id);
      const [hit] = hits("/post");
      assert.deepEqual(hit.method, "POST");
      assert.deepEqual(JSON.parse(hit.body), { hello: "world", n: 1 });
      assert.deepEqual(hit.headers.get("content-type"), "application/json");
      assert.deepEqual(hit.headers.get("x-custom"), "abc");
      assert.match(hit.headers.get("user-agent") ?? "", /^pg_net\//);

      assert.deepEqual(row.status_code, 200);
      assert.deepEqual(row.timed_out, false);
      assert.deepEqual(row.error_msg, null);
      assert.match(row.content_type ?? "", /^application\/json/);
      assert.deepEqual(row.headers?.["x-echo"], "yes");
      assert.deepEqual(JSON.parse(row.content ?? "null").body, hit.body);

      const [collected] = await sql`
        select (r).status::text as status, (r).message, ((r).response).status_code
        from net._http_collect_response(${id}::bigint) as r
      `;
      assert.deepEqual(collected, { status: "SUCCESS", message: "ok", status_code: 200 });
    }),
});

Deno.test({
  name: "pg_net: a request is sent only after its transaction commits, never if it rolls back",
  ignore: !DB_URL,
  fn: () =>
    withStack(async ({ sql, baseUrl, hits, response }) => {
      const rolledBack = await sql
        .begin(async (tx) => {
          await tx`select net.http_post(${baseUrl + "/rolled-back"}, '{}'::jsonb)`;
          throw new Error("roll back");
        })
        .catch((err: Error) => err.message);
      assert.deepEqual(rolledBack, "roll back");

      let id = "";
      await sql.begin(async (tx) => {
        [{ id }] = await tx<{ id: string }[]>`select net.http_post(${
          baseUrl + "/committed"
        }, '{}'::jsonb) as id`;
        // Longer than the worker's fallback poll: an uncommitted row must stay invisible to it.
        await pause(1500);
        assert.deepEqual(hits("/committed").length, 0);
      });
      await response(id);
      assert.deepEqual(hits("/committed").length, 1);
      await pause(300);
      assert.deepEqual(hits("/rolled-back").length, 0);
    }),
});

Deno.test({
  name: "pg_net: http_get appends url-encoded params as the query string",
  ignore: !DB_URL,
  fn: () =>
    withStack(async ({ sql, baseUrl, hits, response }) => {
      const [{ id }] = await sql<{ id: string }[]>`
        select net.http_get(
          ${baseUrl + "/get?fixed=1"},
          params := '{"q": "a b&c=d", "emoji": "é!", "skip": null}'::jsonb,
          headers := '{"X-Get": "1"}'::jsonb
        ) as id
      `;
      const row = await response(id);
      assert.deepEqual(row.status_code, 200);
      const [hit] = hits("/get");
      assert.deepEqual(hit.method, "GET");
      assert.deepEqual(hit.headers.get("x-get"), "1");
      assert.deepEqual(hit.search, "?fixed=1&q=a%20b%26c%3Dd&emoji=%C3%A9%21");
      assert.deepEqual(Object.fromEntries(new URLSearchParams(hit.search)), {
        fixed: "1",
        q: "a b&c=d",
        emoji: "é!",
      });
    }),
});

Deno.test({
  name: "pg_net: a server slower than timeout_milliseconds gives timed_out = true and the worker goes on",
  ignore: !DB_URL,
  fn: () =>
    withStack(async ({ sql, baseUrl, response }) => {
      const [{ id }] = await sql<{ id: string }[]>`
        select net.http_get(${baseUrl + "/sleep/3000"}, timeout_milliseconds := 300) as id
      `;
      const row = await response(id);
      assert.deepEqual(row.timed_out, true);
      assert.deepEqual(row.status_code, null);
      assert.deepEqual(row.content, null);
      assert.match(row.error_msg ?? "", /^Timeout of 300 ms reached/);

      const [next] = await sql<{ id: string }[]>`select net.http_get(${baseUrl + "/after"}) as id`;
      assert.deepEqual((await response(next.id)).status_code, 200);
    }),
});

Deno.test({
  name: "pg_net: a refused connection records an error message",
  ignore: !DB_URL,
  fn: () =>
    withStack(async ({ sql, response }) => {
      const probe = Deno.listen({ port: 0, hostname: "127.0.0.1" });
      const closedPort = (probe.addr as Deno.NetAddr).port;
      probe.close();
      const [{ id }] = await sql<{ id: string }[]>`
        select net.http_get(${`http://127.0.0.1:${closedPort}/`}) as id
      `;
      const row = await response(id);
      assert.deepEqual(row.status_code, null);
      assert.deepEqual(row.timed_out, false);
      assert.deepEqual(row.error_msg, "Couldn't connect to server");

      const [collected] = await sql`
        select (r).status::text as status, (r).message from net._http_collect_response(${id}::bigint) as r
      `;
      assert.deepEqual(collected, { status: "ERROR", message: "Couldn't connect to server" });
    }),
});

Deno.test({
  name: "pg_net: 50 requests queued in one transaction are each delivered exactly once",
  ignore: !DB_URL,
  fn: () =>
    withStack(async ({ sql, baseUrl, hits, response }) => {
      const ids = await sql.begin((tx) =>
        tx<{ id: string }[]>`
          select net.http_post(${baseUrl + "/many"}, jsonb_build_object('n', n)) as id
          from generate_series(1, 50) as n
        `
      );
      assert.deepEqual(ids.length, 50);
      for (const { id } of ids) assert.deepEqual((await response(id)).status_code, 200);
      await pause(500);
      const counts = new Map<number, number>();
      for (const hit of hits("/many")) {
        const n = JSON.parse(hit.body).n as number;
        counts.set(n, (counts.get(n) ?? 0) + 1);
      }
      assert.deepEqual(counts.size, 50);
      assert.ok([...counts.values()].every((count) => count === 1));
      const [{ rows }] = await sql`
        select count(*)::int as rows from net._http_response where id in ${sql(ids.map((r) => r.id))}
      `;
      assert.deepEqual(rows, 50);
    }),
});

Deno.test({
  name: "pg_net: once the migrations ran, anon sends nothing and touches no table",
  ignore: !DB_URL,
  fn: () =>
    withStack(async ({ sql, baseUrl, received }) => {
      const attempt = (statement: (tx: postgres.TransactionSql) => Promise<unknown>) =>
        sql.begin(async (tx) => {
          await tx`set local role anon`;
          await statement(tx);
          return "done";
        }).catch((err: Error) => err.message);
      assert.match(
        await attempt((tx) => tx`select net.http_post(${baseUrl + "/anon"}, '{}'::jsonb)`),
        /permission denied for schema net/,
      );
      assert.match(
        await attempt((tx) =>
          tx`insert into net.http_request_queue (method, url, timeout_milliseconds) values ('GET', ${baseUrl}, 1000)`
        ),
        /permission denied for schema net/,
      );
      assert.deepEqual(received.length, 0);
    }),
});
