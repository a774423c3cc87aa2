// Section G of the contract: in-app notifications and mobile push tokens, plus DELETE /push-tokens/{token}
// (an addition, for signing out on a device). The rules live in SQL (api.* functions).
import { createRoute, z } from "@hono/zod-openapi";
import {
  errorResponses,
  exampleNeeds,
  jsonBody,
  jsonContent,
  Timestamp,
  TimestampPageQuery,
  Uuid,
} from "./common.ts";
import { LIMITS } from "./limits.gen.ts";
import { EXPO_PUSH_TOKEN, isExpoPushToken } from "../_shared/ports/push.ts";

export const Notification = z.object({
  id: Uuid,
  type: z.string().openapi({
    example: "job_succeeded",
    description: "What happened: `reshare`, `job_succeeded`, `job_failed`, …",
  }),
  payload: z.record(z.string(), z.unknown()).openapi({
    description: "Details for the type, e.g. `job_id` and `project_id` of a finished job.",
  }),
  is_read: z.boolean(),
  created_at: Timestamp.openapi({
    example: "2026-11-22T09:30:00.123456Z",
    description: "UTC with microseconds; unique among the recipient's notifications.",
  }),
  recipient_id: Uuid,
  sender: z.object({ username: z.string(), avatar_url: z.string().nullable().openapi({ format: "uri" }) })
    .nullable().openapi({
      description:
        "Who caused it; null when the service itself notifies (a finished job) or the sender is gone.",
    }),
}).openapi("Notification");

export const NotificationPage = z.object({
  data: z.array(Notification),
  next_cursor: Timestamp.nullable().openapi({
    description: "The last row's `created_at`; pass it as `cursor` for the next page. Null on the last page.",
  }),
}).openapi("NotificationPage");

const MarkRead = z.strictObject({
  is_read: z.literal(true, { error: "only true is accepted" }),
}).openapi("MarkNotificationsReadRequest");

const NotificationParams = z.object({
  notificationId: Uuid.openapi({ param: { name: "notificationId", in: "path" } }),
});

const PushTokenValue = z.string().max(100).refine(isExpoPushToken, {
  error: "must be an Expo push token: ExponentPushToken[…] or ExpoPushToken[…]",
}).openapi({ pattern: EXPO_PUSH_TOKEN.source, example: "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]" });

const RegisterPushToken = z.strictObject({
  token: PushTokenValue,
  platform: z.enum(["ios", "android"]),
  device_id: z.string().min(1).max(LIMITS.columns["push_tokens.device_id"]).regex(
    /^\P{Cc}+$/u,
    "must not contain control characters",
  )
    .nullable().optional().openapi({
      // The source alone: JSON Schema patterns are Unicode-aware ECMA-262 regular expressions.
      pattern: "^\\P{Cc}+$",
      description: "The app's identifier for the device, 1..128 characters; omitted or null stores none.",
    }),
}).openapi("RegisterPushTokenRequest");

export const PushToken = z.object({
  token: z.string(),
  platform: z.enum(["ios", "android"]),
  device_id: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
}).openapi("PushToken");

