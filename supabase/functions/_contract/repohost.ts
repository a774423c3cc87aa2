// Section I of the contract: the repository host, a GitHub App. Users sign in with the app's OAuth client
// (the code exchange happens here, so the client secret stays on the server), save the installations they
// made, and link projects to repositories; `POST /projects/{id}/pushes` (projects.ts) publishes the files.
// GitHub's webhook keeps the saved installations current. Rules (ownership, upserts) live in SQL.
import type { Config } from "../_shared/config.ts";
import { createRoute, z } from "@hono/zod-openapi";
import {
  errorResponses,
  exampleNeeds,
  jsonBody,
  jsonContent,
  NEEDS,
  routeBodyLimit,
  Timestamp,
  UNEXPECTED,
} from "./common.ts";
import { LIMITS } from "./limits.gen.ts";
import { ProjectParams } from "./projects.ts";

const TAG = "Repository host";
// Installation events are small; GitHub caps any delivery at 25 MB, which is refused here unread.
const MAX_WEBHOOK_BYTES = 1024 * 1024;

const NOT_CONFIGURED = {
  503: "`integration_not_configured`: no GitHub App (or no token sealing key) is configured on this server " +
    "(`details.missing` names the settings to set); or `database_unavailable`",
};

const Int64 = z.int().min(1).max(Number.MAX_SAFE_INTEGER).openapi({ format: "int64" });
const HttpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .max(LIMITS.columns["repohost_installations.avatar"]);
const RepositoryName = z.string()
  .regex(/^[A-Za-z0-9._-]{1,100}$/, "1..100 of letters, digits, '.', '-' and '_'")
  .refine((name) => name !== "." && name !== "..", "must not be '.' or '..'");

const TokenRequest = z.strictObject({
  code: z.string().min(1).max(512).openapi({ description: "The code GitHub's OAuth redirect carried" }),
  redirect_uri: z.url().max(2048).optional().openapi({
    description: "The redirect URI the authorization used, when it named one",
  }),
}).openapi("RepohostTokenRequest");

const TokenResponse = z.object({
  access_token: z.string().openapi({ description: "The user's GitHub token (`ghu_…`)" }),
}).openapi("RepohostToken");

export const Installation = z.object({
  id: Int64,
  login: z.string(),
  avatar: z.string().nullable().openapi({ format: "uri" }),
  name: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
}).openapi("RepohostInstallation");

const SaveInstallation = z.strictObject({
  id: Int64.openapi({ description: "The GitHub App installation id" }),
  // It travels in an Authorization header: anything else could not be sent, and would read as GitHub failing.
  ghu: z.string().min(1).max(1024).regex(/^[\x21-\x7e]+$/, "a token: printable ASCII without spaces").openapi(
    {
      description: "The user's GitHub token; write-only: stored sealed, never returned",
    },
  ),
  login: z.string().min(1).max(LIMITS.columns["repohost_installations.login"]),
  avatar: HttpUrl.nullable().optional(),
  name: z.string().max(LIMITS.columns["repohost_installations.name"]).nullable().optional(),
  user_id: z.unknown().optional().openapi({
    description: "Ignored: the owner is always the caller.",
    deprecated: true,
  }),
}).openapi("SaveInstallationRequest");

export const LinkedRepository = z.object({
  project_id: Int64,
  repohost_installation_id: Int64,
  repohost_repository_name: z.string(),
  repohost_last_sync: Timestamp.nullable(),
  repohost_sync_conflict: z.object({
    commit: z.string(),
    paths: z.array(z.string()),
    at: Timestamp,
  }).nullable().openapi({
    description: "A push to the repository that was not imported because it changed files the project " +
      "changed too since the last push (`paths`); null once a push or an import syncs them again",
  }),
}).openapi("LinkedRepository");

const LinkRequest = z.strictObject({
  project_id: Int64,
  repohost_installation_id: Int64,
  repohost_repository_name: RepositoryName.optional().openapi({
    description: "Default: `<REPOHOST_REPO_PREFIX>-<project id>`",
  }),
}).openapi("LinkRepositoryRequest");

export const WebhookReceived = z.object({
  received: z.literal(true),
  event: z.string().openapi({ description: "`X-GitHub-Event`" }),
  action: z.string().nullable(),
  delivery_id: z.string().nullable().openapi({ description: "`X-GitHub-Delivery`" }),
  outcome: z.enum(["applied", "ignored", "duplicate", "conflict"]).openapi({
    description: "`applied`: an installation event took effect, or a push was imported; `ignored`: an " +
      "event the service does not act on (a push to another branch, to no linked repository, or the " +
      "service's own); `duplicate`: a replay of a delivery already applied, which changed nothing; " +
      "`conflict`: a push changed files a project changed too since its last push, and was not imported",
  }),
}).openapi("WebhookReceived");

