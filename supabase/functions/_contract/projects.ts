// Section D of the contract: projects, their files, icon, reshares, preview errors and integration links.
// Visibility and every limit are enforced in SQL (api.* functions under row-level security).
import type { Config } from "../_shared/config.ts";
import { createRoute, z } from "@hono/zod-openapi";
import { FILE_PATH_PATTERN } from "../_shared/file-paths.ts";
import { LIMITS } from "./limits.gen.ts";
import {
  Deduped,
  errorResponses,
  jsonBody,
  jsonContent,
  NEEDS,
  routeBodyLimit,
  SignedPageQuery,
  Timestamp,
  Uuid,
  withRetryAfter,
} from "./common.ts";
import { PublicProfile } from "./identity.ts";

export const Project = z.object({
  id: z.int().openapi({ format: "int64", example: 42 }),
  name: z.string(),
  description: z.string(),
  icon_url: z.url().nullable().openapi({
    description: "Server-managed: set by `POST /projects/{projectId}/icon`, null until then.",
  }),
  preview_url: z.url().nullable().openapi({
    description: "Server-managed: the web preview of the project's newest build that has not failed " +
      "(`GET /projects/{projectId}/builds`): a running build's as soon as its web export is published, else " +
      "the newest succeeded build's; on the build worker's origin; null until there is one.",
  }),
  preview_image_url: z.url().nullable().openapi({
    description: "Server-managed: that preview's first screen as a PNG at a phone's size (390×844), on the " +
      "build worker's origin; null until the worker rendered it (shortly after the build succeeded).",
  }),
  shared: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
  author: PublicProfile,
}).openapi("Project");

export const ProjectPage = z.object({
  data: z.array(Project),
  next_cursor: z.string().nullable().openapi({
    description: "Pass as `cursor` for the next page; null at the end.",
  }),
}).openapi("ProjectPage");

export const ProjectFile = z.object({
  path: z.string(),
  contents: z.string(),
  type: z.string().openapi({ example: "CODE" }),
  encoding: z.enum(["utf8", "base64"]).openapi({
    description:
      "How `contents` spells the file: `base64` for binary files (type `ASSET`), decoded to their " +
      "bytes before writing them; `utf8` for text, written as it is.",
  }),
  updated_at: Timestamp,
}).openapi("ProjectFile");

export const ProjectFiles = z.object({ data: z.array(ProjectFile) }).openapi("ProjectFileList");

// The limits api.save_project_files and the project_files triggers enforce, repeated for the documentation.
/** The bounds on reading a project's files (`_shared/project-files.ts`) as the route and the tool document them, with this instance's values. */
export function fileReadLimits(
  c: Pick<
    Config,
    "FILE_READ_CONCURRENCY" | "FILE_READ_PER_USER" | "FILE_READ_SEND_SECONDS" | "FILE_READ_WAIT_SECONDS"
  >,
): string {
  return `Each instance of the service builds and sends at most ${c.FILE_READ_CONCURRENCY} of these answers at ` +
    `once, at most ${c.FILE_READ_PER_USER} of them for one user (\`FILE_READ_CONCURRENCY\`, ` +
    `\`FILE_READ_PER_USER\`); a request that gets no turn within ${c.FILE_READ_WAIT_SECONDS} s is refused with ` +
    `503 \`file_reads_busy\` and \`Retry-After\` (\`FILE_READ_WAIT_SECONDS\`), and an answer the client has not ` +
    `read within ${c.FILE_READ_SEND_SECONDS} s of its turn is cut off (\`FILE_READ_SEND_SECONDS\`).`;
}

/** The contents one page of the archive's read may hold (it always holds at least one file). */
export const ARCHIVE_PAGE_BYTES = 4 * 1024 * 1024;

/** The names tried, in turn, for the archive's note on running the app: a project's own README stays. */
export const RUN_NOTE_PATHS = ["README.md", "RUNNING.md"];

