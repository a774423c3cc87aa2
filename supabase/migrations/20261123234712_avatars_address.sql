-- Where avatars are served, with no setting made by hand: `avatars_url` when it is set, or else the avatars
-- bucket's public address on the host the functions run on, which the database knows from `runner_url`
-- (set wherever jobs run: https://<host>/functions/v1/job-runner; Storage serves public objects at
-- https://<host>/storage/v1/object/public/<bucket>). Null when neither says it.
create or replace function private.avatars_url()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    private.setting('avatars_url'),
    substring(private.setting('runner_url') from '^(https?://[^/?#]+)/functions/v1/[^/?#]+$')
      || '/storage/v1/object/public/avatars'
  );
$$;

-- A profile's avatar is null or one of its own objects in the avatars bucket, at the address above: another
-- user's object would be deleted once it is replaced, and any other address is a tracking pixel shown to
-- everyone who sees the profile. A deployment that knows no address refuses avatars with a clear error.
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
$$;
