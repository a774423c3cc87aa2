-- The repository-host and database-host integrations: row-level security on every table, token columns
-- nobody but service_role reads, installation ownership, links, OAuth states and webhook replays.
begin;
\ir _helpers.psql
select plan(96);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'bob@example.com');
select pg_temp.create_project(9101, 'a1111111-1111-1111-1111-111111111111', 'Alice one');
select pg_temp.create_project(9102, 'a1111111-1111-1111-1111-111111111111', 'Alice two');
select pg_temp.create_project(9103, 'b2222222-2222-2222-2222-222222222222', 'Bob one');
select private.commit_version(9101, null,
  '[{"path": "b.ts", "contents": "b"}, {"path": "a/index.ts", "contents": "a"}]', '{"prompt": "Two files"}');
insert into public.repohost_installations (id, user_id, login, avatar, name, ghu_encrypted) values
  (501, 'a1111111-1111-1111-1111-111111111111', 'alice', null, 'Alice', 'v1.k1.aXZhaXZhaXZhaXZh.Z2h1LWE'),
  (502, 'b2222222-2222-2222-2222-222222222222', 'bob-org', null, null, 'v1.k1.aXZhaXZhaXZhaXZh.Z2h1LWI');
insert into public.repohost_links (project_id, user_id, repohost_installation_id, repohost_repository_name) values
  (9103, 'b2222222-2222-2222-2222-222222222222', 502, 'bob-app');
insert into public.dbhost_connections (user_id, dbhost_user_id, dbhost_username, access_token_encrypted,
  refresh_token_encrypted, access_token_expires_at) values
  ('a1111111-1111-1111-1111-111111111111', 'sb-alice', 'alice', 'v1.k1.aXY.YWNjZXNz', 'v1.k1.aXY.cmVmcmVzaA',
   now() + interval '1 hour'),
  ('b2222222-2222-2222-2222-222222222222', 'sb-bob', 'bob', 'v1.k1.aXY.YWNjZXNzLWI', 'v1.k1.aXY.cmVmcmVzaC1i',
   now() + interval '1 hour');
insert into public.dbhost_links (project_id, user_id, dbhost_project_ref, dbhost_project_name, api_url, anon_key_encrypted)
values (9103, 'b2222222-2222-2222-2222-222222222222', 'bobsref', 'Bob db', 'https://bobsref.supabase.co', 'v1.k1.aXY.YW5vbg');
insert into public.dbhost_authorizations (state_hash, user_id, code_verifier_encrypted, expires_at) values
  (repeat('a', 64), 'a1111111-1111-1111-1111-111111111111', 'v1.k1.aXY.dmVyaWZpZXI', now() + interval '10 minutes'),
  (repeat('e', 64), 'a1111111-1111-1111-1111-111111111111', null, now() - interval '1 second');

-- Tokens at rest: RLS everywhere, no token column readable by an API role, plaintext refused
select is((select count(*)::int from pg_class
            where oid in ('public.repohost_installations'::regclass, 'public.repohost_webhook_deliveries'::regclass,
                          'public.dbhost_connections'::regclass, 'public.dbhost_authorizations'::regclass,
                          'public.repohost_links'::regclass, 'public.dbhost_links'::regclass)
              and relrowsecurity), 6, 'row-level security is on for every integration table');
select is((select count(*)::int from information_schema.columns c
            where c.table_schema = 'public' and c.column_name like '%\_encrypted'), 6,
  'six sealed token columns exist');
select is((select count(*)::int from information_schema.columns c
            where c.table_schema = 'public' and c.column_name like '%\_encrypted'
              and (has_column_privilege('authenticated', format('public.%I', c.table_name), c.column_name, 'select')
                or has_column_privilege('anon', format('public.%I', c.table_name), c.column_name, 'select'))), 0,
  'no sealed token column is selectable by authenticated or anon');
select throws_ok($$insert into public.repohost_installations (id, user_id, login, ghu_encrypted)
  values (599, 'a1111111-1111-1111-1111-111111111111', 'x', 'ghu_plaintext')$$, '23514', null,
  'a plaintext GitHub token is refused');
select throws_ok($$update public.dbhost_connections set refresh_token_encrypted = 'plain-refresh'
  where user_id = 'a1111111-1111-1111-1111-111111111111'$$, '23514', null, 'a plaintext refresh token is refused');
