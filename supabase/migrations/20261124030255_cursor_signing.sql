-- One signing for every list cursor. The projects' cursor carried its own copy of the MAC that
-- private.sign_cursor and private.cursor_payload later made general; it now calls them, so the signature and
-- the checks on a cursor (canonical base64url, MAC over payload and scope) live in one place. The cursors it
-- makes are byte for byte the same, so cursors issued before keep working.
create or replace function private.encode_cursor(created_at timestamptz, id bigint, scope text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select private.sign_cursor((extract(epoch from created_at) * 1000000)::bigint::text || ':' || id::text, scope)
$$;

create or replace function private.decode_cursor(cursor text, scope text, out created_at timestamptz, out id bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  fields text[] := regexp_match(private.cursor_payload(cursor, scope), '^(-?[0-9]{1,17}):([0-9]{1,18})$');
begin
  if fields is null then
    perform private.raise_api_error(400, 'invalid_cursor',
      'The cursor is not one this listing issued; start again without it.');
  end if;
  created_at := 'epoch'::timestamptz + fields[1]::bigint * interval '1 microsecond';
  id := fields[2]::bigint;
end
$$;

-- Their own encoding and MAC, used by nothing else now.
drop function private.cursor_mac(text, text);
drop function private.base64url(bytea);
