// The template pipeline end to end (POST /jobs → dispatch → claim → generation → verification → finalize),
// with where each job's time went: the runner runs alone (serve-runner.ts) and times its phases, /proc
// gives each party's CPU per job, and pg_stat_statements (track = all) what finalize_job's statements cost
// inside Postgres. Verification off is measured in the same run, interleaved with on, as the baseline of
// what verification costs; so is the pipeline without builds (the setting `build_versions` false: no version
// queues its build), the baseline of what queueing builds costs. Nothing takes the queued builds here, so
// each project keeps one queued build that each new version re-points (what a deployment whose worker is
// busy does; an idle worker's takes would make each queueing a new row instead).
//
// Each run starts a fresh runner process and first sends `warmup` jobs through it unmeasured: a runner that
// has been up a while has its connections open, Postgres's functions compiled in their backends, the
// parser's code loaded and V8's optimized code; one run measures a fresh runner's first jobs instead.
//
// `deno run -A bench/pipeline.ts [--jobs n] [--rounds n] [--warmup n]` runs this section alone on
// its own stack.
import { join } from "node:path";
import postgres from "postgres";
import type { Cluster } from "../scripts/local/cluster.ts";
import { freePort, type Stack, startStack, writeSettings } from "../scripts/local/stack.ts";
import { cpuMillis, treeCpuMillis, watchOtherWork } from "./cpu.ts";
import { benchUsers } from "./users.ts";
import {
  type BenchUser,
  measureThroughput,
  postJob,
  serverRates,
  type ThroughputResult,
  waitForJobs,
} from "./jobs.ts";
import { startServer } from "./processes.ts";
import type { JobTimings } from "../supabase/functions/job-runner/app.ts";

/** Libraries the benchmark's cluster preloads: statement statistics for this section. */
export const PIPELINE_PRELOAD = ["pg_stat_statements"];

export type Phase = keyof JobTimings;
export const PHASES: Phase[] = [
  "claim",
  "wait",
  "load",
  "icon",
  "generate",
  "verify",
  "finalize",
  "total",
];

export interface SqlStatement {
  query: string;
  /** Calls per job. */
  calls: number;
  /** Execution ms per job (planning and commit not included). */
  ms: number;
  /** Shared blocks hit, read, dirtied and written per job. */
  blocks: number;
}

export interface PipelineRun extends ThroughputResult {
  verify: boolean;
  /**
   * Whether each job's version queued its build (the setting `build_versions`); absent from results stored
   * before the runs without builds, whose every run queued them.
   */
  builds?: boolean;
  /** Each job created after the one before finished: every cost without contention. */
  sequential: boolean;
  /** A fresh runner's first jobs, without the warm-up. */
  cold: boolean;
  concurrency?: number;
  /** Share of the cores other processes kept busy, and the 1-minute load average after the run. */
  otherShare: number;
  /**
   * Ms one backend took to count 2,000,000 rows of generate_series just before the run (the fastest of five,
   * the one least disturbed by the rest of the cluster): what a millisecond of CPU buys at the time, so that
   * a slower machine is told from a costlier pipeline. Absent from results stored before it was measured.
   */
  calibrationMs?: number;
  load: number;
  /** Runner wall-clock ms per job, by phase. */
  phases: Record<Phase, number>;
  /** The median job's verification: the first job of a process also compiles the parser's code. */
  verifyP50: number;
  /**
   * CPU ms per job of the runner, the gateway (POST /jobs and the dispatch), Postgres (all backends) and the
   * bench itself, the clients sending the jobs (absent from results stored before it was measured): on two
   * cores all four share, the clients' share is CPU a deployment's servers would not spend.
   */
  cpu: { runner: number; gateway: number; postgres: number; client?: number };
  /** private.finalize_job's execution ms per job. */
  finalizeSqlMs: number;
  /** The costliest statements, per job: as sent by the servers, and run inside SQL functions. */
  topStatements: SqlStatement[];
  nestedStatements: SqlStatement[];
  /** One job at a time: the SQL functions with the most self time (their own statements), per job. */
  functions?: { name: string; calls: number; ms: number }[];
}

export interface PipelineResult {
  runs: PipelineRun[];
  /** Jobs/s with verification on over off, median of the interleaved unbounded rounds. */
  verifyThroughputRatio: number;
  /**
   * Postgres CPU per job with builds queued over without, median of the interleaved unbounded rounds; absent
   * from results stored before the runs without builds.
   */
  buildsPostgresRatio?: number;
}

export interface PipelineContext {
  stack: Stack;
  gatewayPid: number;
  postgresPid: number;
  newUser: (label: string) => Promise<BenchUser>;
  jobs: number;
  rounds: number;
  /** Jobs sent through each fresh runner before a run is measured. */
  warmup: number;
  log: (line: string) => void;
}

