// The SDK (sdk/) against the running stack: a whole journey through its generated methods — profile,
// project, a job followed to success with waitForJob, files, wallet and ledger pages, notifications —
// then its job events (resumed, reconnected at the stream's time limit), waitForJob's polling, and the
// quota's Retry-After waited out or handed over; every answer also recorded for the contract check.
import assert from "node:assert/strict";
import { createAppgenClient, isApiError, type Job } from "../sdk/src/index.ts";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import { BASE_URL, db, newUser, NO_STACK, PNG_1x1, queuedJob, record } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

/** fetch that also records each answer for the run's contract check (an event stream without reading it). */
async function recordingFetch(request: Request): Promise<Response> {
  const res = await fetch(request);
  const streamed = res.headers.get("content-type")?.startsWith("text/event-stream");
  record(
    request.method,
    new URL(request.url).pathname.slice(new URL(BASE_URL).pathname.length),
    res,
    streamed ? "" : await res.clone().text(),
  );
  return res;
}

/** recordingFetch, keeping the paths asked for. */
function tracingFetch() {
  const paths: string[] = [];
  return {
    paths,
    fetch: (request: Request) => {
      paths.push(new URL(request.url).pathname.slice(new URL(BASE_URL).pathname.length));
      return recordingFetch(request);
    },
  };
}

