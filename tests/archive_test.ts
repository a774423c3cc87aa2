// A project downloaded as a zip (GET /projects/{id}/archive) and through the SDK's downloadProject: the
// archive unpacked by unzip holds exactly the files the API lists (binary files as their bytes) plus a note
// on running the app, the SDK writes the same tree, and that tree builds with `expo export`. The archive is
// read from the database a page at a time while it is sent, under the file-read slots.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { join } from "node:path";
import { createAppgenClient } from "../sdk/src/index.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { ARCHIVE_PAGE_BYTES, RUN_NOTE_PATHS } from "../supabase/functions/_contract/projects.ts";
import { isValidFilePath } from "../supabase/functions/_shared/file-paths.ts";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { bundle, generate, linkDependencies, type ProjectFile } from "../eval/app-set/build.ts";
import {
  api,
  BASE_URL,
  db,
  expectError,
  inProcessApi,
  mcpToolCall,
  newProject,
  newUser,
  NO_STACK,
  record,
  ROOT_URL,
  type TestUser,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

interface ListedFile extends ProjectFile {
  encoding: "utf8" | "base64";
}

async function listFiles(user: TestUser, projectId: number): Promise<ListedFile[]> {
  const res = await api<{ data: ListedFile[] }>("GET", `/projects/${projectId}/files`, { token: user.token });
  assert.equal(res.status, 200, res.text.slice(0, 300));
  return res.body.data;
}

/** The archive over the gateway (of `version`, when given): the answer and its bytes. */
async function download(user: TestUser, projectId: number, version?: string) {
  const path = `/projects/${projectId}/archive${version ? `?version=${version}` : ""}`;
  const res = await fetch(`${BASE_URL}${path}`, { headers: { authorization: `Bearer ${user.token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  record("GET", path, res, res.ok ? "" : new TextDecoder().decode(bytes));
  return { res, bytes };
}

/** The project's newest version's id. */
async function newestVersion(user: TestUser, projectId: number): Promise<string> {
  const res = await api<{ data: { id: string }[] }>("GET", `/projects/${projectId}/versions?limit=1`, {
    token: user.token,
  });
  assert.equal(res.status, 200, res.text);
  return res.body.data[0].id;
}

async function unzip(args: string[]): Promise<string> {
  const out = await new Deno.Command("unzip", { args, stdout: "piped", stderr: "piped" }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

/** Writes the zip to `dir`/archive.zip, checks its entry names and unpacks it into `dir`/tree. */
async function unpack(bytes: Uint8Array, dir: string): Promise<{ tree: string; entries: string[] }> {
  const zip = join(dir, "archive.zip");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeFile(zip, bytes);
  const entries = (await unzip(["-Z1", zip])).split("\n").filter((line) => line !== "");
  for (const entry of entries) {
    assert.ok(isValidFilePath(entry), `the entry ${JSON.stringify(entry)} stays inside the folder`);
  }
  const tree = join(dir, "tree");
  await unzip(["-q", zip, "-d", tree]);
  return { tree, entries };
}

/** Every file under `dir` (relative paths, sorted), skipping node_modules and what a build writes. */
async function walk(dir: string, under = ""): Promise<string[]> {
  const paths: string[] = [];
  for await (const entry of Deno.readDir(join(dir, under))) {
    const path = under ? `${under}/${entry.name}` : entry.name;
    if (["node_modules", "dist", ".expo"].includes(path)) continue;
    if (entry.isDirectory) paths.push(...await walk(dir, path));
    else paths.push(path);
  }
  return paths.sort();
}

const decoded = (f: ListedFile) =>
  f.encoding === "base64"
    ? new Uint8Array(Buffer.from(f.contents, "base64"))
    : new TextEncoder().encode(f.contents);

t(
  "a generated app's archive, of its latest or an earlier version, unpacks to that version's files, byte for byte, and builds for the web like the SDK's download",
  async () => {
    const user = await newUser("archive.owner");
    const app = await generate(
      { base: BASE_URL, token: user.token },
      "archive",
      "A habit tracker for water",
      "light",
    );
    const files = await listFiles(user, app.projectId);
    for (const f of files) assert.equal(f.encoding, f.type === "ASSET" ? "base64" : "utf8", f.path);
    assert.ok(files.some((f) => f.path === "assets/icon.png" && f.encoding === "base64"));
    // The agent tool lists the same files, encodings included.
    const tool = await fetch(`${ROOT_URL}/mcp`, {
      method: "POST",
      ...mcpToolCall(user.token, "get_project_files", { projectId: app.projectId }),
    });
    assert.deepEqual((await tool.json()).result.structuredContent.data, files);

    // A second version changes a screen and adds a file; the archive of the first holds neither.
    const first = await newestVersion(user, app.projectId);
    const screen = files.find((f) => f.path.startsWith("src/app/") && f.path.endsWith(".tsx"))!;
    const later = [
      { path: screen.path, contents: `${screen.contents}\n// A later change.\n`, type: "CODE" },
      { path: "src/later.ts", contents: "export const later = true;\n", type: "CODE" },
    ];
    const saved = await api("PUT", `/projects/${app.projectId}/files`, {
      token: user.token,
      body: { files: later },
    });
    assert.equal(saved.status, 200, saved.text);
    const latest = await download(user, app.projectId);
    assert.equal(latest.res.status, 200);

    const { res, bytes } = await download(user, app.projectId, first);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/zip");
    assert.match(res.headers.get("content-disposition")!, /^attachment; filename="[a-z0-9-]+\.zip"/);

    const dir = await Deno.makeTempDir({ prefix: "archive-test-" });
    try {
      const now = await unpack(latest.bytes, join(dir, "latest"));
      assert.ok(now.entries.includes("src/later.ts"), "without a version, the latest files");
      assert.equal(await Deno.readTextFile(join(now.tree, screen.path)), later[0].contents);
      const { tree, entries } = await unpack(bytes, dir);
      const note = RUN_NOTE_PATHS.find((p) => !files.some((f) => f.path === p))!;
      assert.deepEqual(entries.toSorted(), [...files.map((f) => f.path), note].sort());
      for (const f of files) assert.deepEqual(await Deno.readFile(join(tree, f.path)), decoded(f), f.path);
      const icon = await Deno.readFile(join(tree, "assets/icon.png"));
      assert.deepEqual([...icon.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "a PNG");
      const manifest = JSON.parse(await Deno.readTextFile(join(tree, "package.json")));
      const readme = await Deno.readTextFile(join(tree, note));
      assert.ok(readme.includes("npm install") && readme.includes("npx expo start"), readme);
      assert.ok(readme.includes(`Expo SDK ${/\d+/.exec(manifest.dependencies.expo)![0]}`), readme);

      // The SDK writes the same files as the archive holds (the note aside).
      const sdkTree = join(dir, "sdk");
      const sdk = createAppgenClient({ baseUrl: BASE_URL, token: user.token });
      const written = await sdk.downloadProject(app.projectId, sdkTree, { version: first });
      assert.deepEqual(written, files.map((f) => f.path));
      assert.deepEqual(await walk(sdkTree), files.map((f) => f.path).sort());
      for (const path of await walk(sdkTree)) {
        assert.deepEqual(
          await Deno.readFile(join(sdkTree, path)),
          await Deno.readFile(join(tree, path)),
          path,
        );
      }
      const viaSdk = new Uint8Array(
        await new Response(await sdk.downloadArchive(app.projectId, { version: first })).arrayBuffer(),
      );
      assert.deepEqual((await unpack(viaSdk, join(dir, "again"))).entries, entries);

      // One build for both trees of the first version, which are equal.
      await linkDependencies(tree);
      const built = await bundle(tree, ["web"]);
      assert.ok(built.ok, built.output);
      assert.ok((await Deno.stat(join(tree, "dist/index.html"))).isFile);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

t(
  "the archive is the owner's, or anyone's when shared; others get 404, no token 401, a bad id 400",
  async () => {
    const owner = await newUser("archive.private");
    const other = await newUser("archive.other");
    const hidden = await newProject(owner, { name: "Privé Übersicht" });
    expectError(
      await api("GET", `/projects/${hidden.id}/archive`, { token: other.token }),
      404,
      "project_not_found",
    );
    expectError(await api("GET", `/projects/${hidden.id}/archive`), 401);
    expectError(await api("GET", `/projects/abc/archive`, { token: owner.token }), 400);
    const own = await download(owner, hidden.id);
    assert.equal(own.res.status, 200);
    // A name that is not ASCII: an ASCII fallback and the UTF-8 name (RFC 6266).
    assert.equal(
      own.res.headers.get("content-disposition"),
      `attachment; filename="prive-ubersicht.zip"; filename*=UTF-8''${
        encodeURIComponent("privé-übersicht.zip")
      }`,
    );
    const shared = await newProject(owner, { shared: true });
    assert.equal((await download(other, shared.id)).res.status, 200);

    // A version: of this project, and the owner's; another's, an unknown one or no UUID is refused.
    const version = await newestVersion(owner, hidden.id);
    assert.equal((await download(owner, hidden.id, version)).res.status, 200);
    const versionError = async (user: TestUser, projectId: number, v: string) => {
      const { res, bytes } = await download(user, projectId, v);
      return { status: res.status, code: JSON.parse(new TextDecoder().decode(bytes)).code };
    };
    assert.deepEqual(await versionError(owner, shared.id, version), {
      status: 404,
      code: "version_not_found",
    });
    assert.deepEqual(await versionError(owner, hidden.id, crypto.randomUUID()), {
      status: 404,
      code: "version_not_found",
    });
    assert.deepEqual(await versionError(other, shared.id, await newestVersion(owner, shared.id)), {
      status: 404,
      code: "version_not_found",
    });
    assert.deepEqual(await versionError(other, hidden.id, version), {
      status: 404,
      code: "project_not_found",
    });
    assert.deepEqual(await versionError(owner, hidden.id, "v1"), { status: 400, code: "invalid_request" });
  },
);

const MiB = 1024 * 1024;
const BLOBS = 95;
const BLOB_BYTES = 150 * 1024;

t(
  "a project near 20 MiB is read a page at a time while its archive is sent, and a second read waits its turn",
  async () => {
    const owner = await newUser("archive.large");
    const p = await newProject(owner);
    // Random binary files of 150 KiB (200 KiB as base64): about 19 MiB that do not compress.
    await db()`insert into public.project_files (project_id, path, contents, type)
             select ${p.id}, 'assets/blob-' || lpad(n::text, 3, '0') || '.bin',
                    encode(decode(string_agg(md5(random()::text || n || i), ''), 'hex'), 'base64'), 'ASSET'
               from generate_series(1, ${BLOBS}) n, generate_series(1, ${BLOB_BYTES / 16}) i group by n`;
    const [{ bytes }] = await db()`select sum(octet_length(contents))::bigint as bytes
                                   from public.project_files where project_id = ${p.id}`;
    assert.ok(Number(bytes) > 18 * MiB, `${bytes}`);

    // The v1 function in process, its database reads counted, with one slot a user and a short wait.
    const env = { ...Deno.env.toObject(), FILE_READ_PER_USER: "1", FILE_READ_WAIT_SECONDS: "1" };
    const deps = depsFromConfig(loadConfig(env), env);
    let read = 0;
    const callAsUser = deps.db.callAsUser.bind(deps.db);
    deps.db.callAsUser = async (claims, query) => {
      const rows = await callAsUser(claims, query);
      if (typeof rows[0]?.r === "string") read += rows[0].r.length;
      return rows;
    };
    try {
      const app = createV1App(deps);
      const res = await app.fetch(
        new Request(`http://localhost/v1/projects/${p.id}/archive`, {
          headers: { authorization: `Bearer ${owner.token}` },
        }),
      );
      assert.equal(res.status, 200);
      const reader = res.body!.getReader();
      const first = await reader.read();
      assert.ok(!first.done && first.value.length > 0);
      // What has been read from the database when the first bytes leave: about one page, not the project.
      assert.ok(read < ARCHIVE_PAGE_BYTES * 1.5, `${read} bytes read before the first chunk`);

      // Its slot is held while the archive is being sent: the same user's next read is refused after the wait.
      expectError(
        await inProcessApi(app)("GET", `/projects/${p.id}/archive`, { token: owner.token }),
        503,
        "file_reads_busy",
      );

      let zipBytes = first.value.length;
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        zipBytes += next.value.length;
      }
      assert.ok(read >= Number(bytes), `all ${bytes} bytes read in the end (${read})`);
      // Stored, not deflated: random bytes do not compress.
      assert.ok(zipBytes > BLOBS * BLOB_BYTES, `${zipBytes} bytes of zip`);
    } finally {
      await deps.db.end();
    }
    // The whole archive unpacks, with every file.
    const { res, bytes: zip } = await download(owner, p.id);
    assert.equal(res.status, 200);
    const dir = await Deno.makeTempDir({ prefix: "archive-large-" });
    try {
      const { entries } = await unpack(zip, dir);
      assert.equal(entries.length, (await listFiles(owner, p.id)).length + 1, "every file and the note");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

t("a path that leaves the folder never reaches the archive", async () => {
  const owner = await newUser("archive.paths");
  const p = await newProject(owner);
  for (const path of ["../escape.txt", "/etc/passwd", "a/../../b"]) {
    const res = await api("PUT", `/projects/${p.id}/files`, {
      token: owner.token,
      body: { files: [{ path, contents: "x", type: "CODE" }] },
    });
    expectError(res, 400, "invalid_file_path");
  }
  // What a save answers says each file's encoding too.
  const saved = await api<{ data: ListedFile[] }>("PUT", `/projects/${p.id}/files`, {
    token: owner.token,
    body: {
      files: [{ path: "a/b.txt", contents: "x", type: "DOC" }, {
        path: "a/c.bin",
        contents: "AA==",
        type: "ASSET",
      }],
    },
  });
  assert.deepEqual(saved.body.data.map((f) => [f.path, f.encoding]), [["a/b.txt", "utf8"], [
    "a/c.bin",
    "base64",
  ]]);
  const { res, bytes } = await download(owner, p.id);
  assert.equal(res.status, 200);
  const dir = await Deno.makeTempDir({ prefix: "archive-paths-" });
  try {
    await unpack(bytes, dir); // asserts every entry name
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
