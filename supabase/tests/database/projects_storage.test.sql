-- Storage limits of project files, enforced by the table's triggers whoever writes: 500 files and 20 MiB
-- per project, and the owner's quota across projects and versions (`storage_quota_bytes`).
begin;
\ir _helpers.psql
select plan(21);

select pg_temp.create_user('a5111111-1111-1111-1111-111111111111', 'filler@example.com');
select pg_temp.create_user('b5222222-2222-2222-2222-222222222222', 'other@example.com');
select pg_temp.create_project(9501, 'a5111111-1111-1111-1111-111111111111', 'Big', true);
select pg_temp.create_project(9502, 'a5111111-1111-1111-1111-111111111111', 'Many');
select pg_temp.create_project(9503, 'a5111111-1111-1111-1111-111111111111', 'Quota');
select pg_temp.create_project(9504, 'b5222222-2222-2222-2222-222222222222', 'Other');

select pg_temp.as_user('a5111111-1111-1111-1111-111111111111');

-- 20 MiB of contents per project
select lives_ok($$insert into public.project_files (project_id, path, contents, type)
  values (9501, 'big.bin', repeat('x', 20000000), 'DATA')$$, 'a 20 MB file fits in an empty project');
select throws_ok($$insert into public.project_files (project_id, path, contents, type)
  values (9501, 'more.bin', repeat('x', 1000000), 'DATA')$$,
  'PT413', 'project_too_large: A project holds at most 20971520 bytes of file contents.',
  'direct SQL as the owner cannot take a project past 20 MiB');
select throws_ok($$update public.project_files set contents = repeat('y', 21000000) where project_id = 9501$$,
  'PT413', null, 'nor grow a file past it');
select lives_ok($$update public.project_files set contents = 'small' where project_id = 9501$$,
  'shrinking always passes');
select throws_ok($$insert into public.project_files (project_id, path, contents, type)
  values (9502, 'huge.bin', repeat('x', 20 * 1024 * 1024 + 1), 'DATA')$$,
  'PT413', null, 'a single file over 20 MiB is refused');

-- 500 files per project
select lives_ok($$insert into public.project_files (project_id, path, contents, type)
  select 9502, 'f' || n, '', 'CODE' from generate_series(1, 500) n$$, '500 files fit');
select throws_ok($$insert into public.project_files (project_id, path, contents, type) values (9502, 'f501', '', 'CODE')$$,
  'PT413', 'too_many_project_files: A project holds at most 500 files.', 'the 501st file is refused');
select lives_ok($$delete from public.project_files where project_id = 9502 and path = 'f1'$$, 'a file is deleted');
select lives_ok($$insert into public.project_files (project_id, path, contents, type) values (9502, 'f501', '', 'CODE')$$,
  'which makes room for another');
select throws_ok($$insert into public.project_files (project_id, path, contents, type)
  select 9503, 'g' || n, '', 'CODE' from generate_series(1, 501) n$$,
  'PT413', null, 'one statement of 501 files is refused as a whole');
select is((select count(*) from public.project_files where project_id = 9503)::int, 0, 'and saves nothing');

-- The quota counts the owner's stored contents once each, across projects, and what a project held before
-- stays counted (its versions keep it) until the project is deleted (lowered here so the test stays small)
reset role;
select private.set_setting('storage_quota_bytes', '15000000');
select pg_temp.as_user('a5111111-1111-1111-1111-111111111111');
select throws_ok($$insert into public.project_files (project_id, path, contents, type)
  values (9503, 'q.bin', repeat('q', 10000000), 'DATA')$$,
  'PT413', null, 'the 20 MB a project held before still count, and two projects cannot pass the owner''s quota');
select lives_ok($$select api.delete_project(9501)$$, 'the project that held them is deleted');
select lives_ok($$insert into public.project_files (project_id, path, contents, type)
  values (9503, 'q.bin', repeat('q', 10000000), 'DATA')$$, 'which gave their bytes back');
select lives_ok($$insert into public.project_files (project_id, path, contents, type)
  values (9503, 'copy.bin', repeat('q', 10000000), 'DATA')$$, 'the same contents again count once');
select throws_ok($$insert into public.project_files (project_id, path, contents, type)
  values (9503, 'r.bin', repeat('r', 6000000), 'DATA')$$,
  'PT413', null, 'new contents past the quota are refused');
select pg_temp.as_user('b5222222-2222-2222-2222-222222222222');
select lives_ok($$insert into public.project_files (project_id, path, contents, type)
  values (9504, 'q.bin', repeat('q', 10000000), 'DATA')$$, 'another user''s quota is their own');
select throws_ok('select * from private.project_storage', '42501', null, 'users cannot read the totals');
select throws_ok($$select private.change_project_storage('[{"project_id": 9504, "files": -500, "bytes": -20000000}]')$$,
  '42501', null, 'nor change them');
select throws_ok($$insert into public.project_files (project_id, path, contents, type) values (9503, 'x', repeat('x', 21000000), 'DATA')$$,
  '42501', null, 'another user''s write is refused by row-level security before any limit could tell them about the project');

-- The service's writes (the runner's finalize) meet the same limits
select pg_temp.as_service('a5111111-1111-1111-1111-111111111111');
select throws_ok($$insert into public.project_files (project_id, path, contents, type)
  values (9503, 'svc.bin', repeat('s', 21000000), 'DATA')$$, 'PT413', null, 'the service is held to the limits too');
reset role;

select * from finish();
rollback;
