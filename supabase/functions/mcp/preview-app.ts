// The MCP App (the MCP Apps extension) that get_preview and start_device_preview name in
// `_meta.ui.resourceUri`: one self-contained page, rendered by the host in a sandboxed frame, that asks the
// host for the tool's result (`ui/initialize`, then `ui/notifications/tool-result`) and shows the project's
// web preview in a frame and the device preview's QR code with its exp:// address.
export const PREVIEW_APP_URI = "ui://appgen/preview.html";
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";
/** The MCP Apps revision the page speaks. */
const APPS_PROTOCOL_VERSION = "2026-01-26";

export const PREVIEW_APP_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>App preview</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 0; padding: 12px; color: #1f2933; }
  main { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
  h2 { font-size: 15px; margin: 0 0 8px; }
  #web-frame { width: 390px; height: 700px; border: 1px solid #cbd2d9; border-radius: 12px; }
  #qr { width: 220px; height: 220px; image-rendering: pixelated; }
  code { word-break: break-all; }
  .empty { color: #616e7c; }
</style>
</head>
<body>
<main>
  <section id="web"><h2>On the web</h2><p class="empty" id="web-empty">Waiting for the preview…</p></section>
  <section id="device"><h2>On a phone</h2><p class="empty" id="device-empty">Waiting for the preview…</p></section>
</main>
<script>
(function () {
  var initId = 1;
  function send(message) {
    message.jsonrpc = "2.0";
    window.parent.postMessage(message, "*");
  }
  function text(id, value) {
    document.getElementById(id).textContent = value;
  }
  function show(state) {
    if (!state) return;
    var web = state.preview_url;
    if (typeof web === "string" && /^https?:\\/\\//.test(web)) {
      var frame = document.getElementById("web-frame") || document.createElement("iframe");
      frame.id = "web-frame";
      frame.title = "The app's web preview";
      frame.src = web;
      document.getElementById("web").appendChild(frame);
      var waiting = document.getElementById("web-empty");
      if (waiting) waiting.remove();
    } else {
      text("web-empty", "No web preview yet: it comes with the first build that succeeds.");
    }
    var device = state.device_preview;
    if (device && device.status === "ready" && /^data:image\\/png;base64,/.test(device.qr_png || "")) {
      var img = document.getElementById("qr") || document.createElement("img");
      img.id = "qr";
      img.alt = "QR code of " + device.url;
      img.src = device.qr_png;
      var address = document.getElementById("address") || document.createElement("p");
      address.id = "address";
      address.innerHTML = "Scan with Expo Go, or open <code></code>";
      address.querySelector("code").textContent = device.url;
      var section = document.getElementById("device");
      section.appendChild(img);
      section.appendChild(address);
      var empty = document.getElementById("device-empty");
      if (empty) empty.remove();
    } else {
      text("device-empty", device ? "The device preview is " + device.status + "." :
        "No device preview: start_device_preview starts one.");
    }
  }
  window.addEventListener("message", function (event) {
    if (event.source !== window.parent) return;
    var m = event.data || {};
    if (m.id === initId && m.result) send({ method: "ui/notifications/initialized", params: {} });
    if (m.method === "ui/notifications/tool-result") show((m.params || {}).structuredContent);
  });
  send({ id: initId, method: "ui/initialize", params: {
    protocolVersion: "${APPS_PROTOCOL_VERSION}",
    appInfo: { name: "appgen-preview", version: "1.0.0" },
    appCapabilities: {}
  } });
})();
</script>
</body>
</html>
`;