export const routes = {
  listNotifications: createRoute({
    method: "get",
    path: "/notifications",
    operationId: "listNotifications",
    tags: ["Notifications"],
    summary: "A page of the caller's notifications",
    description: "Newest first. `created_at` is unique among a recipient's notifications (a notification " +
      "that would tie with the newest is placed one microsecond after it), so the cursor is simply the " +
      "last row's `created_at` and the next page holds the rows created strictly before it: ties never " +
      "split, and no row is repeated or skipped. Any ISO 8601 date-time with a zone is a valid cursor " +
      "(`2026-11-22T09:30:00Z` starts below that instant); anything else is 400 `invalid_cursor`.",
    request: {
      query: TimestampPageQuery,
    },
    responses: {
      200: jsonContent(NotificationPage, "A page of notifications"),
      ...errorResponses([400], { 400: "`invalid_request` (limit) or `invalid_cursor`" }),
    },
  }),
  markAllNotificationsRead: createRoute({
    method: "patch",
    path: "/notifications",
    operationId: "markAllNotificationsRead",
    tags: ["Notifications"],
    summary: "Mark all the caller's notifications read",
    description: "The body is exactly `{is_read: true}`; `updated_count` is how many were unread.",
    request: { body: jsonBody(MarkRead, { is_read: true }) },
    responses: {
      200: jsonContent(
        z.object({ updated_count: z.int() }).openapi("UpdatedCount"),
        "How many were marked",
      ),
      ...errorResponses([400, 415]),
    },
  }),
  getUnreadNotificationCount: createRoute({
    method: "get",
    path: "/notifications/unread-count",
    operationId: "getUnreadNotificationCount",
    tags: ["Notifications"],
    summary: "How many of the caller's notifications are unread",
    description: "Counted from an index of the unread rows alone.",
    responses: {
      200: jsonContent(z.object({ unread_count: z.int() }).openapi("UnreadCount"), "The count"),
    },
  }),
  markNotificationRead: createRoute({
    method: "patch",
    path: "/notifications/{notificationId}",
    ...exampleNeeds("a notification of the caller"),
    operationId: "markNotificationRead",
    tags: ["Notifications"],
    summary: "Mark one notification read",
    description: "The body is exactly `{is_read: true}`. Another user's notification is 404, like an " +
      "unknown id.",
    request: { params: NotificationParams, body: jsonBody(MarkRead, { is_read: true }) },
    responses: {
      200: jsonContent(Notification, "The notification, read"),
      ...errorResponses([400, 404, 415], { 404: "`notification_not_found`" }),
    },
  }),
  registerPushToken: createRoute({
    method: "post",
    path: "/push-tokens",
    operationId: "registerPushToken",
    tags: ["Notifications"],
    summary: "Register the device's Expo push token for the caller",
    description: "Upsert by token. `token` is an Expo push token (`ExponentPushToken[…]` or " +
      "`ExpoPushToken[…]`), `platform` `ios` or `android`, `device_id` optional (an omitted one is stored as " +
      "null). 201 when the caller had no row for the token, 200 when the caller's own registration was " +
      "updated. A token another account holds is 409 `push_token_taken` until that account signs out on " +
      "the device (DELETE /push-tokens/{token}). Pushes go only to tokens their recipient registered. An " +
      `account keeps its ${LIMITS.settings.max_push_tokens_per_user} most recently registered tokens ` +
      "(setting `max_push_tokens_per_user`): " +
      "registering another forgets the least recently registered one and what was queued for it.",
    request: {
      body: jsonBody(RegisterPushToken, {
        token: "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]",
        platform: "ios",
      }),
    },
    responses: {
      201: jsonContent(PushToken, "Registered"),
      200: jsonContent(PushToken, "Updated"),
      ...errorResponses([400, 404, 409, 415], {
        404: "`profile_not_found`: the account has no profile",
        409: "`push_token_taken`: another account holds the token",
      }),
    },
  }),
  deletePushToken: createRoute({
    method: "delete",
    path: "/push-tokens/{token}",
    ...exampleNeeds("a push token the caller registered (`POST /push-tokens`)"),
    operationId: "deletePushToken",
    tags: ["Notifications"],
    summary: "Unregister a push token (sign-out on the device)",
    description: "An addition to the contract. Idempotent: 204 also when the caller had no such token; " +
      "another user's token is left alone. Pushes still queued for the caller on that device are dropped. " +
      "Percent-encode the brackets of the token in the path.",
    request: {
      params: z.object({ token: PushTokenValue.openapi({ param: { name: "token", in: "path" } }) }),
    },
    responses: { 204: { description: "Not registered (any more)" }, ...errorResponses([400]) },
  }),
};
