// Section J of the contract: the database host, the Supabase Management API. A user connects their account
// with OAuth (authorization code with PKCE). The state is bound to the user who started the flow, and the
// flow is finished by that same user: the public callback only hands the code and state to the app's deep
// link, and the app completes the exchange with an authenticated request. A consent URL sent to someone else
// therefore never connects their account to the sender's. Then the user lists their database projects and
// links one to an app; the anon key is fetched and stored sealed. Tokens are refreshed when they expire, and
// a grant the user revoked clears the connection.
import { createRoute, z } from "@hono/zod-openapi";
import {
  errorResponses,
  exampleNeeds,
  jsonBody,
  jsonContent,
  NEEDS,
  Timestamp,
  UNEXPECTED,
} from "./common.ts";
import { DbhostLink, ProjectParams } from "./projects.ts";

const TAG = "Database host";
export const CALLBACK_PATH = "/integrations/dbhost/callback";

const NOT_CONFIGURED = {
  503:
    "`integration_not_configured`: no Supabase OAuth app (or no token sealing key) is configured on this " +
    "server (`details.missing` names the settings to set); or `database_unavailable`",
};
const NOT_CONNECTED = "`not_connected`: no database host account is connected, or its grant was revoked";

const AuthorizationRequest = z.strictObject({
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "an S256 PKCE challenge: 43 base64url characters")
    .openapi({ description: "BASE64URL(SHA-256(code_verifier)), without padding" }),
  code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, "43..128 of A-Z, a-z, 0-9, '-', '.', '_', '~'")
    .optional().openapi({
      description: "The PKCE verifier, for the callback to send with the code; stored sealed until then",
    }),
}).openapi("DbhostAuthorizationRequest");

const Authorization = z.object({
  authorize_url: z.url().openapi({ description: "Open in a browser: the database host's consent page" }),
  return_url: z.string().openapi({
    format: "uri",
    description: "The app deep link the browser ends on once connected",
  }),
  expires_at: Timestamp.openapi({ description: "The authorization must be completed before this" }),
}).openapi("DbhostAuthorization");

const DbhostRef = z.string().regex(/^[a-z0-9]{1,64}$/, "a project ref: lower-case letters and digits");

export const DbhostProjects = z.object({
  projects: z.array(z.object({
    ref: z.string(),
    name: z.string(),
    region: z.string(),
    created_at: z.string(),
    organization_id: z.string(),
    linked_project_id: z.int().nullable().openapi({
      format: "int64",
      description: "The caller's app this database project backs, if any",
    }),
  })),
  organizations: z.array(z.object({ id: z.string(), name: z.string() })),
}).openapi("DbhostProjects");

const LinkRequest = z.strictObject({
  project_id: z.int().min(1).max(Number.MAX_SAFE_INTEGER).openapi({ format: "int64" }),
  dbhost_ref: DbhostRef,
}).openapi("DbhostLinkRequest");

const ConnectionRequest = z.strictObject({
  code: z.string().min(1).max(2048).openapi({ description: "`code` from the deep link the callback sent" }),
  state: z.string().min(1).max(256).openapi({ description: "`state` from the same deep link" }),
}).openapi("DbhostConnectionRequest");

export const Connection = z.union([
  z.object({ connected: z.literal(true), dbhost_user_id: z.string(), dbhost_username: z.string() }),
  z.object({ connected: z.literal(false) }),
]).openapi("DbhostConnection");

