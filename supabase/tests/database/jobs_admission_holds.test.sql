-- Holds against the credit floor: admission holds the tier's maximum price under the wallet lock, the
-- hold moves to the job, finalize spends the real cost instead, and every other end frees it; a repeated
-- idempotency key counts nothing while its first request is being evaluated.
begin;
\ir _helpers.psql
select plan(30);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'holds.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'holds.bob@example.com');
select pg_temp.create_project(8101, 'a1111111-1111-1111-1111-111111111111', 'Alice app');
update public.wallets set balance = -490, bonus_balance = 0 where user_id = 'a1111111-1111-1111-1111-111111111111';
do $$ begin perform private.set_setting('job_max_attempts', '1'); end $$;

create function pg_temp.held() returns bigint language sql as $$
  select private.held_credits('a1111111-1111-1111-1111-111111111111');
$$;
create table pg_temp.admitted (n int primary key, admission uuid);
grant all on pg_temp.admitted to service_role;

-- Two light admissions at -490 fit (-490, then -495 are above the floor); the third does not
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
insert into pg_temp.admitted select 1, (api.admit_job(null, 8101, 'light') ->> 'admission')::uuid;
insert into pg_temp.admitted select 2, (api.admit_job(null, 8101, 'light') ->> 'admission')::uuid;
select throws_ok($$select api.admit_job(null, 8101, 'light')$$, 'PT402', null,
  'balance + bonus − holds at or below -500 is 402');
reset role;
select is(pg_temp.held(), 10::bigint, 'each admission holds the light price');
select is((select count(*)::int from public.prompt_evaluations where user_id = 'a1111111-1111-1111-1111-111111111111'), 2,
  'the refused request counted no evaluation');

-- Creation moves the hold to the job; a request that gives up releases its own
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select is((api.create_job(jsonb_build_object('type', 'prompt', 'project_id', 8101,
    'admission', (select admission from pg_temp.admitted where n = 1),
    'input', jsonb_build_object('prompt', 'a todo app'),
    'verdict', jsonb_build_object('ok', true, 'model', 'light', 'appName', 'Todo'))) ->> 'created')::boolean, true,
  'the job is created');
select lives_ok($$select api.release_job_admission((select admission from pg_temp.admitted where n = 2))$$,
  'an unusable prompt gives its hold back');
reset role;
select is((select count(*)::int from public.job_admissions), 0, 'no admission is left');
select is((select held_credits from public.jobs where user_id = 'a1111111-1111-1111-1111-111111111111'), 5::bigint,
  'the job holds its tier''s price');
select is(pg_temp.held(), 5::bigint, 'and only that is held');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(api.get_wallet() -> 'held', '5'::jsonb, 'the wallet shows what is held');
select is(api.get_wallet() -> 'available', '-495'::jsonb, 'and what the floor is checked on');
reset role;

-- Without the client's tier the larger tier's price is held until the evaluation picks one
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.admit_job(null, 8101)$$, 'at -495 a job is admitted');
reset role;
select is(pg_temp.held(), 25::bigint, 'holding the full price, as the client did not choose the tier');
delete from public.job_admissions;

