// Section A over HTTP: health, the OpenAPI document (validated as OpenAPI 3.1, listing every route the
// app serves), and the reference page.
import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { api, BASE_URL, NO_STACK } from "./helpers.ts";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

t("GET /health is public", async () => {
  const res = await api("GET", "/health");
  assert.deepEqual(res.status, 200);
  assert.deepEqual(res.body, { ok: true });
});

t("GET /openapi.json is a valid OpenAPI 3.1 document, version 0.1.0", async () => {
  const res = await api<Record<string, unknown>>("GET", "/openapi.json");
  assert.deepEqual(res.status, 200);
  const doc = res.body as {
    openapi: string;
    info: { version: string };
    servers: { url: string }[];
    components: { securitySchemes: Record<string, unknown> };
  };
  assert.deepEqual(doc.openapi, "3.1.0");
  assert.deepEqual(doc.info.version, "0.1.0");
  assert.deepEqual(doc.servers[0].url, BASE_URL);
  assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), ["bearerAuth", "oauth2"]);
  const validator = new Validator();
  const result = await validator.validate(structuredClone(res.body));
  assert(result.valid, JSON.stringify(result.errors, null, 2));
  assert.deepEqual(validator.version, "3.1");
});

t("every route the app serves is in the document, and nothing else", async () => {
  const doc = (await api<{ paths: Record<string, Record<string, unknown>> }>("GET", "/openapi.json")).body;
  const documented = new Set(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)
    ),
  );
  const env = Deno.env.toObject();
  const deps = depsFromConfig(loadConfig(env));
  try {
    const app = createV1App(deps);
    const served = new Set(
      app.routes.filter((r) => r.method !== "ALL")
        .map((r) => `${r.method} ${r.path.replace(/^\/v1/, "").replace(/:([A-Za-z_]+)/g, "{$1}")}`),
    );
    assert.deepEqual([...served].sort(), [...documented].sort());
  } finally {
    await deps.db.end();
  }
});

t("every documented error response uses the shared Error schema", async () => {
  const doc = (await api<
    {
      paths: Record<
        string,
        Record<
          string,
          { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }
        >
      >;
    }
  >("GET", "/openapi.json")).body;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        assert.deepEqual(
          response.content?.["application/json"]?.schema.$ref,
          "#/components/schemas/Error",
          `${method} ${path} ${status}`,
        );
      }
    }
  }
});

t("GET /docs is an HTML page whose scripts this function serves", async () => {
  const res = await api("GET", "/docs");
  const html = res.text;
  assert.deepEqual(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
  assert.match(res.headers.get("content-security-policy") ?? "", /default-src 'self'; script-src 'self';/);
  assert(!/(src|href)="https?:/i.test(html), "no external assets");
  const scripts = [...html.matchAll(/<script src="\.\/docs\/([^"]+)">/g)].map((m) => m[1]);
  assert.deepEqual(scripts, ["scalar-api-reference.js", "start.js"]);
  for (const name of scripts) {
    const asset = await api("GET", `/docs/${name}`);
    assert.equal(asset.status, 200, name);
    assert.match(asset.headers.get("content-type") ?? "", /^text\/javascript/);
  }
  assert.match((await api("GET", "/docs/start.js")).text, /createApiReference\("#reference"/);
  assert.match((await api("GET", "/docs/scalar-api-reference.js")).text, /createApiReference/);
  assert.equal((await api("GET", "/docs/other.js")).status, 400);
});

t(
  "a route's path with a trailing slash is redirected (308) to the path itself, e.g. GET /docs/",
  async () => {
    for (const [method, path] of [["GET", "/docs/?theme=dark"], ["HEAD", "/health/"], ["POST", "/jobs/"]]) {
      const res = await fetch(`${BASE_URL}${path}`, { method, redirect: "manual" });
      await res.body?.cancel();
      assert.equal(res.status, 308, `${method} ${path}`);
      assert.equal(
        new URL(res.headers.get("location")!, res.url).href,
        `${BASE_URL}${path.replace("/?", "?").replace(/\/$/, "")}`,
      );
    }
    const page = await fetch(`${BASE_URL}/docs/`);
    assert.equal(page.status, 200);
    assert.equal(page.url, `${BASE_URL}/docs`);
    assert.match(await page.text(), /<div id="reference">/);
    const unknown = await fetch(`${BASE_URL}/nope/`, { redirect: "manual" });
    await unknown.body?.cancel();
    assert.equal(unknown.status, 404);
  },
);
