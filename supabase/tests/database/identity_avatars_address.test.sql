-- Where avatars are served needs no setting made by hand: without `avatars_url` it is the avatars bucket on
-- the host of `runner_url`; with neither, setting an avatar is a clear 503, never a raw error.
begin;
\ir _helpers.psql
select plan(7);

delete from private.settings where key in ('avatars_url', 'runner_url');
select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'alice@example.com');

select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');

select throws_ok($$select api.update_me('{"avatar_url": "https://ref.example.co/storage/v1/object/public/avatars/a1111111-1111-1111-1111-111111111111/0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e.png"}')$$,
  'PT503', 'avatars_not_configured: Avatars are not available on this deployment yet: it does not know where they are served.',
  'with neither setting no avatar can be set, and the error says why');
select lives_ok($$select api.update_me('{"avatar_url": null}')$$, 'removing one still works');

reset role;
select private.set_setting('runner_url', 'https://ref.example.co/functions/v1/job-runner');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.update_me('{"avatar_url": "https://ref.example.co/storage/v1/object/public/avatars/a1111111-1111-1111-1111-111111111111/0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e.png"}')$$,
  'without avatars_url, an own avatar on the host of runner_url is accepted');
select throws_ok($$select api.update_me('{"avatar_url": "https://tracker.example/storage/v1/object/public/avatars/a1111111-1111-1111-1111-111111111111/0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e.png"}')$$,
  'PT400', null, 'and the same path on another host is refused');

reset role;
select private.set_setting('runner_url', 'https://ref.example.co/hooks/runner');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.update_me('{"avatar_url": "https://ref.example.co/storage/v1/object/public/avatars/a1111111-1111-1111-1111-111111111111/1e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e.png"}')$$,
  'PT503', null, 'a runner_url that is not a functions address tells nothing');

reset role;
select private.set_setting('avatars_url', 'https://cdn.example.com/public/avatars');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.update_me('{"avatar_url": "https://cdn.example.com/public/avatars/a1111111-1111-1111-1111-111111111111/2e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e.webp"}')$$,
  'avatars_url, when set, is the address');
select throws_ok($$select api.update_me('{"avatar_url": "https://ref.example.co/storage/v1/object/public/avatars/a1111111-1111-1111-1111-111111111111/3e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e.png"}')$$,
  'PT400', null, 'and then the derived one is not');

select * from finish();
rollback;
