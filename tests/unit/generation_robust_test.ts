// Prompts as written and as users cut and reorder them: every corpus prompt, each of its sentences and
// comma-separated parts alone, its parts in reverse order, and each short prompt as a change of an existing app. None may
// throw: a reading that throws fails the user's job instead of building what it can and listing the rest.
import assert from "node:assert/strict";
import { join } from "node:path";
import { changeSpec, composeSpec, refusal } from "../../supabase/functions/_generator/compose-spec/index.ts";

const CORPUS = ["development.jsonl", "held-out.jsonl"].map((file) =>
  join(import.meta.dirname!, "../../eval/prompts", file)
);

const prompts = CORPUS.flatMap((file) =>
  Deno.readTextFileSync(file).split("\n").filter(Boolean).map((line) =>
    (JSON.parse(line) as { prompt: string }).prompt
  )
);

/** A prompt's sentences and comma-separated parts, as written. */
const partsOf = (prompt: string) => prompt.split(/(?<=[.!?])\s+|,\s+/).filter((part) => part.trim());

function threw(read: () => unknown): string | undefined {
  try {
    read();
  } catch (error) {
    return String(error);
  }
}

Deno.test("no corpus prompt, nor a part of one alone, nor its parts reordered, throws when read and composed", () => {
  const texts = new Set(prompts.flatMap((prompt) => {
    const parts = partsOf(prompt);
    return [prompt, ...parts, parts.toReversed().join(" ")];
  }));
  assert.ok(texts.size > 3000, `${texts.size} texts`);
  const failures = [...texts].flatMap((text) => {
    const error = threw(() => refusal(text) ?? composeSpec(text, { tier: "light" }));
    return error ? [`${JSON.stringify(text)}: ${error}`] : [];
  });
  assert.deepEqual(failures, []);
});

Deno.test("no short corpus prompt throws when read as a change of an existing app", () => {
  const { spec } = composeSpec("a list of books with author, rating and date read", { tier: "light" });
  const short = prompts.filter((prompt) => prompt.length < 120);
  assert.ok(short.length > 200, `${short.length} prompts`);
  const failures = short.flatMap((prompt) => {
    const error = threw(() => changeSpec(spec, prompt));
    return error ? [`${JSON.stringify(prompt)}: ${error}`] : [];
  });
  assert.deepEqual(failures, []);
});
