// Drains the push outbox (public.push_outbox): claims due messages, hands them to the push sender and
// records what became of each. Delivery is at most once per row: a claimed row is 'sending' under a lease,
// and one whose lease ran out is failed as `delivery_unknown`, never sent again, because the push service
// may have accepted it before the worker stopped. Transient failures come back after a backoff
// (push-retry.ts) until MAX_PUSH_ATTEMPTS attempts have been made.
import type { Db } from "./db.ts";
import type { PushOutcome, PushSender } from "./ports/push.ts";
import { MAX_PUSH_ATTEMPTS, nextAttemptDelaySeconds } from "./push-retry.ts";

/** Expo takes at most 100 messages per request, so one claim is one request. */
export const PUSH_BATCH_SIZE = 100;

export interface DrainOptions {
  /** How long a claim holds; it must outlast one send. Default 60 s. */
  leaseSeconds?: number;
  /** At most this many claims per call, so a call ends even while messages keep arriving. Default 20. */
  maxBatches?: number;
  /** Only this user's messages. */
  onlyUser?: string;
  /** The retry jitter's source; Math.random by default. */
  random?: () => number;
}

export interface DrainResult {
  sent: number;
  failed: number;
  retried: number;
}

interface ClaimedPush {
  id: string;
  token: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  attempts: number;
}

/** One entry of private.record_push_outcomes' argument. */
type Recorded =
  | { id: string; status: "sent"; ticket_id: string }
  | { id: string; status: "device_not_registered" }
  | { id: string; status: "retry"; reason: string; retry_in_seconds: number }
  | { id: string; status: "failed"; reason: string };

/** A retry that would exceed the attempts allowed is recorded as a failure. */
function recorded(row: ClaimedPush, outcome: PushOutcome, random: () => number): Recorded {
  switch (outcome.status) {
    case "sent":
      return { id: row.id, status: "sent", ticket_id: outcome.ticketId };
    case "device_not_registered":
      return { id: row.id, status: "device_not_registered" };
    case "failed":
      return { id: row.id, status: "failed", reason: outcome.reason };
    case "retry": {
      const attempt = row.attempts + 1;
      if (attempt >= MAX_PUSH_ATTEMPTS) {
        return {
          id: row.id,
          status: "failed",
          reason: `${outcome.reason} (gave up after ${attempt} attempts)`,
        };
      }
      return {
        id: row.id,
        status: "retry",
        reason: outcome.reason,
        retry_in_seconds: nextAttemptDelaySeconds(attempt, random),
      };
    }
  }
}

/** Sends what is due until nothing is (or `maxBatches` claims were made) and counts the outcomes. */
export async function drainPushOutbox(
  db: Db,
  sender: PushSender,
  opts: DrainOptions = {},
): Promise<DrainResult> {
  const { leaseSeconds = 60, maxBatches = 20, onlyUser = null, random = Math.random } = opts;
  const result: DrainResult = { sent: 0, failed: 0, retried: 0 };
  result.failed += await db.asService(async (tx) =>
    (await tx`select private.expire_push_claims() as n`)[0].n as number
  );
  for (let batch = 0; batch < maxBatches; batch++) {
    const rows = await db.asService((tx) =>
      tx<ClaimedPush[]>`select id, token, title, body, data, attempts
                          from private.claim_push_batch(${PUSH_BATCH_SIZE}, ${leaseSeconds}, ${onlyUser})`
    );
    if (rows.length === 0) break;
    const outcomes = await sender.send(
      rows.map((r) => ({ to: r.token, title: r.title, body: r.body, data: r.data })),
    );
    // Unpaired outcomes cannot be recorded; the rows stay claimed and expire as delivery_unknown.
    if (outcomes.length !== rows.length) {
      throw new Error(`the push sender answered ${outcomes.length} outcomes for ${rows.length} messages`);
    }
    const records = rows.map((row, i) => recorded(row, outcomes[i], random));
    await db.asService((tx) => tx`select private.record_push_outcomes(${tx.json(records)})`);
    for (const r of records) {
      if (r.status === "sent") result.sent++;
      else if (r.status === "retry") result.retried++;
      else result.failed++;
    }
    if (rows.length < PUSH_BATCH_SIZE) break;
  }
  return result;
}

/**
 * Asks the push service for the receipts of messages accepted at least 15 minutes ago and records them:
 * `DeviceNotRegistered` forgets the token, other errors stay on the message, and a ticket without a receipt
 * is asked for again until it is a day old. Returns how many receipts were resolved.
 */
export async function checkPushReceipts(
  db: Db,
  sender: PushSender,
  opts: { onlyUser?: string } = {},
): Promise<number> {
  const due = await db.asService((tx) =>
    tx<{ id: string; ticket_id: string }[]>`select id, ticket_id
                                              from private.due_push_receipts(${1000}, ${900}, ${
      opts.onlyUser ?? null
    })`
  );
  if (due.length === 0) return 0;
  const receipts = await sender.receipts(due.map((d) => d.ticket_id));
  const records = due.map((d) => ({
    id: d.id,
    ...(receipts[d.ticket_id] ?? { status: "missing" as const }),
  }));
  await db.asService((tx) => tx`select private.record_push_receipts(${tx.json(records as never)})`);
  return due.filter((d) => receipts[d.ticket_id]).length;
}
