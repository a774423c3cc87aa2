// Job control over HTTP and MCP: canceling queued and running jobs through the real pipeline.
import assert from "node:assert/strict";
import { createRunnerApp, runnerDepsFrom } from "../supabase/functions/job-runner/app.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import {
  api,
  db,
  expectError,
  newUser,
  NO_STACK,
  queuedJob,
  setting,
  settingValue,
  silentServer,
  waitForJob,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

interface JobBody {
  id: string;
  status: string;
  error?: { code: string; message: string };
  cancel_requested_at?: string;
}

t(
  "POST /jobs/{id}/cancel: a queued job is canceled at once, a repeat answers it again, others get 404",
  async () => {
    const alice = await newUser("cancel.alice");
    const bob = await newUser("cancel.bob");
    const job = await queuedJob<JobBody>(alice);

    expectError(await api("POST", `/jobs/${job.id}/cancel`, { token: bob.token }), 404, "job_not_found");
    expectError(
      await api("POST", `/jobs/${crypto.randomUUID()}/cancel`, { token: alice.token }),
      404,
      "job_not_found",
    );
    expectError(await api("POST", `/jobs/not-a-uuid/cancel`, { token: alice.token }), 400);

    const held = async () =>
      (await api<{ held: number }>("GET", "/wallets/me", { token: alice.token })).body.held;
    assert.ok(await held() > 0, "the queued job holds credits");
    const canceled = await api<JobBody>("POST", `/jobs/${job.id}/cancel`, { token: alice.token });
    assert.equal(await held(), 0, "the cancel releases the hold");
    assert.equal(canceled.status, 200);
    assert.equal(canceled.body.status, "canceled");
    assert.equal(canceled.body.error?.code, "canceled");
    const again = await api<JobBody>("POST", `/jobs/${job.id}/cancel`, { token: alice.token });
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, canceled.body);

    // The dispatcher never sends it again, and nothing was spent.
    await db()`select private.dispatch_jobs()`;
    assert.equal(
      (await api<JobBody>("GET", `/jobs/${job.id}`, { token: alice.token })).body.status,
      "canceled",
    );
    const [{ n }] = await db()`select count(*)::int as n from public.wallet_transactions
                              where user_id = ${alice.id} and reason = 'spend'`;
    assert.equal(n, 0);
  },
);

t("POST /jobs/{id}/cancel on a finished job is 409 job_terminal", async () => {
  const user = await newUser("cancel.done");
  const created = await api<JobBody>("POST", "/jobs", {
    token: user.token,
    body: { type: "prompt", input: { prompt: "a recipe book app" } },
  });
  assert.equal((await waitForJob<JobBody>(user, created.body.id)).status, "succeeded");
  const res = await api<{ details?: { status?: string } }>("POST", `/jobs/${created.body.id}/cancel`, {
    token: user.token,
  });
  expectError(res, 409, "job_terminal");
  assert.equal(res.body.details?.status, "succeeded");
});

