// Section G over HTTP: notification pages and their cursor, read marks, the unread count, and push tokens.
import assert from "node:assert/strict";
import { api, db, expectError, newUser, NO_STACK, type TestUser, waitForJob } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

interface NotificationBody {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  is_read: boolean;
  created_at: string;
  recipient_id: string;
  sender: { username: string; avatar_url: string | null } | null;
}
type Page = { data: NotificationBody[]; next_cursor: string | null };
type PushTokenBody = {
  token: string;
  platform: string;
  device_id: string | null;
  created_at: string;
  updated_at: string;
};

const CURSOR_FORMAT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** `count` notifications for `recipient` in one statement, so they share one transaction time. */
async function notify(recipient: TestUser, count: number, sender: TestUser | null = null) {
  await db()`select private.add_notification(${recipient.id}, ${sender?.id ?? null}, 'reshare',
                 jsonb_build_object('n', i)) from generate_series(1, ${count}) i`;
}

/** Every page from the start, `limit` at a time. */
async function allPages(user: TestUser, limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const res = await api<Page>("GET", `/notifications?limit=${limit}${query}`, { token: user.token });
    assert.equal(res.status, 200, res.text);
    pages.push(res.body);
    cursor = res.body.next_cursor;
  } while (cursor && pages.length < 100);
  return pages;
}

function pushToken(label: string): string {
  return `ExponentPushToken[${label.padEnd(22, "x")}]`;
}

const tokenPath = (token: string) => `/push-tokens/${encodeURIComponent(token)}`;

t("GET /notifications: an empty first page, then pages newest first with the sender expanded", async () => {
  const reader = await newUser("reader");
  const sharer = await newUser("sharer");
  assert.deepEqual((await api("GET", "/notifications", { token: reader.token })).body, {
    data: [],
    next_cursor: null,
  });
  await notify(reader, 2, sharer);
  await db()`select private.add_notification(${reader.id}, null, 'job_succeeded', '{"job_id": "j"}')`;
  const res = await api<Page>("GET", "/notifications", { token: reader.token });
  assert.equal(res.status, 200);
  assert.equal(res.body.next_cursor, null, "one page holds all three");
  const [system, ...shares] = res.body.data;
  assert.deepEqual([system.type, system.sender, system.payload], ["job_succeeded", null, { job_id: "j" }]);
  const profile = (await api("GET", `/users/${sharer.id}`, { token: reader.token })).body;
  for (const n of shares) {
    assert.deepEqual(n.sender, { username: profile.username, avatar_url: null });
    assert.deepEqual([n.recipient_id, n.is_read, n.type], [reader.id, false, "reshare"]);
    assert.match(n.created_at, CURSOR_FORMAT);
  }
  assert.deepEqual(Object.keys(system).sort(), [
    "created_at",
    "id",
    "is_read",
    "payload",
    "recipient_id",
    "sender",
    "type",
  ]);
  const times = res.body.data.map((n) => n.created_at);
  assert.deepEqual(times, [...times].sort().reverse(), "newest first");
});

t("GET /notifications: ties on created_at never lose or repeat a row across pages", async () => {
  const reader = await newUser("ties");
  await notify(reader, 30);
  await notify(reader, 7);
  const pages = await allPages(reader, 4);
  assert.deepEqual(pages.map((p) => p.data.length), [4, 4, 4, 4, 4, 4, 4, 4, 4, 1]);
  const ids = pages.flatMap((p) => p.data.map((n) => n.id));
  assert.equal(new Set(ids).size, 37, "every notification exactly once");
  for (const page of pages.slice(0, -1)) {
    assert.match(page.next_cursor!, CURSOR_FORMAT);
    assert.equal(page.next_cursor, page.data.at(-1)!.created_at, "the cursor is the last row's created_at");
  }
  assert.equal(pages.at(-1)!.next_cursor, null);
  const times = pages.flatMap((p) => p.data.map((n) => n.created_at));
  assert.equal(new Set(times).size, 37, "no two share a created_at");
  assert.deepEqual(pages.flatMap((p) => p.data.map((n) => n.payload.n)).slice(0, 7), [7, 6, 5, 4, 3, 2, 1]);
});

