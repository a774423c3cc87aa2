// Every environment variable the functions read, read once and validated, so a bad deployment fails
// at start-up with a message naming the variable instead of failing a request later.
import { z } from "zod";

const schema = z.object({
  /** Gateway address: `https://<ref>.supabase.co` hosted, `http://127.0.0.1:54321` locally. */
  SUPABASE_URL: z.url(),
  /** Postgres URL of the `postgres` role; through the pooler in transaction mode on hosted projects. */
  SUPABASE_DB_URL: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL"),
  /** Where the functions are reached; defaults to `${SUPABASE_URL}/functions/v1` (set it for a custom domain). */
  PUBLIC_FUNCTIONS_URL: z.url().optional(),
  /** JWKS of the identity provider; defaults to Supabase Auth's. */
  SUPABASE_JWKS_URL: z.url().optional(),
  /** Legacy HS256 JWT secret; tokens signed with it are accepted only when it is set. */
  SUPABASE_JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** The project's anon (publishable) key: the consent page signs people in with it (set by Supabase). */
  SUPABASE_ANON_KEY: z.string().min(1).optional(),
  /** Service key for the Auth admin and Storage APIs (hosted adapters). */
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
  /** Set by the embedded local stack: blobs live under this directory and users are deleted with SQL. */
  LOCAL_STORAGE_DIR: z.string().min(1).optional(),
  /** Shared with the database (private.settings `worker_secret`): authenticates the dispatcher's calls to the workers. */
  WORKER_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Push delivery: `log` (default; the embedded stack logs and marks pushes delivered) or `expo`. */
  PUSH_PROVIDER: z.enum(["log", "expo"]).default("log"),
  EXPO_BASE_URL: z.url().default("https://exp.host"),
  /** Expo's "enhanced security for push notifications" access token, when the project enables it. */
  EXPO_ACCESS_TOKEN: z.string().min(1).optional(),
  /** Payments through Stripe; without a key the embedded stack's local checkout page stands in. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Webhook signing secrets, comma-separated: more than one while a secret is rotated. */
  STRIPE_WEBHOOK_SECRETS: z.string().min(1).optional(),
  /** Another Stripe API address (a loopback stand-in in tests). */
  STRIPE_API_BASE_URL: z.url().optional(),
  /**
   * Where the checkout returns to when the client names no URL; unset, Stripe returns to the app's deep
   * links (`appgen://billing/…`) and the local checkout to its own page showing the new balance.
   */
  CHECKOUT_SUCCESS_URL: z.string().min(1).optional(),
  CHECKOUT_CANCEL_URL: z.string().min(1).optional(),
  /** Sealing key(s) for upstream tokens at rest: `<id>:<base64 32 bytes>[,…]`, and the one to seal with. */
  SECRETS_KEYS: z.string().min(1).optional(),
  SECRETS_CURRENT_KEY_ID: z.string().min(1).optional(),
  /** The GitHub App behind the repohost integration. */
  GITHUB_APP_ID: z.string().min(1).optional(),
  GITHUB_APP_PRIVATE_KEY: z.string().min(1).optional(),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_WEBHOOK_SECRET: z.string().min(1).optional(),
  GITHUB_API_BASE_URL: z.url().optional(),
  GITHUB_OAUTH_BASE_URL: z.url().optional(),
  /** Default repository name: `<prefix>-<project id>`. */
  REPOHOST_REPO_PREFIX: z.string().regex(/^[A-Za-z0-9._-]{1,50}$/).default("app"),
  /** The Supabase OAuth app behind the dbhost integration. */
  SUPABASE_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  SUPABASE_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  SUPABASE_MANAGEMENT_API_URL: z.url().optional(),
  /** The app deep link the dbhost authorization returns to. */
  DBHOST_RETURN_URL: z.string().min(1).default("appgen://integrations/dbhost"),
  /**
   * OAuth clients treated as the service's own (comma-separated client ids), such as the reference page's:
   * their tokens may do what outlives a grant (webhooks, push tokens, deleting the account) as sessions do.
   */
  FIRST_PARTY_CLIENT_IDS: z.string().default("").transform((v) =>
    v.split(",").map((c) => c.trim()).filter(Boolean)
  ),
  /**
   * The OAuth client the reference page's Authorize signs in with: public, PKCE, redirect URI
   * `{base_url}/docs`. Unset, the page takes a pasted token only. List it in FIRST_PARTY_CLIENT_IDS too.
   */
  DOCS_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** The longest one wait_for_job call runs, below the host's request limit (hosted: 150 s). */
  MCP_WAIT_LIMIT_SECONDS: z.coerce.number().int().min(5).max(600).default(120),
  /** The build worker's previews origin (its BUILD_PREVIEW_URL): the MCP App may frame pages from it. */
  BUILD_PREVIEW_URL: z.url().optional(),
  /** Browser origins besides the service's own that may call /mcp (comma-separated); others get 403. */
  MCP_ALLOWED_ORIGINS: z.string().default("").transform((v, ctx) => {
    const origins = v.split(",").map((o) => o.trim()).filter(Boolean);
    for (const o of origins) {
      if (!URL.canParse(o) || new URL(o).origin !== o) {
        ctx.addIssue({ code: "custom", message: `${o} is not an origin like https://app.example.com` });
      }
    }
    return origins;
  }),
  /** statement_timeout of every SQL statement run as a user; past it the request is 503 `statement_timeout`. */
  USER_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** How many `GET /projects/{id}/files` answers one instance builds at once (each may be 20 MiB). */
  FILE_READ_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** How many of those one user holds at once (at most FILE_READ_CONCURRENCY): the rest is left to others. */
  FILE_READ_PER_USER: z.coerce.number().int().min(1).max(64).default(1),
  /** How long a listing waits for a slot; past it the answer is 503 `file_reads_busy` with Retry-After. */
  FILE_READ_WAIT_SECONDS: z.coerce.number().min(0.05).max(60).default(10),
  /** How long a listing holds its slot at most, built and sent; past it the answer is cut off (a client that does not read). */
  FILE_READ_SEND_SECONDS: z.coerce.number().min(0.05).max(600).default(60),
  /** How long an upstream HTTP call may take before the request fails with 502. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Lets webhook endpoints be http and private or loopback addresses: for the local stack and tests only. */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  /**
   * Git remotes' origins (comma-separated) let through the outbound address check, http and private or
   * loopback included: the local stack's own repository host only.
   */
  GIT_REMOTE_ALLOWED_ORIGINS: z.string().default("").transform((v, ctx) => {
    const origins = v.split(",").map((o) => o.trim()).filter(Boolean);
    for (const o of origins) {
      if (!URL.canParse(o) || new URL(o).origin !== o) {
        ctx.addIssue({ code: "custom", message: `${o} is not an origin like http://127.0.0.1:54323` });
      }
    }
    return origins;
  }),
  /** How long a git remote's push or pull may take in all before it fails with 502. */
  GIT_REMOTE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(60_000),
  /** How long one webhook request may take before the attempt counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  /** How long one GET /jobs/{id}/events stream lasts at most; below hosted Supabase's 150 s wall clock. */
  JOB_EVENTS_MAX_SECONDS: z.coerce.number().int().min(1).max(140).default(120),
  /** How often a stream reads the job's event log. */
  JOB_EVENTS_POLL_MS: z.coerce.number().int().min(20).max(10_000).default(250),
  /** How long a stream may be silent before it sends a heartbeat comment. */
  JOB_EVENTS_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
  /** How many job event streams (and, in the mcp function, wait_for_job calls) one user has open at once; past it 429 `too_many_streams`. */
  JOB_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
});

