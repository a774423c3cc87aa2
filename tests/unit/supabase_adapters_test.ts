import assert from "node:assert/strict";
import {
  SupabaseAuthAdmin,
  SupabaseBlobStore,
  type SupabaseUpstream,
} from "../../supabase/functions/_shared/adapters/supabase.ts";
import { UpstreamError } from "../../supabase/functions/_shared/ports/upstream.ts";
import { StandInServer } from "../stand_in_server.ts";

const KEY = `sb_secret_${crypto.randomUUID().replaceAll("-", "")}`;
const USER_ID = "3f1c1b8e-6a51-4c1e-9d0e-4f6b8a2c7d10";

interface Seen {
  method: string;
  path: string;
  upsert: string | null;
  body: unknown;
}

type Mode = "normal" | "fail" | "hang";

/** Just enough of Storage and GoTrue, in memory, to hold the adapters to the wire protocol. */
class StandIn extends StandInServer {
  readonly objects = new Map<string, { bytes: Uint8Array<ArrayBuffer>; contentType: string }>();
  readonly users = new Set<string>();
  readonly seen: Seen[] = [];
  mode: Mode = "normal";

  upstream(overrides: Partial<SupabaseUpstream> = {}): SupabaseUpstream {
    return { url: this.url, serviceKey: KEY, timeoutMs: 5_000, ...overrides };
  }

  protected async handle(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname.split("/").map(decodeURIComponent).join("/");
    const raw = new Uint8Array(await req.arrayBuffer());
    const isJson = req.headers.get("content-type")?.startsWith("application/json") ?? false;
    const body = isJson && raw.length ? JSON.parse(new TextDecoder().decode(raw)) : undefined;
    this.seen.push({ method: req.method, path, upsert: req.headers.get("x-upsert"), body });

    if (req.headers.get("apikey") !== KEY || req.headers.get("authorization") !== `Bearer ${KEY}`) {
      return Response.json({ statusCode: "401", error: "Unauthorized", message: "bad key" }, { status: 401 });
    }
    if (this.mode === "fail") {
      // Echoes the key back, as a careless proxy might, to prove it never reaches our error messages.
      return Response.json({ message: `upstream broke while serving ${KEY}` }, { status: 500 });
    }
    if (this.mode === "hang") return await this.hang();
    return this.route(req.method, path, raw, body, req.headers.get("content-type") ?? "");
  }

  private route(
    method: string,
    path: string,
    raw: Uint8Array<ArrayBuffer>,
    body: unknown,
    contentType: string,
  ): Response {
    let m = /^\/storage\/v1\/object\/list\/([^/]+)$/.exec(path);
    if (m && method === "POST") {
      return this.list(m[1], body as { prefix: string; limit: number; offset: number });
    }

    m = /^\/storage\/v1\/object\/([^/]+)$/.exec(path);
    if (m && method === "DELETE") {
      const prefixes = (body as { prefixes: string[] }).prefixes;
      const gone = prefixes.filter((p) => this.objects.delete(`${m![1]}/${p}`));
      return Response.json(gone.map((name) => ({ name, bucket_id: m![1] })));
    }

    m = /^\/storage\/v1\/object\/([^/]+)\/(.+)$/.exec(path);
    if (m && (method === "POST" || method === "PUT")) {
      const key = `${m[1]}/${m[2]}`;
      if (this.objects.has(key) && method === "POST" && this.seen.at(-1)!.upsert !== "true") {
        return Response.json({ statusCode: "409", error: "Duplicate", message: "exists" }, { status: 400 });
      }
      this.objects.set(key, { bytes: raw, contentType });
      return Response.json({ Key: key, Id: crypto.randomUUID() });
    }
    if (m && method === "GET") {
      const found = this.objects.get(`${m[1]}/${m[2]}`);
      if (!found) {
        // What Storage really sends for a missing object: HTTP 400, the 404 only inside the body.
        return Response.json(
          { statusCode: "404", code: "NoSuchKey", error: "not_found", message: "Object not found" },
          { status: 400 },
        );
      }
      return new Response(found.bytes, { headers: { "content-type": found.contentType } });
    }

    m = /^\/auth\/v1\/admin\/users\/([0-9a-f-]+)$/.exec(path);
    if (m && (method === "GET" || method === "DELETE")) {
      if (!this.users.has(m[1])) {
        return Response.json({ code: "user_not_found", message: "User not found" }, {
          status: 404,
          headers: { "x-supabase-api-version": "2024-01-01" },
        });
      }
      if (method === "DELETE") {
        this.users.delete(m[1]);
        return Response.json({});
      }
      return Response.json({ id: m[1], aud: "authenticated", email: "someone@example.com" });
    }
    return Response.json({ message: "no route" }, { status: 404 });
  }