t(
  "GET /notifications: any ISO date-time with a zone is a cursor; other cursors and limits are 400",
  async () => {
    const reader = await newUser("cursor");
    await notify(reader, 3);
    const all = (await api<Page>("GET", "/notifications", { token: reader.token })).body.data;
    const offset = await api<Page>(
      "GET",
      `/notifications?cursor=${encodeURIComponent("2999-01-01T02:00:00+02:00")}`,
      { token: reader.token },
    );
    assert.deepEqual(offset.body.data.map((n) => n.id), all.map((n) => n.id));
    const past = await api<Page>("GET", "/notifications?cursor=2000-01-01T00:00:00Z", {
      token: reader.token,
    });
    assert.deepEqual(past.body, { data: [], next_cursor: null });
    for (
      const cursor of [
        "yesterday",
        "2026-11-22",
        "2026-11-22T10:00:00",
        "2026-02-30T00:00:00Z",
        "0000-01-01T00:00:00Z",
        "",
        "1732269600",
      ]
    ) {
      expectError(
        await api("GET", `/notifications?cursor=${encodeURIComponent(cursor)}`, { token: reader.token }),
        400,
        "invalid_cursor",
      );
    }
    for (const limit of ["0", "101", "ten", "1.5", "-1"]) {
      expectError(
        await api("GET", `/notifications?limit=${limit}`, { token: reader.token }),
        400,
        "invalid_request",
      );
    }
    const one = await api<Page>("GET", "/notifications?limit=1", { token: reader.token });
    assert.deepEqual([one.body.data.length, one.body.next_cursor], [1, all[0].created_at]);
  },
);

t("notifications are the recipient's alone", async () => {
  const alice = await newUser("alice");
  const bob = await newUser("bob");
  await notify(alice, 2);
  await notify(bob, 1);
  const bobs = (await api<Page>("GET", "/notifications", { token: bob.token })).body.data;
  assert.equal(bobs.length, 1);
  assert.equal(bobs[0].recipient_id, bob.id);
  expectError(
    await api("PATCH", `/notifications/${bobs[0].id}`, { token: alice.token, body: { is_read: true } }),
    404,
    "notification_not_found",
  );
  assert.deepEqual(
    (await api("PATCH", "/notifications", { token: alice.token, body: { is_read: true } })).body,
    {
      updated_count: 2,
    },
  );
  assert.deepEqual((await api("GET", "/notifications/unread-count", { token: bob.token })).body, {
    unread_count: 1,
  });
});

t("PATCH /notifications/{id} marks one read and returns it", async () => {
  const reader = await newUser("one");
  const sharer = await newUser("sharer");
  await notify(reader, 2, sharer);
  const [first, second] = (await api<Page>("GET", "/notifications", { token: reader.token })).body.data;
  const res = await api<NotificationBody>("PATCH", `/notifications/${first.id}`, {
    token: reader.token,
    body: { is_read: true },
  });
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, { ...first, is_read: true });
  const again = await api<NotificationBody>("PATCH", `/notifications/${first.id}`, {
    token: reader.token,
    body: { is_read: true },
  });
  assert.deepEqual([again.status, again.body.is_read], [200, true], "marking it again is fine");
  assert.deepEqual((await api("GET", "/notifications/unread-count", { token: reader.token })).body, {
    unread_count: 1,
  });
  const listed = (await api<Page>("GET", "/notifications", { token: reader.token })).body.data;
  assert.deepEqual(listed.map((n) => n.is_read), [true, false]);
  assert.equal(listed[1].id, second.id);
  expectError(
    await api("PATCH", `/notifications/${crypto.randomUUID()}`, {
      token: reader.token,
      body: { is_read: true },
    }),
    404,
    "notification_not_found",
  );
  expectError(
    await api("PATCH", "/notifications/not-a-uuid", { token: reader.token, body: { is_read: true } }),
    400,
    "invalid_request",
  );
  for (const body of [{ is_read: false }, {}, { is_read: "true" }, { is_read: true, type: "x" }]) {
    expectError(
      await api("PATCH", `/notifications/${second.id}`, { token: reader.token, body }),
      400,
      "invalid_request",
    );
  }
  expectError(
    await api("PATCH", `/notifications/${second.id}`, { body: { is_read: true } }),
    401,
    "unauthorized",
  );
});

