// The moderation routes' handlers, each registered against its definition in `_contract/moderation.ts`.
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { type ApiApp, userRoute } from "../../_shared/http.ts";
import { Deduped } from "../../_contract/common.ts";
import { Block, BlockList, Report, routes } from "../../_contract/moderation.ts";

export function registerModerationRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier } = deps;

  api.openapi(
    userRoute(verifier, routes.createReport),
    async (c) => {
      const body = c.req.valid("json");
      const report = await selectAsUser<z.infer<typeof Report>>(
        db,
        c.get("claims"),
        (tx) =>
          tx`select api.create_report(${body.reported_project_id ?? null}, ${
            body.reported_user_id ?? null
          }, ${body.reason ?? null}) as r`,
      );
      return c.json(report, 201);
    },
  );

  api.openapi(
    userRoute(verifier, routes.blockUser),
    async (c) => {
      const { blocked_user_id } = c.req.valid("json");
      const out = await selectAsUser<z.infer<typeof Block> | z.infer<typeof Deduped>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.create_block(${blocked_user_id}) as r`,
      );
      return "deduped" in out ? c.json(out, 200) : c.json(out, 201);
    },
  );

  api.openapi(
    userRoute(verifier, routes.listBlocks),
    async (c) => {
      const { limit, cursor } = c.req.valid("query");
      const blocks = await selectAsUser<z.infer<typeof BlockList>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.list_blocks(${limit}, ${cursor ?? null}) as r`,
      );
      return c.json(blocks, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.unblockUser),
    async (c) => {
      const { userId } = c.req.valid("param");
      await selectAsUser(db, c.get("claims"), (tx) => tx`select api.delete_block(${userId}) as r`);
      return c.body(null, 204);
    },
  );
}