// What private.file_limits() and the projects table's row limit enforce.
const FILE_LIMITS = LIMITS.file;
const PREVIEW_ERRORS_KEPT = LIMITS.preview_error.kept_per_project;
const PROJECT_LIMIT = `An account holds at most the setting \`max_projects_per_user\` (default ` +
  `${LIMITS.rows.max_projects_per_user}) projects (413 \`too_many_projects\` with \`details.limit\`).`;
const STORAGE_LIMITS =
  `A project holds at most ${FILE_LIMITS.files_per_project} files (413 \`too_many_project_files\`) ` +
  `and ${FILE_LIMITS.bytes_per_project} bytes of contents (413 \`project_too_large\`); all the projects of one ` +
  "owner together, with their versions, each contents counted once, hold at most the server's storage quota " +
  "(setting `storage_quota_bytes`, default " +
  `${FILE_LIMITS.default_storage_quota_bytes} bytes; 413 \`storage_quota_exceeded\` with \`details.quota_bytes\` and ` +
  "`details.used_bytes`). The database enforces these for every writer.";
// The raw body may exceed the contents limit by JSON escaping; beyond this it is refused unread.
const MAX_FILES_BODY_BYTES = 8 * 1024 * 1024;
const FILE_TYPE = /^[A-Za-z0-9_-]{1,32}$/;
/** A file type to list only files of (`CODE`, `ASSET`, …). */
export const FileTypeFilter = z.string().regex(FILE_TYPE);
/** Which projects a list holds: the caller's own, or also everyone's shared ones. */
export const Visibility = z.enum(["mine", "all"]);
/** A project's id in a body or tool argument. */
export const ProjectNumber = z.int().positive();
// What a read that found no file-read slot is answered, on every route that takes one.
const FILE_READS_BUSY = withRetryAfter(
  errorResponses([503], {
    503: "`file_reads_busy`: no turn came within `FILE_READ_WAIT_SECONDS`; retry after `Retry-After` " +
      "seconds (or, as on every route, `database_unavailable` or `statement_timeout`)",
  })[503],
);

// A project id in a path is any bigint 1..2^63 − 1. It stays a decimal string on its way to SQL, so ids past
// JavaScript's 2^53 − 1 are looked up exactly (and answered like any unused id), never rounded to a neighbour.
const BIGINT_ID = "an integer from 1 to 9223372036854775807";
/** A bigint id path parameter (`projectId`, `buildId`), of `what` (e.g. "The project's id"). */
export const bigintIdParam = (name: string, what: string) =>
  z.string()
    .refine((s) => /^[1-9][0-9]{0,18}$/.test(s) && BigInt(s) < 2n ** 63n, `must be ${BIGINT_ID}`)
    .openapi({
      param: { name, in: "path" },
      type: "integer",
      format: "int64",
      minimum: 1,
      // 2^63, exact in a double: no JSON number can spell 2^63 − 1 without rounding.
      exclusiveMaximum: 2 ** 63,
      description: `${what}, ${BIGINT_ID}`,
      example: 42,
    });
export const ProjectParams = z.object({ projectId: bigintIdParam("projectId", "The project's id") });

const ProjectName = z.string().min(1).max(LIMITS.columns["projects.name"]).regex(/\S/, "must not be blank");

// git check-ref-format's rules, for a branch; the table's CHECK holds the same.
export const GitBranch = z.string().min(1).max(200)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9._/-]*$/, "letters, digits, '.', '_', '-' and '/', not first")
  .refine((b) => !/(\.\.|\/\/|\/$|\/\.|\.lock$|\.$|\.lock\/)/.test(b), "not a valid git branch name");

