// Any git remote over HTTP(S) with a token (GitLab, Gitea, Forgejo, Bitbucket, self-hosted, GitHub): a
// project is linked to a remote branch and pushed to it through git's smart HTTP, one commit per snapshot
// on top of the remote's head, fast-forward only. The token is stored sealed; every address passes the
// outbound check webhook targets pass.
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, jsonBody, jsonContent, NEEDS, Timestamp } from "./common.ts";
import { LIMITS } from "./limits.gen.ts";
import { GitBranch, ProjectParams } from "./projects.ts";

const TAG = "Git remotes";

const NOT_LINKED = "`project_not_found` (not the caller's project) or `git_remote_not_linked`";
const REMOTE_FAILED = "`git_remote_failed`: the remote failed or did not answer (`details.status` when it " +
  "answered with an HTTP error)";
const NO_SEALING = "`integration_not_configured`: no token sealing key is configured on this server " +
  "(`details.missing` names the settings to set); or `database_unavailable`";

const SaveGitRemote = z.strictObject({
  url: z.string().max(LIMITS.columns["git_remotes.url"]).openapi({
    description: "The repository's HTTPS address, without credentials, e.g. " +
      "`https://gitlab.com/you/app.git`. Private, loopback and link-local addresses are refused.",
  }),
  token: z.string().min(1).max(1024).regex(/^[\x21-\x7e]+$/, "a token: printable ASCII without spaces")
    .openapi({
      description: "A token with read and write access to the repository, sent as the HTTP Basic " +
        "password; write-only: stored sealed, never returned",
    }),
  branch: GitBranch.default("main").openapi({ description: "The branch pushed to and pulled from" }),
  username: z.string().regex(/^[\x21-\x39\x3b-\x7e]{1,100}$/, "1..100 printable characters but ':'")
    .default("x-access-token").openapi({
      description: "The HTTP Basic user name sent with the token (`oauth2` on GitLab, `x-token-auth` on " +
        "Bitbucket; most hosts take any)",
    }),
}).openapi("SaveGitRemoteRequest");

export const GitRemote = z.object({
  project_id: z.int(),
  url: z.string(),
  branch: z.string(),
  username: z.string(),
  last_commit: z.string().nullable().openapi({
    description: "The remote commit the service last pushed: what a later push builds on",
  }),
  last_synced_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
}).openapi("GitRemote");

export const GitPushResult = z.object({
  pushed: z.boolean().openapi({
    description: "False when the remote branch already held exactly these files (no commit was made)",
  }),
  commit: z.string().nullable().openapi({
    description: "The commit the remote branch points at afterwards (null: an empty project pushed " +
      "to an empty repository)",
  }),
}).openapi("GitPushResult");

export const GitPullResult = z.object({
  pulled: z.boolean().openapi({
    description: "False when the remote had no commit the service had not seen",
  }),
  commit: z.string().nullable().openapi({ description: "The remote commit the project is now synced with" }),
  changed: z.array(z.string()).openapi({ description: "Files written from the remote" }),
  deleted: z.array(z.string()).openapi({ description: "Files deleted because the remote deleted them" }),
  skipped: z.array(z.string()).openapi({ description: "Remote files whose paths the file rules refuse" }),
}).openapi("GitPullResult");

