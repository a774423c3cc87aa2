// Body limits over HTTP: every route refuses a body over its limit while reading it, with or without
// Content-Length, before anything parses it, and /openapi.json states each limit.
import assert from "node:assert/strict";
import {
  api,
  BASE_URL,
  errorOf,
  expectError,
  newProject,
  newUser,
  NO_STACK,
  rawRequest,
  ROOT_URL,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

const MiB = 1024 * 1024;
const user = NO_STACK ? undefined! : await newUser("limits.body");

t("a JSON body over 1 MiB is 413 payload_too_large, with or without Content-Length", async () => {
  const p = await newProject(user);
  const over = JSON.stringify({ message: "x".repeat(MiB) });
  const declared = await api("POST", `/projects/${p.id}/preview-errors`, {
    token: user.token,
    body: over,
    headers: { "content-type": "application/json" },
  });
  expectError(declared, 413, "payload_too_large");
  assert.deepEqual(declared.body.details, { max_bytes: MiB });

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(over));
      controller.close();
    },
  });
  const chunked = await fetch(`${BASE_URL}/projects/${p.id}/preview-errors`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
    body: stream,
  });
  assert.equal(chunked.status, 413);
  assert.equal((await chunked.json()).code, "payload_too_large");
});

t("a 200 MB body is refused without being read: declared by Content-Length, or chunked", async () => {
  const total = 200 * 1000 * 1000;
  const auth = { authorization: `Bearer ${user.token}`, "content-type": "application/json" };
  const declared = await rawRequest("POST", `${BASE_URL}/projects`, {
    headers: { ...auth, "content-length": String(total) },
    total,
  });
  assert.equal(declared.status, 413);
  assert.equal(errorOf(declared).code, "payload_too_large");
  assert.ok(declared.sent < total, "the answer came before the body was sent");

  const chunked = await rawRequest("POST", `${BASE_URL}/projects`, { headers: auth, total, chunked: true });
  assert.equal(chunked.status, 413);
  assert.equal(errorOf(chunked).code, "payload_too_large");
  assert.ok(chunked.sent < 64 * MiB, `answered after ${chunked.sent} bytes, not the whole body`);

  // The files route takes more (8 MiB), and no more than that.
  const p = await newProject(user);
  const files = await rawRequest("PUT", `${BASE_URL}/projects/${p.id}/files`, {
    headers: auth,
    total,
    chunked: true,
  });
  assert.equal(files.status, 413);
  assert.deepEqual(errorOf(files).details, { max_bytes: 8 * MiB });

  // The agent endpoint too.
  const mcp = await rawRequest("POST", `${ROOT_URL}/mcp`, { headers: auth, total, chunked: true });
  assert.equal(mcp.status, 413);
  assert.equal(errorOf(mcp).code, "payload_too_large");
});

t(
  "the consent page (oauth-consent) refuses a 200 MB form unread: declared by Content-Length, or chunked",
  async () => {
    const total = 200 * 1000 * 1000;
    const form = { "content-type": "application/x-www-form-urlencoded" };
    for (const path of ["/oauth-consent/sign-in", "/oauth-consent/decision"]) {
      const consentDeclared = await rawRequest("POST", `${ROOT_URL}${path}`, {
        headers: { ...form, "content-length": String(total) },
        total,
      });
      assert.equal(consentDeclared.status, 413, path);
      assert.deepEqual(errorOf(consentDeclared).details, { max_bytes: MiB });
      assert.ok(consentDeclared.sent < total, "the answer came before the body was sent");
      const consentChunked = await rawRequest("POST", `${ROOT_URL}${path}`, {
        headers: form,
        total,
        chunked: true,
      });
      // Only the reading limiter answers this, at the first byte over: how much the client managed to
      // write before the answer reached it depends on the scheduling of the shared gateway process.
      assert.equal(consentChunked.status, 413, path);
      assert.deepEqual(errorOf(consentChunked).details, { max_bytes: MiB });
    }
  },
);

t("a body within its route's limit is read as before", async () => {
  const p = await newProject(user);
  const files = Array.from(
    { length: 6 },
    (_, i) => ({ path: `big${i}.txt`, contents: "y".repeat(500 * 1024), type: "DOC" }),
  );
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(JSON.stringify({ files })));
      controller.close();
    },
  });
  const res = await fetch(`${BASE_URL}/projects/${p.id}/files`, {
    method: "PUT",
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
    body: stream,
  });
  assert.equal(res.status, 200, await res.clone().text());
  assert.equal((await res.json()).data.length, 6);
});

t("/openapi.json states every body limit: x-max-body-bytes and the 413", async () => {
  const doc = (await api<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
    "GET",
    "/openapi.json",
  )).body;
  const limits: Record<string, number> = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const body = op.requestBody as Record<string, unknown> | undefined;
      if (!body) continue;
      limits[`${method.toUpperCase()} ${path}`] = body["x-max-body-bytes"] as number;
      const refused = (op.responses as Record<string, { description: string }>)["413"];
      assert.ok(refused?.description.includes("payload_too_large"), `${method} ${path} documents its 413`);
    }
  }
  assert.equal(limits["POST /projects"], MiB);
  assert.equal(limits["PUT /projects/{projectId}/files"], 8 * MiB);
  assert.ok(Object.values(limits).every((n) => Number.isInteger(n) && n > 0));
});
