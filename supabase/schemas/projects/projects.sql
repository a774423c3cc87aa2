-- Projects: ownership, sharing and the projects API.

CREATE TABLE public.projects (
    id bigint NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    icon_url text,
    shared boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    -- 'simple': names and descriptions are in any language, so no stemming or stop words.
    search tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, ((name || ' '::text) || description))) STORED,
    -- The newest succeeded build's web preview; written only by private.finish_build.
    preview_url text,
    -- That build's first screen as a PNG, null until the worker rendered it (private.record_build_thumbnail).
    preview_image_url text,
    CONSTRAINT projects_description_length CHECK ((length(description) <= 1000)),
    CONSTRAINT projects_icon_url_format CHECK (((icon_url IS NULL) OR ((icon_url ~ '^https?://'::text) AND (length(icon_url) <= 2048)))),
    CONSTRAINT projects_preview_url_format CHECK (((preview_url IS NULL) OR ((preview_url ~ '^https?://'::text) AND (length(preview_url) <= 2048)))),
    CONSTRAINT projects_preview_image_url_format CHECK (((preview_image_url IS NULL) OR ((preview_image_url ~ '^https?://'::text) AND (length(preview_image_url) <= 2048)))),
    CONSTRAINT projects_name_format CHECK (((length(name) BETWEEN 1 AND 100) AND (name ~ '\S'::text)))
);
ALTER TABLE public.projects ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.projects_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_pkey PRIMARY KEY (id);

-- Pages walk (created_at desc, id desc): one index for "mine", one for the shared rows of "all".
CREATE INDEX projects_owner_page ON public.projects USING btree (user_id, created_at DESC, id DESC);
CREATE INDEX projects_search ON public.projects USING gin (search);
CREATE INDEX projects_shared_page ON public.projects USING btree (created_at DESC, id DESC) WHERE shared;
ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;
ALTER TABLE public.projects ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.projects IS 'Generated apps. icon_url is written only by private.set_project_icon.';
GRANT SELECT,DELETE ON TABLE public.projects TO authenticated;
GRANT ALL ON TABLE public.projects TO service_role;
GRANT INSERT(name),UPDATE(name) ON TABLE public.projects TO authenticated;
GRANT INSERT(description),UPDATE(description) ON TABLE public.projects TO authenticated;
GRANT INSERT(shared),UPDATE(shared) ON TABLE public.projects TO authenticated;

-- The Project resource; the author comes from the caller's join, so a page costs one query.
CREATE FUNCTION api.project_json(p public.projects, author public.profiles) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', p.id, 'name', p.name, 'description', p.description, 'icon_url', p.icon_url,
    'preview_url', p.preview_url, 'preview_image_url', p.preview_image_url, 'shared', p.shared, 'created_at', p.created_at, 'updated_at', p.updated_at,
    'author', api.public_profile_json(author))
$$;
GRANT EXECUTE ON FUNCTION api.project_json(p public.projects, author public.profiles) TO authenticated;

CREATE FUNCTION private.project_not_found() RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.raise_api_error(404, 'project_not_found', 'No such project.')
$$;
GRANT EXECUTE ON FUNCTION private.project_not_found() TO authenticated;
GRANT EXECUTE ON FUNCTION private.project_not_found() TO service_role;

-- The caller's own project, or 404 `project_not_found` — the same answer whether the project is
-- missing, private to someone else or shared by someone else, so ids reveal nothing.
CREATE FUNCTION api.require_own_project(project_id bigint) RETURNS public.projects
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  p public.projects;
begin
  select * into p from public.projects where id = project_id and user_id = (select auth.uid());
  if not found then
    perform private.project_not_found();
  end if;
  return p;
end
$$;
GRANT EXECUTE ON FUNCTION api.require_own_project(project_id bigint) TO authenticated;

