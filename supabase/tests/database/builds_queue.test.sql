-- Builds: every saved version queues one (a file save, a succeeded generation), the worker's role takes them
-- under leases and reports them, previews report errors by their token, and only the owner sees a build.
begin;
\ir _helpers.psql
select plan(67);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'builds.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'builds.bob@example.com');
select pg_temp.create_project(9101, 'a1111111-1111-1111-1111-111111111111', 'Alice app');
select pg_temp.create_project(9102, 'a1111111-1111-1111-1111-111111111111', 'Alice other app');
select pg_temp.create_project(9103, 'b2222222-2222-2222-2222-222222222222', 'Bob app');
do $$ begin perform private.set_setting('build_versions', 'true'); end $$;
-- The test acts as the worker's role too.
grant build_worker to current_user;

-- A save of the files queues a build; a second save while it is queued joins it.
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.save_project_files(9101, '[{"path": "App.tsx", "contents": "one", "type": "CODE"}]')$$,
  'Alice saves files');
reset role;
select is((select count(*)::int from public.builds where project_id = 9101 and status = 'queued' and reason = 'files'), 1,
  'the save queued a build of the project');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.save_project_files(9101, '[{"path": "App.tsx", "contents": "two", "type": "CODE"}]')$$,
  'Alice saves again');
reset role;
select is((select count(*)::int from public.builds where project_id = 9101), 1, 'the second save joined the queued build');
select is((select version_id from public.builds where project_id = 9101),
  (select id from public.project_versions where project_id = 9101 and number = 2), 'which now builds the newer version');

-- A succeeded generation names itself on the build of its files.
insert into public.jobs (id, user_id, project_id, input) values
  ('20000000-0000-4000-8000-000000000001', 'a1111111-1111-1111-1111-111111111111', 9102,
   '{"prompt": "p", "model": "light", "appName": "A"}');
select ok(private.claim_job('20000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001') is not null,
  'a runner claims the job');
select is(private.finalize_job('20000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001',
  '{"status": "succeeded", "files": [{"path": "App.tsx", "contents": "gen", "type": "CODE"}]}') ->> 'status',
  'succeeded', 'the generation succeeds');
select is((select reason || ':' || job_id from public.builds where project_id = 9102 and status = 'queued'),
  'generation:20000000-0000-4000-8000-000000000001', 'its version is queued as the generation''s build');

select set_config('test.alice_build', (select id::text from public.builds where project_id = 9101), true);
select set_config('test.alice_version', (select version_id::text from public.builds where project_id = 9101), true);

-- With build_versions off, saves queue nothing; asking still does.
do $$ begin perform private.set_setting('build_versions', 'false'); end $$;
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select lives_ok($$select api.save_project_files(9103, '[{"path": "App.tsx", "contents": "bob", "type": "CODE"}]')$$,
  'Bob saves files');
select is((select count(*)::int from public.builds where project_id = 9103), 0, 'nothing queued with build_versions off');
select is(api.request_build(9103, null) ->> 'version_id', (select id::text from public.project_versions where project_id = 9103),
  'POST /projects/{id}/builds queues a build of the newest version');
select is(api.request_build(9103, null) ->> 'id', (select id::text from public.builds where project_id = 9103),
  'asking again answers the build already queued');
select throws_ok(format('select api.request_build(9103, %L)', current_setting('test.alice_version')),
  'PT404', 'version_not_found: No such version of this project.', 'a version of another project is not built');
select lives_ok($$select api.save_project_files(9103, '[{"path": "App.tsx", "contents": "bob later", "type": "CODE"}]')$$,
  'Bob saves again while his build waits');

-- Only the owner sees a build, lists a project's builds or asks for one.
select is((select count(*)::int from public.builds), 1, 'Bob sees his build only');
select throws_ok(format('select api.get_build(%s)', current_setting('test.alice_build')),
  'PT404', 'build_not_found: No such build.', 'Alice''s build is 404 to Bob');
select throws_ok($$select api.list_builds(9101, 20, null)$$, 'PT404', null, 'so is the list of her project''s builds');
select throws_ok($$select api.request_build(9101, null)$$, 'PT404', null, 'and building her project');
select throws_ok($$insert into public.builds (project_id, user_id, reason) values (9103, 'b2222222-2222-2222-2222-222222222222', 'manual')$$,
  '42501', null, 'nobody writes the queue directly');
