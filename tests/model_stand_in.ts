// A loopback stand-in for an OpenAI-compatible chat completions API that streams its answers as the real
// ones do, and realistic answers of a model asked for an app's spec and files in strict structured output.
import type { OpenAICompatibleOptions } from "../supabase/functions/_generator/openai-chat.ts";
import { createRunnerApp, runnerDepsFrom } from "../supabase/functions/job-runner/app.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import { withSetting } from "./helpers.ts";
import type { GeneratedFile } from "../supabase/functions/_shared/ports/generation.ts";

export const KEY = `sk-test-${crypto.randomUUID().replaceAll("-", "")}`;
export const LIGHT = "light-model-1";
export const FULL = "full-model-1";
export const PRICES = {
  [LIGHT]: { inputPerMTokEur: "0.15", outputPerMTokEur: "0.60" },
  [FULL]: { inputPerMTokEur: "2.50", outputPerMTokEur: "10.00" },
};
export const USAGE = { prompt_tokens: 1234, completion_tokens: 5678 };

export interface Seen {
  path: string;
  authorization: string | null;
  // deno-lint-ignore no-explicit-any
  body: any;
}

export type Reply = (seen: Seen) => Response;

/** Just enough of `POST /v1/chat/completions` to hold the adapters to the wire protocol. */
export class StandIn {
  readonly seen: Seen[] = [];
  reply: Reply = () => completion({ files: [] });
  hang = false;
  /** Pause before each streamed chunk: a slow model. */
  chunkDelayMs = 0;
  private readonly server: Deno.HttpServer<Deno.NetAddr>;
  private readonly hanging = new Set<() => void>();

  constructor() {
    this.server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => this.handle(req));
  }

  options(overrides: Partial<OpenAICompatibleOptions> = {}): OpenAICompatibleOptions {
    return {
      baseUrl: `http://127.0.0.1:${this.server.addr.port}/v1`,
      apiKey: KEY,
      models: { light: LIGHT, full: FULL },
      prices: PRICES,
      provider: "stand-in",
      timeoutMs: 5_000,
      ...overrides,
    };
  }

  async close() {
    for (const release of this.hanging) release();
    await this.server.shutdown();
  }

  private async handle(req: Request): Promise<Response> {
    const seen = {
      path: new URL(req.url).pathname,
      authorization: req.headers.get("authorization"),
      body: await req.json(),
    };
    this.seen.push(seen);
    if (this.hang) {
      await new Promise<void>((resolve) => this.hanging.add(resolve));
      return new Response(null, { status: 503 });
    }
    const reply = this.reply(seen);
    return seen.body.stream && reply.ok ? streamed(await reply.json(), this.chunkDelayMs) : reply;
  }
}

