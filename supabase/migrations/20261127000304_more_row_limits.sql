-- More per-user bounds, kept by the tables for every writer (see private.limit_rows_per_owner):
--   * a user blocks at most `max_blocks_per_user` (default 1000) users (413 `too_many_blocks`);
--   * a user saves at most `max_repohost_installations_per_user` (default 100) repository-host installations
--     (413 `too_many_installations`);
--   * the prompt-evaluation quota keeps only the evaluations still inside its window, so a user's rows stay
--     at most the quota itself instead of one more per evaluation forever.

create trigger blocks_limit after insert on public.blocks
  referencing new table as added
  for each statement execute function private.limit_rows_per_owner('blocker_id', 'max_blocks_per_user', '1000',
    'too_many_blocks', 'blocks');

create trigger repohost_installations_limit after insert on public.repohost_installations
  referencing new table as added
  for each statement execute function private.limit_rows_per_owner('user_id',
    'max_repohost_installations_per_user', '100', 'too_many_installations', 'repository-host installations');

-- Evaluations that left the quota's rolling window count for nothing: each insert drops its user's.
create or replace function private.prune_prompt_evaluations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.prompt_evaluations e
   using (select distinct user_id from added) a
   where e.user_id = a.user_id
     and e.created_at <= clock_timestamp()
                         - make_interval(secs => private.setting('quota_window_seconds', '3600')::int);
  return null;
end
$$;
revoke all on function private.prune_prompt_evaluations() from public, anon, authenticated;

create trigger prompt_evaluations_prune after insert on public.prompt_evaluations
  referencing new table as added
  for each statement execute function private.prune_prompt_evaluations();

delete from public.prompt_evaluations e
 where e.created_at <= clock_timestamp() - make_interval(secs => private.setting('quota_window_seconds', '3600')::int);