export type Config = z.infer<typeof schema> & {
  functionsUrl: string;
  issuer: string;
  jwksUrl: string;
};

export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  if (!c.LOCAL_STORAGE_DIR && !c.SUPABASE_SERVICE_ROLE_KEY) {
    throw new Error(
      "invalid configuration:\n  SUPABASE_SERVICE_ROLE_KEY: required unless LOCAL_STORAGE_DIR selects the local adapters",
    );
  }
  if (c.FILE_READ_PER_USER > c.FILE_READ_CONCURRENCY) {
    throw new Error("invalid configuration:\n  FILE_READ_PER_USER: must not exceed FILE_READ_CONCURRENCY");
  }
  const gateway = c.SUPABASE_URL.replace(/\/+$/, "");
  return {
    ...c,
    functionsUrl: (c.PUBLIC_FUNCTIONS_URL ?? `${gateway}/functions/v1`).replace(/\/+$/, ""),
    issuer: `${gateway}/auth/v1`,
    jwksUrl: c.SUPABASE_JWKS_URL ?? `${gateway}/auth/v1/.well-known/jwks.json`,
  };
}

let cached: Config | undefined;
/** The process's configuration, read on first use. */
export function config(): Config {
  cached ??= loadConfig(Deno.env.toObject());
  return cached;
}
