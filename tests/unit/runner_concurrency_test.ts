// RUNNER_CONCURRENCY: the runner's bound on jobs worked at once.
import assert from "node:assert/strict";
import { createSlots, runnerConcurrencyFrom } from "../../supabase/functions/job-runner/app.ts";

Deno.test("RUNNER_CONCURRENCY is a whole number from 1, or unset for no bound", () => {
  assert.equal(runnerConcurrencyFrom(undefined), undefined);
  assert.equal(runnerConcurrencyFrom(""), undefined);
  assert.equal(runnerConcurrencyFrom("4"), 4);
  for (const bad of ["0", "-1", "1.5", "two", " 4"]) {
    assert.throws(() => runnerConcurrencyFrom(bad), /RUNNER_CONCURRENCY/, bad);
  }
});

Deno.test("slots let `limit` holders in at once and the others in arrival order", async () => {
  const slots = createSlots(2);
  let running = 0;
  let most = 0;
  const order: number[] = [];
  await Promise.all(Array.from({ length: 6 }, async (_, i) => {
    await slots.acquire();
    order.push(i);
    running++;
    most = Math.max(most, running);
    await new Promise((r) => setTimeout(r, 5));
    running--;
    slots.release();
  }));
  assert.equal(most, 2);
  assert.deepEqual(order, [0, 1, 2, 3, 4, 5]);
});

Deno.test("unbounded slots never make anyone wait", async () => {
  const slots = createSlots(Infinity);
  for (let i = 0; i < 1000; i++) await slots.acquire();
});
