import assert from "node:assert/strict";
import { createHash, createPrivateKey } from "node:crypto";
import { GitHubRepoHost } from "../../supabase/functions/_shared/adapters/github.ts";
import { SupabaseManagementDbHost } from "../../supabase/functions/_shared/adapters/supabase-management.ts";
import { ApiError } from "../../supabase/functions/_shared/errors.ts";
import { GrantRevokedError } from "../../supabase/functions/_shared/ports/dbhost.ts";
import type { RepoFile } from "../../supabase/functions/_shared/ports/repohost.ts";
import { UpstreamError } from "../../supabase/functions/_shared/ports/upstream.ts";
import { createSecretBox, secretBoxFromEnv } from "../../supabase/functions/_shared/secrets.ts";
import { verifyHubSignature } from "../../supabase/functions/_shared/webhook-signature.ts";
import { base64url, decodeJwt } from "jose";
import type { DbHost, DbHostAccount } from "../../scripts/local/db-host.ts";
import type { GitHost } from "../../scripts/local/git-host.ts";
import { REPOHOST_CALLBACK_URL } from "../../scripts/local/stack.ts";
import {
  APP_ID,
  CLIENT_ID,
  CLIENT_SECRET,
  closedPort,
  consent,
  filesAt,
  gitHubOptions,
  gitIn,
  HUB_PAYLOAD,
  HUB_SECRET,
  HUB_SIGNATURE,
  install,
  type Installed,
  newAccount,
  PRIVATE_KEY_PEM,
  profileWith,
  SB_CLIENT_ID,
  SB_CLIENT_SECRET,
  startDbHost,
  startGitHost,
  tokenForms,
  userToken,
} from "../integration_stand_ins.ts";
import { StandInServer } from "../stand_in_server.ts";

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  assert.fail("expected a rejection");
}

/** Neither the message nor the details of an error may carry any of the secrets. */
function assertNoSecrets(err: Error, secrets: string[]) {
  const text = `${err.message} ${JSON.stringify((err as ApiError).details ?? {})}`;
  for (const secret of secrets) assert.ok(!text.includes(secret), `error text leaks a secret: ${text}`);
}

// ---------------------------------------------------------------------------------------------------------
// GitHub, against its stand-in

const APP_FILES: RepoFile[] = [
  { path: "package.json", contents: '{ "name": "my-app" }\n' },
  { path: "app/index.tsx", contents: "export default function App() { return null; }\n" },
  { path: "app/(tabs)/über.tsx", contents: "// ünïcödé ✓\n" },
  // A binary file, stored in base64: pushed as its bytes.
  { path: "assets/dot.bin", contents: btoa("\x00\xff\x89PNG\r\n"), encoding: "base64" },
];
const APP_BYTES = Object.fromEntries(APP_FILES.map((f) => [
  f.path,
  f.encoding === "base64"
    ? Uint8Array.from(atob(f.contents), (c) => c.charCodeAt(0))
    : new TextEncoder().encode(f.contents),
]));

/** Runs `fn` with a GitHub stand-in of its own and the App installed on a new organization. */
async function withGitHub(fn: (github: GitHost, org: Installed, ghu: string) => Promise<void>) {
  const github = await startGitHost();
  try {
    const org = await install(github);
    await fn(github, org, await userToken(github, org.code));
  } finally {
    await github.close();
  }
}

