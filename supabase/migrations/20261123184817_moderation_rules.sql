-- Reports, reshares and blocks keep their rules for every writer, not only for the API functions:
--   * a report names a project the reporter can see (an invisible project and a missing one fail alike);
--   * a reshare's platform is one of a documented list, and the owner hears once per project and sharer;
--   * an account deleted while its token is still valid gets 404 `profile_not_found`, not a foreign-key error.

create type public.reshare_platform as enum (
  'instagram', 'tiktok', 'x', 'facebook', 'threads', 'whatsapp', 'telegram', 'messenger', 'linkedin',
  'reddit', 'snapchat', 'discord', 'youtube', 'pinterest', 'email', 'sms', 'link', 'other'
);
comment on type public.reshare_platform is 'Where a project was reshared; anything else is `other`.';

-- Free-text platforms recorded so far become `other`, one per project and sharer.
delete from public.reshares r
 using public.reshares k
 where r.project_id = k.project_id and r.user_id = k.user_id and r.id <> k.id
   and r.platform::text not in (select unnest(enum_range(null::public.reshare_platform))::text)
   and (k.platform = 'other'
        or (k.platform::text not in (select unnest(enum_range(null::public.reshare_platform))::text)
            and (k.created_at, k.id) < (r.created_at, r.id)));
update public.reshares set platform = 'other'
 where platform not in (select unnest(enum_range(null::public.reshare_platform))::text);
alter table public.reshares drop constraint reshares_platform_format;
alter table public.reshares alter column platform type public.reshare_platform
  using platform::public.reshare_platform;

-- The owner hears about someone else's first reshare of a project, whatever the platforms after it. Per
-- statement, so several platforms inserted at once count as one; the advisory lock orders concurrent first
-- reshares of one sharer, so the later transaction sees the earlier one's rows.
create or replace function private.notify_reshare()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  a record;
begin
  for a in
    select distinct on (n.project_id, n.user_id) n.id, n.project_id, n.user_id, n.platform,
           p.user_id as owner_id, p.name as project_name
      from added n
      join public.projects p on p.id = n.project_id
     where p.user_id <> n.user_id
     order by n.project_id, n.user_id, n.created_at, n.id
  loop
    perform pg_advisory_xact_lock(hashtextextended('reshare:' || a.project_id || ':' || a.user_id, 0));
    continue when exists (select 1 from public.reshares r
                           where r.project_id = a.project_id and r.user_id = a.user_id
                             and r.id not in (select x.id from added x));
    perform private.add_notification(a.owner_id, a.user_id, 'reshare',
      jsonb_build_object('project_id', a.project_id, 'project_name', a.project_name, 'platform', a.platform,
        'reshare_id', a.id));
  end loop;
  return null;
end
$$;
drop trigger reshares_notify on public.reshares;
create trigger reshares_notify after insert on public.reshares
  referencing new table as added
  for each statement execute function private.notify_reshare();

-- The caller's profile, or 404: its rows reference it, and a token outlives a deleted account by up to an hour.
create or replace function private.require_profile()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (select 1 from public.profiles u where u.id = (select auth.uid())) then
    perform private.raise_api_error(404, 'profile_not_found', 'No profile exists for this account.');
  end if;
end
$$;
grant execute on function private.require_profile() to authenticated;

-- POST /projects/{id}/reshares: once per project, user and platform; a repeat answers {deduped: true}.
create or replace function api.create_reshare(project_id bigint, platform text, share_metadata jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.require_profile();
  if not exists (select 1 from public.projects p where p.id = project_id) then
    perform private.project_not_found();
  end if;
  begin
    insert into public.reshares as r (project_id, platform, share_metadata)
    values (create_reshare.project_id, lower(create_reshare.platform)::public.reshare_platform,
            coalesce(create_reshare.share_metadata, '{}'::jsonb))
    on conflict on constraint reshares_once do nothing
    returning jsonb_build_object('id', r.id, 'project_id', r.project_id, 'user_id', r.user_id,
      'platform', r.platform, 'share_metadata', r.share_metadata, 'created_at', r.created_at) into result;
  exception when check_violation or invalid_text_representation then
    perform private.raise_api_error(400, 'invalid_request',
      'platform is one of ' || array_to_string(enum_range(null::public.reshare_platform), ', ') ||
      '; share_metadata an object of at most 4096 bytes.');
  end;
  return coalesce(result, jsonb_build_object('deduped', true));
end
$$;

-- Whoever writes reports directly: the reporter is the caller and a project target is one the caller sees.
drop policy reports_insert_own on public.reports;
create policy reports_insert_own on public.reports for insert to authenticated
  with check (reporter_id = (select auth.uid())
              and (reported_project_id is null
                   or exists (select 1 from public.projects p where p.id = reports.reported_project_id)));

-- POST /reports: the reporter is the caller; each target must exist (a project: be visible to the caller).
create or replace function api.create_report(reported_project_id bigint, reported_user_id uuid, reason text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  result jsonb;
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
    insert into public.reports as r (reported_project_id, reported_user_id, reason)
    values (create_report.reported_project_id, create_report.reported_user_id, create_report.reason)
    returning jsonb_build_object('id', r.id, 'reporter_id', r.reporter_id,
      'reported_project_id', r.reported_project_id, 'reported_user_id', r.reported_user_id,
      'reason', r.reason, 'created_at', r.created_at) into result;
  exception when check_violation then
    perform private.raise_api_error(400, 'report_target_required',
      'Name a reported_project_id, a reported_user_id or both; reason is at most 1000 characters.');
  end;
  return result;
end
$$;

-- POST /blocks: the blocker is the caller; a repeat answers {deduped: true}.
create or replace function api.create_block(blocked_user_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  b public.blocks;
begin
  perform private.require_profile();
  if blocked_user_id = (select auth.uid()) then
    perform private.raise_api_error(400, 'cannot_block_self', 'You cannot block yourself.');
  end if;
  if not exists (select 1 from public.profiles u where u.id = blocked_user_id) then
    perform private.raise_api_error(404, 'user_not_found', 'No such user.');
  end if;
  insert into public.blocks as x (blocked_user_id) values (create_block.blocked_user_id)
  on conflict on constraint blocks_pkey do nothing
  returning * into b;
  if b.blocker_id is null then
    return jsonb_build_object('deduped', true);
  end if;
  return api.block_json(b);
end
$$;
