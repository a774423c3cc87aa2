// Reading a project's files, for the REST route and the agent tool alike. A project may hold 20 MiB, so
// each instance builds at most FILE_READ_CONCURRENCY of these answers at once (`deps.fileReads`) and the
// caller holds its slot until the answer's bytes have left: many parallel reads queue here instead of
// piling up in memory.
import type { Claims } from "./auth.ts";
import { selectAsUser } from "./db.ts";
import type { Deps } from "./deps.ts";

/** The files as the SQL's JSON text (never parsed here) and the slot to free once it has been sent. */
export async function readProjectFiles(
  deps: Pick<Deps, "db" | "fileReads">,
  claims: Claims,
  /** A decimal string from a path keeps ids past 2^53 exact. */
  projectId: number | string,
  type: string | undefined,
): Promise<{ json: string; release: () => void }> {
  const release = await deps.fileReads.acquire();
  try {
    const json = await selectAsUser<string>(
      deps.db,
      claims,
      (tx) => tx`select api.list_project_files(${projectId}, ${type ?? null}) as r`,
    );
    return { json, release };
  } catch (err) {
    release();
    throw err;
  }
}
