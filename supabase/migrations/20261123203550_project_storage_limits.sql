-- Storage limits of project files, enforced on the table for every writer (the API, the runner's
-- finalize, direct SQL as `authenticated`): at most 500 files and 20 MiB of contents per project, and a
-- per-user quota over all the projects a user owns (setting `storage_quota_bytes`, default 100 MiB).
-- Statement-level triggers fold each statement's transition tables into per-project running totals, so a
-- check costs one row per project touched, not a scan of the files.

create table private.project_storage (
  project_id bigint primary key references public.projects (id) on delete cascade,
  user_id uuid not null,
  files int not null default 0,
  bytes bigint not null default 0
);
create index project_storage_user on private.project_storage (user_id);
alter table private.project_storage enable row level security;
comment on table private.project_storage is
  'Files and bytes of contents per project, kept by the project_files triggers; read for the storage limits.';

insert into private.project_storage (project_id, user_id, files, bytes)
select p.id, p.user_id, count(*), sum(octet_length(f.contents))
  from public.project_files f join public.projects p on p.id = f.project_id
 group by p.id;

-- Applies per-project changes `[{project_id, files, bytes}]` to the totals, then refuses (413) a statement
-- that grew a project past its limits or its owner past the quota. Shrinking always passes, so a user over
-- a lowered quota can still delete.
create or replace function private.change_project_storage(changes jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  max_project_files constant int := 500;
  max_project_bytes constant bigint := 20 * 1024 * 1024;
  quota bigint := private.setting('storage_quota_bytes', (100 * 1024 * 1024)::text)::bigint;
  over record;
  owner uuid;
  used bigint;
begin
  insert into private.project_storage as s (project_id, user_id, files, bytes)
  select c.project_id, p.user_id, c.files, c.bytes
    from jsonb_to_recordset(changes) as c(project_id bigint, files int, bytes bigint)
    join public.projects p on p.id = c.project_id
  on conflict (project_id) do update set files = s.files + excluded.files, bytes = s.bytes + excluded.bytes;

  select s.project_id, s.files, s.bytes, c.files as added_files, c.bytes as added_bytes into over
    from jsonb_to_recordset(changes) as c(project_id bigint, files int, bytes bigint)
    join private.project_storage s on s.project_id = c.project_id
   where (c.files > 0 and s.files > max_project_files) or (c.bytes > 0 and s.bytes > max_project_bytes)
   order by s.project_id
   limit 1;
  if found and over.added_files > 0 and over.files > max_project_files then
    perform private.raise_api_error(413, 'too_many_project_files',
      format('A project holds at most %s files.', max_project_files),
      jsonb_build_object('project_id', over.project_id, 'max_files', max_project_files));
  elsif found then
    perform private.raise_api_error(413, 'project_too_large',
      format('A project holds at most %s bytes of file contents.', max_project_bytes),
      jsonb_build_object('project_id', over.project_id, 'max_bytes', max_project_bytes));
  end if;

  -- The quota spans projects, which no single project's row covers: the owner's wallet row is the per-user
  -- lock every money path already takes first (job creation, finalize), so taking it here keeps one lock
  -- order and cannot deadlock with them. Owners are locked in a fixed order and the sum is read after the
  -- lock, so it includes every concurrent writer that committed before.
  for owner in
    select distinct s.user_id
      from jsonb_to_recordset(changes) as c(project_id bigint, files int, bytes bigint)
      join private.project_storage s on s.project_id = c.project_id
     where c.bytes > 0
     order by s.user_id
  loop
    perform from public.wallets w where w.user_id = owner for update;
    select sum(s.bytes) into used from private.project_storage s where s.user_id = owner;
    if used > quota then
      perform private.raise_api_error(413, 'storage_quota_exceeded',
        format('An account''s projects hold at most %s bytes of file contents in all.', quota),
        jsonb_build_object('quota_bytes', quota, 'used_bytes', used));
    end if;
  end loop;
end
$$;

create or replace function private.project_files_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.change_project_storage((
    select jsonb_agg(jsonb_build_object('project_id', n.project_id, 'files', n.files, 'bytes', n.bytes))
      from (select project_id, count(*) as files, sum(octet_length(contents)) as bytes
              from new_rows group by project_id) n));
  return null;
end
$$;

create or replace function private.project_files_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.change_project_storage((
    select jsonb_agg(jsonb_build_object('project_id', d.project_id, 'files', d.files, 'bytes', d.bytes))
      from (select x.project_id, sum(x.files) as files, sum(x.bytes) as bytes
              from (select project_id, 1 as files, octet_length(contents)::bigint as bytes from new_rows
                    union all
                    select project_id, -1, -octet_length(contents)::bigint from old_rows) x
             group by x.project_id) d));
  return null;
end
$$;

create or replace function private.project_files_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.change_project_storage((
    select jsonb_agg(jsonb_build_object('project_id', o.project_id, 'files', -o.files, 'bytes', -o.bytes))
      from (select project_id, count(*) as files, sum(octet_length(contents)) as bytes
              from old_rows group by project_id) o));
  return null;
end
$$;

create trigger project_files_storage_insert after insert on public.project_files
  referencing new table as new_rows
  for each statement execute function private.project_files_inserted();
create trigger project_files_storage_update after update on public.project_files
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.project_files_updated();
create trigger project_files_storage_delete after delete on public.project_files
  referencing old table as old_rows
  for each statement execute function private.project_files_deleted();

-- GET /projects/{id}/files: the same answer as before, built as json text and handed to the client as it
-- is, so the function neither parses nor re-serializes what may be 20 MiB of contents.
drop function api.list_project_files(bigint, text);
create function api.list_project_files(project_id bigint, file_type text)
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (select 1 from public.projects p where p.id = project_id) then
    perform private.project_not_found();
  end if;
  return json_build_object('data', coalesce((
    select json_agg(json_build_object('path', f.path, 'contents', f.contents, 'type', f.type,
             'updated_at', f.updated_at) order by f.path)
      from public.project_files f
     where f.project_id = list_project_files.project_id and (file_type is null or f.type = file_type)), '[]'))::text;
end
$$;
grant execute on function api.list_project_files(bigint, text) to authenticated;

-- A run whose files would break a storage limit fails with invalid_output like any unsavable output.
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
    exception when check_violation or not_null_violation or cardinality_violation or sqlstate 'PT413' then
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
