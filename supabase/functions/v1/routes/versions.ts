// The versions area: handlers of the routes _contract/versions.ts defines, each one call of the SQL in
// projects/versions.sql as the caller.
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { type ApiApp, userRoute } from "../../_shared/http.ts";
import { versionDiff } from "../../_shared/versions.ts";
import { routes, type Version, type VersionPage } from "../../_contract/versions.ts";

export function registerVersionRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier } = deps;

  api.openapi(userRoute(verifier, routes.listVersions), async (c) => {
    const { projectId } = c.req.valid("param");
    const { limit, cursor } = c.req.valid("query");
    const page = await selectAsUser<z.infer<typeof VersionPage>>(
      db,
      c.get("claims"),
      (tx) => tx`select api.list_versions(${projectId}, ${limit}, ${cursor ?? null}) as r`,
    );
    return c.json(page, 200);
  });

  api.openapi(userRoute(verifier, routes.getVersion), async (c) => {
    const { projectId, versionId } = c.req.valid("param");
    const { limit, cursor, type } = c.req.valid("query");
    const json = await selectAsUser<string>(
      db,
      c.get("claims"),
      (tx) =>
        tx`select api.get_version(${projectId}, ${versionId}, ${type ?? null}, ${
          cursor ?? null
        }, ${limit}) as r`,
    );
    // The SQL's JSON text is the answer (a VersionFileList): passed through without parsing it into objects
    // and back, which the typed c.json would do.
    return c.body(json, 200, { "content-type": "application/json" }) as never;
  });

  api.openapi(userRoute(verifier, routes.diffVersion), async (c) => {
    const { projectId, versionId } = c.req.valid("param");
    const { limit, cursor, against } = c.req.valid("query");
    return c.json(
      await versionDiff(deps, c.get("claims"), { projectId, versionId, against, cursor, limit }),
      200,
    );
  });

  api.openapi(userRoute(verifier, routes.restoreVersion), async (c) => {
    const { projectId, versionId } = c.req.valid("param");
    const version = await selectAsUser<z.infer<typeof Version>>(
      db,
      c.get("claims"),
      (tx) => tx`select api.restore_version(${projectId}, ${versionId}) as r`,
    );
    return c.json(version, 201);
  });
}
