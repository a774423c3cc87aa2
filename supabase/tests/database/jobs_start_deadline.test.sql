-- A job no runner ever claims does not stay queued for ever: past job_start_seconds the dispatcher fails it
-- with not_started, releases its hold and charges nothing; younger jobs and requeued ones are sent again.
begin;
\ir _helpers.psql
select plan(9);

select pg_temp.create_user('c3333333-3333-3333-3333-333333333333', 'start.deadline@example.com');
select pg_temp.create_project(8301, 'c3333333-3333-3333-3333-333333333333', 'Deadline app');
-- Dispatches queue pg_net requests; inside this rolled-back transaction none is ever sent.
insert into public.jobs (id, user_id, project_id, input, held_credits, created_at, dispatched_at) values
  ('30000000-0000-4000-8000-000000000001', 'c3333333-3333-3333-3333-333333333333', 8301,
   '{"prompt": "p", "model": "light", "appName": "Never"}', 5, now() - interval '11 minutes',
   now() - interval '1 minute'),
  ('30000000-0000-4000-8000-000000000002', 'c3333333-3333-3333-3333-333333333333', 8301,
   '{"prompt": "p", "model": "light", "appName": "Young"}', 5, now() - interval '2 minutes',
   now() - interval '1 minute'),
  ('30000000-0000-4000-8000-000000000003', 'c3333333-3333-3333-3333-333333333333', 8301,
   '{"prompt": "p", "model": "light", "appName": "Requeued"}', 5, now() - interval '11 minutes',
   now() - interval '1 minute');
-- The third one ran once and lost its runner: leases and job_max_attempts bound it, not the start deadline.
update public.jobs set attempts = 1 where id = '30000000-0000-4000-8000-000000000003';

select is(private.held_credits('c3333333-3333-3333-3333-333333333333'), 15::bigint, 'three open jobs hold credits');
select ok(private.dispatch_jobs() >= 3, 'the dispatcher looks at every queued job nobody claimed');
select is((select status || ':' || (error ->> 'code') from public.jobs where id = '30000000-0000-4000-8000-000000000001'),
  'failed:not_started', 'a job no runner took within 600 s fails with not_started');
select matches((select error ->> 'message' from public.jobs where id = '30000000-0000-4000-8000-000000000001'),
  'within 600 seconds; nothing was charged', 'and says so');
select is((select string_agg(status, ',' order by id) from public.jobs
            where id in ('30000000-0000-4000-8000-000000000002', '30000000-0000-4000-8000-000000000003')),
  'queued,queued', 'a younger job and a requeued one are sent again instead');
select is(private.held_credits('c3333333-3333-3333-3333-333333333333'), 10::bigint, 'the failed job holds nothing');
select is((select count(*)::int from public.usage_events where job_id = '30000000-0000-4000-8000-000000000001'), 0,
  'and costs nothing');
select is((select type from public.notifications where recipient_id = 'c3333333-3333-3333-3333-333333333333'
            and payload ->> 'job_id' = '30000000-0000-4000-8000-000000000001'),
  'job_failed', 'its owner is told');

-- The deadline is a setting.
do $$ begin perform private.set_setting('job_start_seconds', '60'); end $$;
update public.jobs set dispatched_at = now() - interval '1 minute' where id = '30000000-0000-4000-8000-000000000002';
do $$ begin perform private.dispatch_jobs(); end $$;
select is((select status || ':' || (error ->> 'message') from public.jobs where id = '30000000-0000-4000-8000-000000000002'),
  'failed:No runner started the job within 60 seconds; nothing was charged.', 'job_start_seconds sets it');

select * from finish();
rollback;
