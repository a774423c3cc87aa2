-- Notifications (unique created_at, pages, read marks), push tokens and the push outbox: who sees and
-- writes what, the cursor, and what each outbox function does to a row.
begin;
\ir _helpers.psql
select plan(88);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'reader@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'sender@example.com');
select pg_temp.create_user('c3333333-3333-3333-3333-333333333333', 'other@example.com');

-- created_at is unique per recipient: six notifications in one transaction share now(), yet not created_at
do $$
begin
  perform private.add_notification('a1111111-1111-1111-1111-111111111111', 'b2222222-2222-2222-2222-222222222222',
    'reshare', jsonb_build_object('n', i)) from generate_series(1, 5) i;
  perform private.add_notification('a1111111-1111-1111-1111-111111111111', null, 'job_succeeded', '{"job": 1}');
end
$$;
select is((select count(distinct created_at)::int from public.notifications
            where recipient_id = 'a1111111-1111-1111-1111-111111111111'), 6, 'ties are spread apart');
select is((select max(created_at) - min(created_at) from public.notifications
            where recipient_id = 'a1111111-1111-1111-1111-111111111111'), interval '5 microseconds',
  'one microsecond at a time');
insert into public.notifications (recipient_id, type, created_at)
values ('a1111111-1111-1111-1111-111111111111', 'backdated', now() - interval '1 day');
select is((select type from public.notifications where recipient_id = 'a1111111-1111-1111-1111-111111111111'
            order by created_at desc limit 1), 'backdated', 'a row that would precede the newest comes after it');
select is((select count(*)::int from (select private.add_notification('c3333333-3333-3333-3333-333333333333',
  null, 'job_failed', '{}')) x), 1, 'another recipient''s rows are counted apart');
select is((select min(created_at) from public.notifications where recipient_id = 'c3333333-3333-3333-3333-333333333333'),
  now(), 'and keep their own time');
select throws_ok($$update public.notifications set created_at = (select min(created_at) from public.notifications
  where recipient_id = 'a1111111-1111-1111-1111-111111111111')
  where recipient_id = 'a1111111-1111-1111-1111-111111111111' and type = 'backdated'$$,
  '23505', null, 'the unique index holds the line where the trigger does not run');

-- anon sees nothing
select pg_temp.as_anon();
select throws_ok('select * from public.push_tokens', '42501', null, 'anon cannot read push tokens');
select throws_ok('select * from public.push_outbox', '42501', null, 'anon cannot read the outbox');
select throws_ok($$select api.list_notifications(10, null)$$, '42501', null, 'anon cannot list notifications');
reset role;

-- The reader pages through her seven notifications
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
create temp table pages (n int, page jsonb) on commit drop;
insert into pages values (1, api.list_notifications(3, null));
insert into pages select 2, api.list_notifications(3, page ->> 'next_cursor') from pages where n = 1;
insert into pages select 3, api.list_notifications(3, page ->> 'next_cursor') from pages where n = 2;
select is((select array_agg(jsonb_array_length(page -> 'data') order by n) from pages), array[3, 3, 1],
  'pages of 3, 3 and 1');
select is((select page -> 'next_cursor' from pages where n = 3), 'null'::jsonb, 'the last page has no next_cursor');
select is((select count(distinct item ->> 'id')::int from pages, jsonb_array_elements(page -> 'data') item), 7,
  'every notification once, none twice');
select ok((select bool_and(a.created_at > b.created_at)
             from (select (item ->> 'created_at')::timestamptz as created_at,
                          row_number() over (order by n, o) as k
                     from pages, jsonb_array_elements(page -> 'data') with ordinality e(item, o)) a
             join (select (item ->> 'created_at')::timestamptz as created_at,
                          row_number() over (order by n, o) as k
                     from pages, jsonb_array_elements(page -> 'data') with ordinality e(item, o)) b
               on b.k = a.k + 1), 'newest first across pages');
select matches((select page ->> 'next_cursor' from pages where n = 1),
  '^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$', 'the cursor is UTC with microseconds');
select is((select page ->> 'next_cursor' from pages where n = 1),
  (select page -> 'data' -> 2 ->> 'created_at' from pages where n = 1), 'and is the last row''s created_at');
select is((select page -> 'data' -> 0 ->> 'type' from pages where n = 1), 'backdated', 'the newest comes first');
select is((select page -> 'data' -> 0 -> 'sender' from pages where n = 1), 'null'::jsonb,
  'a notification without a sender has sender null');
