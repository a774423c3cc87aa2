// The git remote routes' handlers, each registered against its definition in `_contract/git-remote.ts`.
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser, selectForUser } from "../../_shared/db.ts";
import { type ApiApp, userRoute } from "../../_shared/http.ts";
import { probeRemote } from "../../_shared/git-remote.ts";
import {
  gitRemoteOptions,
  gitSecrets,
  pullFromGitRemote,
  pushToGitRemote,
  tokenContext,
} from "../../_shared/git-sync.ts";
import { GitRemote, routes } from "../../_contract/git-remote.ts";

export function registerGitRemoteRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier, config } = deps;

  api.openapi(userRoute(verifier, routes.saveGitRemote), async (c) => {
    const { projectId } = c.req.valid("param");
    const remote = c.req.valid("json");
    const claims = c.get("claims");
    // The project is the caller's before anything goes out to the address they named.
    await selectAsUser(db, claims, (tx) => tx`select api.require_own_project(${projectId}) is not null as r`);
    const secrets = gitSecrets(deps);
    await probeRemote(remote, gitRemoteOptions(config));
    const sealed = await secrets.seal(remote.token, tokenContext(projectId));
    const saved = await selectForUser<z.infer<typeof GitRemote>>(
      db,
      claims,
      (tx) =>
        tx`select api.save_git_remote(${projectId}, ${remote.url}, ${remote.branch}, ${remote.username}, ${sealed}) as r`,
    );
    return c.json(saved, 200);
  });

  api.openapi(userRoute(verifier, routes.getGitRemote), async (c) => {
    const { projectId } = c.req.valid("param");
    const remote = await selectAsUser<z.infer<typeof GitRemote>>(
      db,
      c.get("claims"),
      (tx) => tx`select api.get_git_remote(${projectId}) as r`,
    );
    return c.json(remote, 200);
  });

  api.openapi(userRoute(verifier, routes.deleteGitRemote), async (c) => {
    const { projectId } = c.req.valid("param");
    await selectAsUser(db, c.get("claims"), (tx) => tx`select api.delete_git_remote(${projectId}) as r`);
    return c.body(null, 204);
  });

  api.openapi(userRoute(verifier, routes.pushGitRemote), async (c) => {
    const { projectId } = c.req.valid("param");
    return c.json(await pushToGitRemote(deps, c.get("claims"), projectId), 201);
  });

  api.openapi(userRoute(verifier, routes.pullGitRemote), async (c) => {
    const { projectId } = c.req.valid("param");
    return c.json(await pullFromGitRemote(deps, c.get("claims"), projectId), 200);
  });
}
