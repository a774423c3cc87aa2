-- Device previews: only the owner asks for, reads or stops one; a user has at most one live preview (a new
-- request stops the one before, and the database refuses a second live row); the worker's role claims them
-- under skip locked, reports ready, failed or stopped, and learns which of its previews are over.
begin;
\ir _helpers.psql
select plan(34);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'device.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'device.bob@example.com');
select pg_temp.create_project(9201, 'a1111111-1111-1111-1111-111111111111', 'Alice app');
select pg_temp.create_project(9202, 'a1111111-1111-1111-1111-111111111111', 'Alice other app');
select pg_temp.create_project(9203, 'b2222222-2222-2222-2222-222222222222', 'Bob app');
grant build_worker to current_user;

select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select api.save_project_files(9201, '[{"path": "package.json", "contents": "{\"name\": \"app\"}", "type": "CODE"}]');
select set_config('test.first', api.request_device_preview(9201)::text, true);
select is(pg_temp.kept('test.first') ->> 'status', 'queued', 'Alice asks for a device preview: queued');
select throws_ok($$select api.request_device_preview(9203)$$, 'PT404', null, 'not of Bob''s project');
-- A save after the request is a newer version, which this preview does not run.
select api.save_project_files(9201, '[{"path": "package.json", "contents": "{\"name\": \"later\"}", "type": "CODE"}]');
reset role;
select is((pg_temp.kept('test.first') ->> 'version_id')::uuid,
  (select id from public.project_versions where project_id = 9201 and number = 1), 'it runs the newest version');

-- The worker claims it with that version's files; nothing else is queued.
select pg_temp.as_worker('test.claim', $$select private.claim_device_preview('worker-1')$$);
select is(pg_temp.kept('test.claim') ->> 'id', pg_temp.kept('test.first') ->> 'id', 'the worker claims it');
select is(pg_temp.kept('test.claim') -> 'files' -> 0 ->> 'contents', '{"name": "app"}',
  'with its version''s files, not those saved after it');
select pg_temp.as_worker('test.none', $$select private.claim_device_preview('worker-2')$$);
select is(current_setting('test.none'), '', 'another worker finds nothing to claim');
select is((select status from public.device_previews where id = (pg_temp.kept('test.first') ->> 'id')::bigint),
  'starting', 'a claimed preview is starting');

-- Ready, with its address and QR code; an incomplete report is refused.
select pg_temp.as_worker('test.bad', $$select private.report_device_preview((pg_temp.kept('test.claim') ->> 'id')::bigint,
  (pg_temp.kept('test.claim') ->> 'lease_token')::uuid, '{"status": "ready"}')$$);
select is(current_setting('test.bad'), 'PT400', 'ready without an address is refused');
select pg_temp.as_worker('test.idle_early', $$select private.report_device_preview((pg_temp.kept('test.claim') ->> 'id')::bigint,
  (pg_temp.kept('test.claim') ->> 'lease_token')::uuid, '{"status": "stopped"}')$$);
select is(current_setting('test.idle_early'), 'PT400', 'a preview that never was ready is not stopped as idle');
select pg_temp.as_worker('test.ready', $$select private.report_device_preview((pg_temp.kept('test.claim') ->> 'id')::bigint,
  (pg_temp.kept('test.claim') ->> 'lease_token')::uuid,
  '{"status": "ready", "url": "exp://192.168.1.20:54330", "qr_svg": "<svg/>", "qr_png": "iVBORw0KGgo="}')$$);
select is(current_setting('test.ready'), 'ready', 'the worker reports it ready');
select pg_temp.as_worker('test.wrong_lease', $$select private.report_device_preview((pg_temp.kept('test.claim') ->> 'id')::bigint,
  gen_random_uuid(), '{"status": "failed", "error": "x"}')$$);
select is(current_setting('test.wrong_lease'), 'PT409', 'another lease reports nothing');

-- Only the owner reads it.
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(api.get_device_preview((pg_temp.kept('test.first') ->> 'id')::bigint) ->> 'url', 'exp://192.168.1.20:54330',
  'Alice reads its address');
select is(api.get_device_preview((pg_temp.kept('test.first') ->> 'id')::bigint) ->> 'qr_png',
  'data:image/png;base64,iVBORw0KGgo=', 'and its QR code as a PNG data URL');
