// Requests at the edges of what HTTP and RFC 3339 allow: date-time offsets Postgres cannot hold.
import assert from "node:assert/strict";
import { api, expectError, newUser, NO_STACK } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

const user = NO_STACK ? undefined! : await newUser("edges");

t("a date-time offset of ±16:00 or more is a 400, in a cursor and in start_date/end_date", async () => {
  for (const offset of ["+16:00", "-16:00", "+23:59"]) {
    const cursor = encodeURIComponent(`2026-01-01T00:00:00${offset}`);
    expectError(
      await api("GET", `/notifications?cursor=${cursor}`, { token: user.token }),
      400,
      "invalid_cursor",
    );
    expectError(
      await api("GET", `/wallets/me/transactions?cursor=${cursor}`, { token: user.token }),
      400,
      "invalid_cursor",
    );
    expectError(
      await api("GET", `/usage/contributions?start_date=${cursor}`, { token: user.token }),
      400,
      "invalid_request",
    );
    expectError(
      await api("GET", `/usage/contributions?end_date=${cursor}`, { token: user.token }),
      400,
      "invalid_request",
    );
  }
  const edge = encodeURIComponent("2026-01-01T00:00:00+15:59");
  assert.equal((await api("GET", `/notifications?cursor=${edge}`, { token: user.token })).status, 200);
  assert.equal(
    (await api("GET", `/usage/contributions?start_date=${edge}`, { token: user.token })).status,
    200,
  );
});