-- Finalize turns the hold into the real spend
do $$ begin perform private.claim_job((select id from public.jobs where project_id = 8101), gen_random_uuid()); end $$;
select is((select private.finalize_job(j.id, j.runner_id, '{"status": "succeeded", "changes": [],
    "model": "m", "provider": "p", "cost_eur": "0.05"}') ->> 'status' from public.jobs j where j.project_id = 8101),
  'succeeded', 'the run finishes');
select is(pg_temp.held(), 0::bigint, 'nothing is held once the job ended');
select is((select balance from public.wallets where user_id = 'a1111111-1111-1111-1111-111111111111'), -495::bigint,
  'the real cost was spent');

-- A failed run that cost nothing and a run the reaper gave up free their holds without a spend
update public.wallets set balance = 0 where user_id = 'a1111111-1111-1111-1111-111111111111';
insert into public.jobs (id, user_id, project_id, input, held_credits) values
  ('20000000-0000-4000-8000-000000000001', 'a1111111-1111-1111-1111-111111111111', 8101, '{"prompt": "p"}', 20),
  ('20000000-0000-4000-8000-000000000002', 'a1111111-1111-1111-1111-111111111111', 8101, '{"prompt": "p"}', 20);
select is(pg_temp.held(), 40::bigint, 'two open jobs hold their prices');
do $$ begin perform private.claim_job('20000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001'); end $$;
do $$ begin perform private.finalize_job('20000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001',
  '{"status": "failed", "error": {"code": "provider_failed", "message": "down"}}'); end $$;
select is(pg_temp.held(), 20::bigint, 'a failed uncharged run releases its hold');
do $$ begin perform private.claim_job('20000000-0000-4000-8000-000000000002', '99999999-0000-4000-8000-000000000001'); end $$;
update public.jobs set lease_expires_at = now() - interval '1 second' where id = '20000000-0000-4000-8000-000000000002';
do $$ begin perform private.dispatch_jobs(); end $$;
select is((select status from public.jobs where id = '20000000-0000-4000-8000-000000000002'), 'failed',
  'the reaper gives the run up');
select is(pg_temp.held(), 0::bigint, 'and its hold is released');
select is((select balance from public.wallets where user_id = 'a1111111-1111-1111-1111-111111111111'), 0::bigint,
  'neither cost anything');

-- An admission whose request died holds only until it expires
insert into public.job_admissions (user_id, held_credits, expires_at)
values ('a1111111-1111-1111-1111-111111111111', 20, now() - interval '1 second');
select is(pg_temp.held(), 0::bigint, 'an expired admission holds nothing');

-- A repeated idempotency key: in flight while the first request is evaluated, then the job; nothing counted
delete from public.prompt_evaluations;
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
insert into pg_temp.admitted select 3, (api.admit_job('f0000000-0000-4000-8000-0000000000aa', 8101, 'light') ->> 'admission')::uuid;
select is(api.admit_job('f0000000-0000-4000-8000-0000000000aa', 8101, 'light') -> 'in_flight', 'true'::jsonb,
  'a repeat while the first is evaluated is in flight');
select lives_ok($$select api.create_job(jsonb_build_object('type', 'prompt', 'project_id', 8101,
    'idempotency_key', 'f0000000-0000-4000-8000-0000000000aa', 'admission', (select admission from pg_temp.admitted where n = 3),
    'input', jsonb_build_object('prompt', 'a todo app'),
    'verdict', jsonb_build_object('ok', true, 'model', 'light', 'appName', 'Todo')))$$, 'the first creates the job');
select ok(api.admit_job('f0000000-0000-4000-8000-0000000000aa', 8101, 'light') ? 'existing', 'then a repeat gets the job');
reset role;
select is((select count(*)::int from public.prompt_evaluations where user_id = 'a1111111-1111-1111-1111-111111111111'), 1,
  'one evaluation for the key');

-- Who sees and changes admissions
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
do $$ begin perform api.admit_job(null, 8101, 'light'); end $$;
reset role;
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is((select count(*)::int from public.job_admissions), 0, 'a user sees no one else''s admissions');
select is(private.held_credits('a1111111-1111-1111-1111-111111111111'), 0::bigint, 'nor what another user holds');
select throws_ok($$insert into public.job_admissions (user_id, held_credits, expires_at)
    values ('b2222222-2222-2222-2222-222222222222', 0, now())$$, '42501', null, 'nobody writes admissions directly');
select throws_ok($$delete from public.job_admissions$$, '42501', null, 'nor deletes them');
select throws_ok($$select api.release_job_admission(gen_random_uuid())$$, '42501', null,
  'nor releases one past the service');
reset role;

select * from finish();
rollback;
