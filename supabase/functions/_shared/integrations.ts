// The repository-host and database-host integrations are optional: a deployment without their credentials,
// or without a key to seal the tokens they store, answers their routes with 503 and a code that says so,
// never with a success that did nothing.
import type { Config } from "./config.ts";
import { ApiError } from "./errors.ts";
import type { SecretBox } from "./secrets.ts";

/** The variables each integration's port is built from (besides SECRETS_KEYS, which seals its tokens). */
export const INTEGRATION_NEEDS = {
  repohost: ["GITHUB_APP_ID", "GITHUB_APP_PRIVATE_KEY", "GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"],
  dbhost: ["SUPABASE_OAUTH_CLIENT_ID", "SUPABASE_OAUTH_CLIENT_SECRET"],
} as const;
export type Integration = keyof typeof INTEGRATION_NEEDS;

/** Whether the integration's port can be built from this configuration. */
export function hasPort(integration: Integration, c: Config): boolean {
  return INTEGRATION_NEEDS[integration].every((name) => c[name]);
}

/** The variables still unset for the integration to work, sealing key included; empty when it is configured. */
export function missingVariables(integration: Integration, c: Config): string[] {
  return [...INTEGRATION_NEEDS[integration], "SECRETS_KEYS" as const].filter((name) => !c[name]);
}

/** The integration's port and the box that seals its tokens, or 503 `integration_not_configured`. */
export function requireIntegration<T>(
  integration: Integration,
  port: T | null,
  secrets: SecretBox | null,
  c: Config,
): { port: T; secrets: SecretBox } {
  if (!port || !secrets) {
    const missing = missingVariables(integration, c);
    throw new ApiError(
      503,
      "integration_not_configured",
      `The ${integration} integration is not configured on this server (set ${missing.join(", ")}).`,
      { integration, missing },
    );
  }
  return { port, secrets };
}
