// Isolation between users, route by route: for every operation of /openapi.json whose path takes an id,
// another user calling it with the owner's id gets exactly the answer an id that names nothing gets (status
// and error code), and none of the owner's rows change. Driven by the document, so a new route with an id
// is covered without touching this file, unless it needs a request body (BODIES) or opens others' rows on
// purpose (OPEN).
import assert from "node:assert/strict";
import {
  api,
  type ApiResponse,
  db,
  documentedOperations,
  fillPath,
  mcpPost,
  newProject,
  newUser,
  NO_STACK,
  type TestUser,
  unusedId,
} from "./helpers.ts";
import { withIntegrations } from "./integration_stand_ins.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

/** Valid bodies per operation, so a call reaches the ownership check instead of failing validation. */
const BODIES: Record<string, unknown> = {
  "POST /projects/{projectId}/builds": {},
  "PATCH /projects/{projectId}": {
    name: "Renamed by someone else",
    shared: false,
  },
  "PUT /projects/{projectId}/files": {
    files: [{ path: "App.tsx", contents: "// overwritten", type: "CODE" }],
  },
  "POST /projects/{projectId}/reshares": { platform: "other" },
  "PUT /projects/{projectId}/git-remote": { url: "https://git.example.com/someone/app.git", token: "t" },
  "POST /projects/{projectId}/preview-errors": {
    message: "Recorded by someone else",
  },
  "PATCH /notifications/{notificationId}": { is_read: true },
};

/**
 * Where reaching another user's id is the contract, what the other user gets instead, and for which of the
 * owner's ids (all when `ids` is absent). Everything else must answer like an id that names nothing.
 */
const OPEN: Record<string, { status: number; ids?: string[]; why: string }> = {
  "GET /users/{userId}": {
    status: 200,
    why: "any signed-in user reads any public profile",
  },
  "DELETE /blocks/{userId}": {
    status: 204,
    why: "idempotent: 204 for anyone the caller has not blocked; the owner's blocks stay",
  },
  "DELETE /push-tokens/{token}": {
    status: 204,
    why: "idempotent: 204 for a token the caller does not hold; the owner's registration stays",
  },
  "GET /projects/{projectId}": {
    status: 200,
    ids: ["shared project"],
    why: "a shared project is visible to every signed-in user",
  },
  "GET /projects/{projectId}/files": {
    status: 200,
    ids: ["shared project"],
    why: "a shared project's files are readable by every signed-in user",
  },
  "GET /projects/{projectId}/archive": {
    status: 200,
    ids: ["shared project"],
    why: "a shared project's files are downloadable by every signed-in user",
  },
  "POST /projects/{projectId}/reshares": {
    status: 201,
    ids: ["shared project"],
    why: "any project the caller may see can be reshared; the reshare is the caller's row",
  },
};

interface Owned {
  label: string;
  value: string;
}

/** The owner's rows every route with an id could reach, as the database holds them. */
async function snapshot(owner: TestUser, notificationId: string) {
  const [{ s }] = await db()`
    with own as (select id from public.projects where user_id = ${owner.id})
    select jsonb_build_object(
      'profile', (select to_jsonb(p) from public.profiles p where p.id = ${owner.id}),
      'projects', (select jsonb_agg(to_jsonb(p) order by p.id) from public.projects p where p.id in (table own)),
      'files', (select jsonb_agg(to_jsonb(f) order by f.project_id, f.path) from public.project_files f
                where f.project_id in (table own)),
      -- The totals the storage limits and the quota are checked on.
      'storage', (select jsonb_agg(to_jsonb(s) order by s.project_id) from private.project_storage s
                  where s.user_id = ${owner.id}),
      'stored', (select to_jsonb(b) from private.blob_storage b where b.user_id = ${owner.id}),
      'versions', (select jsonb_agg(to_jsonb(v) order by v.project_id, v.number) from public.project_versions v
                   where v.user_id = ${owner.id}),
      'preview_errors', (select jsonb_agg(to_jsonb(e) order by e.id) from public.preview_errors e
                         where e.project_id in (table own)),
      'jobs', (select jsonb_agg(to_jsonb(j) order by j.id) from public.jobs j where j.user_id = ${owner.id}),
      -- Reshares by others may add notifications; the one the owner holds must keep its read state.
      'notification', (select to_jsonb(n) from public.notifications n where n.id = ${notificationId}),
      'blocks', (select jsonb_agg(to_jsonb(b) order by b.blocked_user_id) from public.blocks b
                 where b.blocker_id = ${owner.id}),
      'push_tokens', (select jsonb_agg(to_jsonb(k) order by k.token) from public.push_tokens k
                      where k.user_id = ${owner.id}),
      'repohost_links', (select jsonb_agg(to_jsonb(l) order by l.project_id) from public.repohost_links l
                         where l.user_id = ${owner.id}),
      'dbhost_links', (select jsonb_agg(to_jsonb(l) order by l.project_id) from public.dbhost_links l
                       where l.user_id = ${owner.id}),
      'webhook_endpoints', (select jsonb_agg(to_jsonb(w) order by w.id) from public.webhook_endpoints w
                            where w.user_id = ${owner.id}),
      'builds', (select jsonb_agg(to_jsonb(b) order by b.id) from public.builds b where b.user_id = ${owner.id}),
      'device_previews', (select jsonb_agg(to_jsonb(d) order by d.id) from public.device_previews d
                          where d.user_id = ${owner.id})
    ) as s`;
  return s;
}