// The fields of an `installation` event the service keeps. GitHub names enterprise accounts by slug.
export const InstallationEvent = z.object({
  action: z.string().max(100),
  installation: z.object({
    id: Int64,
    account: z.object({
      login: z.string().min(1).max(LIMITS.columns["repohost_installations.login"]).optional(),
      slug: z.string().min(1).max(LIMITS.columns["repohost_installations.login"]).optional(),
      avatar_url: z.string().nullish(),
      name: z.string().nullish(),
    }).refine((a) => a.login ?? a.slug, "an account has a login or a slug"),
  }),
});

export const AnyEvent = z.object({ action: z.string().max(100).optional() });

// The fields of a `push` event the service reads.
export const PushEvent = z.object({
  ref: z.string().max(1000),
  after: z.string().regex(/^[0-9a-f]{40}$/),
  deleted: z.boolean().optional(),
  repository: z.object({
    name: z.string().min(1).max(100),
    default_branch: z.string().min(1).max(1000),
    owner: z.object({
      login: z.string().min(1).max(100).optional(),
      name: z.string().min(1).max(100).optional(),
    })
      .refine((o) => o.login ?? o.name, "an owner has a login or a name"),
  }),
  installation: z.object({ id: Int64 }),
  commits: z.array(z.object({ author: z.object({ email: z.string().nullish() }) })).max(2048),
});

