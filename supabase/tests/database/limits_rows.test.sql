-- The bounds on what users write, held by the tables for every writer: preview errors, projects, open reports,
-- blocks, repository-host installations, push tokens, prompt evaluations and checkouts.
begin;
\ir _helpers.psql
select plan(42);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'bob@example.com');
select pg_temp.create_user('c3333333-3333-3333-3333-333333333333', 'carol@example.com');
select pg_temp.create_user('d4444444-4444-4444-4444-444444444444', 'dave@example.com');
select pg_temp.create_project(9601, 'a1111111-1111-1111-1111-111111111111', 'Alice app', true);
select pg_temp.create_project(9602, 'b2222222-2222-2222-2222-222222222222', 'Bob app', true);

-- Preview errors: the 10 newest stay, whoever writes and however many at once
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
do $$
begin
  perform api.record_preview_error(9601, 'error ' || i, null) from generate_series(1, 10) i;
end
$$;
select is((select count(*)::int from public.preview_errors where project_id = 9601), 10, 'ten are kept');
select api.record_preview_error(9601, 'error 11', null);
select is((select array_agg(message order by id) from public.preview_errors where project_id = 9601),
  (select array_agg('error ' || i order by i) from generate_series(2, 11) i),
  'the 11th prunes the oldest in the same statement');
insert into public.preview_errors (project_id, message) select 9601, 'bulk ' || i from generate_series(1, 25) i;
select is((select array_agg(message order by id) from public.preview_errors where project_id = 9601),
  (select array_agg('bulk ' || i order by i) from generate_series(16, 25) i),
  'a direct insert of 25 keeps its newest 10');
select is(api.list_preview_errors(9601) -> 'data' -> 0 ->> 'message', 'bulk 16', 'and the read shows them, oldest first');
reset role;

-- Projects per owner: the setting's cap, for the API and direct SQL alike
select private.set_setting('max_projects_per_user', '3');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.create_project('Second', '', false, '[]')$$, 'a second project fits');
select lives_ok($$insert into public.projects (name) values ('Third')$$, 'a third fits');
select throws_ok($$select api.create_project('Fourth', '', false, '[]')$$, 'PT413',
  'too_many_projects: An account holds at most 3 projects.', 'the fourth is 413 too_many_projects');
select throws_ok($$insert into public.projects (name) values ('Fourth')$$, 'PT413', null, 'also written directly');
select throws_ok($$insert into public.projects (name) values ('a'), ('b')$$, 'PT413', null, 'and by a bulk insert');
select is((select count(*)::int from public.projects where user_id = auth.uid()), 3, 'nothing past the cap was stored');
delete from public.projects where name = 'Third';
select lives_ok($$insert into public.projects (name) values ('Replacement')$$, 'deleting one makes room');
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select lives_ok($$insert into public.projects (name) values ('Bob second')$$, 'the cap is per owner');
reset role;

-- Reports: one open report per reporter and targets, whatever the reason or timing
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
create temp table first_report on commit drop as select api.create_report(9601, null, 'spam') as r;
select is(api.create_report(9601, null, 'spam again') ->> 'id', (select r ->> 'id' from first_report),
  'an identical open report answers with the existing one');
select is(api.create_report(9601, null, 'spam again') ->> 'reason', 'spam', 'with its own reason');
select is((select count(*)::int from public.reports where reported_project_id = 9601), 1, 'and stores nothing');
select throws_ok($$insert into public.reports (reported_project_id, reason) values (9601, 'direct')$$, '23505', null,
  'a direct insert of the same open report breaks the unique index');
select pg_temp.as_user('c3333333-3333-3333-3333-333333333333');
select isnt(api.create_report(9601, null, 'spam') ->> 'id', (select r ->> 'id' from first_report),
  'another reporter''s report on the same target is their own');
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select isnt(api.create_report(9601, 'a1111111-1111-1111-1111-111111111111', null) ->> 'id',
  (select r ->> 'id' from first_report), 'other targets are another report');
select lives_ok($$select api.create_report(null, 'a1111111-1111-1111-1111-111111111111', null)$$,
  'a user alone is another target too');
reset role;
update public.reports set resolved_at = now() where id = (select (r ->> 'id')::uuid from first_report);
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select isnt(api.create_report(9601, null, 'back again') ->> 'id', (select r ->> 'id' from first_report),
  'once resolved, the same targets can be reported anew');
reset role;
select private.set_setting('max_open_reports_per_user', '4');
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select lives_ok($$select api.create_report(null, 'c3333333-3333-3333-3333-333333333333', null)$$, 'a fourth open report fits');
select throws_ok($$select api.create_report(null, 'd4444444-4444-4444-4444-444444444444', null)$$, 'PT413',
  'too_many_reports: An account holds at most 4 open reports.', 'a fifth is 413 too_many_reports');
select is(api.create_report(null, 'c3333333-3333-3333-3333-333333333333', 'again') ->> 'reported_user_id',
  'c3333333-3333-3333-3333-333333333333', 'a repeat at the cap still answers with the open report');
reset role;

