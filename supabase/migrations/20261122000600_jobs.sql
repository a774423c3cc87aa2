-- The job pipeline: a prompt job is created queued, dispatched to the runner through pg_net right after
-- its transaction commits, claimed under a lease, and finalized once — files saved, credits spent,
-- usage recorded, the owner notified — in one transaction. pg_cron re-dispatches what nobody claimed and
-- reaps runs whose lease expired.

-- On hosted Supabase these are enabled here; on the embedded stack they are already present.
create extension if not exists pg_cron with schema pg_catalog;
do $$
begin
  if not exists (select from pg_namespace where nspname = 'net') then
    create extension pg_net with schema extensions;
  end if;
end
$$;

-- The ledger: every change of a wallet is a row here, written in the same transaction as the balance.
-- Invariant: wallets.balance = sum(amount) and wallets.bonus_balance = sum(bonus_amount) per user.
create table public.wallet_transactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  reason text not null constraint wallet_transactions_reason
    check (reason in ('bonus', 'bonus_expired', 'spend', 'topup')),
  amount bigint not null default 0,
  bonus_amount bigint not null default 0,
  balance_after bigint not null,
  bonus_balance_after bigint not null,
  metadata jsonb not null default '{}',
  -- The payment event or job a row comes from; unique so a retried delivery applies once.
  external_ref text unique,
  created_at timestamptz not null default clock_timestamp()
);
comment on table public.wallet_transactions is 'Wallet ledger; written only by private functions.';
create index wallet_transactions_user_page on public.wallet_transactions (user_id, created_at desc, id desc);
alter table public.wallet_transactions enable row level security;
create policy wallet_transactions_select_own on public.wallet_transactions for select to authenticated
  using (user_id = (select auth.uid()));
grant select on public.wallet_transactions to authenticated;
grant all on public.wallet_transactions to service_role;

-- The welcome bonus of existing wallets enters the ledger; new signups write it in the trigger below.
insert into public.wallet_transactions (user_id, reason, bonus_amount, balance_after, bonus_balance_after, metadata, created_at)
select user_id, 'bonus', bonus_balance, balance, bonus_balance, jsonb_build_object('expires_at', bonus_expires_at), created_at
  from public.wallets where bonus_balance > 0;

create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  expires timestamptz := now() + interval '30 days';
begin
  loop
    begin
      insert into public.profiles (id, username) values (new.id, private.username_for(new.email));
      exit;
    exception when unique_violation then
      -- Another signup took the same name between the check and the insert: pick again.
      if exists (select from public.profiles where id = new.id) then
        exit;
      end if;
    end;
  end loop;
  insert into public.wallets (user_id, bonus_balance, bonus_expires_at) values (new.id, 500, expires);
  insert into public.wallet_transactions (user_id, reason, bonus_amount, balance_after, bonus_balance_after, metadata)
  values (new.id, 'bonus', 500, 0, 500, jsonb_build_object('expires_at', expires));
  return new;
end
$$;

