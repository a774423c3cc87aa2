// The job pipeline at volume: a burst of queued jobs while the runner is down (every dispatch fails), then
// the runner comes back and the dispatcher's ticks drain the queue. Measures the time to drain, what each
// tick costs, and that no job was claimed or finished twice. Ticks are the bench's own calls of
// private.dispatch_jobs() at the hosted schedule (every 5 s), since Debian's pg_cron ticks once a minute.
import type postgres from "postgres";
import { type Distribution, distribution } from "./jobs.ts";

export interface BurstResult {
  jobs: number;
  tickSeconds: number;
  /** How long pg_net took to fail every first dispatch against the closed port. */
  downSeconds: number;
  /** From the runner's return to the last job's finished_at. */
  drainSeconds: number;
  /** Dispatcher ticks until the queue was empty, and what each cost (ms) and touched. */
  ticks: number;
  tickMs: Distribution;
  touchedPerTick: Distribution;
  succeeded: number;
  /** Jobs claimed more than once, and jobs finished (usage events) more than once: both must be 0. */
  claimedTwice: number;
  finishedTwice: number;
}

export async function measureBurst(
  sql: postgres.Sql,
  opts: {
    userId: string;
    projectId: number;
    jobs: number;
    tickSeconds: number;
    runnerDown(): Promise<void>;
    runnerUp(): Promise<void>;
    log: (line: string) => void;
  },
): Promise<BurstResult> {
  await opts.runnerDown();
  await sql`
    insert into public.jobs (user_id, project_id, type, input)
    select ${opts.userId}, ${opts.projectId}, 'prompt',
           jsonb_build_object('prompt', 'a todo list app with categories', 'model', 'light', 'appName', 'Burst ' || n)
      from generate_series(1, ${opts.jobs}) n`;
  opts.log(`  ${opts.jobs} jobs queued with the runner down; waiting for their dispatches to fail`);
  const downSince = Date.now();
  for (let i = 1;; i++) {
    const [{ n }] = await sql`select count(*)::int as n from net.http_request_queue`;
    if (n === 0) break;
    if (Date.now() - downSince > 10 * 60_000) {
      throw new Error(`${n} dispatches still unsent after 10 minutes`);
    }
    if (i % 50 === 0) opts.log(`  ${n} failing dispatches still queued`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const downSeconds = (Date.now() - downSince) / 1000;
  await opts.runnerUp();
  const up = Date.now();
  const tickMs: number[] = [];
  const touched: number[] = [];
  for (;;) {
    const t0 = performance.now();
    const [{ n }] = await sql`select private.dispatch_jobs() as n`;
    tickMs.push(performance.now() - t0);
    touched.push(n);
    const [left] = await sql`
      select count(*) filter (where status = 'queued')::int as queued,
             count(*) filter (where status = 'running')::int as running
        from public.jobs where user_id = ${opts.userId}`;
    opts.log(
      `  tick ${tickMs.length}: ${tickMs.at(-1)!.toFixed(1)} ms, ${n} jobs touched; ${left.queued} queued, ` +
        `${left.running} running, ${((Date.now() - up) / 1000).toFixed(0)} s since the runner came back`,
    );
    if (left.queued + left.running === 0) break;
    if (Date.now() - up > 30 * 60_000) throw new Error("the queue did not drain within 30 minutes");
    await new Promise((r) => setTimeout(r, opts.tickSeconds * 1000));
  }
  const [s] = await sql`
    select count(*) filter (where j.status = 'succeeded')::int as succeeded,
           count(*) filter (where j.attempts > 1)::int as claimed_twice,
           extract(epoch from max(j.finished_at))::float8 * 1000 as last_finished
      from public.jobs j where j.user_id = ${opts.userId}`;
  const [f] = await sql`
    select count(*)::int as n from (select e.job_id from public.usage_events e where e.user_id = ${opts.userId}
                                     group by e.job_id having count(*) > 1) d`;
  return {
    jobs: opts.jobs,
    tickSeconds: opts.tickSeconds,
    downSeconds,
    drainSeconds: (s.last_finished - up) / 1000,
    ticks: tickMs.length,
    tickMs: distribution(tickMs),
    touchedPerTick: distribution(touched),
    succeeded: s.succeeded,
    claimedTwice: s.claimed_twice,
    finishedTwice: f.n,
  };
}
