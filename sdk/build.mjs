// `npm run build` and npm's `prepare` (run by `npm pack`, by `npm install` in this folder, and by a project
// that installs this folder or a git clone of it): compiles src/ to dist/ with TypeScript. TypeScript and
// openapi-fetch are taken from where Node finds them from here (sdk/node_modules, or the repository root's
// after its `npm install`); when either is missing, this folder's own dependencies are installed first, so
// that a project installing the folder needs no TypeScript of its own. A tarball from `npm pack` carries
// dist/ already: installing it runs nothing.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const require = createRequire(import.meta.url);
const found = (name) => {
  try {
    return require.resolve(name);
  } catch {
    return undefined;
  }
};
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: here, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!found("typescript/bin/tsc") || !found("openapi-fetch")) {
  // npm sets npm_execpath for its scripts; `npm run build` outside npm falls back to the npm on PATH.
  const npm = process.env.npm_execpath;
  const args = ["install", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"];
  if (npm?.endsWith(".js") || npm?.endsWith(".cjs")) run(process.execPath, [npm, ...args]);
  else run("npm", args);
}
run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.json"]);
