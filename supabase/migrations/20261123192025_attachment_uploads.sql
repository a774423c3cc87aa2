-- Job attachments are the caller's own uploads, and none outlives its use. POST /jobs/attachments records
-- each upload's manifest here before any object is stored (refused without a profile: a deleted account's
-- still-valid token cannot upload, and at most `attachment_pending_limit`, default 10, uploads a user has
-- not used in a job yet); POST /jobs accepts only the exact paths of a recorded upload of the caller,
-- `<user id>/<upload key>/<1..3>.<png|jpg|webp>`. Rows go with the account; the objects of uploads no job
-- used within `attachment_ttl_seconds` (default 86400) and of finished jobs are removed by the runner,
-- woken by pg_cron every 10 minutes.

-- The only shape an attachment path has: the owner's id, the upload's key, the file's number and type.
create or replace function private.attachment_path_ok(owner uuid, upload_key uuid, path text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select path ~ ('^' || owner::text || '/' || upload_key::text || '/[1-3]\.(png|jpg|webp)$');
$$;

create table public.attachment_uploads (
  user_id uuid not null references public.profiles (id) on delete cascade,
  upload_key uuid not null,
  paths text[] not null,
  -- The job that names the upload; its runner removes the objects once the job is finalized.
  job_id uuid references public.jobs (id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  primary key (user_id, upload_key),
  constraint attachment_uploads_paths check (
    cardinality(paths) between 1 and 3 and private.attachment_path_ok(user_id, upload_key, paths[1])
    and (cardinality(paths) < 2 or private.attachment_path_ok(user_id, upload_key, paths[2]))
    and (cardinality(paths) < 3 or private.attachment_path_ok(user_id, upload_key, paths[3])))
);
comment on table public.attachment_uploads is 'Uploaded job attachments; written only by api.record_attachment_upload and api.create_job.';
create index attachment_uploads_job on public.attachment_uploads (job_id);
create index attachment_uploads_pending on public.attachment_uploads (created_at) where job_id is null;
alter table public.attachment_uploads enable row level security;
create policy attachment_uploads_select_own on public.attachment_uploads for select to authenticated
  using (user_id = (select auth.uid()));
grant select on public.attachment_uploads to authenticated;
grant all on public.attachment_uploads to service_role;

-- POST /jobs/attachments, before the objects are stored: the caller's upload (the same key replaces it).
-- 404 profile_not_found without a profile; 409 too_many_pending_attachments over the cap, counted under
-- the profile's row lock so concurrent uploads cannot pass it together.
create or replace function api.record_attachment_upload(upload_key uuid, paths text[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  cap int := private.setting('attachment_pending_limit', '10')::int;
begin
  perform from public.profiles p where p.id = uid for update;
  if not found then
    perform private.raise_api_error(404, 'profile_not_found', 'No profile exists for this account.');
  end if;
  if (select count(*) from public.attachment_uploads a
       where a.user_id = uid and a.job_id is null and a.upload_key <> record_attachment_upload.upload_key) >= cap then
    perform private.raise_api_error(409, 'too_many_pending_attachments',
      format('At most %s uploads may wait for a job; use or let them expire first.', cap),
      jsonb_build_object('limit', cap));
  end if;
  begin
    insert into public.attachment_uploads as a (user_id, upload_key, paths)
    values (uid, record_attachment_upload.upload_key, record_attachment_upload.paths)
    on conflict on constraint attachment_uploads_pkey do update
      set paths = excluded.paths, job_id = null, created_at = clock_timestamp();
  exception when check_violation then
    perform private.raise_api_error(400, 'invalid_attachments', 'Attachment paths are <user id>/<key>/<1..3>.<ext>.');
  end;
end
$$;
revoke execute on function api.record_attachment_upload(uuid, text[]) from public, anon;
grant execute on function api.record_attachment_upload(uuid, text[]) to authenticated, service_role;

-- The runner's sweep: uploads no job used within the TTL, and those of finished jobs (whose objects the
-- runner normally removed already; removing them again is harmless). Returns [{user_id, upload_key, paths}].
create or replace function private.expired_attachment_uploads(max_rows int)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('user_id', a.user_id, 'upload_key', a.upload_key, 'paths', a.paths)), '[]')
    from (select a.* from public.attachment_uploads a
           left join public.jobs j on j.id = a.job_id
          where (a.job_id is null and a.created_at < clock_timestamp()
                   - make_interval(secs => private.setting('attachment_ttl_seconds', '86400')::int))
             or j.status in ('succeeded', 'failed', 'canceled')
          order by a.created_at
          limit max_rows) a;
$$;

-- After the sweep removed their objects: the uploads go, unless one was replaced meanwhile.
create or replace function private.forget_attachment_uploads(uploads jsonb)
returns int
language sql
security definer
set search_path = ''
as $$
  with gone as (
    delete from public.attachment_uploads a
     using jsonb_to_recordset(uploads) as u(user_id uuid, upload_key uuid, paths text[])
     where a.user_id = u.user_id and a.upload_key = u.upload_key and a.paths = u.paths
    returning 1
  )
  select count(*)::int from gone;
$$;

-- pg_cron's wake-up: asks the runner to sweep when something is due.
create or replace function private.sweep_attachments()
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text := private.setting('runner_url');
begin
  if url is null or private.expired_attachment_uploads(1) = '[]'::jsonb then
    return null;
  end if;
  return net.http_post(
    url := url || '/attachments/sweep',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json',
                                  'Authorization', 'Bearer ' || coalesce(private.setting('worker_secret'), '')),
    timeout_milliseconds := private.setting('dispatch_timeout_ms', '5000')::int
  );