-- Spends `credits` for a run: the valid bonus first, then the paid balance, which may go below the
-- floor (the floor only stops new jobs). An expired bonus is written off first. One ledger row.
create or replace function private.spend_credits(spender uuid, credits bigint, spend_metadata jsonb, ref text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  w public.wallets;
  from_bonus bigint;
  expired bigint;
begin
  select * into w from public.wallets where user_id = spender for update;
  if not found or credits <= 0 then
    return;
  end if;
  if w.bonus_balance > 0 and w.bonus_expires_at <= now() then
    expired := w.bonus_balance;
    update public.wallets set bonus_balance = 0 where user_id = spender returning * into w;
    insert into public.wallet_transactions (user_id, reason, bonus_amount, balance_after, bonus_balance_after)
    values (spender, 'bonus_expired', -expired, w.balance, 0);
  end if;
  from_bonus := least(credits, w.bonus_balance);
  update public.wallets
     set bonus_balance = bonus_balance - from_bonus, balance = balance - (credits - from_bonus)
   where user_id = spender
  returning * into w;
  insert into public.wallet_transactions
    (user_id, reason, amount, bonus_amount, balance_after, bonus_balance_after, metadata, external_ref)
  values (spender, 'spend', -(credits - from_bonus), -from_bonus, w.balance, w.bonus_balance, spend_metadata, ref);
end
$$;

create table public.jobs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  project_id bigint references public.projects (id) on delete set null,
  type text not null default 'prompt' constraint jobs_type check (type = 'prompt'),
  status text not null default 'queued'
    constraint jobs_status check (status in ('queued', 'running', 'succeeded', 'failed', 'canceled')),
  input jsonb not null,
  attachments jsonb,
  result jsonb,
  error jsonb,
  idempotency_key uuid,
  attempts int not null default 0,
  runner_id uuid,
  lease_expires_at timestamptz,
  -- When the job was last sent to the runner: the insert trigger sends it at once.
  dispatched_at timestamptz not null default clock_timestamp(),
  started_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  constraint jobs_idempotency unique (user_id, idempotency_key)
);
comment on table public.jobs is 'Async generation jobs; status changes only through private functions.';
create index jobs_user on public.jobs (user_id, created_at desc);
create index jobs_project on public.jobs (project_id);
-- The dispatcher's two scans: queued jobs nobody claimed, running jobs whose lease ran out.
create index jobs_queued on public.jobs (dispatched_at) where status = 'queued';
create index jobs_leases on public.jobs (lease_expires_at) where status = 'running';

create trigger jobs_touch before update on public.jobs
  for each row execute function private.touch_updated_at();

-- A job never leaves a terminal state, whoever tries.
create or replace function private.guard_job_transition()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status in ('succeeded', 'failed', 'canceled') then
    perform private.raise_api_error(409, 'job_terminal', 'The job is already ' || old.status || '.',
      jsonb_build_object('job_id', old.id, 'status', old.status));
  end if;
  if not (old.status = new.status
       or (old.status = 'queued' and new.status in ('running', 'canceled', 'failed'))
       or (old.status = 'running' and new.status in ('queued', 'succeeded', 'failed', 'canceled'))) then
    perform private.raise_api_error(409, 'invalid_transition',
      format('A job cannot go from %s to %s.', old.status, new.status));
  end if;
  return new;
end
$$;
create trigger jobs_guard before update on public.jobs
  for each row execute function private.guard_job_transition();

alter table public.jobs enable row level security;
create policy jobs_select_own on public.jobs for select to authenticated using (user_id = (select auth.uid()));
grant select on public.jobs to authenticated;
grant all on public.jobs to service_role;

-- The job as the contract shows it.
create or replace function private.job_json(j public.jobs)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'id', j.id, 'type', j.type, 'status', j.status, 'input', j.input,
    'created_at', j.created_at, 'updated_at', j.updated_at, 'result', j.result, 'error', j.error
  )) || jsonb_build_object('project_id', j.project_id);
$$;
grant execute on function private.job_json(public.jobs) to authenticated, service_role;

-- The prompt-evaluation quota: every evaluation counts, accepted or not, whichever client sent it.
create table public.prompt_evaluations (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp()
);
create index prompt_evaluations_window on public.prompt_evaluations (user_id, created_at);
alter table public.prompt_evaluations enable row level security;
create policy prompt_evaluations_select_own on public.prompt_evaluations for select to authenticated
  using (user_id = (select auth.uid()));
grant select on public.prompt_evaluations to authenticated;
grant all on public.prompt_evaluations to service_role;

