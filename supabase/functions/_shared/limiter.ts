// A bound on how many of one kind of costly work run at once in this instance, with a share per user so
// one user cannot hold every slot, a wait after which a request is refused instead of queued for ever,
// and a deadline after which a slot is taken back from work that has not finished (a client that stopped
// reading its answer). Used where each unit holds a lot of memory or keeps polling the database.

export interface Slot {
  /** Frees the slot (calling it again does nothing). */
  release(): void;
  /** Aborted once the slot is free again: released, or taken back at its deadline (work must then stop). */
  readonly freed: AbortSignal;
}

export interface LimiterOptions {
  /** Slots in all. */
  slots: number;
  /** Slots one user holds at most at once. */
  perUser: number;
  /** How long a request waits for a slot before it is refused (0: refused at once when none is free). */
  waitMs: number;
  /** How long a slot is held at most. */
  holdMs: number;
  /** The error of a request refused a slot. */
  refusal: () => Error;
}

/** Why a slot was taken back: its work ran past the deadline. */
export class SlotExpired extends Error {
  constructor(holdMs: number) {
    super(`held past its deadline (${holdMs} ms): the work was cut off`);
  }
}

export interface Limiter {
  /** A slot for `user`: at once, or the first that frees within the wait; else it throws `refusal()`. */
  acquire(user: string): Promise<Slot>;
  /** Slots taken now, and callers waiting for one (what tests observe). */
  readonly active: number;
  readonly waiting: number;
}

export function createLimiter(o: LimiterOptions): Limiter {
  let active = 0;
  const perUser = new Map<string, number>();
  const queue: { user: string; grant: (slot: Slot) => void }[] = [];
  const underShare = (user: string) => (perUser.get(user) ?? 0) < o.perUser;

  function take(user: string): Slot {
    active++;
    perUser.set(user, (perUser.get(user) ?? 0) + 1);
    const freed = new AbortController();
    const free = (reason: Error) => {
      if (freed.signal.aborted) return;
      clearTimeout(deadline);
      active--;
      const n = perUser.get(user)! - 1;
      if (n === 0) perUser.delete(user);
      else perUser.set(user, n);
      freed.abort(reason);
      admit();
    };
    const deadline = setTimeout(() => free(new SlotExpired(o.holdMs)), o.holdMs);
    return { release: () => free(new Error("released")), freed: freed.signal };
  }

  /** Free slots go to the longest waiters whose users are under their share. */
  function admit() {
    while (active < o.slots) {
      const i = queue.findIndex((w) => underShare(w.user));
      if (i < 0) return;
      const [next] = queue.splice(i, 1);
      next.grant(take(next.user));
    }
  }

  return {
    acquire(user) {
      // Any waiter that could run already does (admit runs at every change), so this one overtakes none.
      if (active < o.slots && underShare(user)) return Promise.resolve(take(user));
      if (o.waitMs <= 0) return Promise.reject(o.refusal());
      return new Promise((resolve, reject) => {
        const waiter = {
          user,
          grant: (slot: Slot) => {
            clearTimeout(timer);
            resolve(slot);
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(o.refusal());
        }, o.waitMs);
        queue.push(waiter);
      });
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** Runs `fn` once `slot` has expired: now if it already has (its work outlasted the deadline). */
function whenExpired(slot: Slot, fn: (reason: SlotExpired) => void) {
  const check = () => {
    if (slot.freed.reason instanceof SlotExpired) fn(slot.freed.reason);
  };
  if (slot.freed.aborted) check();
  else slot.freed.addEventListener("abort", check, { once: true });
}

const CHUNK_BYTES = 256 * 1024;

/**
 * `body` passed on in chunks of at most 256 KiB, one per read of the client, freeing `slot` once the
 * client has taken all of it, went away, or the body failed: a slot is held as long as its bytes are.
 * When the slot expires first the answer is cut off there: the body errors, so the connection is closed
 * instead of finished. Each chunk is a copy, so what the connection still holds then is a chunk or two,
 * not the whole answer they were cut from.
 */
export function releaseWhenSent(body: ReadableStream<Uint8Array>, slot: Slot): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let chunk: Uint8Array = new Uint8Array();
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      whenExpired(slot, (reason) => {
        chunk = new Uint8Array();
        controller.error(reason);
        reader.cancel(reason).catch(() => {});
      });
    },
    async pull(controller) {
      try {
        while (offset >= chunk.length) {
          const next = await reader.read();
          if (slot.freed.aborted) return; // cut off meanwhile
          if (next.done) {
            controller.close();
            slot.release();
            return;
          }
          chunk = next.value;
          offset = 0;
        }
      } catch (err) {
        slot.release();
        throw err;
      }
      controller.enqueue(chunk.slice(offset, offset + CHUNK_BYTES));
      offset += CHUNK_BYTES;
    },
    cancel(reason) {
      slot.release();
      return reader.cancel(reason);
    },
  });
}

/**
 * The slots one request's work took, held until its answer has left. A slot taken after that (work the
 * client no longer waits for) is freed at once; one expiring cuts the answer off and frees them all.
 */
export function slotsHeldUntilSent() {
  const held: Slot[] = [];
  const freed = new AbortController();
  const releaseAll = () => {
    freed.abort(new Error("released"));
    for (const slot of held.splice(0)) slot.release();
  };
  return {
    hold(slot: Slot) {
      if (freed.signal.aborted) return slot.release();
      held.push(slot);
      whenExpired(slot, (reason) => {
        freed.abort(reason);
        releaseAll();
      });
    },
    releaseAll,
    /** The answer, whose body frees the slots once sent; a stream may still take some while it runs. */
    answer(res: Response): Response {
      const streaming = (res.headers.get("content-type") ?? "").startsWith("text/event-stream");
      const expired = freed.signal.reason instanceof SlotExpired;
      if (!res.body || (held.length === 0 && !streaming && !expired)) {
        releaseAll();
        return res;
      }
      return new Response(releaseWhenSent(res.body, { release: releaseAll, freed: freed.signal }), res);
    },
  };
}