/** A repository the user creates in the organization: empty, or with `files` on `branch` (its head). */
async function addRepo(
  github: GitHost,
  owner: string,
  ghu: string,
  name: string,
  files: { path: string; contents: string }[] | null,
  branch = "main",
): Promise<string | undefined> {
  const res = await fetch(`${github.url}/orgs/${owner}/repos`, {
    method: "POST",
    headers: { authorization: `Bearer ${ghu}`, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  assert.equal(res.status, 201, await res.text());
  await gitIn(github.repoDir(owner, name), ["symbolic-ref", "HEAD", `refs/heads/${branch}`]);
  const head = files ? await github.commitFiles(owner, name, files, "Initial commit") : undefined;
  github.seen.length = 0; // what the tests check starts with the adapter's requests
  return head;
}

/** Every call on repositories was made with an installation token, never the user's. */
function assertInstallationTokenUsed(github: GitHost) {
  const repoCalls = github.seen.filter((s) => s.path.startsWith("/repos/") || s.path.startsWith("/orgs/"));
  assert.ok(repoCalls.length > 0);
  for (const call of repoCalls) assert.match(call.authorization ?? "", /^Bearer ghs_/, call.path);
}

/** The App's own endpoints were called with an App JWT (the stand-in checked it with the public key). */
function assertAppJwtUsed(github: GitHost) {
  const appCalls = github.seen.filter((s) => s.path.startsWith("/app/"));
  assert.ok(appCalls.length >= 2, "installation lookup and token minting");
  for (const call of appCalls) {
    assert.equal(decodeJwt(call.authorization!.replace(/^Bearer /, "")).iss, APP_ID);
  }
}

Deno.test("repohost: push to an existing repository commits exactly the files on top of the default branch", async () => {
  await withGitHub(async (github, org, ghu) => {
    const before = await addRepo(github, org.login, ghu, "my-app", [
      { path: "README.md", contents: "old\n" },
      { path: "stale.txt", contents: "to be removed\n" },
    ], "trunk");
    const repo = github.repoDir(org.login, "my-app");
    const host = new GitHubRepoHost(gitHubOptions(github));

    const result = await host.pushFiles({
      installationId: org.id,
      repository: "my-app",
      commits: [{ files: APP_FILES, message: "Generated by the service", date: "2026-01-02T03:04:05Z" }],
    });

    assert.equal(result.created, false);
    assert.equal(result.committed, true);
    const head = await gitIn(repo, ["rev-parse", "trunk"]);
    assert.equal(result.commitSha, head, "the default branch points at the new commit");
    assert.equal(await gitIn(repo, ["rev-parse", `${head}^`]), before, "the parent is the previous head");
    assert.equal(await gitIn(repo, ["log", "-1", "--format=%B", head]), "Generated by the service");
    assert.deepEqual(await filesAt(repo, "trunk"), APP_BYTES, "every file, byte for byte, and nothing else");
    const trees = github.seen.filter((s) => s.path.endsWith("/git/trees"));
    assert.equal(trees.length, 1);
    assert.equal(JSON.parse(trees[0].text).base_tree, undefined, "no base tree: old files do not survive");
    assertAppJwtUsed(github);
    assertInstallationTokenUsed(github);

    // The same files again: nothing to commit, the head stays.
    const again = await host.pushFiles({
      installationId: org.id,
      owner: org.login,
      repository: "my-app",
      commits: [{ files: APP_FILES, message: "Again", date: "2026-01-02T03:04:05Z" }],
    });
    assert.deepEqual(again, { commitSha: head, created: false, committed: false });
    assert.equal(await gitIn(repo, ["rev-parse", "trunk"]), head);

    // Another pusher's commit on top keeps every file as it is, whatever its name.
    await github.commitFiles(org.login, "my-app", [{ path: "NOTES.md", contents: "x" }], "Notes");
    assert.deepEqual(await filesAt(repo, "trunk"), {
      ...APP_BYTES,
      "NOTES.md": new TextEncoder().encode("x"),
    });
  });
});

Deno.test("repohost: a missing repository of an organization is created, waited for, then pushed to", async () => {
  await withGitHub(async (github, org) => {
    github.faults.settling = 1;
    const host = new GitHubRepoHost(gitHubOptions(github));
    const result = await host.pushFiles({
      installationId: org.id,
      repository: "new-app",
      commits: [{ files: APP_FILES, message: "First version", date: "2026-01-02T03:04:05Z" }],
    });
    assert.equal(result.created, true);
    const create = github.seen.find((s) => s.path === `/orgs/${org.login}/repos`);
    assert.ok(create, "created through the organization endpoint");
    assert.deepEqual(JSON.parse(create.text), { name: "new-app", private: true, auto_init: true });
    const refReads = github.seen.filter((s) => s.path === `/repos/${org.login}/new-app/git/ref/heads/main`);
    assert.equal(refReads.length, 2, "the 409 of a repository being set up is waited out");
    const repo = github.repoDir(org.login, "new-app");
    assert.equal(
      await gitIn(repo, ["log", "-1", "--format=%s", `${result.commitSha}^`]),
      "Initial commit",
      "the parent is the auto_init commit",
    );
    assert.deepEqual(await filesAt(repo, "main"), APP_BYTES);
    assertInstallationTokenUsed(github);
  });
});

Deno.test("repohost: an existing empty repository is started through the contents API, then pushed to", async () => {
  await withGitHub(async (github, org, ghu) => {
    await addRepo(github, org.login, ghu, "empty", null);
    const host = new GitHubRepoHost(gitHubOptions(github));
    const result = await host.pushFiles({
      installationId: org.id,
      repository: "empty",
      commits: [{ files: APP_FILES, message: "First version", date: "2026-01-02T03:04:05Z" }],
    });
    assert.equal(result.created, false);
    assert.ok(
      github.seen.some((s) =>
        s.method === "PUT" && s.path === `/repos/${org.login}/empty/contents/package.json`
      ),
    );
    assert.deepEqual(await filesAt(github.repoDir(org.login, "empty"), "main"), APP_BYTES);
  });
});

Deno.test("repohost: a PKCS#1 App key (as GitHub issues it) signs the same App JWT", async () => {
  await withGitHub(async (github, org, ghu) => {
    await addRepo(github, org.login, ghu, "my-app", [{ path: "README.md", contents: "x" }]);
    const pkcs1 = createPrivateKey(PRIVATE_KEY_PEM).export({ type: "pkcs1", format: "pem" }).toString();
    assert.match(pkcs1, /BEGIN RSA PRIVATE KEY/);
    const host = new GitHubRepoHost(gitHubOptions(github, { privateKeyPem: pkcs1 }));
    const result = await host.pushFiles({
      installationId: org.id,
      repository: "my-app",
      commits: [{ files: APP_FILES, message: "m", date: "2026-01-02T03:04:05Z" }],
    });
    assert.equal(result.created, false);
    assertAppJwtUsed(github);
  });
});

Deno.test("repohost: a missing repository of a personal account answers repohost_repository_missing", async () => {
  await withGitHub(async (github, org) => {
    const personal = await install(github, { account: "own" });
    const host = new GitHubRepoHost(gitHubOptions(github));
    const err = await rejection(
      host.pushFiles({
        installationId: personal.id,
        repository: "my-app",
        commits: [{ files: APP_FILES, message: "m", date: "2026-01-02T03:04:05Z" }],
      }),
    );
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 404);
    assert.equal(err.code, "repohost_repository_missing");
    assert.deepEqual(err.details, { owner: personal.login, repository: "my-app" });
    assert.ok(
      !github.seen.some((s) => s.method === "POST" && /^\/(user|orgs\/[^/]+)\/repos$/.test(s.path)),
      "no creation is attempted where GitHub cannot create",
    );

    // In another account than the installation's, nothing can be created either.
    const elsewhere = await rejection(
      host.pushFiles({
        installationId: org.id,
        owner: "other-org",
        repository: "x",
        commits: [{ files: APP_FILES, message: "m", date: "2026-01-02T03:04:05Z" }],
      }),
    );
    assert.equal((elsewhere as ApiError).code, "repohost_repository_missing");
  });
});

Deno.test("repohost: an uninstalled app, a moved branch and a failing GitHub each answer their code", async () => {
  await withGitHub(async (github, org, ghu) => {
    await addRepo(github, org.login, ghu, "my-app", [{ path: "README.md", contents: "x" }]);
    const host = new GitHubRepoHost(gitHubOptions(github));
    const push = (installationId: number) =>
      host.pushFiles({
        installationId,
        owner: org.login,
        repository: "my-app",
        commits: [{ files: APP_FILES, message: "m", date: "2026-01-02T03:04:05Z" }],
      });

    const gone = await rejection(push(999));
    assert.equal((gone as ApiError).status, 404);
    assert.equal((gone as ApiError).code, "repohost_installation_missing");

    github.faults.beforeBranchMove = (owner, name) =>
      github.commitFiles(owner, name, [{ path: "THEIRS", contents: "x" }], "Theirs").then(() => {});
    const moved = await rejection(push(org.id));
    assert.equal((moved as ApiError).status, 409);
    assert.equal((moved as ApiError).code, "repohost_branch_moved");
    delete github.faults.beforeBranchMove;

    github.faults.failRepoCalls = true;
    const failed = await rejection(push(org.id));
    assert.ok(failed instanceof UpstreamError);
    assert.equal(failed.status, 502);
    assert.equal(failed.code, "repohost_failed");
    assert.match(failed.message, /HTTP 500/);
    const tokens = github.seen.map((s) => s.authorization?.replace(/^Bearer /, "") ?? "").filter(Boolean);
    assertNoSecrets(failed, [...tokens, CLIENT_SECRET, PRIVATE_KEY_PEM]);
    assert.match(failed.message, /\[redacted\]/, "the echoed token was blanked out");

    const empty = await rejection(
      host.pushFiles({
        installationId: org.id,
        repository: "my-app",
        commits: [{ files: [], message: "m", date: "2026-01-02T03:04:05Z" }],
      }),
    );
    assert.equal((empty as ApiError).code, "repohost_no_files");
  });
});

Deno.test("repohost: code exchange succeeds, is refused with GitHub's code, or fails when GitHub is away", async () => {
  await withGitHub(async (github) => {
    const host = new GitHubRepoHost(gitHubOptions(github));
    const signedIn = await install(github);
    const { accessToken } = await host.exchangeCode(signedIn.code, REPOHOST_CALLBACK_URL);
    assert.match(accessToken, /^ghu_/);
    const form = Object.fromEntries(new URLSearchParams(github.seen.at(-1)!.text));
    assert.deepEqual(form, {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      code: signedIn.code,
      redirect_uri: REPOHOST_CALLBACK_URL,
    });
    await host.exchangeCode((await install(github)).code);
    assert.equal(new URLSearchParams(github.seen.at(-1)!.text).has("redirect_uri"), false);

    const refused = await rejection(host.exchangeCode(signedIn.code));
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status, 400);
    assert.equal(refused.code, "repohost_code_rejected");
    assert.deepEqual(refused.details, { upstream_error: "bad_verification_code" }, "a code works once");
    assertNoSecrets(refused, [signedIn.code, CLIENT_SECRET]);

    const misconfigured = new GitHubRepoHost(gitHubOptions(github, { clientSecret: "wrong-secret" }));
    const ours = await rejection(misconfigured.exchangeCode((await install(github)).code));
    assert.equal((ours as ApiError).status, 502, "wrong client credentials are the service's fault");
    assertNoSecrets(ours, ["wrong-secret"]);

    const away = new GitHubRepoHost(
      gitHubOptions(github, { oauthBaseUrl: `http://127.0.0.1:${closedPort()}` }),
    );
    const unreachable = await rejection(away.exchangeCode("some-code"));
    assert.ok(unreachable instanceof UpstreamError);
    assert.equal(unreachable.status, 502);
    assert.equal(unreachable.code, "repohost_failed");
    assert.match(unreachable.message, /could not be reached/);
    assertNoSecrets(unreachable, [CLIENT_SECRET, "127.0.0.1"]);
  });
});

Deno.test("repohost: whether a user's token reaches an installation is read from GitHub, page by page", async () => {
  await withGitHub(async (github, org, ghu) => {
    const host = new GitHubRepoHost(gitHubOptions(github));
    assert.equal(await host.userCanAccessInstallation(ghu, org.id), true);
    assert.equal(await host.userCanAccessInstallation(ghu, 999), false);
    const seen = github.seen.filter((s) => s.path === "/user/installations");
    assert.ok(seen.every((s) => s.authorization === `Bearer ${ghu}`), "asked with the user's token");
    assert.equal(seen[0].query.get("per_page"), "100");

    // A user with 150 installations: the last is on the second page.
    const user = `many-${crypto.randomUUID().slice(0, 8)}`;
    let last: Installed | undefined;
    for (let i = 0; i < 150; i++) last = await install(github, { user });
    const token = await userToken(github, last!.code);
    assert.equal(await host.userCanAccessInstallation(token, last!.id), true, "found on the second page");
    assert.deepEqual(
      github.seen.filter((s) => s.authorization === `Bearer ${token}`).map((s) => s.query.get("page")),
      ["1", "2"],
    );

    const refused = await rejection(host.userCanAccessInstallation("ghu_revoked", org.id));
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status, 400);
    assert.equal(refused.code, "repohost_token_rejected");
    assertNoSecrets(refused, ["ghu_revoked"]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The Supabase Management API, against its stand-in

const REDIRECT_URI = "https://x.test/cb?a=1";

/** The adapter against a Management API stand-in of its own. */
async function withDbHost(
  fn: (stub: DbHost, host: SupabaseManagementDbHost) => Promise<void>,
  timeoutMs = 5_000,
) {
  const stub = await startDbHost([REDIRECT_URI]);
  try {
    await fn(
      stub,
      new SupabaseManagementDbHost({
        apiBaseUrl: stub.url,
        clientId: SB_CLIENT_ID,
        clientSecret: SB_CLIENT_SECRET,
        timeoutMs,
      }),
    );
  } finally {
    await stub.close();
  }
}

/** A code `account` consented to for an S256 challenge of `verifier`. */
async function consentedCode(host: SupabaseManagementDbHost, account: DbHostAccount, verifier: string) {
  const codeChallenge = base64url.encode(createHash("sha256").update(verifier).digest());
  const back = await consent(
    host.authorizeUrl({ state: "st", codeChallenge, redirectUri: REDIRECT_URI }),
    account,
  );
  return new URL(back).searchParams.get("code")!;
}

/** The user's tokens, through consent and the code exchange. */
async function signedIn(host: SupabaseManagementDbHost, account: DbHostAccount) {
  const codeVerifier = "verifier-".padEnd(43, "x");
  const code = await consentedCode(host, account, codeVerifier);
  return await host.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI });
}

Deno.test("dbhost: the authorize URL carries the client, redirect, state and an S256 challenge", () => {
  const host = new SupabaseManagementDbHost({
    clientId: SB_CLIENT_ID,
    clientSecret: SB_CLIENT_SECRET,
    timeoutMs: 1000,
  });
  const url = new URL(
    host.authorizeUrl({ state: "st-1", codeChallenge: "chal_lenge-1", redirectUri: "https://x.test/cb?a=1" }),
  );
  assert.equal(`${url.origin}${url.pathname}`, "https://api.supabase.com/v1/oauth/authorize");
  assert.deepEqual(Object.fromEntries(url.searchParams), {
    client_id: SB_CLIENT_ID,
    redirect_uri: "https://x.test/cb?a=1",
    response_type: "code",
    state: "st-1",
    code_challenge: "chal_lenge-1",
    code_challenge_method: "S256",
  });
  assert.ok(!url.href.includes(SB_CLIENT_SECRET));
});

Deno.test("dbhost: code exchange (with and without verifier) and refresh send the OAuth form with Basic auth", async () => {
  await withDbHost(async (stub, host) => {
    const account = await newAccount(stub, 1);
    const verifier = "verifier-123".padEnd(43, "v");
    const code = await consentedCode(host, account, verifier);
    const before = Date.now();
    const tokens = await host.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT_URI });
    assert.equal((await profileWith(stub, tokens.accessToken))?.gotrue_id, account.id);
    assert.ok(Math.abs(tokens.expiresAt.getTime() - (before + stub.accessTokenLifetime * 1000)) < 5_000);
    assert.deepEqual(tokenForms(stub)[0], {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });

    // Without the verifier the code goes alone, and a host that saw a challenge refuses it.
    const alone = await consentedCode(host, account, verifier);
    const refused = await rejection(host.exchangeCode({ code: alone, redirectUri: REDIRECT_URI }));
    assert.deepEqual(tokenForms(stub)[1], {
      grant_type: "authorization_code",
      code: alone,
      redirect_uri: REDIRECT_URI,
    });
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status, 400);
    assert.equal(refused.code, "dbhost_code_rejected");
    assert.deepEqual(refused.details, { upstream_error: "invalid_grant" });
    assertNoSecrets(refused, [alone, SB_CLIENT_SECRET]);
    const reused = await rejection(
      host.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT_URI }),
    );
    assert.equal((reused as ApiError).code, "dbhost_code_rejected", "a code works once");

    const refreshed = await host.refresh(tokens.refreshToken);
    assert.notEqual(refreshed.accessToken, tokens.accessToken, "a new pair");
    assert.equal((await profileWith(stub, refreshed.accessToken))?.gotrue_id, account.id);
    assert.deepEqual(tokenForms(stub).at(-1), {
      grant_type: "refresh_token",
      refresh_token: tokens.refreshToken,
    });
    assert.ok(
      tokenForms(stub).every((f) => !("client_secret" in f)),
      "the secret travels in the Basic header only",
    );

    const revoked = await rejection(host.refresh(tokens.refreshToken));
    assert.ok(revoked instanceof GrantRevokedError, "refresh tokens work once");
    assert.equal(revoked.status, 404);
    assert.equal(revoked.code, "not_connected");
    assertNoSecrets(revoked, [tokens.refreshToken]);
  });
});