/** A chat completion as the server-sent events a streaming request gets, a few characters a chunk. */
// deno-lint-ignore no-explicit-any
export function streamed(done: any, delayMs: number): Response {
  const [choice] = done.choices ?? [];
  const content: string = choice?.message.content ?? "";
  const base = { id: done.id, object: "chat.completion.chunk", created: done.created, model: done.model };
  const chunks: unknown[] = [];
  if (choice) {
    for (let i = 0; i < Math.max(1, content.length); i += 400) {
      chunks.push({
        ...base,
        choices: [{ index: 0, delta: { content: content.slice(i, i + 400) }, finish_reason: null }],
      });
    }
    if (choice.message.refusal) {
      chunks.push({
        ...base,
        choices: [{ index: 0, delta: { refusal: choice.message.refusal }, finish_reason: null }],
      });
    }
    chunks.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: choice.finish_reason }] });
  }
  chunks.push({ ...base, choices: [], usage: done.usage });
  const encoder = new TextEncoder();
  const body = new ReadableStream({
    async start(controller) {
      for (const chunk of chunks) {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
      }
      controller.enqueue(encoder.encode("data: [DONE]\n\n"));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

/** Runs `fn` while the dispatcher sends jobs to a runner whose generator is the model adapter on `standIn`. */
export async function withModelRunner(standIn: StandIn, fn: () => Promise<void>) {
  const env = {
    ...Deno.env.toObject(),
    GENERATOR: "openai",
    OPENAI_BASE_URL: standIn.options().baseUrl,
    OPENAI_API_KEY: standIn.options().apiKey,
    OPENAI_MODEL_LIGHT: LIGHT,
    OPENAI_MODEL_FULL: FULL,
    OPENAI_PRICES: JSON.stringify(PRICES),
    OPENAI_PROVIDER: "stand-in",
  };
  const config = loadConfig(env);
  const deps = runnerDepsFrom(config, env);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    createRunnerApp(deps, config.WORKER_SECRET).fetch,
  );
  try {
    await withSetting("runner_url", `http://127.0.0.1:${server.addr.port}/job-runner`, fn);
  } finally {
    await server.shutdown();
    await deps.db.end();
  }
}

export async function withStandIn(fn: (standIn: StandIn) => Promise<void>) {
  const standIn = new StandIn();
  try {
    await fn(standIn);
  } finally {
    await standIn.close();
  }
}

export function completion(
  content: unknown,
  message: { refusal?: string } = {},
  finishReason = "stop",
): Response {
  return Response.json({
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "served-model",
    choices: [{
      index: 0,
      finish_reason: finishReason,
      message: {
        role: "assistant",
        content: typeof content === "string" || content === null ? content : JSON.stringify(content),
        refusal: message.refusal ?? null,
      },
    }],
    usage: { ...USAGE, total_tokens: USAGE.prompt_tokens + USAGE.completion_tokens },
  });
}

// A project that passes verification: declared packages, a valid app.json naming the icon the service adds.
export const APP_FILES: GeneratedFile[] = [
  {
    path: "package.json",
    contents:
      '{"name":"tide-log","dependencies":{"expo":"~57.0.26","react":"19.2.3","react-native":"0.86.3"}}\n',
    type: "CONFIG",
  },
  {
    path: "app.json",
    contents: '{"expo":{"name":"Tide Log","slug":"tide-log","icon":"./assets/icon.png"}}\n',
    type: "CONFIG",
  },
  {
    path: "App.tsx",
    contents:
      'import { Text } from "react-native";\n\nexport default function App() {\n  return <Text>Tides</Text>;\n}\n',
    type: "CODE",
  },
  { path: "README.md", contents: "# Tide Log\n", type: "DOC" },
];

const OPTION_KEYS = [
  "search",
  "categoryField",
  "checkField",
  "amountField",
  "dateField",
  "valueField",
  "unit",
  "chart",
  "timeField",
  "phases",
  "rounds",
  "mode",
  "conversions",
  "currency",
];

/** Screen options as a strict structured output has them: every key, null when unused. */
export const options = (set: Record<string, unknown>) =>
  Object.fromEntries(OPTION_KEYS.map((key) => [key, set[key] ?? null]));
/** A record as {key, value} entries, the strict form of an object with any keys. */
export const record = (values: Record<string, unknown>) =>
  Object.entries(values).map(([key, value]) => ({ key, value }));

// The spec as a provider's strict mode sends it.
export const WIRE_SPEC = {
  kind: "generic",
  name: "Tide Log",
  description: "A log of high and low tides for each beach, with search.",
  language: "en",
  accent: "#0D9488",
  features: ["A list of tides with add, edit and detail screens", "Search"],
  entities: [{
    key: "tide",
    label: "Tide",
    plural: "Tides",
    fields: [
      { key: "beach", label: "Beach", type: "text", options: null },
      { key: "when", label: "When", type: "date", options: null },
      { key: "kind", label: "Kind", type: "choice", options: ["High", "Low"] },
    ],
    samples: [
      record({ id: "tide-1", beach: "North Beach", when: "2026-01-15", kind: "High" }),
      record({ id: "tide-2", beach: "North Beach", when: "2026-01-15", kind: "Low" }),
      record({ id: "tide-3", beach: "Cove", when: "2026-01-16", kind: "High" }),
    ],
  }],
  screens: [{
    key: "tides",
    title: "Tides",
    icon: "🌊",
    block: "collection",
    entity: "tide",
    options: options({ search: true, categoryField: "kind", dateField: "when" }),
  }],
};

/** A model's answer: the prompt's language, the spec and the files, each replaceable. */
export function answer(overrides: { prompt_language?: unknown; spec?: unknown; files?: unknown } = {}) {
  return { prompt_language: "en", spec: WIRE_SPEC, files: APP_FILES, ...overrides };
}
