// Creating a prompt job, the one flow behind `POST /jobs` and the agent's `create_job`: admission in SQL
// (idempotency, credit floor with a hold of the job's maximum price, ownership, quota), the prompt judged
// through the evaluator port, then the job — and, without a project, the project — created in one SQL
// transaction. The SQL calls are the service's on the caller's behalf: they take the evaluator's verdict,
// which a user must not be able to supply. A local evaluator judges first, and admission and creation are
// then one call (api.submit_job); a remote one is asked between the two, so nothing stays locked meanwhile.
import type { Claims } from "./auth.ts";
import type { Deps } from "./deps.ts";
import { selectForUser } from "./db.ts";
import { ApiError, toApiError } from "./errors.ts";
import { defaultProjectFiles } from "../_generator/project-template.ts";
import { generateProjectIcon } from "./icons/project-icons.ts";
import type { ModelTier, PromptVerdict } from "./ports/generation.ts";
import { type QuotaState, rememberQuota } from "./quota-cache.ts";

export interface PromptJobRequest {
  type: "prompt";
  input: { prompt: string; model?: ModelTier; appName?: string } & Record<string, unknown>;
  project_id?: number;
  idempotency_key?: string;
  [field: string]: unknown;
}

type Job = Record<string, unknown> & { project_id: number | null };
type Admission = { existing?: Job; in_flight?: boolean; admission?: string; quota?: QuotaState };
type Creation = { job: Job; created: boolean; project_created: boolean };
type CreatedJob = { job: Job; created: boolean };

/** The job as the contract shows it; `created` is false when an idempotency key returned an earlier job. */
export async function createPromptJob(
  deps: Pick<Deps, "db" | "evaluator" | "background" | "blobStore" | "icons">,
  claims: Claims,
  body: PromptJobRequest,
): Promise<CreatedJob> {
  const { db } = deps;
  const evaluate = () =>
    deps.evaluator.evaluate(body.input.prompt, {
      model: body.input.model,
      appName: body.input.appName,
      followUp: body.project_id !== undefined,
    });
  // A refused admission (429) tells the quota cache what it learned.
  const admissionFailed = (err: unknown): never => {
    const e = toApiError(err);
    if (e?.code === "rate_limited" && e.details) {
      rememberQuota(claims.sub, e.details as unknown as QuotaState);
    }
    throw err;
  };
  // The request create_job takes, once the prompt was judged.
  const jobRequest = async (verdict: PromptVerdict) => ({
    ...body,
    verdict,
    template_files: body.project_id === undefined && verdict.ok
      ? await defaultProjectFiles(verdict.appName!) // a new project's verdict names it
      : null,
  });
  // A request with the same idempotency key is being evaluated: wait for its job rather than count
  // another evaluation (its admission expires if that request died, and then this one goes ahead).
  const admitted = async <T extends Admission>(admit: () => Promise<T>): Promise<T> => {
    let admission = await admit().catch(admissionFailed);
    for (let wait = 50; admission.in_flight; wait = Math.min(wait * 2, 500)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      admission = await admit().catch(admissionFailed);
    }
    if (admission.quota) rememberQuota(claims.sub, admission.quota);
    return admission;
  };
  const created = (out: Creation, verdict: PromptVerdict & { ok: true }): CreatedJob => {
    if (out.project_created && out.job.project_id !== null) {
      deps.background(generateProjectIcon(deps, { id: out.job.project_id, name: verdict.appName! }));
    }
    return { job: out.job, created: out.created };
  };

  if (deps.evaluator.local) {
    const request = await jobRequest(await evaluate());
    type Submission = Admission & Partial<Creation> & {
      refused?: string;
      error?: { sqlstate: string; message: string; detail: string };
    };
    const out = await admitted(() =>
      selectForUser<Submission>(
        db,
        claims,
        (tx) => tx`select api.submit_job(${tx.json(request as never)}) as r`,
      )
    );
    if (out.existing) return { job: out.existing, created: false };
    if (out.refused !== undefined) throw invalidPrompt(out.refused);
    if (out.error) {
      throw creationFailed({
        code: out.error.sqlstate,
        message: out.error.message,
        detail: out.error.detail,
      });
    }
    return created(out as Creation, request.verdict as PromptVerdict & { ok: true });
  }

  const admission = await admitted(() =>
    selectForUser<Admission>(
      db,
      claims,
      (tx) =>
        tx`select api.admit_job(${body.idempotency_key ?? null}, ${body.project_id ?? null}, ${
          body.input.model ?? null
        }) as r`,
    )
  );
  if (admission.existing) return { job: admission.existing, created: false };
  const release = () =>
    db.callForUser(claims, (tx) => tx`select api.release_job_admission(${admission.admission!})`)
      .catch((err) => console.error("releasing a job admission failed", err));

  const verdict = await evaluate().catch(async (err) => {
    await release();
    throw err;
  });
  if (!verdict.ok) {
    await release();
    throw invalidPrompt(verdict.reason);
  }
  const request = { ...await jobRequest(verdict), admission: admission.admission };
  let out: Creation;
  try {
    out = await selectForUser(
      db,
      claims,
      (tx) => tx`select api.create_job(${tx.json(request as never)}) as r`,
    );
  } catch (err) {
    await release();
    throw creationFailed(err);
  }
  return created(out, verdict);
}

function invalidPrompt(reason: string): ApiError {
  return new ApiError(400, "invalid_prompt", "The prompt cannot produce a meaningful app.", { reason });
}

/** A refusal stands; anything else (the database away, a fault) is the contract's retryable 502. */
function creationFailed(err: unknown): unknown {
  const e = toApiError(err);
  if ((e?.status ?? 500) < 500) return e;
  console.error("job creation failed", err);
  return new ApiError(502, "job_create_failed", "The job could not be created; retry the request.");
}

/** What a refused job stream is told to wait before trying again, in seconds. */
export const STREAMS_RETRY_AFTER_SECONDS = 10;

/** The refusal of a job stream past the user's JOB_STREAMS_PER_USER: 429 `too_many_streams` with `Retry-After`. */
export function tooManyStreams(): ApiError {
  return new ApiError(
    429,
    "too_many_streams",
    "Too many job streams are open for this user; close one or retry later.",
    undefined,
    { "Retry-After": String(STREAMS_RETRY_AFTER_SECONDS) },
  );
}
