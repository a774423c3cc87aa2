-- Wallet, billing and usage (contract sections E and F): the wallet as the API shows it, the ledger paged
-- by an exact timestamp cursor, idempotent top-ups from verified payment events, expired bonuses written
-- off into the ledger, and usage statistics computed in the caller's time zone.

-- ISO 8601 in UTC with microseconds, the very string a page's next_cursor repeats.
create or replace function private.utc_iso(ts timestamptz)
returns text
language sql
stable
set search_path = ''
as $$
  select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
$$;
grant execute on function private.utc_iso(timestamptz) to authenticated, service_role;

-- The ledger's created_at becomes unique per user, as notifications' is per recipient, so the ISO
-- timestamp cursor of GET /wallets/me/transactions never splits rows that tie. Rows written before this
-- migration may tie: they are spread apart first.
update public.wallet_transactions t
   set created_at = t.created_at + (d.rank - 1) * interval '1 microsecond'
  from (select x.id, row_number() over (partition by x.user_id, x.created_at order by x.id) as rank
          from public.wallet_transactions x) d
 where d.id = t.id and d.rank > 1;

create trigger wallet_transactions_unique_created_at before insert on public.wallet_transactions
  for each row execute function private.unique_created_at('user_id');
-- Serves the page walk and guarantees what the trigger promises.
create unique index wallet_transactions_user_created_at on public.wallet_transactions (user_id, created_at);
drop index public.wallet_transactions_user_page;

-- The wallet, locked for the rest of the transaction, after writing off a bonus whose time has passed:
-- one `bonus_expired` row takes the remaining bonus to zero. Null when the user has no wallet.
create or replace function private.write_off_expired_bonus(owner uuid)
returns public.wallets
language plpgsql
security definer
set search_path = ''
as $$
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

