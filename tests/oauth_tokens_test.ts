// What an OAuth client's token may do, with tokens from the local authorization server's real flow
// (registration, sign-in, consent, PKCE code exchange) driven over HTTP: a token is taken only by the
// resource it was issued for (RFC 8707); what outlives a grant or ends the account needs the service's own
// sign-in (or a client the deployment lists); and revoking a grant or an access token (RFC 7009) ends the
// client's access and deletes the webhooks it registered, for that user only.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { decodeJwt } from "jose";
import {
  api,
  db,
  expectError,
  GATEWAY,
  inProcessApi,
  ISSUER,
  mcpPost,
  newUser,
  NO_STACK,
  ROOT_URL,
} from "./helpers.ts";
import { setPassword } from "../scripts/local/users.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import { createV1App } from "../supabase/functions/v1/app.ts";

const MCP_URL = `${ROOT_URL}/mcp`;
const API_URL = `${ROOT_URL}/v1`;
const REDIRECT = "http://127.0.0.1:7/callback";
const PASSWORD = "correct horse battery staple";
const HOOK = { url: "http://127.0.0.1:9/hook", events: ["job.succeeded"] };

function t(name: string, fn: () => Promise<void>) {
  Deno.test({ name, ignore: NO_STACK, fn });
}

async function registerClient(name: string): Promise<string> {
  const res = await fetch(`${ISSUER}/oauth/clients/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: name,
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    }),
  });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body.client_id;
}

interface Tokens {
  access_token: string;
  refresh_token: string;
}

/**
 * The authorization-code flow as a browser runs it: each redirect followed with the cookies set so far,
 * the sign-in form sent with the user's password and the consent approved; then the code is exchanged.
 */
async function authorize(clientId: string, email: string, resource: string): Promise<Tokens> {
  const verifier = crypto.randomUUID() + crypto.randomUUID();
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const cookies = new Map<string, string>();
  const go = async (url: string, form?: Record<string, string>) => {
    const res = await fetch(new URL(url, GATEWAY), {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return { res, text: await res.text() };
  };
  let step = await go(
    `${ISSUER}/oauth/authorize?${new URLSearchParams({
      client_id: clientId,
      response_type: "code",
      redirect_uri: REDIRECT,
      scope: "email",
      state: crypto.randomUUID(),
      code_challenge: challenge,
      code_challenge_method: "S256",
      resource,
    })}`,
  );
  for (let hops = 0; hops < 10; hops++) {
    const location = step.res.headers.get("location");
    if (location?.startsWith(REDIRECT)) {
      const code = new URL(location).searchParams.get("code");
      assert.ok(code, location);
      const res = await fetch(`${ISSUER}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: REDIRECT,
          client_id: clientId,
          code_verifier: verifier,
          resource,
        }),
      });
      const tokens = await res.json();
      assert.equal(res.status, 200, JSON.stringify(tokens));
      return tokens;
    }
    if (location) {
      step = await go(location);
      continue;
    }
    const action = /<form method="post" action="([^"]+\/(login|consent))"/.exec(step.text);
    assert.ok(action, `no form to send: ${step.res.status} ${step.text.slice(0, 300)}`);
    if (action[2] === "consent") {
      assert.ok(step.text.includes(resource), "the consent page names the resource");
      step = await go(action[1], { decision: "approve" });
    } else {
      step = await go(action[1], { method: "password", email, password: PASSWORD });
    }
  }
  throw new Error("the authorization did not come back to the client");
}

/** A user with a password and a token of the client for the resource, through the whole flow. */
async function agentUser(label: string, clientId: string, resource = API_URL) {
  const user = await newUser(label);
  await setPassword(db(), user.id, PASSWORD);
  return { user, tokens: await authorize(clientId, user.email, resource) };
}

function revoke(clientId: string, token: string) {
  return fetch(`${ISSUER}/oauth/revoke`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token, client_id: clientId }),
  });
}

