// Device previews (definitions in _contract/device-previews.ts): asking for one, reading it, stopping it.
// One per user, owner-only reading and the worker's queue are in SQL (supabase/schemas/builds/).
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { type ApiApp, userRoute } from "../../_shared/http.ts";
import { DevicePreview, routes } from "../../_contract/device-previews.ts";

export function registerDevicePreviewRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier } = deps;

  api.openapi(userRoute(verifier, routes.requestDevicePreview), async (c) => {
    const { projectId } = c.req.valid("param");
    const preview = await selectAsUser<z.infer<typeof DevicePreview>>(
      db,
      c.get("claims"),
      (tx) => tx`select api.request_device_preview(${projectId}) as r`,
    );
    return c.json(preview, 202);
  });

  api.openapi(userRoute(verifier, routes.getDevicePreview), async (c) => {
    const { devicePreviewId } = c.req.valid("param");
    const preview = await selectAsUser<z.infer<typeof DevicePreview>>(
      db,
      c.get("claims"),
      (tx) => tx`select api.get_device_preview(${devicePreviewId}) as r`,
    );
    return c.json(preview, 200);
  });

  api.openapi(userRoute(verifier, routes.deleteDevicePreview), async (c) => {
    const { devicePreviewId } = c.req.valid("param");
    await selectAsUser(
      db,
      c.get("claims"),
      (tx) => tx`select api.stop_device_preview(${devicePreviewId}) as r`,
    );
    return c.body(null, 204);
  });
}
