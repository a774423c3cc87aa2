// Section D over HTTP: projects, pages and search, files and their limits, icons, pushes, reshares,
// preview errors and the database-host link.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { PNG } from "pngjs";
import {
  api,
  db,
  expectError,
  newProject,
  newUser,
  NO_STACK,
  type ProjectBody,
  tokenFor,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

const owner = NO_STACK ? undefined! : await newUser("owner");
const reader = NO_STACK ? undefined! : await newUser("reader");

type Page = { data: ProjectBody[]; next_cursor: string | null };
type FileRow = { path: string; contents: string; type: string; updated_at: string };

async function fetchStatus(url: string): Promise<number> {
  const res = await fetch(url);
  await res.body?.cancel();
  return res.status;
}

t("POST /projects creates a project with the template's files and its author embedded", async () => {
  const res = await api<ProjectBody>("POST", "/projects", {
    token: owner.token,
    body: { name: "Tide Tables", description: "High and low water for sailors" },
  });
  assert.deepEqual(res.status, 201);
  const p = res.body;
  assert.deepEqual(typeof p.id, "number");
  assert.deepEqual([p.name, p.description, p.shared, p.icon_url], [
    "Tide Tables",
    "High and low water for sailors",
    false,
    null,
  ]);
  assert.deepEqual(p.author.id, owner.id);
  assert.deepEqual(Object.keys(p.author).sort(), [
    "avatar_url",
    "created_at",
    "id",
    "is_supporter",
    "updated_at",
    "username",
  ]);
  const files = await api<{ data: FileRow[] }>("GET", `/projects/${p.id}/files`, { token: owner.token });
  assert.deepEqual(files.status, 200);
  const paths = files.body.data.map((f) => f.path);
  for (const expected of ["app.spec.json", "README.md", "app.json", "package.json", "assets/icon.png"]) {
    assert(paths.includes(expected));
  }
  assert.deepEqual(paths, [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), "ordered by path");
  assert.match(files.body.data.find((f) => f.path === "app.json")!.contents, /Tide Tables/);
  const code = await api<{ data: FileRow[] }>("GET", `/projects/${p.id}/files?type=CODE`, {
    token: owner.token,
  });
  assert(code.body.data.length > 0 && code.body.data.every((f) => f.type === "CODE"));
  assert(code.body.data.length < files.body.data.length);
});

t("POST /projects is 404 profile_not_found for a valid token whose account has no profile", async () => {
  const ghost = await tokenFor({ id: crypto.randomUUID(), email: "ghost@example.com" });
  expectError(
    await api("POST", "/projects", { token: ghost, body: { name: "Orphan" } }),
    404,
    "profile_not_found",
  );
});

t("POST /projects refuses bad bodies", async () => {
  const bad: unknown[] = [
    {},
    { name: "" },
    { name: "   " },
    { name: "x".repeat(101) },
    { name: 7 },
    { name: "ok", description: "d".repeat(1001) },
    { name: "ok", shared: "yes" },
    { name: "ok", icon_url: "https://example.com/i.png" },
    { name: "ok", user_id: reader.id },
    [],
  ];
  for (const body of bad) {
    expectError(await api("POST", "/projects", { token: owner.token, body }), 400, "invalid_request");
  }
  const malformed = await api("POST", "/projects", {
    token: owner.token,
    body: "{nope",
    headers: { "content-type": "application/json" },
  });
  expectError(malformed, 400, "invalid_json");
  expectError(
    await api("POST", "/projects", { token: owner.token, body: { name: "a\u0000b" } }),
    400,
    "invalid_request",
  );
});

t(
  "GET /projects/{id}: the owner and, when shared, anyone; another user's private project is 404",
  async () => {
    const priv = await newProject(owner);
    const shared = await newProject(owner, { shared: true });
    assert.deepEqual((await api("GET", `/projects/${priv.id}`, { token: owner.token })).body, priv);
    expectError(await api("GET", `/projects/${priv.id}`, { token: reader.token }), 404, "project_not_found");
    const seen = await api<ProjectBody>("GET", `/projects/${shared.id}`, { token: reader.token });
    assert.deepEqual(seen.status, 200);
    assert.deepEqual(seen.body.author.id, owner.id);
    expectError(await api("GET", "/projects/999999999999", { token: owner.token }), 404, "project_not_found");
    // Any bigint is a well-formed id: past 2^53 − 1 it is looked up exactly, not rounded, and found nowhere.
    for (const id of ["9007199254740993", "12345678901234567", "9223372036854775807"]) {
      expectError(await api("GET", `/projects/${id}`, { token: owner.token }), 404, "project_not_found");
    }
    for (const id of ["abc", "0", "-1", "1.5", "01", "9223372036854775808", "99999999999999999999"]) {
      expectError(await api("GET", `/projects/${id}`, { token: owner.token }), 400, "invalid_request");
    }
  },
);

t("PATCH /projects/{id} changes name and shared, owner only", async () => {
  const p = await newProject(owner);
  const renamed = await api<ProjectBody>("PATCH", `/projects/${p.id}`, {
    token: owner.token,
    body: { name: "Renamed" },
  });
  assert.deepEqual(renamed.status, 200);
  assert.deepEqual([renamed.body.name, renamed.body.shared], ["Renamed", false]);
  const both = await api<ProjectBody>("PATCH", `/projects/${p.id}`, {
    token: owner.token,
    body: { name: "Both", shared: true },
  });
  assert.deepEqual([both.body.name, both.body.shared], ["Both", true]);
  assert(both.body.updated_at >= p.updated_at);

  for (
    const body of [{}, { icon_url: "https://example.com/i.png" }, { name: "x", icon_url: null }, {
      description: "d",
    }, {
      name: "",
    }, { shared: "true" }]
  ) {
    expectError(
      await api("PATCH", `/projects/${p.id}`, { token: owner.token, body }),
      400,
      "invalid_request",
    );
  }
  // Shared, so the reader sees it, but still cannot change it.
  expectError(
    await api("PATCH", `/projects/${p.id}`, { token: reader.token, body: { name: "Mine now" } }),
    404,
    "project_not_found",
  );
  const priv = await newProject(owner);
  expectError(
    await api("PATCH", `/projects/${priv.id}`, { token: reader.token, body: { shared: true } }),
    404,
    "project_not_found",
  );
  assert.deepEqual(
    (await api<ProjectBody>("GET", `/projects/${p.id}`, { token: owner.token })).body.name,
    "Both",
  );
});

t("DELETE /projects/{id} removes the project, its files, links and icon objects; owner only", async () => {
  const p = await newProject(owner, { shared: true });
  const icon = await api<{ icon_url: string }>("POST", `/projects/${p.id}/icon`, { token: owner.token });
  await db()`insert into public.repohost_links (project_id, user_id, repohost_installation_id, repohost_repository_name)
             values (${p.id}, ${owner.id}, 1, ${`app-${p.id}`})`;
  expectError(await api("DELETE", `/projects/${p.id}`, { token: reader.token }), 404, "project_not_found");
  const res = await api("DELETE", `/projects/${p.id}`, { token: owner.token });
  assert.deepEqual(res.status, 204);
  assert.deepEqual(res.text, "");
  expectError(await api("GET", `/projects/${p.id}`, { token: owner.token }), 404, "project_not_found");
  const [{ files, links }] = await db()`
    select (select count(*) from public.project_files where project_id = ${p.id})::int as files,
           (select count(*) from public.repohost_links where project_id = ${p.id})::int as links`;
  assert.deepEqual([files, links], [0, 0]);
  assert.deepEqual(await fetchStatus(icon.body.icon_url), 404);
  expectError(await api("DELETE", `/projects/${p.id}`, { token: owner.token }), 404, "project_not_found");
});

t("GET /projects: envelope, limit bounds, visibility mine and all", async () => {
  const me = await newUser("lister");
  const mine = [await newProject(me), await newProject(me, { shared: true })];
  const othersShared = await newProject(reader, { shared: true });
  const othersPrivate = await newProject(reader);

  const page = await api<Page>("GET", "/projects", { token: me.token });
  assert.deepEqual(page.status, 200);
  assert.deepEqual(page.body.data.map((p) => p.id), [mine[1].id, mine[0].id]);
  assert.deepEqual(page.body.next_cursor, null);
  assert.deepEqual(page.body.data[0].author.id, me.id);

  const all = await api<Page>("GET", "/projects?visibility=all&limit=100", { token: me.token });
  const ids = all.body.data.map((p) => p.id);
  assert(ids.includes(othersShared.id) && ids.includes(mine[0].id));
  assert(!ids.includes(othersPrivate.id));
  assert.deepEqual(all.body.data.find((p) => p.id === othersShared.id)!.author.id, reader.id);

  const one = await api<Page>("GET", "/projects?limit=1", { token: me.token });
  assert.deepEqual(one.body.data.length, 1);
  assert.deepEqual(typeof one.body.next_cursor, "string");

  for (const q of ["limit=0", "limit=101", "limit=abc", "limit=2.5", "limit=", "visibility=everyone", "q="]) {
    expectError(await api("GET", `/projects?${q}`, { token: me.token }), 400, "invalid_request");
  }
  const twenty = await api<Page>("GET", "/projects?visibility=all", { token: me.token });
  assert(twenty.body.data.length <= 20, "the default page size is 20");
});

t(
  "GET /projects: a cursor walk over 250 projects while others are inserted has no duplicates or gaps",
  async () => {
    const walker = await newUser("walker");
    // Seeded with shared timestamps in threes, so the id tie-break is exercised.
    const seeded = (await db()`
    insert into public.projects (user_id, name, created_at)
    select ${walker.id}, 'walk ' || g, now() - interval '1 hour' + (g / 3) * interval '1 second'
      from generate_series(1, 250) g
    returning id`).map((r) => Number(r.id));

    const seen: ProjectBody[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/projects?limit=13${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      // Each page races a new project through the API, one straight into the table (newest), and one
      // older than every seeded row.
      const [res] = await Promise.all([
        api<Page>("GET", query, { token: walker.token }),
        newProject(walker, { name: `during page ${pages}` }),
        db()`insert into public.projects (user_id, name) values (${walker.id}, 'concurrent')`,
        db()`insert into public.projects (user_id, name, created_at)
           values (${walker.id}, 'older', now() - interval '2 hours')`,
      ]);
      assert.deepEqual(res.status, 200, res.text);
      seen.push(...res.body.data);
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor && pages < 200);

    const ids = seen.map((p) => p.id);
    assert.deepEqual(new Set(ids).size, ids.length, "no project appears twice");
    const seenIds = new Set(ids);
    const missing = seeded.filter((id) => !seenIds.has(id));
    assert.deepEqual(missing, [], "no seeded project is skipped");
    // Timestamps share one format and zone, so they compare as strings, to the microsecond.
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1], seen[i]];
      assert(a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id), `order at ${i}`);
    }
  },
);

