import assert from "node:assert/strict";
import Stripe from "stripe";
import {
  StripePayments,
  type StripePaymentsOptions,
} from "../../supabase/functions/_shared/adapters/stripe-payments.ts";
import {
  LocalPayments,
  readLocalCheckoutSession,
  renderLocalCheckoutPage,
  signedCompletedEvent,
} from "../../supabase/functions/_shared/adapters/local-payments.ts";
import {
  CHECKOUT_PRESETS_EUR,
  creditsToEurString,
  CUSTOM_AMOUNT_MAX_EUR,
  CUSTOM_AMOUNT_MIN_EUR,
  formatEur,
} from "../../supabase/functions/_shared/money.ts";
import { ApiError } from "../../supabase/functions/_shared/errors.ts";
import { StandInServer } from "../stand_in_server.ts";
import { UpstreamError } from "../../supabase/functions/_shared/ports/upstream.ts";
import type { CheckoutRequest } from "../../supabase/functions/_shared/ports/payments.ts";

const KEY = `sk_test_${crypto.randomUUID().replaceAll("-", "")}`;
const SECRET = `whsec_${crypto.randomUUID().replaceAll("-", "")}`;
const NEXT_SECRET = `whsec_${crypto.randomUUID().replaceAll("-", "")}`;
const USER_ID = "3f1c1b8e-6a51-4c1e-9d0e-4f6b8a2c7d10";
const cryptoProvider = Stripe.createSubtleCryptoProvider();

const CHECKOUT = {
  userId: USER_ID,
  amountEur: 20,
  credits: 2000,
  successUrl: "appgen://billing/success?session={CHECKOUT_SESSION_ID}",
  cancelUrl: "appgen://billing/cancel",
  idempotencyKey: "topup-7c1d",
} satisfies CheckoutRequest;

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  form: URLSearchParams;
}

type Mode = "normal" | "fail" | "hang";

/** Just enough of Stripe's `POST /v1/checkout/sessions` to hold the adapter to the wire protocol. */
class StripeStandIn extends StandInServer {
  readonly seen: Seen[] = [];
  mode: Mode = "normal";

  options(overrides: Partial<StripePaymentsOptions> = {}): StripePaymentsOptions {
    return {
      secretKey: KEY,
      webhookSecrets: [SECRET],
      apiBaseUrl: this.url,
      timeoutMs: 5_000,
      ...overrides,
    };
  }

  protected async handle(req: Request): Promise<Response> {
    const form = new URLSearchParams(await req.text());
    this.seen.push({
      method: req.method,
      path: new URL(req.url).pathname,
      authorization: req.headers.get("authorization"),
      idempotencyKey: req.headers.get("idempotency-key"),
      form,
    });
    if (this.mode === "fail") {
      // Echoes the key back, as a careless proxy might, to prove it never reaches our error messages.
      return Response.json({ error: { type: "api_error", message: `boom while serving ${KEY}` } }, {
        status: 500,
      });
    }
    if (this.mode === "hang") return await this.hang();
    const id = "cs_test_a1b2c3";
    return Response.json({
      id,
      object: "checkout.session",
      mode: form.get("mode"),
      url: `https://checkout.stripe.com/c/pay/${id}`,
      client_reference_id: form.get("client_reference_id"),
    });
  }
}

async function withStandIn(fn: (standIn: StripeStandIn) => Promise<void>) {
  const standIn = new StripeStandIn();
  try {
    await fn(standIn);
  } finally {
    await standIn.close();
  }
}

