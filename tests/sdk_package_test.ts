// The SDK as a package others install: `npm pack` of sdk/ installed into a fresh Node project (ESM import,
// types checked by tsc, a script that follows a job on the running stack) and imported from Deno; and the
// sdk/ folder of a clone that was never built, installed by path into a project without TypeScript.
import assert from "node:assert/strict";
import { join } from "node:path";
import { BASE_URL, newUser, NO_STACK } from "./helpers.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const SDK = join(ROOT, "sdk");
const TSC = join(ROOT, "node_modules/.bin/tsc");

// The outer `npm test`'s own npm_* settings stay out of the npm runs in the temporary projects.
const ENV = Object.fromEntries(Object.entries(Deno.env.toObject()).filter(([k]) => !/^npm_/i.test(k)));

async function sh(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const out = await new Deno.Command(cmd, {
    args,
    cwd,
    env: { ...ENV, ...env },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout), text };
}

async function ok(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = await sh(cmd, args, cwd, env);
  assert.equal(r.code, 0, `${cmd} ${args.join(" ")}:\n${r.text}`);
  return r.stdout;
}

/** A new, empty ESM project; installs take what npm has cached and ask the registry only for the rest. */
async function newProject(dir: string, spec: string) {
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(join(dir, "package.json"), JSON.stringify({ name: "consumer", type: "module" }));
  await ok("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", spec], dir);
}

// What a user of the package writes: follow a job to its end, read its events, walk a list.
const SCRIPT = `import { createAppgenClient, isApiError } from "@appgen/sdk";
const api = createAppgenClient({ baseUrl: process.env.BASE_URL, token: process.env.TOKEN });
const project = await api.createProject({ body: { name: "From the package" } });
const job = await api.createJob({ body: { type: "prompt", project_id: project.id, input: { prompt: "A packing list app" } } });
const done = await api.waitForJob(job.id);
const events = [];
for await (const e of api.streamJobEvents({ params: { path: { jobId: job.id } } })) events.push(e.type);
const projects = [];
for await (const p of api.items((cursor) => api.listProjects({ params: { query: { cursor } } }))) projects.push(p.id);
const refused = await api.getProject({ params: { path: { projectId: 999999999999 } } }).catch((e) => e);
console.log(JSON.stringify({ status: done.status, events, projects, refused: isApiError(refused, "project_not_found") }));
`;

const TYPED = `import { createAppgenClient, type Job, type JobEvent } from "@appgen/sdk";
const api = createAppgenClient({ baseUrl: "http://127.0.0.1:9/v1" });
export const job: Promise<Job> = api.waitForJob("5d0c4a52-3b0e-4c41-9b7c-1f7e2a9d8c11");
export async function first(): Promise<JobEvent | undefined> {
  for await (const e of api.streamJobEvents({ params: { path: { jobId: "x" } } })) return e;
}
`;
// The same with a wrong parameter type: the declarations must catch it.
const MISTYPED = `import { createAppgenClient } from "@appgen/sdk";
createAppgenClient({ baseUrl: "x" }).getProject({ params: { path: { projectId: "not a number" } } });
`;

Deno.test({
  name:
    "SDK package: npm pack installs into a new Node project, type-checks, follows a job, and loads in Deno",
  ignore: NO_STACK,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "sdk-pack-" });
    try {
      const [{ filename }] = JSON.parse(await ok("npm", ["pack", "--json", "--pack-destination", dir], SDK));
      const app = join(dir, "app");
      await newProject(app, join(dir, filename));
      const installed = join(app, "node_modules/@appgen/sdk");
      assert.ok((await Deno.stat(join(installed, "dist/index.js"))).isFile, "the tarball carries dist/");
      assert.ok((await Deno.stat(join(installed, "dist/index.d.ts"))).isFile);

      const user = await newUser("sdk.package");
      await Deno.writeTextFile(join(app, "main.mjs"), SCRIPT);
      const out = JSON.parse(await ok("node", ["main.mjs"], app, { BASE_URL, TOKEN: user.token }));
      assert.equal(out.status, "succeeded");
      assert.deepEqual(out.events, ["status", "status", "progress", "progress", "status"]);
      assert.equal(out.projects.length, 1);
      assert.equal(out.refused, true);

      const tsconfig = {
        compilerOptions: {
          module: "NodeNext",
          target: "ES2022",
          strict: true,
          noEmit: true,
          lib: ["ES2022", "DOM"],
        },
      };
      await Deno.writeTextFile(
        join(app, "tsconfig.json"),
        JSON.stringify({ ...tsconfig, files: ["typed.ts"] }),
      );
      await Deno.writeTextFile(join(app, "typed.ts"), TYPED);
      await ok(TSC, ["-p", "tsconfig.json"], app);
      await Deno.writeTextFile(
        join(app, "tsconfig.json"),
        JSON.stringify({ ...tsconfig, files: ["mistyped.ts"] }),
      );
      await Deno.writeTextFile(join(app, "mistyped.ts"), MISTYPED);
      const mistyped = await sh(TSC, ["-p", "tsconfig.json"], app);
      assert.match(mistyped.text, /mistyped\.ts.*TS2322/, mistyped.text);

      // Deno takes the package from the project's node_modules, types and all.
      await Deno.writeTextFile(
        join(app, "deno.ts"),
        `import { createAppgenClient, type Job } from "@appgen/sdk";
const api = createAppgenClient({ baseUrl: Deno.env.get("BASE_URL")!, token: Deno.env.get("TOKEN") });
const me: { user_id: string } = await api.getWhoami();
const jobs: Job[] = (await api.listJobs()).data;
console.log(JSON.stringify({ me: me.user_id, jobs: jobs.length }));
`,
      );
      const deno = JSON.parse(
        await ok(Deno.execPath(), ["run", "--check", "-A", "deno.ts"], app, { BASE_URL, TOKEN: user.token }),
      );
      assert.deepEqual(deno, { me: user.id, jobs: 1 });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "SDK package: a clone's sdk/ folder, never built, installs by path into a project without TypeScript",
  ignore: NO_STACK,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "sdk-clone-" });
    try {
      const clone = join(dir, "clone/sdk");
      await Deno.mkdir(join(clone, "src"), { recursive: true });
      for (const f of ["package.json", "tsconfig.json", "build.mjs"]) {
        await Deno.copyFile(join(SDK, f), join(clone, f));
      }
      for await (const f of Deno.readDir(join(SDK, "src"))) {
        await Deno.copyFile(join(SDK, "src", f.name), join(clone, "src", f.name));
      }
      const app = join(dir, "app");
      await newProject(app, clone);
      const user = await newUser("sdk.clone");
      await Deno.writeTextFile(
        join(app, "main.mjs"),
        `import { createAppgenClient } from "@appgen/sdk";
const api = createAppgenClient({ baseUrl: process.env.BASE_URL, token: process.env.TOKEN });
console.log(JSON.stringify(await api.getWhoami()));`,
      );
      const me = JSON.parse(await ok("node", ["main.mjs"], app, { BASE_URL, TOKEN: user.token }));
      assert.equal(me.user_id, user.id);
      await assert.rejects(Deno.stat(join(app, "node_modules/typescript")), Deno.errors.NotFound);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
