import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { createGenerationAdapters } from "../../supabase/functions/_shared/generation/adapters.ts";
import { HeuristicEvaluator } from "../../supabase/functions/_shared/generation/heuristic-evaluator.ts";
import {
  costEur,
  OpenAICompatibleEvaluator,
  OpenAICompatibleGenerator,
  type OpenAICompatibleOptions,
} from "../../supabase/functions/_shared/generation/openai-adapter.ts";
import { TemplateGenerator } from "../../supabase/functions/_shared/generation/template-generator.ts";
import {
  type GeneratedFile,
  GenerationError,
  type GenerationRequest,
} from "../../supabase/functions/_shared/ports/generation.ts";

const KEY = `sk-test-${crypto.randomUUID().replaceAll("-", "")}`;
const LIGHT = "light-model-1";
const FULL = "full-model-1";
const PRICES = {
  [LIGHT]: { inputPerMTokEur: "0.15", outputPerMTokEur: "0.60" },
  [FULL]: { inputPerMTokEur: "2.50", outputPerMTokEur: "10.00" },
};
const USAGE = { prompt_tokens: 1234, completion_tokens: 5678 };

interface Seen {
  path: string;
  authorization: string | null;
  // deno-lint-ignore no-explicit-any
  body: any;
}

type Reply = (seen: Seen) => Response;

/** Just enough of `POST /v1/chat/completions` to hold the adapters to the wire protocol. */
class StandIn {
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
function streamed(done: any, delayMs: number): Response {
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

async function withStandIn(fn: (standIn: StandIn) => Promise<void>) {
  const standIn = new StandIn();
  try {
    await fn(standIn);
  } finally {
    await standIn.close();
  }
}

function completion(
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
const APP_FILES: GeneratedFile[] = [
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

const replaced = (path: string, contents: string) =>
  APP_FILES.map((file) => (file.path === path ? { ...file, contents } : file));
// Both rounds billed: the answer and its repair.
const TWO_ROUNDS = { tokensIn: 2468, tokensOut: 11356 };

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function request(overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    prompt: "A tide log app that records high and low tides per beach",
    appName: "Tide Log",
    model: "full",
    attachments: [],
    existingFiles: [],
    ...overrides,
  };
}

// deno-lint-ignore no-explicit-any
function userParts(body: any): any[] {
  // deno-lint-ignore no-explicit-any
  return body.messages.find((message: any) => message.role === "user").content;
}

async function generationError(promise: Promise<unknown>, code: string): Promise<GenerationError> {
  const err = await promise.then(() => null, (err: unknown) => err);
  assert.ok(err instanceof GenerationError, `expected a GenerationError, got ${err}`);
  assert.equal(err.code, code, err.message);
  assert.equal(err.status, 502);
  return err;
}

Deno.test("costEur is exact, with 6 decimals rounded half up", () => {
  assert.equal(costEur({ tokensIn: 1234, tokensOut: 5678 }, PRICES[FULL]), "0.059865");
  assert.equal(costEur({ tokensIn: 1_000_000, tokensOut: 0 }, PRICES[LIGHT]), "0.150000");
  assert.equal(costEur({ tokensIn: 0, tokensOut: 0 }, PRICES[LIGHT]), "0.000000");
  // 123456789 × 1.23 micro-euros = 151851850.47, where floating point gives 151.85185047000002.
  assert.equal(
    costEur({ tokensIn: 123_456_789, tokensOut: 0 }, { inputPerMTokEur: "1.23", outputPerMTokEur: "0" }),
    "151.851850",
  );
  assert.equal(
    costEur({ tokensIn: 1, tokensOut: 0 }, { inputPerMTokEur: "0.5", outputPerMTokEur: "0" }),
    "0.000001",
  );
  assert.equal(
    costEur({ tokensIn: 0, tokensOut: 3 }, { inputPerMTokEur: "0", outputPerMTokEur: "0.1" }),
    "0.000000",
  );
  assert.equal(
    costEur({ tokensIn: 7, tokensOut: 9 }, { inputPerMTokEur: "0.0000001", outputPerMTokEur: "1000" }),
    "0.009000",
  );
  assert.throws(() =>
    costEur({ tokensIn: 1, tokensOut: 1 }, { inputPerMTokEur: "1e3", outputPerMTokEur: "1" })
  );
});

Deno.test("the generator sends the prompt, the project and the images, and returns the validated app", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion({ files: APP_FILES });
    const existingFiles = [{ path: "App.tsx", contents: "// the current tide list\n", type: "CODE" }];
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request({
      existingFiles,
      attachments: [{ path: "beach.png", type: "image/png", bytes: PNG }],
    }));

    assert.deepEqual(result, {
      files: APP_FILES,
      usage: { tokensIn: 1234, tokensOut: 5678 },
      model: FULL,
      provider: "stand-in",
      costEur: "0.059865",
    });
    assert.equal(standIn.seen.length, 1);
    const [{ path, authorization, body }] = standIn.seen;
    assert.equal(path, "/v1/chat/completions");
    assert.equal(authorization, `Bearer ${KEY}`);
    assert.equal(body.model, FULL);
    assert.equal(body.response_format.type, "json_schema");
    assert.equal(body.response_format.json_schema.strict, true);
    assert.equal(body.response_format.json_schema.schema.properties.files.type, "array");
    const parts = userParts(body);
    const text = parts.filter((part) => part.type === "text").map((part) => part.text).join("\n");
    assert.match(text, /A tide log app that records high and low tides per beach/);
    assert.match(text, /Tide Log/);
    assert.match(text, /the current tide list/);
    assert.deepEqual(parts.filter((part) => part.type === "image_url").map((part) => part.image_url.url), [
      `data:image/png;base64,${Buffer.from(PNG).toString("base64")}`,
    ]);
  });
});