Deno.test("dbhost: projects with organizations, the anon key and the profile are read with the user's token", async () => {
  await withDbHost(async (stub, host) => {
    const account = await newAccount(stub, 2);
    const { accessToken } = await signedIn(host, account);
    const organization = account.organizations[0];
    assert.deepEqual(await host.listProjects(accessToken), {
      projects: account.projects.map((p) => ({
        ref: p.ref,
        name: p.name,
        region: p.region,
        created_at: p.created_at,
        organization_id: organization.slug,
      })),
      organizations: [{ id: organization.slug, name: organization.name }],
    });
    assert.equal(await host.getAnonKey(accessToken, account.projects[1].ref), account.projects[1].anonKey);
    const missing = await rejection(host.getAnonKey(accessToken, "nosuchprojectrefxxxx"));
    assert.equal((missing as ApiError).code, "dbhost_project_not_found");
    assert.deepEqual(await host.getProfile(accessToken), { id: account.id, username: account.username });
    for (
      const s of stub.seen.filter((s) => s.path !== "/v1/oauth/token" && s.path !== "/v1/oauth/authorize")
    ) {
      assert.equal(s.authorization, `Bearer ${accessToken}`);
    }
  });
});

/** The Management API's older answers: slugs only under the deprecated ids, and a project whose legacy keys
 * are off (a publishable key in the anon key's place). */
