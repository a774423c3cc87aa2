-- GET /projects walked page by page returns exactly what one plain query over the visible rows returns,
-- newest first: without q, with a common word and a rare one (both read from the shared projects' terms),
-- several words (the rarest one's terms, or the union for `or`), words common apart but rare together
-- (the full-text index once the walk went far) and negations only (the page index), in both visibilities,
-- blocks applied both ways; the terms follow renames, unsharing and deletion.
begin;
select plan(17);

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
  from (values ('mine'), ('all')) v (visibility),
       (values (null), ('budget'), ('quokka'), ('plain 7'), ('budget or quokka'), ('"old 2"'), ('-budget'),
               ('budget plain')) q (q);

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
select is(pg_temp.walk(9, 'all', 'plain 7'), (select ids from expected where visibility = 'all' and q = 'plain 7'),
  'two words: the rarer one''s terms, checked against the query');
select is(pg_temp.walk(9, 'all', 'budget or quokka'),
  (select ids from expected where visibility = 'all' and q = 'budget or quokka'),
  'either word: the union of both words'' terms');
select is(pg_temp.walk(9, 'all', '"old 2"'), (select ids from expected where visibility = 'all' and q = '"old 2"'),
  'a phrase');
select is(pg_temp.walk(50, 'all', '-budget'), (select ids from expected where visibility = 'all' and q = '-budget'),
  'a negation only: the shared projects walked and checked');
select is(pg_temp.walk(9, 'all', 'budget plain'), (select ids from expected where visibility = 'all' and q = 'budget plain'),
  'two words that never meet: an empty list after the walk and the full-text index');
select is(api.list_projects(20, null, 'all', '-'), '{"data": [], "next_cursor": null}'::jsonb,
  'a query without a searchable word matches nothing');
select is(api.list_projects(20, null, 'all', 'zyzzogeton'), '{"data": [], "next_cursor": null}'::jsonb,
  'a word nothing contains: an empty page');
reset role;

-- The terms follow the projects: a rename, unsharing and deletion, as the owner does them.
set local role authenticated;
select set_config('request.jwt.claims', '{"sub": "b2222222-2222-2222-2222-222222222222", "role": "authenticated"}', true);
update public.projects set name = 'Renamed wombat' where name = 'Old 1';
update public.projects set shared = false where name = 'Old 2';
delete from public.projects where name = 'Old 3';
select set_config('request.jwt.claims', '{"sub": "a1111111-1111-1111-1111-111111111111", "role": "authenticated"}', true);
select is(jsonb_path_query_array(api.list_projects(20, null, 'all', 'wombat'), '$.data[*].name'), '["Renamed wombat"]',
  'a renamed project is found by its new name');
select is(jsonb_build_array(jsonb_path_query_array(api.list_projects(20, null, 'all', 'quokka'), '$.data[*].name'),
                            api.list_projects(20, null, 'all', 'old') -> 'data'),
  '[["Renamed wombat"], []]',
  'not under its old name''s words; the unshared and the deleted projects not at all');
select throws_ok('select count(*) from public.project_terms', '42501', null,
  'no user reads the terms directly (the blocked authors'' among them)');
select throws_ok($$insert into public.project_terms values ('x', now(), 1, 'a1111111-1111-1111-1111-111111111111')$$,
  '42501', null, 'nor writes them');
reset role;
select is((select count(*) from public.project_terms t join public.projects p on p.id = t.project_id
            where not p.shared or t.created_at <> p.created_at or t.user_id <> p.user_id
               or not (p.search @@ to_tsquery('simple', quote_literal(t.term))))
          + (select count(*) from public.projects p, unnest(tsvector_to_array(p.search)) w
              where p.shared and not exists (select from public.project_terms t
                                              where t.term = w and t.project_id = p.id and t.created_at = p.created_at))
          + (select count(*) from public.project_terms t where not exists (select from public.projects p where p.id = t.project_id)),
  0::bigint, 'the terms are exactly the words of the shared projects');

select * from finish();
rollback;
