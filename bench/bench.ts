// `npm run bench`: a throw-away stack on free ports, then the read endpoints against a bare baseline, the
// job pipeline's latency and throughput, a status change to its SSE event and webhook, concurrent wallet
// spends, a follow-up on a 5 MB project (bench/followup.ts) and the reading of the prompt corpus
// (bench/understanding.ts); prints the results, writes them
// to bench/results.md and bench/results.json, and stops everything it started. Exits non-zero when a
// measurement fails or the wallet does not add up.
//   --cell-seconds <n>  measured seconds per endpoint cell (default 3)
//   --jobs <n>          jobs per pipeline-throughput run (default 400)
//   --pipeline-rounds <n>  unbounded pipeline runs with verification off and on, alternating (default 5)
//   --pipeline-warmup <n>  jobs sent through each fresh runner before a pipeline run is measured (default 100)
//   --db-pool-size <n>  DB_POOL_SIZE of every server (default 10, the functions' default)
//   --burst-jobs <n>    jobs queued while the runner is down in the scale section (default 10000)
//   --build-jobs <n>    jobs whose builds are timed in the builds section (default 3)
//   --build-batch <n>   builds queued at once per throughput run in the builds section (default 3)
import { join } from "node:path";
import postgres from "postgres";
import { freePort, ROOT, type Stack, startStack, writeSettings } from "../scripts/local/stack.ts";
import { ensureUser } from "../scripts/local/users.ts";
import { measureEndpoints } from "./endpoints.ts";
import { childPid, watchOtherWork } from "./cpu.ts";
import { benchUsers } from "./users.ts";
import { type BenchUser, measureCreation, PIPELINE_PROMPT } from "./jobs.ts";
import {
  measurePipeline,
  PIPELINE_JOBS,
  PIPELINE_PRELOAD,
  PIPELINE_WARMUP as DEFAULT_PIPELINE_WARMUP,
  postmasterPid,
} from "./pipeline.ts";
import { measureVerification } from "./verification.ts";
import { measureUnderstanding } from "./understanding.ts";
import { measureWalletSpends } from "./wallet.ts";
import { fillLargestProject, measureLargeReads } from "./large-reads.ts";
import { measureLive } from "./live.ts";
import { type Server, startServer } from "./processes.ts";
import { explainAsUser, measureScale } from "./scale.ts";
import { measureBurst } from "./burst.ts";
import { measureFollowUp } from "./followup.ts";
import { measureBuilds } from "./builds.ts";
import { distribution } from "./jobs.ts";
import { BASELINE, GATEWAY, judge, type Machine, markdown, type Results, V1_ALONE } from "./report.ts";

function flag(name: string, fallback: number): number {
  const i = Deno.args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(Deno.args[i + 1]);
  if (!(v > 0)) throw new Error(`--${name} needs a positive number`);
  return v;
}

const CELL_SECONDS = flag("cell-seconds", 3);
const ROUNDS = 5;
const CELL_REQUESTS = 60_000;
const WARMUP_SECONDS = 0.2;
// Other work on a shared machine distorts the read cells most; beyond this the run is measured again.
const MAX_OTHER_SHARE = 0.1;
const MAX_REPEATS = 3;
const REPEAT_BUDGET = 90;
const THROUGHPUT_JOBS = flag("jobs", PIPELINE_JOBS);
const PIPELINE_ROUNDS = flag("pipeline-rounds", 5);
const PIPELINE_WARMUP = flag("pipeline-warmup", DEFAULT_PIPELINE_WARMUP);
const DB_POOL_SIZE = flag("db-pool-size", 10);
const BURST_JOBS = flag("burst-jobs", 10_000);
const BUILD_JOBS = flag("build-jobs", 3);
const BUILD_BATCH = flag("build-batch", 3);
const SCALE_CELL = { durationMs: 1500, requests: 1500, warmupMs: 200 };
const SQL_CALLS = 1000;
const LARGE_READ_SECONDS = 10;
const LARGE_READERS = 12;
const FOLLOW_UP_JOBS = 10;

