-- Bounds on the rows a user can make, kept by the tables themselves for every writer (the API, the runner,
-- direct SQL as `authenticated`):
--   * an owner holds at most a configured number of projects (setting `max_projects_per_user`, default 500),
--     and the same per-owner cap is used by the tables of later migrations;
--   * a project keeps its 10 newest preview errors: inserting more prunes the oldest in the same statement.

-- Refuses (413 `code`) a statement that takes an owner past their cap of rows in the trigger's table. The
-- trigger's arguments: the owner column, the setting that holds the cap, its default, the error code, the
-- rows' name for the message, and optionally a condition on the rows that count (e.g. only open ones).
-- The owner's wallet row is the per-user lock every money path and the storage quota already take first,
-- so taking it here keeps one lock order; the count is read after the lock, so it includes every
-- concurrent writer that committed before. Shrinking never fails, so a lowered cap still lets users delete.
create or replace function private.limit_rows_per_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_column text := tg_argv[0];
  cap int := private.setting(tg_argv[1], tg_argv[2])::int;
  counted text := coalesce(tg_argv[5], 'true');
  owner uuid;
  held int;
begin
  for owner in execute format('select distinct %I from added order by 1', owner_column) loop
    perform from public.wallets w where w.user_id = owner for update;
    -- At most cap + 1 rows are read: enough to tell, whatever the owner holds.
    execute format('select count(*) from (select from %I.%I where %I = $1 and (%s) limit $2) x',
                   tg_table_schema, tg_table_name, owner_column, counted)
      into held using owner, cap + 1;
    if held > cap then
      perform private.raise_api_error(413, tg_argv[3], format('An account holds at most %s %s.', cap, tg_argv[4]),
        jsonb_build_object('limit', cap));
    end if;
  end loop;
  return null;
end
$$;
revoke all on function private.limit_rows_per_owner() from public, anon, authenticated;

create trigger projects_limit after insert on public.projects
  referencing new table as added
  for each statement execute function private.limit_rows_per_owner('user_id', 'max_projects_per_user', '500',
    'too_many_projects', 'projects');

-- Keeps each project's 10 newest preview errors (the most GET /projects/{id}/preview-errors shows). One
-- project's inserts take turns on an advisory lock, and the delete runs after it with a fresh snapshot, so
-- concurrent writers cannot leave more than 10 behind.
create or replace function private.prune_preview_errors()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project bigint;
begin
  for project in select distinct project_id from added order by 1 loop
    perform pg_advisory_xact_lock(hashtextextended('preview_errors:' || project, 0));
    delete from public.preview_errors e
     where e.project_id = project
       and e.id not in (select k.id from public.preview_errors k where k.project_id = project
                         order by k.created_at desc, k.id desc limit 10);
  end loop;
  return null;
end
$$;
revoke all on function private.prune_preview_errors() from public, anon, authenticated;

create trigger preview_errors_keep_newest after insert on public.preview_errors
  referencing new table as added
  for each statement execute function private.prune_preview_errors();

-- What was stored before: the newest 10 of each project stay.
delete from public.preview_errors e
 where e.id not in (select k.id
                      from (select x.id, row_number() over (partition by x.project_id
                                                              order by x.created_at desc, x.id desc) as n
                              from public.preview_errors x) k
                     where k.n <= 10);
