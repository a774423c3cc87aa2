// The model service's settings, which choose the prompt evaluator (evaluators.ts) and the generator
// (generators.ts) once at start-up:
//
//   GENERATOR                     "template" (default): the offline heuristic evaluator and template
//                                 generator; "openai": an OpenAI-compatible chat completions API, set up by
//                                 the variables below (all required except where a default is given).
//   OPENAI_BASE_URL               the API's base URL: https://api.openai.com/v1, https://openrouter.ai/api/v1,
//                                 or a local model server's.
//   OPENAI_API_KEY                sent as the bearer token.
//   OPENAI_MODEL_LIGHT            the model of the light tier; it also judges prompts.
//   OPENAI_MODEL_FULL             the model of the full tier.
//   OPENAI_PRICES                 JSON pricing both models, in EUR per million tokens as decimal strings:
//                                 {"gpt-4o-mini": {"inputPerMTokEur": "0.14", "outputPerMTokEur": "0.55"}, …}
//   OPENAI_PROVIDER               the name recorded with each run's usage (default "openai").
//   UPSTREAM_TIMEOUT_MS           limit for judging a prompt, which a client waits for (default 10000).
//   OPENAI_GENERATION_TIMEOUT_MS  limit for generating an app, which runs in the background and can take
//                                 minutes for a large model (default 300000).
//
// A missing or malformed variable throws at start-up with a message naming it.
import { z } from "zod";
import type { OpenAICompatibleOptions } from "./openai-chat.ts";

/** A non-negative decimal number written out, so prices never pass through floating point. */
export const DECIMAL = /^\d+(\.\d+)?$/;

export const ModelPrice = z.object({
  inputPerMTokEur: z.string().regex(DECIMAL, 'must be a decimal number like "2.50"'),
  outputPerMTokEur: z.string().regex(DECIMAL, 'must be a decimal number like "10.00"'),
});
/** EUR per million tokens, as decimal strings. */
export type ModelPrice = z.infer<typeof ModelPrice>;

export interface GenerationEnv {
  GENERATOR?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_MODEL_LIGHT?: string;
  OPENAI_MODEL_FULL?: string;
  OPENAI_PRICES?: string;
  OPENAI_PROVIDER?: string;
  UPSTREAM_TIMEOUT_MS?: string;
  OPENAI_GENERATION_TIMEOUT_MS?: string;
}

const REQUIRED = "required when GENERATOR is openai";
const required = (issue: { input?: unknown }) => issue.input === undefined ? REQUIRED : undefined;

const Choice = z.object({ GENERATOR: z.enum(["template", "openai"]).default("template") });

const OpenAIEnv = z.object({
  OPENAI_BASE_URL: z.url({ error: required }),
  OPENAI_API_KEY: z.string({ error: required }),
  OPENAI_MODEL_LIGHT: z.string({ error: required }),
  OPENAI_MODEL_FULL: z.string({ error: required }),
  OPENAI_PRICES: z.string({ error: required })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be JSON" });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.string(), ModelPrice)),
  OPENAI_PROVIDER: z.string().default("openai"),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  OPENAI_GENERATION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(900_000).default(300_000),
}).superRefine((env, ctx) => {
  for (const model of new Set([env.OPENAI_MODEL_LIGHT, env.OPENAI_MODEL_FULL])) {
    if (!env.OPENAI_PRICES[model]) {
      ctx.addIssue({ code: "custom", path: ["OPENAI_PRICES"], message: `no price for the model ${model}` });
    }
  }
});

function parse<T>(schema: z.ZodType<T>, env: Record<string, string>): T {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** The model service's settings when GENERATOR is openai, null for the offline generator. */
export function openAISettings(
  env: GenerationEnv,
): {
  options: Omit<OpenAICompatibleOptions, "timeoutMs">;
  evaluatorTimeoutMs: number;
  generatorTimeoutMs: number;
} | null {
  // An empty variable counts as unset, as in the functions' other configuration.
  const present = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] =>
      entry[1] !== undefined && entry[1] !== ""
    ),
  );
  if (parse(Choice, present).GENERATOR === "template") return null;
  const c = parse(OpenAIEnv, present);
  return {
    options: {
      baseUrl: c.OPENAI_BASE_URL,
      apiKey: c.OPENAI_API_KEY,
      models: { light: c.OPENAI_MODEL_LIGHT, full: c.OPENAI_MODEL_FULL },
      prices: c.OPENAI_PRICES,
      provider: c.OPENAI_PROVIDER,
    },
    evaluatorTimeoutMs: c.UPSTREAM_TIMEOUT_MS,
    generatorTimeoutMs: c.OPENAI_GENERATION_TIMEOUT_MS,
  };
}
