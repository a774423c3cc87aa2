// One poller per function instance for every job an agent waits on: a single query each tick reads the
// status of all watched jobs, so a thousand concurrent waits cost the database what one does. Waiters
// are woken when their job's status changes. Only ids a waiter has already read as its user (RLS) are
// watched, so reading them as the service reveals nothing new.
import type { Db } from "../_shared/db.ts";

export const WATCH_TICK_MS = 2_000;

interface Watched {
  status: string;
  waiters: Set<() => void>;
}

export interface JobWatch {
  /** Resolves true when the job's status moves on from `status`, false when `signal` aborts first. */
  changed(jobId: string, status: string, signal: AbortSignal): Promise<boolean>;
  /** Queries made so far, and jobs watched now (for tests and metrics). */
  readonly polls: number;
  readonly watching: number;
}

export function createJobWatch(db: Pick<Db, "asService">, tickMs = WATCH_TICK_MS): JobWatch {
  const watched = new Map<string, Watched>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polls = 0;

  async function tick() {
    timer = undefined;
    const ids = [...watched.keys()];
    if (ids.length === 0) return;
    polls++;
    try {
      const rows = await db.asService((tx) =>
        tx<
          { id: string; status: string }[]
        >`select id, status from public.jobs where id = any(${ids}::uuid[])`
      );
      const seen = new Map(rows.map((r) => [r.id, r.status]));
      for (const [id, entry] of watched) {
        const status = seen.get(id) ?? "missing";
        if (status !== entry.status) {
          entry.status = status;
          for (const wake of entry.waiters) wake();
        }
      }
    } catch (err) {
      // The database away: waiters keep their budget and the next tick tries again.
      console.error("job watch poll failed", err);
    }
    schedule();
  }

  function schedule() {
    if (timer === undefined && watched.size > 0) timer = setTimeout(tick, tickMs);
  }

  return {
    get polls() {
      return polls;
    },
    get watching() {
      return watched.size;
    },
    changed(jobId, status, signal) {
      return new Promise((resolve) => {
        if (signal.aborted) return resolve(false);
        let entry = watched.get(jobId);
        if (!entry) watched.set(jobId, entry = { status, waiters: new Set() });
        // The waiter has just read the job: its status is the freshest known.
        entry.status = status;
        const current = entry;
        const finish = (moved: boolean) => () => {
          current.waiters.delete(onChange);
          signal.removeEventListener("abort", onAbort);
          if (current.waiters.size === 0 && watched.get(jobId) === current) watched.delete(jobId);
          resolve(moved);
        };
        const onChange = finish(true);
        const onAbort = finish(false);
        current.waiters.add(onChange);
        signal.addEventListener("abort", onAbort, { once: true });
        schedule();
      });
    },
  };
}