select throws_ok($$update public.dbhost_links set anon_key_encrypted = 'eyJhbGciOiJIUzI1NiJ9.e30.sig'
  where project_id = 9103$$, '23514', null, 'a plaintext anon key is refused');

-- anon sees nothing
select pg_temp.as_anon();
select throws_ok('select id from public.repohost_installations', '42501', null, 'anon cannot read installations');
select throws_ok('select user_id from public.dbhost_connections', '42501', null, 'anon cannot read connections');
select throws_ok('select user_id from public.dbhost_authorizations', '42501', null, 'anon cannot read authorizations');
select throws_ok('select delivery_id from public.repohost_webhook_deliveries', '42501', null,
  'anon cannot read webhook deliveries');
reset role;

-- Alice
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is((select array_agg(id) from public.repohost_installations), array[501]::bigint[],
  'a user sees only her installations');
select throws_ok('select ghu_encrypted from public.repohost_installations', '42501', null,
  'not even the owner selects her GitHub token');
select throws_ok('select * from public.repohost_installations', '42501', null, 'nor through select *');
select is((select array_agg(dbhost_username) from public.dbhost_connections), array['alice'],
  'a user sees only her connection');
select is((select count(*)::int from public.repohost_links), 0, 'nor another user''s repository links');
select is((select count(*)::int from public.dbhost_links), 0, 'nor another user''s database links');
select throws_ok('select access_token_encrypted from public.dbhost_connections', '42501', null,
  'not even the owner selects her access token');
select throws_ok('select refresh_token_encrypted from public.dbhost_connections', '42501', null,
  'nor her refresh token');
select throws_ok('select user_id from public.dbhost_authorizations', '42501', null,
  'users cannot read pending authorizations, not even their own');
select throws_ok('select delivery_id from public.repohost_webhook_deliveries', '42501', null,
  'users cannot read webhook deliveries');
select throws_ok($$insert into public.repohost_installations (id, user_id, login, ghu_encrypted)
  values (598, 'a1111111-1111-1111-1111-111111111111', 'x', 'v1.k.a.b')$$, '42501', null,
  'users write installations only through the API');
select throws_ok($$update public.repohost_links set repohost_repository_name = 'x' where project_id = 9103$$,
  '42501', null, 'users write repository links only through the API');
select throws_ok($$delete from public.dbhost_connections$$, '42501', null, 'users cannot delete connections directly');
select throws_ok($$select private.lock_dbhost_connection('a1111111-1111-1111-1111-111111111111')$$, '42501', null,
  'users cannot call the private token functions');
select throws_ok($$select private.apply_repohost_webhook('d', 'installation', 'deleted', 502, 'x', null, null)$$,
  '42501', null, 'users cannot play webhooks');

-- Installations
select is(api.list_repohost_installations() -> 'data' -> 0 ->> 'login', 'alice', 'the list shows her installation');
select ok(not (api.list_repohost_installations()::text ~ 'ghu|encrypted|user_id'),
  'the list carries no token and no owner column');
select throws_ok($$select api.save_repohost_installation(503, 'alice-org', null, null, 'v1.k1.aXY.bmV3')$$,
  '42501', null, 'a user cannot save an installation GitHub was not asked about: only the service saves, for her');
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.save_repohost_installation(502, 'mine-now', null, null, 'v1.k1.aXY.eA')$$,
  'PT409', 'installation_taken: Another account of this service already saved this installation.',
  'another user''s installation is never taken over');
select is((select login from public.repohost_installations where id = 502), 'bob-org',
  'and stays as he saved it');
select is(api.save_repohost_installation(503, 'alice-org', 'https://avatars.example.com/u/1', 'Alice Org',
  'v1.k1.aXY.bmV3') ->> 'login', 'alice-org', 'a new installation is saved for the caller');
select is((select user_id from public.repohost_installations where id = 503),
  'a1111111-1111-1111-1111-111111111111'::uuid, 'owned by the caller');
select is(api.save_repohost_installation(501, 'alice-renamed', null, 'Alice', 'v1.k1.aXY.bmV3ZXI') ->> 'login',
  'alice-renamed', 'saving her own installation again updates it');
select throws_ok($$select api.save_repohost_installation(504, 'x', 'javascript:alert(1)', null, 'v1.k1.aXY.eA')$$,
  'PT400', null, 'an avatar that is not an http(s) URL is refused');
