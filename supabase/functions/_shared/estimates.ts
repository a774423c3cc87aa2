// Estimating a prompt job, behind `POST /jobs/estimates` and the agent's `estimate_job`: what the job would
// build and cost, and whether admission would refuse it, with nothing created, held or charged. The prompt
// is judged offline (the heuristic evaluator and the offline understanding), whichever generator runs the
// jobs: cheap and deterministic. The price, the credit floor, ownership and the quota are SQL's
// (api.estimate_job), the same definitions POST /jobs applies.
import type { Claims } from "./auth.ts";
import type { Deps } from "./deps.ts";
import { selectForUser } from "./db.ts";
import { FILE_TYPE, SPEC_PATH } from "../_generator/compose.ts";
import { HeuristicEvaluator } from "../_generator/heuristic-evaluator.ts";
import { composeRequest } from "../_generator/template-generator.ts";
import type { PromptJobRequest } from "./jobs.ts";
import type { ModelTier } from "./ports/generation.ts";
import { type QuotaState, rememberQuota } from "./quota-cache.ts";
import type { z } from "zod";
import type { JobEstimate as JobEstimateSchema } from "../_contract/jobs.ts";

const offline = new HeuristicEvaluator();

type JobEstimate = z.infer<typeof JobEstimateSchema>;

type Refusal = JobEstimate["admission"]["refusal"];
type Priced = {
  credits: JobEstimate["credits"];
  refusal: Refusal;
  quota: QuotaState;
  /** A follow-up's project: its name and stored spec, the one file the follow-up is judged against. */
  project?: { name: string; spec: string | null };
};

export async function estimatePromptJob(
  deps: Pick<Deps, "db">,
  claims: Claims,
  body: PromptJobRequest,
): Promise<JobEstimate> {
  const { prompt, model, appName } = body.input;
  const verdict = await offline.evaluate(prompt, { model, appName, followUp: body.project_id !== undefined });
  // Without a verdict's tier, POST /jobs holds what the dearest tier may cost while it judges.
  const tier: ModelTier | null = verdict.ok ? verdict.model : model ?? null;
  const priced = await selectForUser<Priced>(
    deps.db,
    claims,
    (tx) => tx`select api.estimate_job(${body.project_id ?? null}, ${tier}) as r`,
  );
  rememberQuota(claims.sub, priced.quota);
  const made = composeRequest({
    prompt,
    model: tier ?? "full",
    // As the job would be: a follow-up the client named nothing for keeps its project's name.
    appName: (verdict.ok ? verdict.appName : appName) ?? priced.project?.name ?? "",
    existingFiles: priced.project?.spec != null
      ? [{ path: SPEC_PATH, contents: priced.project.spec, type: FILE_TYPE.config }]
      : [],
  });
  // The refusal POST /jobs would answer first: its credit check comes before the prompt's evaluation.
  const refusal: Refusal = priced.refusal ?? (verdict.ok ? null : {
    code: "invalid_prompt",
    message: "The prompt cannot produce a meaningful app.",
    details: { reason: verdict.reason },
  });
  return {
    name: made.spec.name,
    language: made.spec.language,
    ...(made.languageFallbackFrom ? { language_fallback_from: made.languageFallbackFrom } : {}),
    kind: made.spec.kind,
    tier,
    asks: made.asks,
    unmet: made.unmet,
    credits: priced.credits,
    admission: { admitted: refusal === null, refusal },
    rate_limit: priced.quota,
  };
}