/** Where a new project's files come from (`POST /projects`' `import`). */
export const GitImport = z.strictObject({
  url: z.string().max(LIMITS.columns["git_remotes.url"]).openapi({
    description: "The repository's HTTPS address, without credentials; checked as a git remote's",
  }),
  token: z.string().min(1).max(1024).regex(/^[\x21-\x7e]+$/, "a token: printable ASCII without spaces")
    .optional().openapi({ description: "For a private repository; used once, never stored" }),
  branch: GitBranch.default("main"),
  username: z.string().regex(/^[\x21-\x39\x3b-\x7e]{1,100}$/, "1..100 printable characters but ':'")
    .default("x-access-token"),
}).openapi("GitImport");

/** A repository the caller's GitHub App installation reads (`POST /projects`' `import`). */
export const RepositoryImport = z.strictObject({
  repository: z.string().max(201).regex(
    /^[A-Za-z0-9][A-Za-z0-9-]{0,99}\/[A-Za-z0-9._-]{1,100}$/,
    "owner/name",
  ).openapi({
    description: "`owner/name` of a repository of an account the caller's GitHub App installation is on",
    example: "acme/tide-tables",
  }),
  branch: GitBranch.optional().openapi({ description: "Default: the repository's default branch" }),
}).openapi("RepositoryImport");

export const GitImported = z.object({
  commit: z.string().openapi({ description: "The commit whose files the project starts with" }),
  skipped: z.array(z.string()).openapi({ description: "Paths the file rules refuse, left out" }),
}).openapi("GitImported");

const CreatedProject = Project.extend({
  import: GitImported.optional().openapi({ description: "Present when the project was imported" }),
}).openapi("CreatedProject");

const CreateProject = z.strictObject({
  name: ProjectName,
  description: z.string().max(LIMITS.columns["projects.description"]).optional(),
  shared: z.boolean().optional().openapi({ description: "Visible to every signed-in user; default false." }),
  import: z.union([GitImport, RepositoryImport]).optional().openapi({
    description: "Start from a git repository's files instead of the template's: any repository by its " +
      "HTTPS address, or one the caller's GitHub App installation reads by `owner/name`",
  }),
}).openapi("CreateProjectRequest");

const UpdateProject = z.strictObject({ name: ProjectName.optional(), shared: z.boolean().optional() })
  .refine((v) => Object.keys(v).length > 0, "give at least one of name, shared")
  .openapi("UpdateProjectRequest", { minProperties: 1 });

const SaveFiles = z.strictObject({
  files: z.array(z.strictObject({
    path: z.string().openapi({
      minLength: 1,
      maxLength: FILE_LIMITS.path_chars,
      pattern: FILE_PATH_PATTERN,
      description:
        `Relative, 1..${FILE_LIMITS.path_chars} characters: no leading \`/\`; no empty, \`.\`, \`..\` or ` +
        "`.git` segment (in any case, nor `GIT~1`); no backslash, colon, NUL, control character, bidi " +
        "control or zero-width character.",
      example: "app/index.tsx",
    }),
    contents: z.string(),
    type: z.string().regex(FILE_TYPE, "1..32 of A-Z, a-z, 0-9, '_' and '-'"),
  })).openapi({ maxItems: FILE_LIMITS.files_per_request }),
}).openapi("SaveProjectFilesRequest");

const IconResult = z.object({ project_id: z.int().openapi({ format: "int64" }), icon_url: z.url() })
  .openapi("IconResult");

const PushResult = z.object({
  pushed: z.boolean().openapi({
    description: "False when the repository already held exactly these files (no commit was made).",
  }),
  commit_sha: z.string().openapi({ description: "The commit the default branch points at afterwards." }),
}).openapi("PushResult");

// The database's enum public.reshare_platform: a free-text platform would let one sharer notify an owner
// without end.
const RESHARE_PLATFORMS = [
  "instagram",
  "tiktok",
  "x",
  "facebook",
  "threads",
  "whatsapp",
  "telegram",
  "messenger",
  "linkedin",
  "reddit",
  "snapchat",
  "discord",
  "youtube",
  "pinterest",
  "email",
  "sms",
  "link",
  "other",
] as const;

