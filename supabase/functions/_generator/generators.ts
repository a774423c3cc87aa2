// The generator the settings choose (model-settings.ts): what the runner needs, and nothing of the evaluator.
import type { Generator } from "../_shared/ports/generation.ts";
import { type GenerationEnv, openAISettings } from "./model-settings.ts";
import { OpenAICompatibleGenerator } from "./openai-adapter.ts";
import { TemplateGenerator } from "./template-generator.ts";

export function createGenerator(env: GenerationEnv): Generator {
  const settings = openAISettings(env);
  if (!settings) return new TemplateGenerator();
  return new OpenAICompatibleGenerator({ ...settings.options, timeoutMs: settings.generatorTimeoutMs });
}
