// The builds section: the build worker on a template app, its dependency set already installed (the checkout's
// shared cache). Jobs one after another, each queueing its build on success: each build's steps (install,
// type-check, web and android exports) and the time from the job's success to its build's preview_url. Then
// builds per minute with one and with two builds at once (one worker process, BUILD_CONCURRENCY 1 and 2: the
// same claims as two processes), a batch queued at once.
//
// `deno run -A bench/builds.ts [--jobs n] [--batch n]` runs this section alone on its own stack and writes its
// figures into bench/results.json and bench/results.md beside the others'.
import { join } from "node:path";
import postgres from "postgres";
import { startBuildWorker } from "../scripts/local/build-worker.ts";
import { freePort, ROOT, type Stack, startStack } from "../scripts/local/stack.ts";
import { benchUsers } from "./users.ts";
import { type BenchUser, type Distribution, distribution, postJob, waitForJobs } from "./jobs.ts";
import { judge, markdown } from "./report.ts";

export const BUILD_STEPS = ["install", "typecheck", "export_web", "export_android"] as const;

export interface BuildsResult {
  /** Sequential jobs, each with its build. */
  jobs: number;
  /** Each step's ms over those builds (`install` is 0 when its set was cached, as here). */
  steps: Record<(typeof BUILD_STEPS)[number], Distribution>;
  /** Whole builds, claim to finish. */
  buildMs: Distribution;
  /** A build's wait in the queue: created (the job's success) to claimed. */
  queueMs: Distribution;
  /** The job's `finished_at` to its build's preview event, when preview_url is written (after the web export). */
  successToPreviewMs: Distribution;
  /** Builds of a batch queued at once, per minute, by how many build at once. */
  throughput: { concurrency: number; builds: number; seconds: number; perMinute: number }[];
  /** 1-minute load average before and after the section. */
  load: { start: number; end: number };
}

export interface BuildsContext {
  stack: Stack;
  sql: postgres.Sql;
  baseUrl: string;
  newUser: (label: string) => Promise<BenchUser>;
  jobs: number;
  batch: number;
  log: (line: string) => void;
}

const TERMINAL = ["succeeded", "failed", "canceled"];

async function loadAverage(): Promise<number> {
  return Number((await Deno.readTextFile("/proc/loadavg").catch(() => "")).split(" ")[0]) || 0;
}

