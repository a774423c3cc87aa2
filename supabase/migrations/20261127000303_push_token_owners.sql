-- Push tokens belong to the user who registered them, and only to them:
--   * a token another user holds is not taken over (409 `push_token_taken`): knowing a device's token is not
--     holding the device, and a silent move let anyone who learned a token receive nothing but divert the
--     victim's pushes and send their own titles to the victim's phone. The holder frees it by signing out on
--     the device (DELETE /push-tokens/{token}), by deleting the account, or when Expo reports the device gone;
--   * pushes go only to a token the recipient registered, so a token typed into a job's input cannot aim
--     the service's pushes at somebody else's device;
--   * a user keeps their 10 most recently registered tokens (setting `max_push_tokens_per_user`): registering
--     another forgets the least recently registered one and drops what was still queued for it.

-- POST /push-tokens: the token becomes the caller's, with this platform and device id (an omitted device id is
-- stored as null). `created` is true when the caller had no row for it. Definer, because users have no write
-- grant on the table and must learn that someone else holds a token they cannot read; the caller is always
-- auth.uid().
create or replace function api.register_push_token(token text, platform text, device_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  holder uuid;
  t public.push_tokens;
begin
  if uid is null then
    perform private.raise_api_error(401, 'unauthorized', 'Sign in to register a push token.');
  end if;
  -- Registrations of one token take turns, so `created` is exact even when two arrive at once.
  perform pg_advisory_xact_lock(hashtextextended('push_tokens:' || token, 0));
  select p.user_id into holder from public.push_tokens p where p.token = register_push_token.token;
  if holder <> uid then
    perform private.raise_api_error(409, 'push_token_taken',
      'Another account holds this push token; it must sign out on the device first.');
  end if;
  begin
    insert into public.push_tokens as p (token, user_id, platform, device_id)
    values (register_push_token.token, uid, register_push_token.platform, register_push_token.device_id)
    on conflict on constraint push_tokens_pkey do update
      set platform = excluded.platform, device_id = excluded.device_id
    returning * into t;
  exception
    when check_violation then
      perform private.raise_api_error(400, 'invalid_request',
        'token must be an Expo push token, platform ios or android, device_id 1..128 printable characters.');
    when foreign_key_violation then
      perform private.raise_api_error(404, 'profile_not_found', 'No profile exists for this account.');
  end;
  return jsonb_build_object('created', holder is null, 'push_token', api.push_token_json(t));
end
$$;

-- Forgets each user's registrations beyond the newest `max_push_tokens_per_user` (by the last time they were
-- registered), with whatever was queued for them. Under the owner's wallet lock, the per-user lock of the
-- other row limits, so concurrent registrations cannot leave more.
create or replace function private.keep_newest_push_tokens()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  cap int := private.setting('max_push_tokens_per_user', '10')::int;
  owner uuid;
  dropped text;
begin
  for owner in select distinct user_id from changed order by 1 loop
    perform from public.wallets w where w.user_id = owner for update;
    for dropped in
      delete from public.push_tokens p
       where p.user_id = owner
         and p.token not in (select k.token from public.push_tokens k where k.user_id = owner
                              order by k.updated_at desc, k.token limit cap)
      returning p.token
    loop
      perform private.cancel_pending_pushes(dropped, 'token_evicted', only_user => owner);
    end loop;
  end loop;
  return null;
end
$$;
revoke all on function private.keep_newest_push_tokens() from public, anon, authenticated;

create trigger push_tokens_keep_newest after insert on public.push_tokens
  referencing new table as changed
  for each statement execute function private.keep_newest_push_tokens();

-- Queues one push and returns its outbox id; it leaves once the transaction commits (the insert wakes the
-- push worker). Returns null, queuing nothing, unless `token` is an Expo push token that `user_id` registered.
-- Title and body are shortened to 200 and 1000 characters.
--
-- The completion push of a job (queued by the job pipeline's finalize step):
--   title  '<App name> is ready' or '<App name> could not be generated'
--   body   a sentence on the outcome (the error's message when the job failed)
--   data   {"type": "job_succeeded" | "job_failed", "job_id": <uuid>, "project_id": <int64 or null>,
--           "status": "succeeded" | "failed"}
create or replace function private.enqueue_push(user_id uuid, token text, title text, body text, data jsonb)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued_id bigint;
begin
  if not exists (select from public.push_tokens p
                  where p.token = enqueue_push.token and p.user_id = enqueue_push.user_id) then
    return null;
  end if;
  insert into public.push_outbox (user_id, token, title, body, data)
  values (enqueue_push.user_id, enqueue_push.token, private.shorten(enqueue_push.title, 200),
          private.shorten(enqueue_push.body, 1000), coalesce(enqueue_push.data, '{}'::jsonb))
  returning id into queued_id;
  return queued_id;
end
$$;