t("GET /projects refuses tampered, foreign and misused cursors with 400 invalid_cursor", async () => {
  const user = await newUser("cursor");
  await newProject(user);
  await newProject(user, { shared: true });
  const first = await api<Page>("GET", "/projects?limit=1", { token: user.token });
  const cursor = first.body.next_cursor!;
  assert.deepEqual(
    (await api<Page>("GET", `/projects?limit=1&cursor=${cursor}`, { token: user.token })).status,
    200,
  );
  const [payload, mac] = cursor.split(".");
  const flip = (s: string) => s.slice(0, -1) + (s.endsWith("A") ? "B" : "A");
  const forged = btoa("1:1").replace(/=+$/, "");
  const bad = [
    flip(payload) + "." + mac,
    payload + "." + flip(mac),
    payload,
    `${forged}.${mac}`,
    "garbage",
    "....",
    "%00",
    "a".repeat(200),
  ];
  for (const c of bad) {
    expectError(
      await api("GET", `/projects?limit=1&cursor=${encodeURIComponent(c)}`, { token: user.token }),
      400,
      "invalid_cursor",
    );
  }
  // Someone else's cursor, and the same cursor with another visibility or query.
  expectError(
    await api("GET", `/projects?limit=1&cursor=${cursor}`, { token: reader.token }),
    400,
    "invalid_cursor",
  );
  expectError(
    await api("GET", `/projects?limit=1&visibility=all&cursor=${cursor}`, { token: user.token }),
    400,
    "invalid_cursor",
  );
  expectError(
    await api("GET", `/projects?limit=1&q=app&cursor=${cursor}`, { token: user.token }),
    400,
    "invalid_cursor",
  );
  expectError(
    await api("GET", `/projects?limit=1&cursor=${"x".repeat(201)}`, { token: user.token }),
    400,
    "invalid_request",
  );
});

