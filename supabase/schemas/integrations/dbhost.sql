-- The database host: authorizations, connections (sealed tokens) and project links.

-- Written by the database-host integration's private functions. The anon key is stored sealed (the
-- service's AES-GCM format, a text value) and is not even selectable by `authenticated`: the column grant
-- below leaves it out.
CREATE TABLE public.dbhost_links (
    project_id bigint NOT NULL,
    user_id uuid NOT NULL,
    dbhost_project_ref text NOT NULL,
    dbhost_project_name text NOT NULL,
    api_url text NOT NULL,
    anon_key_encrypted text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT dbhost_links_anon_key_sealed CHECK (private.is_sealed(anon_key_encrypted))
);
ALTER TABLE ONLY public.dbhost_links
    ADD CONSTRAINT dbhost_links_dbhost_project_ref_key UNIQUE (dbhost_project_ref);
ALTER TABLE ONLY public.dbhost_links
    ADD CONSTRAINT dbhost_links_pkey PRIMARY KEY (project_id);
CREATE INDEX dbhost_links_user ON public.dbhost_links USING btree (user_id);
ALTER TABLE ONLY public.dbhost_links
    ADD CONSTRAINT dbhost_links_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.dbhost_links
    ADD CONSTRAINT dbhost_links_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.dbhost_links ENABLE ROW LEVEL SECURITY;
GRANT ALL ON TABLE public.dbhost_links TO service_role;
GRANT SELECT(project_id) ON TABLE public.dbhost_links TO authenticated;
GRANT SELECT(user_id) ON TABLE public.dbhost_links TO authenticated;
GRANT SELECT(dbhost_project_ref) ON TABLE public.dbhost_links TO authenticated;
GRANT SELECT(dbhost_project_name) ON TABLE public.dbhost_links TO authenticated;
GRANT SELECT(api_url) ON TABLE public.dbhost_links TO authenticated;
GRANT SELECT(created_at) ON TABLE public.dbhost_links TO authenticated;
GRANT SELECT(updated_at) ON TABLE public.dbhost_links TO authenticated;

-- A user's connection to their database-host account: one per user, tokens sealed for
-- `dbhost_connection:<user id>:access_token` and `…:refresh_token`.
CREATE TABLE public.dbhost_connections (
    user_id uuid NOT NULL,
    dbhost_user_id text NOT NULL,
    dbhost_username text NOT NULL,
    access_token_encrypted text NOT NULL,
    refresh_token_encrypted text NOT NULL,
    access_token_expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT dbhost_connections_access_sealed CHECK (private.is_sealed(access_token_encrypted)),
    CONSTRAINT dbhost_connections_refresh_sealed CHECK (private.is_sealed(refresh_token_encrypted))
);
ALTER TABLE ONLY public.dbhost_connections
    ADD CONSTRAINT dbhost_connections_pkey PRIMARY KEY (user_id);
ALTER TABLE ONLY public.dbhost_connections
    ADD CONSTRAINT dbhost_connections_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.dbhost_connections ENABLE ROW LEVEL SECURITY;
GRANT ALL ON TABLE public.dbhost_connections TO service_role;
GRANT SELECT(user_id) ON TABLE public.dbhost_connections TO authenticated;
GRANT SELECT(dbhost_user_id) ON TABLE public.dbhost_connections TO authenticated;
GRANT SELECT(dbhost_username) ON TABLE public.dbhost_connections TO authenticated;
GRANT SELECT(access_token_expires_at) ON TABLE public.dbhost_connections TO authenticated;
GRANT SELECT(created_at) ON TABLE public.dbhost_connections TO authenticated;
GRANT SELECT(updated_at) ON TABLE public.dbhost_connections TO authenticated;

