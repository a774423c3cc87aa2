// Device previews: the Expo dev server (Metro, `expo start` from the app's own dependencies, offline, no
// prompts) run for a project's newest version, as the build user with a clean environment and limits, so that
// Expo Go on a phone opens the app from an exp:// address. Metro listens on loopback only; the worker relays
// a port of its configured range to it, which is how it sees every request and stops a server nobody used for
// its idle time. Metro keeps the network: in a namespace of its own (`unshare -n`) its port could not be
// reached at all.
import { randomBytes } from "node:crypto";
import { mkdir, rm, symlink } from "node:fs/promises";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import QRCode from "qrcode";
import { chown, cleanEnv, dependencies, RefusedDependency, writeFiles } from "./build.js";
import { spawnConfined } from "./sandbox.js";
import { apiError } from "./queue.js";

/**
 * @typedef {object} DeviceConfig
 * @property {string} workerId
 * @property {string} workRoot one directory per preview under it, removed when it stops
 * @property {string} cacheDir the builds' dependency cache, shared
 * @property {import("./sandbox.js").BuildUser} user
 * @property {{ install: import("./sandbox.js").Limits, check: import("./sandbox.js").Limits }} limits
 * @property {string} host the address a phone reaches the worker at (DEVICE_PREVIEW_HOST)
 * @property {string} listenHost where the relays listen (DEVICE_PREVIEW_LISTEN)
 * @property {number[]} ports the relays' ports (DEVICE_PREVIEW_PORTS): one preview each at most
 * @property {number} idleMs a preview without a request for this long stops (DEVICE_PREVIEW_IDLE_SECONDS)
 */

/** `54330-54339,54400`: the ports, in order. */
export function parsePorts(/** @type {string} */ spec) {
  const ports = spec.split(",").flatMap((part) => {
    const [from, to = from] = part.trim().split("-").map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
  if (
    ports.length === 0 ||
    ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)
  ) {
    throw new Error(
      `DEVICE_PREVIEW_PORTS is a list of ports and ranges, such as 54330-54339: ${spec}`,
    );
  }
  return ports;
}

/** The exp:// address and its QR code, as SVG text and as PNG bytes in base64. */
export async function addressWithQr(
  /** @type {string} */ host,
  /** @type {number} */ port,
) {
  const url = `exp://${host}:${port}`;
  return {
    url,
    qr_svg: await QRCode.toString(url, { type: "svg" }),
    qr_png: (await QRCode.toBuffer(url)).toString("base64"),
  };
}

/** A port the system has free now, for Metro behind the relay. */
function freeLoopbackPort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Relays `port` to Metro's loopback port byte for byte (HTTP and its WebSockets alike), and tells whether
 * anyone used it: a connection is busy from a client's bytes until the answer's first bytes.
 */
function relay(
  /** @type {number} */ port,
  /** @type {string} */ listenHost,
  /** @type {number} */ metroPort,
) {
  let lastActivity = Date.now();
  /** @type {Set<{ socket: import("node:net").Socket, busy: boolean }>} */
  const open = new Set();
  const server = createServer((socket) => {
    const conn = { socket, busy: false };
    open.add(conn);
    const upstream = connect(metroPort, "127.0.0.1");
    socket.on("data", () => {
      conn.busy = true;
      lastActivity = Date.now();
    });
    upstream.on("data", () => {
      conn.busy = false;
      lastActivity = Date.now();
    });
    socket.pipe(upstream).pipe(socket);
    const end = () => {
      open.delete(conn);
      socket.destroy();
      upstream.destroy();
    };
    socket.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  return {
    listen: () =>
      new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, listenHost, () => resolve(null));
      }),
    idleFor: () => ([...open].some((c) => c.busy) ? 0 : Date.now() - lastActivity),
    close() {
      server.close();
      for (const c of open) c.socket.destroy();
    },
  };
}

/**
 * The worker's device previews: claims them while it has a free port, runs each until it is replaced,
 * deleted, idle or fails, and reports each change.
 * @param {DeviceConfig} config
 * @param {ReturnType<typeof import("./queue.js").openQueue>} queue
 */
