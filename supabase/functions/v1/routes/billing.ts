// The billing routes' handlers, each registered against its definition in `_contract/billing.ts`.
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { type ApiApp, userRoute } from "../../_shared/http.ts";
import { Uuid } from "../../_contract/common.ts";
import { CREDITS_PER_EUR, formatEur } from "../../_shared/money.ts";
import { routes, WebhookReceived } from "../../_contract/billing.ts";
import { notConfigured } from "../../_shared/integrations.ts";
import type { Payments } from "../../_shared/ports/payments.ts";

function requirePayments(deps: Deps): Payments {
  if (!deps.payments) throw notConfigured("payments", deps.config);
  return deps.payments;
}

export function registerBillingRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier, config } = deps;

  api.openapi(
    userRoute(verifier, routes.createCheckout),
    async (c) => {
      const body = c.req.valid("json");
      const payments = requirePayments(deps);
      await selectAsUser(db, c.get("claims"), (tx) => tx`select api.admit_checkout() as r`);
      const userId = c.get("claims").sub;
      const amountEur = (body.preset_eur ?? body.amount_eur)!;
      const credits = amountEur * CREDITS_PER_EUR;
      const session = await payments.createCheckout({
        userId,
        amountEur,
        credits,
        successUrl: body.success_url ?? config.CHECKOUT_SUCCESS_URL,
        cancelUrl: body.cancel_url ?? config.CHECKOUT_CANCEL_URL,
        // Scoped to the caller: a key another user happens to send never returns this user's session.
        idempotencyKey: body.idempotency_key && `checkout:${userId}:${body.idempotency_key}`,
      });
      return c.json({
        session_id: session.id,
        checkout_url: session.url,
        amount_eur: amountEur,
        credits,
        display_amount: formatEur(credits),
      }, 201);
    },
  );

  api.openapi(
    routes.receiveBillingWebhook,
    async (c) => {
      const payments = requirePayments(deps);
      const signature = c.req.header("stripe-signature") ?? c.req.header("payment-signature") ?? null;
      const event = await payments.verifyWebhook(await c.req.text(), signature);
      // Only paid checkout sessions carry a session id and a paid status; `unpaid` completions of delayed
      // methods are credited by their async_payment_succeeded event instead.
      if (event.sessionId === undefined || event.paymentStatus !== "paid") {
        return c.json({ received: true as const, outcome: "ignored" as const }, 200);
      }
      if (!Uuid.safeParse(event.userId).success) {
        throw new ApiError(400, "invalid_payload", "The session does not name a user of this service.");
      }
      const [{ r }] = await db.asService((tx) =>
        tx`select private.credit_topup(${event.userId!}, ${event.sessionId!}, ${event.credits!},
             ${event.amountTotalCents!}, ${event.currency!},
             ${tx.json({ event_id: event.id, event_type: event.type })}) as r`
      );
      const outcome = (r as { outcome: z.infer<typeof WebhookReceived>["outcome"] }).outcome;
      if (outcome === "wallet_missing") {
        console.error(`checkout ${event.sessionId} was paid for user ${event.userId}, who has no wallet`);
      }
      return c.json({ received: true as const, outcome }, 200);
    },
  );
}
