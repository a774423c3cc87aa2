-- Any git remote over HTTPS with a token: a project's link to a remote branch, and what a push or a pull
-- reads and records.

-- One remote per project. The token is write-only, sealed for `git_remote:<project id>:token`; users read
-- the other columns of their own rows. `last_commit` is the remote commit the service last pushed or pulled:
-- the base a later push or pull compares both sides against; `last_version_id` the project's version that
-- commit holds, after which a push writes each version as a commit.
CREATE TABLE public.git_remotes (
    project_id bigint NOT NULL,
    user_id uuid NOT NULL,
    url text NOT NULL,
    branch text DEFAULT 'main'::text NOT NULL,
    username text DEFAULT 'x-access-token'::text NOT NULL,
    token_encrypted text NOT NULL,
    last_commit text,
    last_version_id uuid,
    last_synced_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT git_remotes_url_format CHECK (((url ~ '^https?://[^/@\s]+(/\S*)?$'::text) AND (length(url) <= 2048))),
    -- git's ref name rules (git check-ref-format), for a branch.
    CONSTRAINT git_remotes_branch_format CHECK (((branch ~ '^[A-Za-z0-9_][A-Za-z0-9._/-]{0,199}$'::text) AND (branch !~ '(\.\.|//|/$|/\.|\.lock$|\.$|\.lock/)'::text))),
    CONSTRAINT git_remotes_username_format CHECK ((username ~ '^[\x21-\x39\x3b-\x7e]{1,100}$'::text)),
    CONSTRAINT git_remotes_token_sealed CHECK (private.is_sealed(token_encrypted)),
    CONSTRAINT git_remotes_last_commit_format CHECK (((last_commit IS NULL) OR (last_commit ~ '^[0-9a-f]{40}$'::text)))
);
ALTER TABLE ONLY public.git_remotes
    ADD CONSTRAINT git_remotes_pkey PRIMARY KEY (project_id);
CREATE INDEX git_remotes_user ON public.git_remotes USING btree (user_id);
ALTER TABLE ONLY public.git_remotes
    ADD CONSTRAINT git_remotes_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.git_remotes
    ADD CONSTRAINT git_remotes_last_version_id_fkey FOREIGN KEY (last_version_id) REFERENCES public.project_versions(id) ON DELETE SET NULL;
ALTER TABLE ONLY public.git_remotes
    ADD CONSTRAINT git_remotes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.git_remotes ENABLE ROW LEVEL SECURITY;
GRANT SELECT(project_id) ON TABLE public.git_remotes TO authenticated;
GRANT SELECT(user_id) ON TABLE public.git_remotes TO authenticated;
GRANT SELECT(url) ON TABLE public.git_remotes TO authenticated;
GRANT SELECT(branch) ON TABLE public.git_remotes TO authenticated;
GRANT SELECT(username) ON TABLE public.git_remotes TO authenticated;
GRANT SELECT(last_commit) ON TABLE public.git_remotes TO authenticated;
GRANT SELECT(last_version_id) ON TABLE public.git_remotes TO authenticated;
GRANT SELECT(last_synced_at) ON TABLE public.git_remotes TO authenticated;
GRANT SELECT(created_at) ON TABLE public.git_remotes TO authenticated;
GRANT SELECT(updated_at) ON TABLE public.git_remotes TO authenticated;
GRANT ALL ON TABLE public.git_remotes TO service_role;

CREATE POLICY git_remotes_select_own ON public.git_remotes FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER git_remotes_touch BEFORE UPDATE ON public.git_remotes FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();

