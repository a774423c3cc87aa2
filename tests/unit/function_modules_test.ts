// What each edge function ships: the modules its entry loads when it runs, read from `deno info --json`
// and followed through code imports only (a type-only import is erased and never loaded). The workers
// carry no generator, payment, repository or model adapter; only v1 carries the payment and host adapters.
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

const GENERATOR = /^_generator\//;
const STRIPE = /^npm:\/?stripe@/;
const OPENAI = /^npm:\/?openai@/;
const PAYMENT_AND_HOST_ADAPTERS =
  /^_shared\/adapters\/(stripe-payments|local-payments|github|supabase-management)\.ts$/;

function assertNone(modules: string[], pattern: RegExp, what: string) {
  assert.deepEqual(modules.filter((m) => pattern.test(m)), [], what);
}

Deno.test("the workers load neither the generator nor a payment, repository or model adapter", async () => {
  for (const fn of ["push-worker", "webhook-worker", "oauth-consent"]) {
    const modules = await loads(fn);
    assertNone(modules, GENERATOR, `${fn} loads the generator`);
    assertNone(modules, STRIPE, `${fn} loads stripe`);
    assertNone(modules, OPENAI, `${fn} loads openai`);
    assertNone(modules, PAYMENT_AND_HOST_ADAPTERS, `${fn} loads a payment or host adapter`);
    assertNone(modules, /^npm:\/?typescript@/, `${fn} loads typescript`);
  }
  // What they do use is there: the walk follows the graph rather than finding it empty.
  assert.ok((await loads("push-worker")).includes("_shared/adapters/expo-push.ts"));
  assert.ok((await loads("webhook-worker")).includes("_shared/webhooks.ts"));
});

Deno.test("mcp and the runner load the generator and no payment or host adapter", async () => {
  for (const fn of ["mcp", "job-runner"]) {
    const modules = await loads(fn);
    assertNone(modules, STRIPE, `${fn} loads stripe`);
    assertNone(modules, PAYMENT_AND_HOST_ADAPTERS, `${fn} loads a payment or host adapter`);
    // New projects start from the template, and a job's prompt is judged or made into an app.
    assert.ok(modules.includes("_generator/template-files.ts"), `${fn} lacks the template`);
  }
  assert.ok((await loads("mcp")).includes("_generator/heuristic-evaluator.ts"));
  assert.ok((await loads("job-runner")).includes("_generator/template-generator.ts"));
});

Deno.test("v1 loads the adapters its routes use, the template among them for new projects", async () => {
  const modules = await loads("v1");
  for (
    const used of [
      "_shared/adapters/stripe-payments.ts",
      "_shared/adapters/github.ts",
      "_shared/adapters/supabase-management.ts",
      "_generator/template-files.ts",
    ]
  ) assert.ok(modules.includes(used), `v1 lacks ${used}`);
});
