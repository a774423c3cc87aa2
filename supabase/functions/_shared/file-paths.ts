// The path rule every write of a project's file obeys, as the REST schema documents it and the generator and
// the archive check it: the database's rule (private.file_path_problem), spelled in TypeScript.
import { LIMITS } from "../_contract/limits.gen.ts";

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
