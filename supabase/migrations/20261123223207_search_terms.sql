-- Community search in page order. The full-text index answers "which projects contain this word" but in no
-- order, so a word's newest matches meant either walking the shared rows until enough of them matched (a
-- page ÷ the word's share of the rows) or reading all its matches and sorting them. public.project_terms holds
-- every word of every shared project with the project's position in the community list, so one word's
-- matches are a B-tree range already newest first, and a page of them costs a page.

create table public.project_terms (
  term text not null,
  created_at timestamptz not null,
  project_id bigint not null,
  -- For the blocks and the caller's own rows, filtered without visiting the project.
  user_id uuid not null,
  primary key (term, created_at, project_id) include (user_id)
);
comment on table public.project_terms is
  'Each word of each shared project, in community-list order; written only by triggers, read by api.list_projects.';
alter table public.project_terms enable row level security;
revoke all on public.project_terms from anon, authenticated;
grant all on public.project_terms to service_role;

-- Kept by the projects' own statements: a project's terms change with its words, its sharing and its
-- deletion. The rows of a project are found by the primary key (each word, its position).
create or replace function private.sync_project_terms()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' and old.shared then
    delete from public.project_terms t
     where t.term = any (tsvector_to_array(old.search)) and t.created_at = old.created_at and t.project_id = old.id;
  end if;
  if tg_op <> 'DELETE' and new.shared then
    insert into public.project_terms (term, created_at, project_id, user_id)
    select w, new.created_at, new.id, new.user_id from unnest(tsvector_to_array(new.search)) w;
  end if;
  return null;
end
$$;
revoke all on function private.sync_project_terms() from public, anon, authenticated;
create trigger projects_terms_written after insert or delete on public.projects
  for each row execute function private.sync_project_terms();
create trigger projects_terms_changed after update on public.projects
  for each row when (old.search is distinct from new.search or old.shared is distinct from new.shared
                     or old.created_at is distinct from new.created_at or old.user_id is distinct from new.user_id)
  execute function private.sync_project_terms();

insert into public.project_terms (term, created_at, project_id, user_id)
select w, p.created_at, p.id, p.user_id from public.projects p, unnest(tsvector_to_array(p.search)) w
 where p.shared;

-- GET /projects. Newest first, (created_at, id) descending, matches of `q` too; the cursor is unchanged.
-- Each shape reads an index in page order and stops: the caller's rows from projects_owner_page (with `q`
-- matched one by one until the page is full), and for `all` others' shared rows merged with them — from
-- projects_shared_page, or with `q` from the terms of the query's words in project_terms (each word's range
-- newest first, so one word costs a page whatever its share of the rows); whom the caller blocked and who
-- blocked the caller (read once from the two indexes of blocks) are a filter on those rows. The walk reads
-- growing windows (page + 1, then ×4, to 4,096) and keeps the matches: for one word every term row is one;
-- for several, the rarest word's range (all words required) or the union of their ranges (`or`) is checked
-- against the whole query. Queries with no word every match must contain (only negations, "-x") walk the
-- shared rows; once a window reaches 4,096 rows, the rest of the matches below the walk's position are read
-- from the full-text index and sorted. Each branch returns the rows it read, so the page is built without
-- reading them again, and each author is read once. Security definer: nobody else may read the blocks
-- against the caller, so the visibility rules of the projects policy are applied here.
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
  -- The words every match contains at least one of (querytree: the query without its negations), and
  -- whether a term row alone proves a match.
  lexemes text[] := '{}'::text[];
  single boolean := false;
  include_shared boolean := visibility = 'all';
  by_terms boolean := false;
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
    by_terms := include_shared and cardinality(lexemes) > 0;
    -- Without `or`, every match contains every word: the entries of its rarest word (counted up to a
    -- window) are all the candidates.
    if by_terms and cardinality(lexemes) > 1
       and position('|' in regexp_replace(querytree(matching), '''(?:[^''\\]|''''|\\.)*''', '', 'g')) = 0 then
      lexemes := array(select l.term from unnest(lexemes) l (term)
                        order by (select count(*) from (select from public.project_terms t where t.term = l.term
                                                         limit max_window) c)
                        limit 1);
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
      -- The caller's own matches: the own rows, matched one by one until the window is full.
      (select p.id, p.user_id, p.name, p.description, p.icon_url, p.shared, p.created_at, p.updated_at, true as hit
         from public.projects p
        where not fallback and p.user_id = uid and (p.created_at, p.id) < (before_created_at, before_id)
          and (matching is null or p.search @@ matching)
        order by p.created_at desc, p.id desc limit window_size)
      union all
      (select p.id, p.user_id, p.name, p.description, p.icon_url, p.shared, p.created_at, p.updated_at,
              matching is null or p.search @@ matching
         from public.projects p
        where not fallback and include_shared and not by_terms and p.shared and p.user_id <> uid
          and p.user_id <> all (hidden) and (p.created_at, p.id) < (before_created_at, before_id)
        order by p.created_at desc, p.id desc limit window_size)
      union all
      -- The newest `window_size` of the union of the words' ranges are among each range's newest
      -- `window_size`.
      (select p.id, p.user_id, p.name, p.description, p.icon_url, p.shared, p.created_at, p.updated_at,
              single or p.search @@ matching
         from (select distinct t.project_id as id, t.created_at
                 from unnest(lexemes) l (term)
                 cross join lateral (
                   select t.project_id, t.created_at from public.project_terms t
                    where not fallback and by_terms and t.term = l.term
                      and (t.created_at, t.project_id) < (before_created_at, before_id)
                      and t.user_id <> uid and t.user_id <> all (hidden)
                    order by t.created_at desc, t.project_id desc limit window_size) t
                order by t.created_at desc, t.project_id desc limit window_size) c
         join public.projects p on p.id = c.id)
      union all
      -- Matches too rare among the rows walked: the rest of them, below the walk's position, from the
      -- full-text index, sorted (OFFSET 0 keeps the planner from walking the page index instead).
      (select r.*, true
         from (select p.id, p.user_id, p.name, p.description, p.icon_url, p.shared, p.created_at, p.updated_at
                 from public.projects p
                where fallback and p.search @@ matching and (p.created_at, p.id) < (before_created_at, before_id)
                  and (p.user_id = uid or (include_shared and p.shared and p.user_id <> all (hidden)))
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
