-- Reports, blocks, reshares and notifications: who sees and writes what, and the rules of each.
begin;
\ir _helpers.psql
select plan(39);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'owner@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'sharer@example.com');
select pg_temp.create_user('c3333333-3333-3333-3333-333333333333', 'stranger@example.com');
select pg_temp.create_project(9101, 'a1111111-1111-1111-1111-111111111111', 'Shared app', true);
select pg_temp.create_project(9102, 'a1111111-1111-1111-1111-111111111111', 'Private app');
select pg_temp.create_project(9103, 'b2222222-2222-2222-2222-222222222222', 'Bob shared', true);
select pg_temp.create_project(9104, 'b2222222-2222-2222-2222-222222222222', 'Bob private');

-- The report CHECK: a report names at least one target
select throws_ok($$insert into public.reports (reporter_id) values ('b2222222-2222-2222-2222-222222222222')$$,
  '23514', null, 'a report without a target is refused by the table');

-- anon sees nothing
select pg_temp.as_anon();
select throws_ok('select * from public.reports', '42501', null, 'anon cannot read reports');
select throws_ok('select * from public.blocks', '42501', null, 'anon cannot read blocks');
select throws_ok('select * from public.notifications', '42501', null, 'anon cannot read notifications');
select throws_ok('select * from public.reshares', '42501', null, 'anon cannot read reshares');
reset role;

-- Bob reports, blocks and reshares
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is((api.create_report(9101, null, 'spam') ->> 'reporter_id')::uuid, 'b2222222-2222-2222-2222-222222222222'::uuid,
  'the reporter is the caller');
select throws_ok($$insert into public.reports (reporter_id, reported_user_id)
  values ('c3333333-3333-3333-3333-333333333333', 'a1111111-1111-1111-1111-111111111111')$$,
  '42501', null, 'nobody reports in someone else''s name');
select throws_ok($$select api.create_report(null, null, 'nothing')$$, 'PT400', null, 'the API maps the CHECK to 400');
select throws_ok($$select api.create_report(9102, null, null)$$, 'PT404', null,
  'a private project of someone else cannot be reported: it does not exist for the caller');
select throws_ok($$select api.create_report(null, 'd4444444-4444-4444-4444-444444444444', null)$$, 'PT404', null,
  'an unknown user cannot be reported');

select is(api.create_block('c3333333-3333-3333-3333-333333333333') ->> 'blocked_user_id',
  'c3333333-3333-3333-3333-333333333333', 'a block is recorded');
select is(api.create_block('c3333333-3333-3333-3333-333333333333'), '{"deduped": true}'::jsonb, 'a repeat is deduped');
select throws_ok($$select api.create_block('b2222222-2222-2222-2222-222222222222')$$, 'PT400', null,
  'nobody blocks themselves');
select throws_ok($$insert into public.blocks (blocked_user_id) values ('b2222222-2222-2222-2222-222222222222')$$,
  '23514', null, 'the table refuses a self-block too');
select throws_ok($$select api.create_block('d4444444-4444-4444-4444-444444444444')$$, 'PT404', null,
  'an unknown user cannot be blocked');
select throws_ok($$insert into public.blocks (blocker_id, blocked_user_id)
  values ('a1111111-1111-1111-1111-111111111111', 'c3333333-3333-3333-3333-333333333333')$$,
  '42501', null, 'nobody blocks in someone else''s name');

select is(api.create_reshare(9101, 'Instagram', '{"post": 1}') ->> 'platform', 'instagram', 'a reshare is recorded');
select is(api.create_reshare(9101, 'instagram', '{}'), '{"deduped": true}'::jsonb,
  'the same project, user and platform again is deduped');
select throws_ok($$select api.create_reshare(9102, 'x', '{}')$$, 'PT404', null, 'a private project cannot be reshared');
select throws_ok($$insert into public.notifications (recipient_id, type) values ('b2222222-2222-2222-2222-222222222222', 'x')$$,
  '42501', null, 'nobody inserts notifications directly');
select throws_ok($$select private.add_notification('b2222222-2222-2222-2222-222222222222', null, 'x', '{}')$$,
  '42501', null, 'nor through the private function');
select is((select count(*) from public.notifications)::int, 0, 'the sharer reads nobody else''s notifications');
reset role;

select is((select count(*) from public.notifications where recipient_id = 'a1111111-1111-1111-1111-111111111111')::int, 1,
  'one reshare, one notification: the repeat added none');
select is((select sender_id from public.notifications where recipient_id = 'a1111111-1111-1111-1111-111111111111'),
  'b2222222-2222-2222-2222-222222222222'::uuid, 'the sharer is the sender');

-- Carol, who was blocked, sees nothing of it
select pg_temp.as_user('c3333333-3333-3333-3333-333333333333');
select is((select count(*) from public.blocks)::int, 0, 'a blocked user does not see the block');
delete from public.blocks;
select is((select count(*) from public.reports)::int, 0, 'nor anyone else''s reports');
reset role;
select is((select count(*) from public.blocks)::int, 1, 'the blocked user cannot remove the block');

-- Alice, the owner: reads and marks her notification; reshares of her own project notify nobody
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is((select payload ->> 'platform' from public.notifications), 'instagram', 'the recipient reads her notification');
select is((select count(*) from public.reshares)::int, 1, 'the owner reads reshares of her project');
select lives_ok($$update public.notifications set is_read = true$$, 'the recipient marks it read');
select throws_ok($$update public.notifications set payload = '{}'$$, '42501', null,
  'nothing else of a notification is hers to change');
select lives_ok($$select api.create_reshare(9101, 'x', '{}')$$, 'the owner reshares her own project');
select is((select count(*) from public.notifications)::int, 1, 'a self-reshare notifies nobody');
reset role;

select ok((select is_read from public.notifications where recipient_id = 'a1111111-1111-1111-1111-111111111111'),
  'the mark stuck');

-- Carol, whom Bob blocked, cannot learn that he did: no function lists who blocked her, and the one the
-- projects policy uses tells per project only what reading the project tells
select pg_temp.as_user('c3333333-3333-3333-3333-333333333333');
select throws_ok($$select private.blocked_user_ids()$$, '42883', null, 'no function lists who blocked the caller');
select is(api.list_blocks(20, null) -> 'data', '[]'::jsonb, 'the blocked user''s own blocks are all she reads');
select is(array[private.shared_project_visible(9104), private.shared_project_visible(9102)], array[false, false],
  'a blocker''s private project answers as any private project does');
select is(array[private.shared_project_visible(9101), private.shared_project_visible(9103)], array[true, false],
  'a blocker''s shared project is hidden, as reading it shows anyway');
select is((select array_agg(x ->> 'id' order by x ->> 'id') from jsonb_array_elements(api.list_projects(10, null, 'all', null) -> 'data') x),
  array['9101'], 'the community list leaves out the blocker''s shared project');
reset role;

select * from finish();
rollback;
