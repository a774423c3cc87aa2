// The `job-runner` edge function: the dispatcher (pg_net, from the jobs trigger and pg_cron) posts
// `{job_id}` here with the worker secret. The job is claimed under a lease, the answer goes back at
// once, and the generation runs in the background — heartbeating the lease — until finalize_job
// records the outcome in one transaction: the changes against the project's version the run started from,
// which SQL merges with any version made meanwhile.
import { Buffer } from "node:buffer";
import { Hono } from "hono";
import { type Config, config } from "../_shared/config.ts";
import { background, dbFrom, type Deps } from "../_shared/deps.ts";
import { blobStoreFrom } from "../_shared/project-deps.ts";
import { NameIconRenderer } from "../_shared/icons/name-icon-renderer.ts";
import { createGenerator } from "../_generator/generators.ts";
import type { Sql } from "../_shared/db.ts";
import { DEFAULT_BODY_LIMIT, limitBodies } from "../_shared/body-limit.ts";
import { ApiError, errorResponse } from "../_shared/errors.ts";
import { requireWorkerSecret } from "../_shared/worker-auth.ts";
import { ICON_PATH, templateIcon } from "../_generator/compose.ts";
import { verifyProject } from "../_generator/verify.ts";
import {
  type GeneratedFile,
  type GenerationAttachment,
  GenerationError,
  type GenerationSummary,
  type Generator,
  type ModelTier,
} from "../_shared/ports/generation.ts";

interface ClaimedJob {
  id: string;
  user_id: string;
  project_id: number | null;
  input: { prompt: string; appName: string; model: ModelTier; attachment_refs?: string[] };
  lease_expires_at: string;
  lease_seconds: number;
  /** A repair round after the build of the job's version failed: the rounds left and the build's errors. */
  repair: { rounds: number; errors: BuildError[] } | null;
}

/** A build's error as the build worker records it: tsc's diagnostics, or a failed step's message. */
interface BuildError {
  file?: string;
  line?: number;
  column?: number;
  code?: string;
  message: string;
}

/** A build's error as a problem the generator's repair round reads. */
function problemOf(e: BuildError): string {
  const where = e.file ? `${e.file}${e.line ? `:${e.line}:${e.column ?? 1}` : ""}: ` : "";
  return `${where}${e.code ? `${e.code} ` : ""}${e.message}`;
}

/** What private.finalize_job takes; credits and their display are computed there from cost_eur. */
type Outcome =
  | {
    status: "succeeded";
    changes: FileChange[];
    usage: Usage;
    model: string;
    provider: string;
    cost_eur: string;
    /** Added to the job's result; its description becomes the project's. */
    report?: Record<string, unknown>;
    /** The job then waits for its version's build (finalize_job). */
    repairs_left?: number;
  }
  | {
    status: "failed";
    error: { code: string; message: string };
    usage?: Usage;
    model?: string;
    provider?: string;
    cost_eur?: string;
  };

/** A file the run wrote or changed, or one it removed. */
type FileChange = GeneratedFile | { path: string; deleted: true };

/** What a run's file set changes in the files it started from: only these travel and are written. */
export function changesFrom(base: GeneratedFile[], files: GeneratedFile[]): FileChange[] {
  const before = new Map(base.map((file) => [file.path, file]));
  const kept = new Set(files.map((file) => file.path));
  return [
    ...files.filter((file) => {
      const old = before.get(file.path);
      return !old || old.contents !== file.contents || old.type !== file.type;
    }),
    ...base.filter((file) => !kept.has(file.path)).map((file) => ({
      path: file.path,
      deleted: true as const,
    })),
  ];
}

/** The project a job works on, as the runner reads it: none for a job without a project. */
interface LoadedProject {
  /** `built`: in a repair round, the files of the version whose build failed. */
  project?: { name: string; files: GeneratedFile[]; built: GeneratedFile[] };
}

interface Usage {
  tokens_in: number;
  tokens_out: number;
}

/**
 * At most `limit` holders at once; the others wait in arrival order. Infinity never makes anyone wait.
 */
