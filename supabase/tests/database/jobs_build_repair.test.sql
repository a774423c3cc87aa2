-- A run that can repair (the model's) waits for its version's build: a failed build sends the job back to the
-- runner for a repair round with the build's errors while rounds are left, else fails it build_failed; a
-- succeeded build succeeds it; a cancel ends the job and its build at once. Each end is charged once, for
-- every run of the job.
begin;
\ir _helpers.psql
select plan(34);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'repair.alice@example.com');
select pg_temp.create_project(9201, 'a1111111-1111-1111-1111-111111111111', 'Repaired');
select pg_temp.create_project(9202, 'a1111111-1111-1111-1111-111111111111', 'Canceled');
select pg_temp.create_project(9203, 'a1111111-1111-1111-1111-111111111111', 'Built');
select pg_temp.create_project(9204, 'a1111111-1111-1111-1111-111111111111', 'Deleted');
select pg_temp.create_project(9205, 'a1111111-1111-1111-1111-111111111111', 'Given up');
do $$ begin perform private.set_setting('build_versions', 'true'); end $$;

insert into public.jobs (id, user_id, project_id, input) values
  ('30000000-0000-4000-8000-000000000001', 'a1111111-1111-1111-1111-111111111111', 9201,
   '{"prompt": "p", "model": "light", "appName": "A"}'),
  ('30000000-0000-4000-8000-000000000002', 'a1111111-1111-1111-1111-111111111111', 9202,
   '{"prompt": "p", "model": "light", "appName": "A"}'),
  ('30000000-0000-4000-8000-000000000003', 'a1111111-1111-1111-1111-111111111111', 9203,
   '{"prompt": "p", "model": "light", "appName": "A"}'),
  ('30000000-0000-4000-8000-000000000004', 'a1111111-1111-1111-1111-111111111111', 9204,
   '{"prompt": "p", "model": "light", "appName": "A"}'),
  ('30000000-0000-4000-8000-000000000005', 'a1111111-1111-1111-1111-111111111111', 9205,
   '{"prompt": "p", "model": "light", "appName": "A"}');

-- A run's outcome with one repair round left: saved, and waiting for its build, charged nothing yet.
create function pg_temp.run(job uuid, contents text, repairs_left int) returns jsonb language sql as $$
  select private.finalize_job(job, '99999999-0000-4000-8000-000000000001', jsonb_build_object(
    'status', 'succeeded', 'changes', jsonb_build_array(jsonb_build_object('path', 'App.tsx', 'contents', contents, 'type', 'CODE')),
    'usage', jsonb_build_object('tokens_in', 100, 'tokens_out', 50), 'model', 'm', 'provider', 'p',
    'cost_eur', '0.05', 'repairs_left', repairs_left))
$$;
-- The worker's claim of the job's newest build, and its end.
create function pg_temp.build_ends(job uuid, outcome jsonb) returns jsonb language plpgsql as $$
declare
  claim jsonb := private.claim_build('worker-1');
begin
  if (claim ->> 'id')::bigint <> (select max(b.id) from public.builds b where b.job_id = job) then
    raise exception 'the worker claimed another build: %', claim;
  end if;
  return private.finish_build((claim ->> 'id')::bigint, (claim ->> 'lease_token')::uuid,
    outcome || '{"steps": [], "artifacts": {}, "log": ""}');
end
$$;

select ok(private.claim_job('30000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001') is not null,
  'a runner claims the job');
select is(pg_temp.run('30000000-0000-4000-8000-000000000001', 'broken', 1) ->> 'status', 'running',
  'a run that can repair stays running after its files are saved');
select is((select (runner_id, lease_expires_at)::text from public.jobs where id = '30000000-0000-4000-8000-000000000001'),
  '(,)', 'no runner holds it and no lease can run out: the dispatcher leaves it to its build');
select is((select status || ':' || version_id from public.builds where job_id = '30000000-0000-4000-8000-000000000001'),
  'queued:' || (select version_id from public.jobs where id = '30000000-0000-4000-8000-000000000001'),
  'the version it made is queued to build');
select is((select count(*)::int from public.usage_events where job_id = '30000000-0000-4000-8000-000000000001'), 0,
  'nothing is charged while it waits');

select is(pg_temp.build_ends('30000000-0000-4000-8000-000000000001',
  '{"status": "failed", "errors": [{"file": "App.tsx", "line": 1, "column": 7, "code": "TS2322", "message": "bad"}]}') ->> 'status',
  'failed', 'its build fails');
select is((select status from public.jobs where id = '30000000-0000-4000-8000-000000000001'), 'running',
  'the job stays running');
select ok((select lease_expires_at > clock_timestamp() and runner_id is null from public.jobs
            where id = '30000000-0000-4000-8000-000000000001'),
  'with a lease for a runner to claim its repair round in, after which the dispatcher queues it again');
select is(private.claim_job('30000000-0000-4000-8000-000000000001', '99999999-0000-4000-8000-000000000001') -> 'repair',
  '{"rounds": 1, "errors": [{"file": "App.tsx", "line": 1, "code": "TS2322", "column": 7, "message": "bad"}]}'::jsonb,
  'a runner claims the repair round with the rounds left and the build''s errors');
