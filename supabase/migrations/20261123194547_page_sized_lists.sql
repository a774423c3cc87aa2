-- Lists whose cost is a page, whatever the size of the tables.

-- GET /projects. Newest first, (created_at, id) descending, matches of `q` too; the cursor is unchanged.
-- Each shape reads an index in page order and stops: the caller's rows from projects_owner_page, and for
-- `all` others' shared rows from projects_shared_page merged with them; whom the caller blocked and who
-- blocked the caller (read once from the two indexes of blocks) are a filter on those rows. With `q` the
-- walk reads growing windows of the newest rows (page + 1, then ×4, to 4,096) and keeps the matches, so
-- a common word costs about a page ÷ its share of the rows; words too rare for that are read from the
-- full-text index instead, at the position the walk reached: after 400 rows when the index holds fewer
-- than 2,000 of them, else after the largest window. Security definer: nobody else may read the blocks against
-- the caller, so the visibility rules of the projects policy are applied here.
create or replace function api.list_projects(page_size int, page_cursor text, visibility text, q text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  max_window constant int := 4096;
  probe_after constant int := 400;
  few constant int := 2000;
  uid uuid := (select auth.uid());
  scope text := uid::text || '|' || visibility || '|' || coalesce(q, '');
  matching tsquery;
  include_shared boolean := visibility = 'all';
  hidden uuid[] := '{}'::uuid[];
  before_created_at timestamptz := 'infinity'::timestamptz;
  before_id bigint := 9223372036854775807;
  window_size int := page_size + 1;
  examined int;
  walked int := 0;
  probed boolean := false;
  found bigint[];
  ids bigint[] := '{}'::bigint[];
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
  end if;
  if include_shared then
    hidden := array(select b.blocked_user_id from public.blocks b where b.blocker_id = uid
                    union all
                    select b.blocker_id from public.blocks b where b.blocked_user_id = uid);
  end if;

  -- The ids of the page and one more, newest first.
  loop
    with walk as (
      (select p.id, p.created_at, p.search from public.projects p
        where p.user_id = uid and (p.created_at, p.id) < (before_created_at, before_id)
        order by p.created_at desc, p.id desc limit window_size)
      union all
      (select p.id, p.created_at, p.search from public.projects p
        where include_shared and p.shared and p.user_id <> uid and p.user_id <> all (hidden)
          and (p.created_at, p.id) < (before_created_at, before_id)
        order by p.created_at desc, p.id desc limit window_size)
      order by created_at desc, id desc
      limit window_size
    )
    select coalesce(array_agg(w.id order by w.created_at desc, w.id desc)
                      filter (where matching is null or w.search @@ matching), '{}'),
           count(*)::int,
           (array_agg(w.created_at order by w.created_at, w.id))[1],
           (array_agg(w.id order by w.created_at, w.id))[1]
      into found, examined, before_created_at, before_id
      from walk w;
    ids := ids || found;
    walked := walked + examined;
    exit when cardinality(ids) > page_size or examined < window_size;
    -- Words that are rare among the newest projects: when they are rare overall too (the probe counts at
    -- most `few` of their entries in the GIN index), or once the walk went far, read the rest of their
    -- matches from the full-text index, below the walk's position, and sort those.
    if (walked >= probe_after and not probed and (select count(*) from (select from public.projects p
                                                   where p.search @@ matching limit few) f) < few)
       or window_size >= max_window then
      -- OFFSET 0 keeps the planner from walking the page index again.
      select ids || coalesce(array_agg(m.id order by m.created_at desc, m.id desc), '{}')
        into ids
        from (select r.id, r.created_at
                from (select p.id, p.created_at from public.projects p
                       where p.search @@ matching and (p.created_at, p.id) < (before_created_at, before_id)
                         and (p.user_id = uid or (include_shared and p.shared and p.user_id <> all (hidden)))
                      offset 0) r
               order by r.created_at desc, r.id desc
               limit page_size + 1 - cardinality(ids)) m;
      exit;
    end if;
    probed := probed or walked >= probe_after;
    window_size := least(window_size * 4, max_window);
  end loop;

  -- The page as JSON, each project with its author, built inline rather than by a function per row.
  select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'description', p.description,
             'icon_url', p.icon_url, 'shared', p.shared, 'created_at', p.created_at, 'updated_at', p.updated_at,
             'author', jsonb_build_object('id', a.id, 'username', a.username, 'avatar_url', a.avatar_url,
               'is_supporter', a.is_supporter, 'created_at', a.created_at, 'updated_at', a.updated_at))
           order by x.n), '[]')
    into page
    from unnest(ids[1:page_size]) with ordinality x (id, n)
    join public.projects p on p.id = x.id
    join public.profiles a on a.id = p.user_id;
  return jsonb_build_object('data', page, 'next_cursor',
    case when cardinality(ids) > page_size
      then private.encode_cursor((page -> -1 ->> 'created_at')::timestamptz, (page -> -1 ->> 'id')::bigint, scope)
    end);
end
$$;

-- GET /notifications and GET /wallets/me/transactions: the position is a bound of the index range
-- (created_at < cursor, or no bound), never "cursor is null or ...", which a cached plan cannot turn into
-- one: there a later page read the recipient's newer rows again before reaching it.
create or replace function api.list_notifications(page_size int, page_cursor text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  older_than timestamptz;
  result jsonb;
begin
  if page_size is null or page_size not between 1 and 100 then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100.');
  end if;
  older_than := coalesce(private.timestamp_cursor(page_cursor), 'infinity');
  with page as (
    select api.notification_json(n, s) as item, row_number() over (order by n.created_at desc) as k
      from public.notifications n
      left join public.profiles s on s.id = n.sender_id
     where n.recipient_id = (select auth.uid()) and n.created_at < older_than
     order by n.created_at desc
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

create or replace function api.list_wallet_transactions(page_size int, page_cursor text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  older_than timestamptz;
  result jsonb;
begin
  if page_size is null or page_size not between 1 and 100 then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100.');
  end if;
  older_than := coalesce(private.timestamp_cursor(page_cursor), 'infinity');
  with page as (
    select private.wallet_transaction_json(t) as item, row_number() over (order by t.created_at desc) as k
      from public.wallet_transactions t
     where t.user_id = (select auth.uid()) and t.created_at < older_than
     order by t.created_at desc
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
