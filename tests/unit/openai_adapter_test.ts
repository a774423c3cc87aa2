import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { createEvaluator } from "../../supabase/functions/_generator/evaluators.ts";
import { createGenerator } from "../../supabase/functions/_generator/generators.ts";
import { HeuristicEvaluator } from "../../supabase/functions/_generator/heuristic-evaluator.ts";
import { costEur, OpenAICompatibleGenerator } from "../../supabase/functions/_generator/openai-adapter.ts";
import { OpenAICompatibleEvaluator } from "../../supabase/functions/_generator/openai-evaluator.ts";
import type { OpenAICompatibleOptions } from "../../supabase/functions/_generator/openai-chat.ts";
import { storedSpec, TemplateGenerator } from "../../supabase/functions/_generator/template-generator.ts";
import {
  type GeneratedFile,
  GenerationError,
  type GenerationRequest,
} from "../../supabase/functions/_shared/ports/generation.ts";
import {
  answer,
  APP_FILES,
  completion,
  FULL,
  KEY,
  LIGHT,
  options,
  PRICES,
  record,
  WIRE_SPEC,
  withStandIn,
} from "../model_stand_in.ts";

// The same spec as the project stores it.
const STORED_SPEC = {
  version: 1,
  kind: WIRE_SPEC.kind,
  name: WIRE_SPEC.name,
  description: WIRE_SPEC.description,
  language: WIRE_SPEC.language,
  tier: "full",
  accent: WIRE_SPEC.accent,
  features: WIRE_SPEC.features,
  // Read back from the strict form: no nulls, records as objects.
  entities: [{
    ...WIRE_SPEC.entities[0],
    fields: [
      { key: "beach", label: "Beach", type: "text" },
      { key: "when", label: "When", type: "date" },
      { key: "kind", label: "Kind", type: "choice", options: ["High", "Low"] },
    ],
    samples: [
      { id: "tide-1", beach: "North Beach", when: "2026-01-15", kind: "High" },
      { id: "tide-2", beach: "North Beach", when: "2026-01-15", kind: "Low" },
      { id: "tide-3", beach: "Cove", when: "2026-01-16", kind: "High" },
    ],
  }],
  screens: [{ ...WIRE_SPEC.screens[0], options: { search: true, categoryField: "kind", dateField: "when" } }],
  // The app's identifiers, fixed by the name it was first made with.
  slug: "tide-log",
  prompts: ["A tide log app that records high and low tides per beach"],
};

const specFile = (spec: unknown): GeneratedFile => ({
  path: "app.spec.json",
  contents: `${JSON.stringify(spec, null, 2)}\n`,
  type: "CONFIG",
});
const byPath = (files: GeneratedFile[]) => [...files].sort((a, b) => (a.path < b.path ? -1 : 1));
// What a good answer becomes: the model's files and the spec the service stores.
const SAVED = byPath([...APP_FILES, specFile(STORED_SPEC)]);

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

// deno-lint-ignore no-explicit-any
function userText(body: any): string {
  return userParts(body).filter((part) => part.type === "text").map((part) => part.text).join("\n");
}

async function generationError(promise: Promise<unknown>, code: string): Promise<GenerationError> {
  const err = await promise.then(() => null, (err: unknown) => err);
  assert.ok(err instanceof GenerationError, `expected a GenerationError, got ${err}`);
  assert.equal(err.code, code, err.message);
  assert.equal(err.status, 502);
  return err;
}

