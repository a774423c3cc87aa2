// `npm run eval:apps`: a report a person can look at. On a throw-away stack, every prompt of the fixed set
// (eval/app-set/prompts.ts) is generated through the API and the app holding every building block is saved
// through it from its checked-in spec (eval/app-set/every-block.json); each is installed (dependencies cached
// under .local/app-deps/), type-checked, bundled with `expo export` for android and web, and the web build is opened in headless Chromium: a screenshot of the first screen
// and one after a scripted interaction. A follow-up prompt on one app of the set is built and shot too, to
// show it changes that app. Writes eval/report/README.md next to the screenshots (the apps themselves stay in
// .local/eval-apps/).
//   --only <id,…>   only these prompts of the set (the every-block app is always built); the report then
//                   goes to .local/eval-apps/report/ and the committed one stays as it is
import { join, relative } from "node:path";
import postgres from "postgres";
import { freePort, startStack } from "../scripts/local/stack.ts";
import { mintAccessToken } from "../scripts/local/keys.ts";
import { ensureUser } from "../scripts/local/users.ts";
import {
  bundle,
  everyBlockApp,
  generate,
  type GeneratedApp,
  generatePromptSet,
  ROOT,
  serveDist,
  type StepResult,
  typecheckAll,
  writeApp,
} from "./app-set/build.ts";
import { APP_PROMPTS } from "./app-set/prompts.ts";
import { withBrowser } from "../scripts/lib/browser.ts";

const OUT = join(ROOT, ".local/eval-apps");
// The follow-up shown in the report: a recolour, a new field and a new tab on an app of the set.
const FOLLOW_UP = {
  of: "todo-en",
  prompt: "make it red, add a field Notes, and add reminders at 8 am",
  tab: "Reminders",
};
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

interface Row {
  app: GeneratedApp;
  /** The app of the set this one is a follow-up of. */
  followUpOf?: string;
  tsc: StepResult;
  bundle: StepResult;
  shots: string[];
  interaction: string;
}

/**
 * The first screen, then a tap on the first checkbox, link or button that is not a filter chip (a check-off,
 * a record's detail, a conversation, an add to cart, a timer's start), else 12 typed into the first field (a
 * converter), or on the tab named.
 */
async function screenshots(
  appDir: string,
  id: string,
  reportDir: string,
  tab?: string,
): Promise<{ shots: string[]; interaction: string }> {
  const site = serveDist(join(appDir, "dist"));
  const shots = [join(reportDir, `${id}-1.png`), join(reportDir, `${id}-2.png`)];
  let interaction = "none";
  try {
    await withBrowser(async (context) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 360, height: 680 });
      await page.route((url) => !url.href.startsWith(site.url), (route) => route.abort());
      await page.goto(site.url, { waitUntil: "networkidle" });
      await page.waitForTimeout(500);
      await page.screenshot({ path: shots[0] });
      if (tab) {
        interaction = `opened the ${tab} tab`;
        await page.getByText(tab, { exact: true }).last().click({ timeout: 5000 });
      }
      for (const role of tab ? [] : ["checkbox", "link", "button"] as const) {
        const target = page.locator(`[role="${role}"]:not([aria-selected])`).first();
        if (await target.count() === 0) continue;
        interaction = `tapped the first ${role}: ${
          (await target.textContent())?.trim().slice(0, 40) || "(no text)"
        }`;
        await target.click({ timeout: 5000 });
        break;
      }
      const field = page.locator("input").first();
      if (interaction === "none" && await field.count() > 0) {
        interaction = "typed 12 into the first field";
        await field.fill("12", { timeout: 5000 });
      }
      await page.waitForTimeout(1200);
      await page.screenshot({ path: shots[1] });
    });
  } finally {
    await site.stop();
  }
  return { shots, interaction };
}

const seconds = (step: StepResult) => `${step.ok ? "✅" : "❌"} ${(step.ms / 1000).toFixed(0)} s`;

