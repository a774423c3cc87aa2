// Section E over HTTP: checkouts through the local payments adapter, webhooks signed with Stripe's own
// test-header helper (valid, wrong secret, stale, tampered, other event types, rotation, 20 concurrent
// deliveries), and the same routes in-process with the Stripe adapter against a loopback stand-in and with
// no payments configured.
import assert from "node:assert/strict";
import Stripe from "stripe";
import { createV1App } from "../supabase/functions/v1/app.ts";
import { depsFromConfig } from "../supabase/functions/_shared/all-deps.ts";
import { loadConfig } from "../supabase/functions/_shared/config.ts";
import {
  localCheckoutSessionDir,
  readLocalCheckoutSession,
} from "../supabase/functions/_shared/adapters/local-payments.ts";
import {
  api,
  type ApiResponse,
  db,
  expectError,
  GATEWAY,
  inProcessApi,
  newUser,
  NO_STACK,
  type TestUser,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

const SECRET = NO_STACK ? "" : Deno.env.get("STRIPE_WEBHOOK_SECRETS")!.split(",")[0];
const cryptoProvider = Stripe.createSubtleCryptoProvider();

type Checkout = {
  session_id: string;
  checkout_url: string;
  amount_eur: number;
  credits: number;
  display_amount: string;
};
type Received = { received: true; outcome: string };

function sign(payload: string, secret = SECRET, timestamp?: number): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp, cryptoProvider });
}

/** A checkout session event as Stripe sends it, for `user` buying `credits`. */
function sessionEvent(
  user: { id: string },
  opts: { type?: string; session?: string; credits?: number; extra?: Record<string, unknown> } = {},
): string {
  const credits = opts.credits ?? 2000;
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type: opts.type ?? "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: opts.session ?? `cs_test_${crypto.randomUUID().replaceAll("-", "")}`,
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        amount_total: credits,
        currency: "eur",
        client_reference_id: user.id,
        metadata: { user_id: user.id, credits: String(credits) },
        ...opts.extra,
      },
    },
  });
}

async function deliver(body: string, header: string | null, headerName = "Stripe-Signature") {
  return await api<Received>("POST", "/billing/webhooks", {
    body,
    headers: { "content-type": "application/json", ...(header === null ? {} : { [headerName]: header }) },
  });
}

async function wallet(user: TestUser) {
  const res = await api<{ balance: number; bonus_balance: number; total: number }>("GET", "/wallets/me", {
    token: user.token,
  });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function topups(user: TestUser) {
  return await db()`select amount, balance_after, metadata from public.wallet_transactions
                    where user_id = ${user.id} and reason = 'topup' order by created_at`;
}

/** The session as the service stored it for the local checkout page. */
function storedSession(id: string) {
  return readLocalCheckoutSession(localCheckoutSessionDir(Deno.env.get("LOCAL_STORAGE_DIR")!), id);
}

function checkout(user: TestUser, body: unknown): Promise<ApiResponse<Checkout>> {
  return api<Checkout>("POST", "/billing/checkouts", { token: user.token, body });
}

t(
  "POST /billing/checkouts: every preset and a custom amount open a local checkout with the defaults",
  async () => {
    const user = await newUser("billing.buyer");
    for (const preset of [5, 20, 100, 200]) {
      const res = await checkout(user, { preset_eur: preset });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.amount_eur, preset);
      assert.equal(res.body.credits, preset * 100);
      assert.match(res.body.session_id, /^cs_local_[0-9a-f]{24}$/);
      assert.equal(res.body.checkout_url, `${GATEWAY}/checkout/${res.body.session_id}`);
      assert.deepEqual(await storedSession(res.body.session_id), {
        id: res.body.session_id,
        userId: user.id,
        amountEur: preset,
        credits: preset * 100,
        // No app deep link is set on the stack: the local checkout returns to its own page.
        successUrl: `${res.body.checkout_url}/return`,
        cancelUrl: `${res.body.checkout_url}/return`,
      });
    }
    const custom = await checkout(user, {
      amount_eur: 1000,
      success_url: "https://example.com/paid?session={CHECKOUT_SESSION_ID}",
      cancel_url: "appgen://billing/cancel?from=test",
    });
    assert.equal(custom.status, 201, custom.text);
    assert.deepEqual(
      [custom.body.amount_eur, custom.body.credits, custom.body.display_amount],
      [1000, 100_000, "1.000,00\u00a0€"],
    );
    const stored = await storedSession(custom.body.session_id);
    assert.equal(stored?.successUrl, "https://example.com/paid?session={CHECKOUT_SESSION_ID}");
    assert.equal(stored?.cancelUrl, "appgen://billing/cancel?from=test");
    assert.equal(
      (await checkout(user, { amount_eur: 1 })).status,
      201,
      "1 EUR is the smallest custom amount",
    );
  },
);

