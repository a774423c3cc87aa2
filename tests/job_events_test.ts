// GET /jobs/{id}/events over HTTP: the live stream of a real job through the pipeline, resuming with
// Last-Event-ID, heartbeats, the wall-clock limit with its retry hint, and the errors.
import assert from "node:assert/strict";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import { createMcpApp } from "../supabase/functions/mcp/app.ts";
import { createJobWatch } from "../supabase/functions/mcp/job-watch.ts";
import {
  api,
  BASE_URL,
  db,
  expectError,
  inProcessApi,
  mcpToolCall,
  newUser,
  NO_STACK,
  queuedJob,
  runningJob,
  type TestUser,
  until,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comments: string[];
}

/** The blocks of an event stream, parsed as the SSE specification reads them. */
function parseSse(text: string): SseEvent[] {
  return text.split("\n\n").filter((b) => b.length > 0).map((block) => {
    const e: SseEvent = { comments: [] };
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) {
        e.comments.push(line.slice(1).trim());
        continue;
      }
      const i = line.indexOf(":");
      const field = line.slice(0, i);
      const value = line.slice(i + 1).replace(/^ /, "");
      if (field === "id" || field === "event" || field === "data" || field === "retry") e[field] = value;
    }
    return e;
  });
}

t(
  "GET /jobs/{id}/events streams a job from queued to succeeded with the runner's progress, then ends",
  async () => {
    const user = await newUser("events.e2e");
    const created = await api<{ id: string }>("POST", "/jobs", {
      token: user.token,
      body: { type: "prompt", input: { prompt: "a budget tracker app with categories" } },
    });
    assert.equal(created.status, 202);
    const res = await api("GET", `/jobs/${created.body.id}/events`, { token: user.token });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/event-stream/);
    const blocks = parseSse(res.text);
    assert.equal(blocks[0].retry, "1000");
    const events = blocks.filter((b) => b.id !== undefined);
    const seen = events.map((e) => {
      const data = JSON.parse(e.data!);
      return e.event === "status" ? `status:${data.status}` : `progress:${data.phase}`;
    });
    assert.deepEqual(seen, [
      "status:queued",
      "status:running",
      "progress:generating",
      "progress:saving",
      "status:succeeded",
    ]);
    const ids = events.map((e) => Number(e.id));
    assert.deepEqual(ids, [...ids].sort((a, b) => a - b), "ids increase");
    const saving = JSON.parse(events[3].data!);
    assert.ok(saving.files_written > 0 && saving.tokens_so_far > 0, JSON.stringify(saving));
    const done = JSON.parse(events[4].data!);
    assert.deepEqual(done, (await api("GET", `/jobs/${created.body.id}`, { token: user.token })).body);
    // The stream's last job carries what the app serves of the prompt and what it left out.
    const result = done.result as { asks: { built: boolean }[]; unmet: unknown };
    assert.ok(result.asks.some((ask) => ask.built), JSON.stringify(result));
    assert.ok(Array.isArray(result.unmet));

    // Resuming after the second event sends only the later ones.
    const resumed = await api("GET", `/jobs/${created.body.id}/events`, {
      token: user.token,
      headers: { "Last-Event-ID": events[1].id! },
    });
    assert.equal(resumed.status, 200);
    assert.deepEqual(
      parseSse(resumed.text).filter((b) => b.id).map((b) => b.id),
      events.slice(2).map((e) => e.id),
    );
  },
);

t(
  "GET /jobs/{id}/events: another user's or an unknown job is 404, a malformed Last-Event-ID 400",
  async () => {
    const alice = await newUser("events.alice");
    const bob = await newUser("events.bob");
    const job = await queuedJob(alice);
    expectError(await api("GET", `/jobs/${job.id}/events`, { token: bob.token }), 404, "job_not_found");
    expectError(
      await api("GET", `/jobs/${crypto.randomUUID()}/events`, { token: alice.token }),
      404,
      "job_not_found",
    );
    expectError(
      await api("GET", `/jobs/${job.id}/events`, { token: alice.token, headers: { "Last-Event-ID": "x1" } }),
      400,
      "invalid_request",
    );
    await api("POST", `/jobs/${job.id}/cancel`, { token: alice.token });
  },
);

t(
  "a quiet stream sends heartbeats, ends before its time limit with a retry hint, and resumes to the end",
  async () => {
    const env = { ...Deno.env.toObject(), JOB_EVENTS_MAX_SECONDS: "3", JOB_EVENTS_HEARTBEAT_SECONDS: "1" };
    const deps = depsFromConfig(loadConfig(env), env);
    try {
      const local = inProcessApi(createV1App(deps));
      const user = await newUser("events.quiet");
      const job = await queuedJob(user);
      const first = await local("GET", `/jobs/${job.id}/events`, { token: user.token });
      assert.equal(first.status, 200);
      const blocks = parseSse(first.text);
      assert.ok(blocks.some((b) => b.comments.includes("heartbeat")), first.text);
      const last = blocks[blocks.length - 1];
      assert.equal(last.retry, "1000", "the stream ends with a retry hint");
      const events = blocks.filter((b) => b.id);
      assert.deepEqual(events.map((e) => JSON.parse(e.data!).status), ["queued"]);

      const canceled = await api("POST", `/jobs/${job.id}/cancel`, { token: user.token });
      assert.equal(canceled.status, 200);
      const resumed = await local("GET", `/jobs/${job.id}/events`, {
        token: user.token,
        headers: { "Last-Event-ID": events[0].id! },
      });
      const rest = parseSse(resumed.text).filter((b) => b.id);
      assert.deepEqual(rest.map((e) => JSON.parse(e.data!).status), ["canceled"]);
      assert.ok(Number(rest[0].id) > Number(events[0].id));
    } finally {
      await deps.db.end();
    }
  },
);

