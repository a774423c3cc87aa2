// A generated app on a phone: a device preview asked for over the API makes the build worker run the Expo dev
// server for the project, which answers the manifest Expo Go asks for and bundles the app's own JavaScript;
// its exp:// address comes with a QR code of exactly that address; another user sees none of it; a second
// request stops the first's dev server, and a preview nobody uses stops after the idle time.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { api, expectError, newProject, newUser, NO_STACK, type TestUser } from "./helpers.ts";

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

/** The build user's processes that run in the preview's directory (the worker's `device-<id>-…`). */
async function devServerProcesses(id: number) {
  const ps = new TextDecoder().decode(
    (await new Deno.Command("ps", { args: ["-o", "pid=", "-u", "appbuild"] }).output()).stdout,
  );
  const pids = [];
  for (const pid of ps.split("\n").map((l) => l.trim()).filter(Boolean)) {
    const cwd = await Deno.readLink(`/proc/${pid}/cwd`).catch(() => "");
    if (cwd.includes(`/device-${id}-`)) pids.push(pid);
  }
  return pids;
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

    // A second request replaces the first: its dev server goes.
    assert.ok((await devServerProcesses(first.id)).length > 0, "the first dev server runs");
    const second = await requested(user, project.id);
    const replaced =
      (await api<DevicePreviewBody>("GET", `/device-previews/${first.id}`, { token: user.token })).body;
    assert.equal(`${replaced.status}:${replaced.stop_reason}`, "stopped:replaced");
    let left = await devServerProcesses(first.id);
    for (let i = 0; i < 100 && left.length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      left = await devServerProcesses(first.id);
    }
    assert.deepEqual(left, [], "the replaced preview's dev server is gone");

    // The second is never asked for anything: it stops after the stack's idle time (10 s), its server with it.
    assert.equal((await reached(user, second.id, ["ready"])).status, "ready");
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
