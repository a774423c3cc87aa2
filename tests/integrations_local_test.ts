// Both integrations end to end on the running stack, against the stand-ins `npm start` runs too (GitHub and
// the Supabase Management API, scripts/local/git-host.ts and db-host.ts): an App installed and a user
// signed in, a project pushed twice, cloned with the git CLI over HTTP and compared byte for byte, the
// uninstall's webhook removing the link; a Supabase account connected with PKCE, its project linked, and
// that project's database present in the cluster; and docs/integrations.md's walk-through run as written.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { base64url, importPKCS8, SignJWT } from "jose";
import postgres from "postgres";
import {
  api,
  db,
  GATEWAY,
  markedBlocks,
  newProject,
  newUser,
  NO_STACK,
  PNG_1x1,
  type TestUser,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });
const env = (name: string) => Deno.env.get(name)!;
const suffix = () => crypto.randomUUID().slice(0, 8);

async function git(args: string[], cwd?: string): Promise<string> {
  const out = await new Deno.Command("git", {
    args,
    cwd,
    env: { GIT_TERMINAL_PROMPT: "0" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  assert.ok(out.success, `git ${args[0]}: ${new TextDecoder().decode(out.stderr)}`);
  return text.trim();
}

/** Every file of a checkout but git's own, as path → bytes. */
async function checkout(dir: string, under = ""): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for await (const entry of Deno.readDir(join(dir, under))) {
    const path = under ? `${under}/${entry.name}` : entry.name;
    if (path === ".git") continue;
    if (entry.isDirectory) { for (const [p, b] of await checkout(dir, path)) files.set(p, b); }
    else files.set(path, await Deno.readFile(join(dir, path)));
  }
  return files;
}

/** The project's files as the API lists them, decoded to their bytes. */
async function projectBytes(user: TestUser, projectId: number): Promise<Map<string, Uint8Array>> {
  const res = await api<{ data: { path: string; contents: string; encoding: string }[] }>(
    "GET",
    `/projects/${projectId}/files`,
    { token: user.token },
  );
  assert.equal(res.status, 200, res.text);
  return new Map(res.body.data.map((f) => [
    f.path,
    f.encoding === "base64"
      ? Uint8Array.from(atob(f.contents), (c) => c.charCodeAt(0))
      : new TextEncoder().encode(f.contents),
  ]));
}

t(
  "the repository host on the stack: install, sign in, push twice, git clone shows every byte and commit",
  async () => {
    const gitHost = env("GITHUB_API_BASE_URL");
    const user = await newUser("clone");
    const project = await newProject(user, { name: "Tide Tables" });
    const files = [
      { path: "App.tsx", contents: "export default function App() {\n  return null;\n}\n", type: "CODE" },
      { path: "src/screens/Home.tsx", contents: "export const Home = () => 'ünïcödé ✓';\n", type: "CODE" },
      { path: "assets/icon.png", contents: btoa(String.fromCharCode(...PNG_1x1)), type: "ASSET" },
    ];
    const saved = await api("PUT", `/projects/${project.id}/files`, { token: user.token, body: { files } });
    assert.equal(saved.status, 200, saved.text);

    // The user installs the App on an organization and is sent back to the app's deep link signed in.
    const org = `acme-${suffix()}`;
    const installed = await fetch(
      `${gitHost}/apps/appgen-local/installations/new?user=dev-${suffix()}&account=${org}&state=s1`,
      { redirect: "manual" },
    );
    assert.equal(installed.status, 302);
    const back = new URL(installed.headers.get("location")!);
    assert.equal(`${back.protocol}//${back.host}${back.pathname}`, "appgen://integrations/repohost");
    assert.equal(back.searchParams.get("state"), "s1");
    const installationId = Number(back.searchParams.get("installation_id"));

    const token = await api<{ access_token: string }>("POST", "/repohost/token", {
      token: user.token,
      body: { code: back.searchParams.get("code") },
    });
    assert.equal(token.status, 200, token.text);
    const ghu = token.body.access_token;
    const reached = await (await fetch(`${gitHost}/user/installations`, {
      headers: { authorization: `Bearer ${ghu}` },
    })).json();
    assert.deepEqual(reached.installations.map((i: { id: number }) => i.id), [installationId]);
    const login = reached.installations[0].account.login;
    assert.equal(login, org);

    const saveInstallation = await api("POST", "/repohost/installations", {
      token: user.token,
      body: { id: installationId, ghu, login },
    });
    assert.equal(saveInstallation.status, 201, saveInstallation.text);
    const linked = await api("POST", "/repohost/repositories", {
      token: user.token,
      body: { project_id: project.id, repohost_installation_id: installationId },
    });
    assert.equal(linked.status, 201, linked.text);

    const push = () =>
      api<{ pushed: boolean; commit_sha: string }>("POST", `/projects/${project.id}/pushes`, {
        token: user.token,
      });
    const first = await push();
    assert.equal(first.status, 201, first.text);
    assert.equal(first.body.pushed, true);

    // Cloned with the user's token over git's smart HTTP, as from GitHub.
    const work = await Deno.makeTempDir({ prefix: "clone-" });
    try {
      const remote = new URL(`${gitHost}/${org}/app-${project.id}.git`);
      remote.username = "x-access-token";
      remote.password = ghu;
      await git(["clone", "-q", remote.href, work]);
      assert.deepEqual(
        await checkout(work),
        await projectBytes(user, project.id),
        "every file, byte for byte",
      );
      assert.equal(await git(["rev-parse", "HEAD"], work), first.body.commit_sha);
      assert.deepEqual((await git(["log", "--format=%s"], work)).split("\n"), [
        "Save files",
        "Save files",
        "Initial commit",
      ], "each version a commit: the template's files, then the saved ones");

      // An edit and a removal: a second commit on top of the first, holding exactly the project's files.
      await api("PUT", `/projects/${project.id}/files`, {
        token: user.token,
        body: { files: [{ path: "App.tsx", contents: "export default () => 'edited';\n", type: "CODE" }] },
      });
      await db()`select private.commit_version(${project.id}, null,
                   '[{"path": "src/screens/Home.tsx", "deleted": true}]', '{}')`;
      const second = await push();
      assert.equal(second.status, 201, second.text);
      assert.equal((await push()).body.pushed, false, "nothing changed: no commit");
      await git(["pull", "-q", "--ff-only"], work);
      assert.equal(await git(["rev-parse", "HEAD"], work), second.body.commit_sha);
      assert.equal(
        await git(["rev-parse", "HEAD~2"], work),
        first.body.commit_sha,
        "two versions, two commits on top of the first push",
      );
      assert.deepEqual(await checkout(work), await projectBytes(user, project.id));

      // Someone pushes with git as well (over the same smart HTTP): the push webhook imports their file as
      // a version, so the service's next push has nothing to add on top of theirs.
      await Deno.writeTextFile(join(work, "NOTES.md"), "pushed with git\n");
      await git(["add", "NOTES.md"], work);
      await git(
        ["-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-q", "-m", "Notes"],
        work,
      );
      await git(["push", "-q", "origin", "HEAD"], work);
      const theirs = await git(["rev-parse", "HEAD"], work);
      assert.equal((await projectBytes(user, project.id)).has("NOTES.md"), true, "imported by the webhook");
      const third = await push();
      assert.equal(third.status, 201, third.text);
      assert.deepEqual(third.body, { pushed: false, commit_sha: theirs });
      assert.deepEqual(await checkout(work), await projectBytes(user, project.id));

      // Without a token, or with a token of a user the App's installation does not include, it is not served.
      const refs = `${gitHost}/${org}/app-${project.id}.git/info/refs?service=git-upload-pack`;
      const anonymous = await fetch(refs);
      assert.equal(anonymous.status, 401);
      await anonymous.body?.cancel();
      const elsewhere = await fetch(
        `${gitHost}/apps/appgen-local/installations/new?user=other-${suffix()}`,
        { redirect: "manual" },
      );
      const otherToken = await api<{ access_token: string }>("POST", "/repohost/token", {
        token: user.token,
        body: { code: new URL(elsewhere.headers.get("location")!).searchParams.get("code") },
      });
      const stranger = await fetch(refs, {
        headers: { authorization: `Basic ${btoa(`x-access-token:${otherToken.body.access_token}`)}` },
      });
      assert.equal(stranger.status, 404);
      await stranger.body?.cancel();
    } finally {
      await Deno.remove(work, { recursive: true });
    }

    // Uninstalled on GitHub (the App's own API, with its JWT): the webhook removes the installation and link.
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: "RS256" })
      .setIssuer(env("GITHUB_APP_ID"))
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(await importPKCS8(env("GITHUB_APP_PRIVATE_KEY"), "RS256"));
    const uninstalled = await fetch(`${gitHost}/app/installations/${installationId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${jwt}` },
    });
    assert.equal(uninstalled.status, 204);
    const left = await api<{ data: unknown[] }>("GET", "/repohost/installations", { token: user.token });
    assert.deepEqual(left.body.data, []);
    const [{ n }] =
      await db()`select count(*)::int as n from public.repohost_links where project_id = ${project.id}`;
    assert.equal(n, 0, "its link went with it");
  },
);

