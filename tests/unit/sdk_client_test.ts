// The SDK's own behaviour against a loopback stand-in of the API: Retry-After waited out (body intact),
// a longer one handed to the caller, job events streamed and resumed, waitForJob following the stream or
// polling when it cannot, cursor pages followed.
import assert from "node:assert/strict";
import { createAppgenClient, isApiError, JobWaitTimeout } from "../../sdk/src/index.ts";

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

const JOB_ID = "5d0c4a52-3b0e-4c41-9b7c-1f7e2a9d8c11";
const job = (status: string) => ({ id: JOB_ID, status });
const isEvents = (req: Request) => new URL(req.url).pathname.endsWith("/events");
const sse = (text: string | ReadableStream<Uint8Array>) =>
  new Response(text, { headers: { "content-type": "text/event-stream" } });
const statusEvent = (id: number, status: string) =>
  `id: ${id}\nevent: status\ndata: ${JSON.stringify(job(status))}\n\n`;
async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const e of events) out.push(e);
  return out;
}

Deno.test("SDK: streamJobEvents reads the service's stream: retry first, CRLF, comments, data on two lines", async () => {
  await withServer(
    () =>
      sse(
        "retry: 100\r\n\r\n: heartbeat\r\n\r\nid: 1\r\nevent: status\r\ndata: " +
          JSON.stringify(job("queued")) + '\r\n\r\nid: 2\r\nevent: progress\r\ndata: {"phase":"saving",\r\n' +
          'data: "files_written":3,"tokens_so_far":9}\r\n\r\n' +
          statusEvent(3, "succeeded").replaceAll("\n", "\r\n"),
      ),
    async (baseUrl, seen) => {
      const sdk = createAppgenClient({ baseUrl, token: "t0ken" });
      const events = await collect(sdk.streamJobEvents({ params: { path: { jobId: JOB_ID } } }));
      assert.deepEqual(events, [
        { id: "1", type: "status", data: job("queued") },
        { id: "2", type: "progress", data: { phase: "saving", files_written: 3, tokens_so_far: 9 } },
        { id: "3", type: "status", data: job("succeeded") },
      ]);
      assert.equal(seen.length, 1);
      assert.equal(seen[0].headers.get("authorization"), "Bearer t0ken");
      assert.equal(seen[0].headers.get("last-event-id"), null);
    },
  );
});

Deno.test("SDK: streamJobEvents reopens an ended stream after its retry, with Last-Event-ID", async () => {
  await withServer(
    (req) =>
      req.headers.get("last-event-id") === null
        ? sse(`retry: 10\n\n${statusEvent(4, "queued")}: time limit reached\n\n`)
        : req.headers.get("last-event-id") === "4"
        ? sse(`${statusEvent(5, "running")}${statusEvent(6, "canceled")}${statusEvent(7, "never read")}`)
        : json(400, { code: "invalid_request", message: "wrong id" }),
    async (baseUrl, seen) => {
      const sdk = createAppgenClient({ baseUrl });
      const events = await collect(sdk.streamJobEvents({ params: { path: { jobId: JOB_ID } } }));
      assert.deepEqual(events.map((e) => e.id), ["4", "5", "6"]);
      assert.deepEqual(seen.map((r) => r.headers.get("last-event-id")), [null, "4"]);
    },
  );
});

Deno.test("SDK: streamJobEvents resumes after the id given, and keeps the server's id on reconnecting", async () => {
  await withServer(
    (req) =>
      req.headers.get("last-event-id") === "8"
        ? sse(`retry: 1\n\nid: 9\n\n`)
        : sse(statusEvent(10, "failed")),
    async (baseUrl, seen) => {
      const sdk = createAppgenClient({ baseUrl });
      const events = await collect(
        sdk.streamJobEvents({ params: { path: { jobId: JOB_ID }, header: { "last-event-id": "8" } } }),
      );
      assert.deepEqual(events.map((e) => e.id), ["10"]);
      assert.deepEqual(seen.map((r) => r.headers.get("last-event-id")), ["8", "9"]);
    },
  );
});

Deno.test("SDK: streamJobEvents waits the retry the server asked for before reconnecting", async () => {
  await withServer(() => sse(`retry: 3600000\n\n${statusEvent(1, "queued")}`), async (baseUrl, seen) => {
    const stop = new AbortController();
    const sdk = createAppgenClient({ baseUrl });
    const events: string[] = [];
    const reading = (async () => {
      for await (
        const e of sdk.streamJobEvents({ params: { path: { jobId: JOB_ID } }, signal: stop.signal })
      ) {
        events.push(e.id);
      }
    })();
    while (events.length === 0) await new Promise((r) => setTimeout(r, 20));
    // Past the 1 s default: a client that ignored `retry` would have come back by now.
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(seen.length, 1);
    stop.abort(new Error("enough"));
    await assert.rejects(reading, /enough/);
  });
});

