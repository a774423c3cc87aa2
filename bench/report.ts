// The results as one markdown document (bench/results.md) and as data (bench/results.json).
import { followUpMarkdown, type FollowUpResult } from "./followup.ts";
import { CLIENT, type EndpointCell, POSTGRES, SERVER } from "./endpoints.ts";
import type { CreationResult } from "./jobs.ts";
import { type PipelineResult, type PipelineRun, unboundedMedian } from "./pipeline.ts";
import type { VerificationResult } from "./verification.ts";
import type { UnderstandingResult } from "./understanding.ts";
import type { WalletResult } from "./wallet.ts";
import { scaleRatio, type ScaleResult } from "./scale.ts";
import type { BurstResult } from "./burst.ts";
import type { Distribution } from "./jobs.ts";
import type { LargeReadsResult } from "./large-reads.ts";
import type { LiveResult } from "./live.ts";
import type { BuildsResult } from "./builds.ts";

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  deno: string;
  postgres: string;
}

export interface Results {
  date: string;
  machine: Machine;
  settings: {
    cellSeconds: number;
    cellRequests: number;
    rounds: number;
    warmupSeconds: number;
    dbPoolSize: number;
    maxOtherShare: number;
    maxRepeats: number;
  };
  /** 1-minute load average before the stack started and after the last measurement. */
  load: { start: number; end: number };
  endpoints: EndpointCell[];
  creation: CreationResult[];
  /** Share of the cores other processes kept busy: while jobs were created, per throughput run, while spending. */
  creationOtherShare: number;
  live: LiveResult;
  pipeline: PipelineResult;
  /** The runner's check of a generated project, per job, in-process. */
  verification: VerificationResult;
  /** Reading the development corpus's prompts, in-process (CPU time per prompt). */
  understanding: UnderstandingResult;
  wallet: WalletResult & { otherShare: number };
  scale: ScaleResult;
  burst: BurstResult;
  /** POST /jobs → 202 for a user with many past jobs and for a new one. */
  admission: { user: string; post: Distribution }[];
  largeReads: LargeReadsResult;
  followUp: FollowUpResult;
  builds: BuildsResult;
}

export interface Target {
  name: string;
  measured: string;
  pass: boolean;
}

export const BASELINE = "baseline";
export const V1_ALONE = "v1 alone";
export const GATEWAY = "gateway";

const ms = (v: number) => v.toFixed(v < 10 ? 2 : 1);
const percent = (share: number) => `${(share * 100).toFixed(0)}%`;
const rps = (v: number) => v.toFixed(0);

function ratio(cell: EndpointCell, target: string): number {
  return cell.results[target].ratio;
}

const PATHS = [[V1_ALONE, "the v1 function"], [GATEWAY, "through the local gateway"]] as const;