class OlderManagementApi extends StandInServer {
  protected handle(req: Request): Promise<Response> {
    const answers: Record<string, unknown> = {
      "/v1/projects": [{
        ref: "zyxwvutsrqponmlkjihg",
        organization_id: "legacy-org",
        name: "Old",
        region: "us-east-1",
        created_at: "2024-01-01T00:00:00Z",
      }],
      "/v1/organizations": [{ id: "legacy-org", name: "Legacy" }],
      "/v1/projects/zyxwvutsrqponmlkjihg/api-keys": [
        { name: "default", api_key: null, type: "secret" },
        { name: "default", api_key: "sb_publishable_abc", type: "publishable" },
      ],
    };
    const answer = answers[new URL(req.url).pathname];
    return Promise.resolve(
      answer ? Response.json(answer) : Response.json({ message: "Not Found" }, { status: 404 }),
    );
  }
}

Deno.test("dbhost: older answers (deprecated ids, a publishable key only) are read alike", async () => {
  const older = new OlderManagementApi();
  try {
    const host = new SupabaseManagementDbHost({
      apiBaseUrl: older.url,
      clientId: SB_CLIENT_ID,
      clientSecret: SB_CLIENT_SECRET,
      timeoutMs: 5_000,
    });
    assert.deepEqual(await host.listProjects("token"), {
      projects: [{
        ref: "zyxwvutsrqponmlkjihg",
        name: "Old",
        region: "us-east-1",
        created_at: "2024-01-01T00:00:00Z",
        organization_id: "legacy-org",
      }],
      organizations: [{ id: "legacy-org", name: "Legacy" }],
    });
    assert.equal(await host.getAnonKey("token", "zyxwvutsrqponmlkjihg"), "sb_publishable_abc");
  } finally {
    await older.close();
  }
});

