// GitHub as the repository host, through a GitHub App. Users sign in with the app's OAuth client; pushes act
// as the app's installation on the user's account (App JWT → installation token), so no user token is
// needed to write, and the files land through the git data API as commits on the default branch.
//
// Repositories are created only in organizations (POST /orgs/{org}/repos, which installation tokens may
// use given the Administration permission). GitHub offers no endpoint by which an installation creates a
// repository in a personal account (POST /user/repos takes user tokens only), so there a missing repository
// answers `repohost_repository_missing`: the user creates it and shares it with the app.
import { importPKCS8, SignJWT } from "jose";
import { z } from "zod";
import { ApiError } from "../errors.ts";
import type { PushInput, PushResult, RepoFile, RepoHost } from "../ports/repohost.ts";
import { UpstreamError } from "../ports/upstream.ts";
import { type JsonAnswer, JsonHttp } from "./json-http.ts";
import { SERVICE_AUTHOR } from "../git-remote.ts";

export interface GitHubOptions {
  /** Default https://api.github.com. */
  apiBaseUrl?: string;
  /** Where the OAuth endpoints live; default https://github.com. */
  oauthBaseUrl?: string;
  appId: string;
  /** The app's RS256 private key as PEM, PKCS#8 or PKCS#1 (GitHub hands out the latter). */
  privateKeyPem: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

const FAILED = "repohost_failed";
const API_HEADERS = { accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28" };
// An App JWT may live at most ten minutes; iat is set a minute back against clock drift, as GitHub advises.
const JWT_BACKDATE_S = 60;
const JWT_LIFETIME_S = 9 * 60;
// A repository created a moment ago answers 409 (or has no branch yet) until GitHub has finished it.
const SETTLE_DELAYS_MS = [250, 500, 1000, 2000, 4000];
// Regular, non-executable file.
const FILE_MODE = "100644";
// GitHub's largest page; a user reaching more than ten pages of installations is not expected.
const PAGE_SIZE = 100;
const MAX_PAGES = 10;

const OAuthGrant = z.object({ access_token: z.string().min(1) });
const OAuthRefusal = z.object({ error: z.string() });
const Account = z.object({ account: z.object({ login: z.string(), type: z.string() }) });
const InstallationToken = z.object({ token: z.string().min(1) });
const UserInstallations = z.object({
  total_count: z.number(),
  installations: z.array(z.object({ id: z.number() })),
});
const Repository = z.object({ default_branch: z.string().min(1), clone_url: z.string().url().optional() });
const Ref = z.object({ object: z.object({ sha: z.string() }) });
const Commit = z.object({ tree: z.object({ sha: z.string() }) });
const Created = z.object({ sha: z.string() });
const ContentsWritten = z.object({ commit: z.object({ sha: z.string() }) });

type Installation = z.infer<typeof Account>["account"];

/** The repository a push writes to, and the installation token it writes with. */
interface Target {
  owner: string;
  name: string;
  token: string;
  /** `/repos/{owner}/{name}` */
  path: string;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  // In slices: spreading a whole file into one call would overflow the argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let n = length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

// INTEGER 0 (the version), then AlgorithmIdentifier { rsaEncryption (1.2.840.113549.1.1.1), NULL }, in hex.
const PKCS8_RSA_PREFIX = "020100" + "300d06092a864886f70d0101010500";

/**
 * WebCrypto (and so jose) imports PKCS#8 only, while GitHub issues PKCS#1 (`BEGIN RSA PRIVATE KEY`). A PKCS#1
 * key becomes PKCS#8 by wrapping it: SEQUENCE { version, rsaEncryption, OCTET STRING { the PKCS#1 key } }.
 */
function pkcs8Pem(pem: string): string {
  const pkcs1 = /-----BEGIN RSA PRIVATE KEY-----([^-]+)-----END RSA PRIVATE KEY-----/.exec(pem);
  if (!pkcs1) return pem;
  const key = Uint8Array.from(atob(pkcs1[1].replace(/\s+/g, "")), (c) => c.charCodeAt(0));
  const octets = [0x04, ...derLength(key.length), ...key];
  const prefix = PKCS8_RSA_PREFIX.match(/../g)!.map((pair) => parseInt(pair, 16));
  const body = [...prefix, ...octets];
  const der = new Uint8Array([0x30, ...derLength(body.length), ...body]);
  return `-----BEGIN PRIVATE KEY-----\n${toBase64(der)}\n-----END PRIVATE KEY-----\n`;
}

/** A file's bytes in base64, as the blob and contents APIs take them. */
const base64Of = (file: RepoFile) =>
  file.encoding === "base64" ? file.contents : toBase64(new TextEncoder().encode(file.contents));

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A `/`-separated name (branch, file path) as URL path segments. */
const segments = (name: string) => name.split("/").map(encodeURIComponent).join("/");

export class GitHubRepoHost implements RepoHost {
  private readonly http: JsonHttp;
  private readonly api: string;
  private readonly oauth: string;
  private signingKey?: Promise<CryptoKey>;

  constructor(private readonly options: GitHubOptions) {
    if (!/-----BEGIN (RSA )?PRIVATE KEY-----/.test(options.privateKeyPem)) {
      throw new Error("GitHub App private key: expected a PEM `PRIVATE KEY` or `RSA PRIVATE KEY`");
    }
    this.api = (options.apiBaseUrl ?? "https://api.github.com").replace(/\/+$/, "");
    this.oauth = (options.oauthBaseUrl ?? "https://github.com").replace(/\/+$/, "");
    this.http = new JsonHttp({
      code: FAILED,
      service: "GitHub",
      timeoutMs: options.timeoutMs,
      secrets: [options.clientSecret, options.privateKeyPem],
    });
  }

  async exchangeCode(code: string, redirectUri?: string): Promise<{ accessToken: string }> {
    const what = "Exchanging the GitHub sign-in code failed";
    const form: Record<string, string> = {
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
      code,
    };
    if (redirectUri) form.redirect_uri = redirectUri;
    const answer = await this.http.send(what, `${this.oauth}/login/oauth/access_token`, {
      method: "POST",
      form,
      secrets: [code],
    });
    // GitHub refuses with 200 and {error, error_description}.
    const refusal = OAuthRefusal.safeParse(answer.body);
    if (answer.status === 200 && refusal.success) {
      const upstream = /^[a-z_]{1,64}$/.test(refusal.data.error) ? refusal.data.error : "unknown";
      // Wrong client credentials are the service's own misconfiguration, not something the user can fix.
      if (upstream === "incorrect_client_credentials") {
        throw new UpstreamError(FAILED, `${what}: GitHub refused the service's client credentials.`);
      }
      throw new ApiError(
        400,
        "repohost_code_rejected",
        "GitHub refused the sign-in code (expired, already used, or issued for another redirect URI).",
        { upstream_error: upstream },
      );
    }
    return { accessToken: this.http.read(what, answer, OAuthGrant).access_token };
  }

  async userCanAccessInstallation(userToken: string, installationId: number): Promise<boolean> {
    const what = "Listing the user's GitHub App installations failed";
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await this.call(
        userToken,
        what,
        "GET",
        `/user/installations?per_page=${PAGE_SIZE}&page=${page}`,
      );
      if (answer.status === 401) {
        throw new ApiError(
          400,
          "repohost_token_rejected",
          "GitHub did not accept the user's token (expired or revoked); sign in with GitHub again.",
        );
      }
      const listed = this.http.read(what, answer, UserInstallations);
      if (listed.installations.some((i) => i.id === installationId)) return true;
      if (listed.installations.length < PAGE_SIZE || page * PAGE_SIZE >= listed.total_count) return false;
    }
    return false;
  }

  async pushFiles(input: PushInput): Promise<PushResult> {
    const first = input.commits[0]?.files[0];
    if (!first || !input.commits.at(-1)!.files.length) {
      throw new ApiError(400, "repohost_no_files", "There are no files to push.");
    }
    const jwt = await this.appJwt();
    let installation: Installation | undefined;
    const account = async () => installation ??= await this.installationAccount(input.installationId, jwt);
    const owner = input.owner ?? (await account()).login;
    const token = await this.installationToken(input.installationId, jwt);
    const target: Target = {
      owner,
      name: input.repository,
      token,
      path: `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(input.repository)}`,
    };

    let branch = await this.defaultBranch(target);
    const created = branch === undefined;
    branch ??= await this.createRepository(target, await account());
    const head = await this.head(target, branch, created, first);

    const lastCommit = "Reading the last commit failed";
    let parentTree = this.http.read(
      lastCommit,
      await this.call(target.token, lastCommit, "GET", `${target.path}/git/commits/${head}`),
      Commit,
    ).tree.sha;
    let parent = head;
    const blobs = new Map<string, string>();
    for (const { files, message, date } of input.commits) {
      const tree = await this.writeTree(target, files, blobs);
      if (tree === parentTree) continue;
      const what = "Committing the files failed";
      parent = this.http.read(
        what,
        await this.call(target.token, what, "POST", `${target.path}/git/commits`, {
          message,
          tree,
          parents: [parent],
          author: { ...SERVICE_AUTHOR, date },
        }),
        Created,
      ).sha;
      parentTree = tree;
    }
    if (parent === head) return { commitSha: head, created, committed: false };
    await this.moveBranch(target, branch, parent);
    return { commitSha: parent, created, committed: true };
  }

  async repositoryRemote(installationId: number, owner: string, repository: string) {
    const token = await this.installationToken(installationId, await this.appJwt());
    const path = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repository)}`;
    const what = "Reading the repository failed";
    const answer = await this.call(token, what, "GET", path);
    if (answer.status === 404) {
      throw this.missing({ owner, name: repository, token, path }, "or the installation cannot read it.");
    }
    const repo = this.http.read(what, answer, Repository);
    const url = repo.clone_url ?? `${this.oauth}/${owner}/${repository}.git`;
    return { url, branch: repo.default_branch, username: "x-access-token", token };
  }

  private call(bearer: string, what: string, method: string, path: string, json?: unknown) {
    return this.http.send(what, `${this.api}${path}`, { method, bearer, json, headers: API_HEADERS });
  }

  private async appJwt(): Promise<string> {
    this.signingKey ??= importPKCS8(pkcs8Pem(this.options.privateKeyPem), "RS256");
    const now = Math.floor(Date.now() / 1000);
    return await new SignJWT({})
      .setProtectedHeader({ alg: "RS256" })
      .setIssuer(this.options.appId)
      .setIssuedAt(now - JWT_BACKDATE_S)
      .setExpirationTime(now + JWT_LIFETIME_S)
      .sign(await this.signingKey);
  }

  private throwIfUninstalled(answer: JsonAnswer): void {
    if (answer.status === 404) {
      throw new ApiError(
        404,
        "repohost_installation_missing",
        "The GitHub App is no longer installed on that account; install it again.",
      );
    }
  }

  private async installationAccount(installationId: number, jwt: string): Promise<Installation> {
    const what = "Reading the GitHub App installation failed";
    const answer = await this.call(jwt, what, "GET", `/app/installations/${installationId}`);
    this.throwIfUninstalled(answer);
    return this.http.read(what, answer, Account).account;
  }

  private async installationToken(installationId: number, jwt: string): Promise<string> {
    const what = "Authenticating as the GitHub App installation failed";
    const answer = await this.call(jwt, what, "POST", `/app/installations/${installationId}/access_tokens`);
    this.throwIfUninstalled(answer);
    return this.http.read(what, answer, InstallationToken).token;
  }

  /** The default branch, or undefined when the installation cannot see the repository. */
  private async defaultBranch(target: Target): Promise<string | undefined> {
    const what = "Reading the repository failed";
    const answer = await this.call(target.token, what, "GET", target.path);
    if (answer.status === 404) return undefined;
    return this.http.read(what, answer, Repository).default_branch;
  }

  private missing(target: Target, why: string): ApiError {
    return new ApiError(
      404,
      "repohost_repository_missing",
      `${target.owner}/${target.name} does not exist or is not shared with the GitHub App, ${why}`,
      { owner: target.owner, repository: target.name },
    );
  }

  /** Creates the repository (private, with an initial commit) and answers its default branch. */
  private async createRepository(target: Target, installation: Installation): Promise<string> {
    if (installation.login.toLowerCase() !== target.owner.toLowerCase()) {
      throw this.missing(
        target,
        "and the app can only create repositories in the account it is installed on.",
      );
    }
    if (installation.type !== "Organization") {
      throw this.missing(
        target,
        "and GitHub lets apps create repositories only in organizations: create it and grant the app access.",
      );
    }
    const what = "Creating the repository failed";
    const answer = await this.call(
      target.token,
      what,
      "POST",
      `/orgs/${encodeURIComponent(target.owner)}/repos`,
      {
        name: target.name,
        private: true,
        auto_init: true,
      },
    );
    // 403: the app lacks the Administration permission; 422: the name is taken by a repository the
    // installation was not given.
    if (answer.status === 403 || answer.status === 404 || answer.status === 422) {
      throw this.missing(
        target,
        `and it could not be created there (GitHub answered HTTP ${answer.status}).`,
      );
    }
    return this.http.read(what, answer, Repository).default_branch;
  }

  /**
   * The commit the branch points at. GitHub's git data API answers 409 for a repository that is empty or
   * still being set up: a repository created just now is waited for, an existing empty one is given a
   * first commit through the contents API (which works on empty repositories), as GitHub's guide advises.
   */
  private async head(target: Target, branch: string, created: boolean, first: RepoFile): Promise<string> {
    const what = "Reading the branch failed";
    const path = `${target.path}/git/ref/heads/${segments(branch)}`;
    for (let attempt = 0;; attempt++) {
      const answer = await this.call(target.token, what, "GET", path);
      if (answer.status !== 409 && answer.status !== 404) return this.http.read(what, answer, Ref).object.sha;
      if (!created) return await this.seed(target, first);
      if (attempt === SETTLE_DELAYS_MS.length) throw this.http.failure(what, answer);
      await delay(SETTLE_DELAYS_MS[attempt]);
    }
  }

  private async seed(target: Target, first: RepoFile): Promise<string> {
    const what = "Starting the empty repository failed";
    const path = `${target.path}/contents/${segments(first.path)}`;
    const answer = await this.call(target.token, what, "PUT", path, {
      message: "Initial commit",
      content: base64Of(first),
    });
    return this.http.read(what, answer, ContentsWritten).commit.sha;
  }

  /**
   * A tree of exactly these files, with no base tree: whatever else the branch held is left out. `blobs`
   * (contents → blob sha) spares storing a file again that an earlier commit of the push stored.
   */
  private async writeTree(target: Target, files: RepoFile[], blobs: Map<string, string>): Promise<string> {
    const entries = [];
    // One at a time: GitHub asks integrations not to write concurrently, against its secondary rate limits.
    for (const file of files) {
      const key = `${file.encoding ?? "utf8"}:${file.contents}`;
      let sha = blobs.get(key);
      if (!sha) {
        const what = `Storing ${file.path} failed`;
        const blob = await this.call(target.token, what, "POST", `${target.path}/git/blobs`, {
          content: base64Of(file),
          encoding: "base64",
        });
        sha = this.http.read(what, blob, Created).sha;
        blobs.set(key, sha);
      }
      entries.push({ path: file.path, mode: FILE_MODE, type: "blob", sha });
    }
    const what = "Writing the file tree failed";
    const answer = await this.call(target.token, what, "POST", `${target.path}/git/trees`, { tree: entries });
    return this.http.read(what, answer, Created).sha;
  }

  private async moveBranch(target: Target, branch: string, commit: string): Promise<void> {
    const what = "Moving the branch failed";
    const path = `${target.path}/git/refs/heads/${segments(branch)}`;
    const answer = await this.call(target.token, what, "PATCH", path, { sha: commit, force: false });
    // 422: not a fast-forward any more, someone pushed in between; the push can simply be made again.
    if (answer.status === 422) {
      throw new ApiError(409, "repohost_branch_moved", "The branch changed while pushing; push again.");
    }
    this.http.read(what, answer, Ref);
  }
}
