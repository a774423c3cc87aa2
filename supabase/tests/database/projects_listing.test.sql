-- GET /projects walked page by page returns exactly what one plain query over the visible rows returns,
-- newest first, for every query shape (no query, one word common or rare, several words from the rarest
-- one's entries or the union for `or`, phrases, negations, words that never meet, nothing searchable), both
-- visibilities, small pages and large, as two readers: one who blocked an author and was blocked by
-- another, one who blocked nobody. The projects were renamed, reshared, unshared, deleted and moved after
-- they were made, so the words the walk reads are the ones the triggers kept. One author's 12,600 shared
-- projects make "alpha beta" (6,300 entries each, the eight projects with both the oldest) reach the
-- 4,096-row step with pages of 3 and read the rest from the full-text index.
begin;
\ir _helpers.psql
select plan(7);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'reader@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'author@example.com');
select pg_temp.create_user('c3333333-3333-3333-3333-333333333333', 'blocker@example.com');
select pg_temp.create_user('d4444444-4444-4444-4444-444444444444', 'blocked@example.com');
select pg_temp.create_user('e5555555-5555-5555-5555-555555555555', 'prolific@example.com');
-- Carol blocked Alice, Alice blocked Dave.
insert into public.blocks (blocker_id, blocked_user_id) values
  ('c3333333-3333-3333-3333-333333333333', 'a1111111-1111-1111-1111-111111111111'),
  ('a1111111-1111-1111-1111-111111111111', 'd4444444-4444-4444-4444-444444444444');

-- Alice: 300, two in three shared; budgets, trackers, a repeated word, a rare one. Bob's rows share her
-- timestamps, so ties are broken by id.
insert into public.projects (user_id, name, description, shared, created_at)
select 'a1111111-1111-1111-1111-111111111111',
       case when n % 10 = 0 then 'Budget tracker ' || n when n % 10 in (1, 2) then 'My budget ' || n
            when n % 10 = 3 then 'Plain budget budget ' || n else 'Plain ' || n end,
       case when n in (297, 298) then 'a quokka diary' else '' end,
       n % 3 <> 0, now() - n * interval '1 minute'
  from generate_series(1, 300) n;
-- Bob: 150, three in four shared, and three old ones with a rare word.
insert into public.projects (user_id, name, description, shared, created_at)
select 'b2222222-2222-2222-2222-222222222222', case when n % 5 = 0 then 'Budget ' || n else 'Plain ' || n end,
       'shared by bob', n % 4 <> 0, now() - n * interval '1 minute'
  from generate_series(1, 150) n;
insert into public.projects (user_id, name, description, shared, created_at)
select 'b2222222-2222-2222-2222-222222222222', 'Old ' || n, 'a quokka tracker', true,
       now() - interval '1 year' - n * interval '1 minute'
  from generate_series(1, 3) n;
-- Carol and Dave: 30 each, most shared.
insert into public.projects (user_id, name, shared, created_at)
select u, case when n % 2 = 0 then 'Budget by ' || n else 'Quokka plain ' || n end, n % 6 <> 0,
       now() - n * interval '90 seconds'
  from generate_series(1, 30) n,
       unnest(array['c3333333-3333-3333-3333-333333333333', 'd4444444-4444-4444-4444-444444444444']::uuid[]) u;
-- Erin: 12,600 old shared projects, half "alpha", half "beta", the oldest eight with both (past the default
-- cap of projects per owner, raised for her).
select private.set_setting('max_projects_per_user', '12600');
insert into public.projects (user_id, name, shared, created_at)
select 'e5555555-5555-5555-5555-555555555555',
       case when n > 12592 then 'Alpha beta ' || n when n % 2 = 0 then 'Alpha ' || n else 'Beta ' || n end,
       true, now() - interval '2 years' - n * interval '1 second'
  from generate_series(1, 12600) n;

-- After they were made, as their owners do it: renames, descriptions, sharing changed both ways, deletions.
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
update public.projects set name = 'Renamed wombat' where name = 'Old 1';
update public.projects set shared = false where name = 'Old 2';
delete from public.projects where name = 'Old 3';
update public.projects set name = 'Plain renamed ' || id where name like 'Budget %' and id % 2 = 0;
update public.projects set shared = not shared where name like 'Plain %' and id % 3 = 0;
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
update public.projects set name = 'Quokka ' || id where name like 'Plain %' and id % 17 = 0;
update public.projects set description = 'a budget for the tracker' where name like 'My budget %' and id % 4 = 0;
update public.projects set shared = not shared where id % 5 = 0;
delete from public.projects where name like 'Budget tracker %' and id % 3 = 0;
reset role;
-- The service moves one of Dave's projects to Bob.
update public.projects set user_id = 'b2222222-2222-2222-2222-222222222222'
 where id = (select min(id) from public.projects where user_id = 'd4444444-4444-4444-4444-444444444444' and shared);

-- Planned with the statistics a live table has.
analyze public.projects, public.project_terms;

-- Every case and what it must return: the visible rows, newest first, as one plain query finds them from
-- the names and descriptions.
create temp table cases as
with queries as materialized (
  select q, websearch_to_tsquery('simple', q) as query
    from (values (null), ('budget'), ('BUDGET'), ('quokka'), ('wombat'), ('bob'), ('plain 7'), ('budget tracker'),
                 ('budget plain'), ('budget or quokka'), ('budget or tracker'), ('"my budget"'), ('"plain budget"'),
                 ('-budget'), ('budget -tracker'), ('quokka -diary'), ('alpha beta'), ('old'), ('renamed'),
                 ('zyzzogeton'), ('!!!'), ('-'), ('"budget tracker" or wombat')) q (q)
)
select r.reader, v.visibility, q.q,
       array(select p.id from public.projects p
              where (p.user_id = r.reader
                     or (v.visibility = 'all' and p.shared
                         and not exists (select from public.blocks b
                                          where (b.blocker_id, b.blocked_user_id) in ((r.reader, p.user_id),
                                                                                      (p.user_id, r.reader)))))
                and (q.q is null or to_tsvector('simple', p.name || ' ' || p.description) @@ q.query)
              order by p.created_at desc, p.id desc) as ids
  from (values ('a1111111-1111-1111-1111-111111111111'::uuid), ('b2222222-2222-2222-2222-222222222222')) r (reader),
       (values ('mine'), ('all')) v (visibility),
       queries q;
select ok((select count(*) from cases where cardinality(ids) > 0) >= 60
          and (select cardinality(ids) from cases
                where reader = 'b2222222-2222-2222-2222-222222222222' and visibility = 'all' and q = 'alpha beta') = 8
          and (select count(*) from public.projects) > 13000,
  'the cases find rows (the plain query is not vacuous)');

-- Every page of a listing, walked through its cursors, as the caller.
create function pg_temp.walk(page_size int, visibility text, q text)
returns bigint[]
language plpgsql
as $$
declare
  cursor text;
  page jsonb;
  ids bigint[] := '{}';
begin
  -- A cursor that never ends the walk ends it here, with what was read so far.
  for i in 1..1000 loop
    page := api.list_projects(page_size, cursor, visibility, q);
    ids := ids || array(select (x ->> 'id')::bigint from jsonb_array_elements(page -> 'data') x);
    cursor := page ->> 'next_cursor';
    exit when cursor is null;
  end loop;
  return ids;
end
$$;
-- The cases a reader's walks disagree with, each walked with pages of 3 (short lists) and of a seventh of
-- the list.
create function pg_temp.mismatches(reader uuid)
returns text[]
language sql
as $$
  select coalesce(array_agg(format('%s %s limit %s', c.visibility, coalesce(c.q, '(no q)'), l)), '{}')
    from cases c
   cross join lateral unnest(array[case when cardinality(c.ids) <= 400 then 3 else 100 end,
                                   least(100, 1 + cardinality(c.ids) / 7)]) l
   where c.reader = mismatches.reader and pg_temp.walk(l, c.visibility, c.q) is distinct from c.ids
$$;
grant select on cases to authenticated;
grant execute on function pg_temp.walk(int, text, text), pg_temp.mismatches(uuid) to authenticated;

select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(pg_temp.mismatches('a1111111-1111-1111-1111-111111111111'), '{}'::text[],
  'a reader who blocked one author and was blocked by another: every walk equals the plain query');
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is(pg_temp.mismatches('b2222222-2222-2222-2222-222222222222'), '{}'::text[],
  'a reader who blocked nobody: every walk equals the plain query');
select is(api.list_projects(20, null, 'all', '!!!'), '{"data": [], "next_cursor": null}'::jsonb,
  'a query without a searchable word is an empty page');
select throws_ok('select count(*) from public.project_terms', '42501', null,
  'no user reads the terms directly (the blocked authors'' and the unshared ones among them)');
select throws_ok($$insert into public.project_terms values ('x', now(), 1, 'a1111111-1111-1111-1111-111111111111', true)$$,
  '42501', null, 'nor writes them');
reset role;
select is((select count(*) from public.project_terms t join public.projects p on p.id = t.project_id
            where t.shared <> p.shared or t.created_at <> p.created_at or t.user_id <> p.user_id
               or not (p.search @@ to_tsquery('simple', quote_literal(t.term))))
          + (select count(*) from public.projects p, unnest(tsvector_to_array(p.search)) w
              where not exists (select from public.project_terms t
                                 where (t.user_id, t.term, t.created_at, t.project_id) = (p.user_id, w, p.created_at, p.id)))
          + (select count(*) from public.project_terms t where not exists (select from public.projects p where p.id = t.project_id)),
  0::bigint, 'the terms are exactly the words of every project, with its owner, position and sharing');

select * from finish();
rollback;
