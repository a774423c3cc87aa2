-- GET /blocks in pages. A user who blocked many users got every block in one answer; now the list is a keyset
-- walk like the other lists: newest first, then by the blocked user's id, both descending, read from an
-- index in that order, with a signed cursor scoped to the caller.
create index blocks_blocker_page on public.blocks (blocker_id, created_at desc, blocked_user_id desc);

-- A signed cursor around any payload: base64url(payload) "." a MAC over it and the scope, as the projects'
-- cursor is made (private.encode_cursor), for positions whose tie-breaker is not a bigint.
create or replace function private.sign_cursor(payload text, scope text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select translate(encode(convert_to(payload, 'UTF8'), 'base64') || '.'
                   || encode(substr(extensions.hmac(convert_to(payload || '|' || scope, 'UTF8'), k.secret, 'sha256'), 1, 16),
                             'base64'),
                   E'+/=\n', '-_')
    from private.cursor_keys k
$$;

-- The payload of a cursor private.sign_cursor made for this scope, or 400 invalid_cursor.
create or replace function private.cursor_payload(cursor text, scope text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  parts text[] := regexp_match(cursor, '^([A-Za-z0-9_-]{4,128})\.([A-Za-z0-9_-]{22})$');
  payload text;
begin
  if parts is not null then
    begin
      payload := convert_from(decode(rpad(translate(parts[1], '-_', '+/'), (length(parts[1]) + 3) / 4 * 4, '='),
        'base64'), 'UTF8');
    exception when others then
      payload := null;
    end;
  end if;
  -- Only the canonical encoding is accepted: base64 ignores the spare bits of its last character.
  if payload is null or private.sign_cursor(payload, scope) <> cursor then
    perform private.raise_api_error(400, 'invalid_cursor',
      'The cursor is not one this listing issued; start again without it.');
  end if;
  return payload;
end
$$;
-- Signing MACs any scope it is given: only definer functions call these.
revoke all on function private.sign_cursor(text, text), private.cursor_payload(text, text)
  from public, anon, authenticated;

-- GET /blocks: the caller's blocks, a page of them and one more, each with the blocked user's public profile.
-- The cursor is "<created_at in epoch microseconds>:<blocked user id>", signed for the caller. Security
-- definer to sign it; only the caller's own blocks are read, as the blocks policy allows.
drop function api.list_blocks();
create or replace function api.list_blocks(page_size int, page_cursor text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  scope text := (select auth.uid())::text || '|blocks';
  position text[];
  before_created_at timestamptz := 'infinity'::timestamptz;
  before_user uuid := 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid;
  result jsonb;
begin
  if page_size is null or page_size not between 1 and 100 then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100.');
  end if;
  if page_cursor is not null then
    position := regexp_match(private.cursor_payload(page_cursor, scope),
                             '^(-?[0-9]{1,17}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$');
    before_created_at := 'epoch'::timestamptz + position[1]::bigint * interval '1 microsecond';
    before_user := position[2]::uuid;
  end if;
  with page as (
    select api.block_json(b) || jsonb_build_object('blocked_user', api.public_profile_json(u)) as item,
           b.created_at, b.blocked_user_id, row_number() over (order by b.created_at desc, b.blocked_user_id desc) as k
      from public.blocks b
      join public.profiles u on u.id = b.blocked_user_id
     where b.blocker_id = (select auth.uid())
       and (b.created_at, b.blocked_user_id) < (before_created_at, before_user)
     order by b.created_at desc, b.blocked_user_id desc
     limit page_size + 1
  )
  select jsonb_build_object(
           'data', coalesce(jsonb_agg(item order by k) filter (where k <= page_size), '[]'::jsonb),
           'next_cursor', case when count(*) > page_size then private.sign_cursor(
             (select (extract(epoch from p.created_at) * 1000000)::bigint::text || ':' || p.blocked_user_id::text
                from page p where p.k = page_size), scope) end)
    into result
    from page;
  return result;
end
$$;
revoke all on function api.list_blocks(int, text) from public, anon;
grant execute on function api.list_blocks(int, text) to authenticated, service_role;
