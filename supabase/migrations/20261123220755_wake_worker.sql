-- One way to wake a worker the database feeds (the push worker, the webhook worker): private.wake_worker
-- posts to the worker's `<name>_worker_url` with the shared secret when private.worker_has_work says
-- something is due, and one trigger function wakes the worker its trigger names after an insert.

-- Whether the worker has something to do now: for `push`, a pending message whose time has come, a claim
-- that ran out or a receipt due; for `webhook`, the same for deliveries.
create or replace function private.worker_has_work(worker text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case worker
    when 'push' then
      exists (select from public.push_outbox o where o.status = 'pending' and o.next_attempt_at <= now())
      or exists (select from public.push_outbox o where o.status = 'sending' and o.claimed_until < now())
      or exists (select from private.due_push_receipts(1))
    when 'webhook' then
      exists (select from public.webhook_deliveries d
               where d.status = 'pending' and d.next_attempt_at <= clock_timestamp())
      or exists (select from public.webhook_deliveries d
                  where d.status = 'sending' and d.claimed_until < clock_timestamp())
    else false
  end
$$;

-- Asks the worker to do what is due. The request leaves after the transaction commits; nothing happens
-- while `<worker>_worker_url` or worker_secret is unset. Returns the request's id, or null.
create or replace function private.wake_worker(worker text)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text := private.setting(worker || '_worker_url');
  secret text := private.setting('worker_secret');
begin
  if url is null or secret is null or not private.worker_has_work(worker) then
    return null;
  end if;
  return net.http_post(
    url := url,
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || secret),
    -- The worker answers once it has sent what was due; only the recorded response waits that long.
    timeout_milliseconds := 60000
  );
end
$$;

-- Statement trigger: wakes the worker named by the trigger's argument.
create or replace function private.wake_worker_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.wake_worker(tg_argv[0]);
  return null;
end
$$;

drop trigger push_outbox_wake on public.push_outbox;
create trigger push_outbox_wake after insert on public.push_outbox
  for each statement execute function private.wake_worker_after_insert('push');
drop trigger webhook_deliveries_wake on public.webhook_deliveries;
create trigger webhook_deliveries_wake after insert on public.webhook_deliveries
  for each statement execute function private.wake_worker_after_insert('webhook');

grant execute on function private.wake_worker(text) to service_role;

-- pg_cron wakes them for what comes due without an insert: every 10 seconds where it has second schedules
-- (1.5+, as on hosted Supabase; extversion reads like '1.4-1' on Debian), else every minute.
do $$
declare
  often text := case when (regexp_match((select extversion from pg_extension where extname = 'pg_cron'),
                                        '^(\d+)\.(\d+)'))::int[] >= array[1, 5]
                     then '10 seconds' else '* * * * *' end;
begin
  perform cron.unschedule(jobid) from cron.job where jobname in ('drain-push-outbox', 'send-webhooks');
  perform cron.schedule('drain-push-outbox', often, $c$select private.wake_worker('push')$c$);
  perform cron.schedule('send-webhooks', often, $c$select private.wake_worker('webhook')$c$);
end
$$;

drop function private.wake_push_worker_after_insert();
drop function private.wake_webhook_worker_after_insert();
drop function private.wake_push_worker();
drop function private.wake_webhook_worker();
