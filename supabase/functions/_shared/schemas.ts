// The shapes both the REST API (`v1`) and the agent endpoint (`mcp`) answer with, defined once: a job, a
// project, a page of projects, a public profile and the error body. Named, so `/openapi.json` shows them as
// components.
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

export const Job = z.object({
  id: Uuid,
  type: z.literal("prompt"),
  status: z.enum(["queued", "running", "succeeded", "failed", "canceled"]),
  created_at: Timestamp,
  updated_at: Timestamp,
  project_id: z.int().nullable(),
  input: z.record(z.string(), z.unknown()),
  result: z.object({ project_id: z.int(), files_saved: z.int() }).optional(),
  error: JobError.optional(),
}).openapi("Job");