-- GET /projects/{id}/git-remote: the caller's project's remote, safe columns only (RLS and the column grant).
CREATE FUNCTION api.get_git_remote(project_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  result jsonb;
begin
  perform api.require_own_project(project_id);
  select jsonb_build_object('project_id', r.project_id, 'url', r.url, 'branch', r.branch, 'username', r.username,
           'last_commit', r.last_commit, 'last_synced_at', r.last_synced_at,
           'created_at', r.created_at, 'updated_at', r.updated_at)
    into result
    from public.git_remotes r
   where r.project_id = get_git_remote.project_id and r.user_id = (select auth.uid());
  if result is null then
    perform private.raise_api_error(404, 'git_remote_not_linked', 'This project is not linked to a git remote.');
  end if;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.get_git_remote(project_id bigint) TO authenticated;
GRANT EXECUTE ON FUNCTION api.get_git_remote(project_id bigint) TO service_role;

-- PUT /projects/{id}/git-remote: upsert for the caller's project. The sealed token and the address check
-- come from the edge function. Another remote or branch forgets the last sync: its commit means nothing there.
CREATE FUNCTION api.save_git_remote(project_id bigint, url text, branch text, username text, token_sealed text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform api.require_own_project(project_id);
  begin
    insert into public.git_remotes as t (project_id, user_id, url, branch, username, token_encrypted)
    values (save_git_remote.project_id, (select auth.uid()), url, branch, username, token_sealed)
    on conflict on constraint git_remotes_pkey do update
      set url = excluded.url, branch = excluded.branch, username = excluded.username,
          token_encrypted = excluded.token_encrypted,
          last_commit = case when (t.url, t.branch) = (excluded.url, excluded.branch) then t.last_commit end,
          last_version_id = case when (t.url, t.branch) = (excluded.url, excluded.branch) then t.last_version_id end,
          last_synced_at = case when (t.url, t.branch) = (excluded.url, excluded.branch) then t.last_synced_at end;
  exception when check_violation then
    perform private.raise_api_error(400, 'invalid_git_remote', 'The remote is not valid.',
      jsonb_build_object('constraint', 'git_remotes'));
  end;
  return api.get_git_remote(project_id);
end
$$;
GRANT EXECUTE ON FUNCTION api.save_git_remote(project_id bigint, url text, branch text, username text, token_sealed text) TO service_role;

-- DELETE /projects/{id}/git-remote: idempotent for the caller's project.
CREATE FUNCTION api.delete_git_remote(project_id bigint) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform api.require_own_project(project_id);
  delete from public.git_remotes r
   where r.project_id = delete_git_remote.project_id and r.user_id = (select auth.uid());
end
$$;
GRANT EXECUTE ON FUNCTION api.delete_git_remote(project_id bigint) TO authenticated;

-- POST /projects/{id}/git-remote/pushes: the remote with its sealed token, and the snapshots to push in
-- order: the versions made since the last one pushed there (private.push_snapshots). Service only: it
-- carries the sealed token.
CREATE FUNCTION api.git_remote_push_source(project_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.projects := api.require_own_project(project_id);
  r public.git_remotes;
begin
  select * into r from public.git_remotes g where g.project_id = p.id and g.user_id = p.user_id;
  if r.project_id is null then
    perform private.raise_api_error(404, 'git_remote_not_linked', 'This project is not linked to a git remote.');
  end if;
  return jsonb_build_object(
    'url', r.url, 'branch', r.branch, 'username', r.username, 'token_sealed', r.token_encrypted,
    'last_commit', r.last_commit, 'snapshots', private.push_snapshots(p.id, r.last_version_id));
end
$$;
GRANT EXECUTE ON FUNCTION api.git_remote_push_source(project_id bigint) TO service_role;

-- After the remote accepted a push: its commit is the new base and `version_id` the last version pushed,
-- unless the link was moved meanwhile (then null).
CREATE FUNCTION private.record_git_sync(project_id bigint, url text, branch text, commit text, version_id uuid) RETURNS timestamp with time zone
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update public.git_remotes r set last_commit = commit, last_version_id = version_id, last_synced_at = now()
   where r.project_id = record_git_sync.project_id and r.url = record_git_sync.url and r.branch = record_git_sync.branch
  returning r.last_synced_at
$$;
GRANT EXECUTE ON FUNCTION private.record_git_sync(project_id bigint, url text, branch text, commit text, version_id uuid) TO service_role;

-- A pull's changes, after the edge function compared the remote's new commits with the project: the remote's
-- changed files and deletions become the project's next version (which names `head`), unless a project file
-- is no longer what the comparison saw (`expected`: path → md5 of its contents, null for none; 409
-- `git_remote_conflict` with the paths). Paths the file rules refuse are skipped and listed. Answers what
-- changed and `version_id`: the version that now matches `head` (the newest when nothing changed).
CREATE FUNCTION private.apply_pull(project_id bigint, head text, files jsonb, deletions text[], expected jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  stale text[];
  skipped text[];
  kept jsonb;
  made jsonb;
  too_large text;
  max_file_bytes constant int := (private.file_limits() ->> 'bytes_per_file')::int;
begin
  select array_agg(e.key order by e.key) into stale
    from jsonb_each_text(expected) e
    left join public.project_files f on f.project_id = apply_pull.project_id and f.path = e.key
   where md5(f.contents) is distinct from e.value;
  if stale is not null then
    perform private.raise_api_error(409, 'git_remote_conflict',
      'The project changed files the remote changed too; push or save them first.', jsonb_build_object('paths', stale));
  end if;
  -- A file keeps its type while it keeps its encoding.
  select array_agg(x ->> 'path' order by x ->> 'path') filter (where private.file_path_problem(x ->> 'path') is not null),
         coalesce(jsonb_agg(x || jsonb_build_object('type', coalesce(
           (select f.type from public.project_files f
             where f.project_id = apply_pull.project_id and f.path = x ->> 'path'
               and private.file_encoding(f.type) = private.file_encoding(x ->> 'type')), x ->> 'type')))
           filter (where private.file_path_problem(x ->> 'path') is null), '[]'::jsonb)
    into skipped, kept
    from jsonb_array_elements(files) x;
  select x ->> 'path' into too_large from jsonb_array_elements(kept) x
   where octet_length(x ->> 'contents') > max_file_bytes limit 1;
  if too_large is not null then
    perform private.raise_api_error(413, 'file_too_large', format('A file holds at most %s bytes.', max_file_bytes),
      jsonb_build_object('path', too_large, 'max_bytes', max_file_bytes));
  end if;
  if jsonb_array_length(kept) > 0 or cardinality(deletions) > 0 then
    made := private.commit_version(project_id, null,
      kept || coalesce((select jsonb_agg(jsonb_build_object('path', d, 'deleted', true)) from unnest(deletions) d), '[]'::jsonb),
      jsonb_build_object('pulled_commit', head)) -> 'version';
  end if;
  return jsonb_build_object('pulled', true, 'commit', head,
    'changed', coalesce((select jsonb_agg(x ->> 'path' order by x ->> 'path') from jsonb_array_elements(kept) x), '[]'::jsonb),
    'deleted', to_jsonb(coalesce((select array_agg(d order by d) from unnest(deletions) d), '{}'::text[])),
    'skipped', to_jsonb(coalesce(skipped, '{}'::text[])),
    'version_id', coalesce(made ->> 'id', private.newest_version(apply_pull.project_id)::text));
end
$$;
GRANT EXECUTE ON FUNCTION private.apply_pull(project_id bigint, head text, files jsonb, deletions text[], expected jsonb) TO service_role;

-- POST /projects/{id}/git-remote/pulls: private.apply_pull for the caller's project, and `head` the last sync
-- and that version the last one synced, in one transaction; refused, changing nothing, when the link moved
-- since `base` was read (409 `git_remote_moved`). Service only: it takes what the service compared.
CREATE FUNCTION api.apply_git_pull(project_id bigint, url text, branch text, base text, head text, files jsonb, deletions text[], expected jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  r public.git_remotes;
  result jsonb;
begin
  perform api.require_own_project(project_id);
  select * into r from public.git_remotes g
   where g.project_id = apply_git_pull.project_id and g.url = apply_git_pull.url and g.branch = apply_git_pull.branch
     for update;
  if r.project_id is null or r.last_commit is distinct from base then
    perform private.raise_api_error(409, 'git_remote_moved', 'The link changed meanwhile; pulling again is safe.');
  end if;
  result := private.apply_pull(project_id, head, files, deletions, expected);
  update public.git_remotes g
     set last_commit = head, last_synced_at = now(), last_version_id = (result ->> 'version_id')::uuid
   where g.project_id = apply_git_pull.project_id;
  return result - 'version_id';
end
$$;
GRANT EXECUTE ON FUNCTION api.apply_git_pull(project_id bigint, url text, branch text, base text, head text, files jsonb, deletions text[], expected jsonb) TO service_role;
