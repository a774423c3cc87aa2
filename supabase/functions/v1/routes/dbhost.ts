// The dbhost routes' handlers, each registered against its definition in `_contract/dbhost.ts`.
import type { z } from "@hono/zod-openapi";
import { base64url } from "jose";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser, selectForUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { type ApiApp, firstPartyRoute, userRoute } from "../../_shared/http.ts";
import { requireIntegration } from "../../_shared/integrations.ts";
import { DbhostLink } from "../../_contract/projects.ts";
import { CALLBACK_PATH, Connection, DbhostProjects, routes } from "../../_contract/dbhost.ts";
import { type DbHost, GrantRevokedError } from "../../_shared/ports/dbhost.ts";
import type { SecretBox } from "../../_shared/secrets.ts";

// A token this close to its expiry is refreshed first, so it cannot lapse on the way to the host.
const REFRESH_MARGIN_MS = 60_000;

/** The additional data each sealed value is bound to: a value copied into another row does not open. */
const sealedFor = {
  accessToken: (userId: string) => `dbhost_connection:${userId}:access_token`,
  refreshToken: (userId: string) => `dbhost_connection:${userId}:refresh_token`,
  verifier: (stateHash: string) => `dbhost_authorization:${stateHash}:code_verifier`,
  anonKey: (projectId: number) => `dbhost_link:${projectId}:anon_key`,
};

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

async function sha256Hex(text: string): Promise<string> {
  return Array.from(await sha256(text), (b) => b.toString(16).padStart(2, "0")).join("");
}

interface Connected {
  dbhost: DbHost;
  secrets: SecretBox;
}

type Session = { revoked: true } | { revoked: false; accessSealed: string; accessToken?: string };

/**
 * Runs `use` with the user's access token, refreshed first when it is about to expire. The refresh holds
 * the connection's row lock (refresh tokens are single-use: concurrent requests wait for the new pair
 * instead of spending the old one twice). A grant the host no longer honours clears the connection and
 * answers 404 `not_connected`.
 */
async function withAccessToken<T>(
  deps: Deps,
  { dbhost, secrets }: Connected,
  userId: string,
  use: (accessToken: string) => Promise<T>,
): Promise<T> {
  const session = await deps.db.asService(async (tx): Promise<Session> => {
    const [{ r }] = await tx`select private.lock_dbhost_connection(${userId}) as r`;
    const stored = r as {
      access_token_encrypted: string;
      refresh_token_encrypted: string;
      access_token_expires_at: string;
    };
    if (new Date(stored.access_token_expires_at).getTime() - REFRESH_MARGIN_MS > Date.now()) {
      return { revoked: false, accessSealed: stored.access_token_encrypted };
    }
    let tokens;
    try {
      tokens = await dbhost.refresh(
        await secrets.open(stored.refresh_token_encrypted, sealedFor.refreshToken(userId)),
      );
    } catch (err) {
      if (!(err instanceof GrantRevokedError)) throw err;
      await tx`select private.forget_dbhost_connection(${userId})`;
      return { revoked: true };
    }
    const accessSealed = await secrets.seal(tokens.accessToken, sealedFor.accessToken(userId));
    const refreshSealed = await secrets.seal(tokens.refreshToken, sealedFor.refreshToken(userId));
    await tx`select private.store_dbhost_tokens(${userId}, ${accessSealed}, ${refreshSealed}, ${tokens.expiresAt})`;
    return { revoked: false, accessSealed, accessToken: tokens.accessToken };
  });
  if (session.revoked) throw new GrantRevokedError();
  const accessToken = session.accessToken ??
    await secrets.open(session.accessSealed, sealedFor.accessToken(userId));
  try {
    return await use(accessToken);
  } catch (err) {
    if (err instanceof GrantRevokedError) {
      await deps.db.asService((tx) =>
        tx`select private.forget_dbhost_connection(${userId}, ${session.accessSealed})`
      );
    }
    throw err;
  }
}

