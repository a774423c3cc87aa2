// The scale section: every list and search endpoint measured for one user on the fresh stack ("small"),
// then again after other users' rows were seeded at a million-row volume ("large"); the ratio of the two
// is what a page costs as the tables grow. The SQL each route runs is also explained (EXPLAIN ANALYZE of
// every statement inside the function, through auto_explain) on the large database, for the report.
import type postgres from "postgres";
import { quantile, runLoad } from "./load.ts";
import { cpuMillis } from "./cpu.ts";
import { ABSENT_WORD, COMMON_WORD } from "./scale-seed.ts";

export interface ScaleUser {
  id: string;
  token: string;
  /** A finished job of the user's, with its events. */
  jobId: string;
  /** The project the user's jobs ran for. */
  projectId: number;
}

export interface ScaleEndpoint {
  name: string;
  /** The API path (query included); a function of the phase's state for paths that need a cursor. */
  path: string | ((get: (path: string) => Promise<unknown>) => Promise<string>);
  /** The statement the route runs, as the user, for the plan. */
  sql: string;
}

export interface Latency {
  requests: number;
  p50: number;
  p99: number;
}

/** What one call of the route's SQL costs Postgres, measured in its backend. */
export interface SqlCost {
  /** CPU time of the backend per call, µs (user + system, over `calls` calls). */
  cpuUs: number;
  /** Shared buffers (8 KiB pages) one warm call reads: deterministic, unlike time on a busy machine. */
  buffers: number;
}

export interface ScaleRow {
  endpoint: string;
  small: Latency & SqlCost;
  large: Latency & SqlCost;
}

export interface ScaleResult {
  volume: Record<string, number>;
  seedSeconds: number;
  rows: ScaleRow[];
}

/** Ratios large ÷ small of each figure. */
export function scaleRatio(row: ScaleRow): { p50: number; p99: number; cpu: number; buffers: number } {
  return {
    p50: row.large.p50 / row.small.p50,
    p99: row.large.p99 / row.small.p99,
    cpu: row.large.cpuUs / row.small.cpuUs,
    buffers: row.large.buffers / row.small.buffers,
  };
}

export function scaleEndpoints(user: ScaleUser): ScaleEndpoint[] {
  const projects = (query: string, limit = 20, visibility = "mine", q: string | null = null) => ({
    name: `GET /projects${query}`,
    path: `/projects${query}`,
    sql: `select api.list_projects(${limit}, null, '${visibility}', ${q ? `'${q}'` : "null"})`,
  });
  return [
    projects(""),
    projects("?visibility=all", 20, "all"),
    projects("?visibility=all&limit=100", 100, "all"),
    {
      name: "GET /projects?visibility=all&cursor=<page 2>",
      path: async (get) => {
        const first = await get("/projects?visibility=all") as { next_cursor: string };
        return `/projects?visibility=all&cursor=${encodeURIComponent(first.next_cursor)}`;
      },
      sql:
        "select api.list_projects(20, api.list_projects(20, null, 'all', null) ->> 'next_cursor', 'all', null)",
    },
    projects(`?visibility=all&q=${COMMON_WORD}`, 20, "all", COMMON_WORD),
    projects(`?visibility=all&q=${ABSENT_WORD}`, 20, "all", ABSENT_WORD),
    projects(`?q=${COMMON_WORD}`, 20, "mine", COMMON_WORD),
    { name: "GET /notifications", path: "/notifications", sql: "select api.list_notifications(20, null)" },
    {
      name: "GET /notifications/unread-count",
      path: "/notifications/unread-count",
      sql: "select api.count_unread_notifications()",
    },
    {
      name: "GET /wallets/me/transactions",
      path: "/wallets/me/transactions",
      sql: "select api.list_wallet_transactions(20, null)",
    },
    {
      name: "GET /usage/summary?period=all",
      path: "/usage/summary?period=all",
      sql: "select api.usage_summary('all', null, null, 'UTC')",
    },
    {
      name: "GET /usage/contributions",
      path: "/usage/contributions",
      sql: "select api.usage_contributions(null, null, 'UTC')",
    },
    { name: "GET /usage/insights", path: "/usage/insights", sql: "select api.usage_insights('UTC')" },
    { name: "GET /jobs/{id}", path: `/jobs/${user.jobId}`, sql: `select api.get_job('${user.jobId}')` },
    { name: "GET /jobs", path: "/jobs", sql: "select api.list_jobs(20, null, null, null)" },
    {
      name: "GET /jobs?cursor=<page 2>",
      path: async (get) => {
        const first = await get("/jobs") as { next_cursor: string };
        return `/jobs?cursor=${encodeURIComponent(first.next_cursor)}`;
      },
      sql: "select api.list_jobs(20, api.list_jobs(20, null, null, null) ->> 'next_cursor', null, null)",
    },
    {
      name: "GET /jobs?status=succeeded",
      path: "/jobs?status=succeeded",
      sql: "select api.list_jobs(20, null, 'succeeded', null)",
    },
    {
      name: "GET /jobs?project_id=<id>",
      path: `/jobs?project_id=${user.projectId}`,
      sql: `select api.list_jobs(20, null, null, ${user.projectId})`,
    },
    {
      name: "GET /jobs/{id}/events",
      path: `/jobs/${user.jobId}/events`,
      sql: `select api.job_events('${user.jobId}', 0, 100)`,
    },
    { name: "GET /blocks", path: "/blocks", sql: "select api.list_blocks()" },
  ];
}

