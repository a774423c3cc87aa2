-- A finished build is queued for the owner's endpoints subscribed to build.succeeded or build.failed, its
-- errors bounded; a canceled build and another user's endpoints get nothing.
begin;
\ir _helpers.psql
select plan(9);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'buildhooks.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'buildhooks.bob@example.com');
select pg_temp.create_project(9201, 'a1111111-1111-1111-1111-111111111111', 'Alice app');
select lives_ok($$select private.create_webhook('a1111111-1111-1111-1111-111111111111', 'https://example.com/a',
    array['build.succeeded', 'build.failed'])$$, 'the service creates an endpoint for the build events');
select lives_ok($$select private.create_webhook('b2222222-2222-2222-2222-222222222222', 'https://example.com/b',
    array['build.succeeded', 'build.failed'])$$, 'and one of another user''s');
grant build_worker to current_user;

-- The worker's cycle: claim the queued build, finish it with `outcome`; the delivery it queued, if any.
create function pg_temp.finished(outcome jsonb) returns jsonb language plpgsql as $$
declare
  claimed jsonb;
begin
  perform private.queue_build(9201, 'manual', null, null);
  claimed := private.claim_build('test-worker');
  perform private.finish_build((claimed ->> 'id')::bigint, (claimed ->> 'lease_token')::uuid, outcome);
  return (select d.payload from public.webhook_deliveries d
           where d.payload -> 'data' ->> 'id' = claimed ->> 'id');
end
$$;

create temp table failed as select pg_temp.finished(jsonb_build_object('status', 'failed',
  'steps', '[{"name": "install", "status": "succeeded", "ms": 5}, {"name": "typecheck", "status": "failed", "ms": 9}]'::jsonb,
  'errors', (select jsonb_agg(jsonb_build_object('file', 'src/broken.ts', 'line', i, 'column', 1, 'code', 'TS2322',
                                                 'message', repeat('x', 5000)))
               from generate_series(1, 100) i))) as p;
select is((select p ->> 'type' from failed), 'build.failed', 'a failed build is queued as build.failed');
select is((select p -> 'data' ->> 'project_id' || ':' || (p -> 'data' ->> 'status') || ':'
                  || coalesce(p -> 'data' ->> 'preview_url', 'none') from failed),
  '9201:failed:none', 'with its project, status and no preview');
select is((select jsonb_array_length(p -> 'data' -> 'errors') from failed), 10, 'at most 10 of its errors');
select is((select max(length(e ->> 'message')) from failed, jsonb_array_elements(p -> 'data' -> 'errors') e), 1000,
  'each message at most 1000 characters, the file, line and code kept');

select is((select p ->> 'type' || ' ' || (p -> 'data' ->> 'preview_url') from (select pg_temp.finished(
    '{"status": "succeeded", "preview_url": "http://127.0.0.1:1/p/abc/"}') as p) s),
  'build.succeeded http://127.0.0.1:1/p/abc/', 'a succeeded build is queued as build.succeeded with its preview');
select is(pg_temp.finished('{"status": "canceled"}'), null, 'a canceled build queues nothing');
select is((select string_agg(d.user_id || ' ' || d.event_type, ',' order by d.event_type) from public.webhook_deliveries d),
  'a1111111-1111-1111-1111-111111111111 build.failed,a1111111-1111-1111-1111-111111111111 build.succeeded',
  'only the owner''s endpoint hears of the builds');

select * from finish();
rollback;
