// Outbound webhooks over HTTP: endpoints (create, list, rotate, delete), deliveries of real events received
// on loopback and verified with the standardwebhooks library, retries, redirects, the attempt log, and
// disabling after the last retry.
import assert from "node:assert/strict";
import { Webhook } from "standardwebhooks";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import {
  api,
  db,
  expectError,
  inProcessApi,
  newProject,
  newUser,
  NO_STACK,
  type TestUser,
  withSetting,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, ignore: NO_STACK, sanitizeOps: false, sanitizeResources: false, fn });

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A loopback receiver: records every request; `answer` decides the response per path. */
function receiver(answer: (path: string) => Response = () => new Response("ok")) {
  const received: Received[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const path = new URL(req.url).pathname;
    received.push({ path, headers: Object.fromEntries(req.headers), body: await req.text() });
    return answer(path);
  });
  return {
    url: (path = "/hook") => `http://127.0.0.1:${server.addr.port}${path}`,
    received,
    async waitFor(count: number, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.ok(received.length >= count, `received ${received.length} of ${count}`);
      return received;
    },
    close: () => server.shutdown(),
  };
}

interface WebhookBody {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  secret?: string;
}

async function createWebhook(user: TestUser, url: string, events = ["job.succeeded"]) {
  const res = await api<WebhookBody>("POST", "/webhooks", { token: user.token, body: { url, events } });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** Makes the delivery due now and wakes the worker, as pg_cron does once its time has come. */
async function retryNow(deliveryId: string) {
  await db()`update public.webhook_deliveries set next_attempt_at = now() where id = ${deliveryId}`;
  await db()`select private.wake_worker('webhook')`;
}

async function waitForDelivery(id: string, statuses: string[]) {
  for (let i = 0; i < 200; i++) {
    const [d] = await db()`select status, attempts from public.webhook_deliveries where id = ${id}`;
    if (statuses.includes(d.status)) return d;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`delivery ${id} never reached ${statuses}`);
}

t(
  "webhook endpoints: create shows the secret once, list hides it, rotate replaces it, delete removes it",
  async () => {
    const alice = await newUser("hooks.alice");
    const bob = await newUser("hooks.bob");
    const created = await createWebhook(alice, "https://example.com/hook", ["job.failed", "job.succeeded"]);
    assert.match(created.secret!, /^whsec_[A-Za-z0-9+/=]{32}$/);
    assert.deepEqual(created.events, ["job.failed", "job.succeeded"]);
    const list = await api<{ data: WebhookBody[] }>("GET", "/webhooks", { token: alice.token });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data.map((w) => [w.id, "secret" in w]), [[created.id, false]]);
    assert.deepEqual(
      (await api<{ data: unknown[] }>("GET", "/webhooks", { token: bob.token })).body.data,
      [],
    );

    const rotated = await api<WebhookBody>("POST", `/webhooks/${created.id}/rotate-secret`, {
      token: alice.token,
    });
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.body.secret, created.secret);
    expectError(
      await api("POST", `/webhooks/${created.id}/rotate-secret`, { token: bob.token }),
      404,
      "webhook_not_found",
    );
    expectError(
      await api("DELETE", `/webhooks/${created.id}`, { token: bob.token }),
      404,
      "webhook_not_found",
    );
    expectError(
      await api("GET", `/webhooks/${created.id}/attempts`, { token: bob.token }),
      404,
      "webhook_not_found",
    );
    expectError(
      await api("GET", `/webhooks/${created.id}/attempts?cursor=x`, { token: alice.token }),
      400,
      "invalid_cursor",
    );
    assert.equal((await api("DELETE", `/webhooks/${created.id}`, { token: alice.token })).status, 204);
    expectError(
      await api("DELETE", `/webhooks/${created.id}`, { token: alice.token }),
      404,
      "webhook_not_found",
    );

    expectError(
      await api("POST", "/webhooks", {
        token: alice.token,
        body: { url: "https://example.com", events: ["job.started"] },
      }),
      400,
      "invalid_request",
    );
    expectError(
      await api("POST", "/webhooks", {
        token: alice.token,
        body: { url: "ftp://example.com", events: ["job.failed"] },
      }),
      400,
      "invalid_webhook_url",
    );
    for (let i = 0; i < 10; i++) await createWebhook(alice, `https://example.com/${i}`);
    expectError(
      await api("POST", "/webhooks", {
        token: alice.token,
        body: { url: "https://example.com/x", events: ["job.failed"] },
      }),
      409,
      "webhook_limit_reached",
    );
  },
);