/** Every object of a strict schema lists all its properties as required and allows no others. */
// deno-lint-ignore no-explicit-any
function assertStrict(node: any, at = "$") {
  assert.ok(!("$ref" in node), `${at} uses $ref`);
  if (node.type === "object") {
    assert.equal(node.additionalProperties, false, `${at} allows other properties`);
    assert.deepEqual(node.required, Object.keys(node.properties), `${at} leaves properties optional`);
    for (const [key, child] of Object.entries(node.properties)) assertStrict(child, `${at}.${key}`);
  }
  if (node.items) assertStrict(node.items, `${at}[]`);
  for (const [index, child] of (node.anyOf ?? []).entries()) assertStrict(child, `${at}|${index}`);
  for (const word of ["minLength", "maxLength", "pattern", "minItems", "additionalProperties"]) {
    if (word === "additionalProperties" && node.type === "object") continue;
    assert.ok(!(word in node), `${at} has ${word}`);
  }
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

Deno.test("a good app: the spec and files asked for in a strict schema, the spec stored and summarized", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion(answer());
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request({
      attachments: [{ path: "beach.png", type: "image/png", bytes: PNG }],
    }));

    assert.deepEqual(result, {
      files: SAVED,
      summary: {
        kind: "generic",
        name: "Tide Log",
        description: "A log of high and low tides for each beach, with search.",
        language: "en",
        // What the prompt asked, and whether the model's app has a screen that serves it.
        asks: [{
          type: "log",
          quote: "tide log app that records",
          built: true,
          block: WIRE_SPEC.screens[0].block,
          screen: WIRE_SPEC.screens[0].key,
        }],
        unmet: ["high and low tides per beach"],
      },
      usage: { tokensIn: 1234, tokensOut: 5678 },
      model: FULL,
      provider: "stand-in",
      costEur: "0.059865",
      // The repair round it did not need is left to its build.
      repairsLeft: 1,
    });
    // The stored spec is one the offline generator reads back.
    assert.deepEqual(storedSpec(result.files), STORED_SPEC);
    assert.equal(standIn.seen.length, 1);
    const [{ path, authorization, body }] = standIn.seen;
    assert.equal(path, "/v1/chat/completions");
    assert.equal(authorization, `Bearer ${KEY}`);
    assert.equal(body.model, FULL);
    assert.equal(body.response_format.type, "json_schema");
    assert.equal(body.response_format.json_schema.strict, true);
    const schema = body.response_format.json_schema.schema;
    assertStrict(schema);
    assert.deepEqual(Object.keys(schema.properties), ["prompt_language", "spec", "files"]);
    assert.deepEqual(schema.properties.spec.required, [
      "kind",
      "name",
      "description",
      "language",
      "accent",
      "textSize",
      "contrast",
      "theme",
      "features",
      "entities",
      "screens",
    ]);
    const blocks = schema.properties.spec.properties.screens.items.properties.block.enum;
    assert.equal(blocks.length, 20);
    assert.ok(blocks.includes("collection") && blocks.includes("reminders") && blocks.includes("about"));
    assert.match(schema.properties.spec.properties.kind.description, /list, log, goal, .*calculator/);
    const text = userText(body);
    assert.match(text, /A tide log app that records high and low tides per beach/);
    assert.match(text, /App name: Tide Log/);
    assert.deepEqual(
      userParts(body).filter((part) => part.type === "image_url").map((part) => part.image_url.url),
      [
        `data:image/png;base64,${Buffer.from(PNG).toString("base64")}`,
      ],
    );
  });
});

Deno.test("the generator uses the light model for the light tier, and the spec records the tier", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion(answer());
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(
      request({ model: "light" }),
    );
    assert.equal(standIn.seen[0].body.model, LIGHT);
    assert.equal(result.model, LIGHT);
    assert.equal(result.costEur, costEur(result.usage, PRICES[LIGHT]));
    assert.equal(storedSpec(result.files)?.tier, "light");
  });
});

Deno.test("a new project's name is the one it was judged with, and app.json must say it", async () => {
  await withStandIn(async (standIn) => {
    // The model names the app otherwise: the stored spec keeps the project's name, and the app.json that
    // disagrees is sent back for repair.
    const renamed = { ...WIRE_SPEC, name: "Tides And Beaches" };
    const wrongAppJson = replaced(
      "app.json",
      '{"expo":{"name":"Tides","slug":"tides","icon":"./assets/icon.png"}}',
    );
    standIn.reply = () =>
      completion(
        standIn.seen.length === 1
          ? answer({ spec: renamed, files: wrongAppJson })
          : answer({ spec: renamed }),
      );
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request());
    assert.equal(storedSpec(result.files)?.name, "Tide Log");
    assert.equal(result.summary?.name, "Tide Log");
    assert.match(
      standIn.seen[1].body.messages.at(-1).content,
      /app\.json: expo\.name is "Tides", not the spec's name "Tide Log"/,
    );
  });
});

