-- Outbound webhooks (Standard Webhooks): users register endpoints for job and wallet events; a delivery is
-- queued in the transaction of the event itself, and the webhook-worker function — woken by pg_net on
-- insert and by pg_cron while retries are due — signs and sends it, records every attempt, and retries
-- with exponential backoff for about three days. An endpoint whose delivery exhausts its retries is
-- disabled and its owner notified. The worker, not pg_net, makes the requests: pg_net follows redirects
-- and cannot refuse private addresses at send time.

create table public.webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  url text not null constraint webhook_endpoints_url check (url ~ '^https?://' and length(url) <= 2048),
  events text[] not null constraint webhook_endpoints_events
    check (cardinality(events) > 0
           and events <@ array['job.succeeded', 'job.failed', 'job.canceled', 'wallet.topped_up']),
  -- `whsec_` + base64 of 24 random bytes; the previous one keeps signing for a day after a rotation.
  secret text not null,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  enabled boolean not null default true,
  disabled_reason text,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
comment on table public.webhook_endpoints is 'Outbound webhook endpoints; secrets readable by the service only.';
create index webhook_endpoints_user on public.webhook_endpoints (user_id, created_at);
create trigger webhook_endpoints_touch before update on public.webhook_endpoints
  for each row execute function private.touch_updated_at();
alter table public.webhook_endpoints enable row level security;
create policy webhook_endpoints_select_own on public.webhook_endpoints for select to authenticated
  using (user_id = (select auth.uid()));
create policy webhook_endpoints_delete_own on public.webhook_endpoints for delete to authenticated
  using (user_id = (select auth.uid()));
grant select (id, user_id, url, events, enabled, disabled_reason, created_at, updated_at)
  on public.webhook_endpoints to authenticated;
grant delete on public.webhook_endpoints to authenticated;
grant all on public.webhook_endpoints to service_role;