/**
 * The users a run's jobs are spread over, round robin, each with a project its jobs follow up. The default
 * quota (`quota_limit`, 30 prompt evaluations an hour per user) means a hundred jobs a second come from
 * thousands of users; 20 keep 5 jobs each in flight in an unbounded run, still more than the quota lets one
 * user send, without making a few wallets and project rows the line every job waits in.
 */
export const PIPELINE_USERS = 20;

/**
 * Jobs through each fresh runner before a run is measured. The runner's pool (DB_POOL_SIZE, 10) opens a
 * backend per connection, and a backend plans each parameterized statement of a PL/pgSQL function afresh
 * at its first five calls (custom plans) before it may keep a generic one: a hundred jobs are ten a
 * connection.
 */
export const PIPELINE_WARMUP = 100;

/**
 * Jobs per measured run. At about a hundred jobs a second, a hundred made a run of one second, a tenth of
 * which was the first job's way through an empty pipeline and the last ones' draining; four hundred keep that
 * under a fortieth and let a checkpoint or an autovacuum weigh on one run less.
 */
export const PIPELINE_JOBS = 400;

/**
 * What Postgres counts during a run. Every statement inside SQL functions and every function call counted
 * (`pg_stat_statements.track = all`, `track_functions = all`) cost each job CPU a deployment does not spend,
 * so only the runs one job at a time, whose lists they are for, count them; the others count the statements
 * the servers send, pg_stat_statements' default.
 */
async function instrument(admin: postgres.Sql, nested: boolean) {
  await admin.unsafe(`alter system set pg_stat_statements.track = '${nested ? "all" : "top"}'`);
  await admin.unsafe(`alter system set track_functions = '${nested ? "all" : "none"}'`);
  await admin`select pg_reload_conf()`;
}

/** See `PipelineRun.calibrationMs`. */
async function calibrate(admin: postgres.Sql): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await admin`select count(*) from generate_series(1, 2000000)`;
    times.push(performance.now() - t0);
  }
  return Math.min(...times);
}

async function loadAverage(): Promise<number> {
  return Number((await Deno.readTextFile("/proc/loadavg").catch(() => "")).split(" ")[0]) || 0;
}

async function statementStats(admin: postgres.Sql, jobs: number) {
  const [finalize] = await admin`
    select coalesce(sum(total_exec_time), 0) as ms from extensions.pg_stat_statements
     where toplevel and query like '%private.finalize_job%'`;
  const costliest = async (toplevel: boolean) =>
    (await admin`
      select query, calls, total_exec_time as ms,
             shared_blks_hit + shared_blks_read + shared_blks_dirtied + shared_blks_written as blocks
        from extensions.pg_stat_statements
       where toplevel = ${toplevel} order by total_exec_time desc limit 12`).map((s) => ({
      query: String(s.query).replace(/\s+/g, " ").slice(0, 140),
      calls: Number(s.calls) / jobs,
      ms: Number(s.ms) / jobs,
      blocks: Number(s.blocks) / jobs,
    }));
  return {
    finalizeSqlMs: Number(finalize.ms) / jobs,
    topStatements: await costliest(true),
    nestedStatements: await costliest(false),
  };
}

/**
 * A backend reports its functions' counts within PGSTAT_IDLE_INTERVAL (10 s) of going idle, not at once as
 * pg_stat_statements does: the function statistics are reset and read only after that long.
 */
const functionStatsFlushed = () => new Promise((r) => setTimeout(r, 11_000));

/** The SQL functions with the most self time (their own statements, without the functions they call). */
async function functionStats(admin: postgres.Sql, jobs: number) {
  await functionStatsFlushed();
  return (await admin`
    select schemaname || '.' || funcname as name, calls, self_time from pg_stat_user_functions
     order by self_time desc limit 15`).map((f) => ({
    name: String(f.name),
    calls: Number(f.calls) / jobs,
    ms: Number(f.self_time) / jobs,
  }));
}

