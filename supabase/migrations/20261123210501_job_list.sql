-- GET /jobs: the caller's jobs newest first, paged by an exact timestamp cursor like notifications and
-- the ledger, filtered by status and project, each shape served by an index in page order.

-- created_at becomes unique per user; rows written before may tie and are spread apart first.
update public.jobs j
   set created_at = j.created_at + (d.rank - 1) * interval '1 microsecond'
  from (select x.id, row_number() over (partition by x.user_id, x.created_at order by x.id) as rank
          from public.jobs x) d
 where d.id = j.id and d.rank > 1;

create trigger jobs_unique_created_at before insert on public.jobs
  for each row execute function private.unique_created_at('user_id');
-- The unfiltered walk, and what the trigger promises.
create unique index jobs_user_created_at on public.jobs (user_id, created_at);
drop index public.jobs_user;
-- The walk filtered by status, and by project (a project's jobs are all its owner's; also serves the
-- foreign key's `on delete set null`).
create index jobs_user_status_created_at on public.jobs (user_id, status, created_at);
create index jobs_project_created_at on public.jobs (project_id, created_at);
drop index public.jobs_project;

-- A page of the caller's jobs: `page_size` + 1 rows are read to learn whether another page exists; the
-- cursor is the last row's created_at (unique per user, so "<" is an exact position).
create or replace function api.list_jobs(page_size int, page_cursor text, job_status text, job_project_id bigint)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  older_than timestamptz;
  result jsonb;
begin
  if page_size is null or page_size not between 1 and 100 then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100.');
  end if;
  older_than := private.timestamp_cursor(page_cursor);
  with page as (
    select j, row_number() over (order by j.created_at desc) as k
      from public.jobs j
     where j.user_id = (select auth.uid())
       and (older_than is null or j.created_at < older_than)
       and (job_status is null or j.status = job_status)
       and (job_project_id is null or j.project_id = job_project_id)
     order by j.created_at desc
     limit page_size + 1
  )
  select jsonb_build_object(
           'data', coalesce(jsonb_agg(private.job_json(j) order by k) filter (where k <= page_size), '[]'::jsonb),
           'next_cursor', case when count(*) > page_size
                            then (array_agg(private.utc_iso((j).created_at)) filter (where k = page_size))[1] end)
    into result
    from page;
  return result;
end
$$;
grant execute on function api.list_jobs(int, text, text, bigint) to authenticated;