select is(api.project_device_preview(9201) ->> 'id', pg_temp.kept('test.first') ->> 'id', 'it is her project''s live preview');
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is((select count(*)::int from public.device_previews), 0, 'Bob sees no row of Alice''s');
select throws_ok(format('select api.get_device_preview(%s)', pg_temp.kept('test.first') ->> 'id'),
  'PT404', 'device_preview_not_found: No such device preview.', 'Alice''s preview is 404 to Bob');
select throws_ok(format('select api.stop_device_preview(%s)', pg_temp.kept('test.first') ->> 'id'),
  'PT404', null, 'and Bob cannot stop it');
select is(api.project_device_preview(9201), null, 'nor find it through her project');
select throws_ok($$insert into public.device_previews (project_id, user_id) values (9203, 'b2222222-2222-2222-2222-222222222222')$$,
  '42501', null, 'nobody writes previews directly');
select throws_ok($$select private.claim_device_preview('me')$$, '42501', null, 'a user cannot claim previews');

-- A second request replaces the first: the worker learns the first is over.
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select set_config('test.second', api.request_device_preview(9202)::text, true);
reset role;
select is((select status || ':' || stop_reason from public.device_previews where id = (pg_temp.kept('test.first') ->> 'id')::bigint),
  'stopped:replaced', 'a new request stops the preview before');
select is((select count(*)::int from public.device_previews where user_id = 'a1111111-1111-1111-1111-111111111111'
  and status in ('queued', 'starting', 'ready')), 1, 'Alice has one live preview');
select throws_ok($$insert into public.device_previews (project_id, user_id) values (9201, 'a1111111-1111-1111-1111-111111111111')$$,
  '23505', null, 'the database refuses a second live preview of a user');
select pg_temp.as_worker('test.ended', format('select private.sync_device_previews(array[%s, %s])::text',
  pg_temp.kept('test.first') ->> 'id', pg_temp.kept('test.second') ->> 'id'));
select is(current_setting('test.ended'), format('{%s}', pg_temp.kept('test.first') ->> 'id'),
  'the worker learns which of its previews are over');
select pg_temp.as_worker('test.late', $$select private.report_device_preview((pg_temp.kept('test.claim') ->> 'id')::bigint,
  (pg_temp.kept('test.claim') ->> 'lease_token')::uuid, '{"status": "stopped"}')$$);
select is(current_setting('test.late'), 'PT409', 'the replaced preview is no longer the worker''s');

-- DELETE stops it; stopping it again changes nothing.
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok(format('select api.stop_device_preview(%s)', pg_temp.kept('test.second') ->> 'id'), 'Alice stops her preview');
select lives_ok(format('select api.stop_device_preview(%s)', pg_temp.kept('test.second') ->> 'id'), 'and again');
reset role;
select is((select status || ':' || stop_reason from public.device_previews where id = (pg_temp.kept('test.second') ->> 'id')::bigint),
  'stopped:deleted', 'a deleted preview is stopped');

-- A preview whose worker stops renewing its lease fails, and its user may ask for another.
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select set_config('test.third', api.request_device_preview(9201)::text, true);
reset role;
select pg_temp.as_worker('test.claim3', $$select private.claim_device_preview('worker-3')$$);
select is(pg_temp.kept('test.claim3') ->> 'id', pg_temp.kept('test.third') ->> 'id', 'a worker takes the third');
update public.device_previews set lease_expires_at = clock_timestamp() + interval '1 second'
 where id = (pg_temp.kept('test.third') ->> 'id')::bigint;
select pg_temp.as_worker('test.renewed', format('select private.sync_device_previews(array[%s])::text',
  pg_temp.kept('test.third') ->> 'id'));
select ok((select lease_expires_at > clock_timestamp() + interval '30 seconds' from public.device_previews
  where id = (pg_temp.kept('test.third') ->> 'id')::bigint), 'the worker''s sync renews its lease');
update public.device_previews set lease_expires_at = clock_timestamp() - interval '1 second'
 where id = (pg_temp.kept('test.third') ->> 'id')::bigint;
select is(private.reap_device_previews(), 1, 'the schedule reaps a preview whose lease ran out');
select is((select status || ':' || error from public.device_previews where id = (pg_temp.kept('test.third') ->> 'id')::bigint),
  'failed:The build worker running it stopped answering.', 'it failed, saying why');
select is((select count(*)::int from cron.job where jobname = 'reap-device-previews'), 1, 'pg_cron runs the reaper');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.request_device_preview(9201)$$, 'Alice may ask for another');
reset role;

select * from finish();
rollback;
