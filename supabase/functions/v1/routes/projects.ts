// Section D of the contract: projects, their files, icon, reshares, preview errors and integration links.
// Visibility and every limit are enforced in SQL (api.* functions under row-level security).
import { createRoute, z } from "@hono/zod-openapi";
import type { TypedResponse } from "hono";
import type postgres from "postgres";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { releaseWhenSent } from "../../_shared/limiter.ts";
import {
  FILE_PATH_MAX_CHARS,
  FILE_PATH_PATTERN,
  fileReadLimits,
  readProjectFiles,
} from "../../_shared/project-files.ts";
import {
  type ApiApp,
  Deduped,
  errorResponses,
  jsonBody,
  jsonContent,
  NEEDS,
  routeBodyLimit,
  SignedPageQuery,
  Timestamp,
  userRoute,
  Uuid,
  withRetryAfter,
} from "../../_shared/http.ts";
import {
  ARCHIVE_PAGE_BYTES,
  archiveDisposition,
  projectArchive,
  RUN_NOTE_PATHS,
} from "../../_shared/project-archive.ts";
import { generateProjectIcon, removeProjectIcons } from "../../_shared/icons/project-icons.ts";
import { defaultProjectFiles } from "../../_generator/project-template.ts";
import { requireIntegration } from "../../_shared/integrations.ts";
import type { RepoFile } from "../../_shared/ports/repohost.ts";
import { Project, ProjectFiles, ProjectPage } from "../../_shared/schemas.ts";

// The limits api.save_project_files and the project_files triggers enforce, repeated for the documentation.
export const FILE_LIMITS = {
  pathChars: FILE_PATH_MAX_CHARS,
  filesPerRequest: 100,
  bytesPerFile: 512 * 1024,
  bytesPerRequest: 4 * 1024 * 1024,
  filesPerProject: 500,
  bytesPerProject: 20 * 1024 * 1024,
  defaultQuotaBytes: 100 * 1024 * 1024,
};
/** The default of the `max_projects_per_user` setting the projects table enforces. */
export const DEFAULT_MAX_PROJECTS = 500;
export const PROJECT_LIMIT = `An account holds at most the setting \`max_projects_per_user\` (default ` +
  `${DEFAULT_MAX_PROJECTS}) projects (413 \`too_many_projects\` with \`details.limit\`).`;
const STORAGE_LIMITS =
  `A project holds at most ${FILE_LIMITS.filesPerProject} files (413 \`too_many_project_files\`) ` +
  `and ${FILE_LIMITS.bytesPerProject} bytes of contents (413 \`project_too_large\`); all the projects of one ` +
  "owner together hold at most the server's storage quota (setting `storage_quota_bytes`, default " +
  `${FILE_LIMITS.defaultQuotaBytes} bytes; 413 \`storage_quota_exceeded\` with \`details.quota_bytes\` and ` +
  "`details.used_bytes`). The database enforces these for every writer.";
// The raw body may exceed the contents limit by JSON escaping; beyond this it is refused unread.
const MAX_FILES_BODY_BYTES = 8 * 1024 * 1024;
const FILE_TYPE = /^[A-Za-z0-9_-]{1,32}$/;
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

const ProjectName = z.string().min(1).max(100).regex(/\S/, "must not be blank");

const CreateProject = z.strictObject({
  name: ProjectName,
  description: z.string().max(1000).optional(),
  shared: z.boolean().optional().openapi({ description: "Visible to every signed-in user; default false." }),
}).openapi("CreateProjectRequest");

const UpdateProject = z.strictObject({ name: ProjectName.optional(), shared: z.boolean().optional() })
  .refine((v) => Object.keys(v).length > 0, "give at least one of name, shared")
  .openapi("UpdateProjectRequest", { minProperties: 1 });

const SaveFiles = z.strictObject({
  files: z.array(z.strictObject({
    path: z.string().openapi({
      minLength: 1,
      maxLength: FILE_LIMITS.pathChars,
      pattern: FILE_PATH_PATTERN,
      description:
        `Relative, 1..${FILE_LIMITS.pathChars} characters: no leading \`/\`; no empty, \`.\`, \`..\` or ` +
        "`.git` segment (in any case, nor `GIT~1`); no backslash, colon, NUL, control character, bidi " +
        "control or zero-width character.",
      example: "app/index.tsx",
    }),
    contents: z.string(),
    type: z.string().regex(FILE_TYPE, "1..32 of A-Z, a-z, 0-9, '_' and '-'"),
  })).openapi({ maxItems: FILE_LIMITS.filesPerRequest }),
}).openapi("SaveProjectFilesRequest");

