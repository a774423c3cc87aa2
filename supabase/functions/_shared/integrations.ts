// The repository-host and database-host integrations are optional: a deployment without their credentials,
// or without a key to seal the tokens they store, answers their routes with 503 and a code that says so,
// never with a success that did nothing.
import { ApiError } from "./errors.ts";
import type { SecretBox } from "./secrets.ts";

/** The integration's port and the box that seals its tokens, or 503 `integration_not_configured`. */
export function requireIntegration<T>(
  integration: "repohost" | "dbhost",
  port: T | null,
  secrets: SecretBox | null,
): { port: T; secrets: SecretBox } {
  if (!port || !secrets) {
    throw new ApiError(
      503,
      "integration_not_configured",
      `The ${integration} integration is not configured on this server.`,
      { integration },
    );
  }
  return { port, secrets };
}
