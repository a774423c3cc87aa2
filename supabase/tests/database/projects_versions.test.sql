-- Versions: every file save and every job makes one; blobs are stored once per owner and counted once by
-- the quota; a job whose base is no longer the head merges by file (JSON by member) or fails with
-- version_conflict, uncharged; restore, diff and the list; only the owner sees any of it.
begin;
\ir _helpers.psql
select plan(48);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'versions.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'versions.bob@example.com');
select pg_temp.create_project(8301, 'a1111111-1111-1111-1111-111111111111', 'Alice app', true);
select pg_temp.create_project(8302, 'a1111111-1111-1111-1111-111111111111', 'Alice copy');

-- A file save makes a version; the same contents in two projects and two versions are one blob
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.save_project_files(8301, '[{"path": "App.tsx", "contents": "one", "type": "CODE"},
  {"path": "app.spec.json", "contents": "{\"name\": \"A\", \"entities\": [{\"key\": \"e\", \"fields\": [{\"key\": \"name\"}]}], \"prompts\": [\"first\"]}", "type": "CODE"}]')$$,
  'the owner saves two files');
select is((select count(*)::int from public.project_versions where project_id = 8301), 1, 'which makes version 1');
select is((select spec ->> 'name' from public.project_versions where project_id = 8301), 'A',
  'carrying the app spec its app.spec.json holds');
select lives_ok($$select api.save_project_files(8301, '[{"path": "App.tsx", "contents": "two", "type": "CODE"}]')$$,
  'a second save');
select is((select number || ':' || files || ':' || (parent_id is not null)::text from public.project_versions
            where project_id = 8301 order by number desc limit 1), '2:2:true',
  'makes version 2 of every file, with its parent');
select lives_ok($$select api.save_project_files(8302, '[{"path": "App.tsx", "contents": "one", "type": "CODE"}]')$$,
  'the first contents again, in another project');
select is((select count(*)::int from public.file_blobs where user_id = 'a1111111-1111-1111-1111-111111111111'
            and contents in ('one', 'two')), 2, 'each contents is stored once');
reset role;
select is((select bytes from private.blob_storage where user_id = 'a1111111-1111-1111-1111-111111111111'),
  (select sum(bytes) from public.file_blobs where user_id = 'a1111111-1111-1111-1111-111111111111'),
  'the quota counts each blob once');

-- The quota counts versions: contents replaced since still count, and a save past it is refused
select private.set_setting('storage_quota_bytes',
  ((select bytes from private.blob_storage where user_id = 'a1111111-1111-1111-1111-111111111111') + 5)::text);
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.save_project_files(8301, '[{"path": "App.tsx", "contents": "one", "type": "CODE"}]')$$,
  'going back to stored contents costs nothing');
select throws_ok($$select api.save_project_files(8301, '[{"path": "App.tsx", "contents": "123456", "type": "CODE"}]')$$,
  'PT413', null, 'new contents past the quota are refused');
select is((select max(number) from public.project_versions where project_id = 8301), 3, 'and make no version');
reset role;
select private.set_setting('storage_quota_bytes', (100 * 1024 * 1024)::text);

-- Only the owner sees versions, their files and blobs, and nobody writes them directly
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is((select count(*)::int from public.project_versions), 0, 'another user sees no version, even of a shared project');
select is((select count(*)::int from public.version_files), 0, 'nor their files');
select is((select count(*)::int from public.file_blobs), 0, 'nor the blobs');
select throws_ok($$select api.list_versions(8301, 20, null)$$, 'PT404', null, 'nor lists them');
select throws_ok($$select api.restore_version(8301, (select id from public.project_versions limit 1))$$, 'PT404', null,
  'nor restores one');
select throws_ok($$insert into public.project_versions (project_id, user_id, number, files)
  values (8301, 'b2222222-2222-2222-2222-222222222222', 9, 0)$$, '42501', null, 'nor makes one');
select throws_ok($$delete from public.file_blobs$$, '42501', null, 'nor deletes blobs');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select throws_ok($$update public.project_versions set prompt = 'x'$$, '42501', null, 'not even the owner changes a version');

-- Two jobs from the same base: the second merges by file, or by JSON member
reset role;
insert into public.jobs (id, user_id, project_id, input) values
  ('30000000-0000-4000-8000-000000000001', 'a1111111-1111-1111-1111-111111111111', 8301,
   '{"prompt": "add a field called Size", "model": "light", "appName": "A"}'),
  ('30000000-0000-4000-8000-000000000002', 'a1111111-1111-1111-1111-111111111111', 8301,
   '{"prompt": "add a field called Color", "model": "light", "appName": "A"}'),
  ('30000000-0000-4000-8000-000000000003', 'a1111111-1111-1111-1111-111111111111', 8301,
   '{"prompt": "rewrite the app", "model": "light", "appName": "A"}');
