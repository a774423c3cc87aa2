// Section B of the contract: who the token is, the caller's profile, avatar upload, public profiles.
import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { whoami } from "../../_shared/auth.ts";
import { removeProjectIcons } from "../../_shared/icons/project-icons.ts";
import { type ApiApp, firstPartyRoute, userRoute } from "../../_shared/http.ts";
import {
  errorResponses,
  exampleNeeds,
  jsonBody,
  jsonContent,
  routeBodyLimit,
  Uuid,
} from "../../_contract/common.ts";
import { PublicProfile, RateLimit } from "../../_shared/schemas.ts";
import { detectImageType, formBodyBytes, MAX_IMAGE_BYTES, readSingleUpload } from "../../_shared/uploads.ts";

const USERNAME = /^[a-z0-9][a-z0-9_.]{1,28}[a-z0-9]$/;
// What POST /me/avatar stores: avatars/<user id>/<random uuid>.<ext>. The database checks the whole address
// (the service's own, under the profile's own id); this only refuses the obviously foreign early.
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const AVATAR_NAME = `${UUID}\\.(png|jpg|webp)`;
const AVATAR_URL = new RegExp(`/storage/v1/object/public/avatars/${UUID}/${AVATAR_NAME}$`);
const ME_FIELDS = ["username", "email", "avatar_url"] as const;
// The database derives where avatars are served; a deployment that cannot tell refuses them plainly.
const AVATARS_NOT_CONFIGURED = "Avatars are served from the setting `avatars_url`, or else from the public " +
  "`avatars` bucket on the host of the setting `runner_url`; a deployment with neither answers 503 " +
  "`avatars_not_configured`.";
const AVATARS_503 = "`avatars_not_configured`: this deployment does not know where avatars are served";

const Whoami = z.object({
  user_id: Uuid,
  client_id: z.string().openapi({
    description:
      "OAuth client the token was issued to; `first-party` for the service's own sign-in sessions.",
  }),
  scopes: z.array(z.string()),
  rate_limit: RateLimit.optional(),
}).openapi("Whoami");

const Me = z.object({
  user_id: Uuid,
  username: z.string().optional(),
  email: z.string().optional(),
  avatar_url: z.url().nullable().optional(),
}).openapi("Me");

