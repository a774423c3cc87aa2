// A preview's thumbnail: its first screen rendered in headless Chromium (driven by playwright-core) at a phone's
// viewport, saved as a PNG beside the export (`previews/<token>.png`) and served at `/p/<token>.png`.
import { createRequire } from "node:module";
import { rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** Debian's Chromium, which the tests' browser uses too (`THUMBNAIL_CHROMIUM` names another). */
export const CHROMIUM = "/usr/bin/chromium";
/** Chromium's background services off: a preview is rendered from loopback and needs nothing else. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
/** A phone's screen in CSS pixels, at one device pixel each: the PNG is this size. */
export const THUMBNAIL_VIEWPORT = { width: 390, height: 844 };
/** A PNG larger than this is not kept (a screen of this size is far smaller). */
export const MAX_THUMBNAIL_BYTES = 1024 * 1024;

/** The file of a preview's thumbnail. */
export const thumbnailFile = (
  /** @type {string} */ previewsDir,
  /** @type {string} */ token,
) => join(previewsDir, `${token}.png`);

/**
 * Renders the preview served at `origin` + `/p/<token>/` and writes its thumbnail; throws when the page
 * shows nothing within `seconds`. The page may request nothing but its own preview's files: the app's code
 * runs here, on the worker's machine, and must reach no other address (nor report errors as its user's).
 * @param {{ chromium: string, origin: string, previewsDir: string, token: string, seconds: number }} options
 */
export async function renderThumbnail(
  { chromium, origin, previewsDir, token, seconds },
) {
  // Loaded when first needed: CommonJS resolution, so NODE_PATH may supply it beside the package's own.
  const { chromium: launcher } = createRequire(import.meta.url)(
    "playwright-core",
  );
  const base = `${origin}/p/${token}/`;
  const timeout = seconds * 1000;
  const browser = await launcher.launch({
    executablePath: chromium,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout,
  });
  try {
    const context = await browser.newContext({
      viewport: THUMBNAIL_VIEWPORT,
      deviceScaleFactor: 1,
      serviceWorkers: "block",
    });
    await context.route("**/*", (route) => {
      const url = route.request().url();
      return url.startsWith(base) && url !== `${base}errors` ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    await page.goto(base, { waitUntil: "load", timeout });
    // The first screen: the app's root holds something, its requests are done and its fonts loaded.
    await page.waitForFunction(
      () =>
        (document.getElementById("root") ?? document.body).childElementCount >
          0,
      undefined,
      { timeout },
    );
    await page.waitForLoadState("networkidle", { timeout });
    await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(r))));
    const png = await page.screenshot({ type: "png", timeout });
    if (png.length > MAX_THUMBNAIL_BYTES) {
      throw new Error(
        `the screenshot has ${png.length} bytes, more than ${MAX_THUMBNAIL_BYTES}`,
      );
    }
    const file = thumbnailFile(previewsDir, token);
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, png, { mode: 0o644 });
    await rename(partial, file).catch(async (err) => {
      await rm(partial, { force: true });
      throw err;
    });
    return file;
  } finally {
    await browser.close();
  }
}
