// The local identity provider's signing key: an ES256 key pair kept under the stack's directory,
// published as a JWKS by the gateway and used by `npm run token` to mint access tokens.
import { exportJWK, exportPKCS8, exportSPKI, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { join } from "node:path";
import { existsSync } from "node:fs";

export interface LocalKey {
  privateJwk: JWK;
  publicJwk: JWK;
}

export async function ensureLocalKey(dir: string): Promise<LocalKey> {
  const file = join(dir, "jwt-key.json");
  if (!existsSync(file)) {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const kid = crypto.randomUUID();
    const key: LocalKey = {
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: "ES256", use: "sig" },
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" },
    };
    await Deno.mkdir(dir, { recursive: true });
    await Deno.writeTextFile(file, JSON.stringify(key), { mode: 0o600 });
  }
  return JSON.parse(await Deno.readTextFile(file));
}

/** Mints an access token shaped like Supabase Auth's for a user. */
export async function mintAccessToken(
  key: LocalKey,
  issuer: string,
  user: { id: string; email: string },
  opts: { expiresIn?: string | number; clientId?: string } = {},
): Promise<string> {
  const signingKey = await importJWK(key.privateJwk, "ES256");
  return await new SignJWT({
    email: user.email,
    role: "authenticated",
    scope: "email",
    aal: "aal1",
    session_id: crypto.randomUUID(),
    is_anonymous: false,
    ...(opts.clientId ? { client_id: opts.clientId } : {}),
  })
    .setProtectedHeader({ alg: "ES256", kid: key.privateJwk.kid, typ: "JWT" })
    .setIssuer(issuer)
    .setAudience("authenticated")
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? "1h")
    .sign(signingKey);
}

/** The local GitHub App and Supabase OAuth app that the stand-ins (git-host.ts, db-host.ts) register. */
export interface IntegrationKeys {
  github: {
    appId: string;
    slug: string;
    clientId: string;
    clientSecret: string;
    webhookSecret: string;
    privateKeyPem: string;
    publicKeyPem: string;
  };
  supabase: { clientId: string; clientSecret: string };
}

const integrationKeysFile = (dir: string) => join(dir, "integration-keys.json");

/** The stand-ins' App key pair and secrets, made once and kept with the stack's data. */
export async function ensureIntegrationKeys(dir: string): Promise<IntegrationKeys> {
  const file = integrationKeysFile(dir);
  if (!existsSync(file)) {
    const { privateKey, publicKey } = await generateKeyPair("RS256", {
      extractable: true,
      modulusLength: 2048,
    });
    const secret = () =>
      Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => b.toString(16).padStart(2, "0")).join("");
    const keys: IntegrationKeys = {
      github: {
        appId: String(100_000 + Math.floor(Math.random() * 900_000)),
        slug: "appgen-local",
        clientId: `Iv1.${secret().slice(0, 16)}`,
        clientSecret: secret(),
        webhookSecret: secret(),
        privateKeyPem: await exportPKCS8(privateKey),
        publicKeyPem: await exportSPKI(publicKey),
      },
      supabase: { clientId: crypto.randomUUID(), clientSecret: `sba_${secret()}` },
    };
    await Deno.mkdir(dir, { recursive: true });
    await Deno.writeTextFile(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return (await readIntegrationKeys(dir))!;
}

/** The stack's stand-in keys, or undefined before a stack made them. */
export async function readIntegrationKeys(dir: string): Promise<IntegrationKeys | undefined> {
  return await Deno.readTextFile(integrationKeysFile(dir)).then(JSON.parse, () => undefined);
}

/** The functions' settings that point both integrations at the stand-ins at these addresses. */
export function integrationEnv(
  keys: IntegrationKeys,
  urls: { gitHost: string; dbHost: string },
): Record<string, string> {
  return {
    GITHUB_APP_ID: keys.github.appId,
    GITHUB_APP_PRIVATE_KEY: keys.github.privateKeyPem,
    GITHUB_CLIENT_ID: keys.github.clientId,
    GITHUB_CLIENT_SECRET: keys.github.clientSecret,
    GITHUB_WEBHOOK_SECRET: keys.github.webhookSecret,
    GITHUB_API_BASE_URL: urls.gitHost,
    GITHUB_OAUTH_BASE_URL: urls.gitHost,
    SUPABASE_OAUTH_CLIENT_ID: keys.supabase.clientId,
    SUPABASE_OAUTH_CLIENT_SECRET: keys.supabase.clientSecret,
    SUPABASE_MANAGEMENT_API_URL: urls.dbHost,
  };
}
