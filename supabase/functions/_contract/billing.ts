// Section E of the contract: a checkout that sells credits through the payments port, and the payment
// provider's signed webhook that credits them. The wallet is credited only from a verified event, once per
// checkout session (private.credit_topup), never from the browser returning to the success URL.
import { createRoute, z } from "@hono/zod-openapi";
import {
  errorResponses,
  exampleNeeds,
  jsonBody,
  jsonContent,
  routeBodyLimit,
  UNEXPECTED,
  Uuid,
} from "./common.ts";
import { LIMITS } from "./limits.gen.ts";
import { CHECKOUT_PRESETS_EUR, CUSTOM_AMOUNT_MAX_EUR, CUSTOM_AMOUNT_MIN_EUR } from "../_shared/money.ts";

export const WebhookReceived = z.object({
  received: z.literal(true),
  outcome: z.enum(["credited", "duplicate", "ignored", "wallet_missing"]).openapi({
    description: "`credited`: this delivery topped the wallet up; `duplicate`: the session was credited " +
      "before; `ignored`: not a paid checkout session; `wallet_missing`: the paying account no longer exists " +
      "(nothing is credited; the payment needs a manual refund).",
  }),
}).openapi("PaymentWebhookReceived");

const RETURN_URL_MAX = 2048;
// Provider events are a few kilobytes; anything much larger is not one and is refused unread.
const MAX_WEBHOOK_BYTES = 256 * 1024;
// Schemes a browser would run or read locally instead of navigating back to the app or a site.
const UNSAFE_SCHEMES = new Set([
  "javascript:",
  "data:",
  "vbscript:",
  "file:",
  "blob:",
  "about:",
  "filesystem:",
]);

/** http(s) with a host, or an app deep link `scheme://…`; printable ASCII only, so nothing is smuggled in. */
function isReturnUrl(value: string): boolean {
  if (!/^[\x21-\x7e]+$/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === "http:" || url.protocol === "https:") return url.hostname !== "";
  return !UNSAFE_SCHEMES.has(url.protocol) && value.startsWith(`${url.protocol}//`);
}

const ReturnUrl = z.string().max(RETURN_URL_MAX).refine(isReturnUrl, {
  error: "must be an http(s) URL or an app deep link (scheme://…) of printable ASCII; " +
    "javascript:, data: and similar schemes are refused",
}).openapi({
  format: "uri",
  pattern: "^[\\x21-\\x7e]+$",
  description: "An http(s) URL with a host or an app deep link (`scheme://…`), printable ASCII; " +
    "`javascript:`, `data:` and similar schemes are refused.",
});

const CheckoutRequest = z.strictObject({
  // The enum is spelled out: the converter documents only the first value of a multi-value literal.
  preset_eur: z.literal([...CHECKOUT_PRESETS_EUR]).optional().openapi({
    type: "integer",
    enum: [...CHECKOUT_PRESETS_EUR],
    description: `One of the preset amounts in whole euros: ${CHECKOUT_PRESETS_EUR.join(", ")}.`,
  }),
  amount_eur: z.int().min(CUSTOM_AMOUNT_MIN_EUR).max(CUSTOM_AMOUNT_MAX_EUR).optional().openapi({
    description: `A custom amount in whole euros, ${CUSTOM_AMOUNT_MIN_EUR}..${CUSTOM_AMOUNT_MAX_EUR}.`,
  }),
  success_url: ReturnUrl.optional().openapi({
    description:
      "Where the payer returns after paying; default: the setting `CHECKOUT_SUCCESS_URL`, else the " +
      "app's deep link (on the local stack, its page showing the new balance). " +
      `At most ${RETURN_URL_MAX} characters.`,
    example: "appgen://billing/success",
  }),
  cancel_url: ReturnUrl.optional().openapi({
    description: "Where the payer returns on cancel; default: the setting `CHECKOUT_CANCEL_URL`, else as " +
      "`success_url`.",
    example: "appgen://billing/cancel",
  }),
  idempotency_key: Uuid.optional().openapi({
    description:
      "Repeat it when retrying after a lost answer to get the same session back, not a second one.",
  }),
}).refine((b) => (b.preset_eur === undefined) !== (b.amount_eur === undefined), {
  error: "give exactly one of preset_eur and amount_eur",
}).openapi("BillingCheckoutRequest", {
  description: "Exactly one of `preset_eur` and `amount_eur`.",
  oneOf: [{ required: ["preset_eur"] }, { required: ["amount_eur"] }],
});

