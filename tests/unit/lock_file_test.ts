// The lock file is complete: `npm ci` accepts it. npm refuses a lock that lacks an entry for any optional
// dependency, including the platform binaries this machine never installs (the supabase CLI's for macOS,
// Windows, arm64 and musl), so a lock written on one platform can fail `npm ci` on every machine.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

Deno.test("npm ci accepts package.json and package-lock.json as they are", async () => {
  const out = await new Deno.Command("npm", {
    args: ["ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const said = new TextDecoder().decode(out.stderr);
  assert.ok(out.success, said);
  assert.doesNotMatch(said, /Missing: .* from lock file/);
});
