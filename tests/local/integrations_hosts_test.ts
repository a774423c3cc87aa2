// The local stand-ins' own checks, which a client that behaves never trips: the GitHub App's JWT is refused
// unless the App's key signed it for at most ten minutes, installation events reach the webhook signed with
// the App's secret, and the Management API's codes are bound to the registered redirect URI and the PKCE
// challenge, and work once. And the way out of a personal account's missing repository: the user creates it.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { base64url, generateKeyPair, importPKCS8, SignJWT } from "jose";
import { verifyHubSignature } from "../../supabase/functions/_shared/webhook-signature.ts";
import { GitHubRepoHost } from "../../supabase/functions/_shared/adapters/github.ts";
import type { ApiError } from "../../supabase/functions/_shared/errors.ts";
import {
  APP_ID,
  gitHubOptions,
  gitIn,
  HUB_SECRET,
  install,
  newAccount,
  PRIVATE_KEY_PEM,
  SB_CLIENT_ID,
  SB_CLIENT_SECRET,
  startDbHost,
  startGitHost,
  userToken,
} from "../integration_stand_ins.ts";
import type { GitHost } from "../../scripts/local/git-host.ts";

const NO_STACK = !Deno.env.get("TEST_ADMIN_DB_URL");

function appJwt(key: CryptoKey, opts: { issuedAt?: number; lifetime?: number } = {}) {
  const iat = opts.issuedAt ?? Math.floor(Date.now() / 1000) - 60;
  return new SignJWT({})
    .setProtectedHeader({ alg: "RS256" })
    .setIssuer(APP_ID)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.lifetime ?? 540))
    .sign(key);
}

async function installation(github: GitHost, id: number, jwt: string) {
  const res = await fetch(`${github.url}/app/installations/${id}`, {
    headers: { authorization: `Bearer ${jwt}` },
  });
  await res.body?.cancel();
  return res.status;
}

Deno.test("git host: the App's JWT must be signed with its key, live at most ten minutes and be current", async () => {
  const github = await startGitHost();
  try {
    const { id } = await install(github);
    const key = await importPKCS8(PRIVATE_KEY_PEM, "RS256");
    assert.equal(await installation(github, id, await appJwt(key)), 200);
    const other = (await generateKeyPair("RS256")).privateKey;
    assert.equal(await installation(github, id, await appJwt(other)), 401, "another key");
    assert.equal(await installation(github, id, await appJwt(key, { lifetime: 11 * 60 })), 401, "too long");
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    assert.equal(await installation(github, id, await appJwt(key, { issuedAt: hourAgo })), 401, "expired");
    assert.equal(await installation(github, id, "ghu_not_a_jwt"), 401);
  } finally {
    await github.close();
  }
});

Deno.test("git host: installing and uninstalling the App deliver signed installation events", async () => {
  const received: { event: string | null; body: string; signed: boolean }[] = [];
  const receiver = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const body = await req.text();
    const signed = await verifyHubSignature(HUB_SECRET, body, req.headers.get("x-hub-signature-256"));
    received.push({ event: req.headers.get("x-github-event"), body, signed });
    return Response.json({ received: true });
  });
  const github = await startGitHost(`http://127.0.0.1:${receiver.addr.port}/hooks`);
  try {
    const org = await install(github);
    await install(github, { account: org.login });
    const jwt = await appJwt(await importPKCS8(PRIVATE_KEY_PEM, "RS256"));
    const deleted = await fetch(`${github.url}/app/installations/${org.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${jwt}` },
    });
    assert.equal(deleted.status, 204);
    assert.deepEqual(
      received.map((r) => [r.event, JSON.parse(r.body).action, JSON.parse(r.body).installation.id, r.signed]),
      [["installation", "created", org.id, true], ["installation", "deleted", org.id, true]],
      "one creation (a second user joining is none), then the deletion",
    );
    assert.equal(JSON.parse(received[0].body).installation.account.login, org.login);
    assert.equal(await installation(github, org.id, jwt), 404, "gone");
  } finally {
    await github.close();
    await receiver.shutdown();
  }
});

