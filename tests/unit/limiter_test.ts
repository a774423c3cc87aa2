import assert from "node:assert/strict";
import { bodyThenRelease, createLimiter } from "../../supabase/functions/_shared/limiter.ts";

Deno.test("a limiter admits at most its slots and passes a freed slot to the longest waiter", async () => {
  const limiter = createLimiter(2);
  const order: string[] = [];
  const a = await limiter.acquire();
  const b = await limiter.acquire();
  const c = limiter.acquire().then((release) => (order.push("c"), release));
  const d = limiter.acquire().then((release) => (order.push("d"), release));
  await Promise.resolve();
  assert.deepEqual(order, [], "both slots are taken");
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
});

Deno.test("a body frees its slot once read to the end, or when the reader cancels", async () => {
  let freed = 0;
  const bytes = new Uint8Array(600 * 1024).fill(7);
  const read = await new Response(bodyThenRelease(bytes, () => freed++)).arrayBuffer();
  assert.deepEqual(new Uint8Array(read), bytes);
  assert.equal(freed, 1);
  const reader = bodyThenRelease(bytes, () => freed++).getReader();
  await reader.read();
  assert.equal(freed, 1, "still held while the client reads");
  await reader.cancel();
  assert.equal(freed, 2);
});
