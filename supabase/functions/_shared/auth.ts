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
  /**
   * The verified claims of a bearer token that may be used at `resource` (default: the REST API's address):
   * a token for the audience `authenticated` (the service's own sessions, Supabase Auth's OAuth tokens) is
   * valid everywhere; one issued for a resource indicator (RFC 8707) only at that resource.
   */
  verify(authorization: string | undefined | null, resource?: string): Promise<Claims>;
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

/** The audience of tokens the whole service accepts; a resource's own tokens name its address instead. */
const SERVICE_AUDIENCE = "authenticated";

export function createTokenVerifier(opts: {
  jwksUrl: string;
  issuer: string;
  legacySecret?: string;
  /** The address `verify` checks audiences against when the caller names none: `{root_url}/v1`. */
  resource: string;
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
    // The audience is checked per resource by `verify`, on the cached claims.
    const common = { issuer: opts.issuer, requiredClaims: ["exp", "sub", "aud"] };
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

  function forResource(claims: Claims, resource: string): Claims {
    const audiences = typeof claims.aud === "string" ? [claims.aud] : claims.aud ?? [];
    if (audiences.includes(SERVICE_AUDIENCE) || audiences.includes(resource)) return claims;
    throw new ApiError(
      401,
      "invalid_audience",
      `The access token was issued for ${audiences.join(", ")}, not for ${resource}.`,
      { audience: audiences, resource },
      {
        "WWW-Authenticate":
          `Bearer error="invalid_token", error_description="The access token was issued for another resource."`,
      },
    );
  }

  return {
    async verify(authorization, resource = opts.resource) {
      // The scheme is case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are `Bearer`.
      const m = /^Bearer +([A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*\.[A-Za-z0-9_\-]*)$/i.exec(
        authorization?.trim() ?? "",
      );
      if (!authorization) throw unauthorized("A bearer token is required.");
      if (!m) throw unauthorized("The Authorization header must be 'Bearer <token>'.");
      const token = m[1];
      const hit = cache.get(token);
      if (hit && hit.exp * 1000 > Date.now()) return forResource(hit, resource);
      if (hit) cache.delete(token);
      const claims = await verifyToken(token);
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(token, claims);
      return forResource(claims, resource);
    },
    accountExists: opts.accountExists,
  };
}

/**
 * Whether the token is the service's own: no OAuth client, or a client the operator lists in
 * FIRST_PARTY_CLIENT_IDS. From the claims alone; what outlives a grant or ends the account needs one.
 */
export function isFirstParty(claims: Claims, firstPartyClients: readonly string[]): boolean {
  return typeof claims.client_id !== "string" || firstPartyClients.includes(claims.client_id);
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
