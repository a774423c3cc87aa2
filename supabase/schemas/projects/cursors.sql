-- Signed page cursors: a cursor is only accepted back when this database issued it for the same query.
-- The key row is made once by supabase/migrations/*_schedules_and_rows.sql.

-- Cursor signing key: a cursor is only accepted back when this database issued it for the same query.
CREATE TABLE private.cursor_keys (
    id integer DEFAULT 1 NOT NULL,
    secret bytea DEFAULT extensions.gen_random_bytes(32) NOT NULL,
    CONSTRAINT cursor_keys_single CHECK ((id = 1))
);
ALTER TABLE ONLY private.cursor_keys
    ADD CONSTRAINT cursor_keys_pkey PRIMARY KEY (id);
ALTER TABLE private.cursor_keys ENABLE ROW LEVEL SECURITY;

-- An opaque page position: base64url("<created_at in epoch microseconds>:<id>") "." a MAC over it and the
-- scope (caller, visibility, query), so an edited cursor or one from another query is refused.
CREATE FUNCTION private.encode_cursor(created_at timestamp with time zone, id bigint, scope text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.sign_cursor((extract(epoch from created_at) * 1000000)::bigint::text || ':' || id::text, scope)
$$;

CREATE FUNCTION private.decode_cursor(cursor text, scope text, OUT created_at timestamp with time zone, OUT id bigint) RETURNS record
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

-- The position a timestamp cursor names (null for the first page); anything but an ISO 8601 date-time is
-- 400 invalid_cursor. Shared by every list whose created_at is unique per owner.
CREATE FUNCTION private.timestamp_cursor(page_cursor text) RETURNS timestamp with time zone
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  position timestamptz;
begin
  begin
    position := page_cursor::timestamptz;
  exception when invalid_datetime_format or datetime_field_overflow then
    perform private.raise_api_error(400, 'invalid_cursor',
      'cursor must be an ISO 8601 date-time, such as the next_cursor of a page.');
  end;
  return position;
end
$$;
GRANT EXECUTE ON FUNCTION private.timestamp_cursor(page_cursor text) TO authenticated;

-- A signed cursor around any payload: base64url(payload) "." a MAC over it and the scope, as the projects'
-- cursor is made (private.encode_cursor), for positions whose tie-breaker is not a bigint.
CREATE FUNCTION private.sign_cursor(payload text, scope text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select translate(encode(convert_to(payload, 'UTF8'), 'base64') || '.'
                   || encode(substr(extensions.hmac(convert_to(payload || '|' || scope, 'UTF8'), k.secret, 'sha256'), 1, 16),
                             'base64'),
                   E'+/=\n', '-_')
    from private.cursor_keys k
$$;

-- The payload of a cursor private.sign_cursor made for this scope, or 400 invalid_cursor.
CREATE FUNCTION private.cursor_payload(cursor text, scope text) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;
