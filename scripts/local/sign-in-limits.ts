// What bounds guessing on the local sign-in page: one e-mailed code per address at a time, and a budget of
// failed attempts per account and per client address in a fixed window. Both live in the auth store
// (auth.oauth_provider_state, under models of their own), so no interaction, resend or restart starts a
// fresh budget.
import type { IncomingMessage } from "node:http";
import type postgres from "postgres";

const CODE_MODEL = "SignInCode";
const FAILURES_MODEL = "SignInFailures";
const CODE_TTL_SECONDS = 10 * 60;
/** The window failed attempts are counted in, from the first failure after the previous one ended. */
export const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Failed password or code attempts per account (e-mail address) in a window. */
export const ACCOUNT_FAILURES = 10;
/** Failed attempts per client address in a window, whatever the accounts. */
export const ADDRESS_FAILURES = 50;

/** A new six-digit code for the address, replacing any earlier one (which stops working). */
export async function issueCode(sql: postgres.Sql, email: string): Promise<string> {
  const code = String(crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000).padStart(6, "0");
  await sql`
    insert into auth.oauth_provider_state (model, id, payload, expires_at)
    values (${CODE_MODEL}, ${email},
            jsonb_build_object('digest', encode(extensions.digest(${email + code}::text, 'sha256'), 'hex')),
            now() + make_interval(secs => ${CODE_TTL_SECONDS}::int))
    on conflict (model, id) do update set payload = excluded.payload, expires_at = excluded.expires_at`;
  return code;
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

export interface Attempt {
  /** Seconds until the budget that ran out is whole again; 0 when the attempt may be checked. */
  waitSeconds: number;
  /** Gives the attempt back: it succeeded, so it is not a failure. */
  succeeded(): Promise<void>;
}

/**
 * Counts an attempt as failed before its credential is checked, in one statement, so concurrent guesses
 * cannot all pass a count taken before any of them was recorded; a success gives it back.
 */
export async function beginAttempt(sql: postgres.Sql, email: string, address: string): Promise<Attempt> {
  // Always in this order, so two attempts never wait on each other's rows the other way round.
  const keys = [`account:${email}`, `address:${address}`];
  const limits = [ACCOUNT_FAILURES, ADDRESS_FAILURES];
  const rows = await sql<{ id: string; failures: number; wait: number }[]>`
    insert into auth.oauth_provider_state as s (model, id, payload, expires_at)
    select ${FAILURES_MODEL}, k, '{"failures": 1}', now() + make_interval(secs => ${FAILURE_WINDOW_SECONDS}::int)
    from unnest(${keys}::text[]) with ordinality as t(k, n) order by n
    on conflict (model, id) do update set
      payload = case when s.expires_at <= now() then excluded.payload
                else jsonb_build_object('failures', (s.payload ->> 'failures')::int + 1) end,
      expires_at = case when s.expires_at <= now() then excluded.expires_at else s.expires_at end
    returning id, (payload ->> 'failures')::int as failures,
      ceil(extract(epoch from expires_at - now()))::int as wait`;
  const waitSeconds = Math.max(
    0,
    ...rows.filter((r) => r.failures > limits[keys.indexOf(r.id)]).map((r) => r.wait),
  );
  return {
    waitSeconds,
    succeeded: async () => {
      await sql`
        update auth.oauth_provider_state
        set payload = jsonb_build_object('failures', (payload ->> 'failures')::int - 1)
        where model = ${FAILURES_MODEL} and id = any(${keys}::text[]) and expires_at > now()`;
    },
  };
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
export function waitNotice(waitSeconds: number): string {
  const minutes = Math.ceil(waitSeconds / 60);
  return `Too many failed sign-in attempts. Wait ${minutes} minute${
    minutes === 1 ? "" : "s"
  } before trying again.`;
}
