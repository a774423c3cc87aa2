// The identity routes' handlers, each registered against its definition in `_contract/identity.ts`.
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { whoami } from "../../_shared/auth.ts";
import { removeProjectIcons } from "../../_shared/icons/project-icons.ts";
import { type ApiApp, firstPartyRoute, userRoute } from "../../_shared/http.ts";
import { detectImageType, MAX_IMAGE_BYTES, readSingleUpload } from "../../_shared/uploads.ts";
import { AVATAR_NAME, Me, ME_FIELDS, PublicProfile, routes } from "../../_contract/identity.ts";

type MeRow = { user_id: string; username: string; avatar_url: string | null };

export function registerIdentityRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier, blobStore } = deps;

  /**
   * Removes the avatar object a profile no longer points at, when it is one of the user's own: only an
   * object under their prefix, of the shape the upload stores, is ever deleted.
   */
  async function dropOrphanedAvatar(userId: string, previous: string | null, current: string | null) {
    if (!previous || previous === current) return;
    const path = blobStore.pathOfPublicUrl("avatars", previous);
    if (path && new RegExp(`^${userId}/${AVATAR_NAME}$`).test(path)) {
      await blobStore.remove("avatars", [path]).catch((err) => console.error("avatar cleanup failed", err));
    }
  }

  function shapeMe(row: MeRow, email: string | undefined, fields: readonly string[]) {
    const me: Record<string, unknown> = { user_id: row.user_id };
    if (fields.includes("username")) me.username = row.username;
    if (fields.includes("email")) me.email = email ?? "";
    if (fields.includes("avatar_url")) me.avatar_url = row.avatar_url;
    return me as z.infer<typeof Me>;
  }

  api.openapi(
    userRoute(verifier, routes.getWhoami),
    (c) => c.json(whoami(c.get("claims")), 200),
  );

  api.openapi(
    userRoute(verifier, routes.getMe),
    async (c) => {
      const { fields } = c.req.valid("query");
      const wanted = fields === undefined ? [...ME_FIELDS] : fields.split(",").map((f) => f.trim());
      const unknown = wanted.filter((f) => !(ME_FIELDS as readonly string[]).includes(f));
      if (unknown.length > 0) {
        throw new ApiError(400, "invalid_fields", `Unknown field(s): ${unknown.join(", ")}.`, {
          unknown,
          allowed: [...ME_FIELDS],
        });
      }
      const claims = c.get("claims");
      const row = await selectAsUser<MeRow>(db, claims, (tx) => tx`select api.get_me() as r`);
      return c.json(shapeMe(row, claims.email, wanted), 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.updateMe),
    async (c) => {
      const changes = c.req.valid("json");
      const claims = c.get("claims");
      const out = await selectAsUser<{ profile: MeRow; previous_avatar_url: string | null }>(
        db,
        claims,
        (tx) => tx`select api.update_me(${tx.json(changes)}) as r`,
      );
      await dropOrphanedAvatar(claims.sub, out.previous_avatar_url, out.profile.avatar_url);
      return c.json(shapeMe(out.profile, claims.email, ME_FIELDS), 200);
    },
  );

  api.openapi(
    firstPartyRoute(deps, routes.deleteMe),
    async (c) => {
      const claims = c.get("claims");
      const userId = claims.sub;
      // Read before the cascade removes the rows that name the icon folders.
      const projectIds = await selectAsUser<number[]>(
        db,
        claims,
        (tx) => tx`select api.own_project_ids() as r`,
      );
      await deps.authAdmin.deleteUser(userId);
      await blobStore.removeFolder("avatars", `${userId}/`).catch((err) =>
        console.error("avatar cleanup failed", err)
      );
      await blobStore.removeFolder("attachments", `${userId}/`).catch((err) =>
        console.error("attachment cleanup failed", err)
      );
      await Promise.all(projectIds.map((id) => removeProjectIcons(deps, id)));
      return c.body(null, 204);
    },
  );

  api.openapi(
    userRoute(verifier, routes.uploadAvatar),
    async (c) => {
      const claims = c.get("claims");
      const file = await readSingleUpload(c.req.raw, "file", MAX_IMAGE_BYTES);
      const type = detectImageType(file.bytes);
      if (!type) {
        throw new ApiError(400, "unsupported_image", "The file is not a PNG, JPEG or WebP image.", {
          field: "file",
        });
      }
      const path = `${claims.sub}/${crypto.randomUUID()}.${type.extension}`;
      await blobStore.put("avatars", path, file.bytes, type.mime);
      const url = blobStore.publicUrl("avatars", path);
      let out;
      try {
        out = await selectAsUser<{ previous_avatar_url: string | null }>(
          db,
          claims,
          (tx) => tx`select api.update_me(${tx.json({ avatar_url: url })}) as r`,
        );
      } catch (err) {
        await blobStore.remove("avatars", [path]).catch(() => {});
        throw err;
      }
      await dropOrphanedAvatar(claims.sub, out.previous_avatar_url, url);
      return c.json({ avatar_url: url }, 201);
    },
  );

  api.openapi(
    userRoute(verifier, routes.getUserProfile),
    async (c) => {
      const { userId } = c.req.valid("param");
      const profile = await selectAsUser<z.infer<typeof PublicProfile>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.get_public_profile(${userId}) as r`,
      );
      return c.json(profile, 200);
    },
  );
}
