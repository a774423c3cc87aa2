// The Supabase Management API as the database host: users connect their Supabase account to the service's
// OAuth app (authorization code with PKCE), and the service lists their projects and reads a project's anon
// key with the user's access token. The token endpoint takes the client credentials as HTTP Basic auth.
//
// Organizations are keyed by slug: the Management API deprecated the organizations' `id` and the projects'
// `organization_id` in favour of `slug` and `organization_slug`, and older answers carry only the former,
// which held the same value.
import { z } from "zod";
import { ApiError } from "../errors.ts";
import {
  type DbHost,
  type DbHostOrganization,
  type DbHostProject,
  GrantRevokedError,
  type Tokens,
} from "../ports/dbhost.ts";
import { type JsonAnswer, JsonHttp } from "./json-http.ts";

export interface SupabaseManagementOptions {
  /** Default https://api.supabase.com. */
  apiBaseUrl?: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().positive(),
});
const Projects = z.array(
  z.object({
    ref: z.string(),
    name: z.string(),
    region: z.string(),
    created_at: z.string(),
    organization_slug: z.string().optional(),
    organization_id: z.string().optional(),
  }).refine((p) => (p.organization_slug ?? p.organization_id) !== undefined),
);
const Organizations = z.array(
  z.object({
    slug: z.string().optional(),
    id: z.string().optional(),
    name: z.string(),
  }).refine((o) => (o.slug ?? o.id) !== undefined),
);
const ApiKeys = z.array(z.object({
  name: z.string(),
  type: z.string().nullish(),
  api_key: z.string().nullish(),
}));
const Profile = z.object({ gotrue_id: z.string(), username: z.string() });

export class SupabaseManagementDbHost implements DbHost {
  private readonly http: JsonHttp;
  private readonly api: string;
  private readonly basicAuth: string;

  constructor(private readonly options: SupabaseManagementOptions) {
    this.api = (options.apiBaseUrl ?? "https://api.supabase.com").replace(/\/+$/, "");
    this.basicAuth = btoa(`${options.clientId}:${options.clientSecret}`);
    this.http = new JsonHttp({
      code: "dbhost_failed",
      service: "The Supabase Management API",
      timeoutMs: options.timeoutMs,
      secrets: [options.clientSecret, this.basicAuth],
    });
  }

  authorizeUrl(params: { state: string; codeChallenge: string; redirectUri: string }): string {
    const query = new URLSearchParams({
      client_id: this.options.clientId,
      redirect_uri: params.redirectUri,
      response_type: "code",
      state: params.state,
      code_challenge: params.codeChallenge,
      code_challenge_method: "S256",
    });
    return `${this.api}/v1/oauth/authorize?${query}`;
  }

  async exchangeCode(params: { code: string; codeVerifier?: string; redirectUri: string }): Promise<Tokens> {
    const what = "Exchanging the Supabase authorization code failed";
    const form: Record<string, string> = {
      grant_type: "authorization_code",
      code: params.code,
      redirect_uri: params.redirectUri,
    };
    if (params.codeVerifier) form.code_verifier = params.codeVerifier;
    const answer = await this.token(what, form, [params.code, params.codeVerifier ?? ""]);
    if (answer.status >= 400 && answer.status < 500) {
      const error = (answer.body as { error?: unknown } | undefined)?.error;
      throw new ApiError(
        400,
        "dbhost_code_rejected",
        "Supabase refused the authorization code (expired, already used, or the verifier does not match).",
        {
          upstream_error: typeof error === "string" && /^[a-z_]{1,64}$/.test(error)
            ? error
            : `http_${answer.status}`,
        },
      );
    }
    return this.tokens(what, answer);
  }

  async refresh(refreshToken: string): Promise<Tokens> {
    const what = "Refreshing the Supabase access token failed";
    const answer = await this.token(what, { grant_type: "refresh_token", refresh_token: refreshToken }, [
      refreshToken,
    ]);
    // Supabase answers 401 once the user revoked the app or the refresh token expired; 400 is OAuth's
    // invalid_grant. Either way the stored pair is worthless.
    if (answer.status === 400 || answer.status === 401) throw new GrantRevokedError();
    return this.tokens(what, answer);
  }

  async listProjects(
    accessToken: string,
  ): Promise<{ projects: DbHostProject[]; organizations: DbHostOrganization[] }> {
    // Both answers are awaited before either failure is thrown, so no request is left running.
    const [projects, organizations] = await Promise.allSettled([
      this.get("Listing the Supabase projects failed", "/v1/projects", accessToken, Projects),
      this.get("Listing the Supabase organizations failed", "/v1/organizations", accessToken, Organizations),
    ]);
    if (projects.status === "rejected") throw projects.reason;
    if (organizations.status === "rejected") throw organizations.reason;
    return {
      projects: projects.value.map((p) => ({
        ref: p.ref,
        name: p.name,
        region: p.region,
        created_at: p.created_at,
        organization_id: (p.organization_slug ?? p.organization_id)!,
      })),
      organizations: organizations.value.map((o) => ({ id: (o.slug ?? o.id)!, name: o.name })),
    };
  }

  async getAnonKey(accessToken: string, ref: string): Promise<string> {
    const what = "Reading the Supabase project's API keys failed";
    const answer = await this.send(what, `/v1/projects/${encodeURIComponent(ref)}/api-keys`, accessToken);
    if (answer.status === 404) {
      throw new ApiError(
        404,
        "dbhost_project_not_found",
        "No such Supabase project in the connected account.",
      );
    }
    const keys = this.http.read(what, answer, ApiKeys);
    // Projects that turned the legacy JWT keys off have a publishable key in the anon key's place.
    const key = keys.find((k) => k.name === "anon" && k.api_key) ??
      keys.find((k) => k.type === "publishable" && k.api_key);
    if (!key?.api_key) {
      throw new ApiError(
        409,
        "dbhost_anon_key_missing",
        "The Supabase project has no anon or publishable key.",
      );
    }
    return key.api_key;
  }

  async getProfile(accessToken: string): Promise<{ id: string; username: string }> {
    const profile = await this.get(
      "Reading the Supabase profile failed",
      "/v1/profile",
      accessToken,
      Profile,
    );
    return { id: profile.gotrue_id, username: profile.username };
  }

  private token(what: string, form: Record<string, string>, secrets: string[]): Promise<JsonAnswer> {
    return this.http.send(what, `${this.api}/v1/oauth/token`, {
      method: "POST",
      headers: { authorization: `Basic ${this.basicAuth}` },
      form,
      secrets,
    });
  }

  private tokens(what: string, answer: JsonAnswer): Tokens {
    const body = this.http.read(what, answer, TokenAnswer);
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresAt: new Date(Date.now() + body.expires_in * 1000),
    };
  }

  /** A call with the user's token; 401 means the grant is gone, whatever the endpoint. */
  private async send(what: string, path: string, accessToken: string): Promise<JsonAnswer> {
    const answer = await this.http.send(what, `${this.api}${path}`, { bearer: accessToken });
    if (answer.status === 401) throw new GrantRevokedError();
    return answer;
  }

  private async get<T>(what: string, path: string, accessToken: string, schema: z.ZodType<T>): Promise<T> {
    return this.http.read(what, await this.send(what, path, accessToken), schema);
  }
}
