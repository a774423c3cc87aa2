// The tools (scripts/, bench/, eval/) never load a module of tests/: tests may import the tools they test,
// and what both use lives in scripts/lib/. Read from each tool's module graph (`deno info --json`).
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TESTS = new URL("../", import.meta.url).href;

function* tools(dir: string): Generator<string> {
  for (const e of Deno.readDirSync(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory && e.name !== "report") yield* tools(path);
    else if (/\.(ts|mjs)$/.test(e.name)) yield path;
  }
}

/** The local modules of tool `file`'s graph. */
async function graph(file: string): Promise<string[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", file],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  const { modules } = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: { specifier: string }[];
  };
  return modules.map((m) => m.specifier).filter((s) => s.startsWith("file:"));
}

Deno.test("no tool loads a module of tests/", async () => {
  const files = ["scripts", "bench", "eval"].flatMap((d) => [...tools(join(ROOT, d))]);
  assert.ok(files.some((f) => f.endsWith("eval/eval-apps.ts")), "the walk finds the tools");
  const offending: string[] = [];
  for (const file of files) {
    for (const module of await graph(file)) {
      if (module.startsWith(TESTS)) {
        offending.push(`${relative(ROOT, file)} loads ${module.slice(TESTS.length)}`);
      }
    }
  }
  assert.deepEqual(offending, []);
});
