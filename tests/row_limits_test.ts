// The per-account bounds over HTTP at their default values: projects (POST /projects and POST /jobs), open
// reports (a repeat answers with the open report, also when sent at once), blocks and checkouts.
import assert from "node:assert/strict";
import { api, db, expectError, newProject, newUser, NO_STACK, type TestUser } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

/** Gives `user` projects made by SQL until they own `count`. */
async function ownProjects(user: TestUser, count: number) {
  await db()`
    insert into public.projects (user_id, name)
    select ${user.id}, 'Seeded ' || n
      from generate_series((select count(*) from public.projects where user_id = ${user.id}) + 1, ${count}) n`;
}

t(
  "an account holds at most 500 projects: POST /projects and POST /jobs without project_id answer 413",
  async () => {
    const user = await newUser("limits.projects");
    await ownProjects(user, 490);
    // Fifteen at once for the last ten places: the count is taken under a per-user lock.
    const raced = await Promise.all(
      Array.from(
        { length: 15 },
        (_, i) =>
          api<{ id: number; details?: unknown }>("POST", "/projects", {
            token: user.token,
            body: { name: `Raced ${i}` },
          }),
      ),
    );
    assert.deepEqual(raced.map((r) => r.status).sort(), [...Array(10).fill(201), ...Array(5).fill(413)]);
    const refused = raced.find((r) => r.status === 413)!;
    expectError(refused, 413, "too_many_projects");
    assert.deepEqual(refused.body.details, { limit: 500 });
    const last = raced.find((r) => r.status === 201)!.body;
    const job = await api("POST", "/jobs", {
      token: user.token,
      body: { type: "prompt", input: { prompt: "a habit tracker app" } },
    });
    expectError(job, 413, "too_many_projects");
    const [{ projects, jobs }] = await db()`
    select (select count(*)::int from public.projects where user_id = ${user.id}) as projects,
           (select count(*)::int from public.jobs where user_id = ${user.id}) as jobs`;
    assert.deepEqual([projects, jobs], [500, 0], "neither a project nor a job was created");
    // A job on a project the account has is not a new project.
    const onExisting = await api("POST", "/jobs", {
      token: user.token,
      body: { type: "prompt", project_id: last.id, input: { prompt: "a habit tracker app" } },
    });
    assert.equal(onExisting.status, 202, onExisting.text);
    assert.equal((await api("DELETE", `/projects/${last.id}`, { token: user.token })).status, 204);
    assert.equal(
      (await api("POST", "/projects", { token: user.token, body: { name: "Room again" } })).status,
      201,
    );
  },
);

t(
  "POST /reports: the same open report again, even ten at once, answers 201 with the one report",
  async () => {
    const [reporter, author] = [await newUser("limits.reporter"), await newUser("limits.author")];
    const p = await newProject(author, { shared: true });
    const first = await api<{ id: string }>("POST", "/reports", {
      token: reporter.token,
      body: { reported_project_id: p.id, reason: "spam" },
    });
    assert.equal(first.status, 201, first.text);
    const again = await Promise.all(
      Array.from({ length: 10 }, () =>
        api<{ id: string; reason: string }>("POST", "/reports", {
          token: reporter.token,
          body: { reported_project_id: p.id, reason: "more spam" },
        })),
    );
    assert.deepEqual(again.map((r) => r.status), Array(10).fill(201));
    assert.deepEqual(
      new Set(again.map((r) => r.body.id)),
      new Set([first.body.id]),
      "the same report every time",
    );
    assert.deepEqual(again[0].body.reason, "spam", "with its first reason");
    const [{ n }] =
      await db()`select count(*)::int as n from public.reports where reporter_id = ${reporter.id}`;
    assert.equal(n, 1, "stored once");
    // Concurrent first reports of another target also make one row.
    const other = await newProject(author, { shared: true });
    const raced = await Promise.all(
      Array.from({ length: 10 }, () =>
        api<{ id: string }>("POST", "/reports", {
          token: reporter.token,
          body: { reported_project_id: other.id },
        })),
    );
    assert.deepEqual(
      raced.map((r) => r.status),
      Array(10).fill(201),
    );
    assert.equal(new Set(raced.map((r) => r.body.id)).size, 1, "one report for ten simultaneous requests");
  },
);

t("POST /reports: an account holds at most 200 open reports (413 too_many_reports)", async () => {
  const [reporter, author] = [await newUser("limits.reports"), await newUser("limits.reported")];
  await db()`
    with made as (
      insert into public.projects (user_id, name, shared)
      select ${author.id}, 'Reported ' || n, true from generate_series(1, 200) n
      returning id
    )
    insert into public.reports (reporter_id, reported_project_id) select ${reporter.id}, id from made`;
  const target = await newProject(author, { shared: true });
  const refused = await api("POST", "/reports", {
    token: reporter.token,
    body: { reported_project_id: target.id },
  });
  expectError(refused, 413, "too_many_reports");
  assert.deepEqual(refused.body.details, { limit: 200 });
  await db()`update public.reports set resolved_at = now()
              where id = (select id from public.reports where reporter_id = ${reporter.id} limit 1)`;
  const room = await api("POST", "/reports", {
    token: reporter.token,
    body: { reported_project_id: target.id },
  });
  assert.equal(room.status, 201, "a resolved report no longer counts");
});

t("POST /blocks: an account blocks at most 1000 users (413 too_many_blocks)", async () => {
  const blocker = await newUser("limits.blocker");
  await db()`
    with made as (
      insert into auth.users (id, email)
      select gen_random_uuid(), 'limits.blocked.' || n || '.' || ${blocker.id} || '@example.com'
        from generate_series(1, 1000) n
      returning id
    )
    insert into public.blocks (blocker_id, blocked_user_id) select ${blocker.id}, id from made`;
  const one = await newUser("limits.one.more");
  const refused = await api("POST", "/blocks", { token: blocker.token, body: { blocked_user_id: one.id } });
  expectError(refused, 413, "too_many_blocks");
  assert.deepEqual(refused.body.details, { limit: 1000 });
});
