// Payments port: a hosted checkout that sells credits, and the signed event that reports it paid. The wallet
// is credited only from a verified event, never from the browser coming back to the success URL.

export interface CheckoutRequest {
  userId: string;
  /** Whole euros. */
  amountEur: number;
  /** What the wallet receives once paid (1 EUR = 100 credits). */
  credits: number;
  /** Where the payer returns; absent, the provider's default (`APP_RETURN_URLS` or a page of its own). */
  successUrl?: string;
  cancelUrl?: string;
  /** The same key yields the same session, so a client retrying after a lost answer pays once. */
  idempotencyKey?: string;
}

/** The app's deep links: where a hosted checkout returns when neither the client nor the settings say. */
export const APP_RETURN_URLS = { success: "appgen://billing/success", cancel: "appgen://billing/cancel" };

export interface CheckoutSession {
  id: string;
  /** Where the user is sent to pay. */
  url: string;
}

/**
 * A provider event reduced to what the wallet needs. Checkout session events carry every optional field;
 * other types carry only `id` and `type`, so they can be acknowledged and ignored.
 */
export interface PaymentEvent {
  id: string;
  type: string;
  sessionId?: string;
  /** `paid` once the money is there; asynchronous methods report `unpaid` first. */
  paymentStatus?: string;
  userId?: string;
  credits?: number;
  amountTotalCents?: number;
  currency?: string;
}

export interface Payments {
  /** Throws UpstreamError when the provider refuses or cannot be reached. */
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Checks the signature over the exact bytes received and normalizes the event. Throws ApiError 400
   * `invalid_signature` (missing, mismatched or stale signature) or `invalid_payload` (signed but not an
   * event this port understands).
   */
  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent>;
}