export function devicePreviews(config, queue) {
  /** @type {Map<string, { port: number, stop: () => Promise<void> }>} */
  const running = new Map();
  let syncing = Promise.resolve();

  /** Reports a change; false when the preview is no longer this worker's (replaced or deleted meanwhile). */
  async function report(
    /** @type {{ id: string, lease_token: string }} */ claim,
    /** @type {object} */ outcome,
  ) {
    try {
      await queue.reportDevicePreview(claim, outcome);
      return true;
    } catch (err) {
      if (apiError(err)?.body.code === "preview_stopped") return false;
      throw err;
    }
  }

  async function start(
    /** @type {{ id: string, lease_token: string, files: import("./build.js").SourceFile[] }} */ claim,
    /** @type {number} */ port,
  ) {
    const workDir = join(
      config.workRoot,
      `device-${claim.id}-${randomBytes(4).toString("hex")}`,
    );
    const appDir = join(workDir, "app");
    const controller = new AbortController();
    /** @type {ReturnType<typeof spawnConfined> | undefined} */
    let metro;
    /** @type {ReturnType<typeof relay> | undefined} */
    let proxy;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    let watch;
    let metroPort = 0;
    let stopped = false;
    /** The files, dependencies, relay and Metro in place, or given up: stop waits for it, then removes them. */
    let launched = Promise.resolve(/** @type {string | null} */ (null));
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      controller.abort();
      clearInterval(watch);
      running.delete(String(claim.id));
      await launched.catch(() => null);
      proxy?.close();
      if (metro) {
        // Its files are removed once the whole group is gone: a process still writing would leave some.
        const closed = metro.child.exitCode === null && metro.child.signalCode === null
          ? new Promise((resolve) => metro?.child.once("close", resolve))
          : null;
        metro.kill();
        await closed;
      }
      await rm(workDir, { recursive: true, force: true });
    };
    running.set(String(claim.id), { port, stop });
    const fail = async (/** @type {string} */ error) => {
      if (stopped) return;
      await stop();
      await report(claim, { status: "failed", error });
    };
    /** Why it could not start, or null: Metro runs, or the preview was stopped meanwhile. */
    const launch = async () => {
      await mkdir(join(workDir, "home"), { recursive: true });
      await mkdir(join(workDir, "tmp"), { recursive: true });
      await writeFiles(appDir, claim.files);
      const manifest = claim.files.find((f) => f.path === "package.json");
      if (!manifest) return "The project has no package.json.";
      let deps;
      try {
        deps = await dependencies(
          {
            cacheDir: config.cacheDir,
            user: config.user,
            limits: config.limits,
            signal: controller.signal,
          },
          Buffer.from(manifest.contents, manifest.encoding).toString("utf8"),
        );
      } catch (err) {
        if (err instanceof RefusedDependency) return err.message;
        throw err;
      }
      if (stopped) return null;
      if (!deps.ok) return `npm install failed:\n${deps.output.slice(-2000)}`;
      await symlink(deps.modules, join(appDir, "node_modules"));
      chown(workDir, config.user);
      metroPort = /** @type {number} */ (await freeLoopbackPort());
      if (stopped) return null;
      proxy = relay(port, config.listenHost, metroPort);
      await proxy.listen();
      if (stopped) return null;
      // Offline through EXPO_OFFLINE=1 (cleanEnv): the `--offline` flag would make Metro listen on every
      // interface, past the relay.
      metro = spawnConfined(
        [
          "node_modules/.bin/expo",
          "start",
          "--localhost",
          "--port",
          String(metroPort),
        ],
        {
          cwd: appDir,
          // The manifest's bundle and asset URLs name the address a phone reaches, not Metro's own port.
          env: {
            ...cleanEnv(workDir),
            EXPO_PACKAGER_PROXY_URL: `http://${config.host}:${port}`,
          },
          user: config.user,
          limits: config.limits.check,
          offline: false,
        },
      );
      return null;
    };
    try {
      launched = launch();
      const error = await launched;
      if (error) return await fail(error);
      if (stopped || !metro) return;
      const exited = new Promise((resolve) => metro?.child.once("close", resolve));
      exited.then(() => fail(`The dev server exited:\n${metro?.output.toString().slice(-2000)}`));
      if (
        !await answering(
          metroPort,
          config.limits.check.seconds * 1000,
          () => stopped,
        )
      ) {
        return await fail(
          `The dev server did not start in ${config.limits.check.seconds} s.`,
        );
      }
      if (stopped) return;
      if (
        !await report(claim, {
          status: "ready",
          ...await addressWithQr(config.host, port),
        })
      ) {
        return await stop();
      }
      console.log(`device preview ${claim.id}: ready on port ${port}`);
      watch = setInterval(async () => {
        if (proxy && proxy.idleFor() >= config.idleMs && !stopped) {
          await stop();
          await report(claim, { status: "stopped" }).catch((e) =>
            console.error(
              `device preview ${claim.id}: could not report the idle stop:`,
              e.message,
            )
          );
          console.log(`device preview ${claim.id}: stopped, idle`);
        }
      }, Math.min(1000, config.idleMs));
    } catch (err) {
      console.error(`device preview ${claim.id}:`, err);
      await fail(
        `The build worker failed: ${err instanceof Error ? err.message : String(err)}`,
      )
        .catch((e) =>
          console.error(
            `device preview ${claim.id}: could not report the failure:`,
            e.message,
          )
        );
    }
  }

  /** Renews the running previews' leases and stops those that are over, then claims while a port is free. */
  async function sync() {
    const ended = await queue.syncDevicePreviews([...running.keys()]);
    await Promise.all(ended.map((id) => running.get(String(id))?.stop()));
    for (;;) {
      const used = new Set([...running.values()].map((r) => r.port));
      const port = config.ports.find((p) => !used.has(p));
      if (port === undefined) return;
      const claim = await queue.claimDevicePreview(config.workerId);
      if (!claim) return;
      void start(claim, port);
    }
  }

  return {
    /** Runs one sync after any under way (a NOTIFY, the poll). */
    sync() {
      syncing = syncing.then(sync).catch((err) => console.error("device previews:", err.message));
      return syncing;
    },
    async stopAll() {
      await Promise.all([...running.values()].map((r) => r.stop()));
    },
  };
}

/** Waits until Metro says it runs (`/status`), it is stopped, or the time is up. */
async function answering(
  /** @type {number} */ port,
  /** @type {number} */ timeoutMs,
  /** @type {() => boolean} */ stopped,
) {
  for (
    const deadline = Date.now() + timeoutMs;
    Date.now() < deadline && !stopped();
  ) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/status`);
      if ((await res.text()).includes("packager-status:running")) return true;
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}
