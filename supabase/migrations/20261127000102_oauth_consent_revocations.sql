-- On hosted projects Supabase Auth's OAuth server keeps each user's consent to a client in
-- auth.oauth_consents; when the user revokes it (revoked_at set, or the row deleted) the client is revoked
-- here too, so its tokens stop acting on the service before they expire and what it registered goes. The
-- local stack's authorization server records revocations itself (scripts/local/auth-store.ts).

create or replace function private.oauth_consent_revoked()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- A consent deleted with its user leaves nothing to revoke.
  if exists (select from auth.users u where u.id = old.user_id) then
    perform private.revoke_client_access(old.user_id, old.client_id::text);
  end if;
  return null;
end
$$;
revoke execute on function private.oauth_consent_revoked() from public, anon, authenticated;

-- Attaches the triggers to Supabase Auth's table (or another of its shape) where it exists; a database
-- without it (the local stack) has nothing to watch. Without the privilege to add them the deployment is
-- told, not stopped.
create or replace function private.watch_oauth_consents(consents regclass default to_regclass('auth.oauth_consents'))
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  if consents is null then
    return false;
  end if;
  execute format('drop trigger if exists oauth_consents_revoked on %s', consents);
  execute format('drop trigger if exists oauth_consents_deleted on %s', consents);
  execute format('create trigger oauth_consents_revoked after update of revoked_at on %s for each row '
    'when (old.revoked_at is null and new.revoked_at is not null) '
    'execute function private.oauth_consent_revoked()', consents);
  execute format('create trigger oauth_consents_deleted after delete on %s for each row '
    'when (old.revoked_at is null) execute function private.oauth_consent_revoked()', consents);
  return true;
exception
  when insufficient_privilege then
    raise warning 'auth.oauth_consents cannot be watched (%): revoking a client in Supabase Auth will not '
      'end its tokens here before they expire', sqlerrm;
    return false;
end
$$;
revoke execute on function private.watch_oauth_consents(regclass) from public, anon, authenticated;

select private.watch_oauth_consents();
