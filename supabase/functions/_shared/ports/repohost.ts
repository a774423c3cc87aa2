// Repository host port: users link an app to a repository of theirs, and the service publishes the app's
// files there. Errors (ApiError unless noted):
//   400 repohost_code_rejected        the host refused the OAuth code; details.upstream_error is its code
//   400 repohost_no_files             a push without files
//   400 repohost_token_rejected       the host did not accept a user's token (expired or revoked)
//   404 repohost_installation_missing the app is no longer installed on that account
//   404 repohost_repository_missing   the repository does not exist, or is not shared with the
//                                     installation, and could not be created; details {owner, repository}
//   409 repohost_branch_moved         someone else pushed meanwhile; pushing again is safe
//   502 repohost_failed (UpstreamError) the host failed, refused the service itself, or did not answer

export interface RepoFile {
  /** Path inside the repository, `/`-separated, without a leading `/`. */
  path: string;
  /** UTF-8 text, or the bytes in base64 when `encoding` is `base64` (binary files). */
  contents: string;
  encoding?: "utf8" | "base64";
}

/** One commit of a push: exactly the files the branch holds after it (files absent here are removed). */
export interface RepoCommit {
  files: RepoFile[];
  message: string;
  /** The author date, ISO 8601. */
  date: string;
}

export interface PushInput {
  installationId: number;
  /** The account that owns the repository; the installation's own account when omitted. */
  owner?: string;
  repository: string;
  /** Oldest first; the last one's files are what the default branch holds afterwards. */
  commits: RepoCommit[];
}

export interface PushResult {
  /** The commit the default branch points at afterwards. */
  commitSha: string;
  /** Whether the repository was created by this push. */
  created: boolean;
  /** False when the branch already held exactly these files: no commit was made, `commitSha` is the head. */
  committed: boolean;
}

export interface RepoHost {
  /** Exchanges the code of a user's OAuth sign-in with the host for that user's access token. */
  exchangeCode(code: string, redirectUri?: string): Promise<{ accessToken: string }>;
  /**
   * Whether the user whose token this is may use the installation: the proof that an installation id a
   * client names is theirs, since pushes act as the installation, not as the user.
   */
  userCanAccessInstallation(userToken: string, installationId: number): Promise<boolean>;
  /**
   * Commits each of the commits' files to the repository's default branch on top of the previous head, in
   * order, creating the repository first where the host allows it. A commit whose files are identical to its
   * parent's is not made.
   */
  pushFiles(input: PushInput): Promise<PushResult>;
  /**
   * The repository as a git remote the installation reads over HTTPS: its clone address, default branch
   * and an installation token (valid an hour) as the password of `x-access-token`.
   */
  repositoryRemote(
    installationId: number,
    owner: string,
    repository: string,
  ): Promise<{ url: string; branch: string; username: string; token: string }>;
}
