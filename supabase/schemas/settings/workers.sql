-- Waking the edge-function workers (push, webhooks) through pg_net when they have work.
-- pg_cron runs private.wake_worker('push') and ('webhook') every few seconds (supabase/migrations/*_schedules_and_rows.sql).

-- Whether the worker has something to do now: for `push`, a pending message whose time has come, a claim
-- that ran out or a receipt due; for `webhook`, the same for deliveries.
CREATE FUNCTION private.worker_has_work(worker text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
CREATE FUNCTION private.wake_worker(worker text) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION private.wake_worker(worker text) TO service_role;

-- Statement trigger: wakes the worker named by the trigger's argument.
CREATE FUNCTION private.wake_worker_after_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.wake_worker(tg_argv[0]);
  return null;
end
$$;
