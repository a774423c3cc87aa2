-- Billing: checkout admission and crediting paid top-ups.

CREATE TABLE private.checkout_requests (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
ALTER TABLE private.checkout_requests ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.checkout_requests_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY private.checkout_requests
    ADD CONSTRAINT checkout_requests_pkey PRIMARY KEY (id);
CREATE INDEX checkout_requests_window ON private.checkout_requests USING btree (user_id, created_at);
ALTER TABLE ONLY private.checkout_requests
    ADD CONSTRAINT checkout_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE private.checkout_requests ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE private.checkout_requests IS 'Checkout sessions opened in the current rate window, per user; written only by api.admit_checkout.';

-- A paid checkout session credits the payer's paid balance once, whatever the retries, duplicates or
-- concurrent deliveries: the row is keyed by `checkout:<session id>` in external_ref and inserted with
-- `on conflict do nothing` under the wallet's row lock, so exactly one delivery changes the balance. The
-- credits go to the paid balance, so a negative balance is paid off first by construction
-- (metadata.settled_debt says how much of the top-up did that). The session must sell exactly what it
-- charged: credits = amount_total in EUR cents, else 400 invalid_payload.
-- Returns {outcome: 'credited', transaction} | {outcome: 'duplicate'} | {outcome: 'wallet_missing'}.
CREATE FUNCTION private.credit_topup(payer uuid, session_id text, credits bigint, amount_total_cents bigint, currency text, event_metadata jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  w public.wallets;
  t public.wallet_transactions;
begin
  if coalesce(session_id, '') = '' or coalesce(credits, 0) <= 0 then
    perform private.raise_api_error(400, 'invalid_payload', 'A top-up needs a session id and a positive number of credits.');
  end if;
  if lower(coalesce(currency, '')) <> 'eur' or amount_total_cents is distinct from credits then
    perform private.raise_api_error(400, 'invalid_payload',
      'The session''s charge does not match the credits it sells (1 EUR = 100 credits).',
      jsonb_build_object('credits', credits, 'amount_total', amount_total_cents, 'currency', currency));
  end if;
  w := private.write_off_expired_bonus(payer);
  if w.user_id is null then
    return jsonb_build_object('outcome', 'wallet_missing');
  end if;
  insert into public.wallet_transactions
    (user_id, reason, amount, balance_after, bonus_balance_after, metadata, external_ref)
  values (payer, 'topup', credits, w.balance + credits, w.bonus_balance,
          coalesce(event_metadata, '{}') || jsonb_build_object(
            'session_id', session_id, 'credits', credits,
            'amount_eur', (amount_total_cents::numeric / 100)::numeric(16, 2)::text, 'currency', 'eur',
            'display_amount', private.format_eur(credits),
            'settled_debt', least(credits, greatest(-w.balance, 0))),
          'checkout:' || session_id)
  on conflict (external_ref) do nothing
  returning * into t;
  if not found then
    return jsonb_build_object('outcome', 'duplicate');
  end if;
  update public.wallets set balance = t.balance_after where user_id = payer;
  return jsonb_build_object('outcome', 'credited', 'transaction', private.wallet_transaction_json(t));
end
$$;
GRANT EXECUTE ON FUNCTION private.credit_topup(payer uuid, session_id text, credits bigint, amount_total_cents bigint, currency text, event_metadata jsonb) TO service_role;

-- Counts one checkout for the caller, or refuses it (429 with the seconds until the oldest counted one leaves
-- the window). Under the caller's wallet row lock, the per-user lock of the money paths, so concurrent
-- requests cannot all slip under the limit. Definer: users have no access to the table.
CREATE FUNCTION api.admit_checkout() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  uid uuid := (select auth.uid());
  lim int := private.setting('checkout_limit', '10')::int;
  win interval := make_interval(secs => private.setting('checkout_window_seconds', '3600')::int);
  used int;
  oldest timestamptz;
  retry_after int;
begin
  perform private.require_profile();
  perform from public.wallets w where w.user_id = uid for update;
  delete from private.checkout_requests c where c.user_id = uid and c.created_at <= clock_timestamp() - win;
  select count(*), min(c.created_at) into used, oldest from private.checkout_requests c where c.user_id = uid;
  if used >= lim then
    retry_after := greatest(1, ceil(extract(epoch from oldest + win - clock_timestamp())))::int;
    raise exception using errcode = 'PT429',
      message = format('rate_limited: At most %s checkouts may be opened per %s seconds.', lim,
        extract(epoch from win)::int),
      detail = jsonb_build_object('limit', lim, 'retry_after', retry_after)::text,
      hint = 'retry-after=' || retry_after;
  end if;
  insert into private.checkout_requests (user_id) values (uid);
  return jsonb_build_object('limit', lim, 'remaining', lim - used - 1);
end
$$;
GRANT EXECUTE ON FUNCTION api.admit_checkout() TO authenticated;