  /** One folder level, like Storage's search: subfolders come back as entries with a null id. */
  private list(bucket: string, q: { prefix: string; limit: number; offset: number }): Response {
    const folder = q.prefix === "" || q.prefix.endsWith("/") ? q.prefix : `${q.prefix}/`;
    const entries = new Map<string, string | null>();
    for (const key of this.objects.keys()) {
      if (!key.startsWith(`${bucket}/${folder}`)) continue;
      const rest = key.slice(bucket.length + 1 + folder.length);
      const slash = rest.indexOf("/");
      if (slash === -1) entries.set(rest, crypto.randomUUID());
      else entries.set(rest.slice(0, slash), null);
    }
    const page = [...entries].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).slice(
      q.offset,
      q.offset + q.limit,
    );
    return Response.json(page.map(([name, id]) => ({ name, id, metadata: id ? {} : null })));
  }
}

async function withStandIn(fn: (s: StandIn) => void | Promise<void>) {
  const standIn = new StandIn();
  try {
    await fn(standIn);
  } finally {
    await standIn.close();
  }
}

async function upstreamFailure(promise: Promise<unknown>, code: string): Promise<UpstreamError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof UpstreamError, `expected UpstreamError, got ${err}`);
  assert.equal(err.status, 502);
  assert.equal(err.code, code);
  assert.ok(!err.message.includes(KEY), "the service key leaked into the message");
  return err;
}

Deno.test("put then get returns the bytes, stored with their content type through an upserting upload", async () => {
  await withStandIn(async (s) => {
    const store = new SupabaseBlobStore(s.upstream());
    const bytes = new Uint8Array([137, 80, 78, 71, 0, 255]);
    await store.put("avatars", "u1/avatar.png", bytes, "image/png");
    await store.put("avatars", "u1/avatar.png", bytes, "image/png");

    assert.deepEqual(await store.get("avatars", "u1/avatar.png"), bytes);
    assert.equal(s.objects.get("avatars/u1/avatar.png")?.contentType, "image/png");
    const uploads = s.seen.filter((r) => r.method === "POST");
    assert.deepEqual(uploads.map((r) => [r.path, r.upsert]), [
      ["/storage/v1/object/avatars/u1/avatar.png", "true"],
      ["/storage/v1/object/avatars/u1/avatar.png", "true"],
    ]);
    assert.ok(
      s.seen.some((r) => r.method === "GET" && r.path === "/storage/v1/object/avatars/u1/avatar.png"),
    );
  });
});

Deno.test("get of a missing object is null", async () => {
  await withStandIn(async (s) => {
    const store = new SupabaseBlobStore(s.upstream());
    assert.equal(await store.get("attachments", "u1/nothing.pdf"), null);
  });
});

Deno.test("remove deletes the named objects and skips the call for an empty list", async () => {
  await withStandIn(async (s) => {
    const store = new SupabaseBlobStore(s.upstream());
    await store.put("icons", "u1/a.png", new Uint8Array([1]), "image/png");
    await store.put("icons", "u1/b.png", new Uint8Array([2]), "image/png");

    await store.remove("icons", ["u1/a.png", "u1/missing.png"]);
    assert.equal(await store.get("icons", "u1/a.png"), null);
    assert.deepEqual(await store.get("icons", "u1/b.png"), new Uint8Array([2]));
    const deletes = s.seen.filter((r) => r.method === "DELETE");
    assert.deepEqual(deletes, [{
      method: "DELETE",
      path: "/storage/v1/object/icons",
      upsert: null,
      body: { prefixes: ["u1/a.png", "u1/missing.png"] },
    }]);

    const before = s.seen.length;
    await store.remove("icons", []);
    assert.equal(s.seen.length, before);
  });
});

