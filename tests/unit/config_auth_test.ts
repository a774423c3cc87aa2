// Configuration is validated once with clear messages; tokens are verified the way the contract says.
import assert from "node:assert/strict";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { loadConfig } from "../../supabase/functions/_shared/config.ts";
import { createTokenVerifier, isFirstParty } from "../../supabase/functions/_shared/auth.ts";
import { ApiError } from "../../supabase/functions/_shared/errors.ts";

const API = "https://ref.supabase.co/functions/v1/v1";
const MCP = "https://ref.supabase.co/functions/v1/mcp";
const BASE = { SUPABASE_URL: "https://ref.supabase.co", SUPABASE_DB_URL: "postgres://u:p@h:5432/postgres" };

Deno.test("configuration names a missing or malformed variable", () => {
  assert.throws(() => loadConfig({ SUPABASE_URL: "https://ref.supabase.co" }), /SUPABASE_DB_URL/);
  assert.throws(() => loadConfig({ ...BASE, SUPABASE_URL: "not a url" }), /SUPABASE_URL/);
  assert.throws(() => loadConfig({ ...BASE, DB_POOL_SIZE: "0", LOCAL_STORAGE_DIR: "/x" }), /DB_POOL_SIZE/);
  assert.throws(() => loadConfig(BASE), /SUPABASE_SERVICE_ROLE_KEY/);
});

Deno.test("configuration derives the issuer, the JWKS and the functions URL", () => {
  const c = loadConfig({ ...BASE, SUPABASE_SERVICE_ROLE_KEY: "k" });
  assert.equal(c.issuer, "https://ref.supabase.co/auth/v1");
  assert.equal(c.jwksUrl, "https://ref.supabase.co/auth/v1/.well-known/jwks.json");
  assert.equal(c.functionsUrl, "https://ref.supabase.co/functions/v1");
  assert.equal(c.DB_POOL_SIZE, 10);
  const custom = loadConfig({
    ...BASE,
    SUPABASE_SERVICE_ROLE_KEY: "k",
    PUBLIC_FUNCTIONS_URL: "https://api.example.com/",
  });
  assert.equal(custom.functionsUrl, "https://api.example.com");
});

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    assert.ok(err instanceof ApiError, String(err));
    return err.status;
  }
}

Deno.test("tokens: JWKS-signed accepted, HS256 only with the legacy secret, claims checked", async () => {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256" };
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => Response.json({ keys: [jwk] }),
  );
  const issuer = "https://ref.supabase.co/auth/v1";
  const jwksUrl = `http://127.0.0.1:${server.addr.port}/jwks.json`;
  const secret = "a-legacy-secret-of-at-least-32-characters!";
  const sub = crypto.randomUUID();
  const accountExists = () => Promise.resolve(true);
  const sign = (
    key: CryptoKey | Uint8Array,
    alg: string,
    claims: Record<string, unknown> = {},
    iss = issuer,
  ) =>
    new SignJWT({ role: "authenticated", email: "a@example.com", ...claims }).setProtectedHeader({
      alg,
      kid: "k1",
    })
      .setIssuer(iss).setAudience((claims.aud as string | string[]) ?? "authenticated").setSubject(
        String(claims.sub ?? sub),
      ).setIssuedAt()
      .setExpirationTime("5m").sign(key);
  try {
    const strict = createTokenVerifier({ jwksUrl, issuer, resource: API, accountExists });
    const legacy = createTokenVerifier({
      jwksUrl,
      issuer,
      legacySecret: secret,
      resource: API,
      accountExists,
    });
    const es = await sign(privateKey, "ES256");
    const hs = await sign(new TextEncoder().encode(secret), "HS256");
    assert.equal((await strict.verify(`Bearer ${es}`)).sub, sub);
    assert.equal((await strict.verify(`Bearer ${es}`)).sub, sub, "a cached token verifies again");
    assert.equal(await status(strict.verify(`Bearer ${hs}`)), 401, "HS256 without the secret");
    assert.equal((await legacy.verify(`Bearer ${hs}`)).sub, sub, "HS256 with the secret");
    assert.equal(
      await status(strict.verify(`Bearer ${await sign(privateKey, "ES256", {}, "https://evil/auth/v1")}`)),
      401,
    );
    assert.equal(
      await status(strict.verify(`Bearer ${await sign(privateKey, "ES256", { role: "anon" })}`)),
      401,
    );
    assert.equal(
      await status(strict.verify(`Bearer ${await sign(privateKey, "ES256", { sub: "not-a-uuid" })}`)),
      401,
    );
    assert.equal(await status(strict.verify(undefined)), 401);
    assert.equal(await status(strict.verify("Bearer a.b")), 401);

    // RFC 8707: a token issued for one resource is refused at another, also once its claims are cached;
    // the service's own audience is valid at every resource.
    const forMcp = await sign(privateKey, "ES256", { aud: MCP, client_id: "agent" });
    assert.equal((await strict.verify(`Bearer ${forMcp}`, MCP)).client_id, "agent");
    await assert.rejects(strict.verify(`Bearer ${forMcp}`), (err: ApiError) => {
      assert.deepEqual([err.status, err.code], [401, "invalid_audience"]);
      assert.match(err.headers?.["WWW-Authenticate"] ?? "", /error="invalid_token"/);
      return true;
    });
    const forApi = await sign(privateKey, "ES256", { aud: API });
    assert.equal((await strict.verify(`Bearer ${forApi}`)).sub, sub);
    assert.equal(await status(strict.verify(`Bearer ${forApi}`, MCP)), 401);
    assert.equal((await strict.verify(`Bearer ${es}`, MCP)).sub, sub);
  } finally {
    await server.shutdown();
  }
});

Deno.test("first-party tokens: no OAuth client, or one the operator lists", () => {
  const c = loadConfig({
    ...BASE,
    SUPABASE_SERVICE_ROLE_KEY: "k",
    FIRST_PARTY_CLIENT_IDS: " docs-page , app ",
  });
  assert.deepEqual(c.FIRST_PARTY_CLIENT_IDS, ["docs-page", "app"]);
  const claims = { sub: crypto.randomUUID(), exp: 0, role: "authenticated" };
  assert.equal(isFirstParty(claims, c.FIRST_PARTY_CLIENT_IDS), true);
  assert.equal(isFirstParty({ ...claims, client_id: "docs-page" }, c.FIRST_PARTY_CLIENT_IDS), true);
  assert.equal(isFirstParty({ ...claims, client_id: "agent" }, c.FIRST_PARTY_CLIENT_IDS), false);
  assert.equal(isFirstParty({ ...claims, client_id: "agent" }, []), false);
});