Deno.test("dbhost: 401 is GrantRevokedError, 500 and silence are UpstreamError without secrets", async () => {
  await withDbHost(async (stub, host) => {
    const revoked = "sbp_oauth_revoked";
    for (
      const call of [
        () => host.listProjects(revoked),
        () => host.getAnonKey(revoked, "abcdefghijklmnopqrst"),
        () => host.getProfile(revoked),
      ]
    ) {
      const err = await rejection(call());
      assert.ok(err instanceof GrantRevokedError);
      assert.ok(err instanceof ApiError);
      assert.equal(err.code, "not_connected");
    }

    const { accessToken } = await signedIn(host, await newAccount(stub, 1));
    stub.faults.fail = true;
    const broken = await rejection(host.listProjects(accessToken));
    assert.ok(broken instanceof UpstreamError);
    assert.equal(broken.status, 502);
    assert.equal(broken.code, "dbhost_failed");
    assert.match(broken.message, /HTTP 500/);
    assertNoSecrets(broken, [accessToken, SB_CLIENT_SECRET]);
    stub.faults.fail = false;

    stub.faults.hang = true;
    const slow = await rejection(host.getProfile(accessToken));
    assert.ok(slow instanceof UpstreamError);
    assert.equal(slow.code, "dbhost_failed");
    assert.match(slow.message, /did not answer within 300 ms/);
    assertNoSecrets(slow, [accessToken]);
  }, 300);
});

