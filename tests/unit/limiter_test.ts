import assert from "node:assert/strict";
import {
  createLimiter,
  releaseWhenSent,
  slotsHeldUntilSent,
} from "../../supabase/functions/_shared/limiter.ts";

Deno.test("a limiter admits at most its slots and passes a freed slot to the longest waiter", async () => {
  const limiter = createLimiter(2);
  const order: string[] = [];
  const a = await limiter.acquire();
  const b = await limiter.acquire();
  const c = limiter.acquire().then((release) => (order.push("c"), release));
  const d = limiter.acquire().then((release) => (order.push("d"), release));
  await Promise.resolve();
  assert.deepEqual(order, [], "both slots are taken");
  assert.deepEqual([limiter.active, limiter.waiting], [2, 2]);
  a();
  a(); // a second release frees nothing more
  const releaseC = await c;
  assert.deepEqual(order, ["c"]);
  b();
  const releaseD = await d;
  assert.deepEqual(order, ["c", "d"]);
  releaseC();
  releaseD();
  const e = await limiter.acquire();
  const f = await limiter.acquire();
  e();
  f();
  assert.deepEqual([limiter.active, limiter.waiting], [0, 0]);
});

Deno.test("a body frees its slot once read to the end, or when the reader cancels", async () => {
  let freed = 0;
  const bytes = new Uint8Array(600 * 1024).fill(7);
  const read = await new Response(releaseWhenSent(ReadableStream.from([bytes]), () => freed++)).arrayBuffer();
  assert.deepEqual(new Uint8Array(read), bytes);
  assert.equal(freed, 1);
  const reader = releaseWhenSent(ReadableStream.from([bytes]), () => freed++).getReader();
  await reader.read();
  assert.equal(freed, 1, "still held while the client reads");
  await reader.cancel();
  assert.equal(freed, 2);
});

Deno.test("a request's slots are freed once its answer has left, and one taken after that at once", async () => {
  const limiter = createLimiter(2);
  const slots = slotsHeldUntilSent();
  slots.hold(await limiter.acquire());
  const answer = slots.answer(Response.json({ files: "x".repeat(300 * 1024) }));
  assert.equal(limiter.active, 1, "held while the answer waits to be read");
  assert.equal((await answer.json()).files.length, 300 * 1024);
  assert.equal(limiter.active, 0);
  slots.hold(await limiter.acquire());
  assert.equal(limiter.active, 0, "the answer is gone: nothing is held for it");

  // An answer without slots is passed on as it is; a stream is followed, as a tool may still take one.
  const plain = Response.json({});
  assert.equal(slotsHeldUntilSent().answer(plain), plain);
  const streaming = slotsHeldUntilSent();
  const events = streaming.answer(
    new Response("data: {}\n\n", { headers: { "content-type": "text/event-stream" } }),
  );
  streaming.hold(await limiter.acquire());
  assert.equal(limiter.active, 1);
  await events.text();
  assert.equal(limiter.active, 0);
});
