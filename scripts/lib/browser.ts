// Headless Chromium from Debian's package, driven by playwright-core: pages are tested as a person uses
// them, with the Chromium and arguments the build worker renders thumbnails with.
import { type BrowserContext, chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "../../build-worker/src/thumbnail.js";

/** A fresh browser profile for `fn`, removed afterwards. */
export async function withBrowser(fn: (context: BrowserContext) => Promise<void>) {
  const profile = await Deno.makeTempDir({ prefix: "test-chromium-" });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  // Playwright's 30 s default is for a quiet machine: a test's page shares two cores with builds.
  context.setDefaultTimeout(120_000);
  try {
    await fn(context);
  } finally {
    await context.close();
    await Deno.remove(profile, { recursive: true });
  }
}
