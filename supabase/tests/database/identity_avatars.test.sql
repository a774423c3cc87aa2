-- A profile's avatar_url is null or one of its own objects at the service's avatars address, for every
-- writer: the API function and SQL written directly as `authenticated`.
begin;
\ir _helpers.psql
select plan(9);

select private.set_setting('avatars_url', 'https://ref.example.co/storage/v1/object/public/avatars');
select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'bob@example.com');

select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');

select throws_ok($$update public.profiles set avatar_url =
    'https://ref.example.co/storage/v1/object/public/avatars/b2222222-2222-2222-2222-222222222222/0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e.png'
  where id = 'a1111111-1111-1111-1111-111111111111'$$,
  'PT400', 'invalid_avatar_url: avatar_url must be null or one of your own avatars, as POST /me/avatar answered it.',
  'another user''s avatar is refused');
select throws_ok($$select api.update_me('{"avatar_url": "https://ref.example.co/storage/v1/object/public/avatars/b2222222-2222-2222-2222-222222222222/0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e.png"}')$$,
  'PT400', null, 'also through the API function');
select throws_ok($$update public.profiles set avatar_url = 'https://tracker.example/pixel.png'
  where id = 'a1111111-1111-1111-1111-111111111111'$$, 'PT400', null, 'any other address is refused');
select throws_ok($$update public.profiles set avatar_url =
    'https://tracker.example/storage/v1/object/public/avatars/a1111111-1111-1111-1111-111111111111/0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e.png'
  where id = 'a1111111-1111-1111-1111-111111111111'$$, 'PT400', null, 'the own path at another host too');
select throws_ok($$update public.profiles set avatar_url =
    'https://ref.example.co/storage/v1/object/public/avatars/a1111111-1111-1111-1111-111111111111/../b2222222-2222-2222-2222-222222222222/0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e.png'
  where id = 'a1111111-1111-1111-1111-111111111111'$$, 'PT400', null, 'and a path that climbs out of the own prefix');
select lives_ok($$update public.profiles set avatar_url =
    'https://ref.example.co/storage/v1/object/public/avatars/a1111111-1111-1111-1111-111111111111/0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e.webp'
  where id = 'a1111111-1111-1111-1111-111111111111'$$, 'an own avatar is accepted');
select lives_ok($$select api.update_me('{"username": "alice_2"}')$$, 'other changes keep it');
select lives_ok($$select api.update_me('{"avatar_url": null}')$$, 'null removes it');
reset role;
select is((select avatar_url from public.profiles where id = 'b2222222-2222-2222-2222-222222222222'), null,
  'nothing of Bob''s was touched');

select * from finish();
rollback;