-- The caller's quota now: {limit, remaining, reset_at}; reset_at is when the oldest counted evaluation
-- leaves the rolling window (now when none is counted).
create or replace function private.quota_state(uid uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with cfg as (
    select private.setting('quota_limit', '30')::int as lim,
           make_interval(secs => private.setting('quota_window_seconds', '3600')::int) as win
  ), used as (
    select count(*)::int as n, min(e.created_at) as oldest
      from public.prompt_evaluations e, cfg
     where e.user_id = uid and e.created_at > clock_timestamp() - cfg.win
  )
  select jsonb_build_object(
    'limit', cfg.lim,
    'remaining', greatest(cfg.lim - used.n, 0),
    'reset_at', coalesce(used.oldest + cfg.win, clock_timestamp())
  ) from cfg, used;
$$;

-- Euros in the Italian format, from credits (EUR cents): 123456 → '1.234,56 €', -500 → '-5,00 €', with a
-- no-break space before the sign, as Intl's it-IT format and money.ts's formatEur write it.
create or replace function private.format_eur(credits bigint)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when credits < 0 then '-' else '' end
      || regexp_replace((abs(credits) / 100)::text, '(\d)(?=(\d{3})+$)', '\1.', 'g')
      || ',' || lpad((abs(credits) % 100)::text, 2, '0') || chr(160) || '€';
$$;
grant execute on function private.format_eur(bigint) to authenticated, service_role;

-- Usage of every run, for statistics and the spend's audit trail.
create table public.usage_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  job_id uuid references public.jobs (id) on delete set null,
  project_id bigint references public.projects (id) on delete set null,
  status text not null constraint usage_events_status check (status in ('succeeded', 'failed')),
  model text,
  provider text,
  tier text,
  tokens_in bigint not null default 0,
  tokens_out bigint not null default 0,
  cost_eur numeric(14, 6) not null default 0,
  credits bigint not null default 0,
  created_at timestamptz not null default clock_timestamp()
);
create index usage_events_user_time on public.usage_events (user_id, created_at);
create index usage_events_job on public.usage_events (job_id);
create index usage_events_project on public.usage_events (project_id);
alter table public.usage_events enable row level security;
create policy usage_events_select_own on public.usage_events for select to authenticated
  using (user_id = (select auth.uid()));
grant select on public.usage_events to authenticated;
grant all on public.usage_events to service_role;

-- Sends one job to the runner through pg_net; the request leaves after the transaction commits.
-- Without a configured runner the job waits queued until one is set (the dispatcher retries).
create or replace function private.dispatch_job(job_id uuid)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text := private.setting('runner_url');
begin
  if url is null then
    return null;
  end if;
  return net.http_post(
    url := url,
    body := jsonb_build_object('job_id', job_id),
    headers := jsonb_build_object('Content-Type', 'application/json',
                                  'Authorization', 'Bearer ' || coalesce(private.setting('worker_secret'), '')),
    timeout_milliseconds := private.setting('dispatch_timeout_ms', '5000')::int
  );
end
$$;

create or replace function private.dispatch_new_job()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.dispatch_job(new.id);
  return null;
end
$$;
create trigger jobs_dispatch after insert on public.jobs
  for each row execute function private.dispatch_new_job();

-- Every few seconds (every minute where pg_cron has no second schedules): re-dispatch queued jobs that
-- nobody claimed, and reap running jobs whose lease ran out — requeued up to job_max_attempts, then
-- failed with `runner_lost`. Returns how many jobs it touched.
create or replace function private.dispatch_jobs()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  j public.jobs;
  touched int := 0;
  max_attempts int := private.setting('job_max_attempts', '3')::int;
  redispatch_after interval := make_interval(secs => private.setting('job_redispatch_seconds', '20')::int);
begin
  for j in
    select * from public.jobs
     where status = 'running' and lease_expires_at < clock_timestamp()
     order by lease_expires_at
     limit 200
       for update skip locked
  loop
    if j.attempts >= max_attempts then
      perform private.finish_job(j, 'failed', null,
        jsonb_build_object('code', 'runner_lost', 'message',
          format('The runner stopped responding %s times; the job was given up.', j.attempts)));
    else
      update public.jobs
         set status = 'queued', runner_id = null, lease_expires_at = null, dispatched_at = clock_timestamp()
       where id = j.id;
      perform private.dispatch_job(j.id);
    end if;
    touched := touched + 1;
  end loop;
  for j in
    select * from public.jobs
     where status = 'queued' and dispatched_at < clock_timestamp() - redispatch_after
     order by dispatched_at
     limit 200
       for update skip locked
  loop
    update public.jobs set dispatched_at = clock_timestamp() where id = j.id;
    perform private.dispatch_job(j.id);
    touched := touched + 1;
  end loop;
  return touched;
