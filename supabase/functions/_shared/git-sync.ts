// A project's link to its git remote as the REST routes and the agent tools use it, and a linked GitHub
// repository's pushes imported: the SQL functions hold the rules (ownership, what a push carries, the last
// sync), git-remote.ts talks to the remote.
import type { Claims } from "./auth.ts";
import type { Config } from "./config.ts";
import { type Db, selectForUser } from "./db.ts";
import { notConfigured } from "./integrations.ts";
import type { SecretBox } from "./secrets.ts";
import { createHash } from "node:crypto";
import { ApiError, toApiError } from "./errors.ts";
import {
  asProjectFile,
  type Changes,
  type GitRemote,
  type GitRemoteOptions,
  pullChanges,
  pushSnapshots,
  SERVICE_AUTHOR,
  type Snapshot,
} from "./git-remote.ts";
import type { RepoHost } from "./ports/repohost.ts";

export interface GitSyncDeps {
  db: Db;
  config: Config;
  secrets: SecretBox | null;
}

/**
 * A version as private.push_snapshots writes it: the first one's files complete, each later one's only
 * those changed since the one before, with the paths it removed.
 */
export interface VersionSnapshot {
  version_id: string;
  message: string;
  date: string;
  files: Snapshot["files"];
  deleted: string[];
}

/** What api.git_remote_push_source answers. */
interface PushSource {
  url: string;
  branch: string;
  username: string;
  token_sealed: string;
  last_commit: string | null;
  snapshots: VersionSnapshot[];
}

/** The versions as commits of complete files, oldest first (the files of a path shared, not copied). */
export function completeSnapshots(
  versions: VersionSnapshot[],
): (Snapshot & { version_id: string; date: string })[] {
  const files = new Map<string, Snapshot["files"][number]>();
  return versions.map((v) => {
    for (const path of v.deleted) files.delete(path);
    for (const f of v.files) files.set(f.path, f);
    const sorted = [...files.values()].sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
    return { version_id: v.version_id, message: v.message, date: v.date, files: sorted };
  });
}

/** The sealed token's context: bound to the project, so a value copied into another row does not open. */
export const tokenContext = (projectId: number | string) => `git_remote:${projectId}:token`;

export function gitRemoteOptions(config: Config): GitRemoteOptions {
  return { allowedOrigins: config.GIT_REMOTE_ALLOWED_ORIGINS, timeoutMs: config.GIT_REMOTE_TIMEOUT_MS };
}

/** The box that seals the remotes' tokens, or 503 `integration_not_configured`. */
export function gitSecrets(deps: GitSyncDeps): SecretBox {
  if (!deps.secrets) throw notConfigured("git_remote", deps.config);
  return deps.secrets;
}

/** The project's remote with its token opened, and what the push source says of the project. */
async function remoteOf(deps: GitSyncDeps, claims: Claims, projectId: number | string) {
  const source = await selectForUser<PushSource>(
    deps.db,
    claims,
    (tx) => tx`select api.git_remote_push_source(${projectId}) as r`,
  );
  const token = await gitSecrets(deps).open(source.token_sealed, tokenContext(projectId));
  const remote: GitRemote = { url: source.url, branch: source.branch, username: source.username, token };
  return { source, remote, snapshots: completeSnapshots(source.snapshots) };
}

/**
 * Pushes the versions made since the last push to the remote, one commit each, and records the remote's new
 * head and the last of them as the last sync once the remote accepted it; the remote's own changes the push
 * kept are written into the project, so that it holds what that head holds.
 */
export async function pushToGitRemote(
  deps: GitSyncDeps,
  claims: Claims,
  projectId: number | string,
): Promise<{ pushed: boolean; commit: string | null }> {
  const { source, remote, snapshots } = await remoteOf(deps, claims, projectId);
  const pushed = await pushSnapshots(remote, source.last_commit, snapshots, gitRemoteOptions(deps.config));
  if (pushed.kept.files.length || pushed.kept.deletions.length) {
    await applyToProject(
      deps,
      claims,
      projectId,
      source.last_commit,
      snapshots,
      remote,
      pushed.commit!,
      pushed.kept,
    );
  } else if (pushed.commit) {
    const version = snapshots.at(-1)?.version_id ?? null;
    await deps.db.asService((tx) =>
      tx`select private.record_git_sync(${projectId}, ${remote.url}, ${remote.branch}, ${pushed.commit}, ${version})`
    );
  }
  return { pushed: pushed.committed, commit: pushed.commit };
}

export type PullResult = {
  pulled: boolean;
  commit: string | null;
  changed: string[];
  deleted: string[];
  skipped: string[];
};

const md5 = (text: string) => createHash("md5").update(text, "utf8").digest("hex");

