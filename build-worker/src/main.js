// The build worker: takes builds from Postgres under leases (as its own role, build_worker), builds each
// confined, reports progress and outcome, and serves the succeeded web exports as previews.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, rm } from "node:fs/promises";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { buildProject } from "./build.js";
import { devicePreviews, parsePorts } from "./device.js";
import { previewServer } from "./preview.js";
import { apiError, openQueue } from "./queue.js";
import { canUnshareNetwork, endProcessesOf, takeBuildUsers } from "./sandbox.js";
import { CHROMIUM, renderThumbnail } from "./thumbnail.js";

const env = process.env;
if (!env.BUILD_WORKER_DB_URL) {
  console.error(
    "build worker: BUILD_WORKER_DB_URL (the build_worker role's connection string) is not set",
  );
  process.exit(2);
}
const root = resolve(env.BUILD_ROOT ?? ".local/builds");
const port = Number(env.BUILD_PREVIEW_PORT ?? 54329);
const host = env.BUILD_PREVIEW_HOST ?? "127.0.0.1";
const config = {
  workerId: env.BUILD_WORKER_ID ?? `${hostname()}-${process.pid}`,
  workRoot: join(root, "work"),
  previewsDir: join(root, "previews"),
  cacheDir: resolve(env.BUILD_CACHE_DIR ?? join(root, "cache")),
  previewUrl: (env.BUILD_PREVIEW_URL ?? `http://127.0.0.1:${port}`).replace(
    /\/$/,
    "",
  ),
  concurrency: Number(env.BUILD_CONCURRENCY ?? 1),
  platforms: /** @type {("web" | "android")[]} */ ((env.BUILD_PLATFORMS ?? "web,android").split(",")),
  pollMs: Number(env.BUILD_POLL_SECONDS ?? 10) * 1000,
  // Where the worker itself reaches its previews, to render their thumbnails.
  localPreviewOrigin: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`,
  chromium: env.THUMBNAIL_CHROMIUM ?? CHROMIUM,
  thumbnailSeconds: Number(env.THUMBNAIL_SECONDS ?? 30),
};
if (config.platforms.some((p) => p !== "web" && p !== "android")) {
  console.error("build worker: BUILD_PLATFORMS is a comma-separated list of web and android");
  process.exit(2);
}
const GiB = 1024 ** 3;
const stepSeconds = Number(env.BUILD_STEP_SECONDS ?? 600);
const memoryBytes = Number(env.BUILD_MEMORY_MB ?? 4096) * 1024 ** 2;
const limits = {
  install: {
    seconds: Number(env.BUILD_INSTALL_SECONDS ?? 900),
    cpuSeconds: 1800,
    memoryBytes,
    processes: 1024,
    fileBytes: GiB,
    outputBytes: 32 * 1024,
  },
  check: {
    seconds: stepSeconds,
    cpuSeconds: stepSeconds * 2,
    memoryBytes,
    processes: 1024,
    fileBytes: GiB / 4,
    outputBytes: 32 * 1024,
  },
};
// One user per build slot, none another worker on this machine holds: when a build ends, every process of
// its user is killed. One more runs the device previews' dev servers.
const taken = takeBuildUsers(env.BUILD_USER ?? "appbuild", config.concurrency + 1);
const users = taken.slice(0, -1);
const deviceUser = taken[taken.length - 1];
const offline = canUnshareNetwork();
if (!offline && env.BUILD_ALLOW_NETWORK !== "1") {
  console.error(
    "build worker: `unshare -n` does not work here, so builds could reach the network; " +
      "set BUILD_ALLOW_NETWORK=1 to build anyway",
  );
  process.exit(2);
}
// What a worker that stopped mid-build left running.
for (const user of taken) await endProcessesOf(user);
const thumbnails = existsSync(config.chromium);
if (!thumbnails) {
  console.warn(
    `build worker: no Chromium at ${config.chromium} (THUMBNAIL_CHROMIUM), so previews get no thumbnail`,
  );
}
if (!users[0]) {
  console.warn(
    "build worker: not running as root, so builds run as the worker's own user and only their process " +
      "groups are killed when they end",
  );
}

const queue = openQueue(env.BUILD_WORKER_DB_URL);
await rm(config.workRoot, { recursive: true, force: true });
// Builds may pass through these but not list them: the names inside (builds under way, installs, preview
// tokens) are unguessable, and another build must not find them.
for (const dir of [config.workRoot, config.previewsDir, config.cacheDir]) {
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o711);
}

/** @type {Set<() => void>} */
const waiting = new Set();
const wake = () => {
  for (const resume of waiting) resume();
};
const devices = devicePreviews({
  workerId: config.workerId,
  workRoot: config.workRoot,
  cacheDir: config.cacheDir,
  user: deviceUser,
  limits,
  host: env.DEVICE_PREVIEW_HOST ?? "127.0.0.1",
  listenHost: env.DEVICE_PREVIEW_LISTEN ?? "127.0.0.1",
  ports: parsePorts(env.DEVICE_PREVIEW_PORTS ?? "54330-54339"),
  idleMs: Number(env.DEVICE_PREVIEW_IDLE_SECONDS ?? 900) * 1000,
}, queue);
await queue.listen((channel) => channel === "device_previews" ? devices.sync() : wake());
// Listening last: an answer on the port means the database took the role's login too.
const server = previewServer({
  previewsDir: config.previewsDir,
  recordError: queue.recordError,
});
await new Promise((ok) => server.listen(port, host, () => ok(null)));
const controllers = new Set();
let stopping = false;

/**
 * Builds one claimed build as its slot's user and reports it once no process of that user is left; a lost
 * lease drops the result (another worker has it).
 */
async function runBuild(
  /** @type {import("./queue.js").Claim} */ claim,
  /** @type {import("./sandbox.js").BuildUser} */ user,
) {
  const workDir = join(
    config.workRoot,
    `${claim.id}-${claim.attempt}-${randomBytes(4).toString("hex")}`,
  );
  const controller = new AbortController();
  controllers.add(controller);
  let lost = false;
  const beat = async (/** @type {string | null} */ step = null) => {
    try {
      if (await queue.heartbeat(claim, step) === "superseded") controller.abort();
    } catch (err) {
      if (apiError(err)?.body.code === "lease_lost") {
        lost = true;
        controller.abort();
      }
    }
  };
  const beating = setInterval(beat, (claim.lease_seconds * 1000) / 3);
  const started = performance.now();
  const previewUrl = `${config.previewUrl}/p/${claim.preview_token}/`;
  try {
    const { files } = await queue.files(claim);
    const outcome = await buildProject(
      {
        workDir,
        cacheDir: config.cacheDir,
        previewsDir: config.previewsDir,
        user,
        limits,
        offline,
        platforms: config.platforms,
        signal: controller.signal,
        onStep: beat,
        onPreview: () => queue.publishPreview(claim, previewUrl),
      },
      files,
      claim.preview_token,
    ).finally(() => endProcessesOf(user));
    const { previewDir, ...reported } = outcome;
    // Only a succeeded build keeps the web export it published.
    if (previewDir && (lost || stopping || outcome.status !== "succeeded")) {
      await rm(previewDir, { recursive: true, force: true });
    }
    if (lost || stopping) return;
    await queue.finish(claim, reported);
    console.log(
      `build ${claim.id}: ${outcome.status} in ${Math.round(performance.now() - started)} ms`,
    );
    if (previewDir && outcome.status === "succeeded" && thumbnails) await thumbnail(claim);
  } catch (err) {
    console.error(`build ${claim.id}:`, err);
    if (!lost && !stopping) {
      await queue.finish(claim, {
        status: "failed",
        steps: [],
        errors: [{
          message: `The build worker failed: ${err instanceof Error ? err.message : String(err)}`,
        }],
        log: "",
        artifacts: {},
      }).catch((e) => console.error(`build ${claim.id}: could not report the failure:`, e));
    }
  } finally {
    clearInterval(beating);
    controllers.delete(controller);
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The published preview's thumbnail, recorded on its build; a failure is logged and the build stands. */
async function thumbnail(/** @type {import("./queue.js").Claim} */ claim) {
  const token = claim.preview_token;
  const started = performance.now();
  try {
    await renderThumbnail({
      chromium: config.chromium,
      origin: config.localPreviewOrigin,
      previewsDir: config.previewsDir,
      token,
      seconds: config.thumbnailSeconds,
    });
    await queue.recordThumbnail(token, `${config.previewUrl}/p/${token}.png`);
    console.log(`build ${claim.id}: thumbnail in ${Math.round(performance.now() - started)} ms`);
  } catch (err) {
    console.error(`build ${claim.id}: no thumbnail:`, err instanceof Error ? err.message : err);
  }
}

async function takeBuilds(/** @type {import("./sandbox.js").BuildUser} */ user) {
  while (!stopping) {
    const claim = await queue.claim(config.workerId).catch((err) => {
      console.error("build worker: claim failed:", err.message);
      return null;
    });
    if (claim) {
      await runBuild(claim, user);
      continue;
    }
    // Until a build is queued (NOTIFY build_queued), or a lease may have expired meanwhile.
    await new Promise((resume) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        resume(null);
      };
      const timer = setTimeout(done, config.pollMs);
      waiting.add(done);
    });
  }
}

/** Removes the previews whose build no longer exists (pruned, or its project or account deleted). */
async function sweepPreviews() {
  // An export's directory and its thumbnail beside it.
  const names = (await readdir(config.previewsDir)).filter((name) => /^[0-9a-f]{48}(\.png)?$/.test(name));
  if (names.length === 0) return;
  const live = new Set(await queue.livePreviews([...new Set(names.map((n) => n.slice(0, 48)))]));
  // The thumbnail goes first: once a preview's page answers 404, so does its picture.
  const gone = names.filter((n) => !live.has(n.slice(0, 48)))
    .sort((a, b) => Number(b.endsWith(".png")) - Number(a.endsWith(".png")));
  for (const name of gone) {
    await rm(join(config.previewsDir, name), { recursive: true, force: true });
  }
}
const sweeper = setInterval(() => {
  sweepPreviews().catch((err) => console.error("build worker: sweeping previews failed:", err.message));
  devices.sync();
}, config.pollMs);
devices.sync();

console.log(
  `build worker ${config.workerId}: previews on ${config.previewUrl}, builds as ${
    users[0] ? users.map((u) => u?.name).join(", ") : "itself"
  }` +
    `${offline ? ", type-check and export offline" : ", WITH network"}`,
);
const loops = users.map((user) => takeBuilds(user));

async function stop() {
  stopping = true;
  clearInterval(sweeper);
  for (const c of controllers) c.abort();
  wake();
  await Promise.allSettled([...loops, devices.stopAll()]);
  server.close();
  await queue.end();
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