/** Waits until every build of `ids` ended; throws unless each succeeded. */
async function waitForBuilds(sql: postgres.Sql, ids: number[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await sql`select id, status, errors from public.builds where id in ${sql(ids)}`;
    if (rows.every((r) => TERMINAL.includes(r.status))) {
      const bad = rows.filter((r) => r.status !== "succeeded");
      if (bad.length) throw new Error(`builds did not succeed: ${JSON.stringify(bad)}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`builds ${ids.join(", ")} did not end in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The builds queued so far (the other sections' projects): none of them is measured or built here. */
async function clearQueue(sql: postgres.Sql) {
  await sql`update public.builds set status = 'canceled', finished_at = clock_timestamp()
             where status = 'queued'`;
}

export async function measureBuilds(ctx: BuildsContext): Promise<BuildsResult> {
  const { sql, log } = ctx;
  const load = { start: await loadAverage(), end: 0 };
  // Each user's project holds the template already; its own build is not measured.
  const users = [];
  for (let i = 0; i < Math.max(ctx.jobs, ctx.batch); i++) users.push(await ctx.newUser(`builds${i}`));
  await sql`select private.set_setting('build_versions', 'true')`;
  await clearQueue(sql);

  const worker = async (concurrency: number) =>
    await startBuildWorker(
      ROOT,
      ctx.stack.cluster,
      join(ctx.stack.cluster.dir, `builds-${concurrency}`),
      freePort(),
      {
        BUILD_CONCURRENCY: String(concurrency),
      },
    );

  log(`builds: ${ctx.jobs} jobs one after another, each with its build`);
  let running = await worker(1);
  const builds: { id: number; jobId: string }[] = [];
  try {
    // The dependency set installed before anything is measured (a no-op when the cache has it).
    const warm = await sql`select (private.queue_build(${users[0].projectId}, 'manual', null, null)).id`;
    await waitForBuilds(sql, [Number(warm[0].id)], 30 * 60_000);
    for (let i = 0; i < ctx.jobs; i++) {
      const job = await postJob(ctx.baseUrl, users[i]);
      await waitForJobs(sql, [job.id], 120_000);
      let build;
      for (const deadline = Date.now() + 60_000; !build && Date.now() < deadline;) {
        [build] = await sql`select id from public.builds where job_id = ${job.id}`;
        if (!build) await new Promise((r) => setTimeout(r, 100));
      }
      if (!build) throw new Error(`job ${job.id} queued no build`);
      await waitForBuilds(sql, [Number(build.id)], 15 * 60_000);
      builds.push({ id: Number(build.id), jobId: job.id });
      log(`  build ${build.id} done`);
    }
  } finally {
    await running.stop();
  }
  const rows = await sql`
    select b.steps,
           extract(epoch from b.finished_at - b.started_at) * 1000 as build_ms,
           extract(epoch from b.started_at - b.created_at) * 1000 as queue_ms,
           -- preview_url is written when the web export is published (the build's "preview" event).
           extract(epoch from coalesce((select min(e.created_at) from public.job_events e
                                         where e.job_id = b.job_id and e.type = 'build'
                                           and e.data ->> 'step' = 'preview'), b.finished_at)
                              - j.finished_at) * 1000 as preview_ms
      from public.builds b join public.jobs j on j.id = b.job_id
     where b.id in ${sql(builds.map((b) => b.id))}`;
  const steps = Object.fromEntries(BUILD_STEPS.map((name) => [
    name,
    distribution(
      rows.map((r) => (r.steps as { name: string; ms: number }[]).find((s) => s.name === name)?.ms ?? NaN),
    ),
  ])) as BuildsResult["steps"];

  const throughput: BuildsResult["throughput"] = [];
  for (const concurrency of [1, 2]) {
    log(`builds: ${ctx.batch} queued at once, ${concurrency} at a time`);
    await clearQueue(sql);
    const ids = [];
    for (const user of users.slice(0, ctx.batch)) {
      ids.push(
        Number((await sql`select (private.queue_build(${user.projectId}, 'manual', null, null)).id`)[0].id),
      );
    }
    running = await worker(concurrency);
    try {
      await waitForBuilds(sql, ids, 30 * 60_000);
    } finally {
      await running.stop();
    }
    const [span] = await sql`select extract(epoch from max(finished_at) - min(started_at)) as seconds
                               from public.builds where id in ${sql(ids)}`;
    const seconds = Number(span.seconds);
    throughput.push({ concurrency, builds: ids.length, seconds, perMinute: (ids.length * 60) / seconds });
    log(`  ${throughput.at(-1)!.perMinute.toFixed(2)} builds/min`);
  }
  load.end = await loadAverage();
  return {
    jobs: builds.length,
    steps,
    buildMs: distribution(rows.map((r) => Number(r.build_ms))),
    queueMs: distribution(rows.map((r) => Number(r.queue_ms))),
    successToPreviewMs: distribution(rows.map((r) => Number(r.preview_ms))),
    throughput,
    load,
  };
}

if (import.meta.main) {
  const arg = (name: string, fallback: number) => {
    const i = Deno.args.indexOf(`--${name}`);
    return i < 0 ? fallback : Number(Deno.args[i + 1]);
  };
  const log = (line: string) => console.log(`[bench] ${line}`);
  const dir = await Deno.makeTempDir({ prefix: "appgen-bench-" });
  const stack = await startStack({
    dir,
    pgPort: freePort(),
    gatewayPort: freePort(),
    settings: { quota_limit: "1000000" },
    log: (l) => log(`  ${l}`),
  });
  const sql = postgres(stack.cluster.url, { prepare: false, max: 2, onnotice: () => {} });
  try {
    const baseUrl = `${stack.gatewayUrl}/functions/v1/v1`;
    const newUser = benchUsers(stack, sql);
    const builds = await measureBuilds({
      stack,
      sql,
      baseUrl,
      newUser,
      jobs: arg("jobs", 3),
      batch: arg("batch", 3),
      log,
    });
    console.log(JSON.stringify(builds, null, 2));
    // The other sections' figures stay as the last full run left them.
    const file = join(ROOT, "bench/results.json");
    const { targets: _, ...results } = JSON.parse(await Deno.readTextFile(file));
    results.builds = builds;
    await Deno.writeTextFile(join(ROOT, "bench/results.md"), markdown(results));
    await new Deno.Command(join(ROOT, "node_modules/.bin/deno"), {
      args: ["fmt", "--quiet", join(ROOT, "bench/results.md")],
    }).output();
    await Deno.writeTextFile(file, JSON.stringify({ ...results, targets: judge(results) }, null, 2) + "\n");
    log("written to bench/results.md and bench/results.json");
  } finally {
    await sql.end({ timeout: 5 });
    await stack.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
