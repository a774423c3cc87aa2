-- The per-job event log behind GET /jobs/{id}/events: every status change (and cancel request) of a job,
-- written by a trigger in the transaction that makes it, and the runner's progress. Events of one job
-- are appended under the job's row lock, so their ids grow in commit order and "id > Last-Event-ID" is
-- an exact resume position.

create table public.job_events (
  id bigint generated always as identity primary key,
  job_id uuid not null references public.jobs (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  type text not null constraint job_events_type check (type in ('status', 'progress')),
  data jsonb not null,
  created_at timestamptz not null default clock_timestamp()
);
comment on table public.job_events is 'What happened to a job, in order; written only by triggers and private functions.';
create index job_events_job on public.job_events (job_id, id);
create index job_events_user on public.job_events (user_id);
alter table public.job_events enable row level security;
create policy job_events_select_own on public.job_events for select to authenticated
  using (user_id = (select auth.uid()));
grant select on public.job_events to authenticated;
grant all on public.job_events to service_role;

-- A status event carries the job as the contract shows it.
create or replace function private.log_job_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.job_events (job_id, user_id, type, data)
  values (new.id, new.user_id, 'status', private.job_json(new));
  return null;
end
$$;
create trigger jobs_log_created after insert on public.jobs
  for each row execute function private.log_job_status();
create trigger jobs_log_status after update of status, cancel_requested_at on public.jobs
  for each row when (old.status is distinct from new.status or old.cancel_requested_at is distinct from new.cancel_requested_at)
  execute function private.log_job_status();

-- The runner's progress: {phase, files_written, tokens_so_far}, appended only while it holds the job
-- (false otherwise), under the job's row lock.
create or replace function private.record_job_progress(job_id uuid, runner uuid, progress jsonb)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  j public.jobs;
begin
  select * into j from public.jobs where id = job_id and status = 'running' and runner_id = runner for update;
  if not found then
    return false;
  end if;
  insert into public.job_events (job_id, user_id, type, data)
  values (j.id, j.user_id, 'progress', jsonb_build_object(
    'phase', progress ->> 'phase',
    'files_written', coalesce((progress ->> 'files_written')::int, 0),
    'tokens_so_far', coalesce((progress ->> 'tokens_so_far')::bigint, 0)));
  return true;
end
$$;
grant execute on function private.record_job_progress(uuid, uuid, jsonb) to service_role;

-- GET /jobs/{id}/events, one poll: the caller's job's status and up to `max_events` events after
-- `after_id`, read in one snapshot, so a terminal status with fewer events than asked means the log is
-- complete. Another user's job is as missing as an unknown one.
create or replace function api.job_events(job_id uuid, after_id bigint, max_events int)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  job_status text;
begin
  select j.status into job_status from public.jobs j where j.id = job_id;
  if not found then
    perform private.raise_api_error(404, 'job_not_found', 'No such job.');
  end if;
  return jsonb_build_object('status', job_status, 'events', coalesce((
    select jsonb_agg(jsonb_build_object('id', e.id, 'type', e.type, 'data', e.data) order by e.id)
      from (select * from public.job_events e
             where e.job_id = job_events.job_id and e.id > coalesce(after_id, 0)
             order by e.id
             limit max_events) e), '[]'::jsonb));
end
$$;
grant execute on function api.job_events(uuid, bigint, int) to authenticated;