/** What two answers are compared on: the status and, for errors, the code. */
function outcome(res: ApiResponse) {
  const code = res.status >= 400 ? (res.body as { code?: unknown } | undefined)?.code : undefined;
  return { status: res.status, code };
}

/** The owner's resources of every kind a path id names, created as a user would where the API can. */
async function ownerWithEverything(): Promise<
  { owner: TestUser; ids: Record<string, Owned[]>; notificationId: string }
> {
  const owner = await newUser("isolation.owner");
  const blocked = await newUser("isolation.blocked");
  const privateProject = await newProject(owner);
  const sharedProject = await newProject(owner, { shared: true });
  for (const p of [privateProject, sharedProject]) {
    const saved = await api("PUT", `/projects/${p.id}/files`, {
      token: owner.token,
      body: {
        files: [{
          path: "src/owner.ts",
          contents: "export const owner = true;",
          type: "CODE",
        }],
      },
    });
    assert.equal(saved.status, 200, saved.text);
    const recorded = await api("POST", `/projects/${p.id}/preview-errors`, {
      token: owner.token,
      body: { message: "Owner's preview error" },
    });
    assert.equal(recorded.status, 201, recorded.text);
  }
  assert.equal(
    (await api("POST", "/blocks", {
      token: owner.token,
      body: { blocked_user_id: blocked.id },
    })).status,
    201,
  );
  const pushToken = `ExponentPushToken[${crypto.randomUUID().replaceAll("-", "").slice(0, 22)}]`;
  assert.equal(
    (await api("POST", "/push-tokens", {
      token: owner.token,
      body: { token: pushToken, platform: "ios" },
    }))
      .status,
    201,
  );
  // Only the service writes these: a finished job, a notification, and the repository and database links,
  // which the integrations store after talking to GitHub and Supabase.
  const [job] = await db()`insert into public.jobs (user_id, project_id, status, input, result, finished_at)
    values (${owner.id}, ${privateProject.id}, 'succeeded', '{"prompt": "p", "model": "light", "appName": "A"}',
            ${db().json({ project_id: privateProject.id, files_saved: 1 })}, now())
    returning id`;
  const [{ id: notificationId }] =
    await db()`select private.add_notification(${owner.id}, null, 'job_succeeded', '{}') as id`;
  const [{ id: versionId }] = await db()`select id from public.project_versions
    where project_id = ${privateProject.id} order by number desc limit 1`;
  await db()`insert into public.repohost_links (project_id, user_id, repohost_installation_id, repohost_repository_name)
    values (${privateProject.id}, ${owner.id}, 1, ${`app-${privateProject.id}`})`;
  await db()`insert into public.dbhost_links (project_id, user_id, dbhost_project_ref, dbhost_project_name, api_url,
                                              anon_key_encrypted)
    values (${privateProject.id}, ${owner.id}, ${`ref${privateProject.id}${Date.now()}`}, 'Owner db',
            'https://owner.example.com', 'v1.local.aaaa.bbbb')`;
  // A finished build, as the build worker leaves one (a queued one would be built).
  const [build] = await db()`insert into public.builds (project_id, user_id, reason, status)
    values (${privateProject.id}, ${owner.id}, 'manual', 'failed') returning id`;
  // A device preview as its worker leaves one ready (no worker runs it).
  const [devicePreview] = await db()`insert into public.device_previews (project_id, user_id, status, url)
    values (${privateProject.id}, ${owner.id}, 'ready', 'exp://127.0.0.1:9') returning id`;
  const webhook = await api<{ id: string }>("POST", "/webhooks", {
    token: owner.token,
    body: { url: "https://example.com/owner-hook", events: ["job.succeeded"] },
  });
  assert.equal(webhook.status, 201);
  return {
    owner,
    notificationId,
    ids: {
      projectId: [
        { label: "private project", value: String(privateProject.id) },
        { label: "shared project", value: String(sharedProject.id) },
      ],
      jobId: [{ label: "job", value: job.id }],
      versionId: [{ label: "version", value: versionId }],
      notificationId: [{ label: "notification", value: notificationId }],
      userId: [{ label: "owner", value: owner.id }, {
        label: "blocked user",
        value: blocked.id,
      }],
      token: [{ label: "push token", value: pushToken }],
      webhookId: [{ label: "webhook", value: webhook.body.id }],
      buildId: [{ label: "build", value: String(build.id) }],
      devicePreviewId: [{ label: "device preview", value: String(devicePreview.id) }],
    },
  };
}

