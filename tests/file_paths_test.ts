// One table of file paths through every place that judges them: the database's rule
// (private.file_path_problem, which the project_files CHECK uses), its TypeScript twin (isValidFilePath, the
// documented pattern), PUT /projects/{id}/files and the checks generated projects pass.
import assert from "node:assert/strict";
import { isValidFilePath } from "../supabase/functions/_shared/file-paths.ts";
import { verifyProject } from "../supabase/functions/_generator/verify.ts";
import { api, db, expectError, newProject, newUser, NO_STACK } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, ignore: NO_STACK, sanitizeOps: false, sanitizeResources: false, fn });

// [path, null when a project may hold it, or the reason it is refused]
const PATHS: [string, string | null][] = [
  ["App.tsx", null],
  ["src/App.tsx", null],
  ["app/(tabs)/[id].tsx", null],
  [".gitignore", null],
  [".gitattributes", null],
  [".github/workflows/ci.yml", null],
  ["src/.gitkeep", null],
  ["a.git/x", null],
  ["git/x", null],
  ["x/.git2", null],
  ["GIT~2/x", null],
  ["...", null],
  ["a b/c d.ts", null],
  ["émoji/über.ts", null],
  ["日本語.md", null],
  ["a".repeat(512), null],
  ["", "empty"],
  ["a".repeat(513), "too_long"],
  ["/etc/passwd", "absolute"],
  ["src\\win.ts", "backslash"],
  ["C:/Windows/x.ts", "colon"],
  ["C:x", "colon"],
  ["a:b", "colon"],
  ["src/file.ts:stream", "colon"],
  ["a/../b", "parent_segment"],
  ["./a.ts", "dot_segment"],
  ["a//b", "empty_segment"],
  ["src/", "empty_segment"],
  [".git", "git_segment"],
  [".git/config", "git_segment"],
  [".git/hooks/pre-commit", "git_segment"],
  ["sub/.git/hooks/post-checkout", "git_segment"],
  [".GIT/config", "git_segment"],
  [".Git/hooks/x", "git_segment"],
  ["a/.gIt", "git_segment"],
  ["a/.git./config", "git_segment"],
  ["a/.git . /config", "git_segment"],
  ["GIT~1/config", "git_segment"],
  ["git~1", "git_segment"],
  ["tab\there", "control_character"],
  ["line\nbreak", "control_character"],
  ["a\u0001b", "control_character"],
  ["del\u007f", "control_character"],
  ["next\u0085line", "control_character"],
  ["csi\u009b", "control_character"],
  ...[
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200b",
    "\u200c",
    "\u200d",
    "\ufeff",
    "\u2060",
    "\u200e",
    "\u200f",
    "\u061c",
    "\u2028",
  ].map((c): [string, string] => [`src/evil${c}txt.ts`, "invisible_character"]),
];

t("file paths: the database's rule and its TypeScript twin agree on one table", async () => {
  const rows = await db()`select p.path, private.file_path_problem(p.path) as problem
                           from unnest(${PATHS.map(([path]) => path)}::text[]) as p(path)`;
  assert.equal(rows.length, PATHS.length);
  for (const [i, [path, reason]] of PATHS.entries()) {
    assert.equal(rows[i].path, path);
    assert.equal(rows[i].problem, reason, JSON.stringify(path));
    assert.equal(isValidFilePath(path), reason === null, `TypeScript on ${JSON.stringify(path)}`);
  }
});

t(
  "file paths: PUT /projects/{id}/files saves the allowed ones and refuses each other with its reason",
  async () => {
    const owner = await newUser("paths");
    const p = await newProject(owner);
    const allowed = PATHS.filter(([, reason]) => reason === null).map(([path]) => path);
    const saved = await api<{ data: { path: string }[] }>("PUT", `/projects/${p.id}/files`, {
      token: owner.token,
      body: { files: allowed.map((path) => ({ path, contents: "", type: "CODE" })) },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.body.data.map((f) => f.path).sort(), [...allowed].sort());
    for (const [path, reason] of PATHS.filter(([, reason]) => reason !== null)) {
      const res = await api("PUT", `/projects/${p.id}/files`, {
        token: owner.token,
        body: { files: [{ path, contents: "x", type: "CODE" }] },
      });
      expectError(res, 400, "invalid_file_path");
      assert.deepEqual(res.body.details, { path, reason }, JSON.stringify(path));
    }
    // The CHECK refuses them whoever writes, the service included.
    await assert.rejects(
      db()`insert into public.project_files (project_id, path, contents, type) values (${p.id}, '.git/config', '', 'CODE')`,
      /project_files_path_valid/,
    );
  },
);

t("file paths: a generated project with a refused path does not pass its checks", () => {
  for (const [path, reason] of PATHS) {
    const flagged = verifyProject([{ path, contents: "", type: "CODE" }])
      .some((problem) => problem.startsWith(`${JSON.stringify(path)}: not a path a project may hold`));
    assert.equal(flagged, reason !== null, JSON.stringify(path));
  }
  return Promise.resolve();
});
