-- Hand-written: the rows the service starts with, the pg_cron schedules and the triggers on Supabase Auth's
-- consents, which a schema diff does not carry (it compares definitions, not data, and the consents table
-- exists only on hosted projects).

-- Cursor signing key: one random secret, made once (private.sign_cursor).
insert into private.cursor_keys default values on conflict (id) do nothing;

-- IANA time zone names, canonical spelling by lower-cased key (private.require_timezone).
insert into private.time_zones (key, name)
select lower(name), min(name) from pg_catalog.pg_timezone_names group by lower(name)
on conflict (key) do nothing;

-- The buckets of the blob store on hosted projects: project icons and avatars are public objects,
-- attachments are private, reached only by the service. Locally the disk adapter needs none.
do $$
begin
  if to_regclass('storage.buckets') is not null then
    insert into storage.buckets (id, name, public) values ('icons', 'icons', true) on conflict (id) do nothing;
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('avatars', 'avatars', true, 5242880, array['image/png', 'image/jpeg', 'image/webp']),
           ('attachments', 'attachments', false, 5242880, array['image/png', 'image/jpeg', 'image/webp'])
    on conflict (id) do nothing;
  end if;
end
$$;

-- The schedules: the workers and the dispatcher are woken every few seconds where pg_cron has second
-- schedules (1.5+, as on hosted Supabase; extversion reads like '1.4-1' on Debian), else every minute;
-- an insert wakes them at once besides. The rest is housekeeping.
do $$
declare
  seconds boolean := (regexp_match((select extversion from pg_extension where extname = 'pg_cron'),
                                   '^(\d+)\.(\d+)'))::int[] >= array[1, 5];
begin
  perform cron.unschedule(jobid) from cron.job
   where jobname in ('dispatch-jobs', 'drain-push-outbox', 'send-webhooks', 'prune-push-outbox',
                     'prune-webhooks', 'expire-bonuses', 'sweep-attachments', 'reap-device-previews');
  perform cron.schedule('dispatch-jobs', case when seconds then '5 seconds' else '* * * * *' end,
                        'select private.dispatch_jobs()');
  perform cron.schedule('drain-push-outbox', case when seconds then '10 seconds' else '* * * * *' end,
                        $c$select private.wake_worker('push')$c$);
  perform cron.schedule('send-webhooks', case when seconds then '10 seconds' else '* * * * *' end,
                        $c$select private.wake_worker('webhook')$c$);
  perform cron.schedule('prune-push-outbox', '17 4 * * *', 'select private.prune_push_outbox()');
  perform cron.schedule('prune-webhooks', '29 4 * * *', 'select private.prune_webhook_deliveries()');
  perform cron.schedule('expire-bonuses', '*/5 * * * *', 'select private.expire_bonuses()');
  perform cron.schedule('sweep-attachments', '*/10 * * * *', 'select private.sweep_attachments()');
  perform cron.schedule('reap-device-previews', '* * * * *', 'select private.reap_device_previews()');
end
$$;

-- A client the user revokes in Supabase Auth is revoked here too, where auth.oauth_consents exists.
select private.watch_oauth_consents();