async function measureRun(
  ctx: PipelineContext,
  admin: postgres.Sql,
  sql: postgres.Sql,
  opts: {
    concurrency?: number;
    verify: boolean;
    builds: boolean;
    sequential?: boolean;
    cold?: boolean;
    label: string;
  },
): Promise<PipelineRun> {
  const { stack, gatewayPid, postgresPid } = ctx;
  const users = await Promise.all(
    Array.from({ length: PIPELINE_USERS }, (_, i) => ctx.newUser(`pipeline.${i + 1}`)),
  );
  const runner = await startServer(
    "bench/serve-runner.ts",
    opts.verify ? [] : ["--no-verify"],
    { ...stack.functionsEnv, ...(opts.concurrency ? { RUNNER_CONCURRENCY: String(opts.concurrency) } : {}) },
    "/job-runner",
  );
  try {
    await instrument(admin, opts.sequential ?? false);
    await writeSettings(stack.cluster, {
      runner_url: `${runner.url}/job-runner`,
      build_versions: String(opts.builds),
    });
    const baseUrl = `${stack.gatewayUrl}/functions/v1/v1`;
    if (!opts.cold && ctx.warmup > 0) {
      // The measured users' jobs, at least one each: each project's first job, which draws its icon, is
      // not measured.
      await measureThroughput(sql, baseUrl, users, "warm-up", Math.max(ctx.warmup, users.length));
      await (await fetch(`${runner.url}/bench/timings`)).body?.cancel();
    }
    // Function statistics in the runs one job at a time only: each costs two waits for them to arrive.
    if (opts.sequential) {
      await functionStatsFlushed();
      await admin`select pg_stat_reset()`;
    }
    const calibrationMs = await calibrate(admin);
    await admin`select extensions.pg_stat_statements_reset()`;
    const watch = await watchOtherWork([Deno.pid, gatewayPid, runner.pid], postgresPid);
    const cpu0 = await Promise.all([
      cpuMillis(runner.pid),
      cpuMillis(gatewayPid),
      treeCpuMillis(postgresPid),
      cpuMillis(Deno.pid),
    ]);
    const t = opts.sequential
      ? await oneAtATime(sql, baseUrl, users, opts.label, ctx.jobs)
      : await measureThroughput(sql, baseUrl, users, opts.label, ctx.jobs);
    const cpu1 = await Promise.all([
      cpuMillis(runner.pid),
      cpuMillis(gatewayPid),
      treeCpuMillis(postgresPid),
      cpuMillis(Deno.pid),
    ]);
    const otherShare = await watch.share();
    const timed = await (await fetch(`${runner.url}/bench/timings`)).json() as JobTimings[];
    const stats = await statementStats(admin, ctx.jobs);
    const functions = opts.sequential ? await functionStats(admin, ctx.jobs) : undefined;
    const perJob = (i: number) => (cpu1[i] - cpu0[i]) / ctx.jobs;
    return {
      ...t,
      verify: opts.verify,
      builds: opts.builds,
      sequential: opts.sequential ?? false,
      cold: opts.cold ?? false,
      concurrency: opts.concurrency,
      otherShare,
      calibrationMs,
      load: await loadAverage(),
      phases: Object.fromEntries(
        PHASES.map((p) => [p, timed.reduce((sum, t) => sum + t[p], 0) / timed.length]),
      ) as Record<Phase, number>,
      verifyP50: median(timed.map((t) => t.verify)),
      cpu: { runner: perJob(0), gateway: perJob(1), postgres: perJob(2), client: perJob(3) },
      ...stats,
      ...(functions ? { functions } : {}),
    };
  } finally {
    await runner.stop();
  }
}

