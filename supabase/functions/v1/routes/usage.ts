// The usage routes' handlers, each registered against its definition in `_contract/usage.ts`.
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { type ApiApp, userRoute } from "../../_shared/http.ts";
import { Contributions, routes, UsageInsights, UsageSummary } from "../../_contract/usage.ts";

export function registerUsageRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier } = deps;

  api.openapi(
    userRoute(verifier, routes.getUsageSummary),
    async (c) => {
      const { period, year, month, timezone } = c.req.valid("query");
      const summary = await selectAsUser<z.infer<typeof UsageSummary>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.usage_summary(${period}, ${year ?? null}, ${month ?? null}, ${timezone}) as r`,
      );
      return c.json(summary, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.getUsageContributions),
    async (c) => {
      const { start_date, end_date, timezone } = c.req.valid("query");
      const days = await selectAsUser<z.infer<typeof Contributions>>(
        db,
        c.get("claims"),
        (tx) =>
          tx`select api.usage_contributions(${start_date ?? null}, ${end_date ?? null}, ${timezone}) as r`,
      );
      return c.json(days, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.getUsageInsights),
    async (c) => {
      const { timezone } = c.req.valid("query");
      const insights = await selectAsUser<z.infer<typeof UsageInsights>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.usage_insights(${timezone}) as r`,
      );
      return c.json(insights, 200);
    },
  );
}
