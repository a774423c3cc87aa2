-- Expo push receipts: about 15 minutes after a message was accepted, the push worker asks Expo what became
-- of it. `DeviceNotRegistered` forgets the token (the app was uninstalled); other errors are recorded on
-- the message. Expo keeps receipts for a day; a ticket still without one then is marked `unavailable`.

alter table public.push_outbox
  add column receipt_status text constraint push_outbox_receipt_status check (receipt_status in ('ok', 'error', 'unavailable')),
  add column receipt_error text,
  add column receipt_checked_at timestamptz;
create index push_outbox_receipts_due on public.push_outbox (sent_at)
  where status = 'sent' and ticket_id is not null and receipt_status is null;

-- Sent messages whose receipt is due: accepted at least `min_age_seconds` ago (Expo's advice: 15 minutes)
-- and not yet resolved, oldest first. `only_user` narrows them to one user's messages.
create or replace function private.due_push_receipts(batch_size int default 1000, min_age_seconds int default 900,
  only_user uuid default null)
returns table (id bigint, ticket_id text)
language sql
stable
security definer
set search_path = ''
as $$
  select o.id, o.ticket_id from public.push_outbox o
   where o.status = 'sent' and o.ticket_id is not null and o.receipt_status is null
     and o.sent_at <= now() - make_interval(secs => min_age_seconds)
     and (only_user is null or o.user_id = only_user)
   order by o.sent_at
   limit batch_size
$$;

-- What Expo said per message: {id, status: 'ok'} | {id, status: 'error', error, message?} |
-- {id, status: 'missing'} (no receipt yet: asked again later, until the ticket is a day old).
create or replace function private.record_push_receipts(receipts jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.push_tokens t
   using jsonb_to_recordset(receipts) as x(id bigint, status text, error text), public.push_outbox o
   where x.status = 'error' and x.error = 'DeviceNotRegistered' and o.id = x.id and t.token = o.token;
  update public.push_outbox o
     set receipt_status = case when x.status in ('ok', 'error') then x.status else 'unavailable' end,
         receipt_error = case when x.status = 'error'
                           then private.shorten(concat_ws(': ', x.error, x.message), 500) end,
         receipt_checked_at = now()
    from jsonb_to_recordset(receipts) as x(id bigint, status text, error text, message text)
   where o.id = x.id and o.receipt_status is null
     and (x.status in ('ok', 'error') or o.sent_at < now() - interval '1 day');
end
$$;

-- The push worker is woken also while receipts are due.
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
         and not exists (select from public.push_outbox o where o.status = 'sending' and o.claimed_until < now())
         and not exists (select from private.due_push_receipts(1)))
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

grant execute on function private.due_push_receipts(int, int, uuid), private.record_push_receipts(jsonb)
  to service_role;
