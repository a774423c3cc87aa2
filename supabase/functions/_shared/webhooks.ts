// Outbound webhooks per the Standard Webhooks specification: where a delivery may go, how it is signed,
// and the worker's drain — claim due deliveries, send each once, record what the endpoint answered. The
// retry schedule and disabling live in SQL (private.record_webhook_attempts).
import type { Db } from "./db.ts";
import { checkOutbound, sendPinned } from "./outbound.ts";

const EXCERPT_BYTES = 500;

/** Why `url` may not receive webhooks, or null: the rules of every user-chosen target (outbound.ts). */
export async function webhookTargetProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  return (await checkOutbound(url, { allowPrivate })).problem ?? null;
}

/** The `webhook-signature` header: `v1,<base64 HMAC-SHA256 of id.timestamp.body>` for each secret. */
export async function signWebhook(
  secrets: string[],
  id: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  const signatures = await Promise.all(secrets.map(async (secret) => {
    const raw = Uint8Array.from(atob(secret.replace(/^whsec_/, "")), (c) => c.charCodeAt(0));
    const key = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, signed));
    return `v1,${btoa(String.fromCharCode(...mac))}`;
  }));
  return signatures.join(" ");
}

interface ClaimedDelivery {
  id: string;
  attempt: number;
  url: string;
  payload: unknown;
  secrets: string[];
}

interface AttemptOutcome {
  id: string;
  ok: boolean;
  status_code?: number;
  response_excerpt?: string;
  error?: string;
  duration_ms: number;
}

export interface WebhookOptions {
  allowPrivateTargets: boolean;
  timeoutMs: number;
  leaseSeconds: number;
}

/** Sends every due delivery, 50 at a time, until none is due; returns how many succeeded and failed. */
export async function drainWebhooks(
  db: Db,
  opts: WebhookOptions,
): Promise<{ delivered: number; failed: number }> {
  let delivered = 0;
  let failed = 0;
  while (true) {
    const batch = await db.asService(async (tx) =>
      (await tx`select private.claim_webhook_deliveries(${50}, ${opts.leaseSeconds}) as r`)[0]
        .r as ClaimedDelivery[]
    );
    if (batch.length === 0) return { delivered, failed };
    const outcomes = await Promise.all(batch.map((d) => send(d, opts)));
    await db.asService((tx) => tx`select private.record_webhook_attempts(${tx.json(outcomes as never)})`);
    for (const o of outcomes) o.ok ? delivered++ : failed++;
  }
}

async function send(d: ClaimedDelivery, opts: WebhookOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // Checked at every attempt, and the request goes to the addresses this check found.
  const checked = await checkOutbound(d.url, { allowPrivate: opts.allowPrivateTargets });
  if (checked.problem !== undefined) {
    return { id: d.id, ok: false, error: `not sent: ${checked.problem}`, duration_ms: elapsed() };
  }
  const body = JSON.stringify(d.payload);
  const msgId = `msg_${d.id.replaceAll("-", "")}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const signal = AbortSignal.timeout(opts.timeoutMs);
  try {
    const res = await sendPinned(checked.target, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "appgen-webhooks/1",
        "webhook-id": msgId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": await signWebhook(d.secrets, msgId, timestamp, body),
      },
      body,
    }, { signal, maxBodyBytes: EXCERPT_BYTES });
    const redirected = res.status >= 300 && res.status < 400;
    return {
      id: d.id,
      ok: res.status >= 200 && res.status < 300,
      status_code: res.status,
      response_excerpt: excerpt(res.body),
      ...(redirected ? { error: "redirects are not followed" } : {}),
      duration_ms: elapsed(),
    };
  } catch {
    return {
      id: d.id,
      ok: false,
      error: signal.aborted ? `no answer within ${opts.timeoutMs} ms` : "could not connect",
      duration_ms: elapsed(),
    };
  }
}

/** The answer's first bytes as text, cut on a character boundary (a partial UTF-8 sequence is dropped), NULs dropped. */
function excerpt(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes).replace(/\uFFFD$/, "").replaceAll("\0", "");
}
