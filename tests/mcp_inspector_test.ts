// The MCP Inspector's CLI (the version pinned in deno.json) against the endpoint: the tool list passes
// its --strict schema check with no finding in either protocol era, and every tool is called through it.
import assert from "node:assert/strict";
import { api, db, newUser, NO_STACK, queuedJob, ROOT_URL, type TestUser, withSetting } from "./helpers.ts";

const MCP_URL = `${ROOT_URL}/mcp`;
const INSPECTOR = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)))
  .imports["@modelcontextprotocol/inspector"] as string;
// The Inspector keeps OAuth secrets in the OS keychain when the machine has one and otherwise warns on
// stderr as it falls back to a file. The tests name the store instead: an encrypted file in a directory of
// their own, the same on every machine, and nothing written to the user's home.
const SECRET_STORE = {
  MCP_INSPECTOR_SECRET_STORE: "file",
  MCP_STORAGE_DIR: await Deno.makeTempDir({ prefix: "inspector-" }),
  MCP_INSPECTOR_SECRET_KEY: crypto.randomUUID(),
};
globalThis.addEventListener(
  "unload",
  () => Deno.removeSync(SECRET_STORE.MCP_STORAGE_DIR, { recursive: true }),
);

async function inspector(user: TestUser, era: "legacy" | "modern", args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      INSPECTOR,
      "--cli",
      "--server-url",
      MCP_URL,
      "--transport",
      "http",
      "--header",
      `Authorization: Bearer ${user.token}`,
      "--protocol-era",
      era,
      ...args,
    ],
    env: { NO_COLOR: "1", MCP_AUTO_OPEN_ENABLED: "false", ...SECRET_STORE },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr)
    // Deno's notice that the package's install script is not run (the CLI needs none).
    .replace(/[╭│╰][^\n]*\n?/g, "").trim();
  return { code: out.code, stdout, stderr, json: () => JSON.parse(stdout) };
}

async function callTool(user: TestUser, name: string, args: Record<string, unknown> = {}) {
  const r = await inspector(user, "modern", [
    "--method",
    "tools/call",
    "--tool-name",
    name,
    "--tool-args-json",
    JSON.stringify(args),
  ]);
  assert.equal(r.code, 0, `${name}: ${r.stderr}`);
  const result = r.json();
  assert.notEqual(result.isError, true, `${name}: ${r.stdout.slice(0, 400)}`);
  return result.structuredContent as Record<string, unknown>;
}

