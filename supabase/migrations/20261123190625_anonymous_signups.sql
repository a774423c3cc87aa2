-- Anonymous sign-ins (auth.users.is_anonymous) get a profile and an empty wallet, but no welcome bonus: a
-- throw-away account per device would otherwise mint 500 credits each. The bonus is granted once, for 30
-- days, when the account becomes permanent (Supabase Auth clears is_anonymous when an e-mail or identity
-- is linked).

-- The welcome bonus, once per user (keyed in the ledger), under the wallet's row lock.
create or replace function private.grant_welcome_bonus(owner uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  w public.wallets;
  expires timestamptz := now() + interval '30 days';
begin
  w := private.write_off_expired_bonus(owner);
  if w.user_id is null or exists (select from public.wallet_transactions t
                                   where t.user_id = owner and t.reason = 'bonus') then
    return;
  end if;
  update public.wallets set bonus_balance = bonus_balance + 500, bonus_expires_at = expires
   where user_id = owner
  returning * into w;
  insert into public.wallet_transactions (user_id, reason, bonus_amount, balance_after, bonus_balance_after, metadata,
                                          external_ref)
  values (owner, 'bonus', 500, w.balance, w.bonus_balance, jsonb_build_object('expires_at', expires),
          'welcome:' || owner);
end
$$;

create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  loop
    begin
      insert into public.profiles (id, username) values (new.id, private.username_for(new.email));
      exit;
    exception when unique_violation then
      -- Another signup took the same name between the check and the insert: pick again.
      if exists (select from public.profiles where id = new.id) then
        exit;
      end if;
    end;
  end loop;
  insert into public.wallets (user_id) values (new.id);
  if not coalesce(new.is_anonymous, false) then
    perform private.grant_welcome_bonus(new.id);
  end if;
  return new;
end
$$;

create or replace function private.handle_user_made_permanent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.grant_welcome_bonus(new.id);
  return null;
end
$$;
create trigger on_auth_user_made_permanent after update of is_anonymous on auth.users
  for each row when (old.is_anonymous and not new.is_anonymous)
  execute function private.handle_user_made_permanent();
