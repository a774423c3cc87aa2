// Any git remote over HTTP(S), with a token or none, through isomorphic-git: the remote's branch is fetched
// into a scratch repository; a push makes each snapshot one commit on top of its head and pushes the branch
// fast-forward only, a pull or an import reads the files the branch holds. Every request goes through the
// outbound address check and connects only to the addresses it checked (outbound.ts), as webhook
// deliveries do.
import fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import git, { type GitHttpRequest, type GitHttpResponse, type HttpClient } from "isomorphic-git";
import { ApiError } from "./errors.ts";
import { checkOutbound, type OutboundTarget, sendPinned } from "./outbound.ts";
import { isValidFilePath } from "./file-paths.ts";

export interface GitRemote {
  url: string;
  branch: string;
  username: string;
  /** Absent for a public repository read without credentials. */
  token?: string;
}

/** One commit to make: its message, its author date and the complete files (binary ones in base64). */
export interface Snapshot {
  message: string;
  /** ISO 8601; now when absent. */
  date?: string;
  files: { path: string; contents: string; encoding: "utf8" | "base64" }[];
}

export interface GitRemoteOptions {
  /** Origins let through the address check (the local stack's own repository host). */
  allowedOrigins: string[];
  /** The whole operation's deadline. */
  timeoutMs: number;
}

/** The most one answer of a remote may take (a fetch's pack of a project-sized repository). */
const MAX_ANSWER_BYTES = 256 * 1024 * 1024;
/** Pushes lost to a concurrent one are tried again on the new head this many times in all. */
const PUSH_ATTEMPTS = 3;
/** The author of the service's own commits: a push webhook whose commits are all its own imports nothing. */
export const SERVICE_AUTHOR = { name: "App generator", email: "noreply@appgen.invalid" };

/** The remote's checked target, or 400 `invalid_git_remote` with the reason. */
export async function checkRemote(url: string, opts: Pick<GitRemoteOptions, "allowedOrigins">) {
  const origin = URL.canParse(url) ? new URL(url).origin : null;
  const checked = await checkOutbound(url, { allowPrivate: opts.allowedOrigins.includes(origin!) });
  if (!checked.target) {
    throw new ApiError(400, "invalid_git_remote", `The remote's address is refused: ${checked.problem}.`, {
      problem: checked.problem,
    });
  }
  return checked.target;
}

/** An isomorphic-git HTTP client that sends only to the checked target's origin and addresses. */
function pinnedHttp(target: OutboundTarget, signal: AbortSignal): HttpClient {
  return {
    async request(req: GitHttpRequest): Promise<GitHttpResponse> {
      const url = new URL(req.url);
      if (url.origin !== target.url.origin) throw new Error("the remote sent the request to another origin");
      const parts: Uint8Array[] = [];
      for await (const part of (req.body ?? []) as AsyncIterable<Uint8Array>) parts.push(part);
      const res = await sendPinned({ url, addresses: target.addresses }, {
        method: req.method ?? "GET",
        headers: req.headers ?? {},
        body: concat(parts),
      }, { signal, maxBodyBytes: MAX_ANSWER_BYTES });
      return {
        url: req.url,
        method: req.method,
        headers: res.headers,
        body: (async function* () {
          yield res.body;
        })(),
        statusCode: res.status,
        statusMessage: String(res.status),
      };
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.byteLength), 0);
  return out;
}

/** Files to write into a project and paths to delete from it. */
export interface Changes {
  files: Snapshot["files"];
  deletions: string[];
}

/** A file of a tree: its blob and mode. */
interface Entry {
  oid: string;
  mode: string;
}
type Files = Map<string, Entry>;

/** A scratch repository talking to one remote. */
class Scratch {
  constructor(
    readonly gitdir: string,
    readonly http: HttpClient,
    readonly remote: GitRemote,
  ) {}

  get headers(): Record<string, string> {
    const { username, token } = this.remote;
    return token === undefined ? {} : { authorization: `Basic ${btoa(`${username}:${token}`)}` };
  }