Deno.test("a prompt in another language gets an English app, and the summary says so", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion(answer({ prompt_language: "pt" }));
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(
      request({ prompt: "Um aplicativo para registrar as marés de cada praia" }),
    );
    assert.deepEqual(result.summary, {
      kind: "generic",
      name: "Tide Log",
      description: "A log of high and low tides for each beach, with search.",
      language: "en",
      languageFallbackFrom: "pt",
      // (Read as Portuguese, no longer as Spanish: no concept names tides in it, so its gloss keeps the words
      // as written, "registrar" being a log's.)
      asks: [{ type: "log", quote: "registrar as marés", built: true, block: "collection", screen: "tides" }],
      unmet: [
        "marés (kept as written, not translated in Portuguese)",
        "praia (kept as written, not translated in Portuguese)",
      ],
    });
  });
});

Deno.test("a new project's starting template is replaced, not sent", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion(answer());
    const start = await new TemplateGenerator().generate({ ...request(), prompt: "", existingFiles: [] });
    const template = start.files.map((file) =>
      file.path === "app.spec.json" ? specFile({ ...storedSpec(start.files), prompts: [] }) : file
    );
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(
      request({ existingFiles: template }),
    );
    assert.deepEqual(result.files, SAVED);
    assert.ok(!userText(standIn.seen[0].body).includes("current files"));
  });
});

/** An offline project, then a follow-up through the model, then one offline again: the spec carries over. */
Deno.test("a follow-up sends the stored spec and the project's files and stores the changed spec", async () => {
  await withStandIn(async (standIn) => {
    const first = "Keep track of my vinyl records with artist, year, price and notes";
    const offline = await new TemplateGenerator().generate({
      ...request({ prompt: first, appName: "Vinyl Records" }),
    });
    const before = storedSpec(offline.files)!;
    assert.ok(before.entities[0].fields.every((field) => field.key !== "pressing"));
    // A realistic answer to "add a field Pressing": the spec changed, every file shown sent back as it
    // was except the README, which describes the new field; the project's icon is not the model's to send.
    standIn.reply = (seen) => {
      const shown = JSON.parse(
        userText(seen.body).match(/current files, to revise rather than replace:\n(.*)/)![1],
      ) as { files: { path: string; contents: string }[] };
      const entity = before.entities[0];
      const spec = {
        ...WIRE_SPEC,
        kind: before.kind,
        name: before.name,
        description: before.description,
        features: before.features,
        entities: [{
          ...entity,
          fields: [...entity.fields, { key: "pressing", label: "Pressing", type: "text" }]
            .map((field) => ({ options: null, ...field })),
          samples: entity.samples.map((sample) => record({ ...sample, pressing: "First" })),
        }],
        screens: before.screens.map((screen) => ({
          entity: null,
          ...screen,
          options: options({ ...screen.options }),
        })),
      };
      const files = shown.files.map(({ path, contents }) => ({
        path,
        contents: path === "README.md" ? `${contents}\n- Pressing of each record\n` : contents,
        type: path.endsWith(".tsx") || path.endsWith(".ts")
          ? "CODE"
          : path.endsWith(".md")
          ? "DOC"
          : "CONFIG",
      }));
      return completion(answer({ spec, files }));
    };
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request({
      prompt: "add a field Pressing",
      appName: "Add a Field Pressing",
      existingFiles: offline.files,
    }));

    const text = userText(standIn.seen[0].body);
    assert.match(text, /A change to the app below:\nadd a field Pressing/);
    assert.ok(!text.includes("App name:"), "a follow-up keeps the project's name");
    assert.match(text, new RegExp(`current spec \\(earlier requests: \\["${first}"\\]\\)`));
    assert.match(text, /"plural":"Records"/);
    assert.match(text, /src\/app\/_layout\.tsx/);
    assert.ok(!text.includes('"path":"app.spec.json"'), "the spec travels on its own");
    const icon = offline.files.find((file) => file.path === "assets/icon.png")!;
    assert.ok(!text.includes(icon.contents.slice(0, 200)), "assets are not sent");

    const after = storedSpec(result.files)!;
    assert.deepEqual(after.prompts, [first, "add a field Pressing"]);
    assert.equal(after.name, before.name);
    assert.deepEqual(after.entities[0].fields.at(-1), { key: "pressing", label: "Pressing", type: "text" });
    assert.equal(after.entities[0].samples[0].pressing, "First");
    assert.deepEqual(result.files.map((file) => file.path), offline.files.map((file) => file.path));
    assert.deepEqual(result.files.find((file) => file.path === "assets/icon.png"), icon);
    assert.match(
      result.files.find((file) => file.path === "README.md")!.contents,
      /Pressing of each record/,
    );

    // The offline generator takes the project on from the model's spec.
    const again = await new TemplateGenerator().generate(
      request({ prompt: "make it red", appName: "Make It Red", existingFiles: result.files }),
    );
    const red = storedSpec(again.files)!;
    assert.equal(red.accent, "#DC2626");
    assert.deepEqual(red.entities[0].fields.at(-1), after.entities[0].fields.at(-1));
    assert.deepEqual(red.prompts, [first, "add a field Pressing", "make it red"]);
  });
});

