// The webhooks routes' handlers, each registered against its definition in `_contract/webhooks.ts`.
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser, selectForUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { type ApiApp, cursorHook, firstPartyRoute, userRoute } from "../../_shared/http.ts";
import { webhookTargetProblem } from "../../_shared/webhooks.ts";
import { routesFor, WebhookAttemptPage, WebhookList, WebhookWithSecret } from "../../_contract/webhooks.ts";

export function registerWebhookRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier, config } = deps;
  const routes = routesFor(config);

  api.openapi(
    firstPartyRoute(deps, routes.createWebhook),
    async (c) => {
      const { url, events } = c.req.valid("json");
      const problem = await webhookTargetProblem(url, config.WEBHOOKS_ALLOW_PRIVATE_TARGETS);
      if (problem) {
        throw new ApiError(400, "invalid_webhook_url", `The URL cannot receive webhooks: ${problem}.`, {
          reason: problem,
        });
      }
      // For the user, so the endpoint records the client of the token (see oauth_client_revocations).
      const claims = c.get("claims");
      const created = await selectForUser<z.infer<typeof WebhookWithSecret>>(
        db,
        claims,
        (tx) => tx`select private.create_webhook(${claims.sub}, ${url}, ${events}) as r`,
      );
      return c.json(created, 201);
    },
  );

  api.openapi(
    userRoute(verifier, routes.listWebhooks),
    async (c) => {
      const list = await selectAsUser<z.infer<typeof WebhookList>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.list_webhooks() as r`,
      );
      return c.json(list, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.deleteWebhook),
    async (c) => {
      const { webhookId } = c.req.valid("param");
      await selectAsUser(db, c.get("claims"), (tx) => tx`select api.delete_webhook(${webhookId}) as r`);
      return c.body(null, 204);
    },
  );

  api.openapi(
    firstPartyRoute(deps, routes.rotateWebhookSecret),
    async (c) => {
      const { webhookId } = c.req.valid("param");
      const rotated = await selectAsUser<z.infer<typeof WebhookWithSecret>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.rotate_webhook_secret(${webhookId}) as r`,
      );
      return c.json(rotated, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.listWebhookAttempts),
    async (c) => {
      const { webhookId } = c.req.valid("param");
      const { limit, cursor } = c.req.valid("query");
      const page = await selectAsUser<z.infer<typeof WebhookAttemptPage>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.list_webhook_attempts(${webhookId}, ${limit}, ${cursor ?? null}) as r`,
      );
      return c.json(page, 200);
    },
    (result) => cursorHook(result),
  );
}
