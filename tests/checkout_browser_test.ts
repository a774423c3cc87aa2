// The whole top-up as a person does it on the local stack: open the checkout_url POST /billing/checkouts
// returned in headless Chromium (Debian's package), press Pay, land on the success URL, and find the wallet
// credited — the page, the gateway's signed event and the webhook, with no step done by hand.
import assert from "node:assert/strict";
import { api, BASE_URL, newUser, NO_STACK, type TestUser } from "./helpers.ts";
import { withBrowser } from "../scripts/lib/browser.ts";

async function balance(user: TestUser): Promise<number> {
  const res = await api<{ balance: number }>("GET", "/wallets/me", { token: user.token });
  assert.equal(res.status, 200, res.text);
  return res.body.balance;
}

async function openCheckout(user: TestUser, preset: number) {
  const res = await api<{ session_id: string; checkout_url: string }>("POST", "/billing/checkouts", {
    token: user.token,
    body: {
      preset_eur: preset,
      // Addresses the browser can actually land on, so the test sees where the page sends the payer.
      success_url: `${BASE_URL}/health?paid=1`,
      cancel_url: `${BASE_URL}/health?canceled=1`,
    },
  });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

Deno.test({
  name: "the local checkout page, clicked in headless Chromium, tops the wallet up",
  ignore: NO_STACK,
  fn: () =>
    withBrowser(async (context) => {
      const user = await newUser("checkout.browser");
      const { session_id, checkout_url } = await openCheckout(user, 20);
      const page = await context.newPage();
      await page.goto(checkout_url);
      assert.match(await page.locator(".price").innerText(), /^20,00\s€$/);
      assert.match(await page.locator("#pay").innerText(), /Pay 20,00\s€/);
      assert.equal(await balance(user), 0);

      await Promise.all([page.waitForURL(/\/health\?paid=1$/), page.click("#pay")]);
      assert.match(await page.locator("body").innerText(), /"ok":\s*true/);

      assert.equal(await balance(user), 2000, "the wallet holds the 2000 credits bought");
      const ledger = await api<
        { data: { reason: string; amount: number; metadata: { session_id?: string } }[] }
      >(
        "GET",
        "/wallets/me/transactions?limit=1",
        { token: user.token },
      );
      assert.deepEqual(
        [ledger.body.data[0].reason, ledger.body.data[0].amount, ledger.body.data[0].metadata.session_id],
        ["topup", 2000, session_id],
      );

      // Paying the same session again (a second tab, a double click) credits nothing more.
      const again = await context.newPage();
      await again.goto(checkout_url);
      await Promise.all([again.waitForURL(/\/health\?paid=1$/), again.click("#pay")]);
      assert.equal(await balance(user), 2000);
    }),
});

Deno.test({
  name: "cancelling on the local checkout page returns to cancel_url and credits nothing",
  ignore: NO_STACK,
  fn: () =>
    withBrowser(async (context) => {
      const user = await newUser("checkout.cancel");
      const { checkout_url } = await openCheckout(user, 5);
      const page = await context.newPage();
      await page.goto(checkout_url);
      await Promise.all([
        page.waitForURL(/\/health\?canceled=1$/),
        page.click("#cancel"),
      ]);
      assert.equal(await balance(user), 0);
    }),
});

Deno.test({
  name:
    "without a success_url or an app deep link set, the local checkout returns to a page with the new balance",
  ignore: NO_STACK,
  fn: () =>
    withBrowser(async (context) => {
      const user = await newUser("checkout.return");
      const res = await api<{ session_id: string; checkout_url: string }>("POST", "/billing/checkouts", {
        token: user.token,
        body: { preset_eur: 5 },
      });
      assert.equal(res.status, 201, res.text);
      const { session_id, checkout_url } = res.body;
      const page = await context.newPage();
      await page.goto(checkout_url);
      await Promise.all([
        page.waitForURL(`${checkout_url}/return`),
        page.click("#pay"),
      ]);
      assert.equal(await page.locator("#outcome").innerText(), "Payment received: 500 credits were added.");
      assert.equal(await page.locator("#balance").innerText(), String(await balance(user)));
      assert.equal(await balance(user), 500);
      assert.match(await page.locator(".session").innerText(), new RegExp(session_id));

      // Cancelling returns there too, and says nothing was added.
      const other = await api<{ checkout_url: string }>("POST", "/billing/checkouts", {
        token: user.token,
        body: { preset_eur: 20 },
      });
      await page.goto(other.body.checkout_url);
      await Promise.all([
        page.waitForURL(`${other.body.checkout_url}/return`),
        page.click("#cancel"),
      ]);
      assert.equal(await page.locator("#outcome").innerText(), "Not paid: nothing was charged or added.");
      assert.equal(await page.locator("#balance").innerText(), "500");
    }),
});
