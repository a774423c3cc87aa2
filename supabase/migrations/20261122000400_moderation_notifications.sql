-- Moderation (reports, blocks), reshares and in-app notifications. Blocking hides each user's shared
-- projects from the other; nobody writes notifications directly, private functions add them.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  -- Null for what the service itself reports (a finished job).
  sender_id uuid references public.profiles (id) on delete set null,
  type text not null constraint notifications_type_format check (type ~ '^[a-z][a-z_]{0,39}$'),
  payload jsonb not null default '{}'::jsonb
    constraint notifications_payload_object check (jsonb_typeof(payload) = 'object'),
  is_read boolean not null default false,
  created_at timestamptz not null default now()
);
create index notifications_recipient_page on public.notifications (recipient_id, created_at desc, id desc);
create index notifications_recipient_unread on public.notifications (recipient_id) where not is_read;
create index notifications_sender on public.notifications (sender_id);

alter table public.notifications enable row level security;
create policy notifications_select_own on public.notifications for select to authenticated
  using (recipient_id = (select auth.uid()));
create policy notifications_update_own on public.notifications for update to authenticated
  using (recipient_id = (select auth.uid())) with check (recipient_id = (select auth.uid()));
grant select on public.notifications to authenticated;
-- Recipients mark their own as read; nothing else about a notification is theirs to change.
grant update (is_read) on public.notifications to authenticated;
grant all on public.notifications to service_role;

-- The one way notifications are written: reshares (by trigger) and, later, finished jobs.
create or replace function private.add_notification(recipient_id uuid, sender_id uuid, type text, payload jsonb)
returns uuid
language sql
security definer
set search_path = ''
as $$
  insert into public.notifications (recipient_id, sender_id, type, payload)
  values (recipient_id, sender_id, type, payload)
  returning id
$$;
grant execute on function private.add_notification(uuid, uuid, text, jsonb) to service_role;

create table public.blocks (
  blocker_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  blocked_user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_user_id),
  constraint blocks_not_self check (blocker_id <> blocked_user_id)
);
create index blocks_blocked_user on public.blocks (blocked_user_id);

alter table public.blocks enable row level security;
-- Only the blocker sees a block: nobody learns who blocked them.
create policy blocks_select_own on public.blocks for select to authenticated
  using (blocker_id = (select auth.uid()));
create policy blocks_insert_own on public.blocks for insert to authenticated
  with check (blocker_id = (select auth.uid()));
create policy blocks_delete_own on public.blocks for delete to authenticated
  using (blocker_id = (select auth.uid()));
grant select, delete on public.blocks to authenticated;
grant insert (blocked_user_id) on public.blocks to authenticated;
grant all on public.blocks to service_role;

-- Everyone the caller blocked or who blocked the caller. Definer, because the caller may not read the
-- blocks against them; one array per statement, so the projects policy stays an index-friendly filter.
create or replace function private.blocked_user_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(other), '{}')
    from (select blocked_user_id as other from public.blocks where blocker_id = (select auth.uid())
          union
          select blocker_id from public.blocks where blocked_user_id = (select auth.uid())) b
$$;
grant execute on function private.blocked_user_ids() to authenticated;

-- Replaces the projects migration's policy: shared projects stay hidden between users who blocked each other.
drop policy projects_select on public.projects;
create policy projects_select on public.projects for select to authenticated
  using (user_id = (select auth.uid())
         or (shared and user_id <> all (coalesce((select private.blocked_user_ids()), '{}'))));

create table public.reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  reported_project_id bigint references public.projects (id) on delete cascade,
  reported_user_id uuid references public.profiles (id) on delete cascade,
  reason text constraint reports_reason_length check (reason is null or length(reason) <= 1000),
  created_at timestamptz not null default now(),
  constraint reports_target_required check (num_nonnulls(reported_project_id, reported_user_id) >= 1)
);
create index reports_reporter on public.reports (reporter_id);
create index reports_reported_project on public.reports (reported_project_id);
create index reports_reported_user on public.reports (reported_user_id);

alter table public.reports enable row level security;
create policy reports_select_own on public.reports for select to authenticated
  using (reporter_id = (select auth.uid()));
create policy reports_insert_own on public.reports for insert to authenticated
  with check (reporter_id = (select auth.uid()));
grant select on public.reports to authenticated;
grant insert (reported_project_id, reported_user_id, reason) on public.reports to authenticated;
grant all on public.reports to service_role;