const UpdateMe = z.strictObject({
  username: z.string().min(3).max(30).regex(
    USERNAME,
    "3..30 of a-z, 0-9, '_' and '.', starting and ending with a letter or digit",
  )
    .optional(),
  avatar_url: z.url({ protocol: /^https?$/ }).max(2048).regex(
    AVATAR_URL,
    "an avatar URL as POST /me/avatar answers it",
  )
    .nullable().optional().openapi({
      // zod documents the pattern in place of the URL format; the value is both.
      format: "uri",
      description: "null, or one of the caller's own avatars as `POST /me/avatar` answered it",
    }),
}).refine((v) => Object.keys(v).length > 0, "give at least one of username, avatar_url").openapi(
  "UpdateMeRequest",
  { minProperties: 1 },
);

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
    userRoute(
      verifier,
      createRoute({
        method: "get",
        path: "/whoami",
        operationId: "getWhoami",
        tags: ["Identity"],
        summary: "Who the token is",
        description:
          "Read from the verified token alone; no database or upstream call. `rate_limit` is the " +
          "prompt-evaluation quota as of the caller's latest `POST /jobs` on the serving instance; it is absent " +
          "before one, or once the window it describes has moved on. So a token whose client the user revoked " +
          "still answers here until it expires; every route that reads or acts refuses it (401 `token_revoked`).",
        responses: { 200: jsonContent(Whoami, "The token's identity") },
      }),
    ),
    (c) => c.json(whoami(c.get("claims")), 200),
  );

  api.openapi(
    userRoute(
      verifier,
      createRoute({
        method: "get",
        path: "/me",
        operationId: "getMe",
        tags: ["Identity"],
        summary: "The caller's profile",
        request: {
          query: z.object({
            fields: z.string().optional().openapi({
              pattern: `^ *(${ME_FIELDS.join("|")}) *(, *(${ME_FIELDS.join("|")}) *)*$`,
              description:
                "Comma-separated subset of `username,email,avatar_url`; omitted = all. `user_id` is always returned.",
              example: "username,email,avatar_url",
            }),
          }),
        },
        responses: {
          200: jsonContent(Me, "The profile"),
          ...errorResponses([400, 404], {
            400: "`invalid_fields`: an unknown field name",
            404: "No profile",
          }),
        },
      }),
    ),
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
    userRoute(
      verifier,
      createRoute({
        method: "patch",
        path: "/me",
        operationId: "updateMe",
        tags: ["Identity"],
        summary: "Change the caller's username or avatar",
        description: "`avatar_url: null` removes the avatar; otherwise it must be one of the caller's own " +
          "avatars, as `POST /me/avatar` answered it (400 `invalid_avatar_url`): another user's object or any " +
          "other address is refused, for every writer of the profile. Only objects under the caller's own " +
          `prefix are ever deleted. Unknown fields are rejected. ${AVATARS_NOT_CONFIGURED}`,
        request: { body: jsonBody(UpdateMe, { username: "water_fan" }) },
        responses: {
          200: jsonContent(Me, "The updated profile"),
          ...errorResponses([400, 404, 409, 415, 503], {
            400: "`invalid_request`, or `invalid_avatar_url` (not one of the caller's own avatars)",
            409: "`username_taken`",
            503: AVATARS_503,
          }),
        },
      }),
    ),
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
    firstPartyRoute(
      deps,
      createRoute({
        method: "delete",
        path: "/me",
        operationId: "deleteMe",
        tags: ["Identity"],
        summary: "Delete the account and all its data",
        description:
          "The account is removed at the identity provider first; only once that succeeds does the " +
          "database cascade remove the profile, wallet, projects and their files, notifications, repository links, " +
          "usage events, subscriptions, reshares, reports and blocks, and then the avatar and project icon objects " +
          "are deleted. " +
          "A 502 therefore leaves everything as it was, and the request may be retried.",
        responses: {
          204: { description: "Deleted" },
          ...errorResponses([502], { 502: "The identity provider refused or failed" }),
        },
      }),
    ),
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
    userRoute(
      verifier,
      createRoute({
        method: "post",
        path: "/me/avatar",
        ...exampleNeeds("an image file (PNG, JPEG or WebP) in the form"),
        operationId: "uploadAvatar",
        tags: ["Identity"],
        summary: "Upload a new avatar",
        description:
          `multipart/form-data with one \`file\` field: png, jpeg or webp (recognized by content, not by ` +
          `the declared type), at most ${
            MAX_IMAGE_BYTES / 1_000_000
          } MB. The previous avatar object is removed. ${AVATARS_NOT_CONFIGURED}`,
        middleware: [routeBodyLimit(formBodyBytes(MAX_IMAGE_BYTES))],
        request: {
          body: {
            required: true,
            content: {
              "multipart/form-data": {
                // A plain JSON Schema, not zod: the form is read and checked by readSingleUpload under a byte limit.
                schema: {
                  type: "object",
                  required: ["file"],
                  properties: {
                    file: {
                      type: "string",
                      format: "binary",
                      description: "png, jpeg or webp, at most 5 MB",
                    },
                  },
                },
              },
            },
          },
        },
        responses: {
          201: jsonContent(
            z.object({ avatar_url: z.url() }).openapi("AvatarResult"),
            "The new avatar's public URL",
          ),
          ...errorResponses([400, 404, 413, 415, 503], { 503: AVATARS_503 }),
        },
      }),
    ),
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
    userRoute(
      verifier,
      createRoute({
        method: "get",
        path: "/users/{userId}",
        ...exampleNeeds("another user's id in the path"),
        operationId: "getUserProfile",
        tags: ["Identity"],
        summary: "A user's public profile",
        request: { params: z.object({ userId: Uuid.openapi({ param: { name: "userId", in: "path" } }) }) },
        responses: { 200: jsonContent(PublicProfile, "The public profile"), ...errorResponses([400, 404]) },
      }),
    ),
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
