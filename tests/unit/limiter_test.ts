import assert from "node:assert/strict";
import {
  createLimiter,
  type LimiterOptions,
  releaseWhenSent,
  type Slot,
  SlotExpired,
  slotsHeldUntilSent,
} from "../../supabase/functions/_shared/limiter.ts";

class Busy extends Error {}

/** A limiter whose waits and deadlines outlast any test unless a test shortens them. */
const limiter = (o: Partial<LimiterOptions> = {}) =>
  createLimiter({ slots: 2, perUser: 2, waitMs: 60_000, holdMs: 60_000, refusal: () => new Busy(), ...o });

/** Resolves once `slot` is freed, with why. */
const freed = (slot: Slot) =>
  new Promise<unknown>((resolve) => slot.freed.addEventListener("abort", () => resolve(slot.freed.reason)));

Deno.test("a limiter admits at most its slots and passes a freed slot to the longest waiter", async () => {
  const l = limiter();
  const order: string[] = [];
  const a = await l.acquire("u1");
  const b = await l.acquire("u2");
  const c = l.acquire("u3").then((slot) => (order.push("c"), slot));
  const d = l.acquire("u4").then((slot) => (order.push("d"), slot));
  await Promise.resolve();
  assert.deepEqual(order, [], "both slots are taken");
  assert.deepEqual([l.active, l.waiting], [2, 2]);
  a.release();
  a.release(); // a second release frees nothing more
  const slotC = await c;
  assert.deepEqual(order, ["c"]);
  b.release();
  const slotD = await d;
  assert.deepEqual(order, ["c", "d"]);
  slotC.release();
  slotD.release();
  assert.deepEqual([l.active, l.waiting], [0, 0]);
});

Deno.test("one user holds at most their share: the other slots stay for other users", async () => {
  const l = limiter({ slots: 3, perUser: 2 });
  const [a1, a2] = [await l.acquire("alice"), await l.acquire("alice")];
  let third: Slot | undefined;
  const waiting = l.acquire("alice").then((slot) => (third = slot));
  await Promise.resolve();
  assert.equal(third, undefined, "a slot is free, but not for alice");
  assert.deepEqual([l.active, l.waiting], [2, 1]);
  // Bob passes alice's waiting request: she is at her share, he is not.
  const bob = await l.acquire("bob");
  assert.deepEqual([l.active, l.waiting], [3, 1]);
  bob.release();
  await Promise.resolve();
  assert.equal(third, undefined, "bob's slot is not alice's either");
  a1.release();
  await waiting;
  assert.deepEqual([l.active, l.waiting], [2, 0], "alice's own freed slot goes to her waiting request");
  a2.release();
  third!.release();
  assert.equal(l.active, 0);
});

Deno.test("a request that gets no slot within the wait is refused and leaves the queue", async () => {
  const l = limiter({ slots: 1, waitMs: 50 });
  const held = await l.acquire("alice");
  await assert.rejects(l.acquire("bob"), Busy);
  assert.deepEqual([l.active, l.waiting], [1, 0]);
  held.release();
  // Without a wait, refused at once: here alice is at her share though slots are free.
  const none = limiter({ slots: 5, perUser: 1, waitMs: 0 });
  const one = await none.acquire("alice");
  await assert.rejects(none.acquire("alice"), Busy);
  assert.deepEqual([none.active, none.waiting], [1, 0]);
  one.release();
});

Deno.test("a slot held past its deadline is taken back, its holder told, and the longest waiter admitted", async () => {
  const l = limiter({ slots: 1, holdMs: 50 });
  const stuck = await l.acquire("alice");
  const next = l.acquire("bob");
  assert.ok(await freed(stuck) instanceof SlotExpired);
  const bob = await next;
  assert.deepEqual([l.active, l.waiting], [1, 0]);
  stuck.release(); // late: frees nothing of bob's
  assert.equal(l.active, 1);
  bob.release();
  assert.equal(l.active, 0);
  assert.ok(
    bob.freed.aborted && !(bob.freed.reason instanceof SlotExpired),
    "released in time, not taken back",
  );
});

