-- The job pipeline in SQL: admission (idempotency, floor, ownership, quota), the state machine, claims,
-- leases and reaping, finalize (files, spend, usage, notification) and who may see or change jobs.
begin;
\ir _helpers.psql
select plan(71);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'jobs.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'jobs.bob@example.com');
select pg_temp.create_project(8001, 'a1111111-1111-1111-1111-111111111111', 'Alice app');
select pg_temp.create_project(8002, 'b2222222-2222-2222-2222-222222222222', 'Bob app');
-- Dispatches queue pg_net requests; inside this rolled-back transaction none is ever sent.
do $$ begin perform private.set_setting('quota_limit', '3'); end $$;
do $$ begin perform private.set_setting('quota_window_seconds', '3600'); end $$;
do $$ begin perform private.set_setting('job_max_attempts', '2'); end $$;

-- Admission and creation take the evaluator's verdict: only the service calls them, for the user.

-- Admission, as Alice
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select is((api.admit_job(null, 8001) -> 'quota' ->> 'remaining')::int, 2, 'an admission counts one evaluation');
select throws_ok($$select api.admit_job(null, 8002)$$, 'PT404', 'project_not_found: No such project.',
  'another user''s project is 404');
select throws_ok($$select api.admit_job(null, 999999)$$, 'PT404', 'project_not_found: No such project.',
  'a missing project is 404 too');
select lives_ok($$select api.admit_job(null, null)$$, 'without a project the job will create one');

-- The job itself, created as the evaluated request would be
select ok((select (r ->> 'created')::boolean and (r ->> 'project_created')::boolean
  from api.create_job(jsonb_build_object(
    'type', 'prompt', 'idempotency_key', 'f0000000-0000-4000-8000-000000000001',
    'input', jsonb_build_object('prompt', 'a todo list app', 'expo_push_token', 'inside'),
    'live_activity_user', 'top-level', 'dbhost_project_ref', 'abcdefghijklmnopqrst',
    'verdict', jsonb_build_object('ok', true, 'model', 'light', 'appName', 'Todo List'),
    'template_files', jsonb_build_array(jsonb_build_object('path', 'App.tsx', 'contents', 'x', 'type', 'CODE'))
  )) as r), 'the job is created with a new project');
reset role;
select is((select status from public.jobs where idempotency_key = 'f0000000-0000-4000-8000-000000000001'), 'queued',
  'a new job is queued');
select is((select input - 'prompt' from public.jobs where idempotency_key = 'f0000000-0000-4000-8000-000000000001'),
  '{"model": "light", "appName": "Todo List", "expo_push_token": "inside", "live_activity_user": "top-level",
    "dbhost_project_ref": "abcdefghijklmnopqrst"}'::jsonb, 'input holds the verdict and the folded fields');
select is((select p.name from public.jobs j join public.projects p on p.id = j.project_id
            where j.idempotency_key = 'f0000000-0000-4000-8000-000000000001'), 'Todo List',
  'the new project is named after the evaluated app name');
select is((select count(*)::int from public.project_files f join public.jobs j on j.project_id = f.project_id
            where j.idempotency_key = 'f0000000-0000-4000-8000-000000000001'), 1, 'with the template''s files');
select is((select count(*)::int from net.http_request_queue q
            where convert_from(q.body, 'utf8') like '%' || (select id from public.jobs
              where idempotency_key = 'f0000000-0000-4000-8000-000000000001')::text || '%'), 1,
  'the insert dispatched the job through pg_net');

select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select ok((api.admit_job('f0000000-0000-4000-8000-000000000001', null) ? 'existing'),
  'a known idempotency key returns the existing job');
select is((select (r ->> 'created')::boolean from api.create_job(jsonb_build_object(
    'type', 'prompt', 'idempotency_key', 'f0000000-0000-4000-8000-000000000001',
    'input', jsonb_build_object('prompt', 'again'), 'project_id', 8001,
    'verdict', jsonb_build_object('ok', true, 'model', 'full', 'appName', 'Other'))) as r), false,
  'creating with a known key returns the first job');
