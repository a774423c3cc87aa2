-- Project files: the path rule, one definition for the table's CHECK and the API, and the upsert that
-- updates existing paths and inserts new ones in one statement, into the caller's own projects only.
begin;
\ir _helpers.psql
select plan(11);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'owner@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'reader@example.com');
select pg_temp.create_project(9001, 'a1111111-1111-1111-1111-111111111111', 'Alice private');
select pg_temp.create_project(9003, 'b2222222-2222-2222-2222-222222222222', 'Bob shared', true);
insert into public.project_files (project_id, path, contents, type) values (9001, 'App.tsx', 'private code', 'CODE');

-- The path rule, one definition for the CHECK and the API
select is(private.file_path_problem('src/App.tsx'), null, 'a relative path is fine');
select is(private.file_path_problem('.gitignore'), null, 'a dot file is fine');
select is(private.file_path_problem('/etc/passwd'), 'absolute', 'a leading slash is refused');
select is(private.file_path_problem('a/../b'), 'parent_segment', '.. is refused');
select is(private.file_path_problem(repeat('a', 513)), 'too_long', 'more than 512 characters are refused');
select throws_ok($$insert into public.project_files (project_id, path, contents, type) values (9001, 'a//b', '', 'CODE')$$,
  '23514', null, 'the table refuses a bad path whoever writes it');

-- The upsert, as the owner: one statement updates existing paths and inserts new ones
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(jsonb_array_length(api.save_project_files(9001, '[
  {"path": "App.tsx", "contents": "v2", "type": "CODE"},
  {"path": "src/new.ts", "contents": "new", "type": "CODE"}]'::jsonb) -> 'data'), 2, 'the upsert returns both files');
select is((select contents from public.project_files where project_id = 9001 and path = 'App.tsx'), 'v2',
  'an existing path is updated');
select is((select count(*) from public.project_files where project_id = 9001)::int, 2,
  'a new path is inserted and nothing is duplicated');
select throws_ok($$select api.save_project_files(9001, '[{"path": "../x", "contents": "", "type": "CODE"}]')$$,
  'PT400', null, 'a bad path is refused by the API');
select throws_ok($$select api.save_project_files(9003, '[{"path": "x", "contents": "", "type": "CODE"}]')$$,
  'PT404', null, 'nobody saves into a project that is not theirs');
reset role;

select * from finish();
rollback;
