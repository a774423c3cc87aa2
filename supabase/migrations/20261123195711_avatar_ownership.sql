-- A profile's avatar is null or one of its own objects in the avatars bucket, at the address the service
-- serves them from (setting `avatars_url`, e.g. https://<ref>.supabase.co/storage/v1/object/public/avatars):
-- another user's object would be deleted once it is replaced, and any other address is a tracking pixel
-- shown to everyone who sees the profile. A value set before this rule stays until it is changed.
create or replace function private.check_avatar_url()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  base text;
begin
  if new.avatar_url is null or (tg_op = 'UPDATE' and new.avatar_url is not distinct from old.avatar_url) then
    return new;
  end if;
  base := private.setting('avatars_url');
  if base is null then
    raise exception 'the avatars_url setting is not set: see private.set_setting';
  end if;
  if not starts_with(new.avatar_url, base || '/' || new.id::text || '/')
     or substr(new.avatar_url, length(base) + 39) !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$' then
    perform private.raise_api_error(400, 'invalid_avatar_url',
      'avatar_url must be null or one of your own avatars, as POST /me/avatar answered it.',
      jsonb_build_object('field', 'avatar_url'));
  end if;
  return new;
end
$$;

create trigger profiles_avatar_url before insert or update of avatar_url on public.profiles
  for each row execute function private.check_avatar_url();