t("a cancel request of a running job is an event too", async () => {
  const user = await newUser("events.cancel");
  const job = await queuedJob(user);
  // Claimed by a runner that is not there, so it stays running until canceled.
  await db()`select private.claim_job(${job.id}, ${crypto.randomUUID()})`;
  const requested = await api("POST", `/jobs/${job.id}/cancel`, { token: user.token });
  assert.equal(requested.status, 202);
  const [{ types }] = await db()`select jsonb_agg(jsonb_build_object('status', data ->> 'status',
      'cancel', data ? 'cancel_requested_at') order by id) as types from public.job_events where job_id = ${job.id}`;
  assert.deepEqual(types, [
    { status: "queued", cancel: false },
    { status: "running", cancel: false },
    { status: "running", cancel: true },
  ]);
  await db()`update public.jobs set lease_expires_at = now() - interval '1 second' where id = ${job.id}`;
  await db()`select private.dispatch_jobs()`;
  const res = await api("GET", `/jobs/${job.id}/events`, { token: user.token });
  assert.equal(
    parseSse(res.text).filter((b) => b.id).map((b) => JSON.parse(b.data!).status).pop(),
    "canceled",
  );
});

/** Ends a running job, as its runner would. */
async function endJob(jobId: string) {
  await db()`update public.jobs set status = 'canceled', finished_at = now()
              where id = ${jobId} and status = 'running'`;
}

const streamsPerUser = NO_STACK ? 0 : loadConfig(Deno.env.toObject()).JOB_STREAMS_PER_USER;

t(
  "one user has at most JOB_STREAMS_PER_USER event streams open: one more is 429 too_many_streams until one closes",
  async () => {
    const user = await newUser("events.cap");
    const other = await newUser("events.cap.other");
    const job = await runningJob(user);
    const theirJob = await runningJob(other);
    const open = (u: TestUser, id: string) =>
      fetch(`${BASE_URL}/jobs/${id}/events`, { headers: { authorization: `Bearer ${u.token}` } });
    const streams = await Promise.all(Array.from({ length: streamsPerUser }, () => open(user, job)));
    try {
      assert.deepEqual(streams.map((s) => s.status), streams.map(() => 200));
      const refused = await api("GET", `/jobs/${job}/events`, { token: user.token });
      expectError(refused, 429, "too_many_streams");
      assert.ok(Number(refused.headers.get("retry-after")) >= 1, "Retry-After says when to try again");
      // Another user's streams are theirs to count.
      const theirs = await open(other, theirJob);
      assert.equal(theirs.status, 200);
      streams.push(theirs);
      // A stream the client closes is given back (once the server has seen it go).
      await streams.shift()!.body!.cancel();
      let again: Response | undefined;
      for (let tries = 0; again?.status !== 200; tries++) {
        assert.ok(tries < 100, `still ${again?.status} after a stream closed`);
        await again?.body?.cancel();
        if (tries > 0) await new Promise((r) => setTimeout(r, 100));
        again = await open(user, job);
      }
      streams.push(again);
    } finally {
      await Promise.all(streams.map((s) => s.body?.cancel()));
      await endJob(job);
      await endJob(theirJob);
    }
  },
);

t(
  "wait_for_job counts against JOB_STREAMS_PER_USER: one wait too many is the tool error too_many_streams",
  async () => {
    const env = { ...Deno.env.toObject(), JOB_STREAMS_PER_USER: "2" };
    const deps = depsFromConfig(loadConfig(env), env);
    const watch = createJobWatch(deps.db);
    const mcp = createMcpApp(deps, { watch });
    const wait = async (u: TestUser, jobId: string, maxWaitSeconds = 60) => {
      const res = await mcp.fetch(
        new Request("http://localhost/mcp", {
          method: "POST",
          ...mcpToolCall(u.token, "wait_for_job", { jobId, maxWaitSeconds }),
        }),
      );
      return (await res.json()).result as { isError?: boolean; content: { text: string }[] };
    };
    const user = await newUser("events.waits");
    const other = await newUser("events.waits.other");
    const jobs = [await runningJob(user), await runningJob(user)];
    try {
      const waits = jobs.map((job) => wait(user, job));
      await until(() => watch.watching === 2, "both waits are under way");
      const refused = await wait(user, jobs[0], 1);
      assert.equal(refused.isError, true, refused.content[0].text);
      const error = JSON.parse(refused.content[0].text);
      assert.equal(error.code, "too_many_streams");
      assert.ok(error.retry_after_seconds >= 1);
      // Another user's wait is not refused (theirs ends at once: the job has already ended).
      const theirJob = await runningJob(other);
      await endJob(theirJob);
      const theirs = await wait(other, theirJob);
      assert.ok(!theirs.isError, theirs.content[0].text);
      // The waits end with their jobs, and give their slots back.
      for (const job of jobs) await endJob(job);
      for (const done of await Promise.all(waits)) assert.ok(!done.isError, done.content[0].text);
      assert.equal(deps.jobStreams.active, 0);
    } finally {
      for (const job of jobs) await endJob(job);
      await deps.db.end();
    }
  },
);
