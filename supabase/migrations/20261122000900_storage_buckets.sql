-- The other buckets of the blob store on hosted projects (icons has its own, with the projects): avatars
-- are public objects; attachments are private, reached only by the service. Locally the disk adapter
-- needs none.
do $$
begin
  if to_regclass('storage.buckets') is not null then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('avatars', 'avatars', true, 5242880, array['image/png', 'image/jpeg', 'image/webp']),
           ('attachments', 'attachments', false, 5242880, array['image/png', 'image/jpeg', 'image/webp'])
    on conflict (id) do nothing;
  end if;
end
$$;