  /** The remote branch's head, or null when the branch does not exist (an empty repository). */
  async remoteHead(): Promise<string | null> {
    const { http, headers, remote } = this;
    const info = await git.getRemoteInfo2({ http, url: remote.url, headers, protocolVersion: 1 });
    return info.refs?.find((r) => r.ref === `refs/heads/${remote.branch}`)?.oid ?? null;
  }

  /** The remote branch's head, fetched with its history. */
  async fetchHead(): Promise<string | null> {
    const { gitdir, http, headers, remote } = this;
    const head = await this.remoteHead();
    if (head) {
      await git.fetch({
        fs,
        http,
        gitdir,
        remote: "origin",
        headers,
        ref: remote.branch,
        singleBranch: true,
        tags: false,
      });
    }
    return head;
  }

  async files(commit: string | null): Promise<Files> {
    const files: Files = new Map();
    if (!commit) return files;
    await git.walk({
      fs,
      gitdir: this.gitdir,
      trees: [git.TREE({ ref: commit })],
      map: async (path, [entry]) => {
        if (entry && (await entry.type()) === "blob") {
          files.set(path, { oid: await entry.oid(), mode: (await entry.mode()).toString(8) });
        }
        return true;
      },
    });
    return files;
  }

  async writeFiles(snapshot: Snapshot): Promise<Files> {
    const files: Files = new Map();
    for (const f of snapshot.files) {
      const blob = f.encoding === "base64"
        ? Uint8Array.from(atob(f.contents), (c) => c.charCodeAt(0))
        : new TextEncoder().encode(f.contents);
      files.set(f.path, { oid: await git.writeBlob({ fs, gitdir: this.gitdir, blob }), mode: "100644" });
    }
    return files;
  }

  /** The writes and deletions that make a project hold what `files` holds at `paths`. */
  async changesTo(files: Files, paths: string[]): Promise<Changes> {
    const changes: Changes = { files: [], deletions: [] };
    for (const path of paths.sort()) {
      const entry = files.get(path);
      if (!entry) changes.deletions.push(path);
      else {changes.files.push(
          fileOf(path, (await git.readBlob({ fs, gitdir: this.gitdir, oid: entry.oid })).blob),
        );}
    }
    return changes;
  }

  /** Writes the nested trees of `files`; the root tree's id. */
  async writeTree(files: Files): Promise<string> {
    type Dir = Map<string, Entry | Dir>;
    const root: Dir = new Map();
    for (const [path, entry] of files) {
      const names = path.split("/");
      let dir = root;
      for (const name of names.slice(0, -1)) {
        let sub = dir.get(name);
        if (!(sub instanceof Map)) dir.set(name, sub = new Map());
        dir = sub;
      }
      dir.set(names.at(-1)!, entry);
    }
    const write = async (dir: Dir): Promise<string> => {
      const tree = [];
      for (const [path, entry] of dir) {
        tree.push(
          entry instanceof Map
            ? { mode: "040000", path, oid: await write(entry), type: "tree" as const }
            : { mode: entry.mode, path, oid: entry.oid, type: "blob" as const },
        );
      }
      return await git.writeTree({ fs, gitdir: this.gitdir, tree });
    };
    return await write(root);
  }
}

/**
 * Paths a project changed between two trees: paths the file rules refuse never reach a project, so their
 * absence there is no change of the project's (they stay as the remote has them).
 */
function projectChanged(a: Files, b: Files): Set<string> {
  return new Set([...changed(a, b)].filter(isValidFilePath));
}

/** Paths whose file differs between two trees. */
function changed(a: Files, b: Files): Set<string> {
  const paths = new Set<string>();
  for (const p of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(p)?.oid !== b.get(p)?.oid || a.get(p)?.mode !== b.get(p)?.mode) paths.add(p);
  }
  return paths;
}

/**
 * Commits the snapshots on top of the remote branch and pushes it. `base` is the remote commit the service
 * last synced: what changed on the remote since then is kept, and a snapshot that changes one of those
 * paths differently is a conflict (409 `git_remote_conflict` with the paths). A remote whose history no
 * longer holds `base` conflicts wherever it differs from the snapshots. Answers the new head, and whether a
 * commit was made (a snapshot that changes nothing makes none).
 */
