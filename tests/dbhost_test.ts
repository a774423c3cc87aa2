// Section J over HTTP: the database host (the Supabase Management API). Against the running stack: 401s and
// validation 400s. In-process, without a Supabase OAuth app: the 503s; configured against the
// stand-in: the OAuth flow with PKCE through the public callback (which only hands the code to the app) and
// the app's authenticated finish, the attacks on its state (a consent URL sent to a victim), projects with
// token refresh and revoked grants, links with their ownership and uniqueness rules.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { base64url } from "jose";
import { api, db, expectError, newProject, newUser, NO_STACK, type TestUser } from "./helpers.ts";
import {
  closedPort,
  consent,
  type Integrations,
  newAccount,
  profileWith,
  tokenForms,
  withIntegrations,
  withoutIntegrations,
} from "./integration_stand_ins.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

const RETURN_URL = "appgen://integrations/dbhost";

type ErrorBody = { code: string; details?: unknown };

function pkce() {
  const verifier = base64url.encode(crypto.getRandomValues(new Uint8Array(48)));
  return { verifier, challenge: base64url.encode(createHash("sha256").update(verifier).digest()) };
}

interface Authorization {
  authorize_url: string;
  return_url: string;
  expires_at: string;
}

async function authorize(it: Integrations, user: TestUser, body: Record<string, string>) {
  const res = await it.api<Authorization>("POST", "/integrations/dbhost/authorizations", {
    token: user.token,
    body,
  });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** The browser lands on the callback (an address of the in-process API); redirects are not followed. */
async function land(it: Integrations, url: string) {
  assert.ok(url.startsWith(`${it.base}/`), url);
  const res = await it.api<ErrorBody>("GET", url.slice(it.base.length));
  return { ...res, location: res.headers.get("location") };
}

/** The app, woken by its deep link, finishes the flow as `user` with the code and state it carries. */
function finish(it: Integrations, user: TestUser, deepLink: string | null) {
  const url = new URL(deepLink ?? "");
  return it.api<ErrorBody>("POST", "/integrations/dbhost/connections", {
    token: user.token,
    body: { code: url.searchParams.get("code"), state: url.searchParams.get("state") },
  });
}

/** `user` consents at `consentUrl` in the browser, lands on the callback and finishes in the app. */
async function consentAndFinish(it: Integrations, user: TestUser, consentUrl: string) {
  const landed = await land(it, consentUrl);
  assert.equal(landed.status, 302, landed.text);
  return await finish(it, user, landed.location);
}

/** `user` connects a new account of the stand-in, going through consent, the callback and the app. */
async function connect(it: Integrations, user: TestUser, projects = 2) {
  const account = await newAccount(it.supabase, projects);
  const { verifier, challenge } = pkce();
  const started = await authorize(it, user, { code_challenge: challenge, code_verifier: verifier });
  const done = await consentAndFinish(it, user, await consent(started.authorize_url, account));
  assert.equal(done.status, 200, done.text);
  return account;
}

async function connectionRow(user: TestUser) {
  const [row] = await db()`select * from public.dbhost_connections where user_id = ${user.id}`;
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// The running stack: no Supabase OAuth app configured

t("dbhost routes need a token, except the public callback", async () => {
  const routes: [string, string][] = [
    ["POST", "/integrations/dbhost/authorizations"],
    ["POST", "/integrations/dbhost/connections"],
    ["GET", "/integrations/dbhost/projects"],
    ["POST", "/integrations/dbhost/links"],
    ["DELETE", "/integrations/dbhost/links/1"],
    ["GET", "/integrations/dbhost/connection"],
  ];
  for (const [method, path] of routes) {
    expectError(await api(method, path, { body: method === "POST" ? {} : undefined }), 401, "unauthorized");
  }
});

t("without a Supabase OAuth app every dbhost route answers 503 integration_not_configured", async () => {
  const user = await newUser("db503");
  const p = await newProject(user);
  await withoutIntegrations(async (api) => {
    const calls: [string, string, unknown?][] = [
      ["POST", "/integrations/dbhost/authorizations", { code_challenge: pkce().challenge }],
      ["POST", "/integrations/dbhost/connections", { code: "c", state: "s" }],
      ["GET", "/integrations/dbhost/projects"],
      ["POST", "/integrations/dbhost/links", { project_id: p.id, dbhost_ref: "abcdefghijklmnopqrst" }],
      ["DELETE", `/integrations/dbhost/links/${p.id}`],
      ["GET", "/integrations/dbhost/connection"],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { token: user.token, body });
      expectError(res, 503, "integration_not_configured");
      // Tokens are sealed (SECRETS_KEYS) but there is no app: the answer names what to set.
      assert.deepEqual((res.body as { details: unknown }).details, {
        integration: "dbhost",
        missing: ["SUPABASE_OAUTH_CLIENT_ID", "SUPABASE_OAUTH_CLIENT_SECRET"],
      });
      assert.match((res.body as { message: string }).message, /set SUPABASE_OAUTH_CLIENT_ID/);
    }
    expectError(
      await api("GET", "/integrations/dbhost/callback?code=c&state=s"),
      503,
      "integration_not_configured",
    );
  });
});

t("dbhost requests are validated before anything else: 400 invalid_request", async () => {
  const user = await newUser("db400");
  const { challenge } = pkce();
  const bad: [string, string, unknown][] = [
    ["POST", "/integrations/dbhost/authorizations", {}],
    ["POST", "/integrations/dbhost/authorizations", { code_challenge: "too-short" }],
    ["POST", "/integrations/dbhost/authorizations", { code_challenge: `${challenge}=` }],
    ["POST", "/integrations/dbhost/authorizations", { code_challenge: challenge, code_verifier: "short" }],
    ["POST", "/integrations/dbhost/authorizations", { code_challenge: challenge, method: "plain" }],
    ["POST", "/integrations/dbhost/connections", {}],
    ["POST", "/integrations/dbhost/connections", { code: "c" }],
    ["POST", "/integrations/dbhost/connections", { code: "", state: "s" }],
    ["POST", "/integrations/dbhost/connections", { code: "c", state: "s", user_id: crypto.randomUUID() }],
    ["POST", "/integrations/dbhost/links", { project_id: 1 }],
    ["POST", "/integrations/dbhost/links", { project_id: "1", dbhost_ref: "abc" }],
    ["POST", "/integrations/dbhost/links", { project_id: 1, dbhost_ref: "Not A Ref" }],
  ];
  for (const [method, path, body] of bad) {
    expectError(await api(method, path, { token: user.token, body }), 400, "invalid_request");
  }
  expectError(
    await api("DELETE", "/integrations/dbhost/links/-1", { token: user.token }),
    400,
    "invalid_request",
  );
  for (
    const path of [
      "/integrations/dbhost/authorizations",
      "/integrations/dbhost/connections",
      "/integrations/dbhost/links",
    ]
  ) {
    expectError(
      await api("POST", path, { token: user.token, body: "x", headers: { "content-type": "text/plain" } }),
      415,
      "unsupported_media_type",
    );
  }
});

// ---------------------------------------------------------------------------------------------------------
// Configured against the Supabase Management API stand-in

t(
  "the OAuth flow: authorize URL with S256 and a bound state, the callback hands the code to the app, the app finishes with the verifier, connection stored sealed",
  async () => {
    const user = await newUser("oauth");
    await withIntegrations(async (it) => {
      const account = await newAccount(it.supabase);
      const { verifier, challenge } = pkce();
      const started = await authorize(it, user, { code_challenge: challenge, code_verifier: verifier });
      assert.equal(started.return_url, RETURN_URL);
      assert.ok(Date.parse(started.expires_at) - Date.now() > 9 * 60_000, "valid for ten minutes");
      const url = new URL(started.authorize_url);
      const callback = `${it.base}/integrations/dbhost/callback`;
      assert.equal(url.searchParams.get("redirect_uri"), callback);
      assert.equal(url.searchParams.get("code_challenge"), challenge);
      assert.equal(url.searchParams.get("code_challenge_method"), "S256");
      const state = url.searchParams.get("state")!;
      assert.match(state, /^[A-Za-z0-9_-]{43}$/, "256 random bits");

      const [pending] = await db()`select * from public.dbhost_authorizations where user_id = ${user.id}`;
      assert.equal(
        pending.state_hash,
        createHash("sha256").update(state).digest("hex"),
        "only the hash is kept",
      );
      assert.match(pending.code_verifier_encrypted, /^v1\.local\./);
      assert.ok(!JSON.stringify(pending).includes(verifier), "the verifier is stored sealed");

      const formsBefore = tokenForms(it.supabase).length;
      const landed = await land(it, await consent(started.authorize_url, account));
      assert.equal(landed.status, 302);
      const deepLink = new URL(landed.location!);
      assert.equal(
        `${deepLink.protocol}//${deepLink.host}${deepLink.pathname}`,
        RETURN_URL,
        "back to the app",
      );
      assert.equal(deepLink.searchParams.get("state"), state);
      assert.ok(deepLink.searchParams.get("code"));
      assert.equal(tokenForms(it.supabase).length, formsBefore, "the callback exchanges nothing");
      assert.equal(await connectionRow(user), undefined, "and stores nothing");

      const done = await finish(it, user, landed.location);
      assert.equal(done.status, 200, done.text);
      assert.deepEqual(done.body, {
        connected: true,
        dbhost_user_id: account.id,
        dbhost_username: account.username,
      });
      const exchange = tokenForms(it.supabase).at(-1)!;
      assert.deepEqual(
        [exchange.grant_type, exchange.redirect_uri, exchange.code_verifier],
        ["authorization_code", callback, verifier],
      );

      const row = await connectionRow(user);
      assert.deepEqual([row.dbhost_user_id, row.dbhost_username], [account.id, account.username]);
      const secrets = it.deps.secrets!;
      const access = await secrets.open(
        row.access_token_encrypted,
        `dbhost_connection:${user.id}:access_token`,
      );
      assert.equal((await profileWith(it.supabase, access))?.gotrue_id, account.id, "the host's own token");
      const refresh = await secrets.open(
        row.refresh_token_encrypted,
        `dbhost_connection:${user.id}:refresh_token`,
      );
      assert.match(refresh, /^sbr_/);
      assert.ok(!row.access_token_encrypted.includes(access));
      const [{ n }] =
        await db()`select count(*)::int as n from public.dbhost_authorizations where user_id = ${user.id}`;
      assert.equal(n, 0, "the state is used up");

      const connection = await it.api("GET", "/integrations/dbhost/connection", {
        token: user.token,
      });
      assert.equal(connection.status, 200);
      assert.deepEqual(connection.body, {
        connected: true,
        dbhost_user_id: account.id,
        dbhost_username: account.username,
      });
      const other = await newUser("oauth-other");
      assert.deepEqual(
        (await it.api("GET", "/integrations/dbhost/connection", { token: other.token })).body,
        { connected: false },
      );
    });
  },
);

t("the OAuth state: replayed, expired, unknown, missing or declined stores nothing", async () => {
  const user = await newUser("state");
  await withIntegrations(async (it) => {
    const account = await newAccount(it.supabase);
    const callback = `${it.base}/integrations/dbhost/callback`;

    // Replayed: the state worked once; a second finish, even with a fresh code, is refused.
    const { verifier, challenge } = pkce();
    const started = await authorize(it, user, { code_challenge: challenge, code_verifier: verifier });
    const first = await consent(started.authorize_url, account);
    assert.equal((await consentAndFinish(it, user, first)).status, 200);
    const stored = await connectionRow(user);
    const another = await newAccount(it.supabase);
    const replay = await consentAndFinish(it, user, await consent(started.authorize_url, another));
    assert.deepEqual([replay.status, replay.body.code], [400, "invalid_state"]);
    assert.deepEqual(await connectionRow(user), stored, "the connection is as the first flow left it");

    // Expired.
    const late = pkce();
    const lateStart = await authorize(it, user, {
      code_challenge: late.challenge,
      code_verifier: late.verifier,
    });
    await db()`update public.dbhost_authorizations set expires_at = now() - interval '1 second'
               where user_id = ${user.id}`;
    const expired = await consentAndFinish(
      it,
      user,
      await consent(lateStart.authorize_url, another),
    );
    assert.deepEqual([expired.status, expired.body.code], [400, "state_expired"]);

    // Unknown (forged, or from another server).
    const forged = await finish(
      it,
      user,
      `${RETURN_URL}?code=abc&state=${base64url.encode(crypto.getRandomValues(new Uint8Array(32)))}`,
    );
    assert.deepEqual([forged.status, forged.body.code], [400, "invalid_state"]);

    // The callback without a state, or with neither a code nor an error.
    const missing = await land(it, `${callback}?code=abc`);
    assert.deepEqual([missing.status, missing.body.code], [400, "invalid_state"]);
    const empty = await land(it, `${callback}?state=abc`);
    assert.deepEqual([empty.status, empty.body.code], [400, "invalid_request"]);

    // Declined on the consent page: the app hears why, and nothing is exchanged.
    const declined = pkce();
    const declinedStart = await authorize(it, user, { code_challenge: declined.challenge });
    const state = new URL(declinedStart.authorize_url).searchParams.get("state")!;
    const denied = await land(it, `${callback}?error=access_denied&state=${state}`);
    assert.equal(denied.status, 302);
    assert.deepEqual(
      [...new URL(denied.location!).searchParams],
      [["error", "access_denied"], ["state", state]],
    );
    const odd = await land(it, `${callback}?error=${encodeURIComponent("<b>x</b>")}&state=${state}`);
    assert.equal(
      new URL(odd.location!).searchParams.get("error"),
      "unknown",
      "only plain error codes travel on",
    );

    assert.deepEqual(await connectionRow(user), stored, "none of them stored anything");
    assert.equal((await connectionRow(user)).dbhost_user_id, account.id);
  });
});

t("a consent URL sent to someone else never connects their account to the sender's", async () => {
  const attacker = await newUser("dbhost.attacker");
  const victim = await newUser("dbhost.victim");
  await withIntegrations(async (it) => {
    const victimsAccount = await newAccount(it.supabase);
    // The attacker starts a flow and sends the consent URL to the victim, who consents in their browser.
    const { verifier, challenge } = pkce();
    const started = await authorize(it, attacker, { code_challenge: challenge, code_verifier: verifier });
    const landed = await land(it, await consent(started.authorize_url, victimsAccount));
    assert.equal(landed.status, 302);
    assert.equal(await connectionRow(attacker), undefined, "landing on the callback connects nobody");

    // The victim's app, woken by the deep link, finishes as the victim: the state is not theirs.
    const done = await finish(it, victim, landed.location);
    assert.deepEqual([done.status, done.body.code], [400, "invalid_state"]);
    assert.equal(
      await connectionRow(attacker),
      undefined,
      "the victim's tokens are not on the attacker's account",
    );
    assert.equal(await connectionRow(victim), undefined, "nor anywhere else");
    const exchanged = tokenForms(it.supabase).filter((f) => f.grant_type === "authorization_code").length;
    assert.equal(exchanged, 0, "the victim's code was never exchanged");
    expectError(
      await it.api("GET", "/integrations/dbhost/projects", { token: attacker.token }),
      404,
      "not_connected",
    );
  });
});

t(
  "the callback sends the verifier only when the client gave one; a mismatched verifier is refused at the start",
  async () => {
    const user = await newUser("verifier");
    await withIntegrations(async (it) => {
      const account = await newAccount(it.supabase);
      const { challenge } = pkce();
      expectError(
        await it.api("POST", "/integrations/dbhost/authorizations", {
          token: user.token,
          body: { code_challenge: challenge, code_verifier: pkce().verifier },
        }),
        400,
        "code_verifier_mismatch",
      );

      // Without the verifier the code goes alone, and the host, which saw a challenge, refuses it.
      const started = await authorize(it, user, { code_challenge: challenge });
      const refused = await consentAndFinish(
        it,
        user,
        await consent(started.authorize_url, account),
      );
      assert.equal(refused.status, 400);
      assert.equal(refused.body.code, "dbhost_code_rejected");
      assert.deepEqual(refused.body.details, { upstream_error: "invalid_grant" });
      assert.equal("code_verifier" in tokenForms(it.supabase).at(-1)!, false);
      assert.equal(await connectionRow(user), undefined, "nothing stored");
    });
  },
);

t("an unreachable database host makes the finish 502 and stores nothing", async () => {
  const user = await newUser("callback502");
  await withIntegrations(async (it) => {
    const { verifier, challenge } = pkce();
    const started = await authorize(it, user, { code_challenge: challenge, code_verifier: verifier });
    const state = new URL(started.authorize_url).searchParams.get("state")!;
    const res = await finish(it, user, `${RETURN_URL}?code=some-code&state=${state}`);
    expectError(res, 502, "dbhost_failed");
    assert.ok(!res.text.includes("some-code") && !res.text.includes("127.0.0.1"));
    assert.equal(await connectionRow(user), undefined);
  }, { SUPABASE_MANAGEMENT_API_URL: `http://127.0.0.1:${closedPort()}` });
});

t(
  "GET /integrations/dbhost/projects: 404 not_connected, then the account's projects with the caller's links",
  async () => {
    const user = await newUser("projects");
    await withIntegrations(async (it) => {
      const list = () =>
        it.api<Record<string, unknown>>("GET", "/integrations/dbhost/projects", {
          token: user.token,
        });
      expectError(await list(), 404, "not_connected");

      const account = await connect(it, user);
      const res = await list();
      assert.equal(res.status, 200);
      const refs = account.projects.map((p) => p.ref);
      const organization = account.organizations[0];
      assert.deepEqual(res.body, {
        projects: account.projects.map((p) => ({
          ref: p.ref,
          name: p.name,
          region: p.region,
          created_at: p.created_at,
          organization_id: organization.slug,
          linked_project_id: null,
        })),
        organizations: [{ id: organization.slug, name: organization.name }],
      });

      const app = await newProject(user);
      const linked = await it.api("POST", "/integrations/dbhost/links", {
        token: user.token,
        body: { project_id: app.id, dbhost_ref: refs[1] },
      });
      assert.equal(linked.status, 201, linked.text);
      const after = (await list()).body as { projects: { ref: string; linked_project_id: number | null }[] };
      assert.deepEqual(after.projects.map((p) => [p.ref, p.linked_project_id]), [[refs[0], null], [
        refs[1],
        app.id,
      ]]);

      it.supabase.faults.fail = true;
      const broken = await list();
      expectError(broken, 502, "dbhost_failed");
      assert.ok(!/sbp_oauth_|sbr_/.test(broken.text), "no token in the error");
    });
  },
);

t("an expired access token is refreshed once, under a lock, and the new pair stored sealed", async () => {
  const user = await newUser("refresh");
  await withIntegrations(async (it) => {
    const account = await connect(it, user);
    const before = await connectionRow(user);
    await it.supabase.expireAccessTokens(account.id);
    await db()`update public.dbhost_connections set access_token_expires_at = now() - interval '1 minute'
               where user_id = ${user.id}`;

    const [a, b] = await Promise.all([
      it.api("GET", "/integrations/dbhost/projects", { token: user.token }),
      it.api("GET", "/integrations/dbhost/projects", { token: user.token }),
    ]);
    assert.deepEqual([a.status, b.status], [200, 200], `${a.text} ${b.text}`);
    const refreshes = tokenForms(it.supabase).filter((f) => f.grant_type === "refresh_token");
    assert.equal(refreshes.length, 1, "concurrent requests refresh once: refresh tokens are single-use");
    const secrets = it.deps.secrets!;
    const refreshContext = `dbhost_connection:${user.id}:refresh_token`;
    assert.equal(
      refreshes[0].refresh_token,
      await secrets.open(before.refresh_token_encrypted, refreshContext),
    );

    const after = await connectionRow(user);
    assert.notEqual(after.access_token_encrypted, before.access_token_encrypted);
    assert.ok(after.access_token_expires_at > new Date(), "the new expiry is stored");
    const access = await secrets.open(
      after.access_token_encrypted,
      `dbhost_connection:${user.id}:access_token`,
    );
    assert.equal(
      (await profileWith(it.supabase, access))?.gotrue_id,
      account.id,
      "the new access token works",
    );
    assert.notEqual(
      await secrets.open(after.refresh_token_encrypted, refreshContext),
      refreshes[0].refresh_token,
      "and so does a new refresh token",
    );
  });
});

t("a revoked grant clears the connection: 404 not_connected, on refresh and on use", async () => {
  const onUse = await newUser("revoked");
  const onRefresh = await newUser("revoked-r");
  await withIntegrations(async (it) => {
    const account = await connect(it, onUse);
    await it.supabase.revoke(account.id);
    expectError(
      await it.api("GET", "/integrations/dbhost/projects", { token: onUse.token }),
      404,
      "not_connected",
    );
    assert.equal(await connectionRow(onUse), undefined, "the stale connection is gone");
    assert.deepEqual(
      (await it.api("GET", "/integrations/dbhost/connection", { token: onUse.token })).body,
      { connected: false },
    );

    const other = await connect(it, onRefresh);
    await it.supabase.revoke(other.id);
    await db()`update public.dbhost_connections set access_token_expires_at = now() - interval '1 minute'
               where user_id = ${onRefresh.id}`;
    const app = await newProject(onRefresh);
    expectError(
      await it.api("POST", "/integrations/dbhost/links", {
        token: onRefresh.token,
        body: { project_id: app.id, dbhost_ref: other.projects[0].ref },
      }),
      404,
      "not_connected",
    );
    assert.equal(await connectionRow(onRefresh), undefined);
  });
});

t(
  "links: ownership of the app and of the database project, one app per database project, anon key sealed",
  async () => {
    const alice = await newUser("dblink-a");
    const bob = await newUser("dblink-b");
    const app = await newProject(alice);
    const second = await newProject(alice);
    const bobsApp = await newProject(bob);
    await withIntegrations(async (it) => {
      const link = (user: TestUser, project_id: number, dbhost_ref: string) =>
        it.api<Record<string, unknown>>("POST", "/integrations/dbhost/links", {
          token: user.token,
          body: { project_id, dbhost_ref },
        });
      const account = await newAccount(it.supabase, 3);
      const refs = account.projects.map((p) => p.ref);
      expectError(await link(alice, app.id, refs[0]), 404, "not_connected");
      expectError(await link(alice, bobsApp.id, refs[0]), 404, "project_not_found");

      // Alice and Bob connect the same database host account.
      const connectAs = async (user: TestUser) => {
        const { verifier, challenge } = pkce();
        const started = await authorize(it, user, { code_challenge: challenge, code_verifier: verifier });
        const done = await consentAndFinish(it, user, await consent(started.authorize_url, account));
        assert.equal(done.status, 200, done.text);
      };
      await connectAs(alice);
      await connectAs(bob);

      const created = await link(alice, app.id, refs[0]);
      assert.equal(created.status, 201, created.text);
      assert.deepEqual(Object.keys(created.body).sort(), [
        "api_url",
        "created_at",
        "dbhost_project_name",
        "dbhost_project_ref",
        "project_id",
        "updated_at",
      ]);
      assert.deepEqual([
        created.body.project_id,
        created.body.dbhost_project_ref,
        created.body.dbhost_project_name,
      ], [
        app.id,
        refs[0],
        account.projects[0].name,
      ]);
      assert.equal(created.body.api_url, `https://${refs[0]}.supabase.co`);
      const anonKey = account.projects[0].anonKey;
      assert.ok(!created.text.includes(anonKey), "the anon key is never returned");
      const [row] =
        await db()`select anon_key_encrypted from public.dbhost_links where project_id = ${app.id}`;
      assert.equal(
        await it.deps.secrets!.open(row.anon_key_encrypted, `dbhost_link:${app.id}:anon_key`),
        anonKey,
      );
      const shown = await api("GET", `/projects/${app.id}/dbhost-link`, { token: alice.token });
      assert.equal(shown.body.dbhost_project_ref, refs[0]);

      expectError(await link(alice, app.id, "notoneofthisaccount"), 404, "dbhost_project_not_found");
      it.supabase.faults.fail = true;
      const failed = await link(alice, second.id, refs[2]);
      expectError(failed, 502, "dbhost_failed");
      assert.ok(!/sbp_oauth_/.test(failed.text), "no token in the error");
      it.supabase.faults.fail = false;
      const taken = await link(bob, bobsApp.id, refs[0]);
      expectError(taken, 409, "already_linked");
      expectError(await link(alice, second.id, refs[0]), 409, "already_linked");

      const moved = await link(alice, app.id, refs[1]);
      assert.equal(moved.status, 201);
      assert.equal(moved.body.dbhost_project_ref, refs[1], "upserted by app project");
      assert.equal(
        (await link(bob, bobsApp.id, refs[0])).status,
        201,
        "the freed database project can back another app",
      );

      const unlink = (user: TestUser, projectId: number) =>
        it.api("DELETE", `/integrations/dbhost/links/${projectId}`, { token: user.token });
      assert.equal((await unlink(alice, bobsApp.id)).status, 204);
      const [{ n }] =
        await db()`select count(*)::int as n from public.dbhost_links where project_id = ${bobsApp.id}`;
      assert.equal(n, 1, "another user's link is left alone");
      const gone = await unlink(alice, app.id);
      assert.deepEqual([gone.status, gone.text], [204, ""]);
      assert.equal((await unlink(alice, app.id)).status, 204, "idempotent");
      expectError(
        await api("GET", `/projects/${app.id}/dbhost-link`, { token: alice.token }),
        404,
        "dbhost_link_not_found",
      );
    });
  },
);
