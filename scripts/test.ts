// `npm test`: a throw-away stack on free ports, then every check — static (check, lint, fmt), pgTAP,
// Deno tests over HTTP, Supabase's advisors, supabase/schemas against the migrations — and one closing line
// `N passed, N failed`. `npm test -- jobs wallet` runs only the pgTAP and Deno test files whose names
// contain one of the words, without the static, contract, advisor, schema and type checks: a quick loop
// while working, never a verdict.
import { join } from "node:path";
import { existsSync } from "node:fs";
import { freePort, ROOT, startStack } from "./local/stack.ts";
import { checkContract, type Recorded } from "./contract/check.ts";
import { checkDocument } from "./contract/document.ts";
import { generateLimits, generateTypes, LIMITS_FILE, TYPES_FILE } from "./types.ts";
import { generateSdk, SDK_SRC } from "./sdk.ts";
import { diff, scratchBuild } from "./local/scratch.ts";
import { installAppDependencies } from "../eval/app-set/build.ts";

const DENO = join(ROOT, "node_modules/.bin/deno");
const SUPABASE = join(ROOT, "node_modules/.bin/supabase");
const TSC = join(ROOT, "node_modules/.bin/tsc");
let passed = 0;
let failed = 0;
// Each failure with why, when its output said: the end of a long run is the part a reader is sure to see.
const failures: { name: string; why: string[] }[] = [];

function tally(name: string, ok: boolean, why: string[] = []) {
  if (ok) passed++;
  else {
    failed++;
    failures.push({ name, why });
  }
}

async function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const child = new Deno.Command(cmd, { args, cwd: ROOT, env, stdout: "piped", stderr: "piped" }).spawn();
  const [out, status] = await Promise.all([
    new Response(child.stdout).text().then(async (o) => o + (await new Response(child.stderr).text())),
    child.status,
  ]);
  return { ok: status.success, out };
}

// A hung test must not hold the whole run until CI's limit (90 minutes): the Deno tests get this long. They
// take about 15 minutes on the machines CI runs on; a machine half as fast per core needs about 25, and more
// than 35 while other work shares its cores.
const DENO_TESTS_TIMEOUT_MS = 50 * 60_000;

// Tests whose time goes to computing on their own: the generated apps' npm, tsc and Metro (whose users of
// their own use the stack only at the start, before any test stops or reconfigures it) and the unit tests
// (no stack). They run in a second process beside the rest of the suite, which mostly waits on the stack
// (jobs, leases, pg_cron, the worker's builds), so the two share the cores instead of taking turns.
const BESIDE = ["tests/apps_build_test.ts", "tests/unit/"];

/**
 * Runs a command, echoing each finished test (`ok`/`not ok` TAP lines) as it comes, after `label` where two
 * run at once, within a time limit.
 */
async function runStreaming(
  cmd: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs: number,
  label = "",
) {
  const child = new Deno.Command(cmd, { args, cwd: ROOT, env, stdout: "piped", stderr: "piped" }).spawn();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, timeoutMs);
  let out = "";
  const stderr = new Response(child.stderr).text();
  let pending = "";
  // Each test's line says how long it took (since the one before): where a slow run spends its time.
  let last = Date.now();
  for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
    out += chunk;
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (!/^(not )?ok \d+ - /.test(line)) continue;
      console.log(`  ${label}${line} (${((Date.now() - last) / 1000).toFixed(1)} s)`);
      last = Date.now();
    }
  }
  const status = await child.status;
  clearTimeout(timer);
  out += await stderr;
  return { ok: status.success, out, timedOut };
}

