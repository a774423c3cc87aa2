// The agent tools of a project's builds: the same SQL as the REST routes of the builds area, acting as the
// signed-in user, so an agent sees why its app does not compile and where its preview is.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Claims } from "../_shared/auth.ts";
import { selectAsUser } from "../_shared/db.ts";
import { Build, BuildPage } from "../_contract/builds.ts";
import type { McpDeps } from "./app.ts";
import { portable } from "./portable-schema.ts";
import { agentResult } from "./results.ts";
import type { ToolRun } from "./version-tools.ts";

const ProjectIdArg = z.int().positive().describe("The numeric project id");
const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

export function registerBuildTools(server: McpServer, { db }: McpDeps, claims: Claims, tool: ToolRun) {
  server.registerTool("list_builds", {
    title: "List a project's builds",
    description: "The builds of one of the user's projects, newest first, without their logs: every " +
      "generation and file save is type-checked and exported for the web, each with its status, steps, " +
      "errors (tsc's, with file, line and column) and the web preview_url of a succeeded one. Pass " +
      "next_cursor back as cursor for the next page. Another user's project is not found.",
    inputSchema: portable(z.object({
      projectId: ProjectIdArg,
      limit: z.int().min(1).max(100).default(20).describe("Builds a page, 1..100"),
      cursor: z.string().regex(/^[1-9][0-9]{0,18}$/).optional().describe("next_cursor of the previous page"),
    })),
    outputSchema: portable(BuildPage),
    annotations: READ_ONLY,
  }, ({ projectId, limit, cursor }) =>
    tool(
      () =>
        selectAsUser<z.infer<typeof BuildPage>>(
          db,
          claims,
          (tx) => tx`select api.list_builds(${projectId}, ${limit}, ${cursor ?? null}) as r`,
        ),
      (page) => agentResult("Builds", page),
    ));

  server.registerTool("get_build", {
    title: "Get a build",
    description: "One build of the user's, with its steps, the errors that failed it (fix those files and " +
      "save again: a new build follows), its web preview_url once it succeeded and each step's output " +
      "(the last 64 KiB). Another user's build is not found.",
    inputSchema: portable(z.object({
      buildId: z.int().positive().describe("The build's id, as list_builds returns it"),
    })),
    outputSchema: portable(Build),
    annotations: READ_ONLY,
  }, ({ buildId }) =>
    tool(
      () =>
        selectAsUser<z.infer<typeof Build>>(db, claims, (tx) => tx`select api.get_build(${buildId}) as r`),
      (build) => agentResult("Build", build),
    ));
}
