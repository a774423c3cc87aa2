// Section H over HTTP: reports and blocks, lifting blocks, and what a block hides.
import assert from "node:assert/strict";
import { api, db, expectError, newProject, newUser, NO_STACK, type ProjectBody } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

const alice = NO_STACK ? undefined! : await newUser("alice");
const bob = NO_STACK ? undefined! : await newUser("bob");

t("POST /reports records a report by the caller against a project, a user or both", async () => {
  const p = await newProject(bob, { shared: true });
  const res = await api("POST", "/reports", {
    token: alice.token,
    body: { reported_project_id: p.id, reason: "spam", reporter_id: bob.id },
  });
  assert.deepEqual(res.status, 201, res.text);
  assert.deepEqual(
    [res.body.reporter_id, res.body.reported_project_id, res.body.reported_user_id, res.body.reason],
    [alice.id, p.id, null, "spam"],
    "the reporter is the caller, whatever the body says",
  );
  const user = await api("POST", "/reports", { token: alice.token, body: { reported_user_id: bob.id } });
  assert.deepEqual([user.status, user.body.reported_user_id, user.body.reason], [201, bob.id, null]);
  const both = await api("POST", "/reports", {
    token: alice.token,
    body: { reported_project_id: p.id, reported_user_id: bob.id, reason: "both" },
  });
  assert.deepEqual(both.status, 201);
});

t("POST /reports: no target is 400, a target that does not exist for the caller 404", async () => {
  for (const body of [{}, { reason: "why" }, { reported_project_id: null, reported_user_id: null }]) {
    expectError(await api("POST", "/reports", { token: alice.token, body }), 400, "report_target_required");
  }
  const priv = await newProject(bob);
  expectError(
    await api("POST", "/reports", { token: alice.token, body: { reported_project_id: priv.id } }),
    404,
    "project_not_found",
  );
  expectError(
    await api("POST", "/reports", { token: alice.token, body: { reported_project_id: 999999999999 } }),
    404,
    "project_not_found",
  );
  expectError(
    await api("POST", "/reports", { token: alice.token, body: { reported_user_id: crypto.randomUUID() } }),
    404,
    "user_not_found",
  );
  for (
    const body of [
      { reported_user_id: "not-a-uuid" },
      { reported_project_id: "7" },
      { reported_project_id: 0 },
      { reported_user_id: bob.id, reason: "r".repeat(1001) },
      { reported_user_id: bob.id, reason: 5 },
    ]
  ) {
    expectError(await api("POST", "/reports", { token: alice.token, body }), 400, "invalid_request");
  }
});

t("POST /blocks: 201, a repeat 200 deduped, yourself 400, unknown user 404", async () => {
  const blocker = await newUser("blocker");
  const res = await api("POST", "/blocks", { token: blocker.token, body: { blocked_user_id: bob.id } });
  assert.deepEqual(res.status, 201, res.text);
  assert.deepEqual([res.body.blocker_id, res.body.blocked_user_id], [blocker.id, bob.id]);
  const dup = await api("POST", "/blocks", { token: blocker.token, body: { blocked_user_id: bob.id } });
  assert.deepEqual([dup.status, dup.body], [200, { deduped: true }]);
  expectError(
    await api("POST", "/blocks", { token: blocker.token, body: { blocked_user_id: blocker.id } }),
    400,
    "cannot_block_self",
  );
  expectError(
    await api("POST", "/blocks", { token: blocker.token, body: { blocked_user_id: crypto.randomUUID() } }),
    404,
    "user_not_found",
  );
  for (const body of [{}, { blocked_user_id: "nope" }, { blocked_user_id: bob.id, blocker_id: alice.id }]) {
    expectError(await api("POST", "/blocks", { token: blocker.token, body }), 400, "invalid_request");
  }
});

