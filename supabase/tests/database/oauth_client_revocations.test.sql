-- Revoking an OAuth client: endpoints and push tokens record the client that registered them, a revocation
-- deletes that client's endpoints and push tokens of that user only and refuses its tokens issued up to then,
-- and nobody reads another's revocations or calls the functions that record and check them.
begin;
\ir _helpers.psql
select plan(19);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'revoke.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'revoke.bob@example.com');

select pg_temp.as_service('a1111111-1111-1111-1111-111111111111', 'agent');
select private.create_webhook('a1111111-1111-1111-1111-111111111111', 'https://example.com/agent', array['job.failed']);
select pg_temp.as_service('a1111111-1111-1111-1111-111111111111');
select private.create_webhook('a1111111-1111-1111-1111-111111111111', 'https://example.com/own', array['job.failed']);
select pg_temp.as_service('b2222222-2222-2222-2222-222222222222', 'agent');
select private.create_webhook('b2222222-2222-2222-2222-222222222222', 'https://example.com/bob', array['job.failed']);
reset role;
select is((select array_agg(coalesce(client_id, '-') order by url) from public.webhook_endpoints),
  array['agent', 'agent', '-'], 'each endpoint records the client of the request that made it');

select pg_temp.as_user('a1111111-1111-1111-1111-111111111111', 'agent');
select api.register_push_token('ExponentPushToken[agentagentagentagent]', 'ios', null);
select api.register_push_token('ExponentPushToken[ownownownownownownown]', 'ios', null);
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select api.register_push_token('ExponentPushToken[ownownownownownownown]', 'android', null);
reset role;
select is((select array_agg(coalesce(client_id, '-') order by token) from public.push_tokens),
  array['agent', '-'], 'a push token records the client that registered it last');
insert into public.push_outbox (user_id, token, title, body)
values ('a1111111-1111-1111-1111-111111111111', 'ExponentPushToken[agentagentagentagent]', 't', 'b');

select lives_ok($$select private.refuse_revoked_client('a1111111-1111-1111-1111-111111111111', 'agent',
    extract(epoch from now())::bigint - 60)$$, 'a client nobody revoked acts');
select private.revoke_client_access('a1111111-1111-1111-1111-111111111111', 'agent');
select is((select array_agg(url order by url) from public.webhook_endpoints),
  array['https://example.com/bob', 'https://example.com/own'],
  'the revoked client''s endpoint of that user goes; hers and another user''s stay');
select is((select array_agg(token) from public.push_tokens), array['ExponentPushToken[ownownownownownownown]'],
  'so does its push token; hers stays');
select is((select last_error from public.push_outbox), 'client_revoked', 'and what was queued for it is dropped');
select throws_ok($$select private.refuse_revoked_client('a1111111-1111-1111-1111-111111111111', 'agent',
    extract(epoch from now())::bigint - 60)$$, 'PT401', 'token_revoked: Access for this client was revoked; authorize it again.',
  'a token issued before the revocation is refused');
select throws_ok($$select private.refuse_revoked_client('a1111111-1111-1111-1111-111111111111', 'agent', null)$$,
  'PT401', null, 'so is one without an issue time');
select lives_ok($$select private.refuse_revoked_client('a1111111-1111-1111-1111-111111111111', 'agent',
    extract(epoch from clock_timestamp())::bigint + 2)$$, 'a token issued after it (a new consent) acts');
select lives_ok($$select private.refuse_revoked_client('b2222222-2222-2222-2222-222222222222', 'agent',
    extract(epoch from now())::bigint - 60)$$, 'another user''s tokens of the same client act');
select lives_ok($$select private.refuse_revoked_client('a1111111-1111-1111-1111-111111111111', 'other',
    extract(epoch from now())::bigint - 60)$$, 'and her tokens of other clients');

-- Isolation: a user reads only their own revocations and can neither record nor check any.
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select is((select count(*)::int from public.oauth_client_revocations), 0, 'another user sees none of her revocations');
select throws_ok($$insert into public.oauth_client_revocations (user_id, client_id)
    values ('b2222222-2222-2222-2222-222222222222', 'x')$$, '42501', null, 'users write no revocation');
select throws_ok($$select private.revoke_client_access('a1111111-1111-1111-1111-111111111111', 'x')$$,
  '42501', null, 'nor revoke for anyone');
reset role;
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is((select client_id from public.oauth_client_revocations), 'agent', 'the owner sees her own');
reset role;

-- Supabase Auth's consents (hosted projects): revoking or deleting one revokes the client here. A table of
-- auth.oauth_consents' shape stands in for it (the local stack has none), watched as the migration watches it.
select is(private.watch_oauth_consents(), false, 'a database without Supabase Auth''s consents has none to watch');
create temporary table oauth_consents (
  id uuid primary key, user_id uuid not null, client_id uuid not null, scopes text not null,
  granted_at timestamptz not null default now(), revoked_at timestamptz
);
select is(private.watch_oauth_consents('pg_temp.oauth_consents'), true, 'a table of consents is watched');
insert into pg_temp.oauth_consents (id, user_id, client_id, scopes) values
  ('c0000000-0000-4000-8000-000000000001', 'b2222222-2222-2222-2222-222222222222',
   'd0000000-0000-4000-8000-00000000000d', 'email'),
  ('c0000000-0000-4000-8000-000000000002', 'b2222222-2222-2222-2222-222222222222',
   'e0000000-0000-4000-8000-00000000000e', 'email');
update pg_temp.oauth_consents set revoked_at = now() where id = 'c0000000-0000-4000-8000-000000000001';
delete from pg_temp.oauth_consents where id = 'c0000000-0000-4000-8000-000000000002';
select is((select array_agg(client_id order by client_id) from public.oauth_client_revocations
            where user_id = 'b2222222-2222-2222-2222-222222222222'),
  array['d0000000-0000-4000-8000-00000000000d', 'e0000000-0000-4000-8000-00000000000e'],
  'a consent revoked or deleted in Supabase Auth revokes its client for that user');
select throws_ok($$select private.refuse_revoked_client('b2222222-2222-2222-2222-222222222222',
    'd0000000-0000-4000-8000-00000000000d', extract(epoch from now())::bigint - 60)$$, 'PT401', null,
  'so the client''s earlier tokens stop acting');

select * from finish();
rollback;
