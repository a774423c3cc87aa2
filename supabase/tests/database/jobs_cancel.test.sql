-- Canceling jobs in SQL: queued at once, running through the runner's heartbeat and its canceled
-- finalize (charged only what was billed), repeats, terminal jobs, other users, and the dispatcher.
begin;
\ir _helpers.psql
select plan(24);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'cancel.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'cancel.bob@example.com');
select pg_temp.create_project(8101, 'a1111111-1111-1111-1111-111111111111', 'Alice app');
insert into public.jobs (id, user_id, project_id, input) values
  ('20000000-0000-4000-8000-000000000001', 'a1111111-1111-1111-1111-111111111111', 8101,
   '{"prompt": "p", "model": "light", "appName": "A"}'),
  ('20000000-0000-4000-8000-000000000002', 'a1111111-1111-1111-1111-111111111111', 8101,
   '{"prompt": "p", "model": "full", "appName": "A"}'),
  ('20000000-0000-4000-8000-000000000003', 'a1111111-1111-1111-1111-111111111111', 8101,
   '{"prompt": "p", "model": "light", "appName": "A"}'),
  ('20000000-0000-4000-8000-000000000004', 'a1111111-1111-1111-1111-111111111111', 8101,
   '{"prompt": "p", "model": "light", "appName": "A"}');
do $$
begin
  perform private.claim_job('20000000-0000-4000-8000-000000000002', '99999999-0000-4000-8000-000000000001');
  perform private.claim_job('20000000-0000-4000-8000-000000000003', '99999999-0000-4000-8000-000000000001');
  perform private.claim_job('20000000-0000-4000-8000-000000000004', '99999999-0000-4000-8000-000000000001');
end
$$;


-- A queued job is canceled at once; a repeat answers the same job
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(api.cancel_job('20000000-0000-4000-8000-000000000001') ->> 'status', 'canceled',
  'a queued job is canceled at once');
select is(api.cancel_job('20000000-0000-4000-8000-000000000001') ->> 'status', 'canceled',
  'canceling it again answers the same job');
reset role;
select is((select error ->> 'code' from public.jobs where id = '20000000-0000-4000-8000-000000000001'), 'canceled',
  'the canceled job says why');
select ok((select finished_at is not null from public.jobs where id = '20000000-0000-4000-8000-000000000001'),
  'and when it ended');
select is((select type from public.notifications where payload ->> 'job_id' = '20000000-0000-4000-8000-000000000001'),
  'job_canceled', 'the owner is notified');

-- Another user's job is missing
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select throws_ok($$select api.cancel_job('20000000-0000-4000-8000-000000000002')$$, 'PT404',
  'job_not_found: No such job.', 'another user''s job is 404 job_not_found');
select throws_ok($$select api.cancel_job(gen_random_uuid())$$, 'PT404', 'job_not_found: No such job.',
  'like an unknown id');
reset role;
select is((select status || ':' || (cancel_requested_at is null) from public.jobs
            where id = '20000000-0000-4000-8000-000000000002'), 'running:true', 'and that job is untouched');

-- A running job: cancel requested, learned at the heartbeat, finalized canceled by its runner
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select ok((api.cancel_job('20000000-0000-4000-8000-000000000002') ?& array['cancel_requested_at']),
  'a running job gets cancel_requested_at');
select is(api.cancel_job('20000000-0000-4000-8000-000000000002') ->> 'status', 'running',
  'it stays running until its runner stops');
select throws_ok($$select private.heartbeat_job('20000000-0000-4000-8000-000000000002',
    '99999999-0000-4000-8000-000000000001')$$, '42501', null, 'users cannot heartbeat');
select throws_ok($$select private.cancel_running_job('20000000-0000-4000-8000-000000000002',
    '99999999-0000-4000-8000-000000000001', '{}')$$, '42501', null, 'nor finalize a cancel');
reset role;
select is(private.heartbeat_job('20000000-0000-4000-8000-000000000002', '99999999-0000-4000-8000-000000000001'),
  'cancel_requested', 'the runner learns it at its heartbeat');
select throws_ok($$select private.cancel_running_job('20000000-0000-4000-8000-000000000003',
    '99999999-0000-4000-8000-000000000001', '{}')$$, 'PT409', null,
  'a runner cannot cancel a job nobody asked to cancel');
select throws_ok($$select private.cancel_running_job('20000000-0000-4000-8000-000000000002',
    '99999999-0000-4000-8000-000000000002', '{}')$$, 'PT409', null, 'nor one it does not hold');
select is(private.cancel_running_job('20000000-0000-4000-8000-000000000002', '99999999-0000-4000-8000-000000000001',
  '{"usage": {"tokens_in": 1000, "tokens_out": 10}, "model": "m", "provider": "p", "cost_eur": "0.031"}') ->> 'status',
  'canceled', 'the runner finalizes it canceled');
select is((select amount + bonus_amount from public.wallet_transactions
            where external_ref = 'job:20000000-0000-4000-8000-000000000002'), -4::bigint,
  'charged exactly what the provider billed, rounded up');
select is((select status || ':' || tokens_in from public.usage_events
            where job_id = '20000000-0000-4000-8000-000000000002'), 'canceled:1000', 'recorded as a canceled run');
select is(private.heartbeat_job('20000000-0000-4000-8000-000000000002', '99999999-0000-4000-8000-000000000001'),
  'lost', 'a finished job has no lease');

-- Nothing billed: nothing charged
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.cancel_job('20000000-0000-4000-8000-000000000003')$$, 'another cancel request');
reset role;
do $$ begin perform private.cancel_running_job('20000000-0000-4000-8000-000000000003',
  '99999999-0000-4000-8000-000000000001', '{}'); end $$;
select is((select count(*)::int from public.wallet_transactions where external_ref = 'job:20000000-0000-4000-8000-000000000003')
  + (select count(*)::int from public.usage_events where job_id = '20000000-0000-4000-8000-000000000003'), 0,
  'a run stopped before anything was billed costs nothing');

-- A cancel-requested job whose runner died is canceled by the dispatcher, not requeued
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.cancel_job('20000000-0000-4000-8000-000000000004')$$, 'a cancel request');
reset role;
update public.jobs set lease_expires_at = now() - interval '1 second' where id = '20000000-0000-4000-8000-000000000004';
do $$ begin perform private.dispatch_jobs(); end $$;
select is((select status from public.jobs where id = '20000000-0000-4000-8000-000000000004'), 'canceled',
  'the dispatcher cancels it when the lease runs out');

-- Finished jobs
insert into public.jobs (id, user_id, project_id, input) values
  ('20000000-0000-4000-8000-000000000005', 'a1111111-1111-1111-1111-111111111111', 8101, '{"prompt": "p"}');
do $$
begin
  perform private.claim_job('20000000-0000-4000-8000-000000000005', '99999999-0000-4000-8000-000000000001');
  perform private.finalize_job('20000000-0000-4000-8000-000000000005', '99999999-0000-4000-8000-000000000001',
    '{"status": "failed", "error": {"code": "x", "message": "y"}}');
end
$$;
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.cancel_job('20000000-0000-4000-8000-000000000005')$$, 'PT409',
  'job_terminal: The job is already failed.', 'a finished job is 409 job_terminal');
reset role;

select * from finish();
rollback;
