// A follow-up's cost on a large project: the same follow-up jobs on a project of about 5 MB (hundreds of
// files and a large asset) and on a small one (the template's files), with the runner alone
// (serve-runner.ts), against writing the whole large project (`PUT /projects/{id}/files` of every file, what
// a follow-up cost before only its changes travelled). Per job: the bytes the runner's connections sent
// (`ss`) and its phase timings; per whole write: the request bytes and the time.
//
// `deno run -A bench/followup.ts [--jobs n]` runs this section alone on its own stack and writes its
// section into bench/results.md and results.json, leaving the others as the last full run wrote them.
import { join } from "node:path";
import postgres from "postgres";
import { freePort, ROOT, type Stack, startStack, writeSettings } from "../scripts/local/stack.ts";
import { benchUsers } from "./users.ts";
import { type BenchUser, type Distribution, distribution, waitForJobs } from "./jobs.ts";
import { startServer } from "./processes.ts";
import type { JobTimings } from "../supabase/functions/job-runner/app.ts";

export interface FollowUpCell {
  project: "small" | "large";
  files: number;
  projectBytes: number;
  /** Bytes the runner's TCP connections sent per job. */
  runnerBytes: Distribution;
  /** The runner's finalize phase (the outcome sent and private.finalize_job), ms. */
  finalizeMs: Distribution;
  /** From the claim to the end of finalize, ms. */
  totalMs: Distribution;
}

export interface FollowUpResult {
  jobs: number;
  cells: FollowUpCell[];
  /** `PUT /projects/{id}/files` of every file of the large project, in requests within the limits. */
  wholeWrite: { bytes: number; ms: Distribution };
}

interface Context {
  stack: Stack;
  newUser: (label: string) => Promise<BenchUser>;
  jobs: number;
  log: (line: string) => void;
}

const FILES = 240;
const FILE_BYTES = 19 * 1024;
// Base64 of 360 KiB: within a file's 512 KiB.
const ASSET_BYTES = 360 * 1024;
const REQUEST_FILES = 100;
const PROMPTS = [
  "Add a field called Shelf",
  "Add a field called Publisher",
  "Add a field called Genre",
  "Add a field called Edition",
  "Add a field called Language",
  "Add a field called Translator",
  "Add a field called Series",
  "Add a field called Binding",
  "Add a field called Condition",
  "Add a field called Location",
  "Add a field called Owner",
];

/** Random bytes; getRandomValues fills at most 64 KiB a call. */
function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  return out;
}

const hex = (bytes: number) =>
  Array.from(randomBytes(bytes / 2), (b) => b.toString(16).padStart(2, "0")).join("");

/** A large project's extra files: text modules of hex (which compresses as little as code) and one asset. */
function largeFiles(round: number) {
  const files = Array.from({ length: FILES }, (_, i) => ({
    path: `src/data/chunk-${String(i).padStart(3, "0")}.ts`,
    contents: `// ${round}\nexport const chunk = "${hex(FILE_BYTES - 40)}";\n`,
    type: "CODE",
  }));
  const asset = randomBytes(ASSET_BYTES);
  let binary = "";
  for (let i = 0; i < asset.length; i += 0x8000) {
    binary += String.fromCharCode(...asset.subarray(i, i + 0x8000));
  }
  return [...files, { path: "assets/backdrop.png", contents: btoa(binary), type: "ASSET" }];
}

/** Writes the files in requests of at most 100 files; the bytes sent and the time taken. */
async function putAll(baseUrl: string, user: BenchUser, files: { path: string }[]) {
  let bytes = 0;
  const t0 = performance.now();
  for (let i = 0; i < files.length; i += REQUEST_FILES) {
    const body = JSON.stringify({ files: files.slice(i, i + REQUEST_FILES) });
    bytes += new TextEncoder().encode(body).length;
    const res = await fetch(`${baseUrl}/projects/${user.projectId}/files`, {
      method: "PUT",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body,
    });
    if (res.status !== 200) throw new Error(`PUT files: ${res.status} ${await res.text()}`);
    await res.body?.cancel();
  }
  return { bytes, ms: performance.now() - t0 };
}

