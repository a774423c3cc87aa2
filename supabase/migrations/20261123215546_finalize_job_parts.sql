-- private.finalize_job and private.cancel_running_job, unchanged in behaviour, built from named parts so a
-- later change redefines the one part it is about: taking the job from its runner, saving the run's file
-- set, charging the run, recording its usage. Finishing the job (which releases its hold, since only queued
-- and running jobs hold credits) and telling its owner stay in private.finish_job.

-- Locks the job a runner reports on and returns it: unknown → 404 job_not_found; terminal → 409
-- job_terminal; reaped by the dispatcher or taken by another runner → 409 job_lease_lost.
create or replace function private.lock_running_job(job_id uuid, runner uuid)
returns public.jobs
language plpgsql
security definer
set search_path = ''
as $$
declare
  j public.jobs;
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
  return j;
end
$$;

-- Makes the project's files the run's file set (files the run did not produce are deleted, unchanged ones
-- are not rewritten so their updated_at keeps saying when they last changed), takes the report's
-- description, and returns the job's result. Returns null, keeping nothing, when the files cannot be saved
-- (a bad path or type, a duplicate path, a storage limit).
create or replace function private.save_job_files(j public.jobs, outcome jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  file_set jsonb := coalesce(outcome -> 'files', '[]');
  new_description text := left(outcome -> 'report' ->> 'description', 1000);
begin
  delete from public.project_files f
   where f.project_id = j.project_id
     and f.path not in (select r.path from jsonb_to_recordset(file_set) as r(path text) where r.path is not null);
  insert into public.project_files as f (project_id, path, contents, type)
  select j.project_id, r.path, r.contents, coalesce(r.type, 'CODE')
    from jsonb_to_recordset(file_set) as r(path text, contents text, type text)
  on conflict (project_id, path) do update set contents = excluded.contents, type = excluded.type
    where (f.contents, f.type) is distinct from (excluded.contents, excluded.type);
  if new_description is not null then
    update public.projects p set description = new_description
     where p.id = j.project_id and p.description is distinct from new_description;
  end if;
  return jsonb_build_object('project_id', j.project_id, 'files_saved', jsonb_array_length(file_set))
    || coalesce(outcome -> 'report', '{}') - 'description' - 'project_id' - 'files_saved';
exception when check_violation or not_null_violation or cardinality_violation or sqlstate 'PT413' then
  return null;
end
$$;

-- Spends what the run cost (credits = cost in EUR cents rounded up) from the owner's wallet, once per job,
-- and returns the credits spent.
create or replace function private.charge_job_run(j public.jobs, outcome jsonb, cost numeric)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  credits bigint := ceil(cost * 100)::bigint;
begin
  if credits > 0 then
    perform private.spend_credits(j.user_id, credits, jsonb_build_object(
      'run_id', j.id, 'job_id', j.id, 'project_id', j.project_id, 'model', outcome ->> 'model',
      'provider', outcome ->> 'provider', 'tier', j.input ->> 'model',
      'cost_eur', trim_scale(cost)::text, 'credits', credits, 'display_cost', private.format_eur(credits)),
      'job:' || j.id);
  end if;
  return credits;
end
$$;

-- The run's usage event: its final status, model, tokens, cost and the credits charged.
create or replace function private.record_job_usage(j public.jobs, final_status text, outcome jsonb, cost numeric,
                                                    credits bigint)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.usage_events (user_id, job_id, project_id, status, model, provider, tier, tokens_in, tokens_out,
                                   cost_eur, credits)
  values (j.user_id, j.id, j.project_id, final_status, outcome ->> 'model', outcome ->> 'provider', j.input ->> 'model',
          coalesce((outcome -> 'usage' ->> 'tokens_in')::bigint, 0),
          coalesce((outcome -> 'usage' ->> 'tokens_out')::bigint, 0), cost, credits);
$$;

-- The runner's outcome, applied once in one transaction: the guard, the file set (a succeeded run whose
-- files cannot be saved fails with invalid_output, still charged), the spend, the usage event, and the job
-- finished. Returns the job as the contract shows it.
--   outcome: {status: 'succeeded'|'failed', files?: [{path, contents, type}], report?: {description?, …},
--             error?: {code, message}, usage?: {tokens_in, tokens_out}, model?, provider?, cost_eur?: decimal string}
create or replace function private.finalize_job(job_id uuid, runner uuid, outcome jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  final_status text := outcome ->> 'status';
  cost numeric := coalesce(nullif(outcome ->> 'cost_eur', '')::numeric, 0);
  j public.jobs := private.lock_running_job(job_id, runner);
  credits bigint;
  job_result jsonb;
  job_error jsonb;
begin
  if final_status not in ('succeeded', 'failed') or cost < 0 then
    perform private.raise_api_error(400, 'invalid_outcome', 'The outcome must be succeeded or failed with a cost >= 0.');
  end if;

  if final_status = 'succeeded' and j.project_id is null then
    final_status := 'failed';
    job_error := jsonb_build_object('code', 'project_deleted', 'message', 'The project was deleted during the run.');
  elsif final_status = 'succeeded' then
    job_result := private.save_job_files(j, outcome);
    if job_result is null then
      final_status := 'failed';
      job_error := jsonb_build_object('code', 'invalid_output', 'message', 'The generator produced files that cannot be saved.');
    end if;
  else
    job_error := jsonb_build_object(
      'code', coalesce(outcome -> 'error' ->> 'code', 'generation_failed'),
      'message', coalesce(outcome -> 'error' ->> 'message', 'The generation failed.'));
  end if;

  credits := private.charge_job_run(j, outcome, cost);
  perform private.record_job_usage(j, final_status, outcome, cost, credits);
  return private.job_json(private.finish_job(j, final_status, job_result, job_error));
end
$$;

-- The runner's finalize of a run stopped by a cancel: the guard, then the spend of what the provider billed
-- before the stop (none for the template generator or an aborted request), a usage event when anything was
-- billed, and the job canceled. No file of the run is kept.
--   outcome: {usage?: {tokens_in, tokens_out}, model?, provider?, cost_eur?: decimal string}
create or replace function private.cancel_running_job(job_id uuid, runner uuid, outcome jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  cost numeric := coalesce(nullif(outcome ->> 'cost_eur', '')::numeric, 0);
  tokens_in bigint := coalesce((outcome -> 'usage' ->> 'tokens_in')::bigint, 0);
  tokens_out bigint := coalesce((outcome -> 'usage' ->> 'tokens_out')::bigint, 0);
  j public.jobs := private.lock_running_job(job_id, runner);
  credits bigint;
begin
  if j.cancel_requested_at is null then
    perform private.raise_api_error(409, 'cancel_not_requested', 'Nobody asked to cancel this job.');
  end if;
  if cost < 0 then
    perform private.raise_api_error(400, 'invalid_outcome', 'The cost must be >= 0.');
  end if;
  credits := private.charge_job_run(j, outcome, cost);
  if credits > 0 or tokens_in > 0 or tokens_out > 0 then
    perform private.record_job_usage(j, 'canceled', outcome, cost, credits);
  end if;
  return private.job_json(private.finish_job(j, 'canceled', null,
    jsonb_build_object('code', 'canceled', 'message', 'The job was canceled while it ran.')));
end
$$;
