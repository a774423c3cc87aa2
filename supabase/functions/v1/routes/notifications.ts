// The notifications routes' handlers, each registered against its definition in `_contract/notifications.ts`.
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { type ApiApp, cursorHook, firstPartyRoute, userRoute } from "../../_shared/http.ts";
import { Notification, NotificationPage, PushToken, routes } from "../../_contract/notifications.ts";

type NotificationRow = z.infer<typeof Notification>;

export function registerNotificationRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier } = deps;

  api.openapi(
    userRoute(verifier, routes.listNotifications),
    async (c) => {
      const { limit, cursor } = c.req.valid("query");
      const page = await selectAsUser<z.infer<typeof NotificationPage>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.list_notifications(${limit}, ${cursor ?? null}) as r`,
      );
      return c.json(page, 200);
    },
    (result) => cursorHook(result),
  );

  api.openapi(
    userRoute(verifier, routes.markAllNotificationsRead),
    async (c) => {
      const out = await selectAsUser<{ updated_count: number }>(
        db,
        c.get("claims"),
        (tx) => tx`select api.mark_all_notifications_read() as r`,
      );
      return c.json(out, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.getUnreadNotificationCount),
    async (c) => {
      const out = await selectAsUser<{ unread_count: number }>(
        db,
        c.get("claims"),
        (tx) => tx`select api.count_unread_notifications() as r`,
      );
      return c.json(out, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.markNotificationRead),
    async (c) => {
      const { notificationId } = c.req.valid("param");
      const notification = await selectAsUser<NotificationRow>(
        db,
        c.get("claims"),
        (tx) => tx`select api.mark_notification_read(${notificationId}) as r`,
      );
      return c.json(notification, 200);
    },
  );

  api.openapi(
    firstPartyRoute(deps, routes.registerPushToken),
    async (c) => {
      const { token, platform, device_id } = c.req.valid("json");
      const out = await selectAsUser<{ created: boolean; push_token: z.infer<typeof PushToken> }>(
        db,
        c.get("claims"),
        (tx) => tx`select api.register_push_token(${token}, ${platform}, ${device_id ?? null}) as r`,
      );
      return out.created ? c.json(out.push_token, 201) : c.json(out.push_token, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.deletePushToken),
    async (c) => {
      const { token } = c.req.valid("param");
      await selectAsUser(db, c.get("claims"), (tx) => tx`select api.unregister_push_token(${token}) as r`);
      return c.body(null, 204);
    },
  );
}