// ---------------------------------------------------------------------------------------------------------
// Webhook signatures, with GitHub's published test vector

Deno.test("webhook signature: GitHub's test vector verifies, as text and as bytes", async () => {
  assert.equal(await verifyHubSignature(HUB_SECRET, HUB_PAYLOAD, HUB_SIGNATURE), true);
  assert.equal(
    await verifyHubSignature(HUB_SECRET, new TextEncoder().encode(HUB_PAYLOAD), HUB_SIGNATURE),
    true,
  );
  assert.equal(
    await verifyHubSignature(
      HUB_SECRET,
      HUB_PAYLOAD,
      HUB_SIGNATURE.toUpperCase().replace("SHA256", "sha256"),
    ),
    true,
  );
});

Deno.test("webhook signature: a wrong, missing or malformed signature does not verify", async () => {
  assert.equal(await verifyHubSignature(HUB_SECRET, "Hello, World?", HUB_SIGNATURE), false);
  assert.equal(await verifyHubSignature("another secret", HUB_PAYLOAD, HUB_SIGNATURE), false);
  assert.equal(await verifyHubSignature(HUB_SECRET, HUB_PAYLOAD, `${HUB_SIGNATURE.slice(0, -1)}f`), false);
  assert.equal(await verifyHubSignature(HUB_SECRET, HUB_PAYLOAD, null), false);
  for (
    const header of [
      "",
      "sha256=",
      HUB_SIGNATURE.slice(7),
      `sha1=${HUB_SIGNATURE.slice(7)}`,
      HUB_SIGNATURE.slice(0, -2),
      `${HUB_SIGNATURE}00`,
      `sha256=${"zz".repeat(32)}`,
    ]
  ) {
    assert.equal(await verifyHubSignature(HUB_SECRET, HUB_PAYLOAD, header), false, header);
  }
  await assert.rejects(verifyHubSignature("", HUB_PAYLOAD, HUB_SIGNATURE), /secret is empty/);
});

