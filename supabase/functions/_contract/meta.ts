// Public documentation routes: health, the OpenAPI document generated from the routes, the reference page;
// and the document's head.
import type { Config } from "../_shared/config.ts";
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, jsonContent } from "./common.ts";
import { LIMITS } from "./limits.gen.ts";

/** The scripts the reference page loads, served by `GET /docs/{asset}`. */
export const DOCS_ASSETS = ["scalar-api-reference.js", "start.js"] as const;
export const API_TITLE = "App-generation service API";

/** The page's introduction: what the service does and a first app, prompt → job → files. */
const GETTING_STARTED = `Generate and modify mobile apps from prompts. Long-running work is an async job: \
\`POST /jobs\` returns at once and clients poll \`GET /jobs/{jobId}\` (backoff 2 s up to 30 s). A path \
written with a trailing slash (\`/docs/\`) is redirected (308) to the path without it.

## Getting started

1. **Sign in.** Press *Authorize* and sign in (OAuth 2.1 with PKCE), or paste an access token under \
*Bearer token*; on the local stack \`npm run token -- you@example.com\` prints one. \`GET /me\` shows who you are.
2. **Send a prompt.** \`POST /jobs\` with \`{"type": "prompt", "input": {"prompt": "A habit tracker"}}\` \
answers 202 with the job \`queued\`, its \`id\` and the \`project_id\` it creates (a new account has ${LIMITS.wallet.welcome_bonus} \
welcome credits; \`input.model\` \`light\` costs less than \`full\`).
3. **Follow the job.** \`GET /jobs/{jobId}/events\` streams each status and the runner's progress, or poll \
\`GET /jobs/{jobId}\` until \`status\` is \`succeeded\`, \`failed\` or \`canceled\`.
4. **Read the files.** \`GET /projects/{projectId}/files\` lists the app's files with their contents \
(binary ones, such as \`assets/icon.png\`, base64-encoded).

Every operation's request is filled in with an example that is valid as it stands; an operation whose \
example needs something first (a project, a job, a signature, an optional integration) says so in \
\`x-example-needs\`. The samples show each call with curl, the TypeScript SDK (\`createAppgenClient\` from \
\`@appgen/sdk\`) and Python (\`requests\`).`;

/** The document's head and its security schemes, with this deployment's addresses. */
export function documentFor(config: Pick<Config, "functionsUrl" | "issuer">) {
  return {
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        bearerFormat: "JWT",
        description: "A first-party access token issued by the service's identity provider.",
      },
      oauth2: {
        type: "oauth2",
        description: "OAuth 2.1 authorization code flow with PKCE; clients register dynamically.",
        flows: {
          authorizationCode: {
            authorizationUrl: `${config.issuer}/oauth/authorize`,
            tokenUrl: `${config.issuer}/oauth/token`,
            scopes: {
              email:
                "The signed-in user's e-mail address; access is gated per user by row-level permissions.",
            },
          },
        },
      },
    } as const,
    head: {
      openapi: "3.1.0",
      info: {
        title: API_TITLE,
        version: "0.1.0",
        description: GETTING_STARTED,
      },
      servers: [{ url: `${config.functionsUrl}/v1` }],
      security: [{ oauth2: ["email"] }, { bearerAuth: [] }] as Record<string, string[]>[],
    },
  };
}

export const routes = {
  getHealth: createRoute({
    method: "get",
    path: "/health",
    operationId: "getHealth",
    tags: ["Public"],
    summary: "Liveness check",
    security: [],
    responses: { 200: jsonContent(z.object({ ok: z.literal(true) }), "The service is up") },
  }),
  getOpenApiDocument: createRoute({
    method: "get",
    path: "/openapi.json",
    operationId: "getOpenApiDocument",
    tags: ["Public"],
    summary: "This document",
    security: [],
    responses: { 200: jsonContent(z.record(z.string(), z.unknown()), "The OpenAPI 3.1 document") },
  }),
  getReferencePage: createRoute({
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
  getReferencePageAsset: createRoute({
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
};