t("on a hosted deployment endpoints must be https on public addresses", async () => {
  const env = { ...Deno.env.toObject(), WEBHOOKS_ALLOW_PRIVATE_TARGETS: "false" };
  const deps = depsFromConfig(loadConfig(env), env);
  try {
    const hosted = inProcessApi(createV1App(deps));
    const user = await newUser("hooks.hosted");
    const refused: [string, string][] = [
      ["http://example.com/hook", "must be https"],
      ["https://127.0.0.1/hook", "the address is private, loopback or link-local"],
      ["https://10.1.2.3/hook", "the address is private, loopback or link-local"],
      ["https://169.254.169.254/latest", "the address is private, loopback or link-local"],
      ["https://[::1]/hook", "the address is private, loopback or link-local"],
      ["https://[fe80::1]/hook", "the address is private, loopback or link-local"],
      ["https://[::ffff:7f00:1]/hook", "the address is private, loopback or link-local"],
      ["https://[0:0:0:0:0:ffff:a9fe:a9fe]/hook", "the address is private, loopback or link-local"],
      ["https://[64:ff9b::a9fe:a9fe]/hook", "the address is private, loopback or link-local"],
      ["https://[64:ff9b:1::a00:1]/hook", "the address is private, loopback or link-local"],
      ["https://[2002:a00:1::]/hook", "the address is private, loopback or link-local"],
      ["https://[::127.0.0.1]/hook", "the address is private, loopback or link-local"],
      ["https://[fec0::1]/hook", "the address is private, loopback or link-local"],
      ["https://localhost/hook", "the host is not public"],
      ["https://user:pw@example.com/hook", "credentials in the URL are not allowed"],
    ];
    for (const [url, reason] of refused) {
      const res = await hosted<{ details?: { reason?: string } }>("POST", "/webhooks", {
        token: user.token,
        body: { url, events: ["job.failed"] },
      });
      expectError(res, 400, "invalid_webhook_url");
      assert.equal(res.body.details?.reason, reason, url);
    }
    const ok = await hosted("POST", "/webhooks", {
      token: user.token,
      body: { url: "https://93.184.215.14/hook", events: ["job.failed"] },
    });
    assert.equal(ok.status, 201, ok.text);
  } finally {
    await deps.db.end();
  }
});

t(
  "a finished job is delivered signed per Standard Webhooks, with both signatures after a rotation",
  async () => {
    const hook = receiver();
    try {
      const user = await newUser("hooks.job");
      const endpoint = await createWebhook(user, hook.url(), ["job.succeeded"]);
      const job = await api<{ id: string }>("POST", "/jobs", {
        token: user.token,
        body: { type: "prompt", input: { prompt: "a grocery list app with aisles" } },
      });
      assert.equal(job.status, 202);
      const [first] = await hook.waitFor(1);
      const verified = new Webhook(endpoint.secret!).verify(first.body, first.headers) as {
        type: string;
        data: { id: string; status: string };
      };
      assert.equal(verified.type, "job.succeeded");
      assert.equal(verified.data.id, job.body.id);
      assert.equal(verified.data.status, "succeeded");
      assert.match(first.headers["webhook-id"], /^msg_[0-9a-f]{32}$/);
      assert.throws(() => new Webhook(btoaSecret("another secret")).verify(first.body, first.headers));

      const rotated = await api<WebhookBody>("POST", `/webhooks/${endpoint.id}/rotate-secret`, {
        token: user.token,
      });
      const again = await api<{ id: string }>("POST", "/jobs", {
        token: user.token,
        body: { type: "prompt", input: { prompt: "a recipe book app with favourites" } },
      });
      assert.equal(again.status, 202);
      const [, second] = await hook.waitFor(2);
      assert.equal(second.headers["webhook-signature"].split(" ").length, 2);
      for (const secret of [rotated.body.secret!, endpoint.secret!]) {
        assert.equal(
          (new Webhook(secret).verify(second.body, second.headers) as { type: string }).type,
          "job.succeeded",
        );
      }
      const attempts = await api<{ data: { status_code: number; response_excerpt: string }[] }>(
        "GET",
        `/webhooks/${endpoint.id}/attempts?limit=1`,
        { token: user.token },
      );
      assert.equal(attempts.status, 200);
      assert.equal(attempts.body.data[0].status_code, 200);
      assert.equal(attempts.body.data[0].response_excerpt, "ok");
    } finally {
      await hook.close();
    }
  },
);

t("a build that fails its type-check is delivered signed as build.failed with tsc's error", async () => {
  const hook = receiver();
  try {
    const user = await newUser("hooks.build");
    const endpoint = await createWebhook(user, hook.url(), ["build.failed"]);
    const project = await newProject(user);
    const saved = await api("PUT", `/projects/${project.id}/files`, {
      token: user.token,
      body: {
        files: [{ path: "src/broken.ts", contents: 'export const count: number = "three";\n', type: "CODE" }],
      },
    });
    assert.equal(saved.status, 200, saved.text);
    const build = await api<{ id: number }>("POST", `/projects/${project.id}/builds`, { token: user.token });
    assert.equal(build.status, 202, build.text);
    // The build worker installs the dependencies first: minutes when its cache is cold.
    const [delivered] = await hook.waitFor(1, 900_000);
    const verified = new Webhook(endpoint.secret!).verify(delivered.body, delivered.headers) as {
      type: string;
      data: { id: number; project_id: number; status: string; preview_url: string | null; errors: unknown[] };
    };
    assert.equal(verified.type, "build.failed");
    assert.equal(verified.data.id, build.body.id);
    assert.equal(verified.data.project_id, project.id);
    assert.equal(verified.data.status, "failed");
    assert.equal(verified.data.preview_url, null);
    assert.deepEqual(verified.data.errors, [{
      file: "src/broken.ts",
      line: 1,
      column: 14,
      code: "TS2322",
      message: "Type 'string' is not assignable to type 'number'.",
    }]);
  } finally {
    await hook.close();
  }
});

