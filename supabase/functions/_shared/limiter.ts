// A bound on how many of one kind of expensive work run at once in this instance; the rest wait in
// arrival order. Used where each unit holds a lot of memory, so the process's peak stays bounded.

export interface Limiter {
  /** Waits for a slot; the returned function frees it (calling it again does nothing). */
  acquire(): Promise<() => void>;
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
  };
}

const CHUNK_BYTES = 256 * 1024;

/** A response body over `bytes` that calls `done` once the client has taken all of it or went away. */
export function bodyThenRelease(bytes: Uint8Array, done: () => void): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        done();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + CHUNK_BYTES));
      offset += CHUNK_BYTES;
    },
    cancel: done,
  });
}