-- Blocks and installations per user
select private.set_setting('max_blocks_per_user', '2');
select pg_temp.as_user('c3333333-3333-3333-3333-333333333333');
select lives_ok($$select api.create_block('a1111111-1111-1111-1111-111111111111'),
                         api.create_block('b2222222-2222-2222-2222-222222222222')$$, 'two blocks fit');
select throws_ok($$select api.create_block('d4444444-4444-4444-4444-444444444444')$$, 'PT413',
  'too_many_blocks: An account holds at most 2 blocks.', 'a third is 413 too_many_blocks');
select is(api.create_block('a1111111-1111-1111-1111-111111111111'), '{"deduped": true}'::jsonb,
  'a repeat at the cap is still deduped');
reset role;
select private.set_setting('max_repohost_installations_per_user', '1');
insert into public.repohost_installations (id, user_id, login, ghu_encrypted)
values (71, 'c3333333-3333-3333-3333-333333333333', 'one', 'v1.k.aaaa.bbbb');
select throws_ok($$insert into public.repohost_installations (id, user_id, login, ghu_encrypted)
  values (72, 'c3333333-3333-3333-3333-333333333333', 'two', 'v1.k.aaaa.bbbb')$$, 'PT413',
  'too_many_installations: An account holds at most 1 repository-host installations.',
  'installations past the cap are 413 too_many_installations');

-- Push tokens: never taken from their holder, sent only where the recipient registered, the newest kept
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select api.register_push_token('ExponentPushToken[alicexxxxxxxxxxxxxxxxx]', 'ios', null);
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select throws_ok($$select api.register_push_token('ExponentPushToken[alicexxxxxxxxxxxxxxxxx]', 'ios', null)$$, 'PT409',
  'push_token_taken: Another account holds this push token; it must sign out on the device first.',
  'a token another user holds is 409 push_token_taken');
reset role;
select is((select user_id from public.push_tokens where token = 'ExponentPushToken[alicexxxxxxxxxxxxxxxxx]'),
  'a1111111-1111-1111-1111-111111111111'::uuid, 'and stays with its holder');
select is(private.enqueue_push('b2222222-2222-2222-2222-222222222222', 'ExponentPushToken[alicexxxxxxxxxxxxxxxxx]',
  't', 'b', '{}'), null, 'nothing is queued for another user''s token');
select is(private.enqueue_push('b2222222-2222-2222-2222-222222222222', 'ExponentPushToken[nobodyxxxxxxxxxxxxxxxx]',
  't', 'b', '{}'), null, 'nor for a token nobody registered');
select isnt(private.enqueue_push('a1111111-1111-1111-1111-111111111111', 'ExponentPushToken[alicexxxxxxxxxxxxxxxxx]',
  'For alice', 'b', '{}'), null, 'the holder''s own token is queued');
select private.set_setting('max_push_tokens_per_user', '2');
update public.push_tokens set updated_at = now() - interval '1 day' where token = 'ExponentPushToken[alicexxxxxxxxxxxxxxxxx]';
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select api.register_push_token('ExponentPushToken[alice2xxxxxxxxxxxxxxxx]', 'ios', null);
select api.register_push_token('ExponentPushToken[alice3xxxxxxxxxxxxxxxx]', 'android', null);
select is((select array_agg(token order by token) from public.push_tokens),
  array['ExponentPushToken[alice2xxxxxxxxxxxxxxxx]', 'ExponentPushToken[alice3xxxxxxxxxxxxxxxx]'],
  'past the cap the least recently registered token is forgotten');
reset role;
select is((select status || ' ' || last_error from public.push_outbox where title = 'For alice'), 'failed token_evicted',
  'with what was still queued for it');

-- Prompt evaluations outside the quota's window are dropped as new ones come
insert into public.prompt_evaluations (user_id, created_at)
values ('d4444444-4444-4444-4444-444444444444', clock_timestamp() - interval '2 hours');
insert into public.prompt_evaluations (user_id) values ('d4444444-4444-4444-4444-444444444444');
select is((select count(*)::int from public.prompt_evaluations where user_id = 'd4444444-4444-4444-4444-444444444444'),
  1, 'an evaluation past the window is pruned by the next one');

-- Checkouts: a rolling window per user, refused with a Retry-After
select private.set_setting('checkout_limit', '2');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(api.admit_checkout() ->> 'remaining', '1', 'a first checkout is admitted');
select is(api.admit_checkout() ->> 'remaining', '0', 'and a second');
select throws_ok($$select api.admit_checkout()$$, 'PT429',
  'rate_limited: At most 2 checkouts may be opened per 3600 seconds.', 'a third within the hour is 429');
select throws_ok($$select * from private.checkout_requests$$, '42501', null, 'users cannot read the counted checkouts');
select throws_ok($$delete from private.checkout_requests$$, '42501', null, 'nor remove them');
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select lives_ok($$select api.admit_checkout()$$, 'another user has their own window');
reset role;
update private.checkout_requests set created_at = created_at - interval '61 minutes'
 where user_id = 'a1111111-1111-1111-1111-111111111111';
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(api.admit_checkout() ->> 'remaining', '1', 'once the window moves on, checkouts are admitted again');
reset role;

select * from finish();
rollback;