/** Every route with an id, called by another user through `send` with the owner's ids and with unused ones. */
async function crossUserMatrix(send: typeof api) {
  const { owner, ids, notificationId } = await ownerWithEverything();
  const other = await newUser("isolation.other");
  const routes = (await documentedOperations()).filter((op) => op.secured && op.params.length > 0);
  assert(routes.length > 15, `only ${routes.length} operations take an id`);
  const before = await snapshot(owner, notificationId);
  let calls = 0;
  for (const op of routes) {
    const key = `${op.method} ${op.template}`;
    if (op.bodyTypes.length > 0) {
      assert(key in BODIES, `${key} takes a body: add a valid one to BODIES`);
    }
    const call = (path: string) => send(op.method, path, { token: other.token, body: BODIES[key] });
    for (const param of op.params) {
      assert(
        param.name in ids,
        `${key}: no resource of the owner for {${param.name}}: add one`,
      );
    }
    // One id varies at a time; any other id in the path is the owner's first of its kind.
    const firsts = Object.fromEntries(
      op.params.map((p) => [p.name, ids[p.name][0].value]),
    );
    for (const param of op.params) {
      const missing = await call(
        fillPath(op.template, {
          ...firsts,
          [param.name]: unusedId(param.schema),
        }),
      );
      assert(
        ![400, 413, 415].includes(missing.status),
        `${key}: the request did not pass validation, so it proves nothing: ${missing.text}`,
      );
      for (const { label, value } of ids[param.name]) {
        const res = await call(
          fillPath(op.template, { ...firsts, [param.name]: value }),
        );
        calls++;
        const where = `${key} with the owner's ${label}`;
        const open = OPEN[key];
        if (open && (!open.ids || open.ids.includes(label))) {
          assert.equal(
            res.status,
            open.status,
            `${where} (${open.why}): ${res.text}`,
          );
        } else {
          assert.deepEqual(
            outcome(res),
            outcome(missing),
            `${where}: ${res.text} / missing id: ${missing.text}`,
          );
        }
        assert.deepEqual(
          await snapshot(owner, notificationId),
          before,
          `${where} changed the owner's rows`,
        );
      }
    }
  }
  assert(calls > 25, `only ${calls} calls with the owner's ids`);
}

t(
  "another user's id answers like a missing one on every route that takes an id, and changes nothing",
  async () => {
    // Over the gateway, with the integrations configured against the stack's stand-ins.
    await crossUserMatrix(api);
  },
);

t(
  "with the integrations configured against stand-ins, their routes too reach the ids and change nothing",
  async () => {
    await withIntegrations((it) => crossUserMatrix(it.api));
  },
);

/** Arguments the agent tools need besides the id, so a call reaches the ownership check. */
const TOOL_ARGS: Record<string, Record<string, unknown>> = {
  create_job: { prompt: "a tally counter app" },
  estimate_job: { prompt: "a tally counter app" },
  wait_for_job: { maxWaitSeconds: 1 },
  diff_versions: { versionId: crypto.randomUUID() },
  restore_version: { versionId: crypto.randomUUID() },
  // The project's id is all they take.
  get_preview: {},
  start_device_preview: {},
};
/** Where a tool opens another user's row on purpose, for which of the owner's ids. */
const OPEN_TOOLS: Record<string, string[]> = {
  get_project: ["shared project"],
  get_project_files: ["shared project"],
};

