-- Outbound webhook endpoints a user registers, and which events they want.

CREATE TABLE public.webhook_endpoints (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    url text NOT NULL,
    events text[] NOT NULL,
    -- `whsec_` + base64 of 24 random bytes; the previous one keeps signing for a day after a rotation.
    secret text NOT NULL,
    previous_secret text,
    previous_secret_expires_at timestamp with time zone,
    enabled boolean DEFAULT true NOT NULL,
    disabled_reason text,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    updated_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    -- The OAuth client whose token registered it; null for the service's own sessions.
    client_id text,
    CONSTRAINT webhook_endpoints_events CHECK (((cardinality(events) > 0) AND (events <@ ARRAY['job.succeeded'::text, 'job.failed'::text, 'job.canceled'::text, 'wallet.topped_up'::text, 'build.succeeded'::text, 'build.failed'::text]))),
    CONSTRAINT webhook_endpoints_url CHECK (((url ~ '^https?://'::text) AND (length(url) <= 2048)))
);
ALTER TABLE ONLY public.webhook_endpoints
    ADD CONSTRAINT webhook_endpoints_pkey PRIMARY KEY (id);
CREATE INDEX webhook_endpoints_client ON public.webhook_endpoints USING btree (user_id, client_id) WHERE (client_id IS NOT NULL);
CREATE INDEX webhook_endpoints_user ON public.webhook_endpoints USING btree (user_id, created_at);
ALTER TABLE ONLY public.webhook_endpoints
    ADD CONSTRAINT webhook_endpoints_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.webhook_endpoints ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.webhook_endpoints IS 'Outbound webhook endpoints; secrets readable by the service only.';
GRANT DELETE ON TABLE public.webhook_endpoints TO authenticated;
GRANT ALL ON TABLE public.webhook_endpoints TO service_role;
GRANT SELECT(id) ON TABLE public.webhook_endpoints TO authenticated;
GRANT SELECT(user_id) ON TABLE public.webhook_endpoints TO authenticated;
GRANT SELECT(url) ON TABLE public.webhook_endpoints TO authenticated;
GRANT SELECT(events) ON TABLE public.webhook_endpoints TO authenticated;
GRANT SELECT(enabled) ON TABLE public.webhook_endpoints TO authenticated;
GRANT SELECT(disabled_reason) ON TABLE public.webhook_endpoints TO authenticated;
GRANT SELECT(created_at) ON TABLE public.webhook_endpoints TO authenticated;
GRANT SELECT(updated_at) ON TABLE public.webhook_endpoints TO authenticated;

-- The endpoint as the API shows it; the secret only where the caller just created or rotated it.
CREATE FUNCTION private.webhook_json(e public.webhook_endpoints, with_secret boolean) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', e.id, 'url', e.url, 'events', to_jsonb(e.events), 'enabled', e.enabled,
           'disabled_reason', e.disabled_reason, 'created_at', e.created_at, 'updated_at', e.updated_at)
      || case when with_secret then jsonb_build_object('secret', e.secret) else '{}' end;
$$;
GRANT EXECUTE ON FUNCTION private.webhook_json(e public.webhook_endpoints, with_secret boolean) TO authenticated;
GRANT EXECUTE ON FUNCTION private.webhook_json(e public.webhook_endpoints, with_secret boolean) TO service_role;

CREATE FUNCTION private.new_webhook_secret() RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select 'whsec_' || encode(extensions.gen_random_bytes(24), 'base64');
$$;

-- The webhooks' limits: the one definition the functions below enforce and the API documents (`npm run
-- types` writes them to supabase/functions/_contract/limits.gen.ts).
CREATE FUNCTION private.webhook_limits() RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('endpoints_per_user', 10)
$$;

-- POST /webhooks, after the function checked the URL's target (which SQL cannot resolve): at most 10
-- endpoints per user, counted under a per-user lock. Service only, since the URL check is the service's.
CREATE FUNCTION private.create_webhook(owner uuid, endpoint_url text, endpoint_events text[]) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  max_endpoints constant int := (private.webhook_limits() ->> 'endpoints_per_user')::int;
  created public.webhook_endpoints;
begin
  perform pg_advisory_xact_lock(hashtextextended('webhook_endpoints:' || owner::text, 0));
  if (select count(*) from public.webhook_endpoints where user_id = owner) >= max_endpoints then
    perform private.raise_api_error(409, 'webhook_limit_reached',
      format('An account has at most %s webhook endpoints.', max_endpoints),
      jsonb_build_object('limit', max_endpoints));
  end if;
  insert into public.webhook_endpoints (user_id, url, events, secret)
  values (owner, endpoint_url, (select array_agg(distinct x order by x) from unnest(endpoint_events) x),
          private.new_webhook_secret())
  returning * into created;
  return private.webhook_json(created, true);
end
$$;
GRANT EXECUTE ON FUNCTION private.create_webhook(owner uuid, endpoint_url text, endpoint_events text[]) TO service_role;

-- Security definer: the endpoint rows hold secrets the caller's role has no column grant for.
CREATE FUNCTION api.list_webhooks() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object('data', coalesce(jsonb_agg(private.webhook_json(e, false) order by e.created_at desc), '[]'))
    from public.webhook_endpoints e
   where e.user_id = (select auth.uid());
$$;
GRANT EXECUTE ON FUNCTION api.list_webhooks() TO authenticated;

CREATE FUNCTION api.delete_webhook(webhook_id uuid) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  delete from public.webhook_endpoints e where e.id = webhook_id and e.user_id = (select auth.uid());
  if not found then
    perform private.raise_api_error(404, 'webhook_not_found', 'No such webhook endpoint.');
  end if;
end
$$;
GRANT EXECUTE ON FUNCTION api.delete_webhook(webhook_id uuid) TO authenticated;

-- A new secret; the previous one keeps signing (a second signature) for 24 hours, so receivers can switch
-- without losing deliveries.
CREATE FUNCTION api.rotate_webhook_secret(webhook_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
GRANT EXECUTE ON FUNCTION api.rotate_webhook_secret(webhook_id uuid) TO authenticated;

-- Whether the owner has an enabled endpoint that takes the event.
CREATE FUNCTION private.wants_webhook(owner uuid, event_type text) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return exists (select from public.webhook_endpoints e
                  where e.user_id = owner and e.enabled and event_type = any (e.events));
end
$$;

CREATE POLICY webhook_endpoints_delete_own ON public.webhook_endpoints FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY webhook_endpoints_select_own ON public.webhook_endpoints FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER webhook_endpoints_touch BEFORE UPDATE ON public.webhook_endpoints FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();

CREATE TRIGGER webhook_endpoints_client BEFORE INSERT ON public.webhook_endpoints FOR EACH ROW EXECUTE FUNCTION private.stamp_request_client();
