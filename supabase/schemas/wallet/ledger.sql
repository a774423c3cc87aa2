-- The wallet ledger: every credit movement, as the API pages it.

-- The ledger: every change of a wallet is a row here, written in the same transaction as the balance.
-- Invariant: wallets.balance = sum(amount) and wallets.bonus_balance = sum(bonus_amount) per user.
CREATE TABLE public.wallet_transactions (
    id uuid DEFAULT private.uuid_v7() NOT NULL,
    user_id uuid NOT NULL,
    reason text NOT NULL,
    amount bigint DEFAULT 0 NOT NULL,
    bonus_amount bigint DEFAULT 0 NOT NULL,
    balance_after bigint NOT NULL,
    bonus_balance_after bigint NOT NULL,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    -- The payment event or job a row comes from; unique so a retried delivery applies once.
    external_ref text,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT wallet_transactions_reason CHECK ((reason = ANY (ARRAY['bonus'::text, 'bonus_expired'::text, 'spend'::text, 'topup'::text])))
);
ALTER TABLE ONLY public.wallet_transactions
    ADD CONSTRAINT wallet_transactions_external_ref_key UNIQUE (external_ref);
ALTER TABLE ONLY public.wallet_transactions
    ADD CONSTRAINT wallet_transactions_pkey PRIMARY KEY (id);

-- Serves the page walk and guarantees what the trigger promises.
CREATE UNIQUE INDEX wallet_transactions_user_created_at ON public.wallet_transactions USING btree (user_id, created_at);
ALTER TABLE ONLY public.wallet_transactions
    ADD CONSTRAINT wallet_transactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.wallet_transactions ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.wallet_transactions IS 'Wallet ledger; written only by private functions.';
GRANT SELECT ON TABLE public.wallet_transactions TO authenticated;
GRANT ALL ON TABLE public.wallet_transactions TO service_role;

-- The same spend as before (the valid bonus first, then the paid balance, which may pass the floor), with
-- the write-off shared with top-ups and the scheduled sweep.
CREATE FUNCTION private.spend_credits(spender uuid, credits bigint, spend_metadata jsonb, ref text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  w public.wallets;
  from_bonus bigint;
begin
  if credits <= 0 then
    return;
  end if;
  w := private.write_off_expired_bonus(spender);
  if w.user_id is null then
    return;
  end if;
  from_bonus := least(credits, w.bonus_balance);
  update public.wallets
     set bonus_balance = bonus_balance - from_bonus, balance = balance - (credits - from_bonus)
   where user_id = spender
  returning * into w;
  insert into public.wallet_transactions
    (user_id, reason, amount, bonus_amount, balance_after, bonus_balance_after, metadata, external_ref)
  values (spender, 'spend', -(credits - from_bonus), -from_bonus, w.balance, w.bonus_balance, spend_metadata, ref);
end
$$;

-- A ledger row as the API shows it. `amount` is the change of the paid balance and `bonus_amount` that of
-- the bonus; display_amount formats their sum.
CREATE FUNCTION private.wallet_transaction_json(t public.wallet_transactions) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', t.id, 'reason', t.reason, 'amount', t.amount, 'bonus_amount', t.bonus_amount,
    'balance_after', t.balance_after, 'bonus_balance_after', t.bonus_balance_after,
    'display_amount', private.format_eur(t.amount + t.bonus_amount),
    'display_balance_after', private.format_eur(t.balance_after),
    'metadata', t.metadata, 'created_at', private.utc_iso(t.created_at));
$$;
GRANT EXECUTE ON FUNCTION private.wallet_transaction_json(t public.wallet_transactions) TO authenticated;
GRANT EXECUTE ON FUNCTION private.wallet_transaction_json(t public.wallet_transactions) TO service_role;

-- GET /wallets/me/transactions: newest first, `page_size` + 1 rows read to learn whether another page
-- exists; created_at is unique per user, so "<" the cursor is an exact position.
CREATE FUNCTION api.list_wallet_transactions(page_size integer, page_cursor text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  older_than timestamptz;
  result jsonb;
begin
  if page_size is null or page_size not between 1 and 100 then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100.');
  end if;
  older_than := coalesce(private.timestamp_cursor(page_cursor), 'infinity');
  with page as (
    select private.wallet_transaction_json(t) as item, row_number() over (order by t.created_at desc) as k
      from public.wallet_transactions t
     where t.user_id = (select auth.uid()) and t.created_at < older_than
     order by t.created_at desc
     limit page_size + 1
  )
  select jsonb_build_object(
           'data', coalesce(jsonb_agg(item order by k) filter (where k <= page_size), '[]'::jsonb),
           'next_cursor', case when count(*) > page_size
                            then (array_agg(item ->> 'created_at') filter (where k = page_size))[1] end)
    into result
    from page;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.list_wallet_transactions(page_size integer, page_cursor text) TO authenticated;

CREATE POLICY wallet_transactions_select_own ON public.wallet_transactions FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER wallet_transactions_unique_created_at BEFORE INSERT ON public.wallet_transactions FOR EACH ROW EXECUTE FUNCTION private.unique_created_at('user_id');