-- GET /projects. Newest first, (created_at, id) descending, matches of `q` too; the cursor is unchanged.
-- Each shape reads an index in page order and stops. The caller's rows: without `q` from projects_owner_page;
-- with `q` from the caller's range of each of the query's words in project_terms, newest first, so one word
-- costs a page whatever its share of the caller's rows or of the table; with several, the rarest word's
-- range among the caller's rows (all words required) or the union of their ranges (`or`) is checked against
-- the whole query until the page is full, so such a query costs at most the caller's projects containing
-- that word; a query of negations only ("-x") matches them one by one from projects_owner_page. For `all`,
-- others' shared rows merged with them: from projects_shared_page, or with `q` from the shared rows' index of
-- project_terms (the rarest word among the shared rows, or the union); whom the caller blocked and who
-- blocked the caller (read once from the two indexes of blocks) are a filter on those rows. That walk reads
-- growing windows (page + 1, then ×4, to 4,096) and keeps the matches: for one word every term row is one.
-- Queries with no word every match must contain walk the shared rows; once a window reaches 4,096 rows, the
-- rest of others' matches below the walk's position are read from the full-text index and sorted. Each
-- branch returns the rows it read, so the page is built without reading them again, and each author is read
-- once. Security definer: nobody else may read the blocks against the caller, so the visibility rules of the
-- projects policy are applied here.
CREATE FUNCTION api.list_projects(page_size integer, page_cursor text, visibility text, q text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
declare
  max_window constant int := 4096;
  uid uuid := (select auth.uid());
  scope text := uid::text || '|' || visibility || '|' || coalesce(q, '');
  matching tsquery;
  -- The words every match contains at least one of (querytree: the query without its negations); of
  -- those, the ones whose ranges are walked among the caller's rows and among others' shared rows; and
  -- whether a term row alone proves a match.
  lexemes text[] := '{}'::text[];
  own_words text[] := '{}'::text[];
  shared_words text[] := '{}'::text[];
  single boolean := false;
  include_shared boolean := visibility = 'all';
  hidden uuid[] := '{}'::uuid[];
  before_created_at timestamptz := 'infinity'::timestamptz;
  before_id bigint := 9223372036854775807;
  window_size int := page_size + 1;
  fallback boolean := false;
  examined int;
  items jsonb[] := '{}'::jsonb[];
  authors uuid[] := '{}'::uuid[];
  page jsonb;
begin
  if page_size is null or page_size not between 1 and 100 or visibility is null
     or visibility not in ('mine', 'all') then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100 and visibility mine or all.');
  end if;
  if page_cursor is not null then
    select c.created_at, c.id into before_created_at, before_id from private.decode_cursor(page_cursor, scope) c;
  end if;
  if q is not null then
    matching := websearch_to_tsquery('simple', q);
    if numnode(matching) = 0 then
      return jsonb_build_object('data', '[]'::jsonb, 'next_cursor', null);
    end if;
    -- tsquery text quotes a lexeme in ' and doubles ' and \ inside it.
    lexemes := array(select distinct replace(replace(m[1], '''''', ''''), '\\', '\')
                       from regexp_matches(querytree(matching), '''((?:[^''\\]|''''|\\.)*)''', 'g') m);
    single := numnode(matching) = 1;
    own_words := lexemes;
    shared_words := case when include_shared then lexemes else '{}' end;
    -- Without `or`, every match contains every word: the entries of its rarest word (counted up to a
    -- window, among the caller's rows and among the shared rows) are all the candidates.
    if cardinality(lexemes) > 1
       and position('|' in regexp_replace(querytree(matching), '''(?:[^''\\]|''''|\\.)*''', '', 'g')) = 0 then
      own_words := array(select l.term from unnest(lexemes) l (term)
                          order by (select count(*) from (select from public.project_terms t
                                                           where t.user_id = uid and t.term = l.term
                                                           limit max_window) c)
                          limit 1);
      if include_shared then
        shared_words := array(select l.term from unnest(lexemes) l (term)
                               order by (select count(*) from (select from public.project_terms t
                                                                where t.shared and t.term = l.term
                                                                limit max_window) c)
                               limit 1);
      end if;
    end if;
  end if;
  if include_shared then
    hidden := array(select b.blocked_user_id from public.blocks b where b.blocker_id = uid
                    union all
                    select b.blocker_id from public.blocks b where b.blocked_user_id = uid);
  end if;

  -- The page and one more, newest first: each project as JSON (built once per match, inline rather than
  -- by a function per row) and its author's id. Each branch reads the rows it returns, so the page is not
  -- read again.
  loop
    with walk as (
      -- The caller's own matches, in every step (the last one included). Without words: the own rows,
      -- matched one by one until the window is full.
      (select p.id, p.user_id, p.name, p.description, p.icon_url, p.preview_url, p.preview_image_url, p.shared, p.created_at, p.updated_at, true as hit
         from public.projects p
        where cardinality(own_words) = 0 and p.user_id = uid
          and (p.created_at, p.id) < (before_created_at, before_id) and (matching is null or p.search @@ matching)
        order by p.created_at desc, p.id desc limit window_size)
      union all
      -- With words: each word's range of the caller's rows, newest first, checked until the window is full.
      (select distinct on (o.created_at, o.id) o.*
         from unnest(own_words) l (term)
         cross join lateral (
           select p.id, p.user_id, p.name, p.description, p.icon_url, p.preview_url, p.preview_image_url, p.shared, p.created_at, p.updated_at,
                  true as hit
             from public.project_terms t
             join public.projects p on p.id = t.project_id
            where t.user_id = uid and t.term = l.term and (t.created_at, t.project_id) < (before_created_at, before_id)
              and (single or p.search @@ matching)
            order by t.created_at desc, t.project_id desc limit window_size) o
        order by o.created_at desc, o.id desc limit window_size)
      union all
      (select p.id, p.user_id, p.name, p.description, p.icon_url, p.preview_url, p.preview_image_url, p.shared, p.created_at, p.updated_at,
              matching is null or p.search @@ matching
         from public.projects p
        where not fallback and include_shared and cardinality(shared_words) = 0 and p.shared and p.user_id <> uid
          and p.user_id <> all (hidden) and (p.created_at, p.id) < (before_created_at, before_id)
        order by p.created_at desc, p.id desc limit window_size)
      union all
      -- Others' shared rows by their words: the newest `window_size` of the union of the words' ranges are
      -- among each range's newest `window_size`.
      (select p.id, p.user_id, p.name, p.description, p.icon_url, p.preview_url, p.preview_image_url, p.shared, p.created_at, p.updated_at,
              single or p.search @@ matching
         from (select distinct t.project_id as id, t.created_at
                 from unnest(shared_words) l (term)
                 cross join lateral (
                   select t.project_id, t.created_at from public.project_terms t
                    where not fallback and t.shared and t.term = l.term
                      and (t.created_at, t.project_id) < (before_created_at, before_id)
                      and t.user_id <> uid and t.user_id <> all (hidden)
                    order by t.created_at desc, t.project_id desc limit window_size) t
                order by t.created_at desc, t.project_id desc limit window_size) c
         join public.projects p on p.id = c.id)
      union all
      -- Others' matches too rare among the rows walked: the rest of them, below the walk's position, from
      -- the full-text index, sorted (OFFSET 0 keeps the planner from walking the page index instead).
      (select r.*, true
         from (select p.id, p.user_id, p.name, p.description, p.icon_url, p.preview_url, p.preview_image_url, p.shared, p.created_at, p.updated_at
                 from public.projects p
                where fallback and include_shared and p.search @@ matching
                  and (p.created_at, p.id) < (before_created_at, before_id)
                  and p.shared and p.user_id <> uid and p.user_id <> all (hidden)
               offset 0) r
        order by r.created_at desc, r.id desc limit window_size)
      order by created_at desc, id desc
      limit window_size
    )
    select items || coalesce(array_agg(jsonb_build_object('id', w.id, 'name', w.name, 'description', w.description,
                               'icon_url', w.icon_url, 'preview_url', w.preview_url, 'preview_image_url', w.preview_image_url, 'shared', w.shared, 'created_at', w.created_at,
                               'updated_at', w.updated_at) order by w.created_at desc, w.id desc)
                               filter (where w.hit), '{}'),
           authors || coalesce(array_agg(w.user_id order by w.created_at desc, w.id desc) filter (where w.hit), '{}'),
           count(*)::int,
           (array_agg(w.created_at order by w.created_at, w.id))[1],
           (array_agg(w.id order by w.created_at, w.id))[1]
      into items, authors, examined, before_created_at, before_id
      from walk w;
    exit when cardinality(items) > page_size or examined < window_size or fallback;
    fallback := window_size >= max_window;
    window_size := case when fallback then page_size + 1 - cardinality(items) else least(window_size * 4, max_window) end;
  end loop;

  -- Each author read once (a page of one's own projects has one).
  select coalesce(jsonb_agg(x.item || jsonb_build_object('author', a.author) order by x.n), '[]')
    into page
    from unnest(items[1:page_size], authors[1:page_size]) with ordinality x (item, author_id, n)
    join (select a.id, jsonb_build_object('id', a.id, 'username', a.username, 'avatar_url', a.avatar_url,
                   'is_supporter', a.is_supporter, 'created_at', a.created_at, 'updated_at', a.updated_at) as author
            from public.profiles a where a.id = any (array(select distinct unnest(authors[1:page_size])))) a
      on a.id = x.author_id;
  return jsonb_build_object('data', page, 'next_cursor',
    case when cardinality(items) > page_size
      then private.encode_cursor((page -> -1 ->> 'created_at')::timestamptz, (page -> -1 ->> 'id')::bigint, scope)
    end);
end
$$;
GRANT EXECUTE ON FUNCTION api.list_projects(page_size integer, page_cursor text, visibility text, q text) TO authenticated;

CREATE FUNCTION api.get_project(project_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  result jsonb;
begin
  select api.project_json(p, a) into result
    from public.projects p join public.profiles a on a.id = p.user_id
   where p.id = project_id;
  if result is null then
    perform private.project_not_found();
  end if;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.get_project(project_id bigint) TO authenticated;

-- POST /projects: the project and its template files in one transaction.
CREATE FUNCTION api.create_project(name text, description text, shared boolean, files jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  p public.projects;
begin
  if not exists (select 1 from public.profiles where id = (select auth.uid())) then
    perform private.raise_api_error(404, 'profile_not_found', 'No profile exists for this account.');
  end if;
  begin
    insert into public.projects (name, description, shared)
    values (create_project.name, coalesce(create_project.description, ''), coalesce(create_project.shared, false))
    returning * into p;
  exception when check_violation then
    perform private.raise_api_error(400, 'invalid_request', 'The project is not valid.',
      jsonb_build_object('constraint', 'projects'));
  end;
  perform api.save_project_files(p.id, files);
  return api.get_project(p.id);
end
$$;
GRANT EXECUTE ON FUNCTION api.create_project(name text, description text, shared boolean, files jsonb) TO authenticated;

-- PATCH /projects/{id}: the keys present in `changes` (name, shared); owner only.
CREATE FUNCTION api.update_project(project_id bigint, changes jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  begin
    update public.projects p
       set name = case when changes ? 'name' then changes ->> 'name' else p.name end,
           shared = case when changes ? 'shared' then (changes ->> 'shared')::boolean else p.shared end
     where p.id = project_id and p.user_id = (select auth.uid());
  exception when check_violation or not_null_violation then
    perform private.raise_api_error(400, 'invalid_request', 'The project change is not valid.',
      jsonb_build_object('constraint', 'projects'));
  end;
  if not found then
    perform private.project_not_found();
  end if;
  return api.get_project(project_id);
end
$$;
GRANT EXECUTE ON FUNCTION api.update_project(project_id bigint, changes jsonb) TO authenticated;

-- DELETE /projects/{id}: files, preview errors and links go with it by cascade; owner only.
CREATE FUNCTION api.delete_project(project_id bigint) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  delete from public.projects p where p.id = project_id and p.user_id = (select auth.uid());
  if not found then
    perform private.project_not_found();
  end if;
end
$$;
GRANT EXECUTE ON FUNCTION api.delete_project(project_id bigint) TO authenticated;

-- The icon generator's write: only the service sets icon_url. Returns the URL it replaced, or null when
-- the project is gone (the caller then drops the object it stored).
CREATE FUNCTION private.set_project_icon(project_id bigint, icon_url text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  previous text;
begin
  select p.icon_url into previous from public.projects p where p.id = project_id for update;
  if not found then
    return null;
  end if;
  update public.projects p set icon_url = set_project_icon.icon_url where p.id = project_id;
  return jsonb_build_object('previous_icon_url', previous);
end
$$;
GRANT EXECUTE ON FUNCTION private.set_project_icon(project_id bigint, icon_url text) TO service_role;

-- DELETE /me: the ids whose icon objects go once the account is gone.
CREATE FUNCTION api.own_project_ids() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(p.id), '[]'::jsonb) from public.projects p where p.user_id = (select auth.uid())
$$;
GRANT EXECUTE ON FUNCTION api.own_project_ids() TO authenticated;

CREATE FUNCTION private.shared_project_visible(project_id bigint) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select from public.projects p
     where p.id = project_id and p.shared
       and not exists (select from public.blocks b
                        where (b.blocker_id = (select auth.uid()) and b.blocked_user_id = p.user_id)
                           or (b.blocker_id = p.user_id and b.blocked_user_id = (select auth.uid()))))
$$;
GRANT EXECUTE ON FUNCTION private.shared_project_visible(project_id bigint) TO authenticated;
GRANT EXECUTE ON FUNCTION private.shared_project_visible(project_id bigint) TO service_role;

CREATE POLICY projects_delete_own ON public.projects FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY projects_insert_own ON public.projects FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY projects_select ON public.projects FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (shared AND private.shared_project_visible(id))));

CREATE POLICY projects_update_own ON public.projects FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER projects_touch BEFORE UPDATE ON public.projects FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();

CREATE TRIGGER projects_limit AFTER INSERT ON public.projects REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION private.limit_rows_per_owner('user_id', 'max_projects_per_user', '500', 'too_many_projects', 'projects');
