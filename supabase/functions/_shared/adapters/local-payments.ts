// Payments for the embedded local stack, which has no provider keys. The gateway serves the checkout page;
// its Pay button has the gateway sign a `checkout.session.completed` exactly as Stripe would and deliver it
// to the webhook route, so verification and the wallet top-up run the production code path. Like Stripe, the
// service keeps each session it opens (a file per session next to the blob store): the page shows and pays
// exactly the stored terms, and its address carries nothing but the session id.
import { dirname, join } from "node:path";
import Stripe from "stripe";
import { ApiError } from "../errors.ts";
import { escapeHtml } from "../html.ts";
import { CREDITS_PER_EUR, formatEur } from "../money.ts";
import type { CheckoutRequest, CheckoutSession, PaymentEvent, Payments } from "../ports/payments.ts";
import {
  checkoutMetadata,
  DEFAULT_TOLERANCE_SECONDS,
  stripeSignatureHeader,
  verifyStripeSignature,
} from "./stripe-payments.ts";

/** What a local checkout session sells, as the service opened it. */
export interface LocalCheckoutSession {
  id: string;
  userId: string;
  amountEur: number;
  credits: number;
  successUrl: string;
  cancelUrl: string;
}

const SESSION_ID = /^cs_local_[0-9a-f]{24}$/;

/** Where the local stack keeps its checkout sessions: beside the blob store, never inside a bucket. */
export function localCheckoutSessionDir(storageDir: string): string {
  return join(dirname(storageDir), "checkout-sessions");
}

/** The session the service opened under `id`, or null for an id it never issued. */
export async function readLocalCheckoutSession(
  dir: string,
  id: string,
): Promise<LocalCheckoutSession | null> {
  if (!SESSION_ID.test(id)) return null;
  try {
    return JSON.parse(await Deno.readTextFile(join(dir, `${id}.json`)));
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw err;
  }
}

export interface LocalPaymentsOptions {
  /** The secret the gateway signs the events with. */
  webhookSecret: string;
  /**
   * The gateway's checkout page; a session's page is `<checkoutPageBaseUrl>/<session id>`, and the page it
   * returns to by default `<…>/<session id>/return`.
   */
  checkoutPageBaseUrl: string;
  /** Where sessions are kept for the gateway to read (localCheckoutSessionDir). */
  sessionDir: string;
  toleranceSeconds?: number;
}

const TOKEN_BYTES = 12;

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function randomToken(): string {
  return hex(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
}

/**
 * Like Stripe, a repeated idempotency key returns the same session; the terms are hashed in too, so a key
 * reused for a different purchase (or by another user) never lands on someone else's session id.
 */
async function sessionToken(req: CheckoutRequest): Promise<string> {
  if (req.idempotencyKey === undefined) return randomToken();
  const terms = JSON.stringify([
    req.idempotencyKey,
    req.userId,
    req.amountEur,
    req.credits,
    req.successUrl,
    req.cancelUrl,
  ]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(terms));
  return hex(new Uint8Array(digest).slice(0, TOKEN_BYTES));
}

export class LocalPayments implements Payments {
  private readonly toleranceSeconds: number;

  constructor(private readonly options: LocalPaymentsOptions) {
    this.toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  }

  /** Keeps the session for the gateway (written aside and renamed, so it is never read half-written). */
  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const id = `cs_local_${await sessionToken(req)}`;
    const page = `${this.options.checkoutPageBaseUrl.replace(/\/+$/, "")}/${id}`;
    // No app to return to on a desktop: the stack's own page, which shows the balance, stands in for it.
    const session: LocalCheckoutSession = {
      id,
      userId: req.userId,
      amountEur: req.amountEur,
      credits: req.credits,
      successUrl: req.successUrl ?? `${page}/return`,
      cancelUrl: req.cancelUrl ?? `${page}/return`,
    };
    const { sessionDir } = this.options;
    await Deno.mkdir(sessionDir, { recursive: true });
    const file = join(sessionDir, `${session.id}.json`);
    const tmp = `${file}.${crypto.randomUUID()}.tmp`;
    await Deno.writeTextFile(tmp, JSON.stringify(session));
    await Deno.rename(tmp, file);
    return { id, url: page };
  }

  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent> {
    return verifyStripeSignature(
      rawBody,
      signatureHeader,
      [this.options.webhookSecret],
      this.toleranceSeconds,
    );
  }
}