select throws_ok($$select private.claim_build('me')$$, '42501', null, 'a user cannot claim builds');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(jsonb_array_length(api.list_builds(9101, 20, null) -> 'data'), 1, 'Alice lists her project''s build');
select throws_ok($$select api.list_builds(9101, 20, 'x')$$, 'PT400', null, 'a cursor that is no id is 400');
reset role;

-- The worker's role: the claims and reports, nothing else.
select ok(not has_table_privilege('build_worker', 'public.builds', 'select'), 'the worker reads no table');
select ok(not has_table_privilege('build_worker', 'public.project_files', 'select'), 'not the files either');
select ok(not has_schema_privilege('build_worker', 'api', 'usage'), 'nor calls the API');

select pg_temp.as_worker('test.claim', $$select private.claim_build('worker-1')$$);
select pg_temp.as_worker('test.claim2', $$select private.claim_build('worker-2')$$);
select pg_temp.as_worker('test.claim3', $$select private.claim_build('worker-3')$$);
select is(pg_temp.kept('test.claim') ->> 'project_id', '9101', 'the oldest queued build is taken first');
select is(pg_temp.kept('test.claim2') ->> 'project_id', '9102', 'another worker takes another build');
select is(pg_temp.kept('test.claim3') ->> 'project_id', '9103', 'and a third worker the third');
select pg_temp.as_worker('test.none', $$select private.claim_build('worker-4')$$);
select is(current_setting('test.none'), '', 'nothing left to claim');
select pg_temp.as_worker('test.files', $$select private.build_files((pg_temp.kept('test.claim') ->> 'id')::bigint,
  (pg_temp.kept('test.claim') ->> 'lease_token')::uuid) -> 'files' -> 0 ->> 'contents'$$);
select is(current_setting('test.files'), 'two', 'the worker reads the files as last saved');
select pg_temp.as_worker('test.bobfiles', $$select private.build_files((pg_temp.kept('test.claim3') ->> 'id')::bigint,
  (pg_temp.kept('test.claim3') ->> 'lease_token')::uuid) -> 'files' -> 0 ->> 'contents'$$);
select is(current_setting('test.bobfiles'), 'bob', 'a build reads its version''s files, not those saved after it');
select pg_temp.as_worker('test.beat', $$select private.heartbeat_build((pg_temp.kept('test.claim') ->> 'id')::bigint,
  (pg_temp.kept('test.claim') ->> 'lease_token')::uuid, null)$$);
select is(current_setting('test.beat'), 'ok', 'the holder extends its lease');

-- A lease that expired: the build is taken again, and the old holder can report nothing.
update public.builds set lease_expires_at = now() - interval '1 second'
 where id = (pg_temp.kept('test.claim') ->> 'id')::bigint;
select pg_temp.as_worker('test.again', $$select private.claim_build('worker-5')$$);
select is(pg_temp.kept('test.again') ->> 'id', pg_temp.kept('test.claim') ->> 'id',
  'a build whose worker stopped is taken again');
select is((pg_temp.kept('test.again') ->> 'attempt')::int, 2, 'as its second attempt');
select pg_temp.as_worker('test.lost', $$select private.finish_build((pg_temp.kept('test.claim') ->> 'id')::bigint,
  (pg_temp.kept('test.claim') ->> 'lease_token')::uuid, '{"status": "succeeded"}')$$);
select is(current_setting('test.lost'), 'PT409', 'the first worker lost the lease');

-- Finishing: status, steps, a log kept to its last 64 KiB, and the project's preview.
select pg_temp.as_worker('test.done', $$select private.finish_build((pg_temp.kept('test.again') ->> 'id')::bigint,
  (pg_temp.kept('test.again') ->> 'lease_token')::uuid,
  jsonb_build_object('status', 'succeeded', 'steps', '[{"name": "install", "status": "succeeded", "ms": 5}]'::jsonb,
    'errors', '[]'::jsonb, 'artifacts', '{"platforms": ["web"]}'::jsonb, 'log', repeat('x', 70000) || 'END',
    'preview_url', 'http://127.0.0.1:9/p/' || (pg_temp.kept('test.again') ->> 'preview_token') || '/')) ->> 'status'$$);