const BillingCheckout = z.object({
  session_id: z.string().openapi({ description: "The payment provider's checkout session id." }),
  checkout_url: z.url().openapi({ description: "Where to send the payer." }),
  amount_eur: z.int(),
  credits: z.int().openapi({ description: "What the wallet receives once paid: amount_eur × 100." }),
  display_amount: z.string().openapi({ example: "20,00\u00a0€" }),
}).openapi("BillingCheckout");

export const routes = {
  createCheckout: createRoute({
    method: "post",
    path: "/billing/checkouts",
    operationId: "createCheckout",
    tags: ["Billing"],
    summary: "Open a hosted checkout that tops the wallet up",
    description: `Exactly one of \`preset_eur\` (${
      CHECKOUT_PRESETS_EUR.join(", ")
    }) and \`amount_eur\` (a whole number of euros, ${CUSTOM_AMOUNT_MIN_EUR}..${CUSTOM_AMOUNT_MAX_EUR}); \
fractions, zero, negatives, both or neither are 400. 1 EUR buys 100 credits. The wallet is credited when the \
payment provider reports the session paid (POST /billing/webhooks), not when the payer comes back. An account \
asks for at most ${LIMITS.settings.checkout_limit} checkouts per rolling hour, each request that reaches the provider counting \
(settings \`checkout_limit\` and \`checkout_window_seconds\`): past it 429 \`rate_limited\` with \`Retry-After\` \
(seconds).`,
    request: { body: jsonBody(CheckoutRequest, { preset_eur: 20 }) },
    responses: {
      201: jsonContent(BillingCheckout, "The checkout to send the payer to"),
      ...errorResponses([400, 404, 415, 429, 502, 503], {
        404: "`profile_not_found`: the account was deleted",
        429: "`rate_limited`: too many checkouts opened within the window; see `Retry-After` (seconds)",
        502: "`payment_provider_failed`: the provider refused or did not answer; retry with the same " +
          "idempotency_key",
        503:
          "`payments_not_configured`: no payment provider is set up (`details.missing` names the settings)",
      }),
    },
  }),
  receiveBillingWebhook: createRoute({
    method: "post",
    path: "/billing/webhooks",
    ...exampleNeeds("the payment provider's signature of the body (`Stripe-Signature`)"),
    operationId: "receiveBillingWebhook",
    tags: ["Billing"],
    summary: "The payment provider's events (public, signed)",
    description: `The signature (\`Stripe-Signature\` as the provider sends it, or \`Payment-Signature\`) is \
checked against the raw body with the webhook secret(s): a timestamp at most 300 seconds old and a matching \
\`v1\` HMAC-SHA256, any of several during a secret rotation. \`checkout.session.completed\` with \
\`payment_status: paid\` and \`checkout.session.async_payment_succeeded\` credit the session's credits to the \
paid balance (a negative balance is paid off first) exactly once per session, whatever the retries, duplicates \
or concurrent deliveries; the session must charge exactly its credits in EUR cents. Every other event is \
acknowledged with 200 and ignored.`,
    security: [],
    middleware: [routeBodyLimit(MAX_WEBHOOK_BYTES)],
    request: {
      headers: z.object({
        "stripe-signature": z.string().optional().openapi({
          description: "`t=<unix time>,v1=<hex>[,v1=…]`",
        }),
        "payment-signature": z.string().optional().openapi({
          description: "The same value under the contract's neutral name.",
        }),
      }),
      body: {
        required: true,
        content: {
          // A plain JSON Schema, not zod: the signature covers the exact bytes, so the handler reads them raw.
          "application/json": {
            schema: { type: "object", description: "The provider's event, exactly as signed." },
            example: {
              id: "evt_1QaZ2b",
              object: "event",
              type: "checkout.session.completed",
              data: {
                object: {
                  id: "cs_test_a1b2c3",
                  object: "checkout.session",
                  payment_status: "paid",
                  amount_total: 2000,
                  currency: "eur",
                  client_reference_id: "3f2b8c1e-5d4a-4e6b-9c7d-2a1e0f9b8c7d",
                  metadata: { user_id: "3f2b8c1e-5d4a-4e6b-9c7d-2a1e0f9b8c7d", credits: "2000" },
                },
              },
            },
          },
        },
      },
    },
    responses: {
      200: jsonContent(WebhookReceived, "Received"),
      ...errorResponses([400, 413, 503], {
        400: "`invalid_signature` (missing, mismatched, or signed more than 300 s before or after now) or " +
          "`invalid_payload` (not a usable event, or a session whose charge does not match its credits)",
        503:
          "`payments_not_configured`: no payment provider is set up (`details.missing` names the settings); " +
          "the provider retries later",
      }),
      default: UNEXPECTED,
    },
  }),
};