end
$$;

-- The runner's claim: queued → running with a lease. Only one claim wins; any other is a no-op (null).
create or replace function private.claim_job(job_id uuid, runner uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  lease int := private.setting('job_lease_seconds', '60')::int;
  j public.jobs;
begin
  update public.jobs
     set status = 'running', runner_id = runner, attempts = attempts + 1,
         lease_expires_at = clock_timestamp() + make_interval(secs => lease),
         started_at = coalesce(started_at, clock_timestamp())
   where id = job_id and status = 'queued'
  returning * into j;
  if not found then
    return null;
  end if;
  return jsonb_build_object('id', j.id, 'user_id', j.user_id, 'project_id', j.project_id, 'input', j.input,
    'lease_expires_at', j.lease_expires_at, 'lease_seconds', lease);
end
$$;

-- The runner's heartbeat; false once the lease is lost (the job was reaped or finished elsewhere).
create or replace function private.extend_job_lease(job_id uuid, runner uuid)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with extended as (
    update public.jobs
       set lease_expires_at = clock_timestamp() + make_interval(secs => private.setting('job_lease_seconds', '60')::int)
     where id = job_id and status = 'running' and runner_id = runner
    returning 1
  )
  select exists (select from extended);
$$;

-- Moves a job to a terminal state and tells its owner: a notification, and a completion push when the
-- job carries a push token.
create or replace function private.finish_job(j public.jobs, final_status text, job_result jsonb, job_error jsonb)
returns public.jobs
language plpgsql
security definer
set search_path = ''
as $$
declare
  done public.jobs;
  app_name text := coalesce(j.input ->> 'appName', 'Your app');
  title text;
  body text;
begin
  update public.jobs
     set status = final_status, result = job_result, error = job_error, finished_at = clock_timestamp(),
         lease_expires_at = null
   where id = j.id
  returning * into done;
  perform private.add_notification(done.user_id, null, 'job_' || final_status,
    jsonb_build_object('job_id', done.id, 'project_id', done.project_id, 'app_name', app_name)
      || coalesce(jsonb_build_object('error_code', job_error ->> 'code'), '{}'));
  if done.input ? 'expo_push_token' then
    if final_status = 'succeeded' then
      title := app_name || ' is ready';
      body := 'Your app has been generated. Tap to open it.';
    else
      title := app_name || ' could not be generated';
      body := coalesce(job_error ->> 'message', 'The generation failed.');
    end if;
    perform private.enqueue_push(done.user_id, done.input ->> 'expo_push_token', title, body,
      jsonb_build_object('type', 'job_' || final_status, 'job_id', done.id, 'project_id', done.project_id,
                         'status', final_status));
  end if;
  return done;
end
$$;

-- The runner's outcome, applied once in one transaction: the guard (a terminal job → 409 job_terminal;
-- a lease lost to the dispatcher → 409 job_lease_lost), the files (upsert by path), the spend (credits =
-- cost in EUR cents rounded up; a failed run is charged only what the provider charged for), the usage
-- event, the notification and the push. Returns the job as the contract shows it.
--   outcome: {status: 'succeeded'|'failed', files?: [{path, contents, type}], error?: {code, message},
--             usage?: {tokens_in, tokens_out}, model?, provider?, cost_eur?: decimal string}
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
      insert into public.project_files as f (project_id, path, contents, type)
      select j.project_id, r.path, r.contents, coalesce(r.type, 'CODE')
        from jsonb_to_recordset(coalesce(outcome -> 'files', '[]')) as r(path text, contents text, type text)
      on conflict (project_id, path) do update set contents = excluded.contents, type = excluded.type;
      get diagnostics files_saved = row_count;
      job_result := jsonb_build_object('project_id', j.project_id, 'files_saved', files_saved);
    exception when check_violation or not_null_violation or cardinality_violation then
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

