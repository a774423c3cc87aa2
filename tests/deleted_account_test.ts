// A token stays valid after its account is deleted (DELETE /me): every documented operation that writes or
// acts answers it 404 `profile_not_found` before doing anything, the MCP endpoint 401 `invalid_token`, and
// every read answers a documented status other than 500.
import assert from "node:assert/strict";
import { localCheckoutSessionDir } from "../supabase/functions/_shared/adapters/local-payments.ts";
import { toApiError } from "../supabase/functions/_shared/errors.ts";
import {
  api,
  type ApiResponse,
  db,
  documentedOperations,
  errorCode,
  mcpPost,
  newUser,
  NO_STACK,
  unusedPath,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, ignore: NO_STACK, sanitizeOps: false, sanitizeResources: false, fn });

/** The user ids of every checkout session the local payment provider was asked to open. */
async function checkoutOwners(): Promise<string[]> {
  const owners: string[] = [];
  try {
    const dir = localCheckoutSessionDir(Deno.env.get("LOCAL_STORAGE_DIR")!);
    for await (const entry of Deno.readDir(dir)) {
      if (entry.name.endsWith(".json")) {
        owners.push(JSON.parse(await Deno.readTextFile(`${dir}/${entry.name}`)).userId);
      }
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return owners;
}

function expectGone(res: ApiResponse, what: string) {
  assert.equal(res.status, 404, `${what}: ${res.status} ${res.text.slice(0, 200)}`);
  assert.equal(errorCode(res), "profile_not_found", what);
  assert.match(res.text, /account no longer exists/, what);
}

t("a deleted account's still-valid token can neither write nor act anywhere", async () => {
  const user = await newUser("gone");
  // Valid requests first: with a live account they succeed, so only the deletion can refuse them later.
  const webhook = { url: "http://127.0.0.1:9/hook", events: ["job.failed"] };
  const checkout = { preset_eur: 5 };
  assert.equal((await api("POST", "/webhooks", { token: user.token, body: webhook })).status, 201);
  assert.equal((await api("POST", "/billing/checkouts", { token: user.token, body: checkout })).status, 201);
  assert.equal((await api("DELETE", "/me", { token: user.token })).status, 204);

  expectGone(await api("POST", "/webhooks", { token: user.token, body: webhook }), "POST /webhooks");
  const sessionsBefore = (await checkoutOwners()).filter((id) => id === user.id).length;
  expectGone(await api("POST", "/billing/checkouts", { token: user.token, body: checkout }), "checkout");
  assert.equal((await checkoutOwners()).filter((id) => id === user.id).length, sessionsBefore);

  const operations = (await documentedOperations()).filter((op) => op.secured);
  const acting = operations.filter((op) => op.method !== "GET");
  assert.ok(acting.length >= 20, `only ${acting.length} acting operations documented`);
  for (const op of operations) {
    const what = `${op.method} ${op.template}`;
    const res = await api(op.method, unusedPath(op), {
      token: user.token,
      ...(op.bodyTypes.includes("application/json") ? { body: {} } : {}),
    });
    if (op.method === "GET") {
      assert.ok(res.status !== 500 && op.statuses.includes(String(res.status)), `${what}: ${res.status}`);
    } else {
      expectGone(res, what);
    }
  }

  const mcp = await mcpPost(user, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "create_job", arguments: { prompt: "a to-do list" } },
  });
  assert.equal(mcp.status, 401, await mcp.text());
  assert.match(mcp.headers.get("WWW-Authenticate") ?? "", /invalid_token.*account no longer exists/);
});

t("a write that races the deletion is refused by the database as the same 404, not a 500", async () => {
  const user = await newUser("gone.race");
  assert.equal((await api("DELETE", "/me", { token: user.token })).status, 204);
  // What the handler of POST /webhooks does once the route let it through.
  const err = await db()`select private.create_webhook(${user.id}, 'https://example.com/hook', ${[
    "job.failed",
  ]})`.then(() => null, (e) => e);
  const refused = toApiError(err);
  assert.equal(refused?.status, 404, String(err));
  assert.equal(refused?.code, "profile_not_found");
});
