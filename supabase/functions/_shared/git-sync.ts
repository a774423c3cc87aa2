// A project's link to its git remote as the REST routes and the agent tools use it: the SQL functions hold
// the rules (ownership, what a push carries, the last sync), git-remote.ts talks to the remote.
import type { Claims } from "./auth.ts";
import type { Config } from "./config.ts";
import { type Db, selectForUser } from "./db.ts";
import { notConfigured } from "./integrations.ts";
import type { SecretBox } from "./secrets.ts";
import { type GitRemoteOptions, pushSnapshots, type Snapshot } from "./git-remote.ts";

export interface GitSyncDeps {
  db: Db;
  config: Config;
  secrets: SecretBox | null;
}

/** What api.git_remote_push_source answers. */
interface PushSource {
  url: string;
  branch: string;
  username: string;
  token_sealed: string;
  last_commit: string | null;
  snapshots: Snapshot[];
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

/** Pushes the project's snapshots to its remote and records the remote's new head as the last sync. */
export async function pushToGitRemote(
  deps: GitSyncDeps,
  claims: Claims,
  projectId: number | string,
): Promise<{ pushed: boolean; commit: string | null }> {
  const source = await selectForUser<PushSource>(
    deps.db,
    claims,
    (tx) => tx`select api.git_remote_push_source(${projectId}) as r`,
  );
  const token = await gitSecrets(deps).open(source.token_sealed, tokenContext(projectId));
  const { url, branch, username } = source;
  const pushed = await pushSnapshots(
    { url, branch, username, token },
    source.last_commit,
    source.snapshots,
    gitRemoteOptions(deps.config),
  );
  if (pushed.commit) {
    await deps.db.asService((tx) =>
      tx`select private.record_git_sync(${projectId}, ${url}, ${branch}, ${pushed.commit})`
    );
  }
  return { pushed: pushed.committed, commit: pushed.commit };
}
