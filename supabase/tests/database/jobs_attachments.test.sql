-- Job attachments: only the caller's own uploads, in the one path shape, capped while they wait for a job,
-- refused without a profile, named by POST /jobs only as recorded, and swept once unused or used.
begin;
\ir _helpers.psql
select plan(17);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'attach.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'attach.bob@example.com');
select pg_temp.create_project(8201, 'a1111111-1111-1111-1111-111111111111', 'Alice app');
do $$ begin perform private.set_setting('attachment_pending_limit', '2'); end $$;


-- Recording an upload: the exact shape under the caller's id and the key, capped
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.record_attachment_upload('c0000000-0000-4000-8000-000000000001',
    array['a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/1.png',
          'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/2.jpg'])$$,
  'the caller records her upload');
select throws_ok($$select api.record_attachment_upload('c0000000-0000-4000-8000-000000000002',
    array['a1111111-1111-1111-1111-111111111111/../b2222222-2222-2222-2222-222222222222/c0000000-0000-4000-8000-000000000009/1.png'])$$,
  'PT400', null, 'a path climbing out of her folder is refused');
select throws_ok($$select api.record_attachment_upload('c0000000-0000-4000-8000-000000000002',
    array['b2222222-2222-2222-2222-222222222222/c0000000-0000-4000-8000-000000000002/1.png'])$$,
  'PT400', null, 'a path under another user''s id is refused');
select throws_ok($$select api.record_attachment_upload('c0000000-0000-4000-8000-000000000002',
    array['a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000002/4.png'])$$,
  'PT400', null, 'a fourth file is refused');
select lives_ok($$select api.record_attachment_upload('c0000000-0000-4000-8000-000000000002',
    array['a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000002/1.webp'])$$,
  'a second upload fits the cap');
select throws_ok($$select api.record_attachment_upload('c0000000-0000-4000-8000-000000000003',
    array['a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000003/1.png'])$$,
  'PT409', null, 'over the cap of uploads waiting for a job is 409');
select lives_ok($$select api.record_attachment_upload('c0000000-0000-4000-8000-000000000002',
    array['a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000002/1.png'])$$,
  'the same key replaces its upload without counting twice');
reset role;

-- POST /jobs names only recorded paths of the caller's upload
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.create_job(jsonb_build_object('type', 'prompt', 'project_id', 8201, 'input', jsonb_build_object('prompt', 'an app like this'), 'verdict', jsonb_build_object('ok', true, 'model', 'light', 'appName', 'Pic'), 'attachments', jsonb_build_object('idempotency_key', 'c0000000-0000-4000-8000-000000000001',
    'files', jsonb_build_array(jsonb_build_object('path',
      'a1111111-1111-1111-1111-111111111111/../b2222222-2222-2222-2222-222222222222/c0000000-0000-4000-8000-000000000009/1.png')))))$$,
  'PT400', null, 'a traversal path is not one of her uploads');
select throws_ok($$select api.create_job(jsonb_build_object('type', 'prompt', 'project_id', 8201, 'input', jsonb_build_object('prompt', 'an app like this'), 'verdict', jsonb_build_object('ok', true, 'model', 'light', 'appName', 'Pic'), 'attachments', jsonb_build_object('idempotency_key', 'c0000000-0000-4000-8000-000000000007',
    'files', jsonb_build_array(jsonb_build_object('path',
      'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000007/1.png')))))$$,
  'PT400', null, 'nor is a well-formed path she never uploaded');
select ok((api.create_job(jsonb_build_object('type', 'prompt', 'project_id', 8201, 'input', jsonb_build_object('prompt', 'an app like this'), 'verdict', jsonb_build_object('ok', true, 'model', 'light', 'appName', 'Pic'), 'attachments', jsonb_build_object('idempotency_key', 'c0000000-0000-4000-8000-000000000001',
    'files', jsonb_build_array(jsonb_build_object('path',
      'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/1.png'))))) ->> 'created')::boolean,
  'her recorded upload is accepted');
reset role;
select pg_temp.as_service('b2222222-2222-2222-2222-222222222222');
select throws_ok($$select api.create_job(jsonb_build_object('type', 'prompt', 'project_id', 8201, 'input', jsonb_build_object('prompt', 'an app like this'), 'verdict', jsonb_build_object('ok', true, 'model', 'light', 'appName', 'Pic'), 'attachments', jsonb_build_object('idempotency_key', 'c0000000-0000-4000-8000-000000000002',
    'files', jsonb_build_array(jsonb_build_object('path',
      'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000002/1.png')))))$$,
  'PT400', null, 'another user cannot name her upload');
reset role;
select isnt((select job_id from public.attachment_uploads where upload_key = 'c0000000-0000-4000-8000-000000000001'), null,
  'the used upload belongs to its job and no longer counts as waiting');

-- Who sees and writes uploads; without a profile nothing is recorded
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is((select count(*)::int from public.attachment_uploads), 0, 'a user sees no one else''s uploads');
select throws_ok($$insert into public.attachment_uploads (user_id, upload_key, paths)
    values ('b2222222-2222-2222-2222-222222222222', gen_random_uuid(), array['x'])$$, '42501', null,
  'nor writes uploads directly');
reset role;
delete from public.profiles where id = 'b2222222-2222-2222-2222-222222222222';
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select throws_ok($$select api.record_attachment_upload('c0000000-0000-4000-8000-000000000004',
    array['b2222222-2222-2222-2222-222222222222/c0000000-0000-4000-8000-000000000004/1.png'])$$,
  'PT404', 'profile_not_found: No profile exists for this account.', 'without a profile nothing is uploaded');
reset role;

-- The sweep: unused past the TTL, or used by a finished job
update public.attachment_uploads set created_at = now() - interval '2 days'
 where upload_key = 'c0000000-0000-4000-8000-000000000002';
update public.jobs set status = 'canceled' where user_id = 'a1111111-1111-1111-1111-111111111111';
select is((select jsonb_agg(u ->> 'upload_key' order by u ->> 'upload_key') from jsonb_array_elements(private.expired_attachment_uploads(10)) u),
  '["c0000000-0000-4000-8000-000000000001", "c0000000-0000-4000-8000-000000000002"]'::jsonb,
  'the sweep finds the expired upload and the finished job''s');
select is(private.forget_attachment_uploads(private.expired_attachment_uploads(10)), 2, 'and forgets them once removed');

select * from finish();
rollback;