/** The served document: valid, linted clean, every operation uniquely named, and the SDK generated from it. */
async function documentChecks(doc: Record<string, unknown>) {
  section("the OpenAPI document (served /openapi.json) and the SDK generated from it");
  for (const f of await checkDocument(doc, ROOT)) {
    tally(`document: ${f.name}`, f.ok);
    console.log(`  ${f.ok ? "ok  " : "FAIL"} ${f.name}`);
    for (const d of f.details.slice(0, 30)) console.log(`       ${d}`);
  }
  const fresh = await generateSdk(doc);
  const stale = [];
  for (const [name, text] of Object.entries(fresh)) {
    const committed = await Deno.readTextFile(join(SDK_SRC, name)).catch(() => "");
    if (committed !== text) stale.push(`sdk/src/${name}`);
  }
  tally("the SDK is generated from the served document", stale.length === 0);
  console.log(`  ${stale.length ? "FAIL" : "ok  "} the SDK is generated from the served document`);
  if (stale.length) {
    console.log(
      `       the document changed without regenerating the SDK (${stale.join(", ")}): ` +
        "run `npm run sdk` and commit sdk/src",
    );
  }
}

/** Every answer the tests received against the served document, one test per documented operation. */
async function contractChecks(doc: Record<string, unknown>, recordFiles: string[]) {
  section("contract conformance (every answer the tests received, against /openapi.json)");
  const records: Recorded[] = [];
  for (const file of recordFiles.filter((f) => existsSync(f))) {
    records.push(...(await Deno.readTextFile(file)).split("\n").filter(Boolean).map((l) => JSON.parse(l)));
  }
  const { operations, unknown } = checkContract(
    doc as unknown as Parameters<typeof checkContract>[0],
    records,
  );
  for (const op of operations) {
    tally(`contract: ${op.operation} answers as documented`, op.mismatches.length === 0);
    if (op.mismatches.length) console.log(`  FAIL ${op.operation}:`);
    for (const m of op.mismatches.slice(0, 5)) console.log(`       ${m}`);
    // A documented status no test produced is a promise nobody checked: it fails like a wrong answer.
    const exercised = op.calls > 0 && op.unseen.length === 0;
    tally(`contract: ${op.operation} every documented status exercised`, exercised);
    if (!exercised) {
      console.log(`  FAIL ${op.operation} never answered: ${op.calls ? op.unseen.join(", ") : "no call"}`);
    }
  }
  tally("contract: no answer from a route or status outside the document", unknown.length === 0);
  for (const u of unknown.slice(0, 20)) console.log(`  not in the document: ${u}`);
  console.log(`  ${records.length} answers checked against ${operations.length} operations`);
}

interface AllowList {
  advisors: { cacheKey: string; why: string }[];
  db_lint: { function: string; sqlState: string; why: string }[];
}

/**
 * Supabase's own checks of the migrated database: the advisors (security and performance lints) and
 * `db lint` (plpgsql_check). A finding at WARN or above fails the run unless the allow-list names it
 * with a reason.
 */
async function databaseChecks(url: string) {
  const allow: AllowList = JSON.parse(await Deno.readTextFile(join(ROOT, "supabase/lint-allowlist.json")));
  const env = { PGSSLMODE: "disable", SUPABASE_TELEMETRY_DISABLED: "1" };
  const remote = `--remote=${url}?sslmode=disable`;

  section("Supabase advisors (security and performance)");
  const adv = await run(SUPABASE, [
    "db",
    "advisors",
    remote,
    "--yes",
    "--type",
    "all",
    "--output-format",
    "json",
  ], env);
  let findings: { level: string; name: string; cacheKey: string; detail: string; categories: string[] }[] =
    [];
  try {
    findings = JSON.parse(adv.out.slice(adv.out.indexOf("{"), adv.out.lastIndexOf("}") + 1)).results ?? [];
  } catch {
    console.log(adv.out.slice(0, 2000));
  }
  const serious = findings.filter((f) =>
    f.level !== "INFO" && !allow.advisors.some((a) => a.cacheKey === f.cacheKey)
  );
  for (const f of serious) console.log(`  ${f.level} ${f.categories.join("/")} ${f.name}: ${f.detail}`);
  console.log(`  ${findings.length} findings, ${serious.length} at WARN or above outside the allow-list`);
  tally(
    "supabase db advisors: nothing at WARN or above outside the allow-list",
    adv.ok && serious.length === 0,
  );

  section("supabase db lint (plpgsql_check)");
  const lint = await run(SUPABASE, [
    "db",
    "lint",
    remote,
    "--yes",
    "--schema",
    "public,api,private",
    "--level",
    "warning",
  ], env);
  let linted: { function: string; issues: { level: string; message: string; sqlState: string }[] }[] = [];
  const start = lint.out.indexOf("[");
  if (start >= 0) linted = JSON.parse(lint.out.slice(start, lint.out.lastIndexOf("]") + 1));
  const issues = linted.flatMap((f) => f.issues.map((i) => ({ ...i, function: f.function })))
    .filter((i) => !allow.db_lint.some((a) => a.function === i.function && a.sqlState === i.sqlState));
  for (const i of issues) console.log(`  ${i.level} ${i.function}: ${i.message} (${i.sqlState})`);
  console.log(`  ${issues.length} issues outside the allow-list`);
  tally("supabase db lint: no issue outside the allow-list", lint.ok && issues.length === 0);
}

