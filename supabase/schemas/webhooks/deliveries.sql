-- Outbound webhook deliveries and attempts, queued by events and sent by the webhook-worker function.
-- pg_cron runs private.prune_webhook_deliveries() daily (supabase/migrations/*_schedules_and_rows.sql).

CREATE TABLE public.webhook_deliveries (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    endpoint_id uuid NOT NULL,
    user_id uuid NOT NULL,
    event_type text NOT NULL,
    -- {type, timestamp, data}: the body as sent, signed over its exact JSON text.
    payload jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    claimed_until timestamp with time zone,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    finished_at timestamp with time zone,
    CONSTRAINT webhook_deliveries_status CHECK ((status = ANY (ARRAY['pending'::text, 'sending'::text, 'succeeded'::text, 'failed'::text])))
);
ALTER TABLE ONLY public.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (id);
CREATE INDEX webhook_deliveries_claims ON public.webhook_deliveries USING btree (claimed_until) WHERE (status = 'sending'::text);
CREATE INDEX webhook_deliveries_due ON public.webhook_deliveries USING btree (next_attempt_at) WHERE (status = 'pending'::text);
CREATE INDEX webhook_deliveries_endpoint ON public.webhook_deliveries USING btree (endpoint_id);
CREATE INDEX webhook_deliveries_user ON public.webhook_deliveries USING btree (user_id);
ALTER TABLE ONLY public.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES public.webhook_endpoints(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.webhook_deliveries ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.webhook_deliveries TO authenticated;
GRANT ALL ON TABLE public.webhook_deliveries TO service_role;

-- One row per request made (or refused before it left): what the endpoint answered, in short.
CREATE TABLE public.webhook_attempts (
    id bigint NOT NULL,
    delivery_id uuid NOT NULL,
    endpoint_id uuid NOT NULL,
    user_id uuid NOT NULL,
    event_type text NOT NULL,
    attempt integer NOT NULL,
    status_code integer,
    response_excerpt text,
    error text,
    duration_ms integer,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT webhook_attempts_excerpt CHECK ((length(response_excerpt) <= 500))
);
ALTER TABLE public.webhook_attempts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.webhook_attempts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY public.webhook_attempts
    ADD CONSTRAINT webhook_attempts_pkey PRIMARY KEY (id);
CREATE INDEX webhook_attempts_delivery ON public.webhook_attempts USING btree (delivery_id);
CREATE INDEX webhook_attempts_endpoint_created_at ON public.webhook_attempts USING btree (endpoint_id, created_at);
CREATE UNIQUE INDEX webhook_attempts_user_created_at ON public.webhook_attempts USING btree (user_id, created_at);
ALTER TABLE ONLY public.webhook_attempts
    ADD CONSTRAINT webhook_attempts_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES public.webhook_deliveries(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.webhook_attempts
    ADD CONSTRAINT webhook_attempts_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES public.webhook_endpoints(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.webhook_attempts
    ADD CONSTRAINT webhook_attempts_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.webhook_attempts ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.webhook_attempts TO authenticated;
GRANT ALL ON TABLE public.webhook_attempts TO service_role;

-- GET /webhooks/{id}/attempts: the endpoint's attempts newest first, by an exact timestamp cursor.
CREATE FUNCTION api.list_webhook_attempts(webhook_id uuid, page_size integer, page_cursor text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION api.list_webhook_attempts(webhook_id uuid, page_size integer, page_cursor text) TO authenticated;

-- Queues `event_type` for every enabled endpoint of `owner` that subscribed to it, in the caller's
-- transaction; the insert wakes the worker, whose request leaves after the commit.
CREATE FUNCTION private.enqueue_webhook(owner uuid, event_type text, data jsonb) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  queued int;
begin
  if not private.wants_webhook(owner, event_type) then
    return 0;
  end if;
  insert into public.webhook_deliveries (endpoint_id, user_id, event_type, payload)
  select e.id, owner, event_type,
         jsonb_build_object('type', event_type, 'timestamp', private.utc_iso(clock_timestamp()), 'data', data)
    from public.webhook_endpoints e
   where e.user_id = owner and e.enabled and event_type = any (e.events);
  get diagnostics queued = row_count;
  return queued;
end
$$;
GRANT EXECUTE ON FUNCTION private.enqueue_webhook(owner uuid, event_type text, data jsonb) TO service_role;

CREATE FUNCTION private.webhook_job_finished() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if private.wants_webhook(new.user_id, 'job.' || new.status) then
    perform private.enqueue_webhook(new.user_id, 'job.' || new.status, private.job_json(new));
  end if;
  return null;
end
$$;

CREATE FUNCTION private.webhook_wallet_topped_up() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.enqueue_webhook(new.user_id, 'wallet.topped_up', jsonb_build_object(
    'transaction_id', new.id, 'credits', new.amount, 'balance_after', new.balance_after,
    'bonus_balance_after', new.bonus_balance_after, 'amount_eur', new.metadata -> 'amount_eur',
    'currency', new.metadata -> 'currency', 'created_at', private.utc_iso(new.created_at)));
  return null;
end
$$;

-- Claims up to `batch_size` due deliveries of enabled endpoints for `lease_seconds`, with what the worker
-- needs to sign and send them. A claim that ran out (the worker died) is due again: receivers dedupe by
-- webhook-id, as the specification asks.
CREATE FUNCTION private.claim_webhook_deliveries(batch_size integer, lease_seconds integer) RETURNS jsonb
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION private.claim_webhook_deliveries(batch_size integer, lease_seconds integer) TO service_role;

-- What became of claimed deliveries, one object per request:
--   {id, ok, status_code?, response_excerpt?, error?, duration_ms}
-- A 2xx succeeds; anything else is retried after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h, 24 h (about
-- three days in all); after the last attempt the delivery fails, the endpoint is disabled, its other
-- pending deliveries fail with it, and the owner is notified.
CREATE FUNCTION private.record_webhook_attempts(outcomes jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION private.record_webhook_attempts(outcomes jsonb) TO service_role;

-- Finished deliveries and their attempts are kept 30 days.
CREATE FUNCTION private.prune_webhook_deliveries() RETURNS integer
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with pruned as (
    delete from public.webhook_deliveries d
     where d.status in ('succeeded', 'failed') and d.finished_at < now() - interval '30 days'
    returning 1
  )
  select count(*)::int from pruned
$$;
GRANT EXECUTE ON FUNCTION private.prune_webhook_deliveries() TO service_role;

CREATE POLICY webhook_deliveries_select_own ON public.webhook_deliveries FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY webhook_attempts_select_own ON public.webhook_attempts FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER webhook_attempts_unique_created_at BEFORE INSERT ON public.webhook_attempts FOR EACH ROW EXECUTE FUNCTION private.unique_created_at('user_id');

CREATE TRIGGER jobs_webhook AFTER UPDATE OF status ON public.jobs FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) AND (new.status = ANY (ARRAY['succeeded'::text, 'failed'::text, 'canceled'::text])))) EXECUTE FUNCTION private.webhook_job_finished();

CREATE TRIGGER wallet_transactions_webhook AFTER INSERT ON public.wallet_transactions FOR EACH ROW WHEN ((new.reason = 'topup'::text)) EXECUTE FUNCTION private.webhook_wallet_topped_up();

CREATE TRIGGER webhook_deliveries_wake AFTER INSERT ON public.webhook_deliveries FOR EACH STATEMENT EXECUTE FUNCTION private.wake_worker_after_insert('webhook');