Deno.test("a body frees its slot once read to the end, or when the reader cancels", async () => {
  const l = limiter();
  const bytes = new Uint8Array(600 * 1024).fill(7);
  const read = await new Response(releaseWhenSent(ReadableStream.from([bytes]), await l.acquire("u")))
    .arrayBuffer();
  assert.deepEqual(new Uint8Array(read), bytes);
  assert.equal(l.active, 0);
  const reader = releaseWhenSent(ReadableStream.from([bytes]), await l.acquire("u")).getReader();
  const first = await reader.read();
  assert.equal(l.active, 1, "still held while the client reads");
  // A copy: what a connection keeps of a chunk is that chunk, not the whole answer it came from.
  assert.notEqual(first.value!.buffer, bytes.buffer);
  assert.equal(first.value!.buffer.byteLength, 256 * 1024);
  await reader.cancel();
  assert.equal(l.active, 0);
});

Deno.test("an answer not read before its slot's deadline is cut off, and its source let go", async () => {
  const l = limiter({ holdMs: 50 });
  const slot = await l.acquire("u");
  let sourceCanceled = false;
  const source = new ReadableStream<Uint8Array>({
    pull: (c) => c.enqueue(new Uint8Array(1024 * 1024)),
    cancel: () => void (sourceCanceled = true),
  });
  const reader = releaseWhenSent(source, slot).getReader();
  await reader.read();
  assert.ok(await freed(slot) instanceof SlotExpired);
  await assert.rejects(reader.read(), SlotExpired, "the answer ends in an error, not as if complete");
  assert.ok(sourceCanceled);
  assert.equal(l.active, 0);
});

Deno.test("a request's slots are freed once its answer has left, and one taken after that at once", async () => {
  const l = limiter();
  const slots = slotsHeldUntilSent();
  slots.hold(await l.acquire("u"));
  const answer = slots.answer(Response.json({ files: "x".repeat(300 * 1024) }));
  assert.equal(l.active, 1, "held while the answer waits to be read");
  assert.equal((await answer.json()).files.length, 300 * 1024);
  assert.equal(l.active, 0);
  slots.hold(await l.acquire("u"));
  assert.equal(l.active, 0, "the answer is gone: nothing is held for it");

  // An answer without slots is passed on as it is; a stream is followed, as a tool may still take one.
  const plain = Response.json({});
  assert.equal(slotsHeldUntilSent().answer(plain), plain);
  const streaming = slotsHeldUntilSent();
  const events = streaming.answer(
    new Response("data: {}\n\n", { headers: { "content-type": "text/event-stream" } }),
  );
  streaming.hold(await l.acquire("u"));
  assert.equal(l.active, 1);
  await events.text();
  assert.equal(l.active, 0);
});

Deno.test("one of a request's slots expiring cuts its answer off and frees the others", async () => {
  const quick = limiter({ holdMs: 50 });
  const slow = limiter();
  const slots = slotsHeldUntilSent();
  slots.hold(await slow.acquire("u"));
  const expiring = await quick.acquire("u");
  slots.hold(expiring);
  const reader = slots.answer(Response.json({ files: "x".repeat(2 * 1024 * 1024) })).body!.getReader();
  await reader.read();
  assert.ok(await freed(expiring) instanceof SlotExpired);
  await assert.rejects(reader.read(), SlotExpired);
  assert.deepEqual([quick.active, slow.active], [0, 0]);
});

Deno.test("work that outlasted its slot's deadline is cut off before its answer starts", async () => {
  const l = limiter({ holdMs: 20 });
  const slot = await l.acquire("u");
  await freed(slot);
  await assert.rejects(
    new Response(releaseWhenSent(ReadableStream.from([new Uint8Array(10)]), slot)).text(),
    SlotExpired,
  );
  const slots = slotsHeldUntilSent();
  const other = await limiter().acquire("u");
  slots.hold(other);
  slots.hold(await l.acquire("u").then(async (s) => (await freed(s), s)));
  assert.ok(other.freed.aborted, "the request's other slots are freed with it");
  await assert.rejects(slots.answer(Response.json({})).text(), SlotExpired);
});
