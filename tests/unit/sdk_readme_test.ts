// sdk/README.md's TypeScript examples, read in order as one module, type-check against the SDK's source.
import assert from "node:assert/strict";
import { join } from "node:path";

const ROOT = new URL("../..", import.meta.url).pathname;

Deno.test("SDK: the README's examples type-check against the SDK", async () => {
  const readme = await Deno.readTextFile(join(ROOT, "sdk/README.md"));
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(blocks.length >= 8, `${blocks.length} examples`);
  const source = blocks.join("\n").replaceAll(
    '"@appgen/sdk"',
    JSON.stringify(join(ROOT, "sdk/src/index.ts")),
  );
  const dir = await Deno.makeTempDir({ prefix: "sdk-readme-" });
  try {
    const file = join(dir, "readme.ts");
    await Deno.writeTextFile(file, `export {};\n${source}`);
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--config", join(ROOT, "deno.json"), file],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