select throws_ok($$select api.save_repohost_installation(505, 'x', null, null, 'ghu_plaintext')$$,
  'PT400', null, 'an unsealed token is refused');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');

-- Repository links
select is(api.link_repohost_repository(9101, 501, null, 'app'),
  '{"project_id": 9101, "repohost_installation_id": 501, "repohost_repository_name": "app-9101", "repohost_last_sync": null,
    "repohost_sync_conflict": null}'::jsonb,
  'the default repository name is <prefix>-<project id>');
select throws_ok($$select api.link_repohost_repository(9102, 502, null, 'app')$$, 'PT404',
  'installation_not_found: No such installation of yours.', 'another user''s installation cannot be linked');
select throws_ok($$select api.link_repohost_repository(9103, 501, null, 'app')$$, 'PT404',
  'project_not_found: No such project.', 'another user''s project cannot be linked');
select throws_ok($$select api.link_repohost_repository(9101, 501, '..', 'app')$$, 'PT400', null,
  'a repository name GitHub would refuse is refused');
select is(jsonb_array_length(api.repohost_push_source(9101) -> 'snapshots' -> 0 -> 'files'), 2,
  'the push source has every file');
select is(api.repohost_push_source(9101) -> 'snapshots' -> 0 -> 'files' -> 0 ->> 'path', 'a/index.ts', 'ordered by path');
select throws_ok($$select api.repohost_push_source(9102)$$, 'PT404', null, 'no push source without a link');
select lives_ok($$select api.unlink_repohost_repository(9103)$$, 'unlinking another user''s project is a no-op');
reset role;
select is((select count(*)::int from public.repohost_links where project_id = 9103), 1,
  'another user''s link is untouched');

-- Syncs are recorded by the service only, and only for the link that was pushed
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select isnt(private.record_repohost_sync(9101, 501, 'app-9101', repeat('a', 40),
  (select id from public.project_versions where project_id = 9101)), null, 'a push records the last sync');
select is(private.record_repohost_sync(9101, 501, 'elsewhere', repeat('b', 40), null), null,
  'not for a link that has moved');
reset role;
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is((select count(*)::int from public.repohost_links where repohost_last_commit is not null), 0,
  'another user does not see the link''s last pushed commit');
select throws_ok($$update public.repohost_links set repohost_last_commit = null, repohost_last_version_id = null$$,
  '42501', null, 'nor changes it');
reset role;
select is((select repohost_last_commit from public.repohost_links where project_id = 9101), repeat('a', 40),
  'the link keeps its last pushed commit');

-- A push to the linked repository: the service's own is not imported, another is, a conflict is recorded
select is(jsonb_array_length(private.repohost_pull_sources(501, 'alice-renamed', 'app-9101', repeat('a', 40))), 0,
  'the commit the service pushed last imports nothing');
select is(private.repohost_pull_sources(501, 'Alice-Renamed', 'app-9101', repeat('c', 40)) -> 0 ->> 'base', repeat('a', 40),
  'another commit is compared with the last pushed one');
select is(jsonb_array_length(private.repohost_pull_sources(501, 'someone-else', 'app-9101', repeat('c', 40))), 0,
  'a repository of another account is not the link''s');
select throws_ok($$select private.apply_repohost_pull(9101, repeat('b', 40), repeat('c', 40), '[]', '{}', '{}')$$,
  'PT409', null, 'an import from a base the link no longer has is refused');
select is(private.apply_repohost_pull(9101, repeat('a', 40), repeat('c', 40),
  '[{"path": "b.ts", "contents": "from git", "type": "CODE"}]', '{}', jsonb_build_object('b.ts', md5('b'))) -> 'changed',
  '["b.ts"]', 'an import writes the changed files');
select is((select array[l.repohost_last_commit, (l.repohost_last_version_id = v.id)::text, v.pulled_commit]
             from public.repohost_links l join public.project_versions v on v.project_id = l.project_id
            where l.project_id = 9101 order by v.number desc limit 1),
  array[repeat('c', 40), 'true', repeat('c', 40)], 'as a version naming the commit, the link''s last');
select private.record_repohost_conflict(9101, repeat('d', 40), '{b.ts}');
select is((select repohost_sync_conflict -> 'paths' from public.repohost_links where project_id = 9101), '["b.ts"]',
  'a conflict is recorded on the link');