/** `count` jobs over `users`, each created once the one before has finished. */
async function oneAtATime(
  sql: postgres.Sql,
  baseUrl: string,
  users: BenchUser[],
  runner: string,
  count: number,
): Promise<ThroughputResult> {
  const ids: string[] = [];
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const { id } = await postJob(baseUrl, users[i % users.length]);
    ids.push(id);
    await waitForJobs(sql, [id], 30_000);
  }
  const wallSeconds = (performance.now() - t0) / 1000;
  return { runner, jobs: count, wallSeconds, ...await serverRates(sql, ids), enqueueSeconds: 0 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The unbounded run with verification on, with builds queued or without (`builds`), whose jobs/s is the
 * median of its rounds.
 */
export function unboundedMedian(p: PipelineResult, builds: boolean): PipelineRun {
  const runs = p.runs.filter((run) =>
    run.verify && (run.builds !== false) === builds && !run.sequential && !run.cold &&
    run.concurrency === undefined
  )
    .sort((a, b) => a.jobsPerSecond - b.jobsPerSecond);
  return runs[Math.floor(runs.length / 2)];
}

export function describe(run: PipelineRun): string {
  const p = run.phases;
  return `${run.jobsPerSecond.toFixed(1)} jobs/s (steady ${
    run.steadyJobsPerSecond?.toFixed(1)
  }); per job: generate ${p.generate.toFixed(2)} ms, ` +
    `verify ${p.verify.toFixed(2)} ms (p50 ${run.verifyP50.toFixed(2)}), finalize ${
      p.finalize.toFixed(2)
    } ms (SQL ${run.finalizeSqlMs.toFixed(2)}), runner total ${p.total.toFixed(1)} ms; CPU runner ${
      run.cpu.runner.toFixed(1)
    } / gateway ${run.cpu.gateway.toFixed(1)} / Postgres ${run.cpu.postgres.toFixed(1)} / client ${
      run.cpu.client?.toFixed(1)
    } ms; others ${(run.otherShare * 100).toFixed(0)}%, load ${run.load}, calibration ${
      run.calibrationMs?.toFixed(0)
    } ms`;
}

/**
 * Jobs one at a time (the costs without contention) with builds queued and without, runs with
 * RUNNER_CONCURRENCY 1 and 4, a fresh runner's first jobs (unbounded, no warm-up), then `rounds` unbounded
 * triples: verification off, on, and on without builds. Builds are queued unless a label says otherwise.
 */
export async function measurePipeline(ctx: PipelineContext): Promise<PipelineResult> {
  const admin = postgres(ctx.stack.cluster.adminUrl, { prepare: false, max: 1, onnotice: () => {} });
  const sql = postgres(ctx.stack.cluster.url, { prepare: false, max: 4, onnotice: () => {} });
  const gatewayRunner = `${ctx.stack.gatewayUrl}/functions/v1/job-runner`;
  try {
    await admin`create extension if not exists pg_stat_statements schema extensions`;
    const runs: PipelineRun[] = [];
    const plan = [
      { verify: true, builds: true, sequential: true, label: "one job at a time" },
      { verify: true, builds: false, sequential: true, label: "one job at a time, no builds" },
      { concurrency: 1, verify: true, builds: true, label: "RUNNER_CONCURRENCY=1" },
      { concurrency: 4, verify: true, builds: true, label: "RUNNER_CONCURRENCY=4" },
      {
        verify: true,
        builds: true,
        cold: true,
        label: "unbounded, a fresh runner's first jobs (no warm-up)",
      },
      ...Array.from({ length: ctx.rounds }, (_, i) => [
        { verify: false, builds: true, label: `unbounded, verification off (round ${i + 1})` },
        { verify: true, builds: true, label: `unbounded (round ${i + 1})` },
        { verify: true, builds: false, label: `unbounded, no builds (round ${i + 1})` },
      ]).flat(),
    ];
    for (const step of plan) {
      ctx.log(`pipeline, ${step.label}: ${ctx.jobs} jobs`);
      const run = await measureRun(ctx, admin, sql, step);
      ctx.log(`  ${describe(run)}`);
      runs.push(run);
    }
    const rounds = Array.from({ length: ctx.rounds }, (_, i) => runs.slice(5 + 3 * i, 8 + 3 * i));
    return {
      runs,
      verifyThroughputRatio: median(rounds.map(([off, on]) => on.jobsPerSecond / off.jobsPerSecond)),
      buildsPostgresRatio: median(rounds.map(([, on, noBuilds]) => on.cpu.postgres / noBuilds.cpu.postgres)),
    };
  } finally {
    await writeSettings(ctx.stack.cluster, { runner_url: gatewayRunner, build_versions: null });
    await Promise.all([admin.end({ timeout: 5 }), sql.end({ timeout: 5 })]);
  }
}

/** The pid of the postmaster of `cluster`. */
export async function postmasterPid(cluster: Cluster): Promise<number> {
  return Number((await Deno.readTextFile(join(cluster.dir, "data/postmaster.pid"))).split("\n")[0]);
}

if (import.meta.main) {
  const { childPid } = await import("./cpu.ts");
  const arg = (name: string, fallback: number) => {
    const i = Deno.args.indexOf(`--${name}`);
    return i < 0 ? fallback : Number(Deno.args[i + 1]);
  };
  const log = (line: string) => console.log(`[bench] ${line}`);
  log(`load average before starting: ${await loadAverage()}`);
  const dir = await Deno.makeTempDir({ prefix: "appgen-bench-" });
  const stack = await startStack({
    dir,
    pgPort: freePort(),
    gatewayPort: freePort(),
    preload: PIPELINE_PRELOAD,
    settings: { quota_limit: "1000000" },
    log: (l) => log(`  ${l}`),
  });
  try {
    const sql = postgres(stack.cluster.url, { prepare: false, max: 1, onnotice: () => {} });
    const newUser = benchUsers(stack, sql);
    const result = await measurePipeline({
      stack,
      gatewayPid: (await childPid("scripts/local/gateway.ts"))!,
      postgresPid: await postmasterPid(stack.cluster),
      newUser,
      jobs: arg("jobs", PIPELINE_JOBS),
      rounds: arg("rounds", 5),
      warmup: arg("warmup", PIPELINE_WARMUP),
      log,
    });
    await sql.end();
    log(`verification on ÷ off, jobs/s: ${result.verifyThroughputRatio.toFixed(2)}`);
    log(`builds queued ÷ not, Postgres CPU per job: ${result.buildsPostgresRatio!.toFixed(2)}`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await stack.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