export async function pushSnapshots(
  remote: GitRemote,
  base: string | null,
  snapshots: Snapshot[],
  opts: GitRemoteOptions,
): Promise<{ commit: string | null; committed: boolean; kept: Changes }> {
  return await withScratch(remote, opts, async (scratch) => {
    const { gitdir } = scratch;
    for (let attempt = 1;; attempt++) {
      const head = await upstream(() => scratch.fetchHead());
      const result = await commitOnTop(scratch, head, base, snapshots);
      if (result.commit === head) return { commit: head, committed: false, kept: result.kept };
      const pushed = await upstream(() =>
        git.push({
          fs,
          http: scratch.http,
          gitdir,
          url: remote.url,
          headers: scratch.headers,
          ref: `refs/heads/${remote.branch}`,
          remoteRef: `refs/heads/${remote.branch}`,
        }).catch((err) => {
          if (err instanceof git.Errors.PushRejectedError) return null;
          throw err;
        })
      );
      if (pushed?.ok) return { commit: result.commit, committed: true, kept: result.kept };
      // Someone pushed between the fetch and the push: fetch again and go on top of theirs.
      if (attempt === PUSH_ATTEMPTS) {
        throw new ApiError(409, "git_remote_moved", "The remote branch kept moving; pushing again is safe.");
      }
    }
  });
}

/** Runs `fn` on a new scratch repository whose `origin` is the checked remote; removes it afterwards. */
async function withScratch<T>(
  remote: GitRemote,
  opts: GitRemoteOptions,
  fn: (scratch: Scratch) => Promise<T>,
) {
  const target = await checkRemote(remote.url, opts);
  const gitdir = await mkdtemp(join(tmpdir(), "git-remote-"));
  try {
    const scratch = new Scratch(gitdir, pinnedHttp(target, AbortSignal.timeout(opts.timeoutMs)), remote);
    await git.init({ fs, gitdir, bare: true, defaultBranch: remote.branch });
    await git.addRemote({ fs, gitdir, remote: "origin", url: remote.url });
    return await fn(scratch);
  } finally {
    await rm(gitdir, { recursive: true, force: true });
  }
}

/** What a pull brings: the remote's head and its changes since `base`, or the paths changed on both sides. */
export interface PullChanges extends Changes {
  head: string | null;
  conflicts: string[];
}

/**
 * The remote branch's changes since `base` that the project (`current`, its complete files) does not have:
 * files to write and paths to delete. A path the project changed since `base` too, differently, is a
 * conflict. A remote whose history no longer holds `base` (or a first pull) counts every file as changed on
 * both sides. Text comes back as UTF-8, anything else in base64.
 */
export async function pullChanges(
  remote: GitRemote,
  base: string | null,
  current: Snapshot["files"],
  opts: GitRemoteOptions,
): Promise<PullChanges> {
  return await withScratch(remote, opts, async (scratch) => {
    const { gitdir } = scratch;
    const head = await upstream(() => scratch.fetchHead());
    const none = { head, files: [], deletions: [], conflicts: [] };
    if (!head || head === base) return none;
    const baseKnown = !!base && await git.isDescendent({ fs, gitdir, oid: head, ancestor: base, depth: -1 });
    const before = baseKnown ? await scratch.files(base) : new Map();
    const theirs = await scratch.files(head);
    const ours = await scratch.writeFiles({ message: "", files: current });
    const mine = projectChanged(before, ours);
    const changes = [...changed(before, theirs)].filter((p) => ours.get(p)?.oid !== theirs.get(p)?.oid);
    const conflicts = changes.filter((p) => mine.has(p)).sort();
    if (conflicts.length) return { ...none, conflicts };
    return { head, conflicts, ...await scratch.changesTo(theirs, changes) };
  });
}

/**
 * The files of the remote branch's head, for a new project: those the file rules refuse are left out and
 * named. 404 `git_branch_not_found` when the branch does not exist.
 */