t(
  "the database host on the stack: connect with PKCE, link a project, and its database is in the cluster",
  async () => {
    const user = await newUser("dbhost-local");
    const project = await newProject(user);
    const verifier = base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
    const challenge = base64url.encode(
      new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))),
    );
    const started = await api<{ authorize_url: string }>("POST", "/integrations/dbhost/authorizations", {
      token: user.token,
      body: { code_challenge: challenge, code_verifier: verifier },
    });
    assert.equal(started.status, 200, started.text);
    assert.ok(started.body.authorize_url.startsWith(env("SUPABASE_MANAGEMENT_API_URL")));

    // The user consents as a new account; the host sends the browser to the service's callback, which hands
    // code and state on to the app's deep link.
    const username = `dev_${suffix()}`;
    const consent = await fetch(`${started.body.authorize_url}&username=${username}`, { redirect: "manual" });
    assert.equal(consent.status, 302);
    const callback = await fetch(consent.headers.get("location")!, { redirect: "manual" });
    assert.equal(callback.status, 302);
    const deepLink = new URL(callback.headers.get("location")!);
    const connected = await api("POST", "/integrations/dbhost/connections", {
      token: user.token,
      body: { code: deepLink.searchParams.get("code"), state: deepLink.searchParams.get("state") },
    });
    assert.equal(connected.status, 200, connected.text);
    assert.equal(connected.body.dbhost_username, username);

    const listed = await api<{ projects: { ref: string; linked_project_id: number | null }[] }>(
      "GET",
      "/integrations/dbhost/projects",
      { token: user.token },
    );
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.projects.length, 1, "a new account starts with one project");
    const ref = listed.body.projects[0].ref;
    const link = await api("POST", "/integrations/dbhost/links", {
      token: user.token,
      body: { project_id: project.id, dbhost_ref: ref },
    });
    assert.equal(link.status, 201, link.text);
    assert.equal(link.body.dbhost_project_ref, ref);

    // The project is a database of the cluster, and it takes connections.
    const url = new URL(env("TEST_ADMIN_DB_URL"));
    url.pathname = `/${ref}`;
    const sql = postgres(url.href, { prepare: false, max: 1, onnotice: () => {} });
    try {
      const [{ name }] = await sql`select current_database() as name`;
      assert.equal(name, ref);
    } finally {
      await sql.end();
    }
  },
);

