-- What the API roles may do, narrowed to what they use:
--   * nothing of pg_net: only the service's own definer functions send requests, as their owner;
--   * no CREATE in public: tables come from migrations;
--   * no cursor signing or checking: private.encode_cursor MACs any scope it is given, and both cursor
--     functions are called only by the projects list, a definer function.
-- pg_net's grants belong to whoever made them: where another role made them (hosted Supabase's extension
-- set-up does so as its own administrator) the revoke cannot take them back, and a warning names what is left.

revoke create on schema public from public, anon, authenticated;

do $$
declare
  f regprocedure;
  remaining text[];
begin
  if to_regnamespace('net') is null then
    return;
  end if;
  for f in select p.oid::regprocedure from pg_proc p where p.pronamespace = 'net'::regnamespace loop
    execute format('revoke execute on function %s from public, anon, authenticated', f);
  end loop;
  revoke usage on schema net from public, anon, authenticated;
  select array_agg(r.rolname || ': ' || p.oid::regprocedure::text) into remaining
    from pg_proc p cross join pg_roles r
   where p.pronamespace = 'net'::regnamespace and r.rolname in ('anon', 'authenticated')
     and has_function_privilege(r.oid, p.oid, 'execute') and has_schema_privilege(r.oid, 'net', 'usage');
  if remaining is not null then
    raise warning 'pg_net is still callable by API roles (granted by another role): %', remaining;
  end if;
end
$$;

revoke execute on function private.encode_cursor(timestamptz, bigint, text), private.decode_cursor(text, text)
  from authenticated;