end
$$;
revoke execute on function private.attachment_path_ok(uuid, uuid, text), private.expired_attachment_uploads(int),
  private.forget_attachment_uploads(jsonb), private.sweep_attachments() from public, anon, authenticated;
grant execute on function private.expired_attachment_uploads(int), private.forget_attachment_uploads(jsonb),
  private.sweep_attachments() to service_role;

do $$
begin
  perform cron.unschedule(jobid) from cron.job where jobname = 'sweep-attachments';
  perform cron.schedule('sweep-attachments', '*/10 * * * *', 'select private.sweep_attachments()');
end
$$;

-- POST /jobs, second step, after the prompt was judged usable: the admission's hold moves to the job,
-- sized for the evaluated tier (an admission that expired meanwhile holds again under the floor);
-- creates the project when none is given (with the template's files and the evaluated app name), folds
-- the top-level fields into `input` (top level wins), mirrors the attachments' paths into
-- `input.attachment_refs` — which must be paths of an upload the caller recorded, named by the manifest's
-- key (400 invalid_attachments otherwise) — and inserts the job queued; the insert trigger dispatches it and
-- the upload is marked as the job's. A concurrent request with the same idempotency key gets the job the
-- first one created. Returns {job, created, project_created}.
create or replace function api.create_job(request jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  key uuid := (request ->> 'idempotency_key')::uuid;
  target bigint := (request ->> 'project_id')::bigint;
  admission uuid := (request ->> 'admission')::uuid;
  hold bigint := private.job_hold_credits(request -> 'verdict' ->> 'model');
  w public.wallets;
  existing public.jobs;
  created public.jobs;
  job_input jsonb;
  refs jsonb;
  upload public.attachment_uploads;
begin
  if key is not null then
    -- Serializes requests that share a key, so exactly one creates the job.
    perform pg_advisory_xact_lock(hashtextextended(uid::text || key::text, 0));
    select * into existing from public.jobs j where j.user_id = uid and j.idempotency_key = key;
    if found then
      delete from public.job_admissions a where a.id = admission and a.user_id = uid;
      return jsonb_build_object('job', private.job_json(existing), 'created', false, 'project_created', false);
    end if;
  end if;
  refs := coalesce((select jsonb_agg(f ->> 'path') from jsonb_array_elements(request -> 'attachments' -> 'files') f), '[]');
  if jsonb_array_length(refs) > 0 then
    select * into upload from public.attachment_uploads a
     where a.user_id = uid and a.upload_key::text = request -> 'attachments' ->> 'idempotency_key';
    if not found or exists (select from jsonb_array_elements_text(refs) r where not (r = any (upload.paths))) then
      perform private.raise_api_error(400, 'invalid_attachments', 'The attachments were not uploaded by this account.');
    end if;
  end if;
  select * into w from public.wallets where user_id = uid for update;
  if not found then
    perform private.raise_api_error(404, 'profile_not_found', 'No wallet exists for this account.');
  end if;
  delete from public.job_admissions a
   where a.id = admission and a.user_id = uid and a.expires_at > clock_timestamp();
  if not found then
    perform private.check_credit_floor(w);
  end if;
  if target is null then
    target := (api.create_project(request -> 'verdict' ->> 'appName', '', false, request -> 'template_files') ->> 'id')::bigint;
  elsif not exists (select from public.projects p where p.id = target and p.user_id = uid) then
    perform private.raise_api_error(404, 'project_not_found', 'No such project.');
  end if;
  job_input := (request -> 'input')
    || jsonb_build_object('model', request -> 'verdict' ->> 'model', 'appName', request -> 'verdict' ->> 'appName')
    || jsonb_strip_nulls(jsonb_build_object(
         'expo_push_token', request ->> 'expo_push_token',
         'live_activity_token', request ->> 'live_activity_token',
         'live_activity_user', request ->> 'live_activity_user',
         'dbhost_project_ref', request ->> 'dbhost_project_ref'))
    || case when jsonb_array_length(refs) > 0 then jsonb_build_object('attachment_refs', refs) else '{}' end;
  insert into public.jobs (user_id, project_id, type, input, attachments, idempotency_key, held_credits)
  values (uid, target, 'prompt', job_input, request -> 'attachments', key, hold)
  returning * into created;
  update public.attachment_uploads a set job_id = created.id
   where a.user_id = uid and a.upload_key = upload.upload_key;
  return jsonb_build_object('job', private.job_json(created), 'created', true,
    'project_created', (request ->> 'project_id') is null);
end
$$;

revoke execute on function api.create_job(jsonb) from public, anon, authenticated;
grant execute on function api.create_job(jsonb) to service_role;
