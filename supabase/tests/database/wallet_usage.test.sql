-- Usage statistics in SQL: summaries by period, contributions per day and insights, each in the caller's
-- time zone, only of the caller's runs, and read from an index.
begin;
\ir _helpers.psql
select plan(33);

select pg_temp.create_user('c1111111-1111-4111-8111-111111111111', 'usage.alice@example.com');
select pg_temp.create_user('c2222222-2222-4222-8222-222222222222', 'usage.bob@example.com');
select pg_temp.create_user('c3333333-3333-4333-8333-333333333333', 'usage.carol@example.com');

-- Alice: two runs each at 22:30 UTC on 1..5 January 2025 (23:30 in Rome), four on Monday 6 January at
-- 10:00 UTC, one at 23:30 UTC on 31 December 2024 (00:30 on 1 January in Rome), and three recent ones
-- today, yesterday and the day before.
insert into public.usage_events (user_id, status, model, tokens_in, tokens_out, credits, created_at)
select 'c1111111-1111-4111-8111-111111111111', case when n = 1 then 'failed' else 'succeeded' end, 'm-full', 100, 200, 7,
       timestamptz '2025-01-01 22:30:00+00' + (d - 1) * interval '1 day'
  from generate_series(1, 5) d, generate_series(1, 2) n;
insert into public.usage_events (user_id, status, model, tokens_in, tokens_out, credits, created_at)
select 'c1111111-1111-4111-8111-111111111111', 'succeeded', 'm-light', 10, 20, 1, timestamptz '2025-01-06 10:00:00+00'
  from generate_series(1, 4);
insert into public.usage_events (user_id, status, model, tokens_in, tokens_out, credits, created_at) values
  ('c1111111-1111-4111-8111-111111111111', 'succeeded', 'm-full', 1, 1, 1, '2024-12-31 23:30:00+00');
insert into public.usage_events (user_id, status, model, tokens_in, tokens_out, credits, created_at)
select 'c1111111-1111-4111-8111-111111111111', 'succeeded', 'm-light', 5, 5, 2, now() - d * interval '1 day'
  from generate_series(0, 2) d;
insert into public.usage_events (user_id, status, model, credits, created_at) values
  ('c2222222-2222-4222-8222-222222222222', 'succeeded', 'm-other', 99, '2025-01-02 12:00:00+00');

select pg_temp.as_user('c1111111-1111-4111-8111-111111111111');
select is(api.usage_summary('month', 2025, 1, 'Europe/Rome') - 'models',
  jsonb_build_object('period', 'month', 'timezone', 'Europe/Rome', 'year', 2025, 'month', 1,
    'starts_at', '2024-12-31T23:00:00.000000Z', 'ends_at', '2025-01-31T23:00:00.000000Z',
    'runs', 15, 'succeeded', 10, 'failed', 5, 'tokens_in', 1041, 'tokens_out', 2081, 'credits_spent', 75,
    'display_credits_spent', '0,75' || chr(160) || '€'), 'a month in Rome counts the run at 00:30 on 1 January');
select is((api.usage_summary('month', 2025, 1, 'UTC') ->> 'runs')::int, 14, 'in UTC that run is December''s');
select is(api.usage_summary('month', 2025, 1, 'UTC') -> 'models',
  '[{"model": "m-full", "runs": 10, "tokens_in": 1000, "tokens_out": 2000, "credits_spent": 70},
    {"model": "m-light", "runs": 4, "tokens_in": 40, "tokens_out": 80, "credits_spent": 4}]'::jsonb, 'per model');
select is((api.usage_summary('all', null, null, 'UTC') ->> 'runs')::int, 18, 'all counts every run, and only the caller''s');
select ok((select (s ->> 'runs')::int = (select count(*)::int from public.usage_events
                                          where user_id = 'c1111111-1111-4111-8111-111111111111'
                                            and created_at >= (s ->> 'starts_at')::timestamptz
                                            and created_at < (s ->> 'ends_at')::timestamptz)
                and extract(isodow from (s ->> 'starts_at')::timestamptz at time zone 'Asia/Tokyo') = 1
                and ((s ->> 'starts_at')::timestamptz at time zone 'Asia/Tokyo')::time = '00:00'
             from api.usage_summary('week', null, null, 'Asia/Tokyo') s),
  'week is the current ISO week from Monday 00:00 in the caller''s zone');
select is((api.usage_summary('month', null, null, 'UTC') ->> 'month')::int, extract(month from now() at time zone 'UTC')::int,
  'month without year and month is the current one');
select throws_ok($$select api.usage_summary('month', 2025, null, 'UTC')$$, 'PT400', null, 'year without month is 400');
select throws_ok($$select api.usage_summary('month', null, 3, 'UTC')$$, 'PT400', null, 'month without year is 400');
select throws_ok($$select api.usage_summary('week', 2025, null, 'UTC')$$, 'PT400', null, 'week with a year is 400');
select throws_ok($$select api.usage_summary('all', 2025, 1, 'UTC')$$, 'PT400', null, 'all with year and month is 400');
select throws_ok($$select api.usage_summary('month', 2025, 13, 'UTC')$$, 'PT400', null, 'month 13 is 400');
select throws_ok($$select api.usage_summary('decade', null, null, 'UTC')$$, 'PT400', null, 'an unknown period is 400');

