// A project's versions as the REST routes and the agent tools read them: the rules are in SQL
// (projects/versions.sql); here only the unified diff of each changed file is written, with jsdiff.
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from "diff";
import type { z } from "@hono/zod-openapi";
import type { Claims } from "./auth.ts";
import { selectAsUser } from "./db.ts";
import type { Deps } from "./deps.ts";
import type { VersionDiff } from "../_contract/versions.ts";

/** Beyond this many lines edited in one file, its diff is not written (null) rather than computed at length. */
const MAX_EDIT_LENGTH = 20_000;

interface DiffRow {
  path: string;
  status: "added" | "removed" | "changed";
  type: string;
  old_type: string | null;
  old_contents: string | null;
  new_contents: string | null;
}

export interface DiffRequest {
  /** A decimal string from a path keeps ids past 2^53 exact. */
  projectId: number | string;
  versionId: string;
  against?: string;
  cursor?: string;
  limit: number;
}

/** A page of what version `versionId` changed against `against` (default: its parent). */
export async function versionDiff(
  deps: Pick<Deps, "db">,
  claims: Claims,
  r: DiffRequest,
): Promise<z.infer<typeof VersionDiff>> {
  const page = JSON.parse(
    await selectAsUser<string>(
      deps.db,
      claims,
      (tx) =>
        tx`select api.diff_versions(${r.projectId}, ${r.versionId}, ${r.against ?? null}, ${
          r.cursor ?? null
        }, ${r.limit}) as r`,
    ),
  ) as Omit<z.infer<typeof VersionDiff>, "data"> & { data: DiffRow[] };
  return {
    ...page,
    data: page.data.map((f) => ({ path: f.path, status: f.status, type: f.type, diff: unifiedDiff(f) })),
  };
}

/** The file's unified diff; null for binary contents (base64 text would diff meaninglessly) or a huge edit. */
function unifiedDiff(f: DiffRow): string | null {
  if (f.type === "ASSET" || f.old_type === "ASSET") return null;
  return createTwoFilesPatch(
    f.old_contents === null ? "/dev/null" : `a/${f.path}`,
    f.new_contents === null ? "/dev/null" : `b/${f.path}`,
    f.old_contents ?? "",
    f.new_contents ?? "",
    undefined,
    undefined,
    { context: 3, maxEditLength: MAX_EDIT_LENGTH, headerOptions: FILE_HEADERS_ONLY },
  ) ?? null;
}
