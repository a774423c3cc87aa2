-- Wallets: the credit balance, the welcome bonus and its expiry.
-- pg_cron runs private.expire_bonuses() every five minutes (supabase/migrations/*_schedules_and_rows.sql).

-- Credits are integer EUR cents. The welcome bonus is spent before the balance while it is valid.
CREATE TABLE public.wallets (
    user_id uuid NOT NULL,
    balance bigint DEFAULT 0 NOT NULL,
    bonus_balance bigint DEFAULT 0 NOT NULL,
    bonus_expires_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT wallets_bonus_non_negative CHECK ((bonus_balance >= 0))
);
ALTER TABLE ONLY public.wallets
    ADD CONSTRAINT wallets_pkey PRIMARY KEY (user_id);

-- The sweep behind pg_cron: expired bonuses leave the ledger within minutes of expiring, even for users
-- who neither spend nor top up. Returns how many it wrote off.
CREATE INDEX wallets_bonus_expiry ON public.wallets USING btree (bonus_expires_at) WHERE (bonus_balance > 0);
ALTER TABLE ONLY public.wallets
    ADD CONSTRAINT wallets_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.wallets ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.wallets IS 'Credit wallet; written only by private functions.';
GRANT SELECT ON TABLE public.wallets TO authenticated;
GRANT ALL ON TABLE public.wallets TO service_role;

-- The wallet, locked for the rest of the transaction, after writing off a bonus whose time has passed:
-- one `bonus_expired` row takes the remaining bonus to zero. Null when the user has no wallet.
CREATE FUNCTION private.write_off_expired_bonus(owner uuid) RETURNS public.wallets
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  w public.wallets;
begin
  select * into w from public.wallets where user_id = owner for update;
  if not found then
    return null;
  end if;
  if w.bonus_balance > 0 and w.bonus_expires_at <= now() then
    insert into public.wallet_transactions (user_id, reason, bonus_amount, balance_after, bonus_balance_after, metadata)
    values (owner, 'bonus_expired', -w.bonus_balance, w.balance, 0,
            jsonb_build_object('expired_at', private.utc_iso(w.bonus_expires_at)));
    update public.wallets set bonus_balance = 0 where user_id = owner returning * into w;
  end if;
  return w;
end
$$;

CREATE FUNCTION private.expire_bonuses() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  owner uuid;
  swept int := 0;
begin
  for owner in
    select user_id from public.wallets
     where bonus_balance > 0 and bonus_expires_at <= now()
     order by bonus_expires_at
     limit 500
       for update skip locked
  loop
    perform private.write_off_expired_bonus(owner);
    swept := swept + 1;
  end loop;
  return swept;
end
$$;

-- GET /wallets/me, with what is held: `held` (open jobs and pending admissions) and `available`
-- (total − held, what the -500 floor is checked on).
CREATE FUNCTION api.get_wallet() RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  w public.wallets;
  bonus bigint;
  held bigint;
begin
  select * into w from public.wallets where user_id = (select auth.uid());
  if not found then
    perform private.raise_api_error(404, 'wallet_not_found', 'No wallet exists for this account.');
  end if;
  bonus := case when w.bonus_expires_at > now() then w.bonus_balance else 0 end;
  held := private.held_credits(w.user_id);
  return jsonb_build_object(
    'balance', w.balance, 'bonus_balance', bonus, 'bonus_expires_at', private.utc_iso(w.bonus_expires_at),
    'total', w.balance + bonus, 'held', held, 'available', w.balance + bonus - held,
    'display_balance', private.format_eur(w.balance), 'display_bonus_balance', private.format_eur(bonus),
    'display_total', private.format_eur(w.balance + bonus),
    'updated_at', private.utc_iso(w.updated_at));
end
$$;
GRANT EXECUTE ON FUNCTION api.get_wallet() TO authenticated;

-- The wallet's limits: the one definition the functions below enforce and the API documents (`npm run types`
-- writes them to supabase/functions/_contract/limits.gen.ts). A permanent account may run on credit down to
-- the floor; a new one gets the welcome bonus, valid for its days.
CREATE FUNCTION private.wallet_limits() RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('credit_floor', -500, 'welcome_bonus', 500, 'welcome_bonus_days', 30)
$$;

-- Whether a new hold is refused: once balance + valid bonus − open holds is at or below the account's
-- floor, private.wallet_limits()'s, or 0 for an anonymous account. Returns {details: {available, held, floor}, refusal: null or
-- the 402 {code, message, details}}.
CREATE FUNCTION private.credit_floor_state(w public.wallets) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  held bigint := private.held_credits(w.user_id);
  available bigint := w.balance + case when w.bonus_expires_at > now() then w.bonus_balance else 0 end - held;
  anonymous boolean := coalesce((select u.is_anonymous from auth.users u where u.id = w.user_id), false);
  credit_floor bigint := case when anonymous then 0 else (private.wallet_limits() ->> 'credit_floor')::bigint end;
  details jsonb := jsonb_build_object('available', available, 'held', held, 'floor', credit_floor);
begin
  return jsonb_build_object('details', details, 'refusal', case
    when available > credit_floor then null
    when anonymous then jsonb_build_object('code', 'insufficient_credits', 'details', details,
      'message', 'An anonymous account cannot run jobs on credit; sign up or top up to run more jobs.')
    else jsonb_build_object('code', 'insufficient_credits', 'details', details,
      'message', format('The balance has reached the %s credit floor; top up to run more jobs.', credit_floor))
  end);
end
$$;

-- Refuses a new hold (402) as credit_floor_state says. The wallet must be locked.
CREATE FUNCTION private.check_credit_floor(w public.wallets) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  refusal jsonb := private.credit_floor_state(w) -> 'refusal';
begin
  if refusal <> 'null'::jsonb then
    perform private.raise_api_error(402, refusal ->> 'code', refusal ->> 'message', refusal -> 'details');
  end if;
end
$$;

-- The welcome bonus, once per user (keyed in the ledger), under the wallet's row lock.
CREATE FUNCTION private.grant_welcome_bonus(owner uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  w public.wallets;
  limits constant jsonb := private.wallet_limits();
  bonus constant bigint := (limits ->> 'welcome_bonus')::bigint;
  expires timestamptz := now() + make_interval(days => (limits ->> 'welcome_bonus_days')::int);
begin
  w := private.write_off_expired_bonus(owner);
  if w.user_id is null or exists (select from public.wallet_transactions t
                                   where t.user_id = owner and t.reason = 'bonus') then
    return;
  end if;
  update public.wallets set bonus_balance = bonus_balance + bonus, bonus_expires_at = expires
   where user_id = owner
  returning * into w;
  insert into public.wallet_transactions (user_id, reason, bonus_amount, balance_after, bonus_balance_after, metadata,
                                          external_ref)
  values (owner, 'bonus', bonus, w.balance, w.bonus_balance, jsonb_build_object('expires_at', expires),
          'welcome:' || owner);
end
$$;

CREATE POLICY wallets_select_own ON public.wallets FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER wallets_touch BEFORE UPDATE ON public.wallets FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();
