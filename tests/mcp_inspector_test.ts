// The MCP Inspector's CLI (the version pinned in deno.json) against the endpoint: the tool list passes
// its --strict schema check with no finding in either protocol era, and every tool is called through it.
import assert from "node:assert/strict";
import { newUser, NO_STACK, queuedJob, ROOT_URL, type TestUser } from "./helpers.ts";

const MCP_URL = `${ROOT_URL}/mcp`;
const INSPECTOR = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)))
  .imports["@modelcontextprotocol/inspector"] as string;

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
    env: { NO_COLOR: "1", MCP_AUTO_OPEN_ENABLED: "false" },
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
    const job = await call("create_job", { prompt: "a packing list app for trips", appName: "Packer" });
    const projectId = job.project_id as number;
    assert.equal((await call("get_job_status", { jobId: job.id })).id, job.id);
    const waited = await call("wait_for_job", { jobId: job.id, maxWaitSeconds: 60 });
    assert.equal(waited.status, "succeeded");
    assert.equal((await call("get_project", { projectId })).name, "Packer");
    assert.ok(((await call("get_project_files", { projectId })).data as unknown[]).length > 0);
    // A job made while no runner is configured stays queued, so canceling it is a plain success.
    const queued = await queuedJob(user);
    assert.equal((await call("cancel_job", { jobId: queued.id })).status, "canceled");
    const page = await call("list_projects");
    assert.ok((page.data as { id: number }[]).some((p) => p.id === projectId));

    assert.deepEqual([...called].sort(), [...listed].sort(), "every listed tool was called");
  },
});
