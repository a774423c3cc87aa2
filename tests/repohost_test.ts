// Section I over HTTP: the repository host (a GitHub App). Against the running stack: 401s and validation
// 400s. In-process, without a GitHub App: the 503s; configured against a GitHub stand-in: every route and
// status, pushes checked commit by commit, and the webhook's signatures, events and replays.
import assert from "node:assert/strict";
import { api, db, expectError, newProject, newUser, NO_STACK, type TestUser } from "./helpers.ts";
import {
  closedPort,
  filesAt,
  gitIn,
  HUB_PAYLOAD,
  HUB_SECRET,
  HUB_SIGNATURE,
  hubSignature,
  install,
  type Integrations,
  projectFileBytes,
  userToken,
  withIntegrations,
  withoutIntegrations,
} from "./integration_stand_ins.ts";
import { REPOHOST_CALLBACK_URL } from "../scripts/local/stack.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

interface Installation {
  id: number;
  login: string;
  avatar: string | null;
  name: string | null;
}
interface LinkedRepository {
  project_id: number;
  repohost_installation_id: number;
  repohost_repository_name: string;
  repohost_last_sync: string | null;
}

/** A GitHub user who installed the app on an organization (or their own account), saved over the API. */
async function installed(it: Integrations, user: TestUser, type: "Organization" | "User" = "Organization") {
  const installation = await install(it.github, type === "User" ? { account: "own" } : {});
  const ghu = await userToken(it.github, installation.code);
  const res = await it.api<Installation>("POST", "/repohost/installations", {
    token: user.token,
    body: { id: installation.id, ghu, login: installation.login },
  });
  assert.equal(res.status, 201, res.text);
  return { ...installation, ghu };
}