function btoaSecret(text: string) {
  return `whsec_${btoa(text)}`;
}

/** A job canceled while queued: no runner is configured while it is created, so none can claim it first. */
async function canceledJob(user: TestUser) {
  const [{ id }] = await withSetting(
    "runner_url",
    null,
    () => db()`insert into public.jobs (user_id, input) values (${user.id}, '{"prompt": "p"}') returning id`,
  );
  assert.equal((await api("POST", `/jobs/${id}/cancel`, { token: user.token })).status, 200);
}

t("failures are retried with backoff and logged per attempt; redirects are not followed", async () => {
  let failing = true;
  const hook = receiver((path) =>
    path === "/moved"
      ? new Response(null, { status: 302, headers: { location: "/hook" } })
      : failing
      ? new Response("x".repeat(2000), { status: 500 })
      : new Response("thanks")
  );
  try {
    const user = await newUser("hooks.retry");
    const endpoint = await createWebhook(user, hook.url(), ["job.canceled"]);
    await canceledJob(user);
    await hook.waitFor(1);
    const [delivery] =
      await db()`select id from public.webhook_deliveries where endpoint_id = ${endpoint.id}`;
    // The receiver has the request before the worker records its answer: wait for the record.
    await waitForDelivery(delivery.id, ["pending"]);
    const [d] = await db()`select status, attempts, next_attempt_at - now() > interval '50 seconds' as later
                             from public.webhook_deliveries where id = ${delivery.id}`;
    assert.deepEqual({ ...d }, { status: "pending", attempts: 1, later: true }, "retried after a minute");
    failing = false;
    await retryNow(delivery.id);
    await hook.waitFor(2);
    assert.equal((await waitForDelivery(delivery.id, ["succeeded"])).attempts, 2);
    assert.equal(
      hook.received[0].headers["webhook-id"],
      hook.received[1].headers["webhook-id"],
      "same id on retry",
    );
    const log = await api<{ data: { attempt: number; status_code: number; response_excerpt: string }[] }>(
      "GET",
      `/webhooks/${endpoint.id}/attempts`,
      { token: user.token },
    );
    assert.deepEqual(log.body.data.map((a) => [a.attempt, a.status_code]), [[2, 200], [1, 500]]);
    assert.equal(log.body.data[1].response_excerpt.length, 500, "only a short excerpt is kept");

    const moved = await createWebhook(user, hook.url("/moved"), ["job.canceled"]);
    await canceledJob(user);
    const [d2] = await db()`select id from public.webhook_deliveries where endpoint_id = ${moved.id}`;
    await waitForDelivery(d2.id, ["pending"]).then(async () => {
      for (let i = 0; i < 200; i++) {
        const [a] =
          await db()`select status_code, error from public.webhook_attempts where delivery_id = ${d2.id}`;
        if (a) return assert.deepEqual({ ...a }, { status_code: 302, error: "redirects are not followed" });
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.fail("no attempt recorded");
    });
    const followed = hook.received.filter((r) =>
      r.headers["webhook-id"] === `msg_${d2.id.replaceAll("-", "")}`
    );
    assert.deepEqual(followed.map((r) => r.path), ["/moved"], "the redirect's target got nothing");
  } finally {
    await hook.close();
  }
});

t("after the last retry fails the endpoint is disabled and its owner notified", async () => {
  const hook = receiver(() => new Response("down", { status: 503 }));
  try {
    const user = await newUser("hooks.disabled");
    const endpoint = await createWebhook(user, hook.url(), ["wallet.topped_up"]);
    await db()`select private.credit_topup(${user.id}, ${`cs_test_${crypto.randomUUID()}`}, 500, 500, 'eur', '{}')`;
    await hook.waitFor(1);
    const verified = new Webhook(endpoint.secret!).verify(
      hook.received[0].body,
      hook.received[0].headers,
    ) as {
      type: string;
      data: { credits: number };
    };
    assert.equal(verified.type, "wallet.topped_up");
    assert.equal(verified.data.credits, 500);
    const [delivery] =
      await db()`select id from public.webhook_deliveries where endpoint_id = ${endpoint.id}`;
    // Seven more failures happened over three days.
    await waitForDelivery(delivery.id, ["pending"]);
    await db()`update public.webhook_deliveries set attempts = 8 where id = ${delivery.id}`;
    await retryNow(delivery.id);
    await waitForDelivery(delivery.id, ["failed"]);
    const list = await api<{ data: WebhookBody[] }>("GET", "/webhooks", { token: user.token });
    assert.equal(list.body.data[0].enabled, false);
    const [n] = await db()`select payload ->> 'webhook_id' as id from public.notifications
                             where recipient_id = ${user.id} and type = 'webhook_disabled'`;
    assert.equal(n.id, endpoint.id);
  } finally {
    await hook.close();
  }
});
