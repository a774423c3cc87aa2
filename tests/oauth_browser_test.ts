// Sign-in as an MCP agent does it, end to end on the local stack: the MCP SDK's own `auth()` discovers the
// authorization server from the /mcp endpoint alone, registers a client, and sends a person to the sign-in
// and consent pages, clicked in headless Chromium; the code it gets back is exchanged (PKCE) for a token
// the tools and RLS accept, and /v1 refuses (it was issued for the MCP endpoint), which is then refreshed
// (rotated) and revoked. Also: a denied consent,
// a wrong PKCE verifier, a token asked for another resource, and signing in with an e-mailed code.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import type { Page } from "playwright-core";
import { decodeJwt } from "jose";
// @ts-types="@modelcontextprotocol/sdk/client/auth"
import {
  auth,
  discoverAuthorizationServerMetadata,
  exchangeAuthorization,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  refreshAuthorization,
  startAuthorization,
  UnauthorizedError,
} from "@modelcontextprotocol/sdk/client/auth.js";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/shared/auth"
import type {
  OAuthClientInformationFull,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
  UnauthorizedError as ModernUnauthorized,
} from "@modelcontextprotocol/client";
import { api, db, expectError, ISSUER, NO_STACK, ROOT_URL } from "./helpers.ts";
import { withBrowser } from "../scripts/lib/browser.ts";
import { ensureUser, setPassword } from "../scripts/local/users.ts";

const MCP_URL = `${ROOT_URL}/mcp`;
const resourceMetadata = () => new URL(`${MCP_URL}/.well-known/oauth-protected-resource`);
const PASSWORD = "correct horse battery staple";

/** The app's redirect URI: a loopback server that records what the authorization server sends back. */
function callbackServer() {
  const received: URLSearchParams[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    received.push(new URL(req.url).searchParams);
    return new Response("<p>You can close this window.</p>", { headers: { "content-type": "text/html" } });
  });
  return { url: `http://127.0.0.1:${server.addr.port}/callback`, received, close: () => server.shutdown() };
}

/** An OAuthClientProvider kept in memory, as a desktop agent keeps one on disk. */
class AgentProvider implements OAuthClientProvider {
  info?: OAuthClientInformationFull;
  stored?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Test Agent",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationFull) {
    this.info = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: OAuthTokens) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  // Which authorization server the flow started with, so the callback leg is checked against it.
  discovered?: OAuthDiscoveryState;
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovered = state;
  }
  discoveryState() {
    return this.discovered;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** Opens the authorization URL and waits until the browser is sent back to the redirect URI. */
async function authorize(page: Page, url: URL, redirectUrl: string, act: (page: Page) => Promise<void>) {
  await page.goto(url.href);
  await Promise.all([page.waitForURL((u) => u.href.startsWith(redirectUrl)), act(page)]);
  return new URL(page.url()).searchParams;
}

async function signInWithPassword(page: Page, email: string) {
  await page.getByRole("form", { name: "Sign in with a password" }).getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in with password" }).click();
  await page.getByRole("heading", { name: "Allow access?" }).waitFor();
}

async function mcpCall(provider: OAuthClientProvider, tool: string) {
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider }));
  try {
    return (await client.callTool({ name: tool, arguments: {} })) as {
      structuredContent: Record<string, unknown>;
    };
  } finally {
    await client.close();
  }
}