t("GET /projects?q= searches name and description, in both visibilities", async () => {
  const tag = `zq${crypto.randomUUID().slice(0, 8)}`;
  const searcher = await newUser("searcher");
  const byName = await newProject(searcher, { name: `Harbor ${tag}`, description: "tides" });
  const byDescription = await newProject(searcher, {
    name: "Plain",
    description: `All about ${tag} and boats`,
  });
  await newProject(searcher, { name: "Unrelated", description: "nothing here" });
  const othersShared = await newProject(reader, { name: `Reader ${tag}`, shared: true });
  const othersPrivate = await newProject(reader, { name: `Secret ${tag}` });

  const mine = await api<Page>("GET", `/projects?q=${tag}`, { token: searcher.token });
  assert.deepEqual(mine.body.data.map((p) => p.id), [byDescription.id, byName.id]);
  const all = await api<Page>("GET", `/projects?visibility=all&q=${tag}`, { token: searcher.token });
  assert.deepEqual(all.body.data.map((p) => p.id), [othersShared.id, byDescription.id, byName.id]);
  assert(!all.body.data.some((p) => p.id === othersPrivate.id));

  const phrase = await api<Page>("GET", `/projects?q=${encodeURIComponent(`${tag} -boats`)}`, {
    token: searcher.token,
  });
  assert.deepEqual(phrase.body.data.map((p) => p.id), [byName.id]);
  const none = await api<Page>("GET", `/projects?q=${tag}x`, { token: searcher.token });
  assert.deepEqual(none.body, { data: [], next_cursor: null });
  const symbols = await api<Page>("GET", `/projects?q=${encodeURIComponent("!!! &&")}`, {
    token: searcher.token,
  });
  assert.deepEqual(symbols.status, 200);

  // A search pages with its own cursor.
  const first = await api<Page>("GET", `/projects?q=${tag}&limit=1`, { token: searcher.token });
  const second = await api<Page>("GET", `/projects?q=${tag}&limit=1&cursor=${first.body.next_cursor}`, {
    token: searcher.token,
  });
  assert.deepEqual(second.body.data.map((p) => p.id), [byName.id]);
  assert.deepEqual(second.body.next_cursor, null);
});

