// The repohost routes' handlers, each registered against its definition in `_contract/repohost.ts`.
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser, selectForUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { type ApiApp, firstPartyRoute, userRoute } from "../../_shared/http.ts";
import { notConfigured, requireIntegration } from "../../_shared/integrations.ts";
import { verifyHubSignature } from "../../_shared/webhook-signature.ts";
import { importRepoPush } from "../../_shared/git-sync.ts";
import {
  AnyEvent,
  Installation,
  InstallationEvent,
  LinkedRepository,
  PushEvent,
  routesFor,
  WebhookReceived,
} from "../../_contract/repohost.ts";

function invalidPayload(message: string): ApiError {
  return new ApiError(400, "invalid_payload", message);
}

export function registerRepohostRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier, config } = deps;
  const routes = routesFor(config);

  api.openapi(
    userRoute(verifier, routes.exchangeRepohostToken),
    async (c) => {
      const { code, redirect_uri } = c.req.valid("json");
      const { port: repohost } = requireIntegration(deps, "repohost");
      const { accessToken } = await repohost.exchangeCode(code, redirect_uri);
      return c.json({ access_token: accessToken }, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.listRepohostInstallations),
    async (c) => {
      requireIntegration(deps, "repohost");
      const list = await selectAsUser<{ data: z.infer<typeof Installation>[] }>(
        db,
        c.get("claims"),
        (tx) => tx`select api.list_repohost_installations() as r`,
      );
      return c.json(list, 200);
    },
  );

  api.openapi(
    firstPartyRoute(deps, routes.saveRepohostInstallation),
    async (c) => {
      const body = c.req.valid("json");
      const { port: repohost, secrets } = requireIntegration(deps, "repohost");
      if (!await repohost.userCanAccessInstallation(body.ghu, body.id)) {
        throw new ApiError(
          404,
          "installation_not_found",
          "That installation is not one your GitHub account can use.",
        );
      }
      const ghuSealed = await secrets.seal(body.ghu, `repohost_installation:${body.id}:ghu`);
      const saved = await selectForUser<z.infer<typeof Installation>>(
        db,
        c.get("claims"),
        (tx) =>
          tx`select api.save_repohost_installation(${body.id}, ${body.login}, ${body.avatar ?? null}, ${
            body.name ?? null
          }, ${ghuSealed}) as r`,
      );
      return c.json(saved, 201);
    },
  );

  api.openapi(
    userRoute(verifier, routes.listRepohostRepositories),
    async (c) => {
      requireIntegration(deps, "repohost");
      const list = await selectAsUser<{ data: z.infer<typeof LinkedRepository>[] }>(
        db,
        c.get("claims"),
        (tx) => tx`select api.list_repohost_links() as r`,
      );
      return c.json(list, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.linkRepohostRepository),
    async (c) => {
      const body = c.req.valid("json");
      requireIntegration(deps, "repohost");
      const link = await selectAsUser<z.infer<typeof LinkedRepository>>(
        db,
        c.get("claims"),
        (tx) =>
          tx`select api.link_repohost_repository(${body.project_id}, ${body.repohost_installation_id}, ${
            body.repohost_repository_name ?? null
          }, ${config.REPOHOST_REPO_PREFIX}) as r`,
      );
      return c.json(link, 201);
    },
  );

  api.openapi(
    userRoute(verifier, routes.unlinkRepohostRepository),
    async (c) => {
      const { projectId } = c.req.valid("param");
      requireIntegration(deps, "repohost");
      await selectAsUser(
        db,
        c.get("claims"),
        (tx) => tx`select api.unlink_repohost_repository(${projectId}) as r`,
      );
      return c.body(null, 204);
    },
  );

  api.openapi(
    routes.receiveRepohostWebhook,
    async (c) => {
      const secret = config.GITHUB_WEBHOOK_SECRET;
      if (!secret) throw notConfigured("repohost webhook", config);
      const raw = new Uint8Array(await c.req.arrayBuffer());
      if (!await verifyHubSignature(secret, raw, c.req.header("x-hub-signature-256") ?? null)) {
        throw new ApiError(
          400,
          "invalid_signature",
          "The X-Hub-Signature-256 header does not sign this body.",
        );
      }
      const event = c.req.header("x-github-event");
      if (!event || event.length > 100) throw invalidPayload("X-GitHub-Event is missing.");
      const deliveryHeader = c.req.header("x-github-delivery");
      const deliveryId = deliveryHeader && deliveryHeader.length <= 100 ? deliveryHeader : null;
      let payload: unknown;
      try {
        payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
      } catch {
        throw invalidPayload("The body is not JSON.");
      }
      const action = AnyEvent.safeParse(payload);
      if (!action.success) throw invalidPayload("The body is not a GitHub event.");
      let installation: { id: number; login: string; avatar: string | null; name: string | null } | null =
        null;
      if (event === "installation") {
        const parsed = InstallationEvent.safeParse(payload);
        if (!parsed.success) throw invalidPayload("The installation event lacks its installation.");
        const { id, account } = parsed.data.installation;
        installation = {
          id,
          login: (account.login ?? account.slug)!,
          // Kept only when it is a web address, as the stored column requires.
          avatar:
            account.avatar_url && /^https?:\/\//.test(account.avatar_url) && account.avatar_url.length <= 2048
              ? account.avatar_url
              : null,
          name: account.name ? account.name.slice(0, 255) : null,
        };
      }
      const actionName = action.data.action ?? null;
      if (event === "push") {
        const parsed = PushEvent.safeParse(payload);
        if (!parsed.success) {
          throw invalidPayload("The push event lacks its ref, repository or installation.");
        }
        const push = parsed.data;
        const outcome = push.ref !== `refs/heads/${push.repository.default_branch}` || push.deleted
          ? "ignored"
          : await importRepoPush(deps, requireIntegration(deps, "repohost").port, {
            installationId: push.installation.id,
            owner: push.repository.owner.login ?? push.repository.owner.name!,
            repository: push.repository.name,
            after: push.after,
            authors: push.commits.map((c) => c.author.email ?? ""),
          });
        return c.json(
          { received: true as const, event, action: null, delivery_id: deliveryId, outcome },
          200,
        );
      }
      const outcome = await db.asService(async (tx) =>
        (await tx`select private.apply_repohost_webhook(${deliveryId}, ${event}, ${actionName}, ${
          installation?.id ?? null
        }, ${installation?.login ?? null}, ${installation?.avatar ?? null}, ${
          installation?.name ?? null
        }) as r`)[0]
          .r as z.infer<typeof WebhookReceived>["outcome"]
      );
      return c.json(
        { received: true as const, event, action: actionName, delivery_id: deliveryId, outcome },
        200,
      );
    },
  );
}