Deno.test("createCheckout sends the session Stripe needs and returns its id and address", () =>
  withStandIn(async (standIn) => {
    const session = await new StripePayments(standIn.options()).createCheckout(CHECKOUT);
    assert.deepEqual(session, {
      id: "cs_test_a1b2c3",
      url: "https://checkout.stripe.com/c/pay/cs_test_a1b2c3",
    });

    assert.equal(standIn.seen.length, 1);
    const [seen] = standIn.seen;
    assert.equal(seen.method, "POST");
    assert.equal(seen.path, "/v1/checkout/sessions");
    assert.equal(seen.authorization, `Bearer ${KEY}`);
    assert.equal(seen.idempotencyKey, "topup-7c1d");
    const expected: Record<string, string> = {
      "mode": "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": "2000",
      "line_items[0][price_data][product_data][name]": "2000 credits",
      "client_reference_id": USER_ID,
      "metadata[user_id]": USER_ID,
      "metadata[credits]": "2000",
      "payment_intent_data[metadata][user_id]": USER_ID,
      "payment_intent_data[metadata][credits]": "2000",
      "success_url": CHECKOUT.successUrl,
      "cancel_url": CHECKOUT.cancelUrl,
    };
    for (const [name, value] of Object.entries(expected)) assert.equal(seen.form.get(name), value, name);
  }));

Deno.test("checkouts without an idempotency key are never merged", () =>
  withStandIn(async (standIn) => {
    const payments = new StripePayments(standIn.options());
    await payments.createCheckout({ ...CHECKOUT, idempotencyKey: undefined });
    await payments.createCheckout({ ...CHECKOUT, idempotencyKey: undefined });
    // stripe-node still sends a key of its own on POSTs, fresh for each call.
    const [first, second] = standIn.seen.map((s) => s.idempotencyKey);
    assert.notEqual(first, "topup-7c1d");
    assert.notEqual(first, second);
  }));

async function rejectsUpstream(promise: Promise<unknown>, reason: RegExp) {
  await assert.rejects(promise, (err) => {
    assert.ok(err instanceof UpstreamError);
    assert.equal(err.status, 502);
    assert.equal(err.code, "payment_provider_failed");
    assert.match(err.message, reason);
    assert.ok(!err.message.includes(KEY), "the secret key leaked into the message");
    return true;
  });
}

Deno.test("a provider error becomes 502 payment_provider_failed without the key", () =>
  withStandIn(async (standIn) => {
    standIn.mode = "fail";
    await rejectsUpstream(
      new StripePayments(standIn.options()).createCheckout(CHECKOUT),
      /answered HTTP 500: boom while serving \[redacted\]/,
    );
    assert.equal(standIn.seen.length, 1, "one attempt, so the deadline bounds the whole call");
  }));

Deno.test("a provider that does not answer in time becomes 502", () =>
  withStandIn(async (standIn) => {
    standIn.mode = "hang";
    await rejectsUpstream(
      new StripePayments(standIn.options({ timeoutMs: 200 })).createCheckout(CHECKOUT),
      /did not answer within 200 ms/,
    );
  }));

Deno.test("an unreachable provider becomes 502", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = listener.addr.port;
  listener.close();
  const payments = new StripePayments({
    secretKey: KEY,
    webhookSecrets: [SECRET],
    apiBaseUrl: `http://127.0.0.1:${port}`,
    timeoutMs: 2_000,
  });
  await rejectsUpstream(payments.createCheckout(CHECKOUT), /could not be reached/);
});

// --- webhooks ---------------------------------------------------------------------------------------

function sessionEvent(type: string, session: Record<string, unknown> = {}) {
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: "cs_test_a1b2c3",
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        amount_total: 2000,
        currency: "eur",
        client_reference_id: USER_ID,
        metadata: { user_id: USER_ID, credits: "2000" },
        ...session,
      },
    },
  });
}

function sign(payload: string, secret = SECRET, timestamp?: number): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp, cryptoProvider });
}

/** The adapter for webhooks alone: verification never reaches the network. */
function webhookPayments(webhookSecrets = [SECRET]) {
  return new StripePayments({ secretKey: KEY, webhookSecrets, timeoutMs: 1_000 });
}

async function rejects400(promise: Promise<unknown>, code: "invalid_signature" | "invalid_payload") {
  await assert.rejects(promise, (err) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 400);
    assert.equal(err.code, code);
    return true;
  });
}

