// The workers are called by the database (pg_net from triggers and pg_cron) with the secret both sides
// hold: `worker_secret` in private.settings there, WORKER_SECRET here.
import { timingSafeEqual } from "node:crypto";
import { ApiError } from "./errors.ts";

/**
 * Returns when `authorization` is `Bearer <secret>`, compared in constant time; otherwise throws 401
 * `unauthorized`, or 503 `worker_not_configured` when this function has no secret to compare with.
 */
export function requireWorkerSecret(secret: string | undefined, authorization: string | undefined): void {
  if (!secret) {
    throw new ApiError(503, "worker_not_configured", "WORKER_SECRET is not set for this function.");
  }
  const given = new TextEncoder().encode(/^Bearer (.+)$/i.exec(authorization ?? "")?.[1] ?? "");
  const expected = new TextEncoder().encode(secret);
  // Only the length can differ in time, and the secret's length is no secret.
  if (given.byteLength !== expected.byteLength || !timingSafeEqual(given, expected)) {
    throw new ApiError(401, "unauthorized", "The worker secret is missing or wrong.");
  }
}