do $$
begin
  perform private.claim_job('30000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001');
  perform private.claim_job('30000000-0000-4000-8000-000000000002', '99999999-0000-4000-8000-000000000001');
  perform private.claim_job('30000000-0000-4000-8000-000000000003', '99999999-0000-4000-8000-000000000001');
end
$$;
select is((select count(distinct base_version_id)::int from public.jobs where project_id = 8301), 1,
  'the three jobs are based on the same version');
create function pg_temp.files_of(rows_json jsonb) returns text language sql as $$
  select string_agg(r ->> 'path' || ':' || (r ->> 'type') || '=' || (r ->> 'contents'), ',' order by r ->> 'path')
    from jsonb_array_elements(rows_json) r;
$$;
select is(pg_temp.files_of((select jsonb_agg(f) from private.job_base_files('30000000-0000-4000-8000-000000000002') f)),
  pg_temp.files_of((select jsonb_agg(f) from (select path, contents, type from public.project_files where project_id = 8301) f)),
  'a job based on the newest version starts from the project''s current files');
create function pg_temp.finalize(job uuid, changes jsonb) returns jsonb language sql as $$
  select private.finalize_job(job, '99999999-0000-4000-8000-000000000001', jsonb_build_object('status', 'succeeded',
    'changes', changes, 'model', 'template-light', 'provider', 'template', 'cost_eur', '0.05'));
$$;
select is(pg_temp.finalize('30000000-0000-4000-8000-000000000001', jsonb_build_array(
    jsonb_build_object('path', 'app.spec.json', 'type', 'CODE', 'contents',
      '{"name": "A", "entities": [{"key": "e", "fields": [{"key": "name"}, {"key": "size"}]}], "prompts": ["first", "add a field called Size"]}'),
    jsonb_build_object('path', 'src/size.ts', 'type', 'CODE', 'contents', 'size'))) ->> 'status',
  'succeeded', 'the first job succeeds');
select is(pg_temp.files_of((select jsonb_agg(f) from private.job_base_files('30000000-0000-4000-8000-000000000002') f)),
  pg_temp.files_of((select jsonb_agg(f) from private.version_file_rows(
    (select base_version_id from public.jobs where id = '30000000-0000-4000-8000-000000000002')) f)),
  'once another job has made a newer version, a job still starts from its base version''s files');
select isnt(pg_temp.files_of((select jsonb_agg(f) from private.job_base_files('30000000-0000-4000-8000-000000000002') f)),
  pg_temp.files_of((select jsonb_agg(f) from (select path, contents, type from public.project_files where project_id = 8301) f)),
  'not the project''s current ones');
select is(pg_temp.finalize('30000000-0000-4000-8000-000000000002', jsonb_build_array(
    jsonb_build_object('path', 'app.spec.json', 'type', 'CODE', 'contents',
      '{"name": "A", "entities": [{"key": "e", "fields": [{"key": "name"}, {"key": "color"}]}], "prompts": ["first", "add a field called Color"]}'),
    jsonb_build_object('path', 'App.tsx', 'deleted', true))) ->> 'status',
  'succeeded', 'the second, from the same base, succeeds too');
select is((select contents::jsonb from public.project_files where project_id = 8301 and path = 'app.spec.json'),
  '{"name": "A", "entities": [{"key": "e", "fields": [{"key": "name"}, {"key": "size"}, {"key": "color"}]}],
    "prompts": ["first", "add a field called Size", "add a field called Color"]}'::jsonb,
  'both fields and both prompts are in the spec, merged by member');
select is((select string_agg(path, ',' order by path) from public.project_files where project_id = 8301),
  'app.spec.json,src/size.ts', 'the first job''s new file is kept and the second''s deletion applied');
select is((select parent_id from public.project_versions
            where id = (select version_id from public.jobs where id = '30000000-0000-4000-8000-000000000002')),
  (select version_id from public.jobs where id = '30000000-0000-4000-8000-000000000001'),
  'the merged version follows the first job''s');
select is((select prompt from public.project_versions
            where id = (select version_id from public.jobs where id = '30000000-0000-4000-8000-000000000002')),
  'add a field called Color', 'and names its job''s prompt');

-- The same file changed both ways conflicts: the job fails with the paths, uncharged, and nothing is kept
select is(pg_temp.finalize('30000000-0000-4000-8000-000000000003', jsonb_build_array(
    jsonb_build_object('path', 'App.tsx', 'type', 'CODE', 'contents', 'three'),
    jsonb_build_object('path', 'README.md', 'type', 'TEXT', 'contents', 'new'))) -> 'error',
  '{"code": "version_conflict", "message": "A version made while the job ran changed the same files differently; nothing was saved or charged.", "details": {"paths": ["App.tsx"]}}'::jsonb,
  'a change to a file deleted meanwhile conflicts: the job fails with its paths');
