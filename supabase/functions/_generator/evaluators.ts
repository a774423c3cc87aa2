// The prompt evaluator the settings choose (model-settings.ts): what admission needs, and nothing of the
// generator, so v1 and mcp load neither the runner's generator nor its type checks.
import type { PromptEvaluator } from "../_shared/ports/generation.ts";
import { HeuristicEvaluator } from "./heuristic-evaluator.ts";
import { type GenerationEnv, openAISettings } from "./model-settings.ts";
import { OpenAICompatibleEvaluator } from "./openai-evaluator.ts";

export function createEvaluator(env: GenerationEnv): PromptEvaluator {
  const settings = openAISettings(env);
  if (!settings) return new HeuristicEvaluator();
  return new OpenAICompatibleEvaluator({ ...settings.options, timeoutMs: settings.evaluatorTimeoutMs });
}
