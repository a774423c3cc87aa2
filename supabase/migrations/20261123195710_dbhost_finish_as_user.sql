-- The database host's OAuth flow is finished by the user who started it, through an authenticated request:
-- the pending authorization is consumed only for that user. Another user's state is `invalid_state` and stays
-- unspent, so a consent URL sent to someone else can never land their tokens on the sender's account.
drop function private.consume_dbhost_authorization(text);

create or replace function private.consume_dbhost_authorization(state_hash text, user_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.dbhost_authorizations;
begin
  delete from public.dbhost_authorizations d
   where d.state_hash = consume_dbhost_authorization.state_hash and d.user_id = consume_dbhost_authorization.user_id
  returning * into a;
  if a.state_hash is null then
    perform private.raise_api_error(400, 'invalid_state',
      'This authorization is unknown, was already used or was started by another account; start the connection again.');
  end if;
  if a.expires_at <= now() then
    perform private.raise_api_error(400, 'state_expired',
      'This authorization has expired; start the connection again.');
  end if;
  return jsonb_build_object('code_verifier_encrypted', a.code_verifier_encrypted);
end
$$;
revoke execute on function private.consume_dbhost_authorization(text, uuid) from public;
grant execute on function private.consume_dbhost_authorization(text, uuid) to service_role;
