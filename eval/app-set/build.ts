// Building generated apps with the real toolchain: generate through the API (or save a checked-in spec's
// composed files through it), write each project to disk,
// install its dependencies once per distinct package.json (from the npm registry, cached under
// .local/app-deps/), type-check with the project's own `tsc --noEmit`, bundle with `expo export`.
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { join, relative } from "node:path";
import type { AppSpec } from "../../supabase/functions/_generator/template/src/types.ts";
import { composeApp } from "../../supabase/functions/_generator/compose.ts";
import { AppSpecSchema } from "../../supabase/functions/_generator/spec-schema.ts";
import { APP_PROMPTS } from "./prompts.ts";

export const ROOT = join(import.meta.dirname!, "../..");
const DEPS_CACHE = join(ROOT, ".local/app-deps");

export interface Client {
  /** `{base_url}`, e.g. http://127.0.0.1:54321/functions/v1/v1 */
  base: string;
  token: string;
}

export interface ProjectFile {
  path: string;
  contents: string;
  type: string;
}

export interface GeneratedApp {
  id: string;
  prompt: string;
  model: string;
  kind: string;
  name: string;
  description: string;
  language: string;
  projectId: number;
  /** Who made it, to send follow-ups on the same project. */
  owner: Client;
  files: ProjectFile[];
  filesSaved: number;
}

