// Faults: the database restarted under the running functions, an upstream that never answers, and a blob
// store that cannot be reached.
import assert from "node:assert/strict";
import { startCluster, stopCluster } from "../scripts/local/cluster.ts";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import { SupabaseAuthAdmin, SupabaseBlobStore } from "../supabase/functions/_shared/adapters/supabase.ts";
import {
  api,
  errorCode,
  expectError,
  inProcessApi,
  newProject,
  newUser,
  NO_STACK,
  silentServer,
} from "./helpers.ts";
import { closedPort } from "./integration_stand_ins.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

t(
  "with Postgres down requests fail cleanly with 503, and succeed again once it is back, with no restart of the functions",
  async () => {
    const user = await newUser("faults.restart");
    const project = await newProject(user);
    assert.equal((await api("GET", "/me", { token: user.token })).status, 200);
    const url = new URL(Deno.env.get("SUPABASE_DB_URL")!);
    const cluster = {
      dir: Deno.env.get("TEST_PG_DIR")!,
      port: Number(url.port),
      password: "",
      adminUrl: "",
      url: "",
    };
    await stopCluster(cluster);
    try {
      const requests: [string, string, unknown?][] = [
        ["GET", "/me"],
        ["GET", `/projects/${project.id}`],
        ["GET", "/projects"],
        ["POST", "/jobs", { type: "prompt", project_id: project.id, input: { prompt: "a todo list app" } }],
      ];
      for (const [method, path, body] of requests) {
        const started = Date.now();
        const res = await api(method, path, { token: user.token, body });
        assert.equal(res.status, 503, `${method} ${path}: ${res.text}`);
        assert.equal(errorCode(res), "database_unavailable");
        assert.ok(Date.now() - started < 15_000, `${method} ${path} took ${Date.now() - started} ms`);
      }
      // Routes that need no database keep working.
      assert.equal((await api("GET", "/health")).status, 200);
      assert.equal((await api("GET", "/whoami", { token: user.token })).status, 200);
    } finally {
      await startCluster(cluster);
    }
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = (await api("GET", "/me", { token: user.token })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 200, "the functions reconnect by themselves");
    // The whole pipeline is back too: the trigger, pg_net's worker, the runner.
    const job = await api<{ id: string }>("POST", "/jobs", {
      token: user.token,
      body: { type: "prompt", project_id: project.id, input: { prompt: "a todo list app" } },
    });
    assert.equal(job.status, 202);
    let state = "";
    for (let i = 0; i < 300 && !["succeeded", "failed"].includes(state); i++) {
      state = String((await api("GET", `/jobs/${job.body.id}`, { token: user.token })).body.status);
      if (!["succeeded", "failed"].includes(state)) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(state, "succeeded");
  },
);

t("an upstream that never answers ends the request with 502 within the configured timeout", async () => {
  const user = await newUser("faults.timeout");
  const upstream = silentServer();
  const timeoutMs = 800;
  const deps = depsFromConfig(loadConfig({ ...Deno.env.toObject(), UPSTREAM_TIMEOUT_MS: String(timeoutMs) }));
  try {
    const app = createV1App({
      ...deps,
      authAdmin: new SupabaseAuthAdmin({
        url: upstream.url,
        serviceKey: "service-key",
        timeoutMs,
      }),
    });
    const started = Date.now();
    const res = await inProcessApi(app)("DELETE", "/me", { token: user.token });
    const elapsed = Date.now() - started;
    const body = res.body;
    assert.equal(res.status, 502);
    assert.equal(body.code, "account_delete_failed");
    assert.ok(elapsed >= timeoutMs && elapsed < timeoutMs + 3000, `answered after ${elapsed} ms`);
  } finally {
    await deps.db.end();
    await upstream.close();
  }
  assert.equal((await api("GET", "/me", { token: user.token })).status, 200, "nothing was deleted");
});

t(
  "a blob store that cannot be reached: POST /projects/{id}/icon answers 502 storage_failed and assigns nothing",
  async () => {
    const user = await newUser("faults.storage");
    const project = await newProject(user);
    const deps = depsFromConfig(loadConfig(Deno.env.toObject()));
    try {
      const app = createV1App({
        ...deps,
        blobStore: new SupabaseBlobStore({
          url: `http://127.0.0.1:${closedPort()}`,
          serviceKey: "service-key",
          timeoutMs: 2000,
        }),
      });
      expectError(
        await inProcessApi(app)("POST", `/projects/${project.id}/icon`, { token: user.token }),
        502,
        "storage_failed",
      );
    } finally {
      await deps.db.end();
    }
    const after = await api<{ icon_url: string | null }>("GET", `/projects/${project.id}`, {
      token: user.token,
    });
    assert.equal(after.body.icon_url, null, "the project still has no icon");
  },
);