const IconResult = z.object({ project_id: z.int().openapi({ format: "int64" }), icon_url: z.url() })
  .openapi("IconResult");

const PushResult = z.object({
  pushed: z.boolean().openapi({
    description: "False when the repository already held exactly these files (no commit was made).",
  }),
  commit_sha: z.string().openapi({ description: "The commit the default branch points at afterwards." }),
}).openapi("PushResult");

/** What api.repohost_push_source answers: the link to push through and the project's files. */
interface PushSource {
  link: { repohost_installation_id: number; repohost_repository_name: string };
  project_name: string;
  files: RepoFile[];
}

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

const Reshare = z.object({
  id: Uuid,
  project_id: z.int().openapi({ format: "int64" }),
  user_id: Uuid,
  platform: z.enum(RESHARE_PLATFORMS),
  share_metadata: z.record(z.string(), z.unknown()),
  created_at: Timestamp,
}).openapi("Reshare");

const PreviewError = z.object({
  id: z.int().openapi({ format: "int64" }),
  message: z.string(),
  stack: z.string().nullable(),
  created_at: Timestamp,
}).openapi("PreviewError");

const RecordPreviewError = z.strictObject({
  message: z.string().min(1).max(2000),
  stack: z.string().max(16000).nullable().optional(),
}).openapi("RecordPreviewErrorRequest");

export const DbhostLink = z.object({
  project_id: z.int().openapi({ format: "int64" }),
  dbhost_project_ref: z.string(),
  dbhost_project_name: z.string(),
  api_url: z.string().openapi({ format: "uri" }),
  created_at: Timestamp,
  updated_at: Timestamp,
}).openapi("DbhostProjectLink");

type ProjectRow = z.infer<typeof Project>;

const NOT_FOUND = "`project_not_found`: no such project, or not visible to the caller (never 403)";
const OWNER_ONLY_NOT_FOUND =
  "`project_not_found`: no such project, or not the caller's (another user's project is 404, never 403)";

/** NUL cannot reach SQL (text cannot hold it), so this one path rule is checked here. */
function refuseNulPaths(files: { path: string }[]) {
  const bad = files.find((f) => f.path.includes("\0"));
  if (bad) {
    throw new ApiError(400, "invalid_file_path", "File paths must not contain NUL characters.", {
      path: bad.path,
      reason: "nul_character",
    });
  }
}