async function call<T>(client: Client, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${client.base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${client.token}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

interface Job {
  id: string;
  status: string;
  project_id: number | null;
  result?: { files_saved: number; kind?: string; name?: string; language?: string };
  error?: { code: string; message: string };
}

/** Sends one prompt job and waits for its end; the project's files as the API lists them. */
export async function generate(
  client: Client,
  id: string,
  prompt: string,
  model: string,
  projectId?: number,
): Promise<GeneratedApp> {
  let job = await call<Job>(client, "POST", "/jobs", {
    type: "prompt",
    input: { prompt, model },
    ...(projectId ? { project_id: projectId } : {}),
  });
  for (let i = 0; i < 600 && (job.status === "queued" || job.status === "running"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await call<Job>(client, "GET", `/jobs/${job.id}`);
  }
  if (job.status !== "succeeded" || !job.result) {
    throw new Error(`${id}: job ${job.id} ended ${job.status} ${JSON.stringify(job.error)}`);
  }
  const files = await call<{ data: ProjectFile[] }>(client, "GET", `/projects/${job.project_id}/files`);
  const project = await call<{ description: string }>(client, "GET", `/projects/${job.project_id}`);
  return {
    id,
    prompt,
    model,
    kind: job.result.kind ?? "",
    name: job.result.name ?? "",
    description: project.description,
    language: job.result.language ?? "",
    projectId: job.project_id!,
    owner: client,
    files: files.data,
    filesSaved: job.result.files_saved,
  };
}

// Prompts one user sends before the hourly prompt-evaluation quota (30) would refuse the next.
const PROMPTS_PER_USER = 25;

/** The prompts, each a new project, sent by a new user (`newClient`) every PROMPTS_PER_USER prompts. */
export async function generatePromptSet(
  newClient: () => Promise<Client>,
  prompts = APP_PROMPTS,
  onApp: (app: GeneratedApp) => void = () => {},
): Promise<GeneratedApp[]> {
  const apps: GeneratedApp[] = [];
  let client = await newClient();
  for (const [index, p] of prompts.entries()) {
    if (index > 0 && index % PROMPTS_PER_USER === 0) client = await newClient();
    apps.push(await generate(client, p.id, p.prompt, p.model));
    onApp(apps.at(-1)!);
  }
  return apps;
}

/** The checked-in spec of an app holding every building block in every option (German, dark theme). */
export const EVERY_BLOCK_SPEC = join(import.meta.dirname!, "every-block.json");

export function everyBlockSpec(): AppSpec {
  return AppSpecSchema.parse(JSON.parse(Deno.readTextFileSync(EVERY_BLOCK_SPEC)));
}

/**
 * A project holding every building block: a new project whose files are replaced through the API with the
 * ones the generator composes for the checked-in spec, as the API then lists them.
 */
export async function everyBlockApp(client: Client): Promise<GeneratedApp> {
  const spec = everyBlockSpec();
  const project = await call<{ id: number; description: string }>(client, "POST", "/projects", {
    name: spec.name,
    description: spec.description,
  });
  const saved = await call<{ data: ProjectFile[] }>(client, "PUT", `/projects/${project.id}/files`, {
    files: composeApp(spec),
  });
  const files = await call<{ data: ProjectFile[] }>(client, "GET", `/projects/${project.id}/files`);
  return {
    id: "every-block",
    prompt: `the spec ${relative(ROOT, EVERY_BLOCK_SPEC)}`,
    model: spec.tier,
    kind: spec.kind,
    name: spec.name,
    description: project.description,
    language: spec.language,
    projectId: project.id,
    owner: client,
    files: files.data,
    filesSaved: saved.data.length,
  };
}

/** Installs the dependency set composed apps share (the every-block app's), before the first one needs it. */
export async function installAppDependencies(): Promise<void> {
  const manifest = composeApp(everyBlockSpec()).find((file) => file.path === "package.json")!;
  await dependenciesOf(JSON.parse(manifest.contents));
}

/** Writes the project under `dir` (binary assets decoded) and links its cached dependencies. */
export async function writeApp(dir: string, app: GeneratedApp): Promise<string> {
  const appDir = join(dir, app.id);
  await Deno.remove(appDir, { recursive: true }).catch(() => {});
  for (const file of app.files) {
    const path = join(appDir, file.path);
    await Deno.mkdir(join(path, ".."), { recursive: true });
    if (file.type === "ASSET") await Deno.writeFile(path, Buffer.from(file.contents, "base64"));
    else await Deno.writeTextFile(path, file.contents);
  }
  await linkDependencies(appDir);
  return appDir;
}

/** Links the cached dependencies of the project written in `appDir` (installed on first use). */
export async function linkDependencies(appDir: string): Promise<void> {
  await Deno.symlink(await dependencies(appDir), join(appDir, "node_modules"));
}

const installs = new Map<string, Promise<string>>();

/** node_modules for the project's package.json: installed once per distinct manifest, then reused. */
function dependencies(appDir: string): Promise<string> {
  return dependenciesOf(JSON.parse(Deno.readTextFileSync(join(appDir, "package.json"))));
}

function dependenciesOf(manifest: Record<string, unknown>): Promise<string> {
  // The name differs per app and does not change what is installed.
  const key = createHash("sha256").update(JSON.stringify({ ...manifest, name: "app" })).digest("hex").slice(
    0,
    16,
  );
  if (!installs.has(key)) installs.set(key, install(key, manifest));
  return installs.get(key)!;
}

async function install(key: string, manifest: Record<string, unknown>): Promise<string> {
  const dir = join(DEPS_CACHE, key);
  const modules = join(dir, "node_modules");
  const done = join(dir, ".installed");
  await Deno.mkdir(dir, { recursive: true });
  // Test files in two processes may want the same set at once: one installs, the other waits for it.
  const lock = await Deno.open(join(DEPS_CACHE, `${key}.lock`), { create: true, write: true });
  try {
    await lock.lock(true);
    if (!await Deno.stat(done).then(() => true, () => false)) await npmInstall(dir, manifest, done);
  } finally {
    lock.close();
  }
  return modules;
}

async function npmInstall(dir: string, manifest: Record<string, unknown>, done: string) {
  await Deno.writeTextFile(join(dir, "package.json"), JSON.stringify({ ...manifest, name: "app" }, null, 2));
  const started = performance.now();
  const out = await new Deno.Command("npm", {
    args: ["install", "--no-audit", "--no-fund", "--loglevel=error"],
    cwd: dir,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`npm install in ${dir} failed:\n${new TextDecoder().decode(out.stderr)}`);
  await Deno.writeTextFile(done, `${Math.round(performance.now() - started)} ms\n`);
}

export interface StepResult {
  ok: boolean;
  ms: number;
  output: string;
}

async function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<StepResult> {
  const started = performance.now();
  const out = await new Deno.Command(cmd, {
    args,
    cwd,
    env: { CI: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { ok: out.success, ms: Math.round(performance.now() - started), output: text.slice(-4000) };
}

/**
 * `tsc --noEmit` for every app, each with its own tsconfig and its installed TypeScript, in Node processes
 * (typecheck.mjs) that each take apps of one dependency set, so the declaration files they share are parsed
 * once a process; a process per core, up to four.
 */
export async function typecheckAll(dirs: string[]): Promise<StepResult[]> {
  const processes = Math.max(1, Math.min(navigator.hardwareConcurrency, 4));
  const batches = [...Map.groupBy(dirs, (dir) => Deno.realPathSync(join(dir, "node_modules")))].flatMap((
    [modules, members],
  ) => {
    const parts = Math.min(processes, members.length);
    return Array.from({ length: parts }, (_, i) => ({
      modules,
      members: members.filter((_, j) => j % parts === i),
    }));
  });
  const results = new Map<string, StepResult>();
  await Promise.all(batches.map(async ({ modules, members }) => {
    const out = await new Deno.Command("node", {
      args: [
        join(ROOT, "eval/app-set/typecheck.mjs"),
        join(modules, "typescript/lib/typescript.js"),
        ...members,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const lines = new TextDecoder().decode(out.stdout).split("\n").filter((line) => line.startsWith("{"));
    for (const line of lines) {
      const { dir, ok, ms, output } = JSON.parse(line);
      results.set(dir, { ok, ms, output });
    }
    const failure = new TextDecoder().decode(out.stderr).slice(-4000);
    for (const dir of members) if (!results.has(dir)) results.set(dir, { ok: false, ms: 0, output: failure });
  }));
  return dirs.map((dir) => results.get(dir)!);
}

/**
 * `expo export` for the platforms, into dist/, with a Metro cache of its own (Metro keeps it under TMPDIR):
 * apps share one node_modules, and a shared cache would hand an app another one's expo-router route context
 * and inlined app config, whether that app is this run's or a concurrent run's on the same machine.
 * Not minified: minifying each module took about 45% of a cold web export, and says nothing of whether the
 * app bundles; the build worker's exports, which users are served, are minified (tests/builds_test.ts).
 */
export async function bundle(appDir: string, platforms: string[]): Promise<StepResult> {
  const tmp = await Deno.makeTempDir({ prefix: "expo-export-" });
  try {
    return await run(
      join(appDir, "node_modules/.bin/expo"),
      [
        "export",
        ...platforms.flatMap((p) => ["--platform", p]),
        "--output-dir",
        "dist",
        "--clear",
        "--no-minify",
      ],
      appDir,
      { EXPO_NO_TELEMETRY: "1", TMPDIR: tmp },
    );
  } finally {
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
  }
}

/** Serves a web export (SPA: unknown paths get index.html) on a free port until `stop`. */
export function serveDist(dist: string) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const path = decodeURIComponent(new URL(req.url).pathname);
    const file = join(dist, path.endsWith("/") ? `${path}index.html` : path);
    const data = await Deno.readFile(file.startsWith(dist) ? file : join(dist, "index.html"))
      .catch(() => Deno.readFile(join(dist, "index.html")));
    const type = file.endsWith(".js")
      ? "text/javascript"
      : file.endsWith(".css")
      ? "text/css"
      : file.endsWith(".png")
      ? "image/png"
      : "text/html";
    return new Response(data, { headers: { "content-type": type } });
  });
  return { url: `http://127.0.0.1:${server.addr.port}/`, stop: () => server.shutdown() };
}
