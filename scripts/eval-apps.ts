// `npm run eval:apps`: a report a person can look at. On a throw-away stack, every prompt of the fixed set
// (tests/apps/prompts.ts) and the app grown by follow-ups to hold every building block are generated through
// the API, installed (dependencies cached under .local/app-deps/), type-checked, bundled with `expo export`
// for android and web, and the web build is opened in headless Chromium: a screenshot of the first screen
// and one after a scripted interaction. Writes .local/eval-apps/report.md next to the screenshots.
//   --only <id,…>   only these prompts of the set (the every-block app is always built)
import { join, relative } from "node:path";
import postgres from "postgres";
import { freePort, startStack } from "./local/stack.ts";
import { mintAccessToken } from "./local/keys.ts";
import { ensureUser } from "./local/users.ts";
import {
  bundle,
  generate,
  type GeneratedApp,
  generateEveryBlockApp,
  ROOT,
  type StepResult,
  typecheckAll,
  writeApp,
} from "../tests/apps/build.ts";
import { APP_PROMPTS } from "../tests/apps/prompts.ts";
import { withBrowser } from "../tests/browser.ts";

const OUT = join(ROOT, ".local/eval-apps");
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

interface Row {
  app: GeneratedApp;
  tsc: StepResult;
  bundle: StepResult;
  shots: string[];
  interaction: string;
}

/** Serves a web export (SPA: unknown paths get index.html) on a free port until `stop`. */
function serveDist(dist: string) {
  const port = freePort();
  const server = Deno.serve({ hostname: "127.0.0.1", port, onListen: () => {} }, async (req) => {
    const path = decodeURIComponent(new URL(req.url).pathname);
    const file = join(dist, path.endsWith("/") ? `${path}index.html` : path);
    const data = await Deno.readFile(file.startsWith(dist) ? file : join(dist, "index.html"))
      .catch(() => Deno.readFile(join(dist, "index.html")));
    const type = file.endsWith(".js")
      ? "text/javascript"
      : file.endsWith(".css")
      ? "text/css"
      : file.endsWith(".png")
      ? "image/png"
      : "text/html";
    return new Response(data, { headers: { "content-type": type } });
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.shutdown() };
}

/** The first screen, then a tap on the first checkbox, button or link (a check-off, an add, a conversation). */
async function screenshots(appDir: string, id: string): Promise<{ shots: string[]; interaction: string }> {
  const site = serveDist(join(appDir, "dist"));
  const shots = [join(OUT, `${id}-1.png`), join(OUT, `${id}-2.png`)];
  let interaction = "none";
  try {
    await withBrowser(async (context) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 390, height: 800 });
      await page.route((url) => !url.href.startsWith(site.url), (route) => route.abort());
      await page.goto(site.url, { waitUntil: "networkidle" });
      await page.waitForTimeout(500);
      await page.screenshot({ path: shots[0] });
      for (const role of ["checkbox", "button", "link"] as const) {
        const target = page.getByRole(role).first();
        if (await target.count() === 0) continue;
        interaction = `tapped the first ${role}: ${
          (await target.textContent())?.trim().slice(0, 40) || "(no text)"
        }`;
        await target.click({ timeout: 5000 });
        break;
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

function report(rows: Row[], started: number): string {
  const lines = [
    "# Generated apps",
    "",
    `${rows.length} apps generated through the API on ${new Date().toISOString().slice(0, 10)}, ` +
    `${((performance.now() - started) / 60_000).toFixed(1)} minutes in all. Each was type-checked ` +
    "(`tsc --noEmit`) and bundled (`expo export --platform android --platform web`); the screenshots are its " +
    "web build in headless Chromium, first screen and after the scripted tap.",
    "",
  ];
  for (const { app, tsc, bundle, shots, interaction } of rows) {
    lines.push(
      `## ${app.id}: ${app.name}`,
      "",
      `> ${app.prompt.replace(/\n/g, " ")}`,
      "",
      `| kind | tier | language | files | tsc | android + web bundle |`,
      `| --- | --- | --- | --- | --- | --- |`,
      `| ${app.kind} | ${app.model} | ${app.language} | ${app.files.length} | ${seconds(tsc)} | ${
        seconds(bundle)
      } |`,
      "",
      shots.length
        ? shots.map((shot) => `![${app.id}](${relative(OUT, shot)})`).join(" ")
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
  const started = performance.now();
  await Deno.remove(OUT, { recursive: true }).catch(() => {});
  await Deno.mkdir(OUT, { recursive: true });
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
    const set = await client("set");
    const apps: GeneratedApp[] = [];
    for (const p of prompts) {
      apps.push(await generate(set, p.id, p.prompt, p.model));
      log(`generated ${p.id}: ${apps.at(-1)!.name} (${apps.at(-1)!.kind})`);
    }
    apps.push(await generateEveryBlockApp(await client("blocks")));
    await sql.end();
    const dirs: string[] = [];
    for (const app of apps) dirs.push(await writeApp(OUT, app));
    log(`written and installed; type-checking ${dirs.length} apps`);
    const checks = await typecheckAll(dirs);
    for (const [index, app] of apps.entries()) {
      const appDir = dirs[index];
      const tsc = checks[index];
      const built = await bundle(appDir, ["android", "web"]);
      const { shots, interaction } = built.ok
        ? await screenshots(appDir, app.id).catch((err) => ({ shots: [], interaction: `failed: ${err}` }))
        : { shots: [], interaction: "not bundled" };
      if (!tsc.ok || !built.ok) failed++;
      log(
        `${app.id}: tsc ${tsc.ok ? "ok" : "FAILED"} ${tsc.ms} ms, export ${
          built.ok ? "ok" : "FAILED"
        } ${built.ms} ms`,
      );
      rows.push({ app, tsc, bundle: built, shots, interaction });
      await Deno.writeTextFile(join(OUT, "report.md"), report(rows, started));
    }
  } finally {
    await stack.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  log(
    `wrote ${relative(ROOT, join(OUT, "report.md"))}: ${rows.length - failed} of ${rows.length} apps built`,
  );
  if (failed > 0) Deno.exit(1);
}

await main();
