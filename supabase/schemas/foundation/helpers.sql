-- Helpers every area uses: the contract error, updated_at and created_at upkeep, per-owner row limits,
-- time zones and small formatters.

-- IANA time zone names, canonical spelling by lower-cased key: an index lookup instead of a scan of the
-- tz database (pg_timezone_names reads it from disk on every query). Its rows: supabase/migrations/*_schedules_and_rows.sql.
CREATE TABLE private.time_zones (
    key text NOT NULL,
    name text NOT NULL
);
ALTER TABLE ONLY private.time_zones
    ADD CONSTRAINT time_zones_pkey PRIMARY KEY (key);

-- Raises a contract error: SQLSTATE PT<status>, message `<code>: <text>`, DETAIL a JSON object.
-- The edge functions map it to `{code, message, details}` with that status.
CREATE FUNCTION private.raise_api_error(status integer, code text, message text, details jsonb DEFAULT NULL::jsonb) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise exception using
    errcode = 'PT' || status::text,
    message = code || ': ' || message,
    detail = coalesce(details::text, '');
end
$$;
GRANT EXECUTE ON FUNCTION private.raise_api_error(status integer, code text, message text, details jsonb) TO authenticated;
GRANT EXECUTE ON FUNCTION private.raise_api_error(status integer, code text, message text, details jsonb) TO service_role;

-- A time-ordered UUID (version 7, RFC 9562): 48 bits of Unix milliseconds, then random bits. The ids of rows
-- every job writes (jobs, versions, ledger and notification rows) come from it, so a new row's key lands on
-- its index's newest pages instead of a random page of the whole index: an insert touches and dirties the same
-- few pages whatever the table holds. plpgsql: a column default calls it in a new executor each time, where a
-- SQL-language function with `SET search_path` would be parsed and analysed again at every call.
CREATE FUNCTION private.uuid_v7() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL SAFE
    SET search_path TO ''
    AS $$
begin
  return encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
              placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
              from 1 for 6),
      52, 1), 53, 1),
    'hex')::uuid;
end
$$;
GRANT EXECUTE ON FUNCTION private.uuid_v7() TO service_role;

-- Keeps `updated_at` honest on every table that has one.
CREATE FUNCTION private.touch_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Bumps created_at past the owner's newest row under a per-owner lock, so created_at is unique per owner
-- and a page cursor is an exact position. The trigger's argument names the owner column.
CREATE FUNCTION private.unique_created_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  owner uuid;
  newest timestamptz;
begin
  if tg_argv[0] = 'recipient_id' then
    owner := new.recipient_id;
  else
    owner := new.user_id;
  end if;
  perform pg_advisory_xact_lock(hashtextextended(tg_table_name || ':' || owner::text, 0));
  if tg_table_name = 'jobs' then
    select max(t.created_at) into newest from public.jobs t where t.user_id = owner;
  elsif tg_table_name = 'wallet_transactions' then
    select max(t.created_at) into newest from public.wallet_transactions t where t.user_id = owner;
  elsif tg_table_name = 'notifications' then
    select max(t.created_at) into newest from public.notifications t where t.recipient_id = owner;
  elsif tg_table_name = 'webhook_attempts' then
    select max(t.created_at) into newest from public.webhook_attempts t where t.user_id = owner;
  else
    raise exception 'unique_created_at has no query for %.%', tg_table_schema, tg_table_name;
  end if;
  if newest is not null and new.created_at <= newest then
    new.created_at := newest + interval '1 microsecond';
  end if;
  return new;
end
$$;

-- Text that fits `max_length` characters; a cut is marked with an ellipsis.
CREATE FUNCTION private.shorten(value text, max_length integer) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case when length(value) <= max_length then value else left(value, max_length - 1) || '…' end
$$;

-- Euros in the Italian format, from credits (EUR cents): 123456 → '1.234,56 €', -500 → '-5,00 €', with a
-- no-break space before the sign, as Intl's it-IT format and money.ts's formatEur write it.
CREATE FUNCTION private.format_eur(credits bigint) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
begin
  return case when credits < 0 then '-' else '' end
      || regexp_replace((abs(credits) / 100)::text, '(\d)(?=(\d{3})+$)', '\1.', 'g')
      || ',' || lpad((abs(credits) % 100)::text, 2, '0') || chr(160) || '€';
end
$_$;
GRANT EXECUTE ON FUNCTION private.format_eur(credits bigint) TO authenticated;
GRANT EXECUTE ON FUNCTION private.format_eur(credits bigint) TO service_role;

-- ISO 8601 in UTC with microseconds, the very string a page's next_cursor repeats.
CREATE FUNCTION private.utc_iso(ts timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
$$;
GRANT EXECUTE ON FUNCTION private.utc_iso(ts timestamp with time zone) TO authenticated;
GRANT EXECUTE ON FUNCTION private.utc_iso(ts timestamp with time zone) TO service_role;

-- The caller's time zone in its canonical spelling (case-insensitive match); 400 invalid_timezone for
-- anything the server's tz database does not name, including POSIX offsets such as 'UTC+3'. A zone the
-- tz database gained after the table was filled is still found in pg_timezone_names itself.
CREATE FUNCTION private.require_timezone(tz text) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  canonical text;
begin
  select z.name into canonical from private.time_zones z where z.key = lower(tz);
  if canonical is null and tz is not null then
    select min(n.name) into canonical from pg_catalog.pg_timezone_names n where lower(n.name) = lower(tz);
  end if;
  if canonical is null then
    perform private.raise_api_error(400, 'invalid_timezone',
      'timezone must be an IANA time zone name, such as Europe/Rome or UTC.', jsonb_build_object('timezone', tz));
  end if;
  return canonical;
end
$$;
GRANT EXECUTE ON FUNCTION private.require_timezone(tz text) TO authenticated;
GRANT EXECUTE ON FUNCTION private.require_timezone(tz text) TO service_role;

-- A date parameter in the caller's zone: a bare YYYY-MM-DD is that day; a date-time is the day it falls
-- on there. 400 invalid_date for anything else.
CREATE FUNCTION private.local_date(value text, zone text, name text) RETURNS date
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
declare
  day date;
begin
  begin
    day := case when value ~ '^\d{4}-\d{2}-\d{2}$' then value::date
                else (value::timestamptz at time zone zone)::date end;
  exception when invalid_datetime_format or datetime_field_overflow then
    perform private.raise_api_error(400, 'invalid_date', format('%s must be a date or an ISO 8601 date-time.', name));
  end;
  return day;
end
$_$;
GRANT EXECUTE ON FUNCTION private.local_date(value text, zone text, name text) TO authenticated;
GRANT EXECUTE ON FUNCTION private.local_date(value text, zone text, name text) TO service_role;

-- A sealed value as the edge functions write it; a CHECK with it keeps a plaintext token out by mistake.
CREATE FUNCTION private.is_sealed(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select value ~ '^v1\.[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$'
$_$;
GRANT EXECUTE ON FUNCTION private.is_sealed(value text) TO service_role;

-- Refuses (413 `code`) a statement that takes an owner past their cap of rows in the trigger's table. The
-- trigger's arguments: the owner column, the setting that holds the cap, its default, the error code, the
-- rows' name for the message, and optionally a condition on the rows that count (e.g. only open ones).
-- The owner's wallet row is the per-user lock every money path and the storage quota already take first,
-- so taking it here keeps one lock order; the count is read after the lock, so it includes every
-- concurrent writer that committed before. Shrinking never fails, so a lowered cap still lets users delete.
CREATE FUNCTION private.limit_rows_per_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  owner_column text := tg_argv[0];
  cap int := private.setting(tg_argv[1], tg_argv[2])::int;
  counted text := coalesce(tg_argv[5], 'true');
  owner uuid;
  held int;
begin
  for owner in execute format('select distinct %I from added order by 1', owner_column) loop
    perform from public.wallets w where w.user_id = owner for update;
    -- At most cap + 1 rows are read: enough to tell, whatever the owner holds.
    execute format('select count(*) from (select from %I.%I where %I = $1 and (%s) limit $2) x',
                   tg_table_schema, tg_table_name, owner_column, counted)
      into held using owner, cap + 1;
    if held > cap then
      perform private.raise_api_error(413, tg_argv[3], format('An account holds at most %s %s.', cap, tg_argv[4]),
        jsonb_build_object('limit', cap));
    end if;
  end loop;
  return null;
end
$_$;