t("PUT /projects/{id}/files upserts by path; owner only; readers of shared projects read", async () => {
  const p = await newProject(owner, { shared: true });
  const put = await api<{ data: FileRow[] }>("PUT", `/projects/${p.id}/files`, {
    token: owner.token,
    body: {
      files: [
        { path: "src/z.ts", contents: "export const z = 1;", type: "CODE" },
        { path: "App.tsx", contents: "new app", type: "CODE" },
        { path: "notes/ünïcode 文件.md", contents: "ü", type: "DOC" },
      ],
    },
  });
  assert.deepEqual(put.status, 200, put.text);
  assert.deepEqual(put.body.data.map((f) => f.path), ["App.tsx", "notes/ünïcode 文件.md", "src/z.ts"]);
  const again = await api<{ data: FileRow[] }>("PUT", `/projects/${p.id}/files`, {
    token: owner.token,
    body: { files: [{ path: "src/z.ts", contents: "v2", type: "CONFIG" }] },
  });
  assert.deepEqual(again.body.data.map((f) => [f.path, f.contents, f.type]), [["src/z.ts", "v2", "CONFIG"]]);
  const [{ n }] = await db()`select count(*)::int as n from public.project_files
                              where project_id = ${p.id} and path = 'src/z.ts'`;
  assert.deepEqual(n, 1);

  const read = await api<{ data: FileRow[] }>("GET", `/projects/${p.id}/files`, { token: reader.token });
  assert.deepEqual(read.status, 200);
  assert.deepEqual(read.body.data.find((f) => f.path === "App.tsx")!.contents, "new app");
  const empty = await api<{ data: FileRow[] }>("GET", `/projects/${p.id}/files?type=NOPE`, {
    token: reader.token,
  });
  assert.deepEqual(empty.body, { data: [] });
  expectError(await api("GET", `/projects/${p.id}/files?type=a%20b`, { token: reader.token }), 400);

  expectError(
    await api("PUT", `/projects/${p.id}/files`, {
      token: reader.token,
      body: { files: [{ path: "evil.ts", contents: "", type: "CODE" }] },
    }),
    404,
    "project_not_found",
  );
  const priv = await newProject(owner);
  expectError(
    await api("GET", `/projects/${priv.id}/files`, { token: reader.token }),
    404,
    "project_not_found",
  );
  expectError(
    await api("PUT", "/projects/999999999999/files", { token: owner.token, body: { files: [] } }),
    404,
    "project_not_found",
  );
  const none = await api<{ data: FileRow[] }>("PUT", `/projects/${p.id}/files`, {
    token: owner.token,
    body: { files: [] },
  });
  assert.deepEqual(none.body, { data: [] });
});

