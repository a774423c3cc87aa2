-- What an OAuth client may leave behind once its access is revoked. A revoked grant or access token is a
-- row here (user, client, time): the functions refuse that client's tokens issued up to that time for the
-- user on every call that acts, and the webhook endpoints and push tokens the client registered for the
-- user are deleted with the row.

create table public.oauth_client_revocations (
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id text not null constraint oauth_client_revocations_client check (length(client_id) between 1 and 2048),
  revoked_at timestamptz not null default clock_timestamp(),
  primary key (user_id, client_id)
);
comment on table public.oauth_client_revocations is
  'The latest revocation of each OAuth client by each user; tokens issued up to revoked_at are refused.';
alter table public.oauth_client_revocations enable row level security;
create policy oauth_client_revocations_select_own on public.oauth_client_revocations for select to authenticated
  using (user_id = (select auth.uid()));
grant select on public.oauth_client_revocations to authenticated;
grant all on public.oauth_client_revocations to service_role;

-- The OAuth client whose token registered the endpoint or push token; null for the service's own sessions.
alter table public.webhook_endpoints add column client_id text;
create index webhook_endpoints_client on public.webhook_endpoints (user_id, client_id) where client_id is not null;
alter table public.push_tokens add column client_id text;
create index push_tokens_client on public.push_tokens (user_id, client_id) where client_id is not null;

-- A row is stamped with the client of the request that registers it (from the claims the functions set),
-- whichever function writes it; a push token registered again belongs to the new registration's client.
create or replace function private.stamp_request_client()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.client_id := auth.jwt() ->> 'client_id';
  return new;
end
$$;
create trigger webhook_endpoints_client before insert on public.webhook_endpoints
  for each row execute function private.stamp_request_client();
create trigger push_tokens_client before insert or update of user_id on public.push_tokens
  for each row execute function private.stamp_request_client();

-- The user revoked the client (its grant, or one of its tokens): its earlier tokens stop acting, and the
-- endpoints it registered go with their pending deliveries, its push tokens with their pending pushes.
-- Service only: the authorization server calls it.
create or replace function private.revoke_client_access(owner uuid, client text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.oauth_client_revocations (user_id, client_id) values (owner, client)
  on conflict (user_id, client_id) do update set revoked_at = excluded.revoked_at;
  delete from public.webhook_endpoints where user_id = owner and client_id = client;
  select private.cancel_pending_pushes(t.token, 'client_revoked', only_user => owner)
    from public.push_tokens t where t.user_id = owner and t.client_id = client;
  delete from public.push_tokens where user_id = owner and client_id = client;
$$;
revoke execute on function private.revoke_client_access(uuid, text) from public, anon, authenticated;
grant execute on function private.revoke_client_access(uuid, text) to service_role;

-- Raises 401 `token_revoked` when the user revoked the client at or after the token's `iat` (whole
-- seconds: a token issued in the second of a revocation counts as issued before it). Run by the functions
-- before a third-party token's statements, in the same round trip; one primary-key lookup.
create or replace function private.refuse_revoked_client(owner uuid, client text, issued_at bigint)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if exists (select from public.oauth_client_revocations r
              where r.user_id = owner and r.client_id = client
                and r.revoked_at >= to_timestamp(coalesce(issued_at, 0))) then
    perform private.raise_api_error(401, 'token_revoked',
      'Access for this client was revoked; authorize it again.', jsonb_build_object('client_id', client));
  end if;
end
$$;
revoke execute on function private.refuse_revoked_client(uuid, text, bigint) from public, anon, authenticated;
grant execute on function private.refuse_revoked_client(uuid, text, bigint) to service_role;
