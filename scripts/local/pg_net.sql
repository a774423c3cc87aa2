-- Stand-in for the pg_net extension, for the local stack (Debian ships no pg_net package).
--
-- Surface of pg_net 0.19.x (sql/pg_net.sql of supabase/pg_net; 0.20.x has no SQL changes), which this
-- file reproduces with the same names, argument names, types, defaults and return types:
--   * schema net; domain net.http_method over text, accepting get, post and delete in any case.
--   * unlogged table net.http_request_queue(id bigserial, method net.http_method not null,
--     url text not null, headers jsonb, body bytea, timeout_milliseconds int not null), no primary key.
--   * unlogged table net._http_response(id bigint, status_code int, content_type text, headers jsonb,
--     content text, timed_out bool, error_msg text, created timestamptz not null default now()),
--     indexed on created.
--   * net.http_get(url text, params jsonb default '{}', headers jsonb default '{}',
--     timeout_milliseconds int default 5000) returns bigint.
--   * net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
--     headers jsonb default '{"Content-Type": "application/json"}', timeout_milliseconds int default 5000)
--     returns bigint. A missing Content-Type header is added as application/json, any other value raises;
--     a null body is allowed and sends an empty POST; the body is stored as the UTF-8 text of the jsonb.
--   * net.http_delete(url text, params jsonb default '{}', headers jsonb default '{}',
--     timeout_milliseconds int default 5000, body jsonb default null) returns bigint.
--   * params are url-encoded with curl_escape (all but A-Z a-z 0-9 - . _ ~) as key=value and appended to
--     the query; a null url yields a not-null violation on the queue; an unparsable url raises
--     'invalid URL "<url>": <reason>'.
--   * enum net.request_status ('PENDING', 'SUCCESS', 'ERROR'); composite net.http_response(status_code int,
--     headers jsonb, body text); composite net.http_response_result(status net.request_status,
--     message text, response net.http_response).
--   * net._http_collect_response(request_id bigint, async bool default true) returns
--     net.http_response_result; net.http_collect_response with the same signature is its deprecated alias.
--   * private: net._await_response(bigint) returns bool, net._urlencode_string(varchar) returns text,
--     net._encode_url_with_params_array(text, text[]) returns text; worker control: net.wake() and
--     net.wait_until_running() return void, net.worker_restart() returns bool,
--     net.check_worker_is_up() returns void.
--   * the worker records a timeout as timed_out = true with error_msg 'Timeout of <n> ms reached. Total
--     time: ...', other failures as timed_out = false with curl's error text, a success with the status,
--     response headers, content-type and body (null when empty); it deletes responses older than the
--     pg_net.ttl setting (default 6 hours).
--   * privileges: the extension grants usage on net and all privileges on its tables and sequences to
--     public, its functions are security invoker (since 0.12); hosted Supabase also grants usage on net and
--     execute on the request functions to postgres, anon, authenticated, service_role and
--     supabase_functions_admin.
--
-- Deviations: the tables are closed to anon and authenticated, so the request functions run as security
-- definer with an empty search_path and only the Supabase roles may execute them; requests are sent by
-- the gateway's worker (scripts/local/net-worker.ts) instead of a background worker; a statement trigger
-- on the queue notifies channel pg_net_request so the worker wakes as soon as the inserting transaction
-- commits; only http and https urls are accepted at enqueue time; net.http_collect_response returns the
-- result (upstream's body discards it and fails); anon and authenticated get their grants from postgres
-- (which holds them with grant option), once, at installation.
--
-- Safe to run repeatedly.

-- Whether this run installs the stand-in (the API roles' grants below are made only then, so a restart does
-- not hand back what a migration took away).
select set_config('pg_net_standin.installing', (to_regnamespace('net') is null)::text, false);

create schema if not exists net;

do $$
begin
  if not exists (
    select from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'net' and t.typname = 'http_method'
  ) then
    create domain net.http_method as text
      check (value ilike 'get' or value ilike 'post' or value ilike 'delete');
  end if;

  if not exists (
    select from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'net' and t.typname = 'request_status'
  ) then
    create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
  end if;

  if not exists (
    select from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'net' and t.typname = 'http_response'
  ) then
    create type net.http_response as (status_code integer, headers jsonb, body text);
  end if;

  if not exists (
    select from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'net' and t.typname = 'http_response_result'
  ) then
    create type net.http_response_result as (
      status net.request_status,
      message text,
      response net.http_response
    );
  end if;
end
$$;

-- Pending requests; the worker claims rows by deleting them, so a row is sent at most once.
create unlogged table if not exists net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null
);

-- One row per finished request, keyed by the queue id; expired by the worker after pg_net.ttl.
create unlogged table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);

create index if not exists _http_response_created_idx on net._http_response (created);

-- Contract: returns the string percent-encoded byte by byte (UTF-8) like curl_escape, keeping only
-- A-Z a-z 0-9 - . _ ~; null gives null.
create or replace function net._urlencode_string(string varchar)
  returns text
  language sql
  immutable
  strict