const ReshareRequest = z.strictObject({
  platform: z.enum(RESHARE_PLATFORMS).openapi({
    example: "instagram",
    description: "Where the project was shared; `other` for anything not listed.",
  }),
  share_metadata: z.record(z.string(), z.unknown()).optional().openapi({
    description: "Any JSON object of at most 4096 bytes; default {}.",
  }),
}).openapi("ReshareRequest");

export const Reshare = z.object({
  id: Uuid,
  project_id: z.int().openapi({ format: "int64" }),
  user_id: Uuid,
  platform: z.enum(RESHARE_PLATFORMS),
  share_metadata: z.record(z.string(), z.unknown()),
  created_at: Timestamp,
}).openapi("Reshare");

export const PreviewError = z.object({
  id: z.int().openapi({ format: "int64" }),
  message: z.string(),
  stack: z.string().nullable(),
  created_at: Timestamp,
}).openapi("PreviewError");

const RecordPreviewError = z.strictObject({
  message: z.string().min(1).max(LIMITS.columns["preview_errors.message"]),
  stack: z.string().max(LIMITS.columns["preview_errors.stack"]).nullable().optional(),
}).openapi("RecordPreviewErrorRequest");

export const DbhostLink = z.object({
  project_id: z.int().openapi({ format: "int64" }),
  dbhost_project_ref: z.string(),
  dbhost_project_name: z.string(),
  api_url: z.string().openapi({ format: "uri" }),
  created_at: Timestamp,
  updated_at: Timestamp,
}).openapi("DbhostProjectLink");

const NOT_FOUND = "`project_not_found`: no such project, or not visible to the caller (never 403)";
const OWNER_ONLY_NOT_FOUND =
  "`project_not_found`: no such project, or not the caller's (another user's project is 404, never 403)";