/**
 * The declarative schemas and the migrations build the same database: each into a scratch cluster of its
 * own, compared with the diff `npm run db:diff` writes migrations with (privileges and policies included).
 */
async function schemaDriftCheck() {
  section("supabase/schemas against supabase/migrations (npm run db:diff)");
  const [migrations, schemas] = await Promise.all([scratchBuild("migrations"), scratchBuild("schemas")]);
  let statements: string;
  try {
    statements = await diff(migrations.cluster, schemas.cluster);
  } finally {
    await Promise.all([migrations.stop(), schemas.stop()]);
  }
  if (statements) {
    console.log("  the schema files declare what no migration builds (run `npm run db:diff -- <name>`):");
    console.log(statements.split("\n").slice(0, 80).map((l) => `       ${l}`).join("\n"));
  }
  console.log(`  ${statements ? "FAIL" : "ok  "} the migrations build what supabase/schemas declares`);
  tally("the migrations build what supabase/schemas declares", !statements);
}

/** Ends a subset run after its tests: the whole-run checks would only report what it did not exercise. */
class SubsetDone extends Error {}

function* walkTests(dir: string): Generator<string> {
  for (const e of Deno.readDirSync(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) yield* walkTests(path);
    else if (e.name.endsWith("_test.ts")) yield path;
  }
}

function section(title: string) {
  console.log(`\n== ${title} (at ${Math.round((Date.now() - started) / 1000)} s)`);
}

/**
 * Counts TAP lines at the top level: `ok N` and `not ok N`. A failure's YAML block (Deno writes the error as
 * a JSON line in it) is printed with it, so a failure seen once in a long run says what failed.
 */
