-- OAuth clients a user revoked: their earlier tokens stop acting and what they registered goes.

CREATE TABLE public.oauth_client_revocations (
    user_id uuid NOT NULL,
    client_id text NOT NULL,
    revoked_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT oauth_client_revocations_client CHECK (((length(client_id) >= 1) AND (length(client_id) <= 2048)))
);
ALTER TABLE ONLY public.oauth_client_revocations
    ADD CONSTRAINT oauth_client_revocations_pkey PRIMARY KEY (user_id, client_id);
ALTER TABLE ONLY public.oauth_client_revocations
    ADD CONSTRAINT oauth_client_revocations_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.oauth_client_revocations ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.oauth_client_revocations IS 'The latest revocation of each OAuth client by each user; tokens issued up to revoked_at are refused.';
GRANT SELECT ON TABLE public.oauth_client_revocations TO authenticated;
GRANT ALL ON TABLE public.oauth_client_revocations TO service_role;

-- A row is stamped with the client of the request that registers it (from the claims the functions set),
-- whichever function writes it; a push token registered again belongs to the new registration's client.
CREATE FUNCTION private.stamp_request_client() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.client_id := auth.jwt() ->> 'client_id';
  return new;
end
$$;

-- The user revoked the client (its grant, or one of its tokens): its earlier tokens stop acting, and the
-- endpoints it registered go with their pending deliveries, its push tokens with their pending pushes.
-- Service only: the authorization server calls it.
CREATE FUNCTION private.revoke_client_access(owner uuid, client text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.oauth_client_revocations (user_id, client_id) values (owner, client)
  on conflict (user_id, client_id) do update set revoked_at = excluded.revoked_at;
  delete from public.webhook_endpoints where user_id = owner and client_id = client;
  select private.cancel_pending_pushes(t.token, 'client_revoked', only_user => owner)
    from public.push_tokens t where t.user_id = owner and t.client_id = client;
  delete from public.push_tokens where user_id = owner and client_id = client;
$$;
GRANT EXECUTE ON FUNCTION private.revoke_client_access(owner uuid, client text) TO service_role;

-- Raises 401 `token_revoked` when the user revoked the client at or after the token's `iat` (whole
-- seconds: a token issued in the second of a revocation counts as issued before it). Run by the functions
-- before a third-party token's statements, in the same round trip; one primary-key lookup.
CREATE FUNCTION private.refuse_revoked_client(owner uuid, client text, issued_at bigint) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if exists (select from public.oauth_client_revocations r
              where r.user_id = owner and r.client_id = client
                and r.revoked_at >= to_timestamp(coalesce(issued_at, 0))) then
    perform private.raise_api_error(401, 'token_revoked',
      'Access for this client was revoked; authorize it again.', jsonb_build_object('client_id', client));
  end if;
end
$$;
GRANT EXECUTE ON FUNCTION private.refuse_revoked_client(owner uuid, client text, issued_at bigint) TO service_role;

CREATE FUNCTION private.oauth_consent_revoked() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- A consent deleted with its user leaves nothing to revoke.
  if exists (select from auth.users u where u.id = old.user_id) then
    perform private.revoke_client_access(old.user_id, old.client_id::text);
  end if;
  return null;
end
$$;

-- Attaches the triggers to Supabase Auth's table (or another of its shape) where it exists; a database
-- without it (the local stack) has nothing to watch. Without the privilege to add them the deployment is
-- told, not stopped. Called by supabase/migrations/*_schedules_and_rows.sql.
CREATE FUNCTION private.watch_oauth_consents(consents regclass DEFAULT to_regclass('auth.oauth_consents'::text)) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if consents is null then
    return false;
  end if;
  execute format('drop trigger if exists oauth_consents_revoked on %s', consents);
  execute format('drop trigger if exists oauth_consents_deleted on %s', consents);
  execute format('create trigger oauth_consents_revoked after update of revoked_at on %s for each row '
    'when (old.revoked_at is null and new.revoked_at is not null) '
    'execute function private.oauth_consent_revoked()', consents);
  execute format('create trigger oauth_consents_deleted after delete on %s for each row '
    'when (old.revoked_at is null) execute function private.oauth_consent_revoked()', consents);
  return true;
exception
  when insufficient_privilege then
    raise warning 'auth.oauth_consents cannot be watched (%): revoking a client in Supabase Auth will not '
      'end its tokens here before they expire', sqlerrm;
    return false;
end
$$;

CREATE POLICY oauth_client_revocations_select_own ON public.oauth_client_revocations FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));
