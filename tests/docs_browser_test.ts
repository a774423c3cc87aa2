// The reference page as a person uses it: {base_url}/docs in headless Chromium, with nothing fetched
// beyond loopback, lists every operation of the served document and sends an authorized request.
import assert from "node:assert/strict";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import { PNG } from "pngjs";
import { ROOT } from "../scripts/local/stack.ts";
import { api, BASE_URL, newUser, NO_STACK } from "./helpers.ts";
import { withBrowser } from "./browser.ts";

Deno.test({
  name: "the docs page lists every route and performs an authorized try-it request, offline",
  ignore: NO_STACK,
  fn: () =>
    withBrowser(async (context) => {
      const user = await newUser("docs.browser");
      const doc =
        (await api<{ paths: Record<string, Record<string, unknown>> }>("GET", "/openapi.json")).body;
      const expected = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`)
      ).sort();

      const page = await context.newPage();
      const offLoopback: string[] = [];
      await page.route("**/*", (route) => {
        const host = new URL(route.request().url()).hostname;
        if (host === "127.0.0.1" || host === "localhost") return route.continue();
        offLoopback.push(route.request().url());
        return route.abort();
      });
      await page.goto(`${BASE_URL}/docs`);
      await page.waitForSelector("section.operation[data-operation]");
      const listed = (await page.locator("[data-operation]").evaluateAll((els) =>
        els.map((e) => e.getAttribute("data-operation") ?? "")
      )).sort();
      assert.deepEqual(listed, expected, "every route of the document is on the page");

      await page.fill("#bearer-token", user.token);
      const whoami = page.locator('[data-operation="GET /whoami"]');
      await whoami.scrollIntoViewIfNeeded();
      await whoami.locator("button.try-send").click();
      const result = whoami.locator("pre.try-result[data-status]");
      await result.waitFor({ timeout: 15_000 });
      assert.equal(await result.getAttribute("data-status"), "200");
      assert.equal(JSON.parse(await result.innerText()).user_id, user.id);
      assert.deepEqual(offLoopback, [], "the page fetched nothing beyond loopback");

      const dir = join(ROOT, ".local", "test-artifacts");
      await Deno.mkdir(dir, { recursive: true });
      const file = join(dir, "docs-page.png");
      await page.screenshot({ path: file, fullPage: false });
      const png = PNG.sync.read(Buffer.from(await Deno.readFile(file)));
      assert.deepEqual([png.width, png.height], [1280, 900]);
      console.log(`docs page screenshot: ${file}`);
    }),
});
