// Section H of the contract: reports and blocks, plus listing and lifting blocks (additions).
import { createRoute, z } from "@hono/zod-openapi";
import {
  Deduped,
  errorResponses,
  exampleNeeds,
  jsonBody,
  jsonContent,
  SignedPageQuery,
  Timestamp,
  Uuid,
} from "./common.ts";
import { LIMITS } from "./limits.gen.ts";
import { PublicProfile } from "./identity.ts";

/** A target given and not null: what `report_target_required` asks for. */
const present = (field: string) => ({
  required: [field],
  properties: { [field]: { not: { type: "null" as const } } },
});

const ReportRequest = z.strictObject({
  reported_project_id: z.int().min(1).nullable().optional().openapi({ format: "int64" }),
  reported_user_id: Uuid.nullable().optional(),
  reason: z.string().max(LIMITS.columns["reports.reason"]).nullable().optional(),
  reporter_id: z.unknown().optional().openapi({
    description: "Ignored: the reporter is always the caller.",
    deprecated: true,
  }),
}).openapi("ReportRequest", {
  description: "At least one of `reported_project_id` and `reported_user_id`, not null.",
  anyOf: [present("reported_project_id"), present("reported_user_id")],
});

export const Report = z.object({
  id: Uuid,
  reporter_id: Uuid,
  reported_project_id: z.int().nullable().openapi({ format: "int64" }),
  reported_user_id: Uuid.nullable(),
  reason: z.string().nullable(),
  created_at: Timestamp,
}).openapi("Report");

const BlockRequest = z.strictObject({ blocked_user_id: Uuid }).openapi("BlockRequest");

export const Block = z.object({ blocker_id: Uuid, blocked_user_id: Uuid, created_at: Timestamp }).openapi(
  "Block",
);

export const BlockList = z.object({
  data: z.array(Block.extend({ blocked_user: PublicProfile })),
  next_cursor: z.string().nullable().openapi({
    description: "Pass as `cursor` for the next page; null at the end.",
  }),
}).openapi("BlockList");

export const routes = {
  createReport: createRoute({
    method: "post",
    path: "/reports",
    ...exampleNeeds("a project or an account of another user to report"),
    operationId: "createReport",
    tags: ["Moderation"],
    summary: "Report a project or a user",
    description: "At least one of `reported_project_id` and `reported_user_id` (400 " +
      "`report_target_required`); each must exist (a project: be visible to the caller), else 404. " +
      `\`reason\` is at most ${LIMITS.columns["reports.reason"]} characters. ` +
      "The reporter is always the caller: a `reporter_id` in the " +
      "body is ignored. A project the caller cannot see is 404 exactly as a missing one, also for SQL " +
      "written directly. A report stays open until moderation resolves it; reporting the same targets " +
      "again while the caller's report on them is open answers 201 with that report (same `id`, its first " +
      "`reason`) and stores nothing. A caller holds at most " +
      `${LIMITS.rows.max_open_reports_per_user} open reports (setting ` +
      "`max_open_reports_per_user`; 413 `too_many_reports`).",
    request: { body: jsonBody(ReportRequest, { reported_project_id: 1, reason: "Copies my app" }) },
    responses: {
      201: jsonContent(Report, "The report"),
      ...errorResponses([400, 404, 413, 415], {
        404: "`project_not_found` or `user_not_found`; `profile_not_found` when the caller's account was " +
          "deleted",
        413: "`too_many_reports`: the caller already holds the most open reports",
      }),
    },
  }),
  blockUser: createRoute({
    method: "post",
    path: "/blocks",
    ...exampleNeeds("another user's id"),
    operationId: "blockUser",
    tags: ["Moderation"],
    summary: "Block a user",
    description: "The blocker is the caller. From then on neither user sees the other's shared projects " +
      "(lists with `visibility=all`, the project, its files). A repeat answers 200 `{deduped: true}`. A " +
      `user blocks at most ${LIMITS.rows.max_blocks_per_user} users (setting \`max_blocks_per_user\`; 413 \`too_many_blocks\`).`,
    request: {
      body: jsonBody(BlockRequest, { blocked_user_id: "3f2b8c1e-5d4a-4e6b-9c7d-2a1e0f9b8c7d" }),
    },
    responses: {
      201: jsonContent(Block, "Blocked"),
      200: jsonContent(Deduped, "Already blocked"),
      ...errorResponses([400, 404, 413, 415], {
        400: "`cannot_block_self`, or an invalid body",
        413: "`too_many_blocks`: the caller already blocks the most users",
        404: "`user_not_found`, or `profile_not_found` when the caller's account was deleted",
      }),
    },
  }),
  listBlocks: createRoute({
    method: "get",
    path: "/blocks",
    operationId: "listBlocks",
    tags: ["Moderation"],
    summary: "The users the caller blocked",
    description:
      "An addition to the contract, so a block can be reviewed and lifted. Newest first (`created_at`, " +
      "then the blocked user's id, both descending), each with the blocked user's public profile, a page " +
      "at a time: pages never repeat or skip a block while others are added, and each costs a page " +
      "however many users the caller blocked. Blocks against the caller are never shown. `cursor` is " +
      "opaque and signed: it is only accepted from the caller it was given to; anything else is 400 " +
      "`invalid_cursor`.",
    request: {
      query: SignedPageQuery,
    },
    responses: {
      200: jsonContent(BlockList, "A page of the caller's blocks"),
      ...errorResponses([400], { 400: "`invalid_request` (a parameter) or `invalid_cursor`" }),
    },
  }),
  unblockUser: createRoute({
    method: "delete",
    path: "/blocks/{userId}",
    ...exampleNeeds("a user the caller blocked (`POST /blocks`)"),
    operationId: "unblockUser",
    tags: ["Moderation"],
    summary: "Lift a block",
    description: "An addition to the contract. Idempotent: 204 also when there was no such block.",
    request: { params: z.object({ userId: Uuid.openapi({ param: { name: "userId", in: "path" } }) }) },
    responses: { 204: { description: "Not blocked (any more)" }, ...errorResponses([400]) },
  }),
};
