// The structured exchange with any OpenAI-compatible chat completions API (OpenAI, OpenRouter, a local
// model server), which the evaluator and the generator share. The model answers in a JSON schema, and its
// answer is validated before anything is used: a model's output is untrusted input.
import OpenAI from "openai";
import { z } from "zod";
import { fromStrictJson, type JsonSchema, strictJsonSchema } from "./spec-schema.ts";
import { GenerationError, type GenerationUsage, type ModelTier } from "../_shared/ports/generation.ts";
import type { ModelPrice } from "./model-settings.ts";

export interface OpenAICompatibleOptions {
  /** The API's base URL, e.g. `https://api.openai.com/v1` or `https://openrouter.ai/api/v1`. */
  baseUrl: string;
  apiKey: string;
  /** Concrete model names behind the tiers; the light model also judges prompts. */
  models: Record<ModelTier, string>;
  /** Prices per concrete model name; both tiers' models must be priced. */
  prices: Record<string, ModelPrice>;
  /** Recorded with each run's usage, e.g. "openai" or "openrouter". */
  provider: string;
  /** Limit for one call, the client's retry included. */
  timeoutMs: number;
  maxFiles?: number;
  maxFileBytes?: number;
  maxTotalBytes?: number;
}

const QUOTED_TEXT_MAX = 200;
const REPORTED_ISSUES_MAX = 5;

function tokenCount(value: unknown): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : 0;
}

export function describeIssues(error: z.ZodError): string {
  const issues = error.issues.slice(0, REPORTED_ISSUES_MAX).map((issue) =>
    issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message
  );
  const more = error.issues.length - issues.length;
  return issues.join("; ") + (more > 0 ? `; and ${more} more` : "");
}

export function quoted(text: string): string {
  return text.length > QUOTED_TEXT_MAX ? `${text.slice(0, QUOTED_TEXT_MAX)}…` : text;
}

/** An answer that arrived but cannot be used (not JSON, cut off, the wrong shape): worth one repair round. */
export class UnusableAnswer extends GenerationError {
  constructor(message: string, usage: GenerationUsage, readonly raw: string) {
    super("model_output_invalid", message, usage);
  }
}

export function addUsage(a: GenerationUsage, b: GenerationUsage | undefined): GenerationUsage {
  return { tokensIn: a.tokensIn + (b?.tokensIn ?? 0), tokensOut: a.tokensOut + (b?.tokensOut ?? 0) };
}

