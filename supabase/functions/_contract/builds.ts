// The builds area of the contract: every saved version of a project is built by the build worker
// (build-worker/): install, `tsc --noEmit`, `expo export` for the web, and a preview of the export.
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, jsonContent, NEEDS, Timestamp, Uuid } from "./common.ts";
import { bigintIdParam, ProjectParams } from "./projects.ts";

const NOT_FOUND =
  "`project_not_found`: no such project, or not the caller's (another user's project is 404, never 403)";

const BuildStep = z.object({
  name: z.enum(["install", "typecheck", "export_web", "export_android"]).openapi({
    description: "`install`: the dependencies (`npm install --ignore-scripts`, cached per dependency set); " +
      "`typecheck`: `tsc --noEmit`; `export_web`, `export_android`: `expo export --platform web` (the " +
      "preview) and `android`, those the worker is set to build (`BUILD_PLATFORMS`). Steps after a failed " +
      "one are not listed: they did not run.",
  }),
  status: z.enum(["succeeded", "failed"]),
  ms: z.int().openapi({ description: "How long the step took, in milliseconds." }),
  cached: z.boolean().optional().openapi({
    description: "`install` only: the dependency set was already installed (then `ms` is 0).",
  }),
}).openapi("BuildStep");

const BuildError = z.object({
  file: z.string().optional().openapi({ example: "src/app/(tabs)/index.tsx" }),
  line: z.int().optional().openapi({ example: 12 }),
  column: z.int().optional().openapi({ example: 7 }),
  code: z.string().optional().openapi({ description: "tsc's code, such as `TS2322`", example: "TS2322" }),
  message: z.string(),
}).openapi("BuildError");

export const Build = z.object({
  id: z.int().openapi({ format: "int64", example: 7 }),
  project_id: z.int().openapi({ format: "int64", example: 42 }),
  job_id: Uuid.nullable().openapi({ description: "The generation that saved the version, if one did." }),
  version_id: Uuid.nullable().openapi({
    description:
      "The version built (`GET /projects/{projectId}/versions/{versionId}`): the build reads its " +
      "files, whatever the project holds when the build starts. Null only for a project without a version.",
  }),
  reason: z.enum(["generation", "files", "manual"]).openapi({
    description: "What queued it: a succeeded generation, a save of the files (`PUT /projects/{projectId}" +
      "/files`), or `POST /projects/{projectId}/builds`.",
  }),
  status: z.enum(["queued", "running", "succeeded", "failed", "canceled"]).openapi({
    description: "`canceled`: a newer build of the project was queued while it ran.",
  }),
  attempts: z.int().openapi({ description: "How often a worker started it (again after a worker stopped)." }),
  files_digest: z.string().nullable().openapi({
    description: "md5 over the paths and contents of the files built; null until it started.",
  }),
  steps: z.array(BuildStep),
  errors: z.array(BuildError).openapi({
    description: "Why it failed: tsc's diagnostics with file, line and column, or the failed step's message.",
  }),
  artifacts: z.object({
    platforms: z.array(z.string()).optional(),
    web: z.object({ files: z.int(), bytes: z.int() }).optional(),
    android: z.object({ files: z.int(), bytes: z.int() }).optional(),
  }).openapi({
    description: "What the build produced: the platforms exported and each export's files and bytes; empty " +
      "unless it succeeded.",
  }),
  preview_url: z.url().nullable().openapi({
    description: "The build's web preview: on the build worker's own origin, under a path only this " +
      "build has; set as soon as the web export is published (while the android export may still run) and " +
      "kept only if the build succeeds. Errors the running preview throws are recorded as the project's " +
      "preview errors.",
  }),
  preview_image_url: z.url().nullable().openapi({
    description:
      "The preview's first screen as a PNG at a phone's size (390×844), beside the preview under " +
      "the same unguessable path; null until the worker rendered it, shortly after the build succeeded " +
      "(and for good when rendering failed: the build stands).",
  }),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
  log: z.string().optional().openapi({
    description: "`GET /builds/{buildId}` only: each step's command output, its last 64 KiB.",
  }),
  log_truncated: z.boolean().optional().openapi({
    description: "`GET /builds/{buildId}` only: the log lost its beginning.",
  }),
}).openapi("Build");

export const BuildPage = z.object({
  data: z.array(Build),
  next_cursor: z.string().nullable().openapi({
    description: "Pass as `cursor` for the next page; null at the end.",
  }),
}).openapi("BuildPage");

export const BuildParams = z.object({ buildId: bigintIdParam("buildId", "The build's id") });

const listBuilds = createRoute({
  method: "get",
  path: "/projects/{projectId}/builds",
  ...NEEDS.project,
  operationId: "listBuilds",
  tags: ["Builds"],
  summary: "A project's builds",
  description: "Owner only; newest first, without their logs. Every succeeded generation and every save " +
    "of the files queues a build; a save while one is queued joins it.",
  request: {
    params: ProjectParams,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(20).openapi({
        description: "1..100, default 20",
      }),
      cursor: z.string().min(1).max(20).optional().openapi({
        description: "`next_cursor` of the previous page",
      }),
    }),
  },
  responses: {
    200: jsonContent(BuildPage, "A page of builds"),
    ...errorResponses([400, 404], {
      400: "`invalid_request` (limit) or `invalid_cursor`",
      404: NOT_FOUND,
    }),
  },
});

const requestBuild = createRoute({
  method: "post",
  path: "/projects/{projectId}/builds",
  ...NEEDS.project,
  operationId: "requestBuild",
  tags: ["Builds"],
  summary: "Build a version of the project again",
  description: "Owner only. Queues a build of the newest version, or of the body's `version`, and answers " +
    "it `queued`; when one is queued already, that one, which builds this version instead. Follow it with " +
    "`GET /builds/{buildId}`.",
  request: {
    params: ProjectParams,
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z.strictObject({
            version: Uuid.optional().openapi({
              description: "The version to build; the newest when omitted.",
            }),
          }),
          // The newest version: what a request without a body builds too.
          example: {},
        },
      },
    },
  },
  responses: {
    202: jsonContent(Build, "The queued build"),
    ...errorResponses([400, 404, 413, 415], {
      404: NOT_FOUND + ", or `version_not_found`: `version` is not one of the project's versions",
    }),
  },
});

const getBuild = createRoute({
  method: "get",
  path: "/builds/{buildId}",
  ...NEEDS.build,
  operationId: "getBuild",
  tags: ["Builds"],
  summary: "A build, with its log",
  description: "Owner only.",
  request: { params: BuildParams },
  responses: {
    200: jsonContent(Build, "The build"),
    ...errorResponses([400, 404], {
      404: "`build_not_found`: no such build, or not the caller's (404, never 403)",
    }),
  },
});

export const routes = { listBuilds, requestBuild, getBuild };
