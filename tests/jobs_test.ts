// Section C over HTTP: creating jobs (every status), attachments, reading jobs, and the whole pipeline —
// trigger, pg_net, runner, finalize — with no test calling the runner itself.
import { templateIcon } from "../supabase/functions/_generator/compose.ts";
import assert from "node:assert/strict";
import { join } from "node:path";
import { existsSync } from "node:fs";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import type { Db } from "../supabase/functions/_shared/db.ts";
import { freePort, ROOT } from "../scripts/local/stack.ts";
import {
  api,
  db,
  errorCode,
  expectError,
  imageForm,
  inProcessApi,
  newProject,
  newUser,
  NO_STACK,
  PNG_1x1,
  setting,
  settingValue,
  silentServer,
  TERMINAL_JOB_STATUSES,
  type TestUser,
  waitForJob,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

interface JobBody {
  id: string;
  type: string;
  status: string;
  project_id: number | null;
  input: Record<string, unknown>;
  result?: {
    project_id: number;
    files_saved: number;
    kind?: string;
    language?: string;
    asks?: unknown[];
    unmet?: string[];
  };
  error?: { code: string; message: string };
  created_at: string;
  updated_at: string;
}

const alice = NO_STACK ? undefined! : await newUser("jobs.alice");
const bob = NO_STACK ? undefined! : await newUser("jobs.bob");

function promptJob(prompt: string, extra: Record<string, unknown> = {}) {
  return { type: "prompt", input: { prompt }, ...extra };
}

t(
  "POST /jobs without a project creates one; the job runs to succeeded through dispatcher and runner",
  async () => {
    const user = await newUser("jobs.e2e");
    const res = await api<JobBody>("POST", "/jobs", {
      token: user.token,
      body: promptJob("a todo list app with categories"),
    });
    assert.equal(res.status, 202);
    assert.equal(res.body.status, "queued");
    assert.equal(res.body.type, "prompt");
    assert.equal(typeof res.body.project_id, "number");
    assert.equal(res.body.input.model, "light");
    assert.equal(res.body.input.appName, "Todo");

    const done = await waitForJob<JobBody>(user, res.body.id);
    assert.equal(done.status, "succeeded", JSON.stringify(done.error));
    assert.equal(done.result?.project_id, res.body.project_id);
    assert.equal(done.result?.kind, "list");
    assert.equal(done.result?.language, "en");
    // The result says what the prompt asked and which screen serves it, and what was left out (nothing).
    assert.deepEqual(done.result?.asks, [{
      type: "list",
      quote: "todo list app with categories",
      built: true,
      block: "collection",
      screen: "tasks",
    }]);
    assert.deepEqual(done.result?.unmet, []);

    const files = await api<{ data: { path: string; contents: string; type: string }[] }>(
      "GET",
      `/projects/${res.body.project_id}/files`,
      { token: user.token },
    );
    // The result counts the project's complete file set: the new project's template files left nothing.
    assert.equal(done.result?.files_saved, files.body.data.length);
    const spec = JSON.parse(files.body.data.find((f) => f.path === "app.spec.json")!.contents);
    assert.deepEqual(spec.screens.map((s: { block: string }) => s.block), ["collection"]);
    assert.ok(
      files.body.data.some((f) => f.path === "src/blocks/CollectionBlock.tsx"),
      "a list app has a list",
    );
    // The service's rendered icon, not the template's, is the app's icon.
    const iconFile = files.body.data.find((f) => f.path === "assets/icon.png")!;
    assert.equal(iconFile.type, "ASSET");
    assert.notEqual(iconFile.contents, templateIcon());
    const [project] = await db()`select description from public.projects where id = ${res.body.project_id}`;
    assert.equal(project.description, spec.description);

    const [spend] = await db()`select amount, bonus_amount, metadata from public.wallet_transactions
                              where user_id = ${user.id} and reason = 'spend'`;
    assert.equal(Number(spend.bonus_amount), -5);
    assert.equal(spend.metadata.run_id, res.body.id);
    assert.equal(spend.metadata.model, "template-light");
    assert.equal(spend.metadata.provider, "template");
    assert.equal(spend.metadata.cost_eur, "0.05");
    assert.equal(spend.metadata.display_cost, "0,05\u00a0€");
    const [usage] =
      await db()`select status, tokens_in, tokens_out, credits from public.usage_events where job_id = ${res.body.id}`;
    assert.equal(usage.status, "succeeded");
    assert.ok(Number(usage.tokens_in) > 0 && Number(usage.tokens_out) > 0);
    const notes = await api<{ data: { payload?: Record<string, unknown> }[] }>("GET", "/notifications", {
      token: user.token,
    });
    if (notes.status === 200) {
      assert.ok(
        notes.body.data.some((n) => JSON.stringify(n).includes(res.body.id)),
        "the owner is notified",
      );
    }
    // The icon of the new project is generated without the request waiting for it.
    let icon: string | null = null;
    for (let i = 0; i < 100 && !icon; i++) {
      icon = (await api<{ icon_url: string | null }>("GET", `/projects/${res.body.project_id}`, {
        token: user.token,
      }))
        .body.icon_url;
      if (!icon) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(icon, "the new project got its icon");
  },
);

t(
  "POST /jobs on an existing project keeps the client's model and name and folds the top-level fields",
  async () => {
    const project = await newProject(alice);
    const res = await api<JobBody>("POST", "/jobs", {
      token: alice.token,
      body: {
        type: "prompt",
        project_id: project.id,
        input: {
          prompt: "make a pomodoro timer",
          model: "full",
          appName: "Focus",
          live_activity_user: "inner",
        },
        live_activity_user: "outer",
        live_activity_token: "la-token",
        dbhost_project_ref: "abcdefghijklmnopqrst",
      },
    });
    assert.equal(res.status, 202);
    assert.equal(res.body.project_id, project.id);
    assert.equal(res.body.input.model, "full");
    assert.equal(res.body.input.appName, "Focus");
    assert.equal(res.body.input.live_activity_user, "outer", "the top-level value wins");
    assert.equal(res.body.input.live_activity_token, "la-token");
    assert.equal(res.body.input.dbhost_project_ref, "abcdefghijklmnopqrst");
    const done = await waitForJob<JobBody>(alice, res.body.id);
    assert.equal(done.status, "succeeded");
    const [spend] = await db()`select metadata from public.wallet_transactions where external_ref = ${
      "job:" + res.body.id
    }`;
    assert.equal(spend.metadata.cost_eur, "0.2", "the full tier costs more");
  },
);

t(
  "POST /jobs on a project without an appName keeps the project's name in the job and its notification",
  async () => {
    const user = await newUser("jobs.followname");
    const project = await newProject(user, { name: "Garden Journal" });
    const res = await api<JobBody>("POST", "/jobs", {
      token: user.token,
      body: promptJob("make it dark", { project_id: project.id }),
    });
    assert.equal(res.status, 202);
    assert.equal(
      res.body.input.appName,
      "Garden Journal",
      "a change names nothing: the project's name stays",
    );
    const done = await waitForJob<JobBody>(user, res.body.id);
    assert.equal(done.status, "succeeded", JSON.stringify(done.error));
    const [note] = await db()`select payload from public.notifications
                               where recipient_id = ${user.id} and payload ->> 'job_id' = ${res.body.id}`;
    assert.equal(note.payload.app_name, "Garden Journal");
  },
);

t(
  "POST /jobs with a known idempotency_key returns the first job with 200 and consumes nothing, also under concurrency",
  async () => {
    const user = await newUser("jobs.idem");
    const key = crypto.randomUUID();
    const project = await newProject(user);
    const body = promptJob("a recipe app to save dishes", { project_id: project.id, idempotency_key: key });
    const all = await Promise.all(
      Array.from({ length: 20 }, () => api<JobBody>("POST", "/jobs", { token: user.token, body })),
    );
    assert.deepEqual(all.map((r) => r.status).sort(), [...Array(19).fill(200), 202]);
    assert.equal(new Set(all.map((r) => r.body.id)).size, 1);
    const again = await api<JobBody>("POST", "/jobs", { token: user.token, body });
    assert.equal(again.status, 200);
    assert.equal(again.body.id, all[0].body.id);
    const [{ jobs, evaluations, admissions }] = await db()`
      select (select count(*)::int from public.jobs where user_id = ${user.id}) as jobs,
             (select count(*)::int from public.prompt_evaluations where user_id = ${user.id}) as evaluations,
             (select count(*)::int from public.job_admissions where user_id = ${user.id}) as admissions`;
    assert.deepEqual({ jobs, evaluations, admissions }, { jobs: 1, evaluations: 1, admissions: 0 });
    // The same key is another user's own: it does not collide.
    const other = await api<JobBody>("POST", "/jobs", {
      token: bob.token,
      body: promptJob("a recipe app to save dishes", { idempotency_key: key }),
    });
    assert.equal(other.status, 202);
    assert.notEqual(other.body.id, all[0].body.id);
  },
);

t(
  "POST /jobs near the floor: concurrent requests admit exactly what the same requests one after another would",
  async () => {
    // Each job holds its tier's price (light 5, full 20: what the template generator charges), so the
    // count does not depend on how many jobs finish while the requests arrive.
    for (const [n, model, price] of [[20, "light", 5], [50, "full", 20]] as const) {
      const admitted: number[] = [];
      const jobs: { user: TestUser; id: string }[] = [];
      for (const concurrent of [true, false]) {
        const user = await newUser(`jobs.floor.${model}`);
        const project = await newProject(user);
        await db()`update public.wallets set balance = -490, bonus_balance = 0 where user_id = ${user.id}`;
        const body = { type: "prompt", project_id: project.id, input: { prompt: "a todo list app", model } };
        const post = () => api("POST", "/jobs", { token: user.token, body });
        const answers = [];
        if (concurrent) answers.push(...await Promise.all(Array.from({ length: n }, post)));
        else for (let i = 0; i < n; i++) answers.push(await post());
        const ok = answers.filter((r) => r.status === 202);
        for (const r of answers.filter((r) => r.status !== 202)) expectError(r, 402, "insufficient_credits");
        admitted.push(ok.length);
        jobs.push(...ok.map((r) => ({ user, id: r.body.id as string })));
      }
      assert.deepEqual(admitted, [admitted[1], Math.ceil(10 / price)], `${n} ${model} requests`);
      for (const job of jobs) assert.equal((await waitForJob<JobBody>(job.user, job.id)).status, "succeeded");
      for (const user of new Set(jobs.map((j) => j.user))) {
        const wallet = await api<{ balance: number; held: number; available: number }>("GET", "/wallets/me", {
          token: user.token,
        });
        assert.deepEqual(wallet.body, {
          ...wallet.body,
          balance: -490 - admitted[0] * price,
          held: 0,
          available: -490 - admitted[0] * price,
        });
      }
    }
  },
);

t(
  "a follow-up that renames the app renames the project; other follow-ups keep the name the user set",
  async () => {
    const user = await newUser("jobs.rename");
    const run = async (body: Record<string, unknown>) => {
      const res = await api<JobBody>("POST", "/jobs", { token: user.token, body });
      assert.equal(res.status, 202, res.text);
      const done = await waitForJob<JobBody>(user, res.body.id);
      assert.equal(done.status, "succeeded", JSON.stringify(done.error));
      return done;
    };
    const nameOf = async (id: number) =>
      (await api<{ name: string }>("GET", `/projects/${id}`, { token: user.token })).body.name;
    const first = await run(promptJob("a todo list app for my chores"));
    const id = first.project_id!;
    assert.equal(await nameOf(id), "Chores");

    await run(promptJob("rename the app to Errands", { project_id: id }));
    assert.equal(await nameOf(id), "Errands");

    const patched = await api("PATCH", `/projects/${id}`, { token: user.token, body: { name: "My chores" } });
    assert.equal(patched.status, 200, patched.text);
    await run(promptJob("change the app colour to red", { project_id: id }));
    assert.equal(await nameOf(id), "My chores", "a follow-up that keeps the app's name keeps the user's");

    const italian = await run(promptJob("chiamala Commissioni, la mia app", { project_id: id }));
    assert.equal(await nameOf(id), "Commissioni");
    assert.equal((italian.result as { name?: string }).name, "Commissioni");
  },
);

t("POST /jobs refuses malformed requests with 400 and the field in details", async () => {
  const cases: [string, unknown][] = [
    ["no type", { input: { prompt: "a todo app for me" } }],
    ["another type", { type: "build", input: { prompt: "a todo app for me" } }],
    ["no input", { type: "prompt" }],
    ["blank prompt", promptJob("    ")],
    ["long prompt", promptJob("a todo app ".repeat(800) + "x".repeat(10))],
    ["unknown model", { type: "prompt", input: { prompt: "a todo app for me", model: "huge" } }],
    ["unknown field", { ...promptJob("a todo app for me"), priority: "high" }],
    ["unknown input field", { type: "prompt", input: { prompt: "a todo app for me", secret: 1 } }],
    ["bad push token", promptJob("a todo app for me", { expo_push_token: "not-a-token" })],
    ["string project id", promptJob("a todo app for me", { project_id: "12" })],
    ["negative project id", promptJob("a todo app for me", { project_id: -1 })],
    ["bad idempotency key", promptJob("a todo app for me", { idempotency_key: "abc" })],
    ["array body", []],
  ];
  for (const [label, body] of cases) {
    const res = await api("POST", "/jobs", { token: alice.token, body });
    assert.equal(res.status, 400, label);
    assert.equal(errorCode(res), "invalid_request", label);
  }
  const malformed = await api("POST", "/jobs", {
    token: alice.token,
    body: '{"type": "prompt",',
    headers: { "content-type": "application/json" },
  });
  expectError(malformed, 400, "invalid_json");
  expectError(
    await api("POST", "/jobs", {
      token: alice.token,
      body: "type=prompt",
      headers: { "content-type": "text/plain" },
    }),
    415,
    "unsupported_media_type",
  );
  expectError(await api("POST", "/jobs", { body: promptJob("a todo app for me") }), 401, "unauthorized");
});

t("POST /jobs rejects an unusable prompt with 400 invalid_prompt and a reason", async () => {
  const res = await api("POST", "/jobs", { token: alice.token, body: promptJob("asdf asdf asdf") });
  expectError(res, 400, "invalid_prompt");
  assert.equal(typeof (res.body.details as { reason?: unknown }).reason, "string");
});

t(
  "POST /jobs refuses what no offline app can do with 400 invalid_prompt, its reason, and no charge",
  async () => {
    const user = await newUser("jobs.live");
    const [before] = await db()`select balance, bonus_balance from public.wallets where user_id = ${user.id}`;
    for (
      const prompt of [
        "an online multiplayer chess game against my friends",
        "tu peux me faire une appli qui affiche le cours du bitcoin en temps réel",
        // Nothing understood: a language the offline generator reads only the subjects of, and none it knows.
        "Quero um app sobre a teoria das cordas",
      ]
    ) {
      const res = await api("POST", "/jobs", { token: user.token, body: promptJob(prompt) });
      expectError(res, 400, "invalid_prompt");
      assert.match(String((res.body.details as { reason?: unknown }).reason), /cannot be made offline/);
    }
    const [after] = await db()`select balance, bonus_balance from public.wallets where user_id = ${user.id}`;
    assert.deepEqual(after, before);
    const [jobs] = await db()`select count(*)::int as n from public.jobs where user_id = ${user.id}`;
    assert.equal(jobs.n, 0);
  },
);

t("POST /jobs is 404 for a project that is not the caller's", async () => {
  const project = await newProject(bob, { shared: true });
  expectError(
    await api("POST", "/jobs", {
      token: alice.token,
      body: promptJob("a timer app", { project_id: project.id }),
    }),
    404,
    "project_not_found",
  );
  expectError(
    await api("POST", "/jobs", {
      token: alice.token,
      body: promptJob("a timer app", { project_id: 999_999_999 }),
    }),
    404,
    "project_not_found",
  );
});

t("POST /jobs is 402 insufficient_credits at the -500 floor", async () => {
  const user = await newUser("jobs.broke");
  await db()`update public.wallets set balance = -500, bonus_balance = 0 where user_id = ${user.id}`;
  const res = await api("POST", "/jobs", {
    token: user.token,
    body: promptJob("a habit tracker app with a chart"),
  });
  expectError(res, 402, "insufficient_credits");
  await db()`update public.wallets set balance = -499 where user_id = ${user.id}`;
  assert.equal(
    (await api("POST", "/jobs", { token: user.token, body: promptJob("a habit tracker app with a chart") }))
      .status,
    202,
  );
});

t("POST /jobs is 429 rate_limited with Retry-After once the quota is spent; /whoami reports it", async () => {
  const user = await newUser("jobs.quota");
  const first = await api("POST", "/jobs", { token: user.token, body: promptJob("a habit tracker app") });
  assert.equal(first.status, 202);
  const who = await api<{ rate_limit?: { limit: number; remaining: number; reset_at: string } }>(
    "GET",
    "/whoami",
    {
      token: user.token,
    },
  );
  const limit = Number((await db()`select private.setting('quota_limit', '30') as v`)[0].v);
  assert.deepEqual({ limit: who.body.rate_limit?.limit, remaining: who.body.rate_limit?.remaining }, {
    limit,
    remaining: limit - 1,
  });
  await db()`insert into public.prompt_evaluations (user_id) select ${user.id} from generate_series(1, ${
    limit - 1
  })`;
  const res = await api("POST", "/jobs", { token: user.token, body: promptJob("a habit tracker app") });
  expectError(res, 429, "rate_limited");
  const retryAfter = Number(res.headers.get("retry-after"));
  assert.ok(
    Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 3600,
    `Retry-After ${retryAfter}`,
  );
  const after = await api<{ rate_limit?: { remaining: number } }>("GET", "/whoami", { token: user.token });
  assert.equal(after.body.rate_limit?.remaining, 0);
  // An idempotent retry of an accepted job still answers while over the quota.
  const key = crypto.randomUUID();
  await db()`delete from public.prompt_evaluations where user_id = ${user.id}`;
  const accepted = await api<JobBody>("POST", "/jobs", {
    token: user.token,
    body: promptJob("a habit tracker app", { idempotency_key: key }),
  });
  await db()`insert into public.prompt_evaluations (user_id) select ${user.id} from generate_series(1, ${limit})`;
  const retried = await api<JobBody>("POST", "/jobs", {
    token: user.token,
    body: promptJob("a habit tracker app", { idempotency_key: key }),
  });
  assert.equal(retried.status, 200);
  assert.equal(retried.body.id, accepted.body.id);
});

t(
  "POST /jobs answers 502 job_create_failed when creation fails after admission, and creates nothing",
  async () => {
    const config = depsFromConfig(loadConfig(Deno.env.toObject()));
    // An evaluator that is not local (a model's): admission and creation are two calls around it.
    const deps = { ...config, evaluator: { evaluate: config.evaluator.evaluate.bind(config.evaluator) } };
    let calls = 0;
    // The connection drops on the creating call, as a failover would.
    const dropping: Db = {
      ...deps.db,
      callForUser: (claims, query) =>
        ++calls === 2
          ? Promise.reject(Object.assign(new Error("connection reset"), { code: "ECONNRESET" }))
          : deps.db.callForUser(claims, query),
    };
    try {
      const app = createV1App({ ...deps, db: dropping });
      const key = crypto.randomUUID();
      const res = await inProcessApi(app)("POST", "/jobs", {
        token: alice.token,
        body: promptJob("a notes app with tags", { idempotency_key: key }),
      });
      const body = res.body;
      assert.equal(res.status, 502);
      assert.equal(body.code, "job_create_failed");
      const [{ n }] = await db()`select count(*)::int as n from public.jobs where idempotency_key = ${key}`;
      assert.equal(n, 0);
      const [{ held }] = await db()`select private.held_credits(${alice.id}) as held`;
      assert.equal(Number(held), 0, "the failed request gave its hold back");
    } finally {
      await deps.db.end();
    }
  },
);

t("GET /jobs/{id}: the owner's job; another user's and unknown ids are 404 job_not_found", async () => {
  const created = await api<JobBody>("POST", "/jobs", {
    token: alice.token,
    body: promptJob("a flashcards quiz app"),
  });
  const mine = await api<JobBody>("GET", `/jobs/${created.body.id}`, { token: alice.token });
  assert.equal(mine.status, 200);
  assert.equal(mine.body.id, created.body.id);
  expectError(await api("GET", `/jobs/${created.body.id}`, { token: bob.token }), 404, "job_not_found");
  expectError(await api("GET", `/jobs/${crypto.randomUUID()}`, { token: bob.token }), 404, "job_not_found");
  expectError(await api("GET", "/jobs/not-a-uuid", { token: bob.token }), 400, "invalid_request");
  expectError(await api("GET", `/jobs/${created.body.id}`), 401, "unauthorized");
});

t("POST /jobs/attachments stores images privately; the runner uses and then deletes them", async () => {
  const form = imageForm(PNG_1x1, "a.png", "image/png", "files");
  form.append("files", new Blob([PNG_1x1 as BlobPart], { type: "application/octet-stream" }), "b.bin");
  const up = await api<
    { idempotency_key: string; files: { path: string; type: string; size: number; sha256: string }[] }
  >(
    "POST",
    "/jobs/attachments",
    { token: alice.token, body: form },
  );
  assert.equal(up.status, 201);
  assert.equal(up.body.files.length, 2);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", PNG_1x1 as BufferSource));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  for (const f of up.body.files) {
    assert.ok(f.path.startsWith(`${alice.id}/${up.body.idempotency_key}/`));
    assert.deepEqual([f.type, f.size, f.sha256], ["image/png", PNG_1x1.byteLength, hex]);
  }
  const stored = join(Deno.env.get("LOCAL_STORAGE_DIR")!, "attachments", up.body.files[0].path);
  assert.ok(existsSync(stored), "stored under the caller's id and the key");
  const notPublic = await fetch(
    `${Deno.env.get("SUPABASE_URL")}/storage/v1/object/public/attachments/${up.body.files[0].path}`,
  );
  await notPublic.body?.cancel();
  assert.equal(notPublic.status, 404, "attachments are never public");

  const job = await api<JobBody>("POST", "/jobs", {
    token: alice.token,
    body: promptJob("a calculator app like this picture", { attachments: up.body }),
  });
  assert.equal(job.status, 202);
  assert.deepEqual(job.body.input.attachment_refs, up.body.files.map((f) => f.path));
  assert.equal((await waitForJob<JobBody>(alice, job.body.id)).status, "succeeded");
  assert.ok(!existsSync(stored), "the runner deleted the attachments after using them");

  // Bob cannot name Alice's uploads; the refusal comes after his prompt was judged, which counts, and his
  // request holds nothing afterwards.
  const evaluations = async () =>
    (await db()`select count(*)::int as n from public.prompt_evaluations where user_id = ${bob.id}`)[0].n;
  const counted = await evaluations();
  const stolen = await api("POST", "/jobs", {
    token: bob.token,
    body: promptJob("a calculator app", { attachments: up.body }),
  });
  expectError(stolen, 400, "invalid_attachments");
  assert.equal(await evaluations(), counted + 1);
  assert.equal(Number((await db()`select private.held_credits(${bob.id}) as held`)[0].held), 0);
});

t("POST /jobs/attachments refuses what is not 1..3 images of at most 5 MB", async () => {
  const text = imageForm(new TextEncoder().encode("\x89PNG not really"), "x.png", "image/png", "files");
  expectError(
    await api("POST", "/jobs/attachments", { token: alice.token, body: text }),
    400,
    "unsupported_image",
  );
  const four = new FormData();
  for (let i = 0; i < 4; i++) four.append("files", new Blob([PNG_1x1 as BlobPart]), `${i}.png`);
  expectError(
    await api("POST", "/jobs/attachments", { token: alice.token, body: four }),
    400,
    "invalid_request",
  );
  expectError(await api("POST", "/jobs/attachments", { token: alice.token, body: new FormData() }), 400);
  const big = new Uint8Array(5 * 1024 * 1024 + 1);
  big.set(PNG_1x1.subarray(0, 16));
  expectError(
    await api("POST", "/jobs/attachments", {
      token: alice.token,
      body: imageForm(big, "big.png", "image/png", "files"),
    }),
    413,
    "payload_too_large",
  );
  const badKey = imageForm(PNG_1x1, "a.png", "image/png", "files");
  badKey.append("idempotency_key", "nope");
  expectError(
    await api("POST", "/jobs/attachments", { token: alice.token, body: badKey }),
    400,
    "invalid_request",
  );
  expectError(await api("POST", "/jobs/attachments", { token: alice.token, body: { files: [] } }), 415);
  expectError(
    await api("POST", "/jobs/attachments", { body: imageForm(PNG_1x1, "a.png", "image/png", "files") }),
    401,
  );
  // The same key replaces the same upload.
  const key = crypto.randomUUID();
  const again = imageForm(PNG_1x1, "a.png", "image/png", "files");
  again.append("idempotency_key", key);
  const one = await api<{ files: { path: string }[] }>("POST", "/jobs/attachments", {
    token: alice.token,
    body: again,
  });
  const two = await api<{ files: { path: string }[] }>("POST", "/jobs/attachments", {
    token: alice.token,
    body: again,
  });
  assert.deepEqual(one.body.files, two.body.files);
});

t(
  "POST /jobs accepts only the caller's own uploads: a path climbing into another user's folder is refused",
  async () => {
    const victim = await newUser("jobs.victim");
    const attacker = await newUser("jobs.attacker");
    const up = await api<{ idempotency_key: string; files: { path: string }[] }>(
      "POST",
      "/jobs/attachments",
      {
        token: victim.token,
        body: imageForm(PNG_1x1, "a.png", "image/png", "files"),
      },
    );
    assert.equal(up.status, 201);
    const stored = join(Deno.env.get("LOCAL_STORAGE_DIR")!, "attachments", up.body.files[0].path);
    const mine = await api<{ idempotency_key: string; files: Record<string, unknown>[] }>(
      "POST",
      "/jobs/attachments",
      {
        token: attacker.token,
        body: imageForm(PNG_1x1, "b.png", "image/png", "files"),
      },
    );
    const climbing = {
      idempotency_key: mine.body.idempotency_key,
      files: [{ ...mine.body.files[0], path: `${attacker.id}/../${up.body.files[0].path}` }],
    };
    const attack = await api("POST", "/jobs", {
      token: attacker.token,
      body: promptJob("a calculator app like this picture", { attachments: climbing }),
    });
    expectError(attack, 400, "invalid_request");
    // Well-formed, but not an upload of the attacker's: neither the victim's path nor an invented key.
    for (const path of [up.body.files[0].path, `${attacker.id}/${crypto.randomUUID()}/1.png`]) {
      const res = await api("POST", "/jobs", {
        token: attacker.token,
        body: promptJob("a calculator app like this picture", {
          attachments: { idempotency_key: path.split("/")[1], files: [{ ...mine.body.files[0], path }] },
        }),
      });
      expectError(res, 400, "invalid_attachments");
    }
    assert.ok(existsSync(stored), "the victim's image is untouched");
  },
);

t(
  "POST /jobs/attachments: 404 for a deleted account's token, 409 past 10 uploads waiting for a job",
  async () => {
    const gone = await newUser("jobs.gone");
    await db()`delete from auth.users where id = ${gone.id}`;
    expectError(
      await api("POST", "/jobs/attachments", {
        token: gone.token,
        body: imageForm(PNG_1x1, "a.png", "image/png", "files"),
      }),
      404,
      "profile_not_found",
    );
    const user = await newUser("jobs.cap");
    const keys: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await api<{ idempotency_key: string }>("POST", "/jobs/attachments", {
        token: user.token,
        body: imageForm(PNG_1x1, "a.png", "image/png", "files"),
      });
      assert.equal(res.status, 201);
      keys.push(res.body.idempotency_key);
    }
    const over = await api("POST", "/jobs/attachments", {
      token: user.token,
      body: imageForm(PNG_1x1, "a.png", "image/png", "files"),
    });
    expectError(over, 409, "too_many_pending_attachments");
    assert.equal(existsSync(join(Deno.env.get("LOCAL_STORAGE_DIR")!, "attachments", user.id)), true);
    const [{ n }] =
      await db()`select count(*)::int as n from public.attachment_uploads where user_id = ${user.id}`;
    assert.equal(n, 10, "the refused upload stored nothing");
    // Re-sending a key replaces its upload.
    const again = imageForm(PNG_1x1, "a.png", "image/png", "files");
    again.append("idempotency_key", keys[0]);
    assert.equal((await api("POST", "/jobs/attachments", { token: user.token, body: again })).status, 201);
    // The account goes, and its attachments with it.
    assert.equal((await api("DELETE", "/me", { token: user.token })).status, 204);
    assert.equal(existsSync(join(Deno.env.get("LOCAL_STORAGE_DIR")!, "attachments", user.id)), false);
    const [{ left }] =
      await db()`select count(*)::int as left from public.attachment_uploads where user_id = ${user.id}`;
    assert.equal(left, 0);
  },
);

