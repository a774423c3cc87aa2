-- POST /jobs in one transaction when the prompt evaluator is local (it judges in process and calls no one,
-- so judging before admission costs nothing): admission and creation, which were two calls and two
-- commits around the evaluation, become one call that runs both under the same wallet lock, with the same
-- rules in the same order. A remote evaluator keeps the two calls, so no row stays locked while it answers.

-- request: what api.create_job takes without `admission`, with the verdict whether ok or not.
-- Returns admit_job's {existing} | {in_flight, expires_at}; or {admission, quota} with `refused` (the
-- verdict's reason: the evaluation counts, nothing is held) or with `error` (creation refused:
-- {sqlstate, message, detail}, the evaluation still counts and the hold is freed, as when the two calls
-- fail apart) or with create_job's {job, created, project_created}.
create or replace function api.submit_job(request jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  admitted jsonb := api.admit_job((request ->> 'idempotency_key')::uuid, (request ->> 'project_id')::bigint,
                                  request -> 'input' ->> 'model');
  admission uuid := (admitted ->> 'admission')::uuid;
  state text;
  message text;
  detail text;
begin
  if admission is null then
    return admitted;
  end if;
  if not coalesce((request -> 'verdict' ->> 'ok')::boolean, false) then
    delete from public.job_admissions a where a.id = admission;
    return admitted || jsonb_build_object('refused', coalesce(request -> 'verdict' ->> 'reason', ''));
  end if;
  begin
    return admitted || api.create_job(request || jsonb_build_object('admission', admission));
  exception when others then
    get stacked diagnostics state = returned_sqlstate, message = message_text, detail = pg_exception_detail;
    delete from public.job_admissions a where a.id = admission;
    return admitted || jsonb_build_object('error',
      jsonb_build_object('sqlstate', state, 'message', message, 'detail', detail));
  end;
end
$$;
revoke execute on function api.submit_job(jsonb) from public, anon, authenticated;
grant execute on function api.submit_job(jsonb) to service_role;
