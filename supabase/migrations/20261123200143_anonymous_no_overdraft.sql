-- An anonymous account runs no job on credit. The -500 overdraft floor lets an account spend 500 credits it
-- never paid for, which for a throw-away anonymous sign-in is the same as the welcome bonus it is refused:
-- its floor is 0 until the account becomes permanent (or it tops up).

-- Refuses a new hold once balance + valid bonus − open holds is at or below the account's floor: -500, or 0
-- for an anonymous account. The wallet must be locked.
create or replace function private.check_credit_floor(w public.wallets)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  held bigint := private.held_credits(w.user_id);
  available bigint := w.balance + case when w.bonus_expires_at > now() then w.bonus_balance else 0 end - held;
  anonymous boolean := coalesce((select u.is_anonymous from auth.users u where u.id = w.user_id), false);
  credit_floor bigint := case when anonymous then 0 else -500 end;
begin
  if available <= credit_floor and anonymous then
    perform private.raise_api_error(402, 'insufficient_credits',
      'An anonymous account cannot run jobs on credit; sign up or top up to run more jobs.',
      jsonb_build_object('available', available, 'held', held, 'floor', credit_floor));
  elsif available <= credit_floor then
    perform private.raise_api_error(402, 'insufficient_credits',
      'The balance has reached the -500 credit floor; top up to run more jobs.',
      jsonb_build_object('available', available, 'held', held, 'floor', credit_floor));
  end if;
end
$$;
revoke execute on function private.check_credit_floor(public.wallets) from public, anon, authenticated;