Deno.test("removeFolder removes every object under the folder across list pages and subfolders", async () => {
  await withStandIn(async (s) => {
    const blob = { bytes: new Uint8Array([7]), contentType: "application/octet-stream" };
    for (let i = 0; i < 1050; i++) s.objects.set(`attachments/u1/f${String(i).padStart(4, "0")}.bin`, blob);
    for (let i = 0; i < 3; i++) s.objects.set(`attachments/u1/docs/d${i}.pdf`, blob);
    s.objects.set("attachments/u1/docs/deep/x.pdf", blob);
    s.objects.set("attachments/u2/f0001.bin", blob);
    s.objects.set("attachments/u2/docs/d0.pdf", blob);
    s.objects.set("avatars/u1/avatar.png", blob);

    await new SupabaseBlobStore(s.upstream()).removeFolder("attachments", "u1/");

    assert.deepEqual([...s.objects.keys()].sort(), [
      "attachments/u2/docs/d0.pdf",
      "attachments/u2/f0001.bin",
      "avatars/u1/avatar.png",
    ]);
    const lists = s.seen.filter((r) => r.path === "/storage/v1/object/list/attachments");
    const topLevel = lists.map((r) => r.body as { prefix: string; offset: number; limit: number })
      .filter((b) => b.prefix === "u1");
    assert.deepEqual(topLevel.map((b) => b.offset), [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    assert.ok(lists.some((r) => (r.body as { prefix: string }).prefix === "u1/docs/deep"));
    const batches = s.seen.filter((r) => r.method === "DELETE").map((r) =>
      (r.body as { prefixes: string[] }).prefixes
    );
    assert.deepEqual(batches.map((b) => b.length), [1000, 54]);
  });
});

Deno.test("removeFolder of an empty folder lists once and deletes nothing", async () => {
  await withStandIn(async (s) => {
    await new SupabaseBlobStore(s.upstream()).removeFolder("avatars", "nobody/");
    assert.deepEqual(s.seen.map((r) => r.method), ["POST"]);
  });
});

Deno.test("publicUrl and pathOfPublicUrl are inverses; foreign URLs give null", async () => {
  await withStandIn((s) => {
    const store = new SupabaseBlobStore(s.upstream());
    const url = store.publicUrl("avatars", "u1/my avatar.png");
    assert.equal(url, `${s.url}/storage/v1/object/public/avatars/u1/my%20avatar.png`);
    assert.equal(store.pathOfPublicUrl("avatars", url), "u1/my avatar.png");
    assert.equal(store.pathOfPublicUrl("icons", url), null);
    assert.equal(store.pathOfPublicUrl("avatars", `${s.url}/storage/v1/object/public/avatars/`), null);
    assert.equal(store.pathOfPublicUrl("avatars", `${s.url}/storage/v1/object/avatars/u1/a.png`), null);
    assert.equal(
      store.pathOfPublicUrl("avatars", "https://elsewhere.example/storage/v1/object/public/avatars/u1/a.png"),
      null,
    );
    assert.equal(
      store.pathOfPublicUrl("avatars", `${s.url}/storage/v1/object/public/avatars/u1/%E0%A4%A.png`),
      null,
    );
    assert.equal(s.seen.length, 0);
  });
});

Deno.test("a Storage answering 500 fails every operation with a 502 storage_failed", async () => {
  await withStandIn(async (s) => {
    s.mode = "fail";
    const store = new SupabaseBlobStore(s.upstream());
    const err = await upstreamFailure(
      store.put("avatars", "u1/a.png", new Uint8Array([1]), "image/png"),
      "storage_failed",
    );
    assert.match(err.message, /HTTP 500/);
    await upstreamFailure(store.get("avatars", "u1/a.png"), "storage_failed");
    await upstreamFailure(store.remove("avatars", ["u1/a.png"]), "storage_failed");
    await upstreamFailure(store.removeFolder("avatars", "u1/"), "storage_failed");
  });
});

Deno.test("a wrong service key is refused by the stand-in and surfaces as storage_failed", async () => {
  await withStandIn(async (s) => {
    const store = new SupabaseBlobStore(s.upstream({ serviceKey: "sb_secret_wrong" }));
    const err = await upstreamFailure(store.get("avatars", "u1/a.png"), "storage_failed");
    assert.match(err.message, /HTTP 401/);
  });
});

Deno.test("a Storage that never answers fails within the timeout", async () => {
  await withStandIn(async (s) => {
    s.mode = "hang";
    const store = new SupabaseBlobStore(s.upstream({ timeoutMs: 300 }));
    const started = performance.now();
    const err = await upstreamFailure(store.get("avatars", "u1/a.png"), "storage_failed");
    const elapsed = performance.now() - started;
    assert.ok(elapsed >= 250 && elapsed < 2_000, `took ${elapsed} ms`);
    assert.match(err.message, /300 ms/);
  });
});

Deno.test("an unreachable Storage fails with storage_failed", async () => {
  const standIn = new StandIn();
  const url = standIn.url;
  await standIn.close();
  const store = new SupabaseBlobStore({ url, serviceKey: KEY, timeoutMs: 2_000 });
  const err = await upstreamFailure(
    store.put("avatars", "u1/a.png", new Uint8Array([1]), "image/png"),
    "storage_failed",
  );
  assert.ok(!err.message.includes(url), "the internal URL leaked into the message");
});

Deno.test("deleteUser deletes the account through the admin API", async () => {
  await withStandIn(async (s) => {
    s.users.add(USER_ID);
    await new SupabaseAuthAdmin(s.upstream()).deleteUser(USER_ID);
    assert.equal(s.users.has(USER_ID), false);
    assert.ok(s.seen.some((r) => r.method === "DELETE" && r.path === `/auth/v1/admin/users/${USER_ID}`));
  });
});

Deno.test("deleteUser of an account that is already gone succeeds", async () => {
  await withStandIn(async (s) => {
    await new SupabaseAuthAdmin(s.upstream()).deleteUser(USER_ID);
    assert.ok(s.seen.length > 0);
  });
});

Deno.test("deleteUser against a failing Auth API is a 502 account_delete_failed without the key", async () => {
  await withStandIn(async (s) => {
    s.users.add(USER_ID);
    s.mode = "fail";
    const err = await upstreamFailure(
      new SupabaseAuthAdmin(s.upstream()).deleteUser(USER_ID),
      "account_delete_failed",
    );
    assert.match(err.message, /HTTP 500/);
    assert.match(err.message, /\[redacted\]/);
  });
});

Deno.test("deleteUser against an Auth API that never answers fails within the timeout", async () => {
  await withStandIn(async (s) => {
    s.mode = "hang";
    const started = performance.now();
    await upstreamFailure(
      new SupabaseAuthAdmin(s.upstream({ timeoutMs: 300 })).deleteUser(USER_ID),
      "account_delete_failed",
    );
    assert.ok(performance.now() - started < 2_000);
  });
});

Deno.test("paths with .., a leading slash, a backslash or a control character never reach Storage", async () => {
  await withStandIn(async (s) => {
    const store = new SupabaseBlobStore(s.upstream());
    for (const path of ["u1/../u2/k/1.png", "..", "/u1/a.png", "u1\\a.png", "u1/a\u0000.png", "u1/a\n.png"]) {
      await assert.rejects(
        store.put("attachments", path, new Uint8Array([1]), "image/png"),
        /unsafe object path/,
      );
      await assert.rejects(store.get("attachments", path), /unsafe object path/);
      await assert.rejects(store.remove("attachments", ["u1/ok.png", path]), /unsafe object path/);
      await assert.rejects(store.removeFolder("attachments", path), /unsafe object path/);
    }
    assert.deepEqual(s.seen, []);
  });
});
