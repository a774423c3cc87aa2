-- Profiles and wallets, created for every new account by the signup trigger.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null unique
    constraint profiles_username_format check (username ~ '^[a-z0-9][a-z0-9_.]{1,28}[a-z0-9]$'),
  avatar_url text constraint profiles_avatar_url_format
    check (avatar_url is null or (avatar_url ~ '^https?://' and length(avatar_url) <= 2048)),
  is_supporter boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'Public face of an account; readable by every signed-in user.';

create trigger profiles_touch before update on public.profiles
  for each row execute function private.touch_updated_at();

alter table public.profiles enable row level security;
create policy profiles_select on public.profiles for select to authenticated using (true);
create policy profiles_update_own on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));
grant select on public.profiles to authenticated;
-- Users change only what is theirs to change; is_supporter and the timestamps are the service's.
grant update (username, avatar_url) on public.profiles to authenticated;
grant all on public.profiles to service_role;

-- Credits are integer EUR cents. The welcome bonus is spent before the balance while it is valid.
create table public.wallets (
  user_id uuid primary key references auth.users (id) on delete cascade,
  balance bigint not null default 0,
  bonus_balance bigint not null default 0 constraint wallets_bonus_non_negative check (bonus_balance >= 0),
  bonus_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.wallets is 'Credit wallet; written only by private functions.';

create trigger wallets_touch before update on public.wallets
  for each row execute function private.touch_updated_at();

alter table public.wallets enable row level security;
create policy wallets_select_own on public.wallets for select to authenticated
  using (user_id = (select auth.uid()));
grant select on public.wallets to authenticated;
grant all on public.wallets to service_role;

-- A valid, unique username from the e-mail's local part: `jane.doe` → `jane.doe`, `Jo` → `jo` + digits.
create or replace function private.username_for(email text)
returns text
language plpgsql
volatile
set search_path = ''
as $$
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
$$;

-- Signup: a profile and a wallet holding the welcome bonus of 500 credits for 30 days.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
  insert into public.wallets (user_id, bonus_balance, bonus_expires_at)
  values (new.id, 500, now() + interval '30 days');
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- GET /me: the caller's profile; email comes from the token in the edge function.
create or replace function api.get_me()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
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

-- PATCH /me and the avatar upload: changes the keys present in `changes` (username, avatar_url).
-- Returns the new profile and the avatar URL it replaced, so the caller can remove an orphaned object.
create or replace function api.update_me(changes jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
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

-- GET /users/{id}: any signed-in user may read any public profile.
create or replace function api.get_public_profile(user_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  result jsonb;
begin
  select jsonb_build_object('id', p.id, 'username', p.username, 'avatar_url', p.avatar_url,
           'is_supporter', p.is_supporter, 'created_at', p.created_at, 'updated_at', p.updated_at)
    into result
    from public.profiles p
   where p.id = get_public_profile.user_id;
  if result is null then
    perform private.raise_api_error(404, 'user_not_found', 'No such user.');
  end if;
  return result;
end
$$;

grant execute on function api.get_me(), api.update_me(jsonb), api.get_public_profile(uuid) to authenticated;
