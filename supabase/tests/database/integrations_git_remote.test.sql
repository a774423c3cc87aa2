-- Git remotes: row-level security, the sealed token nobody but the service reads, ownership of the project
-- linked, the push source's message and files, and the last sync recorded only for the remote it was for.
begin;
\ir _helpers.psql
select plan(38);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'bob@example.com');
select pg_temp.create_project(9201, 'a1111111-1111-1111-1111-111111111111', 'Alice one');
select pg_temp.create_project(9202, 'b2222222-2222-2222-2222-222222222222', 'Bob one');
select private.commit_version(9201, null, '[{"path": "b.ts", "contents": "b"}]', '{"prompt": "The first prompt"}');
select private.commit_version(9201, null, '[{"path": "assets/icon.png", "contents": "iVBORw0KGgo=", "type": "ASSET"}]',
  '{"prompt": "The last prompt"}');
insert into public.git_remotes (project_id, user_id, url, token_encrypted) values
  (9202, 'b2222222-2222-2222-2222-222222222222', 'https://git.example.com/bob/app.git', 'v1.k1.aXY.Ym9i');

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
select is((select jsonb_agg(s ->> 'message') from jsonb_array_elements(api.git_remote_push_source(9201) -> 'snapshots') s),
  '["The first prompt", "The last prompt"]', 'a first push carries every version, oldest first, with its prompt');
select is(api.git_remote_push_source(9201) -> 'snapshots' -> 0 -> 'files',
  '[{"path": "b.ts", "contents": "b", "encoding": "utf8"}]'::jsonb, 'the first one with its files');
select is(api.git_remote_push_source(9201) -> 'snapshots' -> 1 -> 'files',
  '[{"path": "assets/icon.png", "contents": "iVBORw0KGgo=", "encoding": "base64"}]'::jsonb,
  'a later one with only what it changed, with its encoding');
select throws_ok($$select api.git_remote_push_source(9202)$$, 'PT404', null, 'not another user''s');
reset role;

select isnt(private.record_git_sync(9201, 'https://git.example.com/a.git', 'main', repeat('a', 40),
  (select id from public.project_versions where project_id = 9201 and number = 2)), null, 'a push records its commit');
select is(private.record_git_sync(9201, 'https://git.example.com/a.git', 'other', repeat('b', 40), null), null,
  'not for a branch the link no longer names');
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select is(api.git_remote_push_source(9201) -> 'snapshots', jsonb_build_array(jsonb_build_object(
    'version_id', (select id from public.project_versions where project_id = 9201 and number = 2),
    'date', (select created_at from public.project_versions where project_id = 9201 and number = 2),
    'message', 'The last prompt',
    'files', '[{"path": "assets/icon.png", "contents": "iVBORw0KGgo=", "encoding": "base64"},
               {"path": "b.ts", "contents": "b", "encoding": "utf8"}]'::jsonb, 'deleted', '[]'::jsonb)),
  'nothing made since the last push: the newest version alone, complete');
reset role;
select private.commit_version(9201, null, '[{"path": "b.ts", "deleted": true}]', '{}');
select private.commit_version(9201, null, jsonb_build_array(jsonb_build_object('path', 'n.ts', 'contents', n::text)),
  '{}') from generate_series(1, 21) n;
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select is(jsonb_array_length(api.git_remote_push_source(9201) -> 'snapshots'), 20, 'at most 20 versions a push');
select is(api.git_remote_push_source(9201) -> 'snapshots' -> 0 ->> 'message',
  E'Save files\n\nAlso holds versions 3 to 4: a push writes at most 20 versions as commits.',
  'the first of them, complete, holds the older ones and says so');
select is(api.git_remote_push_source(9201) -> 'snapshots' -> 0 -> 'files',
  '[{"path": "assets/icon.png", "contents": "iVBORw0KGgo=", "encoding": "base64"},
    {"path": "n.ts", "contents": "2", "encoding": "utf8"}]'::jsonb, 'without the file version 3 removed');
reset role;
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
  '[{"path": "n.ts", "contents": "from git", "type": "CODE"}, {"path": "x:y", "contents": "z", "type": "CODE"}]',
  '{assets/icon.png}', jsonb_build_object('n.ts', md5('21'), 'assets/icon.png', md5('iVBORw0KGgo='))),
  jsonb_build_object('pulled', true, 'commit', repeat('c', 40), 'changed', jsonb_build_array('n.ts'),
    'deleted', jsonb_build_array('assets/icon.png'), 'skipped', jsonb_build_array('x:y')),
  'a pull writes, deletes and skips what the file rules refuse');
reset role;
select is((select array_agg(path || '=' || contents order by path) from public.project_files where project_id = 9201),
  array['n.ts=from git'], 'the project holds the remote''s state');
select is((select last_commit from public.git_remotes where project_id = 9201), repeat('c', 40), 'the pull is the last sync');
select is((select array[v.pulled_commit, v.files::text] from public.project_versions v
            where v.project_id = 9201 order by v.number desc limit 1),
  array[repeat('c', 40), '1'], 'as a version that names the commit, without the file deleted');
select is((select last_version_id from public.git_remotes where project_id = 9201),
  (select id from public.project_versions where project_id = 9201 order by number desc limit 1),
  'which is the last version synced');
select pg_temp.as_service('b2222222-2222-2222-2222-222222222222');
select throws_ok($$select api.apply_git_pull(9201, 'https://git.example.com/b.git', 'main', repeat('c', 40), repeat('d', 40), '[]', '{}', '{}')$$,
  'PT404', 'project_not_found: No such project.', 'a pull writes only into the caller''s project');
reset role;

select * from finish();
rollback;