/**
 * Bytes the process's open TCP connections have sent so far (`ss -tinp`: bytes_sent per socket): the
 * runner keeps its connections to Postgres open, so a job's share is the difference.
 */
async function sentBytes(pid: number): Promise<number> {
  const out = await new Deno.Command("ss", { args: ["-tinpH"], stdout: "piped", stderr: "null" }).output();
  const lines = new TextDecoder().decode(out.stdout).split("\n");
  let total = 0;
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i].includes(`pid=${pid},`)) continue;
    total += Number(/bytes_sent:(\d+)/.exec(lines[i + 1])?.[1] ?? 0);
  }
  return total;
}

export async function measureFollowUp(ctx: Context): Promise<FollowUpResult> {
  const { stack, log } = ctx;
  const baseUrl = `${stack.gatewayUrl}/functions/v1/v1`;
  const sql = postgres(stack.cluster.url, { prepare: false, max: 1, onnotice: () => {} });
  const runner = await startServer("bench/serve-runner.ts", [], stack.functionsEnv, "/job-runner");
  try {
    await writeSettings(stack.cluster, { runner_url: `${runner.url}/job-runner` });
    const small = await ctx.newUser("followup.small");
    const large = await ctx.newUser("followup.large");
    await putAll(baseUrl, large, largeFiles(0));

    const cells: FollowUpCell[] = [];
    for (const [project, user] of [["small", small], ["large", large]] as const) {
      const [size] = await sql`select count(*)::int as files, sum(octet_length(contents))::bigint as bytes
                                 from public.project_files where project_id = ${user.projectId}`;
      log(`follow-up on the ${project} project: ${size.files} files, ${size.bytes} bytes`);
      const bytes: number[] = [];
      const timings: JobTimings[] = [];
      // The first job also draws the project's icon: run unmeasured.
      for (let i = 0; i <= ctx.jobs; i++) {
        const before = await sentBytes(runner.pid);
        const res = await fetch(`${baseUrl}/jobs`, {
          method: "POST",
          headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
          body: JSON.stringify({
            type: "prompt",
            project_id: user.projectId,
            input: { prompt: PROMPTS[i % PROMPTS.length], model: "light" },
          }),
        });
        const job = await res.json();
        if (res.status !== 202) throw new Error(`POST /jobs: ${res.status} ${JSON.stringify(job)}`);
        await waitForJobs(sql, [job.id], 60_000);
        const timed = await (await fetch(`${runner.url}/bench/timings`)).json() as JobTimings[];
        if (i === 0) continue;
        bytes.push(await sentBytes(runner.pid) - before);
        timings.push(...timed);
      }
      cells.push({
        project,
        files: size.files,
        projectBytes: Number(size.bytes),
        runnerBytes: distribution(bytes),
        finalizeMs: distribution(timings.map((t) => t.finalize)),
        totalMs: distribution(timings.map((t) => t.total)),
      });
    }

    log("whole writes of the large project");
    const writes: number[] = [];
    let writeBytes = 0;
    for (let i = 1; i <= ctx.jobs; i++) {
      const files = (await sql`select path, contents, type from public.project_files
                                where project_id = ${large.projectId} order by path`)
        .map((f) => ({
          path: f.path,
          // Every file changed, as a whole write replaces every file.
          contents: f.type === "ASSET" ? f.contents : `${f.contents}\n// ${i}\n`,
          type: f.type,
        }));
      const written = await putAll(baseUrl, large, files);
      writes.push(written.ms);
      writeBytes = written.bytes;
    }
    return { jobs: ctx.jobs, cells, wholeWrite: { bytes: writeBytes, ms: distribution(writes) } };
  } finally {
    await runner.stop();
    await sql.end();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(a / b < 10 ? 2 : 1)}×`;

export const FOLLOW_UP_HEADING = "## A follow-up on a 5 MB project";

export function followUpMarkdown(r: FollowUpResult): string {
  const [small, large] = ["small", "large"].map((p) => r.cells.find((c) => c.project === p)!);
  const row = (c: FollowUpCell) => [
    `follow-up, ${c.project} project (${c.files} files, ${(c.projectBytes / 1024 / 1024).toFixed(2)} MiB)`,
    kb(c.runnerBytes.p50),
    c.finalizeMs.p50.toFixed(1),
    c.totalMs.p50.toFixed(1),
  ];
  return [
    FOLLOW_UP_HEADING,
    "",
    `The same ${r.jobs} follow-up jobs (one field added each, the \`light\` model) on the template's project ` +
    "and on one of about 5 MB (hundreds of 19 KiB modules and a 480 KiB asset), the runner served alone; " +
    "against writing that whole project with `PUT /projects/{id}/files` (requests of at most 100 files), " +
    "which a follow-up cost before only its changes travelled. Bytes: what the runner's connections sent " +
    "per job (`ss`'s `bytes_sent`, to Postgres and its answers to the gateway), or the requests' bodies. " +
    "Medians.",
    "",
    "| what | bytes sent | finalize ms | total ms |",
    "| --- | --- | --- | --- |",
    `| ${row(small).join(" | ")} |`,
    `| ${row(large).join(" | ")} |`,
    `| whole write of the large project | ${kb(r.wholeWrite.bytes)} | ${
      r.wholeWrite.ms.p50.toFixed(1)
    } | — |`,
    "",
    `Large over small: bytes ${ratio(large.runnerBytes.p50, small.runnerBytes.p50)}, finalize ` +
    `${ratio(large.finalizeMs.p50, small.finalizeMs.p50)}, total ${
      ratio(large.totalMs.p50, small.totalMs.p50)
    }. ` +
    `Whole write over the large project's follow-up: bytes ${
      ratio(r.wholeWrite.bytes, large.runnerBytes.p50)
    }, ` +
    `time ${ratio(r.wholeWrite.ms.p50, large.finalizeMs.p50)} (against its finalize).`,
    "",
  ].join("\n");
}