t(
  "a running job is stopped at its runner's next heartbeat: the model request is aborted, the job canceled, nothing charged",
  async () => {
    // A model service that accepts the request and never answers keeps the generation running.
    const hung = silentServer();
    const env = {
      ...Deno.env.toObject(),
      GENERATOR: "openai",
      OPENAI_BASE_URL: `${hung.url}/v1`,
      OPENAI_API_KEY: "sk-test",
      OPENAI_MODEL_LIGHT: "m",
      OPENAI_MODEL_FULL: "m",
      OPENAI_PRICES: '{"m": {"inputPerMTokEur": "1", "outputPerMTokEur": "1"}}',
    };
    const config = loadConfig(env);
    const deps = runnerDepsFrom(config, env);
    const runner = createRunnerApp(deps, config.WORKER_SECRET);
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, runner.fetch);
    const gatewayRunner = await settingValue("runner_url");
    try {
      await setting("runner_url", `http://127.0.0.1:${server.addr.port}/job-runner`);
      await setting("job_lease_seconds", "3");
      const user = await newUser("cancel.running");
      const created = await api<JobBody>("POST", "/jobs", {
        token: user.token,
        body: { type: "prompt", input: { prompt: "a workout planner app", model: "light" } },
      });
      await waitForJob<JobBody>(user, created.body.id, ["running"]);
      await setting("runner_url", gatewayRunner);
      // The model request is in flight.
      for (let i = 0; i < 100 && hung.held.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      assert.equal(hung.held.length, 1);

      const requested = await api<JobBody>("POST", `/jobs/${created.body.id}/cancel`, { token: user.token });
      assert.equal(requested.status, 202);
      assert.equal(requested.body.status, "running");
      assert.ok(requested.body.cancel_requested_at);
      const repeat = await api<JobBody>("POST", `/jobs/${created.body.id}/cancel`, { token: user.token });
      assert.equal(repeat.status, 202);
      assert.equal(repeat.body.cancel_requested_at, requested.body.cancel_requested_at);

      const done = await waitForJob<JobBody>(user, created.body.id);
      assert.equal(done.status, "canceled");
      const wallet = await api<{ held: number }>("GET", "/wallets/me", { token: user.token });
      assert.equal(wallet.body.held, 0, "the hold is released");
      assert.equal(done.error?.code, "canceled");
      // The runner closed the model request: the stand-in's connection reads end-of-stream.
      const buf = new Uint8Array(65536);
      let read: number | null = 0;
      while (read !== null) read = await hung.held[0].read(buf);
      const [{ n }] = await db()`select count(*)::int as n from public.wallet_transactions
                                where user_id = ${user.id} and reason = 'spend'`;
      assert.equal(n, 0, "the provider billed nothing, so nothing is charged");
    } finally {
      await setting("runner_url", gatewayRunner);
      await setting("job_lease_seconds", null);
      await server.shutdown();
      await deps.db.end();
      await hung.close();
    }
  },
);

t(
  "GET /jobs: the caller's jobs newest first, in pages that never repeat or skip, by status and project",
  async () => {
    const user = await newUser("list.jobs");
    const other = await newUser("list.other");
    const a = await queuedJob<JobBody>(user, "a habit tracker app");
    const b = await queuedJob<JobBody>(user, "a recipe book app");
    const c = await queuedJob<JobBody>(user, "a workout planner app");
    await queuedJob(other, "a travel journal app");
    assert.equal((await api("POST", `/jobs/${b.id}/cancel`, { token: user.token })).status, 200);
    type Page = { data: (JobBody & { project_id: number })[]; next_cursor: string | null };
    const list = async (query: string, token = user.token) => {
      const res = await api<Page>("GET", `/jobs${query}`, { token });
      assert.equal(res.status, 200, res.text);
      return res.body;
    };

    const first = await list("?limit=2");
    assert.deepEqual(first.data.map((j) => j.id), [c.id, b.id]);
    assert.equal(first.data[1].status, "canceled");
    assert.ok(first.next_cursor);
    const second = await list(`?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    assert.deepEqual(second.data.map((j) => j.id), [a.id]);
    assert.equal(second.next_cursor, null);
    assert.deepEqual((await list("?status=canceled")).data.map((j) => j.id), [b.id]);
    assert.deepEqual((await list("?status=queued")).data.map((j) => j.id), [c.id, a.id]);
    const projectA = second.data[0].project_id;
    assert.deepEqual((await list(`?project_id=${projectA}`)).data.map((j) => j.id), [a.id]);
    assert.deepEqual((await list(`?project_id=${projectA}&status=canceled`)).data, []);
    assert.deepEqual(
      (await list(`?project_id=${projectA}`, other.token)).data,
      [],
      "another user's project is empty",
    );
    assert.equal((await list("", other.token)).data.length, 1, "another user sees only their own");

    expectError(await api("GET", "/jobs?limit=0", { token: user.token }), 400, "invalid_request");
    expectError(await api("GET", "/jobs?status=done", { token: user.token }), 400, "invalid_request");
    expectError(await api("GET", "/jobs?project_id=x", { token: user.token }), 400, "invalid_request");
    expectError(await api("GET", "/jobs?cursor=yesterday", { token: user.token }), 400, "invalid_cursor");
    for (const job of [a, c]) await api("POST", `/jobs/${job.id}/cancel`, { token: user.token });
  },
);
