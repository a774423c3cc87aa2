// Public documentation routes: health, the OpenAPI document generated from the routes, the reference page.
import { createRoute, z } from "@hono/zod-openapi";
import type { ApiApp } from "../../_shared/http.ts";
import { bodyLimitsOf, documentBodyLimits } from "../../_shared/http.ts";
import { errorResponses, jsonContent } from "../../_contract/common.ts";
import type { Deps } from "../../_shared/deps.ts";
import { DOCS_ASSETS, DOCS_PAGE_CSP, docsAsset, docsPage } from "../docs.ts";
import { withCodeSamples } from "../code-samples.ts";

export const API_TITLE = "App-generation service API";

/** The page's introduction: what the service does and a first app, prompt → job → files. */
const GETTING_STARTED = `Generate and modify mobile apps from prompts. Long-running work is an async job: \
\`POST /jobs\` returns at once and clients poll \`GET /jobs/{jobId}\` (backoff 2 s up to 30 s). A path \
written with a trailing slash (\`/docs/\`) is redirected (308) to the path without it.

## Getting started

1. **Sign in.** Press *Authorize* and sign in (OAuth 2.1 with PKCE), or paste an access token under \
*Bearer token*; on the local stack \`npm run token -- you@example.com\` prints one. \`GET /me\` shows who you are.
2. **Send a prompt.** \`POST /jobs\` with \`{"type": "prompt", "input": {"prompt": "A habit tracker"}}\` \
answers 202 with the job \`queued\`, its \`id\` and the \`project_id\` it creates (a new account has 500 \
welcome credits; \`input.model\` \`light\` costs less than \`full\`).
3. **Follow the job.** \`GET /jobs/{jobId}/events\` streams each status and the runner's progress, or poll \
\`GET /jobs/{jobId}\` until \`status\` is \`succeeded\`, \`failed\` or \`canceled\`.
4. **Read the files.** \`GET /projects/{projectId}/files\` lists the app's files with their contents \
(binary ones, such as \`assets/icon.png\`, base64-encoded).

Every operation's request is filled in with an example that is valid as it stands; an operation whose \
example needs something first (a project, a job, a signature, an optional integration) says so in \
\`x-example-needs\`. The samples show each call with curl, the TypeScript SDK (\`createAppgenClient\` from \
\`@appgen/sdk\`) and Python (\`requests\`).`;

export function registerMetaRoutes(api: ApiApp, deps: Deps) {
  const baseUrl = `${deps.config.functionsUrl}/v1`;

  api.openapi(
    createRoute({
      method: "get",
      path: "/health",
      operationId: "getHealth",
      tags: ["Public"],
      summary: "Liveness check",
      security: [],
      responses: { 200: jsonContent(z.object({ ok: z.literal(true) }), "The service is up") },
    }),
    (c) => c.json({ ok: true as const }, 200),
  );

  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A first-party access token issued by the service's identity provider.",
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "oauth2", {
    type: "oauth2",
    description: "OAuth 2.1 authorization code flow with PKCE; clients register dynamically.",
    flows: {
      authorizationCode: {
        authorizationUrl: `${deps.config.issuer}/oauth/authorize`,
        tokenUrl: `${deps.config.issuer}/oauth/token`,
        scopes: {
          email: "The signed-in user's e-mail address; access is gated per user by row-level permissions.",
        },
      },
    },
  });

  const documentConfig = {
    openapi: "3.1.0",
    info: {
      title: API_TITLE,
      version: "0.1.0",
      description: GETTING_STARTED,
    },
    servers: [{ url: baseUrl }],
    security: [{ oauth2: ["email"] }, { bearerAuth: [] }] as Record<string, string[]>[],
  };
  // Generated once, on first request, after every route is registered.
  let document: unknown;
  api.openapi(
    createRoute({
      method: "get",
      path: "/openapi.json",
      operationId: "getOpenApiDocument",
      tags: ["Public"],
      summary: "This document",
      security: [],
      responses: { 200: jsonContent(z.record(z.string(), z.unknown()), "The OpenAPI 3.1 document") },
    }),
    (c) => {
      if (!document) {
        const generated = api.getOpenAPI31Document(documentConfig);
        documentBodyLimits(generated as Parameters<typeof documentBodyLimits>[0], bodyLimitsOf(api));
        document = withCodeSamples(generated);
      }
      return c.json(document as Record<string, unknown>, 200);
    },
  );
  api.openapi(
    createRoute({
      method: "get",
      path: "/docs",
      operationId: "getReferencePage",
      tags: ["Public"],
      summary: "Interactive API reference",
      description: "Scalar's API reference for this document, served with everything it needs from this " +
        "function: descriptions as Markdown, request samples in curl and as the SDK's call, browsable " +
        "schemas, and requests sent from the page with a bearer token.",
      security: [],
      responses: { 200: { description: "HTML page", content: { "text/html": { schema: z.string() } } } },
    }),
    (c) => {
      c.header("Content-Security-Policy", DOCS_PAGE_CSP);
      return c.html(docsPage(API_TITLE), 200);
    },
  );
  api.openapi(
    createRoute({
      method: "get",
      path: "/docs/{asset}",
      operationId: "getReferencePageAsset",
      tags: ["Public"],
      summary: "A script of the reference page",
      security: [],
      request: {
        params: z.object({
          asset: z.enum(DOCS_ASSETS).openapi({ param: { name: "asset", in: "path" }, example: "start.js" }),
        }),
      },
      responses: {
        200: { description: "JavaScript", content: { "text/javascript": { schema: z.string() } } },
        ...errorResponses([400], { 400: "`invalid_request`: no such script" }),
      },
    }),
    async (c) => {
      const body = await docsAsset(
        c.req.valid("param").asset,
        deps.config.DOCS_OAUTH_CLIENT_ID
          ? { clientId: deps.config.DOCS_OAUTH_CLIENT_ID, pageUrl: `${baseUrl}/docs` }
          : undefined,
      );
      return c.body(body, 200, {
        "Content-Type": "text/javascript; charset=utf-8",
        "Cache-Control": "public, max-age=3600",
        "X-Content-Type-Options": "nosniff",
      });
    },
  );
}