Deno.test("a signed checkout.session.completed is verified and normalized", async () => {
  const body = sessionEvent("checkout.session.completed");
  const event = await webhookPayments().verifyWebhook(body, await sign(body));
  assert.deepEqual(event, {
    id: JSON.parse(body).id,
    type: "checkout.session.completed",
    sessionId: "cs_test_a1b2c3",
    paymentStatus: "paid",
    userId: USER_ID,
    credits: 2000,
    amountTotalCents: 2000,
    currency: "eur",
  });
});

Deno.test("checkout.session.async_payment_succeeded is normalized the same way", async () => {
  const body = sessionEvent("checkout.session.async_payment_succeeded");
  const event = await webhookPayments().verifyWebhook(body, await sign(body));
  assert.equal(event.type, "checkout.session.async_payment_succeeded");
  assert.equal(event.paymentStatus, "paid");
  assert.equal(event.userId, USER_ID);
  assert.equal(event.credits, 2000);
});

Deno.test("the user falls back to client_reference_id when metadata lacks it", async () => {
  const body = sessionEvent("checkout.session.completed", { metadata: { credits: "500" } });
  const event = await webhookPayments().verifyWebhook(body, await sign(body));
  assert.equal(event.userId, USER_ID);
  assert.equal(event.credits, 500);
});

Deno.test("an event of another type comes back with only its id and type", async () => {
  const body = JSON.stringify({
    id: "evt_other",
    object: "event",
    type: "customer.created",
    data: { object: { id: "cus_1", object: "customer" } },
  });
  assert.deepEqual(await webhookPayments().verifyWebhook(body, await sign(body)), {
    id: "evt_other",
    type: "customer.created",
  });
});

Deno.test("a signature made with another secret is invalid_signature", async () => {
  const body = sessionEvent("checkout.session.completed");
  await rejects400(webhookPayments().verifyWebhook(body, await sign(body, NEXT_SECRET)), "invalid_signature");
});

Deno.test("a signature older than 300 s is invalid_signature; a recent one is accepted", async () => {
  const body = sessionEvent("checkout.session.completed");
  const now = Math.floor(Date.now() / 1000);
  await rejects400(
    webhookPayments().verifyWebhook(body, await sign(body, SECRET, now - 301)),
    "invalid_signature",
  );
  const event = await webhookPayments().verifyWebhook(body, await sign(body, SECRET, now - 240));
  assert.equal(event.type, "checkout.session.completed");
});

Deno.test("a body changed after signing is invalid_signature", async () => {
  const body = sessionEvent("checkout.session.completed");
  const header = await sign(body);
  const tampered = body.replace('"credits":"2000"', '"credits":"200000"');
  assert.notEqual(tampered, body);
  await rejects400(webhookPayments().verifyWebhook(tampered, header), "invalid_signature");
});

Deno.test("a missing or malformed signature header is invalid_signature", async () => {
  const body = sessionEvent("checkout.session.completed");
  await rejects400(webhookPayments().verifyWebhook(body, null), "invalid_signature");
  await rejects400(webhookPayments().verifyWebhook(body, ""), "invalid_signature");
  await rejects400(webhookPayments().verifyWebhook(body, "v1=abc"), "invalid_signature");
});

Deno.test("during a rotation an event signed with either configured secret is accepted", async () => {
  const body = sessionEvent("checkout.session.completed");
  const payments = webhookPayments([SECRET, NEXT_SECRET]);
  assert.equal((await payments.verifyWebhook(body, await sign(body, NEXT_SECRET))).credits, 2000);
  assert.equal((await payments.verifyWebhook(body, await sign(body, SECRET))).credits, 2000);
});

Deno.test("a header carrying two v1 signatures is accepted when one matches", async () => {
  const body = sessionEvent("checkout.session.completed");
  const timestamp = Math.floor(Date.now() / 1000);
  const retired = await sign(body, `whsec_retired_${crypto.randomUUID()}`, timestamp);
  const current = await sign(body, SECRET, timestamp);
  const header = `${retired},v1=${current.split("v1=")[1]}`;
  assert.equal(header.match(/v1=/g)?.length, 2);
  assert.equal((await webhookPayments().verifyWebhook(body, header)).userId, USER_ID);
});

