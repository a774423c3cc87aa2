// The generated apps build with the real Expo toolchain: every prompt of the fixed set (every kind, English
// and Italian, both tiers) is generated through the API and type-checked with `tsc --noEmit`, and one app
// holding every building block in every option (a checked-in German spec whose composed files are saved
// through the API) is type-checked too and bundled with `expo export` for android and web.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  bundle,
  everyBlockApp,
  everyBlockSpec,
  generatePromptSet,
  ROOT,
  typecheckAll,
  writeApp,
} from "./apps/build.ts";
import { APP_PROMPTS } from "./apps/prompts.ts";
import { composeApp } from "../supabase/functions/_shared/generation/compose.ts";
import { BASE_URL, newUser, NO_STACK } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });
const OUT = join(ROOT, ".local/apps-test");

let building: ReturnType<typeof build> | undefined;
// Started by the first test that needs it, so a failure is that test's and not the whole run's.
const builtApps = () => building ??= build();

// Users of their own for the fixed set and the follow-ups: one user's hourly evaluation quota would not do.
async function build() {
  const client = async (label: string) => ({ base: BASE_URL, token: (await newUser(label)).token });
  const apps = await generatePromptSet(() => client("apps.set"));
  const blockUser = await newUser("apps.blocks");
  const everyBlock = await everyBlockApp({ base: BASE_URL, token: blockUser.token });
  await Deno.mkdir(OUT, { recursive: true });
  const started = performance.now();
  const dirs = [];
  for (const app of [...apps, everyBlock]) dirs.push(await writeApp(OUT, app));
  console.log(`written and installed in ${Math.round(performance.now() - started)} ms`);
  return { apps, everyBlock, dirs };
}

t("every prompt of the fixed set is generated through the API as the kind it asks for", async () => {
  const { apps } = await builtApps();
  for (const [index, p] of APP_PROMPTS.entries()) {
    const app = apps[index];
    assert.equal(app.kind.split("+")[0], p.kind, p.id);
    assert.equal(app.language, p.language, p.id);
    assert.equal(app.filesSaved, app.files.length, `${p.id}: files_saved is what the project lists`);
  }
});

t("every generated app type-checks with tsc --noEmit", async () => {
  const { dirs } = await builtApps();
  const started = performance.now();
  const results = await typecheckAll(dirs);
  console.log(`tsc on ${dirs.length} apps in ${Math.round(performance.now() - started)} ms`);
  const failures = results.flatMap((r, i) => (r.ok ? [] : [`${dirs[i]}:\n${r.output}`]));
  assert.deepEqual(failures, []);
});

t("an app holding every building block bundles with expo export for android and web", async () => {
  const { everyBlock, dirs } = await builtApps();
  // The project holds exactly the files composed for the spec: those of the project's starting template
  // were all replaced.
  const composed = composeApp(everyBlockSpec());
  assert.deepEqual(everyBlock.files.map((f) => f.path), composed.map((f) => f.path).sort());
  assert.equal(everyBlock.filesSaved, composed.length);
  const blocks = new Set(
    everyBlock.files.filter((f) => f.path.startsWith("src/blocks/")).map((f) => f.path.slice(11, -4)),
  );
  const screens = everyBlockSpec().screens;
  for (const block of new Set(screens.map((screen) => screen.block))) {
    const component = `${block.charAt(0).toUpperCase()}${block.slice(1)}Block`;
    assert.ok(blocks.has(component), `the app has the ${component} block`);
  }
  assert.ok(blocks.has("ChoiceQuiz"), "the app has the multiple-choice quiz");
  const dir = dirs.at(-1)!;
  const result = await bundle(dir, ["android", "web"]);
  console.log(`expo export android + web in ${result.ms} ms`);
  assert.ok(result.ok, result.output);
  const dist = [...Deno.readDirSync(join(dir, "dist/_expo/static/js"))].map((entry) => entry.name).sort();
  assert.deepEqual(dist, ["android", "web"]);
  assert.ok(Deno.statSync(join(dir, "dist/index.html")).isFile);
  // The bundles hold this app's routes (each importing its block), not another app's.
  const routes = everyBlock.files.map((f) => f.path).filter((path) => path.startsWith("src/app/"));
  for (const platform of dist) {
    const js = join(dir, "dist/_expo/static/js", platform);
    const code = [...Deno.readDirSync(js)].map((entry) => Deno.readTextFileSync(join(js, entry.name))).join(
      "",
    );
    for (const route of routes) {
      assert.ok(code.includes(`./${route.slice("src/app/".length)}`), `${platform} bundles ${route}`);
    }
  }
});
