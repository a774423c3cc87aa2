-- What the API roles may do beyond the tables: nothing of pg_net, no CREATE in public, no signing of
-- arbitrary cursors; the service keeps what it uses.
begin;
\ir _helpers.psql
select plan(13);

select function_privs_are('net', 'http_post', array['text', 'jsonb', 'jsonb', 'jsonb', 'integer'], 'anon',
  array[]::text[], 'anon cannot send HTTP requests from the database');
select function_privs_are('net', 'http_post', array['text', 'jsonb', 'jsonb', 'jsonb', 'integer'], 'authenticated',
  array[]::text[], 'nor can authenticated');
select function_privs_are('net', 'http_get', array['text', 'jsonb', 'jsonb', 'integer'], 'authenticated',
  array[]::text[], 'http_get neither');
select function_privs_are('net', 'http_delete', array['text', 'jsonb', 'jsonb', 'integer', 'jsonb'], 'anon',
  array[]::text[], 'http_delete neither');
select schema_privs_are('net', 'anon', array[]::text[], 'anon has no use of the net schema');
select schema_privs_are('net', 'authenticated', array[]::text[], 'authenticated neither');
select function_privs_are('net', 'http_post', array['text', 'jsonb', 'jsonb', 'jsonb', 'integer'], 'postgres',
  array['EXECUTE'], 'the owner of the dispatching functions still sends');

select schema_privs_are('public', 'anon', array['USAGE'], 'anon creates nothing in public');
select schema_privs_are('public', 'authenticated', array['USAGE'], 'authenticated creates nothing in public');

select function_privs_are('private', 'encode_cursor', array['timestamp with time zone', 'bigint', 'text'],
  'authenticated', array[]::text[], 'authenticated cannot sign a cursor for any scope');
select function_privs_are('private', 'decode_cursor', array['text', 'text'], 'authenticated', array[]::text[],
  'nor check one: the projects list does both as its definer');

-- Paging still works for a user, and a cursor signed for one user is refused to another.
select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'bob@example.com');
insert into public.projects (user_id, name, shared)
select 'a1111111-1111-1111-1111-111111111111', 'App ' || i, true from generate_series(1, 3) i;
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select set_config('test.cursor', api.list_projects(2, null, 'mine', null) ->> 'next_cursor', true);
select is(jsonb_array_length(api.list_projects(2, current_setting('test.cursor'), 'mine', null) -> 'data'), 1,
  'the next page follows the cursor');
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select throws_ok($$select api.list_projects(2, current_setting('test.cursor'), 'mine', null)$$, 'PT400', null,
  'another user''s cursor is refused');

select * from finish();
rollback;
