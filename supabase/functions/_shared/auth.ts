// Bearer-token verification: tokens are JWTs from Supabase Auth, checked against its JWKS (and the
// legacy HS256 secret only when one is configured). Verified claims are cached until they expire,
// so a hot token costs no crypto and no network.
import { createRemoteJWKSet, decodeProtectedHeader, type JWTPayload, jwtVerify } from "jose";
import { ApiError } from "./errors.ts";
import { knownQuota } from "./quota-cache.ts";

export interface Claims extends JWTPayload {
  sub: string;
  exp: number;
  role: string;
  email?: string;
  scope?: string;
  client_id?: string;
}

export interface TokenVerifier {
  verify(authorization: string | undefined | null): Promise<Claims>;
  /** Whether the user's account row still exists: a token stays valid after its account is deleted. */
  accountExists(userId: string): Promise<boolean>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ASYMMETRIC = ["ES256", "RS256", "EdDSA"];
const CACHE_LIMIT = 10_000;

export function unauthorized(message: string): ApiError {
  return new ApiError(401, "unauthorized", message, undefined, {
    "WWW-Authenticate": `Bearer error="invalid_token", error_description="${message.replaceAll('"', "'")}"`,
  });
}

export function createTokenVerifier(opts: {
  jwksUrl: string;
  issuer: string;
  legacySecret?: string;
  /** Whether the user's account row still exists; asked afresh every time, never cached. */
  accountExists: (userId: string) => Promise<boolean>;
}): TokenVerifier {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), {
    cooldownDuration: 30_000,
    timeoutDuration: 5_000,
  });
  const secret = opts.legacySecret ? new TextEncoder().encode(opts.legacySecret) : undefined;
  const cache = new Map<string, Claims>();

  async function verifyToken(token: string): Promise<Claims> {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw unauthorized("The access token is malformed.");
    }
    const common = { issuer: opts.issuer, audience: "authenticated", requiredClaims: ["exp", "sub"] };
    let payload: JWTPayload;
    try {
      if (alg === "HS256" && secret) {
        payload = (await jwtVerify(token, secret, { ...common, algorithms: ["HS256"] })).payload;
      } else {
        payload = (await jwtVerify(token, jwks, { ...common, algorithms: ASYMMETRIC })).payload;
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === "ERR_JWT_EXPIRED") throw unauthorized("The access token has expired.");
      if (code === "ERR_JWKS_TIMEOUT" || code === "ERR_JOSE_GENERIC" && String(err).includes("fetch")) {
        throw new ApiError(503, "identity_unavailable", "The identity provider's keys could not be fetched.");
      }
      throw unauthorized("The access token is not valid.");
    }
    if (typeof payload.sub !== "string" || !UUID.test(payload.sub) || payload.role !== "authenticated") {
      throw unauthorized("The access token does not identify a signed-in user.");
    }
    return payload as Claims;
  }

  return {
    async verify(authorization) {
      // The scheme is case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are `Bearer`.
      const m = /^Bearer +([A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*\.[A-Za-z0-9_\-]*)$/i.exec(
        authorization?.trim() ?? "",
      );
      if (!authorization) throw unauthorized("A bearer token is required.");
      if (!m) throw unauthorized("The Authorization header must be 'Bearer <token>'.");
      const token = m[1];
      const hit = cache.get(token);
      if (hit && hit.exp * 1000 > Date.now()) return hit;
      if (hit) cache.delete(token);
      const claims = await verifyToken(token);
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(token, claims);
      return claims;
    },
    accountExists: opts.accountExists,
  };
}

/**
 * Who a token is, from its claims alone: `client_id` is the OAuth client it was issued to, or
 * `first-party` for the service's own sign-in sessions; `rate_limit` when this instance knows the quota.
 */
export function whoami(claims: Claims) {
  const quota = knownQuota(claims.sub);
  return {
    user_id: claims.sub,
    client_id: typeof claims.client_id === "string" ? claims.client_id : "first-party",
    scopes: typeof claims.scope === "string" ? claims.scope.split(" ").filter(Boolean) : [],
    ...(quota ? { rate_limit: quota } : {}),
  };
}