Deno.test("existing files beyond the context budget are named, not sent, and kept", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion(answer());
    const huge = { path: "src/huge.ts", contents: "x".repeat(150_000), type: "CODE" };
    const small = { path: "src/small.ts", contents: "export const small = 1;\n", type: "CODE" };
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(
      request({ existingFiles: [...APP_FILES, specFile(STORED_SPEC), huge, small] }),
    );
    const text = userText(standIn.seen[0].body);
    assert.match(text, /export const small = 1;/);
    assert.match(text, /src\/huge\.ts/);
    assert.ok(!text.includes("x".repeat(1000)));
    // The model answered without both: the one it saw is gone, the one it did not see stays.
    assert.ok(result.files.some((file) => file.path === "src/huge.ts"));
    assert.ok(!result.files.some((file) => file.path === "src/small.ts"));
  });
});

Deno.test("an answer that is not JSON twice is invalid output, and both rounds' tokens are reported", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion('{"prompt_language": "en", "spec": {');
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
    const cut = JSON.stringify(answer()).slice(0, 300);
    standIn.reply = () => standIn.seen.length === 1 ? completion(cut) : completion(answer());
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request());
    assert.deepEqual(result.files, SAVED);
    assert.deepEqual(result.usage, TWO_ROUNDS);
    const messages = standIn.seen[1].body.messages;
    assert.equal(messages.at(-2).content, cut);
    assert.match(messages.at(-1).content, /not JSON/);
  });
});

Deno.test("an app with a syntax error is repaired once with the compiler's words fed back", async () => {
  await withStandIn(async (standIn) => {
    const broken = replaced("App.tsx", "export default function App() {\n  return <Text>Tides</Text>\n");
    standIn.reply = () => completion(answer({ files: standIn.seen.length === 1 ? broken : APP_FILES }));
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request());
    assert.deepEqual(result.files, SAVED);
    assert.equal(result.costEur, "0.119730");
    const messages = standIn.seen[1].body.messages;
    assert.equal(messages.at(-2).role, "assistant");
    assert.deepEqual(JSON.parse(messages.at(-2).content).files, broken);
    assert.match(messages.at(-1).content, /App\.tsx:\d+:\d+: /);
  });
});

Deno.test("a repair round for a build's errors: the built app and the errors sent back, no round after it", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion(answer());
    const generator = new OpenAICompatibleGenerator(standIn.options());
    const built = (await generator.generate(request())).files;
    const problems = ["App.tsx:4:10: TS2322 Type 'string' is not assignable to type 'number'."];
    const repaired = await generator.generate(request({ repair: { files: built, problems, rounds: 1 } }));
    assert.deepEqual(repaired.files, SAVED);
    assert.equal(repaired.repairsLeft, 0);
    const messages = standIn.seen[1].body.messages;
    assert.equal(messages.length, 4, "the request, the built app, its errors");
    assert.equal(messages[2].role, "assistant");
    const shown = JSON.parse(messages[2].content);
    const byPath = (a: { path: string }, b: { path: string }) => a.path < b.path ? -1 : 1;
    assert.deepEqual(
      shown.files,
      [...APP_FILES].sort(byPath),
      "the built app's files as the model wrote them",
    );
    assert.equal(shown.spec.name, WIRE_SPEC.name);
    assert.match(messages[3].content, /App\.tsx:4:10: TS2322/);

    // Its last round: an answer that fails verification is not repaired again.
    standIn.reply = () =>
      completion(answer({ files: replaced("App.tsx", "export default function App() {\n") }));
    await generationError(
      generator.generate(request({ repair: { files: built, problems, rounds: 1 } })),
      "invalid_output",
    );
    assert.equal(standIn.seen.length, 3);
  });
});

