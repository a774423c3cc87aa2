// The shapes both the REST API (`v1`) and the agent endpoint (`mcp`) answer with, defined once: a job, a
// project, a page of projects, a project's files, a public profile, the wallet and the error body. Named,
// so `/openapi.json` shows them as components.
import { z } from "@hono/zod-openapi";
import { Timestamp, Uuid } from "./http.ts";
export { ErrorBody } from "./errors.ts";

export const MAX_PROMPT_CHARS = 8000;

export const PublicProfile = z.object({
  id: Uuid,
  username: z.string(),
  avatar_url: z.string().nullable().openapi({ format: "uri" }),
  is_supporter: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
}).openapi("PublicProfile");

export const Project = z.object({
  id: z.int().openapi({ format: "int64", example: 42 }),
  name: z.string(),
  description: z.string(),
  icon_url: z.url().nullable().openapi({
    description: "Server-managed: set by `POST /projects/{projectId}/icon`, null until then.",
  }),
  preview_url: z.url().nullable().openapi({
    description: "Server-managed: the web preview of the project's newest succeeded build " +
      "(`GET /projects/{projectId}/builds`), on the build worker's origin; null until one succeeded.",
  }),
  shared: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
  author: PublicProfile,
}).openapi("Project");

export const ProjectPage = z.object({
  data: z.array(Project),
  next_cursor: z.string().nullable().openapi({
    description: "Pass as `cursor` for the next page; null at the end.",
  }),
}).openapi("ProjectPage");

const JobError = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** What the prompt asked for, and how each was built or not: a job's result and an estimate report it. */
export const Asks = z.array(z.object({
  type: z.string().describe("What was asked: `list`, `log`, `goal`, `reminder`, `timer`, `translate`, …"),
  quote: z.string().describe("The prompt's words that ask it"),
  built: z.boolean().describe("Whether the app serves it"),
  block: z.string().optional().describe("The building block of the screen that serves it"),
  screen: z.string().optional().describe("The key of that screen"),
  field: z.string().optional().describe("The field that serves it, when it is one"),
})).describe("What the prompt asked for, and how each was built or not");
export const Unmet = z.array(z.string()).describe(
  "The prompt's words no ask accounts for, and asks no building block could serve (with why)",
);

export const Job = z.object({
  id: Uuid,
  type: z.literal("prompt"),
  status: z.enum(["queued", "running", "succeeded", "failed", "canceled"]),
  created_at: Timestamp,
  updated_at: Timestamp,
  project_id: z.int().nullable(),
  input: z.record(z.string(), z.unknown()),
  result: z.object({
    project_id: z.int(),
    files_saved: z.int().describe("The project's files after the run: its complete file set"),
    kind: z.string().optional().describe(
      "The kind of app the generator made, e.g. `shopping` or `todo+chat`",
    ),
    name: z.string().optional().describe("The app's name"),
    language: z.string().optional().describe("The UI language written (`en`, `it`, `fr`, `es` or `de`)"),
    language_fallback_from: z.string().optional().describe(
      "The prompt's language when the UI could not be written in it (English was used instead)",
    ),
    asks: Asks.optional(),
    unmet: Unmet.optional(),
    without_samples: z.array(z.string()).optional().describe(
      "Lists that start empty: their records cannot be known offline",
    ),
  }).optional(),
  error: JobError.optional(),
  cancel_requested_at: Timestamp.optional().openapi({
    description: "When the owner asked to cancel the job while it ran; the runner then stops it.",
  }),
}).openapi("Job");

export const ProjectFile = z.object({
  path: z.string(),
  contents: z.string(),
  type: z.string().openapi({ example: "CODE" }),
  encoding: z.enum(["utf8", "base64"]).openapi({
    description:
      "How `contents` spells the file: `base64` for binary files (type `ASSET`), decoded to their " +
      "bytes before writing them; `utf8` for text, written as it is.",
  }),
  updated_at: Timestamp,
}).openapi("ProjectFile");
export const ProjectFiles = z.object({ data: z.array(ProjectFile) }).openapi("ProjectFileList");

