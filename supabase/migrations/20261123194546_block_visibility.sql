-- Blocks hide shared projects in both directions, but nobody may learn who blocked them. The projects
-- policy used to call private.blocked_user_ids(), which `authenticated` could call too and which listed
-- everyone who had blocked the caller. Its replacement answers for one project only, and only what
-- reading that project tells anyway: whether the caller may see it as someone else's shared project.

create or replace function private.shared_project_visible(project_id bigint)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.projects p
     where p.id = project_id and p.shared
       and not exists (select from public.blocks b
                        where (b.blocker_id = (select auth.uid()) and b.blocked_user_id = p.user_id)
                           or (b.blocker_id = p.user_id and b.blocked_user_id = (select auth.uid()))))
$$;
revoke all on function private.shared_project_visible(bigint) from public, anon;
-- Evaluated by the projects policy as the reading user.
grant execute on function private.shared_project_visible(bigint) to authenticated, service_role;

drop policy projects_select on public.projects;
create policy projects_select on public.projects for select to authenticated
  using (user_id = (select auth.uid()) or (shared and private.shared_project_visible(id)));

drop function private.blocked_user_ids();
