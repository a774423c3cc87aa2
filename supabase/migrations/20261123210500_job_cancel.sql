-- Canceling a job (POST /jobs/{id}/cancel): a queued job is canceled at once; a running one is marked
-- cancel-requested, and its runner, which learns it at its next heartbeat, stops the generation and
-- finalizes the job canceled, charged only what the provider billed before the stop.

alter table public.jobs add column cancel_requested_at timestamptz;

-- Runs stopped by a cancel are usage too when the provider billed tokens for them.
alter table public.usage_events drop constraint usage_events_status;
alter table public.usage_events add constraint usage_events_status
  check (status in ('succeeded', 'failed', 'canceled'));

-- The job as the contract shows it, now with `cancel_requested_at` once a cancel was asked for.
create or replace function private.job_json(j public.jobs)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'id', j.id, 'type', j.type, 'status', j.status, 'input', j.input,
    'created_at', j.created_at, 'updated_at', j.updated_at, 'result', j.result, 'error', j.error,
    'cancel_requested_at', j.cancel_requested_at
  )) || jsonb_build_object('project_id', j.project_id);
$$;

-- POST /jobs/{id}/cancel, as the caller: queued → canceled at once; running → cancel requested (the
-- runner finalizes it); canceled → the same job again; succeeded or failed → 409 job_terminal; another
-- user's job is as missing as an unknown one. Returns the job.
create or replace function api.cancel_job(job_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  j public.jobs;
begin
  select * into j from public.jobs where id = job_id and user_id = (select auth.uid()) for update;
  if not found then
    perform private.raise_api_error(404, 'job_not_found', 'No such job.');
  end if;
  if j.status in ('succeeded', 'failed') then
    perform private.raise_api_error(409, 'job_terminal', 'The job is already ' || j.status || '.',
      jsonb_build_object('job_id', j.id, 'status', j.status));
  end if;
  if j.status = 'queued' then
    j := private.finish_job(j, 'canceled', null,
      jsonb_build_object('code', 'canceled', 'message', 'The job was canceled before it started.'));
  elsif j.status = 'running' and j.cancel_requested_at is null then
    update public.jobs set cancel_requested_at = clock_timestamp() where id = j.id returning * into j;
  end if;
  return private.job_json(j);
end
$$;
grant execute on function api.cancel_job(uuid) to authenticated;

-- The runner's heartbeat: extends the lease and says whether to go on. 'running', 'cancel_requested'
-- (stop and finalize canceled) or 'lost' (the job was reaped or finished elsewhere).
drop function private.extend_job_lease(uuid, uuid);
create or replace function private.heartbeat_job(job_id uuid, runner uuid)
returns text
language sql
security definer
set search_path = ''
as $$
  with extended as (
    update public.jobs
       set lease_expires_at = clock_timestamp() + make_interval(secs => private.setting('job_lease_seconds', '60')::int)
     where id = job_id and status = 'running' and runner_id = runner
    returning cancel_requested_at
  )
  select coalesce((select case when e.cancel_requested_at is null then 'running' else 'cancel_requested' end
                     from extended e), 'lost');
$$;

-- The runner's finalize of a run stopped by a cancel: the guards of finalize_job, then the spend of what
-- the provider billed before the stop (none for the template generator or an aborted request), a usage
-- event when anything was billed, and the job canceled. No file of the run is kept.
--   outcome: {usage?: {tokens_in, tokens_out}, model?, provider?, cost_eur?: decimal string}
create or replace function private.cancel_running_job(job_id uuid, runner uuid, outcome jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  j public.jobs;
  cost numeric := coalesce(nullif(outcome ->> 'cost_eur', '')::numeric, 0);
  tokens_in bigint := coalesce((outcome -> 'usage' ->> 'tokens_in')::bigint, 0);
  tokens_out bigint := coalesce((outcome -> 'usage' ->> 'tokens_out')::bigint, 0);
  credits bigint;
begin
  select * into j from public.jobs where id = job_id for update;
  if not found then
    perform private.raise_api_error(404, 'job_not_found', 'No such job.');
  end if;
  if j.status in ('succeeded', 'failed', 'canceled') then
    perform private.raise_api_error(409, 'job_terminal', 'The job is already ' || j.status || '.',
      jsonb_build_object('job_id', j.id, 'status', j.status));
  end if;
  if j.status <> 'running' or j.runner_id is distinct from runner then
    perform private.raise_api_error(409, 'job_lease_lost', 'This runner no longer holds the job.',
      jsonb_build_object('job_id', j.id, 'status', j.status));
  end if;
  if j.cancel_requested_at is null then
    perform private.raise_api_error(409, 'cancel_not_requested', 'Nobody asked to cancel this job.');
  end if;
  if cost < 0 then
    perform private.raise_api_error(400, 'invalid_outcome', 'The cost must be >= 0.');
  end if;
  credits := ceil(cost * 100)::bigint;
  if credits > 0 then
    perform private.spend_credits(j.user_id, credits, jsonb_build_object(
      'run_id', j.id, 'job_id', j.id, 'project_id', j.project_id, 'model', outcome ->> 'model',
      'provider', outcome ->> 'provider', 'tier', j.input ->> 'model',
      'cost_eur', trim_scale(cost)::text, 'credits', credits, 'display_cost', private.format_eur(credits)),
      'job:' || j.id);
  end if;
  if credits > 0 or tokens_in > 0 or tokens_out > 0 then
    insert into public.usage_events (user_id, job_id, project_id, status, model, provider, tier, tokens_in,
                                     tokens_out, cost_eur, credits)
    values (j.user_id, j.id, j.project_id, 'canceled', outcome ->> 'model', outcome ->> 'provider',
            j.input ->> 'model', tokens_in, tokens_out, cost, credits);
  end if;
  return private.job_json(private.finish_job(j, 'canceled', null,
    jsonb_build_object('code', 'canceled', 'message', 'The job was canceled while it ran.')));
end
$$;

grant execute on function private.heartbeat_job(uuid, uuid), private.cancel_running_job(uuid, uuid, jsonb)
  to service_role;

-- The dispatcher, as before, except that a running job whose cancel was asked for and whose runner
-- stopped answering is canceled (at no charge) rather than requeued.
create or replace function private.dispatch_jobs()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  j public.jobs;
  touched int := 0;
  max_attempts int := private.setting('job_max_attempts', '3')::int;
  redispatch_after interval := make_interval(secs => private.setting('job_redispatch_seconds', '20')::int);
begin
  for j in
    select * from public.jobs
     where status = 'running' and lease_expires_at < clock_timestamp()
     order by lease_expires_at
     limit 200
       for update skip locked
  loop
    if j.cancel_requested_at is not null then
      perform private.finish_job(j, 'canceled', null,
        jsonb_build_object('code', 'canceled', 'message', 'The job was canceled while it ran.'));
    elsif j.attempts >= max_attempts then
      perform private.finish_job(j, 'failed', null,
        jsonb_build_object('code', 'runner_lost', 'message',
          format('The runner stopped responding %s times; the job was given up.', j.attempts)));
    else
      update public.jobs
         set status = 'queued', runner_id = null, lease_expires_at = null, dispatched_at = clock_timestamp()
       where id = j.id;
      perform private.dispatch_job(j.id);
    end if;
    touched := touched + 1;
  end loop;
  for j in
    select * from public.jobs
     where status = 'queued' and dispatched_at < clock_timestamp() - redispatch_after
     order by dispatched_at
     limit 200
       for update skip locked
  loop
    update public.jobs set dispatched_at = clock_timestamp() where id = j.id;
    perform private.dispatch_job(j.id);
    touched := touched + 1;
  end loop;
  return touched;
end
$$;