create table public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  endpoint_id uuid not null references public.webhook_endpoints (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  event_type text not null,
  -- {type, timestamp, data}: the body as sent, signed over its exact JSON text.
  payload jsonb not null,
  status text not null default 'pending'
    constraint webhook_deliveries_status check (status in ('pending', 'sending', 'succeeded', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default clock_timestamp(),
  claimed_until timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  finished_at timestamptz
);
create index webhook_deliveries_due on public.webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_claims on public.webhook_deliveries (claimed_until) where status = 'sending';
create index webhook_deliveries_endpoint on public.webhook_deliveries (endpoint_id);
create index webhook_deliveries_user on public.webhook_deliveries (user_id);
alter table public.webhook_deliveries enable row level security;
create policy webhook_deliveries_select_own on public.webhook_deliveries for select to authenticated
  using (user_id = (select auth.uid()));
grant select on public.webhook_deliveries to authenticated;
grant all on public.webhook_deliveries to service_role;

-- One row per request made (or refused before it left): what the endpoint answered, in short.
create table public.webhook_attempts (
  id bigint generated always as identity primary key,
  delivery_id uuid not null references public.webhook_deliveries (id) on delete cascade,
  endpoint_id uuid not null references public.webhook_endpoints (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  event_type text not null,
  attempt int not null,
  status_code int,
  response_excerpt text constraint webhook_attempts_excerpt check (length(response_excerpt) <= 500),
  error text,
  duration_ms int,
  created_at timestamptz not null default clock_timestamp()
);
create trigger webhook_attempts_unique_created_at before insert on public.webhook_attempts
  for each row execute function private.unique_created_at('user_id');
create unique index webhook_attempts_user_created_at on public.webhook_attempts (user_id, created_at);
create index webhook_attempts_endpoint_created_at on public.webhook_attempts (endpoint_id, created_at);
create index webhook_attempts_delivery on public.webhook_attempts (delivery_id);
alter table public.webhook_attempts enable row level security;
create policy webhook_attempts_select_own on public.webhook_attempts for select to authenticated
  using (user_id = (select auth.uid()));
grant select on public.webhook_attempts to authenticated;
grant all on public.webhook_attempts to service_role;

-- The endpoint as the API shows it; the secret only where the caller just created or rotated it.
create or replace function private.webhook_json(e public.webhook_endpoints, with_secret boolean)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('id', e.id, 'url', e.url, 'events', to_jsonb(e.events), 'enabled', e.enabled,
           'disabled_reason', e.disabled_reason, 'created_at', e.created_at, 'updated_at', e.updated_at)
      || case when with_secret then jsonb_build_object('secret', e.secret) else '{}' end;
$$;
grant execute on function private.webhook_json(public.webhook_endpoints, boolean) to authenticated, service_role;

create or replace function private.new_webhook_secret()
returns text
language sql
volatile
set search_path = ''
as $$
  select 'whsec_' || encode(extensions.gen_random_bytes(24), 'base64');
$$;

-- POST /webhooks, after the function checked the URL's target (which SQL cannot resolve): at most 10
-- endpoints per user, counted under a per-user lock. Service only, since the URL check is the service's.
create or replace function private.create_webhook(owner uuid, endpoint_url text, endpoint_events text[])
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  created public.webhook_endpoints;
begin
  perform pg_advisory_xact_lock(hashtextextended('webhook_endpoints:' || owner::text, 0));
  if (select count(*) from public.webhook_endpoints where user_id = owner) >= 10 then
    perform private.raise_api_error(409, 'webhook_limit_reached', 'An account has at most 10 webhook endpoints.',
      jsonb_build_object('limit', 10));
  end if;
  insert into public.webhook_endpoints (user_id, url, events, secret)
  values (owner, endpoint_url, (select array_agg(distinct x order by x) from unnest(endpoint_events) x),
          private.new_webhook_secret())
  returning * into created;
  return private.webhook_json(created, true);
end
$$;

-- Security definer: the endpoint rows hold secrets the caller's role has no column grant for.
create or replace function api.list_webhooks()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('data', coalesce(jsonb_agg(private.webhook_json(e, false) order by e.created_at desc), '[]'))
    from public.webhook_endpoints e
   where e.user_id = (select auth.uid());
$$;

create or replace function api.delete_webhook(webhook_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  delete from public.webhook_endpoints e where e.id = webhook_id and e.user_id = (select auth.uid());
  if not found then
    perform private.raise_api_error(404, 'webhook_not_found', 'No such webhook endpoint.');
  end if;
end
$$;

-- A new secret; the previous one keeps signing (a second signature) for 24 hours, so receivers can switch
-- without losing deliveries.
create or replace function api.rotate_webhook_secret(webhook_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  e public.webhook_endpoints;
begin
  update public.webhook_endpoints w
     set previous_secret = w.secret, previous_secret_expires_at = clock_timestamp() + interval '24 hours',
         secret = private.new_webhook_secret()
   where w.id = webhook_id and w.user_id = (select auth.uid())
  returning * into e;
  if not found then
    perform private.raise_api_error(404, 'webhook_not_found', 'No such webhook endpoint.');
  end if;
  return private.webhook_json(e, true);
end
$$;

-- GET /webhooks/{id}/attempts: the endpoint's attempts newest first, by an exact timestamp cursor.
create or replace function api.list_webhook_attempts(webhook_id uuid, page_size int, page_cursor text)
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
  if not exists (select from public.webhook_endpoints e where e.id = webhook_id) then
    perform private.raise_api_error(404, 'webhook_not_found', 'No such webhook endpoint.');
  end if;
  with page as (
    select jsonb_build_object('id', a.id, 'delivery_id', a.delivery_id, 'event_type', a.event_type,
             'attempt', a.attempt, 'status_code', a.status_code, 'response_excerpt', a.response_excerpt,
             'error', a.error, 'duration_ms', a.duration_ms, 'created_at', private.utc_iso(a.created_at)) as item,
           row_number() over (order by a.created_at desc) as k
      from public.webhook_attempts a
     where a.endpoint_id = webhook_id and (older_than is null or a.created_at < older_than)
     order by a.created_at desc
     limit page_size + 1
  )
  select jsonb_build_object(
           'data', coalesce(jsonb_agg(item order by k) filter (where k <= page_size), '[]'::jsonb),
           'next_cursor', case when count(*) > page_size
                            then (array_agg(item ->> 'created_at') filter (where k = page_size))[1] end)
    into result
    from page;
  return result;
end
$$;

grant execute on function api.list_webhooks(), api.delete_webhook(uuid), api.rotate_webhook_secret(uuid),
  api.list_webhook_attempts(uuid, int, text) to authenticated;

-- Queues `event_type` for every enabled endpoint of `owner` that subscribed to it, in the caller's
-- transaction; the insert wakes the worker, whose request leaves after the commit.
create or replace function private.enqueue_webhook(owner uuid, event_type text, data jsonb)
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued int;
begin
  insert into public.webhook_deliveries (endpoint_id, user_id, event_type, payload)
  select e.id, owner, event_type,
         jsonb_build_object('type', event_type, 'timestamp', private.utc_iso(clock_timestamp()), 'data', data)
    from public.webhook_endpoints e
   where e.user_id = owner and e.enabled and event_type = any (e.events);
  get diagnostics queued = row_count;
  return queued;
end
$$;

create or replace function private.webhook_job_finished()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.enqueue_webhook(new.user_id, 'job.' || new.status, private.job_json(new));
  return null;
end
$$;
create trigger jobs_webhook after update of status on public.jobs
  for each row when (old.status is distinct from new.status and new.status in ('succeeded', 'failed', 'canceled'))
  execute function private.webhook_job_finished();

create or replace function private.webhook_wallet_topped_up()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.enqueue_webhook(new.user_id, 'wallet.topped_up', jsonb_build_object(
    'transaction_id', new.id, 'credits', new.amount, 'balance_after', new.balance_after,
    'bonus_balance_after', new.bonus_balance_after, 'amount_eur', new.metadata -> 'amount_eur',
    'currency', new.metadata -> 'currency', 'created_at', private.utc_iso(new.created_at)));
  return null;
end
$$;
create trigger wallet_transactions_webhook after insert on public.wallet_transactions
  for each row when (new.reason = 'topup') execute function private.webhook_wallet_topped_up();

-- Claims up to `batch_size` due deliveries of enabled endpoints for `lease_seconds`, with what the worker
-- needs to sign and send them. A claim that ran out (the worker died) is due again: receivers dedupe by
-- webhook-id, as the specification asks.
create or replace function private.claim_webhook_deliveries(batch_size int, lease_seconds int)
returns jsonb
language sql
security definer
set search_path = ''
as $$
  with due as (
    select d.id from public.webhook_deliveries d
     where (d.status = 'pending' and d.next_attempt_at <= clock_timestamp())
        or (d.status = 'sending' and d.claimed_until < clock_timestamp())
     order by d.next_attempt_at, d.id
     limit batch_size
       for update skip locked
  ), claimed as (
    update public.webhook_deliveries d
       set status = 'sending', claimed_until = now() + make_interval(secs => lease_seconds)
      from due
     where d.id = due.id
    returning d.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', c.id, 'attempt', c.attempts + 1, 'url', e.url, 'payload', c.payload,
           'secrets', to_jsonb(array_remove(array[e.secret,
             case when e.previous_secret_expires_at > now() then e.previous_secret end], null)))), '[]')
    from claimed c join public.webhook_endpoints e on e.id = c.endpoint_id;
$$;

-- What became of claimed deliveries, one object per request:
--   {id, ok, status_code?, response_excerpt?, error?, duration_ms}
-- A 2xx succeeds; anything else is retried after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h, 24 h (about
-- three days in all); after the last attempt the delivery fails, the endpoint is disabled, its other
-- pending deliveries fail with it, and the owner is notified.
create or replace function private.record_webhook_attempts(outcomes jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  backoff int[] := array[60, 300, 1800, 7200, 21600, 43200, 86400, 86400];
  o record;
  d public.webhook_deliveries;
  e public.webhook_endpoints;
begin
  for o in
    select * from jsonb_to_recordset(outcomes)
      as x(id uuid, ok boolean, status_code int, response_excerpt text, error text, duration_ms int)
  loop
    update public.webhook_deliveries w
       set attempts = w.attempts + 1, claimed_until = null,
           status = case when o.ok then 'succeeded'
                         when w.attempts + 1 > cardinality(backoff) then 'failed' else 'pending' end,
           next_attempt_at = case when o.ok or w.attempts + 1 > cardinality(backoff) then w.next_attempt_at
                                  else now() + make_interval(secs => backoff[w.attempts + 1]) end,
           finished_at = case when o.ok or w.attempts + 1 > cardinality(backoff) then now() end
     where w.id = o.id and w.status = 'sending'
    returning * into d;
    if not found then
      continue;
    end if;
    insert into public.webhook_attempts (delivery_id, endpoint_id, user_id, event_type, attempt, status_code,
                                         response_excerpt, error, duration_ms)
    values (d.id, d.endpoint_id, d.user_id, d.event_type, d.attempts, o.status_code,
            left(o.response_excerpt, 500), left(o.error, 500), o.duration_ms);
    if d.status = 'failed' then
      update public.webhook_endpoints w
         set enabled = false,
             disabled_reason = format('A delivery failed %s times over about three days.', d.attempts)
       where w.id = d.endpoint_id and w.enabled
      returning * into e;
      if found then
        update public.webhook_deliveries w set status = 'failed', finished_at = now(), claimed_until = null
         where w.endpoint_id = e.id and w.status = 'pending';
        perform private.add_notification(e.user_id, null, 'webhook_disabled',
          jsonb_build_object('webhook_id', e.id, 'url', e.url, 'reason', e.disabled_reason));
      end if;
    end if;
  end loop;
end
$$;

-- Asks the webhook worker to send what is due; nothing happens while webhook_worker_url or worker_secret
-- is unset.
create or replace function private.wake_webhook_worker()
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text := private.setting('webhook_worker_url');
  secret text := private.setting('worker_secret');
begin
  if url is null or secret is null
     or (not exists (select from public.webhook_deliveries d
                      where d.status = 'pending' and d.next_attempt_at <= clock_timestamp())
         and not exists (select from public.webhook_deliveries d
                          where d.status = 'sending' and d.claimed_until < clock_timestamp()))
  then
    return null;
  end if;
  return net.http_post(
    url := url,
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || secret),
    timeout_milliseconds := 60000
  );
end
$$;

create or replace function private.wake_webhook_worker_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.wake_webhook_worker();
  return null;
end
$$;
create trigger webhook_deliveries_wake after insert on public.webhook_deliveries
  for each statement execute function private.wake_webhook_worker_after_insert();

-- Finished deliveries and their attempts are kept 30 days.
create or replace function private.prune_webhook_deliveries()
returns int
language sql
security definer
set search_path = ''
as $$
  with pruned as (
    delete from public.webhook_deliveries d
     where d.status in ('succeeded', 'failed') and d.finished_at < now() - interval '30 days'
    returning 1
  )
  select count(*)::int from pruned
$$;

grant execute on function private.create_webhook(uuid, text, text[]), private.enqueue_webhook(uuid, text, jsonb),
  private.claim_webhook_deliveries(int, int), private.record_webhook_attempts(jsonb),
  private.wake_webhook_worker(), private.prune_webhook_deliveries() to service_role;

do $$
begin
  perform cron.unschedule(jobid) from cron.job where jobname in ('send-webhooks', 'prune-webhooks');
  if (regexp_match((select extversion from pg_extension where extname = 'pg_cron'), '^(\d+)\.(\d+)'))::int[]
     >= array[1, 5] then
    perform cron.schedule('send-webhooks', '10 seconds', 'select private.wake_webhook_worker()');
  else
    perform cron.schedule('send-webhooks', '* * * * *', 'select private.wake_webhook_worker()');
  end if;
  perform cron.schedule('prune-webhooks', '29 4 * * *', 'select private.prune_webhook_deliveries()');
end
$$;
