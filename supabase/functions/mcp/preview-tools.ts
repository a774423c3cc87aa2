// The agent tools of a project's previews: get_preview (its web preview, newest build and device preview) and
// start_device_preview (Metro for Expo Go, answered with the exp:// address and its QR code as an image). Both
// name the MCP App (preview-app.ts) that shows the web preview in a frame beside the QR code.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Claims } from "../_shared/auth.ts";
import { selectAsUser } from "../_shared/db.ts";
import { Build } from "../_contract/builds.ts";
import { DevicePreview } from "../_contract/device-previews.ts";
import type { McpDeps } from "./app.ts";
import { portable } from "./portable-schema.ts";
import { agentResult } from "./results.ts";
import type { ToolRun } from "./version-tools.ts";
import { MCP_APP_MIME_TYPE, PREVIEW_APP_HTML, PREVIEW_APP_URI } from "./preview-app.ts";

const PreviewState = z.object({
  project_id: z.int(),
  preview_url: z.string().nullable(),
  latest_build: Build.nullable(),
  device_preview: DevicePreview.nullable(),
});
type PreviewState = z.infer<typeof PreviewState>;
type DevicePreviewRow = z.infer<typeof DevicePreview>;

const ProjectArgs = z.object({ projectId: z.int().positive().describe("The numeric project id") });
const POLL_MS = 1000;

/** The state for the agent: everything in structuredContent, the text without the QR code's bytes. */
function previewResult(state: PreviewState) {
  const device = state.device_preview && { ...state.device_preview, qr_svg: undefined, qr_png: undefined };
  const result = agentResult("Preview", state, JSON.stringify({ ...state, device_preview: device }, null, 2));
  const png = state.device_preview?.qr_png?.replace(/^data:image\/png;base64,/, "");
  return png
    ? {
      ...result,
      content: [...result.content, { type: "image" as const, data: png, mimeType: "image/png" }],
    }
    : result;
}

export function registerPreviewTools(
  server: McpServer,
  { db, config }: McpDeps,
  claims: Claims,
  tool: ToolRun,
) {
  // The page frames the previews, which the build worker serves on an origin of their own.
  const ui = {
    csp: { frameDomains: config.BUILD_PREVIEW_URL ? [new URL(config.BUILD_PREVIEW_URL).origin] : [] },
    prefersBorder: true,
  };
  server.registerResource(
    "preview_app",
    PREVIEW_APP_URI,
    {
      title: "App preview",
      description: "A project's web preview beside the QR code that opens it in Expo Go on a phone.",
      mimeType: MCP_APP_MIME_TYPE,
      _meta: { ui },
    },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text: PREVIEW_APP_HTML, _meta: { ui } }],
    }),
  );

  const state = (projectId: number) =>
    selectAsUser<PreviewState>(db, claims, (tx) => tx`select api.get_preview(${projectId}) as r`);

  server.registerTool("get_preview", {
    title: "Get a project's previews",
    description: "Where one of the user's apps can be seen: the web preview_url of its newest succeeded " +
      "build, its newest build (status, errors) and its device preview for Expo Go if one runs (the " +
      "exp:// address, and the QR code as an image). Another user's project is not found.",
    inputSchema: portable(ProjectArgs),
    outputSchema: portable(PreviewState),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    _meta: { ui: { resourceUri: PREVIEW_APP_URI } },
  }, ({ projectId }) => tool(() => state(projectId), previewResult));

  server.registerTool("start_device_preview", {
    title: "Open an app on a phone",
    description: "Starts the Expo dev server for one of the user's projects and waits until Expo Go can " +
      "open it: answers the exp:// address and its QR code as an image, for the user to scan with Expo Go " +
      "(which must carry the project's Expo SDK) on the same network. A user has one device preview at " +
      "most: this stops the one before. It stops by itself when nobody uses it for a while. When it is " +
      "still starting after the wait, call get_preview later. Another user's project is not found.",
    inputSchema: portable(ProjectArgs.extend({
      maxWaitSeconds: z.int().min(0).max(600).default(90).describe(
        "Seconds to wait for the dev server at most (0..600, default 90; one call waits no longer than the " +
          "server's limit); 0 answers at once, queued",
      ),
    })),
    outputSchema: portable(PreviewState),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    _meta: { ui: { resourceUri: PREVIEW_APP_URI } },
  }, ({ projectId, maxWaitSeconds }) =>
    tool(async () => {
      const asked = await selectAsUser<DevicePreviewRow>(
        db,
        claims,
        (tx) => tx`select api.request_device_preview(${projectId}) as r`,
      );
      const read = () =>
        selectAsUser<DevicePreviewRow>(
          db,
          claims,
          (tx) => tx`select api.get_device_preview(${asked.id}) as r`,
        );
      let preview = asked;
      for (
        const until = Date.now() + Math.min(maxWaitSeconds, config.MCP_WAIT_LIMIT_SECONDS) * 1000;
        ["queued", "starting"].includes(preview.status) && Date.now() < until;
      ) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        preview = await read();
      }
      // This preview as it is, also when it failed (get_preview shows only one that is not over).
      return { ...await state(projectId), device_preview: preview };
    }, previewResult));
}
