// The scale section: every list and search endpoint measured for one user on the fresh stack ("small"),
// then again after other users' rows were seeded at a million-row volume ("large"); the ratio of the two
// is what a page costs as the tables grow. The SQL each route runs is also explained (EXPLAIN ANALYZE of
// every statement inside the function, through auto_explain) on the large database, for the report.
// Alone on its own stack: `deno run -A bench/scale.ts` (prints the table, writes nothing).
import postgres from "postgres";
import { quantile, runLoad } from "./load.ts";
import { cpuMillis } from "./cpu.ts";
import { benchUsers } from "./users.ts";
import { type BenchUser, postJob } from "./jobs.ts";
import { ABSENT_WORD, COMMON_WORD, SCALE_VOLUME, seedScale } from "./scale-seed.ts";

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
    { name: "GET /blocks", path: "/blocks", sql: "select api.list_blocks(20, null)" },
    {
      name: "GET /projects/{id}/versions",
      path: `/projects/${user.projectId}/versions`,
      sql: `select api.list_versions(${user.projectId}, 20, null)`,
    },
    {
      name: "GET /projects/{id}/versions/{newest}",
      path: async (get) => `/projects/${user.projectId}/versions/${await newestVersion(get)}`,
      sql: `select api.get_version(${user.projectId}, ${newestVersionSql(user)}, null, null, 100)`,
    },
    {
      name: "GET /projects/{id}/versions/{newest}/diff",
      path: async (get) => `/projects/${user.projectId}/versions/${await newestVersion(get)}/diff`,
      sql: `select api.diff_versions(${user.projectId}, ${newestVersionSql(user)}, null, null, 100)`,
    },
  ];

  async function newestVersion(get: (path: string) => Promise<unknown>) {
    return ((await get(`/projects/${user.projectId}/versions?limit=1`)) as { data: { id: string }[] }).data[0]
      .id;
  }
}

const newestVersionSql = (user: ScaleUser) =>
  `(select v.id from public.project_versions v where v.project_id = ${user.projectId} order by v.number desc limit 1)`;

/** Own projects of the prolific user; the common word names only the oldest few of them. */
export const PROLIFIC_PROJECTS = 20_000;
export const PROLIFIC_MATCHES = 25;
export const PROLIFIC_BLOCKS = 1_000;

/**
 * A user with many projects of their own, the table's common word in only their oldest few (so a walk of
 * their projects checking each one reads them all), who blocked many users.
 */