/** Latency of each endpoint, one request at a time (no queueing: the cost of the request itself). */
export async function measureLatencies(
  baseUrl: string,
  token: string,
  endpoints: ScaleEndpoint[],
  opts: { durationMs: number; requests: number; warmupMs: number; log: (line: string) => void },
): Promise<Latency[]> {
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const res = await fetch(`${baseUrl}${path}`, { headers });
    // The event log is a text/event-stream, read whole like any answer.
    const body = res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text();
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const out: Latency[] = [];
  for (const e of endpoints) {
    const path = typeof e.path === "string" ? e.path : await e.path(get);
    await get(path);
    const run = await runLoad({
      url: `${baseUrl}${path}`,
      headers,
      connections: 1,
      requests: opts.requests,
      durationMs: opts.durationMs,
      warmupMs: opts.warmupMs,
    });
    if (run.errors > 0) throw new Error(`${e.name}: ${run.errors} failed requests (${run.firstError})`);
    const latency = {
      requests: run.requests,
      p50: quantile(run.latencies, 0.5),
      p99: quantile(run.latencies, 0.99),
    };
    opts.log(`  ${e.name}: p50 ${latency.p50.toFixed(2)} ms, p99 ${latency.p99.toFixed(2)} ms`);
    out.push(latency);
  }
  return out;
}

/**
 * Each route's statement run `calls` times in one backend as the user (after a warm-up), with the backend's
 * CPU time read from /proc around the calls, and the buffers of one more call from EXPLAIN (BUFFERS), whose
 * top node counts the function's nested statements too.
 */
export async function measureSqlCosts(
  pg: typeof postgres,
  adminUrl: string,
  userId: string,
  endpoints: ScaleEndpoint[],
  calls: number,
): Promise<SqlCost[]> {
  const sql = pg(adminUrl, { prepare: false, max: 1, onnotice: () => {} });
  try {
    const [{ pid }] = await sql`
      select pg_backend_pid() as pid, set_config('role', 'authenticated', false),
             set_config('request.jwt.claims', ${
      JSON.stringify({ sub: userId, role: "authenticated" })
    }, false)`;
    const out: SqlCost[] = [];
    for (const e of endpoints) {
      // Correlated with the series, so the call runs once per row, and counting the whole row, so it runs at
      // all (an output nobody reads is not computed).
      const repeated = (n: number) =>
        `select count(x) from generate_series(1, ${n}) g (n), lateral (${e.sql} where g.n > 0) x`;
      await sql.unsafe(repeated(20));
      const before = await cpuMillis(pid);
      await sql.unsafe(repeated(calls));
      const cpuUs = ((await cpuMillis(pid)) - before) * 1000 / calls;
      const [row] = await sql.unsafe(`explain (analyze, buffers, format json) ${e.sql}`);
      const plan = (row["QUERY PLAN"] as { Plan: Record<string, number> }[])[0].Plan;
      out.push({ cpuUs, buffers: plan["Shared Hit Blocks"] + plan["Shared Read Blocks"] });
    }
    return out;
  } finally {
    await sql.end();
  }
}

/**
 * EXPLAIN ANALYZE of every statement a call runs, nested ones included, as the user: auto_explain at
 * NOTICE level on a superuser connection that then takes the `authenticated` role and the user's claims.
 */
export async function explainAsUser(
  pg: typeof postgres,
  adminUrl: string,
  /** null: as the superuser, for private functions no user may call. */
  userId: string | null,
  statements: { name: string; sql: string }[],
): Promise<string> {
  const notices: string[] = [];
  const sql = pg(adminUrl, { prepare: false, max: 1, onnotice: (n) => notices.push(String(n.message)) });
  const sections: string[] = [];
  try {
    await sql`load 'auto_explain'`;
    await sql.unsafe(`set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
      set auto_explain.log_buffers = on; set auto_explain.log_nested_statements = on;
      set auto_explain.log_level = notice; set client_min_messages = notice`);
    for (const s of statements) {
      // Read-only calls: the transaction only scopes the role and the claims.
      await sql.begin(async (tx) => {
        if (userId) {
          await tx`select set_config('role', 'authenticated', true),
                          set_config('request.jwt.claims', ${
            JSON.stringify({ sub: userId, role: "authenticated" })
          }, true)`;
        }
        notices.length = 0;
        await tx.unsafe(s.sql);
      });
      sections.push(`### ${s.name}\n\n\`${s.sql}\`\n\n\`\`\`\n${notices.join("\n\n")}\n\`\`\`\n`);
    }
  } finally {
    await sql.end();
  }
  return sections.join("\n");
}
