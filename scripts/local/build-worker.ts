// The build worker beside the local stack: its database role gets LOGIN and a password made for this start,
// and the worker (Node, build-worker/) runs with work and previews under the stack's directory and the
// dependency cache shared by every local stack of the checkout.
import { join } from "node:path";
import postgres from "postgres";
import { type Cluster, ensureReachable } from "./cluster.ts";

export interface BuildWorker {
  /** The previews' origin. */
  previewUrl: string;
  stop(): Promise<void>;
}

export async function startBuildWorker(
  root: string,
  cluster: Cluster,
  dir: string,
  previewPort: number,
  devicePreviewEnv: Record<string, string> = {},
): Promise<BuildWorker> {
  const password = Array.from(
    crypto.getRandomValues(new Uint8Array(24)),
    (b) => b.toString(16).padStart(2, "0"),
  )
    .join("");
  const sql = postgres(cluster.adminUrl, { prepare: false, max: 1, onnotice: () => {} });
  try {
    // Hex only: safe to spell inside the statement, which takes no parameters.
    await sql.unsafe(`alter role build_worker login password '${password}'`);
  } finally {
    await sql.end();
  }
  const previewUrl = `http://127.0.0.1:${previewPort}`;
  const buildRoot = join(dir, "builds");
  const cache = join(root, ".local/build-cache");
  // The builds run as the build user, which must reach both wherever the checkout and the stack live.
  for (const path of [buildRoot, cache]) {
    await Deno.mkdir(path, { recursive: true });
    await ensureReachable(path, "the build user");
  }
  const child = new Deno.Command("node", {
    args: [join(root, "build-worker/src/main.js")],
    cwd: root,
    env: {
      BUILD_WORKER_DB_URL: `postgres://build_worker:${password}@127.0.0.1:${cluster.port}/postgres`,
      BUILD_ROOT: buildRoot,
      BUILD_CACHE_DIR: cache,
      BUILD_PREVIEW_PORT: String(previewPort),
      BUILD_PREVIEW_URL: previewUrl,
      ...devicePreviewEnv,
    },
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  await answering(previewUrl, child);
  return {
    previewUrl,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
    },
  };
}

/** Waits until the worker's preview server answers (it listens once its queue and role work). */
async function answering(url: string, child: Deno.ChildProcess, timeoutMs = 30_000) {
  let exited = false;
  child.status.then(() => (exited = true));
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline && !exited;) {
    try {
      await (await fetch(url)).body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(
    exited ? "the build worker exited during start-up" : `the build worker did not answer ${url}`,
  );
}