function refresh(clientId: string, refreshToken: string) {
  return fetch(`${ISSUER}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: clientId,
    }),
  });
}

async function webhookClients(userId: string): Promise<(string | null)[]> {
  const rows =
    await db()`select client_id from public.webhook_endpoints where user_id = ${userId} order by created_at`;
  return rows.map((r) => r.client_id);
}

/** The JSON-RPC answer of a Streamable HTTP response, sent as JSON or as one SSE message. */
async function rpcAnswer(res: Response) {
  const text = await res.text();
  return JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? text);
}

/** The v1 API in this process with the client listed as first-party, as an operator lists the docs page's. */
function withFirstPartyClient(clientId: string) {
  const deps = depsFromConfig(loadConfig({ ...Deno.env.toObject(), FIRST_PARTY_CLIENT_IDS: clientId }));
  return { call: inProcessApi(createV1App(deps)), end: () => deps.db.end() };
}

t(
  "a token issued for the MCP endpoint is taken there only; one issued for the API only by the API",
  async () => {
    const client = await registerClient("Audience Agent");
    const { user, tokens } = await agentUser("aud", client, MCP_URL);
    assert.equal(decodeJwt(tokens.access_token).aud, MCP_URL);
    const me = await api("GET", "/me", { token: tokens.access_token });
    expectError(me, 401, "invalid_audience");
    assert.match(me.headers.get("www-authenticate") ?? "", /error="invalid_token"/);
    expectError(await api("GET", "/projects", { token: tokens.access_token }), 401, "invalid_audience");
    expectError(await api("DELETE", "/me", { token: tokens.access_token }), 401, "invalid_audience");

    const who = await mcpPost({ token: tokens.access_token }, {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "whoami", arguments: {} },
    }, { "mcp-protocol-version": "2025-06-18" });
    assert.equal(who.status, 200);
    const answer = await rpcAnswer(who);
    assert.equal(answer.result.structuredContent.user_id, user.id);
    assert.equal(answer.result.structuredContent.client_id, client);

    // The same client and user, asking for the API: a token /v1 takes and /mcp refuses.
    const forApi = await authorize(client, user.email, API_URL);
    assert.equal(decodeJwt(forApi.access_token).aud, API_URL);
    const meAgain = await api<{ user_id: string }>("GET", "/me", { token: forApi.access_token });
    assert.equal(meAgain.status, 200, meAgain.text);
    assert.equal(meAgain.body.user_id, user.id);
    const refused = await mcpPost({ token: forApi.access_token }, {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/list",
    });
    await refused.body?.cancel();
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get("www-authenticate") ?? "", /invalid_token/);
  },
);

t(
  "what outlives a grant or ends the account needs the service's own sign-in, or a listed client",
  async () => {
    const client = await registerClient("Third Party");
    const { user, tokens } = await agentUser("thirdparty", client);
    const token = tokens.access_token;
    // The contract's row-level access stays: the client reads and creates as the user.
    assert.equal((await api("GET", "/me", { token })).status, 200);
    assert.equal((await api("POST", "/projects", { token, body: { name: "By an agent" } })).status, 201);

    expectError(await api("POST", "/webhooks", { token, body: HOOK }), 403, "first_party_required");
    const push = { token: `ExponentPushToken[${crypto.randomUUID().slice(0, 22)}]`, platform: "ios" };
    expectError(await api("POST", "/push-tokens", { token, body: push }), 403, "first_party_required");
    const own = await api<{ id: string }>("POST", "/webhooks", { token: user.token, body: HOOK });
    assert.equal(own.status, 201, own.text);
    expectError(
      await api("POST", `/webhooks/${own.body.id}/rotate-secret`, { token }),
      403,
      "first_party_required",
    );
    expectError(await api("DELETE", "/me", { token }), 403, "first_party_required");
    assert.equal((await api("GET", "/me", { token: user.token })).status, 200, "the account is still there");
    // Connections to the user's other accounts outlive the grant too: pushes and databases go where they point.
    for (const path of ["/repohost/installations", "/integrations/dbhost/connections"]) {
      expectError(await api("POST", path, { token, body: {} }), 403, "first_party_required");
    }
    assert.deepEqual(await webhookClients(user.id), [null], "the service's own endpoint has no client");

    // The service's own token does all of it.
    assert.equal((await api("POST", "/push-tokens", { token: user.token, body: push })).status, 201);
    assert.equal(
      (await api("POST", `/webhooks/${own.body.id}/rotate-secret`, { token: user.token })).status,
      200,
    );

    // A client the deployment lists is first-party: its endpoint records it.
    const listed = withFirstPartyClient(client);
    try {
      const hook = await listed.call("POST", "/webhooks", { token, body: HOOK });
      assert.equal(hook.status, 201, hook.text);
      assert.deepEqual(await webhookClients(user.id), [null, client]);
    } finally {
      await listed.end();
    }
    assert.equal((await api("DELETE", "/me", { token: user.token })).status, 204);
  },
);

t("revoking the grant ends the client's access and its webhooks, for that user only", async () => {
  const client = await registerClient("Revoked Agent");
  const listed = withFirstPartyClient(client);
  try {
    const alice = await agentUser("revgrant", client);
    const bob = await agentUser("revother", client);
    for (const { tokens } of [alice, bob]) {
      const hook = await listed.call("POST", "/webhooks", { token: tokens.access_token, body: HOOK });
      assert.equal(hook.status, 201, hook.text);
    }
    assert.equal((await api("POST", "/webhooks", { token: alice.user.token, body: HOOK })).status, 201);
    const device = { token: `ExponentPushToken[${crypto.randomUUID().slice(0, 22)}]`, platform: "ios" };
    const push = await listed.call("POST", "/push-tokens", {
      token: alice.tokens.access_token,
      body: device,
    });
    assert.equal(push.status, 201, push.text);
    const mcpToken = await authorize(client, alice.user.email, MCP_URL);

    // Revoking a refresh token revokes its grant (RFC 7009 §2.1).
    const res = await revoke(client, alice.tokens.refresh_token);
    await res.body?.cancel();
    assert.equal(res.status, 200);

    assert.deepEqual(
      await webhookClients(alice.user.id),
      [null],
      "the client's endpoint is gone, hers stays",
    );
    const pushTokens = await db()`select token from public.push_tokens where user_id = ${alice.user.id}`;
    assert.equal(pushTokens.length, 0, "and the push token it registered");
    const token = alice.tokens.access_token;
    expectError(await api("GET", "/projects", { token }), 401, "token_revoked");
    expectError(await api("POST", "/projects", { token, body: { name: "x" } }), 401, "token_revoked");
    expectError(await listed.call("POST", "/webhooks", { token, body: HOOK }), 401, "token_revoked");
    assert.deepEqual(await webhookClients(alice.user.id), [null]);
    // The MCP endpoint's tools act through the same SQL, so they refuse it too.
    const tool = await mcpPost({ token: mcpToken.access_token }, {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "list_projects", arguments: {} },
    }, { "mcp-protocol-version": "2025-06-18" });
    assert.match(JSON.stringify(await rpcAnswer(tool)), /token_revoked/);
    // Whoami reads the token alone.
    assert.equal((await api("GET", "/whoami", { token })).status, 200);
    assert.equal((await api("GET", "/projects", { token: alice.user.token })).status, 200, "her own session");

    // Another user of the same client is untouched.
    assert.deepEqual(await webhookClients(bob.user.id), [client]);
    assert.equal((await api("GET", "/projects", { token: bob.tokens.access_token })).status, 200);
    const renewed = await refresh(client, bob.tokens.refresh_token);
    await renewed.body?.cancel();
    assert.equal(renewed.status, 200);
  } finally {
    await listed.end();
  }
});

t("revoking an access token at /oauth/revoke (RFC 7009) ends the client's grant and webhooks", async () => {
  const client = await registerClient("Token Revoker");
  const other = await registerClient("Someone Else");
  const listed = withFirstPartyClient(client);
  try {
    const carol = await agentUser("revtoken", client);
    const token = carol.tokens.access_token;
    const hook = await listed.call("POST", "/webhooks", { token, body: HOOK });
    assert.equal(hook.status, 201, hook.text);

    // Another client cannot revoke it: 200, as the RFC asks, and nothing changes.
    const foreign = await revoke(other, token);
    await foreign.body?.cancel();
    assert.equal(foreign.status, 200);
    assert.equal((await api("GET", "/projects", { token })).status, 200);
    assert.deepEqual(await webhookClients(carol.user.id), [client]);

    const res = await revoke(client, token);
    assert.equal(res.status, 200, await res.text());
    expectError(await api("GET", "/projects", { token }), 401, "token_revoked");
    assert.deepEqual(await webhookClients(carol.user.id), []);
    const renewed = await refresh(client, carol.tokens.refresh_token);
    assert.equal(renewed.status, 400, "the grant went with it");
    assert.equal((await renewed.json()).error, "invalid_grant");
    const [row] =
      await db()`select client_id from public.oauth_client_revocations where user_id = ${carol.user.id}`;
    assert.equal(row.client_id, client);
  } finally {
    await listed.end();
  }
});