Deno.test("the generator uses the light model for the light tier", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion({ files: APP_FILES });
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(
      request({ model: "light" }),
    );
    assert.equal(standIn.seen[0].body.model, LIGHT);
    assert.equal(result.model, LIGHT);
    assert.equal(result.costEur, costEur(result.usage, PRICES[LIGHT]));
  });
});

Deno.test("existing files beyond the context budget are named, not sent", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion({ files: APP_FILES });
    const huge = { path: "src/huge.ts", contents: "x".repeat(150_000), type: "CODE" };
    const small = { path: "src/small.ts", contents: "export const small = 1;\n", type: "CODE" };
    await new OpenAICompatibleGenerator(standIn.options()).generate(
      request({ existingFiles: [huge, small] }),
    );
    const text = userParts(standIn.seen[0].body).map((part) => part.text ?? "").join("\n");
    assert.match(text, /export const small = 1;/);
    assert.match(text, /src\/huge\.ts/);
    assert.ok(!text.includes("x".repeat(1000)));
  });
});

Deno.test("an answer that is not JSON twice is invalid output, and both rounds' tokens are reported", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion('{"files": [');
    const err = await generationError(
      new OpenAICompatibleGenerator(standIn.options()).generate(request()),
      "invalid_output",
    );
    assert.equal(standIn.seen.length, 2);
    assert.deepEqual(err.usage, TWO_ROUNDS);
    // The tokens were billed, so the failed run carries their cost for the wallet.
    assert.deepEqual(err.charge, { model: FULL, provider: "stand-in", costEur: "0.119730" });
  });
});

Deno.test("truncated JSON gets one repair round: the raw answer and the problem are sent back", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () =>
      standIn.seen.length === 1 ? completion('{"files": [{"path": "App.t') : completion({ files: APP_FILES });
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request());
    assert.deepEqual(result.files, APP_FILES);
    assert.deepEqual(result.usage, TWO_ROUNDS);
    const messages = standIn.seen[1].body.messages;
    assert.equal(messages.at(-2).content, '{"files": [{"path": "App.t');
    assert.match(messages.at(-1).content, /not JSON/);
  });
});

Deno.test("an app with a syntax error is repaired once with the compiler's words fed back", async () => {
  await withStandIn(async (standIn) => {
    const broken = replaced("App.tsx", "export default function App() {\n  return <Text>Tides</Text>\n");
    standIn.reply = () => completion({ files: standIn.seen.length === 1 ? broken : APP_FILES });
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request());
    assert.deepEqual(result.files, APP_FILES);
    assert.equal(result.costEur, "0.119730");
    assert.match(standIn.seen[1].body.messages.at(-1).content, /App\.tsx:\d+:\d+: /);
  });
});