/** What the files `changes` touch hold in `current` (path → md5, null for none): a pull's precondition. */
function expectedOf(current: Snapshot["files"], changes: Changes): Record<string, string | null> {
  const now = new Map(current.map((f) => [f.path, md5(f.contents)]));
  const touched = [...changes.files.map((f) => f.path), ...changes.deletions];
  return Object.fromEntries(touched.map((p) => [p, now.get(p) ?? null]));
}

/**
 * Writes the remote's changes into the project as a version and makes `head` the last sync
 * (api.apply_git_pull), unless a file they touch is no longer what the newest snapshot read holds.
 */
async function applyToProject(
  deps: GitSyncDeps,
  claims: Claims,
  projectId: number | string,
  base: string | null,
  snapshots: Snapshot[],
  remote: GitRemote,
  head: string,
  changes: Changes,
): Promise<PullResult> {
  const expected = expectedOf(snapshots.at(-1)?.files ?? [], changes);
  const files = changes.files.map(asProjectFile);
  return await selectForUser<PullResult>(
    deps.db,
    claims,
    (tx) =>
      tx`select api.apply_git_pull(${projectId}, ${remote.url}, ${remote.branch}, ${base}, ${head}, ${
        tx.json(files)
      }, ${changes.deletions}, ${tx.json(expected)}) as r`,
  );
}

/**
 * Writes the remote branch's commits since the last sync as the project's new state, or 409
 * `git_remote_conflict` naming the files the project changed too.
 */
export async function pullFromGitRemote(
  deps: GitSyncDeps,
  claims: Claims,
  projectId: number | string,
): Promise<PullResult> {
  const { source, remote, snapshots } = await remoteOf(deps, claims, projectId);
  // The push source's last snapshot is the project's newest version.
  const current = snapshots.at(-1)?.files ?? [];
  const changes = await pullChanges(remote, source.last_commit, current, gitRemoteOptions(deps.config));
  if (changes.conflicts.length) {
    throw new ApiError(
      409,
      "git_remote_conflict",
      "The remote and the project both changed these files since the last sync; push or save one side first.",
      { paths: changes.conflicts },
    );
  }
  if (!changes.head || changes.head === source.last_commit) {
    return { pulled: false, commit: changes.head, changed: [], deleted: [], skipped: [] };
  }
  return await applyToProject(
    deps,
    claims,
    projectId,
    source.last_commit,
    snapshots,
    remote,
    changes.head,
    changes,
  );
}

/** The fields of GitHub's `push` event the service reads. */
export interface RepoPush {
  installationId: number;
  owner: string;
  repository: string;
  after: string;
  /** Every pushed commit's author email. */
  authors: string[];
}

/**
 * A push to a linked repository's default branch, imported into each project linked to it as a pull from
 * it is (pullChanges, then private.apply_pull): a new version with the files it changed. The service's own
 * pushes (the link's last commit, or commits all by the service) import nothing. A file the project changed
 * too since the last push is never overwritten: nothing is imported, and the link and a notification say so
 * (private.record_repohost_conflict). Answers `applied`, `conflict` or `ignored`.
 */
export async function importRepoPush(
  deps: GitSyncDeps,
  repohost: RepoHost,
  push: RepoPush,
): Promise<"applied" | "conflict" | "ignored"> {
  if (push.authors.length && push.authors.every((email) => email === SERVICE_AUTHOR.email)) return "ignored";
  const sources = await deps.db.asService(async (tx) => {
    const [row] =
      await tx`select private.repohost_pull_sources(${push.installationId}, ${push.owner}, ${push.repository}, ${push.after}) as r`;
    return row.r as { project_id: number; base: string | null; files: Snapshot["files"] }[];
  });
  if (!sources.length) return "ignored";
  const remote = await repohost.repositoryRemote(push.installationId, push.owner, push.repository);
  let outcome: "applied" | "conflict" | "ignored" = "ignored";
  for (const source of sources) {
    const changes = await pullChanges(remote, source.base, source.files, gitRemoteOptions(deps.config));
    if (!changes.head || changes.head === source.base) continue;
    let conflicts = changes.conflicts;
    if (!conflicts.length) {
      const expected = expectedOf(source.files, changes);
      try {
        await deps.db.asService((tx) =>
          tx`select private.apply_repohost_pull(${source.project_id}, ${source.base}, ${changes.head}, ${
            tx.json(changes.files.map(asProjectFile))
          }, ${changes.deletions}, ${tx.json(expected)})`
        );
        outcome = outcome === "conflict" ? outcome : "applied";
        continue;
      } catch (err) {
        const refused = toApiError(err);
        if (refused?.code !== "git_remote_conflict") throw err;
        conflicts = (refused.details as { paths: string[] }).paths;
      }
    }
    await deps.db.asService((tx) =>
      tx`select private.record_repohost_conflict(${source.project_id}, ${changes.head}, ${conflicts})`
    );
    outcome = "conflict";
  }
  return outcome;
}