t("PATCH /notifications marks every unread one, and only is_read: true is accepted", async () => {
  const reader = await newUser("all");
  await notify(reader, 3);
  assert.deepEqual((await api("GET", "/notifications/unread-count", { token: reader.token })).body, {
    unread_count: 3,
  });
  for (const body of [{ is_read: false }, {}, { is_read: 1 }, { is_read: true, extra: 1 }, [], null]) {
    expectError(await api("PATCH", "/notifications", { token: reader.token, body }), 400, "invalid_request");
  }
  expectError(
    await api("PATCH", "/notifications", {
      token: reader.token,
      body: "{nope",
      headers: { "content-type": "application/json" },
    }),
    400,
    "invalid_json",
  );
  const res = await api("PATCH", "/notifications", { token: reader.token, body: { is_read: true } });
  assert.deepEqual([res.status, res.body], [200, { updated_count: 3 }]);
  assert.deepEqual(
    (await api("PATCH", "/notifications", { token: reader.token, body: { is_read: true } })).body,
    {
      updated_count: 0,
    },
  );
  assert.deepEqual((await api("GET", "/notifications/unread-count", { token: reader.token })).body, {
    unread_count: 0,
  });
});

t("the notification routes need a token", async () => {
  for (
    const [method, path] of [
      ["GET", "/notifications"],
      ["PATCH", "/notifications"],
      ["GET", "/notifications/unread-count"],
      ["PATCH", `/notifications/${crypto.randomUUID()}`],
      ["POST", "/push-tokens"],
      ["DELETE", tokenPath(pushToken("any"))],
    ]
  ) {
    const body = method === "GET" ? undefined : { is_read: true };
    expectError(await api(method, path, { body }), 401, "unauthorized");
  }
  const res = await api("DELETE", "/notifications", { token: (await newUser("method")).token });
  expectError(res, 405, "method_not_allowed");
});

t("POST /push-tokens: 201 for a new token, 200 for the caller's own again", async () => {
  const user = await newUser("device");
  const token = pushToken(`own${crypto.randomUUID().slice(0, 8)}`);
  const created = await api<PushTokenBody>("POST", "/push-tokens", {
    token: user.token,
    body: { token, platform: "ios", device_id: "iPhone 15 (A1B2)" },
  });
  assert.equal(created.status, 201, created.text);
  assert.deepEqual([created.body.token, created.body.platform, created.body.device_id], [
    token,
    "ios",
    "iPhone 15 (A1B2)",
  ]);
  const updated = await api<PushTokenBody>("POST", "/push-tokens", {
    token: user.token,
    body: { token, platform: "android" },
  });
  assert.equal(updated.status, 200);
  assert.deepEqual([updated.body.platform, updated.body.device_id], ["android", null]);
  assert.equal(updated.body.created_at, created.body.created_at);
  const other = await api("POST", "/push-tokens", {
    token: user.token,
    body: { token: `ExpoPushToken[${crypto.randomUUID().replaceAll("-", "")}]`, platform: "android" },
  });
  assert.equal(other.status, 201, "the newer ExpoPushToken[…] form is accepted too");
  const rows = await db()`select token from public.push_tokens where user_id = ${user.id} order by token`;
  assert.equal(rows.length, 2);
});

t("POST /push-tokens refuses what is not an Expo token registration", async () => {
  const user = await newUser("bad");
  const token = pushToken("bad");
  const bad: unknown[] = [
    {},
    { token },
    { platform: "ios" },
    { token: "not-a-token", platform: "ios" },
    { token: "ExponentPushToken[short]", platform: "ios" },
    { token: "ExponentPushToken[<script>alert(1)</script>]", platform: "ios" },
    { token: `ExponentPushToken[${"x".repeat(65)}]`, platform: "ios" },
    { token: `fcm:${token}`, platform: "android" },
    { token, platform: "web" },
    { token, platform: "IOS" },
    { token, platform: "ios", device_id: "" },
    { token, platform: "ios", device_id: "d".repeat(129) },
    { token, platform: "ios", device_id: "line\nbreak" },
    { token, platform: "ios", device_id: 7 },
    { token, platform: "ios", user_id: user.id },
    [],
  ];
  for (const body of bad) {
    expectError(await api("POST", "/push-tokens", { token: user.token, body }), 400, "invalid_request");
  }
  expectError(
    await api("POST", "/push-tokens", {
      token: user.token,
      body: "{nope",
      headers: { "content-type": "application/json" },
    }),
    400,
    "invalid_json",
  );
  expectError(
    await api("POST", "/push-tokens", {
      token: user.token,
      body: "token=x",
      headers: { "content-type": "text/plain" },
    }),
    415,
  );
});