select is((api.admit_job(null, 8001) -> 'quota' ->> 'remaining')::int, 0, 'the third evaluation spends the quota');
select throws_ok($$select api.admit_job(null, 8001)$$, 'PT429', null, 'over the quota is 429');
select throws_ok($$select api.create_job(jsonb_build_object('type', 'prompt', 'input', jsonb_build_object('prompt', 'x'),
    'project_id', 8001, 'verdict', jsonb_build_object('model', 'light', 'appName', 'X'),
    'attachments', jsonb_build_object('idempotency_key', gen_random_uuid(), 'files', jsonb_build_array(
      jsonb_build_object('path', 'b2222222-2222-2222-2222-222222222222/k/1.png')))))$$,
  'PT400', null, 'another account''s attachments are refused');
reset role;
select ok((select count(*) from public.prompt_evaluations where user_id = 'a1111111-1111-1111-1111-111111111111') = 3,
  'only admitted evaluations were counted');
update public.prompt_evaluations set created_at = now() - interval '2 hours'
 where user_id = 'a1111111-1111-1111-1111-111111111111';
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.admit_job(null, 8001)$$, 'evaluations older than the window no longer count');
reset role;

-- The credit floor: balance plus a valid bonus at or below -500 stops new jobs (holds: see jobs_admission_holds)
delete from public.job_admissions;
update public.wallets set balance = -600, bonus_balance = 150 where user_id = 'a1111111-1111-1111-1111-111111111111';
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.admit_job(null, 8001)$$, 'above the floor with the bonus, a job may start');
reset role;
update public.wallets set bonus_expires_at = now() - interval '1 day' where user_id = 'a1111111-1111-1111-1111-111111111111';
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.admit_job(null, 8001)$$, 'PT402', null, 'an expired bonus does not count: 402');
reset role;
update public.wallets set balance = -500, bonus_balance = 0 where user_id = 'a1111111-1111-1111-1111-111111111111';
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.admit_job(null, 8001)$$, 'PT402', null, 'exactly at the floor is 402');
select ok((api.admit_job('f0000000-0000-4000-8000-000000000001', null) ? 'existing'),
  'an idempotent retry still answers at the floor');
reset role;
update public.wallets set balance = 0, bonus_balance = 500, bonus_expires_at = now() + interval '10 days'
 where user_id = 'a1111111-1111-1111-1111-111111111111';
delete from public.wallet_transactions where user_id = 'a1111111-1111-1111-1111-111111111111';

-- Jobs for the state machine
insert into public.jobs (id, user_id, project_id, input) values
  ('10000000-0000-4000-8000-000000000001', 'a1111111-1111-1111-1111-111111111111', 8001,
   '{"prompt": "p", "model": "light", "appName": "A"}'),
  ('10000000-0000-4000-8000-000000000002', 'a1111111-1111-1111-1111-111111111111', 8001,
   '{"prompt": "p", "model": "full", "appName": "A"}'),
  ('10000000-0000-4000-8000-000000000003', 'b2222222-2222-2222-2222-222222222222', 8002,
   '{"prompt": "p", "model": "light", "appName": "B"}');

-- Claims: one winner
select ok(private.claim_job('10000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001') is not null,
  'the first claim wins');
select is(private.claim_job('10000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000002'), null,
  'a second claim is a no-op');
select is((select status || ':' || attempts from public.jobs where id = '10000000-0000-4000-8000-000000000001'),
  'running:1', 'the job runs under the first runner''s lease');
select is(private.heartbeat_job('10000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001'),
  'running', 'the holder extends its lease');
select is(private.heartbeat_job('10000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000002'),
  'lost', 'another runner cannot');
select throws_ok($$select private.finalize_job('10000000-0000-4000-8000-000000000001',
    '99999999-0000-4000-8000-000000000002', '{"status": "succeeded"}')$$, 'PT409', null,
  'a runner without the lease cannot finalize');

-- Finalize: files, spend (bonus first), usage, notification, all at once
create temp table jobs_updated_before as
  select n_tup_upd from pg_stat_xact_user_tables where relid = 'public.jobs'::regclass;