/** A completed, paid session's event as Stripe sends it, with Stripe's own signature header. */
export async function signedCompletedEvent(
  secret: string,
  session: LocalCheckoutSession,
): Promise<{ body: string; header: string }> {
  const created = Math.floor(Date.now() / 1000);
  const amountCents = session.amountEur * 100;
  const body = JSON.stringify({
    id: `evt_local_${randomToken()}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: "checkout.session.completed",
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        amount_subtotal: amountCents,
        amount_total: amountCents,
        currency: "eur",
        client_reference_id: session.userId,
        metadata: checkoutMetadata(session.userId, session.credits),
        payment_intent: `pi_local_${randomToken()}`,
        created,
        livemode: false,
      },
    },
  });
  return { body, header: await stripeSignatureHeader(body, secret) };
}

// Schemes that would run script on the gateway's origin if followed from the page.
const SCRIPT_SCHEMES = new Set(["javascript:", "data:", "vbscript:"]);

function navigableUrl(url: string, name: string): string {
  let scheme: string;
  try {
    scheme = new URL(url).protocol;
  } catch {
    throw new ApiError(400, "invalid_request", `${name} is not an absolute URL.`);
  }
  if (SCRIPT_SCHEMES.has(scheme)) throw new ApiError(400, "invalid_request", `${name} may not run script.`);
  return url;
}

/** A JSON literal that cannot close the surrounding script element. */
function scriptLiteral(value: string): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

/**
 * The local stand-in of Stripe's hosted checkout: self-contained (no external assets), with a Pay button
 * (`#pay`) that POSTs to `payUrl` and then follows `successUrl`, a Cancel link, and the outcome in `#result`.
 */
export function renderLocalCheckoutPage(params: {
  sessionId: string;
  amountEur: number;
  credits: number;
  successUrl: string;
  cancelUrl: string;
  payUrl: string;
}): string {
  const successUrl = navigableUrl(params.successUrl, "success_url");
  const cancelUrl = navigableUrl(params.cancelUrl, "cancel_url");
  const price = escapeHtml(formatEur(params.amountEur * CREDITS_PER_EUR));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (local)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; }
  main { max-width: 26rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 12px;
         box-shadow: 0 2px 12px rgb(0 0 0 / 0.08); }
  .price { font-size: 2rem; font-weight: 600; margin: 0.5rem 0; }
  .note, .session { color: #5f6368; font-size: 0.9rem; }
  button { width: 100%; padding: 0.8rem; font-size: 1rem; border: 0; border-radius: 8px;
           background: #635bff; color: #fff; cursor: pointer; }
  button:disabled { opacity: 0.6; cursor: default; }
  #cancel { display: block; text-align: center; margin-top: 1rem; color: #5f6368; }
  #result { min-height: 1.5em; margin-top: 1rem; }
</style>
</head>
<body>
<main>
  <h1>Top up your wallet</h1>
  <p class="price">${price}</p>
  <p>${escapeHtml(String(params.credits))} credits</p>
  <p class="note">Local test checkout: no card is charged and no money moves.</p>
  <p class="session">Session ${escapeHtml(params.sessionId)}</p>
  <button id="pay" type="button">Pay ${price}</button>
  <a id="cancel" href="${escapeHtml(cancelUrl)}">Cancel</a>
  <p id="result" role="status" aria-live="polite"></p>
</main>
<script>
  const payUrl = ${scriptLiteral(params.payUrl)};
  const successUrl = ${scriptLiteral(successUrl)};
  const pay = document.getElementById("pay");
  const result = document.getElementById("result");
  pay.addEventListener("click", async () => {
    pay.disabled = true;
    result.textContent = "Paying…";
    try {
      const res = await fetch(payUrl, { method: "POST" });
      if (!res.ok) throw new Error("the server answered HTTP " + res.status);
      result.textContent = "Payment received. Returning to the app…";
      location.assign(successUrl);
    } catch (err) {
      result.textContent = "Payment failed: " + err.message + ". You can try again.";
      pay.disabled = false;
    }
  });
</script>
</body>
</html>
`;
}

/**
 * Where the local checkout returns when no app deep link is set (a desktop has no app to open): whether the
 * session was paid (`#outcome`) and the wallet as it now stands (`#balance`, `#bonus`).
 */
export function renderLocalReturnPage(params: {
  sessionId: string;
  credits: number;
  paid: boolean;
  wallet: { balance: number; bonusBalance: number } | null;
}): string {
  const outcome = params.paid
    ? `Payment received: ${params.credits} credits were added.`
    : "Not paid: nothing was charged or added.";
  const wallet = params.wallet
    ? `<p>Balance: <strong id="balance">${params.wallet.balance}</strong> credits ` +
      `(${escapeHtml(formatEur(params.wallet.balance))})</p>\n  <p class="note">Welcome bonus: ` +
      `<span id="bonus">${params.wallet.bonusBalance}</span> credits</p>`
    : `<p id="balance">The account no longer exists.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout finished (local)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; }
  main { max-width: 26rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 12px;
         box-shadow: 0 2px 12px rgb(0 0 0 / 0.08); }
  .note, .session { color: #5f6368; font-size: 0.9rem; }
</style>
</head>
<body>
<main>
  <h1>Your wallet</h1>
  <p id="outcome">${escapeHtml(outcome)}</p>
  ${wallet}
  <p class="session">Session ${escapeHtml(params.sessionId)}</p>
</main>
</body>
</html>
`;
}