Deno.test("an import of an undeclared package fails as invalid_output after the repair round", async () => {
  await withStandIn(async (standIn) => {
    const undeclared = replaced(
      "App.tsx",
      'import confetti from "canvas-confetti";\n\nexport default function App() {\n  confetti();\n  return null;\n}\n',
    );
    standIn.reply = () => completion(answer({ files: undeclared }));
    const err = await generationError(
      new OpenAICompatibleGenerator(standIn.options()).generate(request()),
      "invalid_output",
    );
    assert.match(err.message, /canvas-confetti, which package\.json does not declare/);
    assert.equal(standIn.seen.length, 2);
    assert.deepEqual(err.charge, { model: FULL, provider: "stand-in", costEur: "0.119730" });
  });
});

Deno.test("an invalid spec is repaired once with the schema's words fed back", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () =>
      completion(
        standIn.seen.length === 1 ? answer({ spec: { ...WIRE_SPEC, kind: "spaceship" } }) : answer(),
      );
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request());
    assert.deepEqual(result.files, SAVED);
    assert.match(
      standIn.seen[1].body.messages.at(-1).content,
      /spec\.kind: must be known kinds joined with "\+"/,
    );
  });
});

Deno.test("429 and 5xx answers are retried with backoff inside the call's deadline", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () =>
      standIn.seen.length === 1
        ? Response.json({ error: { message: "slow down" } }, { status: 429, headers: { "retry-after": "0" } })
        : standIn.seen.length === 2
        ? Response.json({ error: { message: "overloaded" } }, { status: 503 })
        : completion(answer());
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request());
    assert.deepEqual(result.files, SAVED);
    assert.equal(standIn.seen.length, 3);
  });
});

const withoutName = Object.fromEntries(Object.entries(WIRE_SPEC).filter(([key]) => key !== "name"));
const screen = WIRE_SPEC.screens[0];

