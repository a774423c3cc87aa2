-- An anonymous account runs no job on credit: its floor is 0, where a permanent account's is -500, so a
-- throw-away sign-in cannot spend what it never paid for.
begin;
\ir _helpers.psql
select plan(7);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', null, anonymous => true);
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'overdraft.permanent@example.com');
update public.wallets set bonus_balance = 0 where user_id = 'b2222222-2222-2222-2222-222222222222';

select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.admit_job(null, null, 'light')$$, 'PT402',
  'insufficient_credits: An anonymous account cannot run jobs on credit; sign up or top up to run more jobs.',
  'an anonymous account with an empty wallet is refused');
reset role;
select pg_temp.as_service('b2222222-2222-2222-2222-222222222222');
select lives_ok($$select api.admit_job(null, null, 'light')$$, 'a permanent one at 0 may still go into debt');
reset role;

update public.wallets set balance = 8 where user_id = 'a1111111-1111-1111-1111-111111111111';
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.admit_job(null, null, 'light')$$, 'credits it has are spent');
select lives_ok($$select api.admit_job(null, null, 'light')$$, 'while some are available');
select throws_ok($$select api.admit_job(null, null, 'light')$$, 'PT402', null, 'and no further');
reset role;
select is((select (private.held_credits('a1111111-1111-1111-1111-111111111111'))), 10::bigint,
  'two light jobs are held');

update auth.users set is_anonymous = false, email = 'overdraft.linked@example.com'
 where id = 'a1111111-1111-1111-1111-111111111111';
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.admit_job(null, null, 'light')$$, 'once permanent, the usual floor applies');
reset role;

select * from finish();
rollback;