function deliver(it: Integrations, event: string, body: string, headers: Record<string, string> = {}) {
  return it.api<Record<string, unknown>>("POST", "/repohost/webhooks", {
    body,
    headers: {
      "content-type": "application/json",
      "x-github-event": event,
      "x-hub-signature-256": hubSignature(HUB_SECRET, body),
      ...headers,
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// The running stack, and a deployment without a GitHub App

t("repohost routes need a token", async () => {
  const routes: [string, string][] = [
    ["POST", "/repohost/token"],
    ["GET", "/repohost/installations"],
    ["POST", "/repohost/installations"],
    ["GET", "/repohost/repositories"],
    ["POST", "/repohost/repositories"],
    ["DELETE", "/repohost/repositories/1"],
  ];
  for (const [method, path] of routes) {
    expectError(await api(method, path, { body: method === "POST" ? {} : undefined }), 401, "unauthorized");
  }
});

t("without a GitHub App every repohost route answers 503 integration_not_configured", async () => {
  const user = await newUser("repo503");
  await withoutIntegrations(async (api) => {
    const p = await newProject(user);
    const calls: [string, string, unknown?][] = [
      ["POST", "/repohost/token", { code: "some-code" }],
      ["GET", "/repohost/installations"],
      ["POST", "/repohost/installations", { id: 12345, ghu: "ghu_x", login: "someone" }],
      ["GET", "/repohost/repositories"],
      ["POST", "/repohost/repositories", { project_id: p.id, repohost_installation_id: 12345 }],
      ["DELETE", `/repohost/repositories/${p.id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { token: user.token, body });
      expectError(res, 503, "integration_not_configured");
      // Tokens are sealed (SECRETS_KEYS) but there is no app: the answer names what to set.
      assert.deepEqual((res.body as { details: unknown }).details, {
        integration: "repohost",
        missing: ["GITHUB_APP_ID", "GITHUB_APP_PRIVATE_KEY", "GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"],
      });
      assert.match((res.body as { message: string }).message, /set GITHUB_APP_ID/);
    }
    // The webhook is public; without a webhook secret it cannot tell GitHub from anyone.
    const hook = await api("POST", "/repohost/webhooks", {
      body: HUB_PAYLOAD,
      headers: { "x-github-event": "ping", "x-hub-signature-256": HUB_SIGNATURE },
    });
    expectError(hook, 503, "integration_not_configured");
    assert.deepEqual((hook.body as { details: unknown }).details, {
      integration: "repohost",
      missing: ["GITHUB_WEBHOOK_SECRET"],
    });
  });
});

t("repohost requests are validated before anything else: 400 invalid_request", async () => {
  const user = await newUser("repo400");
  const bad: [string, string, unknown][] = [
    ["POST", "/repohost/token", {}],
    ["POST", "/repohost/token", { code: "" }],
    ["POST", "/repohost/token", { code: "c", redirect_uri: "not a uri" }],
    ["POST", "/repohost/token", { code: "c", extra: true }],
    ["POST", "/repohost/installations", { ghu: "ghu_x", login: "x" }],
    ["POST", "/repohost/installations", { id: "12", ghu: "ghu_x", login: "x" }],
    ["POST", "/repohost/installations", { id: 0, ghu: "ghu_x", login: "x" }],
    ["POST", "/repohost/installations", { id: 1, login: "x" }],
    ["POST", "/repohost/installations", { id: 1, ghu: "ghu_x", login: "x", avatar: "javascript:alert(1)" }],
    ["POST", "/repohost/repositories", { project_id: 1 }],
    ["POST", "/repohost/repositories", {
      project_id: 1,
      repohost_installation_id: 2,
      repohost_repository_name: "a/b",
    }],
    ["POST", "/repohost/repositories", {
      project_id: 1,
      repohost_installation_id: 2,
      repohost_repository_name: "..",
    }],
  ];
  for (const [method, path, body] of bad) {
    const res = await api(method, path, { token: user.token, body });
    expectError(res, 400, "invalid_request");
  }
  expectError(
    await api("DELETE", "/repohost/repositories/abc", { token: user.token }),
    400,
    "invalid_request",
  );
  for (const path of ["/repohost/token", "/repohost/installations", "/repohost/repositories"]) {
    expectError(
      await api("POST", path, {
        token: user.token,
        body: "code=x",
        headers: { "content-type": "text/plain" },
      }),
      415,
      "unsupported_media_type",
    );
  }
  expectError(
    await api("POST", "/repohost/token", {
      token: user.token,
      body: "{",
      headers: { "content-type": "application/json" },
    }),
    400,
    "invalid_json",
  );
});

// ---------------------------------------------------------------------------------------------------------
// Configured against the GitHub stand-in

t(
  "POST /repohost/token exchanges the code with the client secret; refusals are 400, an absent GitHub 502",
  async () => {
    const user = await newUser("token");
    await withIntegrations(async (it) => {
      const signedIn = await install(it.github);
      const res = await it.api<{ access_token: string }>("POST", "/repohost/token", {
        token: user.token,
        body: { code: signedIn.code, redirect_uri: REPOHOST_CALLBACK_URL },
      });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(Object.keys(res.body), ["access_token"]);
      // GitHub took the server's client secret and the redirect URI, and the token reaches the installation.
      const form = new URLSearchParams(it.github.seen.at(-1)!.text);
      assert.equal(form.get("redirect_uri"), REPOHOST_CALLBACK_URL);
      const reached = await (await fetch(`${it.github.url}/user/installations`, {
        headers: { authorization: `Bearer ${res.body.access_token}` },
      })).json();
      assert.deepEqual(reached.installations.map((i: { id: number }) => i.id), [signedIn.id]);

      const elsewhere = await it.api("POST", "/repohost/token", {
        token: user.token,
        body: { code: (await install(it.github)).code, redirect_uri: "https://attacker.example/cb" },
      });
      expectError(elsewhere, 400, "repohost_code_rejected");
      assert.deepEqual((elsewhere.body as { details: unknown }).details, {
        upstream_error: "redirect_uri_mismatch",
      });

      const refused = await it.api("POST", "/repohost/token", {
        token: user.token,
        body: { code: "expired-code" },
      });
      expectError(refused, 400, "repohost_code_rejected");
      assert.deepEqual((refused.body as { details: unknown }).details, {
        upstream_error: "bad_verification_code",
      });
      assert.ok(!refused.text.includes("expired-code"), "the code is not echoed");
    });
    const away = `http://127.0.0.1:${closedPort()}`;
    await withIntegrations(async (it) => {
      const res = await it.api("POST", "/repohost/token", {
        token: user.token,
        body: { code: "c" },
      });
      expectError(res, 502, "repohost_failed");
      assert.ok(!res.text.includes("127.0.0.1"), "no internal address in the error");
      // Saving an installation asks GitHub first, so it fails the same way and stores nothing.
      const saved = await it.api("POST", "/repohost/installations", {
        token: user.token,
        body: { id: 31337, ghu: "ghu_unchecked", login: "someone" },
      });
      expectError(saved, 502, "repohost_failed");
      const [{ n }] =
        await db()`select count(*)::int as n from public.repohost_installations where id = 31337`;
      assert.equal(n, 0);
    }, { GITHUB_OAUTH_BASE_URL: away, GITHUB_API_BASE_URL: away });
  },
);

t(
  "installations: an account saves at most 100 (413 too_many_installations); re-saving one still works",
  async () => {
    const user = await newUser("inst-many");
    await withIntegrations(async (it) => {
      const first = await installed(it, user);
      const base = Date.now() * 1000;
      await db()`
      insert into public.repohost_installations (id, user_id, login, ghu_encrypted)
      select ${base}::bigint + n, user_id, 'seeded-' || n, ghu_encrypted
        from public.repohost_installations, generate_series(1, 99) n
       where id = ${first.id}`;
      const installation = await install(it.github);
      const refused = await it.api("POST", "/repohost/installations", {
        token: user.token,
        body: {
          id: installation.id,
          ghu: await userToken(it.github, installation.code),
          login: installation.login,
        },
      });
      expectError(refused, 413, "too_many_installations");
      assert.deepEqual(refused.body.details, { limit: 100 });
      const resaved = await it.api("POST", "/repohost/installations", {
        token: user.token,
        body: { id: first.id, ghu: first.ghu, login: first.login },
      });
      assert.equal(resaved.status, 201, resaved.text);
    });
  },
);

t(
  "installations: saved for the caller (never another), sealed, listed without the token, upserted by id",
  async () => {
    const alice = await newUser("inst-a");
    const bob = await newUser("inst-b");
    await withIntegrations(async (it) => {
      const installation = await install(it.github);
      const github = { token: await userToken(it.github, installation.code) };
      const body = {
        id: installation.id,
        ghu: github.token,
        login: installation.login,
        avatar: "https://avatars.example.com/u/1",
        name: "Acme",
        user_id: bob.id,
      };
      const saved = await it.api<Installation>("POST", "/repohost/installations", {
        token: alice.token,
        body,
      });
      assert.equal(saved.status, 201);
      assert.deepEqual(Object.keys(saved.body).sort(), [
        "avatar",
        "created_at",
        "id",
        "login",
        "name",
        "updated_at",
      ]);
      assert.deepEqual([saved.body.id, saved.body.login, saved.body.avatar, saved.body.name], [
        installation.id,
        installation.login,
        body.avatar,
        "Acme",
      ]);
      assert.ok(!saved.text.includes(github.token), "the token is never returned");

      const [row] = await db()`select user_id, ghu_encrypted from public.repohost_installations
                             where id = ${installation.id}`;
      assert.equal(row.user_id, alice.id, "the owner is the caller, whatever user_id the body names");
      assert.match(row.ghu_encrypted, /^v1\.local\./, "stored sealed under the current key");
      assert.ok(!row.ghu_encrypted.includes(github.token.slice(4)));
      assert.equal(
        await it.deps.secrets!.open(row.ghu_encrypted, `repohost_installation:${installation.id}:ghu`),
        github.token,
        "sealed for this installation's row",
      );

      const again = await it.api<Installation>("POST", "/repohost/installations", {
        token: alice.token,
        body: { ...body, login: "acme-renamed", avatar: null, name: null },
      });
      assert.equal(again.status, 201);
      assert.deepEqual([again.body.login, again.body.avatar, again.body.name], ["acme-renamed", null, null]);

      const list = await it.api<{ data: Installation[] }>("GET", "/repohost/installations", {
        token: alice.token,
      });
      assert.equal(list.status, 200);
      assert.deepEqual(list.body.data.map((i) => [i.id, i.login]), [[installation.id, "acme-renamed"]]);
      assert.ok(!list.text.includes("ghu"), "no token in the list");
      assert.deepEqual(
        (await it.api<{ data: Installation[] }>("GET", "/repohost/installations", {
          token: bob.token,
        }))
          .body.data,
        [],
        "another user sees none of them",
      );

      // Bob's GitHub account can reach the installation too (he joined the organization), but Alice saved it
      // first.
      const bobs = await install(it.github, { account: installation.login });
      assert.equal(bobs.id, installation.id);
      expectError(
        await it.api("POST", "/repohost/installations", {
          token: bob.token,
          body: { id: installation.id, ghu: await userToken(it.github, bobs.code), login: "taken" },
        }),
        409,
        "installation_taken",
      );
      // A token that does not reach an installation cannot claim it.
      const stranger = await install(it.github);
      expectError(
        await it.api("POST", "/repohost/installations", {
          token: bob.token,
          body: { id: installation.id, ghu: await userToken(it.github, stranger.code), login: "x" },
        }),
        404,
        "installation_not_found",
      );
      expectError(
        await it.api("POST", "/repohost/installations", {
          token: bob.token,
          body: { id: 424242424, ghu: "ghu_revoked_or_made_up", login: "x" },
        }),
        400,
        "repohost_token_rejected",
      );
      const [{ login }] =
        await db()`select login from public.repohost_installations where id = ${installation.id}`;
      assert.equal(login, "acme-renamed", "nothing was taken over");
    });
  },
);

t("repositories: link (default name, upsert), list, unlink idempotently; only the caller's", async () => {
  const alice = await newUser("link-a");
  const bob = await newUser("link-b");
  const p = await newProject(alice);
  const q = await newProject(alice);
  const bobsProject = await newProject(bob);
  await withIntegrations(async (it) => {
    const mine = await installed(it, alice);
    const bobs = await installed(it, bob);

    const linked = await it.api<LinkedRepository>("POST", "/repohost/repositories", {
      token: alice.token,
      body: { project_id: p.id, repohost_installation_id: mine.id },
    });
    assert.equal(linked.status, 201);
    assert.deepEqual(linked.body, {
      project_id: p.id,
      repohost_installation_id: mine.id,
      repohost_repository_name: `app-${p.id}`,
      repohost_last_sync: null,
      repohost_sync_conflict: null,
    });
    const renamed = await it.api<LinkedRepository>("POST", "/repohost/repositories", {
      token: alice.token,
      body: { project_id: p.id, repohost_installation_id: mine.id, repohost_repository_name: "tide-tables" },
    });
    assert.equal(renamed.status, 201);
    assert.equal(renamed.body.repohost_repository_name, "tide-tables", "upserted by project");
    await it.api("POST", "/repohost/repositories", {
      token: alice.token,
      body: { project_id: q.id, repohost_installation_id: mine.id },
    });

    expectError(
      await it.api("POST", "/repohost/repositories", {
        token: alice.token,
        body: { project_id: p.id, repohost_installation_id: bobs.id },
      }),
      404,
      "installation_not_found",
    );
    expectError(
      await it.api("POST", "/repohost/repositories", {
        token: alice.token,
        body: { project_id: bobsProject.id, repohost_installation_id: mine.id },
      }),
      404,
      "project_not_found",
    );
    await it.api("POST", "/repohost/repositories", {
      token: bob.token,
      body: { project_id: bobsProject.id, repohost_installation_id: bobs.id },
    });

    const list = await it.api<{ data: LinkedRepository[] }>("GET", "/repohost/repositories", {
      token: alice.token,
    });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data.map((l) => [l.project_id, l.repohost_repository_name]), [
      [p.id, "tide-tables"],
      [q.id, `app-${q.id}`],
    ]);

    const unlinked = await it.api("DELETE", `/repohost/repositories/${p.id}`, {
      token: alice.token,
    });
    assert.equal(unlinked.status, 204);
    assert.equal(unlinked.text, "");
    assert.equal(
      (await it.api("DELETE", `/repohost/repositories/${p.id}`, { token: alice.token })).status,
      204,
      "idempotent",
    );
    assert.equal(
      (await it.api("DELETE", `/repohost/repositories/${bobsProject.id}`, { token: alice.token }))
        .status,
      204,
    );
    const [{ n }] =
      await db()`select count(*)::int as n from public.repohost_links where project_id = ${bobsProject.id}`;
    assert.equal(n, 1, "another user's link is left alone");
    assert.deepEqual(
      (await it.api<{ data: LinkedRepository[] }>("GET", "/repohost/repositories", {
        token: alice.token,
      }))
        .body.data.map((l) => l.project_id),
      [q.id],
    );
  });
});

t(
  "POST /projects/{id}/pushes commits every file on top of the previous head and records the sync",
  async () => {
    const alice = await newUser("push");
    const p = await newProject(alice, { name: "Tide Tables" });
    await withIntegrations(async (it) => {
      const org = await installed(it, alice);
      await it.api("POST", "/repohost/repositories", {
        token: alice.token,
        body: { project_id: p.id, repohost_installation_id: org.id },
      });
      const repo = it.github.repoDir(org.login, `app-${p.id}`);
      const files = () => projectFileBytes(db(), p.id);
      const push = () =>
        it.api<{ pushed: boolean; commit_sha: string }>("POST", `/projects/${p.id}/pushes`, {
          token: alice.token,
        });

      // The repository does not exist yet: it is created in the organization, then pushed to.
      const first = await push();
      assert.equal(first.status, 201, first.text);
      assert.equal(first.body.pushed, true);
      assert.equal(
        await gitIn(repo, ["rev-parse", "main"]),
        first.body.commit_sha,
        "the branch points at it",
      );
      assert.deepEqual(
        (await gitIn(repo, ["log", "--format=%s", "main"])).split("\n"),
        ["Save files", "Initial commit"],
        "on top of the initial commit",
      );
      assert.deepEqual(
        await filesAt(repo, "main"),
        await files(),
        "the tree holds every file, byte for byte",
      );
      const [{ synced }] = await db()`select repohost_last_sync as synced from public.repohost_links
                                    where project_id = ${p.id}`;
      assert.ok(synced instanceof Date, "the last sync is recorded");

      // Edited files: a second commit whose parent is the first.
      await api("PUT", `/projects/${p.id}/files`, {
        token: alice.token,
        body: { files: [{ path: "App.tsx", contents: "export default () => null;\n", type: "CODE" }] },
      });
      const second = await push();
      assert.equal(second.status, 201);
      assert.equal(second.body.pushed, true);
      assert.equal(await gitIn(repo, ["rev-parse", `${second.body.commit_sha}^`]), first.body.commit_sha);
      assert.deepEqual(await filesAt(repo, "main"), await files());

      // Nothing changed: no commit, the head answers.
      const third = await push();
      assert.equal(third.status, 201);
      assert.deepEqual(third.body, { pushed: false, commit_sha: second.body.commit_sha });

      // Someone else pushed meanwhile: 409, and pushing again is safe.
      await api("PUT", `/projects/${p.id}/files`, {
        token: alice.token,
        body: { files: [{ path: "App.tsx", contents: "export default () => 'moved';\n", type: "CODE" }] },
      });
      it.github.faults.beforeBranchMove = (owner, name) =>
        it.github.commitFiles(owner, name, [{ path: "THEIRS", contents: "x" }], "Theirs").then(() => {});
      expectError(await push(), 409, "repohost_branch_moved");
      delete it.github.faults.beforeBranchMove;
      assert.equal(await gitIn(repo, ["log", "-1", "--format=%s", "main"]), "Theirs", "their commit stays");
      const again = await push();
      assert.equal(again.status, 201, again.text);
      assert.equal(await gitIn(repo, ["log", "-1", "--format=%s", `${again.body.commit_sha}^`]), "Theirs");

      // GitHub failing: 502, and the failed push is not recorded as a sync.
      const [{ before }] = await db()`select repohost_last_sync as before from public.repohost_links
                                    where project_id = ${p.id}`;
      it.github.faults.failRepoCalls = true;
      const failed = await push();
      expectError(failed, 502, "repohost_failed");
      assert.doesNotMatch(failed.text, /gh[su]_/, "no token in the error");
      const [{ after }] = await db()`select repohost_last_sync as after from public.repohost_links
                                   where project_id = ${p.id}`;
      assert.deepEqual(after, before);
    });
  },
);

t(
  "POST /projects/{id}/pushes: the contract's 404s, and a personal account's missing repository",
  async () => {
    const alice = await newUser("push404");
    const bob = await newUser("push404b");
    const p = await newProject(alice);
    await withIntegrations(async (it) => {
      const call = (id: number, user = alice) =>
        it.api("POST", `/projects/${id}/pushes`, { token: user.token });
      expectError(await call(p.id), 404, "repository_not_linked");
      expectError(await call(p.id, bob), 404, "project_not_found");
      expectError(await call(999999999999), 404, "project_not_found");

      // GitHub lets apps create repositories only in organizations.
      const personal = await installed(it, alice, "User");
      await it.api("POST", "/repohost/repositories", {
        token: alice.token,
        body: { project_id: p.id, repohost_installation_id: personal.id },
      });
      expectError(await call(p.id), 404, "repohost_repository_missing");
      const [{ synced }] = await db()`select repohost_last_sync as synced from public.repohost_links
                                    where project_id = ${p.id}`;
      assert.equal(synced, null, "nothing recorded");

      // A project whose files were all removed has nothing to push.
      await db()`select private.commit_version(${p.id}, null, (
                   select jsonb_agg(jsonb_build_object('path', path, 'deleted', true))
                     from public.project_files where project_id = ${p.id}), '{}')`;
      expectError(await call(p.id), 400, "repohost_no_files");
    });
  },
);

t(
  "POST /repohost/webhooks: GitHub's test vector verifies; bad, missing and misplaced signatures are 400",
  async () => {
    await withIntegrations(async (it) => {
      // The published example signs a body that is not an event: the signature passes, the payload does not.
      const vector = await it.api("POST", "/repohost/webhooks", {
        body: HUB_PAYLOAD,
        headers: { "x-github-event": "ping", "x-hub-signature-256": HUB_SIGNATURE },
      });
      expectError(vector, 400, "invalid_payload");

      const body = JSON.stringify({ zen: "Keep it logically awesome.", hook_id: 1 });
      const good = await deliver(it, "ping", body);
      assert.equal(good.status, 200);
      assert.deepEqual(good.body, {
        received: true,
        event: "ping",
        action: null,
        delivery_id: null,
        outcome: "ignored",
      });

      const cases: [string, Record<string, string>][] = [
        ["a signature of another body", { "x-hub-signature-256": hubSignature(HUB_SECRET, `${body} `) }],
        ["a signature under another secret", { "x-hub-signature-256": hubSignature("another secret", body) }],
        ["a malformed signature", { "x-hub-signature-256": "sha256=xyz" }],
        ["the SHA-1 header's format", { "x-hub-signature-256": `sha1=${"0".repeat(40)}` }],
      ];
      for (const [what, headers] of cases) {
        const res = await deliver(it, "ping", body, headers);
        expectError(res, 400, "invalid_signature");
        assert.ok(res.status === 400, what);
      }
      const unsigned = await it.api("POST", "/repohost/webhooks", {
        body,
        headers: { "x-github-event": "ping" },
      });
      expectError(unsigned, 400, "invalid_signature");
      expectError(await deliver(it, "installation", "[]"), 400, "invalid_payload");
      expectError(
        await deliver(it, "installation", JSON.stringify({ action: "created" })),
        400,
        "invalid_payload",
      );
      const huge = JSON.stringify({ zen: "x".repeat(1024 * 1024) });
      expectError(await deliver(it, "ping", huge), 413, "payload_too_large");
    });
  },
);

t(
  "POST /repohost/webhooks: installation.created refreshes, .deleted removes with links, replays change nothing",
  async () => {
    const alice = await newUser("hook");
    const p = await newProject(alice);
    await withIntegrations(async (it) => {
      const org = await installed(it, alice);
      await it.api("POST", "/repohost/repositories", {
        token: alice.token,
        body: { project_id: p.id, repohost_installation_id: org.id },
      });
      const installationEvent = (action: string, login: string) =>
        JSON.stringify({
          action,
          installation: {
            id: org.id,
            account: {
              login,
              id: 1,
              type: "Organization",
              avatar_url: `https://avatars.example.com/${login}`,
            },
          },
          sender: { login: "someone" },
        });
      const stored = async () =>
        (await it.api<{ data: Installation[] }>("GET", "/repohost/installations", {
          token: alice.token,
        }))
          .body.data;

      const delivery = crypto.randomUUID();
      const created = await deliver(it, "installation", installationEvent("created", "acme-new"), {
        "x-github-delivery": delivery,
      });
      assert.equal(created.status, 200);
      assert.deepEqual(created.body, {
        received: true,
        event: "installation",
        action: "created",
        delivery_id: delivery,
        outcome: "applied",
      });
      assert.deepEqual(
        (await stored()).map((i) => [i.login, i.avatar]),
        [["acme-new", "https://avatars.example.com/acme-new"]],
      );

      // The same delivery again, even carrying other fields, is recognized and changes nothing.
      const replay = await deliver(it, "installation", installationEvent("created", "acme-stale"), {
        "x-github-delivery": delivery,
      });
      assert.equal(replay.status, 200);
      assert.equal(replay.body.outcome, "duplicate");
      assert.equal((await stored())[0].login, "acme-new");

      const other = await deliver(it, "installation", installationEvent("suspend", "acme-new"), {
        "x-github-delivery": crypto.randomUUID(),
      });
      assert.equal(other.body.outcome, "ignored");
      const partial = await deliver(it, "push", JSON.stringify({ ref: "refs/heads/main" }));
      expectError(partial, 400, "invalid_payload");
      const push = await deliver(
        it,
        "push",
        JSON.stringify({
          ref: "refs/heads/main",
          after: "a".repeat(40),
          repository: { name: "nowhere", default_branch: "main", owner: { login: "nobody" } },
          installation: { id: 1 },
          commits: [],
        }),
      );
      assert.deepEqual(
        [push.status, push.body.outcome, push.body.action],
        [200, "ignored", null],
        "a push to a repository no project is linked to",
      );

      const deletion = crypto.randomUUID();
      const deleted = await deliver(it, "installation", installationEvent("deleted", "acme-new"), {
        "x-github-delivery": deletion,
      });
      assert.equal(deleted.body.outcome, "applied");
      assert.deepEqual(await stored(), []);
      const links = await it.api<{ data: LinkedRepository[] }>("GET", "/repohost/repositories", {
        token: alice.token,
      });
      assert.deepEqual(links.body.data, [], "its links went with it");
      expectError(
        await it.api("POST", `/projects/${p.id}/pushes`, { token: alice.token }),
        404,
        "repository_not_linked",
      );
      const again = await deliver(it, "installation", installationEvent("deleted", "acme-new"), {
        "x-github-delivery": deletion,
      });
      assert.deepEqual([again.status, again.body.outcome], [200, "duplicate"]);
    });
  },
);