select is((select count(*)::int from public.wallet_transactions where metadata ->> 'job_id' = '30000000-0000-4000-8000-000000000003'),
  0, 'and is not charged');
select is((select count(*)::int from public.project_files where project_id = 8301 and path = 'README.md'), 0,
  'and saves nothing');
select is(private.merge_json('{"a": 1}', '{"a": 2}', '{"a": 3}'), null, 'a JSON member changed both ways conflicts');
select is(private.merge_json('[1, 2]', '[2]', '[1, 2, 3]'), null, 'as does an array changed other than by appending');

-- Restore makes a new version equal to the old one, its spec included
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is((api.restore_version(8301, (select id from public.project_versions where project_id = 8301 and number = 1)))
            ->> 'number', '6', 'restoring version 1 makes version 6');
select is((select string_agg(path || '=' || left(contents, 3), ',' order by path) from public.project_files where project_id = 8301),
  'App.tsx=one,app.spec.json={"n', 'the current files are version 1''s again');
select is((select spec -> 'prompts' from public.project_versions where project_id = 8301 and number = 6), '["first"]'::jsonb,
  'and so is the spec');
select is((select restored_from from public.project_versions where project_id = 8301 and number = 6),
  (select id from public.project_versions where project_id = 8301 and number = 1), 'it says what it restored');

-- Diff and list
select is((select string_agg((f ->> 'path') || ':' || (f ->> 'status'), ',')
             from json_array_elements(api.diff_versions(8301,
               (select id from public.project_versions where project_id = 8301 and number = 6), null, null, 100)::json -> 'data') f),
  'App.tsx:added,app.spec.json:changed,src/size.ts:removed', 'the diff against the parent, by path');
select throws_ok($$select api.diff_versions(8301, (select id from public.project_versions where project_id = 8301 and number = 6),
  (select id from public.project_versions where project_id = 8302), null, 100)$$, 'PT400', null, 'against a version of another project is refused');
select is((select jsonb_path_query_array(api.list_versions(8301, 2, '5'), '$.data[*].number')), '[4, 3]'::jsonb,
  'the list pages newest first below the cursor');
create function pg_temp.version_page(after text) returns jsonb language sql as $$
  select api.get_version(8301, (select id from public.project_versions where project_id = 8301 and number = 5),
    null, after, 1)::jsonb - 'version';
$$;
grant execute on function pg_temp.version_page(text) to authenticated;
select is(jsonb_path_query_array(pg_temp.version_page(null), '$.data[*].path') || (pg_temp.version_page(null) -> 'next_cursor'),
  '["app.spec.json", "app.spec.json"]'::jsonb, 'a version''s files page by path');
select is(jsonb_path_query_array(pg_temp.version_page('app.spec.json'), '$.data[*].path')
          || (pg_temp.version_page('app.spec.json') -> 'next_cursor'), '["src/size.ts", null]'::jsonb, 'to the last page');
select throws_ok($$select api.get_version(8301, gen_random_uuid(), null, null, 100)$$, 'PT404',
  'version_not_found: No such version of this project.', 'an unknown version is 404');
-- Tables these tests leave nearly empty (and autovacuum may have found empty) are read whole whatever their
-- indexes: with sequential scans off, the checks are which index serves the range in its order (the plans at
-- size are the bench's, bench/scale-plans.md).
set local enable_seqscan = off;
select ok(pg_temp.plan_of($$select * from public.project_versions v where v.project_id = 8301 and v.number < 5
  order by v.number desc limit 21$$) ~ 'Index Scan Backward using project_versions_number', 'the list is an index range');
select ok(pg_temp.plan_of($$select * from public.version_files f
  where f.version_id = (select id from public.project_versions where project_id = 8301 and number = 5) and f.path > 'a'
  order by f.path limit 101$$) ~ 'Index Scan using version_files_pkey', 'and so is a version''s page of files');
reset role;

-- Versions take their files with them when they go.
create temp table gone_versions as select id from public.project_versions where project_id = 8301;
select ok((select count(*) from public.version_files f where f.version_id in (select id from gone_versions)) > 0,
  'the project''s versions hold files');
delete from public.project_versions where project_id = 8301;
select is((select count(*)::int from public.version_files f where f.version_id in (select id from gone_versions)), 0,
  'deleted versions (a deleted project''s, by its cascade) leave none of their files behind');

select * from finish();
rollback;
