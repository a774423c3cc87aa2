-- Most users have no webhook endpoint: an event for them is dropped after one indexed lookup, before the
-- job's JSON is built and before an empty insert into webhook_deliveries runs its statement trigger (the
-- worker wake-up's check). Users with an endpoint that takes the event are served as before.

-- Whether the owner has an enabled endpoint that takes the event.
create or replace function private.wants_webhook(owner uuid, event_type text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select from public.webhook_endpoints e
                  where e.user_id = owner and e.enabled and event_type = any (e.events))
$$;

create or replace function private.enqueue_webhook(owner uuid, event_type text, data jsonb)
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued int;
begin
  if not private.wants_webhook(owner, event_type) then
    return 0;
  end if;
  insert into public.webhook_deliveries (endpoint_id, user_id, event_type, payload)
  select e.id, owner, event_type,
         jsonb_build_object('type', event_type, 'timestamp', private.utc_iso(clock_timestamp()), 'data', data)
    from public.webhook_endpoints e
   where e.user_id = owner and e.enabled and event_type = any (e.events);
  get diagnostics queued = row_count;
  return queued;
end
$$;

create or replace function private.webhook_job_finished()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.wants_webhook(new.user_id, 'job.' || new.status) then
    perform private.enqueue_webhook(new.user_id, 'job.' || new.status, private.job_json(new));
  end if;
  return null;
end
$$;
