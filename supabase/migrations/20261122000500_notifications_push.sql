-- Notifications as the API pages them, mobile push tokens, and the push outbox: private functions queue
-- messages, the push-worker function (woken by pg_net on insert and by pg_cron for retries) sends them.

-- On hosted Supabase these are enabled here; on the embedded stack they are already present.
create extension if not exists pg_cron with schema pg_catalog;
do $$
begin
  if not exists (select from pg_namespace where nspname = 'net') then
    create extension pg_net with schema extensions;
  end if;
end
$$;

-- Makes created_at unique per owner (the column named by the trigger's argument): a row that would tie
-- with or precede the owner's newest gets the newest plus one microsecond. A bare timestamp is then an
-- exact page position, so "created_at < cursor" never splits a tie. The advisory lock serializes one
-- owner's inserts, and the max is read after it is taken, so concurrent transactions cannot collide.
-- For any table keyed by owner that is paged by created_at; it needs an index on (owner, created_at).
create or replace function private.unique_created_at()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  owner uuid := (to_jsonb(new) ->> tg_argv[0])::uuid;
  newest timestamptz;
begin
  perform pg_advisory_xact_lock(hashtextextended(tg_table_name || ':' || owner::text, 0));
  execute format('select max(created_at) from %I.%I where %I = $1', tg_table_schema, tg_table_name, tg_argv[0])
    into newest using owner;
  if newest is not null and new.created_at <= newest then
    new.created_at := newest + interval '1 microsecond';
  end if;
  return new;
end
$$;

-- Rows written before this migration may tie; spread them apart before the unique index goes on.
update public.notifications n
   set created_at = n.created_at + (d.rank - 1) * interval '1 microsecond'
  from (select x.id, row_number() over (partition by x.recipient_id, x.created_at order by x.id) as rank
          from public.notifications x) d
 where d.id = n.id and d.rank > 1;

create trigger notifications_unique_created_at before insert on public.notifications
  for each row execute function private.unique_created_at('recipient_id');
-- Serves the page walk (either direction) and guarantees what the trigger promises.
create unique index notifications_recipient_created_at on public.notifications (recipient_id, created_at);
drop index public.notifications_recipient_page;

-- The Notification resource: the sender's public face from the caller's join (null for the service's own
-- notifications, or when the sender's account is gone). created_at is always UTC with six fractional
-- digits, the very string a page's next_cursor repeats.
create or replace function api.notification_json(n public.notifications, sender public.profiles)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('id', n.id, 'type', n.type, 'payload', n.payload, 'is_read', n.is_read,
    'created_at', to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'recipient_id', n.recipient_id,
    'sender', case when sender.id is not null
                then jsonb_build_object('username', sender.username, 'avatar_url', sender.avatar_url) end)
$$;

-- The position a timestamp cursor names (null for the first page); anything but an ISO 8601 date-time is
-- 400 invalid_cursor. Shared by every list whose created_at is unique per owner.
create or replace function private.timestamp_cursor(page_cursor text)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  position timestamptz;
begin
  begin
    position := page_cursor::timestamptz;
  exception when invalid_datetime_format or datetime_field_overflow then
    perform private.raise_api_error(400, 'invalid_cursor',
      'cursor must be an ISO 8601 date-time, such as the next_cursor of a page.');
  end;
  return position;
end
$$;
grant execute on function private.timestamp_cursor(text) to authenticated;

-- GET /notifications: newest first, `page_size` + 1 rows read to learn whether another page exists. The
-- cursor is the last row's created_at; created_at is unique per recipient, so "<" is an exact position.
create or replace function api.list_notifications(page_size int, page_cursor text)
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
    select api.notification_json(n, s) as item, row_number() over (order by n.created_at desc) as k
      from public.notifications n
      left join public.profiles s on s.id = n.sender_id
     where n.recipient_id = (select auth.uid()) and (older_than is null or n.created_at < older_than)
     order by n.created_at desc
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

-- PATCH /notifications: every unread notification of the caller becomes read.
create or replace function api.mark_all_notifications_read()
returns jsonb
language sql
set search_path = ''
as $$
  with marked as (
    update public.notifications n set is_read = true
     where n.recipient_id = (select auth.uid()) and not n.is_read
    returning 1
  )
  select jsonb_build_object('updated_count', count(*)) from marked
$$;

-- GET /notifications/unread-count: answered from the partial index of unread rows.
create or replace function api.count_unread_notifications()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('unread_count', count(*))
    from public.notifications n
   where n.recipient_id = (select auth.uid()) and not n.is_read
$$;

-- PATCH /notifications/{id}: marks one of the caller's notifications read; anyone else's is 404.
create or replace function api.mark_notification_read(notification_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  n public.notifications;
  sender public.profiles;
begin
  update public.notifications x set is_read = true
   where x.id = notification_id and x.recipient_id = (select auth.uid())
  returning * into n;
  if not found then
    perform private.raise_api_error(404, 'notification_not_found', 'No such notification.');
  end if;
  select * into sender from public.profiles p where p.id = n.sender_id;
  return api.notification_json(n, sender);
end
$$;

-- The shape of an Expo push token, as isExpoPushToken (functions/_shared/ports/push.ts) checks it.
create or replace function private.is_expo_push_token(token text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select token ~ '^Expo(nent)?PushToken\[[A-Za-z0-9_-]{16,64}\]$'
$$;
grant execute on function private.is_expo_push_token(text) to service_role;

-- A device's Expo push token belongs to one user at a time: the one who registered it last.
create table public.push_tokens (
  token text primary key constraint push_tokens_token_format check (private.is_expo_push_token(token)),
  user_id uuid not null references public.profiles (id) on delete cascade,
  platform text not null constraint push_tokens_platform check (platform in ('ios', 'android')),
  device_id text constraint push_tokens_device_id_format
    check (device_id is null or (length(device_id) between 1 and 128 and device_id !~ '[[:cntrl:]]')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.push_tokens is 'Expo push tokens; written only by api.register_push_token and '
  'api.unregister_push_token.';
create index push_tokens_user on public.push_tokens (user_id);
create trigger push_tokens_touch before update on public.push_tokens
  for each row execute function private.touch_updated_at();

alter table public.push_tokens enable row level security;
create policy push_tokens_select_own on public.push_tokens for select to authenticated
  using (user_id = (select auth.uid()));
grant select on public.push_tokens to authenticated;
grant all on public.push_tokens to service_role;

-- Messages for the push service. Each row is sent at most once: a claim marks it 'sending' under a lease,
-- and a row whose lease ran out is given up ('delivery_unknown'), never sent again, because the push
-- service may have accepted it before the worker died. Users never see this table.
create table public.push_outbox (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  token text not null constraint push_outbox_token_format check (private.is_expo_push_token(token)),
  title text not null constraint push_outbox_title_length check (length(title) between 1 and 200),
  body text not null constraint push_outbox_body_length check (length(body) <= 1000),
  data jsonb not null default '{}'::jsonb
    constraint push_outbox_data_object check (jsonb_typeof(data) = 'object' and octet_length(data::text) <= 2048),
  status text not null default 'pending'
    constraint push_outbox_status check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  ticket_id text,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
comment on table public.push_outbox is 'Push messages to send; private functions only (enqueue_push, '
  'claim_push_batch, record_push_outcomes).';
create index push_outbox_due on public.push_outbox (next_attempt_at, id) where status = 'pending';
create index push_outbox_claimed on public.push_outbox (claimed_until) where status = 'sending';
create index push_outbox_pending_token on public.push_outbox (token) where status = 'pending';
create index push_outbox_finished on public.push_outbox (created_at) where status in ('sent', 'failed');
create index push_outbox_user on public.push_outbox (user_id);

alter table public.push_outbox enable row level security;
grant all on public.push_outbox to service_role;

-- What was queued for a token and not sent yet is dropped: `reason` says why (the token moved to another
-- user, or its user signed out on the device). `keep_user` keeps that user's messages.
create or replace function private.cancel_pending_pushes(token text, reason text, keep_user uuid default null,
  only_user uuid default null)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.push_outbox o set status = 'failed', last_error = reason
   where o.token = cancel_pending_pushes.token and o.status = 'pending'
     and (keep_user is null or o.user_id <> keep_user)
     and (only_user is null or o.user_id = only_user)
$$;

create or replace function api.push_token_json(t public.push_tokens)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('token', t.token, 'platform', t.platform, 'device_id', t.device_id,
    'created_at', t.created_at, 'updated_at', t.updated_at)
$$;

-- POST /push-tokens: the token becomes the caller's, with this platform and device id (an omitted device id
-- is stored as null). `created` is true when the caller had no row for it, also when it moved from another
-- user (the device changed hands: whatever was still queued for the previous owner is dropped). Definer,
-- because moving a token touches another user's row; the caller is always auth.uid().
create or replace function api.register_push_token(token text, platform text, device_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  previous_owner uuid;
  t public.push_tokens;
begin
  if uid is null then
    perform private.raise_api_error(401, 'unauthorized', 'Sign in to register a push token.');
  end if;
  -- Registrations of one token take turns, so `created` is exact even when two arrive at once.
  perform pg_advisory_xact_lock(hashtextextended('push_tokens:' || token, 0));
  select p.user_id into previous_owner from public.push_tokens p where p.token = register_push_token.token;
  begin
    insert into public.push_tokens as p (token, user_id, platform, device_id)
    values (register_push_token.token, uid, register_push_token.platform, register_push_token.device_id)
    on conflict on constraint push_tokens_pkey do update
      set user_id = excluded.user_id, platform = excluded.platform, device_id = excluded.device_id,
          created_at = case when p.user_id = excluded.user_id then p.created_at else now() end
    returning * into t;
  exception
    when check_violation then
      perform private.raise_api_error(400, 'invalid_request',
        'token must be an Expo push token, platform ios or android, device_id 1..128 printable characters.');
    when foreign_key_violation then
      perform private.raise_api_error(404, 'profile_not_found', 'No profile exists for this account.');
  end;
  if previous_owner <> uid then
    perform private.cancel_pending_pushes(token, 'token_reassigned', keep_user => uid);
  end if;
  return jsonb_build_object('created', previous_owner is distinct from uid, 'push_token', api.push_token_json(t));
end
$$;

-- DELETE /push-tokens/{token}: the caller signs out on a device. Idempotent; another user's token is left
-- alone. The caller's messages still queued for the device are dropped.
create or replace function api.unregister_push_token(token text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    perform private.raise_api_error(401, 'unauthorized', 'Sign in to unregister a push token.');
  end if;
  delete from public.push_tokens p where p.token = unregister_push_token.token and p.user_id = uid;
  perform private.cancel_pending_pushes(token, 'token_unregistered', only_user => uid);
end
$$;

-- Text that fits `max_length` characters; a cut is marked with an ellipsis.
create or replace function private.shorten(value text, max_length int)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when length(value) <= max_length then value else left(value, max_length - 1) || '…' end
$$;

-- Queues one push and returns its outbox id; it leaves once the transaction commits (the insert wakes the
-- push worker). Returns null, queuing nothing, when `token` is not an Expo push token or is registered to
-- another user (the device changed hands). Title and body are shortened to 200 and 1000 characters.
--
-- The completion push of a job (queued by the job pipeline's finalize step):
--   title  '<App name> is ready' or '<App name> could not be generated'
--   body   a sentence on the outcome (the error's message when the job failed)
--   data   {"type": "job_succeeded" | "job_failed", "job_id": <uuid>, "project_id": <int64 or null>,
--           "status": "succeeded" | "failed"}
create or replace function private.enqueue_push(user_id uuid, token text, title text, body text, data jsonb)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued_id bigint;
begin
  if not coalesce(private.is_expo_push_token(token), false)
     or exists (select from public.push_tokens p
                 where p.token = enqueue_push.token and p.user_id <> enqueue_push.user_id) then
    return null;
  end if;
  insert into public.push_outbox (user_id, token, title, body, data)
  values (enqueue_push.user_id, enqueue_push.token, private.shorten(enqueue_push.title, 200),
          private.shorten(enqueue_push.body, 1000), coalesce(enqueue_push.data, '{}'::jsonb))
  returning id into queued_id;
  return queued_id;
end
$$;
comment on function private.enqueue_push(uuid, text, text, text, jsonb) is
  'Queues a push. Job completion: title "<App name> is ready" / "<App name> could not be generated", '
  'data {type: job_succeeded|job_failed, job_id, project_id, status}.';

-- Gives up on messages whose claim ran out while 'sending': the worker died after handing them over, or
-- before, nobody can tell, so they are failed as 'delivery_unknown' rather than risk a second delivery.
create or replace function private.expire_push_claims()
returns int
language sql
security definer
set search_path = ''
as $$
  with expired as (
    update public.push_outbox o set status = 'failed', last_error = 'delivery_unknown', claimed_until = null
     where o.status = 'sending' and o.claimed_until < now()
    returning 1
  )
  select count(*)::int from expired
$$;

-- Claims up to `batch_size` due messages, oldest due first, for `lease_seconds`; concurrent workers take
-- disjoint rows. `only_user` narrows the claim to one user's messages.
create or replace function private.claim_push_batch(batch_size int default 100, lease_seconds int default 60,
  only_user uuid default null)
returns setof public.push_outbox
language sql
security definer
set search_path = ''
as $$
  with due as (
    select d.id from public.push_outbox d
     where d.status = 'pending' and d.next_attempt_at <= now() and (only_user is null or d.user_id = only_user)
     order by d.next_attempt_at, d.id
     limit batch_size
       for update skip locked
  )
  update public.push_outbox o
     set status = 'sending', claimed_until = now() + make_interval(secs => lease_seconds)
    from due
   where o.id = due.id
  returning o.*
$$;

-- What became of claimed messages, one object per message:
--   {id, status: 'sent', ticket_id}          sent, the push service's ticket kept
--   {id, status: 'device_not_registered'}    failed 'DeviceNotRegistered'; the token is forgotten
--   {id, status: 'retry', reason, retry_in_seconds}   pending again after the delay
--   {id, status: 'failed', reason}            failed for good
-- Every outcome counts one attempt. The worker decides delays and when retries end (push-retry.ts).
-- Messages no longer 'sending' (their claim expired meanwhile) are left as they are.
create or replace function private.record_push_outcomes(outcomes jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select from jsonb_to_recordset(outcomes) as x(status text)
              where x.status is null or x.status not in ('sent', 'device_not_registered', 'retry', 'failed')) then
    raise exception 'record_push_outcomes: unknown outcome status in %', outcomes;
  end if;
  delete from public.push_tokens t
   using jsonb_to_recordset(outcomes) as x(id bigint, status text), public.push_outbox o
   where x.status = 'device_not_registered' and o.id = x.id and o.status = 'sending' and t.token = o.token;
  update public.push_outbox o
     set status = case x.status when 'sent' then 'sent' when 'retry' then 'pending' else 'failed' end,
         attempts = o.attempts + 1,
         claimed_until = null,
         ticket_id = case when x.status = 'sent' then x.ticket_id end,
         sent_at = case when x.status = 'sent' then now() end,
         next_attempt_at = case when x.status = 'retry'
                             then now() + make_interval(secs => x.retry_in_seconds) else o.next_attempt_at end,
         last_error = case x.status when 'sent' then o.last_error
                                    when 'device_not_registered' then 'DeviceNotRegistered'
                                    else x.reason end
    from jsonb_to_recordset(outcomes) as x(id bigint, status text, ticket_id text, reason text,
                                           retry_in_seconds int)
   where o.id = x.id and o.status = 'sending';
end
$$;

-- Asks the push worker to drain the outbox when something is due (a pending message whose time has come,
-- or a claim that ran out). The request leaves after the transaction commits; nothing happens while
-- push_worker_url or worker_secret is unset.
create or replace function private.wake_push_worker()
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text := private.setting('push_worker_url');
  secret text := private.setting('worker_secret');
begin
  if url is null or secret is null
     or (not exists (select from public.push_outbox o where o.status = 'pending' and o.next_attempt_at <= now())
         and not exists (select from public.push_outbox o where o.status = 'sending' and o.claimed_until < now()))
  then
    return null;
  end if;
  return net.http_post(
    url := url,
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || secret),
    -- The worker answers once the outbox is drained; only the recorded response waits that long.
    timeout_milliseconds := 60000
  );
end
$$;

create or replace function private.wake_push_worker_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.wake_push_worker();
  return null;
end
$$;
create trigger push_outbox_wake after insert on public.push_outbox
  for each statement execute function private.wake_push_worker_after_insert();

-- Sent and failed messages are kept 30 days for inspection, then removed.
create or replace function private.prune_push_outbox()
returns int
language sql
security definer
set search_path = ''
as $$
  with pruned as (
    delete from public.push_outbox o
     where o.status in ('sent', 'failed') and o.created_at < now() - interval '30 days'
    returning 1
  )
  select count(*)::int from pruned
$$;

grant execute on function
  api.notification_json(public.notifications, public.profiles),
  api.list_notifications(int, text),
  api.mark_all_notifications_read(),
  api.count_unread_notifications(),
  api.mark_notification_read(uuid),
  api.push_token_json(public.push_tokens),
  api.register_push_token(text, text, text),
  api.unregister_push_token(text)
  to authenticated;
grant execute on function
  private.enqueue_push(uuid, text, text, text, jsonb),
  private.expire_push_claims(),
  private.claim_push_batch(int, int, uuid),
  private.record_push_outcomes(jsonb),
  private.wake_push_worker(),
  private.prune_push_outbox()
  to service_role;

-- Retries come due without an insert to wake the worker: pg_cron looks every 10 seconds where it has
-- second schedules (1.5+, as on hosted Supabase), else every minute. Pruning runs daily.
do $$
begin
  perform cron.unschedule(jobid) from cron.job where jobname in ('drain-push-outbox', 'prune-push-outbox');
  -- extversion reads like '1.4-1' on Debian and '1.6' on hosted Supabase.
  if (regexp_match((select extversion from pg_extension where extname = 'pg_cron'), '^(\d+)\.(\d+)'))::int[]
     >= array[1, 5] then
    perform cron.schedule('drain-push-outbox', '10 seconds', 'select private.wake_push_worker()');
  else
    perform cron.schedule('drain-push-outbox', '* * * * *', 'select private.wake_push_worker()');
  end if;
  perform cron.schedule('prune-push-outbox', '17 4 * * *', 'select private.prune_push_outbox()');
end
$$;
