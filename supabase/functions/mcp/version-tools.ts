// The agent tools of a project's versions: the same SQL and diff as the REST routes of the versions area,
// acting as the signed-in user. tools.ts hands over its `tool` wrapper, so failures take the tools' one
// error shape.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Claims } from "../_shared/auth.ts";
import { selectAsUser } from "../_shared/db.ts";
import { versionDiff } from "../_shared/versions.ts";
import { Version, VersionDiff, VersionPage } from "../_contract/versions.ts";
import type { McpDeps } from "./app.ts";
import { portable } from "./portable-schema.ts";
import { agentResult } from "./results.ts";

type Result = ReturnType<typeof agentResult>;
/** tools.ts's wrapper: the result, or the error as a tool error in the contract's shape. */
export type ToolRun = <T, R = Result>(run: () => Promise<T>, shape: (value: T) => R) => Promise<
  R | {
    isError: boolean;
    content: { type: "text"; text: string }[];
  }
>;

const ProjectIdArg = z.int().positive().describe("The numeric project id");
const VersionIdArg = z.uuid().describe("A version's id, as list_versions returns it");

export function registerVersionTools(
  server: McpServer,
  deps: McpDeps,
  claims: Claims,
  tool: ToolRun,
) {
  const { db } = deps;

  server.registerTool("list_versions", {
    title: "List a project's versions",
    description: "The versions of one of the user's projects, newest first, 20 a page: every generation, " +
      "file save and restore made one, with its number, the job and prompt that made it and its app spec. " +
      "Pass next_cursor back as cursor for the next page. Another user's project is not found.",
    inputSchema: portable(z.object({
      projectId: ProjectIdArg,
      cursor: z.string().regex(/^[1-9][0-9]{0,8}$/).optional().describe("next_cursor of the previous page"),
    })),
    outputSchema: portable(VersionPage),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }, ({ projectId, cursor }) =>
    tool(
      () =>
        selectAsUser<z.infer<typeof VersionPage>>(
          db,
          claims,
          (tx) => tx`select api.list_versions(${projectId}, ${20}, ${cursor ?? null}) as r`,
        ),
      (page) => agentResult("Versions", page),
    ));

  server.registerTool("diff_versions", {
    title: "What a version changed",
    description: "The files that differ between a version and 'against' (another version of the project; " +
      "by default the version before it), each added, removed or changed with a unified diff (none for " +
      "binary files). At most 100 files and about 1 MiB of contents a page: pass next_cursor back as " +
      "cursor. An 'against' of another project is the error invalid_against.",
    inputSchema: portable(z.object({
      projectId: ProjectIdArg,
      versionId: VersionIdArg,
      against: z.uuid().optional().describe("The version to compare with; default: the one before"),
      cursor: z.string().min(1).max(512).optional().describe("next_cursor of the previous page"),
    })),
    outputSchema: portable(VersionDiff),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }, ({ projectId, versionId, against, cursor }) =>
    tool(
      () => versionDiff(deps, claims, { projectId, versionId, against, cursor, limit: 100 }),
      (diff) => agentResult("Version diff", diff),
    ));

  server.registerTool("restore_version", {
    title: "Restore a version",
    description: "Makes an earlier version of one of the user's projects current again: a new version with " +
      "its files and app spec, the versions in between kept (so a restore can itself be undone). Use it to " +
      "undo a generation that went wrong. It spends nothing.",
    inputSchema: portable(z.object({ projectId: ProjectIdArg, versionId: VersionIdArg })),
    outputSchema: portable(Version),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  }, ({ projectId, versionId }) =>
    tool(
      () =>
        selectAsUser<z.infer<typeof Version>>(
          db,
          claims,
          (tx) => tx`select api.restore_version(${projectId}, ${versionId}) as r`,
        ),
      (version) => agentResult("Restored as a new version", version),
    ));
}