export const routes = {
  saveGitRemote: createRoute({
    method: "put",
    path: "/projects/{projectId}/git-remote",
    ...NEEDS.project,
    operationId: "saveGitRemote",
    tags: [TAG],
    summary: "Link the project to a git remote",
    description: "Owner only. The address passes the same check as webhook endpoints (https, a public " +
      "address); the remote is asked for its branches with the token before anything is stored, and the " +
      "token is stored sealed. Linking another address or branch forgets the last sync.",
    request: {
      params: ProjectParams,
      body: jsonBody(SaveGitRemote, {
        url: "https://gitlab.com/you/app.git",
        token: "glpat-xxxxxxxxxxxxxxxxxxxx",
        branch: "main",
        username: "oauth2",
      }),
    },
    responses: {
      200: jsonContent(GitRemote, "Linked"),
      ...errorResponses([400, 404, 415, 502, 503], {
        400:
          "`invalid_request`; `invalid_git_remote`: the address is refused (`details.problem` says why); " +
          "`git_remote_unauthorized`: the remote refused the token",
        404: "`project_not_found`",
        502: REMOTE_FAILED,
        503: NO_SEALING,
      }),
    },
  }),
  getGitRemote: createRoute({
    method: "get",
    path: "/projects/{projectId}/git-remote",
    ...NEEDS.gitRemote,
    operationId: "getGitRemote",
    tags: [TAG],
    summary: "The project's git remote",
    description: "Owner only. The token is never returned.",
    request: { params: ProjectParams },
    responses: {
      200: jsonContent(GitRemote, "The remote"),
      ...errorResponses([400, 404], { 400: "`invalid_request`", 404: NOT_LINKED }),
    },
  }),
  deleteGitRemote: createRoute({
    method: "delete",
    path: "/projects/{projectId}/git-remote",
    ...NEEDS.project,
    operationId: "deleteGitRemote",
    tags: [TAG],
    summary: "Unlink the project from its git remote",
    description: "Owner only; idempotent. The remote's repository is left as it is.",
    request: { params: ProjectParams },
    responses: {
      204: { description: "Unlinked (or was not linked)" },
      ...errorResponses([400, 404], { 400: "`invalid_request`", 404: "`project_not_found`" }),
    },
  }),
  pushGitRemote: createRoute({
    method: "post",
    path: "/projects/{projectId}/git-remote/pushes",
    ...NEEDS.gitRemote,
    operationId: "pushGitRemote",
    tags: [TAG],
    summary: "Push the project's files to its git remote",
    description:
      "Owner only. Fetches the remote branch and commits the project's files on top of its head, " +
      "with the prompt of the project's last finished job as the message, then pushes fast-forward only. " +
      "Files changed on the remote since the last sync are kept when the project did not change them too; " +
      "otherwise 409 `git_remote_conflict` names the paths. The first push makes the branch hold exactly the " +
      "project's files. A push with nothing changed makes no commit.",
    request: { params: ProjectParams },
    responses: {
      201: jsonContent(GitPushResult, "Pushed"),
      ...errorResponses([400, 404, 409, 502, 503], {
        400:
          "`invalid_request`; `invalid_git_remote`: the stored address is refused now (`details.problem`); " +
          "`git_remote_unauthorized`: the remote refused the token",
        404: NOT_LINKED,
        409: "`git_remote_conflict`: the remote changed files this push changes too (`details.paths`); or " +
          "`git_remote_moved`: other pushes kept landing first, pushing again is safe",
        502: REMOTE_FAILED,
        503: NO_SEALING,
      }),
    },
  }),
  pullGitRemote: createRoute({
    method: "post",
    path: "/projects/{projectId}/git-remote/pulls",
    ...NEEDS.gitRemote,
    operationId: "pullGitRemote",
    tags: [TAG],
    summary: "Bring the git remote's new commits into the project",
    description:
      "Owner only. Fetches the remote branch and, when it has commits since the last sync, writes " +
      "the files they changed (text as `utf8`, anything else base64 as `ASSET`; a file keeps its type while " +
      "it keeps its encoding) and deletes the files they deleted, as the project's new state, in one " +
      "transaction, and records the remote's head as the last sync. A file the project changed since the " +
      "last sync too, differently, is never overwritten: 409 `git_remote_conflict` names the paths and " +
      "nothing changes. Paths the file rules refuse are skipped and listed; the file limits apply as to " +
      "`PUT /projects/{id}/files` (413).",
    request: { params: ProjectParams },
    responses: {
      200: jsonContent(GitPullResult, "Pulled, or nothing new"),
      ...errorResponses([400, 404, 409, 502, 503], {
        400: "`invalid_request`; `invalid_git_remote`: the stored address is refused now; " +
          "`git_remote_unauthorized`: the remote refused the token",
        404: NOT_LINKED,
        409: "`git_remote_conflict`: both sides changed these files since the last sync (`details.paths`); " +
          "or `git_remote_moved`: the link changed meanwhile, pulling again is safe",
        502: REMOTE_FAILED,
        503: NO_SEALING,
      }),
    },
  }),
};
