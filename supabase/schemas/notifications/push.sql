-- Mobile push tokens and the push outbox the push-worker function drains.
-- pg_cron runs private.prune_push_outbox() daily (supabase/migrations/*_schedules_and_rows.sql).

-- The shape of an Expo push token, as isExpoPushToken (functions/_shared/ports/push.ts) checks it.
CREATE FUNCTION private.is_expo_push_token(token text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select token ~ '^Expo(nent)?PushToken\[[A-Za-z0-9_-]{16,64}\]$'
$_$;
GRANT EXECUTE ON FUNCTION private.is_expo_push_token(token text) TO service_role;

-- A device's Expo push token belongs to one user at a time: the one who registered it last.
CREATE TABLE public.push_tokens (
    token text NOT NULL,
    user_id uuid NOT NULL,
    platform text NOT NULL,
    device_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    -- The OAuth client whose token registered it; null for the service's own sessions.
    client_id text,
    CONSTRAINT push_tokens_device_id_format CHECK (((device_id IS NULL) OR ((length(device_id) BETWEEN 1 AND 128) AND (device_id !~ '[[:cntrl:]]'::text)))),
    CONSTRAINT push_tokens_platform CHECK ((platform = ANY (ARRAY['ios'::text, 'android'::text]))),
    CONSTRAINT push_tokens_token_format CHECK (private.is_expo_push_token(token))
);
ALTER TABLE ONLY public.push_tokens
    ADD CONSTRAINT push_tokens_pkey PRIMARY KEY (token);
CREATE INDEX push_tokens_client ON public.push_tokens USING btree (user_id, client_id) WHERE (client_id IS NOT NULL);
CREATE INDEX push_tokens_user ON public.push_tokens USING btree (user_id);
ALTER TABLE ONLY public.push_tokens
    ADD CONSTRAINT push_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;
ALTER TABLE public.push_tokens ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.push_tokens IS 'Expo push tokens; written only by api.register_push_token and api.unregister_push_token.';
GRANT SELECT ON TABLE public.push_tokens TO authenticated;
GRANT ALL ON TABLE public.push_tokens TO service_role;

-- Messages for the push service. Each row is sent at most once: a claim marks it 'sending' under a lease,
-- and a row whose lease ran out is given up ('delivery_unknown'), never sent again, because the push
-- service may have accepted it before the worker died. Users never see this table.
CREATE TABLE public.push_outbox (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    token text NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    data jsonb DEFAULT '{}'::jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    claimed_until timestamp with time zone,
    ticket_id text,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    receipt_status text,
    receipt_error text,
    receipt_checked_at timestamp with time zone,
    CONSTRAINT push_outbox_body_length CHECK ((length(body) <= 1000)),
    CONSTRAINT push_outbox_data_object CHECK (((jsonb_typeof(data) = 'object'::text) AND (octet_length((data)::text) <= 2048))),
    CONSTRAINT push_outbox_receipt_status CHECK ((receipt_status = ANY (ARRAY['ok'::text, 'error'::text, 'unavailable'::text]))),
    CONSTRAINT push_outbox_status CHECK ((status = ANY (ARRAY['pending'::text, 'sending'::text, 'sent'::text, 'failed'::text]))),
    CONSTRAINT push_outbox_title_length CHECK (((length(title) >= 1) AND (length(title) <= 200))),
    CONSTRAINT push_outbox_token_format CHECK (private.is_expo_push_token(token))
);
ALTER TABLE public.push_outbox ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.push_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY public.push_outbox
    ADD CONSTRAINT push_outbox_pkey PRIMARY KEY (id);
CREATE INDEX push_outbox_claimed ON public.push_outbox USING btree (claimed_until) WHERE (status = 'sending'::text);
CREATE INDEX push_outbox_due ON public.push_outbox USING btree (next_attempt_at, id) WHERE (status = 'pending'::text);
CREATE INDEX push_outbox_finished ON public.push_outbox USING btree (created_at) WHERE (status = ANY (ARRAY['sent'::text, 'failed'::text]));
CREATE INDEX push_outbox_pending_token ON public.push_outbox USING btree (token) WHERE (status = 'pending'::text);
CREATE INDEX push_outbox_receipts_due ON public.push_outbox USING btree (sent_at) WHERE ((status = 'sent'::text) AND (ticket_id IS NOT NULL) AND (receipt_status IS NULL));
CREATE INDEX push_outbox_user ON public.push_outbox USING btree (user_id);
ALTER TABLE ONLY public.push_outbox
    ADD CONSTRAINT push_outbox_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;
ALTER TABLE public.push_outbox ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.push_outbox IS 'Push messages to send; private functions only (enqueue_push, claim_push_batch, record_push_outcomes).';
GRANT ALL ON TABLE public.push_outbox TO service_role;

-- What was queued for a token and not sent yet is dropped: `reason` says why (the token moved to another
-- user, or its user signed out on the device). `keep_user` keeps that user's messages.
CREATE FUNCTION private.cancel_pending_pushes(token text, reason text, keep_user uuid DEFAULT NULL::uuid, only_user uuid DEFAULT NULL::uuid) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update public.push_outbox o set status = 'failed', last_error = reason
   where o.token = cancel_pending_pushes.token and o.status = 'pending'
     and (keep_user is null or o.user_id <> keep_user)
     and (only_user is null or o.user_id = only_user)
$$;

CREATE FUNCTION api.push_token_json(t public.push_tokens) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('token', t.token, 'platform', t.platform, 'device_id', t.device_id,
    'created_at', t.created_at, 'updated_at', t.updated_at)
$$;
GRANT EXECUTE ON FUNCTION api.push_token_json(t public.push_tokens) TO authenticated;

-- POST /push-tokens: the token becomes the caller's, with this platform and device id (an omitted device id is
-- stored as null). `created` is true when the caller had no row for it. Definer, because users have no write
-- grant on the table and must learn that someone else holds a token they cannot read; the caller is always
-- auth.uid(). A token registered again belongs to the client of the new registration (the stamp the insert
-- trigger put on the proposed row), so revoking the client that registered it first leaves a device the user
-- has since registered themselves.
CREATE FUNCTION api.register_push_token(token text, platform text, device_id text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  uid uuid := (select auth.uid());
  holder uuid;
  t public.push_tokens;
begin
  if uid is null then
    perform private.raise_api_error(401, 'unauthorized', 'Sign in to register a push token.');
  end if;
  -- Registrations of one token take turns, so `created` is exact even when two arrive at once.
  perform pg_advisory_xact_lock(hashtextextended('push_tokens:' || token, 0));
  select p.user_id into holder from public.push_tokens p where p.token = register_push_token.token;
  if holder <> uid then
    perform private.raise_api_error(409, 'push_token_taken',
      'Another account holds this push token; it must sign out on the device first.');
  end if;
  begin
    insert into public.push_tokens as p (token, user_id, platform, device_id)
    values (register_push_token.token, uid, register_push_token.platform, register_push_token.device_id)
    on conflict on constraint push_tokens_pkey do update
      set platform = excluded.platform, device_id = excluded.device_id, client_id = excluded.client_id
    returning * into t;
  exception
    when check_violation then
      perform private.raise_api_error(400, 'invalid_request',
        'token must be an Expo push token, platform ios or android, device_id 1..128 printable characters.');
    when foreign_key_violation then
      perform private.raise_api_error(404, 'profile_not_found', 'No profile exists for this account.');
  end;
  return jsonb_build_object('created', holder is null, 'push_token', api.push_token_json(t));
end
$$;
GRANT EXECUTE ON FUNCTION api.register_push_token(token text, platform text, device_id text) TO authenticated;

-- DELETE /push-tokens/{token}: the caller signs out on a device. Idempotent; another user's token is left
-- alone. The caller's messages still queued for the device are dropped.
CREATE FUNCTION api.unregister_push_token(token text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION api.unregister_push_token(token text) TO authenticated;

-- Queues one push and returns its outbox id; it leaves once the transaction commits (the insert wakes the
-- push worker). Returns null, queuing nothing, unless `token` is an Expo push token that `user_id` registered.
-- Title and body are shortened to 200 and 1000 characters.
--
-- The completion push of a job (queued by the job pipeline's finalize step):
--   title  '<App name> is ready' or '<App name> could not be generated'
--   body   a sentence on the outcome (the error's message when the job failed)
--   data   {"type": "job_succeeded" | "job_failed", "job_id": <uuid>, "project_id": <int64 or null>,
--           "status": "succeeded" | "failed"}
CREATE FUNCTION private.enqueue_push(user_id uuid, token text, title text, body text, data jsonb) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  queued_id bigint;
begin
  if not exists (select from public.push_tokens p
                  where p.token = enqueue_push.token and p.user_id = enqueue_push.user_id) then
    return null;
  end if;
  insert into public.push_outbox (user_id, token, title, body, data)
  values (enqueue_push.user_id, enqueue_push.token, private.shorten(enqueue_push.title, 200),
          private.shorten(enqueue_push.body, 1000), coalesce(enqueue_push.data, '{}'::jsonb))
  returning id into queued_id;
  return queued_id;
end
$$;
COMMENT ON FUNCTION private.enqueue_push(user_id uuid, token text, title text, body text, data jsonb) IS 'Queues a push. Job completion: title "<App name> is ready" / "<App name> could not be generated", data {type: job_succeeded|job_failed, job_id, project_id, status}.';
GRANT EXECUTE ON FUNCTION private.enqueue_push(user_id uuid, token text, title text, body text, data jsonb) TO service_role;

-- Gives up on messages whose claim ran out while 'sending': the worker died after handing them over, or
-- before, nobody can tell, so they are failed as 'delivery_unknown' rather than risk a second delivery.
CREATE FUNCTION private.expire_push_claims() RETURNS integer
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with expired as (
    update public.push_outbox o set status = 'failed', last_error = 'delivery_unknown', claimed_until = null
     where o.status = 'sending' and o.claimed_until < now()
    returning 1
  )
  select count(*)::int from expired
$$;
GRANT EXECUTE ON FUNCTION private.expire_push_claims() TO service_role;

-- Claims up to `batch_size` due messages, oldest due first, for `lease_seconds`; concurrent workers take
-- disjoint rows. `only_user` narrows the claim to one user's messages.
CREATE FUNCTION private.claim_push_batch(batch_size integer DEFAULT 100, lease_seconds integer DEFAULT 60, only_user uuid DEFAULT NULL::uuid) RETURNS SETOF public.push_outbox
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION private.claim_push_batch(batch_size integer, lease_seconds integer, only_user uuid) TO service_role;

-- What became of claimed messages, one object per message:
--   {id, status: 'sent', ticket_id}          sent, the push service's ticket kept
--   {id, status: 'device_not_registered'}    failed 'DeviceNotRegistered'; the token is forgotten
--   {id, status: 'retry', reason, retry_in_seconds}   pending again after the delay
--   {id, status: 'failed', reason}            failed for good
-- Every outcome counts one attempt. The worker decides delays and when retries end (push-retry.ts).
-- Messages no longer 'sending' (their claim expired meanwhile) are left as they are.
CREATE FUNCTION private.record_push_outcomes(outcomes jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION private.record_push_outcomes(outcomes jsonb) TO service_role;

-- Sent and failed messages are kept 30 days for inspection, then removed.
CREATE FUNCTION private.prune_push_outbox() RETURNS integer
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with pruned as (
    delete from public.push_outbox o
     where o.status in ('sent', 'failed') and o.created_at < now() - interval '30 days'
    returning 1
  )
  select count(*)::int from pruned
$$;
GRANT EXECUTE ON FUNCTION private.prune_push_outbox() TO service_role;

-- Sent messages whose receipt is due: accepted at least `min_age_seconds` ago (Expo's advice: 15 minutes)
-- and not yet resolved, oldest first. `only_user` narrows them to one user's messages.
CREATE FUNCTION private.due_push_receipts(batch_size integer DEFAULT 1000, min_age_seconds integer DEFAULT 900, only_user uuid DEFAULT NULL::uuid) RETURNS TABLE(id bigint, ticket_id text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select o.id, o.ticket_id from public.push_outbox o
   where o.status = 'sent' and o.ticket_id is not null and o.receipt_status is null
     and o.sent_at <= now() - make_interval(secs => min_age_seconds)
     and (only_user is null or o.user_id = only_user)
   order by o.sent_at
   limit batch_size
$$;
GRANT EXECUTE ON FUNCTION private.due_push_receipts(batch_size integer, min_age_seconds integer, only_user uuid) TO service_role;

-- What Expo said per message: {id, status: 'ok'} | {id, status: 'error', error, message?} |
-- {id, status: 'missing'} (no receipt yet: asked again later, until the ticket is a day old).
CREATE FUNCTION private.record_push_receipts(receipts jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION private.record_push_receipts(receipts jsonb) TO service_role;

-- Forgets each user's registrations beyond the newest `max_push_tokens_per_user` (by the last time they were
-- registered), with whatever was queued for them. Under the owner's wallet lock, the per-user lock of the
-- other row limits, so concurrent registrations cannot leave more.
CREATE FUNCTION private.keep_newest_push_tokens() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  cap int := private.setting('max_push_tokens_per_user', '10')::int;
  owner uuid;
  dropped text;
begin
  for owner in select distinct user_id from changed order by 1 loop
    perform from public.wallets w where w.user_id = owner for update;
    for dropped in
      delete from public.push_tokens p
       where p.user_id = owner
         and p.token not in (select k.token from public.push_tokens k where k.user_id = owner
                              order by k.updated_at desc, k.token limit cap)
      returning p.token
    loop
      perform private.cancel_pending_pushes(dropped, 'token_evicted', only_user => owner);
    end loop;
  end loop;
  return null;
end
$$;

CREATE POLICY push_tokens_select_own ON public.push_tokens FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER push_tokens_touch BEFORE UPDATE ON public.push_tokens FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();

CREATE TRIGGER push_outbox_wake AFTER INSERT ON public.push_outbox FOR EACH STATEMENT EXECUTE FUNCTION private.wake_worker_after_insert('push');

CREATE TRIGGER push_tokens_client BEFORE INSERT ON public.push_tokens FOR EACH ROW EXECUTE FUNCTION private.stamp_request_client();

CREATE TRIGGER push_tokens_keep_newest AFTER INSERT ON public.push_tokens REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.keep_newest_push_tokens();