export const Credits = z.int().openapi({
  format: "int64",
  description: "Credits: EUR cents (1 EUR = 100 credits).",
});
export const Display = (what: string) =>
  z.string().openapi({
    example: "1.234,56\u00a0€",
    description: `${what} in euros, Italian format: \`.\` groups thousands, \`,\` before the cents, ` +
      "a no-break space (U+00A0) before €, a leading `-` when negative.",
  });

export const Wallet = z.object({
  balance: Credits.openapi({
    description: "The paid balance in credits; negative after runs past zero (down to the -500 floor, " +
      "below which no new job starts). A top-up pays a negative balance off first.",
  }),
  bonus_balance: Credits.openapi({
    description:
      "The welcome bonus left, spent before the paid balance; 0 once `bonus_expires_at` has passed.",
  }),
  bonus_expires_at: Timestamp.nullable().openapi({ description: "When the bonus lapses (UTC)." }),
  total: Credits.openapi({ description: "`balance` + `bonus_balance`." }),
  held: Credits.openapi({
    description: "Credits held for jobs admitted and not finished: each holds its tier's maximum price " +
      "from admission until it ends, when the real cost is spent instead (nothing for a run that failed " +
      "uncharged or was given up).",
  }),
  available: Credits.openapi({
    description: "`total` − `held`: what the -500 credit floor is checked on; a new job is refused " +
      "(402) when it is at or below -500.",
  }),
  display_balance: Display("`balance`"),
  display_bonus_balance: Display("`bonus_balance`"),
  display_total: Display("`total`"),
  updated_at: Timestamp,
}).openapi("Wallet");

export const RateLimit = z.object({
  limit: z.int(),
  remaining: z.int(),
  reset_at: z.iso.datetime({ offset: true }),
}).openapi("RateLimit");

const Refusal = z.object({
  code: z.string().describe(
    "The error code POST /jobs would answer: `invalid_prompt`, `insufficient_credits`",
  ),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional().describe(
    "As POST /jobs gives them: `reason` for `invalid_prompt`; `available`, `held`, `floor` for credits",
  ),
});

export const JobEstimate = z.object({
  name: z.string().describe("The app's name, as the job's result would give it"),
  language: z.string().describe("The UI language that would be written (`en`, `it`, `fr`, `es` or `de`)"),
  language_fallback_from: z.string().optional().describe(
    "The prompt's language when the UI could not be written in it (English would be used instead)",
  ),
  kind: z.string().describe("The kind of app, e.g. `shopping` or `todo+chat`"),
  tier: z.enum(["light", "full"]).nullable().describe(
    "The model tier the job would run with: `input.model`, else the one the evaluation picks; null when the " +
      "prompt is refused and no `input.model` was given",
  ),
  asks: Asks,
  unmet: Unmet,
  credits: z.object({
    price: Credits.openapi({
      description: "What the job would hold while it runs and, with the offline generator, be charged: the " +
        "tier's price (without a tier, the dearest one, which POST /jobs holds while it judges)",
    }),
    available: Credits.openapi({ description: "The wallet's `available` credits now (`GET /wallets/me`)" }),
    held: Credits.openapi({ description: "Credits held now by the caller's open jobs" }),
    floor: Credits.openapi({
      description: "The floor `available` must stay above: -500, or 0 for an anonymous account",
    }),
    can_pay: z.boolean().describe(
      "Whether the wallet passes POST /jobs's credit check now (`available` > `floor`)",
    ),
  }),
  admission: z.object({
    admitted: z.boolean().describe("Whether POST /jobs, sent now with this body, would admit the job"),
    refusal: Refusal.nullable().describe("The refusal POST /jobs would answer instead, or null"),
  }),
  rate_limit: RateLimit.describe("The prompt-evaluation quota after this estimate, which counted against it"),
}).openapi("JobEstimate");
