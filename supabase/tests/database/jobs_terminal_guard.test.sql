-- A finished job never changes again, except that deleting its project unlinks it (the foreign key's
-- ON DELETE SET NULL): the owner can delete any project, whatever its jobs.
begin;
\ir _helpers.psql
select plan(5);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'guard.alice@example.com');
select pg_temp.create_project(8801, 'a1111111-1111-1111-1111-111111111111', 'Alice app');
insert into public.jobs (id, user_id, project_id, input, status) values
  ('28000000-0000-4000-8000-000000000001', 'a1111111-1111-1111-1111-111111111111', 8801,
   '{"prompt": "p", "model": "light", "appName": "A"}', 'queued');
update public.jobs set status = 'canceled' where id = '28000000-0000-4000-8000-000000000001';

select throws_ok($$update public.jobs set status = 'queued' where id = '28000000-0000-4000-8000-000000000001'$$,
  'PT409', 'job_terminal: The job is already canceled.', 'a finished job does not go back');
select throws_ok($$update public.jobs set project_id = null, input = '{}'
                    where id = '28000000-0000-4000-8000-000000000001'$$,
  'PT409', 'job_terminal: The job is already canceled.', 'nor changes anything else with its project');

select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select lives_ok($$select api.delete_project(8801)$$, 'the owner deletes a project that has a finished job');
reset role;
select is((select project_id from public.jobs where id = '28000000-0000-4000-8000-000000000001'), null,
  'the job stays, unlinked');
select is((select status::text from public.jobs where id = '28000000-0000-4000-8000-000000000001'), 'canceled',
  'and finished');

select * from finish();
rollback;
