// Offline generator: the prompt is understood (understand/) and composed into an app spec (compose-spec/),
// the spec becomes the template's Expo project (compose.ts). A follow-up prompt changes the project's stored spec; files the user edited and
// the change does not touch stay as they are, files the generator no longer produces go.
import { Buffer } from "node:buffer";
import type {
  GeneratedFile,
  GenerationRequest,
  GenerationResult,
  Generator,
  ModelTier,
} from "../_shared/ports/generation.ts";
import { changeSpec, composeSpec, type Composition } from "./compose-spec/index.ts";
import { composeApp, FILE_TYPE, ICON_PATH, SPEC_PATH } from "./compose.ts";
import { readStoredSpec } from "./spec-schema.ts";

/** Flat EUR price per run by tier, so local runs exercise the wallet spend like a paid model would. */
export const TEMPLATE_PRICES_EUR = {
  light: "0.0500",
  full: "0.2000",
} as const satisfies Record<ModelTier, string>;

// What a model would read before the prompt (instructions, templates); keeps reported usage realistic.
const INSTRUCTION_TOKENS = 400;
const CHARS_PER_TOKEN = 4;

/** The spec a project carries, when it holds to the spec schema (whichever generator wrote it). */
export const storedSpec = readStoredSpec;

/**
 * The project's next file set: `next` as generated, except files the user changed since `previous` was
 * generated and `next` leaves as they were, which keep the user's text; files the user added are kept.
 */
export function mergeFiles(
  existing: GeneratedFile[],
  previous: GeneratedFile[],
  next: GeneratedFile[],
): GeneratedFile[] {
  const before = new Map(previous.map((file) => [file.path, file.contents]));
  const produced = new Set(next.map((file) => file.path));
  const current = new Map(existing.map((file) => [file.path, file]));
  const merged = next.map((file) => {
    const mine = current.get(file.path);
    const edited = mine !== undefined && before.has(file.path) && mine.contents !== before.get(file.path);
    return edited && before.get(file.path) === file.contents ? mine : file;
  });
  const own = existing.filter((file) =>
    !produced.has(file.path) && !before.has(file.path) && file.path !== SPEC_PATH
  );
  return [...merged, ...own].sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * What a run makes of the prompt: a follow-up changes the app its project's stored spec describes; a new
 * project (or the starting template's) is made from the prompt, with the name it was admitted with.
 */
export function composeRequest(
  request: Pick<GenerationRequest, "prompt" | "model" | "appName" | "existingFiles">,
  stored = storedSpec(request.existingFiles),
): Composition {
  return stored && stored.prompts.length > 0
    ? changeSpec(stored, request.prompt)
    : composeSpec(request.prompt, { tier: request.model, appName: request.appName });
}

export class TemplateGenerator implements Generator {
  generate(request: GenerationRequest): Promise<GenerationResult> {
    const stored = storedSpec(request.existingFiles);
    const existingIcon = request.existingFiles.find((file) =>
      file.path === ICON_PATH && file.type === FILE_TYPE.asset
    );
    const icon = request.iconPng ? Buffer.from(request.iconPng).toString("base64") : existingIcon?.contents;
    const made = composeRequest(request, stored);
    // Files the user edited and the new spec leaves alone stay.
    const previous = stored ? composeApp(stored, existingIcon?.contents) : [];
    const { spec } = made;
    const files = mergeFiles(request.existingFiles, previous, composeApp(spec, icon));

    const outputChars = files.reduce(
      (total, file) => total + (file.type === FILE_TYPE.asset ? 0 : file.contents.length),
      0,
    );
    return Promise.resolve({
      files,
      summary: {
        kind: spec.kind,
        name: spec.name,
        description: spec.description,
        language: spec.language,
        ...(made.languageFallbackFrom ? { languageFallbackFrom: made.languageFallbackFrom } : {}),
        asks: made.asks,
        unmet: made.unmet,
        ...(made.withoutSamples.length ? { withoutSamples: made.withoutSamples } : {}),
      },
      usage: {
        tokensIn: Math.ceil(request.prompt.length / CHARS_PER_TOKEN) + INSTRUCTION_TOKENS,
        tokensOut: Math.ceil(outputChars / CHARS_PER_TOKEN),
      },
      model: `template-${request.model}`,
      provider: "template",
      costEur: TEMPLATE_PRICES_EUR[request.model],
    });
  }
}
