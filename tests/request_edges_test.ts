// Requests at the edges of what HTTP and RFC 3339 allow: date-time offsets Postgres cannot hold, the bearer
// scheme in any case, and the local gateway's own answers to methods and paths it cannot route.
import assert from "node:assert/strict";
import { api, errorOf, expectError, GATEWAY, newUser, NO_STACK, rawRequest } from "./helpers.ts";

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

t("the bearer scheme is case-insensitive", async () => {
  for (const scheme of ["bearer", "BEARER", "bEaReR"]) {
    const res = await api("GET", "/me", { headers: { authorization: `${scheme} ${user.token}` } });
    assert.equal(res.status, 200, `${scheme}: ${res.text}`);
  }
  expectError(
    await api("GET", "/me", { headers: { authorization: `Basic ${user.token}` } }),
    401,
    "unauthorized",
  );
});

t("the gateway answers TRACE with 405 and a malformed %-escape with 400, in the error shape", async () => {
  for (
    const path of ["/functions/v1/v1/me", "/functions/v1/mcp", "/storage/v1/object/public/avatars/x.png", "/"]
  ) {
    const res = await rawRequest("TRACE", `${GATEWAY}${path}`);
    assert.equal(res.status, 405, path);
    assert.equal(errorOf(res).code, "method_not_allowed");
  }
  const bad = await fetch(`${GATEWAY}/storage/v1/object/public/avatars/%E0%A4%A.png`);
  assert.equal(bad.status, 400);
  assert.equal(bad.headers.get("content-type"), "application/json");
  assert.equal((await bad.json()).code, "invalid_request");
});
