-- The credit floor under concurrency, and idempotency that consumes nothing. Admission now holds the
-- job's maximum price under the wallet's row lock, so concurrent requests see each other's holds and admit
-- exactly what the same requests one after another would: the floor is checked on balance + valid bonus −
-- open holds. A hold lives on a pending admission (while the prompt is evaluated) and then on the job while
-- it is queued or running; finalize spends the real cost in the transaction that ends the job, and any
-- other end (failed, given up by the reaper, canceled) frees it with the status. A repeated idempotency key
-- finds the job, or the admission still being evaluated, and counts nothing.
-- Admission and creation take inputs only the service can vouch for (the evaluator's verdict), so they are
-- executable by service_role alone; the edge function calls them with the caller's id in the claims.

-- The most one run of a tier may cost, in credits; the defaults are the template generator's prices.
-- With a paid model, set them to what one run can cost at most (see README, settings).
create or replace function private.job_hold_credits(tier text)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select case tier
    when 'light' then private.setting('job_hold_credits_light', '5')::bigint
    when 'full' then private.setting('job_hold_credits_full', '20')::bigint
    else greatest(private.setting('job_hold_credits_light', '5')::bigint,
                  private.setting('job_hold_credits_full', '20')::bigint)
  end;
$$;

alter table public.jobs add column held_credits bigint not null default 0
  constraint jobs_held_credits check (held_credits >= 0);
comment on column public.jobs.held_credits is 'Credits held against the floor while the job is queued or running.';
create index jobs_open on public.jobs (user_id) where status in ('queued', 'running');

-- Admitted requests whose prompt is being evaluated: each holds credits until its job is created, the
-- request gives up, or it expires (a request that died mid-way).
create table public.job_admissions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  idempotency_key uuid,
  held_credits bigint not null constraint job_admissions_held_credits check (held_credits >= 0),
  expires_at timestamptz not null,
  created_at timestamptz not null default clock_timestamp(),
  constraint job_admissions_idempotency unique (user_id, idempotency_key)
);
comment on table public.job_admissions is 'POST /jobs requests between admission and job creation; written only by api.admit_job and api.create_job.';
alter table public.job_admissions enable row level security;
create policy job_admissions_select_own on public.job_admissions for select to authenticated
  using (user_id = (select auth.uid()));
grant select on public.job_admissions to authenticated;
grant all on public.job_admissions to service_role;

-- Credits held by the user's open jobs and pending admissions. Security invoker: a user reading their
-- wallet sees only their own rows anyway.
create or replace function private.held_credits(owner uuid)
returns bigint
language sql
stable
set search_path = ''
as $$
  select coalesce((select sum(j.held_credits) from public.jobs j
                    where j.user_id = owner and j.status in ('queued', 'running')), 0)
       + coalesce((select sum(a.held_credits) from public.job_admissions a
                    where a.user_id = owner and a.expires_at > clock_timestamp()), 0);
$$;
grant execute on function private.held_credits(uuid) to authenticated, service_role;

-- Refuses a new hold once balance + valid bonus − open holds is at or below -500. The wallet must be locked.
create or replace function private.check_credit_floor(w public.wallets)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  held bigint := private.held_credits(w.user_id);
  available bigint := w.balance + case when w.bonus_expires_at > now() then w.bonus_balance else 0 end - held;
begin
  if available <= -500 then
    perform private.raise_api_error(402, 'insufficient_credits',
      'The balance has reached the -500 credit floor; top up to run more jobs.',
      jsonb_build_object('available', available, 'held', held, 'floor', -500));
  end if;
end
$$;

