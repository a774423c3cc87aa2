// The jobs routes' handlers, each registered against its definition in `_contract/jobs.ts`.
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { ApiError } from "../../_shared/errors.ts";
import { estimatePromptJob } from "../../_shared/estimates.ts";
import { createPromptJob } from "../../_shared/jobs.ts";
import { type ApiApp, cursorHook, userRoute } from "../../_shared/http.ts";
import { Uuid } from "../../_contract/common.ts";
import { detectImageType, filesOf, MAX_IMAGE_BYTES, readForm } from "../../_shared/uploads.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { Job, JobPage, MAX_ATTACHMENTS, routes } from "../../_contract/jobs.ts";

type JobRow = z.infer<typeof Job>;

export function registerJobRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier, blobStore } = deps;

  api.openapi(
    userRoute(verifier, routes.createJob),
    async (c) => {
      const { job, created } = await createPromptJob(deps, c.get("claims"), c.req.valid("json"));
      return c.json(job as JobRow, created ? 202 : 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.estimateJob),
    async (c) => c.json(await estimatePromptJob(deps, c.get("claims"), c.req.valid("json")), 200),
  );

  api.openapi(
    userRoute(verifier, routes.uploadJobAttachments),
    async (c) => {
      const userId = c.get("claims").sub;
      const form = await readForm(c.req.raw, MAX_ATTACHMENTS * MAX_IMAGE_BYTES);
      const given = form.get("idempotency_key") ?? crypto.randomUUID();
      if (typeof given !== "string" || !Uuid.safeParse(given).success) {
        throw new ApiError(400, "invalid_request", "idempotency_key must be a UUID.", {
          field: "idempotency_key",
        });
      }
      const files = await filesOf(form, "files", MAX_IMAGE_BYTES);
      if (files.length < 1 || files.length > MAX_ATTACHMENTS) {
        throw new ApiError(
          400,
          "invalid_request",
          `Send 1 to ${MAX_ATTACHMENTS} files in the 'files' field.`,
          {
            field: "files",
            count: files.length,
          },
        );
      }
      const key = given.toLowerCase();
      const entries = files.map((f, i) => {
        const type = detectImageType(f.bytes);
        if (!type) {
          throw new ApiError(400, "unsupported_image", `'${f.name}' is not a PNG, JPEG or WebP image.`, {
            file: f.name,
          });
        }
        return { ...f, type, path: `${userId}/${key}/${i + 1}.${type.extension}` };
      });
      // Recorded before anything is stored: the profile and the cap are checked there.
      await db.callAsUser(
        c.get("claims"),
        (tx) => tx`select api.record_attachment_upload(${key}, ${entries.map((e) => e.path)}::text[])`,
      );
      const manifestFiles = [];
      for (const e of entries) {
        await blobStore.put("attachments", e.path, e.bytes, e.type.mime);
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", e.bytes as BufferSource));
        manifestFiles.push({
          path: e.path,
          type: e.type.mime,
          size: e.bytes.byteLength,
          sha256: [...digest].map((b) => b.toString(16).padStart(2, "0")).join(""),
        });
      }
      return c.json({ idempotency_key: key, files: manifestFiles }, 201);
    },
  );

  api.openapi(
    userRoute(verifier, routes.listJobs),
    async (c) => {
      const { limit, cursor, status, project_id } = c.req.valid("query");
      const page = await selectAsUser<z.infer<typeof JobPage>>(
        db,
        c.get("claims"),
        (tx) =>
          tx`select api.list_jobs(${limit}, ${cursor ?? null}, ${status ?? null}, ${
            project_id ?? null
          }) as r`,
      );
      return c.json(page, 200);
    },
    (result) => cursorHook(result),
  );

  api.openapi(
    userRoute(verifier, routes.getJob),
    async (c) => {
      const { jobId } = c.req.valid("param");
      const job = await selectAsUser<JobRow>(
        db,
        c.get("claims"),
        (tx) => tx`select api.get_job(${jobId}) as r`,
      );
      return c.json(job, 200);
    },
  );

  api.openapi(
    userRoute(verifier, routes.cancelJob),
    async (c) => {
      const { jobId } = c.req.valid("param");
      const job = await selectAsUser<JobRow>(
        db,
        c.get("claims"),
        (tx) => tx`select api.cancel_job(${jobId}) as r`,
      );
      return job.status === "canceled" ? c.json(job, 200) : c.json(job, 202);
    },
  );
}
