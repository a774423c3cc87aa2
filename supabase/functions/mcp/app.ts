// The `mcp` edge function: the agent endpoint at {root_url}/mcp (Streamable HTTP, stateless: a fresh
// server and transport for every request, JSON responses) and its OAuth discovery documents, also
// served under {root_url}/.well-known/* by the gateway or a rewrite.
import { Hono } from "hono";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Deps } from "../_shared/deps.ts";
import { ApiError, errorResponse } from "../_shared/errors.ts";
import { createMcpServer } from "./tools.ts";

export const SCOPES = ["email"];

const CORS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID",
  "Access-Control-Expose-Headers": "WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version",
  "Access-Control-Max-Age": "86400",
};

function withCors(res: Response): Response {
  const out = new Response(res.body, res);
  for (const [k, v] of Object.entries(CORS)) out.headers.set(k, v);
  return out;
}

export function discoveryDocuments(deps: Pick<Deps, "config">) {
  const { functionsUrl, issuer, jwksUrl } = deps.config;
  const resource = `${functionsUrl}/mcp`;
  return {
    resource,
    resourceMetadataUrl: `${resource}/.well-known/oauth-protected-resource`,
    /** RFC 9728: what the MCP endpoint is and who issues tokens for it. */
    protectedResource: {
      resource,
      authorization_servers: [issuer],
      bearer_methods_supported: ["header"],
      scopes_supported: SCOPES,
      resource_name: "App-generation service (MCP)",
      resource_documentation: `${functionsUrl}/v1/docs`,
    },
    /** RFC 8414: Supabase Auth's OAuth 2.1 server, with dynamic registration where the contract places it. */
    authorizationServer: {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      registration_endpoint: `${functionsUrl}/auth/v1/oauth/clients/register`,
      jwks_uri: jwksUrl,
      scopes_supported: SCOPES,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
    },
  };
}

export function createMcpApp(deps: Deps) {
  const docs = discoveryDocuments(deps);
  const challenge = `Bearer resource_metadata="${docs.resourceMetadataUrl}", scope="${SCOPES.join(" ")}"`;
  const app = new Hono();
  app.onError((err) => withCors(errorResponse(err)));
  app.notFound(() => withCors(errorResponse(new ApiError(404, "not_found", "No such route."))));
  app.options("*", () => new Response(null, { status: 204, headers: CORS }));

  for (const base of ["/mcp/.well-known", "/.well-known"]) {
    app.get(`${base}/oauth-protected-resource`, () => withCors(Response.json(docs.protectedResource)));
    app.get(`${base}/oauth-protected-resource/*`, () => withCors(Response.json(docs.protectedResource)));
    app.get(`${base}/oauth-authorization-server`, () => withCors(Response.json(docs.authorizationServer)));
    app.get(`${base}/oauth-authorization-server/*`, () => withCors(Response.json(docs.authorizationServer)));
  }

  app.on(["GET", "POST", "DELETE"], "/mcp", async (c) => {
    let claims;
    try {
      claims = await deps.verifier.verify(c.req.header("Authorization"));
    } catch (err) {
      const res = errorResponse(err);
      // The MCP authorization spec: point the client at the resource metadata to start OAuth.
      if (res.status === 401) res.headers.set("WWW-Authenticate", challenge);
      return withCors(res);
    }
    if (c.req.method !== "POST") {
      // Stateless: no session to stream to or end, so GET and DELETE are refused as the SDK's stateless
      // servers refuse them.
      return withCors(Response.json(
        { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null },
        { status: 405, headers: { Allow: "POST, OPTIONS" } },
      ));
    }
    const server = createMcpServer(deps, claims);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return withCors(await transport.handleRequest(c.req.raw));
    } finally {
      await transport.close();
      await server.close();
    }
  });
  return app;
}
