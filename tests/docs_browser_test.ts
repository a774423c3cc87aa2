// The reference page as a person uses it: {base_url}/docs in headless Chromium, with nothing fetched
// beyond loopback: Scalar renders every operation of the served document and offers the SDK's call, Python
// and curl as request samples; its Authorize signs in through the local OAuth server with the page's client,
// and POST /jobs, sent as the page fills it in, makes the signed-in user's job.
import assert from "node:assert/strict";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import { PNG } from "pngjs";
import { ROOT } from "../scripts/local/stack.ts";
import { api, BASE_URL, db, NO_STACK } from "./helpers.ts";
import { ensureUser, setPassword } from "../scripts/local/users.ts";
import { withBrowser } from "../scripts/lib/browser.ts";

Deno.test({
  name: "the docs page (Scalar) shows every operation with SDK, Python and curl samples",
  ignore: NO_STACK,
  fn: () =>
    withBrowser(async (context) => {
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
      await page.waitForSelector('[id$="/GET/whoami"]');

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

Deno.test({
  name:
    "Authorize on the docs page signs in through the local OAuth server (PKCE) and POST /jobs is sent with it",
  ignore: NO_STACK,
  fn: () =>
    withBrowser(async (context) => {
      const email = `docs.authorize.${crypto.randomUUID().slice(0, 8)}@example.com`;
      const password = crypto.randomUUID();
      const user = await ensureUser(db(), email);
      await setPassword(db(), user.id, password);

      const page = await context.newPage();
      try {
        await page.goto(`${BASE_URL}/docs`);
        await page.waitForSelector('[id$="/GET/whoami"]');
        const [popup] = await Promise.all([
          context.waitForEvent("page"),
          page.getByRole("button", { name: /^Authorize/ }).first().click(),
        ]);
        await popup.getByRole("form", { name: "Sign in with a password" }).getByLabel("E-mail").fill(email);
        await popup.getByLabel("Password", { exact: true }).fill(password);
        await popup.getByRole("button", { name: "Sign in with password" }).click();
        const consent = await popup.locator("body").innerText();
        assert.match(consent, /API reference/, "the consent page names the page's client");
        await popup.getByRole("button", { name: "Approve" }).click();
        // Back on the page, which holds the token now.
        await page.getByRole("button", { name: /Clear/ }).first().waitFor();

        const createJob = page.locator('[id$="/POST/jobs"]').first();
        await createJob.scrollIntoViewIfNeeded();
        await createJob.getByRole("button", { name: /Test Request/ }).first().click();
        await page.getByRole("button", { name: /^Send/ }).first().click();
        // The example as the page fills it in, sent with the page's token, makes the signed-in user's job.
        const deadline = Date.now() + 30_000;
        let jobs = 0;
        while (jobs === 0 && Date.now() < deadline) {
          [{ jobs }] = await db()<{ jobs: number }[]>`
            select count(*)::int as jobs from public.jobs where user_id = ${user.id}`;
          if (jobs === 0) await new Promise((r) => setTimeout(r, 250));
        }
        assert.equal(jobs, 1, "the page created the signed-in user's job");
      } catch (err) {
        const dir = join(ROOT, ".local", "test-artifacts");
        await Deno.mkdir(dir, { recursive: true });
        for (const [i, p] of context.pages().entries()) {
          await p.screenshot({ path: join(dir, `docs-authorize-${i}.png`) }).catch(() => {});
        }
        throw err;
      }
    }),
});
