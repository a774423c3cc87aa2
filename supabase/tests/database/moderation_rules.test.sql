-- Rules of reports, reshares and blocks that hold for SQL written directly as `authenticated`.
begin;
\ir _helpers.psql
select plan(12);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'owner@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'sharer@example.com');
select pg_temp.create_project(9201, 'a1111111-1111-1111-1111-111111111111', 'Shared app', true);
select pg_temp.create_project(9202, 'a1111111-1111-1111-1111-111111111111', 'Private app');

select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');

-- Reports: a project target must be one the reporter sees, and an invisible id fails as a missing one does.
select throws_ok($$insert into public.reports (reported_project_id) values (9202)$$,
  '42501', 'new row violates row-level security policy for table "reports"',
  'a report on another user''s private project is refused');
select throws_ok($$insert into public.reports (reported_project_id) values (999999999)$$,
  '42501', 'new row violates row-level security policy for table "reports"',
  'a missing project fails with the very same error');
select lives_ok($$insert into public.reports (reported_project_id, reason) values (9201, 'spam')$$,
  'a shared project can be reported');

-- Reshares: a platform of the list, one notification per project and sharer.
select throws_ok($$insert into public.reshares (project_id, platform) values (9201, 'myspace')$$,
  '22P02', null, 'a platform outside the list is refused by the table');
select throws_ok($$select api.create_reshare(9201, 'myspace', '{}')$$, 'PT400', null,
  'and by the API function, as a 400');
select lives_ok($$insert into public.reshares (project_id, platform) values (9201, 'instagram'), (9201, 'x')$$,
  'two platforms at once');
select lives_ok($$select api.create_reshare(9201, 'TikTok', '{}')$$, 'and a third through the API');
reset role;
select is((select count(*)::int from public.notifications
            where recipient_id = 'a1111111-1111-1111-1111-111111111111' and type = 'reshare'),
  1, 'the owner is notified once for the sharer''s three reshares');

-- A token whose account is gone: 404 profile_not_found, never a foreign-key error.
select pg_temp.as_user('d4444444-4444-4444-4444-444444444444');
select throws_ok($$select api.create_report(null, 'a1111111-1111-1111-1111-111111111111', null)$$,
  'PT404', 'profile_not_found: No profile exists for this account.', 'reporting without a profile is 404');
select throws_ok($$select api.create_report(9201, null, null)$$,
  'PT404', 'profile_not_found: No profile exists for this account.', 'also for a project target');
select throws_ok($$select api.create_block('a1111111-1111-1111-1111-111111111111')$$,
  'PT404', 'profile_not_found: No profile exists for this account.', 'blocking without a profile is 404');
select throws_ok($$select api.create_reshare(9201, 'x', '{}')$$,
  'PT404', 'profile_not_found: No profile exists for this account.', 'resharing without a profile is 404');

select * from finish();
rollback;
