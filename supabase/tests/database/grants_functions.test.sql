-- What an API role can execute directly (through any PostgREST exposing a schema, or a future RPC): every
-- function of `api` and `private` that `authenticated` may call is listed here with why calling it directly
-- skips no rule; anything else is service_role's (admission and creation of jobs, saving installations,
-- linking database projects, the workers' and webhooks' functions). `anon` executes none of them.
begin;
\ir _helpers.psql
select plan(4);

create temporary table audited (signature text primary key, why text not null) on commit drop;
insert into audited values
  ('private.raise_api_error(integer,text,text,jsonb)', 'raises the error it is given'),
  ('private.file_path_problem(text)', 'pure: judges a path'),
  ('private.file_limits()', 'pure: constants'),
  ('private.version_limits()', 'pure: constants'),
  ('private.preview_error_limits()', 'pure: constants'),
  ('private.file_encoding(text)', 'pure: names the encoding of a file type'),
  ('private.project_not_found()', 'raises a 404'),
  ('private.timestamp_cursor(text)', 'pure: parses a cursor'),
  ('private.format_eur(bigint)', 'pure: formats credits'),
  ('private.utc_iso(timestamp with time zone)', 'pure: formats a time'),
  ('private.local_date(text,text,text)', 'pure: parses a date in a zone'),
  ('private.require_timezone(text)', 'reads only the public list of time zone names'),
  ('private.job_json(jobs)', 'formats the row it is given'),
  ('private.wallet_transaction_json(wallet_transactions)', 'formats the row it is given'),
  ('api.public_profile_json(profiles)', 'formats the row it is given'),
  ('api.project_json(projects,profiles)', 'formats the rows it is given'),
  ('api.preview_error_json(preview_errors)', 'formats the row it is given'),
  ('api.block_json(blocks)', 'formats the row it is given'),
  ('api.report_json(reports)', 'formats the row it is given'),
  ('api.notification_json(notifications,profiles)', 'formats the rows it is given'),
  ('api.push_token_json(push_tokens)', 'formats the row it is given'),
  ('api.repohost_link_json(repohost_links)', 'formats the row it is given'),
  ('api.repohost_installation_json(bigint,text,text,text,timestamp with time zone,timestamp with time zone)', 'formats what it is given'),
  ('api.dbhost_projects_result(jsonb,jsonb)', 'formats what it is given; reads links under RLS'),
  ('private.shared_project_visible(bigint)', 'the projects policy evaluates it as the caller; it answers for one project only what reading it tells'),
  ('private.require_profile()', 'raises unless the caller has a profile'),
  ('private.held_credits(uuid)', 'security invoker: sums rows RLS lets the caller see'),
  ('api.get_me()', 'reads under RLS'),
  ('api.get_public_profile(uuid)', 'reads under RLS'),
  ('api.own_project_ids()', 'reads under RLS'),
  ('api.require_own_project(bigint)', 'reads under RLS'),
  ('api.list_projects(integer,text,text,text)', 'definer acting for auth.uid(); applies the projects policy''s visibility (own, or shared and no block either way) itself'),
  ('api.get_project(bigint)', 'reads under RLS'),
  ('api.list_project_files(bigint,text)', 'reads under RLS'),
  ('api.project_archive_page(bigint,uuid,text,integer)', 'reads under RLS'),
  ('api.list_preview_errors(bigint)', 'reads under RLS'),
  ('api.get_dbhost_link(bigint)', 'reads under RLS'),
  ('api.get_repohost_link(bigint)', 'reads under RLS'),
  ('api.get_git_remote(bigint)', 'reads under RLS, the token column is not granted'),
  ('api.list_blocks(integer,text)', 'definer acting for auth.uid(); only the caller''s blocks'),
  ('api.list_notifications(integer,text)', 'reads under RLS'),
  ('api.count_unread_notifications()', 'reads under RLS'),
  ('api.get_job(uuid)', 'reads under RLS'),
  ('api.list_repohost_installations()', 'reads under RLS'),
  ('api.list_repohost_links()', 'reads under RLS'),
  ('api.repohost_push_source(bigint)', 'reads under RLS'),
  ('api.repohost_installation_on(text)', 'reads under RLS'),
  ('api.get_dbhost_connection()', 'reads under RLS'),
  ('api.get_wallet()', 'reads under RLS'),
  ('api.list_wallet_transactions(integer,text)', 'reads under RLS'),
  ('api.usage_summary(text,integer,integer,text)', 'reads under RLS'),
  ('api.usage_contributions(text,text,text)', 'reads under RLS'),
  ('api.usage_insights(text)', 'reads under RLS'),
  ('api.update_me(jsonb)', 'writes the caller''s profile under RLS, column grants and CHECKs'),
  ('api.save_project_files(bigint,jsonb)', 'definer acting for auth.uid(); only the caller''s project, paths and limits checked in SQL'),
  ('private.blob_address(text)', 'pure: hashes the text it is given (project_files computes its column with it)'),
  ('private.version_json(project_versions)', 'formats the row it is given'),
  ('private.push_snapshots(bigint,uuid)', 'security invoker: reads the versions RLS lets the caller see'),
  ('private.own_version(bigint,uuid)', 'reads under RLS'),
  ('api.list_versions(bigint,integer,text)', 'reads under RLS'),
  ('private.check_file_page(integer,text)', 'pure: checks a page''s parameters'),
  ('api.get_version(bigint,uuid,text,text,integer)', 'reads under RLS'),
  ('api.diff_versions(bigint,uuid,uuid,text,integer)', 'reads under RLS'),
  ('api.restore_version(bigint,uuid)', 'definer acting for auth.uid(); only the caller''s project and its own versions'),
  ('api.create_project(text,text,boolean,jsonb)', 'writes under RLS; the owner is the caller'),
  ('api.update_project(bigint,jsonb)', 'writes under RLS, owner only'),
  ('api.delete_project(bigint)', 'writes under RLS, owner only'),
  ('api.record_preview_error(bigint,text,text)', 'writes under RLS, owner only, lengths checked'),
  ('api.clear_preview_errors(bigint)', 'writes under RLS, owner only'),
  ('api.create_block(uuid)', 'writes under RLS; the blocker is the caller'),
  ('api.delete_block(uuid)', 'writes under RLS; only the caller''s blocks'),
  ('api.create_reshare(bigint,text,jsonb)', 'writes under RLS; visibility and platforms checked in SQL'),
  ('api.create_report(bigint,uuid,text)', 'writes under RLS; the reporter is the caller, the target must be visible'),
  ('api.admit_checkout()', 'definer acting for auth.uid(); counts only the caller''s checkouts against their limit'),
  ('api.mark_all_notifications_read()', 'writes under RLS; only the caller''s'),
  ('api.mark_notification_read(uuid)', 'writes under RLS; only the caller''s'),
  ('api.register_push_token(text,text,text)', 'definer acting for auth.uid(); the token format is checked in SQL'),
  ('api.unregister_push_token(text)', 'definer acting for auth.uid(); only the caller''s token'),
  ('api.link_repohost_repository(bigint,bigint,text,text)', 'definer acting for auth.uid(); project and installation ownership checked in SQL'),
  ('api.unlink_repohost_repository(bigint)', 'definer acting for auth.uid(); only the caller''s link'),
  ('api.delete_git_remote(bigint)', 'definer acting for auth.uid(); only the caller''s project''s remote'),
  ('api.unlink_dbhost_project(bigint)', 'definer acting for auth.uid(); only the caller''s link'),
  ('api.record_attachment_upload(uuid,text[])', 'definer acting for auth.uid(); only paths of the caller''s own folder and key, capped, with a profile'),
  ('api.start_dbhost_authorization(text,text)', 'definer acting for auth.uid(); stores a pending authorization of the caller, a sealed verifier or none'),
  ('api.cancel_job(uuid)', 'definer acting for auth.uid(); only the caller''s job, through the state machine'),
  ('api.list_jobs(integer,text,text,bigint)', 'reads under RLS'),
  ('api.job_events(uuid,bigint,integer)', 'reads under RLS'),
  ('private.webhook_json(webhook_endpoints,boolean)', 'formats the row it is given'),
  ('api.list_webhooks()', 'definer acting for auth.uid(); only the caller''s endpoints, without secrets'),
  ('api.delete_webhook(uuid)', 'writes under RLS; only the caller''s endpoint'),
  ('api.rotate_webhook_secret(uuid)', 'definer acting for auth.uid(); only the caller''s endpoint'),
  ('api.list_webhook_attempts(uuid,integer,text)', 'reads under RLS'),
  ('private.build_json(builds,boolean)', 'formats the row it is given'),
  ('api.list_builds(bigint,integer,text)', 'reads under RLS'),
  ('api.get_build(bigint)', 'reads under RLS'),
  ('api.request_build(bigint,uuid)', 'definer acting for auth.uid(); only the caller''s project, and one queued build per project'),
  ('private.device_preview_json(device_previews)', 'formats the row it is given'),
  ('api.get_device_preview(bigint)', 'reads under RLS'),
  ('api.project_device_preview(bigint)', 'reads under RLS'),
  ('api.get_preview(bigint)', 'reads under RLS; only the caller''s project'),
  ('api.request_device_preview(bigint)', 'definer acting for auth.uid(); only the caller''s project, stopping only the caller''s previews'),
  ('api.stop_device_preview(bigint)', 'definer acting for auth.uid(); only the caller''s preview');