/** The routes, with the settings of this deployment that their descriptions print. */
export function routesFor(config: Pick<Config, "REPOHOST_REPO_PREFIX">) {
  return {
    exchangeRepohostToken: createRoute({
      method: "post",
      path: "/repohost/token",
      ...NEEDS.repohost,
      operationId: "exchangeRepohostToken",
      tags: [TAG],
      summary: "Exchange a GitHub sign-in code for the user's token",
      description: "The code of the GitHub App's OAuth sign-in is exchanged with GitHub using the client " +
        "secret, which stays on the server. A code GitHub refuses (expired, used, issued for another " +
        "redirect URI) is 400 `repohost_code_rejected` with GitHub's error code in " +
        "`details.upstream_error`; GitHub unreachable or failing is 502 `repohost_failed`.",
      request: { body: jsonBody(TokenRequest, { code: "code_from_githubs_sign_in" }) },
      responses: {
        200: jsonContent(TokenResponse, "The user's GitHub token"),
        ...errorResponses([400, 415, 502, 503], {
          400: "`invalid_request` or `repohost_code_rejected`",
          502: "`repohost_failed`",
          ...NOT_CONFIGURED,
        }),
      },
    }),
    listRepohostInstallations: createRoute({
      method: "get",
      path: "/repohost/installations",
      ...NEEDS.repohost,
      operationId: "listRepohostInstallations",
      tags: [TAG],
      summary: "The caller's saved installations",
      description: "Safe columns only: the stored GitHub token is never returned.",
      responses: {
        200: jsonContent(z.object({ data: z.array(Installation) }), "The installations"),
        ...errorResponses([503], NOT_CONFIGURED),
      },
    }),
    saveRepohostInstallation: createRoute({
      method: "post",
      path: "/repohost/installations",
      ...NEEDS.repohost,
      operationId: "saveRepohostInstallation",
      tags: [TAG],
      summary: "Save an installation of the GitHub App",
      description: "Upsert by `id` for the caller; the owner is always the caller (a `user_id` in the body " +
        "is ignored). GitHub is asked first whether `ghu` reaches the installation — pushes act as the " +
        "installation, so naming someone else's installation id must not be enough: 404 " +
        "`installation_not_found` when it does not, 400 `repohost_token_rejected` when GitHub refuses the " +
        "token. An installation another user of this service saved is never taken over: 409 " +
        "`installation_taken`. `ghu` is stored sealed and never returned. An account saves at most " +
        `${LIMITS.rows.max_repohost_installations_per_user} ` +
        "installations (setting `max_repohost_installations_per_user`; 413 `too_many_installations`). The " +
        "installation outlives the token (pushes go where it points), so only the service's own sign-in may " +
        "save one.",
      request: {
        body: jsonBody(SaveInstallation, {
          id: 12345678,
          ghu: "ghu_16C7e42F292c6912E7710c838347Ae178B4a",
          login: "octocat",
        }),
      },
      responses: {
        201: jsonContent(Installation, "Saved"),
        ...errorResponses([400, 404, 409, 413, 415, 502, 503], {
          400: "`invalid_request` or `repohost_token_rejected`",
          404: "`installation_not_found`: the token does not reach that installation",
          409: "`installation_taken`: another user saved this installation",
          413: "`too_many_installations`: the account already saved the most installations",
          502: "`repohost_failed`",
          ...NOT_CONFIGURED,
        }),
      },
    }),
    listRepohostRepositories: createRoute({
      method: "get",
      path: "/repohost/repositories",
      ...NEEDS.repohost,
      operationId: "listRepohostRepositories",
      tags: [TAG],
      summary: "The caller's linked repositories",
      responses: {
        200: jsonContent(z.object({ data: z.array(LinkedRepository) }), "The links, by project id"),
        ...errorResponses([503], NOT_CONFIGURED),
      },
    }),
    linkRepohostRepository: createRoute({
      method: "post",
      path: "/repohost/repositories",
      ...NEEDS.repohost,
      operationId: "linkRepohostRepository",
      tags: [TAG],
      summary: "Link a project to a repository",
      description: "The project and the installation must both be the caller's. Upsert by `project_id`; " +
        "moving a link to another repository clears `repohost_last_sync`. The repository name defaults to " +
        `\`${config.REPOHOST_REPO_PREFIX}-<project id>\`. The repository need not exist yet: the first push ` +
        "creates it where GitHub allows.",
      request: { body: jsonBody(LinkRequest, { project_id: 1, repohost_installation_id: 12345678 }) },
      responses: {
        201: jsonContent(LinkedRepository, "Linked"),
        ...errorResponses([400, 404, 415, 503], {
          404: "`project_not_found` or `installation_not_found`",
          ...NOT_CONFIGURED,
        }),
      },
    }),
    unlinkRepohostRepository: createRoute({
      method: "delete",
      path: "/repohost/repositories/{projectId}",
      ...NEEDS.repohost,
      operationId: "unlinkRepohostRepository",
      tags: [TAG],
      summary: "Unlink a project from its repository",
      description: "Idempotent: 204 also when there is no link. Only the caller's links are removed; the " +
        "repository itself is left as it is.",
      request: { params: ProjectParams },
      responses: {
        204: { description: "Not linked (any more)" },
        ...errorResponses([400, 503], NOT_CONFIGURED),
      },
    }),
    receiveRepohostWebhook: createRoute({
      method: "post",
      path: "/repohost/webhooks",
      ...exampleNeeds("GitHub's signature of the body (`X-Hub-Signature-256`)"),
      operationId: "receiveRepohostWebhook",
      tags: [TAG],
      summary: "GitHub App webhook",
      description: "Public; authenticated by `X-Hub-Signature-256`, HMAC-SHA256 of the raw body under the " +
        "webhook secret, compared in constant time: a missing or wrong signature is 400 `invalid_signature`, " +
        "a body that is not a JSON event 400 `invalid_payload`. `installation.created` refreshes the login, " +
        "avatar and name of a saved installation; `installation.deleted` removes it and its repository links. " +
        "`push` to the default branch of a linked repository imports the files it changed into each project " +
        "linked to it as a new version, as a pull does; the service's own pushes import nothing, and a push " +
        "that changed files the project changed too since its last push imports nothing and is recorded " +
        "(`conflict`: the link's `repohost_sync_conflict` and a `repository_conflict` notification). " +
        "Other events are acknowledged and ignored. A delivery (`X-GitHub-Delivery`) already applied is not " +
        "applied again, so replays change nothing. 503 `integration_not_configured` without " +
        "`GITHUB_WEBHOOK_SECRET`.",
      security: [],
      middleware: [routeBodyLimit(MAX_WEBHOOK_BYTES)],
      request: {
        headers: z.object({
          "x-hub-signature-256": z.string().optional().openapi({
            pattern: "^sha256=[0-9a-f]{64}$",
            example: "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
          }),
          "x-github-event": z.string().optional().openapi({ example: "installation" }),
          "x-github-delivery": z.string().optional(),
        }),
      },
      responses: {
        200: jsonContent(WebhookReceived, "Received"),
        ...errorResponses([400, 413, 503], {
          400: "`invalid_signature` or `invalid_payload`",
          503: "`integration_not_configured`: no webhook secret is configured on this server " +
            "(`details.missing`: `GITHUB_WEBHOOK_SECRET`); or " +
            "`database_unavailable`",
        }),
        default: UNEXPECTED,
      },
    }),
  };
}
