// Section B of the contract: who the token is, the caller's profile, avatar upload, public profiles.
import { createRoute, z } from "@hono/zod-openapi";
import {
  errorResponses,
  exampleNeeds,
  jsonBody,
  jsonContent,
  routeBodyLimit,
  Timestamp,
  Uuid,
} from "./common.ts";
import { LIMITS } from "./limits.gen.ts";
import { formBodyBytes, MAX_IMAGE_BYTES } from "../_shared/uploads.ts";

export const PublicProfile = z.object({
  id: Uuid,
  username: z.string(),
  avatar_url: z.string().nullable().openapi({ format: "uri" }),
  is_supporter: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
}).openapi("PublicProfile");

export const RateLimit = z.object({
  limit: z.int(),
  remaining: z.int(),
  reset_at: z.iso.datetime({ offset: true }),
}).openapi("RateLimit");

const USERNAME = /^[a-z0-9][a-z0-9_.]{1,28}[a-z0-9]$/;
// What POST /me/avatar stores: avatars/<user id>/<random uuid>.<ext>. The database checks the whole address
// (the service's own, under the profile's own id); this only refuses the obviously foreign early.
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
export const AVATAR_NAME = `${UUID}\\.(png|jpg|webp)`;
const AVATAR_URL = new RegExp(`/storage/v1/object/public/avatars/${UUID}/${AVATAR_NAME}$`);
export const ME_FIELDS = ["username", "email", "avatar_url"] as const;
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

export const Me = z.object({
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
  avatar_url: z.url({ protocol: /^https?$/ }).max(LIMITS.columns["profiles.avatar_url"]).regex(
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

export const routes = {
  getWhoami: createRoute({
    method: "get",
    path: "/whoami",
    operationId: "getWhoami",
    tags: ["Identity"],
    summary: "Who the token is",
    description: "Read from the verified token alone; no database or upstream call. `rate_limit` is the " +
      "prompt-evaluation quota as of the caller's latest `POST /jobs` on the serving instance; it is absent " +
      "before one, or once the window it describes has moved on. So a token whose client the user revoked " +
      "still answers here until it expires; every route that reads or acts refuses it (401 `token_revoked`).",
    responses: { 200: jsonContent(Whoami, "The token's identity") },
  }),
  getMe: createRoute({
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
  updateMe: createRoute({
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
  deleteMe: createRoute({
    method: "delete",
    path: "/me",
    operationId: "deleteMe",
    tags: ["Identity"],
    summary: "Delete the account and all its data",
    description: "The account is removed at the identity provider first; only once that succeeds does the " +
      "database cascade remove the profile, wallet, projects and their files, notifications, repository links, " +
      "usage events, subscriptions, reshares, reports and blocks, and then the avatar and project icon objects " +
      "are deleted. " +
      "A 502 therefore leaves everything as it was, and the request may be retried.",
    responses: {
      204: { description: "Deleted" },
      ...errorResponses([502], { 502: "The identity provider refused or failed" }),
    },
  }),
  uploadAvatar: createRoute({
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
  getUserProfile: createRoute({
    method: "get",
    path: "/users/{userId}",
    ...exampleNeeds("another user's id in the path"),
    operationId: "getUserProfile",
    tags: ["Identity"],
    summary: "A user's public profile",
    request: { params: z.object({ userId: Uuid.openapi({ param: { name: "userId", in: "path" } }) }) },
    responses: { 200: jsonContent(PublicProfile, "The public profile"), ...errorResponses([400, 404]) },
  }),
};