t("GET /blocks lists the caller's blocks; DELETE /blocks/{userId} lifts one, idempotently", async () => {
  const blocker = await newUser("lister");
  await api("POST", "/blocks", { token: blocker.token, body: { blocked_user_id: alice.id } });
  await api("POST", "/blocks", { token: blocker.token, body: { blocked_user_id: bob.id } });
  const list = await api<
    { data: { blocked_user_id: string; blocked_user: { id: string; username: string } }[] }
  >(
    "GET",
    "/blocks",
    { token: blocker.token },
  );
  assert.deepEqual(list.status, 200);
  assert.deepEqual(list.body.data.map((b) => b.blocked_user_id), [bob.id, alice.id]);
  assert.deepEqual(list.body.data[0].blocked_user.id, bob.id);
  const theirs = await api<{ data: unknown[] }>("GET", "/blocks", { token: bob.token });
  assert(
    !JSON.stringify(theirs.body).includes(blocker.id),
    "nobody sees who blocked them",
  );

  const lift = await api("DELETE", `/blocks/${bob.id}`, { token: blocker.token });
  assert.deepEqual([lift.status, lift.text], [204, ""]);
  assert.deepEqual((await api("DELETE", `/blocks/${bob.id}`, { token: blocker.token })).status, 204);
  assert.deepEqual(
    (await api("DELETE", `/blocks/${crypto.randomUUID()}`, { token: blocker.token })).status,
    204,
  );
  expectError(await api("DELETE", "/blocks/not-a-uuid", { token: blocker.token }), 400, "invalid_request");
  const after = await api<{ data: { blocked_user_id: string }[] }>("GET", "/blocks", {
    token: blocker.token,
  });
  assert.deepEqual(after.body.data.map((b) => b.blocked_user_id), [alice.id]);
});

