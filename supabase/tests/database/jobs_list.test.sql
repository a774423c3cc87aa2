-- GET /jobs in SQL: the caller's jobs newest first by an exact cursor, the filters, isolation, and an index
-- in page order for every shape of the walk.
begin;
\ir _helpers.psql
select plan(11);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'list.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'list.bob@example.com');
select pg_temp.create_project(8201, 'a1111111-1111-1111-1111-111111111111', 'One');
select pg_temp.create_project(8202, 'a1111111-1111-1111-1111-111111111111', 'Two');
select pg_temp.create_project(8203, 'b2222222-2222-2222-2222-222222222222', 'Bob');
-- Three jobs in one statement: the same clock reading, made unique by the trigger.
insert into public.jobs (id, user_id, project_id, input, created_at) values
  ('30000000-0000-4000-8000-000000000001', 'a1111111-1111-1111-1111-111111111111', 8201, '{}', '2026-01-01T00:00:00Z'),
  ('30000000-0000-4000-8000-000000000002', 'a1111111-1111-1111-1111-111111111111', 8202, '{}', '2026-01-01T00:00:00Z'),
  ('30000000-0000-4000-8000-000000000003', 'a1111111-1111-1111-1111-111111111111', 8201, '{}', '2026-01-01T00:00:00Z'),
  ('30000000-0000-4000-8000-000000000004', 'b2222222-2222-2222-2222-222222222222', 8203, '{}', '2026-01-01T00:00:00Z');
update public.jobs set status = 'canceled' where id = '30000000-0000-4000-8000-000000000002';

select is((select count(distinct created_at)::int from public.jobs where user_id = 'a1111111-1111-1111-1111-111111111111'),
  3, 'jobs created at the same instant get distinct created_at per user');

select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is((select jsonb_agg(e ->> 'id') from jsonb_array_elements(api.list_jobs(2, null, null, null) -> 'data') e),
  '["30000000-0000-4000-8000-000000000003", "30000000-0000-4000-8000-000000000002"]'::jsonb, 'newest first');
select is((select jsonb_agg(e ->> 'id') from jsonb_array_elements(api.list_jobs(2,
    api.list_jobs(2, null, null, null) ->> 'next_cursor', null, null) -> 'data') e),
  '["30000000-0000-4000-8000-000000000001"]'::jsonb, 'the next page continues exactly after the cursor');
select is(api.list_jobs(3, null, null, null) -> 'next_cursor', 'null'::jsonb, 'no cursor after the last page');
select is((select jsonb_agg(e ->> 'id') from jsonb_array_elements(api.list_jobs(20, null, 'canceled', null) -> 'data') e),
  '["30000000-0000-4000-8000-000000000002"]'::jsonb, 'filtered by status');
select is((select jsonb_agg(e ->> 'id') from jsonb_array_elements(api.list_jobs(20, null, null, 8201) -> 'data') e),
  '["30000000-0000-4000-8000-000000000003", "30000000-0000-4000-8000-000000000001"]'::jsonb, 'filtered by project');
select is(api.list_jobs(20, null, null, 8203) -> 'data', '[]'::jsonb, 'another user''s project lists nothing');
select throws_ok($$select api.list_jobs(0, null, null, null)$$, 'PT400', null, 'limit is 1..100');
reset role;

-- Whatever the planner would cost a table this small, an index in page order must exist for each walk.
set local enable_seqscan = off;
select unalike(pg_temp.plan_of($$select * from public.jobs where user_id = 'a1111111-1111-1111-1111-111111111111'
    and created_at < now() order by created_at desc limit 21$$), '%Sort%', 'the walk reads an index in page order');
select unalike(pg_temp.plan_of($$select * from public.jobs where user_id = 'a1111111-1111-1111-1111-111111111111'
    and status = 'queued' and created_at < now() order by created_at desc limit 21$$), '%Sort%',
  'so does the walk by status');
select unalike(pg_temp.plan_of($$select * from public.jobs where user_id = 'a1111111-1111-1111-1111-111111111111'
    and project_id = 8201 and created_at < now() order by created_at desc limit 21$$), '%Sort%',
  'and the walk by project');

select * from finish();
rollback;
