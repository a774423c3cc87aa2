// The versions area of the contract: a project's versions, their files, diffs and restore. Definitions
// only; v1/routes/versions.ts answers them through the api.* functions of projects/versions.sql.
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, jsonContent, NEEDS, Timestamp, Uuid } from "./common.ts";
import { LIMITS } from "./limits.gen.ts";
import { ProjectFile, ProjectParams } from "./projects.ts";

// A project's versions, as REST and the agents' version tools show them.
export const Version = z.object({
  id: Uuid,
  project_id: z.int().openapi({ format: "int64" }),
  number: z.int().openapi({
    description: "1, 2, 3, … within the project, in the order the versions were made",
  }),
  parent_id: Uuid.nullable().openapi({ description: "The version this one follows (the newest before it)" }),
  job_id: Uuid.nullable().openapi({ description: "The job that made it; null for a file save or a restore" }),
  prompt: z.string().nullable().openapi({ description: "That job's prompt" }),
  restored_from: Uuid.nullable().openapi({ description: "The version a restore copied" }),
  files: z.int().openapi({ description: "How many files it holds" }),
  spec: z.record(z.string(), z.unknown()).nullable().openapi({
    description: "The app spec its `app.spec.json` holds; null without one, or when that file is not JSON",
  }),
  created_at: Timestamp,
}).openapi("Version");

export const VersionPage = z.object({
  data: z.array(Version),
  next_cursor: z.string().nullable().openapi({
    description: "Pass it as `cursor` for the next (older) page; null on the last page.",
  }),
}).openapi("VersionPage");

const NextPath = z.string().nullable().openapi({
  description: "The page's last path; pass it as `cursor` for the next page. Null on the last page.",
});

export const VersionFiles = z.object({
  version: Version,
  data: z.array(ProjectFile.omit({ updated_at: true })),
  next_cursor: NextPath,
}).openapi("VersionFileList");

export const FileDiff = z.object({
  path: z.string(),
  status: z.enum(["added", "removed", "changed"]),
  type: z.string().openapi({ example: "CODE" }),
  diff: z.string().nullable().openapi({
    description: "A unified diff (`--- a/<path>`, `+++ b/<path>`, hunks with 3 lines of context); null for " +
      "binary files (type `ASSET`) and for changes too large to diff (over 20,000 lines edited).",
  }),
}).openapi("FileDiff");

export const VersionDiff = z.object({
  version: Version,
  against: Version.nullable().openapi({ description: "What `version` is compared with; null: nothing" }),
  data: z.array(FileDiff),
  next_cursor: NextPath,
}).openapi("VersionDiff");

/** The most contents one page of a version's files or of a diff holds, unless one file alone holds more. */
const PAGE_BYTES = LIMITS.version.page_bytes;
const PAGE_FILES = LIMITS.version.page_files;

const VersionParams = ProjectParams.extend({
  versionId: Uuid.openapi({ param: { name: "versionId", in: "path" }, description: "The version's id" }),
});

const Cursor = z.string().min(1).max(512).optional().openapi({
  description: "`next_cursor` of the previous page",
});
const FilePageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_FILES).default(100).openapi({
    description: `1..${PAGE_FILES}, default 100`,
  }),
  cursor: Cursor,
});

const OWNER_ONLY = "Owner only: another user's project is 404 `project_not_found`, even when it is shared.";
const NOT_FOUND =
  "`project_not_found` (not the caller's project) or `version_not_found` (not one of its versions)";
const PAGED =
  `A page holds \`limit\` files by path (byte order) and at most ${PAGE_BYTES} bytes of contents, ` +
  "unless one file alone holds more.";

const listVersions = createRoute({
  method: "get",
  path: "/projects/{projectId}/versions",
  ...NEEDS.project,
  operationId: "listVersions",
  tags: ["Versions"],
  summary: "A page of the project's versions",
  description:
    "Newest first. Every job that writes files, every file save and every restore makes a version: " +
    "an immutable set of files, numbered in order, with the job and prompt that made it and the app spec it " +
    "carries. Versions are kept until the project is deleted; their contents count once each against the " +
    `owner's storage quota. ${OWNER_ONLY} Each page reads an index range, however many versions there are.`,
  request: {
    params: ProjectParams,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(20).openapi({
        description: "1..100, default 20",
      }),
      cursor: z.string().regex(/^[1-9][0-9]{0,8}$/).optional().openapi({
        description: "`next_cursor` of the previous page",
      }),
    }),
  },
  responses: {
    200: jsonContent(VersionPage, "A page of versions"),
    ...errorResponses([400, 404], {
      400: "`invalid_request` (a parameter) or `invalid_cursor`",
      404: "`project_not_found`: not the caller's project",
    }),
  },
});

const getVersion = createRoute({
  method: "get",
  path: "/projects/{projectId}/versions/{versionId}",
  ...NEEDS.version,
  operationId: "getVersion",
  tags: ["Versions"],
  summary: "A version and a page of its files",
  description: `The files as the files listing shows them, without \`updated_at\`. ${PAGED} ${OWNER_ONLY}`,
  request: {
    params: VersionParams,
    query: FilePageQuery.extend({
      type: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/).optional().openapi({
        description: "Only files of this type",
        example: "CODE",
      }),
    }),
  },
  responses: {
    200: jsonContent(VersionFiles, "The version and a page of its files"),
    ...errorResponses([400, 404], {
      400: "`invalid_request` (a parameter) or `invalid_cursor`",
      404: NOT_FOUND,
    }),
  },
});

const diffVersion = createRoute({
  method: "get",
  path: "/projects/{projectId}/versions/{versionId}/diff",
  ...NEEDS.version,
  operationId: "diffVersion",
  tags: ["Versions"],
  summary: "What a version changed",
  description: "The files that differ between `against` (default: the version's parent; nothing for the " +
    "first version) and the version, by path: each `added`, `removed` or `changed` (contents or type), with a " +
    `unified diff. ${PAGED} ${OWNER_ONLY}`,
  request: {
    params: VersionParams,
    query: FilePageQuery.extend({
      against: Uuid.optional().openapi({ description: "Another version of the project to compare with" }),
    }),
  },
  responses: {
    200: jsonContent(VersionDiff, "A page of the differing files"),
    ...errorResponses([400, 404], {
      400:
        "`invalid_against`: `against` is not a version of the project; or `invalid_request`, `invalid_cursor`",
      404: NOT_FOUND,
    }),
  },
});

const restoreVersion = createRoute({
  method: "post",
  path: "/projects/{projectId}/versions/{versionId}/restore",
  ...NEEDS.version,
  operationId: "restoreVersion",
  tags: ["Versions"],
  summary: "Make a version current again",
  description:
    "A new version whose files (and so its app spec) are those of the one restored; the project's " +
    "current files become them. Nothing is lost: the versions in between stay. Owner only. A job running " +
    "meanwhile merges its changes into the restored files, or fails with `version_conflict`.",
  request: { params: VersionParams },
  responses: {
    201: jsonContent(Version, "The new version"),
    ...errorResponses([400, 404], { 404: NOT_FOUND }),
  },
});

export const routes = { listVersions, getVersion, diffVersion, restoreVersion };
