-- POST /billing/checkouts opens a session at the payment provider for each call: a user may open at most
-- `checkout_limit` (default 10) within a rolling `checkout_window_seconds` (default 3600); past it 429
-- `rate_limited` with Retry-After. Only the window's own requests are kept, so a user has at most
-- `checkout_limit` rows.

create table private.checkout_requests (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp()
);
create index checkout_requests_window on private.checkout_requests (user_id, created_at);
alter table private.checkout_requests enable row level security;
comment on table private.checkout_requests is
  'Checkout sessions opened in the current rate window, per user; written only by api.admit_checkout.';

-- Counts one checkout for the caller, or refuses it (429 with the seconds until the oldest counted one leaves
-- the window). Under the caller's wallet row lock, the per-user lock of the money paths, so concurrent
-- requests cannot all slip under the limit. Definer: users have no access to the table.
create or replace function api.admit_checkout()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
revoke all on function api.admit_checkout() from public, anon;
grant execute on function api.admit_checkout() to authenticated;
