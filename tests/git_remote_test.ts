// Git remotes over HTTP(S) with a token: a project linked to a repository of the stack's repository host
// (real bare repositories over git's smart HTTP), pushed through isomorphic-git, read back with the git CLI.
// The API runs in-process with the stand-in's origin allowed past the outbound address check.
import assert from "node:assert/strict";
import {
  api,
  expectError,
  mcpToolCall,
  newProject,
  newUser,
  NO_STACK,
  type TestUser,
  waitForJob,
} from "./helpers.ts";
import { createMcpApp } from "../supabase/functions/mcp/app.ts";
import {
  closedPort,
  install,
  type Integrations,
  userToken,
  withApi,
  withIntegrations,
} from "./integration_stand_ins.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

interface Remote {
  url: string;
  branch: string;
  username: string;
  last_commit: string | null;
}

/** An empty repository of a new stand-in user, its address, and the user's token. */
async function emptyRepository(it: Integrations) {
  const installed = await install(it.github, { account: "own" });
  const token = await userToken(it.github, installed.code);
  const name = `app-${crypto.randomUUID().slice(0, 8)}`;
  const res = await fetch(`${it.github.url}/user/repos`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  assert.equal(res.status, 201, await res.text());
  const url = `${it.github.url}/${installed.login}/${name}.git`;
  // The address the git CLI uses, the token as the password.
  const cloneUrl = url.replace("://", `://x-access-token:${token}@`);
  return { url, token, cloneUrl, dir: it.github.repoDir(installed.login, name) };
}

async function git(args: string[], cwd?: string): Promise<string> {
  const out = await new Deno.Command("git", {
    args: ["-c", "user.name=Someone", "-c", "user.email=someone@example.com", ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, `git ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout).trim();
}

async function clone(url: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "git-remote-clone-" });
  await git(["clone", "-q", url, dir]);
  return dir;
}

/** A job of the stack run to its end: the project's files and its prompt. */
async function finishedJob(user: TestUser, prompt: string, projectId?: number): Promise<number> {
  const res = await api<{ id: string; project_id: number }>("POST", "/jobs", {
    token: user.token,
    body: {
      type: "prompt",
      ...(projectId ? { project_id: projectId } : {}),
      input: { prompt, model: "light" },
    },
  });
  assert.equal(res.status, 202, res.text);
  const job = await waitForJob<{ status: string }>(user, res.body.id, undefined, 120_000);
  assert.equal(job.status, "succeeded");
  return res.body.project_id;
}

/** The project's versions, oldest first: what each push writes as one commit. */
async function versions(user: TestUser, projectId: number) {
  const res = await api<{ data: { id: string; number: number; created_at: string }[] }>(
    "GET",
    `/projects/${projectId}/versions?limit=100`,
    { token: user.token },
  );
  assert.equal(res.status, 200, res.text);
  return res.body.data.reverse();
}

/** `git log` of a checkout, newest first: each commit's subject and author date in seconds. */
async function log(dir: string) {
  return (await git(["log", "--format=%at %s"], dir)).split("\n").map((line) => {
    const at = line.indexOf(" ");
    return { date: Number(line.slice(0, at)), subject: line.slice(at + 1) };
  });
}

t(
  "every version is a commit of its own, oldest first, with its prompt and time, cloned with git",
  async () => {
    await withIntegrations(async (it) => {
      const user = await newUser("gitpush");
      const repo = await emptyRepository(it);
      const project = await newProject(user, { name: "Tides" });
      const projectId = project.id;
      const path = `/projects/${projectId}/git-remote`;

      expectError(await it.api("GET", path, { token: user.token }), 404, "git_remote_not_linked");
      expectError(
        await it.api("POST", `${path}/pushes`, { token: user.token }),
        404,
        "git_remote_not_linked",
      );
      const linked = await it.api<Remote>("PUT", path, {
        token: user.token,
        body: { url: repo.url, token: repo.token },
      });
      assert.equal(linked.status, 200, linked.text);
      assert.deepEqual(
        { url: linked.body.url, branch: linked.body.branch, last_commit: linked.body.last_commit },
        { url: repo.url, branch: "main", last_commit: null },
      );
      assert.ok(!linked.text.includes(repo.token), "the token is never returned");

      // Three versions: the project's files, then two jobs.
      await finishedJob(user, "A tide table for surfers", projectId);
      await finishedJob(user, "Add a moon phase screen", projectId);
      const three = await versions(user, projectId);
      assert.equal(three.length, 3);
      const first = await it.api<{ pushed: boolean; commit: string }>("POST", `${path}/pushes`, {
        token: user.token,
      });
      assert.equal(first.status, 201, first.text);
      assert.equal(first.body.pushed, true);
      const dir = await clone(repo.cloneUrl);
      try {
        assert.deepEqual(await log(dir), [
          { subject: "Add a moon phase screen", date: Date.parse(three[2].created_at) / 1000 | 0 },
          { subject: "A tide table for surfers", date: Date.parse(three[1].created_at) / 1000 | 0 },
          { subject: "Save files", date: Date.parse(three[0].created_at) / 1000 | 0 },
        ], "three versions, three commits with their prompts and times");

        // One more version (a restore of the first job's), one more commit.
        const restored = await api("POST", `/projects/${projectId}/versions/${three[1].id}/restore`, {
          token: user.token,
        });
        assert.equal(restored.status, 201, restored.text);
        const second = await it.api<{ pushed: boolean; commit: string }>("POST", `${path}/pushes`, {
          token: user.token,
        });
        assert.equal(second.status, 201, second.text);
        assert.equal(second.body.pushed, true);
        assert.notEqual(second.body.commit, first.body.commit);
        const again = await it.api<{ pushed: boolean; commit: string }>("POST", `${path}/pushes`, {
          token: user.token,
        });
        assert.deepEqual(
          again.body,
          { pushed: false, commit: second.body.commit },
          "nothing changed: no commit",
        );
        assert.equal(
          (await it.api<Remote>("GET", path, { token: user.token })).body.last_commit,
          second.body.commit,
        );
        await git(["pull", "-q", "--ff-only"], dir);
        assert.deepEqual((await log(dir)).map((c) => c.subject), [
          "Restore version 2",
          "Add a moon phase screen",
          "A tide table for surfers",
          "Save files",
        ]);
        assert.equal(await git(["rev-parse", "HEAD"], dir), second.body.commit);
        const files = await api<{ data: { path: string; contents: string; encoding: string }[] }>(
          "GET",
          `/projects/${projectId}/files`,
          { token: user.token },
        );
        for (const f of files.body.data) {
          const bytes = await Deno.readFile(`${dir}/${f.path}`);
          const expected = f.encoding === "base64"
            ? Uint8Array.from(atob(f.contents), (c) => c.charCodeAt(0))
            : new TextEncoder().encode(f.contents);
          assert.deepEqual(bytes, expected, f.path);
        }
        assert.equal(
          (await git(["ls-files"], dir)).split("\n").length,
          files.body.data.length,
          "the commit holds exactly the project's files",
        );
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  },
);

t(
  "a push goes on top of the remote's own commits unless both changed a file, then 409 names it",
  async () => {
    await withIntegrations(async (it) => {
      const user = await newUser("gitmerge");
      const repo = await emptyRepository(it);
      const project = await newProject(user);
      const path = `/projects/${project.id}/git-remote`;
      const save = (files: { path: string; contents: string }[]) =>
        api("PUT", `/projects/${project.id}/files`, {
          token: user.token,
          body: { files: files.map((f) => ({ ...f, type: "TEXT" })) },
        });
      assert.equal(
        (await save([{ path: "a.md", contents: "a\n" }, { path: "b.md", contents: "b\n" }])).status,
        200,
      );
      assert.equal(
        (await it.api("PUT", path, { token: user.token, body: { url: repo.url, token: repo.token } })).status,
        200,
      );
      assert.equal((await it.api("POST", `${path}/pushes`, { token: user.token })).status, 201);

      // Someone pushes a new file and a change of b.md with git; the project changes a.md.
      const dir = await clone(repo.cloneUrl);
      try {
        await Deno.writeTextFile(`${dir}/notes.md`, "from git\n");
        await Deno.writeTextFile(`${dir}/b.md`, "b from git\n");
        await git(["add", "-A"], dir);
        await git(["commit", "-q", "-m", "Edited elsewhere"], dir);
        await git(["push", "-q", "origin", "main"], dir);
        assert.equal((await save([{ path: "a.md", contents: "a from the service\n" }])).status, 200);
        const merged = await it.api<{ pushed: boolean }>("POST", `${path}/pushes`, { token: user.token });
        assert.equal(merged.status, 201, merged.text);
        await git(["pull", "-q", "--ff-only"], dir);
        assert.equal(await Deno.readTextFile(`${dir}/a.md`), "a from the service\n");
        assert.equal(await Deno.readTextFile(`${dir}/b.md`), "b from git\n", "the remote's change is kept");
        assert.equal(await Deno.readTextFile(`${dir}/notes.md`), "from git\n", "and its new file");
        const files = await api<{ data: { path: string; contents: string }[] }>(
          "GET",
          `/projects/${project.id}/files`,
          { token: user.token },
        );
        assert.deepEqual(
          Object.fromEntries(
            files.body.data.filter((f) =>
              f.path.endsWith(".md") && !f.path.includes("/") && f.path !== "README.md"
            )
              .map((f) => [f.path, f.contents]),
          ),
          { "a.md": "a from the service\n", "b.md": "b from git\n", "notes.md": "from git\n" },
          "the project takes the remote's changes the push kept: it holds what the branch holds",
        );

        // Both change b.md: refused, naming it, and the remote is left as it was.
        await Deno.writeTextFile(`${dir}/b.md`, "b again from git\n");
        await git(["commit", "-q", "-am", "Edited b again"], dir);
        await git(["push", "-q", "origin", "main"], dir);
        const head = await git(["rev-parse", "HEAD"], dir);
        assert.equal((await save([{ path: "b.md", contents: "b from the service\n" }])).status, 200);
        const conflict = await it.api("POST", `${path}/pushes`, { token: user.token });
        expectError(conflict, 409, "git_remote_conflict");
        assert.deepEqual(conflict.body.details, { paths: ["b.md"] });
        await git(["fetch", "-q"], dir);
        assert.equal(await git(["rev-parse", "origin/main"], dir), head);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  },
);

t("git remote refusals: addresses, tokens, other users, a remote away, no sealing key", async () => {
  await withIntegrations(async (it) => {
    const user = await newUser("gitrefuse");
    const other = await newUser("gitother");
    const repo = await emptyRepository(it);
    const project = await newProject(user);
    const path = `/projects/${project.id}/git-remote`;
    const put = (body: unknown, token = user.token) => it.api("PUT", path, { token, body });

    for (const url of ["http://127.0.0.1:8080/x.git", "https://10.1.2.3/x.git", "https://localhost/x.git"]) {
      const refused = await put({ url, token: "t" });
      expectError(refused, 400, "invalid_git_remote");
    }
    expectError(
      await put({ url: repo.url.replace("://", "://u:p@"), token: "t" }),
      400,
      "invalid_git_remote",
    );
    expectError(await put({ url: repo.url, token: "not-the-token" }), 400, "git_remote_unauthorized");
    expectError(await put({ url: repo.url, token: repo.token, branch: "a..b" }), 400, "invalid_request");
    expectError(
      await it.api("PUT", path, { token: user.token, body: "x", headers: { "content-type": "text/plain" } }),
      415,
    );
    expectError(await put({ url: repo.url, token: repo.token }, other.token), 404, "project_not_found");
    expectError(await it.api("GET", path, { token: other.token }), 404, "project_not_found");
    expectError(await it.api("DELETE", path, { token: other.token }), 404, "project_not_found");
    assert.equal((await put({ url: repo.url, token: repo.token })).status, 200);
    expectError(await it.api("POST", `${path}/pushes`, { token: other.token }), 404, "project_not_found");
    expectError(await it.api("POST", `${path}/pulls`, { token: other.token }), 404, "project_not_found");

    // An address the stack lets through whose server is away.
    const away = `http://127.0.0.1:${closedPort()}`;
    await withApi({ GIT_REMOTE_ALLOWED_ORIGINS: `${it.github.url},${away}` }, async (call) => {
      expectError(
        await call("PUT", `/projects/${project.id}/git-remote`, {
          token: user.token,
          body: { url: `${away}/x.git`, token: "t" },
        }),
        502,
        "git_remote_failed",
      );
    });
    // A deployment that does not let the stand-in through refuses the stored address at the push.
    await withApi({ GIT_REMOTE_ALLOWED_ORIGINS: null }, async (call) => {
      expectError(await call("POST", `${path}/pushes`, { token: user.token }), 400, "invalid_git_remote");
      expectError(await call("POST", `${path}/pulls`, { token: user.token }), 400, "invalid_git_remote");
    });
    // Without a sealing key no token is stored or opened.
    await withApi({ SECRETS_KEYS: null, SECRETS_CURRENT_KEY_ID: null }, async (call) => {
      expectError(
        await call("PUT", path, { token: user.token, body: { url: repo.url, token: repo.token } }),
        503,
        "integration_not_configured",
      );
      for (const action of ["pushes", "pulls"]) {
        expectError(
          await call("POST", `${path}/${action}`, { token: user.token }),
          503,
          "integration_not_configured",
        );
      }
    });
    // The repository went away after the link was made.
    await Deno.remove(repo.dir, { recursive: true });
    expectError(await it.api("POST", `${path}/pushes`, { token: user.token }), 502, "git_remote_failed");
    expectError(await it.api("POST", `${path}/pulls`, { token: user.token }), 502, "git_remote_failed");

    assert.equal((await it.api("DELETE", path, { token: user.token })).status, 204);
    assert.equal((await it.api("DELETE", path, { token: user.token })).status, 204, "idempotent");
    expectError(await it.api("GET", path, { token: user.token }), 404, "git_remote_not_linked");
  });
});

t(
  "the push_project and pull_project tools sync with the git remote as the routes do, and refuse others' projects",
  async () => {
    await withIntegrations(async (it) => {
      const user = await newUser("gitmcp");
      const other = await newUser("gitmcp.other");
      const repo = await emptyRepository(it);
      const project = await newProject(user);
      const files = [{ path: "App.tsx", contents: "export default () => null;\n", type: "CODE" }];
      assert.equal(
        (await api("PUT", `/projects/${project.id}/files`, { token: user.token, body: { files } })).status,
        200,
      );
      const linked = await it.api("PUT", `/projects/${project.id}/git-remote`, {
        token: user.token,
        body: { url: repo.url, token: repo.token },
      });
      assert.equal(linked.status, 200, linked.text);
      const mcp = createMcpApp(it.deps);
      const call = async (name: string, token: string) => {
        const res = await mcp.fetch(
          new Request("http://localhost/mcp", {
            method: "POST",
            ...mcpToolCall(token, name, { projectId: project.id }),
          }),
        );
        const text = await res.text();
        const json = text.startsWith("{") ? text : /^data: (.*)$/m.exec(text)![1];
        return JSON.parse(json).result as {
          isError?: boolean;
          structuredContent?: { pushed?: boolean; commit: string; changed?: string[] };
          content: { text: string }[];
        };
      };
      for (const name of ["push_project", "pull_project"]) {
        const refused = await call(name, other.token);
        assert.equal(refused.isError, true);
        assert.equal(JSON.parse(refused.content[0].text).code, "project_not_found");
      }
      const pushed = await call("push_project", user.token);
      assert.equal(pushed.isError, undefined, pushed.content[0].text);
      assert.equal(pushed.structuredContent!.pushed, true);
      const dir = await clone(repo.cloneUrl);
      try {
        assert.equal(await git(["rev-parse", "HEAD"], dir), pushed.structuredContent!.commit);
        assert.equal(await Deno.readTextFile(`${dir}/App.tsx`), files[0].contents);
        await Deno.writeTextFile(`${dir}/App.tsx`, "export default () => 'from git';\n");
        await git(["commit", "-q", "-am", "From git"], dir);
        await git(["push", "-q", "origin", "main"], dir);
        const pulled = await call("pull_project", user.token);
        assert.equal(pulled.isError, undefined, pulled.content[0].text);
        assert.deepEqual(pulled.structuredContent!.changed, ["App.tsx"]);
        assert.equal(pulled.structuredContent!.commit, await git(["rev-parse", "HEAD"], dir));
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  },
);

t(
  "a pull brings commits pushed with git into the project's files, and never overwrites the project's own changes",
  async () => {
    await withIntegrations(async (it) => {
      const user = await newUser("gitpull");
      const repo = await emptyRepository(it);
      const project = await newProject(user);
      const path = `/projects/${project.id}/git-remote`;
      const save = (files: { path: string; contents: string }[]) =>
        api("PUT", `/projects/${project.id}/files`, {
          token: user.token,
          body: { files: files.map((f) => ({ ...f, type: "TEXT" })) },
        });
      const projectFiles = async () =>
        Object.fromEntries(
          (await api<{ data: { path: string; contents: string; encoding: string }[] }>(
            "GET",
            `/projects/${project.id}/files`,
            { token: user.token },
          )).body.data.map((f) => [f.path, `${f.encoding}:${f.contents}`]),
        );
      const pull = () => it.api<Record<string, unknown>>("POST", `${path}/pulls`, { token: user.token });
      assert.equal(
        (await save([{ path: "a.md", contents: "a\n" }, { path: "gone.md", contents: "x\n" }])).status,
        200,
      );
      assert.equal(
        (await it.api("PUT", path, { token: user.token, body: { url: repo.url, token: repo.token } })).status,
        200,
      );
      assert.equal((await it.api("POST", `${path}/pushes`, { token: user.token })).status, 201);
      assert.deepEqual((await pull()).body.pulled, false, "nothing new on the remote");

      const dir = await clone(repo.cloneUrl);
      try {
        await Deno.writeTextFile(`${dir}/a.md`, "a edited with git\n");
        await Deno.writeFile(`${dir}/logo.bin`, new Uint8Array([0, 255, 1, 254]));
        await Deno.writeTextFile(`${dir}/notes:1.md`, "a path the file rules refuse\n");
        await git(["rm", "-q", "gone.md"], dir);
        await git(["add", "-A"], dir);
        await git(["commit", "-q", "-m", "Edited with git"], dir);
        await git(["push", "-q", "origin", "main"], dir);
        const head = await git(["rev-parse", "HEAD"], dir);

        const pulled = await pull();
        assert.equal(pulled.status, 200, pulled.text);
        assert.deepEqual(pulled.body, {
          pulled: true,
          commit: head,
          changed: ["a.md", "logo.bin"],
          deleted: ["gone.md"],
          skipped: ["notes:1.md"],
        });
        const files = await projectFiles();
        assert.equal(files["a.md"], "utf8:a edited with git\n");
        assert.equal(files["logo.bin"], `base64:${btoa("\x00\xff\x01\xfe")}`);
        assert.equal(files["gone.md"], undefined);
        assert.equal((await it.api<Remote>("GET", path, { token: user.token })).body.last_commit, head);

        // Both sides change a.md: refused, naming it, and the project keeps its version.
        await Deno.writeTextFile(`${dir}/a.md`, "a again with git\n");
        await git(["commit", "-q", "-am", "Again"], dir);
        await git(["push", "-q", "origin", "main"], dir);
        assert.equal((await save([{ path: "a.md", contents: "a from the service\n" }])).status, 200);
        const conflict = await pull();
        expectError(conflict, 409, "git_remote_conflict");
        assert.deepEqual(conflict.body.details, { paths: ["a.md"] });
        assert.equal((await projectFiles())["a.md"], "utf8:a from the service\n");
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  },
);

t(
  "a project imported from a repository pushed with git holds its files, binary ones in base64, refused paths named",
  async () => {
    await withIntegrations(async (it) => {
      const user = await newUser("gitimport");
      const repo = await emptyRepository(it);
      const dir = await clone(repo.cloneUrl);
      try {
        await Deno.mkdir(`${dir}/src`);
        await Deno.writeTextFile(`${dir}/src/App.tsx`, "export default () => 'imported ✓';\n");
        await Deno.writeFile(`${dir}/icon.png`, new Uint8Array([137, 80, 78, 71, 0, 255]));
        await Deno.writeTextFile(`${dir}/a:b.md`, "a path the file rules refuse\n");
        await git(["add", "-A"], dir);
        await git(["commit", "-q", "-m", "Pushed with git"], dir);
        await git(["push", "-q", "origin", "HEAD:main"], dir);
        const head = await git(["rev-parse", "HEAD"], dir);

        const created = await it.api<{ id: number; import: { commit: string; skipped: string[] } }>(
          "POST",
          "/projects",
          {
            token: user.token,
            body: { name: "Imported", import: { url: repo.url, token: repo.token } },
          },
        );
        assert.equal(created.status, 201, created.text);
        assert.deepEqual(created.body.import, { commit: head, skipped: ["a:b.md"] });
        const files = await api<
          { data: { path: string; contents: string; encoding: string; type: string }[] }
        >(
          "GET",
          `/projects/${created.body.id}/files`,
          { token: user.token },
        );
        const byPath = Object.fromEntries(files.body.data.map((f) => [f.path, f]));
        assert.deepEqual(Object.keys(byPath).sort(), ["icon.png", "src/App.tsx"]);
        assert.equal(byPath["src/App.tsx"].contents, "export default () => 'imported ✓';\n");
        assert.deepEqual([byPath["icon.png"].type, byPath["icon.png"].encoding], ["ASSET", "base64"]);
        assert.equal(byPath["icon.png"].contents, btoa(String.fromCharCode(137, 80, 78, 71, 0, 255)));

        const refusals: [unknown, number, string][] = [
          [{ url: "http://10.0.0.1/x.git" }, 400, "invalid_git_remote"],
          [{ url: repo.url, token: "not-the-token" }, 400, "git_remote_unauthorized"],
          [{ url: repo.url, token: repo.token, branch: "nope" }, 404, "git_branch_not_found"],
        ];
        for (const [source, status, code] of refusals) {
          expectError(
            await it.api("POST", "/projects", {
              token: user.token,
              body: { name: "Not made", import: source },
            }),
            status,
            code,
          );
        }
        const away = `http://127.0.0.1:${closedPort()}`;
        await withApi({ GIT_REMOTE_ALLOWED_ORIGINS: away }, async (call) => {
          expectError(
            await call("POST", "/projects", {
              token: user.token,
              body: { name: "Not made", import: { url: `${away}/x.git` } },
            }),
            502,
            "git_remote_failed",
          );
        });
        const names = await api<{ data: { name: string }[] }>("GET", "/projects", { token: user.token });
        assert.deepEqual(
          names.body.data.map((p) => p.name),
          ["Imported"],
          "a refused import makes no project",
        );
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  },
);
