-- Profiles: one per auth user, created by a trigger on auth.users; the `me` and public-profile API.

CREATE TABLE public.profiles (
    id uuid NOT NULL,
    username text NOT NULL,
    avatar_url text,
    is_supporter boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT profiles_avatar_url_format CHECK (((avatar_url IS NULL) OR ((avatar_url ~ '^https?://'::text) AND (length(avatar_url) <= 2048)))),
    CONSTRAINT profiles_username_format CHECK ((username ~ '^[a-z0-9][a-z0-9_.]{1,28}[a-z0-9]$'::text))
);
ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_username_key UNIQUE (username);
ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.profiles IS 'Public face of an account; readable by every signed-in user.';
GRANT SELECT ON TABLE public.profiles TO authenticated;
GRANT ALL ON TABLE public.profiles TO service_role;
GRANT UPDATE(username) ON TABLE public.profiles TO authenticated;
GRANT UPDATE(avatar_url) ON TABLE public.profiles TO authenticated;

-- A valid, unique username from the e-mail's local part: `jane.doe` → `jane.doe`, `Jo` → `jo` + digits.
CREATE FUNCTION private.username_for(email text) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  base text := lower(split_part(coalesce(email, ''), '@', 1));
  candidate text;
begin
  base := regexp_replace(base, '[^a-z0-9_.]', '', 'g');
  base := regexp_replace(left(base, 20), '^[^a-z0-9]+|[^a-z0-9]+$', '', 'g');
  if length(base) < 3 then
    base := 'user' || base;
  end if;
  candidate := base;
  for attempt in 1..20 loop
    if not exists (select from public.profiles where username = candidate) then
      return candidate;
    end if;
    candidate := left(base, 20) || (floor(random() * 1000000))::int::text;
  end loop;
  return 'user' || replace(gen_random_uuid()::text, '-', '');
end
$_$;

-- Signup: a profile and a wallet holding the welcome bonus (private.wallet_limits()).
CREATE FUNCTION private.handle_new_user() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  loop
    begin
      insert into public.profiles (id, username) values (new.id, private.username_for(new.email));
      exit;
    exception when unique_violation then
      -- Another signup took the same name between the check and the insert: pick again.
      if exists (select from public.profiles where id = new.id) then
        exit;
      end if;
    end;
  end loop;
  insert into public.wallets (user_id) values (new.id);
  if not coalesce(new.is_anonymous, false) then
    perform private.grant_welcome_bonus(new.id);
  end if;
  return new;
end
$$;

-- GET /me: the caller's profile; email comes from the token in the edge function.
CREATE FUNCTION api.get_me() RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  result jsonb;
begin
  select jsonb_build_object('user_id', p.id, 'username', p.username, 'avatar_url', p.avatar_url)
    into result
    from public.profiles p
   where p.id = (select auth.uid());
  if result is null then
    perform private.raise_api_error(404, 'profile_not_found', 'No profile exists for this account.');
  end if;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.get_me() TO authenticated;

-- PATCH /me and the avatar upload: changes the keys present in `changes` (username, avatar_url).
-- Returns the new profile and the avatar URL it replaced, so the caller can remove an orphaned object.
CREATE FUNCTION api.update_me(changes jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  uid uuid := (select auth.uid());
  previous text;
  result jsonb;
begin
  select avatar_url into previous from public.profiles where id = uid for update;
  if not found then
    perform private.raise_api_error(404, 'profile_not_found', 'No profile exists for this account.');
  end if;
  begin
    update public.profiles
       set username = case when changes ? 'username' then changes ->> 'username' else username end,
           avatar_url = case when changes ? 'avatar_url' then changes ->> 'avatar_url' else avatar_url end
     where id = uid
    returning jsonb_build_object('user_id', id, 'username', username, 'avatar_url', avatar_url) into result;
  exception
    when unique_violation then
      perform private.raise_api_error(409, 'username_taken', 'That username is already taken.',
        jsonb_build_object('username', changes ->> 'username'));
    when check_violation then
      perform private.raise_api_error(400, 'invalid_request', 'The profile change is not valid.',
        jsonb_build_object('constraint', 'profiles'));
  end;
  return jsonb_build_object('profile', result, 'previous_avatar_url', previous);
end
$$;
GRANT EXECUTE ON FUNCTION api.update_me(changes jsonb) TO authenticated;

-- GET /users/{id}: any signed-in user may read any public profile.
CREATE FUNCTION api.get_public_profile(user_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  result jsonb;
begin
  select api.public_profile_json(p) into result from public.profiles p where p.id = get_public_profile.user_id;
  if result is null then
    perform private.raise_api_error(404, 'user_not_found', 'No such user.');
  end if;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.get_public_profile(user_id uuid) TO authenticated;

-- The public face of a profile, as GET /users/{id} and every embedded author show it.
CREATE FUNCTION api.public_profile_json(p public.profiles) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', p.id, 'username', p.username, 'avatar_url', p.avatar_url,
    'is_supporter', p.is_supporter, 'created_at', p.created_at, 'updated_at', p.updated_at)
$$;
GRANT EXECUTE ON FUNCTION api.public_profile_json(p public.profiles) TO authenticated;

-- The caller's profile, or 404: its rows reference it, and a token outlives a deleted account by up to an hour.
CREATE FUNCTION private.require_profile() RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from public.profiles u where u.id = (select auth.uid())) then
    perform private.raise_api_error(404, 'profile_not_found', 'No profile exists for this account.');
  end if;
end
$$;
GRANT EXECUTE ON FUNCTION private.require_profile() TO authenticated;

CREATE FUNCTION private.handle_user_made_permanent() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.grant_welcome_bonus(new.id);
  return null;
end
$$;

-- A profile's avatar is null or one of its own objects in the avatars bucket, at the address above: another
-- user's object would be deleted once it is replaced, and any other address is a tracking pixel shown to
-- everyone who sees the profile. A deployment that knows no address refuses avatars with a clear error.
CREATE FUNCTION private.check_avatar_url() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  base text;
begin
  if new.avatar_url is null or (tg_op = 'UPDATE' and new.avatar_url is not distinct from old.avatar_url) then
    return new;
  end if;
  base := private.avatars_url();
  if base is null then
    perform private.raise_api_error(503, 'avatars_not_configured',
      'Avatars are not available on this deployment yet: it does not know where they are served.');
  end if;
  if not starts_with(new.avatar_url, base || '/' || new.id::text || '/')
     or substr(new.avatar_url, length(base) + 39) !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$' then
    perform private.raise_api_error(400, 'invalid_avatar_url',
      'avatar_url must be null or one of your own avatars, as POST /me/avatar answered it.',
      jsonb_build_object('field', 'avatar_url'));
  end if;
  return new;
end
$_$;

CREATE POLICY profiles_select ON public.profiles FOR SELECT TO authenticated USING (true);

CREATE POLICY profiles_update_own ON public.profiles FOR UPDATE TO authenticated USING ((id = ( SELECT auth.uid() AS uid))) WITH CHECK ((id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER profiles_touch BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();

CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION private.handle_new_user();

CREATE TRIGGER on_auth_user_made_permanent AFTER UPDATE OF is_anonymous ON auth.users FOR EACH ROW WHEN ((old.is_anonymous AND (NOT new.is_anonymous))) EXECUTE FUNCTION private.handle_user_made_permanent();

CREATE TRIGGER profiles_avatar_url BEFORE INSERT OR UPDATE OF avatar_url ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.check_avatar_url();