as $$
  select coalesce(
    string_agg(
      case
        when b between 48 and 57 or b between 65 and 90 or b between 97 and 122 or b in (45, 46, 95, 126)
          then chr(b)
        else '%' || upper(lpad(to_hex(b), 2, '0'))
      end,
      '' order by i
    ),
    ''
  )
  from (
    select i, get_byte(convert_to(string, 'UTF8'), i) as b
    from generate_series(0, octet_length(convert_to(string, 'UTF8')) - 1) as i
  ) as bytes
$$;

-- Contract: parses an absolute http(s) url the way curl's URL API does for pg_net (lower-cased scheme,
-- "/" for an empty path), appends each non-null already-encoded "key=value" of params_array to the query
-- with "&", keeps the fragment last, and returns the result; raises 'invalid URL "<url>": <reason>' with
-- curl's reason for an unparsable url; null arguments give null.
create or replace function net._encode_url_with_params_array(url text, params_array text[])
  returns text
  language plpgsql
  immutable
  strict
as $$
declare
  parts text[];
  scheme text;
  authority text;
  path text;
  query_part text;
  fragment text;
  host_port text[];
  param text;
begin
  if url ~ '[[:space:][:cntrl:]]' then
    raise exception 'invalid URL "%": Malformed input to a URL function', url;
  end if;

  parts := regexp_match(url, '^([A-Za-z][A-Za-z0-9+.-]*):(.*)$');
  if parts is null then
    raise exception 'invalid URL "%": Bad scheme', url;
  end if;
  scheme := lower(parts[1]);
  if scheme not in ('http', 'https') then
    raise exception 'invalid URL "%": Unsupported URL scheme', url;
  end if;

  parts := regexp_match(parts[2], '^//([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$');
  if parts is null then
    raise exception 'invalid URL "%": Malformed input to a URL function', url;
  end if;
  authority := parts[1];
  path := parts[2];
  query_part := substr(parts[3], 2);
  fragment := parts[4];

  host_port := regexp_match(regexp_replace(authority, '^.*@', ''), '^(\[[^]]*\]|[^:]*)(:(.*))?$');
  if host_port is null or host_port[1] = '' then
    raise exception 'invalid URL "%": No host part in the URL', url;
  end if;
  if (case when host_port[3] ~ '^[0-9]{1,5}$' then host_port[3]::int > 65535 else host_port[3] <> '' end) then
    raise exception 'invalid URL "%": Port number was not a decimal number between 0 and 65535', url;
  end if;

  if path = '' then
    path := '/';
  end if;

  foreach param in array params_array loop
    if param is not null then
      query_part := case when coalesce(query_part, '') = '' then param else query_part || '&' || param end;
    end if;
  end loop;

  return scheme || '://' || authority || path
    || coalesce('?' || query_part, '')
    || coalesce(fragment, '');
end
$$;

-- Contract: queues a GET of url with params appended to its query, the given headers and timeout, and
-- returns the request id; the request is sent only once the calling transaction commits.
create or replace function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000
)
  returns bigint
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  request_id bigint;
  params_array text[];
begin
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array
  from jsonb_each_text(params);

  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._encode_url_with_params_array(url, params_array), headers, timeout_milliseconds)
  returning id into request_id;

  return request_id;
end
$$;

-- Contract: queues a POST of body (as JSON text; none when null) to url with params appended to its
-- query, adds "Content-Type: application/json" when no content-type header is given and raises when a
-- different one is, and returns the request id; the request is sent only once the calling transaction
-- commits.
create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
)
  returns bigint
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  request_id bigint;
  params_array text[];
  content_type text;
begin
  select header_value
  into content_type
  from jsonb_each_text(coalesce(headers, '{}'::jsonb)) as r (header_name, header_value)
  where lower(header_name) = 'content-type'
  limit 1;

  if content_type is null then
    headers := headers || '{"Content-Type": "application/json"}'::jsonb;
  end if;

  if content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;

  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array
  from jsonb_each_text(params);

  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (
    'POST',
    net._encode_url_with_params_array(url, params_array),
    headers,
    convert_to(body::text, 'UTF8'),
    timeout_milliseconds
  )
  returning id into request_id;

  return request_id;
end
$$;

-- Contract: queues a DELETE of url with params appended to its query and an optional JSON body, and
-- returns the request id; the request is sent only once the calling transaction commits.
create or replace function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000,
  body jsonb default null
)
  returns bigint
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  request_id bigint;
  params_array text[];
begin
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array
  from jsonb_each_text(params);

  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (
    'DELETE',
    net._encode_url_with_params_array(url, params_array),
    headers,
    convert_to(body::text, 'UTF8'),
    timeout_milliseconds
  )
  returning id into request_id;

  return request_id;
end
$$;