export async function readBranch(
  remote: GitRemote,
  opts: GitRemoteOptions,
): Promise<Changes & { head: string; skipped: string[] }> {
  return await withScratch(remote, opts, async (scratch) => {
    const head = await upstream(() => scratch.fetchHead());
    if (!head) {
      throw new ApiError(404, "git_branch_not_found", "The remote has no such branch.", {
        branch: remote.branch,
      });
    }
    const files = await scratch.files(head);
    const paths = [...files.keys()];
    const { files: read } = await scratch.changesTo(files, paths.filter(isValidFilePath));
    return { head, files: read, deletions: [], skipped: paths.filter((p) => !isValidFilePath(p)).sort() };
  });
}

/** A file read from git as a project file: text of type `CODE`, anything else base64 as `ASSET`. */
export function asProjectFile(f: Snapshot["files"][number]) {
  return { path: f.path, contents: f.contents, type: f.encoding === "base64" ? "ASSET" : "CODE" };
}

/** A file's bytes as the project stores them: UTF-8 text as it is, anything else in base64. */
function fileOf(path: string, bytes: Uint8Array): Snapshot["files"][number] {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    if (!text.includes("\0")) return { path, contents: text, encoding: "utf8" };
  } catch {
    // not UTF-8: binary
  }
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return { path, contents: btoa(binary), encoding: "base64" };
}

async function commitOnTop(
  scratch: Scratch,
  head: string | null,
  base: string | null,
  snapshots: Snapshot[],
) {
  const { gitdir } = scratch;
  const remoteFiles = await scratch.files(head);
  const baseKnown = !!base && !!head &&
    (base === head || await git.isDescendent({ fs, gitdir, oid: head, ancestor: base, depth: -1 }));
  // Never synced: the snapshots replace the remote's files. Synced, but the remote's history lost that
  // commit: everything on the remote counts as its own change.
  let ours = !base ? remoteFiles : baseKnown ? await scratch.files(base) : new Map();
  const theirs = changed(ours, remoteFiles);
  const tree = new Map(remoteFiles);
  let parent = head;
  let parentTree = head ? (await git.readCommit({ fs, gitdir, oid: head })).commit.tree : null;
  for (const snapshot of snapshots) {
    const next = await scratch.writeFiles(snapshot);
    const mine = projectChanged(ours, next);
    const conflicts = [...mine].filter((p) => theirs.has(p) && tree.get(p)?.oid !== next.get(p)?.oid).sort();
    if (conflicts.length) {
      throw new ApiError(
        409,
        "git_remote_conflict",
        "The remote changed files this push changes too; pull first.",
        { paths: conflicts },
      );
    }
    for (const p of mine) {
      const entry = next.get(p);
      if (entry) tree.set(p, entry);
      else tree.delete(p);
    }
    const treeOid = await scratch.writeTree(tree);
    if (treeOid !== parentTree) {
      parent = await git.commit({
        fs,
        gitdir,
        message: snapshot.message,
        author: {
          ...SERVICE_AUTHOR,
          timestamp: Math.floor((snapshot.date ? Date.parse(snapshot.date) : Date.now()) / 1000),
          timezoneOffset: 0,
        },
        tree: treeOid,
        parent: parent ? [parent] : [],
        ref: `refs/heads/${scratch.remote.branch}`,
      });
      parentTree = treeOid;
    }
    ours = next;
  }
  // What the new head holds that the project does not: the remote's changes kept, which the project takes
  // so that it matches the head it is synced with.
  return { commit: parent, kept: await scratch.changesTo(tree, [...projectChanged(ours, tree)]) };
}

/** Runs a request of the remote's, turning its failures into the contract's answers. */
async function upstream<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const status = (err as { data?: { statusCode?: number } }).data?.statusCode;
    if (status === 401 || status === 403) {
      throw new ApiError(400, "git_remote_unauthorized", "The remote refused the token.", { status });
    }
    throw new ApiError(502, "git_remote_failed", "The git remote failed or did not answer.", {
      ...(status ? { status } : {}),
      reason: (err as Error).message.slice(0, 300),
    });
  }
}

/** Whether the remote answers with the token: its branch's head (null before the first push). */
export async function probeRemote(remote: GitRemote, opts: GitRemoteOptions): Promise<string | null> {
  const target = await checkRemote(remote.url, opts);
  const scratch = new Scratch("", pinnedHttp(target, AbortSignal.timeout(opts.timeoutMs)), remote);
  return await upstream(() => scratch.remoteHead());
}
