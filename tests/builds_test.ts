// The build worker beside the stack, as a user meets it: a build asked for over the API is taken from the
// queue, type-checked and exported with the real toolchain, and its web preview opens in Chromium on the
// worker's own origin, reporting the app's runtime errors as the project's preview errors, and its first
// screen is the build's thumbnail (a PNG at a phone's size, on the project too); a type error
// fails its build with the error listed; a hostile project neither reads the worker's secrets nor writes
// outside its build, and one that never finishes is stopped. The dependency set is installed once and shared.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { join } from "node:path";
import postgres from "postgres";
import { PNG } from "pngjs";
import { withBrowser } from "../scripts/lib/browser.ts";
import {
  api,
  db,
  expectError,
  GATEWAY,
  jobEvents,
  newProject,
  newUser,
  NO_STACK,
  type TestUser,
  waitForJob,
  withSetting,
} from "./helpers.ts";
import { buildProject } from "../build-worker/src/build.js";
import { takeBuildUsers } from "../build-worker/src/sandbox.js";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });
const ROOT = join(import.meta.dirname!, "..");

interface BuildBody {
  id: number;
  project_id: number;
  version_id: string | null;
  status: string;
  steps: { name: string; status: string; ms: number; cached?: boolean }[];
  errors: { file?: string; line?: number; column?: number; code?: string; message: string }[];
  artifacts: {
    platforms?: string[];
    web?: { files: number; bytes: number };
    android?: { files: number; bytes: number };
  };
  preview_url: string | null;
  preview_image_url: string | null;
  log?: string;
}

/** The project's newest version's id. */
async function newestVersion(user: TestUser, projectId: number): Promise<string> {
  const page = await api<{ data: { id: string }[] }>("GET", `/projects/${projectId}/versions?limit=1`, {
    token: user.token,
  });
  assert.equal(page.status, 200, page.text);
  return page.body.data[0].id;
}

/** Asks for a build of the project's version (its newest when none is named), answered `queued`. */
async function requested(user: TestUser, projectId: number, version?: string): Promise<BuildBody> {
  const queued = await api<BuildBody>("POST", `/projects/${projectId}/builds`, {
    token: user.token,
    ...(version ? { body: { version } } : {}),
  });
  assert.equal(queued.status, 202, queued.text);
  assert.equal(queued.body.status, "queued");
  assert.equal(queued.body.version_id, version ?? await newestVersion(user, projectId));
  return queued.body;
}

/** Polls the build until it is in one of `statuses` (a cold dependency install takes minutes). */
async function reached(user: TestUser, id: number, statuses = ["succeeded", "failed", "canceled"]) {
  let build = (await api<BuildBody>("GET", `/builds/${id}`, { token: user.token })).body;
  // A build that ended (one that failed at once, say) is answered as it is, never waited on for longer.
  const ended = ["succeeded", "failed", "canceled"];
  for (let i = 0; i < 1800 && !statuses.includes(build.status) && !ended.includes(build.status); i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    build = (await api<BuildBody>("GET", `/builds/${id}`, { token: user.token })).body;
  }
  return build;
}

/** A build of the project's files, asked for and waited for until it ended. */
async function built(user: TestUser, projectId: number): Promise<BuildBody> {
  return await reached(user, (await requested(user, projectId)).id);
}

async function save(user: TestUser, projectId: number, files: { path: string; contents: string }[]) {
  const res = await api("PUT", `/projects/${projectId}/files`, {
    token: user.token,
    body: { files: files.map((f) => ({ ...f, type: "CODE" })) },
  });
  assert.equal(res.status, 200, res.text);
}