export function registerProjectRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier } = deps;

  api.openapi(
    userRoute(
      verifier,
      createRoute({
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
            visibility: z.enum(["mine", "all"]).default("mine"),
            q: z.string().min(1).max(200).optional().openapi({ description: "Full-text query" }),
          }),
        },
        responses: {
          200: jsonContent(ProjectPage, "A page of projects"),
          ...errorResponses([400], { 400: "`invalid_request` (a parameter) or `invalid_cursor`" }),
        },
      }),
    ),
    async (c) => {
      const { limit, cursor, visibility, q } = c.req.valid("query");
      const page = await selectAsUser<z.infer<typeof ProjectPage>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.list_projects(${limit}, ${cursor ?? null}, ${visibility}, ${q ?? null}) as r`,
      );
      return c.json(page, 200);
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
        method: "post",
        path: "/projects",
        operationId: "createProject",
        tags: ["Projects"],
        summary: "Create a project",
        description:
          "`name` (1..100 characters) is required; `description` (at most 1000 characters, default " +
          "empty) and `shared` (default false) are optional; `icon_url` and unknown fields are rejected. The " +
          "project starts with the default template files (an Expo app named after the project), which count " +
          "towards the owner's storage quota (413 `storage_quota_exceeded` when they do not fit). " +
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
            ...jsonContent(Project, "The new project"),
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
          ...errorResponses([400, 404, 413, 415], {
            404: "`profile_not_found`: the account has no profile",
            413:
              "`storage_quota_exceeded`: the template files would take the owner past the storage quota; " +
              "`too_many_projects`: the account already holds its most projects",
          }),
        },
      }),
    ),
    async (c) => {
      const body = c.req.valid("json");
      const files = await defaultProjectFiles(body.name, body.description);
      const project = await selectAsUser<ProjectRow>(
        db,
        c.get("claims"),
        (tx) =>
          tx`select api.create_project(${body.name}, ${body.description ?? null}, ${body.shared ?? null}, ${
            tx.json(files)
          }) as r`,
      );
      return c.json(project, 201);
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
        method: "get",
        path: "/projects/{projectId}",
        ...NEEDS.project,
        operationId: "getProject",
        tags: ["Projects"],
        summary: "One project",
        description:
          "The caller's own project or another user's shared one (unless either blocked the other).",
        request: { params: ProjectParams },
        responses: {
          200: jsonContent(Project, "The project"),
          ...errorResponses([400, 404], { 404: NOT_FOUND }),
        },
      }),
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const project = await selectAsUser<ProjectRow>(
        db,
        c.get("claims"),
        (tx) => tx`select api.get_project(${projectId}) as r`,
      );
      return c.json(project, 200);
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
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
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const changes = c.req.valid("json");
      const project = await selectAsUser<ProjectRow>(
        db,
        c.get("claims"),
        (tx) => tx`select api.update_project(${projectId}, ${tx.json(changes)}) as r`,
      );
      return c.json(project, 200);
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
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
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      await selectAsUser(db, c.get("claims"), (tx) => tx`select api.delete_project(${projectId}) as r`);
      // It existed, so it is an id the service hands out as a JSON number: exact as a number.
      await removeProjectIcons(deps, Number(projectId));
      return c.body(null, 204);
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
        method: "get",
        path: "/projects/{projectId}/files",
        ...NEEDS.project,
        operationId: "listProjectFiles",
        tags: ["Projects"],
        summary: "A project's files",
        description:
          "Ordered by path (byte order). Readable by the owner, and by anyone when the project is shared. " +
          `${STORAGE_LIMITS} ${fileReadLimits(deps.config)}`,
        request: {
          params: ProjectParams,
          query: z.object({
            type: z.string().regex(FILE_TYPE).optional().openapi({
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
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const { type } = c.req.valid("query");
      // Already the answer's JSON: passed through without parsing it into objects and back.
      const { json, slot } = await readProjectFiles(deps, c.get("claims"), projectId, type);
      try {
        const bytes = new TextEncoder().encode(json);
        // The typed c.json would serialize; this body is that document already.
        return c.body(releaseWhenSent(ReadableStream.from([bytes]), slot), 200, {
          "content-type": "application/json",
          "content-length": String(bytes.length),
        }) as unknown as TypedResponse<z.infer<typeof ProjectFiles>, 200, "json">;
      } catch (err) {
        slot.release();
        throw err;
      }
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
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
          "the project has its own README.md (none when it has both). The archive is built while it is sent, " +
          `reading ${ARCHIVE_PAGE_BYTES} bytes of contents at a time, so it has no Content-Length. ` +
          fileReadLimits(deps.config),
        request: { params: ProjectParams },
        responses: {
          200: {
            description: "The zip archive, named after the project in `Content-Disposition`",
            headers: {
              "Content-Disposition": {
                description:
                  '`attachment; filename="<slug>.zip"`, with `filename*` when the name is not ASCII',
                schema: { type: "string" },
              },
            },
            content: { "application/zip": { schema: { type: "string", format: "binary" } } },
          },
          ...errorResponses([400, 404], { 404: NOT_FOUND }),
          503: FILE_READS_BUSY,
        },
      }),
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const { name, body, slot } = await projectArchive(deps, c.get("claims"), projectId);
      return c.body(releaseWhenSent(body, slot), 200, {
        "content-type": "application/zip",
        "content-disposition": archiveDisposition(name, projectId),
      });
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
        method: "put",
        path: "/projects/{projectId}/files",
        ...NEEDS.project,
        operationId: "saveProjectFiles",
        tags: ["Projects"],
        summary: "Save files",
        description:
          "Owner only. Each file updates the row with that project and path, or inserts it, in one " +
          "statement; the saved files come back ordered by path. Limits: a path is relative, 1.." +
          `${FILE_LIMITS.pathChars} characters, with no leading \`/\`, no \`.\`, \`..\`, \`.git\` or empty ` +
          "segment, no backslash, colon, NUL, control, bidi or zero-width character (400 `invalid_file_path`, " +
          "`details.path` and `details.reason`); " +
          "a path at most once per request (400 `duplicate_file_path`); at most " +
          `${FILE_LIMITS.filesPerRequest} files per request (413 \`too_many_files\`), ` +
          `${FILE_LIMITS.bytesPerFile} bytes per file (413 \`file_too_large\`), ` +
          `${FILE_LIMITS.bytesPerRequest} bytes of contents per request (413 \`request_too_large\`); each of ` +
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
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const { files } = c.req.valid("json");
      refuseNulPaths(files);
      const saved = await selectAsUser<z.infer<typeof ProjectFiles>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.save_project_files(${projectId}, ${tx.json(files)}) as r`,
      );
      return c.json(saved, 200);
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
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
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const name = await selectAsUser<string>(
        db,
        c.get("claims"),
        (tx) => tx`select (api.require_own_project(${projectId})).name as r`,
      );
      const icon = await generateProjectIcon(deps, { id: Number(projectId), name });
      if (!icon) throw new ApiError(404, "project_not_found", "No such project.");
      return c.json(icon, 200);
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
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
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const source = await selectAsUser<PushSource>(
        db,
        c.get("claims"),
        (tx) => tx`select api.repohost_push_source(${projectId}) as r`,
      );
      const { port: repohost } = requireIntegration(deps, "repohost");
      const { repohost_installation_id: installationId, repohost_repository_name: repository } = source.link;
      const pushed = await repohost.pushFiles({
        installationId,
        repository,
        files: source.files,
        message: `Update ${source.project_name}`,
      });
      await db.asService((tx) =>
        tx`select private.record_repohost_sync(${projectId}, ${installationId}, ${repository})`
      );
      return c.json({ pushed: pushed.committed, commit_sha: pushed.commitSha }, 201);
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
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
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const { platform, share_metadata } = c.req.valid("json");
      const out = await selectAsUser<z.infer<typeof Reshare> | z.infer<typeof Deduped>>(
        db,
        c.get("claims"),
        (tx) =>
          tx`select api.create_reshare(${projectId}, ${platform}, ${
            share_metadata === undefined ? null : tx.json(share_metadata as postgres.JSONValue)
          }) as r`,
      );
      return "deduped" in out ? c.json(out, 200) : c.json(out, 201);
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
        method: "get",
        path: "/projects/{projectId}/preview-errors",
        ...NEEDS.project,
        operationId: "listPreviewErrors",
        tags: ["Projects"],
        summary: "The project's preview errors",
        description: "Owner only; at most 10, oldest first. Reading removes nothing.",
        request: { params: ProjectParams },
        responses: {
          200: jsonContent(z.object({ data: z.array(PreviewError) }), "Up to 10 errors"),
          ...errorResponses([400, 404], { 404: OWNER_ONLY_NOT_FOUND }),
        },
      }),
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const errors = await selectAsUser<{ data: z.infer<typeof PreviewError>[] }>(
        db,
        c.get("claims"),
        (tx) => tx`select api.list_preview_errors(${projectId}) as r`,
      );
      return c.json(errors, 200);
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
        method: "post",
        path: "/projects/{projectId}/preview-errors",
        ...NEEDS.project,
        operationId: "recordPreviewError",
        tags: ["Projects"],
        summary: "Record a preview error",
        description:
          "An addition to the contract, so a running preview can report what failed. Owner only; " +
          "`message` 1..2000 characters, optional `stack` at most 16000. A project keeps its 10 newest errors: " +
          "recording an 11th deletes the oldest.",
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
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const { message, stack } = c.req.valid("json");
      const recorded = await selectAsUser<z.infer<typeof PreviewError>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.record_preview_error(${projectId}, ${message}, ${stack ?? null}) as r`,
      );
      return c.json(recorded, 201);
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
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
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const out = await selectAsUser<{ deleted_count: number }>(
        db,
        c.get("claims"),
        (tx) => tx`select api.clear_preview_errors(${projectId}) as r`,
      );
      return c.json(out, 200);
    },
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
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
    ),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const link = await selectAsUser<z.infer<typeof DbhostLink>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.get_dbhost_link(${projectId}) as r`,
      );
      return c.json(link, 200);
    },
  );
}