-- Pending database-host authorizations. The OAuth state itself is never stored, only its SHA-256 (hex), so
-- reading this table does not let anyone finish someone else's flow. The PKCE verifier, when the client gave
-- it, is sealed for `dbhost_authorization:<state hash>:code_verifier`. Single-use and short-lived.
CREATE TABLE public.dbhost_authorizations (
    state_hash text NOT NULL,
    user_id uuid NOT NULL,
    code_verifier_encrypted text,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT dbhost_authorizations_state_hash_format CHECK ((state_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT dbhost_authorizations_verifier_sealed CHECK (((code_verifier_encrypted IS NULL) OR private.is_sealed(code_verifier_encrypted)))
);
ALTER TABLE ONLY public.dbhost_authorizations
    ADD CONSTRAINT dbhost_authorizations_pkey PRIMARY KEY (state_hash);
CREATE INDEX dbhost_authorizations_expiry ON public.dbhost_authorizations USING btree (expires_at);
CREATE INDEX dbhost_authorizations_user ON public.dbhost_authorizations USING btree (user_id, created_at DESC);
ALTER TABLE ONLY public.dbhost_authorizations
    ADD CONSTRAINT dbhost_authorizations_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.dbhost_authorizations ENABLE ROW LEVEL SECURITY;
GRANT ALL ON TABLE public.dbhost_authorizations TO service_role;

-- GET /projects/{id}/dbhost-link: the safe columns only; the anon key is not even selectable.
CREATE FUNCTION api.get_dbhost_link(project_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  result jsonb;
begin
  perform api.require_own_project(project_id);
  select jsonb_build_object('project_id', l.project_id, 'dbhost_project_ref', l.dbhost_project_ref,
           'dbhost_project_name', l.dbhost_project_name, 'api_url', l.api_url,
           'created_at', l.created_at, 'updated_at', l.updated_at)
    into result
    from public.dbhost_links l
   where l.project_id = get_dbhost_link.project_id;
  if result is null then
    perform private.raise_api_error(404, 'dbhost_link_not_found', 'This project is not linked to a database.');
  end if;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.get_dbhost_link(project_id bigint) TO authenticated;

-- POST /integrations/dbhost/authorizations: a pending authorization of the caller for 10 minutes. Expired
-- ones go, and a caller keeps at most 5 pending (the newest).
CREATE FUNCTION api.start_dbhost_authorization(state_hash text, code_verifier_sealed text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  uid uuid := (select auth.uid());
  expires timestamptz := now() + interval '10 minutes';
begin
  if uid is null then
    perform private.raise_api_error(401, 'unauthorized', 'Sign in to connect a database host.');
  end if;
  delete from public.dbhost_authorizations a where a.expires_at <= now();
  delete from public.dbhost_authorizations a
   where a.user_id = uid
     and a.state_hash not in (select b.state_hash from public.dbhost_authorizations b
                               where b.user_id = uid order by b.created_at desc limit 4);
  insert into public.dbhost_authorizations (state_hash, user_id, code_verifier_encrypted, expires_at)
  values (start_dbhost_authorization.state_hash, uid, code_verifier_sealed, expires);
  return jsonb_build_object('expires_at', expires);
end
$$;
GRANT EXECUTE ON FUNCTION api.start_dbhost_authorization(state_hash text, code_verifier_sealed text) TO authenticated;

-- The OAuth callback: the pending authorization the state's hash names, consumed by the very statement that
-- reads it, so a state works once. Unknown or already used: 400 `invalid_state`. Past its expiry: 400
-- `state_expired` (the error undoes the delete; the row is pruned later and can never succeed).
CREATE FUNCTION private.consume_dbhost_authorization(state_hash text, user_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  a public.dbhost_authorizations;
begin
  delete from public.dbhost_authorizations d
   where d.state_hash = consume_dbhost_authorization.state_hash and d.user_id = consume_dbhost_authorization.user_id
  returning * into a;
  if a.state_hash is null then
    perform private.raise_api_error(400, 'invalid_state',
      'This authorization is unknown, was already used or was started by another account; start the connection again.');
  end if;
  if a.expires_at <= now() then
    perform private.raise_api_error(400, 'state_expired',
      'This authorization has expired; start the connection again.');
  end if;
  return jsonb_build_object('code_verifier_encrypted', a.code_verifier_encrypted);
end
$$;
GRANT EXECUTE ON FUNCTION private.consume_dbhost_authorization(state_hash text, user_id uuid) TO service_role;

-- The connection the callback made (replacing an earlier one).
CREATE FUNCTION private.save_dbhost_connection(user_id uuid, dbhost_user_id text, dbhost_username text, access_sealed text, refresh_sealed text, expires_at timestamp with time zone) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.dbhost_connections (user_id, dbhost_user_id, dbhost_username, access_token_encrypted,
    refresh_token_encrypted, access_token_expires_at)
  values (user_id, dbhost_user_id, dbhost_username, access_sealed, refresh_sealed, expires_at)
  on conflict on constraint dbhost_connections_pkey do update
    set dbhost_user_id = excluded.dbhost_user_id, dbhost_username = excluded.dbhost_username,
        access_token_encrypted = excluded.access_token_encrypted,
        refresh_token_encrypted = excluded.refresh_token_encrypted,
        access_token_expires_at = excluded.access_token_expires_at
$$;
GRANT EXECUTE ON FUNCTION private.save_dbhost_connection(user_id uuid, dbhost_user_id text, dbhost_username text, access_sealed text, refresh_sealed text, expires_at timestamp with time zone) TO service_role;

-- The user's sealed tokens, with the row locked until the transaction ends: refresh tokens are single-use,
-- so concurrent requests must take turns to refresh. 404 `not_connected` without a connection.
CREATE FUNCTION private.lock_dbhost_connection(user_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  c public.dbhost_connections;
begin
  select * into c from public.dbhost_connections x where x.user_id = lock_dbhost_connection.user_id for update;
  if not found then
    perform private.raise_api_error(404, 'not_connected', 'No database host account is connected; connect one first.');
  end if;
  return jsonb_build_object('access_token_encrypted', c.access_token_encrypted,
    'refresh_token_encrypted', c.refresh_token_encrypted, 'access_token_expires_at', c.access_token_expires_at);
end
$$;
GRANT EXECUTE ON FUNCTION private.lock_dbhost_connection(user_id uuid) TO service_role;

-- A refreshed token pair.
CREATE FUNCTION private.store_dbhost_tokens(user_id uuid, access_sealed text, refresh_sealed text, expires_at timestamp with time zone) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update public.dbhost_connections c
     set access_token_encrypted = access_sealed, refresh_token_encrypted = refresh_sealed,
         access_token_expires_at = expires_at
   where c.user_id = store_dbhost_tokens.user_id
$$;
GRANT EXECUTE ON FUNCTION private.store_dbhost_tokens(user_id uuid, access_sealed text, refresh_sealed text, expires_at timestamp with time zone) TO service_role;

-- The host no longer honours the grant: the connection goes. With `access_sealed`, only while the row still
-- holds that access token, so a pair another request has just refreshed is not thrown away.
CREATE FUNCTION private.forget_dbhost_connection(user_id uuid, access_sealed text DEFAULT NULL::text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  delete from public.dbhost_connections c
   where c.user_id = forget_dbhost_connection.user_id
     and (access_sealed is null or c.access_token_encrypted = access_sealed)
$$;
GRANT EXECUTE ON FUNCTION private.forget_dbhost_connection(user_id uuid, access_sealed text) TO service_role;

-- GET /integrations/dbhost/connection.
CREATE FUNCTION api.get_dbhost_connection() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    (select jsonb_build_object('connected', true, 'dbhost_user_id', c.dbhost_user_id,
              'dbhost_username', c.dbhost_username)
       from public.dbhost_connections c where c.user_id = (select auth.uid())),
    jsonb_build_object('connected', false))
$$;
GRANT EXECUTE ON FUNCTION api.get_dbhost_connection() TO authenticated;

-- GET /integrations/dbhost/projects: the host's projects as listed, each with the caller's app project it
-- backs (null when none of the caller's does).
CREATE FUNCTION api.dbhost_projects_result(projects jsonb, organizations jsonb) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'projects', coalesce((
      select jsonb_agg(jsonb_build_object('ref', p.value ->> 'ref', 'name', p.value ->> 'name',
               'region', p.value ->> 'region', 'created_at', p.value ->> 'created_at',
               'organization_id', p.value ->> 'organization_id', 'linked_project_id', l.project_id) order by p.n)
        from jsonb_array_elements(projects) with ordinality as p(value, n)
        left join public.dbhost_links l
          on l.dbhost_project_ref = p.value ->> 'ref' and l.user_id = (select auth.uid())), '[]'::jsonb),
    'organizations', organizations)
$$;
GRANT EXECUTE ON FUNCTION api.dbhost_projects_result(projects jsonb, organizations jsonb) TO authenticated;

-- POST /integrations/dbhost/links, after the edge function checked with the host that the project is the
-- caller's and fetched its anon key: upsert by app project. One database project backs one app: a ref
-- linked to another project (anyone's) is 409 `already_linked`.
CREATE FUNCTION api.link_dbhost_project(project_id bigint, dbhost_ref text, dbhost_name text, api_url text, anon_key_sealed text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  uid uuid := (select auth.uid());
begin
  perform api.require_own_project(project_id);
  begin
    insert into public.dbhost_links as t (project_id, user_id, dbhost_project_ref, dbhost_project_name, api_url,
      anon_key_encrypted)
    values (link_dbhost_project.project_id, uid, dbhost_ref, dbhost_name, link_dbhost_project.api_url,
      anon_key_sealed)
    on conflict on constraint dbhost_links_pkey do update
      set dbhost_project_ref = excluded.dbhost_project_ref, dbhost_project_name = excluded.dbhost_project_name,
          api_url = excluded.api_url, anon_key_encrypted = excluded.anon_key_encrypted;
  exception when unique_violation then
    perform private.raise_api_error(409, 'already_linked', 'That database project already backs another app.',
      jsonb_build_object('dbhost_ref', dbhost_ref));
  end;
  return api.get_dbhost_link(project_id);
end
$$;
GRANT EXECUTE ON FUNCTION api.link_dbhost_project(project_id bigint, dbhost_ref text, dbhost_name text, api_url text, anon_key_sealed text) TO service_role;

-- DELETE /integrations/dbhost/links/{projectId}: idempotent; only the caller's link goes.
CREATE FUNCTION api.unlink_dbhost_project(project_id bigint) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  delete from public.dbhost_links l
   where l.project_id = unlink_dbhost_project.project_id and l.user_id = (select auth.uid())
$$;
GRANT EXECUTE ON FUNCTION api.unlink_dbhost_project(project_id bigint) TO authenticated;

CREATE POLICY dbhost_links_select_own ON public.dbhost_links FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY dbhost_connections_select_own ON public.dbhost_connections FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER dbhost_links_touch BEFORE UPDATE ON public.dbhost_links FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();

CREATE TRIGGER dbhost_connections_touch BEFORE UPDATE ON public.dbhost_connections FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();