t("attachments no job used are swept by the runner once pg_cron finds them past 24 hours", async () => {
  const user = await newUser("jobs.sweep");
  const up = await api<{ idempotency_key: string; files: { path: string }[] }>("POST", "/jobs/attachments", {
    token: user.token,
    body: imageForm(PNG_1x1, "a.png", "image/png", "files"),
  });
  const stored = join(Deno.env.get("LOCAL_STORAGE_DIR")!, "attachments", up.body.files[0].path);
  assert.ok(existsSync(stored));
  assert.equal(
    (await db()`select count(*)::int as n from cron.job where jobname = 'sweep-attachments'`)[0].n,
    1,
    "pg_cron runs the sweep",
  );
  await db()`update public.attachment_uploads set created_at = now() - interval '25 hours' where user_id = ${user.id}`;
  await db()`select private.sweep_attachments()`;
  for (let i = 0; i < 100 && existsSync(stored); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(!existsSync(stored), "the object was removed");
  for (let i = 0; i < 50; i++) {
    const [{ n }] =
      await db()`select count(*)::int as n from public.attachment_uploads where user_id = ${user.id}`;
    if (n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail("the upload's row was not forgotten");
});

t("50 jobs from 5 users at once all succeed, and every wallet is charged exactly", async () => {
  const users = await Promise.all(Array.from({ length: 5 }, (_, i) => newUser(`jobs.load${i}`)));
  const prompts = [
    "a todo list app",
    "a pomodoro timer",
    "a notes app with login and sync",
    "a tip calculator",
    "a trivia quiz",
  ];
  const created = await Promise.all(users.flatMap((user) =>
    Array.from({ length: 10 }, async (_, i) => {
      const res = await api<JobBody>("POST", "/jobs", {
        token: user.token,
        body: promptJob(prompts[i % prompts.length]),
      });
      assert.equal(res.status, 202, res.text);
      return { user, job: res.body };
    })
  ));
  const finished = await Promise.all(
    created.map(({ user, job }) => waitForJob<JobBody>(user, job.id, TERMINAL_JOB_STATUSES, 90_000)),
  );
  assert.deepEqual(finished.map((j) => j.status), Array(50).fill("succeeded"));
  for (const user of users) {
    const mine = finished.filter((j) => created.find((c) => c.job.id === j.id)!.user === user);
    const expected = mine.reduce((sum, j) => sum + (j.input.model === "full" ? 20 : 5), 0);
    const [w] = await db()`select balance, bonus_balance from public.wallets where user_id = ${user.id}`;
    assert.deepEqual([Number(w.balance), Number(w.bonus_balance)], [0, 500 - expected], user.email);
    const [{ n }] =
      await db()`select count(*)::int as n from public.wallet_transactions where user_id = ${user.id} and reason = 'spend'`;
    assert.equal(n, 10);
  }
});

t(
  "a runner killed mid-job is reaped by pg_cron and the job still ends succeeded, never stuck running",
  async () => {
    // A model service that accepts connections and never answers keeps the standalone runner busy.
    const hung = silentServer();
    const port = freePort();
    const runner = new Deno.Command(join(ROOT, "node_modules/.bin/deno"), {
      args: ["run", "-A", "supabase/functions/job-runner/index.ts"],
      cwd: ROOT,
      env: {
        ...Deno.env.toObject(),
        PORT: String(port),
        GENERATOR: "openai",
        OPENAI_BASE_URL: `${hung.url}/v1`,
        OPENAI_API_KEY: "sk-test",
        OPENAI_MODEL_LIGHT: "m",
        OPENAI_MODEL_FULL: "m",
        OPENAI_PRICES: '{"m": {"inputPerMTokEur": "1", "outputPerMTokEur": "1"}}',
      },
      stdout: "null",
      stderr: "null",
    }).spawn();
    const gatewayRunner = await settingValue("runner_url");
    try {
      for (let i = 0; i < 100; i++) {
        const up = await fetch(`http://127.0.0.1:${port}/job-runner`, { method: "POST" }).catch(() =>
          undefined
        );
        await up?.body?.cancel();
        if (up) {
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      await setting("runner_url", `http://127.0.0.1:${port}/job-runner`);
      await setting("job_lease_seconds", "3");
      const user = await newUser("jobs.reaped");
      const created = await api<JobBody>("POST", "/jobs", {
        token: user.token,
        body: promptJob("a shopping list app"),
      });
      assert.equal(created.status, 202);
      await waitForJob<JobBody>(user, created.body.id, ["running"]);
      await setting("runner_url", gatewayRunner);
      runner.kill("SIGKILL");
      await runner.status;
      // pg_cron runs the dispatcher every minute on Debian's 1.4 (every few seconds on 1.5+).
      const done = await waitForJob<JobBody>(user, created.body.id, TERMINAL_JOB_STATUSES, 150_000);
      assert.equal(done.status, "succeeded");
      const [row] = await db()`select attempts from public.jobs where id = ${created.body.id}`;
      assert.equal(row.attempts, 2, "claimed once by the killed runner and once after the reaping");
    } finally {
      await setting("runner_url", gatewayRunner);
      await setting("job_lease_seconds", null);
      try {
        runner.kill("SIGKILL");
        await runner.status;
      } catch { /* already gone */ }
      await hung.close();
    }
  },
);