function report(rows: Row[], started: number, reportDir: string): string {
  const lines = [
    "# Generated apps",
    "",
    `${rows.length} apps generated through the API on ${new Date().toISOString().slice(0, 10)}, ` +
    `${((performance.now() - started) / 60_000).toFixed(1)} minutes in all. Each was type-checked ` +
    "(`tsc --noEmit`) and bundled (`expo export --platform android --platform web`); the screenshots are its " +
    "web build in headless Chromium, first screen and after the scripted tap. `npm run eval:apps` writes it.",
    "",
    "| app | kind | name | tier | tsc | android + web bundle |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map(({ app, tsc, bundle }) =>
      `| [${app.id}](#${app.id}) | ${app.kind} | ${app.name} | ${app.model} | ${tsc.ok ? "✅" : "❌"} | ${
        bundle.ok ? "✅" : "❌"
      } |`
    ),
    "",
  ];
  for (const { app, followUpOf, tsc, bundle, shots, interaction } of rows) {
    lines.push(
      `## ${app.id}`,
      "",
      `**${app.name}**${app.description ? ` — ${app.description}` : ""}`,
      "",
      ...(followUpOf
        ? [
          `A follow-up prompt on [${followUpOf}](#${followUpOf}), the same project: compare its screenshots.`,
          "",
        ]
        : []),
      `> ${app.prompt.replace(/\n/g, " ")}`,
      "",
      `| kind | tier | language | files | tsc | android + web bundle |`,
      `| --- | --- | --- | --- | --- | --- |`,
      `| ${app.kind} | ${app.model} | ${app.language} | ${app.files.length} | ${seconds(tsc)} | ${
        seconds(bundle)
      } |`,
      "",
      shots.length
        ? shots.map((shot) => `![${app.id}](${relative(reportDir, shot)})`).join(" ")
        : "(no screenshots)",
      "",
      `Interaction: ${interaction}.`,
      "",
    );
    if (!tsc.ok) lines.push("```text", tsc.output.trim(), "```", "");
    if (!bundle.ok) lines.push("```text", bundle.output.trim(), "```", "");
  }
  return lines.join("\n");
}

async function main() {
  const only = Deno.args.includes("--only")
    ? Deno.args[Deno.args.indexOf("--only") + 1].split(",")
    : undefined;
  const prompts = APP_PROMPTS.filter((p) => !only || only.includes(p.id));
  const reportDir = only ? join(OUT, "report") : join(ROOT, "eval/report");
  const started = performance.now();
  for (const path of [OUT, reportDir]) {
    await Deno.remove(path, { recursive: true }).catch(() => {});
    await Deno.mkdir(path, { recursive: true });
  }
  const dir = await Deno.makeTempDir({ prefix: "appgen-eval-" });
  log("starting a throw-away stack on free ports");
  const stack = await startStack({ dir, pgPort: freePort(), gatewayPort: freePort(), throwaway: true });
  const rows: Row[] = [];
  let failed = 0;
  try {
    const sql = postgres(stack.cluster.url, { prepare: false, max: 2, onnotice: () => {} });
    const base = `${stack.gatewayUrl}/functions/v1/v1`;
    const client = async (label: string) => {
      const user = await ensureUser(sql, `eval.${label}.${crypto.randomUUID().slice(0, 8)}@example.com`);
      return { base, token: await mintAccessToken(stack.key, `${stack.gatewayUrl}/auth/v1`, user) };
    };
    const apps = await generatePromptSet(
      () => client("set"),
      prompts,
      (app) => log(`generated ${app.id}: ${app.name} (${app.kind})`),
    );
    // The follow-up: the project's owner sends it with the project's id, as a user would.
    const first = apps.find((app) => app.id === FOLLOW_UP.of);
    const followUpId = `${FOLLOW_UP.of}-follow-up`;
    if (first) {
      // Right after the app it changes, so the report shows the two one above the other.
      const followUp = await generate(
        first.owner,
        followUpId,
        FOLLOW_UP.prompt,
        first.model,
        first.projectId,
      );
      apps.splice(apps.indexOf(first) + 1, 0, followUp);
      log(`generated ${followUpId}: ${followUp.name} (${followUp.kind})`);
    }
    apps.push(await everyBlockApp(await client("blocks")));
    await sql.end();
    const dirs: string[] = [];
    for (const app of apps) dirs.push(await writeApp(OUT, app));
    log(`written and installed; type-checking ${dirs.length} apps`);
    const checks = await typecheckAll(dirs);
    for (const [index, app] of apps.entries()) {
      const appDir = dirs[index];
      const tsc = checks[index];
      const built = await bundle(appDir, ["android", "web"]);
      const followUpOf = app.id === followUpId ? FOLLOW_UP.of : undefined;
      const { shots, interaction } = built.ok
        ? await screenshots(appDir, app.id, reportDir, followUpOf ? FOLLOW_UP.tab : undefined)
          .catch((err) => ({ shots: [], interaction: `failed: ${err}` }))
        : { shots: [], interaction: "not bundled" };
      if (!tsc.ok || !built.ok) failed++;
      log(
        `${app.id}: tsc ${tsc.ok ? "ok" : "FAILED"} ${tsc.ms} ms, export ${
          built.ok ? "ok" : "FAILED"
        } ${built.ms} ms`,
      );
      rows.push({ app, followUpOf, tsc, bundle: built, shots, interaction });
      await Deno.writeTextFile(join(reportDir, "README.md"), report(rows, started, reportDir));
    }
  } finally {
    await stack.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  log(
    `wrote ${relative(ROOT, join(reportDir, "README.md"))}: ${
      rows.length - failed
    } of ${rows.length} apps built`,
  );
  if (failed > 0) Deno.exit(1);
}

await main();