select is((select page -> 'data' -> 0 -> 'sender' from pages where n = 3),
  (select jsonb_build_object('username', username, 'avatar_url', avatar_url) from public.profiles
    where id = 'b2222222-2222-2222-2222-222222222222'), 'the sender is expanded to username and avatar_url');
select is((select array(select jsonb_object_keys(page -> 'data' -> 0) order by 1) from pages where n = 1),
  array['created_at', 'id', 'is_read', 'payload', 'recipient_id', 'sender', 'type'], 'the Notification fields');
select is(api.list_notifications(100, (select page ->> 'next_cursor' from pages where n = 1)) -> 'data',
  (select jsonb_agg(item order by n, o) from pages, jsonb_array_elements(page -> 'data') with ordinality e(item, o)
    where n > 1), 'a bigger page from the same cursor holds exactly the rest');
select is(api.list_notifications(3, '2000-01-01T00:00:00Z'),
  '{"data": [], "next_cursor": null}'::jsonb, 'a cursor before everything gives an empty last page');
select is(jsonb_array_length(api.list_notifications(100, '2999-01-01T00:00:00+02:00') -> 'data'), 7,
  'a cursor with an offset is a point in time');
select throws_ok($$select api.list_notifications(3, 'yesterday-ish')$$, 'PT400', 'invalid_cursor: cursor must be an ISO 8601 date-time, such as the next_cursor of a page.',
  'a malformed cursor is 400 invalid_cursor');
select throws_ok($$select api.list_notifications(3, '2026-02-30T00:00:00Z')$$, 'PT400', null,
  'so is a date that does not exist');
select throws_ok($$select api.list_notifications(0, null)$$, 'PT400', null, 'limit 0 is refused');
select throws_ok($$select api.list_notifications(101, null)$$, 'PT400', null, 'limit 101 is refused');
select is((select count(*)::int from public.notifications), 7, 'nobody else''s notifications are visible');

-- Read marks
select is(api.count_unread_notifications(), '{"unread_count": 7}'::jsonb, 'seven unread');
select is(api.mark_notification_read((select page -> 'data' -> 0 ->> 'id' from pages where n = 1)::uuid) -> 'is_read',
  'true'::jsonb, 'one marked read, returned as a Notification');
select is(api.count_unread_notifications(), '{"unread_count": 6}'::jsonb, 'six unread');
reset role;
select set_config('test.other_notification', (select id::text from public.notifications
  where recipient_id = 'c3333333-3333-3333-3333-333333333333'), true);
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select throws_ok(format('select api.mark_notification_read(%L)', current_setting('test.other_notification')),
  'PT404', 'notification_not_found: No such notification.', 'another user''s notification is 404');
select throws_ok(format('select api.mark_notification_read(%L)', gen_random_uuid()), 'PT404', null,
  'an unknown id is 404');
select throws_ok($$update public.notifications set recipient_id = 'c3333333-3333-3333-3333-333333333333'$$,
  '42501', null, 'the recipient cannot hand a notification to someone else');
select is(api.mark_all_notifications_read(), '{"updated_count": 6}'::jsonb, 'the other six marked at once');
select is(api.mark_all_notifications_read(), '{"updated_count": 0}'::jsonb, 'a second time marks none');
select is(api.count_unread_notifications(), '{"unread_count": 0}'::jsonb, 'none unread');
reset role;
select is((select is_read from public.notifications where recipient_id = 'c3333333-3333-3333-3333-333333333333'),
  false, 'the other recipient''s notification was not touched');

-- The unread count comes from the partial index, even where a user has thousands of notifications
do $$
begin
  perform private.add_notification('c3333333-3333-3333-3333-333333333333', null, 'bulk', '{}')
     from generate_series(1, 3000);
end
$$;
update public.notifications set is_read = true
 where recipient_id = 'c3333333-3333-3333-3333-333333333333' and type = 'bulk';
analyze public.notifications;
select pg_temp.as_user('c3333333-3333-3333-3333-333333333333');
select matches(pg_temp.plan_of($$select count(*) from public.notifications n
                                  where n.recipient_id = (select auth.uid()) and not n.is_read$$),
  'notifications_recipient_unread', 'the unread count reads the partial index of unread rows');
select doesnt_match(pg_temp.plan_of($$select count(*) from public.notifications n
                                      where n.recipient_id = (select auth.uid()) and not n.is_read$$),
  'Seq Scan', 'and scans no table');
select is(api.count_unread_notifications(), '{"unread_count": 1}'::jsonb, 'and counts right');
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