export function registerDbhostRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier, config } = deps;
  const callbackUrl = `${config.functionsUrl}/v1${CALLBACK_PATH}`;
  const connected = (): Connected => {
    const { port, secrets } = requireIntegration(deps, "dbhost");
    return { dbhost: port, secrets };
  };

  api.openapi(
    userRoute(verifier, routes.createDbhostAuthorization),
    async (c) => {
      const { code_challenge, code_verifier } = c.req.valid("json");
      const { dbhost, secrets } = connected();
      if (code_verifier !== undefined && base64url.encode(await sha256(code_verifier)) !== code_challenge) {
        throw new ApiError(400, "code_verifier_mismatch", "code_challenge is not the S256 of code_verifier.");
      }
      const state = base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
      const stateHash = await sha256Hex(state);
      const verifierSealed = code_verifier === undefined
        ? null
        : await secrets.seal(code_verifier, sealedFor.verifier(stateHash));
      const started = await selectAsUser<{ expires_at: string }>(
        db,
        c.get("claims"),
        (tx) => tx`select api.start_dbhost_authorization(${stateHash}, ${verifierSealed}) as r`,
      );
      return c.json({
        authorize_url: dbhost.authorizeUrl({
          state,
          codeChallenge: code_challenge,
          redirectUri: callbackUrl,
        }),
        return_url: config.DBHOST_RETURN_URL,
        expires_at: started.expires_at,
      }, 200);
    },
  );

  api.openapi(
    routes.relayDbhostCallback,
    (c) => {
      connected();
      const { code, state, error } = c.req.valid("query");
      if (!state) throw new ApiError(400, "invalid_state", "The callback carries no state.");
      if (!code && !error) throw new ApiError(400, "invalid_request", "The callback carries no code.");
      const target = new URL(config.DBHOST_RETURN_URL);
      if (error) {
        target.searchParams.set("error", /^[a-z_]{1,64}$/.test(error) ? error : "unknown");
      } else {
        target.searchParams.set("code", code!);
      }
      target.searchParams.set("state", state);
      return c.redirect(target.href, 302);
    },
  );

  api.openapi(
    firstPartyRoute(deps, routes.completeDbhostAuthorization),
    async (c) => {
      const { dbhost, secrets } = connected();
      const { code, state } = c.req.valid("json");
      const userId = c.get("claims").sub;
      const stateHash = await sha256Hex(state);
      const pending = await db.asService(async (tx) =>
        (await tx`select private.consume_dbhost_authorization(${stateHash}, ${userId}) as r`)[0].r as {
          code_verifier_encrypted: string | null;
        }
      );
      const codeVerifier = pending.code_verifier_encrypted === null
        ? undefined
        : await secrets.open(pending.code_verifier_encrypted, sealedFor.verifier(stateHash));
      const tokens = await dbhost.exchangeCode({ code, codeVerifier, redirectUri: callbackUrl });
      const profile = await dbhost.getProfile(tokens.accessToken);
      const accessSealed = await secrets.seal(tokens.accessToken, sealedFor.accessToken(userId));
      const refreshSealed = await secrets.seal(tokens.refreshToken, sealedFor.refreshToken(userId));
      await db.asService((tx) =>
        tx`select private.save_dbhost_connection(${userId}, ${profile.id}, ${profile.username}, ${accessSealed}, ${refreshSealed}, ${tokens.expiresAt})`
      );
      return c.json({
        connected: true as const,
        dbhost_user_id: profile.id,
        dbhost_username: profile.username,
      }, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.listDbhostProjects),
    async (c) => {
      const claims = c.get("claims");
      const integration = connected();
      const listed = await withAccessToken(
        deps,
        integration,
        claims.sub,
        (token) => integration.dbhost.listProjects(token),
      );
      const result = await selectAsUser<z.infer<typeof DbhostProjects>>(
        db,
        claims,
        (tx) =>
          // Copied into plain objects: postgres.js types JSON parameters by their shape.
          tx`select api.dbhost_projects_result(${tx.json(listed.projects.map((p) => ({ ...p })))}, ${
            tx.json(listed.organizations.map((o) => ({ ...o })))
          }) as r`,
      );
      return c.json(result, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.linkDbhostProject),
    async (c) => {
      const { project_id, dbhost_ref } = c.req.valid("json");
      const claims = c.get("claims");
      const integration = connected();
      await selectAsUser(db, claims, (tx) => tx`select (api.require_own_project(${project_id})).id as r`);
      const { name, anonKey } = await withAccessToken(deps, integration, claims.sub, async (token) => {
        const { projects } = await integration.dbhost.listProjects(token);
        const project = projects.find((p) => p.ref === dbhost_ref);
        if (!project) {
          throw new ApiError(
            404,
            "dbhost_project_not_found",
            "No such database project in the connected account.",
          );
        }
        return { name: project.name, anonKey: await integration.dbhost.getAnonKey(token, dbhost_ref) };
      });
      const anonKeySealed = await integration.secrets.seal(anonKey, sealedFor.anonKey(project_id));
      const link = await selectForUser<z.infer<typeof DbhostLink>>(
        db,
        claims,
        (tx) =>
          tx`select api.link_dbhost_project(${project_id}, ${dbhost_ref}, ${name}, ${`https://${dbhost_ref}.supabase.co`}, ${anonKeySealed}) as r`,
      );
      return c.json(link, 201);
    },
  );

  api.openapi(
    userRoute(verifier, routes.unlinkDbhostProject),
    async (c) => {
      const { projectId } = c.req.valid("param");
      connected();
      await selectAsUser(
        db,
        c.get("claims"),
        (tx) => tx`select api.unlink_dbhost_project(${projectId}) as r`,
      );
      return c.body(null, 204);
    },
  );

  api.openapi(
    userRoute(verifier, routes.getDbhostConnection),
    async (c) => {
      connected();
      const connection = await selectAsUser<z.infer<typeof Connection>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.get_dbhost_connection() as r`,
      );
      return c.json(connection, 200);
    },
  );
}