t("PUT /projects/{id}/files: every path rule is a 400 naming the path, and nothing is saved", async () => {
  const p = await newProject(owner);
  const cases: [string, string][] = [
    ["", "empty"],
    ["a".repeat(513), "too_long"],
    ["/etc/passwd", "absolute"],
    ["/", "absolute"],
    ["..", "parent_segment"],
    ["../outside.ts", "parent_segment"],
    ["src/../../x.ts", "parent_segment"],
    [".", "dot_segment"],
    ["./a.ts", "dot_segment"],
    ["a//b.ts", "empty_segment"],
    ["src/", "empty_segment"],
    ["src\\win.ts", "backslash"],
    ["a\u0001b", "control_character"],
    ["tab\there", "control_character"],
    ["line\nbreak", "control_character"],
    ["nul\u0000byte", "nul_character"],
  ];
  for (const [path, reason] of cases) {
    const res = await api("PUT", `/projects/${p.id}/files`, {
      token: owner.token,
      body: {
        files: [{ path: "fine.ts", contents: "", type: "CODE" }, { path, contents: "x", type: "CODE" }],
      },
    });
    expectError(res, 400, "invalid_file_path");
    assert.deepEqual(res.body.details, { path, reason }, JSON.stringify(path));
  }
  assert.deepEqual(
    (await api("PUT", `/projects/${p.id}/files`, {
      token: owner.token,
      body: { files: [{ path: "a".repeat(512), contents: "", type: "CODE" }] },
    })).status,
    200,
    "512 characters are fine",
  );
  const dup = await api("PUT", `/projects/${p.id}/files`, {
    token: owner.token,
    body: {
      files: [{ path: "d.ts", contents: "1", type: "CODE" }, { path: "d.ts", contents: "2", type: "CODE" }],
    },
  });
  expectError(dup, 400, "duplicate_file_path");
  assert.deepEqual(dup.body.details, { path: "d.ts" });
  const [{ n }] = await db()`select count(*)::int as n from public.project_files
                              where project_id = ${p.id} and path in ('fine.ts', 'd.ts')`;
  assert.deepEqual(n, 0, "a refused request saves nothing");

  for (
    const body of [
      {},
      { files: "x" },
      { files: [{ path: "a.ts", contents: "" }] },
      { files: [{ path: "a.ts", contents: 1, type: "CODE" }] },
      { files: [{ path: "a.ts", contents: "", type: "has space" }] },
      { files: [{ path: "a.ts", contents: "", type: "" }] },
      { files: [{ path: "a.ts", contents: "", type: "CODE", extra: 1 }] },
      { files: [{ path: "a.ts", contents: "nul\u0000", type: "CODE" }] },
    ]
  ) {
    expectError(
      await api("PUT", `/projects/${p.id}/files`, { token: owner.token, body }),
      400,
      "invalid_request",
    );
  }
});

t("PUT /projects/{id}/files: count and size limits are 413 naming the offending file", async () => {
  const p = await newProject(owner);
  const file = (i: number, size = 1) => ({ path: `f/${i}.txt`, contents: "x".repeat(size), type: "DOC" });

  const many = await api("PUT", `/projects/${p.id}/files`, {
    token: owner.token,
    body: { files: Array.from({ length: 101 }, (_, i) => file(i)) },
  });
  expectError(many, 413, "too_many_files");
  assert.deepEqual(many.body.details, { path: "f/100.txt", max_files: 100 });

  const big = await api("PUT", `/projects/${p.id}/files`, {
    token: owner.token,
    body: { files: [file(1), file(2, 512 * 1024 + 1)] },
  });
  expectError(big, 413, "file_too_large");
  assert.deepEqual(big.body.details, { path: "f/2.txt", max_bytes: 512 * 1024 });
  // Multi-byte characters count as bytes.
  const wide = await api("PUT", `/projects/${p.id}/files`, {
    token: owner.token,
    body: { files: [{ path: "wide.txt", contents: "é".repeat(300 * 1024), type: "DOC" }] },
  });
  expectError(wide, 413, "file_too_large");

  const total = await api("PUT", `/projects/${p.id}/files`, {
    token: owner.token,
    body: { files: Array.from({ length: 9 }, (_, i) => file(i, 500 * 1024)) },
  });
  expectError(total, 413, "request_too_large");
  assert.deepEqual(total.body.details, { path: "f/8.txt", max_bytes: 4 * 1024 * 1024 });

  const huge = await api("PUT", `/projects/${p.id}/files`, {
    token: owner.token,
    body: JSON.stringify({ files: [file(1, 9 * 1024 * 1024)] }),
    headers: { "content-type": "application/json" },
  });
  expectError(huge, 413, "payload_too_large");

  // The project limit: existing files count, re-saved paths do not.
  const existing = (await api<{ data: FileRow[] }>("GET", `/projects/${p.id}/files`, { token: owner.token }))
    .body.data.length;
  await db()`insert into public.project_files (project_id, path, contents, type)
             select ${p.id}, 'seed/' || g, '', 'DOC' from generate_series(1, ${495 - existing}) g`;
  const over = await api("PUT", `/projects/${p.id}/files`, {
    token: owner.token,
    body: {
      files: [
        { path: "seed/1", contents: "kept", type: "DOC" },
        ...Array.from({ length: 6 }, (_, i) => file(i)),
      ],
    },
  });
  expectError(over, 413, "too_many_project_files");
  assert.deepEqual(over.body.details, { path: "f/5.txt", max_files: 500 });
  const fits = await api("PUT", `/projects/${p.id}/files`, {
    token: owner.token,
    body: {
      files: [
        { path: "seed/1", contents: "kept", type: "DOC" },
        ...Array.from({ length: 5 }, (_, i) => file(i)),
      ],
    },
  });
  assert.deepEqual(fits.status, 200, fits.text);
  const [{ n }] = await db()`select count(*)::int as n from public.project_files where project_id = ${p.id}`;
  assert.deepEqual(n, 500);
});

