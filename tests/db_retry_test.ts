// A transaction Postgres aborts to break a deadlock changed nothing, so the one-round-trip calls send it
// again: two requests locking the same things in opposite orders both end, neither answering 500.
import assert from "node:assert/strict";
import { createDb } from "../supabase/functions/_shared/db.ts";
import { NO_STACK } from "./helpers.ts";

Deno.test({
  name: "a one-round-trip call that Postgres picks as a deadlock's victim is sent again and succeeds",
  ignore: NO_STACK,
  fn: async () => {
    const db = createDb(Deno.env.get("SUPABASE_DB_URL")!, { max: 2 });
    // Advisory locks take part in deadlock detection like row locks; keys of this test's own.
    const [first, second] = [0x5eed_0001, 0x5eed_0002];
    try {
      let holding!: () => void;
      const held = new Promise<void>((resolve) => holding = resolve);
      // The other side takes `first`, waits until the call is blocked on it, then asks for `second`.
      const other = db.asService(async (tx) => {
        await tx`select pg_advisory_xact_lock(${first})`;
        holding();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx`select pg_advisory_xact_lock(${second})`;
      });
      await held;
      // The call takes `second`, then waits for `first`: it has waited longest, so Postgres's deadlock
      // check (after deadlock_timeout) aborts it, and it is sent again once the other side commits.
      const rows = await db.callAsService((sql) => [
        sql`select pg_advisory_xact_lock(${second})`,
        sql`select pg_advisory_xact_lock(${first})`,
        sql`select 'done' as r`,
      ]);
      await other;
      assert.equal(rows[2][0].r, "done");
    } finally {
      await db.end();
    }
  },
});