-- POST /jobs, first step, under the caller's wallet lock (concurrent requests of one user serialize
-- here): idempotency (the existing job, or {in_flight} while a request with the same key is being
-- evaluated: nothing is counted), the credit floor (402), project ownership (404), the quota (429 with
-- Retry-After; otherwise one evaluation is counted), then a hold of the tier's maximum price (the larger
-- tier's when the client left the choice to the evaluator). Returns {existing} | {in_flight, expires_at} |
-- {admission, quota}.
drop function api.admit_job(uuid, bigint);
create function api.admit_job(idempotency_key uuid, project_id bigint, tier text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  existing public.jobs;
  pending public.job_admissions;
  w public.wallets;
  admission uuid;
  quota jsonb;
  retry_after int;
begin
  select * into w from public.wallets where user_id = uid for update;
  if not found then
    perform private.raise_api_error(404, 'profile_not_found', 'No wallet exists for this account.');
  end if;
  delete from public.job_admissions a where a.user_id = uid and a.expires_at <= clock_timestamp();
  if idempotency_key is not null then
    select * into existing from public.jobs j where j.user_id = uid and j.idempotency_key = admit_job.idempotency_key;
    if found then
      return jsonb_build_object('existing', private.job_json(existing));
    end if;
    select * into pending from public.job_admissions a
     where a.user_id = uid and a.idempotency_key = admit_job.idempotency_key;
    if found then
      return jsonb_build_object('in_flight', true, 'expires_at', pending.expires_at);
    end if;
  end if;
  perform private.check_credit_floor(w);
  if project_id is not null and not exists (
    select from public.projects p where p.id = admit_job.project_id and p.user_id = uid
  ) then
    perform private.raise_api_error(404, 'project_not_found', 'No such project.');
  end if;
  quota := private.quota_state(uid);
  if (quota ->> 'remaining')::int <= 0 then
    retry_after := greatest(1, ceil(extract(epoch from (quota ->> 'reset_at')::timestamptz - clock_timestamp())))::int;
    raise exception using errcode = 'PT429',
      message = 'rate_limited: The prompt-evaluation quota is spent; retry after the window moves on.',
      detail = (quota || jsonb_build_object('retry_after', retry_after))::text,
      hint = 'retry-after=' || retry_after;
  end if;
  insert into public.prompt_evaluations (user_id) values (uid);
  insert into public.job_admissions (user_id, idempotency_key, held_credits, expires_at)
  values (uid, admit_job.idempotency_key, private.job_hold_credits(tier),
          clock_timestamp() + make_interval(secs => private.setting('job_admission_seconds', '180')::int))
  returning id into admission;
  return jsonb_build_object('admission', admission, 'quota', private.quota_state(uid));
end
$$;

-- A request that will not create its job (unusable prompt, creation failed) gives its hold back.
create or replace function api.release_job_admission(admission uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.job_admissions a where a.id = admission and a.user_id = (select auth.uid());
$$;

-- POST /jobs, second step, after the prompt was judged usable: the admission's hold moves to the job,
-- sized for the evaluated tier (an admission that expired meanwhile holds again under the floor);
-- creates the project when none is given (with the template's files and the evaluated app name), folds
-- the top-level fields into `input` (top level wins), mirrors the attachments' paths into
-- `input.attachment_refs`, and inserts the job queued — the insert trigger dispatches it. A concurrent
-- request with the same idempotency key gets the job the first one created.
-- Returns {job, created, project_created}.
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
  if exists (select from jsonb_array_elements_text(refs) r where r not like uid::text || '/%') then
    perform private.raise_api_error(400, 'invalid_attachments', 'The attachments were not uploaded by this account.');
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
  return jsonb_build_object('job', private.job_json(created), 'created', true,
    'project_created', (request ->> 'project_id') is null);
end
$$;

revoke execute on function api.admit_job(uuid, bigint, text), api.create_job(jsonb),
  api.release_job_admission(uuid), private.job_hold_credits(text), private.check_credit_floor(public.wallets)
  from public, anon, authenticated;
grant execute on function api.admit_job(uuid, bigint, text), api.create_job(jsonb),
  api.release_job_admission(uuid) to service_role;

-- GET /wallets/me, now with what is held: `held` (open jobs and pending admissions) and `available`
-- (total − held, what the -500 floor is checked on).
create or replace function api.get_wallet()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  w public.wallets;
  bonus bigint;
  held bigint;
begin
  select * into w from public.wallets where user_id = (select auth.uid());
  if not found then
    perform private.raise_api_error(404, 'wallet_not_found', 'No wallet exists for this account.');
  end if;
  bonus := case when w.bonus_expires_at > now() then w.bonus_balance else 0 end;
  held := private.held_credits(w.user_id);
  return jsonb_build_object(
    'balance', w.balance, 'bonus_balance', bonus, 'bonus_expires_at', private.utc_iso(w.bonus_expires_at),
    'total', w.balance + bonus, 'held', held, 'available', w.balance + bonus - held,
    'display_balance', private.format_eur(w.balance), 'display_bonus_balance', private.format_eur(bonus),
    'display_total', private.format_eur(w.balance + bonus),
    'updated_at', private.utc_iso(w.updated_at));
end
$$;