t("POST /projects/{id}/icon renders a 1024x1024 PNG, stores it and assigns icon_url", async () => {
  const p = await newProject(owner, { name: "Moon Phase", shared: true });
  const res = await api<{ project_id: number; icon_url: string }>("POST", `/projects/${p.id}/icon`, {
    token: owner.token,
  });
  assert.deepEqual(res.status, 200, res.text);
  assert.deepEqual(res.body.project_id, p.id);
  assert.match(res.body.icon_url, new RegExp(`/storage/v1/object/public/icons/${p.id}/[0-9a-f]{64}\\.png$`));
  const served = await fetch(res.body.icon_url);
  assert.deepEqual(served.status, 200);
  const png = PNG.sync.read(Buffer.from(new Uint8Array(await served.arrayBuffer())));
  assert.deepEqual([png.width, png.height], [1024, 1024]);
  assert.deepEqual(
    (await api<ProjectBody>("GET", `/projects/${p.id}`, { token: owner.token })).body.icon_url,
    res.body.icon_url,
  );

  const again = await api<{ icon_url: string }>("POST", `/projects/${p.id}/icon`, { token: owner.token });
  assert.deepEqual(again.body.icon_url, res.body.icon_url, "the same name gives the same icon");
  await api("PATCH", `/projects/${p.id}`, { token: owner.token, body: { name: "Sun Phase" } });
  const renamed = await api<{ icon_url: string }>("POST", `/projects/${p.id}/icon`, { token: owner.token });
  assert.notDeepEqual(renamed.body.icon_url, res.body.icon_url);
  assert.deepEqual(await fetchStatus(res.body.icon_url), 404, "the previous icon object is removed");

  expectError(await api("POST", `/projects/${p.id}/icon`, { token: reader.token }), 404, "project_not_found");
  expectError(
    await api("POST", "/projects/999999999999/icon", { token: owner.token }),
    404,
    "project_not_found",
  );
});

t(
  "POST /projects/{id}/pushes: 404 without the project or a link, or when the app is not installed there",
  async () => {
    const p = await newProject(owner, { shared: true });
    expectError(
      await api("POST", `/projects/${p.id}/pushes`, { token: owner.token }),
      404,
      "repository_not_linked",
    );
    expectError(
      await api("POST", `/projects/${p.id}/pushes`, { token: reader.token }),
      404,
      "project_not_found",
    );
    expectError(
      await api("POST", "/projects/999999999999/pushes", { token: owner.token }),
      404,
      "project_not_found",
    );
    await db()`insert into public.repohost_links (project_id, user_id, repohost_installation_id, repohost_repository_name)
             values (${p.id}, ${owner.id}, 7, ${`app-${p.id}`})`;
    // The stack's repository host has no installation 7.
    expectError(
      await api("POST", `/projects/${p.id}/pushes`, { token: owner.token }),
      404,
      "repohost_installation_missing",
    );
    expectError(
      await api("POST", `/projects/${p.id}/pushes`, { token: reader.token }),
      404,
      "project_not_found",
    );
  },
);