/** The routes, with the settings of this deployment that their descriptions print. */
export function routesFor(
  config: Pick<
    Config,
    "FILE_READ_CONCURRENCY" | "FILE_READ_PER_USER" | "FILE_READ_SEND_SECONDS" | "FILE_READ_WAIT_SECONDS"
  >,
) {
  return {
    listProjects: createRoute({
      method: "get",
      path: "/projects",
      operationId: "listProjects",
      tags: ["Projects"],
      summary: "A page of projects",
      description:
        "Newest first (`created_at`, then `id`, both descending): pages never repeat or skip a row " +
        "while projects are being created. `visibility=mine` lists the caller's own projects; `all` adds " +
        "other users' shared projects, except those of users the caller blocked or who blocked the caller. " +
        '`q` is a full-text query (web-search syntax: words, "phrases", `or`, `-not`) over name and ' +
        "description (`simple` configuration: no stemming, no stop words); matches come in the same order, " +
        "newest first, not by rank, and a query without a searchable word matches nothing. Every page costs " +
        "about the same at any table size: projects are found through an index of their words kept in list " +
        "order (the caller's own projects, and others' shared ones), so a one-word search reads a page of " +
        "that word's entries. With several words the entries of the rarest one (or, with `or`, of each, " +
        "merged) are checked against the whole query: among the caller's own projects until the page is " +
        "full, so such a search costs at most the caller's projects containing that word; among others' " +
        "shared projects at most 4,096 per word per step, and a step that reaches 4,096 candidates with the " +
        "page still not full (words common apart but rare together) reads the remaining matches below the " +
        "position reached from the full-text index and sorts them, so such a query costs its matches, not a " +
        "page. A query whose matches need contain no word (only `-not`) walks the projects newest first " +
        "instead, matching them one by one. " +
        "`cursor` is opaque and signed: it is only accepted " +
        "with the same caller, `visibility` and `q` that produced it; anything else is 400 `invalid_cursor`.",
      request: {
        query: SignedPageQuery.extend({
          visibility: Visibility.default("mine"),
          q: z.string().min(1).max(200).optional().openapi({ description: "Full-text query" }),
        }),
      },
      responses: {
        200: jsonContent(ProjectPage, "A page of projects"),
        ...errorResponses([400], { 400: "`invalid_request` (a parameter) or `invalid_cursor`" }),
      },
    }),
    createProject: createRoute({
      method: "post",
      path: "/projects",
      operationId: "createProject",
      tags: ["Projects"],
      summary: "Create a project",
      description:
        `\`name\` (1..${LIMITS.columns["projects.name"]} characters) is required; \`description\` (at most ` +
        `${LIMITS.columns["projects.description"]} characters, default ` +
        "empty) and `shared` (default false) are optional; `icon_url` and unknown fields are rejected. The " +
        "project starts with the default template files (an Expo app named after the project), which count " +
        "towards the owner's storage quota (413 `storage_quota_exceeded` when they do not fit). With `import` " +
        "it starts instead with the files of a git repository's branch, read over HTTPS (the address checked " +
        "as a git remote's: 400 `invalid_git_remote`; a token the host refuses: 400 `git_remote_unauthorized`; " +
        "no such branch: 404 `git_branch_not_found`; the host failing: 502 `git_remote_failed`): text as it is, " +
        "anything else base64 as `ASSET`, within the limits of `PUT /projects/{id}/files` (413); paths the file " +
        "rules refuse are left out and named in `import.skipped`. The token is used once, not stored. " +
        "`import.repository` (`owner/name`) reads the repository through the caller's GitHub App installation " +
        "on that owner instead, with an installation token (no installation of the caller's there: 404 " +
        "`installation_not_found`; a repository it cannot read: 404 `repohost_repository_missing`). " +
        PROJECT_LIMIT,
      request: {
        body: jsonBody(CreateProject, {
          name: "Water tracker",
          description: "Counts the glasses of water I drink a day",
          shared: false,
        }),
      },
      responses: {
        201: {
          ...jsonContent(CreatedProject, "The new project"),
          links: {
            GetProject: {
              operationId: "getProject",
              parameters: { projectId: "$response.body#/id" },
              description: "Read the project back.",
            },
            ListProjectFiles: {
              operationId: "listProjectFiles",
              parameters: { projectId: "$response.body#/id" },
              description: "The template's files it was created with.",
            },
          },
        },
        ...errorResponses([400, 404, 413, 415, 502], {
          400: "`invalid_request`; with `import`, `invalid_git_remote` or `git_remote_unauthorized`",
          404: "`profile_not_found`: the account has no profile; `git_branch_not_found`: the imported " +
            "repository has no such branch; `installation_not_found` or `repohost_repository_missing` for " +
            "`import.repository`",
          413: "`storage_quota_exceeded`: the template files would take the owner past the storage quota; " +
            "`too_many_projects`: the account already holds its most projects; an imported repository past " +
            "a file limit",
          502: "`git_remote_failed`: the imported repository's host failed or did not answer",
        }),
      },
    }),
    getProject: createRoute({
      method: "get",
      path: "/projects/{projectId}",
      ...NEEDS.project,
      operationId: "getProject",
      tags: ["Projects"],
      summary: "One project",
      description: "The caller's own project or another user's shared one (unless either blocked the other).",
      request: { params: ProjectParams },
      responses: {
        200: jsonContent(Project, "The project"),
        ...errorResponses([400, 404], { 404: NOT_FOUND }),
      },
    }),
    updateProject: createRoute({
      method: "patch",
      path: "/projects/{projectId}",
      ...NEEDS.project,
      operationId: "updateProject",
      tags: ["Projects"],
      summary: "Rename a project or change its visibility",
      description: "Owner only. `name` and/or `shared`, at least one; `icon_url` (server-managed) and " +
        "unknown fields are rejected with 400.",
      request: {
        params: ProjectParams,
        body: jsonBody(UpdateProject, { name: "Water and tea tracker", shared: true }),
      },
      responses: {
        200: jsonContent(Project, "The updated project"),
        ...errorResponses([400, 404, 415], { 404: OWNER_ONLY_NOT_FOUND }),
      },
    }),
    deleteProject: createRoute({
      method: "delete",
      path: "/projects/{projectId}",
      ...NEEDS.project,
      operationId: "deleteProject",
      tags: ["Projects"],
      summary: "Delete a project",
      description:
        "Owner only. Its files, preview errors, reshares, reports, repository and database links " +
        "go with it, then its icon objects.",
      request: { params: ProjectParams },
      responses: {
        204: { description: "Deleted" },
        ...errorResponses([400, 404], { 404: OWNER_ONLY_NOT_FOUND }),
      },
    }),
    listProjectFiles: createRoute({
      method: "get",
      path: "/projects/{projectId}/files",
      ...NEEDS.project,
      operationId: "listProjectFiles",
      tags: ["Projects"],
      summary: "A project's files",
      description:
        "Ordered by path (byte order). Readable by the owner, and by anyone when the project is shared. " +
        `${STORAGE_LIMITS} ${fileReadLimits(config)}`,
      request: {
        params: ProjectParams,
        query: z.object({
          type: FileTypeFilter.optional().openapi({
            description: "Only files of this type",
            example: "CODE",
          }),
        }),
      },
      responses: {
        200: jsonContent(ProjectFiles, "The files"),
        ...errorResponses([400, 404], { 404: NOT_FOUND }),
        503: FILE_READS_BUSY,
      },
    }),
    downloadArchive: createRoute({
      method: "get",
      path: "/projects/{projectId}/archive",
      operationId: "downloadArchive",
      tags: ["Projects"],
      ...NEEDS.project,
      summary: "Download a project as a zip",
      description:
        "The project's files as a zip archive, for whoever may read them (the owner, and anyone when the " +
        "project is shared): binary files (`encoding` `base64` in the files listing) as their bytes, text " +
        `as UTF-8. It also holds a note on running the app (\`npm install\`, \`npx expo start\`, the Expo ` +
        `SDK its package.json names) as \`${RUN_NOTE_PATHS[0]}\`, or as \`${RUN_NOTE_PATHS[1]}\` when ` +
        "the project has its own README.md (none when it has both). With `version`, the files of that " +
        "version (`GET /projects/{projectId}/versions`; the owner's only), dated when it was made. The archive " +
        `is built while it is sent, reading ${ARCHIVE_PAGE_BYTES} bytes of contents at a time, so it has no ` +
        `Content-Length. ${fileReadLimits(config)}`,
      request: {
        params: ProjectParams,
        query: z.object({
          version: Uuid.optional().openapi({
            description: "A version of the project to download; its current files when absent",
          }),
        }),
      },
      responses: {
        200: {
          description: "The zip archive, named after the project in `Content-Disposition`",
          headers: {
            "Content-Disposition": {
              description: '`attachment; filename="<slug>.zip"`, with `filename*` when the name is not ASCII',
              schema: { type: "string" },
            },
          },
          content: { "application/zip": { schema: { type: "string", format: "binary" } } },
        },
        ...errorResponses([400, 404], {
          400: "`invalid_request`: the id, or a `version` that is not a UUID",
          404: `${NOT_FOUND}; \`version_not_found\`: \`version\` is not a version of this project (the ` +
            "owner's versions only)",
        }),
        503: FILE_READS_BUSY,
      },
    }),
    saveProjectFiles: createRoute({
      method: "put",
      path: "/projects/{projectId}/files",
      ...NEEDS.project,
      operationId: "saveProjectFiles",
      tags: ["Projects"],
      summary: "Save files",
      description:
        "Owner only. Each file updates the row with that project and path, or inserts it, in one " +
        "statement, and the project's files become its next version (`GET /projects/{projectId}/versions`); " +
        "the saved files come back ordered by path. Limits: a path is relative, 1.." +
        `${FILE_LIMITS.path_chars} characters, with no leading \`/\`, no \`.\`, \`..\`, \`.git\` or empty ` +
        "segment, no backslash, colon, NUL, control, bidi or zero-width character (400 `invalid_file_path`, " +
        "`details.path` and `details.reason`); " +
        "a path at most once per request (400 `duplicate_file_path`); at most " +
        `${FILE_LIMITS.files_per_request} files per request (413 \`too_many_files\`), ` +
        `${FILE_LIMITS.bytes_per_file} bytes per file (413 \`file_too_large\`), ` +
        `${FILE_LIMITS.bytes_per_request} bytes of contents per request (413 \`request_too_large\`); each of ` +
        `these names the offending file in \`details.path\`. ${STORAGE_LIMITS} A body over ` +
        `${MAX_FILES_BODY_BYTES} bytes is refused unread (413 \`payload_too_large\`). A failing request saves ` +
        "nothing.",
      middleware: [routeBodyLimit(MAX_FILES_BODY_BYTES)],
      request: {
        params: ProjectParams,
        body: jsonBody(SaveFiles, {
          files: [{ path: "src/notes.md", contents: "# Notes\n", type: "TEXT" }],
        }),
      },
      responses: {
        200: jsonContent(ProjectFiles, "The saved files"),
        ...errorResponses([400, 404, 413, 415], { 404: OWNER_ONLY_NOT_FOUND }),
      },
    }),
    generateProjectIcon: createRoute({
      method: "post",
      path: "/projects/{projectId}/icon",
      ...NEEDS.project,
      operationId: "generateProjectIcon",
      tags: ["Projects"],
      summary: "Generate and assign the project's icon",
      description:
        "Owner only. Renders a 1024×1024 PNG from the project's name (the same name gives the same " +
        "image), stores it publicly and sets the project's `icon_url`; the previous icon object is removed.",
      request: { params: ProjectParams },
      responses: {
        200: jsonContent(IconResult, "The assigned icon"),
        ...errorResponses([400, 404, 502], { 404: OWNER_ONLY_NOT_FOUND, 502: "The blob store failed" }),
      },
    }),
    pushProject: createRoute({
      method: "post",
      path: "/projects/{projectId}/pushes",
      ...NEEDS.repohost,
      operationId: "pushProject",
      tags: ["Projects"],
      summary: "Push the project's files to its linked repository",
      description: "Owner only. Commits exactly the project's files to the default branch of the linked " +
        "repository as one commit on top of the previous head (git data API: blobs, tree, commit, ref " +
        "update), acting as the GitHub App's installation, and records `repohost_last_sync`. A missing " +
        "repository is created when the installation is on an organization; GitHub gives apps no way to " +
        "create one in a personal account, so there it answers 404 `repohost_repository_missing` and the " +
        "user creates it and grants the app access. 404 `project_not_found` or `repository_not_linked` come " +
        "first, then 503 `integration_not_configured` where no repository host is configured. When GitHub " +
        "fails (502) nothing is recorded as synced.",
      request: { params: ProjectParams },
      responses: {
        201: jsonContent(PushResult, "Pushed"),
        ...errorResponses([400, 404, 409, 502, 503], {
          400: "`repohost_no_files`: the project has no files",
          404: "`project_not_found` (not the caller's project), `repository_not_linked`, " +
            "`repohost_installation_missing` (the app was uninstalled) or `repohost_repository_missing`",
          409: "`repohost_branch_moved`: someone pushed to the branch meanwhile; pushing again is safe",
          502: "`repohost_failed`: GitHub failed or did not answer",
          503: "`integration_not_configured`: no repository host is configured on this server " +
            "(`details.missing` names the settings to set); or `database_unavailable`",
        }),
      },
    }),
    reshareProject: createRoute({
      method: "post",
      path: "/projects/{projectId}/reshares",
      ...NEEDS.project,
      operationId: "reshareProject",
      tags: ["Projects"],
      summary: "Record a reshare",
      description: "The sharer is the caller; any project the caller may see can be reshared. Once per " +
        "project, user and platform: a repeat answers 200 `{deduped: true}`. The owner is notified once per " +
        "project and sharer, whatever the platforms, with the sharer as sender, unless they reshared their " +
        "own project. 404 `profile_not_found` when the caller's account was deleted.",
      request: { params: ProjectParams, body: jsonBody(ReshareRequest, { platform: "instagram" }) },
      responses: {
        201: jsonContent(Reshare, "Recorded"),
        200: jsonContent(Deduped, "Already recorded"),
        ...errorResponses([400, 404, 415], { 404: `${NOT_FOUND}; or \`profile_not_found\`` }),
      },
    }),
    listPreviewErrors: createRoute({
      method: "get",
      path: "/projects/{projectId}/preview-errors",
      ...NEEDS.project,
      operationId: "listPreviewErrors",
      tags: ["Projects"],
      summary: "The project's preview errors",
      description: `Owner only; at most ${PREVIEW_ERRORS_KEPT}, oldest first. Reading removes nothing.`,
      request: { params: ProjectParams },
      responses: {
        200: jsonContent(z.object({ data: z.array(PreviewError) }), `Up to ${PREVIEW_ERRORS_KEPT} errors`),
        ...errorResponses([400, 404], { 404: OWNER_ONLY_NOT_FOUND }),
      },
    }),
    recordPreviewError: createRoute({
      method: "post",
      path: "/projects/{projectId}/preview-errors",
      ...NEEDS.project,
      operationId: "recordPreviewError",
      tags: ["Projects"],
      summary: "Record a preview error",
      description: "An addition to the contract, so a running preview can report what failed. Owner only; " +
        `\`message\` 1..${LIMITS.columns["preview_errors.message"]} characters, optional \`stack\` at most ` +
        `${
          LIMITS.columns["preview_errors.stack"]
        }. A project keeps its ${PREVIEW_ERRORS_KEPT} newest errors: ` +
        `recording an ${PREVIEW_ERRORS_KEPT + 1}th deletes the oldest.`,
      request: {
        params: ProjectParams,
        body: jsonBody(RecordPreviewError, {
          message: "TypeError: undefined is not an object",
          stack: null,
        }),
      },
      responses: {
        201: jsonContent(PreviewError, "Recorded"),
        ...errorResponses([400, 404, 415], { 404: OWNER_ONLY_NOT_FOUND }),
      },
    }),
    clearPreviewErrors: createRoute({
      method: "delete",
      path: "/projects/{projectId}/preview-errors",
      ...NEEDS.project,
      operationId: "clearPreviewErrors",
      tags: ["Projects"],
      summary: "Delete all the project's preview errors",
      description: "Owner only; idempotent (a second call reports `deleted_count: 0`).",
      request: { params: ProjectParams },
      responses: {
        200: jsonContent(
          z.object({ deleted_count: z.int() }).openapi("DeletedCount"),
          "How many were deleted",
        ),
        ...errorResponses([400, 404], { 404: OWNER_ONLY_NOT_FOUND }),
      },
    }),
    getProjectDbhostLink: createRoute({
      method: "get",
      path: "/projects/{projectId}/dbhost-link",
      ...NEEDS.project,
      operationId: "getProjectDbhostLink",
      tags: ["Projects"],
      summary: "The project's database-host link",
      description: "Owner only; the link's safe columns. The anon key is never returned.",
      request: { params: ProjectParams },
      responses: {
        200: jsonContent(DbhostLink, "The link"),
        ...errorResponses([400, 404], {
          404: "`project_not_found` (not the caller's project) or `dbhost_link_not_found`",
        }),
      },
    }),
  };
}