select is((select payload ->> 'commit' from public.notifications
            where recipient_id = 'a1111111-1111-1111-1111-111111111111' and type = 'repository_conflict'),
  repeat('d', 40), 'and the owner is told');
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is((select count(*)::int from public.repohost_links where repohost_sync_conflict is not null), 0,
  'another user does not see the link''s sync state');
select throws_ok($$update public.repohost_links set repohost_sync_conflict = null$$, '42501', null, 'nor clears it');
reset role;
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select private.apply_repohost_pull(9101, repeat('c', 40), repeat('e', 40), '[]', '{}', '{}')$$,
  '42501', null, 'a user cannot import what the service did not compare');
reset role;
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select isnt(private.record_repohost_sync(9101, 501, 'app-9101', repeat('e', 40), null), null, 'a push');
select is((select repohost_sync_conflict from public.repohost_links where project_id = 9101), null,
  'syncs them again');
reset role;
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(api.repohost_installation_on('ALICE-renamed'), 501::bigint, 'an import finds the caller''s installation on an owner');
select throws_ok($$select api.repohost_installation_on('bob-org')$$, 'PT404',
  'installation_not_found: No GitHub App installation of yours is on that account.', 'never another user''s');
select isnt(api.link_repohost_repository(9101, 501, 'app-9101', 'app') ->> 'repohost_last_sync', null,
  'linking the same repository again keeps the last sync');
select is(api.link_repohost_repository(9101, 503, 'renamed', 'app') ->> 'repohost_last_sync', null,
  'moving the link forgets it');

-- Database host
select is(api.get_dbhost_connection(), '{"connected": true, "dbhost_user_id": "sb-alice", "dbhost_username": "alice"}'::jsonb,
  'the connection shows who is connected and no token');
select throws_ok($$select api.link_dbhost_project(9101, 'alicesref', 'Alice db', 'https://alicesref.supabase.co', 'v1.k1.aXY.YQ')$$,
  '42501', null, 'a user cannot link a database project the host was not asked about');
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select is(api.link_dbhost_project(9101, 'alicesref', 'Alice db', 'https://alicesref.supabase.co', 'v1.k1.aXY.YQ')
  ->> 'dbhost_project_ref', 'alicesref', 'a database project is linked to her app');
select throws_ok($$select api.link_dbhost_project(9102, 'bobsref', 'Bob db', 'https://bobsref.supabase.co', 'v1.k1.aXY.YQ')$$,
  'PT409', 'already_linked: That database project already backs another app.',
  'a database project backing another user''s app cannot back hers');
select throws_ok($$select api.link_dbhost_project(9102, 'alicesref', 'Alice db', 'https://alicesref.supabase.co', 'v1.k1.aXY.YQ')$$,
  'PT409', null, 'nor can one back two of her apps');
select throws_ok($$select api.link_dbhost_project(9103, 'newref', 'x', 'https://newref.supabase.co', 'v1.k1.aXY.YQ')$$,
  'PT404', 'project_not_found: No such project.', 'another user''s project cannot be linked');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(api.dbhost_projects_result('[{"ref": "alicesref", "name": "A", "region": "eu", "created_at": "2026-01-01T00:00:00Z",
  "organization_id": "o"}, {"ref": "bobsref", "name": "B", "region": "us", "created_at": "2026-01-01T00:00:00Z",
  "organization_id": "o"}]', '[{"id": "o", "name": "Org"}]') #> '{projects}',
  '[{"ref": "alicesref", "name": "A", "region": "eu", "created_at": "2026-01-01T00:00:00Z", "organization_id": "o", "linked_project_id": 9101},
    {"ref": "bobsref", "name": "B", "region": "us", "created_at": "2026-01-01T00:00:00Z", "organization_id": "o", "linked_project_id": null}]'::jsonb,
  'upstream projects show which of her apps they back, never another user''s');
select lives_ok($$select api.unlink_dbhost_project(9103)$$, 'unlinking another user''s project is a no-op');
select lives_ok($$select api.unlink_dbhost_project(9101)$$, 'she unlinks her own');
select lives_ok($$select api.unlink_dbhost_project(9101)$$, 'and again, idempotently');
select is(api.start_dbhost_authorization(repeat('b', 64), null) ? 'expires_at', true, 'an authorization starts');
reset role;
select is((select count(*)::int from public.dbhost_links where project_id = 9103)
  + (select count(*)::int from public.dbhost_links where project_id = 9101), 1, 'only her link went');