const log = (line: string) => console.log(`[bench] ${line}`);
const started = Date.now();
const servers: Server[] = [];
let stack: Stack | undefined;
let dir: string | undefined;

async function cleanup() {
  await Promise.allSettled(servers.splice(0).map((s) => s.stop()));
  await stack?.stop();
  stack = undefined;
  if (dir) await Deno.remove(dir, { recursive: true }).catch(() => {});
  dir = undefined;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    log(`${signal}: stopping what was started`);
    await cleanup();
    Deno.exit(130);
  });
}

/** The 1-minute load average: other work on the machine shows up here, and in every figure. */
async function loadAverage(): Promise<number> {
  const text = await Deno.readTextFile("/proc/loadavg").catch(() => "");
  return Number(text.split(" ")[0]) || 0;
}

async function machine(sql: postgres.Sql): Promise<Machine> {
  const cpuinfo = await Deno.readTextFile("/proc/cpuinfo").catch(() => "");
  const [{ server_version }] = await sql`show server_version`;
  return {
    cpu: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? "unknown CPU",
    cores: navigator.hardwareConcurrency,
    memoryGiB: Math.round(Deno.systemMemoryInfo().total / 2 ** 30),
    os: `${Deno.build.os} ${Deno.osRelease()}`,
    deno: Deno.version.deno,
    postgres: String(server_version).split(" ")[0],
  };
}

