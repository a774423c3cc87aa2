// The reference page as a person uses it: {base_url}/docs in headless Chromium, with nothing fetched
// beyond loopback: Scalar renders every operation of the served document, offers the SDK's call, Python and
// curl as request samples, and sends authorized requests from its client, POST /jobs as the page fills it.
import assert from "node:assert/strict";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import { PNG } from "pngjs";
import { ROOT } from "../scripts/local/stack.ts";
import { api, BASE_URL, newUser, NO_STACK } from "./helpers.ts";
import { withBrowser } from "./browser.ts";

Deno.test({
  name:
    "the docs page (Scalar) shows every operation, SDK, Python and curl samples, and sends POST /jobs as filled in",
  ignore: NO_STACK,
  fn: () =>
    withBrowser(async (context) => {
      const user = await newUser("docs.browser");
      const doc =
        (await api<{ paths: Record<string, Record<string, unknown>> }>("GET", "/openapi.json")).body;
      const expected = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()}${path}`)
      ).sort();

      const page = await context.newPage();
      const offLoopback: string[] = [];
      const problems: string[] = [];
      page.on("pageerror", (e) => problems.push(String(e)));
      page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
      await page.route("**/*", (route) => {
        const host = new URL(route.request().url()).hostname;
        if (host === "127.0.0.1" || host === "localhost") return route.continue();
        offLoopback.push(route.request().url());
        return route.abort();
      });
      await page.goto(`${BASE_URL}/docs`);
      await page.waitForSelector('[id$="/GET/whoami"]', { timeout: 30_000 });

      // Scalar gives every operation an anchor `…/tag/<tag>/<METHOD><path>`.
      const anchors = await page.locator("[id*='/tag/']").evaluateAll((els) => els.map((e) => e.id));
      const missing = expected.filter((op) => !anchors.some((id) => id.endsWith(`/${op}`)));
      assert.deepEqual(missing, [], "every operation of the document is on the page");

      // The description's Markdown is rendered: `POST /jobs` is code, not backticks.
      assert.equal(await page.locator("code", { hasText: "POST /jobs" }).count() > 0, true);

      const createJob = page.locator('[id$="/POST/jobs"]').first();
      await createJob.scrollIntoViewIfNeeded();
      await createJob.getByRole("button", { name: /Shell Curl/ }).first().click();
      assert.deepEqual(await page.getByRole("option").allInnerTexts(), ["SDK", "Python", "Curl"]);
      await page.getByRole("option", { name: "Python" }).click();
      await createJob.getByText("requests.post(").first().waitFor();
      await createJob.getByRole("button", { name: /Python/ }).first().click();
      await page.getByRole("option", { name: "SDK" }).click();
      await createJob.getByText("api.createJob(").first().waitFor();

      await page.getByPlaceholder("Token").first().fill(user.token);
      const whoami = page.locator('[id$="/GET/whoami"]').first();
      await whoami.scrollIntoViewIfNeeded();
      await whoami.getByRole("button", { name: /Test Request/ }).first().click();
      await page.getByRole("button", { name: /^Send/ }).first().click();
      await page.getByText(user.id).first().waitFor({ timeout: 15_000 });

      // POST /jobs sent from the page as it fills it in: the document's example, accepted as it stands.
      await page.keyboard.press("Escape");
      await createJob.scrollIntoViewIfNeeded();
      await createJob.getByRole("button", { name: /Test Request/ }).first().click();
      await page.getByRole("button", { name: /^Send/ }).first().click();
      await page.getByText('"status": "queued"').first().waitFor({ timeout: 15_000 });
      const jobs = await api<{ data: { status: string }[] }>("GET", "/jobs", { token: user.token });
      assert.equal(jobs.body.data.length, 1, "the page created one job");

      assert.deepEqual(offLoopback, [], "the page fetched nothing beyond loopback");
      assert.deepEqual(problems, [], "no script error or CSP violation");

      const dir = join(ROOT, ".local", "test-artifacts");
      await Deno.mkdir(dir, { recursive: true });
      const file = join(dir, "docs-page.png");
      await page.screenshot({ path: file, fullPage: false });
      const png = PNG.sync.read(Buffer.from(await Deno.readFile(file)));
      assert.deepEqual([png.width, png.height], [1280, 900]);
      console.log(`docs page screenshot: ${file}`);
    }),
});
