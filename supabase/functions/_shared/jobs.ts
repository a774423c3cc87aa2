// Creating a prompt job, the one flow behind `POST /jobs` and the agent's `create_job`: admission in SQL
// (idempotency, credit floor with a hold of the job's maximum price, ownership, quota), the prompt judged
// through the evaluator port, then the job — and, without a project, the project — created in one SQL
// transaction. Both SQL calls are the service's on the caller's behalf: they take the evaluator's verdict,
// which a user must not be able to supply.
import type { Claims } from "./auth.ts";
import type { Deps } from "./deps.ts";
import { selectForUser } from "./db.ts";
import { ApiError, toApiError } from "./errors.ts";
import { defaultProjectFiles } from "./generation/project-template.ts";
import { generateProjectIcon } from "./icons/project-icons.ts";
import type { ModelTier } from "./ports/generation.ts";
import { type QuotaState, rememberQuota } from "./quota-cache.ts";

export interface PromptJobRequest {
  type: "prompt";
  input: { prompt: string; model?: ModelTier; appName?: string } & Record<string, unknown>;
  project_id?: number;
  idempotency_key?: string;
  [field: string]: unknown;
}

/** The job as the contract shows it; `created` is false when an idempotency key returned an earlier job. */
export async function createPromptJob(
  deps: Pick<Deps, "db" | "evaluator" | "background" | "blobStore" | "icons">,
  claims: Claims,
  body: PromptJobRequest,
): Promise<{ job: Record<string, unknown> & { project_id: number | null }; created: boolean }> {
  const { db } = deps;
  type Job = Record<string, unknown> & { project_id: number | null };
  type Admission = { existing?: Job; in_flight?: boolean; admission?: string; quota?: QuotaState };
  const admit = () =>
    selectForUser<Admission>(
      db,
      claims,
      (tx) =>
        tx`select api.admit_job(${body.idempotency_key ?? null}, ${body.project_id ?? null}, ${
          body.input.model ?? null
        }) as r`,
    ).catch((err) => {
      const e = toApiError(err);
      if (e?.code === "rate_limited" && e.details) {
        rememberQuota(claims.sub, e.details as unknown as QuotaState);
      }
      throw err;
    });
  let admission = await admit();
  // A request with the same idempotency key is being evaluated: wait for its job rather than count
  // another evaluation (its admission expires if that request died, and then this one goes ahead).
  for (let wait = 50; admission.in_flight; wait = Math.min(wait * 2, 500)) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    admission = await admit();
  }
  if (admission.existing) return { job: admission.existing, created: false };
  if (admission.quota) rememberQuota(claims.sub, admission.quota);
  const release = () =>
    db.callForUser(claims, (tx) => tx`select api.release_job_admission(${admission.admission!})`)
      .catch((err) => console.error("releasing a job admission failed", err));

  const verdict = await deps.evaluator.evaluate(body.input.prompt, {
    model: body.input.model,
    appName: body.input.appName,
  }).catch(async (err) => {
    await release();
    throw err;
  });
  if (!verdict.ok) {
    await release();
    throw new ApiError(400, "invalid_prompt", "The prompt cannot produce a meaningful app.", {
      reason: verdict.reason,
    });
  }
  const templateFiles = body.project_id === undefined ? await defaultProjectFiles(verdict.appName) : null;
  const request = { ...body, verdict, template_files: templateFiles, admission: admission.admission };
  let out: { job: Job; created: boolean; project_created: boolean };
  try {
    out = await selectForUser(
      db,
      claims,
      (tx) => tx`select api.create_job(${tx.json(request as never)}) as r`,
    );
  } catch (err) {
    await release();
    // A refusal stands; anything else (the database away, a fault) is the contract's retryable 502.
    if ((toApiError(err)?.status ?? 500) < 500) throw err;
    console.error("job creation failed", err);
    throw new ApiError(502, "job_create_failed", "The job could not be created; retry the request.");
  }
  if (out.project_created && out.job.project_id !== null) {
    deps.background(generateProjectIcon(deps, { id: out.job.project_id, name: verdict.appName }));
  }
  return { job: out.job, created: out.created };
}