export const routes = {
  createDbhostAuthorization: createRoute({
    method: "post",
    path: "/integrations/dbhost/authorizations",
    ...NEEDS.dbhost,
    operationId: "createDbhostAuthorization",
    tags: [TAG],
    summary: "Start connecting a database host account",
    description: "Answers the address of the host's consent page. Its `state` is random, bound to the " +
      "caller, single-use and valid for 10 minutes; only its hash is stored. The host redirects to " +
      `\`{base_url}${CALLBACK_PATH}\`, which sends the browser on to \`return_url\` with the code and ` +
      "state; the app then finishes with `POST /integrations/dbhost/connections`, which exchanges the code " +
      "— with `code_verifier` when it was given here (it must match `code_challenge`: 400 " +
      "`code_verifier_mismatch`), else without one — and stores the connection server-side.",
    request: {
      body: jsonBody(AuthorizationRequest, {
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      }),
    },
    responses: {
      200: jsonContent(Authorization, "Where to send the browser"),
      ...errorResponses([400, 415, 503], {
        400: "`invalid_request` or `code_verifier_mismatch`",
        ...NOT_CONFIGURED,
      }),
    },
  }),
  relayDbhostCallback: createRoute({
    method: "get",
    path: CALLBACK_PATH,
    ...exampleNeeds("the code and state the database host's sign-in redirects with"),
    operationId: "relayDbhostCallback",
    tags: [TAG],
    summary: "OAuth callback of the database host (the browser lands here)",
    description: "An addition to the contract, public: the redirect URI registered with the host's OAuth " +
      "app. It stores nothing and exchanges nothing: it sends the browser on (302) to the app deep link " +
      "(`DBHOST_RETURN_URL`) with the host's `code` and `state` (or its `error`) in the query, and the app " +
      "finishes with `POST /integrations/dbhost/connections` under the user's own token. So whoever " +
      "started the flow, only the signed-in user of the app that receives the code can complete it, and " +
      "only when they started it themselves. No state: 400 `invalid_state`; neither code nor error: 400 " +
      "`invalid_request`.",
    security: [],
    request: {
      query: z.object({
        code: z.string().max(2048).optional(),
        state: z.string().max(256).optional(),
        error: z.string().max(256).optional(),
        error_description: z.string().max(2048).optional(),
      }),
    },
    responses: {
      302: { description: "On to the app deep link, with `code` and `state`, or `error` and `state`" },
      ...errorResponses([400, 503], {
        400: "`invalid_state` (no state) or `invalid_request` (neither code nor error)",
        ...NOT_CONFIGURED,
      }),
      default: UNEXPECTED,
    },
  }),
  completeDbhostAuthorization: createRoute({
    method: "post",
    path: "/integrations/dbhost/connections",
    ...NEEDS.dbhost,
    operationId: "completeDbhostAuthorization",
    tags: [TAG],
    summary: "Finish connecting a database host account",
    description: "An addition to the contract: the app posts the `code` and `state` the callback handed " +
      "to its deep link. The state must be one the caller started: another user's, unknown or already " +
      "used is 400 `invalid_state`, past its 10 minutes 400 `state_expired`; it is consumed before the " +
      "exchange, so it works once. The code is exchanged (with `code_verifier` when it was given at the " +
      "start; 400 `dbhost_code_rejected` when the host refuses it), the account's profile read and the " +
      "connection stored for the caller, replacing an earlier one. When anything fails nothing is stored. " +
      "The connection outlives the token, so only the service's own sign-in may make one.",
    request: {
      body: jsonBody(ConnectionRequest, {
        code: "sbp_oauth_code_from_the_callback",
        state: "state_from_the_callback",
      }),
    },
    responses: {
      200: jsonContent(Connection, "Connected"),
      ...errorResponses([400, 415, 502, 503], {
        400: "`invalid_state`, `state_expired`, `dbhost_code_rejected` or `invalid_request`",
        502: "`dbhost_failed`",
        ...NOT_CONFIGURED,
      }),
    },
  }),
  listDbhostProjects: createRoute({
    method: "get",
    path: "/integrations/dbhost/projects",
    ...NEEDS.dbhost,
    operationId: "listDbhostProjects",
    tags: [TAG],
    summary: "The connected account's database projects",
    description: "Read from the host with the caller's connection (its token refreshed when it has " +
      "expired), each with `linked_project_id`: the caller's app it backs, or null. `organizations` lists " +
      "the account's organizations; `organization_id` of a project names one of them. A grant the user " +
      "revoked clears the stored connection: 404 `not_connected` from then on.",
    responses: {
      200: jsonContent(DbhostProjects, "The projects and organizations"),
      ...errorResponses([404, 502, 503], {
        404: NOT_CONNECTED,
        502: "`dbhost_failed`",
        ...NOT_CONFIGURED,
      }),
    },
  }),
  linkDbhostProject: createRoute({
    method: "post",
    path: "/integrations/dbhost/links",
    ...NEEDS.dbhost,
    operationId: "linkDbhostProject",
    tags: [TAG],
    summary: "Link an app to one of the connected account's database projects",
    description: "Checks, in this order: the project is the caller's (404 `project_not_found`); an account " +
      "is connected (404 `not_connected`); the database project is one of that account's (404 " +
      "`dbhost_project_not_found`); it backs no other app, the caller's or anyone's (409 `already_linked`). " +
      "The project's anon key (or publishable key) is fetched and stored sealed; it is never returned. " +
      "Upsert by `project_id`: linking again replaces the app's link.",
    request: { body: jsonBody(LinkRequest, { project_id: 1, dbhost_ref: "abcdefghijklmnopqrst" }) },
    responses: {
      201: jsonContent(DbhostLink, "Linked"),
      ...errorResponses([400, 404, 409, 415, 502, 503], {
        404: "`project_not_found`, `not_connected` or `dbhost_project_not_found`",
        409: "`already_linked` or `dbhost_anon_key_missing` (the project has no key an app may carry)",
        502: "`dbhost_failed`",
        ...NOT_CONFIGURED,
      }),
    },
  }),
  unlinkDbhostProject: createRoute({
    method: "delete",
    path: "/integrations/dbhost/links/{projectId}",
    ...NEEDS.dbhost,
    operationId: "unlinkDbhostProject",
    tags: [TAG],
    summary: "Unlink an app from its database project",
    description: "Idempotent: 204 also when there is no link. Only the caller's links are removed.",
    request: { params: ProjectParams },
    responses: {
      204: { description: "Not linked (any more)" },
      ...errorResponses([400, 503], NOT_CONFIGURED),
    },
  }),
  getDbhostConnection: createRoute({
    method: "get",
    path: "/integrations/dbhost/connection",
    ...NEEDS.dbhost,
    operationId: "getDbhostConnection",
    tags: [TAG],
    summary: "The caller's database host connection",
    description: "Who is connected, or `{connected: false}`. OAuth tokens are never returned.",
    responses: {
      200: jsonContent(Connection, "The connection"),
      ...errorResponses([503], NOT_CONFIGURED),
    },
  }),
};
