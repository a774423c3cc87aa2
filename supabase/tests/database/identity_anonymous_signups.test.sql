-- Anonymous sign-ins get no welcome bonus until the account becomes permanent, and then exactly one.
begin;
\ir _helpers.psql
select plan(8);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', null, anonymous => true);
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'permanent@example.com');

select is((select bonus_balance || '/' || balance from public.wallets where user_id = 'a1111111-1111-1111-1111-111111111111'),
  '0/0', 'an anonymous sign-in gets an empty wallet');
select is((select count(*)::int from public.wallet_transactions where user_id = 'a1111111-1111-1111-1111-111111111111'),
  0, 'and no bonus in the ledger');
select isnt((select id from public.profiles where id = 'a1111111-1111-1111-1111-111111111111'), null, 'but a profile');
select is((select bonus_balance from public.wallets where user_id = 'b2222222-2222-2222-2222-222222222222'), 500::bigint,
  'a permanent sign-up gets the bonus at once');

update auth.users set is_anonymous = false, email = 'linked@example.com'
 where id = 'a1111111-1111-1111-1111-111111111111';
select is((select bonus_balance from public.wallets where user_id = 'a1111111-1111-1111-1111-111111111111'), 500::bigint,
  'becoming permanent grants the bonus');
select ok((select bonus_expires_at between now() + interval '29 days' and now() + interval '30 days'
             from public.wallets where user_id = 'a1111111-1111-1111-1111-111111111111'), 'for 30 days');
update auth.users set is_anonymous = true where id = 'a1111111-1111-1111-1111-111111111111';
update auth.users set is_anonymous = false where id = 'a1111111-1111-1111-1111-111111111111';
select is((select count(*)::int from public.wallet_transactions
            where user_id = 'a1111111-1111-1111-1111-111111111111' and reason = 'bonus'), 1, 'only once');
select is((select bonus_balance from public.wallets where user_id = 'a1111111-1111-1111-1111-111111111111'), 500::bigint,
  'the wallet follows the ledger');

select * from finish();
rollback;
