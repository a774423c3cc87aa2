import { UpstreamError } from "./upstream.ts";

// Ports of the job pipeline: the prompt evaluator judges a prompt before a job is accepted,
// the generator writes the app's files when the runner works the job.

export type ModelTier = "light" | "full";

export type PromptVerdict =
  | { ok: true; model: ModelTier; appName?: string }
  | { ok: false; reason: string };

export interface EvaluationHints {
  model?: ModelTier;
  appName?: string;
  /**
   * The prompt changes an existing project, whose name stays unless the client gives one: no name is
   * derived from it (a change such as "make it dark" names nothing).
   */
  followUp?: boolean;
}

export interface PromptEvaluator {
  /**
   * True when evaluate() judges in process and calls no one: judging costs nothing, so POST /jobs judges
   * first and admits and creates the job in one transaction.
   */
  readonly local?: boolean;
  /**
   * Judges a trimmed prompt. A client's `model`/`appName` are kept when given; `appName` is set unless the
   * prompt is a follow-up the client named nothing for.
   */
  evaluate(prompt: string, hints: EvaluationHints): Promise<PromptVerdict>;
}

export interface GeneratedFile {
  path: string;
  contents: string;
  type: string;
}

export interface GenerationAttachment {
  path: string;
  type: string;
  bytes: Uint8Array;
}

export interface GenerationRequest {
  prompt: string;
  appName: string;
  model: ModelTier;
  attachments: GenerationAttachment[];
  /** The project's current files, so a follow-up prompt modifies rather than replaces. */
  existingFiles: GeneratedFile[];
  /** The project's rendered icon, written as assets/icon.png; absent when the project already carries it. */
  iconPng?: Uint8Array;
  /** Aborted when the job is canceled: the generator stops and reports what was billed, if anything. */
  signal?: AbortSignal;
  /**
   * A repair round of an earlier run whose version failed to build: that version's files, the build's errors
   * and the repair rounds the job has left (at least 1). Only a generator that reports `repairsLeft` gets one.
   */
  repair?: { files: GeneratedFile[]; problems: string[]; rounds: number };
}

/** What the generator made of the prompt, reported in the job's result and kept on the project. */
export interface GenerationSummary {
  kind: string;
  name: string;
  /** One sentence; it becomes the project's description. */
  description: string;
  /** The UI language written; `languageFallbackFrom` names the prompt's language when it could not be. */
  language: string;
  languageFallbackFrom?: string;
  /** What the prompt asked for, each with its words and the block and screen that serve it, if any. */
  asks?: AskOutcome[];
  /** The prompt's words no ask accounts for, and the asks no block could serve, with why. */
  unmet?: string[];
  /** Lists that start empty because their records cannot be known offline. */
  withoutSamples?: string[];
}

export interface AskOutcome {
  type: string;
  quote: string;
  built: boolean;
  block?: string;
  screen?: string;
  field?: string;
}

export interface GenerationUsage {
  tokensIn: number;
  tokensOut: number;
}

export interface GenerationResult {
  files: GeneratedFile[];
  usage: GenerationUsage;
  /** Concrete model name and provider, recorded on the spend and the usage event. */
  model: string;
  provider: string;
  /** What the run cost, as a decimal string in EUR (e.g. "0.0120"). */
  costEur: string;
  summary?: GenerationSummary;
  /**
   * The repair rounds left to the job, from a generator that can repair its output: the job then waits for
   * its version's build, whose errors a repair round gets. Absent: the job ends when its files are saved.
   */
  repairsLeft?: number;
}

export interface Generator {
  generate(request: GenerationRequest): Promise<GenerationResult>;
}

/**
 * A run or an evaluation that failed. `charge` is what the provider billed anyway (tokens spent on an
 * answer that could not be used); a failed run is charged exactly that, and nothing without it.
 */
export class GenerationError extends UpstreamError {
  constructor(
    code: string,
    message: string,
    readonly usage?: GenerationUsage,
    readonly charge?: { model: string; provider: string; costEur: string },
  ) {
    super(code, message);
  }
}