t("GET /blocks pages newest first through signed cursors that only their caller may use", async () => {
  const blocker = await newUser("pager");
  const blocked = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => newUser(`paged${n}`)));
  // Two blocks in one transaction share created_at: the blocked user's id orders them.
  await db()`insert into public.blocks (blocker_id, blocked_user_id, created_at)
             select ${blocker.id}::uuid, u::uuid, now() - interval '1 hour'
               from unnest(${[blocked[0].id, blocked[1].id]}::text[]) u`;
  for (const u of blocked.slice(2)) {
    assert.deepEqual(
      (await api("POST", "/blocks", { token: blocker.token, body: { blocked_user_id: u.id } })).status,
      201,
    );
  }
  // Someone else's block against the pager is never listed as the pager's.
  await api("POST", "/blocks", { token: blocked[0].token, body: { blocked_user_id: blocker.id } });
  type Page = {
    data: { blocker_id: string; blocked_user_id: string; created_at: string }[];
    next_cursor: string | null;
  };
  const all = await api<Page>("GET", "/blocks?limit=100", { token: blocker.token });
  assert.deepEqual(all.status, 200, all.text);
  const expected = [
    ...blocked.slice(2).reverse(),
    ...[blocked[0], blocked[1]].sort((a, b) => b.id < a.id ? -1 : 1),
  ]
    .map((u) => u.id);
  assert.deepEqual(
    all.body.data.map((b) => b.blocked_user_id),
    expected,
    "newest first, then by id descending",
  );
  assert.deepEqual(all.body.next_cursor, null);
  assert(all.body.data.every((b) => b.blocker_id === blocker.id), "only the caller's blocks");

  const walked: string[] = [];
  const cursors: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: Page } = await api<Page>(
      "GET",
      `/blocks?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      { token: blocker.token },
    );
    assert.deepEqual(page.status, 200);
    assert(page.body.data.length <= 3);
    walked.push(...page.body.data.map((b) => b.blocked_user_id));
    cursor = page.body.next_cursor;
    if (cursor) cursors.push(cursor);
  } while (cursor);
  assert.deepEqual(walked, expected, "pages of 3 repeat and skip nothing");
  assert.deepEqual(cursors.length, 2);

  const [first] = cursors;
  const dot = first.indexOf(".");
  for (
    const bad of [
      "garbage",
      first.slice(0, dot) + "." + "A".repeat(22),
      first.slice(1),
      first + "A",
      btoa("0:" + blocked[0].id).replaceAll("=", "") + first.slice(dot),
    ]
  ) {
    expectError(
      await api("GET", `/blocks?cursor=${encodeURIComponent(bad)}`, { token: blocker.token }),
      400,
      "invalid_cursor",
    );
  }
  expectError(
    await api("GET", `/blocks?cursor=${encodeURIComponent(first)}`, { token: blocked[0].token }),
    400,
    "invalid_cursor",
  );
  await newProject(blocker);
  await newProject(blocker);
  const projects = await api<{ next_cursor: string }>("GET", "/projects?limit=1", { token: blocker.token });
  expectError(
    await api("GET", `/blocks?cursor=${encodeURIComponent(projects.body.next_cursor)}`, {
      token: blocker.token,
    }),
    400,
    "invalid_cursor",
  );
  for (const q of ["limit=0", "limit=101", "limit=x", "cursor="]) {
    expectError(await api("GET", `/blocks?${q}`, { token: blocker.token }), 400, "invalid_request");
  }
  const theirs = await api<Page>("GET", "/blocks", { token: blocked[0].token });
  assert.deepEqual(
    theirs.body.data.map((b) => b.blocked_user_id),
    [blocker.id],
    "each sees only their own blocks",
  );
});

t("a block hides each user's shared projects from the other, both ways, until it is lifted", async () => {
  const carol = await newUser("carol");
  const dave = await newUser("dave");
  const tag = `blk${crypto.randomUUID().slice(0, 8)}`;
  const carols = await newProject(carol, { name: `Carol ${tag}`, shared: true });
  const daves = await newProject(dave, { name: `Dave ${tag}`, shared: true });
  const visible = async (viewer: typeof carol) =>
    (await api<{ data: ProjectBody[] }>("GET", `/projects?visibility=all&q=${tag}`, { token: viewer.token }))
      .body.data.map((p) => p.id);

  assert.deepEqual(await visible(carol), [daves.id, carols.id]);
  assert.deepEqual(
    (await api("POST", "/blocks", { token: carol.token, body: { blocked_user_id: dave.id } })).status,
    201,
  );
  assert.deepEqual(
    await visible(carol),
    [carols.id],
    "the blocker no longer sees the blocked user's projects",
  );
  assert.deepEqual(await visible(dave), [daves.id], "nor the blocked user the blocker's");
  expectError(await api("GET", `/projects/${daves.id}`, { token: carol.token }), 404, "project_not_found");
  expectError(
    await api("GET", `/projects/${carols.id}/files`, { token: dave.token }),
    404,
    "project_not_found",
  );
  expectError(
    await api("POST", `/projects/${carols.id}/reshares`, { token: dave.token, body: { platform: "x" } }),
    404,
    "project_not_found",
  );
  // Others still see both.
  assert.deepEqual(await visible(alice), [daves.id, carols.id]);

  assert.deepEqual((await api("DELETE", `/blocks/${dave.id}`, { token: carol.token })).status, 204);
  assert.deepEqual(await visible(dave), [daves.id, carols.id], "lifting the block shows them again");
});

t(
  "a deleted account's token gets 404 profile_not_found from POST /reports, /blocks and reshares",
  async () => {
    const leaving = await newUser("leaving");
    const shared = await newProject(bob, { shared: true });
    assert.deepEqual((await api("DELETE", "/me", { token: leaving.token })).status, 204);
    const calls: [string, unknown][] = [
      ["/reports", { reported_user_id: bob.id }],
      ["/reports", { reported_project_id: shared.id }],
      ["/blocks", { blocked_user_id: bob.id }],
      [`/projects/${shared.id}/reshares`, { platform: "x" }],
    ];
    for (const [path, body] of calls) {
      expectError(await api("POST", path, { token: leaving.token, body }), 404, "profile_not_found");
    }
  },
);

t("every moderation route needs a token", async () => {
  for (
    const [method, path] of [["POST", "/reports"], ["POST", "/blocks"], ["GET", "/blocks"], [
      "DELETE",
      `/blocks/${bob.id}`,
    ]]
  ) {
    expectError(await api(method, path, { body: method === "POST" ? {} : undefined }), 401, "unauthorized");
  }
});
