-- The `private.<area>_limits()` functions are the one home of their limits: redefined (inside this rolled-back
-- transaction), every function that enforces one enforces the new value, in its refusal's message and details.
begin;
\ir _helpers.psql
select plan(12);

create or replace function private.file_limits() returns jsonb language sql immutable set search_path to '' as $$
  select jsonb_build_object('path_chars', 5, 'files_per_request', 2, 'bytes_per_file', 3, 'bytes_per_request', 5,
    'files_per_project', 3, 'bytes_per_project', 8, 'default_storage_quota_bytes', 9)
$$;
create or replace function private.wallet_limits() returns jsonb language sql immutable set search_path to '' as $$
  select jsonb_build_object('credit_floor', -100, 'welcome_bonus', 7, 'welcome_bonus_days', 2)
$$;
create or replace function private.webhook_limits() returns jsonb language sql immutable set search_path to '' as $$
  select jsonb_build_object('endpoints_per_user', 1)
$$;
create or replace function private.preview_error_limits() returns jsonb language sql immutable
set search_path to '' as $$
  select jsonb_build_object('kept_per_project', 2)
$$;

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'limits.alice@example.com');
select pg_temp.create_project(9701, 'a1111111-1111-1111-1111-111111111111', 'Alice app');
select pg_temp.create_project(9702, 'a1111111-1111-1111-1111-111111111111', 'Alice other app');

-- Files
select is(private.file_path_problem('abcdef'), 'too_long', 'a path is judged by path_chars');
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.save_project_files(9701, '[{"path": "a", "contents": "", "type": "CODE"},
  {"path": "b", "contents": "", "type": "CODE"}, {"path": "c", "contents": "", "type": "CODE"}]')$$,
  'PT413', 'too_many_files: At most 2 files per request.', 'a request holds files_per_request files');
select throws_ok($$select api.save_project_files(9701, '[{"path": "abcdef", "contents": "", "type": "CODE"}]')$$,
  'PT400', 'invalid_file_path: File paths are relative, at most 5 characters, without "." or ".." segments, '
    'backslashes or control characters.', 'and the refusal names path_chars');
select throws_ok($$select api.save_project_files(9701, '[{"path": "a", "contents": "1234", "type": "CODE"}]')$$,
  'PT413', 'file_too_large: A file holds at most 3 bytes.', 'a file holds bytes_per_file bytes');
select throws_ok($$select api.save_project_files(9701, '[{"path": "a", "contents": "123", "type": "CODE"},
  {"path": "b", "contents": "123", "type": "CODE"}]')$$,
  'PT413', 'request_too_large: A request holds at most 5 bytes of contents.', 'a request holds bytes_per_request bytes');
select lives_ok($$select api.save_project_files(9701, '[{"path": "a", "contents": "123", "type": "CODE"},
  {"path": "b", "contents": "12", "type": "CODE"}]')$$, 'what is within the limits is saved');
select throws_ok($$select api.save_project_files(9701, '[{"path": "c", "contents": "123", "type": "CODE"},
  {"path": "d", "contents": "", "type": "CODE"}]')$$,
  'PT413', 'too_many_project_files: A project holds at most 3 files.', 'a project holds files_per_project files');
-- New contents: what 9701 already stores is counted once, whichever project holds it.
select throws_ok($$select api.save_project_files(9702, '[{"path": "a", "contents": "abc", "type": "CODE"},
  {"path": "b", "contents": "de", "type": "CODE"}]')$$,
  'PT413',
  'storage_quota_exceeded: An account''s projects hold at most 9 bytes of file contents in all, with their versions.',
  'all projects together hold default_storage_quota_bytes without the setting');
reset role;

-- The wallet
select is((select array[w.bonus_balance, extract(day from w.bonus_expires_at - now())::bigint]
             from public.wallets w where w.user_id = 'a1111111-1111-1111-1111-111111111111'),
  array[7, 2]::bigint[], 'a new account gets welcome_bonus for welcome_bonus_days');
update public.wallets set balance = -107 where user_id = 'a1111111-1111-1111-1111-111111111111';
select is((select private.credit_floor_state(w) -> 'refusal' ->> 'message' from public.wallets w
            where w.user_id = 'a1111111-1111-1111-1111-111111111111'),
  'The balance has reached the -100 credit floor; top up to run more jobs.', 'a hold is refused at credit_floor');

-- Webhook endpoints
select private.create_webhook('a1111111-1111-1111-1111-111111111111', 'https://example.com/a', array['job.failed']);
select throws_ok($$select private.create_webhook('a1111111-1111-1111-1111-111111111111', 'https://example.com/b',
    array['job.failed'])$$,
  'PT409', 'webhook_limit_reached: An account has at most 1 webhook endpoints.', 'an account has endpoints_per_user');

-- Preview errors
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select api.record_preview_error(9701, 'error ' || i, null) from generate_series(1, 3) i;
select is((select array_agg(e ->> 'message') from jsonb_array_elements(api.list_preview_errors(9701) -> 'data') e),
  array['error 2', 'error 3'], 'a project keeps kept_per_project preview errors');
reset role;

select * from finish();
rollback;
