// A linked repository's pushes come back: on the running stack, a project pushed through the GitHub App to
// the stack's git host (scripts/local/git-host.ts), which sends GitHub's signed `push` webhook to the
// stack's /v1/repohost/webhooks when `git push` reaches it; the push is imported as a new version, a forged
// delivery imports nothing, and a push against a version the service has not pushed yet is a conflict that
// loses nothing.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { join } from "node:path";
import { api, BASE_URL, expectError, newProject, newUser, NO_STACK, type TestUser } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });
const env = (name: string) => Deno.env.get(name)!;
const suffix = () => crypto.randomUUID().slice(0, 8);

async function git(args: string[], cwd?: string): Promise<string> {
  const out = await new Deno.Command("git", {
    args: ["-c", "user.name=Dev", "-c", "user.email=dev@example.com", ...args],
    cwd,
    env: { GIT_TERMINAL_PROMPT: "0" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, `git ${args[0]}: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout).trim();
}

/** Installs the App on a new organization, links the project to `app-<id>` there and pushes it. */
async function linkedAndPushed(user: TestUser, projectId: number) {
  const gitHost = env("GITHUB_API_BASE_URL");
  const org = `sync-${suffix()}`;
  const installed = await fetch(
    `${gitHost}/apps/appgen-local/installations/new?user=dev-${suffix()}&account=${org}`,
    { redirect: "manual" },
  );
  const back = new URL(installed.headers.get("location")!);
  const installationId = Number(back.searchParams.get("installation_id"));
  const ghu = (await api<{ access_token: string }>("POST", "/repohost/token", {
    token: user.token,
    body: { code: back.searchParams.get("code") },
  })).body.access_token;
  const saved = await api("POST", "/repohost/installations", {
    token: user.token,
    body: { id: installationId, ghu, login: org },
  });
  assert.equal(saved.status, 201, saved.text);
  const linked = await api("POST", "/repohost/repositories", {
    token: user.token,
    body: { project_id: projectId, repohost_installation_id: installationId },
  });
  assert.equal(linked.status, 201, linked.text);
  const pushed = await api("POST", `/projects/${projectId}/pushes`, { token: user.token });
  assert.equal(pushed.status, 201, pushed.text);
  const remote = new URL(`${gitHost}/${org}/app-${projectId}.git`);
  remote.username = "x-access-token";
  remote.password = ghu;
  const work = await Deno.makeTempDir({ prefix: "sync-" });
  await git(["clone", "-q", remote.href, work]);
  return { org, installationId, work };
}

const file = async (user: TestUser, projectId: number, path: string) =>
  (await api<{ data: { path: string; contents: string }[] }>("GET", `/projects/${projectId}/files`, {
    token: user.token,
  })).body.data.find((f) => f.path === path)?.contents;

const versionCount = async (user: TestUser, projectId: number) =>
  (await api<{ data: unknown[] }>("GET", `/projects/${projectId}/versions?limit=100`, { token: user.token }))
    .body.data.length;

/** Polls until `fn` answers something other than undefined (a webhook may arrive after `git push` ends). */
async function eventually<T>(fn: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = await fn();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`never: ${what}`);
}

t("a git push to the linked repository comes back as a new version with that edit", async () => {
  const user = await newUser("sync-in");
  const project = await newProject(user);
  const { work } = await linkedAndPushed(user, project.id);
  try {
    const before = await versionCount(user, project.id);
    await Deno.writeTextFile(join(work, "App.tsx"), "export default () => 'edited with git';\n");
    await git(["add", "-A"], work);
    await git(["commit", "-qm", "Edit with git"], work);
    await git(["push", "-q", "origin", "HEAD"], work);
    await eventually(
      async () =>
        (await file(user, project.id, "App.tsx")) === "export default () => 'edited with git';\n" ||
        undefined,
      "the edit imported",
    );
    assert.equal(await versionCount(user, project.id), before + 1, "as one new version");
    const again = await api<{ pushed: boolean }>("POST", `/projects/${project.id}/pushes`, {
      token: user.token,
    });
    assert.equal(again.body.pushed, false, "the project holds what the repository holds");
    const [link] = (await api<{ data: { project_id: number; repohost_sync_conflict: unknown }[] }>(
      "GET",
      "/repohost/repositories",
      { token: user.token },
    )).body.data;
    assert.equal(link.repohost_sync_conflict, null);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});

t(
  "a push delivery with a forged signature imports nothing; the same one signed imports the push",
  async () => {
    const user = await newUser("sync-forged");
    const project = await newProject(user);
    const { org, installationId, work } = await linkedAndPushed(user, project.id);
    try {
      // A commit reaches the default branch without a delivery: pushed to another branch (whose delivery
      // the service ignores), then the default branch moved to it through the REST API.
      const original = await file(user, project.id, "App.tsx");
      await Deno.writeTextFile(join(work, "App.tsx"), "export default () => 'quietly';\n");
      await git(["add", "-A"], work);
      await git(["commit", "-qm", "Quiet edit"], work);
      await git(["push", "-q", "origin", "HEAD:refs/heads/side"], work);
      const sha = await git(["rev-parse", "HEAD"], work);
      const ghu = new URL(await git(["remote", "get-url", "origin"], work)).password;
      const moved = await fetch(
        `${env("GITHUB_API_BASE_URL")}/repos/${org}/app-${project.id}/git/refs/heads/main`,
        {
          method: "PATCH",
          headers: { authorization: `Bearer ${ghu}`, "content-type": "application/json" },
          body: JSON.stringify({ sha }),
        },
      );
      assert.equal(moved.status, 200, await moved.text());
      assert.equal(await file(user, project.id, "App.tsx"), original, "nothing imported yet");

      const body = JSON.stringify({
        ref: "refs/heads/main",
        before: await git(["rev-parse", "HEAD^"], work),
        after: sha,
        repository: {
          name: `app-${project.id}`,
          full_name: `${org}/app-${project.id}`,
          default_branch: "main",
          owner: { login: org },
        },
        installation: { id: installationId },
        commits: [{ id: sha, message: "Quiet edit", author: { name: "Dev", email: "dev@example.com" } }],
      });
      const deliver = (secret: string) =>
        fetch(`${BASE_URL}/repohost/webhooks`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-github-event": "push",
            "x-github-delivery": crypto.randomUUID(),
            "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
          },
          body,
        });
      const forged = await deliver("not the secret");
      assert.equal(forged.status, 400);
      assert.equal((await forged.json()).code, "invalid_signature");
      assert.equal(await file(user, project.id, "App.tsx"), original, "a forged delivery imports nothing");

      const signed = await deliver(env("GITHUB_WEBHOOK_SECRET"));
      assert.equal(signed.status, 200);
      assert.equal((await signed.json()).outcome, "applied");
      assert.equal(await file(user, project.id, "App.tsx"), "export default () => 'quietly';\n");
    } finally {
      await Deno.remove(work, { recursive: true });
    }
  },
);

t(
  "a git push against a version the service has not pushed is a conflict: reported, nothing lost",
  async () => {
    const user = await newUser("sync-conflict");
    const project = await newProject(user);
    const { work } = await linkedAndPushed(user, project.id);
    try {
      const saved = await api("PUT", `/projects/${project.id}/files`, {
        token: user.token,
        body: {
          files: [{ path: "App.tsx", contents: "export default () => 'from the service';\n", type: "CODE" }],
        },
      });
      assert.equal(saved.status, 200, saved.text);
      const before = await versionCount(user, project.id);
      await Deno.writeTextFile(join(work, "App.tsx"), "export default () => 'from git';\n");
      await git(["add", "-A"], work);
      await git(["commit", "-qm", "Edit with git"], work);
      await git(["push", "-q", "origin", "HEAD"], work);
      const theirs = await git(["rev-parse", "HEAD"], work);

      const notice = await eventually(async () =>
        (await api<
          { data: { type: string; payload: { project_id: number; commit: string; paths: string[] } }[] }
        >(
          "GET",
          "/notifications",
          { token: user.token },
        )).body.data.find((n) => n.type === "repository_conflict"), "the conflict reported");
      assert.deepEqual(notice.payload.project_id, project.id);
      assert.deepEqual([notice.payload.commit, notice.payload.paths], [theirs, ["App.tsx"]]);
      const [link] = (await api<{ data: { repohost_sync_conflict: { commit: string; paths: string[] } }[] }>(
        "GET",
        "/repohost/repositories",
        { token: user.token },
      )).body.data;
      assert.deepEqual(
        [link.repohost_sync_conflict.commit, link.repohost_sync_conflict.paths],
        [theirs, ["App.tsx"]],
        "the link shows it",
      );
      assert.equal(await file(user, project.id, "App.tsx"), "export default () => 'from the service';\n");
      assert.equal(await versionCount(user, project.id), before, "no version imported");
      await git(["fetch", "-q"], work);
      assert.equal(await git(["rev-parse", "origin/main"], work), theirs, "their commit stays");
    } finally {
      await Deno.remove(work, { recursive: true });
    }
  },
);

t("POST /projects imports a repository the user's installation reads, by owner/name", async () => {
  const user = await newUser("sync-import");
  const project = await newProject(user);
  const { org, work } = await linkedAndPushed(user, project.id);
  try {
    const imported = await api<{ id: number; import: { commit: string; skipped: string[] } }>(
      "POST",
      "/projects",
      {
        token: user.token,
        body: { name: "Imported", import: { repository: `${org}/app-${project.id}` } },
      },
    );
    assert.equal(imported.status, 201, imported.text);
    assert.equal(imported.body.import.commit, await git(["rev-parse", "HEAD"], work));
    const files = async (id: number) =>
      (await api<{ data: { path: string; contents: string }[] }>("GET", `/projects/${id}/files`, {
        token: user.token,
      })).body.data.map((f) => [f.path, f.contents]);
    assert.deepEqual(await files(imported.body.id), await files(project.id), "the repository's files");

    const create = (repository: string) =>
      api("POST", "/projects", { token: user.token, body: { name: "Imported", import: { repository } } });
    expectError(await create(`${org}/no-such-repository`), 404, "repohost_repository_missing");
    expectError(await create(`elsewhere-${suffix()}/app`), 404, "installation_not_found");
    const stranger = await newUser("sync-import-other");
    expectError(
      await api("POST", "/projects", {
        token: stranger.token,
        body: { name: "Imported", import: { repository: `${org}/app-${project.id}` } },
      }),
      404,
      "installation_not_found",
    );
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});