/** The targets, judged both on the v1 function itself and through the local stack's gateway. */
export function judge(r: Results): Target[] {
  const targets: Target[] = [];
  for (const endpoint of [...new Set(r.endpoints.map((c) => c.endpoint))]) {
    const cells = r.endpoints.filter((c) => c.endpoint === endpoint);
    for (const [path, label] of PATHS) {
      const worst = cells.reduce((a, b) => (ratio(b, path) < ratio(a, path) ? b : a));
      targets.push({
        name: `${endpoint} throughput ≥ 0.8 × baseline at 1, 16 and 64 connections, ${label}`,
        measured: `lowest ${ratio(worst, path).toFixed(2)} (at ${worst.connections})`,
        pass: cells.every((c) => ratio(c, path) >= 0.8),
      });
    }
  }
  for (const cell of r.endpoints.filter((c) => c.connections === 16)) {
    for (const [path, label] of PATHS) {
      const p99 = cell.results[path].p99;
      targets.push({
        name: `${cell.endpoint} p99 < 20 ms at 16 connections, ${label}`,
        measured: `${ms(p99)} ms (baseline ${ms(cell.results[BASELINE].p99)} ms)`,
        pass: p99 < 20,
      });
    }
  }
  const one = r.creation[0];
  targets.push({
    name: "creation-to-running p50 < 100 ms (started_at − created_at, one job at a time)",
    measured: `${ms(one.server.p50)} ms (client-observed ${ms(one.client.p50)} ms)`,
    pass: one.server.p50 < 100,
  });
  for (const row of r.scale.rows) {
    const ratio = scaleRatio(row);
    targets.push({
      name: `${row.endpoint}: large ÷ small ≤ 2 (p50 / p99 over HTTP; Postgres CPU / buffers per call)`,
      measured: [ratio.p50, ratio.p99, ratio.cpu, ratio.buffers].map((v) => v.toFixed(2)).join(" / "),
      pass: ratio.p50 <= 2 && ratio.p99 <= 2 && ratio.cpu <= 2 && ratio.buffers <= 2,
    });
  }
  targets.push({
    name: `burst: ${r.burst.jobs} jobs queued while the runner was down, each claimed and finished once`,
    measured:
      `${r.burst.succeeded} succeeded; claimed twice ${r.burst.claimedTwice}, finished twice ${r.burst.finishedTwice}`,
    pass: r.burst.succeeded === r.burst.jobs && r.burst.claimedTwice === 0 && r.burst.finishedTwice === 0,
  });
  // The pipeline's own goal is without builds; queueing them is measured beside it.
  const unbounded = unboundedMedian(r.pipeline, false);
  const withBuilds = unboundedMedian(r.pipeline, true);
  targets.push({
    name: "template pipeline without builds ≥ 100 jobs/s, verification on (unbounded runner, median round)",
    measured: `${unbounded.jobsPerSecond.toFixed(1)} jobs/s (with builds queued ${
      withBuilds.jobsPerSecond.toFixed(1)
    }; verification ${ms(unbounded.verifyP50)} ms the median job, ${
      ms(unbounded.phases.verify)
    } the mean; on ÷ off ${r.pipeline.verifyThroughputRatio.toFixed(2)})`,
    pass: unbounded.jobsPerSecond >= 100,
  });
  const u = r.understanding;
  targets.push({
    name: "understanding a prompt < 5 ms at the median (CPU, first reading, development corpus)",
    measured: `${ms(u.understand.p50)} ms (again ${ms(u.understandAgain.p50)} ms; ${
      (u.understand.p50 / u.segment.p50).toFixed(0)
    } × the word split)`,
    pass: u.understand.p50 < 5,
  });
  targets.push({
    name: "a job's success to its build's preview_url ≤ 40 s (median, template app, warm install cache)",
    measured: `${(r.builds.successToPreviewMs.p50 / 1000).toFixed(1)} s`,
    pass: r.builds.successToPreviewMs.p50 <= 40_000,
  });
  targets.push({
    name: `wallet: ${r.wallet.spends} concurrent spends leave the exact balance`,
    measured: r.wallet.ok ? "OK" : "MISMATCH",
    pass: r.wallet.ok,
  });
  return targets;
}

/** CPU ms per job of every party of the pipeline. */
function cpuPerJob(run: PipelineRun): number {
  return run.cpu.runner + run.cpu.gateway + run.cpu.postgres;
}