/** A new empty repository on the stack's git host, owned by an account the user installed the App on. */
async function emptyRepository(user: TestUser): Promise<{ url: string; token: string }> {
  const gitHost = Deno.env.get("GITHUB_API_BASE_URL")!;
  const login = `inspector-${crypto.randomUUID().slice(0, 8)}`;
  const installed = await fetch(
    `${gitHost}/apps/appgen-local/installations/new?user=${login}&account=${login}`,
    {
      redirect: "manual",
    },
  );
  const code = new URL(installed.headers.get("location")!).searchParams.get("code");
  const token = await api<{ access_token: string }>("POST", "/repohost/token", {
    token: user.token,
    body: { code },
  });
  assert.equal(token.status, 200, token.text);
  const created = await fetch(`${gitHost}/user/repos`, {
    method: "POST",
    headers: { authorization: `Bearer ${token.body.access_token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "packer" }),
  });
  assert.equal(created.status, 201, await created.text());
  return { url: `${gitHost}/${login}/packer.git`, token: token.body.access_token };
}

Deno.test({
  name: "the MCP Inspector CLI lists the tools with --strict clean in both eras and calls every one",
  ignore: NO_STACK,
  fn: async () => {
    const user = await newUser("inspector");
    const listed = new Set<string>();
    for (const era of ["legacy", "modern"] as const) {
      const r = await inspector(user, era, ["--method", "tools/list", "--strict"]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stderr, "", `${era}: the strict check reports nothing`);
      for (const tool of r.json().tools as { name: string }[]) listed.add(tool.name);
    }

    const called = new Set<string>();
    const call = async (name: string, args: Record<string, unknown> = {}) => {
      called.add(name);
      return await callTool(user, name, args);
    };
    assert.equal((await call("whoami")).user_id, user.id);
    assert.equal(typeof (await call("get_wallet")).available, "number");
    const args = { prompt: "a packing list app for trips", appName: "Packer" };
    const estimate = await call("estimate_job", args);
    const job = await call("create_job", args);
    const projectId = job.project_id as number;
    assert.equal((await call("get_job_status", { jobId: job.id })).id, job.id);
    const waited = await call("wait_for_job", { jobId: job.id, maxWaitSeconds: 60 });
    assert.equal(waited.status, "succeeded");
    // The estimate said what the job built.
    const done = waited.job as { result: Record<string, unknown>; input: { model: string } };
    assert.deepEqual(
      { name: estimate.name, asks: estimate.asks, unmet: estimate.unmet, tier: estimate.tier },
      { name: done.result.name, asks: done.result.asks, unmet: done.result.unmet, tier: done.input.model },
    );
    assert.deepEqual(estimate.admission, { admitted: true, refusal: null });
    assert.equal((await call("get_project", { projectId })).name, "Packer");
    assert.ok(((await call("get_project_files", { projectId })).data as unknown[]).length > 0);
    // A job made while no runner is configured stays queued, so canceling it is a plain success.
    const queued = await queuedJob(user);
    assert.equal((await call("cancel_job", { jobId: queued.id })).status, "canceled");
    const page = await call("list_projects");
    assert.ok((page.data as { id: number }[]).some((p) => p.id === projectId));
    // The job made the project's second version, after the template's.
    const [made, template] = (await call("list_versions", { projectId })).data as {
      id: string;
      job_id: string;
    }[];
    assert.equal(made.job_id, job.id);
    assert.ok(
      ((await call("diff_versions", { projectId, versionId: made.id })).data as unknown[]).length > 0,
    );
    assert.equal(
      (await call("restore_version", { projectId, versionId: template.id })).restored_from,
      template.id,
    );
    // A finished build, as the build worker leaves one.
    const [build] = await db()`insert into public.builds (project_id, user_id, reason, status)
      values (${projectId}, ${user.id}, 'manual', 'failed') returning id`;
    const builds = (await call("list_builds", { projectId })).data as { id: number }[];
    assert.deepEqual(builds.map((b) => b.id), [Number(build.id)]);
    assert.equal((await call("get_build", { buildId: Number(build.id) })).status, "failed");
    const preview = await call("get_preview", { projectId }) as { latest_build: { id: number } };
    assert.equal(preview.latest_build.id, Number(build.id));
    // Asked for without waiting, then stopped: no dev server needs to start here.
    const { device_preview: device } = await call("start_device_preview", {
      projectId,
      maxWaitSeconds: 0,
    }) as {
      device_preview: { id: number; status: string };
    };
    assert.equal(device.status, "queued");
    assert.equal((await api("DELETE", `/device-previews/${device.id}`, { token: user.token })).status, 204);

    // Pushed to a repository of the stack's git host the user installed the App on, then pulled back.
    const remote = await emptyRepository(user);
    const linked = await api("PUT", `/projects/${projectId}/git-remote`, { token: user.token, body: remote });
    assert.equal(linked.status, 200, linked.text);
    assert.equal((await call("push_project", { projectId })).pushed, true);
    assert.equal((await call("pull_project", { projectId })).pulled, false, "nothing new since its own push");

    assert.deepEqual([...called].sort(), [...listed].sort(), "every listed tool was called");
  },
});

Deno.test({
  name: "the Inspector's create_job for a job no runner takes returns when the start deadline fails the job",
  ignore: NO_STACK,
  fn: async () => {
    // The Inspector takes create_job's task and polls it until it ends: a job no runner ever claims must end.
    const user = await newUser("inspector.norunner");
    const r = await withSetting("runner_url", null, async () => {
      const run = inspector(user, "modern", [
        "--method",
        "tools/call",
        "--tool-name",
        "create_job",
        "--tool-args-json",
        JSON.stringify({ prompt: "a packing list app for trips" }),
      ]);
      let exited = false;
      run.finally(() => exited = true);
      let jobs: { id: string }[] = [];
      while (jobs.length === 0 && !exited) {
        await new Promise((r) => setTimeout(r, 200));
        jobs = await db()`select id from public.jobs where user_id = ${user.id}`;
      }
      assert.equal(jobs.length, 1, `the Inspector made the job: ${exited ? (await run).stderr : ""}`);
      // Ten minutes pass with no runner (job_start_seconds, default 600); the dispatcher's next round ends it.
      await db()`update public.jobs set created_at = created_at - interval '1 hour',
                   dispatched_at = dispatched_at - interval '1 hour' where id = ${jobs[0].id}`;
      await db()`select private.dispatch_jobs()`;
      return await run;
    });
    assert.equal(r.code, 0, r.stderr);
    const job = r.json().structuredContent as { status: string; error: { code: string } };
    assert.deepEqual([job.status, job.error.code], ["failed", "not_started"]);
  },
});
