// Section F over HTTP: the wallet and its display strings, the ledger's pages and cursor, and the usage
// summary, contributions calendar and insights in the caller's time zone, with every error status.
import assert from "node:assert/strict";
import {
  api,
  type ApiResponse,
  db,
  expectError,
  newUser,
  NO_STACK,
  type TestUser,
  tokenFor,
} from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

type Wallet = {
  balance: number;
  bonus_balance: number;
  bonus_expires_at: string | null;
  total: number;
  held: number;
  available: number;
  display_balance: string;
  display_bonus_balance: string;
  display_total: string;
  updated_at: string;
};
type Transaction = {
  id: string;
  reason: string;
  amount: number;
  bonus_amount: number;
  balance_after: number;
  bonus_balance_after: number;
  display_amount: string;
  display_balance_after: string;
  metadata: Record<string, unknown>;
  created_at: string;
};
type Page = { data: Transaction[]; next_cursor: string | null };

const UTC_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const eur = (text: string) => text.replace(" ", "\u00a0");

async function getWallet(user: TestUser): Promise<Wallet> {
  const res = await api<Wallet>("GET", "/wallets/me", { token: user.token });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function topUp(user: TestUser, credits: number) {
  await db()`select private.credit_topup(${user.id}, ${`cs_test_${crypto.randomUUID()}`}, ${credits}, ${credits},
                                         'eur', '{}')`;
}

async function spend(user: TestUser, credits: number) {
  await db()`select private.spend_credits(${user.id}, ${credits}, '{}', ${`job:${crypto.randomUUID()}`})`;
}

t("GET /wallets/me: a new account holds the 500-credit bonus, with euro display strings", async () => {
  const user = await newUser("wallet.new");
  const wallet = await getWallet(user);
  assert.deepEqual(Object.keys(wallet).sort(), [
    "available",
    "balance",
    "bonus_balance",
    "bonus_expires_at",
    "display_balance",
    "display_bonus_balance",
    "display_total",
    "held",
    "total",
    "updated_at",
  ]);
  assert.deepEqual(
    [wallet.balance, wallet.bonus_balance, wallet.total, wallet.held, wallet.available],
    [0, 500, 500, 0, 500],
  );
  assert.deepEqual(
    [wallet.display_balance, wallet.display_bonus_balance, wallet.display_total],
    [eur("0,00 €"), eur("5,00 €"), eur("5,00 €")],
  );
  assert.match(wallet.bonus_expires_at!, UTC_ISO);
  const days = (Date.parse(wallet.bonus_expires_at!) - Date.now()) / 86_400_000;
  assert.ok(days > 29.9 && days <= 30, `the bonus lasts 30 days, not ${days}`);
});

t("GET /wallets/me: thousands, negative balances and an expired bonus display correctly", async () => {
  const user = await newUser("wallet.format");
  await topUp(user, 123_456);
  let wallet = await getWallet(user);
  assert.deepEqual(
    [wallet.display_balance, wallet.display_total],
    [eur("1.234,56 €"), eur("1.239,56 €")],
  );
  await spend(user, 500 + 123_456 + 123_456);
  wallet = await getWallet(user);
  assert.deepEqual([wallet.balance, wallet.bonus_balance, wallet.total], [-123_456, 0, -123_456]);
  assert.equal(wallet.display_balance, eur("-1.234,56 €"));

  const other = await newUser("wallet.expired");
  await topUp(other, 250);
  await db()`update public.wallets set bonus_expires_at = now() - interval '1 second' where user_id = ${other.id}`;
  wallet = await getWallet(other);
  assert.deepEqual([wallet.balance, wallet.bonus_balance, wallet.total], [250, 0, 250]);
  assert.deepEqual([wallet.display_bonus_balance, wallet.display_total], [eur("0,00 €"), eur("2,50 €")]);
});

t(
  "GET /wallets/me: an anonymous sign-in has no welcome bonus until the account becomes permanent",
  async () => {
    const [{ id }] = await db()`insert into auth.users (is_anonymous) values (true) returning id`;
    const user = { id, email: "", token: await tokenFor({ id, email: "" }) };
    let wallet = await getWallet(user);
    assert.deepEqual([wallet.balance, wallet.bonus_balance, wallet.total], [0, 0, 0]);
    await db()`update auth.users set is_anonymous = false, email = ${`wallet.linked.${id}@example.com`}
              where id = ${id}`;
    wallet = await getWallet(user);
    assert.deepEqual([wallet.balance, wallet.bonus_balance, wallet.total], [0, 500, 500]);
  },
);

t("GET /wallets/me: 404 wallet_not_found without a wallet, 401 without a token", async () => {
  const user = await newUser("wallet.none");
  await db()`delete from public.wallets where user_id = ${user.id}`;
  expectError(await api("GET", "/wallets/me", { token: user.token }), 404, "wallet_not_found");
  expectError(await api("GET", "/wallets/me"), 401, "unauthorized");
  expectError(await api("GET", "/wallets/me/transactions"), 401, "unauthorized");
});

t(
  "GET /wallets/me/transactions: newest first, pages that never repeat or skip, balances after each row",
  async () => {
    const user = await newUser("wallet.pages");
    const other = await newUser("wallet.pages.other");
    await topUp(other, 999);
    // Several rows in one statement share a transaction time; created_at still orders them exactly.
    await db()`select private.credit_topup(${user.id}, 'cs_test_page_' || ${user.id} || '_' || i, 100 * i, 100 * i,
                                         'eur', '{}') from generate_series(1, 5) i`;
    await spend(user, 800);

    const first = await api<Page>("GET", "/wallets/me/transactions?limit=2", { token: user.token });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.data.length, 2);
    const [newest] = first.body.data;
    assert.deepEqual(Object.keys(newest).sort(), [
      "amount",
      "balance_after",
      "bonus_amount",
      "bonus_balance_after",
      "created_at",
      "display_amount",
      "display_balance_after",
      "id",
      "metadata",
      "reason",
    ]);
    assert.deepEqual(
      [newest.reason, newest.amount, newest.bonus_amount, newest.balance_after, newest.bonus_balance_after],
      ["spend", -300, -500, 1200, 0],
    );
    assert.equal(newest.display_amount, eur("-8,00 €"));
    assert.equal(first.body.next_cursor, first.body.data[1].created_at);

    const seen: Transaction[] = [...first.body.data];
    let cursor: string | null = first.body.next_cursor;
    while (cursor) {
      const page: ApiResponse<Page> = await api<Page>(
        "GET",
        `/wallets/me/transactions?limit=2&cursor=${encodeURIComponent(cursor)}`,
        {
          token: user.token,
        },
      );
      assert.equal(page.status, 200, page.text);
      seen.push(...page.body.data);
      cursor = page.body.next_cursor;
    }
    assert.equal(seen.length, 7, "bonus, five top-ups, one spend");
    assert.equal(new Set(seen.map((r) => r.id)).size, 7);
    for (const row of seen) assert.match(row.created_at, UTC_ISO);
    const times = seen.map((r) => r.created_at);
    assert.deepEqual(times, [...times].sort().reverse(), "newest first, no ties");
    assert.deepEqual(seen.map((r) => r.reason), ["spend", ...Array(5).fill("topup"), "bonus"]);
    // Walking oldest to newest, each row's balances are the sums up to it.
    let balance = 0;
    let bonus = 0;
    for (const row of [...seen].reverse()) {
      balance += row.amount;
      bonus += row.bonus_amount;
      assert.deepEqual([row.balance_after, row.bonus_balance_after], [balance, bonus]);
    }
    const wallet = await getWallet(user);
    assert.deepEqual(
      [wallet.balance, wallet.bonus_balance],
      [balance, bonus],
      "the wallet is the ledger's sum",
    );
    assert.ok(seen.every((r) => r.metadata.credits !== 999), "nobody else's rows");

    const all = await api<Page>("GET", "/wallets/me/transactions", { token: user.token });
    assert.equal(all.body.data.length, 7, "the default limit (20) holds them all");
    assert.equal(all.body.next_cursor, null);
    const before = await api<Page>("GET", "/wallets/me/transactions?cursor=2000-01-01T00:00:00Z", {
      token: user.token,
    });
    assert.deepEqual(before.body, { data: [], next_cursor: null });
  },
);

