// Outbound webhooks per the Standard Webhooks specification: where a delivery may go, how it is signed,
// and the worker's drain — claim due deliveries, send each once, record what the endpoint answered. The
// retry schedule and disabling live in SQL (private.record_webhook_attempts).
import type { Db } from "./db.ts";

export const WEBHOOK_EVENTS = ["job.succeeded", "job.failed", "job.canceled", "wallet.topped_up"] as const;
const EXCERPT_BYTES = 500;

/** Why `url` may not receive webhooks, or null. Without `allowPrivate`: https only, public addresses only. */
export async function webhookTargetProblem(
  url: string,
  allowPrivate: boolean,
  resolve: (host: string, type: "A" | "AAAA") => Promise<string[]> = (h, t) => Deno.resolveDns(h, t),
): Promise<string | null> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "not a URL";
  }
  if (u.username || u.password) return "credentials in the URL are not allowed";
  if (u.protocol !== "https:" && !(allowPrivate && u.protocol === "http:")) return "must be https";
  if (allowPrivate) return null;
  const host = u.hostname.replace(/^\[|\]$/g, "");
  if (isIp(host)) return isPublicIp(host) ? null : "the address is private, loopback or link-local";
  if (/^localhost$|\.(localhost|local|internal|lan|home\.arpa)$/i.test(host)) return "the host is not public";
  const addresses = (await Promise.all(
    (["A", "AAAA"] as const).map((type) => resolve(host, type).catch(() => [] as string[])),
  )).flat();
  if (addresses.length === 0) return "the host does not resolve";
  return addresses.every(isPublicIp)
    ? null
    : "the host resolves to a private, loopback or link-local address";
}

function isIp(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(":");
}

/** True for a unicast address on the public internet. */
export function isPublicIp(ip: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip) ??
    /^::ffff:(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/i.exec(ip);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return !(a === 0 || a === 10 || a === 127 || a >= 224 || (a === 100 && b >= 64 && b < 128) ||
      (a === 169 && b === 254) || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168) ||
      (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19)));
  }
  const v6 = ip.toLowerCase();
  if (v6 === "::" || v6 === "::1" || v6.startsWith("::ffff:")) return false;
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast.
  return !/^(f[cd]|fe[89ab]|ff)/.test(v6);
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
  // Checked at every attempt, so a name that later resolves to a private address is refused then.
  const problem = await webhookTargetProblem(d.url, opts.allowPrivateTargets);
  if (problem) return { id: d.id, ok: false, error: `not sent: ${problem}`, duration_ms: elapsed() };
  const body = JSON.stringify(d.payload);
  const msgId = `msg_${d.id.replaceAll("-", "")}`;
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const res = await fetch(d.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "appgen-webhooks/1",
        "webhook-id": msgId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": await signWebhook(d.secrets, msgId, timestamp, body),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    const excerpt = await readExcerpt(res);
    const redirected = res.status >= 300 && res.status < 400;
    return {
      id: d.id,
      ok: res.status >= 200 && res.status < 300,
      status_code: res.status,
      response_excerpt: excerpt,
      ...(redirected ? { error: "redirects are not followed" } : {}),
      duration_ms: elapsed(),
    };
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === "TimeoutError";
    return {
      id: d.id,
      ok: false,
      error: timedOut ? `no answer within ${opts.timeoutMs} ms` : "could not connect",
      duration_ms: elapsed(),
    };
  }
}

/** The first bytes of the answer as text (NULs dropped); the rest is never read. */
async function readExcerpt(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  // Cut on a character boundary: a partial UTF-8 sequence at the end is dropped.
  return new TextDecoder().decode(bytes.subarray(0, EXCERPT_BYTES)).replace(/\uFFFD$/, "").replaceAll(
    "\0",
    "",
  )
    .slice(0, EXCERPT_BYTES);
}
