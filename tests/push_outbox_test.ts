// The push outbox: drained in-process with the Expo sender against a loopback stand-in of Expo's send
// endpoint (DeviceNotRegistered, a 500 then success, a batch of 250, the last attempt, a lost claim), the
// push-worker function over HTTP, and the automatic path: a queued push reaches the running worker.
//
// The running stack drains the outbox too, with the log-only sender. So that it never takes these tests'
// messages, they are queued for fresh users with next_attempt_at far ahead, made due right before an
// in-process drain, and that drain claims only the test user's messages.
import assert from "node:assert/strict";
import { ExpoPushSender, LogPushSender } from "../supabase/functions/_shared/adapters/expo-push.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import { createDb, type Db } from "../supabase/functions/_shared/db.ts";
import { drainPushOutbox, type DrainResult } from "../supabase/functions/_shared/push-outbox.ts";
import { MAX_PUSH_ATTEMPTS } from "../supabase/functions/_shared/push-retry.ts";
import { createPushWorkerApp } from "../supabase/functions/push-worker/app.ts";
import {
  allOk,
  type Json,
  notRegisteredTicket,
  type Reply,
  requestError,
  ticketId,
  withStandIn,
} from "./expo_stand_in.ts";
import { db, expectError, newUser, NO_STACK, ROOT_URL, type TestUser } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

// The drains' own connection, as the push worker has; the last test closes it.
const serviceDb: Db = NO_STACK ? undefined! : createDb(Deno.env.get("SUPABASE_DB_URL")!, { max: 2 });
const WORKER_URL = `${ROOT_URL}/push-worker`;

interface OutboxRow {
  id: string;
  token: string;
  status: string;
  attempts: number;
  ticket_id: string | null;
  last_error: string | null;
  next_attempt_at: Date;
  sent_at: Date | null;
}

function deviceToken(user: TestUser, i: number): string {
  return `ExponentPushToken[${`${user.id.slice(0, 8)}d${i}`.padEnd(22, "x")}]`;
}

/**
 * `count` messages for `user` (message i to device token i), held back an hour so no other drain takes them.
 * Inserted directly: going through private.enqueue_push would make them due, if only until the next
 * statement, and the insert wakes the running worker.
 */
async function queueHeldBack(user: TestUser, count: number) {
  await db()`
    insert into public.push_outbox (user_id, token, title, body, data, next_attempt_at)
    select ${user.id}, format('ExponentPushToken[%s]', rpad(${user.id.slice(0, 8)} || 'd' || i, 22, 'x')),
           format('App %s is ready', i), 'Tap to open it.', jsonb_build_object('job_id', i::text),
           now() + interval '1 hour'
      from generate_series(0, ${count - 1}) i`;
}

/** Makes the user's held-back messages due and drains them at once, with the Expo sender at `baseUrl`. */
async function drainNow(user: TestUser, baseUrl: string): Promise<DrainResult> {
  await db()`update public.push_outbox set next_attempt_at = now() where user_id = ${user.id} and status = 'pending'`;
  return await drainPushOutbox(serviceDb, new ExpoPushSender({ baseUrl, timeoutMs: 5_000 }), {
    onlyUser: user.id,
    random: () => 0.5,
  });
}

async function outbox(user: TestUser): Promise<OutboxRow[]> {
  return await db()<
    OutboxRow[]
  >`select id, token, status, attempts, ticket_id, last_error, next_attempt_at, sent_at
                                   from public.push_outbox where user_id = ${user.id} order by id`;
}

