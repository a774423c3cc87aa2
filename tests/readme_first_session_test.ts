// The README's first session, run as written: its marked shell blocks in one bash (real curl, node and
// `npm run token`) and its SDK block in Deno, against the running stack put in for the default address.
// What the README says happens is asserted: a job succeeds, its files come back, the icon is a PNG.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { GATEWAY, markedBlocks, newUser, NO_STACK } from "./helpers.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const README = join(ROOT, "README.md");
const DEFAULT_GATEWAY = "http://127.0.0.1:54321";
const DEFAULT_GIT_HOST = "http://127.0.0.1:54323";
const DENO = join(ROOT, "node_modules/.bin/deno");
// A job takes seconds; the bound only stops a hung run.
const RUN_LIMIT_MS = 5 * 60_000;

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

/** The code of every fenced block right after `<!-- first-session: <kind> -->`, in order. */
function firstSessionBlocks(markdown: string, kind: "sh" | "sdk"): string[] {
  const gitHost = Deno.env.get("GITHUB_API_BASE_URL") ?? DEFAULT_GIT_HOST;
  return markedBlocks(markdown, `first-session: ${kind}`).map((b) =>
    b.replaceAll(DEFAULT_GATEWAY, GATEWAY).replaceAll(DEFAULT_GIT_HOST, gitHost)
  );
}