t(
  "POST /projects/{id}/reshares records once per platform and notifies the owner once per sharer",
  async () => {
    const p = await newProject(owner, { shared: true });
    const sharer = await newUser("sharer");
    const res = await api<Record<string, unknown>>("POST", `/projects/${p.id}/reshares`, {
      token: sharer.token,
      body: { platform: "instagram", share_metadata: { story: true } },
    });
    assert.deepEqual(res.status, 201, res.text);
    assert.deepEqual([res.body.project_id, res.body.user_id, res.body.platform], [
      p.id,
      sharer.id,
      "instagram",
    ]);
    assert.deepEqual(res.body.share_metadata, { story: true });
    const dup = await api("POST", `/projects/${p.id}/reshares`, {
      token: sharer.token,
      body: { platform: "instagram" },
    });
    assert.deepEqual([dup.status, dup.body], [200, { deduped: true }]);
    const other = await api("POST", `/projects/${p.id}/reshares`, {
      token: sharer.token,
      body: { platform: "x" },
    });
    assert.deepEqual(other.status, 201);
    for (const platform of ["tiktok", "email", "other"]) {
      const more = await api("POST", `/projects/${p.id}/reshares`, {
        token: sharer.token,
        body: { platform },
      });
      assert.deepEqual(more.status, 201, more.text);
    }

    const notes = await db()`select sender_id, type, payload from public.notifications
                            where recipient_id = ${owner.id} and payload ->> 'project_id' = ${String(p.id)}
                            order by created_at`;
    assert.deepEqual(notes.length, 1, "one notification per project and sharer, whatever the platforms");
    assert.deepEqual([notes[0].sender_id, notes[0].type, notes[0].payload.platform], [
      sharer.id,
      "reshare",
      "instagram",
    ]);

    const self = await api("POST", `/projects/${p.id}/reshares`, {
      token: owner.token,
      body: { platform: "instagram" },
    });
    assert.deepEqual(self.status, 201, "the owner's own reshare is a separate record");
    const [{ n }] = await db()`select count(*)::int as n from public.notifications
                              where recipient_id = ${owner.id} and payload ->> 'project_id' = ${
      String(p.id)
    }`;
    assert.deepEqual(n, 1, "and notifies nobody");

    const priv = await newProject(owner);
    expectError(
      await api("POST", `/projects/${priv.id}/reshares`, { token: sharer.token, body: { platform: "x" } }),
      404,
      "project_not_found",
    );
    for (
      const body of [
        {},
        { platform: "" },
        { platform: "a b" },
        { platform: "x".repeat(33) },
        { platform: "myspace" },
        { platform: "Instagram" },
        {
          platform: "x",
          share_metadata: [1],
        },
        { platform: "x", share_metadata: "s" },
        { platform: "x", extra: 1 },
      ]
    ) {
      expectError(
        await api("POST", `/projects/${p.id}/reshares`, { token: sharer.token, body }),
        400,
        "invalid_request",
      );
    }
    expectError(
      await api("POST", `/projects/${p.id}/reshares`, {
        token: sharer.token,
        body: { platform: "x", share_metadata: { blob: "x".repeat(5000) } },
      }),
      400,
      "invalid_request",
    );
  },
);

t("preview errors: recorded by the owner, ten newest kept, read-only reads, idempotent delete", async () => {
  const p = await newProject(owner, { shared: true });
  const first = await api<Record<string, unknown>>("POST", `/projects/${p.id}/preview-errors`, {
    token: owner.token,
    body: { message: "TypeError: x is undefined", stack: "at App.tsx:3" },
  });
  assert.deepEqual(first.status, 201, first.text);
  assert.deepEqual([first.body.message, first.body.stack], ["TypeError: x is undefined", "at App.tsx:3"]);
  assert.deepEqual(typeof first.body.id, "number");
  for (let i = 1; i < 12; i++) {
    const res = await api("POST", `/projects/${p.id}/preview-errors`, {
      token: owner.token,
      body: { message: `error ${i}` },
    });
    assert.deepEqual(res.status, 201);
  }
  const list = await api<{ data: { message: string; stack: string | null }[] }>(
    "GET",
    `/projects/${p.id}/preview-errors`,
    { token: owner.token },
  );
  assert.deepEqual(list.status, 200);
  assert.deepEqual(
    list.body.data.map((e) => e.message),
    Array.from({ length: 10 }, (_, i) => `error ${i + 2}`),
    "the 11th and 12th pushed out the two oldest",
  );
  assert.deepEqual(list.body.data[0].stack, null);
  const [{ stored }] = await db()`
    select count(*)::int as stored from public.preview_errors where project_id = ${p.id}`;
  assert.deepEqual(stored, 10, "no more than the read shows is kept");
  const reread = await api("GET", `/projects/${p.id}/preview-errors`, { token: owner.token });
  assert.deepEqual(reread.body, list.body, "reading removes nothing");

  for (const who of [reader]) {
    expectError(
      await api("GET", `/projects/${p.id}/preview-errors`, { token: who.token }),
      404,
      "project_not_found",
    );
    expectError(
      await api("POST", `/projects/${p.id}/preview-errors`, {
        token: who.token,
        body: { message: "spam" },
      }),
      404,
      "project_not_found",
    );
    expectError(
      await api("DELETE", `/projects/${p.id}/preview-errors`, { token: who.token }),
      404,
      "project_not_found",
    );
  }
  for (
    const body of [{}, { message: "" }, { message: "m".repeat(2001) }, {
      message: "m",
      stack: "s".repeat(16001),
    }, {
      message: "m",
      extra: true,
    }]
  ) {
    expectError(
      await api("POST", `/projects/${p.id}/preview-errors`, { token: owner.token, body }),
      400,
      "invalid_request",
    );
  }

  const del = await api("DELETE", `/projects/${p.id}/preview-errors`, { token: owner.token });
  assert.deepEqual([del.status, del.body], [200, { deleted_count: 10 }]);
  const again = await api("DELETE", `/projects/${p.id}/preview-errors`, { token: owner.token });
  assert.deepEqual([again.status, again.body], [200, { deleted_count: 0 }]);
  assert.deepEqual((await api("GET", `/projects/${p.id}/preview-errors`, { token: owner.token })).body, {
    data: [],
  });
});

