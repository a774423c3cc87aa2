// Section F of the contract, usage half: statistics over the caller's finished runs (public.usage_events),
// computed in SQL in the caller's time zone. Combinations of parameters and time zones are judged there.
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, jsonContent, Timestamp, withStorableOffset } from "./common.ts";

const Count = z.int().openapi({ format: "int64" });
const Credits = Count.openapi({ description: "Credits (EUR cents) the runs cost." });

const TimeZone = z.string().min(1).max(64).default("UTC").openapi({
  description: "An IANA time zone name (`Europe/Rome`, `America/New_York`, `UTC`; case-insensitive); days, " +
    "weeks, months and hours are the caller's there. Default `UTC`; unknown names are 400 `invalid_timezone`.",
  example: "Europe/Rome",
});

const DateParam = z.union([z.iso.date(), withStorableOffset(z.iso.datetime({ offset: true }))]).openapi({
  description: "A day (`YYYY-MM-DD`) or an ISO 8601 date-time, which stands for the day it falls on in " +
    "`timezone`.",
  example: "2026-11-01",
});

const RunCounts = {
  runs: Count.openapi({ description: "Finished runs (succeeded + failed)." }),
  succeeded: Count,
  failed: Count,
  tokens_in: Count.openapi({ description: "Prompt tokens sent to the model." }),
  tokens_out: Count.openapi({ description: "Tokens the model produced." }),
  credits_spent: Credits,
};

export const UsageSummary = z.object({
  period: z.enum(["month", "week", "all"]),
  timezone: z.string(),
  year: z.int().nullable().openapi({ description: "The month's year; null for week and all." }),
  month: z.int().nullable().openapi({ description: "1..12; null for week and all." }),
  starts_at: Timestamp.nullable().openapi({ description: "Start of the period (inclusive); null for all." }),
  ends_at: Timestamp.nullable().openapi({ description: "End of the period (exclusive); null for all." }),
  ...RunCounts,
  display_credits_spent: z.string().openapi({ example: "1,25\u00a0€" }),
  models: z.array(z.object({
    model: z.string().openapi({ description: "The model that ran; `unknown` when none was recorded." }),
    runs: Count,
    tokens_in: Count,
    tokens_out: Count,
    credits_spent: Credits,
  })).openapi({ description: "The same totals per model, most runs first." }),
}).openapi("UsageSummary");

const ContributionDay = z.object({
  date: z.iso.date().openapi({ description: "A day in the caller's time zone." }),
  ...RunCounts,
  level: z.int().min(0).max(4).openapi({
    description:
      "Shade for a calendar: 0 without runs, else ceil(4 × runs / the range's busiest day's runs).",
  }),
}).openapi("ContributionDay");

export const Contributions = z.object({
  timezone: z.string(),
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  data: z.array(ContributionDay).openapi({
    description: "Every day of the range, in order, zero days included.",
  }),
}).openapi("UsageContributions");

export const UsageInsights = z.object({
  timezone: z.string(),
  total_runs: Count,
  active_days: Count.openapi({ description: "Days with at least one run." }),
  first_run_at: Timestamp.nullable(),
  last_run_at: Timestamp.nullable(),
  busiest_hour: z.object({ hour: z.int().min(0).max(23), runs: Count }).nullable().openapi({
    description: "The hour of the day with most runs (ties: the earliest); null without runs.",
  }),
  busiest_weekday: z.object({
    weekday: z.int().min(1).max(7).openapi({ description: "ISO: 1 = Monday … 7 = Sunday" }),
    name: z.string().openapi({ example: "Monday" }),
    runs: Count,
  }).nullable().openapi({
    description: "The weekday with most runs (ties: the earliest); null without runs.",
  }),
  runs_by_hour: z.array(Count).length(24).openapi({ description: "Runs per hour of the day, 0..23." }),
  runs_by_weekday: z.array(Count).length(7).openapi({ description: "Runs per weekday, Monday first." }),
  current_streak: Count.openapi({
    description: "Consecutive days with runs up to today, or up to yesterday while today has none yet.",
  }),
  longest_streak: z.object({ days: Count, start_date: z.iso.date(), end_date: z.iso.date() }).nullable()
    .openapi({
      description: "The longest run of consecutive active days (ties: the latest); null without runs.",
    }),
  favourite_model: z.object({ model: z.string(), runs: Count }).nullable().openapi({
    description: "The model with most runs (ties: the most recently used); null without runs.",
  }),
}).openapi("UsageInsights");

const INVALID_TIMEZONE = "`invalid_timezone`: not an IANA time zone name";

export const routes = {
  getUsageSummary: createRoute({
    method: "get",
    path: "/usage/summary",
    operationId: "getUsageSummary",
    tags: ["Wallet and usage"],
    summary: "The caller's runs, tokens and credits over a period",
    description: "`period=month` (default): the calendar month `year`-`month` (give both), or the " +
      "current month (give neither). `period=week`: the current ISO week, Monday to Sunday. " +
      "`period=all`: everything. `week` and `all` take neither `year` nor `month`. Any other " +
      "combination is 400 `invalid_period`. Periods are bounded in `timezone` (an addition; default UTC).",
    request: {
      query: z.object({
        period: z.enum(["month", "week", "all"]).default("month"),
        year: z.coerce.number().int().min(2000).max(2100).optional().openapi({
          description: "2000..2100",
        }),
        month: z.coerce.number().int().min(1).max(12).optional().openapi({ description: "1..12" }),
        timezone: TimeZone,
      }),
    },
    responses: {
      200: jsonContent(UsageSummary, "The summary"),
      ...errorResponses([400], {
        400: `\`invalid_request\`, \`invalid_period\` or ${INVALID_TIMEZONE}`,
      }),
    },
  }),
  getUsageContributions: createRoute({
    method: "get",
    path: "/usage/contributions",
    operationId: "getUsageContributions",
    tags: ["Wallet and usage"],
    summary: "The caller's runs per day, for a contributions calendar",
    description: "One row per day from `start_date` to `end_date` inclusive, days without runs " +
      "included. Defaults: `end_date` today, `start_date` 364 days before it. At most 366 days; " +
      "`end_date` before `start_date` or a longer range is 400 `invalid_date_range`.",
    request: {
      query: z.object({
        start_date: DateParam.optional(),
        end_date: DateParam.optional(),
        timezone: TimeZone,
      }),
    },
    responses: {
      200: jsonContent(Contributions, "The days"),
      ...errorResponses([400], {
        400: `\`invalid_request\`, \`invalid_date\`, \`invalid_date_range\` or ${INVALID_TIMEZONE}`,
      }),
    },
  }),
  getUsageInsights: createRoute({
    method: "get",
    path: "/usage/insights",
    operationId: "getUsageInsights",
    tags: ["Wallet and usage"],
    summary: "Habits across all the caller's runs",
    description: "Busiest hour and weekday, streaks of active days and the favourite model, in " +
      "`timezone`.",
    request: { query: z.object({ timezone: TimeZone }) },
    responses: {
      200: jsonContent(UsageInsights, "The insights"),
      ...errorResponses([400], { 400: `\`invalid_request\` or ${INVALID_TIMEZONE}` }),
    },
  }),
};