t(
  "POST /billing/checkouts: the same idempotency key gives the caller the same session, and only the caller",
  async () => {
    const [a, b] = [await newUser("billing.idem.a"), await newUser("billing.idem.b")];
    const key = crypto.randomUUID();
    const first = await checkout(a, { preset_eur: 20, idempotency_key: key });
    const again = await checkout(a, { preset_eur: 20, idempotency_key: key });
    assert.equal(first.status, 201);
    assert.equal(again.body.session_id, first.body.session_id);
    assert.notEqual(
      (await checkout(b, { preset_eur: 20, idempotency_key: key })).body.session_id,
      first.body.session_id,
    );
    assert.notEqual((await checkout(a, { preset_eur: 20 })).body.session_id, first.body.session_id);
  },
);

t(
  "POST /billing/checkouts: an account opens at most 10 checkouts an hour, then 429 with Retry-After",
  async () => {
    const [user, other] = [await newUser("billing.rate"), await newUser("billing.rate.other")];
    const opened = await Promise.all(Array.from({ length: 12 }, () => checkout(user, { preset_eur: 5 })));
    assert.deepEqual(opened.map((r) => r.status).sort(), [...Array(10).fill(201), 429, 429]);
    const refused = opened.find((r) => r.status === 429)!;
    expectError(refused, 429, "rate_limited");
    const retryAfter = Number(refused.headers.get("retry-after"));
    assert.ok(retryAfter > 3500 && retryAfter <= 3600, `Retry-After ${retryAfter} is the rest of the hour`);
    assert.equal((await checkout(other, { preset_eur: 5 })).status, 201, "another account has its own limit");
  },
);

t("POST /billing/checkouts: a deleted account's token gets 404 profile_not_found", async () => {
  const leaving = await newUser("billing.leaving");
  assert.equal((await api("DELETE", "/me", { token: leaving.token })).status, 204);
  expectError(await checkout(leaving, { preset_eur: 5 }), 404, "profile_not_found");
});