Deno.test("a signed body that is not a usable event is invalid_payload", async () => {
  const payments = webhookPayments();
  const bodies = [
    "not json",
    JSON.stringify({ object: "event", type: "checkout.session.completed" }),
    JSON.stringify({ id: "evt_1", object: "event", type: "checkout.session.completed", data: {} }),
    sessionEvent("checkout.session.completed", { metadata: { user_id: USER_ID } }),
    sessionEvent("checkout.session.completed", { metadata: { user_id: USER_ID, credits: "0" } }),
    sessionEvent("checkout.session.completed", { metadata: { user_id: USER_ID, credits: "12.5" } }),
    sessionEvent("checkout.session.completed", { metadata: {}, client_reference_id: null }),
    sessionEvent("checkout.session.completed", { amount_total: null }),
    sessionEvent("checkout.session.completed", { payment_status: undefined }),
  ];
  for (const body of bodies) {
    await rejects400(payments.verifyWebhook(body, await sign(body)), "invalid_payload");
  }
});

// --- local stack ------------------------------------------------------------------------------------

Deno.test("signedCompletedEvent yields a paid session event that both adapters verify", async () => {
  const session = {
    id: "cs_local_0123456789abcdef01234567",
    userId: USER_ID,
    credits: 10_000,
    amountEur: 100,
    successUrl: CHECKOUT.successUrl,
    cancelUrl: CHECKOUT.cancelUrl,
  };
  const { body, header } = await signedCompletedEvent(SECRET, session);
  const local = new LocalPayments({
    webhookSecret: SECRET,
    checkoutPageBaseUrl: "http://127.0.0.1:1/pay",
    sessionDir: await Deno.makeTempDir(),
  });
  for (const payments of [local, webhookPayments()]) {
    const event = await payments.verifyWebhook(body, header);
    assert.equal(event.type, "checkout.session.completed");
    assert.equal(event.sessionId, session.id);
    assert.equal(event.paymentStatus, "paid");
    assert.equal(event.userId, USER_ID);
    assert.equal(event.credits, 10_000);
    assert.equal(event.amountTotalCents, 10_000);
    assert.equal(event.currency, "eur");
  }
  const parsed = JSON.parse(body);
  assert.equal(parsed.object, "event");
  assert.equal(parsed.data.object.mode, "payment");
  assert.equal(parsed.data.object.client_reference_id, USER_ID);
  await rejects400(
    local.verifyWebhook(body, (await signedCompletedEvent(NEXT_SECRET, session)).header),
    "invalid_signature",
  );
});

Deno.test("LocalPayments keeps each session it opens; the page address carries only its id", async () => {
  const sessionDir = await Deno.makeTempDir();
  const local = new LocalPayments({
    webhookSecret: SECRET,
    checkoutPageBaseUrl: "http://127.0.0.1:54321/checkout/",
    sessionDir,
  });
  try {
    const session = await local.createCheckout(CHECKOUT);
    assert.match(session.id, /^cs_local_[0-9a-f]{24}$/);
    assert.equal(session.url, `http://127.0.0.1:54321/checkout/${session.id}`);
    assert.deepEqual(await readLocalCheckoutSession(sessionDir, session.id), {
      id: session.id,
      userId: USER_ID,
      amountEur: 20,
      credits: 2000,
      successUrl: CHECKOUT.successUrl,
      cancelUrl: CHECKOUT.cancelUrl,
    });
    assert.equal(await readLocalCheckoutSession(sessionDir, "cs_local_0123456789abcdef01234567"), null);
    assert.equal(await readLocalCheckoutSession(sessionDir, "../../etc/passwd"), null);

    assert.deepEqual(
      await local.createCheckout(CHECKOUT),
      session,
      "the same idempotency key, the same session",
    );
    assert.notEqual((await local.createCheckout({ ...CHECKOUT, amountEur: 5, credits: 500 })).id, session.id);
    const fresh = { ...CHECKOUT, idempotencyKey: undefined };
    assert.notEqual((await local.createCheckout(fresh)).id, (await local.createCheckout(fresh)).id);
  } finally {
    await Deno.remove(sessionDir, { recursive: true });
  }
});

