// Every port of the REST API, for v1 (whose routes use them all) and for the tests and scripts that serve
// it: the one module that imports the payment, repository and database host adapters.
import { type Config, config } from "./config.ts";
import { background, dbFrom, type Deps } from "./deps.ts";
import type { Payments } from "./ports/payments.ts";
import { secretBoxFromEnv } from "./secrets.ts";
import { StripePayments } from "./adapters/stripe-payments.ts";
import { localCheckoutSessionDir, LocalPayments } from "./adapters/local-payments.ts";
import { GitHubRepoHost } from "./adapters/github.ts";
import { SupabaseManagementDbHost } from "./adapters/supabase-management.ts";
import { NameIconRenderer } from "./icons/name-icon-renderer.ts";
import { pushSenderFrom } from "./adapters/expo-push.ts";
import { createEvaluator } from "../_generator/evaluators.ts";
import {
  authAdminFrom,
  blobStoreFrom,
  fileReadsFrom,
  gatewayOf,
  jobStreamsFrom,
  verifierFrom,
} from "./project-deps.ts";

export function depsFromConfig(
  c: Config = config(),
  env: Record<string, string> = Deno.env.toObject(),
): Deps {
  const db = dbFrom(c);
  return {
    config: c,
    db,
    verifier: verifierFrom(c, db),
    blobStore: blobStoreFrom(c),
    authAdmin: authAdminFrom(c, db),
    icons: new NameIconRenderer(),
    evaluator: createEvaluator(env),
    push: pushSenderFrom(c),
    background,
    fileReads: fileReadsFrom(c),
    jobStreams: jobStreamsFrom(c),
    payments: paymentsFrom(c),
    repohost: c.GITHUB_APP_ID && c.GITHUB_APP_PRIVATE_KEY && c.GITHUB_CLIENT_ID && c.GITHUB_CLIENT_SECRET
      ? new GitHubRepoHost({
        apiBaseUrl: c.GITHUB_API_BASE_URL,
        oauthBaseUrl: c.GITHUB_OAUTH_BASE_URL,
        appId: c.GITHUB_APP_ID,
        privateKeyPem: c.GITHUB_APP_PRIVATE_KEY,
        clientId: c.GITHUB_CLIENT_ID,
        clientSecret: c.GITHUB_CLIENT_SECRET,
        timeoutMs: c.UPSTREAM_TIMEOUT_MS,
      })
      : null,
    dbhost: c.SUPABASE_OAUTH_CLIENT_ID && c.SUPABASE_OAUTH_CLIENT_SECRET
      ? new SupabaseManagementDbHost({
        apiBaseUrl: c.SUPABASE_MANAGEMENT_API_URL,
        clientId: c.SUPABASE_OAUTH_CLIENT_ID,
        clientSecret: c.SUPABASE_OAUTH_CLIENT_SECRET,
        timeoutMs: c.UPSTREAM_TIMEOUT_MS,
      })
      : null,
    secrets: c.SECRETS_KEYS
      ? secretBoxFromEnv({ SECRETS_KEYS: c.SECRETS_KEYS, SECRETS_CURRENT_KEY_ID: c.SECRETS_CURRENT_KEY_ID })
      : null,
  };
}

/** Stripe with a key; on the embedded stack, the local checkout page; otherwise not configured. */
function paymentsFrom(c: Config): Payments | null {
  const webhookSecrets = (c.STRIPE_WEBHOOK_SECRETS ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (c.STRIPE_SECRET_KEY) {
    if (webhookSecrets.length === 0) {
      throw new Error("invalid configuration:\n  STRIPE_WEBHOOK_SECRETS: required with STRIPE_SECRET_KEY");
    }
    return new StripePayments({
      secretKey: c.STRIPE_SECRET_KEY,
      webhookSecrets,
      apiBaseUrl: c.STRIPE_API_BASE_URL,
      timeoutMs: c.UPSTREAM_TIMEOUT_MS,
    });
  }
  if (c.LOCAL_STORAGE_DIR && webhookSecrets.length > 0) {
    return new LocalPayments({
      webhookSecret: webhookSecrets[0],
      checkoutPageBaseUrl: `${gatewayOf(c)}/checkout`,
      sessionDir: localCheckoutSessionDir(c.LOCAL_STORAGE_DIR),
    });
  }
  return null;
}
