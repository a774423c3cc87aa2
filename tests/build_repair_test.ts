// A model's job waits for the build of the version it made: a version that fails to type-check is repaired in
// the model's repair round, fed the build's errors, and built again; the job succeeds only when a build of its
// final version succeeds, else fails `build_failed` with the build's errors. Real builds by the build worker.
import assert from "node:assert/strict";
import { TEMPLATE_FILES } from "../supabase/functions/_generator/template-files.ts";
import {
  api,
  db,
  jobEvents,
  newProject,
  newUser,
  NO_STACK,
  type TestUser,
  waitForJob,
  withSetting,
} from "./helpers.ts";
import {
  answer,
  completion,
  type Seen,
  type StandIn,
  WIRE_SPEC,
  withModelRunner,
  withStandIn,
} from "./model_stand_in.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

interface JobBody {
  id: string;
  status: string;
  project_id: number;
  version_id?: string;
  build?: { id: number; status: string; preview_url: string | null };
  error?: {
    code: string;
    message: string;
    details?: { build_id: number; errors: { file?: string; code?: string }[] };
  };
}

// The template's app under the spec's name: it type-checks and exports. The service writes the spec file.
const APP = TEMPLATE_FILES.filter((file) => !file.base64 && file.path !== "app.spec.json").map((file) => ({
  path: file.path,
  contents: file.path === "app.json"
    ? file.contents.replace('"My App"', JSON.stringify(WIRE_SPEC.name))
    : file.contents,
  type: /\.(tsx?|js)$/.test(file.path) ? "CODE" : file.path.endsWith(".md") ? "DOC" : "CONFIG",
}));
// A file the verifier accepts and tsc rejects.
const BROKEN = [...APP, {
  path: "src/broken.ts",
  contents: 'export const count: number = "three";\n',
  type: "CODE",
}];

/** The model's answers in turn: the last one again once they run out. */
function answers(standIn: StandIn, ...apps: typeof APP[]) {
  standIn.reply = () => completion(answer({ files: apps[Math.min(standIn.seen.length, apps.length) - 1] }));
}

/** A job of the model on a new project of the user's, with versions built as where a worker runs. */
async function modelJob(standIn: StandIn, user: TestUser): Promise<JobBody> {
  const project = await newProject(user);
  let job: JobBody | undefined;
  await withModelRunner(standIn, async () => {
    await withSetting("build_versions", "true", async () => {
      const created = await api<JobBody>("POST", "/jobs", {
        token: user.token,
        body: {
          type: "prompt",
          project_id: project.id,
          input: {
            prompt: "A tide log app that records high and low tides per beach",
            appName: WIRE_SPEC.name,
          },
        },
      });
      assert.equal(created.status, 202, created.text);
      // A succeeded build exports for the web and android: minutes on shared cores.
      job = await waitForJob<JobBody>(user, created.body.id, undefined, 900_000);
    });
  });
  return job!;
}

/** The last message of a model request: a repair round's carries the problems. */
const lastMessage = (seen: Seen) => JSON.stringify(seen.body.messages.at(-1));

t("a model's app that fails to type-check is repaired with the build's errors and built again", async () => {
  await withStandIn(async (standIn) => {
    answers(standIn, BROKEN, APP);
    const user = await newUser("build.repair");
    const job = await modelJob(standIn, user);
    assert.equal(job.status, "succeeded", JSON.stringify(job));
    assert.equal(standIn.seen.length, 2, "the model was called twice");
    assert.match(
      lastMessage(standIn.seen[1]),
      /src\/broken\.ts:1:14: TS2322 Type 'string' is not assignable/,
    );

    // The stream: the first version's build failed, the repaired version's succeeded, the job's.
    const builds = (await jobEvents(user, job.id)).filter((e) => e.type === "build").map((e) => e.data);
    const ended = builds.filter((b) => ["succeeded", "failed", "canceled"].includes(b.status as string));
    assert.deepEqual(ended.map((b) => b.status), ["failed", "succeeded"]);
    assert.notEqual(ended[0].id, ended[1].id);
    assert.deepEqual(job.build, { id: ended[1].id, status: "succeeded", preview_url: ended[1].preview_url });

    // The repaired version is the project's newest and the job's; it removed the broken file.
    const versions = await api<{ data: { id: string; job_id: string | null }[] }>(
      "GET",
      `/projects/${job.project_id}/versions?limit=2`,
      { token: user.token },
    );
    assert.deepEqual(versions.body.data.map((v) => v.job_id), [job.id, job.id]);
    assert.equal(versions.body.data[0].id, job.version_id);
    const diff = await api<{ data: { path: string; status: string }[] }>(
      "GET",
      `/projects/${job.project_id}/versions/${job.version_id}/diff`,
      { token: user.token },
    );
    assert.deepEqual(diff.body.data.map((d) => `${d.status} ${d.path}`), ["removed src/broken.ts"]);
    const [usage] = await db()`select status, credits from public.usage_events where job_id = ${job.id}`;
    assert.equal(usage.status, "succeeded");
  });
});

t(
  "a model's app that still fails to type-check after its repair round fails build_failed, charged",
  async () => {
    await withStandIn(async (standIn) => {
      answers(standIn, BROKEN);
      const user = await newUser("build.repair.fails");
      const job = await modelJob(standIn, user);
      assert.equal(job.status, "failed", JSON.stringify(job));
      assert.equal(job.error?.code, "build_failed");
      assert.deepEqual(
        job.error?.details?.errors.map((e) => `${e.file} ${e.code}`),
        ["src/broken.ts TS2322"],
      );
      assert.equal(job.error?.details?.build_id, job.build?.id);
      assert.equal(standIn.seen.length, 2, "one repair round in all");
      // Both runs' tokens are charged, once, as a failed generation's.
      const usage =
        await db()`select status, tokens_in, credits from public.usage_events where job_id = ${job.id}`;
      assert.equal(usage.length, 1);
      assert.equal(usage[0].status, "failed");
      assert.ok(Number(usage[0].credits) > 0);
      assert.equal(Number(usage[0].tokens_in), 2 * 1234);
    });
  },
);