-- Contract: blocks (polling every 50 ms, cancellable) until a response row exists for request_id, then
-- returns true.
create or replace function net._await_response(request_id bigint)
  returns bool
  language plpgsql
as $$
begin
  while not exists (select from net._http_response r where r.id = request_id) loop
    perform pg_sleep(0.05);
  end loop;
  return true;
end
$$;

-- Contract: returns ('SUCCESS', 'ok', (status_code, headers, content)) for a finished request, and
-- ('ERROR', error_msg, null) for a failed one or ('ERROR', 'request matching request_id not found', null)
-- for an unknown or unfinished one; with async = false it first waits for the response.
create or replace function net._http_collect_response(request_id bigint, async bool default true)
  returns net.http_response_result
  language plpgsql
as $$
declare
  rec net._http_response;
begin
  if not async then
    perform net._await_response(request_id);
  end if;

  select * into rec from net._http_response r where r.id = request_id;

  if not found or rec.error_msg is not null then
    return (
      'ERROR',
      coalesce(rec.error_msg, 'request matching request_id not found'),
      null
    )::net.http_response_result;
  end if;

  return (
    'SUCCESS',
    'ok',
    (rec.status_code, rec.headers, rec.content)::net.http_response
  )::net.http_response_result;
end
$$;

-- Contract: deprecated alias of net._http_collect_response that also raises a notice saying so.
create or replace function net.http_collect_response(request_id bigint, async bool default true)
  returns net.http_response_result
  language plpgsql
as $$
begin
  raise notice 'The net.http_collect_response function is deprecated.';
  return net._http_collect_response(request_id, async);
end
$$;

-- Contract: asks the worker to look at the queue now (delivered when the calling transaction commits).
create or replace function net.wake()
  returns void
  language sql
as $$
  select pg_notify('pg_net_request', '')
$$;

-- Contract: returns true once the worker has been asked to pick up changed settings; the worker reads
-- pg_net.ttl on every cleanup, so waking it is all a restart has to do.
create or replace function net.worker_restart()
  returns bool
  language plpgsql
as $$
begin
  perform net.wake();
  return true;
end
$$;

-- Contract: returns once a worker session (application_name 'pg_net worker') is connected, polling
-- every 50 ms; cancellable like any statement.
create or replace function net.wait_until_running()
  returns void
  language plpgsql
as $$
begin
  while not exists (select from pg_stat_activity where application_name = 'pg_net worker') loop
    perform pg_sleep(0.05);
  end loop;
end
$$;

-- Contract: raises when no worker session is connected, otherwise returns nothing.
create or replace function net.check_worker_is_up()
  returns void
  language plpgsql
as $$
begin
  if not exists (select from pg_stat_activity where application_name = 'pg_net worker') then
    raise exception using
      message = 'the pg_net background worker is not up',
      detail = 'no session named "pg_net worker" is connected, so queued requests are not being sent',
      hint = 'start the local stack''s gateway, which runs the worker';
  end if;
end
$$;

-- Contract: trigger function that notifies channel pg_net_request; NOTIFY is delivered only on commit,
-- so the worker wakes exactly when new requests become visible to it.
create or replace function net._notify_request_queued()
  returns trigger
  language plpgsql
as $$
begin
  perform pg_notify('pg_net_request', '');
  return null;
end
$$;

create or replace trigger notify_request_queued
  after insert on net.http_request_queue
  for each statement
  execute function net._notify_request_queued();

revoke all on schema net from public;
revoke all on all tables in schema net from public;
revoke all on all sequences in schema net from public;
revoke all on all functions in schema net from public;

-- The Supabase roles get what hosted projects give them. postgres may pass its privileges on and makes the
-- API roles' grants itself, so a migration (run as postgres) can take those back.
do $$
declare
  role_name text;
  request_functions text := 'net.http_get(text, jsonb, jsonb, integer), '
    'net.http_post(text, jsonb, jsonb, jsonb, integer), net.http_delete(text, jsonb, jsonb, integer, jsonb)';
begin
  foreach role_name in array array['postgres', 'service_role', 'supabase_functions_admin']
  loop
    if exists (select from pg_roles where rolname = role_name) then
      execute format('grant usage on schema net to %I with grant option', role_name);
      execute format('grant execute on function %s to %I with grant option', request_functions, role_name);
      execute format('grant all on all tables in schema net to %I', role_name);
      execute format('grant all on all sequences in schema net to %I', role_name);
      execute format('grant execute on all functions in schema net to %I', role_name);
    end if;
  end loop;
  foreach role_name in array array['anon', 'authenticated']
  loop
    execute format('revoke all on all tables in schema net from %I', role_name);
    execute format('revoke all on all sequences in schema net from %I', role_name);
    if current_setting('pg_net_standin.installing') = 'true' then
      set local role postgres;
      execute format('grant usage on schema net to %I', role_name);
      execute format('grant execute on function %s to %I', request_functions, role_name);
      reset role;
    end if;
  end loop;
end
$$;
