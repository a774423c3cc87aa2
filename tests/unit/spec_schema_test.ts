import assert from "node:assert/strict";
import { z } from "zod";
import { changeSpec, composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import type { AppSpec } from "../../supabase/functions/_generator/template/src/types.ts";
import { composeApp } from "../../supabase/functions/_generator/compose.ts";
import { defaultProjectFiles } from "../../supabase/functions/_generator/project-template.ts";
import {
  AppSpecSchema,
  fromStrictJson,
  type JsonSchema,
  readStoredSpec,
  strictJsonSchema,
} from "../../supabase/functions/_generator/spec-schema.ts";
import { storedSpec, TemplateGenerator } from "../../supabase/functions/_generator/template-generator.ts";
import { verifyProject } from "../../supabase/functions/_generator/verify.ts";
import { APP_PROMPTS } from "../../eval/app-set/prompts.ts";

const FOLLOW_UPS = [
  "add a pomodoro timer",
  "add a field Difficulty",
  "make it red",
  "switch to Italian",
  "add settings",
  "add a monthly budget",
  "rename it to Weekend Plans",
];

function issues(spec: unknown): string[] {
  const parsed = AppSpecSchema.safeParse(spec);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

Deno.test("every spec the offline generator makes, and every follow-up of it, holds to the schema", () => {
  let checked = 0;
  for (const { id, prompt } of APP_PROMPTS) {
    for (const tier of ["light", "full"] as const) {
      const { spec } = composeSpec(prompt, { tier: tier });
      assert.deepEqual(issues(spec), [], `${id} ${tier}`);
      for (const followUp of FOLLOW_UPS) {
        assert.deepEqual(issues(changeSpec(spec, followUp).spec), [], `${id} ${tier} + ${followUp}`);
        checked++;
      }
    }
  }
  assert.ok(checked >= 20 * 2 * FOLLOW_UPS.length);
});

Deno.test("a project's app.spec.json is read back through the schema", async () => {
  const { spec } = composeSpec("A recipe book with ingredients and search", { tier: "full" });
  assert.deepEqual(readStoredSpec(composeApp(spec)), spec);
  // A new project's starting template carries a spec too, with no prompts yet.
  assert.deepEqual(readStoredSpec(await defaultProjectFiles("Tide Log"))?.prompts, []);
  const file = (contents: string) => [{ path: "app.spec.json", contents, type: "CONFIG" }];
  assert.equal(readStoredSpec([]), undefined);
  assert.equal(readStoredSpec(file("{")), undefined);
  assert.equal(readStoredSpec(file(JSON.stringify({ ...spec, kind: "spaceship" }))), undefined);
});

Deno.test("the schema names what is wrong with a spec", () => {
  const { spec } = composeSpec("A to-do list app with priorities", { tier: "light" });
  const broken = (change: (spec: AppSpec) => void) => {
    const copy = structuredClone(spec);
    change(copy);
    return issues(copy);
  };
  const kinds = 'kind: must be known kinds joined with "+" (' +
    "list, log, goal, aggregate, schedule, reminder, timer, quiz, people, catalog, order, rating, yesno, choice, " +
    "photo, sort, search, chart, categories, split, convert, countdown, calculator)";
  assert.deepEqual(broken((s) => s.kind = "list+list"), [kinds]);
  assert.deepEqual(broken((s) => s.kind = "log+spaceship"), [kinds]);
  // The kinds of specs made before kinds were asks are still read as the app's.
  assert.deepEqual(broken((s) => s.kind = "todo+chat"), []);
  assert.deepEqual(broken((s) => s.name = ""), ["name: Too small: expected string to have >=1 characters"]);
  assert.deepEqual(broken((s) => s.name = " Tasks"), ["name: must be one trimmed line"]);
  assert.deepEqual(broken((s) => s.accent = "red"), ["accent: must be a colour like #4F46E5"]);
  assert.deepEqual(broken((s) => s.screens.push({ ...s.screens[0] })), [
    "screens: two screens have the same key",
  ]);
  assert.deepEqual(broken((s) => s.screens[0].key = "index"), [
    "screens.0.key: index is reserved for the first tab",
  ]);
  assert.deepEqual(broken((s) => s.screens[0].options.checkField = "finished"), [
    "screens.0.options.checkField: names finished, which is not a field of workTask",
  ]);
  assert.deepEqual(broken((s) => s.entities[0].fields.push({ ...s.entities[0].fields[0] })), [
    "entities.0.fields: two fields have the same key",
  ]);
  assert.deepEqual(broken((s) => delete (s as Partial<AppSpec>).prompts), [
    "prompts: Invalid input: expected array, received undefined",
  ]);
});

Deno.test("the strict form: every property required, optional ones nullable, open objects as entries", () => {
  const schema = z.object({
    title: z.string().min(1),
    note: z.string().optional(),
    tags: z.array(z.enum(["a", "b"])),
    record: z.object({ id: z.string() }).catchall(z.union([z.string(), z.number()])),
  });
  const full = z.toJSONSchema(schema, { target: "draft-7", io: "input" }) as JsonSchema;
  assert.deepEqual(strictJsonSchema(full), {
    type: "object",
    properties: {
      title: { type: "string" },
      note: { anyOf: [{ type: "string" }, { type: "null" }] },
      tags: { type: "array", items: { type: "string", enum: ["a", "b"] } },
      record: {
        type: "array",
        description: "an object, as {key, value} entries",
        items: {
          type: "object",
          properties: {
            key: { type: "string" },
            value: { anyOf: [{ type: "string" }, { type: "number" }] },
          },
          required: ["key", "value"],
          additionalProperties: false,
        },
      },
    },
    required: ["title", "note", "tags", "record"],
    additionalProperties: false,
  });
  const answer = {
    title: "Tides",
    note: null,
    tags: ["a"],
    record: [{ key: "id", value: "r1" }, { key: "height", value: 2 }],
  };
  const read = fromStrictJson(full, answer);
  assert.deepEqual(read, { title: "Tides", tags: ["a"], record: { id: "r1", height: 2 } });
  assert.deepEqual(schema.parse(read), read);
  // What does not fit the strict form is passed on for the schema to report, not guessed at.
  const odd = { title: null, tags: "a", record: [{ name: "id" }] };
  assert.deepEqual(fromStrictJson(full, odd), odd);
  assert.equal(schema.safeParse(fromStrictJson(full, odd)).success, false);
});

Deno.test("the offline generator reads a project's spec through the same schema", async () => {
  const generator = new TemplateGenerator();
  const base = { appName: "Task List", model: "light" as const, attachments: [] };
  const first = await generator.generate({
    ...base,
    prompt: "A to-do list app with priorities",
    existingFiles: [],
  });
  assert.ok(storedSpec(first.files));
  // A spec edited into something no block renders is not taken on: the follow-up makes a new app instead.
  const broken = first.files.map((file) =>
    file.path === "app.spec.json"
      ? { ...file, contents: file.contents.replace('"collection"', '"map"') }
      : file
  );
  assert.equal(storedSpec(broken), undefined);
  const next = await generator.generate({ ...base, prompt: "make it red", existingFiles: broken });
  assert.deepEqual(verifyProject(next.files), []);
  assert.deepEqual(storedSpec(next.files)?.prompts, ["make it red"]);
});