/** What a streamed answer adds up to: the parts of a chat completion the exchange reads. */
interface StreamedCompletion {
  choices: { message: { content: string; refusal: string | null }; finish_reason: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

/** One structured-output exchange: the request, the provider's failures, refusals and the answer's shape. */
export class StructuredChat {
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAICompatibleOptions) {
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      apiKey: options.apiKey,
      timeout: options.timeoutMs,
      // 429 and 5xx are retried with exponential backoff (honouring Retry-After) inside the call's deadline,
      // which the job's lease outlives: the runner heartbeats the lease while it waits.
      maxRetries: 3,
      // The library would otherwise pick these up from the environment and send them to any provider.
      organization: null,
      project: null,
    });
  }

  async complete<T>(
    model: string,
    name: string,
    schema: z.ZodType<T>,
    messages: OpenAI.ChatCompletionMessageParam[],
    canceled?: AbortSignal,
  ): Promise<{ answer: T; usage: GenerationUsage; raw: string }> {
    // The client's timeout covers each attempt up to the response headers; this deadline covers the whole
    // call, retry and body included, so a provider that stalls mid-answer cannot hold the run.
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    // A canceled job stops its request as the deadline would.
    const deadline = canceled ? AbortSignal.any([timeout, canceled]) : timeout;
    // The provider constrains the answer to the strict form of the schema; it is read back into the schema's
    // own form and validated in full, bounds and cross-checks included.
    const full = z.toJSONSchema(schema, { target: "draft-7", io: "input" }) as JsonSchema;
    let completion: StreamedCompletion;
    try {
      // Streamed: a long answer keeps the connection busy instead of idle until the last token, and the
      // deadline still bounds the whole answer.
      const stream = await this.client.chat.completions.create({
        model,
        messages,
        response_format: {
          type: "json_schema",
          json_schema: { name, strict: true, schema: strictJsonSchema(full) as Record<string, unknown> },
        },
        stream: true,
        stream_options: { include_usage: true },
      }, { signal: deadline });
      // The body outlives the request's signal in the library, so the deadline ends the stream itself.
      const stop = () => stream.controller.abort();
      deadline.addEventListener("abort", stop, { once: true });
      completion = { choices: [] };
      for await (const chunk of stream) {
        if (chunk.usage) completion.usage = chunk.usage;
        const delta = chunk.choices?.[0];
        if (!delta) continue;
        const choice = completion.choices[0] ??= {
          message: { content: "", refusal: null },
          finish_reason: null,
        };
        choice.message.content += delta.delta?.content ?? "";
        if (delta.delta?.refusal) {
          choice.message.refusal = (choice.message.refusal ?? "") + delta.delta.refusal;
        }
        choice.finish_reason = delta.finish_reason ?? choice.finish_reason;
      }
      // An aborted stream ends its iteration quietly: what arrived by then is not a whole answer.
      if (deadline.aborted) throw deadline.reason;
    } catch (err) {
      if (canceled?.aborted) throw new GenerationError("canceled", "The generation was canceled.");
      throw this.failure(err, deadline);
    }

    const usage = {
      tokensIn: tokenCount(completion.usage?.prompt_tokens),
      tokensOut: tokenCount(completion.usage?.completion_tokens),
    };
    const invalid = (why: string) =>
      new UnusableAnswer(`The model's answer is not usable: ${why}.`, usage, choice?.message.content ?? "");
    // Some gateways answer an upstream error with 200 and no choices.
    const choice = completion.choices?.[0];
    if (!choice) {
      throw new GenerationError(
        "provider_failed",
        `The ${this.options.provider} service sent no answer.`,
        usage,
      );
    }
    if (choice.message.refusal) {
      throw new GenerationError(
        "model_refused",
        `The model declined the request: ${quoted(choice.message.refusal)}`,
        usage,
      );
    }
    if (choice.finish_reason === "length") throw invalid("it was cut off at the output token limit");
    if (!choice.message.content) throw invalid("it is empty");

    let json: unknown;
    try {
      json = JSON.parse(choice.message.content);
    } catch {
      throw invalid("it is not JSON");
    }
    const parsed = schema.safeParse(fromStrictJson(full, json));
    if (!parsed.success) throw invalid(describeIssues(parsed.error));
    return { answer: parsed.data, usage, raw: choice.message.content };
  }

  /** The provider's own words when it answered (without the key or our URL), never the fetch error's. */
  private failure(err: unknown, deadline: AbortSignal): GenerationError {
    const { provider, timeoutMs, apiKey, baseUrl } = this.options;
    let reason: string;
    if (err instanceof OpenAI.APIError && typeof err.status === "number") {
      const said = (err.error as { message?: unknown } | undefined)?.message;
      const words = typeof said === "string" && said.length > 0
        ? `: ${quoted(said.replaceAll(apiKey, "[redacted]").replaceAll(baseUrl, "[redacted]"))}`
        : "";
      reason = `answered HTTP ${err.status}${words}`;
    } else if (deadline.aborted || err instanceof OpenAI.APIConnectionTimeoutError) {
      reason = `did not answer within ${timeoutMs} ms`;
    } else if (err instanceof OpenAI.APIConnectionError) {
      reason = "could not be reached";
    } else {
      reason = "sent an answer that could not be read";
    }
    return new GenerationError("provider_failed", `The ${provider} model service ${reason}.`);
  }
}

/** One tiny structured completion of the light model, through the same exchange as every run: a deployment check. */
export async function probeModel(
  options: OpenAICompatibleOptions,
): Promise<{ model: string; usage: GenerationUsage }> {
  const model = options.models.light;
  const { usage } = await new StructuredChat(options).complete(
    model,
    "probe",
    z.object({ ok: z.boolean() }),
    [
      { role: "user", content: 'Answer {"ok": true}.' },
    ],
  );
  return { model, usage };
}