select is((private.finalize_job('10000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001',
  '{"status": "succeeded", "changes": [{"path": "App.tsx", "contents": "new", "type": "CODE"},
    {"path": "src/a.ts", "contents": "a", "type": "CODE"}], "usage": {"tokens_in": 100, "tokens_out": 200},
    "model": "template-light", "provider": "template", "cost_eur": "0.0500"}') -> 'result'),
  '{"project_id": 8001, "files_saved": 2}'::jsonb, 'success reports the files saved');
select is((select status from public.jobs where id = '10000000-0000-4000-8000-000000000001'), 'succeeded', 'succeeded');
select is((select n_tup_upd from pg_stat_xact_user_tables where relid = 'public.jobs'::regclass)
            - (select n_tup_upd from jobs_updated_before), 1::bigint,
  'finalize writes the job once: its status, result and the version it made together');
select is((select j.version_id from public.jobs j where j.id = '10000000-0000-4000-8000-000000000001'),
  (select v.id from public.project_versions v where v.job_id = '10000000-0000-4000-8000-000000000001'),
  'the job names the version it made');
select is((select contents from public.project_files where project_id = 8001 and path = 'App.tsx'), 'new',
  'files are upserted by path');
select is((select bonus_balance || '/' || balance from public.wallets where user_id = 'a1111111-1111-1111-1111-111111111111'),
  '495/0', 'the spend comes from the bonus first');
select is((select metadata - 'job_id' - 'project_id' - 'tier' - 'credits' from public.wallet_transactions
            where user_id = 'a1111111-1111-1111-1111-111111111111' and reason = 'spend'),
  jsonb_build_object('run_id', '10000000-0000-4000-8000-000000000001', 'model', 'template-light', 'provider', 'template',
    'cost_eur', '0.05', 'display_cost', '0,05' || chr(160) || '€'), 'one spend row with the contract''s metadata');
select is((select tokens_in || '/' || tokens_out || '/' || credits || '/' || status from public.usage_events
            where job_id = '10000000-0000-4000-8000-000000000001'), '100/200/5/succeeded', 'one usage event');
select is((select type from public.notifications where recipient_id = 'a1111111-1111-1111-1111-111111111111'
            and payload ->> 'job_id' = '10000000-0000-4000-8000-000000000001'), 'job_succeeded',
  'the owner is notified');
select throws_ok($$select private.finalize_job('10000000-0000-4000-8000-000000000001',
    '99999999-0000-4000-8000-000000000001', '{"status": "failed"}')$$, 'PT409',
  'job_terminal: The job is already succeeded.', 'finalizing a terminal job is 409 job_terminal');
select is((select count(*)::int from public.wallet_transactions where reason = 'spend'
            and user_id = 'a1111111-1111-1111-1111-111111111111'), 1, 'and nothing is spent twice');

-- The state machine guards every writer
select throws_ok($$update public.jobs set status = 'running' where id = '10000000-0000-4000-8000-000000000001'$$,
  'PT409', null, 'a terminal job never changes');
select throws_ok($$update public.jobs set status = 'succeeded' where id = '10000000-0000-4000-8000-000000000002'$$,
  'PT409', null, 'queued cannot jump to succeeded');
select lives_ok($$update public.jobs set status = 'canceled' where id = '10000000-0000-4000-8000-000000000003'$$,
  'queued may be canceled');
select throws_ok($$update public.jobs set status = 'queued' where id = '10000000-0000-4000-8000-000000000003'$$,
  'PT409', null, 'canceled is terminal');