select is((select base_version_id from public.jobs where id = '30000000-0000-4000-8000-000000000001'), null,
  'the job keeps the version it started from (none: the project had no version), not the one it made');
select is(pg_temp.run('30000000-0000-4000-8000-000000000001', 'still broken', 0) ->> 'status', 'running',
  'the repaired version waits for its build too');
select is((select v.number from public.jobs j join public.project_versions v on v.id = j.version_id
            where j.id = '30000000-0000-4000-8000-000000000001'), 2, 'the repair made the project''s next version');
select is(pg_temp.build_ends('30000000-0000-4000-8000-000000000001',
  '{"status": "failed", "errors": [{"file": "App.tsx", "line": 2, "column": 1, "code": "TS2304", "message": "worse"}]}') ->> 'status',
  'failed', 'its build fails too');
select is((select error from public.jobs where id = '30000000-0000-4000-8000-000000000001'),
  jsonb_build_object('code', 'build_failed', 'message', 'The generated app does not build.', 'details',
    jsonb_build_object('build_id', (select max(id) from public.builds where job_id = '30000000-0000-4000-8000-000000000001'),
      'errors', '[{"file": "App.tsx", "line": 2, "code": "TS2304", "column": 1, "message": "worse"}]'::jsonb)),
  'with no round left the job fails build_failed with the build''s errors');
select is((select status from public.jobs where id = '30000000-0000-4000-8000-000000000001'), 'failed', 'failed');
select is((select (status, tokens_in, tokens_out, credits)::text from public.usage_events
            where job_id = '30000000-0000-4000-8000-000000000001'),
  '(failed,200,100,10)', 'charged once, for both runs');

-- A cancel of a job waiting for its build ends both at once.
select ok(private.claim_job('30000000-0000-4000-8000-000000000002', '99999999-0000-4000-8000-000000000001') is not null,
  'a runner claims the second job');
select is(pg_temp.run('30000000-0000-4000-8000-000000000002', 'app', 1) ->> 'status', 'running', 'which waits for its build');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(api.cancel_job('30000000-0000-4000-8000-000000000002') ->> 'status', 'canceled', 'its owner cancels it');
reset role;
select is((select status from public.builds where job_id = '30000000-0000-4000-8000-000000000002'), 'canceled',
  'and its build with it');
select is((select data ->> 'status' from public.job_events where job_id = '30000000-0000-4000-8000-000000000002'
            and type = 'build' order by id desc limit 1), 'canceled', 'which its events say');
select is((select (status, credits)::text from public.usage_events where job_id = '30000000-0000-4000-8000-000000000002'),
  '(canceled,5)', 'charged what its run cost');

-- A succeeded build succeeds the job with its result.
select ok(private.claim_job('30000000-0000-4000-8000-000000000003', '99999999-0000-4000-8000-000000000001') is not null,
  'a runner claims the third job');
select is(pg_temp.run('30000000-0000-4000-8000-000000000003', 'app', 1) ->> 'status', 'running', 'which waits for its build');
select is(pg_temp.build_ends('30000000-0000-4000-8000-000000000003', '{"status": "succeeded", "errors": []}') ->> 'status',
  'succeeded', 'its build succeeds');
select is((select status || ':' || (result ->> 'project_id') from public.jobs where id = '30000000-0000-4000-8000-000000000003'),
  'succeeded:9203', 'the job succeeds with its result');
select is((select (status, credits)::text from public.usage_events where job_id = '30000000-0000-4000-8000-000000000003'),
  '(succeeded,5)', 'charged what its run cost');

-- Deleting the project while the job waits takes its build, and ends the job.
select ok(private.claim_job('30000000-0000-4000-8000-000000000004', '99999999-0000-4000-8000-000000000001') is not null,
  'a runner claims the fourth job');
select is(pg_temp.run('30000000-0000-4000-8000-000000000004', 'app', 1) ->> 'status', 'running', 'which waits for its build');
delete from public.projects where id = 9204;
select is((select status || ':' || (error ->> 'code') from public.jobs where id = '30000000-0000-4000-8000-000000000004'),
  'failed:project_deleted', 'deleting the project fails the job waiting for its build');

-- A repair round no runner takes, the job's last attempt: given up, charged the run it had.
select ok(private.claim_job('30000000-0000-4000-8000-000000000005', '99999999-0000-4000-8000-000000000001') is not null,
  'a runner claims the fifth job');
select is(pg_temp.run('30000000-0000-4000-8000-000000000005', 'app', 1) ->> 'status', 'running', 'which waits for its build');
select is(pg_temp.build_ends('30000000-0000-4000-8000-000000000005', '{"status": "failed", "errors": [{"message": "x"}]}') ->> 'status',
  'failed', 'its build fails');
update public.jobs set lease_expires_at = clock_timestamp() - interval '1 second', attempts = 3
 where id = '30000000-0000-4000-8000-000000000005';
select private.dispatch_jobs();
select is((select j.status || ':' || (j.error ->> 'code') || ':' || u.credits from public.jobs j
             join public.usage_events u on u.job_id = j.id where j.id = '30000000-0000-4000-8000-000000000005'),
  'failed:runner_lost:5', 'the dispatcher gives it up, charged its first run');

select * from finish();
rollback;
