// Headless Chromium from Debian's package, driven by playwright-core: pages are tested as a person uses
// them. Chromium's background services are off, since this machine has no network beyond loopback.
import { type BrowserContext, chromium } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A fresh browser profile for `fn`, removed afterwards. */
export async function withBrowser(fn: (context: BrowserContext) => Promise<void>) {
  const profile = await Deno.makeTempDir({ prefix: "test-chromium-" });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  try {
    await fn(context);
  } finally {
    await context.close();
    await Deno.remove(profile, { recursive: true });
  }
}
