// Outbound webhooks: endpoints a user registers for job and wallet events (create, list, delete, rotate the
// secret) and the log of every delivery attempt. Deliveries, retries and disabling are SQL's and the
// webhook-worker's; the handler checks where an endpoint may point, which SQL cannot resolve.
import type { Config } from "../_shared/config.ts";
import { createRoute, z } from "@hono/zod-openapi";
import {
  errorResponses,
  jsonBody,
  jsonContent,
  NEEDS,
  Timestamp,
  TimestampPageQuery,
  Uuid,
} from "./common.ts";
import { LIMITS } from "./limits.gen.ts";

/** What an endpoint may subscribe to (the webhook_endpoints_events CHECK lists the same). */
const WEBHOOK_EVENTS = [
  "job.succeeded",
  "job.failed",
  "job.canceled",
  "wallet.topped_up",
  "build.succeeded",
  "build.failed",
] as const;
const WebhookEvent = z.enum(WEBHOOK_EVENTS);

const CreateWebhook = z.strictObject({
  url: z.string().max(LIMITS.columns["webhook_endpoints.url"]).openapi({
    format: "uri",
    example: "https://example.com/hooks/appgen",
  }),
  events: z.array(WebhookEvent).min(1).max(WEBHOOK_EVENTS.length),
}).openapi("CreateWebhookRequest");

const Webhook = z.object({
  id: Uuid,
  url: z.string(),
  events: z.array(WebhookEvent),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable().openapi({ description: "Why the service disabled the endpoint" }),
  created_at: Timestamp,
  updated_at: Timestamp,
}).openapi("Webhook");

export const WebhookWithSecret = Webhook.extend({
  secret: z.string().openapi({
    description: "`whsec_` + base64: the Standard Webhooks signing secret, shown only here",
    example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  }),
}).openapi("WebhookWithSecret");

export const WebhookList = z.object({ data: z.array(Webhook) }).openapi("WebhookList");

const WebhookAttempt = z.object({
  id: z.int(),
  delivery_id: Uuid.openapi({
    description: "The delivery; its `webhook-id` header is `msg_` + this id without dashes",
  }),
  event_type: WebhookEvent,
  attempt: z.int(),
  status_code: z.int().nullable(),
  response_excerpt: z.string().nullable().openapi({
    description: "At most the first 500 bytes of the answer",
  }),
  error: z.string().nullable(),
  duration_ms: z.int().nullable(),
  created_at: Timestamp,
}).openapi("WebhookAttempt");

export const WebhookAttemptPage = z.object({
  data: z.array(WebhookAttempt),
  next_cursor: Timestamp.nullable(),
}).openapi("WebhookAttemptPage");

const WebhookParams = z.object({ webhookId: Uuid.openapi({ param: { name: "webhookId", in: "path" } }) });

/** The routes, with the settings of this deployment that their descriptions print. */
export function routesFor(config: Pick<Config, "WEBHOOK_TIMEOUT_MS">) {
  return {
    createWebhook: createRoute({
      method: "post",
      path: "/webhooks",
      operationId: "createWebhook",
      tags: ["Webhooks"],
      summary: "Register a webhook endpoint",
      description: `Deliveries follow the Standard Webhooks specification: a POST of
\`{type, timestamp, data}\` (\`data\` is the job as \`GET /jobs/{jobId}\` shows it, the top-up, or the build as
\`GET /projects/{projectId}/builds\` lists it with at most 10 \`errors\` of at most 1000 characters) with the headers
\`webhook-id\` (the same on every retry: deduplicate by it), \`webhook-timestamp\` (seconds) and
\`webhook-signature\` (\`v1,\` + base64 HMAC-SHA256 of \`id.timestamp.body\` keyed by the secret's bytes after
\`whsec_\`). Any 2xx within ${config.WEBHOOK_TIMEOUT_MS} ms is a success; redirects are not followed. Failures are
retried after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h and 24 h; when the last retry fails the endpoint is
disabled and its owner notified (\`webhook_disabled\`). The URL must be https and its host must resolve only to
public addresses (checked again before every attempt): 400 \`invalid_webhook_url\` with \`details.reason\`.
At most ${LIMITS.webhook.endpoints_per_user} endpoints per account (409 \`webhook_limit_reached\`). The secret is shown only in this answer and
after a rotation. The endpoint outlives the token, so only the service's own sign-in may register one (or an
OAuth client the deployment lists in \`FIRST_PARTY_CLIENT_IDS\`); when the user revokes such a client, the
endpoints it registered are deleted.`,
      request: {
        body: jsonBody(CreateWebhook, {
          url: "https://example.com/hooks/appgen",
          events: ["job.succeeded", "job.failed"],
        }),
      },
      responses: {
        201: jsonContent(WebhookWithSecret, "The endpoint, with its secret"),
        ...errorResponses([400, 409, 415], {
          400: "`invalid_request` or `invalid_webhook_url`",
          409: "`webhook_limit_reached`",
        }),
      },
    }),
    listWebhooks: createRoute({
      method: "get",
      path: "/webhooks",
      operationId: "listWebhooks",
      tags: ["Webhooks"],
      summary: "The caller's webhook endpoints",
      description: `Newest first, without secrets (at most ${LIMITS.webhook.endpoints_per_user}).`,
      responses: { 200: jsonContent(WebhookList, "The endpoints") },
    }),
    deleteWebhook: createRoute({
      method: "delete",
      path: "/webhooks/{webhookId}",
      ...NEEDS.webhook,
      operationId: "deleteWebhook",
      tags: ["Webhooks"],
      summary: "Delete a webhook endpoint",
      description: "Its pending deliveries and its attempt log go with it. Another user's endpoint is 404.",
      request: { params: WebhookParams },
      responses: {
        204: { description: "Deleted" },
        ...errorResponses([400, 404], { 404: "`webhook_not_found`" }),
      },
    }),
    rotateWebhookSecret: createRoute({
      method: "post",
      path: "/webhooks/{webhookId}/rotate-secret",
      ...NEEDS.webhook,
      operationId: "rotateWebhookSecret",
      tags: ["Webhooks"],
      summary: "Replace an endpoint's signing secret",
      description: "No body. For 24 hours deliveries carry two signatures, one with the new secret and " +
        "one with the previous, so the receiver can switch without losing any. The secret outlives the " +
        "token, so, as for `POST /webhooks`, only the service's own sign-in may rotate it.",
      request: { params: WebhookParams },
      responses: {
        200: jsonContent(WebhookWithSecret, "The endpoint, with its new secret"),
        ...errorResponses([400, 404], { 404: "`webhook_not_found`" }),
      },
    }),
    listWebhookAttempts: createRoute({
      method: "get",
      path: "/webhooks/{webhookId}/attempts",
      ...NEEDS.webhook,
      operationId: "listWebhookAttempts",
      tags: ["Webhooks"],
      summary: "The endpoint's delivery attempts",
      description: "Newest first: every request made (or refused before it left), its status code, the " +
        "first 500 bytes of the answer, the error and the duration. Paged like notifications: the cursor " +
        "is the last row's `created_at`.",
      request: { params: WebhookParams, query: TimestampPageQuery },
      responses: {
        200: jsonContent(WebhookAttemptPage, "A page of attempts"),
        ...errorResponses([400, 404], {
          400: "`invalid_request` or `invalid_cursor`",
          404: "`webhook_not_found`",
        }),
      },
    }),
  };
}