function pipelineSection(p: PipelineResult): string[] {
  const uncontended = p.runs.find((run) => run.sequential)!;
  return [
    "## Pipeline (template generator)",
    "",
    "POST /jobs → dispatch → claim → generation → verification → finalize, with the runner alone in its own " +
    "process (`bench/serve-runner.ts`, which times each job's phases), a fresh one per run, warmed " +
    "by a job of each of the run's users before the run is measured (so each project's first job, which draws " +
    "its icon, is not measured) except in the run of a fresh runner's first jobs. Jobs/s = jobs ÷ (last " +
    "`finished_at` − first `created_at`), enqueued with 8 POSTs in flight over 20 users, each following up " +
    "a project of their own; steady jobs/s counts the jobs finished between the 10th and the 90th percentile " +
    "of `finished_at` over that time, the rate of a full pipeline without its filling and draining. Phase " +
    "columns are the runner's wall-clock ms per job; CPU is ms per job of the runner, the gateway (POST " +
    "/jobs, the dispatch), Postgres (every backend) and the bench's own clients, which share the two cores " +
    "with them; verify share is " +
    "verify ms (mean; the p50 in parentheses, as the first job of a process also compiles the parser) over that CPU; finalize includes the `saving` event, sent with it; SQL is finalize_job's execution in pg_stat_statements (no commit). Verification " +
    "off (every project passed unchecked) alternates with on in the unbounded rounds; on ÷ off jobs/s, median: " +
    `${
      p.verifyThroughputRatio.toFixed(2)
    }. Builds are queued for every version (as deployed with a worker) ` +
    "except in the runs marked no builds (the setting `build_versions` false)" +
    // Results stored before the runs without builds have no ratio.
    (p.buildsPostgresRatio === undefined ? "" : "; Postgres CPU per job with builds over without, median " +
      `of the rounds: ${p.buildsPostgresRatio.toFixed(2)}`) +
    ". Load is the 1-minute average after each run; calibration, the ms one Postgres backend took to " +
    "count 2,000,000 rows of generate_series just before the run (the fastest of five): what a millisecond " +
    "of CPU bought then, which tells a slower machine from a costlier pipeline.",
    "",
    table(
      [
        "runner",
        "jobs/s",
        "steady jobs/s",
        "span s",
        "enqueue s",
        "generate ms",
        "verify ms (p50)",
        "verify share",
        "finalize ms",
        "SQL ms",
        "CPU runner / gateway / Postgres / client ms",
        "others",
        "load",
        "calibration ms",
      ],
      p.runs.map((t) => [
        t.runner,
        t.jobsPerSecond.toFixed(1),
        t.steadyJobsPerSecond === undefined ? "–" : t.steadyJobsPerSecond.toFixed(1),
        t.serverSeconds.toFixed(2),
        t.enqueueSeconds.toFixed(2),
        ms(t.phases.generate),
        `${ms(t.phases.verify)} (${ms(t.verifyP50)})`,
        percent(t.phases.verify / cpuPerJob(t)),
        ms(t.phases.finalize),
        ms(t.finalizeSqlMs),
        [t.cpu.runner, t.cpu.gateway, t.cpu.postgres, t.cpu.client].map((c) => c?.toFixed(1) ?? "–").join(
          " / ",
        ),
        percent(t.otherShare),
        t.load.toFixed(1),
        t.calibrationMs === undefined ? "–" : t.calibrationMs.toFixed(0),
      ]),
    ),
    "",
    "The runner's other phases, ms per job (claim; waiting for a slot; the `generating` event with reading " +
    "the project; rendering the icon; from claim to the end of finalize):",
    "",
    table(
      ["runner", "claim", "wait", "load", "icon", "total"],
      p.runs.map((t) => [
        t.runner,
        ms(t.phases.claim),
        ms(t.phases.wait),
        ms(t.phases.load),
        ms(t.phases.icon),
        ms(t.phases.total),
      ]),
    ),
    "",
    "The costliest statements in Postgres, ms of execution per job (commits not included), with one job at " +
    "a time and builds queued: as the servers sent them, then run inside SQL functions:",
    "",
    ...[uncontended.topStatements, uncontended.nestedStatements].flatMap((list) => [
      table(
        ["statement", "calls per job", "ms per job", "shared blocks per job"],
        list.map((st) => [
          `\`${st.query.replaceAll("|", "\\|").replaceAll("`", "'")}\``,
          st.calls.toFixed(2),
          ms(st.ms),
          (st.blocks ?? 0).toFixed(1),
        ]),
      ),
      "",
    ]),
    ...(uncontended.functions
      ? [
        "The SQL functions with the most self time (their own statements, not the functions they call), " +
        "ms per job, in the same run:",
        "",
        table(
          ["function", "calls per job", "ms per job"],
          uncontended.functions.map((f) => [`\`${f.name}\``, f.calls.toFixed(2), ms(f.ms)]),
        ),
        "",
      ]
      : []),
  ];
}

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