Deno.test("SDK: streamJobEvents reopens a dropped connection, and gives up after maxReconnects in a row", async () => {
  let calls = 0;
  // The first connection brings an event before it drops; the later ones drop at once.
  const dropping = () =>
    new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(`retry: 1\n\n${calls++ === 0 ? statusEvent(1, "running") : ""}`));
      },
      async pull(c) {
        await new Promise((r) => setTimeout(r, 50)); // the chunk above goes out first
        c.error(new Error("connection lost"));
      },
    });
  await withServer(() => sse(dropping()), async (baseUrl, seen) => {
    const events: string[] = [];
    await assert.rejects(async () => {
      const sdk = createAppgenClient({ baseUrl });
      for await (const e of sdk.streamJobEvents({ params: { path: { jobId: JOB_ID } }, maxReconnects: 2 })) {
        events.push(e.id);
      }
    }, TypeError);
    assert.deepEqual(events, ["1"]);
    assert.deepEqual(seen.map((r) => r.headers.get("last-event-id")), [null, "1", "1"]);
  });
});

Deno.test("SDK: streamJobEvents throws a refusal at once as an ApiError", async () => {
  await withServer(
    () => json(404, { code: "job_not_found", message: "No such job." }),
    async (baseUrl, seen) => {
      const err = await collect(
        createAppgenClient({ baseUrl }).streamJobEvents({ params: { path: { jobId: JOB_ID } } }),
      )
        .catch((e) => e);
      assert(isApiError(err, "job_not_found"), String(err));
      assert.equal(seen.length, 1);
    },
  );
});

Deno.test("SDK: streamJobEvents throws an event whose data is not JSON, without reconnecting", async () => {
  await withServer(
    () => sse("retry: 1\n\nid: 1\nevent: status\ndata: {not json\n\n"),
    async (baseUrl, seen) => {
      const err = await collect(
        createAppgenClient({ baseUrl }).streamJobEvents({ params: { path: { jobId: JOB_ID } } }),
      )
        .catch((e) => e);
      assert(err instanceof SyntaxError, String(err));
      assert.equal(seen.length, 1);
    },
  );
});

Deno.test("SDK: waitForJob follows the event stream and does not poll", async () => {
  await withServer(
    (req) =>
      isEvents(req)
        ? sse(
          `retry: 1000\n\n${statusEvent(1, "queued")}${statusEvent(2, "running")}${statusEvent(3, "failed")}`,
        )
        : json(500, { code: "internal_error", message: "not this way" }),
    async (baseUrl, seen) => {
      const states: string[] = [];
      const done = await createAppgenClient({ baseUrl }).waitForJob(JOB_ID, {
        onPoll: (j) => states.push(j.status),
      });
      assert.equal(done.status, "failed");
      assert.deepEqual(states, ["queued", "running", "failed"]);
      assert.deepEqual(seen.map((r) => new URL(r.url).pathname), [`/v1/jobs/${JOB_ID}/events`]);
    },
  );
});

for (
  const [why, answer] of [
    ["is not an event stream (a proxy's JSON)", () => json(200, { note: "buffered" })],
    ["fails on the server's side", () => json(502, { code: "bad_gateway", message: "Upstream." })],
  ] as const
) {
  Deno.test(`SDK: waitForJob polls with backoff when the event stream ${why}`, async () => {
    const states = ["queued", "failed", "succeeded"];
    let reads = 0;
    await withServer(
      (req) => isEvents(req) ? answer() : json(200, job(states[reads++])),
      async (baseUrl) => {
        const polled: string[] = [];
        const done = await createAppgenClient({ baseUrl }).waitForJob(JOB_ID, {
          onPoll: (j) => polled.push(j.status),
        });
        assert.equal(done.status, "failed");
        assert.deepEqual(polled, ["queued", "failed"]);
        assert.equal(reads, 2);
      },
    );
  });
}

Deno.test("SDK: waitForJob throws the stream's refusal without polling", async () => {
  await withServer(
    () => json(404, { code: "job_not_found", message: "No such job." }),
    async (baseUrl, seen) => {
      const err = await createAppgenClient({ baseUrl }).waitForJob(JOB_ID).catch((e) => e);
      assert(isApiError(err, "job_not_found"), String(err));
      assert.equal(seen.length, 1);
    },
  );
});

Deno.test("SDK: waitForJob out of time while streaming is a JobWaitTimeout with the state then", async () => {
  await withServer(
    (req) =>
      isEvents(req)
        ? sse(
          new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(statusEvent(1, "queued"))) }),
        )
        : json(200, job("running")),
    async (baseUrl) => {
      const err = await createAppgenClient({ baseUrl }).waitForJob(JOB_ID, { timeoutMs: 300 }).catch((e) =>
        e
      );
      assert(err instanceof JobWaitTimeout, String(err));
      assert.equal(err.job.status, "running");
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
