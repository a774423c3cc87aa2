// Expo push receipts: messages accepted 15 minutes ago are checked against a loopback stand-in of Expo's
// getReceipts endpoint; DeviceNotRegistered forgets the token, other errors are recorded, a missing receipt
// is asked for again until the ticket is a day old.
//
// The rows are sent-and-ticketed directly in SQL for a fresh user with a ticket the stack's log-only sender
// does not know, so only this test's in-process check resolves them.
import assert from "node:assert/strict";
import { ExpoPushSender } from "../supabase/functions/_shared/adapters/expo-push.ts";
import { createDb, type Db } from "../supabase/functions/_shared/db.ts";
import { checkPushReceipts } from "../supabase/functions/_shared/push-outbox.ts";
import { ExpoStandIn, RECEIPTS_PATH } from "./expo_stand_in.ts";
import { api, db, newUser, NO_STACK, type TestUser } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

function token(user: TestUser, i: number): string {
  return `ExponentPushToken[${`${user.id.slice(0, 8)}r${i}`.padEnd(22, "x")}]`;
}

t("receipts 15 minutes after sending: DeviceNotRegistered forgets the token, errors are kept", async () => {
  const user = await newUser("receipts");
  for (let i = 0; i < 5; i++) {
    const res = await api("POST", "/push-tokens", {
      token: user.token,
      body: { token: token(user, i), platform: "ios" },
    });
    assert.equal(res.status, 201);
  }
  // Message i went to token i; message 4 was accepted only 5 minutes ago.
  await db()`
    insert into public.push_outbox (user_id, token, title, body, status, attempts, ticket_id, sent_at)
    select ${user.id}, format('ExponentPushToken[%s]', rpad(${
    user.id.slice(0, 8)
  } || 'r' || i, 22, 'x')), 'T', 'B',
           'sent', 1, 'receipt-ticket-' || i,
           now() - case when i = 4 then interval '5 minutes' when i = 3 then interval '2 days' else interval '16 minutes' end
      from generate_series(0, 4) i`;
  const expo = new ExpoStandIn(() => new Response(null, { status: 500 }), {
    "receipt-ticket-0": { status: "ok" },
    "receipt-ticket-1": {
      status: "error",
      message: `"${token(user, 1)}" is not a registered push notification recipient`,
      details: { error: "DeviceNotRegistered" },
    },
    "receipt-ticket-2": { status: "error", message: "Message too big", details: { error: "MessageTooBig" } },
  });
  const serviceDb: Db = createDb(Deno.env.get("SUPABASE_DB_URL")!, { max: 1 });
  try {
    const resolved = await checkPushReceipts(
      serviceDb,
      new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 }),
      {
        onlyUser: user.id,
      },
    );
    assert.equal(resolved, 3);
    const asked = expo.received.filter((r) => r.path === RECEIPTS_PATH);
    assert.equal(asked.length, 1);
    const ids = (asked[0].messages as unknown as { ids: string[] }).ids;
    // Ticket 3 is a day old: the stack's own worker may have given up on it first, as this check would.
    assert.deepEqual(
      ids.filter((id) => id !== "receipt-ticket-3").sort(),
      ["receipt-ticket-0", "receipt-ticket-1", "receipt-ticket-2"],
      "only messages accepted at least 15 minutes ago",
    );
    const rows = await db()`select ticket_id, receipt_status, receipt_error from public.push_outbox
                             where user_id = ${user.id} order by ticket_id`;
    assert.deepEqual(rows.map((r) => [r.ticket_id, r.receipt_status]), [
      ["receipt-ticket-0", "ok"],
      ["receipt-ticket-1", "error"],
      ["receipt-ticket-2", "error"],
      ["receipt-ticket-3", "unavailable"],
      ["receipt-ticket-4", null],
    ]);
    assert.match(rows[1].receipt_error, /^DeviceNotRegistered: /);
    assert.ok(!rows[1].receipt_error.includes(token(user, 1)), "the token is not quoted whole");
    assert.equal(rows[2].receipt_error, "MessageTooBig: Message too big");
    const tokens = await db()`select token from public.push_tokens where user_id = ${user.id} order by token`;
    assert.deepEqual(
      tokens.map((r) => r.token),
      [0, 2, 3, 4].map((i) => token(user, i)),
      "token 1 is forgotten",
    );

    // Nothing resolved is asked for again.
    assert.equal(
      await checkPushReceipts(serviceDb, new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 }), {
        onlyUser: user.id,
      }),
      0,
    );
    assert.equal(expo.received.filter((r) => r.path === RECEIPTS_PATH).length, 1);
  } finally {
    await serviceDb.end();
    await expo.close();
  }
});

t(
  "a receipt Expo does not have yet is asked for again later; an unreachable Expo resolves nothing",
  async () => {
    const user = await newUser("receipts.later");
    await db()`insert into public.push_outbox (user_id, token, title, body, status, attempts, ticket_id, sent_at)
             values (${user.id}, ${
      token(user, 0)
    }, 'T', 'B', 'sent', 1, 'receipt-later', now() - interval '20 minutes')`;
    const serviceDb: Db = createDb(Deno.env.get("SUPABASE_DB_URL")!, { max: 1 });
    const expo = new ExpoStandIn(() => new Response(null, { status: 500 }), {});
    try {
      assert.equal(
        await checkPushReceipts(serviceDb, new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 }), {
          onlyUser: user.id,
        }),
        0,
      );
      assert.equal(
        await checkPushReceipts(
          serviceDb,
          new ExpoPushSender({ baseUrl: "http://127.0.0.1:9", timeoutMs: 1_000 }),
          {
            onlyUser: user.id,
          },
        ),
        0,
      );
      const [row] =
        await db()`select receipt_status from public.push_outbox where ticket_id = 'receipt-later'`;
      assert.equal(row.receipt_status, null, "still due");
      const [{ woken }] = await db()`select private.wake_worker('push') is not null as woken`;
      assert.equal(woken, true, "a due receipt wakes the push worker");
    } finally {
      await serviceDb.end();
      await expo.close();
    }
  },
);
