// Database host port: a user connects their own database-host account with OAuth (authorization code with
// PKCE), and links an app to one of their database projects. Errors (ApiError unless noted):
//   400 dbhost_code_rejected      the host refused the OAuth code; details.upstream_error says why
//   404 not_connected             GrantRevokedError: the grant was revoked or expired
//   404 dbhost_project_not_found  no such project, or not one this account may see
//   409 dbhost_anon_key_missing   the project has no key a client app may carry
//   502 dbhost_failed (UpstreamError) the host failed, refused the service itself, or did not answer
import { ApiError } from "../errors.ts";

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

export interface DbHostProject {
  ref: string;
  name: string;
  region: string;
  created_at: string;
  /** The `id` of one of the organizations listed alongside. */
  organization_id: string;
}

export interface DbHostOrganization {
  id: string;
  name: string;
}

/**
 * The host no longer honours the stored tokens (the user revoked the app, or the refresh token expired):
 * the caller should forget the connection. Left uncaught it answers 404 `not_connected`, which is what the
 * user is from then on.
 */
export class GrantRevokedError extends ApiError {
  constructor() {
    super(404, "not_connected", "The database host connection was revoked or has expired; connect again.");
  }
}

export interface DbHost {
  /** Where to send the user's browser to grant access; S256 is the only challenge method used. */
  authorizeUrl(params: { state: string; codeChallenge: string; redirectUri: string }): string;
  exchangeCode(params: { code: string; codeVerifier?: string; redirectUri: string }): Promise<Tokens>;
  /** Refresh tokens are single-use: store the new pair before using it. */
  refresh(refreshToken: string): Promise<Tokens>;
  listProjects(
    accessToken: string,
  ): Promise<{ projects: DbHostProject[]; organizations: DbHostOrganization[] }>;
  /** The key a client app embeds to reach the project's APIs under row-level security. */
  getAnonKey(accessToken: string, ref: string): Promise<string>;
  getProfile(accessToken: string): Promise<{ id: string; username: string }>;
}