export function prolificEndpoints(): ScaleEndpoint[] {
  const own = `${PROLIFIC_PROJECTS.toLocaleString("en")} own projects, ${PROLIFIC_MATCHES} matching`;
  return [
    {
      name: `GET /projects?q=${COMMON_WORD} (${own})`,
      path: `/projects?q=${COMMON_WORD}`,
      sql: `select api.list_projects(20, null, 'mine', '${COMMON_WORD}')`,
    },
    {
      name: `GET /projects?visibility=all&q=${COMMON_WORD} (${own})`,
      path: `/projects?visibility=all&q=${COMMON_WORD}`,
      sql: `select api.list_projects(20, null, 'all', '${COMMON_WORD}')`,
    },
    {
      name: `GET /blocks (${PROLIFIC_BLOCKS.toLocaleString("en")} blocks)`,
      path: "/blocks",
      sql: "select api.list_blocks(20, null)",
    },
    {
      name: `GET /blocks?cursor=<page 2> (${PROLIFIC_BLOCKS.toLocaleString("en")} blocks)`,
      path: async (get) => {
        const first = await get("/blocks") as { next_cursor: string };
        return `/blocks?cursor=${encodeURIComponent(first.next_cursor)}`;
      },
      sql: "select api.list_blocks(20, api.list_blocks(20, null) ->> 'next_cursor')",
    },
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

export interface ScaleContext {
  sql: postgres.Sql;
  adminUrl: string;
  baseUrl: string;
  newUser: (label: string) => Promise<BenchUser>;
  cell: { durationMs: number; requests: number; warmupMs: number };
  sqlCalls: number;
  log: (line: string) => void;
}

async function api(baseUrl: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
}

/**
 * The measured users' rows on the fresh database, their lists and searches there ("small"), the seeding,
 * the same again ("large"), and the plans on the large database. Leaves the large database in place.
 */
export async function measureScale(ctx: ScaleContext): Promise<{ result: ScaleResult; plans: string }> {
  const { sql, baseUrl, log } = ctx;
  log("scale: the measured users' lists and searches on the fresh database");
  const scaleUser = await ctx.newUser("scale");
  for (let i = 1; i < 25; i++) {
    await api(baseUrl, scaleUser.token, "/projects", {
      name: i % 3 === 0 ? `Family ${COMMON_WORD} ${i}` : `Bench project ${i}`,
      shared: i % 2 === 0,
    });
  }
  // 30 jobs, all finished, so the job list has pages and the event log is complete.
  await sql`update public.wallets set balance = 100000 where user_id = ${scaleUser.id}`;
  const scaleJobs: string[] = [];
  for (let i = 0; i < 30; i++) scaleJobs.push((await postJob(baseUrl, scaleUser)).id);
  for (let i = 0;; i++) {
    const [{ n }] = await sql`
      select count(*)::int as n from public.jobs where user_id = ${scaleUser.id} and status = 'succeeded'`;
    if (n === scaleJobs.length) break;
    if (i > 600) throw new Error(`${scaleJobs.length - n} of the scale user's jobs did not succeed`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Another author's 150 shared projects, a third naming the word, so every page measured on the small
  // database is as full as on the large one.
  const neighbour = await ctx.newUser("neighbour");
  await sql`
    insert into public.projects (user_id, name, shared, created_at)
    select ${neighbour.id}, case when n % 3 = 0 then 'Shared ' || ${COMMON_WORD} || ' ' || n else 'Shared ' || n end,
           true, now() - n * interval '1 second'
      from generate_series(1, 150) n`;
  const [blocker, blocked] = await Promise.all([ctx.newUser("blocker"), ctx.newUser("blocked")]);
  await sql`
    update public.projects set shared = true where id in (${blocker.projectId}, ${blocked.projectId})`;
  await sql`
    insert into public.blocks (blocker_id, blocked_user_id)
    values (${blocker.id}, ${scaleUser.id}), (${scaleUser.id}, ${blocked.id})`;
  await sql`
    select private.add_notification(${scaleUser.id}, ${blocker.id}, 'reshare', '{}') from generate_series(1, 30)`;
  await sql`
    insert into public.wallet_transactions (user_id, reason, amount, balance_after, bonus_balance_after)
    select ${scaleUser.id}, 'topup', 100, 100 * n, 500 from generate_series(1, 30) n`;
  await sql`
    insert into public.usage_events (user_id, status, model, provider, tier, tokens_in, tokens_out, credits, created_at)
    select ${scaleUser.id}, 'succeeded', 'template-light', 'template', 'light', 1000, 2000, 5,
           now() - n * interval '20 hours'
      from generate_series(1, 30) n`;

  // The prolific user: their projects made by SQL with the triggers on (so the words are the triggers'),
  // the word only in the oldest few, and blocks of users made for it. They own more projects than the
  // default cap allows, so the bench's own stack raises it.
  const prolific = await ctx.newUser("prolific");
  await sql`select private.set_setting('max_projects_per_user', (${PROLIFIC_PROJECTS} +
              (select count(*) from public.projects where user_id = ${prolific.id}))::text)`;
  await sql`
    insert into public.projects (user_id, name, description, shared, created_at)
    select ${prolific.id},
           case when n > ${PROLIFIC_PROJECTS - PROLIFIC_MATCHES} then 'Old ' || ${COMMON_WORD} || ' ' || n
                else 'Prolific project ' || n end,
           'An app to track your habits and more.', n % 3 = 0, now() - interval '1 day' - n * interval '1 second'
      from generate_series(1, ${PROLIFIC_PROJECTS}) n`;
  await sql`
    insert into auth.users (id, email)
    select md5('prolific-blocked-' || n)::uuid, 'prolific.blocked.' || n || '@example.com'
      from generate_series(1, ${PROLIFIC_BLOCKS}) n`;
  await sql`
    insert into public.blocks (blocker_id, blocked_user_id, created_at)
    select ${prolific.id}, md5('prolific-blocked-' || n)::uuid, now() - n * interval '1 minute'
      from generate_series(1, ${PROLIFIC_BLOCKS}) n`;
  await sql`analyze`;

  const measured = [
    {
      user: scaleUser,
      calls: scaleEndpoints({
        id: scaleUser.id,
        token: scaleUser.token,
        jobId: scaleJobs[0],
        projectId: scaleUser.projectId,
      }),
    },
    { user: prolific, calls: prolificEndpoints() },
  ];
  const measure = async () => {
    const out = [];
    for (const m of measured) {
      const latency = await measureLatencies(baseUrl, m.user.token, m.calls, { ...ctx.cell, log });
      const cost = await measureSqlCosts(postgres, ctx.adminUrl, m.user.id, m.calls, ctx.sqlCalls);
      out.push(...latency.map((l, i) => ({ ...l, ...cost[i] })));
    }
    return out;
  };
  const small = await measure();
  log("scale: seeding other users' rows by SQL");
  const seedStarted = performance.now();
  await seedScale(ctx.adminUrl, SCALE_VOLUME, log, postgres);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  log("scale: the same lists and searches on the large database");
  const large = await measure();
  const names = measured.flatMap((m) => m.calls.map((c) => c.name));
  const rows = names.map((endpoint, i) => ({ endpoint, small: small[i], large: large[i] }));
  for (const row of rows) {
    const r = scaleRatio(row);
    log(
      `  ${row.endpoint}: p50 ${row.small.p50.toFixed(2)} → ${row.large.p50.toFixed(2)} ms (${
        r.p50.toFixed(2)
      }), ` +
        `p99 ${row.small.p99.toFixed(2)} → ${row.large.p99.toFixed(2)} ms (${r.p99.toFixed(2)}), ` +
        `Postgres ${row.small.cpuUs.toFixed(0)} → ${row.large.cpuUs.toFixed(0)} µs CPU (${
          r.cpu.toFixed(2)
        }), ` +
        `${row.small.buffers} → ${row.large.buffers} buffers (${r.buffers.toFixed(2)}) per call`,
    );
  }
  log("scale: plans (EXPLAIN ANALYZE of every statement inside each call)");
  const plans = [];
  for (const m of measured) plans.push(await explainAsUser(postgres, ctx.adminUrl, m.user.id, m.calls));
  return { result: { volume: { ...SCALE_VOLUME }, seedSeconds, rows }, plans: plans.join("\n") };
}

if (import.meta.main) {
  const { freePort, startStack } = await import("../scripts/local/stack.ts");
  const log = (line: string) => console.log(`[bench] ${line}`);
  const dir = await Deno.makeTempDir({ prefix: "appgen-bench-" });
  // A durable cluster, as `npm run bench` starts.
  const stack = await startStack({
    dir,
    pgPort: freePort(),
    gatewayPort: freePort(),
    settings: { quota_limit: "1000000" },
    log: (l) => log(`  ${l}`),
  });
  const sql = postgres(stack.cluster.url, { prepare: false, max: 4, onnotice: () => {} });
  try {
    const baseUrl = `${stack.gatewayUrl}/functions/v1/v1`;
    const newUser = benchUsers(stack, sql);
    await measureScale({
      sql,
      adminUrl: stack.cluster.adminUrl,
      baseUrl,
      newUser,
      cell: { durationMs: 1500, requests: 1500, warmupMs: 200 },
      sqlCalls: 1000,
      log,
    });
  } finally {
    await sql.end({ timeout: 5 });
    await stack.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