function countTap(out: string, prefix: string) {
  const lines = out.split("\n");
  lines.forEach((line, i) => {
    const m = /^(not ok|ok) \d+ - ?(.*)$/.exec(line.trimEnd());
    if (!m) return;
    const ok = m[1] === "ok" && !/# SKIP/i.test(m[2]);
    if (/# SKIP/i.test(m[2])) return;
    if (ok) return tally(`${prefix}: ${m[2]}`, ok);
    const why: string[] = [];
    if (lines[i + 1]?.trim() === "---") {
      for (const detail of lines.slice(i + 2, i + 42)) {
        if (detail.trim() === "...") break;
        let text = detail.trim();
        try {
          const parsed = JSON.parse(text);
          if (typeof parsed?.message === "string") text = parsed.message;
        } catch { /* not JSON: printed as it is */ }
        // deno-lint-ignore no-control-regex
        why.push(...text.replace(/\x1b\[[0-9;]*m/g, "").split("\n"));
      }
    }
    tally(`${prefix}: ${m[2]}`, ok, why);
    console.log(`  FAIL ${prefix}: ${m[2]}`);
    for (const l of why) console.log(`       ${l}`);
  });
}

const NODE_SDK_SMOKE = `
const { createAppgenClient } = await import("./sdk/dist/index.js");
const sdk = createAppgenClient({ baseUrl: "http://127.0.0.1:9/v1" });
if ([sdk.createJob, sdk.waitForJob, sdk.streamJobEvents].some((f) => typeof f !== "function")) process.exit(1);`;

const only = Deno.args.filter((a) => !a.startsWith("-"));
const selected = (file: string) => only.length === 0 || only.some((w) => file.includes(w));

const started = Date.now();
/** The static checks in turn, each one's lines for printing: they run while the stack starts and pgTAP runs. */
async function staticChecks(): Promise<string[]> {
  const lines: string[] = [];
  for (
    const [name, args] of [
      ["deno check", ["check", "supabase/functions", "scripts", "tests", "bench", "eval"]],
      ["deno lint", ["lint"]],
      ["deno fmt --check", ["fmt", "--check"]],
      // The SDK as Node, browsers and React Native get it: compiled by tsc to ESM, then imported by Node.
      ["sdk: tsc builds it", [TSC, "-p", "sdk/tsconfig.json"]],
      ["sdk: Node imports the build", ["node", "--input-type=module", "-e", NODE_SDK_SMOKE]],
    ] as const
  ) {
    const r = args[0] === TSC || args[0] === "node"
      ? await run(args[0], args.slice(1))
      : await run(DENO, [...args]);
    tally(name, r.ok);
    lines.push(`  ${r.ok ? "ok  " : "FAIL"} ${name}`);
    if (!r.ok) lines.push(...r.out.split("\n").slice(0, 40));
  }
  return lines;
}

if (only.length) {
  console.log(`subset run (${only.join(", ")}): static, contract, advisor and type checks skipped`);
}
const statics = only.length ? Promise.resolve(null) : staticChecks();
// The generated apps' dependencies, downloaded and installed meanwhile too: the test files of both processes
// below link them, and the first to need them would otherwise wait for the whole install.
const appDependencies = only.length
  ? Promise.resolve(null)
  : installAppDependencies().then(() => null, (e: Error) => e.message);

section("local stack");
const dir = await Deno.makeTempDir({ prefix: "appgen-test-" });
const stack = await startStack({
  dir,
  pgPort: freePort(),
  gatewayPort: freePort(),
  previewPort: freePort(),
  // Two device previews at once at most (a replaced one stopping while the next starts); a short idle time, so
  // that the idle stop is seen in seconds.
  devicePreviewEnv: {
    DEVICE_PREVIEW_PORTS: `${freePort()},${freePort()}`,
    DEVICE_PREVIEW_IDLE_SECONDS: "10",
  },
  throwaway: true,
  // The tests ask for the builds they look at (POST /projects/{id}/builds): building every version saved by
  // the whole suite would take hours.
  settings: { build_versions: "false" },
  log: (l) => console.log(`  ${l}`),
});
try {
  section("pgTAP (supabase/tests/database)");
  const files = [...Deno.readDirSync(join(ROOT, "supabase/tests/database"))]
    .filter((f) => f.name.endsWith(".test.sql") && selected(f.name)).map((f) => f.name).sort();
  for (const f of files) {
    const r = await run("pg_prove", [
      "--verbose",
      "-d",
      `${stack.cluster.url}`,
      join("supabase/tests/database", f),
    ], {
      PGSSLMODE: "disable",
    });
    const before = passed + failed;
    countTap(r.out.replace(/^[^\n]*\.\.\s*\n/, ""), f);
    // A file that died before its plan finished counts as a failure of its own.
    if (!r.ok && !/^not ok/m.test(r.out)) {
      tally(`${f}: did not finish`, false);
      console.log(r.out.split("\n").slice(-30).join("\n"));
    }
    console.log(`  ${f}: ${passed + failed - before} tests${r.ok ? "" : " (FAILED)"}`);
  }

  const staticLines = await statics;
  if (staticLines) {
    section("static checks (begun with the stack)");
    console.log(staticLines.join("\n"));
    const failed = await appDependencies;
    tally("the generated apps' dependencies install", failed === null, failed ? [failed] : []);
    console.log(`  ${failed === null ? "ok  " : "FAIL"} the generated apps' dependencies install`);
  }

  section("Deno tests (tests/)");
  const localKey = join(dir, "jwt-key.json");
  const testEnv = (recordFile: string) => ({
    ...stack.functionsEnv,
    TEST_GATEWAY_URL: stack.gatewayUrl,
    TEST_LOCAL_KEY: localKey,
    TEST_ADMIN_DB_URL: stack.cluster.adminUrl,
    TEST_PG_DIR: stack.cluster.dir,
    TEST_RECORD_FILE: recordFile,
  });
  // Each process writes the answers it received to a file of its own: two appending to one could interleave.
  const recordFiles = [join(dir, "responses.jsonl"), join(dir, "responses-beside.jsonl")];
  const denoTest = (files: string[], recordFile: string, label = "") =>
    files.length === 0 ? Promise.resolve({ ok: true, out: "", timedOut: false }) : runStreaming(
      // The process beside runs at the lowest priority: it takes the cores the other leaves idle, and the
      // timing of what the other tests wait for stays theirs.
      label ? "nice" : DENO,
      [
        ...(label ? ["-n", "19", DENO] : []),
        "test",
        "-A",
        "--reporter=tap",
        // A whole run's static checks type-checked tests/ already: the two processes need not again.
        ...(only.length ? [] : ["--no-check"]),
        ...files,
      ],
      testEnv(recordFile),
      DENO_TESTS_TIMEOUT_MS,
      label,
    );
  const lanes = only.length
    ? [
      await denoTest(
        [...walkTests(join(ROOT, "tests"))].filter((f) => selected(f.slice(ROOT.length + 1))),
        recordFiles[0],
      ),
    ]
    : await Promise.all([
      denoTest(["tests/", ...BESIDE.map((f) => `--ignore=${f}`)], recordFiles[0]),
      denoTest(BESIDE, recordFiles[1], "[beside] "),
    ]);
  for (const lane of lanes) {
    countTap(lane.out, "deno");
    if (lane.timedOut) tally(`deno test: stopped after ${DENO_TESTS_TIMEOUT_MS / 60_000} minutes`, false);
    else if (!lane.ok && !/^not ok/m.test(lane.out)) tally("deno test: did not run", false);
    if (!lane.ok) console.log(lane.out.split("\n").filter((l) => !/^ok /.test(l)).slice(-80).join("\n"));
  }

  if (only.length) throw new SubsetDone();
  const doc = await (await fetch(`${stack.gatewayUrl}/functions/v1/v1/openapi.json`)).json();
  await documentChecks(doc);
  await contractChecks(doc, recordFiles);
  await databaseChecks(stack.cluster.url);
  await schemaDriftCheck();

  section("generated types (supabase/types/database.ts)");
  const fresh = await generateTypes(stack.cluster.url);
  const committed = existsSync(TYPES_FILE) ? await Deno.readTextFile(TYPES_FILE) : "";
  const same = fresh === committed;
  if (!same) {
    console.log(
      "  the schema changed without regenerating the types: run `npm run types` and commit the file",
    );
  }
  tally("generated types match the migrated schema", same);

  section("generated limits (supabase/functions/_contract/limits.gen.ts)");
  const limits = await generateLimits(stack.cluster.url);
  const limitsSame = limits === (existsSync(LIMITS_FILE) ? await Deno.readTextFile(LIMITS_FILE) : "");
  if (!limitsSame) {
    console.log(
      "  the schema's limits changed without regenerating them: run `npm run types` and commit the file",
    );
  }
  tally("generated limits match the migrated schema", limitsSame);
} catch (e) {
  if (!(e instanceof SubsetDone)) throw e;
} finally {
  await stack.stop();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}

if (failures.length) {
  section("failures");
  for (const { name, why } of failures) {
    console.log(`  ${name}`);
    for (const l of why.filter((l) => l.trim()).slice(0, 12)) console.log(`       ${l}`);
  }
}
console.log(`\ntook ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
Deno.exit(failed === 0 ? 0 : 1);
