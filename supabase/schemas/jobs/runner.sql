-- The job runner's calls: claim, heartbeat, finalize (files, usage, charge) and cancel.

-- The runner's claim: queued → running with a lease, based on the project's newest version (the files the
-- runner reads). Only one claim wins; any other is a no-op (null). A job whose build failed with a repair
-- round left is claimed again (running, no runner): `repair` carries the rounds left and the build's errors,
-- and the job keeps its base.
CREATE FUNCTION private.claim_job(job_id uuid, runner uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  lease int := private.setting('job_lease_seconds', '60')::int;
  j public.jobs;
begin
  update public.jobs
     set status = 'running', runner_id = runner, attempts = attempts + 1,
         lease_expires_at = clock_timestamp() + make_interval(secs => lease),
         started_at = coalesce(started_at, clock_timestamp()),
         base_version_id = case when awaiting_build is null
                                then private.newest_version(jobs.project_id)
                                else base_version_id end
   where id = job_id
     and (status = 'queued' or (status = 'running' and runner_id is null and awaiting_build ? 'build_errors'))
  returning * into j;
  if not found then
    return null;
  end if;
  return jsonb_build_object('id', j.id, 'user_id', j.user_id, 'project_id', j.project_id, 'input', j.input,
    'lease_expires_at', j.lease_expires_at, 'lease_seconds', lease,
    'repair', case when j.awaiting_build ? 'build_errors'
                   then jsonb_build_object('rounds', j.awaiting_build -> 'repairs_left',
                                           'errors', j.awaiting_build -> 'build_errors') end);
end
$$;
GRANT EXECUTE ON FUNCTION private.claim_job(job_id uuid, runner uuid) TO service_role;

-- A version's files with their contents, as plain rows in path order (neither the runner nor Postgres builds
-- or parses one large JSON value); none for a null version. Functions rather than the runner's statements, so
-- a session plans the queries once.
CREATE FUNCTION private.version_file_rows(version_id uuid) RETURNS TABLE(path text, contents text, type text)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
#variable_conflict use_column
begin
  return query
    -- Each file's blob by key: never a hash of the blob table, whose cost grows with every version made.
    select f.path, b.contents, f.type from public.version_files f
      cross join lateral (select b.contents from public.file_blobs b
                           where b.user_id = f.user_id and b.sha256 = f.sha256 limit 1) b
     where f.version_id = version_file_rows.version_id
     order by f.path;
end
$$;
GRANT EXECUTE ON FUNCTION private.version_file_rows(version_id uuid) TO service_role;

-- The files a claimed job starts from: those of the version the claim based it on. While that version is
-- the project's newest, they are the project's current files, read from one range of project_files rather
-- than each file's version row and blob (the claim bases a job on the newest version, so that is the rule);
-- so are the files of a project without versions. A STABLE function reads both in the calling statement's
-- snapshot, so a version committed meanwhile cannot split the answer.
CREATE FUNCTION private.job_base_files(job_id uuid) RETURNS TABLE(path text, contents text, type text)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  j public.jobs;
begin
  select * into j from public.jobs where id = job_base_files.job_id;
  if j.base_version_id is not null and j.base_version_id is distinct from private.newest_version(j.project_id) then
    return query select * from private.version_file_rows(j.base_version_id);
  else
    return query select f.path, f.contents, f.type from public.project_files f
                  where f.project_id = j.project_id order by f.path;
  end if;
end
$$;
GRANT EXECUTE ON FUNCTION private.job_base_files(job_id uuid) TO service_role;

-- A repair round's files: those of the version whose build failed (none for any other job).
CREATE FUNCTION private.job_built_files(job_id uuid) RETURNS TABLE(path text, contents text, type text)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return query select * from private.version_file_rows(
    (select j.version_id from public.jobs j where j.id = job_built_files.job_id and j.awaiting_build is not null));
end
$$;
GRANT EXECUTE ON FUNCTION private.job_built_files(job_id uuid) TO service_role;

