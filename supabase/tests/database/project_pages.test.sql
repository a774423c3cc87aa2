-- GET /projects walked page by page returns exactly what one plain query over the visible rows returns,
-- newest first: without q, with a common word (found by walking the page index) and with a rare one (found
-- through the full-text index once the walk went far), in both visibilities, blocks applied both ways.
begin;
select plan(7);

insert into auth.users (id, email) values
  ('a1111111-1111-1111-1111-111111111111', 'reader@example.com'),
  ('b2222222-2222-2222-2222-222222222222', 'author@example.com'),
  ('c3333333-3333-3333-3333-333333333333', 'blocker@example.com'),
  ('d4444444-4444-4444-4444-444444444444', 'blocked@example.com');

-- Bob: 1,750 projects, six in seven shared, one in 50 about a budget, and three old ones with a rare word.
insert into public.projects (user_id, name, shared, created_at)
select 'b2222222-2222-2222-2222-222222222222', case when n % 50 = 0 then 'Budget ' || n else 'Plain ' || n end,
       n % 7 <> 0, now() - n * interval '1 minute'
  from generate_series(1, 1750) n;
insert into public.projects (user_id, name, description, shared, created_at)
select 'b2222222-2222-2222-2222-222222222222', 'Old ' || n, 'a quokka tracker', true, now() - interval '1 year' - n * interval '1 minute'
  from generate_series(1, 3) n;
-- Carol blocked Alice, Alice blocked Dave: neither's shared projects reach her list.
insert into public.projects (user_id, name, shared, created_at)
select u, 'Budget by ' || u, true, now() - n * interval '30 seconds'
  from generate_series(1, 5) n,
       unnest(array['c3333333-3333-3333-3333-333333333333', 'd4444444-4444-4444-4444-444444444444']::uuid[]) u;
insert into public.blocks (blocker_id, blocked_user_id) values
  ('c3333333-3333-3333-3333-333333333333', 'a1111111-1111-1111-1111-111111111111'),
  ('a1111111-1111-1111-1111-111111111111', 'd4444444-4444-4444-4444-444444444444');
-- Alice: her own, shared or not, some about a budget.
insert into public.projects (user_id, name, shared, created_at)
select 'a1111111-1111-1111-1111-111111111111', case when n % 3 = 0 then 'My budget ' || n else 'Mine ' || n end,
       n % 2 = 0, now() - n * interval '45 seconds'
  from generate_series(1, 40) n;

-- What each listing must return: the visible rows, newest first, as one query finds them.
create temp table expected as
select v.visibility, q.q,
       array(select p.id from public.projects p
              where (p.user_id = 'a1111111-1111-1111-1111-111111111111'
                     or (v.visibility = 'all' and p.shared
                         and p.user_id not in ('c3333333-3333-3333-3333-333333333333', 'd4444444-4444-4444-4444-444444444444')))
                and (q.q is null or p.search @@ websearch_to_tsquery('simple', q.q))
              order by p.created_at desc, p.id desc) as ids
  from (values ('mine'), ('all')) v (visibility), (values (null), ('budget'), ('quokka')) q (q);

-- Every page of a listing, walked through its cursors, as Alice.
create function pg_temp.walk(page_size int, visibility text, q text)
returns bigint[]
language plpgsql
as $$
declare
  cursor text;
  page jsonb;
  ids bigint[] := '{}';
begin
  loop
    page := api.list_projects(page_size, cursor, visibility, q);
    ids := ids || array(select (x ->> 'id')::bigint from jsonb_array_elements(page -> 'data') x);
    cursor := page ->> 'next_cursor';
    exit when cursor is null;
  end loop;
  return ids;
end
$$;
grant select on expected to authenticated;
grant execute on function pg_temp.walk(int, text, text) to authenticated;

set local role authenticated;
select set_config('request.jwt.claims', '{"sub": "a1111111-1111-1111-1111-111111111111", "role": "authenticated"}', true);
select is(pg_temp.walk(100, 'all', null), (select ids from expected where visibility = 'all' and q is null),
  'the community list, page by page, is every visible project newest first, blocks applied both ways');
select is(pg_temp.walk(7, 'mine', null), (select ids from expected where visibility = 'mine' and q is null),
  'the own list likewise');
select is(pg_temp.walk(7, 'all', 'budget'), (select ids from expected where visibility = 'all' and q = 'budget'),
  'a common word: its matches newest first, across the walk''s growing windows');
select is(pg_temp.walk(2, 'all', 'quokka'), (select ids from expected where visibility = 'all' and q = 'quokka'),
  'a rare word: its old matches, found through the full-text index, newest first, cursors included');
select is(pg_temp.walk(5, 'mine', 'budget'), (select ids from expected where visibility = 'mine' and q = 'budget'),
  'a search of the own projects');
select is(api.list_projects(20, null, 'all', '-'), '{"data": [], "next_cursor": null}'::jsonb,
  'a query without a searchable word matches nothing');
select is(api.list_projects(20, null, 'all', 'zyzzogeton'), '{"data": [], "next_cursor": null}'::jsonb,
  'a word nothing contains: an empty page');
reset role;

select * from finish();
rollback;
