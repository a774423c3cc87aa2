-- The per-job event log in SQL: status events from the trigger, progress only from the runner holding the
-- job, the poll function, and isolation between users.
begin;
\ir _helpers.psql
select plan(11);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'events.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'events.bob@example.com');
select pg_temp.create_project(8301, 'a1111111-1111-1111-1111-111111111111', 'One');
insert into public.jobs (id, user_id, project_id, input) values
  ('40000000-0000-4000-8000-000000000001', 'a1111111-1111-1111-1111-111111111111', 8301, '{"prompt": "p"}');
do $$ begin perform private.claim_job('40000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001'); end $$;


select is((select jsonb_agg(data ->> 'status' order by id) from public.job_events
            where job_id = '40000000-0000-4000-8000-000000000001'), '["queued", "running"]'::jsonb,
  'creation and every status change are logged');
select ok(private.record_job_progress('40000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001',
  '{"phase": "saving", "files_written": 3, "tokens_so_far": 120, "other": "dropped"}'), 'the holder records progress');
select is((select data from public.job_events where job_id = '40000000-0000-4000-8000-000000000001' and type = 'progress'),
  '{"phase": "saving", "files_written": 3, "tokens_so_far": 120}'::jsonb, 'progress keeps its three fields');
select ok(not private.record_job_progress('40000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000002',
  '{"phase": "saving"}'), 'another runner records nothing');
do $$ begin perform private.finalize_job('40000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001',
  '{"status": "failed", "error": {"code": "x", "message": "y"}}'); end $$;

select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is((select jsonb_agg(e ->> 'type') from jsonb_array_elements(
    api.job_events('40000000-0000-4000-8000-000000000001', 0, 100) -> 'events') e),
  '["status", "status", "progress", "status"]'::jsonb, 'the owner reads the whole log in order');
select is(api.job_events('40000000-0000-4000-8000-000000000001', 0, 100) ->> 'status', 'failed',
  'with the job''s status from the same snapshot');
select is(jsonb_array_length(api.job_events('40000000-0000-4000-8000-000000000001',
    (select min(id) from public.job_events where job_id = '40000000-0000-4000-8000-000000000001'), 2) -> 'events'), 2,
  'after an id, at most the number asked for');
select throws_ok($$select private.record_job_progress('40000000-0000-4000-8000-000000000001', gen_random_uuid(), '{}')$$,
  '42501', null, 'users cannot record progress');
select throws_ok($$insert into public.job_events (job_id, user_id, type, data) values
    ('40000000-0000-4000-8000-000000000001', 'a1111111-1111-1111-1111-111111111111', 'status', '{}')$$,
  '42501', null, 'nor write the log');
reset role;

select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is((select count(*)::int from public.job_events), 0, 'another user sees none of the events');
select throws_ok($$select api.job_events('40000000-0000-4000-8000-000000000001', 0, 100)$$, 'PT404',
  'job_not_found: No such job.', 'and cannot poll the job');
reset role;

select * from finish();
rollback;
