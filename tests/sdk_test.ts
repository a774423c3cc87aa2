// The SDK (sdk/) against the running stack: a whole journey through its generated methods — profile,
// project, a job followed to success with waitForJob, files, wallet and ledger pages, notifications —
// every answer also recorded for the contract check.
import assert from "node:assert/strict";
import { createAppgenClient, isApiError, type Job } from "../sdk/src/index.ts";
import { BASE_URL, newUser, NO_STACK, PNG_1x1, record } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

/** fetch that also records each answer for the run's contract check. */
async function recordingFetch(request: Request): Promise<Response> {
  const res = await fetch(request);
  const text = await res.clone().text();
  record(
    request.method,
    new URL(request.url).pathname.slice(new URL(BASE_URL).pathname.length),
    res,
    text,
  );
  return res;
}

t(
  "SDK: profile, project, a job to success, files, wallet, notifications",
  async () => {
    const user = await newUser("sdk");
    const sdk = createAppgenClient({
      baseUrl: BASE_URL,
      token: () => user.token,
      fetch: recordingFetch,
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
    assert.equal(polled.at(-1), "succeeded");
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

t(
  "SDK: jobEvents follows a job's events to the end and resumes after an id",
  async () => {
    const user = await newUser("sdk.events");
    const sdk = createAppgenClient({
      baseUrl: BASE_URL,
      token: user.token,
      fetch: recordingFetch,
    });
    const job = await sdk.createJob({
      body: {
        type: "prompt",
        input: { prompt: "A habit tracker app with streaks" },
      },
    });
    const seen: string[] = [];
    const ids: string[] = [];
    for await (const event of sdk.jobEvents(job.id)) {
      ids.push(event.id);
      seen.push(event.type === "status" ? event.data.status : event.data.phase);
    }
    assert.deepEqual(seen, [
      "queued",
      "running",
      "generating",
      "saving",
      "succeeded",
    ]);
    const rest: string[] = [];
    for await (
      const event of sdk.jobEvents(job.id, { lastEventId: ids[2] })
    ) rest.push(event.id);
    assert.deepEqual(rest, ids.slice(3));
    await assert.rejects(
      async () => {
        for await (const _ of sdk.jobEvents(crypto.randomUUID())) {
          /* nothing */
        }
      },
      (err) => isApiError(err, "job_not_found"),
    );
  },
);
