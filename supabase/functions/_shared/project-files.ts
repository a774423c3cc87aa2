// A project's files: the path rule every write obeys, and reading them for the REST route and the agent
// tool alike. A project may hold 20 MiB, so each instance builds at most FILE_READ_CONCURRENCY of these
// answers at once (`deps.fileReads`), one user at most FILE_READ_PER_USER of them, and the caller holds its
// slot until the answer's bytes have left: parallel reads queue here instead of piling up in memory. A read
// that finds no slot within FILE_READ_WAIT_SECONDS is refused, and an answer not sent within
// FILE_READ_SEND_SECONDS is cut off, so clients that never read cannot keep the slots from everyone else.
import type { Claims } from "./auth.ts";
import { selectAsUser } from "./db.ts";
import type { Deps } from "./deps.ts";
import { ApiError } from "./errors.ts";
import type { Slot } from "./limiter.ts";
import { LIMITS } from "../_contract/limits.gen.ts";

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

// private.file_path_problem's rule as one pattern (tests/file_paths_test.ts runs one table through both):
// segments joined by `/`, none empty, `.`, `..`, nor `.git` or `GIT~1` in any case and with any trailing
// dots or spaces; no backslash, colon, control character (C0, DEL, C1) or invisible format character.
// Spelled without lookahead, so that every JSON Schema tool (and the fuzz tests' generator) takes it.
const FORBIDDEN = String
  .raw`\\:\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb`;
const charBut = (chars: string) => `[^/${FORBIDDEN}${chars}]`;
const REST = `${charBut("")}*`;
const caseless = (c: string) => /[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c;
/** Any (possibly empty) text except `word` followed only by dots and spaces. */
function notWordThenDots(word: string): string {
  if (word === "") return `[. ]*${charBut(". ")}${REST}`;
  const [c, rest] = [word[0], word.slice(1)];
  return `(?:|${charBut(c + c.toUpperCase())}${REST}|${caseless(c)}${notWordThenDots(rest)})`;
}
const SEGMENT = [
  `\\.\\.${charBut("")}+`, // `..` and more
  `\\.(?:${charBut(".gG")}${REST}|[gG]${notWordThenDots("it")})`, // `.` and more, but not `.git`
  `[gG]${notWordThenDots("it~1")}`, // but not `git~1`
  `${charBut(".gG")}${REST}`,
].join("|");
export const FILE_PATH_PATTERN = `^(?:${SEGMENT})(?:/(?:${SEGMENT}))*$`;
const FILE_PATH = new RegExp(FILE_PATH_PATTERN, "u");

/** Whether a project may hold a file at `path`: the rule the database enforces on every write. */
export function isValidFilePath(path: string): boolean {
  return [...path].length <= LIMITS.file.path_chars && FILE_PATH.test(path);
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
