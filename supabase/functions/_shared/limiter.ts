// A bound on how many of one kind of expensive work run at once in this instance; the rest wait in
// arrival order. Used where each unit holds a lot of memory, so the process's peak stays bounded.

export interface Limiter {
  /** Waits for a slot; the returned function frees it (calling it again does nothing). */
  acquire(): Promise<() => void>;
  /** Slots taken now, and callers waiting for one (what tests observe). */
  readonly active: number;
  readonly waiting: number;
}

export function createLimiter(slots: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async acquire() {
      if (active < slots) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next(); // the slot passes straight on, so `active` stays the same
        else active--;
      };
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

const CHUNK_BYTES = 256 * 1024;

/**
 * `body` passed on in chunks of at most 256 KiB, one per read of the client, calling `done` once the client
 * has taken all of it, went away, or the body failed: a slot is held as long as its bytes are.
 */
export function releaseWhenSent(
  body: ReadableStream<Uint8Array>,
  done: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let chunk: Uint8Array = new Uint8Array();
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        while (offset >= chunk.length) {
          const next = await reader.read();
          if (next.done) {
            controller.close();
            done();
            return;
          }
          chunk = next.value;
          offset = 0;
        }
      } catch (err) {
        done();
        throw err;
      }
      controller.enqueue(chunk.subarray(offset, offset + CHUNK_BYTES));
      offset += CHUNK_BYTES;
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
}

/**
 * The slots one request's work took, held until its answer has left. A slot taken after that (work the
 * client no longer waits for) is freed at once.
 */
export function slotsHeldUntilSent() {
  const held: (() => void)[] = [];
  let over = false;
  const releaseAll = () => {
    over = true;
    for (const release of held.splice(0)) release();
  };
  return {
    hold(release: () => void) {
      if (over) release();
      else held.push(release);
    },
    releaseAll,
    /** The answer, whose body frees the slots once sent; a stream may still take some while it runs. */
    answer(res: Response): Response {
      const streaming = (res.headers.get("content-type") ?? "").startsWith("text/event-stream");
      if (!res.body || (held.length === 0 && !streaming)) {
        releaseAll();
        return res;
      }
      return new Response(releaseWhenSent(res.body, releaseAll), res);
    },
  };
}
