// The job pipeline under measurement: POST /jobs → the insert trigger → pg_net → the runner's claim
// (creation-to-running latency), and whole batches through generation and finalize (jobs per second).
import type postgres from "postgres";
import { quantile } from "./load.ts";

export interface BenchUser {
  id: string;
  token: string;
  /** A project of the user's: jobs name it, so no project is created and no icon is rendered. */
  projectId: number;
}

export interface Distribution {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export function distribution(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

const TERMINAL = ["succeeded", "failed", "canceled"];
// The heuristic evaluator files this under `light`: 5 credits a run, 200 runs per new wallet.
export const PIPELINE_PROMPT = "a todo list app with categories";

export async function postJob(baseUrl: string, user: BenchUser): Promise<{ id: string; status: string }> {
  const res = await fetch(`${baseUrl}/jobs`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
    body: JSON.stringify({ type: "prompt", input: { prompt: PIPELINE_PROMPT }, project_id: user.projectId }),
  });
  const body = await res.json();
  if (res.status !== 202) throw new Error(`POST /jobs answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

export interface CreationSample {
  id: string;
  /** Client: from the POST's send to its 202. */
  postMs: number;
  /** Client: from the POST's send to the first GET /jobs/{id} answer past `queued`. */
  runningMs: number;
}

/** Creates a job and reads it back without pause until it has left `queued`. */
async function createAndWatch(baseUrl: string, user: BenchUser): Promise<CreationSample> {
  const t0 = performance.now();
  const job = await postJob(baseUrl, user);
  const postMs = performance.now() - t0;
  let status = job.status;
  while (status === "queued") {
    if (performance.now() - t0 > 30_000) throw new Error(`job ${job.id} was not claimed within 30 s`);
    const res = await fetch(`${baseUrl}/jobs/${job.id}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    status = (await res.json()).status;
  }
  return { id: job.id, postMs, runningMs: performance.now() - t0 };
}

/**
 * Waits until every job is terminal, asking every `pollMs`; throws when any did not succeed or time ran out.
 * Each ask reads every job of `ids`: a long list is asked about less often, so the harness's own reads take
 * little of the CPU it measures.
 */
export async function waitForJobs(
  sql: postgres.Sql,
  ids: string[],
  timeoutMs: number,
  pollMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (true) {
    const [row] = await sql`
      select count(*) filter (where status = any(${TERMINAL}))::int as done,
             count(*) filter (where status <> 'succeeded' and status = any(${TERMINAL}))::int as bad
        from public.jobs where id = any(${ids}::uuid[])`;
    if (row.bad > 0) throw new Error(`${row.bad} of ${ids.length} jobs did not succeed`);
    if (row.done === ids.length) return;
    if (Date.now() > deadline) {
      throw new Error(`${ids.length - row.done} of ${ids.length} jobs were unfinished after ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** Server side, exact: started_at (the runner's claim) − created_at (the insert), per job. */
async function claimDelays(sql: postgres.Sql, ids: string[]): Promise<number[]> {
  const rows = await sql`
    select extract(epoch from started_at - created_at) * 1000 as ms from public.jobs where id = any(${ids}::uuid[])`;
  return rows.map((r) => Number(r.ms));
}

export interface CreationResult {
  mode: string;
  /** started_at − created_at in the jobs table. */
  server: Distribution;
  /** Client-observed: POST sent → first GET showing `running` or later. */
  client: Distribution;
  /** Client-observed: POST sent → 202 received. */
  post: Distribution;
}

function summarize(mode: string, samples: CreationSample[], server: number[]): CreationResult {
  return {
    mode,
    server: distribution(server),
    client: distribution(samples.map((s) => s.runningMs)),
    post: distribution(samples.map((s) => s.postMs)),
  };
}

/** One job at a time, each finished before the next is created, then batches created all at once. */
export async function measureCreation(
  sql: postgres.Sql,
  baseUrl: string,
  user: BenchUser,
  opts: { sequential: number; batches: number; batchSize: number; log: (l: string) => void },
): Promise<CreationResult[]> {
  const one: CreationSample[] = [];
  for (let i = 0; i < opts.sequential; i++) {
    const sample = await createAndWatch(baseUrl, user);
    one.push(sample);
    await waitForJobs(sql, [sample.id], 30_000);
  }
  opts.log(`  ${opts.sequential} jobs one at a time: done`);
  const batched: CreationSample[] = [];
  for (let b = 0; b < opts.batches; b++) {
    const samples = await Promise.all(
      Array.from({ length: opts.batchSize }, () => createAndWatch(baseUrl, user)),
    );
    await waitForJobs(sql, samples.map((s) => s.id), 60_000);
    batched.push(...samples);
  }
  opts.log(`  ${opts.batches} batches of ${opts.batchSize} concurrent jobs: done`);
  return [
    summarize("one at a time", one, await claimDelays(sql, one.map((s) => s.id))),
    summarize(`${opts.batchSize} at once`, batched, await claimDelays(sql, batched.map((s) => s.id))),
  ];
}

export interface ThroughputResult {
  runner: string;
  jobs: number;
  /** From the first POST's send until the last job was seen succeeded. */
  wallSeconds: number;
  /** First created_at to last finished_at, in the jobs table. */
  serverSeconds: number;
  jobsPerSecond: number;
  /**
   * Jobs finished per second between the 10th and the 90th percentile of finished_at: the rate while the
   * pipeline is full, without the first job's way through an empty one and the last ones' draining, which
   * `jobsPerSecond` counts. Absent from results stored before it was measured.
   */
  steadyJobsPerSecond?: number;
  /** How long sending every POST took (8 in flight at a time). */
  enqueueSeconds: number;
}

/** The span of `ids` in the jobs table (first created_at to last finished_at) and their steady rate. */
export async function serverRates(
  sql: postgres.Sql,
  ids: string[],
): Promise<{ serverSeconds: number; jobsPerSecond: number; steadyJobsPerSecond: number }> {
  const rows = await sql`
    select extract(epoch from finished_at - min(created_at) over ()) as s
      from public.jobs where id = any(${ids}::uuid[]) order by finished_at`;
  const finished = rows.map((r) => Number(r.s));
  const serverSeconds = finished[finished.length - 1];
  const lo = Math.floor(finished.length * 0.1);
  const hi = Math.ceil(finished.length * 0.9) - 1;
  return {
    serverSeconds,
    jobsPerSecond: ids.length / serverSeconds,
    steadyJobsPerSecond: (hi - lo) / (finished[hi] - finished[lo]),
  };
}

/** Enqueues `count` jobs spread over `users`, 8 requests in flight, and waits until all succeeded. */
export async function measureThroughput(
  sql: postgres.Sql,
  baseUrl: string,
  users: BenchUser[],
  runner: string,
  count: number,
): Promise<ThroughputResult> {
  const ids: string[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < count) {
      const user = users[next++ % users.length];
      ids.push((await postJob(baseUrl, user)).id);
    }
  }));
  const enqueueSeconds = (performance.now() - t0) / 1000;
  await waitForJobs(sql, ids, 600_000, 200);
  const wallSeconds = (performance.now() - t0) / 1000;
  return { runner, jobs: count, wallSeconds, ...await serverRates(sql, ids), enqueueSeconds };
}