export function createSlots(limit: number) {
  let free = limit;
  const waiting: (() => void)[] = [];
  return {
    async acquire(): Promise<void> {
      if (free > 0) {
        free--;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    /** Takes a slot only if one is free now. */
    tryAcquire(): boolean {
      if (free === 0) return false;
      free--;
      return true;
    },
    release(): void {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

/** RUNNER_CONCURRENCY: a whole number from 1, or unset for no bound; anything else stops the start-up. */
export function runnerConcurrencyFrom(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^[1-9][0-9]{0,5}$/.test(value)) {
    throw new Error("invalid configuration:\n  RUNNER_CONCURRENCY: must be a whole number from 1");
  }
  return Number(value);
}

/** Where a job's time went in the runner, in milliseconds of wall clock. */
export interface JobTimings {
  /**
   * private.claim_job, in the dispatcher's request; with a slot free, the `generating` event and reading the
   * project ride in its round trip.
   */
  claim: number;
  /** Waiting for a slot (RUNNER_CONCURRENCY). */
  wait: number;
  /** The `generating` event and reading the project's name and files, in one round trip, after a wait. */
  load: number;
  /** Rendering the project's icon (first job of a project only). */
  icon: number;
  generate: number;
  verify: number;
  /**
   * The `saving` event and private.finalize_job, in one round trip: the outcome's encoding, the round trip
   * and the transaction with its commit.
   */
  finalize: number;
  /** From the claim's start to the end of finalize. */
  total: number;
}

export type JobPhase = Exclude<keyof JobTimings, "total">;

export interface RunnerOptions {
  /** How many claimed jobs are generated and finalized at once (default: no bound). */
  concurrency?: number;
  /** The check a project passes before its job may succeed (default: verifyProject). */
  verify?: (files: GeneratedFile[]) => string[];
  /** Told each finished job's timings; the benchmark adds them up. */
  onTimings?: (timings: JobTimings) => void;
}

/** Adds up the wall clock spent per phase of one job. */
function stopwatch() {
  const started = performance.now();
  const spent: JobTimings = {
    claim: 0,
    wait: 0,
    load: 0,
    icon: 0,
    generate: 0,
    verify: 0,
    finalize: 0,
    total: 0,
  };
  return {
    async time<T>(phase: JobPhase, run: () => T | Promise<T>): Promise<T> {
      const t0 = performance.now();
      try {
        return await run();
      } finally {
        spent[phase] += performance.now() - t0;
      }
    },
    done(): JobTimings {
      spent.total = performance.now() - started;
      return spent;
    },
  };
}

type Stopwatch = ReturnType<typeof stopwatch>;

/** The runner is the one function that writes apps: the generator is its port alone. */
export type RunnerDeps = Pick<Deps, "db" | "blobStore" | "icons" | "background"> & { generator: Generator };

/** The runner's ports from configuration; `env` chooses the generator (see _generator/model-settings.ts). */
export function runnerDepsFrom(
  c: Config = config(),
  env: Record<string, string> = Deno.env.toObject(),
): RunnerDeps {
  return {
    db: dbFrom(c),
    blobStore: blobStoreFrom(c),
    icons: new NameIconRenderer(),
    background,
    generator: createGenerator(env),
  };
}

export function createRunnerApp(deps: RunnerDeps, secret: string | undefined, opts: RunnerOptions = {}) {
  const { db, blobStore, generator, icons } = deps;
  const runnerId = crypto.randomUUID();
  const slots = createSlots(opts.concurrency ?? Infinity);
  const verify = opts.verify ?? verifyProject;
  const app = new Hono();
  app.onError((err) => errorResponse(err));
  app.notFound(() => errorResponse(new ApiError(404, "not_found", "No such route.")));
  app.use("*", limitBodies(() => DEFAULT_BODY_LIMIT));

  async function work(job: ClaimedJob, clock: Stopwatch, loaded?: LoadedProject) {
    const refs = job.input.attachment_refs ?? [];
    // Set when the owner cancels: the heartbeat learns it and the model request is aborted.
    const cancel = new AbortController();
    // Started before waiting for a slot: a claimed job queued behind others must keep its lease, or the
    // dispatcher would reap it and hand it to another runner.
    const heartbeat = setInterval(() => {
      db.callAsService((sql) => [sql`select private.heartbeat_job(${job.id}, ${runnerId}) as state`])
        .then(([[{ state }]]) => {
          if (state === "cancel_requested") cancel.abort();
        })
        .catch((err) => console.error(`lease heartbeat for ${job.id} failed`, err));
    }, Math.max(1000, (job.lease_seconds * 1000) / 3));
    try {
      // A job claimed with a free slot holds it already.
      if (!loaded) await clock.time("wait", () => slots.acquire());
      try {
        const outcome = cancel.signal.aborted
          ? null
          : await generate(job, refs, cancel.signal, clock, loaded);
        if (outcome && !cancel.signal.aborted) {
          // The `saving` event commits with the outcome: one round trip and one commit.
          await clock.time("finalize", () =>
            db.callAsService((sql) => [
              ...(outcome.status === "succeeded"
                ? [progress(sql, job.id, {
                  phase: "saving",
                  files_written: outcome.changes.length,
                  tokens_so_far: outcome.usage.tokens_in + outcome.usage.tokens_out,
                })]
                : []),
              sql`select private.finalize_job(${job.id}, ${runnerId}, ${sql.json(outcome as never)})`,
            ]));
          opts.onTimings?.(clock.done());
        } else {
          // Stopped by a cancel: only what the provider billed before the stop is charged.
          const billed = outcome?.cost_eur === undefined ? {} : {
            usage: outcome.usage,
            model: outcome.model,
            provider: outcome.provider,
            cost_eur: outcome.cost_eur,
          };
          await db.callAsService((sql) => [
            sql`select private.cancel_running_job(${job.id}, ${runnerId}, ${sql.json(billed as never)})`,
          ]);
        }
      } finally {
        slots.release();
      }
      if (refs.length > 0) await blobStore.remove("attachments", refs);
    } catch (err) {
      // The lease runs out and the dispatcher requeues or fails the job: nothing is lost.
      console.error(`job ${job.id} could not be finalized`, err);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Appends to the job's event log, which GET /jobs/{id}/events streams; a lost job records nothing. Sent
   * in the transaction of the statement that follows it.
   */
  function progress(
    sql: Sql,
    jobId: string,
    p: { phase: "generating" | "saving"; files_written?: number; tokens_so_far?: number },
  ) {
    return sql`select private.record_job_progress(${jobId}, ${runnerId}, ${sql.json(p as never)})`;
  }

  /**
   * The `generating` event, then the job's project: its name (no row without a project) and the files of
   * the version the claim based the job on (the current files of a project without versions) as plain rows,
   * which neither side has to build or parse as one large JSON value.
   */
  function load(sql: Sql, jobId: string) {
    return [
      progress(sql, jobId, { phase: "generating" }),
      sql`select p.name from public.projects p
           where p.id = (select j.project_id from public.jobs j where j.id = ${jobId})`,
      sql`select * from private.job_base_files(${jobId})`,
      sql`select * from private.job_built_files(${jobId})`,
    ];
  }

  /** The project from load's answers (after the statements before them). */
  function loadedProject(
    [, [project], files, built]: Awaited<ReturnType<typeof db.callAsService>>,
  ): LoadedProject {
    return project
      ? {
        project: {
          name: project.name,
          files: files as unknown as GeneratedFile[],
          built: built as unknown as GeneratedFile[],
        },
      }
      : {};
  }

  async function generate(
    job: ClaimedJob,
    refs: string[],
    signal: AbortSignal,
    clock: Stopwatch,
    loaded?: LoadedProject,
  ): Promise<Outcome> {
    try {
      const { project } = loaded ??
        loadedProject(await clock.time("load", () => db.callAsService((sql) => load(sql, job.id))));
      const existingFiles = project?.files ?? [];
      // The service's rendered icon goes into the project once, in place of the template's.
      const icon = existingFiles.find((file) => file.path === ICON_PATH);
      const iconPng = project && (!icon || icon.contents === templateIcon())
        ? await clock.time("icon", () => icons.render(project.name))
        : undefined;
      const attachments: GenerationAttachment[] = [];
      for (const path of refs) {
        const bytes = await blobStore.get("attachments", path);
        if (bytes) attachments.push({ path, type: mimeOf(path), bytes });
      }
      const r = await clock.time("generate", () =>
        generator.generate({
          prompt: job.input.prompt,
          appName: job.input.appName,
          model: job.input.model,
          attachments,
          existingFiles,
          iconPng,
          signal,
          ...(job.repair && project
            ? {
              repair: {
                files: project.built,
                problems: job.repair.errors.map(problemOf),
                rounds: job.repair.rounds,
              },
            }
            : {}),
        }));
      const charge = {
        usage: { tokens_in: r.usage.tokensIn, tokens_out: r.usage.tokensOut },
        model: r.model,
        provider: r.provider,
        cost_eur: r.costEur,
      };
      // The icon is the service's, not a model's to write: an output without it keeps the project's.
      const iconFile = iconPng
        ? { path: ICON_PATH, contents: Buffer.from(iconPng).toString("base64"), type: "ASSET" }
        : icon;
      const files = iconFile && !r.files.some((file) => file.path === ICON_PATH)
        ? [...r.files, iconFile]
        : r.files;
      const problems = await clock.time("verify", () => verify(files));
      if (problems.length > 0) {
        console.error(`job ${job.id}: the output failed verification`, problems);
        return {
          status: "failed",
          error: {
            code: "invalid_output",
            message: `The generated app failed verification: ${problems.join("; ")}`,
          },
          ...charge,
        };
      }
      return {
        status: "succeeded",
        // A repair round changes the version whose build failed.
        changes: changesFrom(job.repair && project ? project.built : existingFiles, files),
        ...charge,
        ...(r.summary ? { report: reportOf(r.summary) } : {}),
        ...(r.repairsLeft === undefined ? {} : { repairs_left: r.repairsLeft }),
      };
    } catch (err) {
      if (err instanceof GenerationError) {
        const charged = err.usage && err.charge
          ? {
            usage: { tokens_in: err.usage.tokensIn, tokens_out: err.usage.tokensOut },
            model: err.charge.model,
            provider: err.charge.provider,
            cost_eur: err.charge.costEur,
          }
          : {};
        return { status: "failed", error: { code: err.code, message: err.message }, ...charged };
      }
      console.error(`job ${job.id}: generation failed`, err);
      return {
        status: "failed",
        error: { code: "generation_failed", message: "The generator failed unexpectedly." },
      };
    }
  }

  // pg_cron's sweep (private.sweep_attachments): objects of uploads no job used in time, or of finished
  // jobs, are removed, then their rows; in the background, as pg_net does not wait long.
  async function sweepAttachments() {
    for (;;) {
      const due = await db.asService(async (tx) =>
        (await tx`select private.expired_attachment_uploads(500) as r`)[0].r as { paths: string[] }[]
      );
      if (due.length === 0) return;
      await blobStore.remove("attachments", due.flatMap((u) => u.paths));
      await db.asService((tx) => tx`select private.forget_attachment_uploads(${tx.json(due as never)})`);
      if (due.length < 500) return;
    }
  }

  app.post("/job-runner/attachments/sweep", (c) => {
    requireWorkerSecret(secret, c.req.header("authorization"));
    deps.background(sweepAttachments().catch((err) => console.error("attachment sweep failed", err)));
    return c.json({ sweeping: true }, 202);
  });

  app.post("/job-runner", async (c) => {
    requireWorkerSecret(secret, c.req.header("authorization"));
    const body = await c.req.json().catch(() => null) as { job_id?: unknown } | null;
    if (typeof body?.job_id !== "string" || !/^[0-9a-f-]{36}$/i.test(body.job_id)) {
      throw new ApiError(400, "invalid_request", "Send {job_id} with a job's UUID.");
    }
    const jobId = body.job_id;
    const clock = stopwatch();
    // With a slot free, the job's `generating` event and its project are read in the claim's transaction:
    // one round trip and one commit fewer. Without one, they wait for the slot.
    const slotTaken = slots.tryAcquire();
    let claimed: Awaited<ReturnType<typeof db.callAsService>>;
    try {
      claimed = await clock.time("claim", () =>
        db.callAsService((sql) => [
          sql`select private.claim_job(${jobId}, ${runnerId}) as j`,
          ...(slotTaken ? load(sql, jobId) : []),
        ]));
    } catch (err) {
      if (slotTaken) slots.release();
      throw err;
    }
    const job = claimed[0][0].j as ClaimedJob | null;
    if (!job) {
      if (slotTaken) slots.release();
      return c.json({ claimed: false }, 200);
    }
    deps.background(work(job, clock, slotTaken ? loadedProject(claimed.slice(1)) : undefined));
    return c.json({ claimed: true, job_id: job.id }, 202);
  });
  return app;
}

/** The job result's fields from the generator's summary, in the contract's snake case. */
function reportOf(summary: GenerationSummary): Record<string, unknown> {
  return {
    kind: summary.kind,
    name: summary.name,
    description: summary.description,
    language: summary.language,
    ...(summary.languageFallbackFrom ? { language_fallback_from: summary.languageFallbackFrom } : {}),
    ...(summary.asks ? { asks: summary.asks } : {}),
    ...(summary.unmet ? { unmet: summary.unmet } : {}),
    ...(summary.withoutSamples ? { without_samples: summary.withoutSamples } : {}),
  };
}

function mimeOf(path: string): string {
  return path.endsWith(".png") ? "image/png" : path.endsWith(".webp") ? "image/webp" : "image/jpeg";
}
