// Device previews: the build worker runs the Expo dev server (Metro) for a project's newest version, and a
// phone's Expo Go opens the app from its exp:// address or QR code (build-worker/src/device.js).
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, jsonContent, NEEDS, Timestamp, Uuid } from "./common.ts";
import { bigintIdParam, ProjectParams } from "./projects.ts";

const NOT_FOUND = "`device_preview_not_found`: no such device preview, or not the caller's (404, never 403)";

export const DevicePreview = z.object({
  id: z.int().openapi({ format: "int64", example: 3 }),
  project_id: z.int().openapi({ format: "int64", example: 42 }),
  version_id: Uuid.nullable().openapi({
    description:
      "The version it runs (`GET /projects/{projectId}/versions`): the project's newest when it was " +
      "asked for; null for a project that has none.",
  }),
  status: z.enum(["queued", "starting", "ready", "failed", "stopped"]).openapi({
    description:
      "`queued` until a worker takes it; `starting` while it installs what is missing and starts " +
      "Metro; `ready`: Expo Go opens `url`; `failed`: see `error`; `stopped`: see `stop_reason`.",
  }),
  url: z.string().nullable().openapi({
    description: "Once ready: the address Expo Go opens, `exp://<host>:<port>` (the worker's " +
      "`DEVICE_PREVIEW_HOST`, a port of its `DEVICE_PREVIEW_PORTS`).",
    example: "exp://192.168.1.20:54330",
  }),
  qr_svg: z.string().nullable().openapi({ description: "Once ready: `url` as a QR code, an SVG document." }),
  qr_png: z.string().nullable().openapi({
    description: "Once ready: `url` as a QR code, a PNG as a `data:image/png;base64,…` URL.",
  }),
  error: z.string().nullable().openapi({ description: "Why it failed: the dev server's last output." }),
  stop_reason: z.enum(["replaced", "deleted", "idle"]).nullable().openapi({
    description: "`replaced`: the user asked for another device preview (a user has one at most); " +
      "`deleted`: `DELETE /device-previews/{devicePreviewId}`; `idle`: no request reached it for the worker's " +
      "`DEVICE_PREVIEW_IDLE_SECONDS`.",
  }),
  created_at: Timestamp,
  ready_at: Timestamp.nullable(),
  stopped_at: Timestamp.nullable(),
}).openapi("DevicePreview");

export const DevicePreviewParams = z.object({
  devicePreviewId: bigintIdParam("devicePreviewId", "The device preview's id"),
});

const requestDevicePreview = createRoute({
  method: "post",
  path: "/projects/{projectId}/device-previews",
  ...NEEDS.project,
  operationId: "requestDevicePreview",
  tags: ["Builds"],
  summary: "Open the app on a phone",
  description:
    "Owner only. Asks a build worker to run the Expo dev server (Metro) for the project's newest " +
    "version and answers the device preview `queued`; poll `GET /device-previews/{devicePreviewId}` (from 2 s " +
    "up) until it is `ready`, then open its `url` in Expo Go or scan `qr_png`/`qr_svg` (Expo Go must carry " +
    "the SDK the project's `expo` names). A user has one device preview at most: this one stops the one " +
    "before (`stop_reason` `replaced`).",
  request: { params: ProjectParams },
  responses: {
    202: jsonContent(DevicePreview, "The queued device preview"),
    ...errorResponses([400, 404], {
      404: "`project_not_found`: no such project, or not the caller's (404, never 403)",
    }),
  },
});

const getDevicePreview = createRoute({
  method: "get",
  path: "/device-previews/{devicePreviewId}",
  ...NEEDS.devicePreview,
  operationId: "getDevicePreview",
  tags: ["Builds"],
  summary: "A device preview",
  description: "Owner only: its status and, once ready, its exp:// address and QR code.",
  request: { params: DevicePreviewParams },
  responses: {
    200: jsonContent(DevicePreview, "The device preview"),
    ...errorResponses([400, 404], { 404: NOT_FOUND }),
  },
});

const deleteDevicePreview = createRoute({
  method: "delete",
  path: "/device-previews/{devicePreviewId}",
  ...NEEDS.devicePreview,
  operationId: "deleteDevicePreview",
  tags: ["Builds"],
  summary: "Stop a device preview",
  description: "Owner only. Its worker stops the dev server (`stop_reason` `deleted`); one already over " +
    "stays as it is.",
  request: { params: DevicePreviewParams },
  responses: {
    204: { description: "Stopped" },
    ...errorResponses([400, 404], { 404: NOT_FOUND }),
  },
});

export const routes = { requestDevicePreview, getDevicePreview, deleteDevicePreview };