-- Moves a job to a terminal state and tells its owner: a notification, and a completion push when the
-- job carries a push token. `j` is the job as locked, with the version its finalize made (set in the same
-- update: one new row version of the job instead of two).
CREATE FUNCTION private.finish_job(j public.jobs, final_status text, job_result jsonb, job_error jsonb) RETURNS public.jobs
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  done public.jobs;
  app_name text := coalesce(j.input ->> 'appName', 'Your app');
  title text;
  body text;
begin
  update public.jobs
     set status = final_status, result = job_result, error = job_error, finished_at = clock_timestamp(),
         lease_expires_at = null, version_id = j.version_id
   where id = j.id
  returning * into done;
  perform private.add_notification(done.user_id, null, 'job_' || final_status,
    jsonb_build_object('job_id', done.id, 'project_id', done.project_id, 'app_name', app_name)
      || coalesce(jsonb_build_object('error_code', job_error ->> 'code'), '{}'));
  if done.input ? 'expo_push_token' then
    if final_status = 'succeeded' then
      title := app_name || ' is ready';
      body := 'Your app has been generated. Tap to open it.';
    else
      title := app_name || ' could not be generated';
      body := coalesce(job_error ->> 'message', 'The generation failed.');
    end if;
    perform private.enqueue_push(done.user_id, done.input ->> 'expo_push_token', title, body,
      jsonb_build_object('type', 'job_' || final_status, 'job_id', done.id, 'project_id', done.project_id,
                         'status', final_status));
  end if;
  return done;
end
$$;