t("POST /push-tokens: a token another user holds is 409 push_token_taken until they sign out", async () => {
  const seller = await newUser("seller");
  const buyer = await newUser("buyer");
  const token = pushToken(`taken${crypto.randomUUID().slice(0, 8)}`);
  assert.equal(
    (await api("POST", "/push-tokens", { token: seller.token, body: { token, platform: "ios" } })).status,
    201,
  );
  // Due in an hour, so the push worker leaves it alone: a refused claim must not fail it.
  await db()`insert into public.push_outbox (user_id, token, title, body, next_attempt_at)
    values (${seller.id}, ${token}, 'For the seller', 'b', now() + interval '1 hour')`;
  expectError(
    await api("POST", "/push-tokens", { token: buyer.token, body: { token, platform: "android" } }),
    409,
    "push_token_taken",
  );
  const owners = await db()`select user_id from public.push_tokens where token = ${token}`;
  assert.deepEqual(owners.map((r) => r.user_id), [seller.id], "the holder keeps the token");
  const queued = await db()`select status from public.push_outbox where user_id = ${seller.id}`;
  assert.deepEqual(queued.map((r) => r.status), ["pending"], "and what was queued for them");
  // The device changes hands the way a phone does: the seller signs out on it first.
  assert.equal((await api("DELETE", tokenPath(token), { token: seller.token })).status, 204);
  const moved = await api("POST", "/push-tokens", {
    token: buyer.token,
    body: { token, platform: "android" },
  });
  assert.equal(moved.status, 201, moved.text);
});

t("a job's completion push goes only to a token its user registered", async () => {
  const user = await newUser("pusher");
  const stranger = pushToken(`strange${crypto.randomUUID().slice(0, 8)}`);
  const own = pushToken(`own${crypto.randomUUID().slice(0, 8)}`);
  assert.equal(
    (await api("POST", "/push-tokens", { token: user.token, body: { token: own, platform: "ios" } })).status,
    201,
  );
  for (const expo_push_token of [stranger, own]) {
    const res = await api<{ id: string }>("POST", "/jobs", {
      token: user.token,
      body: { type: "prompt", input: { prompt: "a habit tracker app" }, expo_push_token },
    });
    assert.equal(res.status, 202, res.text);
    await waitForJob(user, res.body.id);
  }
  const queued = await db()`select token from public.push_outbox where user_id = ${user.id}`;
  assert.deepEqual(
    queued.map((r) => r.token),
    [own],
    "nothing was queued for a device the user never registered",
  );
});

t("DELETE /push-tokens/{token} signs the device out, idempotently, and only for the caller", async () => {
  const user = await newUser("signout");
  const stranger = await newUser("stranger");
  const token = pushToken(`gone${crypto.randomUUID().slice(0, 8)}`);
  const theirs = pushToken(`kept${crypto.randomUUID().slice(0, 8)}`);
  await api("POST", "/push-tokens", { token: user.token, body: { token, platform: "ios" } });
  await api("POST", "/push-tokens", { token: stranger.token, body: { token: theirs, platform: "ios" } });
  const res = await api("DELETE", tokenPath(token), { token: user.token });
  assert.deepEqual([res.status, res.text], [204, ""]);
  assert.equal((await db()`select 1 from public.push_tokens where token = ${token}`).length, 0);
  assert.equal(
    (await api("DELETE", tokenPath(token), { token: user.token })).status,
    204,
    "again: still 204",
  );
  assert.equal(
    (await api("DELETE", `/push-tokens/${token}`, { token: user.token })).status,
    204,
    "unencoded brackets work too",
  );
  assert.equal((await api("DELETE", tokenPath(theirs), { token: user.token })).status, 204);
  assert.equal(
    (await db()`select 1 from public.push_tokens where token = ${theirs}`).length,
    1,
    "not theirs",
  );
  expectError(await api("DELETE", "/push-tokens/not-a-token", { token: user.token }), 400, "invalid_request");
});

t(
  "the JSON routes refuse other content types, and a token cannot be registered without a profile",
  async () => {
    const user = await newUser("types");
    for (const path of ["/notifications", `/notifications/${crypto.randomUUID()}`]) {
      expectError(
        await api("PATCH", path, {
          token: user.token,
          body: "is_read=true",
          headers: { "content-type": "text/plain" },
        }),
        415,
        "unsupported_media_type",
      );
    }
    await db()`delete from public.profiles where id = ${user.id}`;
    expectError(
      await api("POST", "/push-tokens", {
        token: user.token,
        body: { token: pushToken("orphan"), platform: "ios" },
      }),
      404,
      "profile_not_found",
    );
  },
);
