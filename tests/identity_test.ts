// Section B over HTTP: whoami, /me (read, change, delete, avatar), public profiles; and every way a
// token can be bad.
import assert from "node:assert/strict";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import { SupabaseAuthAdmin } from "../supabase/functions/_shared/adapters/supabase.ts";
import {
  api,
  BASE_URL,
  db,
  documentedOperations,
  errorCode,
  expectError,
  foreignToken,
  imageForm,
  inProcessApi,
  newUser,
  NO_STACK,
  PNG_1x1,
  tokenFor,
  unusedPath,
  withSetting,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

const alice = NO_STACK ? undefined! : await newUser("alice");
const bob = NO_STACK ? undefined! : await newUser("bob");

t("GET /whoami reads the token alone", async () => {
  const res = await api("GET", "/whoami", { token: alice.token });
  assert.deepEqual(res.status, 200);
  assert.deepEqual(res.body, { user_id: alice.id, client_id: "first-party", scopes: ["email"] });
});

t("every protected route refuses a missing or bad token with 401 and WWW-Authenticate", async () => {
  const expired = await tokenFor(alice, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
  const [h, p] = alice.token.split(".");
  const unsigned = `${btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "")}.${p}.`;
  const tampered = `${h}.${btoa(JSON.stringify({ sub: bob.id, role: "authenticated" })).replace(/=+$/, "")}.${
    alice.token.split(".")[2]
  }`;
  const cases: Record<string, Record<string, string>> = {
    missing: {},
    garbage: { authorization: "Bearer not-a-token" },
    "wrong scheme": { authorization: `Basic ${alice.token}` },
    expired: { authorization: `Bearer ${expired}` },
    "other key": { authorization: `Bearer ${await foreignToken(alice)}` },
    "alg none": { authorization: `Bearer ${unsigned}` },
    tampered: { authorization: `Bearer ${tampered}` },
  };
  // Every operation the document secures, with ids of the documented shape: the token is checked first.
  const routes = (await documentedOperations()).filter((op) => op.secured).map((
    op,
  ) => [op.method, unusedPath(op)]);
  assert(routes.length > 40, `only ${routes.length} secured operations in the document`);
  for (const [label, headers] of Object.entries(cases)) {
    for (const [method, path] of routes) {
      const res = await api(method, path, { headers });
      assert.deepEqual(res.status, 401, `${label} ${method} ${path}`);
      assert.deepEqual(errorCode(res), "unauthorized");
      assert.match(res.headers.get("www-authenticate") ?? "", /^Bearer/);
    }
  }
});

t("GET /me returns the profile, with email from the token", async () => {
  const res = await api("GET", "/me", { token: alice.token });
  assert.deepEqual(res.status, 200);
  assert.deepEqual(res.body.user_id, alice.id);
  assert.deepEqual(res.body.email, alice.email);
  assert.match(String(res.body.username), /^alice\.[0-9a-f]+/);
  assert.deepEqual(res.body.avatar_url, null);
});

t("GET /me?fields= returns only what is asked, plus user_id", async () => {
  const res = await api("GET", "/me?fields=email", { token: alice.token });
  assert.deepEqual(res.body, { user_id: alice.id, email: alice.email });
  const two = await api("GET", "/me?fields=username,avatar_url", { token: alice.token });
  assert.deepEqual(Object.keys(two.body).sort(), ["avatar_url", "user_id", "username"]);
});

t("GET /me?fields= with an unknown name is 400 invalid_fields", async () => {
  const res = await api("GET", "/me?fields=username,password", { token: alice.token });
  assert.deepEqual(res.status, 400);
  assert.deepEqual(errorCode(res), "invalid_fields");
  assert.deepEqual((res.body.details as { unknown: string[] }).unknown, ["password"]);
  assert.deepEqual((await api("GET", "/me?fields=", { token: alice.token })).status, 400);
});

t(
  "GET /me, PATCH /me and POST /me/avatar are 404 for a valid token whose account has no profile",
  async () => {
    const ghost = await tokenFor({ id: crypto.randomUUID(), email: "ghost@example.com" });
    const res = await api("GET", "/me", { token: ghost });
    assert.deepEqual(res.status, 404);
    assert.deepEqual(errorCode(res), "profile_not_found");
    assert.deepEqual(
      (await api("PATCH", "/me", { token: ghost, body: { username: "ghost_1" } })).status,
      404,
    );
    expectError(
      await api("POST", "/me/avatar", { token: ghost, body: imageForm(PNG_1x1) }),
      404,
      "profile_not_found",
    );
  },
);

t("PATCH /me changes the username and keeps the rules", async () => {
  const user = await newUser("carol");
  const name = `carol_${crypto.randomUUID().slice(0, 6)}`;
  const ok = await api("PATCH", "/me", { token: user.token, body: { username: name } });
  assert.deepEqual(ok.status, 200);
  assert.deepEqual(ok.body.username, name);
  assert.deepEqual(ok.body.email, user.email);

  for (const bad of ["ab", "a".repeat(31), "Carol", "_carol", "carol!", 42, null]) {
    const res = await api("PATCH", "/me", { token: user.token, body: { username: bad } });
    assert.deepEqual(res.status, 400, `username ${JSON.stringify(bad)}`);
    assert.deepEqual(errorCode(res), "invalid_request");
  }
  const taken = await api("PATCH", "/me", { token: bob.token, body: { username: name } });
  assert.deepEqual(taken.status, 409);
  assert.deepEqual(errorCode(taken), "username_taken");
});

t("PATCH /me refuses malformed JSON, unknown fields, empty bodies and wrong content types", async () => {
  const malformed = await api("PATCH", "/me", {
    token: alice.token,
    body: "{not json",
    headers: { "content-type": "application/json" },
  });
  assert.deepEqual(malformed.status, 400);
  assert.deepEqual(errorCode(malformed), "invalid_json");
  const unknown = await api("PATCH", "/me", {
    token: alice.token,
    body: { username: "alice_x", is_supporter: true },
  });
  assert.deepEqual(unknown.status, 400);
  assert.deepEqual((await api("PATCH", "/me", { token: alice.token, body: {} })).status, 400);
  assert.deepEqual((await api("PATCH", "/me", { token: alice.token, body: [] })).status, 400);
  const textPlain = await api("PATCH", "/me", {
    token: alice.token,
    body: JSON.stringify({ username: "alice_y" }),
    headers: { "content-type": "text/plain" },
  });
  assert.deepEqual(textPlain.status, 415);
  assert.deepEqual(errorCode(textPlain), "unsupported_media_type");
});

t("PATCH /me takes for avatar_url only null or one of the caller's own avatars", async () => {
  const user = await newUser("dave");
  const own = String(
    (await api("POST", "/me/avatar", { token: user.token, body: imageForm(PNG_1x1) })).body.avatar_url,
  );
  const again = await api("PATCH", "/me", { token: user.token, body: { avatar_url: own } });
  assert.deepEqual([again.status, again.body.avatar_url], [200, own]);
  const elsewhere = own.replace(/^https?:\/\/[^/]+/, "https://tracker.example.com");
  for (const bad of ["https://cdn.example.com/a.png", elsewhere]) {
    expectError(
      await api("PATCH", "/me", { token: user.token, body: { avatar_url: bad } }),
      400,
      bad === elsewhere ? "invalid_avatar_url" : "invalid_request",
    );
  }
  const cleared = await api("PATCH", "/me", { token: user.token, body: { avatar_url: null } });
  assert.deepEqual([cleared.status, cleared.body.avatar_url], [200, null]);
  for (const bad of ["not a url", "javascript:alert(1)", "ftp://example.com/a.png", 7]) {
    assert.deepEqual(
      (await api("PATCH", "/me", { token: user.token, body: { avatar_url: bad } })).status,
      400,
    );
  }
});

t(
  "avatars need no avatars_url setting (the avatars bucket on runner_url's host); with neither, 503 avatars_not_configured",
  async () => {
    const user = await newUser("frank");
    await withSetting("avatars_url", null, async () => {
      const uploaded = await api("POST", "/me/avatar", { token: user.token, body: imageForm(PNG_1x1) });
      assert.equal(uploaded.status, 201, uploaded.text);
      const own = String(uploaded.body.avatar_url);
      const set = await api("PATCH", "/me", { token: user.token, body: { avatar_url: own } });
      assert.deepEqual([set.status, set.body.avatar_url], [200, own]);
      const served = await fetch(own);
      await served.body?.cancel();
      assert.equal(served.status, 200, "the derived address is where the object is served");

      // A deployment that knows neither address says so; removing an avatar still works.
      await withSetting("runner_url", null, async () => {
        const cleared = await api("PATCH", "/me", { token: user.token, body: { avatar_url: null } });
        assert.deepEqual([cleared.status, cleared.body.avatar_url], [200, null]);
        expectError(
          await api("PATCH", "/me", { token: user.token, body: { avatar_url: own } }),
          503,
          "avatars_not_configured",
        );
        expectError(
          await api("POST", "/me/avatar", { token: user.token, body: imageForm(PNG_1x1) }),
          503,
          "avatars_not_configured",
        );
        assert.equal((await api("GET", "/me", { token: user.token })).body.avatar_url, null);
      });
    });
  },
);

t("another user's avatar can be neither taken nor deleted through PATCH /me", async () => {
  const victim = await newUser("victim");
  const attacker = await newUser("attacker");
  const avatar = String(
    (await api("POST", "/me/avatar", { token: victim.token, body: imageForm(PNG_1x1) })).body.avatar_url,
  );
  expectError(
    await api("PATCH", "/me", { token: attacker.token, body: { avatar_url: avatar } }),
    400,
    "invalid_avatar_url",
  );
  const cleared = await api("PATCH", "/me", { token: attacker.token, body: { avatar_url: null } });
  assert.deepEqual([cleared.status, cleared.body.avatar_url], [200, null]);
  const served = await fetch(avatar);
  await served.body?.cancel();
  assert.deepEqual(served.status, 200, "the victim's object is still served");
  assert.deepEqual((await api("GET", "/me", { token: victim.token })).body.avatar_url, avatar);
});

t("POST /me/avatar stores a PNG, serves it publicly and removes the previous one", async () => {
  const user = await newUser("erin");
  const first = await api("POST", "/me/avatar", { token: user.token, body: imageForm(PNG_1x1) });
  assert.deepEqual(first.status, 201);
  const url = String(first.body.avatar_url);
  const served = await fetch(url);
  assert.deepEqual(served.status, 200);
  assert.deepEqual(served.headers.get("content-type"), "image/png");
  assert.deepEqual(new Uint8Array(await served.arrayBuffer()), PNG_1x1);
  assert.deepEqual((await api("GET", "/me?fields=avatar_url", { token: user.token })).body.avatar_url, url);

  const second = await api("POST", "/me/avatar", { token: user.token, body: imageForm(PNG_1x1) });
  assert.deepEqual(second.status, 201);
  assert.notDeepEqual(second.body.avatar_url, url);
  const gone = await fetch(url);
  await gone.body?.cancel();
  assert.deepEqual(gone.status, 404, "the previous avatar object is removed");
});

t("POST /me/avatar accepts JPEG and WebP by content, whatever the declared type", async () => {
  const user = await newUser("fay");
  const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
  const webp = new TextEncoder().encode("RIFF\x24\x00\x00\x00WEBPVP8 ");
  const a = await api("POST", "/me/avatar", {
    token: user.token,
    body: imageForm(jpeg, "x.bin", "application/octet-stream"),
  });
  assert.deepEqual(a.status, 201);
  assert.match(String(a.body.avatar_url), /\.jpg$/);
  const b = await api("POST", "/me/avatar", {
    token: user.token,
    body: imageForm(webp, "y.png", "image/png"),
  });
  assert.deepEqual(b.status, 201);
  assert.match(String(b.body.avatar_url), /\.webp$/);
});

t("POST /me/avatar refuses what is not an image, oversized files and bad forms", async () => {
  const user = await newUser("gus");
  const fakePng = new Uint8Array([...new TextEncoder().encode("\x89PNG is what I say"), 0]);
  const text = await api("POST", "/me/avatar", {
    token: user.token,
    body: imageForm(fakePng, "a.png", "image/png"),
  });
  assert.deepEqual(text.status, 400);
  assert.deepEqual(errorCode(text), "unsupported_image");

  const big = new Uint8Array(6 * 1024 * 1024);
  big.set(PNG_1x1.subarray(0, 16));
  const large = await api("POST", "/me/avatar", { token: user.token, body: imageForm(big) });
  assert.deepEqual(large.status, 413);
  assert.deepEqual(errorCode(large), "payload_too_large");

  const noFile = new FormData();
  noFile.append("file", "just text");
  assert.deepEqual((await api("POST", "/me/avatar", { token: user.token, body: noFile })).status, 400);
  const twoFiles = imageForm(PNG_1x1);
  twoFiles.append("file", new Blob([PNG_1x1 as BlobPart], { type: "image/png" }), "b.png");
  assert.deepEqual((await api("POST", "/me/avatar", { token: user.token, body: twoFiles })).status, 400);
  const json = await api("POST", "/me/avatar", { token: user.token, body: { file: "x" } });
  assert.deepEqual(json.status, 415);
  assert.deepEqual((await api("GET", "/me?fields=avatar_url", { token: user.token })).body.avatar_url, null);
});

t("GET /users/{id}: any signed-in user reads any public profile", async () => {
  const res = await api("GET", `/users/${bob.id}`, { token: alice.token });
  assert.deepEqual(res.status, 200);
  assert.deepEqual(res.body.id, bob.id);
  assert.deepEqual(Object.keys(res.body).sort(), [
    "avatar_url",
    "created_at",
    "id",
    "is_supporter",
    "updated_at",
    "username",
  ]);
  assert.deepEqual((await api("GET", `/users/${crypto.randomUUID()}`, { token: alice.token })).status, 404);
  const malformed = await api("GET", "/users/not-a-uuid", { token: alice.token });
  assert.deepEqual(malformed.status, 400);
  assert.deepEqual(errorCode(malformed), "invalid_request");
});

t("DELETE /me removes the account, its data and its avatar objects", async () => {
  const user = await newUser("hank");
  const avatar = await api("POST", "/me/avatar", { token: user.token, body: imageForm(PNG_1x1) });
  const res = await api("DELETE", "/me", { token: user.token });
  assert.deepEqual(res.status, 204);
  assert.deepEqual(res.text, "");
  const [{ users, profiles, wallets }] = await db()`
    select (select count(*) from auth.users where id = ${user.id})::int as users,
           (select count(*) from public.profiles where id = ${user.id})::int as profiles,
           (select count(*) from public.wallets where user_id = ${user.id})::int as wallets`;
  assert.deepEqual([users, profiles, wallets], [0, 0, 0]);
  const gone = await fetch(String(avatar.body.avatar_url));
  await gone.body?.cancel();
  assert.deepEqual(gone.status, 404);
  assert.deepEqual((await api("GET", "/me", { token: user.token })).status, 404);
});

t("unknown routes are 404 and wrong methods 405, in the error shape", async () => {
  const missing = await api("GET", "/nope", { token: alice.token });
  assert.deepEqual(missing.status, 404);
  assert.deepEqual(errorCode(missing), "not_found");
  const wrong = await api("PUT", "/me", { token: alice.token, body: {} });
  assert.deepEqual(wrong.status, 405);
  assert.deepEqual(errorCode(wrong), "method_not_allowed");
  assert.match(wrong.headers.get("allow") ?? "", /GET/);
  assert.deepEqual(await fetch(`${BASE_URL}/health`, { method: "DELETE" }).then((r) => r.status), 405);
});

t("DELETE /me is 502 when the identity provider fails, and nothing is deleted", async () => {
  const user = await newUser("ivy");
  const avatar = await api("POST", "/me/avatar", { token: user.token, body: imageForm(PNG_1x1) });
  // Supabase's Auth admin API stand-in on loopback, failing every call.
  const seen: string[] = [];
  const upstream = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    seen.push(`${req.method} ${new URL(req.url).pathname}`);
    return Response.json({ code: "unexpected_failure", message: "database is down" }, { status: 500 });
  });
  const deps = depsFromConfig(loadConfig(Deno.env.toObject()));
  try {
    const app = createV1App({
      ...deps,
      authAdmin: new SupabaseAuthAdmin({
        url: `http://127.0.0.1:${upstream.addr.port}`,
        serviceKey: "service-key",
        timeoutMs: 2000,
      }),
    });
    const res = await inProcessApi(app)("DELETE", "/me", { token: user.token });
    const body = res.body;
    assert.deepEqual(res.status, 502);
    assert.deepEqual(body.code, "account_delete_failed");
    assert.ok(!JSON.stringify(body).includes("service-key"), "the service key never leaks");
    assert.ok(seen.some((s) => s.endsWith(` /auth/v1/admin/users/${user.id}`)), seen.join(", "));
  } finally {
    await deps.db.end();
    await upstream.shutdown();
  }
  const me = await api("GET", "/me", { token: user.token });
  assert.deepEqual(me.status, 200, "the profile is still there");
  assert.deepEqual(me.body.avatar_url, avatar.body.avatar_url);
  const served = await fetch(String(avatar.body.avatar_url));
  await served.body?.cancel();
  assert.deepEqual(served.status, 200, "the avatar object is still there");
});