-- Spend across the floor: a run may take the balance below -500
update public.wallets set balance = -450, bonus_balance = 10 where user_id = 'a1111111-1111-1111-1111-111111111111';
do $$ begin perform private.claim_job('10000000-0000-4000-8000-000000000002', '99999999-0000-4000-8000-000000000001'); end $$;
select is((private.finalize_job('10000000-0000-4000-8000-000000000002', '99999999-0000-4000-8000-000000000001',
  '{"status": "failed", "error": {"code": "model_output_invalid", "message": "bad"},
    "usage": {"tokens_in": 5, "tokens_out": 5}, "model": "m", "provider": "p", "cost_eur": "1.234567"}') -> 'error'),
  '{"code": "model_output_invalid", "message": "bad"}'::jsonb, 'a failed run reports its error');
select is((select bonus_balance || '/' || balance from public.wallets where user_id = 'a1111111-1111-1111-1111-111111111111'),
  '0/-564', 'a charged failure spends the rounded-up cost, bonus first, past the floor');
select is((select bonus_amount || '/' || amount || '/' || (metadata ->> 'credits') from public.wallet_transactions
            where external_ref = 'job:10000000-0000-4000-8000-000000000002'),
  '-10/-114/124', 'the ledger row splits the 124 credits between bonus and balance');

-- An expired bonus is written off, not spent
update public.wallets set balance = 0, bonus_balance = 50, bonus_expires_at = now() - interval '1 minute'
 where user_id = 'b2222222-2222-2222-2222-222222222222';
do $$ begin perform private.spend_credits('b2222222-2222-2222-2222-222222222222', 20, '{}', 'test:expired'); end $$;
select is((select bonus_balance || '/' || balance from public.wallets where user_id = 'b2222222-2222-2222-2222-222222222222'),
  '0/-20', 'with the bonus expired the run is paid from the balance');
select is((select string_agg(reason || ':' || bonus_amount || ':' || amount, ',' order by created_at)
             from public.wallet_transactions where user_id = 'b2222222-2222-2222-2222-222222222222' and reason <> 'bonus'),
  'bonus_expired:-50:0,spend:0:-20', 'the expiry and the spend are both in the ledger');

-- Leases: an expired lease is requeued, then failed after the last attempt
insert into public.jobs (id, user_id, project_id, input) values
  ('10000000-0000-4000-8000-000000000004', 'b2222222-2222-2222-2222-222222222222', 8002,
   '{"prompt": "p", "model": "light", "appName": "B"}');
do $$ begin perform private.claim_job('10000000-0000-4000-8000-000000000004', '99999999-0000-4000-8000-000000000001'); end $$;
update public.jobs set lease_expires_at = now() - interval '1 second' where id = '10000000-0000-4000-8000-000000000004';
select ok(private.dispatch_jobs() >= 1, 'the dispatcher reaps an expired lease');
select is((select status || ':' || attempts || ':' || coalesce(runner_id::text, '-') from public.jobs
            where id = '10000000-0000-4000-8000-000000000004'), 'queued:1:-', 'the job is queued again');
do $$ begin perform private.claim_job('10000000-0000-4000-8000-000000000004', '99999999-0000-4000-8000-000000000002'); end $$;
update public.jobs set lease_expires_at = now() - interval '1 second' where id = '10000000-0000-4000-8000-000000000004';
do $$ begin perform private.dispatch_jobs(); end $$;
select is((select status || ':' || (error ->> 'code') from public.jobs where id = '10000000-0000-4000-8000-000000000004'),
  'failed:runner_lost', 'after the last attempt it fails with runner_lost');
select throws_ok($$select private.finalize_job('10000000-0000-4000-8000-000000000004',
    '99999999-0000-4000-8000-000000000002', '{"status": "succeeded"}')$$, 'PT409', null,
  'the runner that lost the job cannot finalize it');
select is((select count(*)::int from public.usage_events where job_id = '10000000-0000-4000-8000-000000000004'), 0,
  'a reaped job costs nothing');

-- Unclaimed queued jobs are dispatched again
insert into public.jobs (id, user_id, project_id, input, dispatched_at) values
  ('10000000-0000-4000-8000-000000000005', 'b2222222-2222-2222-2222-222222222222', 8002,
   '{"prompt": "p", "model": "light", "appName": "B"}', now() - interval '1 minute');
select ok(private.dispatch_jobs() >= 1, 'queued jobs nobody claimed are dispatched again');
insert into public.jobs (id, user_id, project_id, input) values
  ('10000000-0000-4000-8000-000000000006', 'b2222222-2222-2222-2222-222222222222', 8002,
   '{"prompt": "p", "model": "light", "appName": "B"}');
-- Its first dispatch was lost (the runner was down); a minute passes.
update public.jobs set dispatched_at = dispatched_at - interval '1 minute'
 where id = '10000000-0000-4000-8000-000000000006';
do $$ begin perform private.dispatch_jobs(); end $$;
select ok((select dispatched_at > now() - interval '5 seconds' from public.jobs
            where id = '10000000-0000-4000-8000-000000000006'),
  'a job whose first dispatch was lost is sent again');
select ok((select dispatched_at > now() - interval '5 seconds' from public.jobs
            where id = '10000000-0000-4000-8000-000000000005'), 'and their dispatch time moves on');
-- A tick sends at most dispatch_batch of the due jobs, oldest dispatch first, and none sent again within
-- job_redispatch_seconds: a second tick right after sends only the one left.
insert into public.jobs (id, user_id, project_id, input, dispatched_at)
select ('10000000-0000-4000-8000-00000000001' || n)::uuid, 'b2222222-2222-2222-2222-222222222222', 8002,
       '{"prompt": "p", "model": "light", "appName": "B"}', now() - interval '1 minute' - n * interval '1 second'
  from generate_series(0, 2) n;
do $$ begin perform private.set_setting('dispatch_batch', '2'); end $$;
do $$ begin perform private.dispatch_jobs(); end $$;
select is((select string_agg(right(id::text, 2), ',' order by id) from public.jobs
            where id::text like '10000000-0000-4000-8000-00000000001_' and dispatched_at > now() - interval '5 seconds'),
  '11,12', 'a tick sends at most dispatch_batch due jobs, the longest waiting first');
create temp table first_tick as
select id, dispatched_at from public.jobs where id::text like '10000000-0000-4000-8000-00000000001_';
do $$ begin perform private.dispatch_jobs(); end $$;
select is((select string_agg(right(j.id::text, 2), ',' order by j.id) from public.jobs j join first_tick f on f.id = j.id
            where j.dispatched_at <> f.dispatched_at),
  '10', 'the next tick sends the one left and not the two just sent');
select is((select count(*)::int from cron.job where jobname = 'dispatch-jobs' and command = 'select private.dispatch_jobs()'),
  1, 'pg_cron runs the dispatcher');

-- Who sees and changes jobs
select pg_temp.as_anon();
select throws_ok('select * from public.jobs', '42501', null, 'anon cannot read jobs');
reset role;
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is((select count(*)::int from public.jobs where user_id <> 'b2222222-2222-2222-2222-222222222222'), 0,
  'a user sees no one else''s jobs');
select throws_ok($$select api.get_job('10000000-0000-4000-8000-000000000001')$$, 'PT404',
  'job_not_found: No such job.', 'another user''s job is as missing as an unknown one');
select is((api.get_job('10000000-0000-4000-8000-000000000005') ->> 'status'), 'queued', 'the owner reads the job');
select throws_ok($$update public.jobs set status = 'succeeded' where id = '10000000-0000-4000-8000-000000000005'$$,
  '42501', null, 'nobody changes a job''s status directly');
select throws_ok($$insert into public.jobs (user_id, input) values ('b2222222-2222-2222-2222-222222222222', '{}')$$,
  '42501', null, 'nor inserts jobs directly');
select throws_ok($$select private.claim_job('10000000-0000-4000-8000-000000000005', gen_random_uuid())$$,
  '42501', null, 'nor claims them');
select throws_ok($$select private.finalize_job('10000000-0000-4000-8000-000000000005', gen_random_uuid(), '{}')$$,
  '42501', null, 'nor finalizes them');
select throws_ok($$select api.admit_job(null, null)$$, '42501', null, 'nor admits a job past the service');
select throws_ok($$select api.create_job('{"verdict": {"ok": true, "model": "light", "appName": "X"}}')$$,
  '42501', null, 'nor creates one with a verdict of its own');
select throws_ok($$update public.wallets set balance = 1000$$, '42501', null, 'nor writes a wallet');
select throws_ok($$insert into public.wallet_transactions (user_id, reason, balance_after, bonus_balance_after)
    values ('b2222222-2222-2222-2222-222222222222', 'topup', 1, 0)$$, '42501', null, 'nor the ledger');
select is((select count(*)::int from public.usage_events where user_id <> 'b2222222-2222-2222-2222-222222222222'), 0,
  'nor reads another''s usage');
reset role;

select * from finish();
rollback;