select is(
  (select coalesce(array_agg(p.oid::regprocedure::text order by p.oid::regprocedure::text), '{}')
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('api', 'private') and has_function_privilege('authenticated', p.oid, 'execute')
      and p.oid::regprocedure::text not in (select signature from audited)),
  '{}'::text[], 'authenticated executes only the functions audited as safe to call directly');
select is(
  (select coalesce(array_agg(p.oid::regprocedure::text order by p.oid::regprocedure::text), '{}')
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('api', 'private') and has_function_privilege('anon', p.oid, 'execute')),
  '{}'::text[], 'anon executes none');
select is(
  (select array_agg(f order by f) from unnest(array[
     'api.admit_job(uuid,bigint,text)', 'api.create_job(jsonb)', 'api.submit_job(jsonb)', 'api.release_job_admission(uuid)',
     'api.save_repohost_installation(bigint,text,text,text,text)', 'api.link_dbhost_project(bigint,text,text,text,text)',
     'api.save_git_remote(bigint,text,text,text,text)', 'api.git_remote_push_source(bigint)',
     'api.apply_git_pull(bigint,text,text,text,text,jsonb,text[],jsonb)'
   ]) f where has_function_privilege('authenticated', f::regprocedure, 'execute')),
  null, 'the functions that take what only the service checked are not the user''s');
select ok(
  (select bool_and(has_function_privilege('service_role', f::regprocedure, 'execute')) from unnest(array[
     'api.admit_job(uuid,bigint,text)', 'api.create_job(jsonb)', 'api.submit_job(jsonb)', 'api.release_job_admission(uuid)',
     'api.save_repohost_installation(bigint,text,text,text,text)', 'api.link_dbhost_project(bigint,text,text,text,text)',
     'api.save_git_remote(bigint,text,text,text,text)', 'api.git_remote_push_source(bigint)',
     'api.apply_git_pull(bigint,text,text,text,text,jsonb,text[],jsonb)'
   ]) f), 'the service calls them for the user');

select * from finish();
rollback;