t(
  "POST /billing/checkouts: fractions, zero, negatives, both, neither and unsafe return URLs are 400",
  async () => {
    const user = await newUser("billing.bad");
    const bodies: unknown[] = [
      {},
      { preset_eur: 20, amount_eur: 20 },
      { preset_eur: 10 },
      { preset_eur: "20" },
      { amount_eur: 2.5 },
      { amount_eur: 0 },
      { amount_eur: -5 },
      { amount_eur: 1001 },
      { amount_eur: "7" },
      { amount_eur: 5, success_url: "javascript:alert(1)" },
      { amount_eur: 5, cancel_url: "data:text/html,hi" },
      { amount_eur: 5, success_url: "/relative/path" },
      { amount_eur: 5, success_url: "https://example.com/a b" },
      { amount_eur: 5, success_url: "mailto:someone@example.com" },
      { amount_eur: 5, success_url: `https://example.com/${"a".repeat(2048)}` },
      { amount_eur: 5, idempotency_key: "not-a-uuid" },
      { amount_eur: 5, user_id: crypto.randomUUID() },
    ];
    for (const body of bodies) {
      expectError(await checkout(user, body), 400, "invalid_request");
    }
    expectError(
      await api("POST", "/billing/checkouts", {
        token: user.token,
        body: "{",
        headers: { "content-type": "application/json" },
      }),
      400,
      "invalid_json",
    );
    expectError(
      await api("POST", "/billing/checkouts", {
        token: user.token,
        body: "amount_eur=5",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
    );
    expectError(await api("POST", "/billing/checkouts", { body: { preset_eur: 5 } }), 401, "unauthorized");
  },
);

t(
  "POST /billing/webhooks: a signed paid session credits the wallet once; retries are duplicates",
  async () => {
    const user = await newUser("billing.paid");
    const body = sessionEvent(user);
    const res = await deliver(body, await sign(body));
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { received: true, outcome: "credited" });
    const after = await wallet(user);
    assert.deepEqual([after.balance, after.bonus_balance, after.total], [2000, 500, 2500]);
    const [row] = await topups(user);
    const session = JSON.parse(body).data.object.id;
    assert.deepEqual([Number(row.amount), Number(row.balance_after)], [2000, 2000]);
    assert.equal(row.metadata.session_id, session);
    assert.equal(row.metadata.event_id, JSON.parse(body).id);

    assert.equal((await deliver(body, await sign(body))).body.outcome, "duplicate", "the same event again");
    const later = sessionEvent(user, { type: "checkout.session.async_payment_succeeded", session });
    assert.equal(
      (await deliver(later, await sign(later))).body.outcome,
      "duplicate",
      "another event, same session",
    );
    assert.equal((await wallet(user)).balance, 2000);
    assert.equal((await topups(user)).length, 1);
  },
);

t("POST /billing/webhooks: async_payment_succeeded credits; an unpaid completion waits for it", async () => {
  const user = await newUser("billing.async");
  const session = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
  const unpaid = sessionEvent(user, { session, credits: 500, extra: { payment_status: "unpaid" } });
  assert.deepEqual((await deliver(unpaid, await sign(unpaid))).body, { received: true, outcome: "ignored" });
  assert.equal((await wallet(user)).balance, 0);
  const paid = sessionEvent(user, {
    type: "checkout.session.async_payment_succeeded",
    session,
    credits: 500,
  });
  assert.equal((await deliver(paid, await sign(paid))).body.outcome, "credited");
  assert.equal((await wallet(user)).balance, 500);
});

t(
  "POST /billing/webhooks: the neutral Payment-Signature header and several v1 signatures are accepted",
  async () => {
    const user = await newUser("billing.headers");
    const body = sessionEvent(user, { credits: 700 });
    const res = await deliver(body, await sign(body), "Payment-Signature");
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.outcome, "credited");

    const rotated = sessionEvent(user, { credits: 300 });
    const timestamp = Math.floor(Date.now() / 1000);
    const retired = await sign(rotated, `whsec_retired${crypto.randomUUID().replaceAll("-", "")}`, timestamp);
    const current = await sign(rotated, SECRET, timestamp);
    const header = `${retired},v1=${current.split("v1=")[1]}`;
    assert.equal((await deliver(rotated, header)).body.outcome, "credited", "one of two v1 values matches");
    assert.equal((await wallet(user)).balance, 1000);
  },
);

t(
  "POST /billing/webhooks: wrong secret, stale or future timestamp, tampered body or no signature are 400",
  async () => {
    const user = await newUser("billing.forged");
    const body = sessionEvent(user);
    const now = Math.floor(Date.now() / 1000);
    expectError(
      await deliver(body, await sign(body, `whsec_${crypto.randomUUID()}`)),
      400,
      "invalid_signature",
    );
    // (Past the 300 s tolerance by a margin: the function's clock reading, under load, has lagged this one's by
    // a second, which made a signature 301 s old count as 300.)
    expectError(await deliver(body, await sign(body, SECRET, now - 330)), 400, "invalid_signature");
    // Signed ahead of the clock beyond the tolerance: replayable until then, so refused too.
    for (const ahead of [301, 3600, 10 * 365 * 86400]) {
      expectError(await deliver(body, await sign(body, SECRET, now + ahead)), 400, "invalid_signature");
    }
    const tampered = body.replace('"credits":"2000"', '"credits":"200000"').replace(
      '"amount_total":2000',
      '"amount_total":200000',
    );
    assert.notEqual(tampered, body);
    expectError(await deliver(tampered, await sign(body)), 400, "invalid_signature");
    expectError(await deliver(body, null), 400, "invalid_signature");
    expectError(await deliver(body, "t=1,v1=00"), 400, "invalid_signature");
    assert.equal((await wallet(user)).balance, 0, "nothing was credited");
    // A signature within the 300 s tolerance is fine.
    assert.equal((await deliver(body, await sign(body, SECRET, now - 240))).body.outcome, "credited");
    // So is a clock a little ahead of ours.
    const ahead = sessionEvent(user);
    assert.equal((await deliver(ahead, await sign(ahead, SECRET, now + 240))).body.outcome, "credited");
  },
);

