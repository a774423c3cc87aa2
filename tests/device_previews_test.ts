// A generated app on a phone: a device preview asked for over the API makes the build worker run the Expo dev
// server for the project, which answers the manifest Expo Go asks for and bundles the app's own JavaScript;
// its exp:// address comes with a QR code of exactly that address; another user sees none of it; a second
// request stops the first's dev server, and a preview nobody uses stops after the idle time.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { withBrowser } from "../scripts/lib/browser.ts";
import { api, db, expectError, newProject, newUser, NO_STACK, ROOT_URL, type TestUser } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

interface DevicePreviewBody {
  id: number;
  project_id: number;
  status: string;
  url: string | null;
  qr_svg: string | null;
  qr_png: string | null;
  error: string | null;
  stop_reason: string | null;
}

/** Polls the preview until it is in one of `statuses` or over (a dev server starts in seconds to a minute). */
async function reached(user: TestUser, id: number, statuses: string[]) {
  let preview = (await api<DevicePreviewBody>("GET", `/device-previews/${id}`, { token: user.token })).body;
  for (
    let i = 0;
    i < 600 && !statuses.includes(preview.status) && !["failed", "stopped"].includes(preview.status);
    i++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    preview = (await api<DevicePreviewBody>("GET", `/device-previews/${id}`, { token: user.token })).body;
  }
  return preview;
}

async function requested(user: TestUser, projectId: number) {
  const res = await api<DevicePreviewBody>("POST", `/projects/${projectId}/device-previews`, {
    token: user.token,
  });
  assert.equal(res.status, 202, res.text);
  assert.equal(res.body.status, "queued");
  assert.equal(res.body.url, null);
  return res.body;
}

/** The processes that run in the preview's directory (the worker's `device-<id>-…`), whoever runs them. */
async function devServerProcesses(id: number) {
  const ps = new TextDecoder().decode(
    (await new Deno.Command("ps", { args: ["-e", "-o", "pid="] }).output()).stdout,
  );
  const pids = [];
  for (const pid of ps.split("\n").map((l) => l.trim()).filter(Boolean)) {
    const cwd = await Deno.readLink(`/proc/${pid}/cwd`).catch(() => "");
    if (cwd.includes(`/device-${id}-`)) pids.push(pid);
  }
  return pids;
}

interface PreviewState {
  project_id: number;
  preview_url: string | null;
  device_preview: DevicePreviewBody | null;
}
interface AppToolResult {
  structuredContent: PreviewState;
  content: { type: string; text?: string; data?: string; mimeType?: string }[];
}
const APP_URI = "ui://appgen/preview.html";

/**
 * As an agent with the MCP SDK's client: both preview tools name the MCP App, whose HTML reads as the
 * extension's type; the project gets a web preview on the worker's origin (the one the App may frame), and
 * start_device_preview answers once the preview is ready.
 */
async function agentStartsDevicePreview(user: TestUser, projectId: number) {
  const client = new Client({ name: "device-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${ROOT_URL}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${user.token}` } },
    }),
  );
  try {
    const { tools } = await client.listTools();
    for (const name of ["get_preview", "start_device_preview"]) {
      const tool = tools.find((x) => x.name === name)!;
      assert.equal((tool._meta?.ui as { resourceUri?: string })?.resourceUri, APP_URI, name);
    }
    const { contents } = await client.readResource({ uri: APP_URI });
    assert.equal(contents[0].mimeType, "text/html;profile=mcp-app");
    const html = (contents[0] as { text: string }).text;
    const frameDomains = (contents[0]._meta?.ui as { csp: { frameDomains: string[] } }).csp.frameDomains;
    assert.equal(frameDomains.length, 1, "the App may frame the previews' origin");
    // A web preview as a build leaves one: a path of the worker's origin (no build runs in this test).
    const previewUrl = `${frameDomains[0]}/p/${"0".repeat(48)}/`;
    await db()`update public.projects set preview_url = ${previewUrl} where id = ${projectId}`;
    const started = await client.callTool(
      { name: "start_device_preview", arguments: { projectId, maxWaitSeconds: 600 } },
      { timeout: 600_000 },
    ) as unknown as AppToolResult;
    assert.equal(started.structuredContent.preview_url, previewUrl);
    return { html, frameDomains, started };
  } finally {
    await client.close();
  }
}

/**
 * The MCP App in Chromium as a host runs it: in a sandboxed frame under the CSP its `_meta.ui.csp` asks for,
 * answering its `ui/initialize` and sending it the tool's result; the QR code and the web preview's frame
 * appear, the frame showing the preview's address.
 */
