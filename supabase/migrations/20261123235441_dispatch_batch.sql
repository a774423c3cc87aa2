-- The dispatcher's tick sends the queued jobs nobody claimed again in one statement: the due jobs are
-- locked, stamped and handed to pg_net together, with the runner's address and headers read once, instead
-- of one update, three settings reads and one call per job. A tick sends at most `dispatch_batch` (default
-- 200, as before: 40 jobs/s at the hosted 5-second schedule); more drains a backlog faster only where pg_net
-- and the runner keep up, and while the runner is down every tick re-sends that many doomed requests. A job
-- is sent again only once its last dispatch is `job_redispatch_seconds` old, and the runner's claim is
-- atomic (a second claim is a no-op), so a job is never run twice. Expired leases and jobs past
-- `job_start_seconds` are handled as before.
create or replace function private.dispatch_jobs()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  j public.jobs;
  touched int := 0;
  sent int;
  due uuid[];
  stale uuid[];
  max_attempts int := private.setting('job_max_attempts', '3')::int;
  redispatch_after interval := make_interval(secs => private.setting('job_redispatch_seconds', '20')::int);
  start_seconds int := private.setting('job_start_seconds', '600')::int;
  batch int := private.setting('dispatch_batch', '200')::int;
  url text := private.setting('runner_url');
  headers jsonb := jsonb_build_object('Content-Type', 'application/json',
                                      'Authorization', 'Bearer ' || coalesce(private.setting('worker_secret'), ''));
  timeout int := private.setting('dispatch_timeout_ms', '5000')::int;
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
  -- The due jobs, longest waiting first, locked: those no runner took within job_start_seconds fail, the
  -- rest are sent.
  select coalesce(array_agg(d.id) filter (where not d.stale), '{}'), coalesce(array_agg(d.id) filter (where d.stale), '{}')
    into due, stale
    from (select q.id, q.attempts = 0 and q.created_at < clock_timestamp() - make_interval(secs => start_seconds) as stale
            from public.jobs q
           where q.status = 'queued' and q.dispatched_at < clock_timestamp() - redispatch_after
           order by q.dispatched_at
           limit batch
             for update skip locked) d;
  for j in select * from public.jobs where id = any (stale) loop
    perform private.finish_job(j, 'failed', null,
      jsonb_build_object('code', 'not_started', 'message',
        format('No runner started the job within %s seconds; nothing was charged.', start_seconds)));
    touched := touched + 1;
  end loop;
  -- Without a runner_url the jobs are stamped and wait, as private.dispatch_job leaves them.
  with stamped as (
    update public.jobs q set dispatched_at = clock_timestamp() where q.id = any (due) returning q.id
  )
  select count(*) filter (where url is null
                             or net.http_post(url := url, body := jsonb_build_object('job_id', s.id),
                                              headers := headers, timeout_milliseconds := timeout) is not null)
    into sent
    from stamped s;
  return touched + sent;
end
$$;