// ---------------------------------------------------------------------------------------------------------
// Secret box

const newKey = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));

/** Changes one character in the middle of a part, where every bit counts. */
function tamper(sealed: string, part: number): string {
  const parts = sealed.split(".");
  const text = parts[part];
  const i = Math.floor(text.length / 2);
  parts[part] = `${text.slice(0, i)}${text[i] === "A" ? "B" : "A"}${text.slice(i + 1)}`;
  return parts.join(".");
}

Deno.test("secret box: seal and open round-trip, with a fresh IV each time", async () => {
  const box = createSecretBox({ k1: newKey() }, "k1");
  const token = `ghu_${crypto.randomUUID()} ünïcödé`;
  const a = await box.seal(token, "installation:123:ghu");
  const b = await box.seal(token, "installation:123:ghu");
  assert.match(a, /^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
  assert.notEqual(a, b);
  assert.ok(!a.includes(token.slice(4, 20)));
  assert.equal(await box.open(a, "installation:123:ghu"), token);
  assert.equal(await box.open(b, "installation:123:ghu"), token);
});

Deno.test("secret box: another context, tampering or an unknown key id does not open", async () => {
  const box = createSecretBox({ k1: newKey() }, "k1");
  const sealed = await box.seal("secret-token", "installation:123:ghu");
  await assert.rejects(box.open(sealed, "installation:124:ghu"), /does not open/);
  await assert.rejects(box.open(tamper(sealed, 3), "installation:123:ghu"), /does not open/);
  await assert.rejects(box.open(tamper(sealed, 2), "installation:123:ghu"), /does not open/);
  await assert.rejects(
    box.open(sealed.replace("v1.k1.", "v1.k9."), "installation:123:ghu"),
    /key "k9" is unknown/,
  );
  await assert.rejects(box.open(sealed.replace("v1.", "v2."), "installation:123:ghu"), /not a v1 value/);
  await assert.rejects(box.open("v1.k1.short.x", "installation:123:ghu"), /malformed/);
  const other = createSecretBox({ k1: newKey() }, "k1");
  await assert.rejects(other.open(sealed, "installation:123:ghu"), /does not open/, "same id, another key");
});

Deno.test("secret box: after rotation values sealed under the old key still open", async () => {
  const [k1, k2] = [newKey(), newKey()];
  const old = await createSecretBox({ k1 }, "k1").seal("old-token", "dbhost:u1:refresh");
  const rotated = createSecretBox({ k1, k2 }, "k2");
  assert.equal(await rotated.open(old, "dbhost:u1:refresh"), "old-token");
  const fresh = await rotated.seal("new-token", "dbhost:u1:refresh");
  assert.match(fresh, /^v1\.k2\./);
  const retired = createSecretBox({ k2 }, "k2");
  assert.equal(await retired.open(fresh, "dbhost:u1:refresh"), "new-token");
  await assert.rejects(retired.open(old, "dbhost:u1:refresh"), /key "k1" is unknown/);
});

Deno.test("secret box: the environment is parsed with errors that name the variable, never the key", async () => {
  const [k1, k2] = [newKey(), newKey()];
  const box = secretBoxFromEnv({ SECRETS_KEYS: ` k1:${k1} , k2:${k2} `, SECRETS_CURRENT_KEY_ID: "k2" });
  const sealed = await box.seal("x", "c");
  assert.match(sealed, /^v1\.k2\./);
  assert.equal(await createSecretBox({ k2 }, "k2").open(sealed, "c"), "x");

  const short = btoa("sixteen byte key");
  const cases: [Record<string, string | undefined>, RegExp][] = [
    [{ SECRETS_CURRENT_KEY_ID: "k1" }, /^SECRETS_KEYS: required/],
    [
      { SECRETS_KEYS: `k1${k1}`, SECRETS_CURRENT_KEY_ID: "k1" },
      /^SECRETS_KEYS: entry 1 is not <id>:<base64 key>/,
    ],
    [
      { SECRETS_KEYS: `k1:${k1},k1:${k2}`, SECRETS_CURRENT_KEY_ID: "k1" },
      /^SECRETS_KEYS: key id "k1" appears twice/,
    ],
    [
      { SECRETS_KEYS: `k1:${short}`, SECRETS_CURRENT_KEY_ID: "k1" },
      /^SECRETS_KEYS: key "k1" must be 32 bytes in base64/,
    ],
    [
      { SECRETS_KEYS: `k1:not base64!`, SECRETS_CURRENT_KEY_ID: "k1" },
      /^SECRETS_KEYS: key "k1" must be 32 bytes/,
    ],
    [{ SECRETS_KEYS: `k.1:${k1}`, SECRETS_CURRENT_KEY_ID: "k.1" }, /^SECRETS_KEYS: key id "k.1" must be/],
    [{ SECRETS_KEYS: `k1:${k1}` }, /^SECRETS_CURRENT_KEY_ID: required/],
    [
      { SECRETS_KEYS: `k1:${k1}`, SECRETS_CURRENT_KEY_ID: "k2" },
      /^SECRETS_CURRENT_KEY_ID: "k2" names no key/,
    ],
  ];
  for (const [env, expected] of cases) {
    const err = (() => {
      try {
        secretBoxFromEnv(env);
      } catch (e) {
        return e as Error;
      }
      assert.fail(`no error for ${JSON.stringify(Object.keys(env))}`);
    })();
    assert.match(err.message, expected);
    assertNoSecrets(err, [k1, k2, short]);
  }
});