select is(current_setting('test.done'), 'succeeded', 'the worker reports success');
select is((select length(log) || ':' || log_truncated || ':' || right(log, 3) from public.builds
  where id = (pg_temp.kept('test.again') ->> 'id')::bigint), '65536:true:END', 'the log keeps its last 64 KiB');
select is((select preview_url from public.projects where id = 9101),
  'http://127.0.0.1:9/p/' || (pg_temp.kept('test.again') ->> 'preview_token') || '/', 'the project carries the preview');
select pg_temp.as_worker('test.bad', $$select private.finish_build((pg_temp.kept('test.claim2') ->> 'id')::bigint,
  (pg_temp.kept('test.claim2') ->> 'lease_token')::uuid, '{"status": "done"}')$$);
select is(current_setting('test.bad'), 'PT400', 'an outcome that is no status is refused');

-- The generation's build tells its job as it is queued, as each step starts and as it ends.
select pg_temp.as_worker('test.step', $$select private.heartbeat_build((pg_temp.kept('test.claim2') ->> 'id')::bigint,
  (pg_temp.kept('test.claim2') ->> 'lease_token')::uuid, 'install')$$);
select is(current_setting('test.step'), 'ok', 'the worker says the install starts');
select pg_temp.as_worker('test.badstep', $$select private.heartbeat_build((pg_temp.kept('test.claim2') ->> 'id')::bigint,
  (pg_temp.kept('test.claim2') ->> 'lease_token')::uuid, 'deploy')$$);
select is(current_setting('test.badstep'), 'PT400', 'a step that is none of the build''s is refused');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is((select jsonb_agg((e -> 'data') - 'id' order by (e ->> 'id')::bigint) from jsonb_array_elements(
    api.job_events('20000000-0000-4000-8000-000000000001', null, 100) -> 'events') e where e ->> 'type' = 'build'),
  '[{"status": "queued"}, {"status": "running", "step": "install"}]'::jsonb, 'the job''s events follow its build');
select is(api.job_events('20000000-0000-4000-8000-000000000001', null, 100) -> 'done', 'false'::jsonb,
  'a succeeded job whose build runs is not done yet');
select is(api.get_job('20000000-0000-4000-8000-000000000001') -> 'build',
  jsonb_build_object('id', (pg_temp.kept('test.claim2') ->> 'id')::bigint, 'status', 'running', 'preview_url', null),
  'the job names its build');
reset role;

-- A preview reports errors by its token, at most preview_errors_per_minute of them.
do $$ begin perform private.set_setting('preview_errors_per_minute', '2'); end $$;
select pg_temp.as_worker('test.e1', $$select private.record_build_preview_error(pg_temp.kept('test.again') ->> 'preview_token',
  'boom', 'at x') ->> 'message'$$);
select is(current_setting('test.e1'), 'boom', 'a preview records an error');
select pg_temp.as_worker('test.e0', $$select private.record_build_preview_error('nope', 'boom', null)$$);
select is(current_setting('test.e0'), 'PT404', 'an unknown token records nothing');
select pg_temp.as_worker('test.e2', $$select private.record_build_preview_error(pg_temp.kept('test.again') ->> 'preview_token',
  'again', null) ->> 'message'$$);
select is(current_setting('test.e2'), 'again', 'a second error in the minute');
select pg_temp.as_worker('test.e3', $$select private.record_build_preview_error(pg_temp.kept('test.again') ->> 'preview_token',
  'third', null) ->> 'message'$$);
select is(current_setting('test.e3'), 'PT429', 'a third is refused');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is((select jsonb_agg(e ->> 'message') from jsonb_array_elements(api.list_preview_errors(9101) -> 'data') e),
  '["boom", "again"]'::jsonb, 'the owner reads them as the project''s preview errors');
reset role;

-- A newer build queued while one runs supersedes it; leases that expire too often fail the build.
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select isnt(api.request_build(9103, null) ->> 'id', pg_temp.kept('test.claim3') ->> 'id',
  'a new build is queued while one runs');
reset role;
select pg_temp.as_worker('test.super', $$select private.heartbeat_build((pg_temp.kept('test.claim3') ->> 'id')::bigint,
  (pg_temp.kept('test.claim3') ->> 'lease_token')::uuid, null)$$);
select is(current_setting('test.super'), 'superseded', 'the running one hears so');
do $$ begin perform private.set_setting('build_max_attempts', '1'); end $$;
update public.builds set lease_expires_at = now() - interval '1 second'
 where id = (pg_temp.kept('test.claim2') ->> 'id')::bigint;
