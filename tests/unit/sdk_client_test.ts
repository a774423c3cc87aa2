// The SDK's own behaviour against a loopback stand-in of the API: Retry-After waited out (body intact),
// a longer one handed to the caller, waitForJob stopping at a terminal state, cursor pages followed.
import assert from "node:assert/strict";
import { createAppgenClient, isApiError } from "../../sdk/src/index.ts";

type Handler = (req: Request) => Response | Promise<Response>;

async function withServer(handler: Handler, fn: (baseUrl: string, seen: Request[]) => Promise<void>) {
  const seen: Request[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
    seen.push(req.clone());
    return handler(req);
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}/v1`, seen);
  } finally {
    await server.shutdown();
  }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });
const rateLimited = (after: string) =>
  json(429, { code: "rate_limited", message: "Slow down." }, { "Retry-After": after });

Deno.test("SDK: a 429 with Retry-After is sent again, body and token included", async () => {
  let calls = 0;
  await withServer(
    async (req) => calls++ === 0 ? rateLimited("0") : json(201, { ...(await req.json()), id: 7 }),
    async (baseUrl, seen) => {
      const sdk = createAppgenClient({ baseUrl, token: "t0ken" });
      const project = await sdk.createProject({ body: { name: "Again" } });
      assert.equal(project.id, 7);
      assert.equal(project.name, "Again");
      assert.equal(seen.length, 2);
      for (const req of seen) assert.equal(req.headers.get("authorization"), "Bearer t0ken");
      assert.deepEqual(await seen[1].json(), { name: "Again" });
    },
  );
});

Deno.test("SDK: a Retry-After beyond the limit is the caller's, as ApiError.retryAfterSeconds", async () => {
  await withServer(() => rateLimited("120"), async (baseUrl, seen) => {
    const sdk = createAppgenClient({ baseUrl, maxRetryAfterSeconds: 60 });
    const err = await sdk.getWhoami().catch((e) => e);
    assert(isApiError(err, "rate_limited"));
    assert.equal(err.status, 429);
    assert.equal(err.retryAfterSeconds, 120);
    assert.equal(seen.length, 1);
  });
});

Deno.test("SDK: retries stop after maxRetries", async () => {
  await withServer(() => rateLimited("0"), async (baseUrl, seen) => {
    const err = await createAppgenClient({ baseUrl, maxRetries: 2 }).getWhoami().catch((e) => e);
    assert(isApiError(err, "rate_limited"));
    assert.equal(seen.length, 3);
  });
});

Deno.test("SDK: waitForJob reads until the job is terminal", async () => {
  const states = ["queued", "failed", "succeeded"];
  let reads = 0;
  await withServer(
    (req) => json(200, { id: new URL(req.url).pathname.split("/").pop(), status: states[reads++] }),
    async (baseUrl) => {
      const job = await createAppgenClient({ baseUrl }).waitForJob("5d0c4a52-3b0e-4c41-9b7c-1f7e2a9d8c11");
      assert.equal(job.status, "failed");
      assert.equal(reads, 2);
    },
  );
});

Deno.test("SDK: items follows next_cursor to the last page", async () => {
  const pages: Record<string, unknown> = {
    "": { data: [{ id: 1 }, { id: 2 }], next_cursor: "c1" },
    c1: { data: [{ id: 3 }], next_cursor: null },
  };
  await withServer(
    (req) => json(200, pages[new URL(req.url).searchParams.get("cursor") ?? ""]),
    async (baseUrl) => {
      const sdk = createAppgenClient({ baseUrl });
      const ids = [];
      for await (const p of sdk.items((cursor) => sdk.listProjects({ params: { query: { cursor } } }))) {
        ids.push(p.id);
      }
      assert.deepEqual(ids, [1, 2, 3]);
    },
  );
});
