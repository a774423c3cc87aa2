-- A succeeded job's files are the project's complete file set: files the generator no longer produces are
-- removed (the result's files_saved is what the project then lists), the generator's report (kind, name,
-- UI language and any language fallback) is added to the job's result, and its one-sentence description
-- becomes the project's description.
create or replace function private.finalize_job(job_id uuid, runner uuid, outcome jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  j public.jobs;
  final_status text := outcome ->> 'status';
  cost numeric := coalesce(nullif(outcome ->> 'cost_eur', '')::numeric, 0);
  credits bigint;
  files_saved int := 0;
  job_result jsonb;
  job_error jsonb;
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
  if final_status not in ('succeeded', 'failed') or cost < 0 then
    perform private.raise_api_error(400, 'invalid_outcome', 'The outcome must be succeeded or failed with a cost >= 0.');
  end if;

  if final_status = 'succeeded' and j.project_id is null then
    final_status := 'failed';
    job_error := jsonb_build_object('code', 'project_deleted', 'message', 'The project was deleted during the run.');
  elsif final_status = 'succeeded' then
    begin
      delete from public.project_files f
       where f.project_id = j.project_id
         and f.path not in (select r.path from jsonb_to_recordset(coalesce(outcome -> 'files', '[]')) as r(path text)
                             where r.path is not null);
      -- Unchanged files are not rewritten, so their updated_at keeps saying when they last changed.
      insert into public.project_files as f (project_id, path, contents, type)
      select j.project_id, r.path, r.contents, coalesce(r.type, 'CODE')
        from jsonb_to_recordset(coalesce(outcome -> 'files', '[]')) as r(path text, contents text, type text)
      on conflict (project_id, path) do update set contents = excluded.contents, type = excluded.type
        where (f.contents, f.type) is distinct from (excluded.contents, excluded.type);
      files_saved := jsonb_array_length(coalesce(outcome -> 'files', '[]'));
      job_result := jsonb_build_object('project_id', j.project_id, 'files_saved', files_saved)
        || coalesce(outcome -> 'report', '{}') - 'description' - 'project_id' - 'files_saved';
      if outcome -> 'report' ->> 'description' is not null then
        update public.projects p set description = left(outcome -> 'report' ->> 'description', 1000)
         where p.id = j.project_id and p.description is distinct from left(outcome -> 'report' ->> 'description', 1000);
      end if;
    exception when check_violation or not_null_violation or cardinality_violation then
      -- Nothing of the output is kept: the run fails, and is still charged what it cost.
      final_status := 'failed';
      job_error := jsonb_build_object('code', 'invalid_output', 'message', 'The generator produced files that cannot be saved.');
    end;
  else
    job_error := jsonb_build_object(
      'code', coalesce(outcome -> 'error' ->> 'code', 'generation_failed'),
      'message', coalesce(outcome -> 'error' ->> 'message', 'The generation failed.'));
  end if;

  credits := ceil(cost * 100)::bigint;
  if credits > 0 then
    perform private.spend_credits(j.user_id, credits, jsonb_build_object(
      'run_id', j.id, 'job_id', j.id, 'project_id', j.project_id, 'model', outcome ->> 'model',
      'provider', outcome ->> 'provider', 'tier', j.input ->> 'model',
      'cost_eur', trim_scale(cost)::text, 'credits', credits, 'display_cost', private.format_eur(credits)),
      'job:' || j.id);
  end if;
  insert into public.usage_events (user_id, job_id, project_id, status, model, provider, tier, tokens_in, tokens_out,
                                   cost_eur, credits)
  values (j.user_id, j.id, j.project_id, final_status, outcome ->> 'model', outcome ->> 'provider', j.input ->> 'model',
          coalesce((outcome -> 'usage' ->> 'tokens_in')::bigint, 0), coalesce((outcome -> 'usage' ->> 'tokens_out')::bigint, 0),
          cost, credits);
  return private.job_json(private.finish_job(j, final_status, job_result, job_error));
end
$$;