const INVALID_ANSWERS: {
  name: string;
  answer: unknown;
  options?: Partial<OpenAICompatibleOptions>;
  says: RegExp;
}[] = [
  {
    name: "a path leaving the project",
    answer: answer({ files: [...APP_FILES, { path: "../outside.ts", contents: "", type: "CODE" }] }),
    says: /files\.4\.path/,
  },
  {
    name: "an absolute path",
    answer: answer({ files: [...APP_FILES, { path: "/etc/passwd", contents: "", type: "CONFIG" }] }),
    says: /files\.4\.path/,
  },
  {
    name: "a NUL in a path",
    answer: answer({ files: [...APP_FILES, { path: "src/a\u0000.ts", contents: "", type: "CODE" }] }),
    says: /files\.4\.path/,
  },
  {
    name: "an overlong path",
    answer: answer({ files: [...APP_FILES, { path: `${"a".repeat(301)}.ts`, contents: "", type: "CODE" }] }),
    says: /files\.4\.path/,
  },
  {
    name: "a duplicate path",
    answer: answer({ files: [...APP_FILES, APP_FILES[2]] }),
    says: /duplicate path/,
  },
  { name: "too many files", answer: answer(), options: { maxFiles: 3 }, says: /more than 3 files/ },
  {
    name: "a file too large",
    answer: answer(),
    options: { maxFileBytes: 40 },
    says: /files\.0\.contents: larger than 40 bytes/,
  },
  { name: "too many bytes", answer: answer(), options: { maxTotalBytes: 100 }, says: /more than 100 bytes/ },
  {
    name: "a missing app.json",
    answer: answer({ files: APP_FILES.filter((f) => f.path !== "app.json") }),
    says: /app\.json is missing/,
  },
  {
    name: "an unknown file type",
    answer: answer({ files: [...APP_FILES, { path: "logo.svg", contents: "<svg/>", type: "IMAGE" }] }),
    says: /files\.4\.type/,
  },
  { name: "no files array", answer: answer({ files: "App.tsx" }), says: /files/ },
  { name: "no spec", answer: { prompt_language: "en", files: APP_FILES }, says: /spec: Invalid input/ },
  {
    name: "an unknown kind",
    answer: answer({ spec: { ...WIRE_SPEC, kind: "todo+spaceship" } }),
    says: /spec\.kind/,
  },
  { name: "a spec without a name", answer: answer({ spec: withoutName }), says: /spec\.name/ },
  {
    name: "a description of two sentences",
    answer: answer({ spec: { ...WIRE_SPEC, description: "Log tides. Search them." } }),
    says: /spec\.description: must be one sentence/,
  },
  {
    name: "a UI language the template cannot write",
    answer: answer({ spec: { ...WIRE_SPEC, language: "pt" } }),
    says: /spec\.language/,
  },
  {
    name: "a screen showing an entity that does not exist",
    answer: answer({ spec: { ...WIRE_SPEC, screens: [{ ...screen, entity: "wave" }] } }),
    says: /spec\.screens\.0\.entity: names wave, which is not an entity/,
  },
  {
    name: "an option naming a field that does not exist",
    answer: answer({
      spec: { ...WIRE_SPEC, screens: [{ ...screen, options: options({ checkField: "done" }) }] },
    }),
    says: /spec\.screens\.0\.options\.checkField: names done, which is not a field of tide/,
  },
  {
    name: "an unknown building block",
    answer: answer({ spec: { ...WIRE_SPEC, screens: [{ ...screen, block: "map" }] } }),
    says: /spec\.screens\.0\.block/,
  },
  {
    name: "a record that is not key/value entries",
    answer: answer({
      spec: {
        ...WIRE_SPEC,
        entities: [{ ...WIRE_SPEC.entities[0], samples: [[{ name: "id", value: "tide-1" }]] }],
      },
    }),
    says: /spec\.entities\.0\.samples\.0/,
  },
];

for (const { name, answer, options, says } of INVALID_ANSWERS) {
  Deno.test(`an answer with ${name}, twice, is invalid output`, async () => {
    await withStandIn(async (standIn) => {
      standIn.reply = () => completion(answer);
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
    standIn.reply = () => completion('{"prompt_language": "en", "spec": {"kind": "gen', {}, "length");
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
        { ok: true, model: "light", appName: "Pomodoro Timer" },
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
    assert.ok(createEvaluator(env) instanceof HeuristicEvaluator);
    assert.ok(createGenerator(env) instanceof TemplateGenerator);
  }
});

Deno.test("the factory builds the OpenAI-compatible adapters from a complete configuration", () => {
  assert.ok(createEvaluator(OPENAI_ENV) instanceof OpenAICompatibleEvaluator);
  assert.ok(createGenerator(OPENAI_ENV) instanceof OpenAICompatibleGenerator);
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
    for (const create of [createEvaluator, createGenerator]) {
      assert.throws(() => create(env), (err: Error) => {
        assert.match(err.message, /^invalid configuration:/);
        assert.match(err.message, says);
        assert.ok(!err.message.includes(KEY));
        return true;
      });
    }
  }
});

Deno.test("answers are streamed: a slow stream within the deadline completes", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion(answer());
    standIn.chunkDelayMs = 150;
    const result = await new OpenAICompatibleGenerator(standIn.options()).generate(request());
    assert.deepEqual(result.files, SAVED);
    assert.equal(standIn.seen[0].body.stream, true);
    assert.deepEqual(standIn.seen[0].body.stream_options, { include_usage: true });
  });
});

Deno.test("a stream slower than the deadline ends the run as provider_failed", async () => {
  await withStandIn(async (standIn) => {
    standIn.reply = () => completion(answer());
    standIn.chunkDelayMs = 400;
    const err = await generationError(
      new OpenAICompatibleGenerator(standIn.options({ timeoutMs: 1_000 })).generate(request()),
      "provider_failed",
    );
    assert.match(err.message, /did not answer within 1000 ms/);
  });
});