const BLOCK_END = "@@walk-through block end@@";

t(
  "docs/integrations.md: the local walk-through links, pushes, clones and links a database as written",
  async () => {
    const doc = await Deno.readTextFile(new URL("../docs/integrations.md", import.meta.url));
    const stackDir = dirname(env("TEST_LOCAL_KEY"));
    const ports: [string, string][] = [
      ["54321", new URL(GATEWAY).port],
      ["54322", new URL(env("SUPABASE_DB_URL")).port],
      ["54323", new URL(env("GITHUB_API_BASE_URL")).port],
    ];
    const blocks = markedBlocks(doc, "local-integrations: sh").map((block) =>
      ports.reduce((b, [from, to]) => b.replaceAll(`127.0.0.1:${from}`, `127.0.0.1:${to}`), block)
        .replaceAll(".local/", `${stackDir}/`)
    );
    assert.equal(
      blocks.length,
      9,
      "the set-up, the App, the push, the clone, the database host, psql, a git remote linked, pushed on top, pulled",
    );
    const tmp = await Deno.makeTempDir({ prefix: "integrations-walk-through-" });
    try {
      const script = ["set -euo pipefail", ...blocks.map((b) => `${b}\necho '${BLOCK_END}'`)].join("\n");
      const child = new Deno.Command("bash", {
        cwd: new URL("..", import.meta.url).pathname,
        env: {
          LOCAL_STACK_DIR: stackDir,
          PG_PORT: ports[1][1],
          GATEWAY_PORT: ports[0][1],
          TMPDIR: tmp,
        },
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const writer = child.stdin.getWriter();
      await writer.write(new TextEncoder().encode(script));
      await writer.close();
      const out = await child.output();
      const stdout = new TextDecoder().decode(out.stdout);
      assert.ok(out.success, `the blocks failed:\n${stdout}\n${new TextDecoder().decode(out.stderr)}`);
      const outputs = stdout.split(BLOCK_END).map((o) => o.trim());
      const [, installation, pushed, cloned, linked, database, remote, onTop, back] = outputs;

      assert.equal(JSON.parse(installation).login, "acme");
      // Two answers printed back to back.
      const [link, push] = pushed.split(/(?<=\})(?=\{)/);
      assert.equal(JSON.parse(link).repohost_repository_name, `app-${JSON.parse(link).project_id}`);
      assert.equal(JSON.parse(push).pushed, true);
      const [log, ...listed] = cloned.split("\n");
      assert.match(log, /^[0-9a-f]+ Save files$/);
      assert.ok(listed.includes("package.json"), cloned);
      const ref = JSON.parse(linked.slice(linked.lastIndexOf("{"))).dbhost_project_ref;
      assert.match(ref, /^[a-z]{20}$/);
      assert.equal(database, ref, "the project's database answers");
      const [remoteLink, firstPush] = remote.split(/(?<=\})(?=\{)/).map((o) => JSON.parse(o));
      assert.equal(remoteLink.branch, "main");
      assert.equal(firstPush.pushed, false, "the remote already held the project's files");
      const secondPush = JSON.parse(onTop.slice(0, onTop.indexOf("}") + 1));
      assert.equal(secondPush.pushed, true);
      assert.deepEqual(onTop.slice(onTop.indexOf("}") + 1).trim().split("\n"), [
        "Save files",
        "Add notes",
        "Save files",
        "Initial commit",
      ]);
      assert.equal(back.trim(), "High tide at 6:12\nLow tide at 12:31", "the push webhook brought the edit");
    } finally {
      await Deno.remove(tmp, { recursive: true });
    }
  },
);
