// Runs a project's toolchain as untrusted code: as the unprivileged build user (when the worker is root),
// with a clean environment, resource limits (prlimit), optionally without a network (unshare -n), killed
// with its process group when its time is up, and its output kept to a bounded head and tail. Every process
// of the build user is killed when its build ends, whatever group or session it moved to.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * @typedef {object} Limits
 * @property {number} seconds wall-clock time before the process group is killed
 * @property {number} cpuSeconds CPU time per process (RLIMIT_CPU)
 * @property {number} memoryBytes data segment per process (RLIMIT_DATA: what it writes to memory, not the
 *   address space it reserves, which V8 and WebAssembly reserve far more of than they use)
 * @property {number} processes processes and threads of the build user (RLIMIT_NPROC)
 * @property {number} fileBytes largest file a process may write (RLIMIT_FSIZE)
 * @property {number} outputBytes output kept: half from the start, half from the end
 */

/**
 * @typedef {object} RunResult
 * @property {boolean} ok exited 0 in time
 * @property {number | null} code
 * @property {boolean} timedOut
 * @property {number} ms
 * @property {string} output stdout and stderr interleaved, bounded
 */

/** @typedef {{ uid: number, gid: number, name: string } | null} BuildUser */

/** The build user's ids, or null when the worker is not root (it then runs builds as itself). */
function buildUser(/** @type {string} */ name) {
  if (process.getuid?.() !== 0) return null;
  const id = (/** @type {string} */ flag) => {
    const out = spawnSync("id", [flag, name], { encoding: "utf8" });
    if (out.status !== 0) {
      throw new Error(
        `the build user ${name} does not exist (scripts/setup.sh creates it)`,
      );
    }
    return Number(out.stdout.trim());
  };
  return { uid: id("-u"), gid: id("-g"), name };
}

/**
 * `count` build users of this machine, `<name>1`, `<name>2`, … (scripts/setup.sh makes four), each held by
 * this process alone until it exits: a pid file per user that a live process holds keeps every other worker
 * (another local stack, a test) off the users whose processes this one kills. Nulls (builds run as the
 * worker itself) when the worker is not root.
 * @returns {BuildUser[]}
 */
export function takeBuildUsers(/** @type {string} */ name, /** @type {number} */ count) {
  if (process.getuid?.() !== 0) return Array.from({ length: count }, () => null);
  const dir = join(tmpdir(), "build-worker-users");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  /** @type {BuildUser[]} */
  const taken = [];
  for (let n = 1; taken.length < count; n++) {
    if (spawnSync("id", ["-u", `${name}${n}`]).status !== 0) {
      throw new Error(
        `${count} build users are needed and ${name}1..${n - 1} exist, ${taken.length} of them free`,
      );
    }
    const lock = join(dir, `${name}${n}.pid`);
    let holder = Number(readFileSync(lock, { encoding: "utf8", flag: "a+" }) || 0);
    try {
      if (holder) process.kill(holder, 0);
    } catch {
      holder = 0; // its holder ended
    }
    if (holder && holder !== process.pid) continue;
    writeFileSync(lock, String(process.pid));
    process.on("exit", () => unlinkSync(lock));
    taken.push(buildUser(`${name}${n}`));
  }
  return taken;
}

/** The ids of the live processes whose real user is `uid` (from /proc; a zombie has ended already). */
async function processesOf(/** @type {number} */ uid) {
  const pids = [];
  for (const name of await readdir("/proc")) {
    if (!/^[0-9]+$/.test(name)) continue;
    // A process that ended between the listing and the read is simply not there.
    const status = await readFile(`/proc/${name}/status`, "utf8").catch(() => "");
    if (Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]) === uid && !/^State:\s+[ZX]/m.test(status)) {
      pids.push(Number(name));
    }
  }
  return pids;
}

/**
 * Kills every process of the build user, until none is left: what a build started and detached (setsid, a
 * double fork) ends with it. Each concurrent build has a user of its own, so no other build is touched.
 * Returns how many processes were killed.
 */
