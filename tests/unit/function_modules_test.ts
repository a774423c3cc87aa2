// What each edge function ships: the modules its entry loads when it runs, read from `deno info --json`
// and followed through code imports only (a type-only import is erased and never loaded). Admission (v1,
// mcp) carries the evaluator and never the generator or its type checks; the runner carries the generator
// and never the evaluator; the workers carry nothing of _generator; only v1 carries payment and host adapters.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const FUNCTIONS = new URL("../../supabase/functions/", import.meta.url);

interface Graph {
  roots: string[];
  modules: { specifier: string; dependencies?: { code?: { specifier: string } }[] }[];
  redirects: Record<string, string>;
}

/** The specifiers of the modules `fn`'s entry loads, local paths relative to the functions folder. */
async function loads(fn: string): Promise<string[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", fileURLToPath(new URL(`${fn}/index.ts`, FUNCTIONS))],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  const graph: Graph = JSON.parse(new TextDecoder().decode(out.stdout));
  const bySpecifier = new Map(graph.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const pending = [...graph.roots];
  while (pending.length > 0) {
    const next = pending.pop()!;
    const specifier = graph.redirects[next] ?? next;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dep of bySpecifier.get(specifier)?.dependencies ?? []) {
      if (dep.code) pending.push(dep.code.specifier);
    }
  }
  return [...seen].map((s) => s.startsWith(FUNCTIONS.href) ? s.slice(FUNCTIONS.href.length) : s).sort();
}

/** What a function may have no use for, by name. */
const KINDS: Record<string, RegExp> = {
  "the generator folder": /^_generator\//,
  // The generator's own: writing an app with the model, and the type checks of what it wrote.
  "the generator": /^_generator\/(generators|openai-adapter|verify)\.ts$/,
  // The evaluator's own: judging a prompt and estimating a job.
  "the evaluator": /^(_generator\/(evaluators|heuristic-evaluator|openai-evaluator)|_shared\/estimates)\.ts$/,
  typescript: /^npm:\/?typescript@/,
  openai: /^npm:\/?openai@/,
  stripe: /^npm:\/?stripe@/,
  "a payment or host adapter":
    /^_shared\/adapters\/(stripe-payments|local-payments|github|supabase-management)\.ts$/,
};
const NO_GENERATION = ["the generator folder", "openai", "typescript", "stripe", "a payment or host adapter"];

/** Per function: what it must not load, and what it must, so an empty walk cannot pass. */
const FUNCTIONS_SHIP: Record<string, { never: string[]; loads: string[] }> = {
  v1: {
    never: ["the generator", "typescript"],
    loads: [
      "_shared/adapters/stripe-payments.ts",
      "_shared/adapters/github.ts",
      "_shared/adapters/supabase-management.ts",
      "_shared/estimates.ts",
      "_generator/evaluators.ts",
      // New projects start from the template.
      "_generator/template-files.ts",
    ],
  },
  mcp: {
    never: ["the generator", "typescript", "stripe", "a payment or host adapter"],
    loads: ["_shared/estimates.ts", "_generator/evaluators.ts", "_generator/template-files.ts"],
  },
  "job-runner": {
    never: ["the evaluator", "stripe", "a payment or host adapter"],
    loads: ["_generator/generators.ts", "_generator/openai-adapter.ts", "_generator/verify.ts"],
  },
  "push-worker": {
    never: NO_GENERATION,
    loads: ["_shared/adapters/expo-push.ts"],
  },
  "webhook-worker": {
    never: NO_GENERATION,
    loads: ["_shared/webhooks.ts"],
  },
  "oauth-consent": {
    never: NO_GENERATION,
    loads: ["oauth-consent/app.ts"],
  },
};

Deno.test("every function is listed with what it ships", () => {
  const functions = [...Deno.readDirSync(FUNCTIONS)]
    .filter((e) => e.isDirectory && !e.name.startsWith("_")).map((e) => e.name).sort();
  assert.deepEqual(functions, Object.keys(FUNCTIONS_SHIP).sort());
});

for (const [fn, { never, loads: used }] of Object.entries(FUNCTIONS_SHIP)) {
  Deno.test(`${fn} loads what it uses and nothing of ${never.join(", ")}`, async () => {
    const modules = await loads(fn);
    for (const kind of never) {
      assert.deepEqual(modules.filter((m) => KINDS[kind].test(m)), [], `${fn} loads ${kind}`);
    }
    for (const module of used) assert.ok(modules.includes(module), `${fn} lacks ${module}`);
  });
}
