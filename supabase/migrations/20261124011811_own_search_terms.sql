-- Own search in page order too. public.project_terms held the words of shared projects only, so a search of
-- the caller's own projects walked them newest first checking each one: for a user with many projects and a
-- word rare among them, a page cost every own project. The table now holds the words of every project with
-- whether it is shared: its primary key (owner, word, position) makes one word of the caller's projects a
-- B-tree range newest first (and finds a project's rows when its words change), and a partial index over
-- the shared rows (word, position) is the community's, as before.

alter table public.project_terms drop constraint project_terms_pkey;
truncate public.project_terms;
alter table public.project_terms add column shared boolean not null;
insert into public.project_terms (user_id, term, created_at, project_id, shared)
select p.user_id, w, p.created_at, p.id, p.shared from public.projects p, unnest(tsvector_to_array(p.search)) w;
alter table public.project_terms add primary key (user_id, term, created_at, project_id);
create index project_terms_shared on public.project_terms (term, created_at, project_id) include (user_id)
  where shared;
comment on table public.project_terms is
  'Each word of each project, in list order, with whether the project is shared; written only by triggers, read by api.list_projects.';

-- One statement per change of a project: its words inserted; deleted; or, when they, the sharing, the owner or
-- the position changed, the old rows no longer right deleted and the new words inserted, a kept one only
-- taking the new sharing (the two touch different rows, so their order within the statement does not
-- matter). Every row is reached by its primary key.
create or replace function private.sync_project_terms()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.project_terms (user_id, term, created_at, project_id, shared)
    select new.user_id, w, new.created_at, new.id, new.shared from unnest(tsvector_to_array(new.search)) w;
  elsif tg_op = 'DELETE' then
    delete from public.project_terms t
     where t.user_id = old.user_id and t.term = any (tsvector_to_array(old.search))
       and t.created_at = old.created_at and t.project_id = old.id;
  else
    with gone as (
      delete from public.project_terms t
       where t.user_id = old.user_id and t.term = any (tsvector_to_array(old.search))
         and t.created_at = old.created_at and t.project_id = old.id
         and ((new.user_id, new.created_at) is distinct from (old.user_id, old.created_at)
              or t.term <> all (tsvector_to_array(new.search)))
    )
    insert into public.project_terms as t (user_id, term, created_at, project_id, shared)
    select new.user_id, w, new.created_at, new.id, new.shared from unnest(tsvector_to_array(new.search)) w
    on conflict (user_id, term, created_at, project_id) do update set shared = excluded.shared
      where t.shared <> excluded.shared;
  end if;
  return null;
end
$$;
revoke all on function private.sync_project_terms() from public, anon, authenticated;

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
create or replace function api.list_projects(page_size int, page_cursor text, visibility text, q text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
-- Planned once per connection: the walk's branches cost more to plan than to run.
set plan_cache_mode = force_generic_plan
as $$
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
      (select p.id, p.user_id, p.name, p.description, p.icon_url, p.shared, p.created_at, p.updated_at, true as hit
         from public.projects p
        where cardinality(own_words) = 0 and p.user_id = uid
          and (p.created_at, p.id) < (before_created_at, before_id) and (matching is null or p.search @@ matching)
        order by p.created_at desc, p.id desc limit window_size)
      union all
      -- With words: each word's range of the caller's rows, newest first, checked until the window is full.
      (select distinct on (o.created_at, o.id) o.*
         from unnest(own_words) l (term)
         cross join lateral (
           select p.id, p.user_id, p.name, p.description, p.icon_url, p.shared, p.created_at, p.updated_at,
                  true as hit
             from public.project_terms t
             join public.projects p on p.id = t.project_id
            where t.user_id = uid and t.term = l.term and (t.created_at, t.project_id) < (before_created_at, before_id)
              and (single or p.search @@ matching)
            order by t.created_at desc, t.project_id desc limit window_size) o
        order by o.created_at desc, o.id desc limit window_size)
      union all
      (select p.id, p.user_id, p.name, p.description, p.icon_url, p.shared, p.created_at, p.updated_at,
              matching is null or p.search @@ matching
         from public.projects p
        where not fallback and include_shared and cardinality(shared_words) = 0 and p.shared and p.user_id <> uid
          and p.user_id <> all (hidden) and (p.created_at, p.id) < (before_created_at, before_id)
        order by p.created_at desc, p.id desc limit window_size)
      union all
      -- Others' shared rows by their words: the newest `window_size` of the union of the words' ranges are
      -- among each range's newest `window_size`.
      (select p.id, p.user_id, p.name, p.description, p.icon_url, p.shared, p.created_at, p.updated_at,
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
         from (select p.id, p.user_id, p.name, p.description, p.icon_url, p.shared, p.created_at, p.updated_at
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
                               'icon_url', w.icon_url, 'shared', w.shared, 'created_at', w.created_at,
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