Deno.test("an import of an undeclared package fails as invalid_output after the repair round", async () => {
  await withStandIn(async (standIn) => {
    const undeclared = replaced(
      "App.tsx",
      'import confetti from "canvas-confetti";\n\nexport default function App() {\n  confetti();\n  return null;\n}\n',
    );
    standIn.reply = () => completion({ files: undeclared });
    const err = await generationError(
      new OpenAICompatibleGenerator(standIn.options()).generate(request()),
      "invalid_output",
    );
    assert.match(err.message, /canvas-confetti, which package\.json does not declare/);
    assert.equal(standIn.seen.length, 2);
    assert.deepEqual(err.charge, { model: FULL, provider: "stand-in", costEur: "0.119730" });
  });
});

Deno.test("429 and 5xx answers are retried with backoff inside the call's deadline", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () =>
      standIn.seen.length === 1
        ? Response.json({ error: { message: "slow down" } }, { status: 429, headers: { "retry-after": "0" } })
        : standIn.seen.length === 2
        ? Response.json({ error: { message: "overloaded" } }, { status: 503 })
        : completion({ files: APP_FILES });
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request());
    assert.deepEqual(result.files, APP_FILES);
    assert.equal(standIn.seen.length, 3);
  });
});

const INVALID_ANSWERS: {
  name: string;
  files: unknown;
  options?: Partial<OpenAICompatibleOptions>;
  says: RegExp;
}[] = [
  {
    name: "a path leaving the project",
    files: [...APP_FILES, { path: "../outside.ts", contents: "", type: "CODE" }],
    says: /files\.4\.path/,
  },
  {
    name: "an absolute path",
    files: [...APP_FILES, { path: "/etc/passwd", contents: "", type: "CONFIG" }],
    says: /files\.4\.path/,
  },
  {
    name: "a NUL in a path",
    files: [...APP_FILES, { path: "src/a\u0000.ts", contents: "", type: "CODE" }],
    says: /files\.4\.path/,
  },
  {
    name: "an overlong path",
    files: [...APP_FILES, { path: `${"a".repeat(301)}.ts`, contents: "", type: "CODE" }],
    says: /files\.4\.path/,
  },
  { name: "a duplicate path", files: [...APP_FILES, APP_FILES[2]], says: /duplicate path/ },
  { name: "too many files", files: APP_FILES, options: { maxFiles: 3 }, says: /more than 3 files/ },
  {
    name: "a file too large",
    files: APP_FILES,
    options: { maxFileBytes: 40 },
    says: /files\.0\.contents: larger than 40 bytes/,
  },
  { name: "too many bytes", files: APP_FILES, options: { maxTotalBytes: 100 }, says: /more than 100 bytes/ },
  {
    name: "a missing app.json",
    files: APP_FILES.filter((f) => f.path !== "app.json"),
    says: /app\.json is missing/,
  },
  {
    name: "an unknown file type",
    files: [...APP_FILES, { path: "logo.svg", contents: "<svg/>", type: "IMAGE" }],
    says: /files\.4\.type/,
  },
  { name: "no files array", files: "App.tsx", says: /files/ },
];

for (const { name, files, options, says } of INVALID_ANSWERS) {
  Deno.test(`an answer with ${name}, twice, is invalid output`, async () => {
    await withStandIn(async (standIn) => {
      standIn.reply = () => completion({ files });
      const err = await generationError(
        new OpenAICompatibleGenerator(standIn.options(options)).generate(request()),
        "invalid_output",
      );
      assert.match(err.message, says);
      assert.deepEqual(err.usage, TWO_ROUNDS);
    });
  });
}

Deno.test("an answer cut off at the token limit, twice, is invalid output", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion('{"files": [{"path": "App.tsx", "cont', {}, "length");
    const err = await generationError(
      new OpenAICompatibleGenerator(standIn.options()).generate(request()),
      "invalid_output",
    );
    assert.match(err.message, /token limit/);
  });
});

Deno.test("a refusal is reported as such", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion(null, { refusal: "I can't help with that." });
    const err = await generationError(
      new OpenAICompatibleGenerator(standIn.options()).generate(request()),
      "model_refused",
    );
    assert.match(err.message, /I can't help with that\./);
  });
});