async function run(cmd: string, args: string[], opts: { stdin?: string; env?: Record<string, string> }) {
  const child = new Deno.Command(cmd, {
    args,
    cwd: ROOT,
    env: opts.env,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(RUN_LIMIT_MS),
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(opts.stdin ?? ""));
  await writer.close();
  const out = await child.output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { ok: out.success, stdout: text(out.stdout), stderr: text(out.stderr) };
}

const BLOCK_END = "@@first-session block end@@";

t(
  "README: the first session's curl blocks make an app, follow it, read and download it, follow up, restore, push, clone, push back, link a database and import",
  async () => {
    const readme = await Deno.readTextFile(README);
    const blocks = firstSessionBlocks(readme, "sh");
    assert.equal(
      blocks.length,
      9,
      "the token, the job, the stream, the polling, the files, the archive, the versions, git, the database and the import",
    );
    const tmp = await Deno.makeTempDir({ prefix: "readme-first-session-" });
    try {
      const script = ["set -euo pipefail", ...blocks.map((b) => `${b}\necho '${BLOCK_END}'`)].join("\n");
      const db = new URL(Deno.env.get("SUPABASE_DB_URL")!);
      const r = await run("bash", [], {
        stdin: script,
        env: {
          // `npm run token` writes into this stack, as it does into the one `npm start` runs.
          LOCAL_STACK_DIR: dirname(Deno.env.get("TEST_LOCAL_KEY")!),
          PG_PORT: db.port,
          GATEWAY_PORT: new URL(GATEWAY).port,
          TMPDIR: tmp,
        },
      });
      assert(r.ok, `the blocks failed:\n${r.stdout}\n${r.stderr}`);
      const [me, created, stream, polled, files, archive, versioned, git, linked] = r.stdout.split(
        `${BLOCK_END}\n`,
      );

      assert.equal(JSON.parse(me).email, "you@example.com");

      const job = JSON.parse(created.trim());
      assert.equal(job.status, "queued");
      assert.equal(job.type, "prompt");
      assert(Number.isInteger(job.project_id), created);

      // The stream: the job's status events, ending with the one that says it succeeded.
      const statuses = [...stream.matchAll(/^event: status\ndata: (.*)$/gm)].map((m) =>
        JSON.parse(m[1]).status
      );
      assert(statuses.length >= 2, stream);
      assert.equal(statuses.at(-1), "succeeded", stream);

      const done = JSON.parse(polled.trim());
      assert.equal(done.id, job.id);
      assert.equal(done.status, "succeeded");
      assert.equal(done.result.project_id, job.project_id);

      const listed = files.trim().split("\n");
      assert.equal(listed.length, done.result.files_saved);
      assert(listed.includes("ASSET assets/icon.png"), files);
      assert(listed.some((line) => line.endsWith(" app.json")), files);
      const icon = await Deno.readFile(join(tmp, "icon.png"));
      assert.deepEqual([...icon.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "a PNG");

      // The archive unpacked: the files, a note on running the app, and the icon as the listing's bytes.
      const unpacked = archive.trim().split("\n");
      assert(
        ["README.md", "package.json", "app.json", "assets"].every((name) => unpacked.includes(name)),
        archive,
      );
      assert.deepEqual(await Deno.readFile(join(tmp, "app/assets/icon.png")), icon);

      // The versions, newest first with the follow-up's prompt; what it changed; the restore's new number.
      const lines = versioned.trim().split("\n");
      const newest = /^(\d+) Add a field called Shelf$/.exec(lines[0]);
      assert(newest, versioned);
      assert(lines.some((l) => /^(added|changed|removed) \S/.test(l)), versioned);
      const restored = Number(lines.at(-1));
      assert.equal(restored, Number(newest[1]) + 1, "the restore is the next version");

      // Pushed: every version a commit; then the edit pushed with git came back into the project.
      // The push's answer has no newline of its own: the log follows on its line.
      const answered = git.indexOf("}") + 1;
      assert.equal(JSON.parse(git.slice(0, answered)).pushed, true);
      const rest = git.slice(answered).trim().split("\n");
      assert.equal(rest.at(-1), "# Notes", git);
      assert(rest.includes("Add a field called Shelf"), git);
      assert(rest.includes(`Restore version ${Number(newest[1]) - 1}`), git);

      const [ref, commit] = linked.trim().split("\n");
      assert.match(ref, /^[a-z]{20}$/, linked);
      const head = new TextDecoder().decode(
        (await new Deno.Command("git", { args: ["-C", join(tmp, "repo"), "rev-parse", "HEAD"] }).output())
          .stdout,
      ).trim();
      assert.equal(commit, head, "the new project holds the repository's head");
    } finally {
      await Deno.remove(tmp, { recursive: true });
    }
  },
);

t("README: the first session's SDK block makes an app and lists its files", async () => {
  const [sdk, ...more] = firstSessionBlocks(await Deno.readTextFile(README), "sdk");
  assert(sdk && more.length === 0, "one SDK block");
  const user = await newUser("readme");
  // Run from the repository's root, as the README says, so its relative import and deno.json apply.
  const r = await run(DENO, ["run", "-A", "-"], { stdin: sdk, env: { TOKEN: user.token } });
  assert(r.ok, `the SDK block failed:\n${r.stdout}\n${r.stderr}`);
  const lines = r.stdout.trim().split("\n");
  assert.equal(lines[0], "queued");
  assert(lines.includes("status succeeded"), r.stdout);
  const at = lines.findIndex((l) => l.startsWith("succeeded "));
  const result = JSON.parse(lines[at].slice("succeeded ".length));
  assert(Number.isInteger(result.project_id), lines[at]);
  const listed = lines.slice(at + 1);
  assert.equal(listed.length, result.files_saved);
  assert(listed.includes("ASSET assets/icon.png"), r.stdout);
});

t("README: the reference page it points at is served", async () => {
  const readme = await Deno.readTextFile(README);
  assert(readme.includes(`<${DEFAULT_GATEWAY}/functions/v1/v1/docs>`));
  const res = await fetch(`${GATEWAY}/functions/v1/v1/docs`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
  await res.body?.cancel();
});

Deno.test("README: every node one-liner of the first session takes its arguments after --", () => {
  // A value that begins with "-" (a base64url PKCE verifier does, one time in 64) would be read as node's option.
  const script = String.raw`'[^']*'|"(?:[^"\\]|\\.)*"`;
  // `node -p|-pe|-e <script>` and the words after it up to the end of the command.
  const call = new RegExp(String.raw`\bnode -(?:pe|p|e)\s+(?:${script})((?:\s+[^\s)|;]+)*)`, "g");
  const calls = firstSessionBlocks(Deno.readTextFileSync(README), "sh").flatMap((block) => [
    ...block.matchAll(call),
  ]);
  assert.ok(calls.length >= 3, `${calls.length} node calls found`);
  for (const [text, args] of calls) {
    const words = args.trim().split(/\s+/).filter(Boolean);
    assert.ok(words.length === 0 || words[0] === "--", text);
  }
});
