// Creating a prompt job, the one flow behind `POST /jobs` and the agent's `create_job`: admission in SQL
// (idempotency, credit floor, ownership, quota), the prompt judged through the evaluator port, then the
// job — and, without a project, the project — created in one SQL transaction.
import type { Claims } from "./auth.ts";
import type { Deps } from "./deps.ts";
import { selectAsUser } from "./db.ts";
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
  const admission = await selectAsUser<{ existing?: Job; quota?: QuotaState }>(
    db,
    claims,
    (tx) => tx`select api.admit_job(${body.idempotency_key ?? null}, ${body.project_id ?? null}) as r`,
  ).catch((err) => {
    const e = toApiError(err);
    if (e?.code === "rate_limited" && e.details) {
      rememberQuota(claims.sub, e.details as unknown as QuotaState);
    }
    throw err;
  });
  if (admission.existing) return { job: admission.existing, created: false };
  if (admission.quota) rememberQuota(claims.sub, admission.quota);

  const verdict = await deps.evaluator.evaluate(body.input.prompt, {
    model: body.input.model,
    appName: body.input.appName,
  });
  if (!verdict.ok) {
    throw new ApiError(400, "invalid_prompt", "The prompt cannot produce a meaningful app.", {
      reason: verdict.reason,
    });
  }
  const templateFiles = body.project_id === undefined ? await defaultProjectFiles(verdict.appName) : null;
  const request = { ...body, verdict, template_files: templateFiles };
  let out: { job: Job; created: boolean; project_created: boolean };
  try {
    out = await selectAsUser(
      db,
      claims,
      (tx) => tx`select api.create_job(${tx.json(request as never)}) as r`,
    );
  } catch (err) {
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