select is((select user_id from public.dbhost_authorizations where state_hash = repeat('b', 64)),
  'a1111111-1111-1111-1111-111111111111'::uuid, 'bound to the caller');
select is((select count(*)::int from public.dbhost_authorizations where state_hash = repeat('e', 64)), 0,
  'starting one prunes the expired ones');

-- OAuth states are single-use and expire
insert into public.dbhost_authorizations (state_hash, user_id, expires_at)
values (repeat('f', 64), 'a1111111-1111-1111-1111-111111111111', now() - interval '1 second');
select pg_temp.as_service();
select throws_ok($$select private.consume_dbhost_authorization(repeat('a', 64), 'b2222222-2222-2222-2222-222222222222')$$,
  'PT400', 'invalid_state: This authorization is unknown, was already used or was started by another account; start the connection again.',
  'another user cannot finish it');
select is(private.consume_dbhost_authorization(repeat('a', 64), 'a1111111-1111-1111-1111-111111111111'),
  '{"code_verifier_encrypted": "v1.k1.aXY.dmVyaWZpZXI"}'::jsonb, 'the user who started it consumes it');
select throws_ok($$select private.consume_dbhost_authorization(repeat('a', 64), 'a1111111-1111-1111-1111-111111111111')$$,
  'PT400', null, 'a replayed state is refused');
select throws_ok($$select private.consume_dbhost_authorization(repeat('c', 64), 'a1111111-1111-1111-1111-111111111111')$$,
  'PT400', null, 'an unknown state is refused');
select throws_ok($$select private.consume_dbhost_authorization(repeat('f', 64), 'a1111111-1111-1111-1111-111111111111')$$, 'PT400',
  'state_expired: This authorization has expired; start the connection again.', 'an expired state is refused');
reset role;

-- A user keeps at most five pending authorizations
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
do $$
begin
  for n in 1..7 loop
    perform api.start_dbhost_authorization(repeat(n::text, 64), null);
  end loop;
end
$$;
reset role;
select is((select count(*)::int from public.dbhost_authorizations
            where user_id = 'a1111111-1111-1111-1111-111111111111'), 5, 'the oldest pending ones go');

-- Refreshes and revoked grants
select pg_temp.as_service();
select lives_ok($$select private.forget_dbhost_connection('b2222222-2222-2222-2222-222222222222', 'v1.k1.aXY.b2xk')$$,
  'forgetting with a token that was refreshed meanwhile');
reset role;
select is((select count(*)::int from public.dbhost_connections where dbhost_user_id = 'sb-bob'), 1,
  'keeps the connection');
select pg_temp.as_service();
select lives_ok($$select private.forget_dbhost_connection('b2222222-2222-2222-2222-222222222222', 'v1.k1.aXY.YWNjZXNzLWI')$$,
  'forgetting with the stored token');
reset role;
select is((select count(*)::int from public.dbhost_connections where dbhost_user_id = 'sb-bob'), 0,
  'removes the connection');

-- Webhooks: created refreshes, deleted removes with the links, replays and other events change nothing
select pg_temp.as_service();
select is(private.apply_repohost_webhook('delivery-1', 'installation', 'created', 502, 'bob-renamed',
  'https://avatars.example.com/u/2', null), 'applied', 'installation.created is applied');
reset role;
select is((select login || ' ' || avatar from public.repohost_installations where id = 502),
  'bob-renamed https://avatars.example.com/u/2', 'it refreshes the stored profile fields');
select pg_temp.as_service();
select is(private.apply_repohost_webhook('delivery-2', 'installation', 'deleted', 502, 'bob-renamed', null, null),
  'applied', 'installation.deleted is applied');
select is(private.apply_repohost_webhook('delivery-1', 'installation', 'created', 502, 'bob-stale', null, null),
  'duplicate', 'a replayed delivery is recognized');
select is(private.apply_repohost_webhook('delivery-3', 'push', null, null, null, null, null), 'ignored',
  'other events are ignored');
reset role;
select is((select count(*)::int from public.repohost_installations where id = 502)
  + (select count(*)::int from public.repohost_links where repohost_installation_id = 502), 0,
  'the deleted installation and its links are gone');

select * from finish();
rollback;