Deno.test("git host: on a personal account the user creates the repository (POST /user/repos), then pushes land", async () => {
  const github = await startGitHost();
  try {
    const personal = await install(github, { account: "own" });
    const host = new GitHubRepoHost(gitHubOptions(github));
    const push = () =>
      host.pushFiles({
        installationId: personal.id,
        repository: "my-app",
        commits: [{
          files: [
            { path: "App.tsx", contents: "export default () => null;\n" },
            { path: "package.json", contents: "{}\n" },
          ],
          message: "First version",
          date: "2026-01-02T03:04:05Z",
        }],
      });
    const missing = await push().catch((err: ApiError) => err);
    assert.equal((missing as ApiError).code, "repohost_repository_missing");

    const ghu = await userToken(github, personal.code);
    const create = (token: string) =>
      fetch(`${github.url}/user/repos`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "my-app" }),
      });
    const created = await create(ghu);
    assert.equal(created.status, 201);
    assert.equal((await created.json()).full_name, `${personal.login}/my-app`);
    const notJson = await fetch(`${github.url}/user/repos`, {
      method: "POST",
      headers: { authorization: `Bearer ${ghu}` },
      body: "{",
    });
    assert.equal(notJson.status, 400);
    await notJson.body?.cancel();

    // Empty: the adapter starts it through the contents API, then commits on top.
    const pushed = await push();
    assert.deepEqual([pushed.created, pushed.committed], [false, true]);
    const repo = github.repoDir(personal.login, "my-app");
    assert.equal(await gitIn(repo, ["show", "main:App.tsx"]), "export default () => null;");
    assert.equal(
      await gitIn(repo, ["log", "-1", "--format=%s", "main^"]),
      "Initial commit",
      "on top of the start",
    );
  } finally {
    await github.close();
  }
});

Deno.test({
  name: "db host: a code is bound to its redirect URI and PKCE challenge and works once",
  ignore: NO_STACK,
  async fn() {
    const redirectUri = "https://app.test/callback";
    const host = await startDbHost([redirectUri]);
    try {
      const account = await newAccount(host, 1);
      const verifier = base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
      const challenge = base64url.encode(createHash("sha256").update(verifier).digest());
      const authorize = (uri: string) =>
        fetch(
          `${host.url}/v1/oauth/authorize?${new URLSearchParams({
            client_id: SB_CLIENT_ID,
            redirect_uri: uri,
            response_type: "code",
            state: "s",
            code_challenge: challenge,
            code_challenge_method: "S256",
            username: account.username,
          })}`,
          { redirect: "manual" },
        );
      const elsewhere = await authorize("https://attacker.test/cb");
      assert.equal(elsewhere.status, 400, "an unregistered redirect URI is never redirected to");
      await elsewhere.body?.cancel();
      const consented = await authorize(redirectUri);
      const code = new URL(consented.headers.get("location")!).searchParams.get("code")!;
      const exchange = (form: Record<string, string>) =>
        fetch(`${host.url}/v1/oauth/token`, {
          method: "POST",
          headers: { authorization: `Basic ${btoa(`${SB_CLIENT_ID}:${SB_CLIENT_SECRET}`)}` },
          body: new URLSearchParams({ grant_type: "authorization_code", code, ...form }),
        });
      const wrong = await exchange({ redirect_uri: redirectUri, code_verifier: `${verifier}x` });
      assert.equal(wrong.status, 400, "another verifier");
      assert.equal((await wrong.json()).error, "invalid_grant");
      // A refused exchange used the code up, as a guess must not be retried.
      const again = await exchange({ redirect_uri: redirectUri, code_verifier: verifier });
      assert.equal(again.status, 400);
      await again.body?.cancel();
    } finally {
      await host.close();
    }
  },
});
