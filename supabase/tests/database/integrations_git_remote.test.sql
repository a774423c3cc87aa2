-- Git remotes: row-level security, the sealed token nobody but the service reads, ownership of the project
-- linked, the push source's message and files, and the last sync recorded only for the remote it was for.
begin;
\ir _helpers.psql
select plan(31);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'bob@example.com');
select pg_temp.create_project(9201, 'a1111111-1111-1111-1111-111111111111', 'Alice one');
select pg_temp.create_project(9202, 'b2222222-2222-2222-2222-222222222222', 'Bob one');
insert into public.project_files (project_id, path, contents, type) values
  (9201, 'b.ts', 'b', 'CODE'), (9201, 'assets/icon.png', 'iVBORw0KGgo=', 'ASSET');
insert into public.git_remotes (project_id, user_id, url, token_encrypted) values
  (9202, 'b2222222-2222-2222-2222-222222222222', 'https://git.example.com/bob/app.git', 'v1.k1.aXY.Ym9i');
insert into public.jobs (user_id, project_id, status, input, created_at) values
  ('a1111111-1111-1111-1111-111111111111', 9201, 'succeeded', '{"prompt": "The first prompt"}', now() - interval '2 minutes'),
  ('a1111111-1111-1111-1111-111111111111', 9201, 'succeeded', '{"prompt": "The last prompt"}', now() - interval '1 minute'),
  ('a1111111-1111-1111-1111-111111111111', 9201, 'failed', '{"prompt": "A failed prompt"}', now());

select ok((select relrowsecurity from pg_class where oid = 'public.git_remotes'::regclass), 'row-level security is on');
select throws_ok($$insert into public.git_remotes (project_id, user_id, url, token_encrypted)
  values (9201, 'a1111111-1111-1111-1111-111111111111', 'https://git.example.com/a.git', 'glpat-plaintext')$$,
  '23514', null, 'a plaintext token is refused');
select throws_ok($$update public.git_remotes set branch = 'a..b' where project_id = 9202$$, '23514', null,
  'a branch git would refuse is refused');
select throws_ok($$update public.git_remotes set url = 'https://u:p@git.example.com/a.git' where project_id = 9202$$,
  '23514', null, 'credentials in the address are refused');

select pg_temp.as_anon();
select throws_ok('select url from public.git_remotes', '42501', null, 'anon reads nothing');
reset role;

-- Alice
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is((select count(*)::int from public.git_remotes), 0, 'a user does not see another user''s remote');
select throws_ok('select token_encrypted from public.git_remotes', '42501', null, 'nor any token column');
select throws_ok($$update public.git_remotes set url = 'https://evil.example.com/x.git' where project_id = 9202$$,
  '42501', null, 'users write remotes only through the API');
select throws_ok($$select api.save_git_remote(9201, 'https://git.example.com/a.git', 'main', 'x-access-token', 'v1.k1.aXY.YQ')$$,
  '42501', null, 'a user cannot save a remote the service did not check');
select throws_ok($$select api.git_remote_push_source(9201)$$, '42501', null, 'nor read the push source');
select throws_ok($$select api.get_git_remote(9202)$$, 'PT404', 'project_not_found: No such project.',
  'another user''s project''s remote is not found');
select throws_ok($$select api.get_git_remote(9201)$$, 'PT404',
  'git_remote_not_linked: This project is not linked to a git remote.', 'an unlinked project');
select lives_ok($$select api.delete_git_remote(9201)$$, 'deleting a missing remote is a no-op');
select throws_ok($$select api.delete_git_remote(9202)$$, 'PT404', null, 'another user''s project cannot be unlinked');

select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.save_git_remote(9202, 'https://git.example.com/a.git', 'main', 'x-access-token', 'v1.k1.aXY.YQ')$$,
  'PT404', 'project_not_found: No such project.', 'the service links only the caller''s project');
select is(api.save_git_remote(9201, 'https://git.example.com/a.git', 'main', 'x-access-token', 'v1.k1.aXY.YQ') ->> 'url',
  'https://git.example.com/a.git', 'the service links the caller''s project');