t("a build builds its version: a type error in it fails the build with tsc's error listed", async () => {
  const user = await newUser("builds.typeerror");
  const project = await newProject(user);
  await save(user, project.id, [{
    path: "src/broken.ts",
    contents: 'export const count: number = "three";\n',
  }]);
  const first = await newestVersion(user, project.id);
  // A later save: the build of the first version still type-checks the first version's file.
  await save(user, project.id, [{
    path: "src/broken.ts",
    contents: 'export const count: boolean = "three";\n',
  }]);
  const build = await reached(user, (await requested(user, project.id, first)).id);
  assert.equal(build.status, "failed", JSON.stringify(build));
  assert.equal(build.version_id, first);
  assert.deepEqual(build.steps.map((s) => `${s.name}:${s.status}`), [
    "install:succeeded",
    "typecheck:failed",
  ]);
  assert.deepEqual(build.errors, [{
    file: "src/broken.ts",
    line: 1,
    column: 14,
    code: "TS2322",
    message: "Type 'string' is not assignable to type 'number'.",
  }]);
  assert.equal(build.preview_url, null);
  const full = await api<BuildBody>("GET", `/builds/${build.id}`, { token: user.token });
  assert.match(full.body.log!, /src\/broken\.ts\(1,14\): error TS2322/);
});

t(
  "a package.json naming a URL, a git repository or a file fails its build before anything is installed",
  async () => {
    const user = await newUser("builds.remote");
    const project = await newProject(user);
    const files = await api<{ data: { path: string; contents: string }[] }>(
      "GET",
      `/projects/${project.id}/files`,
      { token: user.token },
    );
    const manifest = JSON.parse(files.body.data.find((f) => f.path === "package.json")!.contents);
    for (
      const [field, name, spec] of [
        ["dependencies", "left-pad", "https://packages.example/left-pad-1.3.0.tgz"],
        ["devDependencies", "typescript", "github:someone/typescript"],
        ["overrides", "react-native", "file:../../outside"],
      ]
    ) {
      await save(user, project.id, [{
        path: "package.json",
        contents: JSON.stringify({ ...manifest, [field]: { ...manifest[field], [name]: spec } }, null, 2),
      }]);
      const build = await built(user, project.id);
      assert.equal(build.status, "failed", JSON.stringify(build));
      assert.deepEqual(build.steps, [], "nothing ran");
      assert.equal(build.errors.length, 1);
      assert.equal(build.errors[0].file, "package.json");
      assert.match(
        build.errors[0].message,
        new RegExp(`^${field}\\.${name} is ".+": builds install packages of the registry only`),
      );
    }
  },
);

t("a project's builds: owner only, newest first, paged, logs only on one build", async () => {
  const user = await newUser("builds.list");
  const other = await newUser("builds.other");
  const project = await newProject(user);
  // Rows as the worker leaves them (no build runs): two finished builds.
  const ids = [];
  for (const status of ["failed", "succeeded"]) {
    const [row] = await db()`insert into public.builds (project_id, user_id, reason, status, log)
      values (${project.id}, ${user.id}, 'manual', ${status}, 'the log') returning id`;
    ids.push(Number(row.id));
  }
  const first = await api<{ data: BuildBody[]; next_cursor: string | null }>(
    "GET",
    `/projects/${project.id}/builds?limit=1`,
    { token: user.token },
  );
  assert.equal(first.status, 200, first.text);
  assert.deepEqual(first.body.data.map((b) => b.id), [ids[1]]);
  assert.equal(first.body.data[0].log, undefined, "a list carries no logs");
  const second = await api<{ data: BuildBody[]; next_cursor: string | null }>(
    "GET",
    `/projects/${project.id}/builds?limit=1&cursor=${first.body.next_cursor}`,
    { token: user.token },
  );
  assert.deepEqual(second.body.data.map((b) => b.id), [ids[0]]);
  assert.equal(second.body.next_cursor, null);
  const one = await api<BuildBody>("GET", `/builds/${ids[0]}`, { token: user.token });
  assert.equal(one.body.log, "the log");

  expectError(
    await api("GET", `/projects/${project.id}/builds?cursor=x`, { token: user.token }),
    400,
    "invalid_cursor",
  );
  expectError(
    await api("GET", `/projects/${project.id}/builds?limit=0`, { token: user.token }),
    400,
    "invalid_request",
  );
  expectError(await api("GET", `/builds/abc`, { token: user.token }), 400, "invalid_request");
  expectError(await api("POST", `/projects/abc/builds`, { token: user.token }), 400, "invalid_request");
  expectError(
    await api("POST", `/projects/${project.id}/builds`, { token: user.token, body: { version: "v1" } }),
    400,
    "invalid_request",
  );
  const otherProject = await newProject(other);
  expectError(
    await api("POST", `/projects/${project.id}/builds`, {
      token: user.token,
      body: { version: await newestVersion(other, otherProject.id) },
    }),
    404,
    "version_not_found",
  );
  expectError(await api("GET", `/builds/${ids[0]}`), 401, "unauthorized");
  expectError(await api("GET", `/projects/${project.id}/builds`), 401, "unauthorized");
  expectError(await api("POST", `/projects/${project.id}/builds`), 401, "unauthorized");
  expectError(await api("GET", `/builds/${ids[0]}`, { token: other.token }), 404, "build_not_found");
  expectError(
    await api("GET", `/projects/${project.id}/builds`, { token: other.token }),
    404,
    "project_not_found",
  );
  expectError(
    await api("POST", `/projects/${project.id}/builds`, { token: other.token }),
    404,
    "project_not_found",
  );
});