Deno.test("an HTTP error, after the client's retries, is a provider failure without the key", async () => {
  await withStandIn(async (standIn) => {
    // Echoes the key and the address back, as a careless proxy might, to prove neither reaches the message.
    standIn.reply = () =>
      Response.json(
        {
          error: {
            message: `upstream broke for ${KEY} at ${standIn.options().baseUrl}`,
            type: "server_error",
          },
        },
        { status: 500 },
      );
    const err = await generationError(
      new OpenAICompatibleGenerator(standIn.options()).generate(request()),
      "provider_failed",
    );
    assert.equal(standIn.seen.length, 4);
    assert.match(err.message, /stand-in model service answered HTTP 500: upstream broke/);
    assert.ok(!err.message.includes(KEY), err.message);
    assert.ok(!err.message.includes("127.0.0.1"), err.message);
    assert.equal(err.usage, undefined);
  });
});

Deno.test("a provider that never answers fails within the timeout", async () => {
  await withStandIn(async (standIn) => {
    standIn.hang = true;
    const started = Date.now();
    const err = await generationError(
      new OpenAICompatibleGenerator(standIn.options({ timeoutMs: 500 })).generate(request()),
      "provider_failed",
    );
    assert.ok(Date.now() - started < 3_000, `took ${Date.now() - started} ms`);
    assert.match(err.message, /did not answer within 500 ms/);
    assert.ok(!err.message.includes(KEY), err.message);
    assert.ok(!err.message.includes("127.0.0.1"), err.message);
  });
});

Deno.test("a provider that cannot be reached is a provider failure", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  const generator = new OpenAICompatibleGenerator({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey: KEY,
    models: { light: LIGHT, full: FULL },
    prices: PRICES,
    provider: "stand-in",
    timeoutMs: 5_000,
  });
  const err = await generationError(generator.generate(request()), "provider_failed");
  assert.match(err.message, /could not be reached/);
  assert.ok(!err.message.includes("127.0.0.1"), err.message);
});

Deno.test("the generator refuses a configuration without prices for its models", () => {
  assert.throws(
    () =>
      new OpenAICompatibleGenerator({
        baseUrl: "http://127.0.0.1:9/v1",
        apiKey: KEY,
        models: { light: LIGHT, full: "unpriced" },
        prices: PRICES,
        provider: "stand-in",
        timeoutMs: 5_000,
      }),
    /unpriced/,
  );
});

function verdict(answer: { usable: boolean; reason: string; tier: "light" | "full"; app_name: string }) {
  return () => completion(answer);
}

Deno.test("the evaluator asks the light model and takes its verdict", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = verdict({
      usable: true,
      reason: "A tide tracker.",
      tier: "full",
      app_name: " Tide Log ",
    });
    const result = await new OpenAICompatibleEvaluator(standIn.options()).evaluate(
      "  a tide log with accounts  ",
      {},
    );
    assert.deepEqual(result, { ok: true, model: "full", appName: "Tide Log" });
    const [{ authorization, body }] = standIn.seen;
    assert.equal(authorization, `Bearer ${KEY}`);
    assert.equal(body.model, LIGHT);
    assert.equal(body.response_format.type, "json_schema");
    assert.deepEqual(body.response_format.json_schema.schema.required, [
      "usable",
      "reason",
      "tier",
      "app_name",
    ]);
    assert.equal(userParts(body), "a tide log with accounts");
  });
});

Deno.test("the evaluator passes on an unusable prompt's reason", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = verdict({ usable: false, reason: "Describe an app.", tier: "light", app_name: "" });
    const result = await new OpenAICompatibleEvaluator(standIn.options()).evaluate("what is the time", {});
    assert.deepEqual(result, { ok: false, reason: "Describe an app." });
  });
});

Deno.test("the evaluator keeps the client's hints and does not call the model for an empty prompt", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = verdict({ usable: true, reason: "ok", tier: "light", app_name: "Tides" });
    const evaluator = new OpenAICompatibleEvaluator(standIn.options());
    assert.deepEqual(
      await evaluator.evaluate("a tide log app", { model: "full", appName: " My Tides " }),
      { ok: true, model: "full", appName: "My Tides" },
    );
    assert.deepEqual(await evaluator.evaluate("   ", {}), {
      ok: false,
      reason: "The prompt is empty; describe the app you want.",
    });
    assert.equal(standIn.seen.length, 1);
  });
});