if (import.meta.main) {
  const i = Deno.args.indexOf("--jobs");
  const jobs = i < 0 ? 10 : Number(Deno.args[i + 1]);
  const log = (line: string) => console.log(`[bench] ${line}`);
  const dir = await Deno.makeTempDir({ prefix: "appgen-bench-" });
  const stack = await startStack({
    dir,
    pgPort: freePort(),
    gatewayPort: freePort(),
    // The whole writes store every file again: room for them.
    settings: { quota_limit: "1000000", storage_quota_bytes: String(1024 * 1024 * 1024) },
    log: (l) => log(`  ${l}`),
  });
  try {
    const sql = postgres(stack.cluster.url, { prepare: false, max: 1, onnotice: () => {} });
    const newUser = benchUsers(stack, sql);
    const result = await measureFollowUp({ stack, newUser, jobs, log });
    await sql.end();
    const section = followUpMarkdown(result);
    console.log(section);
    const mdPath = join(ROOT, "bench/results.md");
    const md = await Deno.readTextFile(mdPath);
    const at = md.indexOf(FOLLOW_UP_HEADING);
    const next = at < 0 ? -1 : md.indexOf("\n## ", at + 1);
    await Deno.writeTextFile(
      mdPath,
      at < 0
        ? `${md.trimEnd()}\n\n${section}`
        : `${md.slice(0, at)}${section}${next < 0 ? "" : md.slice(next + 1)}`,
    );
    const jsonPath = join(ROOT, "bench/results.json");
    const json = JSON.parse(await Deno.readTextFile(jsonPath));
    await Deno.writeTextFile(jsonPath, JSON.stringify({ ...json, followUp: result }, null, 2) + "\n");
    await new Deno.Command(join(ROOT, "node_modules/.bin/deno"), { args: ["fmt", "--quiet", mdPath] })
      .output();
  } finally {
    await stack.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