export async function endProcessesOf(/** @type {BuildUser} */ user) {
  if (!user) return 0;
  let killed = 0;
  // A process may fork while it is being killed: the sweep repeats until a pass finds nothing; RLIMIT_NPROC
  // bounds how many there can be.
  for (let pass = 0; pass < 1000; pass++) {
    const pids = await processesOf(user.uid);
    if (pids.length === 0) return killed;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
        killed++;
      } catch { /* already gone */ }
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the processes of ${user.name} do not end`);
}

/** Whether this machine lets the worker take a process's network away. */
export function canUnshareNetwork() {
  return spawnSync("unshare", ["-n", "true"]).status === 0;
}

/**
 * The command line that confines `argv`: limits first (as root, so the build cannot raise them again), then
 * a network namespace of its own, then the build user without any capability.
 * @param {string[]} argv
 * @param {{ user: BuildUser, limits: Limits, offline: boolean }} how
 */
export function confined(argv, { user, limits, offline }) {
  return [
    "prlimit",
    `--cpu=${limits.cpuSeconds}`,
    `--data=${limits.memoryBytes}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.fileBytes}`,
    "--core=0",
    "--",
    ...(offline ? ["unshare", "-n", "--"] : []),
    ...(user
      ? [
        "setpriv",
        `--reuid=${user.uid}`,
        `--regid=${user.gid}`,
        "--clear-groups",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--no-new-privs",
        "--",
      ]
      : []),
    ...argv,
  ];
}

/** Keeps the first and the last `max / 2` bytes of what it is given, and counts what it dropped. */
export class BoundedText {
  /** @param {number} max */
  constructor(max) {
    this.half = Math.floor(max / 2);
    /** @type {Buffer[]} */
    this.head = [];
    this.headBytes = 0;
    /** @type {Buffer} */
    this.tail = Buffer.alloc(0);
    this.dropped = 0;
  }

  /** @param {Buffer} chunk */
  push(chunk) {
    if (this.headBytes < this.half) {
      const take = chunk.subarray(0, this.half - this.headBytes);
      this.head.push(take);
      this.headBytes += take.length;
      chunk = chunk.subarray(take.length);
    }
    if (chunk.length === 0) return;
    const joined = Buffer.concat([this.tail, chunk]);
    const cut = Math.max(0, joined.length - this.half);
    this.dropped += cut;
    this.tail = joined.subarray(cut);
  }

  toString() {
    const skipped = this.dropped ? `\n… ${this.dropped} bytes of output left out …\n` : "";
    return Buffer.concat(this.head).toString("utf8") + skipped +
      this.tail.toString("utf8");
  }
}

/**
 * Runs `argv` confined in `cwd` with exactly `env`.
 * @param {string[]} argv
 * @param {{ cwd: string, env: Record<string, string>, user: BuildUser, limits: Limits, offline: boolean,
 *   signal?: AbortSignal }} options
 * @returns {Promise<RunResult>}
 */
export function run(argv, { cwd, env, user, limits, offline, signal }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const { child, output, kill } = spawnConfined(argv, { cwd, env, user, limits, offline });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, limits.seconds * 1000);
    // A build stopped while this step was being started stops it at once.
    if (signal?.aborted) kill();
    signal?.addEventListener("abort", kill, { once: true });
    child.on("close", (code) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", kill);
      kill();
      resolve({
        ok: code === 0 && !timedOut,
        code,
        timedOut,
        ms: Math.round(performance.now() - started),
        output: output.toString(),
      });
    });
  });
}

/**
 * Starts `argv` confined in its own process group, its output kept bounded; `kill` ends the whole group (the
 * tool and whatever it started). For a server that runs until it is stopped (no wall-clock limit).
 * @param {string[]} argv
 * @param {{ cwd: string, env: Record<string, string>, user: BuildUser, limits: Limits, offline: boolean }} options
 */
export function spawnConfined(argv, { cwd, env, user, limits, offline }) {
  const [cmd, ...args] = confined(argv, { user, limits, offline });
  const output = new BoundedText(limits.outputBytes);
  const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  child.on("error", (err) => output.push(Buffer.from(`${err.message}\n`)));
  const kill = () => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), "SIGKILL");
    } catch { /* already gone */ }
  };
  return { child, output, kill };
}