t("workers claiming at once never take the same build", async () => {
  const user = await newUser("builds.scale");
  const ids: number[] = [];
  for (let i = 0; i < 12; i++) {
    const project = await newProject(user);
    // Queued as a save would queue them: projects without files, which the stack's own worker, claiming
    // beside these, fails at once.
    const [row] = await db()`insert into public.builds (project_id, user_id, reason)
      values (${project.id}, ${user.id}, 'files') returning id`;
    ids.push(Number(row.id));
  }
  // Six workers as the worker's role, each on a connection of its own. In each round every one claims inside
  // a transaction it keeps open until all six have claimed: a claim that waited for another's locked row
  // instead of skipping it would never arrive.
  const connections = Array.from(
    { length: 6 },
    () => postgres(Deno.env.get("TEST_ADMIN_DB_URL")!, { prepare: false, max: 1, onnotice: () => {} }),
  );
  const claimed: number[] = [];
  try {
    for (let round = 0; round < 12; round++) {
      const all = Promise.withResolvers<void>();
      let arrived = 0;
      const claims = await Promise.all(connections.map((sql, n) =>
        sql.begin(async (tx) => {
          await tx`set local role build_worker`;
          const [{ r }] = await tx`select private.claim_build(${`scale-${n}`}) as r`;
          if (++arrived === connections.length) all.resolve();
          await all.promise;
          return r as { id: number; lease_token: string } | null;
        })
      ));
      const taken = claims.filter((c) => c !== null);
      if (taken.length === 0) break;
      assert.equal(
        new Set(taken.map((c) => c.id)).size,
        taken.length,
        `round ${round}: one build per worker`,
      );
      claimed.push(...taken.map((c) => c.id));
      await Promise.all(taken.map((c, n) =>
        connections[n].begin(async (tx) => {
          await tx`set local role build_worker`;
          await tx`select private.finish_build(${c.id}, ${c.lease_token},
            ${tx.json({ status: "canceled", steps: [], errors: [], log: "", artifacts: {} })})`;
        })
      ));
    }
  } finally {
    await Promise.all(connections.map((sql) => sql.end()));
  }
  assert.equal(new Set(claimed).size, claimed.length, "no build was claimed twice");
  // Each build was started exactly once: by one of these workers or by the stack's own.
  const rows = await db()`select attempts from public.builds where id in ${db()(ids)}`;
  assert.deepEqual(rows.map((r) => r.attempts), ids.map(() => 1));
});

