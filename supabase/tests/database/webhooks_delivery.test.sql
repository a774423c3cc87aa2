-- Outbound webhooks in SQL: queued with the event, the retry schedule, disabling after the last retry,
-- and isolation: nobody reads another's endpoints, deliveries or attempts, nor any secret.
begin;
\ir _helpers.psql
select plan(16);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'hooks.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'hooks.bob@example.com');
select lives_ok($$select private.create_webhook('a1111111-1111-1111-1111-111111111111', 'https://example.com/a',
    array['job.canceled', 'job.failed'])$$, 'the service creates an endpoint');
insert into public.jobs (id, user_id, input) values
  ('50000000-0000-4000-8000-000000000001', 'a1111111-1111-1111-1111-111111111111', '{"prompt": "p"}'),
  ('50000000-0000-4000-8000-000000000002', 'a1111111-1111-1111-1111-111111111111', '{"prompt": "p"}');


update public.jobs set status = 'canceled' where id = '50000000-0000-4000-8000-000000000001';
update public.jobs set status = 'running' where id = '50000000-0000-4000-8000-000000000002';
select is((select string_agg(event_type || ':' || (payload -> 'data' ->> 'id'), ',') from public.webhook_deliveries),
  'job.canceled:50000000-0000-4000-8000-000000000001', 'a subscribed terminal status is queued with its job');
select is(private.wants_webhook('a1111111-1111-1111-1111-111111111111', 'job.succeeded'), false,
  'an event no endpoint takes is dropped before it is built');
select is(private.enqueue_webhook('b2222222-2222-2222-2222-222222222222', 'job.failed', '{}'), 0,
  'a user without an endpoint gets nothing queued');

-- The schedule: each failure waits longer; the ninth attempt is the last
create temp table claimed as select private.claim_webhook_deliveries(10, 60) as c;
select is((select jsonb_array_length(c) from claimed), 1, 'the worker claims the due delivery');
select is((select c -> 0 ->> 'attempt' from claimed), '1', 'as its first attempt');
do $$ begin perform private.record_webhook_attempts((select jsonb_agg(jsonb_build_object('id', x ->> 'id', 'ok', false,
  'status_code', 500, 'response_excerpt', repeat('x', 600), 'duration_ms', 3)) from claimed, jsonb_array_elements(c) x)); end $$;
select ok((select next_attempt_at between now() + interval '59 seconds' and now() + interval '61 seconds'
             from public.webhook_deliveries), 'a first failure is retried after a minute');
select is((select length(response_excerpt) from public.webhook_attempts), 500, 'only 500 characters of the answer are kept');
update public.webhook_deliveries set attempts = 8, next_attempt_at = now() - interval '1 second';
do $$ begin perform private.record_webhook_attempts((select jsonb_agg(jsonb_build_object('id', x ->> 'id', 'ok', false,
  'error', 'could not connect', 'duration_ms', 1)) from jsonb_array_elements(private.claim_webhook_deliveries(10, 60)) x)); end $$;
select is((select status from public.webhook_deliveries), 'failed', 'the ninth failure is final');
select is((select enabled from public.webhook_endpoints), false, 'and the endpoint is disabled');
select is((select type from public.notifications where recipient_id = 'a1111111-1111-1111-1111-111111111111'
            and type = 'webhook_disabled'), 'webhook_disabled', 'its owner is notified');
update public.jobs set status = 'failed' where id = '50000000-0000-4000-8000-000000000002';
select is((select count(*)::int from public.webhook_deliveries), 1, 'a disabled endpoint gets nothing new');

-- Isolation
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is((select count(*)::int from public.webhook_endpoints) + (select count(*)::int from public.webhook_deliveries)
  + (select count(*)::int from public.webhook_attempts), 0, 'another user sees none of the endpoints, deliveries or attempts');
select throws_ok($$select private.create_webhook('b2222222-2222-2222-2222-222222222222', 'https://x.example', array['job.failed'])$$,
  '42501', null, 'users cannot create endpoints without the service''s URL check');
reset role;
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select secret from public.webhook_endpoints$$, '42501', null, 'even the owner never reads a secret back');
select is((api.list_webhooks() -> 'data' -> 0 ? 'secret'), false, 'nor lists it');
reset role;

select * from finish();
rollback;