async function api<T>(
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

async function run(): Promise<boolean> {
  const loadAtStart = await loadAverage();
  log(`load average before starting: ${loadAtStart}`);
  dir = await Deno.makeTempDir({ prefix: "appgen-bench-" });
  log("starting a throw-away stack on free ports");
  // A durable cluster (not the tests' fsync-off one), so commit-bound figures are what `npm start` gives.
  stack = await startStack({
    dir,
    pgPort: freePort(),
    gatewayPort: freePort(),
    // Hundreds of jobs per user would otherwise meet the prompt-evaluation quota.
    settings: { quota_limit: "1000000" },
    preload: PIPELINE_PRELOAD,
    env: { DB_POOL_SIZE: String(DB_POOL_SIZE) },
    log: (l) => log(`  ${l}`),
  });
  const { cluster, gatewayUrl, functionsEnv } = stack;
  const baseUrl = `${gatewayUrl}/functions/v1/v1`;
  const sql = postgres(cluster.url, { prepare: false, max: 4, onnotice: () => {} });
  try {
    const newUser = benchUsers(stack, sql);
    /** 24 more projects, so the user has 25. */
    const addProjects = async (user: BenchUser, body: (i: number) => Record<string, unknown>) => {
      for (let i = 1; i < 25; i++) {
        const p = await api("POST", `${baseUrl}/projects`, user.token, body(i));
        if (p.status !== 201) throw new Error(`POST /projects: ${p.status}`);
      }
    };
    const postJob = async (user: BenchUser): Promise<string> => {
      const job = await api<{ id: string }>("POST", `${baseUrl}/jobs`, user.token, {
        type: "prompt",
        input: { prompt: "a todo list app with categories" },
        project_id: user.projectId,
      });
      if (job.status !== 202) throw new Error(`POST /jobs: ${job.status}`);
      return job.body.id;
    };

    log("data: a reader with 25 projects and one finished job");
    const reader = await newUser("reader");
    await addProjects(reader, (i) => ({ name: `Bench project ${i}` }));
    const readerJob = await postJob(reader);
    for (let i = 0;; i++) {
      const [row] = await sql`select status from public.jobs where id = ${readerJob}`;
      if (row.status === "succeeded") break;
      if (i > 300) throw new Error(`the reader's job is still ${row.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    log("read endpoints: starting the baseline and the v1 function alone");
    const gatewayPid = await childPid("scripts/local/gateway.ts");
    if (gatewayPid === undefined) throw new Error("the gateway's process was not found");
    const postgresPid = await postmasterPid(cluster);
    const baseline = await startServer("bench/baseline.ts", [], functionsEnv, "/");
    servers.push(baseline);
    const v1 = await startServer("bench/serve-function.ts", ["v1"], functionsEnv, "/v1/health");
    servers.push(v1);
    const endpoints = await measureEndpoints([
      { name: BASELINE, url: (p) => `${baseline.url}${p}`, pid: baseline.pid },
      { name: V1_ALONE, url: (p) => `${v1.url}/v1${p}`, pid: v1.pid },
      { name: GATEWAY, url: (p) => `${baseUrl}${p}`, pid: gatewayPid },
    ], {
      postgresPid,
      token: reader.token,
      endpoints: [
        { name: "GET /jobs/{id}", path: `/jobs/${readerJob}` },
        { name: "GET /projects", path: "/projects" },
      ],
      connections: [1, 16, 64],
      rounds: ROUNDS,
      roundMs: (CELL_SECONDS * 1000) / ROUNDS,
      roundRequests: CELL_REQUESTS / ROUNDS,
      warmupMs: WARMUP_SECONDS * 1000,
      maxOtherShare: MAX_OTHER_SHARE,
      maxRepeats: MAX_REPEATS,
      repeatBudget: REPEAT_BUDGET,
      log,
    });
    await Promise.all(servers.splice(0).map((s) => s.stop()));

    log("POST /jobs to running");
    const latencyUser = await newUser("latency");
    const creationWatch = await watchOtherWork([Deno.pid, gatewayPid], postgresPid);
    const creation = await measureCreation(sql, baseUrl, latencyUser, {
      sequential: 30,
      batches: 3,
      batchSize: 8,
      log,
    });
    for (const c of creation) {
      log(`  ${c.mode}: server p50 ${c.server.p50.toFixed(1)} ms, client p50 ${c.client.p50.toFixed(1)} ms`);
    }

    const creationOtherShare = await creationWatch.share();

    log("live progress: a cancel to its SSE event and to its webhook, 20 jobs");
    const live = await measureLive(sql, cluster, baseUrl, await newUser("live"), {
      jobs: 20,
      pollMs: Number(functionsEnv.JOB_EVENTS_POLL_MS ?? 250),
      runnerUrl: `${gatewayUrl}/functions/v1/job-runner`,
    });
    log(`  SSE p50 ${live.sse.p50.toFixed(1)} ms, webhook p50 ${live.webhook.p50.toFixed(1)} ms`);
    const pipeline = await measurePipeline({
      stack,
      gatewayPid,
      postgresPid,
      newUser,
      jobs: THROUGHPUT_JOBS,
      rounds: PIPELINE_ROUNDS,
      warmup: PIPELINE_WARMUP,
      log,
    });
    log(`  verification on ÷ off, jobs/s: ${pipeline.verifyThroughputRatio.toFixed(2)}`);
    log(`  builds queued ÷ not, Postgres CPU per job: ${pipeline.buildsPostgresRatio!.toFixed(2)}`);
    const gatewayRunner = `${gatewayUrl}/functions/v1/job-runner`;

    log("verification: the runner's check of one generated project");
    const verification = await measureVerification(PIPELINE_PROMPT);
    log(
      `  ${verification.verifyMs.toFixed(2)} ms per job (${
        verification.coldVerifyMs.toFixed(2)
      } ms cold) over ` +
        `${verification.sourceFiles} source files ` +
        `(generation ${verification.generateMs.toFixed(2)} ms)`,
    );

    log("understanding: every development prompt read, and composed, in-process");
    const understanding = measureUnderstanding();
    log(
      `  understand ${understanding.understand.p50.toFixed(2)} ms CPU the median prompt (again ${
        understanding.understandAgain.p50.toFixed(2)
      }), with the spec composed ${understanding.compose.p50.toFixed(2)} ms`,
    );

    log("wallet: 1000 concurrent spends of 1 credit from 50 sessions");
    const spender = await ensureUser(sql, `bench.wallet.${crypto.randomUUID().slice(0, 8)}@example.com`);
    const walletWatch = await watchOtherWork([Deno.pid, gatewayPid], postgresPid);
    const wallet = {
      ...await measureWalletSpends(cluster.url, spender.id, { spends: 1000, connections: 50 }),
      otherShare: await walletWatch.share(),
    };
    log(
      `  ${
        wallet.seconds.toFixed(2)
      } s; balance ${wallet.actual.balance} (expected ${wallet.expected.balance}), ` +
        `bonus ${wallet.actual.bonus} (expected ${wallet.expected.bonus}): ${wallet.ok ? "OK" : "MISMATCH"}`,
    );

    const scale = await measureScale({
      sql,
      adminUrl: cluster.adminUrl,
      baseUrl,
      newUser,
      cell: SCALE_CELL,
      sqlCalls: SQL_CALLS,
      log,
    });

    log(`scale: a burst of ${BURST_JOBS} jobs with the runner down, then up`);
    const burstUser = await newUser("burst");
    const burst = await measureBurst(sql, {
      userId: burstUser.id,
      projectId: burstUser.projectId,
      jobs: BURST_JOBS,
      tickSeconds: 5,
      runnerDown: () => writeSettings(cluster, { runner_url: `http://127.0.0.1:${freePort()}/job-runner` }),
      runnerUp: () => writeSettings(cluster, { runner_url: gatewayRunner }),
      log,
    });
    log(
      `  drained in ${burst.drainSeconds.toFixed(1)} s over ${burst.ticks} ticks (p50 ${
        burst.tickMs.p50.toFixed(1)
      } ms); claimed twice ${burst.claimedTwice}, finished twice ${burst.finishedTwice}`,
    );
    log("scale: POST /jobs for a user with past jobs and for a new one");
    // The burst's runs took the wallet far below the floor; these requests measure admission, not refusal.
    await sql`update public.wallets set balance = 100000 where user_id = ${burstUser.id}`;
    const freshUser = await newUser("fresh");
    const admission: Results["admission"] = [];
    for (
      const [label, user] of [[`${BURST_JOBS} past jobs`, burstUser], ["no past jobs", freshUser]] as const
    ) {
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t0 = performance.now();
        await postJob(user);
        times.push(performance.now() - t0);
      }
      admission.push({ user: label, post: distribution(times) });
      log(`  ${label}: POST /jobs p50 ${admission.at(-1)!.post.p50.toFixed(1)} ms`);
    }
    const admissionPlans = await explainAsUser(postgres, cluster.adminUrl, null, [
      {
        name: `quota check, user with ${BURST_JOBS} past jobs`,
        sql: `select private.quota_state('${burstUser.id}')`,
      },
      {
        name: "idempotency lookup, same user",
        sql:
          `select id from public.jobs where user_id = '${burstUser.id}' and idempotency_key = gen_random_uuid()`,
      },
    ]);
    await Deno.mkdir(join(ROOT, "bench"), { recursive: true });
    await Deno.writeTextFile(
      join(ROOT, "bench/scale-plans.md"),
      "# Query plans at scale\n\nEXPLAIN ANALYZE (auto_explain, nested statements, buffers) of what each route " +
        "runs, on the large database of the last `npm run bench`, as the measured users.\n\n" + scale.plans +
        "\n## Admission\n\n" + admissionPlans,
    );
    log("a follow-up on a 5 MB project against a small one and a whole write");
    const followUp = await measureFollowUp({ stack, newUser, jobs: FOLLOW_UP_JOBS, log });
    log(`large reads: a 20 MiB project, ${LARGE_READERS} readers at once, another user meanwhile`);
    const filesOwner = await newUser("files.owner");
    await sql`update public.projects set shared = true where id = ${filesOwner.projectId}`;
    const filled = await fillLargestProject(sql, filesOwner.projectId);
    const [filesReader, bystander] = await Promise.all([newUser("files.reader"), newUser("files.other")]);
    const largeReads: Results["largeReads"] = {
      projectBytes: filled.bytes,
      files: filled.files,
      readers: LARGE_READERS,
      seconds: LARGE_READ_SECONDS,
      cells: [],
    };
    // Each endpoint with the default bound, and with none (as many slots as readers) for comparison; the
    // readers are one user, who may take every slot here.
    for (const endpoint of ["rest", "mcp"] as const) {
      for (const fileReadConcurrency of [2, LARGE_READERS]) {
        const server = await startServer(
          "bench/serve-function.ts",
          [endpoint === "rest" ? "v1" : "mcp"],
          {
            ...functionsEnv,
            FILE_READ_CONCURRENCY: String(fileReadConcurrency),
            FILE_READ_PER_USER: String(fileReadConcurrency),
          },
          endpoint === "rest" ? "/v1/health" : "/mcp/.well-known/oauth-protected-resource",
        );
        servers.push(server);
        try {
          largeReads.cells.push(
            await measureLargeReads({
              server: { endpoint, url: server.url, pid: server.pid, fileReadConcurrency },
              projectId: filesOwner.projectId,
              readerToken: filesReader.token,
              otherToken: bystander.token,
              readers: LARGE_READERS,
              seconds: LARGE_READ_SECONDS,
              log,
            }),
          );
        } finally {
          await server.stop();
          servers.splice(servers.indexOf(server), 1);
        }
      }
    }

    // Last: the build worker's exports keep both cores busy for minutes.
    const builds = await measureBuilds({
      stack,
      sql,
      baseUrl,
      newUser,
      jobs: BUILD_JOBS,
      batch: BUILD_BATCH,
      log,
    });

    const results: Results = {
      date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
      machine: await machine(sql),
      settings: {
        cellSeconds: CELL_SECONDS,
        cellRequests: CELL_REQUESTS,
        rounds: ROUNDS,
        warmupSeconds: WARMUP_SECONDS,
        dbPoolSize: DB_POOL_SIZE,
        maxOtherShare: MAX_OTHER_SHARE,
        maxRepeats: MAX_REPEATS,
      },
      load: { start: loadAtStart, end: await loadAverage() },
      endpoints,
      creation,
      creationOtherShare,
      live,
      pipeline,
      verification,
      understanding,
      wallet,
      scale: scale.result,
      burst,
      admission,
      largeReads,
      followUp,
      builds,
    };
    const md = markdown(results);
    await Deno.mkdir(join(ROOT, "bench"), { recursive: true });
    await Deno.writeTextFile(join(ROOT, "bench/results.md"), md);
    // Aligned as `deno fmt` would, so the committed files pass the formatting check.
    await new Deno.Command(join(ROOT, "node_modules/.bin/deno"), {
      args: ["fmt", "--quiet", join(ROOT, "bench/results.md"), join(ROOT, "bench/scale-plans.md")],
    }).output();
    await Deno.writeTextFile(
      join(ROOT, "bench/results.json"),
      JSON.stringify({ ...results, targets: judge(results) }, null, 2) + "\n",
    );
    console.log(`\n${md}`);
    log("written to bench/results.md and bench/results.json");
    return wallet.ok;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

let ok = false;
try {
  ok = await run();
} catch (err) {
  console.error(`[bench] failed: ${err instanceof Error ? err.stack : err}`);
} finally {
  log("stopping what was started");
  await cleanup();
}
log(`took ${Math.round((Date.now() - started) / 1000)} s`);
Deno.exit(ok ? 0 : 1);
