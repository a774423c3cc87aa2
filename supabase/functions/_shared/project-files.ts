// A project's files: reading them for the REST route and the agent tool alike (the path rule every write
// obeys is file-paths.ts). A project may hold 20 MiB, so each instance builds at most FILE_READ_CONCURRENCY of these
// answers at once (`deps.fileReads`), one user at most FILE_READ_PER_USER of them, and the caller holds its
// slot until the answer's bytes have left: parallel reads queue here instead of piling up in memory. A read
// that finds no slot within FILE_READ_WAIT_SECONDS is refused, and an answer not sent within
// FILE_READ_SEND_SECONDS is cut off, so clients that never read cannot keep the slots from everyone else.
import type { Claims } from "./auth.ts";
import { selectAsUser } from "./db.ts";
import type { Deps } from "./deps.ts";
import { ApiError } from "./errors.ts";
import type { Slot } from "./limiter.ts";

/** What a refused read is told to wait before trying again, in seconds. */
export const FILE_READS_RETRY_AFTER_SECONDS = 5;

/** The refusal of a read that found no slot in time: 503 `file_reads_busy` with `Retry-After`. */
export function fileReadsBusy(): ApiError {
  return new ApiError(
    503,
    "file_reads_busy",
    "Too many project file listings are being sent right now; retry shortly.",
    undefined,
    { "Retry-After": String(FILE_READS_RETRY_AFTER_SECONDS) },
  );
}

/** The files as the SQL's JSON text (never parsed here) and the slot to free once it has been sent. */
export async function readProjectFiles(
  deps: Pick<Deps, "db" | "fileReads">,
  claims: Claims,
  /** A decimal string from a path keeps ids past 2^53 exact. */
  projectId: number | string,
  type: string | undefined,
): Promise<{ json: string; slot: Slot }> {
  const slot = await deps.fileReads.acquire(claims.sub);
  try {
    const json = await selectAsUser<string>(
      deps.db,
      claims,
      (tx) => tx`select api.list_project_files(${projectId}, ${type ?? null}) as r`,
    );
    return { json, slot };
  } catch (err) {
    slot.release();
    throw err;
  }
}