t("GET /projects/{id}/dbhost-link returns the safe columns, never the anon key", async () => {
  const p = await newProject(owner, { shared: true });
  expectError(
    await api("GET", `/projects/${p.id}/dbhost-link`, { token: owner.token }),
    404,
    "dbhost_link_not_found",
  );
  const ref = `ref${crypto.randomUUID().slice(0, 12)}`;
  await db()`insert into public.dbhost_links
               (project_id, user_id, dbhost_project_ref, dbhost_project_name, api_url, anon_key_encrypted)
             values (${p.id}, ${owner.id}, ${ref}, 'Backend', ${`https://${ref}.example.com`},
                     'v1.k1.aXY.YW5vbi1rZXktc2VhbGVk')`;
  const res = await api("GET", `/projects/${p.id}/dbhost-link`, { token: owner.token });
  assert.deepEqual(res.status, 200);
  assert.deepEqual(Object.keys(res.body).sort(), [
    "api_url",
    "created_at",
    "dbhost_project_name",
    "dbhost_project_ref",
    "project_id",
    "updated_at",
  ]);
  assert.deepEqual([res.body.project_id, res.body.dbhost_project_ref], [p.id, ref]);
  assert(!res.text.includes("anon") && !res.text.includes("YW5vbi"), "no anon key in any form");
  expectError(
    await api("GET", `/projects/${p.id}/dbhost-link`, { token: reader.token }),
    404,
    "project_not_found",
  );
});

t("DELETE /me takes the account's projects and their icon objects with it", async () => {
  const leaving = await newUser("leaving");
  const p = await newProject(leaving, { shared: true });
  const icon = await api<{ icon_url: string }>("POST", `/projects/${p.id}/icon`, { token: leaving.token });
  assert.deepEqual(await fetchStatus(icon.body.icon_url), 200);
  assert.deepEqual((await api("DELETE", "/me", { token: leaving.token })).status, 204);
  expectError(await api("GET", `/projects/${p.id}`, { token: owner.token }), 404, "project_not_found");
  assert.deepEqual(await fetchStatus(icon.body.icon_url), 404);
});

t("every project route needs a token", async () => {
  const p = await newProject(owner, { shared: true });
  const routes: [string, string][] = [
    ["GET", "/projects"],
    ["POST", "/projects"],
    ["GET", `/projects/${p.id}`],
    ["PATCH", `/projects/${p.id}`],
    ["DELETE", `/projects/${p.id}`],
    ["GET", `/projects/${p.id}/files`],
    ["PUT", `/projects/${p.id}/files`],
    ["POST", `/projects/${p.id}/icon`],
    ["POST", `/projects/${p.id}/pushes`],
    ["POST", `/projects/${p.id}/reshares`],
    ["GET", `/projects/${p.id}/preview-errors`],
    ["POST", `/projects/${p.id}/preview-errors`],
    ["DELETE", `/projects/${p.id}/preview-errors`],
    ["GET", `/projects/${p.id}/dbhost-link`],
  ];
  for (const [method, path] of routes) {
    expectError(await api(method, path, { body: method === "GET" ? undefined : {} }), 401, "unauthorized");
  }
  assert.deepEqual(
    (await api("GET", `/projects/${p.id}`, { token: owner.token })).status,
    200,
    "still there",
  );
});
