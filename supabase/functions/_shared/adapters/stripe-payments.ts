// Stripe adapter: a Checkout Session sells the credits, and Stripe's signed webhook reports the payment.
// Deno has no synchronous HMAC, so only Stripe's async webhook helpers are used, with SubtleCrypto.
import Stripe from "stripe";
import { ApiError } from "../errors.ts";
import {
  APP_RETURN_URLS,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type Payments,
} from "../ports/payments.ts";
import { UpstreamError } from "../ports/upstream.ts";

export interface StripePaymentsOptions {
  secretKey: string;
  /** Every endpoint secret currently valid: while one is rotated, events signed with either verify. */
  webhookSecrets: string[];
  /** Another API address, for a loopback stand-in; only its scheme, host and port are used. */
  apiBaseUrl?: string;
  timeoutMs: number;
  /** The oldest signature accepted, in seconds; it bounds how long a captured event can be replayed. */
  toleranceSeconds?: number;
}

/** Stripe's own default, which its retries of undelivered events respect by re-signing each attempt. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const QUOTED_MESSAGE_MAX = 200;
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** The events that mean a session's money arrived (`async_payment_succeeded` for delayed methods). */
const PAID_SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);

/** What every checkout carries back in its events: whose wallet to credit and by how much. */
export function checkoutMetadata(userId: string, credits: number): Record<string, string> {
  return { user_id: userId, credits: String(credits) };
}

/** Signs a body the way Stripe does, for the local checkout and for tests of the verifying side. */
export function stripeSignatureHeader(payload: string, secret: string, timestamp?: number): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp, cryptoProvider });
}

function invalidPayload(message: string): ApiError {
  return new ApiError(400, "invalid_payload", message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Stripe metadata values are always strings; anything but a plain positive integer is refused. */
function positiveInteger(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^[1-9][0-9]*$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

function normalize(event: unknown): PaymentEvent {
  if (!isRecord(event) || typeof event.id !== "string" || typeof event.type !== "string") {
    throw invalidPayload("The signed body is not an event with an id and a type.");
  }
  const { id, type } = event;
  if (!PAID_SESSION_EVENTS.has(type)) return { id, type };

  const session = isRecord(event.data) ? event.data.object : undefined;
  if (
    !isRecord(session) || session.object !== "checkout.session" || typeof session.id !== "string" ||
    typeof session.payment_status !== "string"
  ) {
    throw invalidPayload(`The ${type} event does not carry a checkout session.`);
  }
  const metadata = isRecord(session.metadata) ? session.metadata : {};
  const userId = nonEmptyString(metadata.user_id) ?? nonEmptyString(session.client_reference_id);
  const credits = positiveInteger(metadata.credits);
  const amountTotalCents = session.amount_total;
  const currency = session.currency;
  // Every checkout this service opens sets all of these; a session without them was not sold by it.
  if (
    !userId || credits === undefined || typeof amountTotalCents !== "number" ||
    !Number.isSafeInteger(amountTotalCents) || typeof currency !== "string"
  ) {
    throw invalidPayload(`The ${type} event lacks the user, credits, amount or currency of a top-up.`);
  }
  return {
    id,
    type,
    sessionId: session.id,
    paymentStatus: session.payment_status,
    userId,
    credits,
    amountTotalCents,
    currency,
  };
}

/**
 * Verifies a Stripe-signed body against each secret in turn (the header may itself carry several `v1`
 * signatures, any of which may match) and normalizes the event. Shared by every adapter that speaks
 * Stripe's webhook format, so the local checkout exercises the same path as production.
 */
export async function verifyStripeSignature(
  rawBody: string,
  signatureHeader: string | null,
  secrets: readonly string[],
  toleranceSeconds: number,
): Promise<PaymentEvent> {
  if (!signatureHeader) {
    throw new ApiError(400, "invalid_signature", "The request carries no payment signature.");
  }
  // Stripe's helper bounds only the age: a timestamp ahead of the clock would keep a captured event
  // replayable until then, so one beyond the tolerance is refused as well.
  const signedAt = Number(/(?:^|,)\s*t=([0-9]{1,15})(?:,|$)/.exec(signatureHeader)?.[1]);
  if (signedAt > Date.now() / 1000 + toleranceSeconds) {
    throw new ApiError(
      400,
      "invalid_signature",
      `The payment signature's timestamp is more than ${toleranceSeconds} seconds in the future.`,
    );
  }
  for (const secret of secrets) {
    let event: unknown;
    try {
      event = await Stripe.webhooks.constructEventAsync(
        rawBody,
        signatureHeader,
        secret,
        toleranceSeconds,
        cryptoProvider,
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) continue;
      // The signature held, so these are the bytes the provider signed; they just are not a JSON event.
      throw invalidPayload("The signed body is not a JSON event.");
    }
    return normalize(event);
  }
  throw new ApiError(
    400,
    "invalid_signature",
    `The payment signature does not match the body, or is older than ${toleranceSeconds} seconds.`,
  );
}

function apiAddress(baseUrl: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

export class StripePayments implements Payments {
  private readonly stripe: Stripe;
  private readonly toleranceSeconds: number;

  constructor(private readonly options: StripePaymentsOptions) {
    this.toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
    this.stripe = new Stripe(options.secretKey, {
      httpClient: Stripe.createFetchHttpClient(),
      timeout: options.timeoutMs,
      // No retries (beyond stripe-node's one for a closed connection), so timeoutMs bounds the call; the
      // client may retry it with its idempotency key.
      maxNetworkRetries: 0,
      ...apiAddress(options.apiBaseUrl),
    });
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const metadata = checkoutMetadata(req.userId, req.credits);
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{
            quantity: 1,
            price_data: {
              currency: "eur",
              unit_amount: req.amountEur * 100, // Stripe counts in cents
              product_data: { name: `${req.credits} credits` },
            },
          }],
          client_reference_id: req.userId,
          metadata,
          // Also on the payment itself, so refunds and disputes in the dashboard name the wallet.
          payment_intent_data: { metadata },
          success_url: req.successUrl ?? APP_RETURN_URLS.success,
          cancel_url: req.cancelUrl ?? APP_RETURN_URLS.cancel,
        },
        { idempotencyKey: req.idempotencyKey },
      );
    } catch (err) {
      throw this.failure(err);
    }
    if (!session.url) {
      throw new UpstreamError(
        "payment_provider_failed",
        "Creating the checkout failed: the payment provider answered without a checkout address.",
      );
    }
    return { id: session.id, url: session.url };
  }

  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent> {
    return verifyStripeSignature(
      rawBody,
      signatureHeader,
      this.options.webhookSecrets,
      this.toleranceSeconds,
    );
  }

  /** The provider's own words when it answered (without the key, should it echo it), else why not. */
  private failure(err: unknown): UpstreamError {
    let reason = "could not be reached";
    if (err instanceof Stripe.errors.StripeError) {
      const detail = err.detail as { code?: unknown } | undefined;
      if (typeof err.statusCode === "number") {
        const said = err.message.replaceAll(this.options.secretKey, "[redacted]").slice(
          0,
          QUOTED_MESSAGE_MAX,
        );
        reason = `answered HTTP ${err.statusCode}${said ? `: ${said}` : ""}`;
      } else if (detail?.code === Stripe.HttpClient.TIMEOUT_ERROR_CODE) {
        reason = `did not answer within ${this.options.timeoutMs} ms`;
      }
    }
    return new UpstreamError(
      "payment_provider_failed",
      `Creating the checkout failed: the payment provider ${reason}.`,
    );
  }
}
