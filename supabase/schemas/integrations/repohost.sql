-- The repository host: installations, project links and its webhook deliveries.

-- Written by the repository-host integration's private functions; users read their own.
CREATE TABLE public.repohost_links (
    project_id bigint NOT NULL,
    user_id uuid NOT NULL,
    repohost_installation_id bigint NOT NULL,
    repohost_repository_name text NOT NULL,
    repohost_last_sync timestamp with time zone,
    -- The commit the service last pushed there and the newest version it held: a push writes each version
    -- after that one as a commit.
    repohost_last_commit text,
    repohost_last_version_id uuid,
    -- A push to the repository that could not be imported: {commit, paths, at}; null once synced again.
    repohost_sync_conflict jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT repohost_links_last_commit_format CHECK (((repohost_last_commit IS NULL) OR (repohost_last_commit ~ '^[0-9a-f]{40}$'::text))),
    CONSTRAINT repohost_links_repository_name_format CHECK (((repohost_repository_name ~ '^[A-Za-z0-9._-]{1,100}$'::text) AND (repohost_repository_name <> ALL (ARRAY['.'::text, '..'::text]))))
);
ALTER TABLE ONLY public.repohost_links
    ADD CONSTRAINT repohost_links_pkey PRIMARY KEY (project_id);
CREATE INDEX repohost_links_installation ON public.repohost_links USING btree (repohost_installation_id);
CREATE INDEX repohost_links_user ON public.repohost_links USING btree (user_id);
ALTER TABLE ONLY public.repohost_links
    ADD CONSTRAINT repohost_links_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.repohost_links
    ADD CONSTRAINT repohost_links_last_version_id_fkey FOREIGN KEY (repohost_last_version_id) REFERENCES public.project_versions(id) ON DELETE SET NULL;
ALTER TABLE ONLY public.repohost_links
    ADD CONSTRAINT repohost_links_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.repohost_links ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.repohost_links TO authenticated;
GRANT ALL ON TABLE public.repohost_links TO service_role;

-- GitHub App installations the users saved after installing the app. An id belongs to the first user who
-- saves it: nobody takes over another user's installation.
CREATE TABLE public.repohost_installations (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    login text NOT NULL,
    avatar text,
    name text,
    -- The user's GitHub token: write-only, sealed for `repohost_installation:<id>:ghu`.
    ghu_encrypted text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT repohost_installations_avatar_format CHECK (((avatar IS NULL) OR ((avatar ~ '^https?://'::text) AND (length(avatar) <= 2048)))),
    CONSTRAINT repohost_installations_ghu_sealed CHECK (private.is_sealed(ghu_encrypted)),
    CONSTRAINT repohost_installations_id_positive CHECK ((id > 0)),
    CONSTRAINT repohost_installations_login_length CHECK (((length(login) >= 1) AND (length(login) <= 100))),
    CONSTRAINT repohost_installations_name_length CHECK (((name IS NULL) OR (length(name) <= 255)))
);
ALTER TABLE ONLY public.repohost_installations
    ADD CONSTRAINT repohost_installations_pkey PRIMARY KEY (id);
CREATE INDEX repohost_installations_user ON public.repohost_installations USING btree (user_id);
ALTER TABLE ONLY public.repohost_installations
    ADD CONSTRAINT repohost_installations_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.repohost_installations ENABLE ROW LEVEL SECURITY;
GRANT ALL ON TABLE public.repohost_installations TO service_role;
GRANT SELECT(id) ON TABLE public.repohost_installations TO authenticated;
GRANT SELECT(user_id) ON TABLE public.repohost_installations TO authenticated;
GRANT SELECT(login) ON TABLE public.repohost_installations TO authenticated;
GRANT SELECT(avatar) ON TABLE public.repohost_installations TO authenticated;
GRANT SELECT(name) ON TABLE public.repohost_installations TO authenticated;
GRANT SELECT(created_at) ON TABLE public.repohost_installations TO authenticated;
GRANT SELECT(updated_at) ON TABLE public.repohost_installations TO authenticated;