Deno.test("the evaluator derives the name itself when the model's is unusable", async () => {
  await withStandIn(async (standIn) => {
    const evaluator = new OpenAICompatibleEvaluator(standIn.options());
    for (const app_name of ["", "   ", "<script>Tides</script>", "A Name Far Too Long For The App List"]) {
      standIn.reply = verdict({ usable: true, reason: "ok", tier: "light", app_name });
      assert.deepEqual(
        await evaluator.evaluate("make a pomodoro timer with stats", {}),
        { ok: true, model: "light", appName: "Focus Timer" },
        app_name,
      );
    }
  });
});

Deno.test("the evaluator reports a failing provider", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => Response.json({ error: { message: "invalid key" } }, { status: 401 });
    const err = await generationError(
      new OpenAICompatibleEvaluator(standIn.options()).evaluate("a tide log app", {}),
      "provider_failed",
    );
    assert.match(err.message, /HTTP 401: invalid key/);
  });
});

const OPENAI_ENV = {
  GENERATOR: "openai",
  OPENAI_BASE_URL: "https://models.example/v1",
  OPENAI_API_KEY: KEY,
  OPENAI_MODEL_LIGHT: LIGHT,
  OPENAI_MODEL_FULL: FULL,
  OPENAI_PRICES: JSON.stringify(PRICES),
};

Deno.test("the factory defaults to the offline adapters", () => {
  for (const env of [{}, { GENERATOR: "" }, { GENERATOR: "template", OPENAI_API_KEY: KEY }]) {
    const { evaluator, generator } = createGenerationAdapters(env);
    assert.ok(evaluator instanceof HeuristicEvaluator);
    assert.ok(generator instanceof TemplateGenerator);
  }
});

Deno.test("the factory builds the OpenAI-compatible adapters from a complete configuration", () => {
  const { evaluator, generator } = createGenerationAdapters(OPENAI_ENV);
  assert.ok(evaluator instanceof OpenAICompatibleEvaluator);
  assert.ok(generator instanceof OpenAICompatibleGenerator);
});

Deno.test("the factory names what is missing or malformed", () => {
  const cases: [Record<string, string | undefined>, RegExp][] = [
    [{ GENERATOR: "gpt" }, /GENERATOR/],
    [{ ...OPENAI_ENV, OPENAI_BASE_URL: undefined }, /OPENAI_BASE_URL: required when GENERATOR is openai/],
    [{ ...OPENAI_ENV, OPENAI_API_KEY: "" }, /OPENAI_API_KEY: required when GENERATOR is openai/],
    [{ ...OPENAI_ENV, OPENAI_MODEL_FULL: undefined }, /OPENAI_MODEL_FULL: required/],
    [{ ...OPENAI_ENV, OPENAI_BASE_URL: "models" }, /OPENAI_BASE_URL/],
    [{ ...OPENAI_ENV, OPENAI_PRICES: "{" }, /OPENAI_PRICES: must be JSON/],
    [
      { ...OPENAI_ENV, OPENAI_PRICES: JSON.stringify({ [LIGHT]: PRICES[LIGHT] }) },
      /OPENAI_PRICES: no price for/,
    ],
    [
      { ...OPENAI_ENV, OPENAI_PRICES: JSON.stringify({ ...PRICES, [FULL]: { inputPerMTokEur: 2.5 } }) },
      /OPENAI_PRICES\.full-model-1\.inputPerMTokEur/,
    ],
    [{ ...OPENAI_ENV, UPSTREAM_TIMEOUT_MS: "soon" }, /UPSTREAM_TIMEOUT_MS/],
  ];
  for (const [env, says] of cases) {
    assert.throws(() => createGenerationAdapters(env), (err: Error) => {
      assert.match(err.message, /^invalid configuration:/);
      assert.match(err.message, says);
      assert.ok(!err.message.includes(KEY));
      return true;
    });
  }
});

Deno.test("answers are streamed: a slow stream within the deadline completes", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion({ files: APP_FILES });
    standIn.chunkDelayMs = 150;
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request());
    assert.deepEqual(result.files, APP_FILES);
    assert.equal(standIn.seen[0].body.stream, true);
    assert.deepEqual(standIn.seen[0].body.stream_options, { include_usage: true });
  });
});

Deno.test("a stream slower than the deadline ends the run as provider_failed", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion({ files: APP_FILES });
    standIn.chunkDelayMs = 400;
    const err = await generationError(
      new OpenAICompatibleGenerator(standIn.options({ timeoutMs: 1_000 })).generate(request()),
      "provider_failed",
    );
    assert.match(err.message, /did not answer within 1000 ms/);
  });
});
