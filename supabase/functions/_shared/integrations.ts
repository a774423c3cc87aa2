// Payments and the repository-host and database-host integrations are optional: a deployment without their
// credentials, or without a key to seal the tokens they store, answers their routes with 503 and a code that
// says so, never with a success that did nothing. The answer names the settings to set.
import type { Config } from "./config.ts";
import type { Deps } from "./deps.ts";
import { ApiError } from "./errors.ts";
import type { SecretBox } from "./secrets.ts";

const SEALING = ["SECRETS_KEYS", "SECRETS_CURRENT_KEY_ID"] as const;

/** The settings each optional part needs, in the order a deployment's guide lists them. */
export const PART_SETTINGS = {
  repohost: [
    "GITHUB_APP_ID",
    "GITHUB_APP_PRIVATE_KEY",
    "GITHUB_CLIENT_ID",
    "GITHUB_CLIENT_SECRET",
    ...SEALING,
  ],
  "repohost webhook": ["GITHUB_WEBHOOK_SECRET"],
  dbhost: ["SUPABASE_OAUTH_CLIENT_ID", "SUPABASE_OAUTH_CLIENT_SECRET", ...SEALING],
  git_remote: SEALING,
  payments: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRETS"],
} as const satisfies Record<string, readonly (keyof Config)[]>;

export type OptionalPart = keyof typeof PART_SETTINGS;

/** The part's settings still unset, in the order of PART_SETTINGS; empty when it is configured. */
export function missingSettings(part: OptionalPart, c: Config): string[] {
  return PART_SETTINGS[part].filter((name) => c[name] === undefined);
}

/**
 * 503 for a part this server lacks, naming in `details.missing` its settings that are unset:
 * `payments_not_configured` for payments, `integration_not_configured` (with `details.integration`) else.
 */
export function notConfigured(part: OptionalPart, c: Config): ApiError {
  const missing = missingSettings(part, c);
  const set = `set ${missing.join(", ")}`;
  if (part === "payments") {
    return new ApiError(
      503,
      "payments_not_configured",
      `Payments are not configured on this server: ${set}.`,
      {
        missing,
      },
    );
  }
  return new ApiError(
    503,
    "integration_not_configured",
    `The ${part} integration is not configured on this server: ${set}.`,
    { integration: part.split(" ")[0], missing },
  );
}

/** The integration's port and the box that seals its tokens, or 503 `integration_not_configured`. */
export function requireIntegration<K extends "repohost" | "dbhost">(
  deps: Pick<Deps, K | "secrets" | "config">,
  integration: K,
): { port: NonNullable<Deps[K]>; secrets: SecretBox } {
  const port = deps[integration] as Deps[K];
  if (!port || !deps.secrets) throw notConfigured(integration, deps.config);
  return { port: port as NonNullable<Deps[K]>, secrets: deps.secrets };
}