-- Handled webhook deliveries by GitHub's delivery id, so a replayed delivery changes nothing. Kept 90 days.
CREATE TABLE public.repohost_webhook_deliveries (
    delivery_id text NOT NULL,
    event text NOT NULL,
    action text,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT repohost_webhook_deliveries_id_length CHECK (((length(delivery_id) >= 1) AND (length(delivery_id) <= 100)))
);
ALTER TABLE ONLY public.repohost_webhook_deliveries
    ADD CONSTRAINT repohost_webhook_deliveries_pkey PRIMARY KEY (delivery_id);
CREATE INDEX repohost_webhook_deliveries_received ON public.repohost_webhook_deliveries USING btree (received_at);
ALTER TABLE public.repohost_webhook_deliveries ENABLE ROW LEVEL SECURITY;
GRANT ALL ON TABLE public.repohost_webhook_deliveries TO service_role;

-- POST /projects/{id}/pushes: the caller's project and its repository link, or the contract's 404s.
CREATE FUNCTION api.get_repohost_link(project_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  result jsonb;
begin
  perform api.require_own_project(project_id);
  select api.repohost_link_json(l) into result
    from public.repohost_links l
   where l.project_id = get_repohost_link.project_id;
  if result is null then
    perform private.raise_api_error(404, 'repository_not_linked', 'This project is not linked to a repository.');
  end if;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.get_repohost_link(project_id bigint) TO authenticated;

CREATE FUNCTION api.repohost_installation_json(id bigint, login text, avatar text, name text, created_at timestamp with time zone, updated_at timestamp with time zone) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', id, 'login', login, 'avatar', avatar, 'name', name,
    'created_at', created_at, 'updated_at', updated_at)
$$;
GRANT EXECUTE ON FUNCTION api.repohost_installation_json(id bigint, login text, avatar text, name text, created_at timestamp with time zone, updated_at timestamp with time zone) TO authenticated;

CREATE FUNCTION api.repohost_link_json(l public.repohost_links) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('project_id', l.project_id, 'repohost_installation_id', l.repohost_installation_id,
    'repohost_repository_name', l.repohost_repository_name, 'repohost_last_sync', l.repohost_last_sync,
    'repohost_sync_conflict', l.repohost_sync_conflict)
$$;
GRANT EXECUTE ON FUNCTION api.repohost_link_json(l public.repohost_links) TO authenticated;

-- GET /repohost/installations: the caller's, safe columns only (RLS and the column grant).
CREATE FUNCTION api.list_repohost_installations() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('data', coalesce(jsonb_agg(
           api.repohost_installation_json(i.id, i.login, i.avatar, i.name, i.created_at, i.updated_at)
           order by i.created_at, i.id), '[]'::jsonb))
    from public.repohost_installations i
   where i.user_id = (select auth.uid())
$$;
GRANT EXECUTE ON FUNCTION api.list_repohost_installations() TO authenticated;