t("DeviceNotRegistered fails the message and forgets the token; the others are sent", async () => {
  const user = await newUser("dead");
  const dead = deviceToken(user, 0);
  await db()`insert into public.push_tokens (token, user_id, platform) values (${dead}, ${user.id}, 'ios')`;
  await queueHeldBack(user, 2);
  const reply: Reply = (messages) =>
    Response.json({
      data: messages.map((m) => m.to === dead ? notRegisteredTicket(m) : { status: "ok", id: ticketId(m) }),
    });
  await withStandIn(reply, async (expo) => {
    assert.deepEqual(await drainNow(user, expo.url), { sent: 1, failed: 1, retried: 0 });
    assert.equal(expo.received.length, 1, "one request for both");
    assert.deepEqual(expo.received[0].messages[1], {
      to: deviceToken(user, 1),
      title: "App 1 is ready",
      body: "Tap to open it.",
      data: { job_id: "1" },
      sound: "default",
      priority: "high",
    });
  });
  const [first, second] = await outbox(user);
  assert.deepEqual([first.status, first.last_error, first.attempts], ["failed", "DeviceNotRegistered", 1]);
  assert.deepEqual([second.status, second.ticket_id, second.attempts], ["sent", `ticket:${second.token}`, 1]);
  assert.ok(second.sent_at);
  assert.equal(
    (await db()`select 1 from public.push_tokens where token = ${dead}`).length,
    0,
    "token forgotten",
  );
});

t("a 500 is retried after the backoff, then sent once", async () => {
  const user = await newUser("retry");
  await queueHeldBack(user, 1);
  const reply: Reply = (messages, call) =>
    call === 1
      ? requestError(500, "INTERNAL_SERVER_ERROR", "An unknown error occurred.")
      : allOk(messages, call);
  await withStandIn(reply, async (expo) => {
    const started = Date.now();
    assert.deepEqual(await drainNow(user, expo.url), { sent: 0, failed: 0, retried: 1 });
    const [waiting] = await outbox(user);
    assert.deepEqual([waiting.status, waiting.attempts, waiting.ticket_id], ["pending", 1, null]);
    assert.match(waiting.last_error!, /HTTP 500/);
    // The first delay is 30 s (random 0.5 is the unjittered value), counted from the database's clock.
    const delay = (waiting.next_attempt_at.getTime() - started) / 1000;
    assert.ok(delay > 25 && delay < 35, `next attempt in ${delay} s`);

    const early = await drainPushOutbox(
      serviceDb,
      new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 }),
      {
        onlyUser: user.id,
      },
    );
    assert.deepEqual(early, { sent: 0, failed: 0, retried: 0 }, "not before its time");
    assert.equal(expo.received.length, 1);

    assert.deepEqual(await drainNow(user, expo.url), { sent: 1, failed: 0, retried: 0 });
    assert.deepEqual(await drainNow(user, expo.url), { sent: 0, failed: 0, retried: 0 });
    assert.equal(expo.received.length, 2, "sent once after the failure, never again");
  });
  const [row] = await outbox(user);
  assert.deepEqual([row.status, row.attempts, row.ticket_id], ["sent", 2, `ticket:${row.token}`]);
  assert.match(row.last_error!, /HTTP 500/, "the earlier failure stays on record");
});

t("a batch of 250 goes out as requests of 100, 100 and 50, each message once", async () => {
  const user = await newUser("batch");
  await queueHeldBack(user, 250);
  await withStandIn(allOk, async (expo) => {
    assert.deepEqual(await drainNow(user, expo.url), { sent: 250, failed: 0, retried: 0 });
    assert.deepEqual(expo.received.map((r) => r.messages.length), [100, 100, 50]);
    const sent = expo.received.flatMap((r) => r.messages.map((m: Json) => m.to));
    assert.equal(new Set(sent).size, 250);
    assert.deepEqual(await drainNow(user, expo.url), { sent: 0, failed: 0, retried: 0 });
    assert.equal(expo.received.length, 3);
  });
  const rows = await outbox(user);
  assert.ok(
    rows.every((r) => r.status === "sent" && r.ticket_id === `ticket:${r.token}` && r.attempts === 1),
  );
});

