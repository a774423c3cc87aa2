// The builds area (definitions in _contract/builds.ts): a project's builds, one build, building again.
// The queue, its rules and owner-only reading are in SQL (supabase/schemas/builds/).
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { type ApiApp, userRoute } from "../../_shared/http.ts";
import { Build, BuildPage, routes } from "../../_contract/builds.ts";

export function registerBuildRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier } = deps;

  api.openapi(userRoute(verifier, routes.listBuilds), async (c) => {
    const { projectId } = c.req.valid("param");
    const { limit, cursor } = c.req.valid("query");
    const page = await selectAsUser<z.infer<typeof BuildPage>>(
      db,
      c.get("claims"),
      (tx) => tx`select api.list_builds(${projectId}, ${limit}, ${cursor ?? null}) as r`,
    );
    return c.json(page, 200);
  });

  api.openapi(userRoute(verifier, routes.requestBuild), async (c) => {
    const { projectId } = c.req.valid("param");
    const { version } = c.req.valid("json");
    const build = await selectAsUser<z.infer<typeof Build>>(
      db,
      c.get("claims"),
      (tx) => tx`select api.request_build(${projectId}, ${version ?? null}) as r`,
    );
    return c.json(build, 202);
  });

  api.openapi(userRoute(verifier, routes.getBuild), async (c) => {
    const { buildId } = c.req.valid("param");
    const build = await selectAsUser<z.infer<typeof Build>>(
      db,
      c.get("claims"),
      (tx) => tx`select api.get_build(${buildId}) as r`,
    );
    return c.json(build, 200);
  });
}
