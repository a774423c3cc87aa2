// The previews: each succeeded web export served at `/p/<token>/` on the worker's own port (an origin other
// than the API's), its thumbnail at `/p/<token>.png`, and the route its injected reporter sends uncaught
// errors to, which forwards them into SQL by the same token.
import { createServer } from "node:http";
import { readdir, readFile, realpath, stat, writeFile } from "node:fs/promises";
import { extname, join, sep } from "node:path";
import { thumbnailFile } from "./thumbnail.js";

const TOKEN = /^[0-9a-f]{48}$/;
/** A report's body at most: the message (2000) and stack (16000) the table keeps, escaped. */
export const MAX_REPORT_BYTES = 48 * 1024;

const TYPES = /** @type {Record<string, string>} */ ({
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
});

/** The script every preview page runs first: uncaught errors and unhandled rejections, sent to the worker. */
export function reporterScript(/** @type {string} */ token) {
  return `<script>(function () {
  var sent = 0;
  function report(message, stack) {
    if (sent++ >= 20) return;
    try {
      fetch("/p/${token}/errors", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          message: String(message || "Error").slice(0, 2000) || "Error",
          stack: stack ? String(stack).slice(0, 16000) : null
        }),
        keepalive: true
      });
    } catch (e) {}
  }
  addEventListener("error", function (e) { report(e.message, e.error && e.error.stack); });
  addEventListener("unhandledrejection", function (e) {
    var r = e.reason;
    report(r && r.message ? r.message : String(r), r && r.stack);
  });
})();</script>`;
}

/** Puts the reporter first into every page of the export. */
export async function injectReporter(
  /** @type {string} */ dir,
  /** @type {string} */ token,
) {
  for (
    const entry of await readdir(dir, { recursive: true, withFileTypes: true })
  ) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const path = join(entry.parentPath, entry.name);
    const html = await readFile(path, "utf8");
    const at = html.search(/<head[^>]*>/i);
    const cut = at < 0 ? 0 : at + /** @type {RegExpMatchArray} */
      (html.slice(at).match(/<head[^>]*>/i))[0].length;
    await writeFile(
      path,
      html.slice(0, cut) + reporterScript(token) + html.slice(cut),
    );
  }
}

/** A contract-shaped error answer. */
function fail(
  /** @type {import("node:http").ServerResponse} */ res,
  /** @type {number} */ status,
  /** @type {string} */ code,
  /** @type {string} */ message,
  /** @type {Record<string, unknown>} */ details = {},
) {
  res.writeHead(status, {
    "content-type": "application/json",
    ...(details.retry_after_seconds ? { "retry-after": String(details.retry_after_seconds) } : {}),
  });
  res.end(
    JSON.stringify({
      code,
      message,
      ...(Object.keys(details).length ? { details } : {}),
    }),
  );
}

/** A file of the preview, or its index.html for any other path (the app routes in the browser). */
async function previewFile(
  /** @type {string} */ root,
  /** @type {string} */ rest,
) {
  const inside = async (/** @type {string} */ path) => {
    const real = await realpath(path).catch(() => null);
    return real && real.startsWith(root + sep) && (await stat(real)).isFile() ? real : null;
  };
  return (rest && await inside(join(root, rest))) ||
    await inside(join(root, "index.html"));
}

/**
 * The previews' HTTP server.
 * @param {{ previewsDir: string, recordError: (token: string, message: string, stack: string | null) =>
 *   Promise<{ status: number, body: unknown }> }} options
 */
export function previewServer({ previewsDir, recordError }) {
  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://preview");
      const image = /^\/p\/([0-9a-f]{48})\.png$/.exec(url.pathname);
      if (image && (req.method === "GET" || req.method === "HEAD")) {
        return await sendThumbnail(req, res, thumbnailFile(previewsDir, image[1]));
      }
      const m = /^\/p\/([^/]+)\/(.*)$/.exec(url.pathname);
      if (!m || !TOKEN.test(m[1])) {
        return fail(res, 404, "not_found", "No such preview.");
      }
      const [, token, rest] = m;
      if (rest === "errors") {
        if (req.method !== "POST") {
          return fail(res, 405, "method_not_allowed", "POST a report here.");
        }
        return await receiveReport(req, res, token, recordError);
      }
      if (req.method !== "GET" && req.method !== "HEAD") {
        return fail(
          res,
          405,
          "method_not_allowed",
          `${req.method} is not allowed here.`,
        );
      }
      const root = await realpath(join(previewsDir, token)).catch(() => null);
      let path;
      try {
        path = root && await previewFile(root, decodeURIComponent(rest));
      } catch {
        return fail(res, 400, "invalid_request", "The path is not valid.");
      }
      if (!path) return fail(res, 404, "not_found", "No such preview.");
      const body = await readFile(path);
      res.writeHead(200, {
        "content-type": TYPES[extname(path).toLowerCase()] ??
          "application/octet-stream",
        "content-length": body.length,
        "x-content-type-options": "nosniff",
        "cache-control": rest.startsWith("_expo/static/")
          ? "public, max-age=31536000, immutable"
          : "no-cache",
      });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (err) {
      console.error("preview:", err);
      if (!res.headersSent) {
        fail(res, 500, "internal_error", "The preview server failed.");
      } else res.destroy();
    }
  });
}

/** A preview's thumbnail: written once, never changed. */
async function sendThumbnail(
  /** @type {import("node:http").IncomingMessage} */ req,
  /** @type {import("node:http").ServerResponse} */ res,
  /** @type {string} */ file,
) {
  const body = await readFile(file).catch(() => null);
  if (!body) return fail(res, 404, "not_found", "No such thumbnail.");
  res.writeHead(200, {
    "content-type": "image/png",
    "content-length": body.length,
    "x-content-type-options": "nosniff",
    "cache-control": "public, max-age=31536000, immutable",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

async function receiveReport(
  /** @type {import("node:http").IncomingMessage} */ req,
  /** @type {import("node:http").ServerResponse} */ res,
  /** @type {string} */ token,
  /** @type {Parameters<typeof previewServer>[0]["recordError"]} */ recordError,
) {
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
    return fail(res, 415, "unsupported_media_type", "The report is JSON.", {
      accepted: ["application/json"],
    });
  }
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_REPORT_BYTES) {
      return fail(
        res,
        413,
        "payload_too_large",
        `A report is at most ${MAX_REPORT_BYTES} bytes.`,
      );
    }
    chunks.push(chunk);
  }
  let report;
  try {
    report = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return fail(res, 400, "invalid_request", "The body is not JSON.");
  }
  if (
    typeof report?.message !== "string" ||
    (report.stack !== undefined && report.stack !== null &&
      typeof report.stack !== "string")
  ) {
    return fail(
      res,
      400,
      "invalid_request",
      "A report is {message: string, stack?: string}.",
    );
  }
  const { status, body } = await recordError(
    token,
    report.message,
    report.stack ?? null,
  );
  if (status >= 400) {
    const e = /** @type {{ code: string, message: string, details?: Record<string, unknown> }} */ (body);
    return fail(res, status, e.code, e.message, e.details);
  }
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
