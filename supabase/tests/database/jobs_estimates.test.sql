-- api.estimate_job: admission's checks without admitting. It prices the tier as admission holds it,
-- reports the credit floor as data, refuses another user's project (404) and a spent quota (429), counts
-- one evaluation, and holds nothing; only the service may call it.
begin;
\ir _helpers.psql
select plan(14);

select pg_temp.create_user('e1111111-1111-1111-1111-111111111111', 'estimates.alice@example.com');
select pg_temp.create_user('e2222222-2222-2222-2222-222222222222', 'estimates.bob@example.com');
select pg_temp.create_project(8401, 'e1111111-1111-1111-1111-111111111111', 'Alice app');
select pg_temp.create_project(8402, 'e2222222-2222-2222-2222-222222222222', 'Bob app');
create table pg_temp.said (n int primary key, r jsonb);
grant all on pg_temp.said to service_role;

select pg_temp.as_service('e1111111-1111-1111-1111-111111111111');
insert into pg_temp.said select 1, api.estimate_job(8401, 'light');
insert into pg_temp.said select 2, api.estimate_job(null, null);
select throws_ok($$select api.estimate_job(8402, 'light')$$, 'PT404', null, 'another user''s project is 404');
reset role;

select is((select (r -> 'credits' ->> 'price')::bigint from pg_temp.said where n = 1), private.job_hold_credits('light'),
  'the price is the hold admission takes for the tier');
select is((select (r -> 'credits' ->> 'price')::bigint from pg_temp.said where n = 2), private.job_hold_credits(null),
  'without a tier, the dearest hold');
select is((select r -> 'credits' ->> 'can_pay' from pg_temp.said where n = 1), 'true', 'a welcome wallet can pay');
select is((select r -> 'project' from pg_temp.said where n = 1), '{"name": "Alice app", "spec": null}'::jsonb,
  'a follow-up''s estimate carries its project''s name, and no spec where it has none');
select ok(not (select r ? 'project' from pg_temp.said where n = 2), 'a new app''s has no project');
select is((select r -> 'refusal' from pg_temp.said where n = 1), 'null'::jsonb, 'and is not refused');
select is(private.held_credits('e1111111-1111-1111-1111-111111111111'), 0::bigint, 'nothing is held');
select is((select count(*)::int from public.job_admissions), 0, 'no admission is left');
select is((select count(*)::int from public.prompt_evaluations where user_id = 'e1111111-1111-1111-1111-111111111111'), 2,
  'each estimate counted one evaluation; the refused one none');

update public.wallets set balance = -500, bonus_balance = 0 where user_id = 'e1111111-1111-1111-1111-111111111111';
select pg_temp.as_service('e1111111-1111-1111-1111-111111111111');
insert into pg_temp.said select 3, api.estimate_job(null, 'full');
reset role;
select is((select r -> 'refusal' ->> 'code' from pg_temp.said where n = 3), 'insufficient_credits',
  'at the floor the refusal admission would raise is data');
select is((select r -> 'credits' ->> 'can_pay' from pg_temp.said where n = 3), 'false', 'and the wallet cannot pay');

do $$ begin perform private.set_setting('quota_limit', '3'); end $$;
select pg_temp.as_service('e1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.estimate_job(null, 'light')$$, 'PT429', null, 'past the quota it is 429');
reset role;

select pg_temp.as_user('e1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.estimate_job(null, 'light')$$, '42501', null, 'a user cannot call it directly');
reset role;

select * from finish();
rollback;