select is((select jsonb_agg(jsonb_build_array(d ->> 'date', (d ->> 'runs')::int, (d ->> 'level')::int))
             from jsonb_array_elements(api.usage_contributions('2024-12-31', '2025-01-07', 'Europe/Rome') -> 'data') d),
  '[["2024-12-31", 0, 0], ["2025-01-01", 3, 3], ["2025-01-02", 2, 2], ["2025-01-03", 2, 2], ["2025-01-04", 2, 2],
    ["2025-01-05", 2, 2], ["2025-01-06", 4, 4], ["2025-01-07", 0, 0]]'::jsonb,
  'one row per Rome day, zero days included, with calendar levels');
select is((select jsonb_agg((d ->> 'runs')::int) from jsonb_array_elements(
             api.usage_contributions('2024-12-31', '2025-01-01', 'UTC') -> 'data') d), '[1, 2]'::jsonb,
  'in UTC the late run of 31 December stays there');
select is(api.usage_contributions('2024-12-31T23:30:00Z', '2025-01-01T12:00:00+01:00', 'Europe/Rome') ->> 'start_date',
  '2025-01-01', 'a date-time stands for its day in the zone');
select is(api.usage_contributions('2025-01-06', '2025-01-06', 'UTC') -> 'data' -> 0,
  '{"date": "2025-01-06", "runs": 4, "succeeded": 4, "failed": 0, "tokens_in": 40, "tokens_out": 80,
    "credits_spent": 4, "level": 4}'::jsonb, 'a day''s row');
select is(jsonb_array_length(api.usage_contributions(null, null, 'UTC') -> 'data'), 365, 'the default is the last 365 days');
select is(jsonb_array_length(api.usage_contributions('2025-01-01', '2026-01-01', 'UTC') -> 'data'), 366,
  '366 days are allowed');
select throws_ok($$select api.usage_contributions('2025-01-01', '2026-01-02', 'UTC')$$, 'PT400', null, '367 days are 400');
select throws_ok($$select api.usage_contributions('2025-01-02', '2025-01-01', 'UTC')$$, 'PT400', null,
  'an end before the start is 400');
select throws_ok($$select api.usage_contributions('2025-02-30', null, 'UTC')$$, 'PT400', null, 'a date that does not exist is 400');

select is(api.usage_insights('Europe/Rome') - 'first_run_at' - 'last_run_at' - 'runs_by_hour' - 'runs_by_weekday'
            - 'current_streak' - 'active_days',
  jsonb_build_object('timezone', 'Europe/Rome', 'total_runs', 18,
    'busiest_hour', jsonb_build_object('hour', 23, 'runs', 10 + (select count(*) from public.usage_events
      where user_id = 'c1111111-1111-4111-8111-111111111111' and created_at > now() - interval '3 days'
        and extract(hour from created_at at time zone 'Europe/Rome') = 23)),
    'busiest_weekday', jsonb_build_object('weekday', 1, 'name', 'Monday', 'runs', 4 + (select count(*) from public.usage_events
      where user_id = 'c1111111-1111-4111-8111-111111111111' and created_at > now() - interval '3 days'
        and extract(isodow from created_at at time zone 'Europe/Rome') = 1)),
    'longest_streak', jsonb_build_object('days', 6, 'start_date', '2025-01-01', 'end_date', '2025-01-06'),
    'favourite_model', jsonb_build_object('model', 'm-full', 'runs', 11)),
  'busiest hour and weekday, the longest streak and the favourite model, in Rome');
select is((api.usage_insights('Europe/Rome') ->> 'current_streak')::int, 3, 'today and the two days before: a streak of 3');
select is(api.usage_insights('UTC') -> 'longest_streak',
  '{"days": 7, "start_date": "2024-12-31", "end_date": "2025-01-06"}'::jsonb, 'in UTC the streak starts on 31 December');
select is((api.usage_insights('UTC') -> 'busiest_hour' ->> 'hour')::int, 22, 'and the busiest hour is 22');
select is((select sum(h::int)::int from jsonb_array_elements_text(api.usage_insights('UTC') -> 'runs_by_hour') h), 18,
  'runs by hour add up');
select is(jsonb_array_length(api.usage_insights('UTC') -> 'runs_by_weekday'), 7, 'seven weekdays');
select is(api.usage_insights('europe/rome') ->> 'timezone', 'Europe/Rome', 'zone names match case-insensitively');
select throws_ok($$select api.usage_insights('Mars/Olympus_Mons')$$, 'PT400',
  'invalid_timezone: timezone must be an IANA time zone name, such as Europe/Rome or UTC.', 'an unknown zone is 400');
select throws_ok($$select api.usage_insights('UTC+3')$$, 'PT400', null, 'a POSIX offset is not an IANA name');
reset role;
delete from private.time_zones where key = 'asia/kolkata';
select pg_temp.as_user('c1111111-1111-4111-8111-111111111111');
select is(api.usage_insights('Asia/Kolkata') ->> 'timezone', 'Asia/Kolkata',
  'a zone missing from the cached list is still found in pg_timezone_names');
reset role;
select pg_temp.as_user('c3333333-3333-4333-8333-333333333333');
select is(api.usage_insights('UTC') - 'timezone' - 'runs_by_hour' - 'runs_by_weekday',
  '{"total_runs": 0, "active_days": 0, "first_run_at": null, "last_run_at": null, "busiest_hour": null,
    "busiest_weekday": null, "current_streak": 0, "longest_streak": null, "favourite_model": null}'::jsonb,
  'no runs, no insights');
reset role;
select has_index('public', 'usage_events', 'usage_events_user_time', array['user_id', 'created_at'],
  'usage reads one user''s time range from an index');

select * from finish();
rollback;