/** A user with a password, a redirect URI that records what comes back, and a browser page, for one flow. */
async function signInFlow(
  label: string,
  fn: (flow: {
    email: string;
    user: { id: string };
    page: Page;
    provider: AgentProvider;
    callback: ReturnType<typeof callbackServer>;
  }) => Promise<void>,
) {
  const email = `${label}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const user = await ensureUser(db(), email);
  await setPassword(db(), user.id, PASSWORD);
  const callback = callbackServer();
  try {
    await withBrowser(async (context) => {
      await fn({
        email,
        user,
        page: await context.newPage(),
        provider: new AgentProvider(callback.url),
        callback,
      });
    });
  } finally {
    await callback.close();
  }
}

Deno.test({
  name: "an MCP client signs in with the SDK's auth(), consent clicked in Chromium, then calls a tool",
  ignore: NO_STACK,
  fn: async () => {
    await signInFlow("oauth", async ({ email, user, page, provider, callback }) => {
      // A client that knows only the endpoint: its 401 names the resource metadata, from which the SDK
      // finds the issuer, reads its metadata, registers, and sends the person to the authorization URL.
      const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider });
      await assert.rejects(
        new Client({ name: "oauth-test", version: "1.0.0" }).connect(transport),
        UnauthorizedError,
      );
      const authUrl = provider.authorizationUrl!;
      assert.equal(authUrl.origin + authUrl.pathname, `${ISSUER}/oauth/authorize`);
      assert.equal(authUrl.searchParams.get("code_challenge_method"), "S256");
      assert.equal(authUrl.searchParams.get("resource"), MCP_URL);
      assert.ok(provider.info?.client_id, "registered dynamically");

      const params = await authorize(page, authUrl, callback.url, async (p) => {
        await signInWithPassword(p, email);
        const consent = await p.locator("body").innerText();
        assert.match(consent, /Test Agent/, "the consent page names the client");
        assert.match(consent, /\bemail\b/, "and the scope");
        assert.match(consent, new RegExp(RegExp.escape(MCP_URL)), "and the resource");
        await p.getByRole("button", { name: "Approve" }).click();
      });
      assert.equal(params.get("iss"), ISSUER, "RFC 9207: the response names its issuer");
      assert.equal(params.get("state"), authUrl.searchParams.get("state"));
      const code = params.get("code")!;
      assert.ok(code);

      await transport.finishAuth(code);
      const first = provider.stored!;
      assert.ok(first.refresh_token, "a refresh token is issued");
      const claims = decodeJwt(first.access_token);
      assert.equal(claims.iss, ISSUER);
      assert.equal(claims.sub, user.id);
      assert.equal(claims.aud, MCP_URL, "the token is for the resource it was asked for (RFC 8707)");
      assert.equal(claims.role, "authenticated");
      assert.equal(claims.email, email);
      assert.equal(claims.scope, "email");
      assert.equal(claims.client_id, provider.info!.client_id);

      // The token works on /mcp (through the SDK's transport), as the user, and nowhere else.
      const who = await mcpCall(provider, "whoami");
      assert.equal(who.structuredContent.user_id, user.id);
      assert.equal(who.structuredContent.client_id, provider.info!.client_id);
      assert.deepEqual(who.structuredContent.scopes, ["email"]);
      expectError(await api("GET", "/me", { token: first.access_token }), 401, "invalid_audience");

      // Refresh through auth(): a new access token and a rotated refresh token; the old one is spent.
      assert.equal(
        await auth(provider, { serverUrl: MCP_URL, resourceMetadataUrl: resourceMetadata() }),
        "AUTHORIZED",
      );
      const second = provider.stored!;
      assert.notEqual(second.refresh_token, first.refresh_token, "rotated");
      assert.equal(decodeJwt(second.access_token).sub, user.id);
      const metadata = await discoverAuthorizationServerMetadata(ISSUER);
      assert.ok(metadata);
      await assert.rejects(
        refreshAuthorization(ISSUER, {
          metadata,
          clientInformation: provider.info!,
          refreshToken: first.refresh_token!,
          resource: new URL(MCP_URL),
        }),
        /grant/i,
      );

      // Revocation (RFC 7009): the refresh token is refused afterwards.
      assert.equal((metadata as Record<string, unknown>).revocation_endpoint, `${ISSUER}/oauth/revoke`);
      const revoked = await fetch(`${ISSUER}/oauth/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: second.refresh_token!, client_id: provider.info!.client_id }),
      });
      await revoked.body?.cancel();
      assert.equal(revoked.status, 200);
      await assert.rejects(
        refreshAuthorization(ISSUER, {
          metadata,
          clientInformation: provider.info!,
          refreshToken: second.refresh_token!,
          resource: new URL(MCP_URL),
        }),
      );

      // A new authorization, started the same way; the browser's session skips the sign-in.
      const fresh = async (resource = new URL(MCP_URL)) => {
        const started = await startAuthorization(ISSUER, {
          metadata,
          clientInformation: provider.info!,
          redirectUrl: callback.url,
          scope: "email",
          state: crypto.randomUUID(),
          resource,
        });
        return started;
      };

      // Denied consent: the client is told access_denied, with the issuer.
      const denied = await fresh();
      const deniedParams = await authorize(page, denied.authorizationUrl, callback.url, async (p) => {
        await p.getByRole("button", { name: "Deny" }).click();
      });
      assert.equal(deniedParams.get("error"), "access_denied");
      assert.equal(deniedParams.get("iss"), ISSUER);
      assert.equal(deniedParams.get("code"), null);

      // A wrong PKCE verifier: the code is not exchanged.
      const pkce = await fresh();
      const pkceParams = await authorize(page, pkce.authorizationUrl, callback.url, async (p) => {
        await p.getByRole("button", { name: "Approve" }).click();
      });
      await assert.rejects(
        exchangeAuthorization(ISSUER, {
          metadata,
          clientInformation: provider.info!,
          authorizationCode: pkceParams.get("code")!,
          codeVerifier: pkce.codeVerifier.replace(/.$/, (c) => (c === "a" ? "b" : "a")),
          redirectUri: callback.url,
          resource: new URL(MCP_URL),
        }),
        /grant/i,
      );

      // Another resource: the authorization server issues tokens only for the MCP endpoint.
      const elsewhere = await fresh(new URL("https://elsewhere.example/api"));
      await page.goto(elsewhere.authorizationUrl.href);
      await page.waitForURL((u) => u.href.startsWith(callback.url));
      const elsewhereParams = new URL(page.url()).searchParams;
      assert.equal(elsewhereParams.get("error"), "invalid_target");
      assert.equal(elsewhereParams.get("code"), null);
      // Nor can a code granted for the MCP endpoint be exchanged for a token for another one.
      // (The grant approved just before covers it, so no consent is asked again.)
      const swap = await fresh();
      const swapParams = await authorize(page, swap.authorizationUrl, callback.url, async () => {});
      await assert.rejects(
        exchangeAuthorization(ISSUER, {
          metadata,
          clientInformation: provider.info!,
          authorizationCode: swapParams.get("code")!,
          codeVerifier: swap.codeVerifier,
          redirectUri: callback.url,
          resource: new URL("https://elsewhere.example/api"),
        }),
        /target|resource/i,
      );
    });
  },
});