-- The runner's outcome, applied once in one transaction: the guard, the project's next version from the
-- run's changes against its base version (a succeeded run whose files cannot be saved fails with
-- invalid_output, still charged; one whose changes conflict with a version made meanwhile fails with
-- version_conflict, uncharged), the spend, the usage event, and the job finished. A succeeded run that
-- names the repair rounds it has left (the model's) waits instead for its version's build, where versions are
-- built. What earlier runs of the job cost is added. Returns the job as the contract shows it.
--   outcome: {status: 'succeeded'|'failed', changes?: [{path, contents, type} | {path, deleted: true}],
--             repairs_left?: int,
--             report?: {description?, …},
--             error?: {code, message}, usage?: {tokens_in, tokens_out}, model?, provider?, cost_eur?: decimal string}
CREATE FUNCTION private.finalize_job(job_id uuid, runner uuid, outcome jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  final_status text := outcome ->> 'status';
  cost numeric := coalesce(nullif(outcome ->> 'cost_eur', '')::numeric, 0);
  j public.jobs := private.lock_running_job(job_id, runner);
  credits bigint;
  saved jsonb;
  job_result jsonb;
  job_error jsonb;
begin
  if final_status not in ('succeeded', 'failed') or cost < 0 then
    perform private.raise_api_error(400, 'invalid_outcome', 'The outcome must be succeeded or failed with a cost >= 0.');
  end if;
  outcome := private.with_earlier_spend(j, outcome);
  cost := coalesce(nullif(outcome ->> 'cost_eur', '')::numeric, 0);

  if final_status = 'succeeded' and j.project_id is null then
    final_status := 'failed';
    job_error := jsonb_build_object('code', 'project_deleted', 'message', 'The project was deleted during the run.');
  elsif final_status = 'succeeded' then
    saved := private.save_job_files(j, outcome);
    if saved is null then
      final_status := 'failed';
      job_error := jsonb_build_object('code', 'invalid_output', 'message', 'The generator produced files that cannot be saved.');
    elsif saved ? 'conflict' then
      final_status := 'failed';
      job_error := jsonb_build_object('code', 'version_conflict',
        'message', 'A version made while the job ran changed the same files differently; nothing was saved or charged.',
        'details', jsonb_build_object('paths', saved -> 'conflict'));
      cost := 0;
    else
      job_result := saved -> 'result';
      j.version_id := (saved ->> 'version_id')::uuid;
      if outcome ? 'repairs_left' and private.build_versions() then
        -- A run that can repair waits for its version's build, which decides the job (builds.sql).
        update public.jobs
           set awaiting_build = jsonb_build_object('result', job_result, 'repairs_left', (outcome ->> 'repairs_left')::int,
                 'usage', outcome -> 'usage', 'model', outcome ->> 'model', 'provider', outcome ->> 'provider',
                 'cost_eur', cost::text),
               runner_id = null, lease_expires_at = null, version_id = j.version_id
         where id = j.id
        returning * into j;
        return private.job_json(j);
      end if;
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
GRANT EXECUTE ON FUNCTION private.finalize_job(job_id uuid, runner uuid, outcome jsonb) TO service_role;

CREATE FUNCTION private.heartbeat_job(job_id uuid, runner uuid) RETURNS text
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with extended as (
    update public.jobs
       set lease_expires_at = clock_timestamp() + make_interval(secs => private.setting('job_lease_seconds', '60')::int)
     where id = job_id and status = 'running' and runner_id = runner
    returning cancel_requested_at
  )
  select coalesce((select case when e.cancel_requested_at is null then 'running' else 'cancel_requested' end
                     from extended e), 'lost');
$$;
GRANT EXECUTE ON FUNCTION private.heartbeat_job(job_id uuid, runner uuid) TO service_role;

-- The runner's finalize of a run stopped by a cancel: the guard, then the spend of what the provider billed
-- before the stop (none for the template generator or an aborted request), a usage event when anything was
-- billed, and the job canceled. No file of the run is kept.
--   outcome: {usage?: {tokens_in, tokens_out}, model?, provider?, cost_eur?: decimal string}
CREATE FUNCTION private.cancel_running_job(job_id uuid, runner uuid, outcome jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  j public.jobs := private.lock_running_job(job_id, runner);
  cost numeric;
  tokens_in bigint;
  tokens_out bigint;
  credits bigint;
begin
  outcome := private.with_earlier_spend(j, outcome);
  cost := coalesce(nullif(outcome ->> 'cost_eur', '')::numeric, 0);
  tokens_in := coalesce((outcome -> 'usage' ->> 'tokens_in')::bigint, 0);
  tokens_out := coalesce((outcome -> 'usage' ->> 'tokens_out')::bigint, 0);
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
GRANT EXECUTE ON FUNCTION private.cancel_running_job(job_id uuid, runner uuid, outcome jsonb) TO service_role;

-- Locks the job a runner reports on and returns it: unknown → 404 job_not_found; terminal → 409
-- job_terminal; reaped by the dispatcher or taken by another runner → 409 job_lease_lost.
CREATE FUNCTION private.lock_running_job(job_id uuid, runner uuid) RETURNS public.jobs
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

-- Makes the project's next version from the run's changes against the job's base version (merged with any
-- version made meanwhile), takes the report's description and a renamed spec's name, and returns
-- {result: the job's result, version_id: the version made} (the caller records it on the job), or
-- {conflict: [paths]}. Returns null, keeping nothing, when the files cannot be saved (a bad path or type, a
-- storage limit).
CREATE FUNCTION private.save_job_files(j public.jobs, outcome jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  changes jsonb := coalesce(outcome -> 'changes', '[]');
  new_description text := left(outcome -> 'report' ->> 'description', 1000);
  old_spec jsonb;
  new_name text;
  committed jsonb;
begin
  -- Either spec may be text that is not JSON (a user's edit); then nothing is renamed.
  select private.spec_of(f.contents) into old_spec
    from public.project_files f where f.project_id = j.project_id and f.path = 'app.spec.json';
  select btrim(private.spec_of(r.contents) ->> 'name') into new_name
    from jsonb_to_recordset(changes) as r(path text, contents text) where r.path = 'app.spec.json';
  if coalesce(jsonb_typeof(old_spec -> 'prompts'), '') <> 'array' or old_spec -> 'prompts' = '[]'
     or new_name is not distinct from old_spec ->> 'name'
     or coalesce(length(new_name) not between 1 and 100 or new_name !~ '\S', true) then
    new_name := null;
  end if;

  -- A repair round's changes are against the version whose build failed.
  committed := private.commit_version(j.project_id,
    case when j.awaiting_build is null then j.base_version_id else j.version_id end, changes,
    jsonb_build_object('job_id', j.id, 'prompt', j.input ->> 'prompt'));
  if committed ? 'conflict' then
    return committed;
  end if;
  if new_description is not null or new_name is not null then
    update public.projects p
       set description = coalesce(new_description, p.description), name = coalesce(new_name, p.name)
     where p.id = j.project_id
       and (p.description, p.name) is distinct from (coalesce(new_description, p.description), coalesce(new_name, p.name));
  end if;
  return jsonb_build_object('version_id', committed -> 'version' -> 'id', 'result',
    jsonb_build_object('project_id', j.project_id, 'files_saved', (committed -> 'version' ->> 'files')::int)
      || coalesce(outcome -> 'report', '{}') - 'description' - 'project_id' - 'files_saved');
exception when check_violation or not_null_violation or cardinality_violation or sqlstate 'PT413' then
  return null;
end
$$;

-- Spends what the run cost (credits = cost in EUR cents rounded up) from the owner's wallet, once per job,
-- and returns the credits spent.
CREATE FUNCTION private.charge_job_run(j public.jobs, outcome jsonb, cost numeric) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
CREATE FUNCTION private.record_job_usage(j public.jobs, final_status text, outcome jsonb, cost numeric, credits bigint) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.usage_events (user_id, job_id, project_id, status, model, provider, tier, tokens_in, tokens_out,
                                   cost_eur, credits)
  values (j.user_id, j.id, j.project_id, final_status, outcome ->> 'model', outcome ->> 'provider', j.input ->> 'model',
          coalesce((outcome -> 'usage' ->> 'tokens_in')::bigint, 0),
          coalesce((outcome -> 'usage' ->> 'tokens_out')::bigint, 0), cost, credits);
end
$$;

-- The outcome with what the job's earlier runs cost added (those before a repair round): a job is charged once,
-- for all its runs.
CREATE FUNCTION private.with_earlier_spend(j public.jobs, outcome jsonb) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  return case when j.awaiting_build is null then outcome else outcome || jsonb_build_object(
    'usage', jsonb_build_object(
      'tokens_in', coalesce((outcome -> 'usage' ->> 'tokens_in')::bigint, 0)
                   + coalesce((j.awaiting_build -> 'usage' ->> 'tokens_in')::bigint, 0),
      'tokens_out', coalesce((outcome -> 'usage' ->> 'tokens_out')::bigint, 0)
                    + coalesce((j.awaiting_build -> 'usage' ->> 'tokens_out')::bigint, 0)),
    'model', coalesce(outcome ->> 'model', j.awaiting_build ->> 'model'),
    'provider', coalesce(outcome ->> 'provider', j.awaiting_build ->> 'provider'),
    'cost_eur', (coalesce(nullif(outcome ->> 'cost_eur', '')::numeric, 0)
                 + coalesce((j.awaiting_build ->> 'cost_eur')::numeric, 0))::text) end;
end
$$;

-- Ends a job no runner finalizes (one waiting for its build or its repair round, or one whose runner stopped
-- answering): a job that already ran once is charged what its runs cost, with its usage event.
CREATE FUNCTION private.finish_spent_job(j public.jobs, final_status text, job_result jsonb, job_error jsonb) RETURNS public.jobs
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  spent jsonb := private.with_earlier_spend(j, '{}');
  cost numeric := coalesce((spent ->> 'cost_eur')::numeric, 0);
begin
  if j.awaiting_build is not null then
    perform private.record_job_usage(j, final_status, spent, cost, private.charge_job_run(j, spent, cost));
  end if;
  return private.finish_job(j, final_status, job_result, job_error);
end
$$;
