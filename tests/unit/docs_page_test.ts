// The reference page's HTML and its start script, without a browser (tests/docs_browser_test.ts clicks it).
import assert from "node:assert/strict";
import { DOCS_PAGE_CSP, docsAsset, docsPage } from "../../supabase/functions/v1/docs.ts";
import { DOCS_ASSETS } from "../../supabase/functions/_contract/meta.ts";
import { withCodeSamples } from "../../supabase/functions/v1/code-samples.ts";

Deno.test("the page loads Scalar's bundle and its start script from this function, nothing inline", () => {
  const html = docsPage("App <Generator> & co");
  assert.match(html, /^<!doctype html>/i);
  assert.match(html, /<title>App &#60;Generator&#62; &#38; co<\/title>/);
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  assert.deepEqual(scripts.map((m) => [m[1].trim(), m[2]]), [
    ['src="./docs/scalar-api-reference.js"', ""],
    ['src="./docs/start.js"', ""],
  ]);
  assert.doesNotMatch(html, /https?:\/\//i);
});

Deno.test("the CSP allows scripts and requests from this origin only", () => {
  assert.match(DOCS_PAGE_CSP, /(^|; )default-src 'self'(;|$)/);
  assert.match(DOCS_PAGE_CSP, /(^|; )script-src 'self'(;|$)/);
  assert.match(DOCS_PAGE_CSP, /(^|; )connect-src 'self'(;|$)/);
  assert.doesNotMatch(DOCS_PAGE_CSP, /https?:|\*/);
});

Deno.test("the start script renders ./openapi.json offline: no default fonts, telemetry, agent or MCP", async () => {
  const start = await docsAsset("start.js") as string;
  const config = JSON.parse(start.slice(start.indexOf("{"), start.lastIndexOf("}") + 1));
  assert.equal(config.url, "./openapi.json");
  assert.equal(config.withDefaultFonts, false);
  assert.equal(config.telemetry, false);
  assert.deepEqual([config.agent, config.mcp], [{ disabled: true }, { disabled: true }]);
  assert.deepEqual(config.defaultHttpClient, { targetKey: "shell", clientKey: "curl" });
  assert.deepEqual(DOCS_ASSETS, ["scalar-api-reference.js", "start.js"]);
});

Deno.test("with the page's OAuth client, Authorize uses it with PKCE and returns to the page", async () => {
  const start = await docsAsset("start.js", {
    clientId: "docs-page",
    pageUrl: "https://api.example/v1/docs",
  }) as string;
  const config = JSON.parse(start.slice(start.indexOf("{"), start.lastIndexOf("}") + 1));
  assert.deepEqual(config.authentication, {
    preferredSecurityScheme: "oauth2",
    securitySchemes: {
      oauth2: {
        flows: {
          authorizationCode: {
            "x-scalar-client-id": "docs-page",
            "x-usePkce": "SHA-256",
            "x-scalar-redirect-uri": "https://api.example/v1/docs",
            selectedScopes: ["email"],
          },
        },
      },
    },
  });
  const without = await docsAsset("start.js") as string;
  assert.deepEqual(
    JSON.parse(without.slice(without.indexOf("{"), without.lastIndexOf("}") + 1)).authentication,
    { preferredSecurityScheme: "bearerAuth" },
  );
});

Deno.test("every operation gets the SDK's call as its JavaScript sample", () => {
  const doc = withCodeSamples({
    servers: [{ url: "https://api.example/v1" }],
    paths: {
      "/projects/{projectId}/files": {
        put: {
          operationId: "saveProjectFiles",
          parameters: [{
            name: "projectId",
            in: "path",
            required: true,
            schema: { type: "integer", example: 42 },
          }],
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["files"],
                  properties: {
                    files: {
                      type: "array",
                      minItems: 1,
                      items: {
                        type: "object",
                        required: ["path"],
                        properties: { path: { type: "string", example: "app/index.tsx" } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  });
  const op = doc.paths["/projects/{projectId}/files"].put as { "x-codeSamples"?: { source: string }[] };
  const [sample] = op["x-codeSamples"]!;
  assert.equal(
    sample.source.split("\n").at(-1),
    'const result = await api.saveProjectFiles({ params: { path: { projectId: 42 } }, body: { files: [{ path: "app/index.tsx" }] } });',
  );
  assert.match(sample.source, /baseUrl: "https:\/\/api\.example\/v1"/);
});

Deno.test("an event stream's sample iterates the SDK's parsed events", () => {
  const doc = withCodeSamples({
    paths: {
      "/jobs/{jobId}/events": {
        get: {
          operationId: "streamJobEvents",
          parameters: [{
            name: "jobId",
            in: "path",
            required: true,
            schema: { type: "string", format: "uuid" },
          }],
          responses: { 200: { content: { "text/event-stream": { schema: { type: "string" } } } } },
        },
      },
    },
  });
  const op = doc.paths["/jobs/{jobId}/events"].get as { "x-codeSamples"?: { source: string }[] };
  assert.deepEqual(op["x-codeSamples"]![0].source.split("\n").slice(3), [
    'for await (const event of api.streamJobEvents({ params: { path: { jobId: "3f2b8c1e-5d4a-4e6b-9c7d-2a1e0f9b8c7d" } } })) {',
    "  console.log(event.id, event.type, event.data);",
    "}",
  ]);
});

Deno.test("a download's sample calls the SDK's method with the id", () => {
  const doc = withCodeSamples({
    paths: {
      "/projects/{projectId}/archive": {
        get: {
          operationId: "downloadArchive",
          parameters: [{
            name: "projectId",
            in: "path",
            required: true,
            schema: { type: "integer", example: 42 },
          }],
          responses: {
            200: { content: { "application/zip": { schema: { type: "string", format: "binary" } } } },
          },
        },
      },
    },
  });
  const op = doc.paths["/projects/{projectId}/archive"].get as { "x-codeSamples"?: { source: string }[] };
  assert.equal(
    op["x-codeSamples"]![0].source.split("\n").at(-1),
    "const zip = await api.downloadArchive(42);",
  );
});
