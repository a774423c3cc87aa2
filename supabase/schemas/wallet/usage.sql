-- Usage events and the usage summaries and insights the API serves.

-- Usage of every run, for statistics and the spend's audit trail.
CREATE TABLE public.usage_events (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    job_id uuid,
    project_id bigint,
    status text NOT NULL,
    model text,
    provider text,
    tier text,
    tokens_in bigint DEFAULT 0 NOT NULL,
    tokens_out bigint DEFAULT 0 NOT NULL,
    cost_eur numeric(14,6) DEFAULT 0 NOT NULL,
    credits bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT usage_events_status CHECK ((status = ANY (ARRAY['succeeded'::text, 'failed'::text, 'canceled'::text])))
);
ALTER TABLE public.usage_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.usage_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY public.usage_events
    ADD CONSTRAINT usage_events_pkey PRIMARY KEY (id);
CREATE INDEX usage_events_job ON public.usage_events USING btree (job_id);
CREATE INDEX usage_events_project ON public.usage_events USING btree (project_id);
CREATE INDEX usage_events_user_time ON public.usage_events USING btree (user_id, created_at);
ALTER TABLE ONLY public.usage_events
    ADD CONSTRAINT usage_events_job_id_fkey FOREIGN KEY (job_id) REFERENCES public.jobs(id) ON DELETE SET NULL;
ALTER TABLE ONLY public.usage_events
    ADD CONSTRAINT usage_events_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE SET NULL;
ALTER TABLE ONLY public.usage_events
    ADD CONSTRAINT usage_events_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.usage_events ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.usage_events TO authenticated;
GRANT ALL ON TABLE public.usage_events TO service_role;

-- The caller's quota now: {limit, remaining, reset_at}; reset_at is when the oldest counted evaluation
-- leaves the rolling window (now when none is counted).
CREATE FUNCTION private.quota_state(uid uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return (with cfg as (
    select private.setting('quota_limit', '30')::int as lim,
           make_interval(secs => private.setting('quota_window_seconds', '3600')::int) as win
  ), used as (
    select count(*)::int as n, min(e.created_at) as oldest
      from public.prompt_evaluations e, cfg
     where e.user_id = uid and e.created_at > clock_timestamp() - cfg.win
  )
  select jsonb_build_object(
    'limit', cfg.lim,
    'remaining', greatest(cfg.lim - used.n, 0),
    'reset_at', coalesce(used.oldest + cfg.win, clock_timestamp())
  ) from cfg, used);
end
$$;

-- GET /usage/summary: the caller's runs in one period, bounded in the caller's time zone.
--   month: `year` and `month` together (that calendar month) or neither (the current one);
--   week:  the current ISO week, Monday 00:00 to the next Monday; `year`/`month` do not apply;
--   all:   everything; `year`/`month` do not apply.
-- Any other combination is 400 invalid_period. Counts, tokens and credits come from usage_events (one row
-- per finished run), per model too.
CREATE FUNCTION api.usage_summary(period text, year integer, month integer, tz text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION api.usage_summary(period text, year integer, month integer, tz text) TO authenticated;

-- GET /usage/contributions: one row per day from start_date to end_date inclusive (days of the caller's
-- zone), days without runs included. Defaults: the 365 days ending today. At most 366 days; end before
-- start is 400 invalid_date_range. `level` 0..4 grades a day against the busiest day of the range, as a
-- contributions calendar shades it: 0 without runs, else ceil(4 × runs / max runs).
CREATE FUNCTION api.usage_contributions(start_date text, end_date text, tz text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION api.usage_contributions(start_date text, end_date text, tz text) TO authenticated;

-- GET /usage/insights: habits over all the caller's runs, in the caller's zone. Busiest hour (0..23) and
-- weekday (1 = Monday .. 7 = Sunday; ties go to the earliest), the runs per hour and per weekday, streaks
-- of consecutive days with at least one run (the current one counts when its last day is today or
-- yesterday, since today may still come), and the favourite model (most runs; ties to the most recent).
CREATE FUNCTION api.usage_insights(tz text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION api.usage_insights(tz text) TO authenticated;

CREATE POLICY usage_events_select_own ON public.usage_events FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));
