-- A job no runner ever takes (no runner_url, the runner down) must not stay queued for ever: it would hold
-- its credits and keep every client that follows it (an MCP task, wait loops, event streams) waiting with
-- no end. The dispatcher now fails a job no runner has claimed within `job_start_seconds` (default 600) of
-- its creation with `not_started`, at no charge; the rest is as before.
create or replace function private.dispatch_jobs()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  j public.jobs;
  touched int := 0;
  max_attempts int := private.setting('job_max_attempts', '3')::int;
  redispatch_after interval := make_interval(secs => private.setting('job_redispatch_seconds', '20')::int);
  start_seconds int := private.setting('job_start_seconds', '600')::int;
begin
  for j in
    select * from public.jobs
     where status = 'running' and lease_expires_at < clock_timestamp()
     order by lease_expires_at
     limit 200
       for update skip locked
  loop
    if j.cancel_requested_at is not null then
      perform private.finish_job(j, 'canceled', null,
        jsonb_build_object('code', 'canceled', 'message', 'The job was canceled while it ran.'));
    elsif j.attempts >= max_attempts then
      perform private.finish_job(j, 'failed', null,
        jsonb_build_object('code', 'runner_lost', 'message',
          format('The runner stopped responding %s times; the job was given up.', j.attempts)));
    else
      update public.jobs
         set status = 'queued', runner_id = null, lease_expires_at = null, dispatched_at = clock_timestamp()
       where id = j.id;
      perform private.dispatch_job(j.id);
    end if;
    touched := touched + 1;
  end loop;
  for j in
    select * from public.jobs
     where status = 'queued' and dispatched_at < clock_timestamp() - redispatch_after
     order by dispatched_at
     limit 200
       for update skip locked
  loop
    if j.attempts = 0 and j.created_at < clock_timestamp() - make_interval(secs => start_seconds) then
      perform private.finish_job(j, 'failed', null,
        jsonb_build_object('code', 'not_started', 'message',
          format('No runner started the job within %s seconds; nothing was charged.', start_seconds)));
    else
      update public.jobs set dispatched_at = clock_timestamp() where id = j.id;
      perform private.dispatch_job(j.id);
    end if;
    touched := touched + 1;
  end loop;
  return touched;
end
$$;