select pg_temp.as_worker('test.reap', $$select private.claim_build('worker-7') ->> 'project_id'$$);
select is(current_setting('test.reap'), '9103', 'the next claim takes the queued build');
select is((select status from public.builds where id = (pg_temp.kept('test.claim2') ->> 'id')::bigint),
  'failed', 'and fails the one whose leases expired too often');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is((select e -> 'data' ->> 'status' from jsonb_array_elements(
    api.job_events('20000000-0000-4000-8000-000000000001', null, 100) -> 'events') e order by (e ->> 'id')::bigint desc limit 1),
  'failed', 'its job hears it failed');
select is(api.job_events('20000000-0000-4000-8000-000000000001', null, 100) -> 'done', 'true'::jsonb,
  'and its events are done');
reset role;

-- The web export is published while the other exports run: the build and the project show it at once, and
-- a build that fails afterwards gives the project back its last succeeded preview.
do $$ begin perform private.set_setting('build_versions', 'true'); end $$;
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.save_project_files(9101, '[{"path": "App.tsx", "contents": "three", "type": "CODE"}]')$$,
  'Alice saves once more');
reset role;
select pg_temp.as_worker('test.pub', $$select private.claim_build('worker-6')$$);
select is(pg_temp.kept('test.pub') ->> 'project_id', '9101', 'a worker takes that build');
select pg_temp.as_worker('test.badurl', $$select private.publish_build_preview((pg_temp.kept('test.pub') ->> 'id')::bigint,
  (pg_temp.kept('test.pub') ->> 'lease_token')::uuid, 'javascript:alert(1)')$$);
select is(current_setting('test.badurl'), 'PT400', 'a preview address that is no http(s) URL is refused');
select pg_temp.as_worker('test.published', $$select private.publish_build_preview((pg_temp.kept('test.pub') ->> 'id')::bigint,
  (pg_temp.kept('test.pub') ->> 'lease_token')::uuid, 'http://127.0.0.1:9/p/early/')$$);
select is((select status || ' ' || preview_url from public.builds where id = (pg_temp.kept('test.pub') ->> 'id')::bigint),
  'running http://127.0.0.1:9/p/early/', 'the running build shows its published preview');
select is((select preview_url from public.projects where id = 9101), 'http://127.0.0.1:9/p/early/',
  'and so does the project, before the build ends');
select pg_temp.as_worker('test.later', $$select private.finish_build((pg_temp.kept('test.pub') ->> 'id')::bigint,
  (pg_temp.kept('test.pub') ->> 'lease_token')::uuid,
  '{"status": "failed", "errors": [{"message": "expo export for android failed; see the log."}]}') ->> 'status'$$);
select is((select preview_url from public.builds where id = (pg_temp.kept('test.pub') ->> 'id')::bigint), null,
  'a build that fails after publishing keeps no preview');
select is((select preview_url from public.projects where id = 9101),
  'http://127.0.0.1:9/p/' || (pg_temp.kept('test.again') ->> 'preview_token') || '/',
  'and the project shows its last succeeded build''s again');

-- A project keeps its newest builds, and the one it shows the preview of.
do $$ begin perform private.set_setting('builds_kept_per_project', '2'); end $$;
insert into public.builds (project_id, user_id, reason, status)
select 9101, 'a1111111-1111-1111-1111-111111111111', 'manual', 'failed' from generate_series(1, 3);
select is((select count(*)::int from public.builds where project_id = 9101), 3,
  'the two newest builds are kept, and the preview''s');
select ok(exists (select from public.builds where id = (pg_temp.kept('test.again') ->> 'id')::bigint),
  'the build the project shows the preview of stays');

select pg_temp.as_worker('test.live', format($$select private.live_previews(array[%L, 'gone'])::text$$,
  pg_temp.kept('test.again') ->> 'preview_token'));
select is(current_setting('test.live'), '{' || (pg_temp.kept('test.again') ->> 'preview_token') || '}',
  'the worker learns which of its previews still have a build');

-- Deleting a project takes its builds with it.
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.delete_project(9101)$$, 'Alice deletes her project');
reset role;
select is((select count(*)::int from public.builds where project_id = 9101), 0, 'its builds are gone');

select * from finish();
rollback;
