// The projects routes' handlers, each registered against its definition in `_contract/projects.ts`.
import type { z } from "@hono/zod-openapi";
import type { TypedResponse } from "hono";
import type postgres from "postgres";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { releaseWhenSent } from "../../_shared/limiter.ts";
import { readProjectFiles } from "../../_shared/project-files.ts";
import { type ApiApp, userRoute } from "../../_shared/http.ts";
import { Deduped } from "../../_contract/common.ts";
import { archiveDisposition, projectArchive } from "../../_shared/project-archive.ts";
import { generateProjectIcon, removeProjectIcons } from "../../_shared/icons/project-icons.ts";
import { defaultProjectFiles } from "../../_generator/project-template.ts";
import { requireIntegration } from "../../_shared/integrations.ts";
import { asProjectFile, type GitRemote, readBranch } from "../../_shared/git-remote.ts";
import type { Claims } from "../../_shared/auth.ts";
import { completeSnapshots, gitRemoteOptions, type VersionSnapshot } from "../../_shared/git-sync.ts";
import {
  DbhostLink,
  type GitImport,
  PreviewError,
  Project,
  ProjectFiles,
  ProjectPage,
  type RepositoryImport,
  Reshare,
  routesFor,
} from "../../_contract/projects.ts";

/** What api.repohost_push_source answers: the link to push through and the versions to push. */
interface PushSource {
  link: { repohost_installation_id: number; repohost_repository_name: string };
  snapshots: VersionSnapshot[];
}

type ProjectRow = z.infer<typeof Project>;

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

/**
 * The remote an import reads: its address as given, or a repository the caller's GitHub App installation on
 * its owner reads, with an installation token.
 */
async function importedRemote(
  deps: Deps,
  claims: Claims,
  from: z.infer<typeof GitImport> | z.infer<typeof RepositoryImport>,
): Promise<GitRemote> {
  if ("url" in from) return from;
  const [owner, name] = from.repository.split("/");
  const installationId = await selectAsUser<number>(
    deps.db,
    claims,
    (tx) => tx`select api.repohost_installation_on(${owner}) as r`,
  );
  const remote = await requireIntegration(deps, "repohost").port.repositoryRemote(
    installationId,
    owner,
    name,
  );
  return { ...remote, branch: from.branch ?? remote.branch };
}

export function registerProjectRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier } = deps;
  const routes = routesFor(deps.config);

  api.openapi(
    userRoute(verifier, routes.listProjects),
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
    userRoute(verifier, routes.createProject),
    async (c) => {
      const body = c.req.valid("json");
      const imported = body.import
        ? await readBranch(
          await importedRemote(deps, c.get("claims"), body.import),
          gitRemoteOptions(deps.config),
        )
        : null;
      const files = imported
        ? imported.files.map(asProjectFile)
        : await defaultProjectFiles(body.name, body.description);
      const project = await selectAsUser<ProjectRow>(
        db,
        c.get("claims"),
        (tx) =>
          tx`select api.create_project(${body.name}, ${body.description ?? null}, ${body.shared ?? null}, ${
            tx.json(files)
          }) as r`,
      );
      return c.json(
        imported ? { ...project, import: { commit: imported.head, skipped: imported.skipped } } : project,
        201,
      );
    },
  );

  api.openapi(
    userRoute(verifier, routes.getProject),
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
    userRoute(verifier, routes.updateProject),
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
    userRoute(verifier, routes.deleteProject),
    async (c) => {
      const { projectId } = c.req.valid("param");
      await selectAsUser(db, c.get("claims"), (tx) => tx`select api.delete_project(${projectId}) as r`);
      // It existed, so it is an id the service hands out as a JSON number: exact as a number.
      await removeProjectIcons(deps, Number(projectId));
      return c.body(null, 204);
    },
  );

  api.openapi(
    userRoute(verifier, routes.listProjectFiles),
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
    userRoute(verifier, routes.downloadArchive),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const { version } = c.req.valid("query");
      const { name, body, slot } = await projectArchive(deps, c.get("claims"), projectId, version);
      return c.body(releaseWhenSent(body, slot), 200, {
        "content-type": "application/zip",
        "content-disposition": archiveDisposition(name, projectId),
      });
    },
  );

  api.openapi(
    userRoute(verifier, routes.saveProjectFiles),
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
    userRoute(verifier, routes.generateProjectIcon),
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
    userRoute(verifier, routes.pushProject),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const source = await selectAsUser<PushSource>(
        db,
        c.get("claims"),
        (tx) => tx`select api.repohost_push_source(${projectId}) as r`,
      );
      const { port: repohost } = requireIntegration(deps, "repohost");
      const { repohost_installation_id: installationId, repohost_repository_name: repository } = source.link;
      const commits = completeSnapshots(source.snapshots);
      const pushed = await repohost.pushFiles({ installationId, repository, commits });
      const version = commits.at(-1)?.version_id ?? null;
      await db.asService((tx) =>
        tx`select private.record_repohost_sync(${projectId}, ${installationId}, ${repository}, ${pushed.commitSha}, ${version})`
      );
      return c.json({ pushed: pushed.committed, commit_sha: pushed.commitSha }, 201);
    },
  );

  api.openapi(
    userRoute(verifier, routes.reshareProject),
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
    userRoute(verifier, routes.listPreviewErrors),
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
    userRoute(verifier, routes.recordPreviewError),
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
    userRoute(verifier, routes.clearPreviewErrors),
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
    userRoute(verifier, routes.getProjectDbhostLink),
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
