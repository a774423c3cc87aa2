-- Deployment settings (worker URLs, secrets, limits) kept in the database, read by private.setting().

CREATE TABLE private.settings (
    key text NOT NULL,
    value text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
ALTER TABLE ONLY private.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (key);
ALTER TABLE private.settings ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE private.settings IS 'Server configuration read by SQL functions; see private.set_setting.';

CREATE FUNCTION private.set_setting(setting_key text, setting_value text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into private.settings (key, value) values (setting_key, setting_value)
  on conflict (key) do update set value = excluded.value, updated_at = now();
$$;

-- The setting's value, or `fallback` when it is not set.
CREATE FUNCTION private.setting(setting_key text, fallback text DEFAULT NULL::text) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return coalesce((select s.value from private.settings s where s.key = setting_key), fallback);
end
$$;
GRANT EXECUTE ON FUNCTION private.setting(setting_key text, fallback text) TO service_role;

CREATE FUNCTION private.avatars_url() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  select coalesce(
    private.setting('avatars_url'),
    substring(private.setting('runner_url') from '^(https?://[^/?#]+)/functions/v1/[^/?#]+$')
      || '/storage/v1/object/public/avatars'
  );
$_$;