t("the last attempt that fails again gives the message up; a 4xx is not retried", async () => {
  const user = await newUser("giveup");
  await queueHeldBack(user, 1);
  await db()`update public.push_outbox set attempts = ${MAX_PUSH_ATTEMPTS - 1} where user_id = ${user.id}`;
  await withStandIn(() => requestError(429, "TOO_MANY_REQUESTS", "Slow down"), async (expo) => {
    assert.deepEqual(await drainNow(user, expo.url), { sent: 0, failed: 1, retried: 0 });
  });
  const [row] = await outbox(user);
  assert.deepEqual([row.status, row.attempts], ["failed", MAX_PUSH_ATTEMPTS]);
  assert.match(row.last_error!, new RegExp(`HTTP 429.*gave up after ${MAX_PUSH_ATTEMPTS} attempts`));

  const other = await newUser("refused");
  await queueHeldBack(other, 1);
  await withStandIn(
    () => requestError(400, "PUSH_TOO_MANY_EXPERIENCE_IDS", "Mixed projects"),
    async (expo) => {
      assert.deepEqual(await drainNow(other, expo.url), { sent: 0, failed: 1, retried: 0 });
    },
  );
  assert.equal((await outbox(other))[0].status, "failed");
});

t("a message whose claim ran out is never sent again", async () => {
  const user = await newUser("lost");
  await queueHeldBack(user, 1);
  await db()`update public.push_outbox set status = 'sending', claimed_until = now() - interval '1 second'
              where user_id = ${user.id}`;
  await withStandIn(allOk, async (expo) => {
    const result = await drainNow(user, expo.url);
    assert.ok(result.failed >= 1, "counted as failed");
    assert.equal(expo.received.length, 0);
  });
  const [row] = await outbox(user);
  assert.deepEqual([row.status, row.last_error], ["failed", "delivery_unknown"]);
});

t("POST /push-worker: only with the worker secret", async () => {
  const secret = Deno.env.get("WORKER_SECRET")!;
  const post = (headers: Record<string, string>) => fetch(WORKER_URL, { method: "POST", headers });
  for (
    const headers of [{}, { authorization: "Bearer wrong" }, { authorization: secret }] as Record<
      string,
      string
    >[]
  ) {
    const res = await post(headers);
    expectError(
      { status: res.status, headers: res.headers, body: await res.json(), text: "" },
      401,
      "unauthorized",
    );
  }
  const ok = await post({ authorization: `Bearer ${secret}` });
  assert.equal(ok.status, 200);
  const body = await ok.json();
  assert.deepEqual(Object.keys(body).sort(), ["failed", "receipts", "retried", "sent"]);
  const get = await fetch(WORKER_URL);
  assert.deepEqual([get.status, get.headers.get("allow"), (await get.json()).code], [
    405,
    "POST",
    "method_not_allowed",
  ]);
  const elsewhere = await fetch(`${WORKER_URL}/other`, { method: "POST" });
  assert.deepEqual([elsewhere.status, (await elsewhere.json()).code], [404, "not_found"]);
});

t("the push worker without WORKER_SECRET answers 503 worker_not_configured", async () => {
  const env: Record<string, string> = { ...Deno.env.toObject() };
  delete env.WORKER_SECRET;
  const app = createPushWorkerApp({
    config: loadConfig(env),
    db: serviceDb,
    push: new LogPushSender(() => {}),
  });
  const res = await app.fetch(
    new Request("http://worker/push-worker", { method: "POST", headers: { authorization: "Bearer x" } }),
  );
  assert.deepEqual([res.status, (await res.json()).code], [503, "worker_not_configured"]);
});

t("a queued push reaches the running worker by itself", async () => {
  const user = await newUser("live");
  await db()`insert into public.push_tokens (token, user_id, platform) values (${
    deviceToken(user, 0)
  }, ${user.id}, 'ios')`;
  const [{ id }] = await db()`select private.enqueue_push(${user.id}, ${deviceToken(user, 0)}, 'Live', 'b',
                                '{}') as id`;
  const deadline = Date.now() + 10_000;
  let row: OutboxRow | undefined;
  while (Date.now() < deadline) {
    [row] = await db()<OutboxRow[]>`select status, ticket_id from public.push_outbox where id = ${id}`;
    if (row.status === "sent") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(row?.status, "sent", "sent within 10 s of being queued");
  assert.match(row!.ticket_id!, /^local-/, "by the stack's log-only sender");
  await serviceDb.end();
});