-- POST /repohost/installations: upsert by id for the caller. The sealed token comes from the edge function,
-- which has checked with GitHub that the caller's token reaches the installation. An id another user saved
-- is 409 `installation_taken`, decided by the upsert itself, so two users saving one id at once cannot both
-- win. Definer: users have no write grant on the table.
CREATE FUNCTION api.save_repohost_installation(installation_id bigint, login text, avatar text, name text, ghu_sealed text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  uid uuid := (select auth.uid());
  i public.repohost_installations;
begin
  if uid is null then
    perform private.raise_api_error(401, 'unauthorized', 'Sign in to save an installation.');
  end if;
  begin
    insert into public.repohost_installations as t (id, user_id, login, avatar, name, ghu_encrypted)
    values (installation_id, uid, login, avatar, name, ghu_sealed)
    on conflict on constraint repohost_installations_pkey do update
      set login = excluded.login, avatar = excluded.avatar, name = excluded.name,
          ghu_encrypted = excluded.ghu_encrypted
      where t.user_id = excluded.user_id
    returning * into i;
  exception when check_violation then
    perform private.raise_api_error(400, 'invalid_request', 'The installation is not valid.',
      jsonb_build_object('constraint', 'repohost_installations'));
  end;
  if i.id is null then
    perform private.raise_api_error(409, 'installation_taken',
      'Another account of this service already saved this installation.');
  end if;
  return api.repohost_installation_json(i.id, i.login, i.avatar, i.name, i.created_at, i.updated_at);
end
$$;
GRANT EXECUTE ON FUNCTION api.save_repohost_installation(installation_id bigint, login text, avatar text, name text, ghu_sealed text) TO service_role;

-- GET /repohost/repositories: the caller's links.
CREATE FUNCTION api.list_repohost_links() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('data', coalesce(jsonb_agg(api.repohost_link_json(l) order by l.project_id), '[]'::jsonb))
    from public.repohost_links l
   where l.user_id = (select auth.uid())
$$;
GRANT EXECUTE ON FUNCTION api.list_repohost_links() TO authenticated;

-- POST /repohost/repositories: links the caller's project to a repository of the caller's installation,
-- upserting by project. The name defaults to `<prefix>-<project id>`. Moving a link to another repository
-- forgets its last sync.
CREATE FUNCTION api.link_repohost_repository(project_id bigint, installation_id bigint, repository_name text, default_prefix text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  uid uuid := (select auth.uid());
  repo text := coalesce(repository_name, default_prefix || '-' || project_id::text);
  l public.repohost_links;
begin
  perform api.require_own_project(project_id);
  if not exists (select 1 from public.repohost_installations i
                  where i.id = installation_id and i.user_id = uid) then
    perform private.raise_api_error(404, 'installation_not_found', 'No such installation of yours.');
  end if;
  begin
    insert into public.repohost_links as t (project_id, user_id, repohost_installation_id, repohost_repository_name)
    values (link_repohost_repository.project_id, uid, installation_id, repo)
    on conflict on constraint repohost_links_pkey do update
      set repohost_installation_id = excluded.repohost_installation_id,
          repohost_repository_name = excluded.repohost_repository_name,
          repohost_last_sync = case
            when (t.repohost_installation_id, t.repohost_repository_name)
                 = (excluded.repohost_installation_id, excluded.repohost_repository_name)
            then t.repohost_last_sync end,
          repohost_last_commit = case
            when (t.repohost_installation_id, t.repohost_repository_name)
                 = (excluded.repohost_installation_id, excluded.repohost_repository_name)
            then t.repohost_last_commit end,
          repohost_last_version_id = case
            when (t.repohost_installation_id, t.repohost_repository_name)
                 = (excluded.repohost_installation_id, excluded.repohost_repository_name)
            then t.repohost_last_version_id end,
          repohost_sync_conflict = case
            when (t.repohost_installation_id, t.repohost_repository_name)
                 = (excluded.repohost_installation_id, excluded.repohost_repository_name)
            then t.repohost_sync_conflict end
    returning * into l;
  exception when check_violation then
    perform private.raise_api_error(400, 'invalid_repository_name',
      'A repository name is 1..100 of letters, digits, ".", "-" and "_", and not "." or "..".',
      jsonb_build_object('repohost_repository_name', repo));
  end;
  return api.repohost_link_json(l);
end
$$;
GRANT EXECUTE ON FUNCTION api.link_repohost_repository(project_id bigint, installation_id bigint, repository_name text, default_prefix text) TO authenticated;

-- DELETE /repohost/repositories/{projectId}: idempotent; only the caller's link goes.
CREATE FUNCTION api.unlink_repohost_repository(project_id bigint) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  delete from public.repohost_links l
   where l.project_id = unlink_repohost_repository.project_id and l.user_id = (select auth.uid())
$$;
GRANT EXECUTE ON FUNCTION api.unlink_repohost_repository(project_id bigint) TO authenticated;

-- POST /projects/{id}/pushes: the contract's 404s (api.get_repohost_link), then what the push needs: the
-- versions made since the last one pushed there, each one commit (private.push_snapshots).
CREATE FUNCTION api.repohost_push_source(project_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  link jsonb := api.get_repohost_link(project_id);
begin
  return jsonb_build_object(
    'link', link,
    'snapshots', private.push_snapshots(project_id,
      (select l.repohost_last_version_id from public.repohost_links l where l.project_id = repohost_push_source.project_id)));
end
$$;
GRANT EXECUTE ON FUNCTION api.repohost_push_source(project_id bigint) TO authenticated;

-- After the host accepted a push: the link's last sync, commit and version, unless it was moved or removed
-- meanwhile (then null).
CREATE FUNCTION private.record_repohost_sync(project_id bigint, installation_id bigint, repository_name text, commit text, version_id uuid) RETURNS timestamp with time zone
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update public.repohost_links l
     set repohost_last_sync = now(), repohost_last_commit = commit, repohost_last_version_id = version_id,
         repohost_sync_conflict = null
   where l.project_id = record_repohost_sync.project_id and l.repohost_installation_id = installation_id
     and l.repohost_repository_name = repository_name
  returning l.repohost_last_sync
$$;
GRANT EXECUTE ON FUNCTION private.record_repohost_sync(project_id bigint, installation_id bigint, repository_name text, commit text, version_id uuid) TO service_role;

-- POST /projects with `import.repository`: the caller's installation on `owner` (the oldest saved), or 404
-- `installation_not_found`. Reads under RLS.
CREATE FUNCTION api.repohost_installation_on(owner text) RETURNS bigint
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  found_id bigint;
begin
  select i.id into found_id from public.repohost_installations i
   where i.user_id = (select auth.uid()) and lower(i.login) = lower(owner)
   order by i.created_at, i.id limit 1;
  if found_id is null then
    perform private.raise_api_error(404, 'installation_not_found',
      'No GitHub App installation of yours is on that account.', jsonb_build_object('owner', owner));
  end if;
  return found_id;
end
$$;
GRANT EXECUTE ON FUNCTION api.repohost_installation_on(owner text) TO authenticated;

-- POST /repohost/webhooks, a `push` to the default branch of `owner`/`repository_name`: each project linked
-- to it through an installation on `owner` that did not push `head` itself (its last pushed commit), with
-- what a pull compares against: the last pushed commit and the project's current files.
CREATE FUNCTION private.repohost_pull_sources(installation_id bigint, owner text, repository_name text, head text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('project_id', l.project_id, 'base', l.repohost_last_commit,
           'files', coalesce((select jsonb_agg(jsonb_build_object('path', f.path, 'contents', f.contents,
                                               'encoding', private.file_encoding(f.type)) order by f.path)
                                from public.project_files f where f.project_id = l.project_id), '[]'::jsonb))
           order by l.project_id), '[]'::jsonb)
    from public.repohost_links l
    join public.repohost_installations i on i.id = l.repohost_installation_id
   where l.repohost_installation_id = repohost_pull_sources.installation_id and lower(i.login) = lower(owner)
     and l.repohost_repository_name = repository_name and l.repohost_last_commit is distinct from head
$$;
GRANT EXECUTE ON FUNCTION private.repohost_pull_sources(installation_id bigint, owner text, repository_name text, head text) TO service_role;

-- A linked repository's push imported as the project's next version (private.apply_pull, as a git remote's
-- pull), the link's last commit and version moved to it. Refused, changing nothing: a link that moved since
-- `base` was read (409 git_remote_moved), or a project file changed since the comparison (409
-- git_remote_conflict).
CREATE FUNCTION private.apply_repohost_pull(project_id bigint, base text, head text, files jsonb, deletions text[], expected jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  l public.repohost_links;
  result jsonb;
begin
  select * into l from public.repohost_links x where x.project_id = apply_repohost_pull.project_id for update;
  if l.project_id is null or l.repohost_last_commit is distinct from base then
    perform private.raise_api_error(409, 'git_remote_moved', 'The link changed meanwhile; the next push imports again.');
  end if;
  result := private.apply_pull(project_id, head, files, deletions, expected);
  update public.repohost_links x
     set repohost_last_commit = head, repohost_last_sync = now(), repohost_sync_conflict = null,
         repohost_last_version_id = (result ->> 'version_id')::uuid
   where x.project_id = apply_repohost_pull.project_id;
  return result - 'version_id';
end
$$;
GRANT EXECUTE ON FUNCTION private.apply_repohost_pull(project_id bigint, base text, head text, files jsonb, deletions text[], expected jsonb) TO service_role;

-- A linked repository's push that changed files the project changed too since the last push: nothing is
-- imported; the link shows it and the owner is told, until a push or an import syncs them again.
CREATE FUNCTION private.record_repohost_conflict(project_id bigint, commit text, paths text[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  l public.repohost_links;
begin
  update public.repohost_links x
     set repohost_sync_conflict = jsonb_build_object('commit', commit, 'paths', to_jsonb(paths), 'at', now())
   where x.project_id = record_repohost_conflict.project_id
  returning * into l;
  if l.project_id is not null then
    perform private.add_notification(l.user_id, null, 'repository_conflict', jsonb_build_object(
      'project_id', l.project_id, 'repository', l.repohost_repository_name, 'commit', commit, 'paths', to_jsonb(paths)));
  end if;
end
$$;
GRANT EXECUTE ON FUNCTION private.record_repohost_conflict(project_id bigint, commit text, paths text[]) TO service_role;

-- POST /repohost/webhooks, after the signature was verified: `installation.created` refreshes the stored
-- profile fields of a saved installation, `installation.deleted` removes it with its links; anything else is
-- ignored. A delivery id seen before is a replay and changes nothing. Answers 'applied', 'duplicate' or
-- 'ignored'.
CREATE FUNCTION private.apply_repohost_webhook(delivery_id text, event text, action text, installation_id bigint, login text, avatar text, name text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if event is distinct from 'installation' or action not in ('created', 'deleted') then
    return 'ignored';
  end if;
  if delivery_id is not null then
    insert into public.repohost_webhook_deliveries (delivery_id, event, action)
    values (apply_repohost_webhook.delivery_id, event, action)
    on conflict on constraint repohost_webhook_deliveries_pkey do nothing;
    if not found then
      return 'duplicate';
    end if;
    delete from public.repohost_webhook_deliveries d where d.received_at < now() - interval '90 days';
  end if;
  if action = 'created' then
    update public.repohost_installations i
       set login = apply_repohost_webhook.login,
           avatar = coalesce(apply_repohost_webhook.avatar, i.avatar),
           name = coalesce(apply_repohost_webhook.name, i.name)
     where i.id = installation_id;
  else
    delete from public.repohost_links l where l.repohost_installation_id = installation_id;
    delete from public.repohost_installations i where i.id = installation_id;
  end if;
  return 'applied';
end
$$;
GRANT EXECUTE ON FUNCTION private.apply_repohost_webhook(delivery_id text, event text, action text, installation_id bigint, login text, avatar text, name text) TO service_role;

CREATE POLICY repohost_links_select_own ON public.repohost_links FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY repohost_installations_select_own ON public.repohost_installations FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER repohost_links_touch BEFORE UPDATE ON public.repohost_links FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();

CREATE TRIGGER repohost_installations_touch BEFORE UPDATE ON public.repohost_installations FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();

CREATE TRIGGER repohost_installations_limit AFTER INSERT ON public.repohost_installations REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION private.limit_rows_per_owner('user_id', 'max_repohost_installations_per_user', '100', 'too_many_installations', 'repository-host installations');
