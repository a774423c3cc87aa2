-- Profiles and wallets: the signup trigger, the username rule, and who may see or change what.
begin;
\ir _helpers.psql
select plan(24);

-- Two users through auth.users, as Supabase Auth creates them.
select pg_temp.create_user('11111111-1111-1111-1111-111111111111', 'alice.smith@example.com');
select pg_temp.create_user('22222222-2222-2222-2222-222222222222', 'Bo@example.com');
select pg_temp.create_user('33333333-3333-3333-3333-333333333333', 'alice.smith@example.org');

-- The signup trigger
select is((select username from public.profiles where id = '11111111-1111-1111-1111-111111111111'),
  'alice.smith', 'username derives from the e-mail');
select ok((select username from public.profiles where id = '22222222-2222-2222-2222-222222222222') ~ '^userbo$',
  'a short local part is padded to a valid username');
select ok((select username from public.profiles where id = '33333333-3333-3333-3333-333333333333') ~ '^alice\.smith[0-9]+$',
  'a taken username gets digits appended');
select is((select bonus_balance from public.wallets where user_id = '11111111-1111-1111-1111-111111111111'),
  500::bigint, 'the wallet holds the 500-credit welcome bonus');
select is((select balance from public.wallets where user_id = '11111111-1111-1111-1111-111111111111'),
  0::bigint, 'the paid balance starts at zero');
select ok((select bonus_expires_at between now() + interval '29 days 23 hours' and now() + interval '30 days 1 hour'
  from public.wallets where user_id = '11111111-1111-1111-1111-111111111111'), 'the bonus is valid for 30 days');

-- The username CHECK
select throws_ok($$update public.profiles set username = 'ab' where id = '11111111-1111-1111-1111-111111111111'$$,
  '23514', null, 'two characters are refused');
select throws_ok($$update public.profiles set username = repeat('a', 31) where id = '11111111-1111-1111-1111-111111111111'$$,
  '23514', null, 'thirty-one characters are refused');
select throws_ok($$update public.profiles set username = 'Alice' where id = '11111111-1111-1111-1111-111111111111'$$,
  '23514', null, 'upper case is refused');
select throws_ok($$update public.profiles set username = '_alice' where id = '11111111-1111-1111-1111-111111111111'$$,
  '23514', null, 'a leading underscore is refused');
select lives_ok($$update public.profiles set username = 'a.b_c' where id = '22222222-2222-2222-2222-222222222222'$$,
  'dots and underscores inside are accepted');

-- anon sees nothing
select pg_temp.as_anon();
select throws_ok('select * from public.profiles', '42501', null, 'anon cannot read profiles');
select throws_ok('select * from public.wallets', '42501', null, 'anon cannot read wallets');
reset role;

-- Alice, signed in
select pg_temp.as_user('11111111-1111-1111-1111-111111111111');
select is((select count(*) from public.profiles)::int, 3, 'every signed-in user reads every profile');
select is((select count(*) from public.wallets)::int, 1, 'a user sees only their own wallet');
select is((select user_id from public.wallets), '11111111-1111-1111-1111-111111111111'::uuid, 'and it is hers');

update public.profiles set username = 'hacked' where id = '22222222-2222-2222-2222-222222222222';
select lives_ok($$update public.profiles set username = 'alice' where id = '11111111-1111-1111-1111-111111111111'$$,
  'a user changes her own username');
select throws_ok($$update public.profiles set is_supporter = true where id = '11111111-1111-1111-1111-111111111111'$$,
  '42501', null, 'nobody grants themselves supporter status');
select throws_ok($$update public.wallets set balance = 1000000 where user_id = '11111111-1111-1111-1111-111111111111'$$,
  '42501', null, 'nobody changes their own wallet');
select throws_ok($$insert into public.profiles (id, username) values (gen_random_uuid(), 'intruder')$$,
  '42501', null, 'nobody inserts profiles');
select throws_ok($$delete from public.wallets$$, '42501', null, 'nobody deletes wallets');
select throws_ok($$select private.handle_new_user()$$, '42501', null, 'private functions are out of reach');
reset role;

select is((select username from public.profiles where id = '22222222-2222-2222-2222-222222222222'), 'a.b_c',
  'another user''s profile is unchanged by her update');

-- Deleting the account cascades
delete from auth.users where id = '33333333-3333-3333-3333-333333333333';
select is((select count(*) from public.profiles where id = '33333333-3333-3333-3333-333333333333')::int
  + (select count(*) from public.wallets where user_id = '33333333-3333-3333-3333-333333333333')::int, 0,
  'profile and wallet go with the account');

select * from finish();
rollback;