export function markdown(r: Results): string {
  const m = r.machine;
  const s = r.settings;
  const w = r.wallet;
  return [
    "# Benchmark results",
    "",
    `${r.date} · ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB · ${m.os} · Deno ${m.deno} · PostgreSQL ${m.postgres}`,
    "",
    "Everything on loopback on this one machine: load generator, gateway, baseline, runners and Postgres share " +
    `its cores. Each read cell: ${s.rounds} rounds; in each, every target gets ${s.warmupSeconds} s of warm-up, then ` +
    `${s.cellSeconds / s.rounds} s or ${
      s.cellRequests / s.rounds
    } requests. DB_POOL_SIZE ${s.dbPoolSize} for ` +
    `every server. A run during which other processes kept more than ${
      s.maxOtherShare * 100
    }% of the cores ` +
    `busy is measured again, up to ${s.maxRepeats} times. Load average (1 min): ${r.load.start} before, ` +
    `${r.load.end} after.`,
    "",
    "## Targets",
    "",
    table(
      ["target", "measured", "result"],
      judge(r).map((t) => [t.name, t.measured, t.pass ? "PASS" : "MISS"]),
    ),
    "",
    "## Read endpoints",
    "",
    "Throughput is the median round's; in parentheses, the median over the rounds of its ratio to the " +
    "baseline's req/s in the same round. Latencies pool all rounds. `v1 alone` is the v1 function's handler served on its own; `gateway` is the local " +
    "stack's address (`/functions/v1/v1/...`).",
    "",
    table(
      [
        "endpoint",
        "conns",
        "baseline req/s",
        "p50 / p99 ms",
        "v1 alone req/s",
        "p50 / p99 ms",
        "gateway req/s",
        "p50 / p99 ms",
      ],
      r.endpoints.map((c) => {
        const latency = (name: string) => `${ms(c.results[name].p50)} / ${ms(c.results[name].p99)}`;
        const rate = (name: string) => `${rps(c.results[name].rps)} (${ratio(c, name).toFixed(2)})`;
        return [
          c.endpoint,
          String(c.connections),
          rps(c.results[BASELINE].rps),
          latency(BASELINE),
          rate(V1_ALONE),
          latency(V1_ALONE),
          rate(GATEWAY),
          latency(GATEWAY),
        ];
      }),
    ),
    "",
    "CPU per request (user + system time over the measured requests, µs): of the serving process for each " +
    "target, and of Postgres (postmaster and backends) and the load generator, averaged over the three " +
    "targets' runs. Unlike throughput it moves little with other work on the machine. The gateway's process " +
    "also runs the pg_net worker. Others: the share of the cores other processes kept busy during the kept " +
    "runs, and how many runs were repeated.",
    "",
    table(
      ["endpoint", "conns", "baseline", "v1 alone", "gateway", "Postgres", "load generator", "others"],
      r.endpoints.map((c) => {
        const mean = (party: string) =>
          [BASELINE, V1_ALONE, GATEWAY].reduce((sum, name) => sum + c.results[name].cpuUs[party], 0) / 3;
        return [
          c.endpoint,
          String(c.connections),
          ...[BASELINE, V1_ALONE, GATEWAY].map((name) => c.results[name].cpuUs[SERVER].toFixed(0)),
          mean(POSTGRES).toFixed(0),
          mean(CLIENT).toFixed(0),
          `${percent(Object.values(c.results).reduce((sum, t) => sum + t.otherShare, 0) / 3)}, ` +
          `${Object.values(c.results).reduce((sum, t) => sum + t.repeated, 0)} repeated`,
        ];
      }),
    ),
    "",
    "## POST /jobs to running",
    "",
    "Server: `started_at − created_at` of the job's row (the insert to the runner's claim, through the trigger, " +
    "pg_net and the runner). Client: from sending the POST to the first `GET /jobs/{id}` answer showing `running` " +
    "or later, reading back without pause. Other processes kept " + percent(r.creationOtherShare) +
    " of the cores busy meanwhile.",
    "",
    table(
      ["creation", "jobs", "server p50 / p99 ms", "client p50 / p99 ms", "POST → 202 p50 / p99 ms"],
      r.creation.map((c) => [
        c.mode,
        String(c.server.n),
        `${ms(c.server.p50)} / ${ms(c.server.p99)}`,
        `${ms(c.client.p50)} / ${ms(c.client.p99)}`,
        `${ms(c.post.p50)} / ${ms(c.post.p99)}`,
      ]),
    ),
    "",
    ...pipelineSection(r.pipeline),
    "## Verification per job",
    "",
    "In-process on the pipeline's prompt: the template generator's run, then `verifyProject` on its output " +
    "(every source file through the TypeScript parser, relative imports, declared packages, app.json and " +
    "the assets it names), which the runner does before any job may succeed.",
    "",
    table(
      [
        "files",
        "source files",
        "KiB",
        "runs",
        "generate ms",
        "verify ms, cold",
        "verify ms, template pipeline",
      ],
      [[
        String(r.verification.files),
        String(r.verification.sourceFiles),
        r.verification.kilobytes.toFixed(0),
        String(r.verification.runs),
        ms(r.verification.generateMs),
        ms(r.verification.coldVerifyMs),
        ms(r.verification.verifyMs),
      ]],
    ),
    "",
    "## Understanding a prompt",
    "",
    `In-process over the ${r.understanding.prompts} prompts of eval/prompts/development.jsonl, the CPU time of ` +
    "each (the process's: a busy machine stretches the wall clock, not this). First reading: nothing of the " +
    "prompt memoized yet; again: its stems and cues memoized. The baseline is Intl.Segmenter's word split of the " +
    "same prompts, in the same run.",
    "",
    table(
      ["reading", "median ms", "p99 ms", "max ms"],
      ([
        ["understand(), first reading", r.understanding.understand],
        ["understand(), again", r.understanding.understandAgain],
        ["understand() and composeSpec()", r.understanding.compose],
        ["word split (baseline)", r.understanding.segment],
      ] as const).map(([name, d]) => [name, ms(d.p50), ms(d.p99), ms(d.max)]),
    ),
    "",
    "## Live progress: a status change to its SSE event and its webhook",
    "",
    `${r.live.jobs} jobs, each canceled while a \`GET /jobs/{id}/events\` stream was open and a \`job.canceled\` ` +
    "webhook endpoint listened on loopback; from the change's time in Postgres (`finished_at`) to the event read by " +
    `the client and to the webhook's arrival. The stream polls the event log every ${r.live.pollMs} ms.`,
    "",
    table(
      ["path", "p50 ms", "p99 ms", "max ms"],
      [
        [
          "status change → SSE event",
          ...[r.live.sse.p50, r.live.sse.p99, r.live.sse.max].map((v) => v.toFixed(1)),
        ],
        [
          "status change → webhook delivered",
          ...[r.live.webhook.p50, r.live.webhook.p99, r.live.webhook.max].map((v) => v.toFixed(1)),
        ],
      ],
    ),
    "",
    "## Wallet spends",
    "",
    table(
      [
        "spends",
        "connections",
        "s",
        "spends/s",
        "expected balance / bonus",
        "actual",
        "ledger rows",
        "result",
        "others",
      ],
      [[
        String(w.spends),
        String(w.connections),
        w.seconds.toFixed(2),
        w.spendsPerSecond.toFixed(0),
        `${w.expected.balance} / ${w.expected.bonus}`,
        `${w.actual.balance} / ${w.actual.bonus}`,
        `${w.ledgerRows}${w.ledgerMatches ? "" : " (sums differ)"}`,
        w.ok ? "OK" : "MISMATCH",
        percent(w.otherShare),
      ]],
    ),
    "",
    "## Scale",
    "",
    `One user (25 projects, a third shared, 30 finished jobs with their events, 30 notifications, ledger rows ` +
    `and usage events, a block each way; another author's 150 shared projects, so the small pages are full) ` +
    `measured one request at a time through the gateway, first on the fresh database (small), then after ` +
    Object.entries(r.scale.volume).map(([k, v]) => `${v.toLocaleString("en")} ${k}`).join(", ") +
    ` of other users were seeded by SQL in ${
      r.scale.seedSeconds.toFixed(0)
    } s (large; a third of the projects ` +
    "shared). The plans of the large run are in [scale-plans.md](scale-plans.md).",
    "",
    "Latency: one request at a time through the gateway. Postgres: the route's SQL called 1,000 times in one " +
    "backend as the user, its CPU time per call from /proc (less moved by other work on the machine than " +
    "latency), and the shared buffers one warm call reads (EXPLAIN BUFFERS; exact).",
    "",
    table(
      [
        "endpoint",
        "small p50 / p99 ms",
        "large p50 / p99 ms",
        "ratio",
        "Postgres µs small / large",
        "ratio",
        "buffers small / large",
        "ratio",
      ],
      r.scale.rows.map((row) => {
        const ratio = scaleRatio(row);
        return [
          row.endpoint,
          `${ms(row.small.p50)} / ${ms(row.small.p99)}`,
          `${ms(row.large.p50)} / ${ms(row.large.p99)}`,
          `${ratio.p50.toFixed(2)} / ${ratio.p99.toFixed(2)}`,
          `${row.small.cpuUs.toFixed(0)} / ${row.large.cpuUs.toFixed(0)}`,
          ratio.cpu.toFixed(2),
          `${row.small.buffers} / ${row.large.buffers}`,
          ratio.buffers.toFixed(2),
        ];
      }),
    ),
    "",
    "## Job burst at volume",
    "",
    `${
      r.burst.jobs.toLocaleString("en")
    } jobs inserted queued while \`runner_url\` pointed at a closed port (every ` +
    `dispatch failed; pg_net took ${
      r.burst.downSeconds.toFixed(0)
    } s to fail them all), then the runner came ` +
    "back and `private.dispatch_jobs()` was called every " +
    `${r.burst.tickSeconds} s, as pg_cron does on hosted Supabase, until nothing was queued or running.`,
    "",
    table(
      [
        "drain s",
        "ticks",
        "tick p50 / max ms",
        "jobs per tick p50 / max",
        "succeeded",
        "claimed twice",
        "finished twice",
      ],
      [[
        r.burst.drainSeconds.toFixed(1),
        String(r.burst.ticks),
        `${ms(r.burst.tickMs.p50)} / ${ms(r.burst.tickMs.max)}`,
        `${r.burst.touchedPerTick.p50} / ${r.burst.touchedPerTick.max}`,
        String(r.burst.succeeded),
        String(r.burst.claimedTwice),
        String(r.burst.finishedTwice),
      ]],
    ),
    "",
    table(
      ["POST /jobs → 202, 30 one at a time", "p50 / p99 ms"],
      r.admission.map((a) => [a.user, `${ms(a.post.p50)} / ${ms(a.post.p99)}`]),
    ),
    "",
    "## Large file reads",
    "",
    `A shared project of ${r.largeReads.files} files and ${r.largeReads.projectBytes} bytes of contents (the ` +
    `largest allowed), read by ${r.largeReads.readers} clients at once, each reading it again as soon as it ` +
    `has it, for ${r.largeReads.seconds} s, from one function served alone: \`GET /projects/{id}/files\` of ` +
    "the v1 function (rest), or the tool `get_project_files` of the mcp function (mcp). Meanwhile another " +
    "user calls the same function twice, one call after the other: `GET /wallets/me` and `GET /health` " +
    "(rest), or the tool `get_wallet` and the protected-resource metadata (mcp). Idle: the same calls just " +
    "before, in the same run. Ratio: loaded p50 ÷ idle p50. RSS: the function process's resident memory " +
    "before the readers started and its highest sample (every 20 ms) while they ran.",
    "",
    table(
      [
        "endpoint",
        "FILE_READ_CONCURRENCY",
        "reads (refused)",
        "read p50 / max ms",
        "wallet idle → loaded p50 (p99) ms",
        "ratio",
        "health / metadata idle → loaded p50 (p99) ms",
        "ratio",
        "RSS before → peak MiB",
      ],
      r.largeReads.cells.map((c) => [
        c.endpoint ?? "rest",
        String(c.fileReadConcurrency),
        `${c.reads.n} (${c.refused ?? 0})`,
        `${ms(c.reads.p50)} / ${ms(c.reads.max)}`,
        `${ms(c.idle.wallet.p50)} → ${ms(c.loaded.wallet.p50)} (${ms(c.idle.wallet.p99)} → ${
          ms(c.loaded.wallet.p99)
        })`,
        (c.loaded.wallet.p50 / c.idle.wallet.p50).toFixed(1),
        `${ms(c.idle.health.p50)} → ${ms(c.loaded.health.p50)} (${ms(c.idle.health.p99)} → ${
          ms(c.loaded.health.p99)
        })`,
        (c.loaded.health.p50 / c.idle.health.p50).toFixed(1),
        `${c.rssMiB.before.toFixed(0)} → ${c.rssMiB.peak.toFixed(0)}`,
      ]),
    ),
    "",
    followUpMarkdown(r.followUp),
    ...buildsSection(r.builds),
  ].join("\n");
}

