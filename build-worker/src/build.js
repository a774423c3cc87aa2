// One build: the project's files in a directory of their own, the dependencies linked from the cache
// (installed once per dependency set, shared by every build), `tsc --noEmit`, `expo export` for the web,
// and the export published as the build's preview. Every step of the project's own toolchain runs confined
// (sandbox.js); the type-check and the export without a network.
import { createHash, randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { lstat, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import npa from "npm-package-arg";
import { run } from "./sandbox.js";
import { injectReporter } from "./preview.js";

/**
 * @typedef {import("./sandbox.js").Limits} Limits
 * @typedef {import("./sandbox.js").BuildUser} BuildUser
 * @typedef {{ name: "install" | "typecheck" | "export_web" | "export_android", status: "succeeded" | "failed" |
 *   "skipped", ms: number, cached?: boolean }} Step
 * @typedef {{ file?: string, line?: number, column?: number, code?: string, message: string }} BuildError
 * @typedef {{ path: string, contents: string, encoding: "utf8" | "base64" }} SourceFile
 * @typedef {{ status: "succeeded" | "failed" | "canceled", steps: Step[], errors: BuildError[], log: string,
 *   artifacts: Record<string, unknown>, previewDir?: string }} Outcome
 */

/**
 * @typedef {object} BuildContext
 * @property {string} workDir this build's own directory (removed afterwards)
 * @property {string} cacheDir installed dependency sets, one directory per set
 * @property {string} previewsDir published web exports, one directory per preview token
 * @property {BuildUser} user
 * @property {{ install: Limits, check: Limits }} limits
 * @property {boolean} offline the type-check and the export without a network
 * @property {AbortSignal} signal aborted when the build is superseded or its lease lost
 * @property {(step: Step["name"]) => Promise<void>} [onStep] told as each step starts
 * @property {() => Promise<void>} [onPreview] told when the web export is published, before the other exports
 * @property {("web" | "android")[]} platforms `expo export` for each, in this order; the web export is the preview
 */

const PATH = "/usr/local/bin:/usr/bin:/bin";

/** What the build's tools see of the environment: nothing of the worker's (its database URL least of all). */
export function cleanEnv(/** @type {string} */ workDir) {
  return {
    PATH,
    HOME: join(workDir, "home"),
    TMPDIR: join(workDir, "tmp"),
    LANG: "C.UTF-8",
    CI: "1",
    EXPO_NO_TELEMETRY: "1",
    EXPO_OFFLINE: "1",
  };
}

/** Gives `path` (recursively) to `user`, or back to the worker when `user` is null. */
export function chown(
  /** @type {string} */ path,
  /** @type {BuildUser | { uid: number, gid: number }} */ user,
) {
  if (!user || process.getuid?.() !== 0) return;
  const out = spawnSync("chown", [
    "-R",
    "--no-dereference",
    `${user.uid}:${user.gid}`,
    path,
  ]);
  if (out.status !== 0) throw new Error(`chown ${path}: ${out.stderr}`);
}

const ROOT_OWNER = { uid: 0, gid: 0 };

/** Writes the files under `appDir`; a path that would leave it (the database refuses those) is an error. */
export async function writeFiles(
  /** @type {string} */ appDir,
  /** @type {SourceFile[]} */ files,
) {
  for (const file of files) {
    const path = resolve(appDir, file.path);
    if (!path.startsWith(appDir + sep)) {
      throw new Error(`a file path leaves the project: ${file.path}`);
    }
    await mkdir(dirname(path), { recursive: true });
    await writeFile(
      path,
      Buffer.from(
        file.contents,
        file.encoding === "base64" ? "base64" : "utf8",
      ),
    );
  }
}

/** A package.json that names something the install may not fetch; its message is the build's error. */
export class RefusedDependency extends Error {}

/**
 * Refuses every dependency that is not a package of the registry (a URL, a git repository, a file or a
 * directory), as npm itself reads the spec: the install may reach the registry and nothing else.
 */
function requireRegistrySpecs(/** @type {Record<string, unknown>} */ specs, /** @type {string} */ where) {
  for (const [name, spec] of Object.entries(specs)) {
    if (typeof spec === "object" && spec !== null) {
      // An override may hold the overrides of a package's own dependencies.
      requireRegistrySpecs(/** @type {Record<string, unknown>} */ (spec), `${where}.${name}`);
      continue;
    }
    // `$name` in overrides refers to the version a dependency already names; "." to the package's own.
    if (where.startsWith("overrides") && (String(spec).startsWith("$") || spec === ".")) continue;
    let registry = false;
    try {
      registry = typeof spec === "string" &&
        npa.resolve(npa(name === "." ? "x" : name).name ?? name, spec).registry;
    } catch {
      registry = false;
    }
    if (!registry) {
      throw new RefusedDependency(
        `${where}.${name} is ${JSON.stringify(spec)}: builds install packages of the registry only ` +
          "(a version, a range or a tag), not URLs, git repositories, files or directories.",
      );
    }
  }
}

/** The part of package.json that decides what `npm install` installs, every spec one of the registry. */
export function dependencyKey(/** @type {string} */ manifestText) {
  const m = JSON.parse(manifestText);
  const set = {
    dependencies: m.dependencies ?? {},
    devDependencies: m.devDependencies ?? {},
    optionalDependencies: m.optionalDependencies ?? {},
    overrides: m.overrides ?? {},
  };
  for (const [field, specs] of Object.entries(set)) {
    if (typeof specs !== "object" || specs === null || Array.isArray(specs)) {
      throw new RefusedDependency(`package.json's ${field} is not an object of packages and versions.`);
    }
    requireRegistrySpecs(specs, field);
  }
  return {
    key: createHash("sha256").update(JSON.stringify(set)).digest("hex").slice(
      0,
      24,
    ),
    manifest: { name: "app", version: "1.0.0", private: true, ...set },
  };
}

/**
 * The installs under way, by dependency set, with the user each runs as.
 * @type {Map<string, { user: BuildUser, done: Promise<import("./sandbox.js").RunResult & { cached: boolean }> }>}
 */
const installing = new Map();

/**
 * node_modules for the project's dependency set: from the cache, or installed (as the build user, install
 * scripts off) into a staging directory that becomes the worker's, read-only to builds, before it is
 * renamed into the cache, so a build can never change what another build links.
 */
export function dependencies(
  /** @type {BuildContext} */ ctx,
  /** @type {string} */ manifestText,
) {
  const { key, manifest } = dependencyKey(manifestText);
  const dir = join(ctx.cacheDir, key);
  const modules = join(dir, "node_modules");
  if (existsSync(join(dir, ".installed"))) {
    return Promise.resolve({
      ok: true,
      code: 0,
      timedOut: false,
      ms: 0,
      output: "",
      modules,
      cached: true,
    });
  }
  if (!installing.has(key)) {
    installing.set(key, {
      user: ctx.user,
      done: install(ctx, dir, manifest).finally(() => installing.delete(key)),
    });
  }
  const shared = /** @type {{ user: BuildUser, done: Promise<any> }} */ (installing.get(key));
  return shared.done.then((r) =>
    // An install another build (or device preview) started is killed with that one's processes when it ends
    // first: one still running installs the set itself.
    !r.ok && r.code === null && !r.timedOut && shared.user !== ctx.user && !ctx.signal?.aborted
      ? dependencies(ctx, manifestText)
      : { ...r, modules }
  );
}

async function install(
  /** @type {BuildContext} */ ctx,
  /** @type {string} */ dir,
  /** @type {object} */ manifest,
) {
  // An unguessable name in a directory builds cannot list, so no build can reach an install under way.
  const staging = `${dir}.${randomBytes(12).toString("hex")}`;
  // npm's cache is the install's own: one the build user kept could be altered by a later build.
  const npmCache = join(staging, ".npm");
  await mkdir(npmCache, { recursive: true });
  await writeFile(
    join(staging, "package.json"),
    JSON.stringify(manifest, null, 2),
  );
  chown(staging, ctx.user);
  const result = await run(
    [
      "npm",
      "install",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
    ],
    {
      cwd: staging,
      env: {
        ...cleanEnv(staging),
        HOME: staging,
        TMPDIR: staging,
        npm_config_cache: npmCache,
      },
      user: ctx.user,
      limits: ctx.limits.install,
      offline: false,
      signal: ctx.signal,
    },
  );
  if (!result.ok) {
    await rm(staging, { recursive: true, force: true });
    return { ...result, cached: false };
  }
  await rm(npmCache, { recursive: true, force: true });
  chown(staging, ROOT_OWNER);
  await writeFile(join(staging, ".installed"), `${result.ms} ms\n`);
  // Another worker may have installed the same set meanwhile: its copy is as good.
  await rename(staging, dir).catch(() => rm(staging, { recursive: true, force: true }));
  return { ...result, cached: false };
}

/** tsc's diagnostics (`--pretty false`): `file(line,col): error TSnnnn: message`. */
export function tscErrors(/** @type {string} */ output) {
  /** @type {BuildError[]} */
  const errors = [];
  for (const line of output.split("\n")) {
    const m = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line.trim());
    if (m) {
      errors.push({
        file: m[1],
        line: Number(m[2]),
        column: Number(m[3]),
        code: m[4],
        message: m[5],
      });
    } else if (/^error (TS\d+): /.test(line.trim())) {
      const [, code, message] = /^error (TS\d+): (.*)$/.exec(line.trim()) ?? [];
      errors.push({ code, message });
    }
  }
  return errors;
}

/** An export's files and bytes (links, which the build could point anywhere, are not followed). */
async function measure(/** @type {string} */ dir) {
  let files = 0;
  let bytes = 0;
  for (
    const entry of await readdir(dir, { recursive: true, withFileTypes: true })
  ) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await lstat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * The web export is served under `/p/<token>/`: Expo's `experiments.baseUrl` makes its script and asset
 * URLs, and the router's, start there.
 */
async function setBaseUrl(
  /** @type {string} */ appDir,
  /** @type {string} */ baseUrl,
) {
  const file = join(appDir, "app.json");
  const config = existsSync(file) ? JSON.parse(await readFile(file, "utf8")) : {};
  config.expo = {
    ...config.expo,
    experiments: { ...config.expo?.experiments, baseUrl },
  };
  await writeFile(file, JSON.stringify(config, null, 2));
}

/**
 * Builds the files. `token` names the preview.
 * @param {BuildContext} ctx
 * @param {SourceFile[]} files
 * @param {string} token
 * @returns {Promise<Outcome>}
 */
export async function buildProject(ctx, files, token) {
  /** @type {Step[]} */
  const steps = [];
  /** @type {BuildError[]} */
  let errors = [];
  let log = "";
  const appDir = join(ctx.workDir, "app");
  const env = cleanEnv(ctx.workDir);
  /** The published web export, once there is one: a build that ends otherwise than succeeded names it too. */
  /** @type {string | undefined} */
  let previewDir;
  /** @type {(status: Outcome["status"], extra?: Partial<Outcome>) => Outcome} */
  const end = (status, extra = {}) => ({
    status,
    steps,
    errors,
    log,
    artifacts: {},
    ...(previewDir ? { previewDir } : {}),
    ...extra,
  });
  const record = (
    /** @type {Step["name"]} */ name,
    /** @type {import("./sandbox.js").RunResult} */ r,
    /** @type {Partial<Step>} */ extra = {},
  ) => {
    steps.push({
      name,
      status: r.ok ? "succeeded" : "failed",
      ms: r.ms,
      ...extra,
    });
    const how = r.timedOut ? "stopped: out of time" : r.ok ? "ok" : `exit ${r.code}`;
    log += `$ ${name}\n${r.output}${r.output.endsWith("\n") || !r.output ? "" : "\n"}(${how}, ${r.ms} ms)\n`;
  };

  await mkdir(join(ctx.workDir, "home"), { recursive: true });
  await mkdir(join(ctx.workDir, "tmp"), { recursive: true });
  await writeFiles(appDir, files);
  const manifest = files.find((f) => f.path === "package.json");
  if (!manifest) {
    errors = [{
      file: "package.json",
      message: "The project has no package.json.",
    }];
    return end("failed");
  }
  let deps;
  await ctx.onStep?.("install");
  try {
    deps = await dependencies(
      ctx,
      Buffer.from(manifest.contents, manifest.encoding).toString("utf8"),
    );
  } catch (err) {
    errors = [{
      file: "package.json",
      message: err instanceof RefusedDependency ? err.message : `package.json cannot be read: ${String(err)}`,
    }];
    return end("failed");
  }
  record("install", deps, { cached: deps.cached });
  if (ctx.signal.aborted) return end("canceled");
  if (!deps.ok) {
    errors = [{
      file: "package.json",
      message: deps.timedOut ? "Installing took too long." : "npm install failed.",
    }];
    return end("failed");
  }
  await symlink(deps.modules, join(appDir, "node_modules"));
  chown(ctx.workDir, ctx.user);

  const confined = {
    cwd: appDir,
    env,
    user: ctx.user,
    limits: ctx.limits.check,
    offline: ctx.offline,
  };
  await ctx.onStep?.("typecheck");
  const check = await run([
    "node_modules/.bin/tsc",
    "--noEmit",
    "--pretty",
    "false",
  ], {
    ...confined,
    signal: ctx.signal,
  });
  record("typecheck", check);
  if (ctx.signal.aborted) return end("canceled");
  if (!check.ok) {
    errors = check.timedOut ? [{ message: "The type-check took too long." }] : tscErrors(check.output);
    if (errors.length === 0) {
      errors = [{ message: "tsc --noEmit failed; see the log." }];
    }
    return end("failed");
  }

  await setBaseUrl(appDir, `/p/${token}`);
  chown(join(appDir, "app.json"), ctx.user);
  /** @type {Record<string, unknown>} */
  const artifacts = { platforms: ctx.platforms };
  for (const platform of ctx.platforms) {
    const out = join(appDir, `dist-${platform}`);
    await ctx.onStep?.(`export_${platform}`);
    const exported = await run(
      ["node_modules/.bin/expo", "export", "--platform", platform, "--output-dir", out],
      { ...confined, signal: ctx.signal },
    );
    record(`export_${platform}`, exported);
    if (ctx.signal.aborted) return end("canceled");
    // What an export left must be a directory of its own, not a link the worker would follow.
    const made = exported.ok && (await lstat(out).catch(() => null))?.isDirectory();
    if (!made) {
      const why = exported.timedOut
        ? "took too long"
        : exported.ok
        ? "wrote no directory"
        : "failed; see the log";
      errors = [{ message: `expo export for ${platform} ${why}.` }];
      return end("failed");
    }
    artifacts[platform] = await measure(out);
    // The web export is the preview: published at once, so it shows while the other exports run.
    if (platform === "web") {
      previewDir = join(ctx.previewsDir, token);
      await rm(previewDir, { recursive: true, force: true });
      await rename(out, previewDir);
      chown(previewDir, ROOT_OWNER);
      await injectReporter(previewDir, token);
      await ctx.onPreview?.();
    }
  }
  return end("succeeded", { artifacts });
}
