// Builds the REST API from its dependencies, so tests can run it with other adapters in-process.
import type { Deps } from "../_shared/deps.ts";
import { createApiApp, mountApi } from "../_shared/http.ts";
import { registerMetaRoutes } from "./routes/meta.ts";
import { registerIdentityRoutes } from "./routes/identity.ts";
import { registerProjectRoutes } from "./routes/projects.ts";
import { registerModerationRoutes } from "./routes/moderation.ts";
import { registerNotificationRoutes } from "./routes/notifications.ts";
import { registerJobRoutes } from "./routes/jobs.ts";
import { registerJobEventRoutes } from "./routes/job-events.ts";
import { registerRepohostRoutes } from "./routes/repohost.ts";
import { registerDbhostRoutes } from "./routes/dbhost.ts";
import { registerGitRemoteRoutes } from "./routes/git-remote.ts";
import { registerBillingRoutes } from "./routes/billing.ts";
import { registerWalletRoutes } from "./routes/wallet.ts";
import { registerUsageRoutes } from "./routes/usage.ts";
import { registerWebhookRoutes } from "./routes/webhooks.ts";
import { registerVersionRoutes } from "./routes/versions.ts";
import { registerBuildRoutes } from "./routes/builds.ts";
import { registerDevicePreviewRoutes } from "./routes/device-previews.ts";

export function createV1App(deps: Deps) {
  const api = createApiApp();
  registerIdentityRoutes(api, deps);
  registerProjectRoutes(api, deps);
  registerVersionRoutes(api, deps);
  registerBuildRoutes(api, deps);
  registerDevicePreviewRoutes(api, deps);
  registerModerationRoutes(api, deps);
  registerNotificationRoutes(api, deps);
  registerJobRoutes(api, deps);
  registerJobEventRoutes(api, deps);
  registerBillingRoutes(api, deps);
  registerWalletRoutes(api, deps);
  registerUsageRoutes(api, deps);
  registerWebhookRoutes(api, deps);
  registerRepohostRoutes(api, deps);
  registerDbhostRoutes(api, deps);
  registerGitRemoteRoutes(api, deps);
  // Last, so the document it serves lists every route above.
  registerMetaRoutes(api, deps);
  return mountApi(api, "/v1");
}