function buildsSection(b: BuildsResult): string[] {
  const s = (v: number) => (v / 1000).toFixed(1);
  return [
    "## Builds",
    "",
    `The build worker on the template app (the generator's, from the pipeline's prompt), its dependency set ` +
    `already installed. ${b.jobs} jobs one after another, each building after its success with nothing else ` +
    "queued: each step's time, the whole build (claim to finish), its wait in the queue, and the job's " +
    "`finished_at` to the build's `preview` event, when `preview_url` is written (after the web export, " +
    "before the android one). Then a batch queued " +
    "at once, built one and two at a time (one worker process, `BUILD_CONCURRENCY` 1 and 2), first claim " +
    `to last finish. Load average ${b.load.start} before the section, ${b.load.end} after.`,
    "",
    table(
      ["", "p50 s", "max s"],
      [
        ...Object.entries(b.steps).map(([name, d]) => [`step \`${name}\``, s(d.p50), s(d.max)]),
        ["whole build", s(b.buildMs.p50), s(b.buildMs.max)],
        ["in the queue", s(b.queueMs.p50), s(b.queueMs.max)],
        ["job succeeded → preview_url", s(b.successToPreviewMs.p50), s(b.successToPreviewMs.max)],
      ],
    ),
    "",
    table(
      ["builds at once", "builds", "seconds", "builds per minute"],
      b.throughput.map((
        t,
      ) => [String(t.concurrency), String(t.builds), t.seconds.toFixed(0), t.perMinute.toFixed(2)]),
    ),
    "",
  ];
}
