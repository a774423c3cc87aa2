-- Push tokens and the push outbox in SQL: tokens written only through the API functions and never taken
-- from their holder, what each outbox function does to a row, and when the worker is woken.
begin;
\ir _helpers.psql
select plan(50);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'reader@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'sender@example.com');
select pg_temp.create_user('c3333333-3333-3333-3333-333333333333', 'other@example.com');

-- anon sees nothing
select pg_temp.as_anon();
select throws_ok('select * from public.push_tokens', '42501', null, 'anon cannot read push tokens');
select throws_ok('select * from public.push_outbox', '42501', null, 'anon cannot read the outbox');
reset role;

-- Push tokens: written only through the API functions
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(api.register_push_token('ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]', 'ios', 'iphone-1') -> 'created',
  'true'::jsonb, 'a new token is created');
select is((api.register_push_token('ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]', 'android', null) -> 'push_token')
  - 'created_at' - 'updated_at',
  '{"token": "ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]", "platform": "android", "device_id": null}'::jsonb,
  'registering it again replaces platform and device id');
select is(api.register_push_token('ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]', 'ios', null) -> 'created',
  'false'::jsonb, 'and is not a creation');
select throws_ok($$select api.register_push_token('not-a-token', 'ios', null)$$, 'PT400', null,
  'a token that is not an Expo push token is refused');
select throws_ok($$select api.register_push_token('ExpoPushToken[bbbbbbbbbbbbbbbbbbbbbb]', 'web', null)$$, 'PT400',
  null, 'so is a platform other than ios and android');
select throws_ok($$select api.register_push_token('ExpoPushToken[bbbbbbbbbbbbbbbbbbbbbb]', 'ios', E'a\nb')$$,
  'PT400', null, 'and a device id with control characters');
select throws_ok($$insert into public.push_tokens (token, user_id, platform)
  values ('ExpoPushToken[bbbbbbbbbbbbbbbbbbbbbb]', 'a1111111-1111-1111-1111-111111111111', 'ios')$$,
  '42501', null, 'nobody inserts push tokens directly');
select throws_ok($$update public.push_tokens set platform = 'android'$$, '42501', null, 'nor updates them');
select throws_ok($$delete from public.push_tokens$$, '42501', null, 'nor deletes them');
select throws_ok($$select * from public.push_outbox$$, '42501', null, 'users never read the outbox');
select throws_ok($$select private.enqueue_push('a1111111-1111-1111-1111-111111111111',
  'ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]', 't', 'b', '{}')$$, '42501', null, 'nor queue pushes');
select throws_ok($$select private.claim_push_batch()$$, '42501', null, 'nor claim them');
reset role;

select isnt(private.enqueue_push('a1111111-1111-1111-1111-111111111111', 'ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]',
  'Queued for the reader', 'b', '{}'), null, 'the service queues a push for the reader');

-- Someone else names the reader's device
select pg_temp.as_user('c3333333-3333-3333-3333-333333333333');
select throws_ok($$select api.register_push_token('ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]', 'ios', null)$$,
  'PT409', null, 'a token another user holds is refused, not moved');
select is((select count(*)::int from public.push_tokens), 0, 'the caller got nothing');
select lives_ok($$select api.unregister_push_token('ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]')$$,
  'unregistering someone else''s token is a quiet no-op');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is((select count(*)::int from public.push_tokens), 1, 'the holder keeps it');
reset role;
select is((select user_id from public.push_tokens), 'a1111111-1111-1111-1111-111111111111'::uuid,
  'which left the token with its holder');
select is((select status from public.push_outbox where title = 'Queued for the reader'), 'pending',
  'with what was queued for them');
select is(private.enqueue_push('c3333333-3333-3333-3333-333333333333', 'ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]',
  't', 'b', '{}'), null, 'nothing is queued for the other user on that token');
select is(private.enqueue_push('a1111111-1111-1111-1111-111111111111', 'junk', 't', 'b', '{}'), null,
  'a malformed token queues nothing');

-- Signing out on the device
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.unregister_push_token('ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]')$$, 'sign-out');
select is((select count(*)::int from public.push_tokens), 0, 'removes the token');
select lives_ok($$select api.unregister_push_token('ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]')$$,
  'and is idempotent');
reset role;
select is((select last_error from public.push_outbox where title = 'Queued for the reader'), 'token_unregistered',
  'and drops what was still queued for the device');

-- The outbox: claims, outcomes, expired claims
delete from public.push_outbox;
insert into public.push_tokens (token, user_id, platform)
select t, 'b2222222-2222-2222-2222-222222222222', 'ios'
  from unnest(array(select format('ExpoPushToken[device%sxxxxxxxxxxxxxxxx]', i) from generate_series(1, 5) i)
              || 'ExpoPushToken[nowxxxxxxxxxxxxxxxxxxx]'::text) t;
do $$
begin
  perform private.enqueue_push('b2222222-2222-2222-2222-222222222222',
    format('ExpoPushToken[device%sxxxxxxxxxxxxxxxx]', i), format('Message %s', i), repeat('x', 1200),
    jsonb_build_object('i', i)) from generate_series(1, 5) i;
end
$$;
select is((select length(body) || ' ' || right(body, 1) from public.push_outbox limit 1), '1000 …',
  'a long body is shortened, visibly');
select is((select count(*)::int from public.push_outbox where status = 'pending' and attempts = 0), 5,
  'queued messages are pending');