t("POST /billing/webhooks: other event types are acknowledged and ignored", async () => {
  const user = await newUser("billing.other");
  for (
    const body of [
      JSON.stringify({ id: "evt_other", object: "event", type: "customer.created", data: { object: {} } }),
      sessionEvent(user, { type: "checkout.session.expired" }),
      sessionEvent(user, { type: "checkout.session.async_payment_failed" }),
      sessionEvent(user, { type: "payment_intent.succeeded" }),
    ]
  ) {
    const res = await deliver(body, await sign(body));
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { received: true, outcome: "ignored" });
  }
  assert.equal((await wallet(user)).balance, 0);
});

t("POST /billing/webhooks: signed but malformed payloads are 400 invalid_payload", async () => {
  const user = await newUser("billing.malformed");
  const bodies = [
    "not json",
    JSON.stringify({ object: "event", type: "checkout.session.completed" }),
    sessionEvent(user, { extra: { metadata: { user_id: user.id } } }),
    sessionEvent(user, { extra: { amount_total: 1999 } }),
    sessionEvent(user, { extra: { currency: "usd" } }),
    sessionEvent(user, { extra: { metadata: { user_id: "not-a-user", credits: "2000" } } }),
  ];
  for (const body of bodies) {
    expectError(await deliver(body, await sign(body)), 400, "invalid_payload");
  }
  assert.equal((await wallet(user)).balance, 0);
});

t(
  "POST /billing/webhooks: an event for an account that no longer exists is acknowledged, not credited",
  async () => {
    const body = sessionEvent({ id: crypto.randomUUID() });
    assert.deepEqual((await deliver(body, await sign(body))).body, {
      received: true,
      outcome: "wallet_missing",
    });
  },
);

t("POST /billing/webhooks: 20 concurrent deliveries of one session credit it exactly once", async () => {
  const user = await newUser("billing.concurrent");
  const session = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
  const same = sessionEvent(user, { session, credits: 1500 });
  const header = await sign(same);
  // The same event redelivered, and the session's other paid event, all at once.
  const bodies = [
    ...Array.from({ length: 14 }, () => same),
    ...Array.from(
      { length: 6 },
      () => sessionEvent(user, { session, credits: 1500, type: "checkout.session.async_payment_succeeded" }),
    ),
  ];
  const results = await Promise.all(
    bodies.map(async (body) => await deliver(body, body === same ? header : await sign(body))),
  );
  assert.ok(results.every((r) => r.status === 200), results.map((r) => r.text).join("\n"));
  const outcomes = results.map((r) => r.body.outcome).sort();
  assert.deepEqual(outcomes, ["credited", ...Array(19).fill("duplicate")]);
  assert.equal((await wallet(user)).balance, 1500);
  assert.equal((await topups(user)).length, 1);
  const [ledger] =
    await db()`select w.balance = sum(t.amount) and w.bonus_balance = sum(t.bonus_amount) as holds
                                from public.wallets w join public.wallet_transactions t using (user_id)
                               where w.user_id = ${user.id} group by w.balance, w.bonus_balance`;
  assert.equal(ledger.holds, true, "balance = sum of the ledger");
});

t("a top-up pays off a negative balance first and lifts the -500 floor", async () => {
  const user = await newUser("billing.debt");
  await db()`select private.spend_credits(${user.id}, 1000, '{}', ${`job:${crypto.randomUUID()}`})`;
  const indebted = await wallet(user);
  assert.deepEqual([indebted.balance, indebted.bonus_balance, indebted.total], [-500, 0, -500]);
  expectError(
    await api("POST", "/jobs", {
      token: user.token,
      body: { type: "prompt", input: { prompt: "a notes app" } },
    }),
    402,
    "insufficient_credits",
  );
  const body = sessionEvent(user, { credits: 2000 });
  assert.equal((await deliver(body, await sign(body))).body.outcome, "credited");
  assert.equal((await wallet(user)).balance, 1500);
  const [row] = await topups(user);
  assert.equal(row.metadata.settled_debt, 500);
  const job = await api("POST", "/jobs", {
    token: user.token,
    body: { type: "prompt", input: { prompt: "a notes app with tags" } },
  });
  assert.equal(job.status, 202, job.text);
});