t(
  "SDK: profile, project, a job to success, files, wallet, notifications",
  async () => {
    const user = await newUser("sdk");
    const traced = tracingFetch();
    const sdk = createAppgenClient({
      baseUrl: BASE_URL,
      token: () => user.token,
      fetch: traced.fetch,
    });

    const username = `sdk_${crypto.randomUUID().slice(0, 8)}`;
    const me = await sdk.updateMe({ body: { username } });
    assert.equal(me.username, username);
    assert.equal(
      (await sdk.getMe({ params: { query: { fields: "username" } } })).username,
      username,
    );
    const avatar = await sdk.uploadAvatar({
      body: {
        file: new File([PNG_1x1 as BlobPart], "me.png", { type: "image/png" }),
      },
    });
    assert.match(avatar.avatar_url ?? "", /^https?:\/\//);

    const project = await sdk.createProject({
      body: { name: "SDK journey", description: "from the SDK" },
    });
    assert.deepEqual(
      await sdk.getProject({ params: { path: { projectId: project.id } } }),
      project,
    );

    const polled: string[] = [];
    const queued = await sdk.createJob({
      body: {
        type: "prompt",
        project_id: project.id,
        input: { prompt: "A to-do list app with due dates" },
      },
    });
    assert.equal(queued.status, "queued");
    const done: Job = await sdk.waitForJob(queued.id, {
      onPoll: (j) => polled.push(j.status),
    });
    assert.equal(done.status, "succeeded", JSON.stringify(done.error));
    assert.deepEqual(polled, ["queued", "running", "succeeded"]);
    assert.deepEqual(
      traced.paths.filter((p) => p.startsWith(`/jobs/${queued.id}`)),
      [`/jobs/${queued.id}/events`],
      "waitForJob followed the event stream, without polling",
    );
    assert.equal(done.result?.project_id, project.id);

    const files = await sdk.listProjectFiles({
      params: { path: { projectId: project.id } },
    });
    assert(files.data.length > 0);
    await sdk.saveProjectFiles({
      params: { path: { projectId: project.id } },
      body: {
        files: [{
          path: "notes/sdk.md",
          contents: "# written by the SDK",
          type: "DOC",
        }],
      },
    });
    const saved = await sdk.listProjectFiles({
      params: { path: { projectId: project.id } },
    });
    assert.equal(
      saved.data.find((f) => f.path === "notes/sdk.md")?.contents,
      "# written by the SDK",
    );

    const wallet = await sdk.getWallet();
    assert(wallet.total < 500, "the job was charged");
    const ledger = [];
    for await (
      const row of sdk.items((cursor) =>
        sdk.listWalletTransactions({
          params: { query: { limit: 1, ...(cursor ? { cursor } : {}) } },
        })
      )
    ) ledger.push(row);
    assert.deepEqual(ledger.map((r) => r.reason).sort(), ["bonus", "spend"]);

    let pagesRead = 0;
    const notifications = [];
    for await (
      const page of sdk.pages((cursor) =>
        sdk.listNotifications({
          params: { query: { limit: 1, ...(cursor ? { cursor } : {}) } },
        })
      )
    ) {
      pagesRead++;
      notifications.push(...page.data);
    }
    assert(notifications.length >= 1 && pagesRead >= notifications.length);
    assert((await sdk.getUnreadNotificationCount()).unread_count >= 1);
    await sdk.markAllNotificationsRead({ body: { is_read: true } });
    assert.equal((await sdk.getUnreadNotificationCount()).unread_count, 0);

    const projects = [];
    for await (
      const p of sdk.items((cursor) => sdk.listProjects({ params: { query: { cursor } } }))
    ) {
      projects.push(p.id);
    }
    assert.deepEqual(projects, [project.id]);
  },
);

t("SDK: refusals are ApiErrors typed by code", async () => {
  const user = await newUser("sdk.errors");
  const sdk = createAppgenClient({
    baseUrl: BASE_URL,
    token: user.token,
    fetch: recordingFetch,
  });
  const err = await sdk.getProject({
    params: { path: { projectId: 999999999999 } },
  }).catch((e) => e);
  assert(isApiError(err, "project_not_found"), String(err));
  assert.equal(err.status, 404);
  const anonymous = createAppgenClient({
    baseUrl: BASE_URL,
    fetch: recordingFetch,
  });
  const denied = await anonymous.getMe().catch((e) => e);
  assert(isApiError(denied, "unauthorized"));
  assert.equal(denied.status, 401);
});

t("SDK: streamJobEvents follows a job's events to the end and resumes after an id", async () => {
  const user = await newUser("sdk.events");
  const sdk = createAppgenClient({ baseUrl: BASE_URL, token: user.token, fetch: recordingFetch });
  const job = await sdk.createJob({
    body: { type: "prompt", input: { prompt: "A habit tracker app with streaks" } },
  });
  const seen: string[] = [];
  const ids: string[] = [];
  for await (const event of sdk.streamJobEvents({ params: { path: { jobId: job.id } } })) {
    ids.push(event.id);
    seen.push(event.type === "status" ? event.data.status : event.data.phase);
  }
  assert.deepEqual(seen, ["queued", "running", "generating", "saving", "succeeded"]);
  const rest: string[] = [];
  for await (
    const event of sdk.streamJobEvents({
      params: { path: { jobId: job.id }, header: { "last-event-id": ids[2] } },
    })
  ) rest.push(event.id);
  assert.deepEqual(rest, ids.slice(3));
  await assert.rejects(
    async () => {
      for await (const _ of sdk.streamJobEvents({ params: { path: { jobId: crypto.randomUUID() } } })) {
        /* nothing */
      }
    },
    (err) => isApiError(err, "job_not_found"),
  );
});

t(
  "SDK: streamJobEvents reconnects with Last-Event-ID when the server's time limit ends the stream",
  async () => {
    // The v1 function in process with a 1 s stream limit, so the stream ends before the job does.
    const env = { ...Deno.env.toObject(), JOB_EVENTS_MAX_SECONDS: "1", JOB_EVENTS_HEARTBEAT_SECONDS: "1" };
    const deps = depsFromConfig(loadConfig(env), env);
    try {
      const app = createV1App(deps);
      const user = await newUser("sdk.reconnect");
      const job = await queuedJob(user);
      const sdk = createAppgenClient({ baseUrl: BASE_URL, token: user.token, fetch: recordingFetch });
      const asked: (string | null)[] = [];
      const local = createAppgenClient({
        baseUrl: "http://localhost/v1",
        token: user.token,
        fetch: async (request) => {
          asked.push(request.headers.get("last-event-id"));
          // The job is canceled only once the first stream has ended, so only a reconnection can see it.
          if (asked.length === 2) await sdk.cancelJob({ params: { path: { jobId: job.id } } });
          return await app.fetch(request);
        },
      });
      const events = [];
      for await (const event of local.streamJobEvents({ params: { path: { jobId: job.id } } })) {
        events.push(
          event,
        );
      }
      assert.deepEqual(events.map((e) => e.type === "status" && e.data.status), ["queued", "canceled"]);
      assert.deepEqual(asked, [null, events[0].id]);
    } finally {
      await deps.db.end();
    }
  },
);

t("SDK: waitForJob polls the job when its event stream cannot be read", async () => {
  const user = await newUser("sdk.poll");
  const traced = tracingFetch();
  const sdk = createAppgenClient({
    baseUrl: BASE_URL,
    token: user.token,
    // A proxy in the way that refuses event streams.
    fetch: (request) =>
      new URL(request.url).pathname.endsWith("/events")
        ? Promise.resolve(Response.json({ message: "Bad gateway" }, { status: 502 }))
        : traced.fetch(request),
  });
  const job = await sdk.createJob({
    body: { type: "prompt", input: { prompt: "A recipe box app with tags" } },
  });
  const polled: string[] = [];
  const done = await sdk.waitForJob(job.id, { onPoll: (j) => polled.push(j.status) });
  assert.equal(done.status, "succeeded", JSON.stringify(done.error));
  assert.equal(polled.at(-1), "succeeded");
  assert.ok(traced.paths.filter((p) => p === `/jobs/${job.id}`).length === polled.length);
});

t(
  "SDK: a 429 with a short Retry-After is waited out and sent again; a long one is the caller's",
  async () => {
    const user = await newUser("sdk.retry");
    const [{ limit, window }] = await db()`select private.setting('quota_limit', '30')::int as limit,
    private.setting('quota_window_seconds', '3600')::int as window`;
    // The quota spent, its oldest evaluation leaving the window in 2 s: the server says to come back then.
    await db()`insert into public.prompt_evaluations (user_id, created_at)
    select ${user.id}, case when i = 1 then now() - make_interval(secs => ${window} - 2) else now() end
      from generate_series(1, ${limit}) i`;
    const traced = tracingFetch();
    const sdk = createAppgenClient({ baseUrl: BASE_URL, token: user.token, fetch: traced.fetch });
    const input = { type: "prompt" as const, input: { prompt: "A reading log app" } };
    const job = await sdk.createJob({ body: input });
    assert.equal(job.status, "queued");
    assert.ok(traced.paths.filter((p) => p === "/jobs").length >= 2, "refused first, then sent again");

    // Now a whole window away: not waited for, but handed over with the wait.
    await db()`insert into public.prompt_evaluations (user_id) select ${user.id} from generate_series(1, ${limit})`;
    traced.paths.length = 0;
    const err = await sdk.createJob({ body: input }).catch((e) => e);
    assert(isApiError(err, "rate_limited"), String(err));
    assert.ok(err.retryAfterSeconds! > 60, `Retry-After ${err.retryAfterSeconds}`);
    assert.deepEqual(traced.paths, ["/jobs"]);
  },
);
