// Self-contained API reference: the page ships its own CSS and JS so it works where no CDN is reachable,
// and builds every piece of document text with textContent so a hostile spec cannot inject markup.

/** Policy the page is written to satisfy: no inline handlers, no third-party origins. */
export const DOCS_PAGE_CSP =
  "default-src 'self'; script-src 'unsafe-inline' 'self'; style-src 'unsafe-inline'; connect-src 'self'";

export function renderDocsPage(options: { openapiUrl: string; title: string }): string {
  const title = escapeHtml(options.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body data-openapi-url="${escapeHtml(options.openapiUrl)}">
<header class="topbar">
  <span class="brand">${title}</span>
  <label class="token" for="bearer-token">Bearer token</label>
  <input id="bearer-token" type="password" autocomplete="off" spellcheck="false"
    placeholder="Paste an access token">
</header>
<div class="layout">
  <nav id="nav" aria-label="Operations">
    <input id="filter" type="search" placeholder="Filter operations" aria-label="Filter operations">
  </nav>
  <main id="content"><p class="loading">Loading API description…</p></main>
</div>
<script>${CLIENT_SCRIPT}</script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const STYLE = `
:root {
  --bg: #f6f7f9; --panel: #fff; --text: #1d2330; --muted: #5c6577; --border: #e2e6ed; --accent: #3b5bdb;
  --get: #1c7ed6; --post: #2f9e44; --put: #e8590c; --patch: #0c8599; --delete: #e03131; --other: #6c757d;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font-size: 15px; line-height: 1.5; }
code, pre, textarea, .path {
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 13px;
}
.topbar {
  position: sticky; top: 0; z-index: 10; display: flex; align-items: center; gap: 12px;
  padding: 10px 24px; background: #1d2330; color: #fff;
}
.brand {
  flex: 1; font-weight: 600; font-size: 17px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}
.token { font-size: 13px; color: #c5ccd9; }
#bearer-token {
  width: min(360px, 40vw); padding: 6px 10px; border-radius: 6px; border: 1px solid #454e62;
  background: #293042; color: #fff;
}
.layout {
  display: grid; grid-template-columns: 260px minmax(0, 1fr); gap: 28px;
  max-width: 1320px; margin: 0 auto; padding: 24px;
}
nav {
  position: sticky; top: 76px; align-self: start;
  max-height: calc(100vh - 100px); overflow: auto; font-size: 13px;
}
#filter { width: 100%; padding: 6px 10px; border: 1px solid var(--border); border-radius: 6px; }
nav h3 {
  margin: 18px 0 6px; font-size: 11px; text-transform: uppercase; letter-spacing: .07em; color: var(--muted);
}
nav ul { list-style: none; margin: 0; padding: 0; }
nav a {
  display: flex; gap: 8px; align-items: baseline; padding: 3px 6px; border-radius: 4px;
  color: var(--text); text-decoration: none; word-break: break-all;
}
nav a:hover { background: #e9edf3; }
nav .method { min-width: 50px; font-size: 10px; padding: 0 4px; }
@media (max-width: 860px) {
  .layout { grid-template-columns: 1fr; }
  nav { position: static; max-height: none; }
}
.intro h1 { margin: 0 0 6px; font-size: 28px; }
.pill {
  display: inline-block; margin: 0 6px 6px 0; padding: 1px 9px; border-radius: 999px;
  background: #e6eaf2; color: var(--muted); font-size: 12px;
}
.description, .op-desc { white-space: pre-line; }
.description { color: var(--muted); }
.server {
  display: flex; align-items: center; gap: 8px; margin-top: 10px; font-size: 13px; color: var(--muted);
}
#server-url {
  flex: 1; max-width: 520px; padding: 5px 8px; border: 1px solid var(--border); border-radius: 6px;
}
.group > h2 {
  margin: 34px 0 2px; padding-bottom: 6px; border-bottom: 1px solid var(--border); font-size: 21px;
}
.group > p { margin: 6px 0; color: var(--muted); }
.method-get { --m: var(--get); }
.method-post { --m: var(--post); }
.method-put { --m: var(--put); }
.method-patch { --m: var(--patch); }
.method-delete { --m: var(--delete); }
.method-head, .method-options, .method-trace { --m: var(--other); }
.operation {
  margin: 16px 0; padding: 16px 20px; background: var(--panel); border: 1px solid var(--border);
  border-left: 4px solid var(--m); border-radius: 8px; scroll-margin-top: 76px;
}
.method {
  display: inline-block; min-width: 66px; padding: 2px 8px;
  border-radius: 4px; background: var(--m); color: #fff;
  text-align: center; font-weight: 700; font-size: 12px; letter-spacing: .04em;
}
.op-head { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; }
.path { font-size: 15px; font-weight: 600; word-break: break-all; }
.summary { color: var(--muted); }
.deprecated .path { text-decoration: line-through; }
.flag { padding: 0 6px; border-radius: 4px; background: #fff3bf; color: #7a5c00; font-size: 11px; }
.operation h4 {
  margin: 18px 0 6px; font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted);
}
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { padding: 6px 8px; border-bottom: 1px solid var(--border); text-align: left; vertical-align: top; }
th { color: var(--muted); font-size: 12px; font-weight: 600; }
.required { color: var(--delete); font-size: 12px; }
pre {
  margin: 6px 0; padding: 10px 12px; max-height: 420px; overflow: auto;
  background: #f3f5f9; border: 1px solid var(--border); border-radius: 6px;
}
details > summary { cursor: pointer; color: var(--accent); font-size: 13px; }
.media { margin-top: 6px; }
.try {
  margin-top: 18px; padding: 14px 16px; background: #f9fafc; border: 1px dashed #cbd2de; border-radius: 8px;
}
.try h4 { margin-top: 0; }
.field {
  display: grid; grid-template-columns: 190px minmax(0, 1fr); gap: 10px; align-items: center; margin: 6px 0;
}
.field > span { font-size: 13px; word-break: break-all; }
.field > span small { color: var(--muted); }
.try input:not([type=file]), .try select, .try textarea {
  width: 100%; padding: 6px 8px; border: 1px solid #cbd2de;
  border-radius: 6px; background: #fff; font-size: 13px;
}
.try textarea { min-height: 150px; resize: vertical; }
.try-actions { display: flex; align-items: center; gap: 12px; margin-top: 10px; }
.try-send {
  padding: 7px 18px; border: 0; border-radius: 6px; background: var(--accent); color: #fff;
  font-weight: 600; cursor: pointer;
}
.try-send:disabled { opacity: .6; cursor: progress; }
.try-meta {
  display: flex; flex-wrap: wrap; align-items: center; gap: 6px 14px; margin-top: 10px; font-size: 13px;
}
.try-meta code { color: var(--muted); }
.try-status { padding: 1px 8px; border-radius: 4px; font-weight: 700; background: #e6eaf2; }
.try-status.ok { background: #d3f9d8; color: #2b8a3e; }
.try-status.warn { background: #fff3bf; color: #7a5c00; }
.try-status.err { background: #ffe3e3; color: #c92a2a; }
pre.try-result:empty::before { content: "No response yet"; color: var(--muted); }
pre.try-result.error { background: #fff5f5; border-color: #ffc9c9; }
.loading, .load-error { color: var(--muted); }
.load-error { color: var(--delete); }
`;

// Plain JS with no backticks or template placeholders, so it can sit in this raw template literal unchanged.
const CLIENT_SCRIPT = String.raw`
(() => {
  "use strict";

  const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];
  const TOKEN_KEY = "api-docs.bearer-token";
  const SHOWN_HEADERS = ["content-type", "retry-after", "location"];
  const MAX_REF_DEPTH = 2;

  const specUrl = new URL(document.body.dataset.openapiUrl || "openapi.json", location.href);
  const content = document.getElementById("content");
  const nav = document.getElementById("nav");
  const filter = document.getElementById("filter");
  const tokenInput = document.getElementById("bearer-token");
  const storage = (() => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  })();
  let serverInput = null;
  let lastObjectUrl = null;

  tokenInput.value = (storage && storage.getItem(TOKEN_KEY)) || "";
  tokenInput.addEventListener("input", () => {
    if (!storage) return;
    try {
      if (tokenInput.value.trim()) storage.setItem(TOKEN_KEY, tokenInput.value.trim());
      else storage.removeItem(TOKEN_KEY);
    } catch {
      // Storage can be full or disabled; the token still works for this page view.
    }
  });

  function el(tag, props, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "text") node.textContent = String(value);
      else if (key === "className") node.className = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children || []) {
      if (child !== undefined && child !== null && child !== false) node.append(child);
    }
    return node;
  }

  function isObject(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  function lookup(doc, ref) {
    if (typeof ref !== "string" || !ref.startsWith("#/")) return undefined;
    let node = doc;
    for (const raw of ref.slice(2).split("/")) {
      const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      const owns = node && typeof node === "object" && Object.prototype.hasOwnProperty.call(node, key);
      if (!owns) return undefined;
      node = node[key];
    }
    return node;
  }

  function deref(doc, value) {
    const seen = new Set();
    while (isObject(value) && typeof value.$ref === "string" && !seen.has(value.$ref)) {
      seen.add(value.$ref);
      const target = lookup(doc, value.$ref);
      if (target === undefined) break;
      value = target;
    }
    return value;
  }

  // Inlines $refs a couple of levels deep for display; deeper or cyclic ones stay as $ref.
  function expandSchema(doc, schema, depth, trail) {
    if (Array.isArray(schema)) return schema.map((item) => expandSchema(doc, item, depth, trail));
    if (!isObject(schema)) return schema;
    if (typeof schema.$ref === "string") {
      const target = lookup(doc, schema.$ref);
      if (target === undefined || depth >= MAX_REF_DEPTH || trail.includes(schema.$ref)) return schema;
      const { $ref, ...siblings } = schema;
      const expanded = expandSchema(doc, target, depth + 1, trail.concat($ref));
      if (!Object.keys(siblings).length || !isObject(expanded)) return expanded;
      return { ...expanded, ...expandSchema(doc, siblings, depth, trail) };
    }
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [key, expandSchema(doc, value, depth, trail)]),
    );
  }

  function primaryType(schema) {
    return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  }

  function stringExample(schema) {
    const today = new Date().toISOString();
    const byFormat = {
      "date-time": today,
      date: today.slice(0, 10),
      email: "user@example.com",
      uuid: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
      uri: location.origin + "/",
      url: location.origin + "/",
      binary: "",
    };
    if (Object.prototype.hasOwnProperty.call(byFormat, schema.format)) return byFormat[schema.format];
    let text = "string";
    if (typeof schema.minLength === "number" && schema.minLength > text.length) {
      text = text.padEnd(schema.minLength, "x");
    }
    if (typeof schema.maxLength === "number") text = text.slice(0, schema.maxLength);
    return text;
  }

  function exampleFor(doc, schema, trail) {
    if (!isObject(schema)) return null;
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
    if (schema.const !== undefined) return schema.const;
    if (schema.default !== undefined) return schema.default;
    if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
    if (typeof schema.$ref === "string") {
      if (trail.includes(schema.$ref) || trail.length > 8) return null;
      return exampleFor(doc, lookup(doc, schema.$ref), trail.concat(schema.$ref));
    }
    if (Array.isArray(schema.allOf)) {
      const parts = schema.allOf.map((part) => exampleFor(doc, part, trail));
      if (parts.every(isObject)) return parts.reduce((merged, part) => ({ ...merged, ...part }), {});
      return parts.find((part) => part !== null) ?? null;
    }
    const choices = schema.oneOf || schema.anyOf;
    if (Array.isArray(choices) && choices.length) {
      const choice = choices.find((c) => !(isObject(c) && c.type === "null")) || choices[0];
      return exampleFor(doc, choice, trail);
    }
    const type = primaryType(schema);
    if (type === "object" || (!type && isObject(schema.properties))) {
      const entries = Object.entries(schema.properties || {})
        .filter(([, prop]) => !(isObject(prop) && prop.readOnly))
        .map(([name, prop]) => [name, exampleFor(doc, prop, trail)]);
      return Object.fromEntries(entries);
    }
    if (type === "array") {
      const item = exampleFor(doc, schema.items, trail);
      return item === null ? [] : [item];
    }
    if (type === "string") return stringExample(schema);
    if (type === "integer" || type === "number") {
      return typeof schema.minimum === "number" ? schema.minimum : 0;
    }
    if (type === "boolean") return true;
    return null;
  }

  function mediaExample(doc, media) {
    if (media.example !== undefined) return media.example;
    if (isObject(media.examples)) {
      for (const entry of Object.values(media.examples)) {
        const example = deref(doc, entry);
        if (isObject(example) && example.value !== undefined) return example.value;
      }
    }
    return exampleFor(doc, media.schema, []);
  }

  function typeLabel(doc, schema) {
    if (!isObject(schema)) return "any";
    if (typeof schema.$ref === "string") return schema.$ref.split("/").pop();
    let label = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
    const choices = schema.oneOf || schema.anyOf;
    if (!label && Array.isArray(choices)) label = choices.map((c) => typeLabel(doc, c)).join(" | ");
    if (label === "array") label = typeLabel(doc, schema.items) + "[]";
    if (schema.format) label = (label || "") + " (" + schema.format + ")";
    if (Array.isArray(schema.enum)) {
      label = (label ? label + ": " : "") + schema.enum.map((v) => JSON.stringify(v)).join(", ");
    }
    return label || "any";
  }

  function methodBadge(method) {
    return el("span", { className: "method method-" + method, text: method.toUpperCase() });
  }

  function pretty(value) {
    return JSON.stringify(value, null, 2);
  }

  function collectOperations(doc) {
    const operations = [];
    for (const [path, rawItem] of Object.entries(doc.paths || {})) {
      const item = deref(doc, rawItem);
      if (!isObject(item)) continue;
      for (const method of METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        const params = new Map();
        for (const raw of [].concat(item.parameters || [], op.parameters || [])) {
          const param = deref(doc, raw);
          if (isObject(param) && param.name) params.set(param.in + ":" + param.name, param);
        }
        // Servers built from templates sometimes omit declared path parameters; the form still needs them.
        for (const match of path.matchAll(/\{([^}]+)\}/g)) {
          const key = "path:" + match[1];
          if (!params.has(key)) {
            params.set(key, { name: match[1], in: "path", required: true, schema: { type: "string" } });
          }
        }
        const segment = path.split("/").find((part) => part.length > 0);
        const tag = Array.isArray(op.tags) && op.tags.length ? String(op.tags[0]) : segment || "default";
        operations.push({ method, path, op, tag, parameters: Array.from(params.values()) });
      }
    }
    return operations;
  }

  function groupOperations(doc, operations) {
    const groups = new Map();
    for (const tag of Array.isArray(doc.tags) ? doc.tags : []) {
      if (isObject(tag) && tag.name) groups.set(String(tag.name), { tag, operations: [] });
    }
    for (const operation of operations) {
      if (!groups.has(operation.tag)) {
        groups.set(operation.tag, { tag: { name: operation.tag }, operations: [] });
      }
      groups.get(operation.tag).operations.push(operation);
    }
    return Array.from(groups.values()).filter((group) => group.operations.length > 0);
  }

  function defaultServer(doc) {
    const server = Array.isArray(doc.servers) ? doc.servers[0] : undefined;
    if (isObject(server) && typeof server.url === "string") {
      const url = server.url.replace(/\{([^}]+)\}/g, (whole, name) => {
        const variable = isObject(server.variables) ? server.variables[name] : undefined;
        return isObject(variable) && variable.default !== undefined ? String(variable.default) : whole;
      });
      try {
        return new URL(url, specUrl).href;
      } catch {
        // An unusable servers entry falls back to the document's own location.
      }
    }
    return new URL(".", specUrl).href;
  }

  function requiresAuth(doc, op) {
    const security = Array.isArray(op.security) ? op.security : doc.security;
    return Array.isArray(security) && security.some((req) => isObject(req) && Object.keys(req).length > 0);
  }

  function render(doc) {
    const info = isObject(doc.info) ? doc.info : {};
    serverInput = el("input", {
      id: "server-url",
      type: "text",
      spellcheck: "false",
      value: defaultServer(doc),
    });
    const intro = el("section", { className: "intro" }, [
      el("h1", { text: info.title || "API" }),
      info.version !== undefined ? el("span", { className: "pill", text: "version " + info.version }) : null,
      doc.openapi ? el("span", { className: "pill", text: "OpenAPI " + doc.openapi }) : null,
      info.description ? el("p", { className: "description", text: info.description }) : null,
      el("label", { className: "server" }, ["Server", serverInput]),
    ]);

    const groups = groupOperations(doc, collectOperations(doc));
    const index = [];
    const sections = [intro];
    let counter = 0;
    for (const group of groups) {
      const groupSection = el("section", { className: "group" }, [
        el("h2", { text: group.tag.name }),
        group.tag.description ? el("p", { text: group.tag.description }) : null,
      ]);
      const list = el("ul");
      for (const operation of group.operations) {
        const id = "op-" + counter++;
        const section = renderOperation(doc, operation, id);
        groupSection.append(section);
        const link = el("a", { href: "#" + id }, [
          methodBadge(operation.method),
          el("span", { text: operation.path }),
        ]);
        const item = el("li", {}, [link]);
        list.append(item);
        const { summary, operationId } = operation.op;
        const haystack = [operation.method, operation.path, summary, operationId, group.tag.name]
          .filter(Boolean)
          .join(" ")
          .toLowerCase();
        index.push({ section, item, haystack, groupSection });
      }
      sections.push(groupSection);
      nav.append(el("h3", { text: group.tag.name }), list);
    }
    if (!groups.length) {
      sections.push(el("p", { className: "loading", text: "This document has no operations." }));
    }
    content.replaceChildren(...sections);

    filter.addEventListener("input", () => {
      const query = filter.value.trim().toLowerCase();
      const visibleGroups = new Set();
      for (const entry of index) {
        const match = !query || entry.haystack.includes(query);
        entry.section.hidden = !match;
        entry.item.hidden = !match;
        if (match) visibleGroups.add(entry.groupSection);
      }
      for (const entry of index) entry.groupSection.hidden = !visibleGroups.has(entry.groupSection);
    });

    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }

  function renderOperation(doc, operation, id) {
    const { method, path, op } = operation;
    const section = el("section", {
      className: "operation method-" + method + (op.deprecated ? " deprecated" : ""),
      id,
      "data-operation": method.toUpperCase() + " " + path,
    });
    section.append(
      el("div", { className: "op-head" }, [
        methodBadge(method),
        el("span", { className: "path", text: path }),
        op.summary ? el("span", { className: "summary", text: op.summary }) : null,
        op.deprecated ? el("span", { className: "flag", text: "deprecated" }) : null,
        requiresAuth(doc, op) ? el("span", { className: "pill", text: "bearer auth" }) : null,
      ]),
    );
    if (op.description) section.append(el("p", { className: "op-desc", text: op.description }));
    if (operation.parameters.length) {
      section.append(el("h4", { text: "Parameters" }), renderParameters(doc, operation));
    }

    const body = deref(doc, op.requestBody);
    if (isObject(body) && isObject(body.content)) {
      section.append(el("h4", { text: "Request body" + (body.required ? " (required)" : "") }));
      if (body.description) section.append(el("p", { className: "op-desc", text: body.description }));
      for (const [type, media] of Object.entries(body.content)) {
        section.append(renderMedia(doc, type, media, true));
      }
    }

    if (isObject(op.responses)) {
      section.append(el("h4", { text: "Responses" }), renderResponses(doc, op.responses));
    }
    section.append(renderTryIt(doc, operation, isObject(body) ? body : null));
    return section;
  }

  function renderParameters(doc, operation) {
    const rows = operation.parameters.map((param) =>
      el("tr", {}, [
        el("td", {}, [
          el("code", { text: param.name }),
          param.required ? el("span", { className: "required", text: " required" }) : null,
        ]),
        el("td", { text: param.in || "" }),
        el("td", {}, [el("code", { text: typeLabel(doc, param.schema) })]),
        el("td", { className: "op-desc", text: param.description || "" }),
      ])
    );
    return el("table", {}, [
      el("thead", {}, [
        el("tr", {}, ["Name", "In", "Type", "Description"].map((heading) => el("th", { text: heading }))),
      ]),
      el("tbody", {}, rows),
    ]);
  }

  function renderMedia(doc, type, media, open) {
    const schema = isObject(media) ? media.schema : undefined;
    const details = el("details", { className: "media", open }, [
      el("summary", { text: type }),
      el("pre", { text: schema === undefined ? "(no schema)" : pretty(expandSchema(doc, schema, 0, [])) }),
    ]);
    return details;
  }

  function renderResponses(doc, responses) {
    const rows = Object.entries(responses).map(([status, raw]) => {
      const response = deref(doc, raw);
      const description = isObject(response) ? response.description || "" : "";
      const media = isObject(response) && isObject(response.content) ? Object.entries(response.content) : [];
      return el("tr", {}, [
        el("td", {}, [el("code", { text: status })]),
        el("td", {}, [
          el("div", { className: "op-desc", text: description }),
          ...media.map(([type, value]) => renderMedia(doc, type, value, false)),
        ]),
      ]);
    });
    return el("table", {}, [
      el("thead", {}, [el("tr", {}, [el("th", { text: "Status" }), el("th", { text: "Description" })])]),
      el("tbody", {}, rows),
    ]);
  }

  function paramInput(doc, param) {
    const schema = deref(doc, param.schema) || {};
    const attrs = { name: param.name, "data-in": param.in, required: Boolean(param.required) };
    const preset = param.example ?? schema.example ?? schema.default;
    const options = Array.isArray(schema.enum)
      ? schema.enum
      : primaryType(schema) === "boolean"
      ? [true, false]
      : null;
    if (options) {
      const select = el("select", attrs, [el("option", { value: "", text: "—" })]);
      for (const value of options) select.append(el("option", { value: String(value), text: String(value) }));
      if (preset !== undefined) select.value = String(preset);
      return select;
    }
    const input = el("input", {
      ...attrs,
      type: "text",
      spellcheck: "false",
      placeholder: typeLabel(doc, schema),
    });
    if (preset !== undefined) input.value = typeof preset === "string" ? preset : JSON.stringify(preset);
    return input;
  }

  function field(labelText, hint, control) {
    return el("label", { className: "field" }, [
      el("span", {}, [labelText, hint ? el("small", { text: " " + hint }) : null]),
      control,
    ]);
  }

  function bodyTextarea() {
    return el("textarea", { className: "try-body", spellcheck: "false", "aria-label": "Request body" });
  }

  function isBinarySchema(schema) {
    return isObject(schema) &&
      (schema.format === "binary" || schema.contentMediaType !== undefined ||
        schema.contentEncoding !== undefined);
  }

  // Each editor renders inputs for one media type and turns them into fetch's body and Content-Type.
  function jsonEditor(doc, type, media) {
    const example = mediaExample(doc, media || {});
    const textarea = bodyTextarea();
    textarea.value = example === null || example === undefined ? "" : pretty(example);
    return {
      nodes: [textarea],
      build() {
        const text = textarea.value.trim();
        if (!text) return { body: undefined, contentType: undefined };
        try {
          JSON.parse(text);
        } catch (error) {
          throw new Error("Request body is not valid JSON: " + error.message);
        }
        return { body: text, contentType: type };
      },
    };
  }

  function formEditor(doc, type, media) {
    const multipart = /^multipart\//i.test(type);
    const schema = deref(doc, isObject(media) ? media.schema : undefined);
    const props = isObject(schema) && isObject(schema.properties) ? Object.entries(schema.properties) : [];
    const required = isObject(schema) && Array.isArray(schema.required) ? schema.required : [];
    const controls = [];
    const nodes = [];
    const entries = props.length ? props : [["file", { type: "string", format: "binary" }]];
    for (const [name, rawProp] of entries) {
      const prop = deref(doc, rawProp) || {};
      const itemsBinary = primaryType(prop) === "array" && isBinarySchema(deref(doc, prop.items));
      let control;
      if (multipart && (isBinarySchema(prop) || itemsBinary)) {
        control = el("input", { type: "file", className: "try-file", name, multiple: itemsBinary });
      } else {
        const example = exampleFor(doc, prop, []);
        control = el("input", { type: "text", name, spellcheck: "false", placeholder: typeLabel(doc, prop) });
        if (example !== null && example !== undefined) {
          control.value = typeof example === "string" ? example : JSON.stringify(example);
        }
      }
      controls.push(control);
      nodes.push(field(name, required.includes(name) ? "required" : typeLabel(doc, prop), control));
    }
    return {
      nodes,
      build() {
        const data = multipart ? new FormData() : new URLSearchParams();
        for (const control of controls) {
          if (control.type === "file") {
            for (const file of control.files) data.append(control.name, file, file.name);
          } else if (control.value !== "") {
            data.append(control.name, control.value);
          }
        }
        // FormData needs the browser to pick the multipart boundary, so no explicit Content-Type.
        return { body: data, contentType: multipart ? undefined : type };
      },
    };
  }

  function rawEditor(type) {
    if (/^text\/|xml|yaml/i.test(type)) {
      const textarea = bodyTextarea();
      return { nodes: [textarea], build: () => ({ body: textarea.value, contentType: type }) };
    }
    const input = el("input", { type: "file", className: "try-file", name: "body" });
    return {
      nodes: [field("File", type, input)],
      build() {
        const file = input.files[0];
        if (!file) return { body: undefined, contentType: undefined };
        const contentType = type.includes("*") ? file.type || "application/octet-stream" : type;
        return { body: file, contentType };
      },
    };
  }

  function editorFor(doc, type, media) {
    if (/^application\/([\w.-]+\+)?json\b/i.test(type)) return jsonEditor(doc, type, media);
    if (/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) {
      return formEditor(doc, type, media);
    }
    return rawEditor(type);
  }

  function renderTryIt(doc, operation, requestBody) {
    const form = el("form", { className: "try", novalidate: true }, [el("h4", { text: "Try it" })]);
    const params = operation.parameters.filter((p) =>
      p.in === "path" || p.in === "query" ||
      (p.in === "header" && !/^(authorization|content-type|accept)$/i.test(p.name))
    );
    const inputs = params.map((param) => {
      const input = paramInput(doc, param);
      form.append(field(param.name, param.in + (param.required ? ", required" : ""), input));
      return { param, input };
    });

    let editor = null;
    const types = requestBody && isObject(requestBody.content) ? Object.keys(requestBody.content) : [];
    if (types.length) {
      const host = el("div", { className: "try-editor" });
      const choose = (type) => {
        editor = editorFor(doc, type, requestBody.content[type]);
        host.replaceChildren(...editor.nodes);
      };
      if (types.length > 1) {
        const select = el("select", { className: "try-content-type", "aria-label": "Request content type" });
        for (const type of types) select.append(el("option", { value: type, text: type }));
        select.addEventListener("change", () => choose(select.value));
        form.append(field("Content-Type", "", select));
      }
      form.append(host);
      choose(types[0]);
    }

    const button = el("button", { type: "submit", className: "try-send", text: "Send" });
    const meta = el("div", { className: "try-meta", "aria-live": "polite" });
    const result = el("pre", { className: "try-result" });
    form.append(el("div", { className: "try-actions" }, [button]), meta, result);

    function buildRequest() {
      const base = serverInput.value.trim().replace(/\/+$/, "");
      const missing = [];
      let path = operation.path;
      const query = new URLSearchParams();
      const headers = new Headers();
      for (const { param, input } of inputs) {
        const value = input.value.trim();
        if (!value) {
          if (param.required) missing.push(param.name);
          continue;
        }
        if (param.in === "path") path = path.split("{" + param.name + "}").join(encodeURIComponent(value));
        else if (param.in === "header") headers.set(param.name, value);
        else if (primaryType(deref(doc, param.schema) || {}) === "array" && param.explode !== false) {
          for (const part of value.split(",")) query.append(param.name, part.trim());
        } else query.append(param.name, value);
      }
      if (missing.length) throw new Error("Missing required parameter(s): " + missing.join(", "));
      const init = { method: operation.method.toUpperCase(), headers };
      if (editor) {
        const { body, contentType } = editor.build();
        if (body === undefined && requestBody.required) {
          throw new Error("This operation requires a request body");
        }
        if (body !== undefined) init.body = body;
        if (body !== undefined && contentType) headers.set("Content-Type", contentType);
      }
      const token = tokenInput.value.trim().replace(/^bearer\s+/i, "");
      if (token) headers.set("Authorization", "Bearer " + token);
      const search = query.toString();
      return { url: base + path + (search ? "?" + search : ""), init };
    }

    function showBody(response, bytes) {
      const type = response.headers.get("content-type") || "";
      if (!bytes.byteLength) return "";
      if (type && !/json|^text\/|xml|yaml|javascript|x-www-form-urlencoded/i.test(type)) {
        if (lastObjectUrl) URL.revokeObjectURL(lastObjectUrl);
        lastObjectUrl = URL.createObjectURL(new Blob([bytes], { type }));
        meta.append(el("a", { href: lastObjectUrl, download: "response", text: "Download" }));
        return "(" + bytes.byteLength + " bytes of " + type + ")";
      }
      const text = new TextDecoder().decode(bytes);
      if (/json/i.test(type)) {
        try {
          return pretty(JSON.parse(text));
        } catch {
          // Not actually JSON: show it verbatim.
        }
      }
      return text;
    }

    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      meta.replaceChildren();
      result.removeAttribute("data-status");
      result.classList.remove("error");
      result.textContent = "";
      let request;
      try {
        request = buildRequest();
      } catch (error) {
        result.classList.add("error");
        result.textContent = error.message;
        return;
      }
      button.disabled = true;
      meta.append(el("code", { text: request.init.method + " " + request.url }));
      const started = performance.now();
      try {
        const response = await fetch(request.url, request.init);
        const bytes = await response.arrayBuffer();
        const elapsed = Math.round(performance.now() - started);
        const level = response.status < 300 ? "ok" : response.status < 500 ? "warn" : "err";
        meta.append(
          el("span", {
            className: "try-status " + level,
            text: (response.status + " " + response.statusText).trim(),
          }),
          el("span", { text: elapsed + " ms" }),
        );
        for (const name of SHOWN_HEADERS) {
          const value = response.headers.get(name);
          if (value !== null) meta.append(el("span", {}, [el("strong", { text: name + ": " }), value]));
        }
        result.textContent = showBody(response, bytes);
        result.classList.toggle("error", !response.ok);
        result.setAttribute("data-status", String(response.status));
      } catch (error) {
        result.classList.add("error");
        result.textContent = "Request failed: " + error.message +
          " (network error, CORS or Content-Security-Policy block)";
        result.setAttribute("data-status", "0");
      } finally {
        button.disabled = false;
      }
    });
    return form;
  }

  fetch(specUrl, { headers: { Accept: "application/json" } })
    .then((response) => {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    })
    .then((doc) => {
      if (!isObject(doc)) throw new Error("the response is not a JSON object");
      render(doc);
    })
    .catch((error) => {
      content.replaceChildren(
        el("p", {
          className: "load-error",
          text: "Could not load the API description from " + specUrl.href + ": " + error.message,
        }),
      );
    });
})();
`;
