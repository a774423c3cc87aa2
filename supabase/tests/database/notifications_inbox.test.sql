-- Notifications in SQL: created_at unique per recipient, pages by cursor, read marks, the unread count from
-- its index, and who sees and writes what.
begin;
\ir _helpers.psql
select plan(38);

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

select * from finish();
rollback;