/** A value as a script's literal, no `</script>` inside ending the script early. */
const inScript = (value: unknown) => JSON.stringify(value).replaceAll("</", "<\\/");

async function rendersInAHost(html: string, frameDomains: string[], result: PreviewState) {
  const csp = `default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; ` +
    `frame-src ${frameDomains.join(" ")}`;
  const app = html.replace("<head>", `<head><meta http-equiv="Content-Security-Policy" content="${csp}">`);
  const host = `<!doctype html><html><body>
<iframe id="app" sandbox="allow-scripts" style="width: 900px; height: 800px"></iframe>
<script>
const frame = document.getElementById("app");
addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || event.data.method !== "ui/initialize") return;
  frame.contentWindow.postMessage({ jsonrpc: "2.0", id: event.data.id, result: {
    protocolVersion: event.data.params.protocolVersion, hostInfo: { name: "test-host", version: "1" },
    hostCapabilities: {}, hostContext: {} } }, "*");
  frame.contentWindow.postMessage({ jsonrpc: "2.0", method: "ui/notifications/tool-result",
    params: { structuredContent: ${inScript(result)}, content: [] } }, "*");
});
frame.srcdoc = ${inScript(app)};
</script></body></html>`;
  await withBrowser(async (context) => {
    const tab = await context.newPage();
    await tab.setContent(host);
    const view = tab.frameLocator("#app");
    const qr = view.locator("img#qr");
    await qr.waitFor();
    assert.equal(await qr.getAttribute("src"), result.device_preview!.qr_png);
    assert.ok(
      await qr.evaluate((img) =>
        (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0
      ),
      "the QR shows",
    );
    assert.equal(await view.locator("#address code").textContent(), result.device_preview!.url);
    await view.locator("iframe#web-frame").waitFor();
    let framed = "";
    for (let i = 0; i < 100 && framed !== result.preview_url; i++) {
      framed = tab.frames().find((f) => f.url().includes("/p/"))?.url() ?? "";
      if (framed !== result.preview_url) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(framed, result.preview_url, "the web preview loads in its frame, as the CSP allows");
  });
}

t(
  "a device preview serves the app to Expo Go with its QR code, one per user, stopped when idle",
  async () => {
    const user = await newUser("device.owner");
    const other = await newUser("device.other");
    const project = await newProject(user, { name: "On a phone", description: "Items to keep" });
    const files = (await api<{ data: { path: string; contents: string }[] }>(
      "GET",
      `/projects/${project.id}/files`,
      { token: user.token },
    )).body.data;
    const sdk = JSON.parse(files.find((f) => f.path === "package.json")!.contents).dependencies.expo;
    const layout = files.find((f) => f.path === "src/app/_layout.tsx")!;
    const marker = `device-preview-${crypto.randomUUID()}`;
    const saved = await api("PUT", `/projects/${project.id}/files`, {
      token: user.token,
      body: {
        files: [{
          path: layout.path,
          type: "CODE",
          contents: `${layout.contents}\n(globalThis as any).marker = "${marker}";\n`,
        }],
      },
    });
    assert.equal(saved.status, 200, saved.text);

    const first = await requested(user, project.id);
    const ready = await reached(user, first.id, ["ready"]);
    assert.equal(ready.status, "ready", JSON.stringify(ready));
    const address = new URL(ready.url!);
    assert.equal(address.protocol, "exp:");
    assert.equal(address.hostname, "127.0.0.1", "the test stack's DEVICE_PREVIEW_HOST is the default");

    // The manifest, as Expo Go asks for it.
    const origin = `http://${address.host}`;
    const manifestRes = await fetch(`${origin}/`, {
      headers: {
        "expo-platform": "android",
        "expo-protocol-version": "0",
        accept: "application/expo+json,application/json",
      },
    });
    assert.equal(manifestRes.status, 200);
    assert.match(manifestRes.headers.get("content-type")!, /^application\/expo\+json/);
    const manifest = await manifestRes.json();
    assert.equal(manifest.extra.expoClient.sdkVersion, `${/\d+/.exec(sdk)![0]}.0.0`, "it names the SDK");
    const bundleUrl = new URL(manifest.launchAsset.url);
    assert.equal(bundleUrl.host, address.host, "the bundle is fetched through the same address");
    assert.match(bundleUrl.pathname, /\.bundle$/);
    assert.equal(bundleUrl.searchParams.get("platform"), "android");
    const bundle = await fetch(bundleUrl);
    assert.equal(bundle.status, 200);
    const js = await bundle.text();
    assert.ok(js.includes(marker), "the bundle is the app's own JavaScript");
    assert.ok(js.includes("__d("), "as Metro's modules");

    // The QR code is the address: the SVG as qrcode makes it, the PNG a well-formed image of it.
    assert.equal(ready.qr_svg, await QRCode.toString(ready.url!, { type: "svg" }));
    const png = Buffer.from(ready.qr_png!.replace(/^data:image\/png;base64,/, ""), "base64");
    assert.ok(png.equals(await QRCode.toBuffer(ready.url!)), "the PNG is qrcode's of the address");
    const image = PNG.sync.read(png);
    assert.ok(image.width >= 21 && image.width === image.height, "a square QR code");

    // Another user's preview is not found; ids that are no number are refused; a token is needed.
    expectError(
      await api("GET", `/device-previews/${first.id}`, { token: other.token }),
      404,
      "device_preview_not_found",
    );
    expectError(
      await api("DELETE", `/device-previews/${first.id}`, { token: other.token }),
      404,
      "device_preview_not_found",
    );
    expectError(
      await api("POST", `/projects/${project.id}/device-previews`, { token: other.token }),
      404,
      "project_not_found",
    );
    expectError(await api("GET", "/device-previews/abc", { token: user.token }), 400, "invalid_request");
    expectError(await api("DELETE", "/device-previews/abc", { token: user.token }), 400, "invalid_request");
    expectError(
      await api("POST", "/projects/abc/device-previews", { token: user.token }),
      400,
      "invalid_request",
    );
    expectError(await api("GET", `/device-previews/${first.id}`), 401, "unauthorized");
    expectError(await api("DELETE", `/device-previews/${first.id}`), 401, "unauthorized");
    expectError(await api("POST", `/projects/${project.id}/device-previews`), 401, "unauthorized");

    // An agent asks for the second through MCP (the SDK's client): it replaces the first, whose dev server goes,
    // and answers the address with the QR code as an image and what the MCP App shows.
    assert.ok((await devServerProcesses(first.id)).length > 0, "the first dev server runs");
    // A request that never ends keeps the first in use, so only its replacement can stop it.
    const hold = await Deno.connect({ hostname: address.hostname, port: Number(address.port) });
    await hold.write(new TextEncoder().encode("GET /status HTTP/1.1\r\n"));
    const agent = await agentStartsDevicePreview(user, project.id);
    const second = agent.started.structuredContent.device_preview!;
    assert.equal(second.status, "ready", JSON.stringify(second));
    assert.notEqual(second.id, first.id);
    const replaced =
      (await api<DevicePreviewBody>("GET", `/device-previews/${first.id}`, { token: user.token })).body;
    assert.equal(`${replaced.status}:${replaced.stop_reason}`, "stopped:replaced");
    let left = await devServerProcesses(first.id);
    for (let i = 0; i < 100 && left.length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      left = await devServerProcesses(first.id);
    }
    assert.deepEqual(left, [], "the replaced preview's dev server is gone");
    hold.close();
    const block = agent.started.content.find((c) => c.type === "image")!;
    assert.equal(block.mimeType, "image/png");
    assert.equal(`data:image/png;base64,${block.data}`, second.qr_png, "the image block is the QR code");
    assert.ok(!agent.started.content[0].text!.includes(block.data!), "the text leaves the image's bytes out");
    await rendersInAHost(agent.html, agent.frameDomains, agent.started.structuredContent);

    // The second is never asked for anything: it stops after the stack's idle time (10 s), its server with it.
    const idle = await reached(user, second.id, ["stopped"]);
    assert.equal(`${idle.status}:${idle.stop_reason}`, "stopped:idle", JSON.stringify(idle));
    assert.deepEqual(await devServerProcesses(second.id), [], "the idle preview's dev server is gone");

    // DELETE: 204, for one that is over too.
    assert.equal((await api("DELETE", `/device-previews/${second.id}`, { token: user.token })).status, 204);
  },
);

t("DELETE stops a device preview at once", async () => {
  const user = await newUser("device.delete");
  const project = await newProject(user);
  const preview = await requested(user, project.id);
  assert.equal((await api("DELETE", `/device-previews/${preview.id}`, { token: user.token })).status, 204);
  const stopped =
    (await api<DevicePreviewBody>("GET", `/device-previews/${preview.id}`, { token: user.token }))
      .body;
  assert.equal(`${stopped.status}:${stopped.stop_reason}`, "stopped:deleted");
});