Deno.test("the local checkout page is self-contained, with Pay, Cancel and a result line", () => {
  const html = renderLocalCheckoutPage({
    sessionId: "cs_local_abc",
    amountEur: 1234,
    credits: 123_400,
    successUrl: "appgen://done?x=</script><script>alert(1)</script>",
    cancelUrl: 'https://example.com/cancel?a=1&b="2"',
    payUrl: "/checkout/cs_local_abc/pay",
  });
  assert.match(html, /<button id="pay"/);
  assert.match(html, /id="result"/);
  assert.match(html, /1\.234,00\u00a0€/);
  assert.match(html, /123400 credits/);
  assert.ok(html.includes('href="https://example.com/cancel?a=1&amp;b=&quot;2&quot;"'));
  assert.ok(html.includes('"/checkout/cs_local_abc/pay"'));
  assert.equal(html.match(/<\/script>/g)?.length, 1, "a URL cannot close the script element");
  assert.doesNotMatch(html, /<link|src=|@import|url\(/, "no external assets");
});

Deno.test("the local checkout page refuses links that would run script", () => {
  const params = {
    sessionId: "cs_local_abc",
    amountEur: 5,
    credits: 500,
    successUrl: "appgen://done",
    cancelUrl: "appgen://cancel",
    payUrl: "/pay",
  };
  for (const bad of ["javascript:alert(1)", "data:text/html,hi", "not a url"]) {
    assert.throws(() => renderLocalCheckoutPage({ ...params, successUrl: bad }), ApiError);
    assert.throws(() => renderLocalCheckoutPage({ ...params, cancelUrl: bad }), ApiError);
  }
});

// --- money ------------------------------------------------------------------------------------------

Deno.test("formatEur prints credits as Italian euros with a no-break space before the sign", () => {
  const cases: [number | bigint, string][] = [
    [0, "0,00 €"],
    [1, "0,01 €"],
    [99, "0,99 €"],
    [100, "1,00 €"],
    [123456, "1.234,56 €"],
    [100000000, "1.000.000,00 €"],
    [-1, "-0,01 €"],
    [-500, "-5,00 €"],
    [-123456, "-1.234,56 €"],
    [123456789012345678901234n, "1.234.567.890.123.456.789.012,34 €"],
  ];
  for (const [credits, text] of cases) {
    assert.equal(formatEur(credits), text.replace(" ", "\u00a0"), String(credits));
  }
  // Where it-IT's minimum-grouping rule does not apply, Intl agrees character for character.
  const intl = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" });
  for (const credits of [12_345_678, -12_345_678, 7]) {
    assert.equal(formatEur(credits), intl.format(credits / 100));
  }
  assert.throws(() => formatEur(1.5), RangeError);
});

Deno.test("creditsToEurString gives plain decimal euros", () => {
  assert.equal(creditsToEurString(1234), "12.34");
  assert.equal(creditsToEurString(0), "0.00");
  assert.equal(creditsToEurString(5), "0.05");
  assert.equal(creditsToEurString(-500), "-5.00");
  assert.equal(creditsToEurString(123456n), "1234.56");
});

Deno.test("checkout presets and custom bounds are the contract's", () => {
  assert.deepEqual([...CHECKOUT_PRESETS_EUR], [5, 20, 100, 200]);
  assert.equal(CUSTOM_AMOUNT_MIN_EUR, 1);
  assert.equal(CUSTOM_AMOUNT_MAX_EUR, 1000);
});