create table public.reshares (
  id uuid primary key default gen_random_uuid(),
  project_id bigint not null references public.projects (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  platform text not null constraint reshares_platform_format check (platform ~ '^[a-z0-9_.-]{1,32}$'),
  share_metadata jsonb not null default '{}'::jsonb constraint reshares_share_metadata_object
    check (jsonb_typeof(share_metadata) = 'object' and octet_length(share_metadata::text) <= 4096),
  created_at timestamptz not null default now(),
  constraint reshares_once unique (project_id, user_id, platform)
);
create index reshares_user on public.reshares (user_id);

alter table public.reshares enable row level security;
-- Whoever may see a project may reshare it; sharers and the project's owner read the record.
create policy reshares_insert_visible on public.reshares for insert to authenticated
  with check (user_id = (select auth.uid())
              and exists (select 1 from public.projects p where p.id = reshares.project_id));
create policy reshares_select on public.reshares for select to authenticated
  using (user_id = (select auth.uid())
         or exists (select 1 from public.projects p
                     where p.id = reshares.project_id and p.user_id = (select auth.uid())));
grant select on public.reshares to authenticated;
grant insert (project_id, platform, share_metadata) on public.reshares to authenticated;
grant all on public.reshares to service_role;

-- The owner hears about a reshare by someone else, with the sharer as sender.
create or replace function private.notify_reshare()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_id uuid;
  project_name text;
begin
  select p.user_id, p.name into owner_id, project_name from public.projects p where p.id = new.project_id;
  if owner_id is distinct from new.user_id then
    perform private.add_notification(owner_id, new.user_id, 'reshare',
      jsonb_build_object('project_id', new.project_id, 'project_name', project_name, 'platform', new.platform,
        'reshare_id', new.id));
  end if;
  return null;
end
$$;
create trigger reshares_notify after insert on public.reshares
  for each row execute function private.notify_reshare();

-- POST /projects/{id}/reshares: once per project, user and platform; a repeat answers {deduped: true}.
create or replace function api.create_reshare(project_id bigint, platform text, share_metadata jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  result jsonb;
begin
  if not exists (select 1 from public.projects p where p.id = project_id) then
    perform private.project_not_found();
  end if;
  begin
    insert into public.reshares as r (project_id, platform, share_metadata)
    values (create_reshare.project_id, lower(create_reshare.platform),
            coalesce(create_reshare.share_metadata, '{}'::jsonb))
    on conflict on constraint reshares_once do nothing
    returning jsonb_build_object('id', r.id, 'project_id', r.project_id, 'user_id', r.user_id,
      'platform', r.platform, 'share_metadata', r.share_metadata, 'created_at', r.created_at) into result;
  exception when check_violation then
    perform private.raise_api_error(400, 'invalid_request',
      'platform is 1..32 of a-z, 0-9, "_", "." and "-"; share_metadata an object of at most 4096 bytes.');
  end;
  return coalesce(result, jsonb_build_object('deduped', true));
end
$$;

-- POST /reports: the reporter is the caller; each target must exist (a project: be visible to the caller).
create or replace function api.create_report(reported_project_id bigint, reported_user_id uuid, reason text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  result jsonb;
begin
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

create or replace function api.block_json(b public.blocks)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('blocker_id', b.blocker_id, 'blocked_user_id', b.blocked_user_id,
    'created_at', b.created_at)
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

-- GET /blocks: the caller's blocks, newest first, each with the blocked user's public profile.
create or replace function api.list_blocks()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('data', coalesce(jsonb_agg(
           api.block_json(b) || jsonb_build_object('blocked_user', api.public_profile_json(u))
           order by b.created_at desc, b.blocked_user_id), '[]'::jsonb))
    from public.blocks b
    join public.profiles u on u.id = b.blocked_user_id
   where b.blocker_id = (select auth.uid())
$$;

-- DELETE /blocks/{userId}: idempotent; removing a block that does not exist is not an error.
create or replace function api.delete_block(blocked_user_id uuid)
returns void
language sql
set search_path = ''
as $$
  delete from public.blocks b
   where b.blocker_id = (select auth.uid()) and b.blocked_user_id = delete_block.blocked_user_id
$$;

grant execute on function
  api.create_reshare(bigint, text, jsonb),
  api.create_report(bigint, uuid, text),
  api.block_json(public.blocks),
  api.create_block(uuid),
  api.list_blocks(),
  api.delete_block(uuid)
  to authenticated;