select throws_ok($$select api.save_git_remote(9201, 'https://git.example.com/a.git', 'main', 'x-access-token', 'plain')$$,
  'PT400', null, 'an unsealed token is refused');
select is(api.git_remote_push_source(9201) -> 'snapshots' -> 0 ->> 'message', 'The last prompt',
  'the push carries the prompt of the last succeeded job');
select is(api.git_remote_push_source(9201) -> 'snapshots' -> 0 -> 'files',
  '[{"path": "assets/icon.png", "contents": "iVBORw0KGgo=", "encoding": "base64"},
    {"path": "b.ts", "contents": "b", "encoding": "utf8"}]'::jsonb, 'and every file, ordered by path, with its encoding');
select throws_ok($$select api.git_remote_push_source(9202)$$, 'PT404', null, 'not another user''s');
reset role;

select isnt(private.record_git_sync(9201, 'https://git.example.com/a.git', 'main', repeat('a', 40)), null,
  'a push records its commit');
select is(private.record_git_sync(9201, 'https://git.example.com/a.git', 'other', repeat('b', 40)), null,
  'not for a branch the link no longer names');
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select is(api.save_git_remote(9201, 'https://git.example.com/a.git', 'main', 'oauth2', 'v1.k1.aXY.Yg') ->> 'last_commit',
  repeat('a', 40), 'linking the same remote again keeps the last sync');
select is(api.save_git_remote(9201, 'https://git.example.com/b.git', 'main', 'oauth2', 'v1.k1.aXY.Yg') ->> 'last_commit',
  null, 'another remote forgets it');

-- Pulls
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.apply_git_pull(9201, 'https://git.example.com/b.git', 'main', null, repeat('c', 40), '[]', '{}', '{}')$$,
  '42501', null, 'a user cannot apply a pull the service did not compare');
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.apply_git_pull(9201, 'https://git.example.com/b.git', 'main', repeat('a', 40), repeat('c', 40), '[]', '{}', '{}')$$,
  'PT409', 'git_remote_moved: The link changed meanwhile; pulling again is safe.', 'a pull from a base the link no longer has');
select throws_ok($$select api.apply_git_pull(9201, 'https://git.example.com/b.git', 'main', null, repeat('c', 40),
  '[{"path": "b.ts", "contents": "from git", "type": "CODE"}]', '{}', jsonb_build_object('b.ts', md5('not b')))$$,
  'PT409', null, 'a project file changed since the comparison is never overwritten');
select is(api.apply_git_pull(9201, 'https://git.example.com/b.git', 'main', null, repeat('c', 40),
  '[{"path": "b.ts", "contents": "from git", "type": "CODE"}, {"path": "x:y", "contents": "z", "type": "CODE"}]',
  '{assets/icon.png}', jsonb_build_object('b.ts', md5('b'), 'assets/icon.png', md5('iVBORw0KGgo='))),
  jsonb_build_object('pulled', true, 'commit', repeat('c', 40), 'changed', jsonb_build_array('b.ts'),
    'deleted', jsonb_build_array('assets/icon.png'), 'skipped', jsonb_build_array('x:y')),
  'a pull writes, deletes and skips what the file rules refuse');
reset role;
select is((select array_agg(path || '=' || contents order by path) from public.project_files where project_id = 9201),
  array['b.ts=from git'], 'the project holds the remote''s state');
select is((select last_commit from public.git_remotes where project_id = 9201), repeat('c', 40), 'the pull is the last sync');
select pg_temp.as_service('b2222222-2222-2222-2222-222222222222');
select throws_ok($$select api.apply_git_pull(9201, 'https://git.example.com/b.git', 'main', repeat('c', 40), repeat('d', 40), '[]', '{}', '{}')$$,
  'PT404', 'project_not_found: No such project.', 'a pull writes only into the caller''s project');
reset role;

select * from finish();
rollback;
