// What bounds guessing on the local sign-in page: one e-mailed code per address at a time, and budgets of
// codes asked for and of failed attempts, per account and per client address, each in a fixed window.
// All live in the auth store (auth.oauth_provider_state, under models of their own), so no interaction,
// resend or restart starts a fresh budget.
import type { IncomingMessage } from "node:http";
import type postgres from "postgres";

const CODE_MODEL = "SignInCode";
const COUNTS_MODEL = "SignInCounts";
const CODE_TTL_SECONDS = 10 * 60;
/** The window events are counted in, from the first one after the previous window ended. */
export const WINDOW_SECONDS = 15 * 60;
/** Failed password or code attempts per account (e-mail address) in a window. */
export const ACCOUNT_FAILURES = 10;
/** Failed attempts per client address in a window, whatever the accounts. */
export const ADDRESS_FAILURES = 50;
/** Codes e-mailed to one address in a window. */
export const CODES_SENT = 5;
/** Codes asked for from one client address in a window, whatever the e-mail addresses. */
export const CODES_ASKED = 20;

interface Counted {
  /** Seconds until the budget that ran out is whole again; 0 when within every budget. */
  waitSeconds: number;
  /** Takes the event back out of the counts. */
  giveBack(): Promise<void>;
}

/**
 * Counts one event under each key, in one statement, so concurrent events cannot all pass a count taken
 * before any of them was recorded; an event past a key's limit is counted too (it is refused).
 */
async function count(sql: postgres.Sql, budgets: [key: string, limit: number][]): Promise<Counted> {
  const keys = budgets.map(([key]) => key);
  // Rows are taken in the budgets' order, so two events never wait on each other's rows the other way round.
  const rows = await sql<{ id: string; count: number; wait: number }[]>`
    insert into auth.oauth_provider_state as s (model, id, payload, expires_at)
    select ${COUNTS_MODEL}, k, '{"count": 1}', now() + make_interval(secs => ${WINDOW_SECONDS}::int)
    from unnest(${keys}::text[]) with ordinality as t(k, n) order by n
    on conflict (model, id) do update set
      payload = case when s.expires_at <= now() then excluded.payload
                else jsonb_build_object('count', (s.payload ->> 'count')::int + 1) end,
      expires_at = case when s.expires_at <= now() then excluded.expires_at else s.expires_at end
    returning id, (payload ->> 'count')::int as count, ceil(extract(epoch from expires_at - now()))::int as wait`;
  const limits = new Map(budgets);
  return {
    waitSeconds: Math.max(0, ...rows.filter((r) => r.count > limits.get(r.id)!).map((r) => r.wait)),
    giveBack: async () => {
      await sql`
        update auth.oauth_provider_state
        set payload = jsonb_build_object('count', (payload ->> 'count')::int - 1)
        where model = ${COUNTS_MODEL} and id = any(${keys}::text[]) and expires_at > now()`;
    },
  };
}

/**
 * A new six-digit code for the e-mail address, replacing any earlier one (which stops working); none past
 * the budget of codes of the e-mail address or of the client address asking.
 */
export async function issueCode(
  sql: postgres.Sql,
  email: string,
  address: string,
): Promise<{ code?: string; waitSeconds: number }> {
  const account: [string, number] = [`codes:account:${email}`, CODES_SENT];
  const { waitSeconds } = await count(sql, [account, [`codes:address:${address}`, CODES_ASKED]]);
  if (waitSeconds > 0) return { waitSeconds };
  const code = String(crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000).padStart(6, "0");
  await sql`
    insert into auth.oauth_provider_state (model, id, payload, expires_at)
    values (${CODE_MODEL}, ${email},
            jsonb_build_object('digest', encode(extensions.digest(${email + code}::text, 'sha256'), 'hex')),
            now() + make_interval(secs => ${CODE_TTL_SECONDS}::int))
    on conflict (model, id) do update set payload = excluded.payload, expires_at = excluded.expires_at`;
  return { code, waitSeconds: 0 };
}

/** Whether `code` is the address's live code; a right code is spent by this very check. */
export async function spendCode(sql: postgres.Sql, email: string, code: string): Promise<boolean> {
  const spent = await sql`
    delete from auth.oauth_provider_state
    where model = ${CODE_MODEL} and id = ${email} and expires_at > now()
      and payload ->> 'digest' = encode(extensions.digest(${email + code}::text, 'sha256'), 'hex')
    returning 1`;
  return spent.length === 1;
}

/**
 * Counts a password or code attempt as failed, against the account and the client address, before its
 * credential is checked; `waitSeconds` > 0 means it must not be checked. A success calls `giveBack`.
 */
export function beginAttempt(sql: postgres.Sql, email: string, address: string): Promise<Counted> {
  const account: [string, number] = [`failures:account:${email}`, ACCOUNT_FAILURES];
  return count(sql, [account, [`failures:address:${address}`, ADDRESS_FAILURES]]);
}

/**
 * The address a request came from: the gateway, the only client of this loopback server, names it in
 * X-Forwarded-For (replacing whatever the request carried).
 */
export function clientAddress(req: IncomingMessage): string {
  const forwarded = req.headers["x-forwarded-for"];
  return (typeof forwarded === "string" && forwarded) || req.socket.remoteAddress || "unknown";
}

/** The sign-in page's words for a spent budget. */
export function waitNotice(waitSeconds: number, what = "failed sign-in attempts"): string {
  const minutes = Math.ceil(waitSeconds / 60);
  return `Too many ${what}. Wait ${minutes} minute${minutes === 1 ? "" : "s"} before trying again.`;
}
