-- Projects, files, preview errors and integration links: who sees and changes what, and the signed cursor.
begin;
\ir _helpers.psql
select plan(31);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'owner@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'reader@example.com');
select pg_temp.create_user('c3333333-3333-3333-3333-333333333333', 'blocked@example.com');

-- Alice owns a private and a shared project, Bob a shared one, Carol a shared one; Carol blocked Alice.
insert into public.projects (id, user_id, name, description, shared) overriding system value values
  (9001, 'a1111111-1111-1111-1111-111111111111', 'Alice private', 'secret plans', false),
  (9002, 'a1111111-1111-1111-1111-111111111111', 'Alice shared', 'a todo list', true),
  (9003, 'b2222222-2222-2222-2222-222222222222', 'Bob shared', 'weather', true),
  (9004, 'c3333333-3333-3333-3333-333333333333', 'Carol shared', 'quiz', true);
insert into public.project_files (project_id, path, contents, type) values
  (9001, 'App.tsx', 'private code', 'CODE'),
  (9002, 'App.tsx', 'shared code', 'CODE'),
  (9002, 'README.md', 'docs', 'DOC');
insert into public.preview_errors (project_id, message) values (9001, 'boom');
insert into public.dbhost_links (project_id, user_id, dbhost_project_ref, dbhost_project_name, api_url, anon_key_encrypted)
values (9001, 'a1111111-1111-1111-1111-111111111111', 'ref1', 'db one', 'https://ref1.example.com', 'v1.k1.aXY.c2VhbGVk');
insert into public.repohost_links (project_id, user_id, repohost_installation_id, repohost_repository_name)
values (9001, 'a1111111-1111-1111-1111-111111111111', 1, 'app-9001');
insert into public.blocks (blocker_id, blocked_user_id)
values ('c3333333-3333-3333-3333-333333333333', 'a1111111-1111-1111-1111-111111111111');

-- anon sees nothing
select pg_temp.as_anon();
select throws_ok('select * from public.projects', '42501', null, 'anon cannot read projects');
select throws_ok('select * from public.project_files', '42501', null, 'anon cannot read files');
select throws_ok('select * from public.preview_errors', '42501', null, 'anon cannot read preview errors');
select throws_ok('select project_id from public.dbhost_links', '42501', null, 'anon cannot read database links');
reset role;

-- Alice, the owner
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is((select array_agg(id order by id) from public.projects), array[9001, 9002, 9003]::bigint[],
  'the owner sees her projects and shared ones, but not those of a user who blocked her');
select is((select count(*) from public.project_files)::int, 3, 'the owner reads her files');
select lives_ok($$update public.projects set name = 'Alice renamed' where id = 9001$$, 'the owner renames');
select throws_ok($$update public.projects set icon_url = 'https://evil.example.com/i.png' where id = 9001$$,
  '42501', null, 'nobody sets icon_url themselves');
select throws_ok($$insert into public.projects (user_id, name) values ('b2222222-2222-2222-2222-222222222222', 'x')$$,
  '42501', null, 'nobody creates a project for someone else');
select is((select count(*) from public.preview_errors)::int, 1, 'the owner reads her preview errors');
select is((select dbhost_project_ref from public.dbhost_links where project_id = 9001), 'ref1',
  'the owner reads the safe columns of her database link');
select throws_ok('select anon_key_encrypted from public.dbhost_links', '42501', null,
  'not even the owner selects the encrypted anon key');
select is((select count(*) from public.repohost_links)::int, 1, 'the owner reads her repository link');

-- The cursor: signed and bound to its caller and query
select ok((api.list_projects(1, null, 'mine', null) ->> 'next_cursor') is not null, 'a full page has a cursor');
select is(jsonb_array_length(api.list_projects(1, api.list_projects(1, null, 'mine', null) ->> 'next_cursor', 'mine', null) -> 'data'),
  1, 'the cursor leads to the next page');
select throws_ok($$select api.list_projects(1, 'MTIzOjQ1.AAAAAAAAAAAAAAAAAAAAAA', 'mine', null)$$,
  'PT400', null, 'a forged cursor is refused');
select throws_ok($$select api.list_projects(1, api.list_projects(1, null, 'mine', null) ->> 'next_cursor', 'all', null)$$,
  'PT400', null, 'a cursor from another query is refused');
reset role;

-- Bob, a reader of Alice's shared project
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is((select array_agg(id order by id) from public.projects), array[9002, 9003, 9004]::bigint[],
  'a reader sees shared projects, not private ones');
select is((select array_agg(path order by path) from public.project_files where project_id = 9002),
  array['App.tsx', 'README.md'], 'a reader reads a shared project''s files');
select is((select count(*) from public.project_files where project_id = 9001)::int, 0,
  'a stranger reads no private files');
update public.projects set name = 'hijacked' where id = 9002;
delete from public.projects where id = 9002;
delete from public.project_files where project_id = 9002;
select throws_ok($$insert into public.project_files (project_id, path, contents, type) values (9002, 'evil.ts', '', 'CODE')$$,
  '42501', null, 'a reader cannot add files');
select throws_ok($$insert into public.preview_errors (project_id, message) values (9002, 'spam')$$,
  '42501', null, 'a reader cannot record preview errors');
select is((select count(*) from public.preview_errors)::int, 0, 'a stranger reads no preview errors');
select is((select count(*) from public.dbhost_links)::int + (select count(*) from public.repohost_links)::int, 0,
  'a stranger reads no integration links');
select throws_ok($$select api.save_project_files(9002, '[{"path": "x", "contents": "", "type": "CODE"}]')$$,
  'PT404', null, 'a reader cannot save files through the API');
reset role;

select is((select name from public.projects where id = 9002), 'Alice shared', 'the reader''s update changed nothing');
select is((select count(*) from public.project_files where project_id = 9002)::int, 2,
  'the reader''s deletes changed nothing');

-- Carol blocked Alice: neither sees the other's shared projects
select pg_temp.as_user('c3333333-3333-3333-3333-333333333333');
select is((select array_agg(id order by id) from public.projects), array[9003, 9004]::bigint[],
  'the blocker does not see the blocked user''s shared projects');
select is((select count(*) from public.project_files where project_id = 9002)::int, 0,
  'nor their files');
select throws_ok($$select api.get_project(9002)$$, 'PT404', null, 'nor a single one of them');
reset role;

-- Deleting a project takes its files, preview errors and links with it
delete from public.projects where id = 9001;
select is((select count(*) from public.project_files where project_id = 9001)::int
  + (select count(*) from public.preview_errors where project_id = 9001)::int
  + (select count(*) from public.dbhost_links where project_id = 9001)::int
  + (select count(*) from public.repohost_links where project_id = 9001)::int, 0, 'everything goes with the project');

select * from finish();
rollback;