/** One 2026-07-28 JSON-RPC request to {root_url}/mcp; the JSON-RPC result (or error). */
async function mcpRequest(
  user: TestUser,
  method: string,
  params: Record<string, unknown>,
) {
  const res = await mcpPost(user, {
    jsonrpc: "2.0",
    id: 1,
    method,
    params: {
      ...params,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {
          name: "isolation-test",
          version: "1",
        },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  }, {
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": method,
    ...(typeof params.name === "string" ? { "mcp-name": params.name } : {}),
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(
    text.startsWith("event:") ? text.split("\ndata: ")[1] : text,
  );
}

t(
  "over MCP, every tool that takes an id answers another user's like a missing one, and changes nothing",
  async () => {
    const { owner, ids, notificationId } = await ownerWithEverything();
    const other = await newUser("isolation.agent");
    const unused: Record<string, unknown> = {
      projectId: 999_999_999,
      jobId: crypto.randomUUID(),
      buildId: 999_999_999,
    };
    const { tools } = (await mcpRequest(other, "tools/list", {})).result as {
      tools: {
        name: string;
        inputSchema: {
          properties?: Record<string, unknown>;
          required?: string[];
        };
      }[];
    };
    const withIds = tools.filter((tool) =>
      Object.keys(tool.inputSchema.properties ?? {}).some((k) => k in unused)
    );
    assert.ok(withIds.length >= 5, `only ${withIds.length} tools take an id`);
    const before = await snapshot(owner, notificationId);
    /** A tool's answer as compared: the error's code, or "ok". */
    const outcomeOf = (
      answer: { result?: { isError?: boolean; content: { text: string }[] } },
    ) =>
      answer.result?.isError ? JSON.parse(answer.result.content[0].text).code : answer.result ? "ok" : answer;
    for (const tool of withIds) {
      const param = Object.keys(tool.inputSchema.properties!).find((k) => k in unused)!;
      for (const required of tool.inputSchema.required ?? []) {
        assert.ok(
          required === param || required in (TOOL_ARGS[tool.name] ?? {}),
          `${tool.name}: add ${required}`,
        );
      }
      const call = (id: unknown) =>
        mcpRequest(other, "tools/call", {
          name: tool.name,
          arguments: { ...TOOL_ARGS[tool.name], [param]: id },
        });
      const missing = outcomeOf(await call(unused[param]));
      assert.match(
        String(missing),
        /_not_found$/,
        `${tool.name} with an unused id`,
      );
      const owned = param === "jobId" ? ids.jobId : ids[param].map((o) => ({ ...o, value: Number(o.value) }));
      for (const { label, value } of owned) {
        const got = outcomeOf(await call(value));
        const where = `${tool.name} with the owner's ${label}`;
        if (OPEN_TOOLS[tool.name]?.includes(label)) {
          assert.equal(got, "ok", where);
        } else assert.equal(got, missing, where);
        assert.deepEqual(
          await snapshot(owner, notificationId),
          before,
          `${where} changed the owner's rows`,
        );
      }
    }
  },
);

t(
  "storage limits are the owner's: a full project is 404 to others, and no one's files count against another",
  async () => {
    const owner = await newUser("isolation.full");
    const other = await newUser("isolation.writer");
    const full = await newProject(owner, { shared: true });
    await db()`insert into public.project_files (project_id, path, contents, type)
             select ${full.id}, 'fill.bin', repeat('x', (20 * 1024 * 1024 - sum(octet_length(contents)))::int), 'DATA'
               from public.project_files where project_id = ${full.id}`;
    const save = (user: TestUser, projectId: number) =>
      api("PUT", `/projects/${projectId}/files`, {
        token: user.token,
        body: { files: [{ path: "one-more.txt", contents: "x", type: "DOC" }] },
      });
    // The owner meets the limit; anyone else meets the project's absence, as on a project that is not full.
    assert.equal((await save(owner, full.id)).status, 413);
    const foreign = await save(other, full.id);
    assert.equal(foreign.status, 404, foreign.text);
    assert.equal((foreign.body as { code?: string }).code, "project_not_found");
    // The owner at the limit takes nothing from anyone else's room.
    const own = await newProject(other);
    assert.equal((await save(other, own.id)).status, 200);
    const [usage] = await db()`select
      (select sum(bytes) from private.project_storage where user_id = ${owner.id})::bigint as owner,
      (select sum(bytes) from private.project_storage where user_id = ${other.id})::bigint as other,
      (select sum(octet_length(f.contents)) from public.project_files f join public.projects p on p.id = f.project_id
        where p.user_id = ${other.id})::bigint as other_files`;
    assert.equal(Number(usage.owner), 20 * 1024 * 1024);
    assert.equal(
      Number(usage.other),
      Number(usage.other_files),
      "another user's total counts their files only",
    );
  },
);
