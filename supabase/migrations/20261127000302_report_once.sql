-- A report is open until moderation resolves it (resolved_at, set by the service). One reporter has at most
-- one open report per target: a unique partial index decides it, so two identical reports sent at once
-- still make one row, and POST /reports answers a repeat with the open report it already made. A reporter
-- holds at most `max_open_reports_per_user` (default 200) open reports.

alter table public.reports add column resolved_at timestamptz;
comment on column public.reports.resolved_at is 'When moderation closed the report; null while it is open.';

-- Repeats stored before: the oldest of each reporter's identical open reports stays.
delete from public.reports r
 using public.reports k
 where k.reporter_id = r.reporter_id
   and k.reported_project_id is not distinct from r.reported_project_id
   and k.reported_user_id is not distinct from r.reported_user_id
   and (k.created_at, k.id) < (r.created_at, r.id);

create unique index reports_open_once on public.reports (reporter_id, reported_project_id, reported_user_id)
  nulls not distinct where resolved_at is null;

create trigger reports_limit after insert on public.reports
  referencing new table as added
  for each statement execute function private.limit_rows_per_owner('reporter_id', 'max_open_reports_per_user',
    '200', 'too_many_reports', 'open reports', 'resolved_at is null');

create or replace function api.report_json(r public.reports)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('id', r.id, 'reporter_id', r.reporter_id,
    'reported_project_id', r.reported_project_id, 'reported_user_id', r.reported_user_id,
    'reason', r.reason, 'created_at', r.created_at)
$$;

-- POST /reports: the reporter is the caller; each target must exist (a project: be visible to the caller).
-- The caller's open report on the same targets, when there is one, is the answer instead of a new row (its
-- own reason kept).
create or replace function api.create_report(reported_project_id bigint, reported_user_id uuid, reason text)
returns jsonb
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  r public.reports;
begin
  perform private.require_profile();
  if reported_project_id is not null
     and not exists (select 1 from public.projects p where p.id = reported_project_id) then
    perform private.project_not_found();
  end if;
  if reported_user_id is not null
     and not exists (select 1 from public.profiles u where u.id = reported_user_id) then
    perform private.raise_api_error(404, 'user_not_found', 'No such user.');
  end if;
  begin
    insert into public.reports as x (reported_project_id, reported_user_id, reason)
    values (create_report.reported_project_id, create_report.reported_user_id, create_report.reason)
    on conflict (reporter_id, reported_project_id, reported_user_id) where resolved_at is null do nothing
    returning * into r;
  exception when check_violation then
    perform private.raise_api_error(400, 'report_target_required',
      'Name a reported_project_id, a reported_user_id or both; reason is at most 1000 characters.');
  end;
  if r.id is null then
    select * into r from public.reports x
     where x.reporter_id = (select auth.uid()) and x.resolved_at is null
       and x.reported_project_id is not distinct from create_report.reported_project_id
       and x.reported_user_id is not distinct from create_report.reported_user_id;
  end if;
  return api.report_json(r);
end
$$;

grant execute on function api.report_json(public.reports) to authenticated;