-- POST /jobs, first step: the checks before the prompt is evaluated, in the contract's order, under a
-- lock on the caller's wallet so concurrent requests count the quota exactly:
-- idempotency (the existing job), the credit floor (402), project ownership (404), the quota (429 with
-- Retry-After; otherwise one evaluation is counted). Returns {existing} or {quota}.
create or replace function api.admit_job(idempotency_key uuid, project_id bigint)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  existing public.jobs;
  w public.wallets;
  available bigint;
  quota jsonb;
  retry_after int;
begin
  if idempotency_key is not null then
    select * into existing from public.jobs j where j.user_id = uid and j.idempotency_key = admit_job.idempotency_key;
    if found then
      return jsonb_build_object('existing', private.job_json(existing));
    end if;
  end if;
  select * into w from public.wallets where user_id = uid for update;
  if not found then
    perform private.raise_api_error(404, 'profile_not_found', 'No wallet exists for this account.');
  end if;
  available := w.balance + case when w.bonus_expires_at > now() then w.bonus_balance else 0 end;
  if available <= -500 then
    perform private.raise_api_error(402, 'insufficient_credits',
      'The balance has reached the -500 credit floor; top up to run more jobs.',
      jsonb_build_object('available', available, 'floor', -500));
  end if;
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
  return jsonb_build_object('quota', private.quota_state(uid));
end
$$;

-- POST /jobs, second step, after the prompt was judged usable: creates the project when none is given
-- (with the template's files and the evaluated app name), folds the top-level fields into `input`
-- (top level wins), mirrors the attachments' paths into `input.attachment_refs`, and inserts the job
-- queued — the insert trigger dispatches it. A concurrent request with the same idempotency key gets
-- the job the first one created. Returns {job, created, project_created}.
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
      return jsonb_build_object('job', private.job_json(existing), 'created', false, 'project_created', false);
    end if;
  end if;
  refs := coalesce((select jsonb_agg(f ->> 'path') from jsonb_array_elements(request -> 'attachments' -> 'files') f), '[]');
  if exists (select from jsonb_array_elements_text(refs) r where r not like uid::text || '/%') then
    perform private.raise_api_error(400, 'invalid_attachments', 'The attachments were not uploaded by this account.');
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
  insert into public.jobs (user_id, project_id, type, input, attachments, idempotency_key)
  values (uid, target, 'prompt', job_input, request -> 'attachments', key)
  returning * into created;
  return jsonb_build_object('job', private.job_json(created), 'created', true,
    'project_created', (request ->> 'project_id') is null);
end
$$;

-- GET /jobs/{id}: the caller's job; anyone else's is as missing as an unknown id.
create or replace function api.get_job(job_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  j public.jobs;
begin
  select * into j from public.jobs where id = job_id;
  if not found then
    perform private.raise_api_error(404, 'job_not_found', 'No such job.');
  end if;
  return private.job_json(j);
end
$$;

grant execute on function api.admit_job(uuid, bigint), api.create_job(jsonb), api.get_job(uuid) to authenticated;
grant execute on function private.claim_job(uuid, uuid), private.extend_job_lease(uuid, uuid),
  private.finalize_job(uuid, uuid, jsonb), private.dispatch_jobs() to service_role;

-- The dispatcher's schedule: seconds where pg_cron has them (1.5+, as on hosted Supabase), else minutes.
do $$
begin
  perform cron.unschedule(jobid) from cron.job where jobname = 'dispatch-jobs';
  -- extversion reads like '1.4-1' on Debian and '1.6' on hosted Supabase.
  if (regexp_match((select extversion from pg_extension where extname = 'pg_cron'), '^(\d+)\.(\d+)'))::int[]
     >= array[1, 5] then
    perform cron.schedule('dispatch-jobs', '5 seconds', 'select private.dispatch_jobs()');
  else
    perform cron.schedule('dispatch-jobs', '* * * * *', 'select private.dispatch_jobs()');
  end if;
end
$$;
