-- A push token registered again by its holder belongs to the client of the new registration (the stamp the
-- insert trigger put on the proposed row), so revoking the client that registered it first no longer takes
-- a device the user has since registered themselves. Tokens never move between users, so the stamp is taken
-- on insert only.
drop trigger push_tokens_client on public.push_tokens;
create trigger push_tokens_client before insert on public.push_tokens
  for each row execute function private.stamp_request_client();

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
      set platform = excluded.platform, device_id = excluded.device_id, client_id = excluded.client_id
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