t("GET /wallets/me/transactions: a finished job's spend row carries the contract's metadata", async () => {
  const user = await newUser("wallet.spend");
  const job = await api<{ id: string }>("POST", "/jobs", {
    token: user.token,
    body: { type: "prompt", input: { prompt: "a habit tracker with streaks" } },
  });
  assert.equal(job.status, 202, job.text);
  let row: Transaction | undefined;
  for (let i = 0; i < 300 && !row; i++) {
    const page = await api<Page>("GET", "/wallets/me/transactions", { token: user.token });
    row = page.body.data.find((r) => r.reason === "spend");
    if (!row) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(row, "the run was charged");
  assert.equal(row.metadata.run_id, job.body.id);
  assert.equal(typeof row.metadata.model, "string");
  assert.equal(typeof row.metadata.provider, "string");
  assert.match(String(row.metadata.cost_eur), /^\d+(\.\d+)?$/);
  assert.match(String(row.metadata.display_cost), /^\d+,\d\d\u00a0€$/);
  assert.equal(row.bonus_amount, -Number(row.metadata.credits), "paid from the bonus first");
});

t(
  "GET /wallets/me/transactions: bad limits are 400 invalid_request, bad cursors 400 invalid_cursor",
  async () => {
    const user = await newUser("wallet.badpage");
    for (const limit of ["0", "101", "abc", "2.5"]) {
      expectError(
        await api("GET", `/wallets/me/transactions?limit=${limit}`, { token: user.token }),
        400,
        "invalid_request",
      );
    }
    for (const cursor of ["yesterday", "2026-11-22", "2026-11-22T10:00:00", "1700000000"]) {
      expectError(
        await api("GET", `/wallets/me/transactions?cursor=${cursor}`, { token: user.token }),
        400,
        "invalid_cursor",
      );
    }
  },
);

// --- usage ------------------------------------------------------------------------------------------

/** Runs at fixed instants: two each at 22:30 UTC on 1..5 March 2025 (23:30 in Rome), four on Monday
 * 10 March at 09:00 UTC, and one at 23:30 UTC on 28 February (00:30 on 1 March in Rome). */
async function seedRuns(user: TestUser) {
  await db()`insert into public.usage_events (user_id, status, model, tokens_in, tokens_out, credits, created_at)
             select ${user.id}, case when n = 1 then 'failed' else 'succeeded' end, 'gpt-full', 100, 200, 7,
                    timestamptz '2025-03-01 22:30:00+00' + (d - 1) * interval '1 day'
               from generate_series(1, 5) d, generate_series(1, 2) n`;
  await db()`insert into public.usage_events (user_id, status, model, tokens_in, tokens_out, credits, created_at)
             select ${user.id}, 'succeeded', 'gpt-light', 10, 20, 1, timestamptz '2025-03-10 09:00:00+00'
               from generate_series(1, 4)`;
  await db()`insert into public.usage_events (user_id, status, model, tokens_in, tokens_out, credits, created_at)
             values (${user.id}, 'succeeded', 'gpt-full', 1, 1, 1, '2025-02-28 23:30:00+00')`;
}

const usageUsers = NO_STACK ? undefined! : await (async () => {
  const user = await newUser("usage.main");
  await seedRuns(user);
  return { user, empty: await newUser("usage.empty") };
})();

t("GET /usage/summary: a month in the caller's zone, per model, and only the caller's runs", async () => {
  const { user, empty } = usageUsers;
  const rome = await api("GET", "/usage/summary?period=month&year=2025&month=3&timezone=Europe/Rome", {
    token: user.token,
  });
  assert.equal(rome.status, 200, rome.text);
  assert.deepEqual(rome.body, {
    period: "month",
    timezone: "Europe/Rome",
    year: 2025,
    month: 3,
    starts_at: "2025-02-28T23:00:00.000000Z",
    ends_at: "2025-03-31T22:00:00.000000Z",
    runs: 15,
    succeeded: 10,
    failed: 5,
    tokens_in: 1041,
    tokens_out: 2081,
    credits_spent: 75,
    display_credits_spent: eur("0,75 €"),
    models: [
      { model: "gpt-full", runs: 11, tokens_in: 1001, tokens_out: 2001, credits_spent: 71 },
      { model: "gpt-light", runs: 4, tokens_in: 40, tokens_out: 80, credits_spent: 4 },
    ],
  });
  const utc = await api<{ runs: number; timezone: string }>("GET", "/usage/summary?year=2025&month=3", {
    token: user.token,
  });
  assert.deepEqual([utc.body.runs, utc.body.timezone], [14, "UTC"], "month and UTC are the defaults");
  const all = await api<{ runs: number; starts_at: null }>("GET", "/usage/summary?period=all", {
    token: user.token,
  });
  assert.deepEqual([all.body.runs, all.body.starts_at], [15, null]);
  const week = await api<{ runs: number; starts_at: string; ends_at: string }>(
    "GET",
    "/usage/summary?period=week&timezone=Asia/Tokyo",
    { token: user.token },
  );
  assert.equal(week.status, 200, week.text);
  assert.equal(week.body.runs, 0);
  assert.equal(Date.parse(week.body.ends_at) - Date.parse(week.body.starts_at), 7 * 86_400_000);
  const monday = new Date(Date.parse(week.body.starts_at) + 9 * 3_600_000);
  assert.equal(monday.getUTCDay(), 1, "the week starts on Monday in Tokyo");
  assert.equal(monday.getUTCHours(), 0);
  const nothing = await api<{ runs: number; models: unknown[] }>("GET", "/usage/summary?period=all", {
    token: empty.token,
  });
  assert.deepEqual([nothing.body.runs, nothing.body.models], [0, []]);
});

t("GET /usage/summary: invalid combinations and values are 400", async () => {
  const { user } = usageUsers;
  for (
    const query of [
      "year=2025",
      "month=3",
      "period=week&year=2025",
      "period=all&month=1",
      "period=all&year=2025&month=1",
    ]
  ) {
    expectError(await api("GET", `/usage/summary?${query}`, { token: user.token }), 400, "invalid_period");
  }
  for (
    const query of [
      "period=decade",
      "year=2025&month=13",
      "year=2025&month=0",
      "year=1999&month=1",
      "year=x&month=1",
    ]
  ) {
    expectError(await api("GET", `/usage/summary?${query}`, { token: user.token }), 400, "invalid_request");
  }
  expectError(
    await api("GET", "/usage/summary?timezone=Mars/Base", { token: user.token }),
    400,
    "invalid_timezone",
  );
  expectError(await api("GET", "/usage/summary"), 401, "unauthorized");
});

t("GET /usage/contributions: one row per day of the caller's zone, zero days included", async () => {
  const { user } = usageUsers;
  type Days = { timezone: string; start_date: string; end_date: string; data: Record<string, unknown>[] };
  const res = await api<Days>(
    "GET",
    "/usage/contributions?start_date=2025-02-28&end_date=2025-03-11&timezone=Europe/Rome",
    { token: user.token },
  );
  assert.equal(res.status, 200, res.text);
  assert.deepEqual([res.body.timezone, res.body.start_date, res.body.end_date], [
    "Europe/Rome",
    "2025-02-28",
    "2025-03-11",
  ]);
  assert.equal(res.body.data.length, 12);
  assert.deepEqual(
    res.body.data.map((d) => [d.date, d.runs, d.level]),
    [
      ["2025-02-28", 0, 0],
      ["2025-03-01", 3, 3],
      ["2025-03-02", 2, 2],
      ["2025-03-03", 2, 2],
      ["2025-03-04", 2, 2],
      ["2025-03-05", 2, 2],
      ["2025-03-06", 0, 0],
      ["2025-03-07", 0, 0],
      ["2025-03-08", 0, 0],
      ["2025-03-09", 0, 0],
      ["2025-03-10", 4, 4],
      ["2025-03-11", 0, 0],
    ],
  );
  assert.deepEqual(res.body.data[10], {
    date: "2025-03-10",
    runs: 4,
    succeeded: 4,
    failed: 0,
    tokens_in: 40,
    tokens_out: 80,
    credits_spent: 4,
    level: 4,
  });
  const utc = await api<Days>("GET", "/usage/contributions?start_date=2025-02-28&end_date=2025-03-01", {
    token: user.token,
  });
  assert.deepEqual(utc.body.data.map((d) => d.runs), [1, 2], "in UTC the late run stays in February");
  const instants = await api<Days>(
    "GET",
    `/usage/contributions?start_date=${encodeURIComponent("2025-02-28T23:30:00Z")}&end_date=${
      encodeURIComponent("2025-03-01T12:00:00+01:00")
    }&timezone=Europe/Rome`,
    { token: user.token },
  );
  assert.deepEqual([instants.body.start_date, instants.body.data[0].runs], ["2025-03-01", 3]);
  const recent = await api<Days>("GET", "/usage/contributions", { token: user.token });
  assert.equal(recent.body.data.length, 365, "the default is the last 365 days");
  assert.equal(recent.body.end_date, new Date().toISOString().slice(0, 10));
});

t("GET /usage/contributions: ranges beyond 366 days, backwards or malformed are 400", async () => {
  const { user } = usageUsers;
  const get = (query: string) => api("GET", `/usage/contributions?${query}`, { token: user.token });
  assert.equal(
    (await get("start_date=2024-01-01&end_date=2024-12-31")).status,
    200,
    "366 days of a leap year",
  );
  expectError(await get("start_date=2025-01-01&end_date=2026-01-02"), 400, "invalid_date_range");
  expectError(await get("start_date=2025-03-02&end_date=2025-03-01"), 400, "invalid_date_range");
  expectError(await get("start_date=2021-01-01"), 400, "invalid_date_range");
  for (const bad of ["start_date=2025-02-30", "end_date=tomorrow", "start_date=2025-03-01T10:00:00"]) {
    expectError(await get(bad), 400, "invalid_request");
  }
  expectError(await get("timezone=Nowhere/Land"), 400, "invalid_timezone");
  expectError(await api("GET", "/usage/contributions"), 401, "unauthorized");
});

t(
  "GET /usage/insights: busiest hour and weekday, streaks and the favourite model in the caller's zone",
  async () => {
    const { user, empty } = usageUsers;
    const rome = await api<Record<string, unknown>>("GET", "/usage/insights?timezone=europe/rome", {
      token: user.token,
    });
    assert.equal(rome.status, 200, rome.text);
    const hours = Array(24).fill(0);
    hours[23] = 10;
    hours[0] = 1;
    hours[10] = 4;
    assert.deepEqual(rome.body, {
      timezone: "Europe/Rome",
      total_runs: 15,
      active_days: 6,
      first_run_at: "2025-02-28T23:30:00.000000Z",
      last_run_at: "2025-03-10T09:00:00.000000Z",
      busiest_hour: { hour: 23, runs: 10 },
      busiest_weekday: { weekday: 1, name: "Monday", runs: 6 },
      runs_by_hour: hours,
      runs_by_weekday: [6, 2, 2, 0, 0, 3, 2],
      current_streak: 0,
      longest_streak: { days: 5, start_date: "2025-03-01", end_date: "2025-03-05" },
      favourite_model: { model: "gpt-full", runs: 11 },
    });
    const utc = await api<Record<string, unknown>>("GET", "/usage/insights", { token: user.token });
    assert.deepEqual(utc.body.busiest_hour, { hour: 22, runs: 10 });
    assert.deepEqual(utc.body.longest_streak, { days: 6, start_date: "2025-02-28", end_date: "2025-03-05" });
    const none = await api<Record<string, unknown>>("GET", "/usage/insights", { token: empty.token });
    assert.deepEqual(
      [none.body.total_runs, none.body.busiest_hour, none.body.longest_streak, none.body.favourite_model],
      [0, null, null, null],
    );
    expectError(
      await api("GET", "/usage/insights?timezone=UTC%2B3", { token: user.token }),
      400,
      "invalid_timezone",
    );
    expectError(await api("GET", "/usage/insights?timezone=", { token: user.token }), 400, "invalid_request");
    expectError(await api("GET", "/usage/insights"), 401, "unauthorized");
  },
);

t(
  "GET /usage/insights: the current streak counts today, and yesterday while today has no run yet",
  async () => {
    const user = await newUser("usage.streak");
    await db()`insert into public.usage_events (user_id, status, model, created_at)
             select ${user.id}, 'succeeded', 'm', now() - d * interval '1 day' from generate_series(1, 3) d`;
    const before = await api<{ current_streak: number }>("GET", "/usage/insights", { token: user.token });
    assert.equal(before.body.current_streak, 3, "yesterday and the two days before");
    await db()`insert into public.usage_events (user_id, status, model) values (${user.id}, 'failed', 'm')`;
    const after = await api<{ current_streak: number }>("GET", "/usage/insights", { token: user.token });
    assert.equal(after.body.current_streak, 4, "today extends it");
  },
);