Deno.test({
  name:
    "the sign-in page e-mails a one-time code (written to the stack's mail log) and signs up a new address",
  ignore: NO_STACK,
  fn: async () => {
    const email = `otp.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const mailLog = join(dirname(Deno.env.get("TEST_LOCAL_KEY")!), "mail.log");
    const callback = callbackServer();
    try {
      await withBrowser(async (context) => {
        const page = await context.newPage();
        const provider = new AgentProvider(callback.url);
        assert.equal(
          await auth(provider, { serverUrl: MCP_URL, resourceMetadataUrl: resourceMetadata() }),
          "REDIRECT",
        );
        const params = await authorize(page, provider.authorizationUrl!, callback.url, async (p) => {
          const form = p.getByRole("form", { name: "Sign in with an e-mailed code" });
          await form.getByLabel("E-mail").fill(email);
          await form.getByRole("button", { name: "E-mail me a code" }).click();
          await p.getByLabel("Code from the e-mail").waitFor();
          const line = (await Deno.readTextFile(mailLog)).split("\n").findLast((l) =>
            l.includes(`to=${email} `)
          );
          const code = /code=(\d{6})/.exec(line ?? "")?.[1];
          assert.ok(code, "the code is in the mail log");
          await p.getByLabel("Code from the e-mail").fill(code === "000000" ? "111111" : "000000");
          await p.getByRole("button", { name: "Sign in with the code" }).click();
          assert.match(await p.getByRole("alert").innerText(), /not right/);
          await p.getByLabel("Code from the e-mail").fill(code);
          await p.getByRole("button", { name: "Sign in with the code" }).click();
          await p.getByRole("button", { name: "Approve" }).click();
        });
        const code = params.get("code")!;
        assert.equal(
          await auth(provider, {
            serverUrl: MCP_URL,
            resourceMetadataUrl: resourceMetadata(),
            authorizationCode: code,
          }),
          "AUTHORIZED",
        );
        const [row] = await db()`select id from auth.users where email = ${email}`;
        assert.ok(row, "the address became an account");
        assert.equal(decodeJwt(provider.stored!.access_token).sub, row.id);
        const wallet = await mcpCall(provider, "get_wallet");
        assert.equal(
          typeof wallet.structuredContent.available,
          "number",
          "the signup trigger made its wallet",
        );
      });
    } finally {
      await callback.close();
    }
  },
});

Deno.test({
  name:
    "a 2026-07-28 client (SDK v2) signs in with the issuer checked (RFC 8414, RFC 9207) and runs a generation",
  ignore: NO_STACK,
  fn: async () => {
    await signInFlow("oauth2026", async ({ email, user, page, provider, callback }) => {
      const connect = async () => {
        const client = new ModernClient({ name: "oauth-2026", version: "1.0.0" }, {
          versionNegotiation: { mode: { pin: "2026-07-28" } },
        });
        const transport = new ModernTransport(new URL(MCP_URL), { authProvider: provider });
        await client.connect(transport);
        return { client, transport };
      };
      const transport = new ModernTransport(new URL(MCP_URL), { authProvider: provider });
      await assert.rejects(
        new ModernClient({ name: "oauth-2026", version: "1.0.0" }, {
          versionNegotiation: { mode: { pin: "2026-07-28" } },
        }).connect(transport),
        ModernUnauthorized,
      );
      const params = await authorize(page, provider.authorizationUrl!, callback.url, async (p) => {
        await signInWithPassword(p, email);
        await p.getByRole("button", { name: "Approve" }).click();
      });
      // The issuer in the response must be the one discovered: a mixed-up response is refused.
      const forged = new URLSearchParams(params);
      forged.set("iss", "https://elsewhere.example/auth/v1");
      await assert.rejects(transport.finishAuth(forged));
      await transport.finishAuth(params);
      const { client } = await connect();
      try {
        const who = await client.callTool({ name: "whoami", arguments: {} });
        assert.equal((who.structuredContent as { user_id: string }).user_id, user.id);
        assert.equal(client.getProtocolEra(), "modern");

        // Then a generation from nothing, as an agent runs one: a new project, the wait, its files.
        const wallet = (await client.callTool({ name: "get_wallet", arguments: {} })).structuredContent as {
          available: number;
        };
        assert.ok(wallet.available > 0, "the new account can pay for a generation");
        const job = (await client.callTool({
          name: "create_job",
          arguments: { prompt: "A habit tracker with streaks", appName: "Streaks" },
        })).structuredContent as { id: string; project_id: number; status: string };
        assert.equal(job.status, "queued");
        const progress: string[] = [];
        const waited = (await client.callTool(
          { name: "wait_for_job", arguments: { jobId: job.id, maxWaitSeconds: 120 } },
          { onprogress: (p) => progress.push(p.message ?? ""), resetTimeoutOnProgress: true },
        )).structuredContent as { done: boolean; status: string };
        assert.deepEqual([waited.done, waited.status], [true, "succeeded"]);
        assert.ok(progress.every((m) => /^job (queued|running|succeeded)$/.test(m)), progress.join());
        const files = (await client.callTool({
          name: "get_project_files",
          arguments: { projectId: job.project_id },
        })).structuredContent as { data: { path: string; contents: string }[] };
        const spec = files.data.find((f) => f.path === "app.spec.json");
        assert.ok(spec, files.data.map((f) => f.path).join());
        assert.equal(JSON.parse(spec.contents).name, "Streaks");
      } finally {
        await client.close();
      }
    });
  },
});
