// Concurrent spends on one wallet: `spends` calls of private.spend_credits(user, 1, ...) from a pool of
// `connections` sessions at once, then the wallet checked exactly against the spend rule (the valid bonus
// first, then the paid balance) and the ledger against the wallet.
import postgres from "postgres";

export interface WalletResult {
  spends: number;
  connections: number;
  seconds: number;
  spendsPerSecond: number;
  expected: { balance: number; bonus: number };
  actual: { balance: number; bonus: number };
  /** Spend rows the run wrote (each ref once) and whether the ledger sums to the wallet. */
  ledgerRows: number;
  ledgerMatches: boolean;
  ok: boolean;
}

export async function measureWalletSpends(
  databaseUrl: string,
  userId: string,
  opts: { spends: number; connections: number },
): Promise<WalletResult> {
  const sql = postgres(databaseUrl, { prepare: false, max: opts.connections, onnotice: () => {} });
  try {
    // Every session opened before the clock starts.
    await Promise.all(Array.from({ length: opts.connections }, () => sql`select pg_sleep(0.05)`));
    const [before] = await sql`
      select balance, bonus_balance, bonus_expires_at > now() as bonus_valid
        from public.wallets where user_id = ${userId}`;
    const bonus = before.bonus_valid ? Number(before.bonus_balance) : 0;
    const fromBonus = Math.min(opts.spends, bonus);
    const expected = {
      balance: Number(before.balance) - (opts.spends - fromBonus),
      bonus: bonus - fromBonus,
    };

    const t0 = performance.now();
    await Promise.all(
      Array.from(
        { length: opts.spends },
        (_, n) => sql`select private.spend_credits(${userId}, 1, '{}'::jsonb, ${`bench:${n}`})`.execute(),
      ),
    );
    const seconds = (performance.now() - t0) / 1000;

    const [after] = await sql`select balance, bonus_balance from public.wallets where user_id = ${userId}`;
    const actual = { balance: Number(after.balance), bonus: Number(after.bonus_balance) };
    const [ledger] = await sql`
      select count(*) filter (where external_ref like 'bench:%')::int as rows,
             coalesce(sum(amount), 0)::bigint as amount, coalesce(sum(bonus_amount), 0)::bigint as bonus
        from public.wallet_transactions where user_id = ${userId}`;
    const ledgerMatches = Number(ledger.amount) === actual.balance && Number(ledger.bonus) === actual.bonus;
    return {
      spends: opts.spends,
      connections: opts.connections,
      seconds,
      spendsPerSecond: opts.spends / seconds,
      expected,
      actual,
      ledgerRows: ledger.rows,
      ledgerMatches,
      ok: actual.balance === expected.balance && actual.bonus === expected.bonus &&
        ledger.rows === opts.spends &&
        ledgerMatches,
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