select is((select count(*)::int from private.claim_push_batch(3, 60, 'a1111111-1111-1111-1111-111111111111')), 0,
  'a claim narrowed to another user takes nothing');
create temp table claimed on commit drop as select * from private.claim_push_batch(3, 60);
select is((select array_agg(title order by id) from claimed), array['Message 1', 'Message 2', 'Message 3'],
  'a claim takes the oldest due first, up to the batch size');
select ok((select bool_and(status = 'sending' and claimed_until > now()) from public.push_outbox
            where id in (select id from claimed)), 'claimed rows are sending under a lease');
select is((select array_agg(title order by id) from private.claim_push_batch(10, 60)), array['Message 4', 'Message 5'],
  'the next claim takes only what is left');
select private.record_push_outcomes(jsonb_build_array(
  jsonb_build_object('id', (select id from claimed where title = 'Message 1'), 'status', 'sent', 'ticket_id', 'T-1'),
  jsonb_build_object('id', (select id from claimed where title = 'Message 2'), 'status', 'device_not_registered'),
  jsonb_build_object('id', (select id from claimed where title = 'Message 3'), 'status', 'retry',
    'reason', 'Expo answered HTTP 503', 'retry_in_seconds', 30),
  jsonb_build_object('id', (select id from public.push_outbox where title = 'Message 4'), 'status', 'failed',
    'reason', 'MessageTooBig')));
select is((select row(status, ticket_id, attempts, sent_at is not null)::text from public.push_outbox
            where title = 'Message 1'), '(sent,T-1,1,t)', 'sent: the ticket is kept');
select is((select row(status, last_error, attempts)::text from public.push_outbox where title = 'Message 2'),
  '(failed,DeviceNotRegistered,1)', 'DeviceNotRegistered fails the message');
select is((select count(*)::int from public.push_tokens where token = 'ExpoPushToken[device2xxxxxxxxxxxxxxxx]'), 0,
  'and forgets the token');
select is((select row(status, last_error, attempts, next_attempt_at = now() + interval '30 seconds')::text
             from public.push_outbox where title = 'Message 3'), '(pending,"Expo answered HTTP 503",1,t)',
  'retry: pending again after the delay');
select is((select row(status, last_error, attempts)::text from public.push_outbox where title = 'Message 4'),
  '(failed,MessageTooBig,1)', 'failed: given up with the reason');
select private.record_push_outcomes(jsonb_build_array(
  jsonb_build_object('id', (select id from claimed where title = 'Message 1'), 'status', 'failed', 'reason', 'late')));
select is((select status from public.push_outbox where title = 'Message 1'), 'sent',
  'an outcome for a row no longer sending changes nothing');
select throws_ok($$select private.record_push_outcomes('[{"id": 1, "status": "maybe"}]')$$, 'P0001', null,
  'an unknown outcome is an error');
select is((select count(*)::int from private.claim_push_batch(10, 60)), 0, 'a retry is not due before its time');
update public.push_outbox set claimed_until = now() - interval '1 second' where title = 'Message 5';
select is(private.expire_push_claims(), 1, 'a claim that ran out is expired');
select is((select row(status, last_error)::text from public.push_outbox where title = 'Message 5'),
  '(failed,delivery_unknown)', 'as delivery_unknown, never to be sent again');
select is((select count(*)::int from private.claim_push_batch(10, 60)), 0, 'so no claim takes it');

-- Waking the worker: only when something is due and the worker is configured
select private.set_setting('push_worker_url', 'http://127.0.0.1:9/functions/v1/push-worker');
select private.set_setting('worker_secret', 'test-secret');
create temp table queue_before on commit drop as select coalesce(max(id), 0) as id from net.http_request_queue;
insert into public.push_outbox (user_id, token, title, body, next_attempt_at)
values ('b2222222-2222-2222-2222-222222222222', 'ExpoPushToken[laterxxxxxxxxxxxxxxxxx]', 'Later', 'b',
        now() + interval '1 hour');
select is((select count(*)::int from net.http_request_queue where id > (select id from queue_before)), 0,
  'a message that is not due yet wakes nobody');
select private.enqueue_push('b2222222-2222-2222-2222-222222222222', 'ExpoPushToken[nowxxxxxxxxxxxxxxxxxxx]', 'Now',
  'b', '{}');
select is((select url || ' ' || (headers ->> 'Authorization') from net.http_request_queue
            where id > (select id from queue_before)), 'http://127.0.0.1:9/functions/v1/push-worker Bearer test-secret',
  'a due message wakes the worker with the shared secret');
delete from private.settings where key = 'push_worker_url';
select is(private.wake_worker('push'), null, 'without a worker address nothing is sent');
select is((select array_agg(jobname::text order by jobname) from cron.job where jobname like '%push-outbox'),
  array['drain-push-outbox', 'prune-push-outbox'], 'pg_cron wakes the worker for retries and prunes old rows');
update public.push_outbox set created_at = now() - interval '31 days' where title in ('Message 1', 'Message 3');
select is(private.prune_push_outbox(), 1, 'pruning removes old finished rows, never pending ones');
select ok((select relrowsecurity from pg_class where oid = 'public.push_outbox'::regclass),
  'the outbox has row-level security on, with no policy for users');

select * from finish();
rollback;
