// Versions over HTTP: an app made, a bad follow-up undone by a restore, diffs between versions, and two
// follow-ups sent to one project at once that both land, merged.
import assert from "node:assert/strict";
import { createAppgenClient } from "../sdk/src/index.ts";
import {
  api,
  BASE_URL,
  db,
  expectError,
  mcpToolCall,
  newProject,
  newUser,
  NO_STACK,
  ROOT_URL,
  type TestUser,
  waitForJob,
  withSetting,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

interface Version {
  id: string;
  number: number;
  parent_id: string | null;
  job_id: string | null;
  prompt: string | null;
  restored_from: string | null;
  spec: { accent?: string; entities: { fields: { label: string }[] }[] } | null;
}
interface Job {
  id: string;
  status: string;
  project_id: number;
  base_version_id?: string;
  version_id?: string;
  error?: { code: string; details?: { paths: string[] } };
}
interface FileDiff {
  path: string;
  status: string;
  type: string;
  diff: string | null;
}

async function job(user: TestUser, prompt: string, projectId?: number): Promise<Job> {
  const res = await api<Job>("POST", "/jobs", {
    token: user.token,
    body: { type: "prompt", input: { prompt }, ...(projectId ? { project_id: projectId } : {}) },
  });
  assert.equal(res.status, 202, res.text);
  return res.body;
}

async function versions(user: TestUser, projectId: number): Promise<Version[]> {
  const res = await api<{ data: Version[] }>("GET", `/projects/${projectId}/versions?limit=100`, {
    token: user.token,
  });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

async function specFile(user: TestUser, projectId: number) {
  const res = await api<{ data: { path: string; contents: string }[] }>(
    "GET",
    `/projects/${projectId}/files`,
    {
      token: user.token,
    },
  );
  return JSON.parse(res.body.data.find((f) => f.path === "app.spec.json")!.contents);
}

t("a bad follow-up is undone by restoring the version before it, files and spec alike", async () => {
  const user = await newUser("versions.restore");
  const made = await waitForJob<Job>(user, (await job(user, "A recipe browser with categories")).id);
  assert.equal(made.status, "succeeded");
  const [app, template] = await versions(user, made.project_id);
  assert.equal(template.number, 1, "the new project's template files are version 1");
  assert.equal(template.job_id, null);
  assert.deepEqual([app.number, app.job_id, app.prompt, app.parent_id], [
    2,
    made.id,
    "A recipe browser with categories",
    template.id,
  ]);
  assert.deepEqual(
    [made.base_version_id, made.version_id],
    [template.id, app.id],
    "the job names both versions",
  );
  const good = await specFile(user, made.project_id);

  const bad = await waitForJob<Job>(user, (await job(user, "make the colour red", made.project_id)).id);
  assert.equal(bad.status, "succeeded");
  assert.equal((await specFile(user, made.project_id)).accent, "#DC2626");

  const restored = await api<Version>("POST", `/projects/${made.project_id}/versions/${app.id}/restore`, {
    token: user.token,
  });
  assert.equal(restored.status, 201, restored.text);
  assert.deepEqual([restored.body.number, restored.body.restored_from, restored.body.parent_id], [
    4,
    app.id,
    bad.version_id,
  ]);
  assert.deepEqual(restored.body.spec, good, "the restored version carries the old spec");
  assert.deepEqual(await specFile(user, made.project_id), good, "and the current files are the old ones");

  // A version's files, a page at a time, are what they were
  const first = await api<{ data: { path: string }[]; next_cursor: string }>(
    "GET",
    `/projects/${made.project_id}/versions/${bad.version_id}?limit=2`,
    { token: user.token },
  );
  assert.equal(first.status, 200, first.text);
  assert.equal(first.body.data.length, 2);
  const rest = await api<{ data: { path: string; contents: string }[]; next_cursor: null }>(
    "GET",
    `/projects/${made.project_id}/versions/${bad.version_id}?limit=500&cursor=${
      encodeURIComponent(first.body.next_cursor)
    }`,
    { token: user.token },
  );
  assert.equal(rest.body.next_cursor, null);
  assert.equal(
    JSON.parse(rest.body.data.find((f) => f.path === "app.spec.json")!.contents).accent,
    "#DC2626",
  );
});

t("a version's diff against its parent or another version is unified, file by file", async () => {
  const user = await newUser("versions.diff");
  const project = await newProject(user);
  const save = (files: { path: string; contents: string; type: string }[]) =>
    api("PUT", `/projects/${project.id}/files`, { token: user.token, body: { files } });
  assert.equal(
    (await save([{ path: "src/notes.md", contents: "one\ntwo\nthree\n", type: "TEXT" }])).status,
    200,
  );
  assert.equal(
    (await save([{ path: "src/notes.md", contents: "one\n2\nthree\n", type: "TEXT" }])).status,
    200,
  );
  const [latest, middle, first] = await versions(user, project.id);
  assert.equal(latest.number, 3, "each save made a version");

  const diff = await api<{ data: FileDiff[]; against: Version }>(
    "GET",
    `/projects/${project.id}/versions/${latest.id}/diff`,
    { token: user.token },
  );
  assert.equal(diff.status, 200, diff.text);
  assert.equal(diff.body.against.id, middle.id, "against defaults to the parent");
  assert.deepEqual(diff.body.data.map((f) => [f.path, f.status]), [["src/notes.md", "changed"]]);
  assert.match(
    diff.body.data[0].diff!,
    /^--- a\/src\/notes\.md\n\+\+\+ b\/src\/notes\.md\n@@ -1,3 \+1,3 @@\n one\n-two\n\+2\n three\n/,
  );

  const all = await api<{ data: FileDiff[] }>(
    "GET",
    `/projects/${project.id}/versions/${latest.id}/diff?against=${first.id}`,
    { token: user.token },
  );
  const notes = all.body.data.find((f) => f.path === "src/notes.md")!;
  assert.equal(notes.status, "added", "against the template's version the file is new");
  assert.match(notes.diff!, /^--- \/dev\/null\n\+\+\+ b\/src\/notes\.md\n/);
  const back = await api<{ data: FileDiff[] }>(
    "GET",
    `/projects/${project.id}/versions/${first.id}/diff?against=${latest.id}`,
    { token: user.token },
  );
  assert.equal(back.body.data.find((f) => f.path === "src/notes.md")!.status, "removed");
  const icon = all.body.data.find((f) => f.type === "ASSET");
  if (icon) assert.equal(icon.diff, null, "binary files have no text diff");

  // Refusals
  const other = await newUser("versions.other");
  const otherProject = await newProject(other);
  const [otherVersion] = await versions(other, otherProject.id);
  expectError(
    await api("GET", `/projects/${project.id}/versions/${latest.id}/diff?against=${otherVersion.id}`, {
      token: user.token,
    }),
    400,
    "invalid_against",
  );
  expectError(await api("GET", `/projects/${project.id}/versions?cursor=abc`, { token: user.token }), 400);
  expectError(
    await api("GET", `/projects/${project.id}/versions/${latest.id}?limit=0`, { token: user.token }),
    400,
  );
  expectError(await api("POST", `/projects/${project.id}/versions/nope/restore`, { token: user.token }), 400);
  expectError(
    await api("GET", `/projects/${otherProject.id}/versions`, { token: user.token }),
    404,
    "project_not_found",
  );
  expectError(
    await api("GET", `/projects/${project.id}/versions/${otherVersion.id}`, { token: user.token }),
    404,
    "version_not_found",
  );
  expectError(
    await api("GET", `/projects/${project.id}/versions/${otherVersion.id}/diff`, { token: user.token }),
    404,
    "version_not_found",
  );
  expectError(
    await api("POST", `/projects/${otherProject.id}/versions/${otherVersion.id}/restore`, {
      token: user.token,
    }),
    404,
    "project_not_found",
  );
});

/**
 * Two follow-ups of one project, queued first, then sent while the project's row is held: both runners start
 * from the same version, and the second to finish finds the first's version in its way. Their jobs, done.
 */
async function atOnce(user: TestUser, projectId: number, prompts: [string, string]): Promise<Job[]> {
  const jobs = await withSetting(
    "runner_url",
    null,
    () => Promise.all(prompts.map((p) => job(user, p, projectId))),
  );
  const ids = jobs.map((j) => j.id);
  const claimed = async () =>
    Number(
      (await db()`select count(*) as n from public.jobs where id = any (${ids}) and base_version_id is not null`)[
        0
      ]
        .n,
    );
  await db().begin(async (tx) => {
    await tx`select from public.projects where id = ${projectId} for no key update`;
    for (const id of ids) await db()`select private.dispatch_job(${id})`;
    for (let i = 0; await claimed() < 2; i++) {
      assert.ok(i < 3000, "both runners claim their job");
      await new Promise((r) => setTimeout(r, 10));
    }
  });
  const done = await Promise.all(ids.map((id) => waitForJob<Job>(user, id)));
  assert.equal(done[0].base_version_id, done[1].base_version_id, "both started from the same version");
  return done;
}

t("two follow-ups sent at once to one project both land, merged, round after round", async () => {
  const user = await newUser("versions.race");
  const made = await waitForJob<Job>(user, (await job(user, "A recipe browser with categories")).id);
  assert.equal(made.status, "succeeded");
  const projectId = made.project_id;
  for (const [a, b] of [["Difficulty", "Origin"], ["Season", "Author"], ["Spice", "Chef"]]) {
    const done = await atOnce(user, projectId, [`add a field called ${a}`, `add a field called ${b}`]);
    const ids = done.map((d) => d.id);
    assert.deepEqual(
      done.map((d) => d.status),
      ["succeeded", "succeeded"],
      JSON.stringify(done.map((d) => d.error)),
    );
    const labels = (await specFile(user, projectId)).entities[0].fields.map((f: { label: string }) =>
      f.label
    );
    assert.ok(labels.some((l: string) => l.includes(a)), `the first field is there: ${labels}`);
    assert.ok(labels.some((l: string) => l.includes(b)), `and so is the second: ${labels}`);
    const [newest, before] = await versions(user, projectId);
    assert.deepEqual(
      [newest.parent_id, [newest.job_id, before.job_id].sort()],
      [before.id, [...ids].sort()],
      "the later version follows the earlier job's, not their common base",
    );
  }
});

t(
  "two follow-ups that change the same thing differently: one lands, the other fails uncharged naming the file",
  async () => {
    const user = await newUser("versions.conflict");
    const made = await waitForJob<Job>(user, (await job(user, "A recipe browser with categories")).id);
    assert.equal(made.status, "succeeded");
    const done = await atOnce(user, made.project_id, ["make the colour red", "make the colour green"]);
    const failed = done.filter((d) => d.status === "failed");
    assert.equal(failed.length, 1, JSON.stringify(done.map((d) => [d.status, d.error])));
    assert.equal(failed[0].error?.code, "version_conflict");
    assert.deepEqual(failed[0].error?.details, { paths: ["app.spec.json"] });
    assert.equal(failed[0].version_id, undefined, "it made no version");
    const [{ n }] = await db()`select count(*)::int as n from public.wallet_transactions
                              where metadata ->> 'job_id' = ${failed[0].id}`;
    assert.equal(n, 0, "and was not charged");
    const landed = done.find((d) => d.status === "succeeded")!;
    const [newest] = await versions(user, made.project_id);
    assert.equal(newest.id, landed.version_id, "the other job's version is the newest");
  },
);

t("agents list, diff and restore versions with the tools, as the REST routes do", async () => {
  const user = await newUser("versions.agent");
  const project = await newProject(user);
  const put = await api("PUT", `/projects/${project.id}/files`, {
    token: user.token,
    body: { files: [{ path: "App.tsx", contents: "export default 1;\n", type: "CODE" }] },
  });
  assert.equal(put.status, 200);
  const tool = async (name: string, args: Record<string, unknown>) => {
    const res = await fetch(`${ROOT_URL}/mcp`, { method: "POST", ...mcpToolCall(user.token, name, args) });
    assert.equal(res.status, 200);
    return (await res.json()).result as {
      isError?: boolean;
      structuredContent: Record<string, unknown>;
      content: { text: string }[];
    };
  };
  const listed = await tool("list_versions", { projectId: project.id });
  const [saved, template] = (listed.structuredContent as { data: Version[] }).data;
  assert.deepEqual([saved.number, template.number], [2, 1]);
  const diff = await tool("diff_versions", { projectId: project.id, versionId: saved.id });
  const files = (diff.structuredContent as { data: FileDiff[] }).data;
  assert.equal(files.find((f) => f.path === "App.tsx")?.status, "added");
  assert.match(files.find((f) => f.path === "App.tsx")!.diff!, /\+export default 1;/);
  const restored = await tool("restore_version", { projectId: project.id, versionId: template.id });
  assert.deepEqual(
    [restored.structuredContent.number, restored.structuredContent.restored_from],
    [3, template.id],
  );
  const mine = await api<{ data: Version[] }>("GET", `/projects/${project.id}/versions`, {
    token: user.token,
  });
  assert.equal(
    mine.body.data[0].id,
    restored.structuredContent.id,
    "the REST list shows the agent's restore",
  );
  const refused = await tool("diff_versions", {
    projectId: project.id,
    versionId: saved.id,
    against: crypto.randomUUID(),
  });
  assert.equal(refused.isError, true);
  assert.equal(JSON.parse(refused.content[0].text).code, "invalid_against");
});

t("the SDK lists, reads, diffs and restores versions with its generated methods", async () => {
  const user = await newUser("versions.sdk");
  const sdk = createAppgenClient({ baseUrl: BASE_URL, token: () => user.token });
  const project = await sdk.createProject({ body: { name: "Versions by SDK" } });
  const path = { projectId: project.id };
  await sdk.saveProjectFiles({
    params: { path },
    body: { files: [{ path: "notes.md", contents: "first\n", type: "TEXT" }] },
  });
  await sdk.saveProjectFiles({
    params: { path },
    body: { files: [{ path: "notes.md", contents: "second\n", type: "TEXT" }] },
  });
  const [second, first] = (await sdk.listVersions({ params: { path } })).data;
  assert.equal(second.parent_id, first.id);
  const read = await sdk.getVersion({ params: { path: { ...path, versionId: first.id } } });
  assert.equal(read.version.id, first.id);
  assert.equal(read.data.find((f) => f.path === "notes.md")?.contents, "first\n");
  const diff = await sdk.diffVersion({
    params: { path: { ...path, versionId: second.id }, query: { against: first.id } },
  });
  const changed = diff.data.find((f) => f.path === "notes.md");
  assert.equal(changed?.status, "changed");
  assert.match(changed!.diff!, /-first\n\+second/);
  const restored = await sdk.restoreVersion({ params: { path: { ...path, versionId: first.id } } });
  assert.equal(restored.restored_from, first.id);
  const files = await sdk.listProjectFiles({ params: { path } });
  assert.equal(files.data.find((f) => f.path === "notes.md")?.contents, "first\n");
});
