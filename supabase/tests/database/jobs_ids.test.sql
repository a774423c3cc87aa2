-- Ids of the rows every job writes are time-ordered UUIDs (version 7): a new key lands on its index's newest
-- pages whatever the table holds.
begin;
\ir _helpers.psql
select plan(7);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'ids.alice@example.com');
select pg_temp.create_project(8401, 'a1111111-1111-1111-1111-111111111111', 'One');

create temp table made as
  select private.uuid_v7() as id, (extract(epoch from clock_timestamp()) * 1000)::bigint as ms;

select is(substring((select id from made)::text, 15, 1), '7', 'the version nibble is 7');
select ok(substring((select id from made)::text, 20, 1) in ('8', '9', 'a', 'b'), 'with the RFC 9562 variant');
select ok(abs(('x' || substring(replace((select id from made)::text, '-', ''), 1, 12))::bit(48)::bigint
              - (select ms from made)) < 1000,
  'its first 48 bits are the Unix milliseconds it was made at');
select pg_sleep(0.002);
select ok((select id from made) < private.uuid_v7(), 'one made later sorts after it');

insert into public.jobs (user_id, project_id, input)
  values ('a1111111-1111-1111-1111-111111111111', 8401, '{"prompt": "p"}');
select is(substring((select id from public.jobs where project_id = 8401)::text, 15, 1), '7',
  'a job''s id is one by default');
select is(substring(private.commit_version(8401, null, '[{"path": "a.txt", "contents": "x"}]', '{}')
                   #>> '{version,id}', 15, 1), '7', 'and so is a version''s');

-- Any token holder reaches private through PostgREST's role: the function is the service's alone.
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select private.uuid_v7()$$, '42501', null, 'authenticated cannot call it directly');
reset role;

select * from finish();
rollback;