-- The same spend as before (the valid bonus first, then the paid balance, which may pass the floor), with
-- the write-off shared with top-ups and the scheduled sweep.
create or replace function private.spend_credits(spender uuid, credits bigint, spend_metadata jsonb, ref text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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

-- The sweep behind pg_cron: expired bonuses leave the ledger within minutes of expiring, even for users
-- who neither spend nor top up. Returns how many it wrote off.
create index wallets_bonus_expiry on public.wallets (bonus_expires_at) where bonus_balance > 0;
create or replace function private.expire_bonuses()
returns int
language plpgsql
security definer
set search_path = ''
as $$
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
do $$
begin
  perform cron.unschedule(jobid) from cron.job where jobname = 'expire-bonuses';
  perform cron.schedule('expire-bonuses', '*/5 * * * *', 'select private.expire_bonuses()');
end
$$;

-- A ledger row as the API shows it. `amount` is the change of the paid balance and `bonus_amount` that of
-- the bonus; display_amount formats their sum.
create or replace function private.wallet_transaction_json(t public.wallet_transactions)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('id', t.id, 'reason', t.reason, 'amount', t.amount, 'bonus_amount', t.bonus_amount,
    'balance_after', t.balance_after, 'bonus_balance_after', t.bonus_balance_after,
    'display_amount', private.format_eur(t.amount + t.bonus_amount),
    'display_balance_after', private.format_eur(t.balance_after),
    'metadata', t.metadata, 'created_at', private.utc_iso(t.created_at));
$$;
grant execute on function private.wallet_transaction_json(public.wallet_transactions) to authenticated, service_role;

-- A paid checkout session credits the payer's paid balance once, whatever the retries, duplicates or
-- concurrent deliveries: the row is keyed by `checkout:<session id>` in external_ref and inserted with
-- `on conflict do nothing` under the wallet's row lock, so exactly one delivery changes the balance. The
-- credits go to the paid balance, so a negative balance is paid off first by construction
-- (metadata.settled_debt says how much of the top-up did that). The session must sell exactly what it
-- charged: credits = amount_total in EUR cents, else 400 invalid_payload.
-- Returns {outcome: 'credited', transaction} | {outcome: 'duplicate'} | {outcome: 'wallet_missing'}.
create or replace function private.credit_topup(
  payer uuid, session_id text, credits bigint, amount_total_cents bigint, currency text, event_metadata jsonb
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
grant execute on function private.credit_topup(uuid, text, bigint, bigint, text, jsonb) to service_role;

-- GET /wallets/me. The bonus counts (and shows) as 0 once bonus_expires_at has passed, even before the
-- sweep writes it off; total = balance + valid bonus, the amount the -500 floor is checked against.
create or replace function api.get_wallet()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  w public.wallets;
  bonus bigint;
begin
  select * into w from public.wallets where user_id = (select auth.uid());
  if not found then
    perform private.raise_api_error(404, 'wallet_not_found', 'No wallet exists for this account.');
  end if;
  bonus := case when w.bonus_expires_at > now() then w.bonus_balance else 0 end;
  return jsonb_build_object(
    'balance', w.balance, 'bonus_balance', bonus, 'bonus_expires_at', private.utc_iso(w.bonus_expires_at),
    'total', w.balance + bonus,
    'display_balance', private.format_eur(w.balance), 'display_bonus_balance', private.format_eur(bonus),
    'display_total', private.format_eur(w.balance + bonus),
    'updated_at', private.utc_iso(w.updated_at));
end
$$;

-- GET /wallets/me/transactions: newest first, `page_size` + 1 rows read to learn whether another page
-- exists; created_at is unique per user, so "<" the cursor is an exact position.
create or replace function api.list_wallet_transactions(page_size int, page_cursor text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  older_than timestamptz;
  result jsonb;
begin
  if page_size is null or page_size not between 1 and 100 then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100.');
  end if;
  older_than := private.timestamp_cursor(page_cursor);
  with page as (
    select private.wallet_transaction_json(t) as item, row_number() over (order by t.created_at desc) as k
      from public.wallet_transactions t
     where t.user_id = (select auth.uid()) and (older_than is null or t.created_at < older_than)
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

-- IANA time zone names, canonical spelling by lower-cased key: an index lookup instead of a scan of the
-- tz database (pg_timezone_names reads it from disk on every query).
create table private.time_zones (
  key text primary key,
  name text not null
);
revoke all on private.time_zones from public, anon, authenticated;
insert into private.time_zones (key, name)
select lower(name), min(name) from pg_catalog.pg_timezone_names group by lower(name);

-- The caller's time zone in its canonical spelling (case-insensitive match); 400 invalid_timezone for
-- anything the server's tz database does not name, including POSIX offsets such as 'UTC+3'. A zone the
-- tz database gained after this migration is still found in pg_timezone_names itself.
create or replace function private.require_timezone(tz text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  canonical text;
begin
  select z.name into canonical from private.time_zones z where z.key = lower(tz);
  if canonical is null and tz is not null then
    select min(n.name) into canonical from pg_catalog.pg_timezone_names n where lower(n.name) = lower(tz);
  end if;
  if canonical is null then
    perform private.raise_api_error(400, 'invalid_timezone',
      'timezone must be an IANA time zone name, such as Europe/Rome or UTC.', jsonb_build_object('timezone', tz));
  end if;
  return canonical;
end
$$;
grant execute on function private.require_timezone(text) to authenticated, service_role;

-- GET /usage/summary: the caller's runs in one period, bounded in the caller's time zone.
--   month: `year` and `month` together (that calendar month) or neither (the current one);
--   week:  the current ISO week, Monday 00:00 to the next Monday; `year`/`month` do not apply;
--   all:   everything; `year`/`month` do not apply.
-- Any other combination is 400 invalid_period. Counts, tokens and credits come from usage_events (one row
-- per finished run), per model too.
create or replace function api.usage_summary(period text, year int, month int, tz text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  zone text := private.require_timezone(tz);
  local_now timestamp := now() at time zone zone;
  first_local timestamp;
  next_local timestamp;
  starts timestamptz;
  ends timestamptz;
  totals jsonb;
  models jsonb;
begin
  if period = 'month' then
    if (year is null) <> (month is null) then
      perform private.raise_api_error(400, 'invalid_period',
        'period=month takes year and month together, or neither for the current month.');
    end if;
    if month not between 1 and 12 or year not between 2000 and 2100 then
      perform private.raise_api_error(400, 'invalid_period', 'year must be 2000..2100 and month 1..12.');
    end if;
    first_local := make_timestamp(coalesce(year, extract(year from local_now)::int),
                                  coalesce(month, extract(month from local_now)::int), 1, 0, 0, 0);
    next_local := first_local + interval '1 month';
  elsif period in ('week', 'all') then
    if year is not null or month is not null then
      perform private.raise_api_error(400, 'invalid_period',
        format('period=%s takes neither year nor month.', period));
    end if;
    if period = 'week' then
      first_local := date_trunc('week', local_now);
      next_local := first_local + interval '7 days';
    end if;
  else
    perform private.raise_api_error(400, 'invalid_period', 'period must be month, week or all.');
  end if;
  starts := first_local at time zone zone;
  ends := next_local at time zone zone;

  select jsonb_build_object(
           'runs', count(*), 'succeeded', count(*) filter (where e.status = 'succeeded'),
           'failed', count(*) filter (where e.status = 'failed'),
           'tokens_in', coalesce(sum(e.tokens_in), 0), 'tokens_out', coalesce(sum(e.tokens_out), 0),
           'credits_spent', coalesce(sum(e.credits), 0),
           'display_credits_spent', private.format_eur(coalesce(sum(e.credits), 0)::bigint))
    into totals
    from public.usage_events e
   where e.user_id = (select auth.uid())
     and (starts is null or e.created_at >= starts) and (ends is null or e.created_at < ends);

  select coalesce(jsonb_agg(jsonb_build_object('model', m.model, 'runs', m.runs, 'tokens_in', m.tokens_in,
                    'tokens_out', m.tokens_out, 'credits_spent', m.credits) order by m.runs desc, m.model), '[]')
    into models
    from (select coalesce(e.model, 'unknown') as model, count(*) as runs, sum(e.tokens_in) as tokens_in,
                 sum(e.tokens_out) as tokens_out, sum(e.credits) as credits
            from public.usage_events e
           where e.user_id = (select auth.uid())
             and (starts is null or e.created_at >= starts) and (ends is null or e.created_at < ends)
           group by 1) m;

  return jsonb_build_object(
    'period', period, 'timezone', zone,
    'year', case when period = 'month' then extract(year from first_local)::int end,
    'month', case when period = 'month' then extract(month from first_local)::int end,
    'starts_at', private.utc_iso(starts), 'ends_at', private.utc_iso(ends))
    || totals || jsonb_build_object('models', models);
end
$$;

-- A date parameter in the caller's zone: a bare YYYY-MM-DD is that day; a date-time is the day it falls
-- on there. 400 invalid_date for anything else.
create or replace function private.local_date(value text, zone text, name text)
returns date
language plpgsql
stable
set search_path = ''
as $$
declare
  day date;
begin
  begin
    day := case when value ~ '^\d{4}-\d{2}-\d{2}$' then value::date
                else (value::timestamptz at time zone zone)::date end;
  exception when invalid_datetime_format or datetime_field_overflow then
    perform private.raise_api_error(400, 'invalid_date', format('%s must be a date or an ISO 8601 date-time.', name));
  end;
  return day;
end
$$;
grant execute on function private.local_date(text, text, text) to authenticated, service_role;

-- GET /usage/contributions: one row per day from start_date to end_date inclusive (days of the caller's
-- zone), days without runs included. Defaults: the 365 days ending today. At most 366 days; end before
-- start is 400 invalid_date_range. `level` 0..4 grades a day against the busiest day of the range, as a
-- contributions calendar shades it: 0 without runs, else ceil(4 × runs / max runs).
create or replace function api.usage_contributions(start_date text, end_date text, tz text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  zone text := private.require_timezone(tz);
  last_day date := coalesce(private.local_date(end_date, zone, 'end_date'), (now() at time zone zone)::date);
  first_day date := coalesce(private.local_date(start_date, zone, 'start_date'), last_day - 364);
  days jsonb;
begin
  if last_day < first_day or last_day - first_day + 1 > 366 then
    perform private.raise_api_error(400, 'invalid_date_range',
      'end_date must not be before start_date, and the range may span at most 366 days.',
      jsonb_build_object('start_date', first_day, 'end_date', last_day, 'max_days', 366));
  end if;
  with counts as (
    select (e.created_at at time zone zone)::date as day, count(*) as runs,
           count(*) filter (where e.status = 'succeeded') as succeeded,
           count(*) filter (where e.status = 'failed') as failed,
           sum(e.tokens_in) as tokens_in, sum(e.tokens_out) as tokens_out, sum(e.credits) as credits
      from public.usage_events e
     where e.user_id = (select auth.uid())
       and e.created_at >= (first_day::timestamp at time zone zone)
       and e.created_at < ((last_day + 1)::timestamp at time zone zone)
     group by 1
  ), graded as (
    select counts.*, ceil(4.0 * runs / max(runs) over ())::int as level from counts
  )
  select jsonb_agg(jsonb_build_object(
           'date', to_char(c.day, 'YYYY-MM-DD'), 'runs', coalesce(g.runs, 0),
           'succeeded', coalesce(g.succeeded, 0), 'failed', coalesce(g.failed, 0),
           'tokens_in', coalesce(g.tokens_in, 0), 'tokens_out', coalesce(g.tokens_out, 0),
           'credits_spent', coalesce(g.credits, 0), 'level', coalesce(g.level, 0))
         order by c.day)
    into days
    from generate_series(first_day::timestamp, last_day::timestamp, interval '1 day') c (day)
    left join graded g on g.day = c.day::date;
  return jsonb_build_object('timezone', zone, 'start_date', to_char(first_day, 'YYYY-MM-DD'),
    'end_date', to_char(last_day, 'YYYY-MM-DD'), 'data', days);
end
$$;

-- GET /usage/insights: habits over all the caller's runs, in the caller's zone. Busiest hour (0..23) and
-- weekday (1 = Monday .. 7 = Sunday; ties go to the earliest), the runs per hour and per weekday, streaks
-- of consecutive days with at least one run (the current one counts when its last day is today or
-- yesterday, since today may still come), and the favourite model (most runs; ties to the most recent).
create or replace function api.usage_insights(tz text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  zone text := private.require_timezone(tz);
  today date := (now() at time zone zone)::date;
  result jsonb;
begin
  with ev as (
    select e.created_at, e.created_at at time zone zone as local_ts, e.model
      from public.usage_events e
     where e.user_id = (select auth.uid())
  ), hours as (
    select extract(hour from local_ts)::int as h, count(*) as runs from ev group by 1
  ), weekdays as (
    select extract(isodow from local_ts)::int as d, count(*) as runs from ev group by 1
  ), by_hour as (
    select h, coalesce(hours.runs, 0) as runs from generate_series(0, 23) h left join hours using (h)
  ), by_weekday as (
    select d, coalesce(weekdays.runs, 0) as runs from generate_series(1, 7) d left join weekdays using (d)
  ), active as (
    select distinct local_ts::date as day from ev
  ), streaks as (
    select min(day) as first_day, max(day) as last_day, count(*)::int as days
      from (select day, day - (row_number() over (order by day))::int as grp from active) s
     group by grp
  ), favourite as (
    select ev.model, count(*) as runs from ev where ev.model is not null
     group by ev.model order by count(*) desc, max(ev.created_at) desc limit 1
  )
  select jsonb_build_object(
    'timezone', zone,
    'total_runs', (select count(*) from ev),
    'active_days', (select count(*) from active),
    'first_run_at', (select private.utc_iso(min(created_at)) from ev),
    'last_run_at', (select private.utc_iso(max(created_at)) from ev),
    'busiest_hour', (select jsonb_build_object('hour', h, 'runs', runs) from by_hour
                      where runs > 0 order by runs desc, h limit 1),
    'busiest_weekday', (select jsonb_build_object('weekday', d, 'name', trim(to_char(date '2024-01-01' + d - 1, 'Day')),
                                                  'runs', runs)
                          from by_weekday where runs > 0 order by runs desc, d limit 1),
    'runs_by_hour', (select jsonb_agg(runs order by h) from by_hour),
    'runs_by_weekday', (select jsonb_agg(runs order by d) from by_weekday),
    'current_streak', coalesce((select days from streaks where last_day >= today - 1), 0),
    'longest_streak', (select jsonb_build_object('days', days, 'start_date', to_char(first_day, 'YYYY-MM-DD'),
                                                 'end_date', to_char(last_day, 'YYYY-MM-DD'))
                         from streaks order by days desc, last_day desc limit 1),
    'favourite_model', (select jsonb_build_object('model', model, 'runs', runs) from favourite))
    into result;
  return result;
end
$$;

grant execute on function api.get_wallet(), api.list_wallet_transactions(int, text),
  api.usage_summary(text, int, int, text), api.usage_contributions(text, text, text), api.usage_insights(text)
  to authenticated;
