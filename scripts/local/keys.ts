// The local identity provider's signing key: an ES256 key pair kept under the stack's directory,
// published as a JWKS by the gateway and used by `npm run token` to mint access tokens.
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
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