t("a build still running when a newer one is queued stops and ends canceled", async () => {
  const user = await newUser("builds.superseded");
  const project = await newProject(user);
  // A configuration that never finishes keeps the first build running until it hears of the newer one.
  await save(user, project.id, [{ path: "app.config.js", contents: "for (;;) {}\n" }]);
  // A short lease: the worker heartbeats every third of it.
  const [first, second] = await withSetting("build_lease_seconds", "6", async () => {
    const first = await requested(user, project.id);
    await reached(user, first.id, ["running"]);
    await save(user, project.id, [{ path: "src/broken.ts", contents: 'export const n: number = "x";\n' }]);
    const second = await requested(user, project.id);
    return [await reached(user, first.id), await reached(user, second.id)];
  });
  assert.equal(first.status, "canceled", JSON.stringify(first));
  assert.equal(second.status, "failed");
  assert.equal(second.errors[0].file, "src/broken.ts", "the newer build built the newer files");
});

/** The command lines of the processes running now whose command line includes `marker`. */
async function running(marker: string) {
  const ps = await new Deno.Command("ps", { args: ["-eo", "user=,args="] }).output();
  return new TextDecoder().decode(ps.stdout).split("\n").filter((line) => line.includes(marker));
}

t(
  "a hostile project reads none of the worker's environment, writes nowhere outside its build and leaves no process behind",
  async () => {
    const user = await newUser("builds.hostile");
    const project = await newProject(user);
    // The stack's own services on this machine's loopback: the database and the API's gateway.
    const ports = [new URL(Deno.env.get("TEST_ADMIN_DB_URL")!).port, new URL(GATEWAY).port];
    // Expo runs app.config.js while it exports: what a project could try there.
    await save(user, project.id, [{
      path: "app.config.js",
      contents: `const fs = require("fs");
const { execFileSync } = require("child_process");
// A socket to the machine's services and to the internet, each from a process of its own (so it is waited for).
for (const [host, port] of [["127.0.0.1", ${ports[0]}], ["127.0.0.1", ${ports[1]}], ["1.1.1.1", 443]]) {
  const probe = "require('net').connect(" + port + ", '" + host + "')" +
    ".on('connect', () => { console.log('connected'); process.exit(0); })" +
    ".on('error', (e) => { console.log(e.code); process.exit(0); })";
  console.log("SOCKET " + host + ":" + port + " " + execFileSync(process.execPath, ["-e", probe]).toString().trim());
}
const path = require("path");
const attempt = (file) => { try { fs.writeFileSync(file, "x"); return "written"; } catch (e) { return e.code; } };
console.log("ENV " + JSON.stringify(process.env));
console.log("CACHE " + attempt(path.join(__dirname, "node_modules", "hostile.txt")));
console.log("ROOT " + attempt(path.join(__dirname, "..", "..", "..", "hostile.txt")));
console.log("PREVIEWS " + attempt(path.join(__dirname, "..", "..", "..", "previews", "hostile.txt")));
try { console.log("LIST " + fs.readdirSync(path.join(__dirname, "..", "..", "..", "previews")).join(",")); }
catch (e) { console.log("LIST " + e.code); }
const interfaces = fs.readFileSync("/proc/net/dev", "utf8").split("\\n").slice(2).map((l) => l.split(":")[0].trim());
console.log("NET " + interfaces.filter(Boolean).join(","));
// A process in a session of its own, its parent gone: out of the build's process group.
require("child_process").spawn("setsid", ["sh", "-c", "sleep 600.25 >/dev/null 2>&1 & echo DETACHED $!"], { stdio: "inherit" });
require("child_process").execSync("sleep 1");
throw new Error("the hostile config is done");
`,
    }]);
    const build = await built(user, project.id);
    assert.equal(build.status, "failed");
    assert.deepEqual(build.steps.map((s) => `${s.name}:${s.status}`), [
      "install:succeeded",
      "typecheck:succeeded",
      "export_web:failed",
    ]);
    const { log } = (await api<BuildBody>("GET", `/builds/${build.id}`, { token: user.token })).body;
    const env = JSON.parse(/^ENV (.*)$/m.exec(log!)![1]);
    assert.deepEqual(
      Object.keys(env).filter((k) => !/^(PATH|HOME|TMPDIR|LANG|CI|EXPO_\w+|NODE_ENV|_)$/.test(k)),
      [],
    );
    assert.ok(!/postgres:\/\/|BUILD_WORKER|SUPABASE|WORKER_SECRET/.test(log!), "no secret reached the build");
    assert.match(log!, /^CACHE EACCES$/m, "the shared dependency cache is read-only to builds");
    assert.match(log!, /^ROOT EACCES$/m);
    assert.match(log!, /^PREVIEWS EACCES$/m);
    assert.match(log!, /^LIST EACCES$/m, "nor can it list the previews' tokens");
    assert.match(log!, /^NET lo$/m, "the export has no network but loopback");
    for (const target of [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`, "1.1.1.1:443"]) {
      const [, code] = new RegExp(`^SOCKET ${target.replaceAll(".", "\\.")} (\\S+)$`, "m").exec(log!) ?? [];
      assert.ok(code && code !== "connected", `no socket reaches ${target}: ${code}`);
    }
    assert.match(log!, /^DETACHED \d+$/m, "the build started a process of its own");
    assert.deepEqual(await running("sleep 600.25"), [], "no process of the build outlived it");
    const cache = join(ROOT, ".local/build-cache");
    for (const entry of Deno.readDirSync(cache)) {
      assert.ok(!Deno.statSync(join(cache, entry.name)).isFile || entry.name !== "hostile.txt");
      if (entry.isDirectory) {
        assert.throws(() => Deno.statSync(join(cache, entry.name, "node_modules/hostile.txt")));
      }
    }
  },
);

t(
  "a project that never finishes is stopped at the step's time limit, and its processes with it",
  async () => {
    const user = await newUser("builds.endless");
    const project = await newProject(user);
    await save(user, project.id, [{ path: "app.config.js", contents: "for (;;) {}\n" }]);
    const files = (await api<{ data: { path: string; contents: string; encoding: "utf8" | "base64" }[] }>(
      "GET",
      `/projects/${project.id}/files`,
      { token: user.token },
    )).body.data;
    // The worker's own build function with a one-minute step: enough for tsc, not for a config that never ends.
    const dir = await Deno.makeTempDir({ prefix: "build-endless-" });
    await Deno.chmod(dir, 0o755);
    await Deno.mkdir(join(dir, "previews"));
    const limits = { cpuSeconds: 120, memoryBytes: 4 * 1024 ** 3, processes: 1024, fileBytes: 1024 ** 3 };
    // A build user no worker holds.
    const [buildUser] = takeBuildUsers("appbuild", 1);
    try {
      const outcome = await buildProject(
        {
          workDir: join(dir, "work"),
          cacheDir: join(ROOT, ".local/build-cache"),
          previewsDir: join(dir, "previews"),
          user: buildUser,
          limits: {
            install: { ...limits, seconds: 1800, outputBytes: 32768 },
            check: { ...limits, seconds: 60, outputBytes: 32768 },
          },
          offline: true,
          platforms: ["web"],
          signal: new AbortController().signal,
        },
        files,
        "0".repeat(48),
      );
      assert.equal(outcome.status, "failed");
      assert.deepEqual(outcome.errors, [{ message: "expo export for web took too long." }]);
      assert.match(outcome.log, /\(stopped: out of time, \d+ ms\)\n$/);
      const left = new TextDecoder().decode(
        (await new Deno.Command("ps", { args: ["-o", "args=", "-u", buildUser!.name] }).output()).stdout,
      );
      assert.ok(!left.includes(join(dir, "work")), `no process of the build is left:\n${left}`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

t(
  "a generated app's build is on its job's events, and its preview renders its first screen on its own origin and as its thumbnail, reports its runtime errors and goes with its project",
  async () => {
    const user = await newUser("builds.preview");
    // A template job whose version is built as every version is where build_versions is on.
    const job = await withSetting("build_versions", "true", async () => {
      const created = await api<{ id: string }>("POST", "/jobs", {
        token: user.token,
        body: { type: "prompt", input: { prompt: "A list of books to read with their authors" } },
      });
      assert.equal(created.status, 202, created.text);
      return await waitForJob<{ id: string; status: string; project_id: number; version_id: string }>(
        user,
        created.body.id,
      );
    });
    assert.equal(job.status, "succeeded", JSON.stringify(job));
    const projectId = job.project_id;
    // The job does not wait for its build; its stream goes on until the build ends.
    const builds = (await jobEvents(user, job.id)).filter((e) => e.type === "build").map((e) => e.data);
    const buildId = builds[0].id as number;
    assert.ok(builds.every((b) => b.id === buildId), "one build, the job's");
    assert.deepEqual(builds.map((b) => `${b.status}${b.step ? `:${b.step}` : ""}`), [
      "queued",
      "running:install",
      "running:typecheck",
      "running:export_web",
      "running:preview",
      "running:export_android",
      "succeeded",
    ]);
    const build = (await api<BuildBody>("GET", `/builds/${buildId}`, { token: user.token })).body;
    assert.equal(build.status, "succeeded", JSON.stringify(build));
    // The web export was published before the android export ran.
    assert.equal(builds.find((b) => b.step === "preview")?.preview_url, build.preview_url);
    assert.equal(build.version_id, job.version_id, "the build built the job's version");
    assert.deepEqual(builds.at(-1), {
      id: buildId,
      status: "succeeded",
      preview_url: build.preview_url,
      errors: [],
    });
    const finished = (await api<{ build: unknown }>("GET", `/jobs/${job.id}`, { token: user.token })).body;
    assert.deepEqual(finished.build, { id: buildId, status: "succeeded", preview_url: build.preview_url });
    const files =
      (await api<{ data: { path: string; contents: string }[] }>("GET", `/projects/${projectId}/files`, {
        token: user.token,
      })).body.data;
    const spec = JSON.parse(files.find((f) => f.path === "app.spec.json")!.contents);
    assert.deepEqual(build.steps.map((s) => s.name), [
      "install",
      "typecheck",
      "export_web",
      "export_android",
    ]);
    assert.deepEqual(build.artifacts.platforms, ["web", "android"]);
    for (const platform of ["web", "android"] as const) {
      assert.ok(build.artifacts[platform]!.files > 0 && build.artifacts[platform]!.bytes > 0, platform);
    }
    const preview = new URL(build.preview_url!);
    assert.notEqual(preview.origin, new URL(GATEWAY).origin, "the preview is not on the API's origin");
    assert.match(preview.pathname, /^\/p\/[0-9a-f]{48}\/$/);
    const project = await api<{ preview_url: string }>("GET", `/projects/${projectId}`, {
      token: user.token,
    });
    assert.equal(project.body.preview_url, build.preview_url, "the project carries its newest preview");

    // Its thumbnail follows the build: the first screen at a phone's size, beside the preview.
    let image = build.preview_image_url;
    for (let i = 0; i < 600 && !image; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      image =
        (await api<BuildBody>("GET", `/builds/${build.id}`, { token: user.token })).body.preview_image_url;
    }
    assert.equal(image, build.preview_url!.replace(/\/$/, ".png"));
    const thumbnail = await fetch(image!);
    assert.equal(thumbnail.headers.get("content-type"), "image/png");
    const png = new Uint8Array(await thumbnail.arrayBuffer());
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "a PNG");
    const { width, height, data } = PNG.sync.read(Buffer.from(png));
    assert.deepEqual([width, height], [390, 844]);
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) colours.add(data.readUInt32BE(i));
    assert.ok(colours.size > 16, `the screen shows something: ${colours.size} colours`);
    const listed = await api<{ data: { id: number; preview_image_url: string | null }[] }>(
      "GET",
      "/projects",
      { token: user.token },
    );
    assert.equal(
      listed.body.data.find((p) => p.id === projectId)?.preview_image_url,
      image,
      "the list has it",
    );
    assert.equal(
      (await api<{ preview_image_url: string }>("GET", `/projects/${projectId}`, { token: user.token })).body
        .preview_image_url,
      image,
      "and the project",
    );

    const page = await fetch(preview);
    assert.equal(page.headers.get("content-type"), "text/html; charset=utf-8");
    const html = await page.text();
    const script = /src="([^"]+\.js)"/.exec(html)![1];
    const js = await fetch(new URL(script, preview));
    assert.equal(js.headers.get("content-type"), "text/javascript; charset=utf-8");
    await js.body?.cancel();
    const elsewhere = await fetch(new URL(`/p/${"0".repeat(48)}/`, preview));
    assert.equal(elsewhere.status, 404, "another path holds no preview");
    await elsewhere.body?.cancel();

    // The reporter's route: JSON only, bounded, by a known token.
    const report = (token: string, body: string, type = "application/json") =>
      fetch(new URL(`/p/${token}/errors`, preview), {
        method: "POST",
        headers: { "content-type": type },
        body,
      });
    const token = preview.pathname.split("/")[2];
    for (
      const [res, status] of [
        [await report(token, "{}", "text/plain"), 415],
        [await report(token, JSON.stringify({ message: "x".repeat(60_000) })), 413],
        [await report(token, "not json"), 400],
        [await report("1".repeat(48), JSON.stringify({ message: "x" })), 404],
      ] as const
    ) {
      assert.equal(res.status, status);
      await res.body?.cancel();
    }

    // The page is tapped through; then errors are thrown while it is open: an uncaught error and a rejection
    // in the page's own context.
    let messages: string[] = [];
    await withBrowser(async (context) => {
      const tab = await context.newPage();
      await tab.goto(build.preview_url!, { waitUntil: "load" });
      await tab.getByText(spec.screens[0].title).first().waitFor();
      // Tapped through as a user would: a new book added from the list's button shows in the list.
      await tab.getByText(/^\+ /).first().click();
      await tab.getByRole("textbox").first().fill("The Left Hand of Darkness");
      await tab.getByText("Save", { exact: true }).click();
      await tab.getByText("The Left Hand of Darkness").first().waitFor();
      await tab.evaluate(() => {
        setTimeout(() => {
          throw new Error("Deliberate preview failure");
        }, 0);
        void Promise.reject(new Error("Deliberate rejected promise"));
      });
      for (let i = 0; i < 300 && messages.length < 2; i++) {
        const errors = await api<{ data: { message: string }[] }>(
          "GET",
          `/projects/${projectId}/preview-errors`,
          {
            token: user.token,
          },
        );
        messages = errors.body.data.map((e) => e.message);
        if (messages.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    assert.ok(messages.some((m) => m.includes("Deliberate preview failure")), messages.join("\n"));
    assert.ok(messages.some((m) => m.includes("Deliberate rejected promise")), messages.join("\n"));

    // Deleting the project takes its preview off the worker.
    assert.equal((await api("DELETE", `/projects/${projectId}`, { token: user.token })).status, 204);
    let status = 200;
    for (let i = 0; i < 120 && status !== 404; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const res = await fetch(preview);
      status = res.status;
      await res.body?.cancel();
    }
    assert.equal(status, 404, "a deleted project's preview is no longer served");
    const gone = await fetch(image!);
    assert.equal(gone.status, 404, "nor its thumbnail");
    await gone.body?.cancel();
  },
);