t("POST /billing/webhooks: other methods are 405 and oversized bodies 413", async () => {
  const res = await api("GET", "/billing/webhooks");
  expectError(res, 405, "method_not_allowed");
  assert.equal(res.headers.get("allow"), "POST");
  const huge = JSON.stringify({ id: "evt_big", type: "x", pad: "x".repeat(300 * 1024) });
  expectError(await deliver(huge, await sign(huge)), 413, "payload_too_large");
});

// --- in-process: the Stripe adapter against a loopback stand-in, and no payments at all ----------------

interface SeenRequest {
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  form: URLSearchParams;
}

/** Stripe's `POST /v1/checkout/sessions`, recording what it receives; `fail` answers 500. */
function stripeStandIn(fail = false) {
  const seen: SeenRequest[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const form = new URLSearchParams(await req.text());
    seen.push({
      path: new URL(req.url).pathname,
      authorization: req.headers.get("authorization"),
      idempotencyKey: req.headers.get("idempotency-key"),
      form,
    });
    if (fail) return Response.json({ error: { type: "api_error", message: "down" } }, { status: 500 });
    return Response.json({
      id: "cs_test_standin",
      object: "checkout.session",
      url: "https://checkout.stripe.com/c/pay/cs_test_standin",
    });
  });
  return { seen, url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

type Call = ReturnType<typeof inProcessApi>;

/** The v1 app built in this process with `env` over the stack's configuration (or no payments at all). */
async function inProcess(
  env: Record<string, string>,
  fn: (call: Call) => Promise<void>,
  withoutPayments = false,
) {
  const deps = depsFromConfig(loadConfig({ ...Deno.env.toObject(), ...env }));
  try {
    await fn(inProcessApi(createV1App(withoutPayments ? { ...deps, payments: null } : deps)));
  } finally {
    await deps.db.end();
  }
}

/** A webhook delivery through `call`, signed as Stripe signs it. */
async function deliverTo(call: Call, body: string) {
  return await call<Received>("POST", "/billing/webhooks", {
    body,
    headers: { "content-type": "application/json", "stripe-signature": await sign(body) },
  });
}

t(
  "with STRIPE_SECRET_KEY the checkout is a Stripe session: EUR line item, user and credits in metadata",
  async () => {
    const user = await newUser("billing.stripe");
    const standIn = stripeStandIn();
    const key = `sk_test_${crypto.randomUUID().replaceAll("-", "")}`;
    try {
      await inProcess({ STRIPE_SECRET_KEY: key, STRIPE_API_BASE_URL: standIn.url }, async (call) => {
        const idem = crypto.randomUUID();
        const res = await call<Checkout>("POST", "/billing/checkouts", {
          token: user.token,
          body: { preset_eur: 100, idempotency_key: idem },
        });
        assert.equal(res.status, 201, res.text);
        assert.deepEqual(res.body, {
          session_id: "cs_test_standin",
          checkout_url: "https://checkout.stripe.com/c/pay/cs_test_standin",
          amount_eur: 100,
          credits: 10_000,
          display_amount: "100,00\u00a0€",
        });
        assert.equal(standIn.seen.length, 1);
        const [seen] = standIn.seen;
        assert.equal(seen.path, "/v1/checkout/sessions");
        assert.equal(seen.authorization, `Bearer ${key}`);
        assert.equal(seen.idempotencyKey, `checkout:${user.id}:${idem}`);
        const expected: Record<string, string> = {
          "mode": "payment",
          "line_items[0][quantity]": "1",
          "line_items[0][price_data][currency]": "eur",
          "line_items[0][price_data][unit_amount]": "10000",
          "client_reference_id": user.id,
          "metadata[user_id]": user.id,
          "metadata[credits]": "10000",
          "success_url": "appgen://billing/success",
          "cancel_url": "appgen://billing/cancel",
        };
        for (const [name, value] of Object.entries(expected)) assert.equal(seen.form.get(name), value, name);

        // The webhook verifies with the same endpoint secrets under this adapter.
        const hook = await deliverTo(call, sessionEvent(user, { credits: 10_000 }));
        assert.deepEqual(hook.body, { received: true, outcome: "credited" });
      });
    } finally {
      await standIn.close();
    }
  },
);

t("a payment provider that fails makes the checkout 502 payment_provider_failed", async () => {
  const user = await newUser("billing.stripe.down");
  const standIn = stripeStandIn(true);
  try {
    await inProcess({ STRIPE_SECRET_KEY: "sk_test_down", STRIPE_API_BASE_URL: standIn.url }, async (call) => {
      expectError(
        await call("POST", "/billing/checkouts", { token: user.token, body: { amount_eur: 5 } }),
        502,
        "payment_provider_failed",
      );
    });
  } finally {
    await standIn.close();
  }
});

t("without a payments adapter both billing routes are 503 payments_not_configured", async () => {
  const user = await newUser("billing.none");
  await inProcess({}, async (call) => {
    for (
      const res of [
        await call("POST", "/billing/checkouts", { token: user.token, body: { preset_eur: 5 } }),
        await deliverTo(call, sessionEvent(user)),
      ]
    ) {
      expectError(res, 503, "payments_not_configured");
      // The stack has the webhook secret but no Stripe key: the answer names the one to set.
      const body = res.body as { details?: unknown; message: string };
      assert.deepEqual(body.details, { missing: ["STRIPE_SECRET_KEY"] });
      assert.match(body.message, /set STRIPE_SECRET_KEY\.$/);
    }
  }, true);
});

t("the checkout page's address is the page, and its pay endpoint answers only POST", async () => {
  const user = await newUser("billing.page");
  const { checkout_url } = (await checkout(user, { preset_eur: 5 })).body;
  const page = await fetch(checkout_url);
  assert.equal(page.status, 200);
  assert.match(page.headers.get("content-type") ?? "", /^text\/html/);
  assert.match(page.headers.get("content-security-policy") ?? "", /default-src 'none'/);
  assert.match(await page.text(), /<button id="pay"/);
  const get = await fetch(`${checkout_url}/pay`);
  await get.body?.cancel();
  assert.equal(get.status, 405);
  const bad = await fetch(`${GATEWAY}/checkout/cs_local_nothex?user_id=x`);
  await bad.body?.cancel();
  assert.equal(bad.status, 404);
  assert.equal((await wallet(user)).balance, 0);
});

t("the local checkout pays exactly the session the service issued, whatever the address says", async () => {
  const payer = await newUser("billing.payer");
  const other = await newUser("billing.other");
  const { checkout_url } = (await checkout(payer, { preset_eur: 5 })).body;
  // Terms in the query, as the page's address used to carry them: another user, a thousand euros.
  const forgedTerms = new URLSearchParams({ user_id: other.id, amount_eur: "1000", credits: "100000" });
  const page = await fetch(`${checkout_url}?${forgedTerms}`);
  const html = await page.text();
  assert.match(html, /5,00\u00a0€/, "the page shows the stored price");
  assert.doesNotMatch(html, /1\.000,00/);
  const paid = await fetch(`${checkout_url}/pay?${forgedTerms}`, { method: "POST" });
  assert.equal(paid.status, 200, await paid.clone().text());
  assert.deepEqual(await paid.json(), { received: true, outcome: "credited" });
  assert.equal((await wallet(payer)).balance, 500, "the payer gets the session's 500 credits");
  assert.equal((await wallet(other)).balance, 0, "and nobody else anything");

  // A session the service never opened cannot be paid, whatever terms come with it.
  const invented = `cs_local_${"0".repeat(24)}`;
  const forged = await fetch(`${GATEWAY}/checkout/${invented}/pay?${forgedTerms}`, { method: "POST" });
  assert.equal(forged.status, 404);
  assert.equal((await forged.json()).code, "not_found");
  assert.equal((await wallet(other)).balance, 0);
});
