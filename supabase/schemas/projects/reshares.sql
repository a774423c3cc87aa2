-- Reshares of shared projects to other platforms; the owner hears of them.

CREATE TYPE public.reshare_platform AS ENUM (
    'instagram',
    'tiktok',
    'x',
    'facebook',
    'threads',
    'whatsapp',
    'telegram',
    'messenger',
    'linkedin',
    'reddit',
    'snapchat',
    'discord',
    'youtube',
    'pinterest',
    'email',
    'sms',
    'link',
    'other'
);

COMMENT ON TYPE public.reshare_platform IS 'Where a project was reshared; anything else is `other`.';

CREATE TABLE public.reshares (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    project_id bigint NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    platform public.reshare_platform NOT NULL,
    share_metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT reshares_share_metadata_object CHECK (((jsonb_typeof(share_metadata) = 'object'::text) AND (octet_length((share_metadata)::text) <= 4096)))
);
ALTER TABLE ONLY public.reshares
    ADD CONSTRAINT reshares_once UNIQUE (project_id, user_id, platform);
ALTER TABLE ONLY public.reshares
    ADD CONSTRAINT reshares_pkey PRIMARY KEY (id);
CREATE INDEX reshares_user ON public.reshares USING btree (user_id);
ALTER TABLE ONLY public.reshares
    ADD CONSTRAINT reshares_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.reshares
    ADD CONSTRAINT reshares_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;
ALTER TABLE public.reshares ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.reshares TO authenticated;
GRANT ALL ON TABLE public.reshares TO service_role;
GRANT INSERT(project_id) ON TABLE public.reshares TO authenticated;
GRANT INSERT(platform) ON TABLE public.reshares TO authenticated;
GRANT INSERT(share_metadata) ON TABLE public.reshares TO authenticated;

-- The owner hears about someone else's first reshare of a project, whatever the platforms after it. Per
-- statement, so several platforms inserted at once count as one; the advisory lock orders concurrent first
-- reshares of one sharer, so the later transaction sees the earlier one's rows.
CREATE FUNCTION private.notify_reshare() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  a record;
begin
  for a in
    select distinct on (n.project_id, n.user_id) n.id, n.project_id, n.user_id, n.platform,
           p.user_id as owner_id, p.name as project_name
      from added n
      join public.projects p on p.id = n.project_id
     where p.user_id <> n.user_id
     order by n.project_id, n.user_id, n.created_at, n.id
  loop
    perform pg_advisory_xact_lock(hashtextextended('reshare:' || a.project_id || ':' || a.user_id, 0));
    continue when exists (select 1 from public.reshares r
                           where r.project_id = a.project_id and r.user_id = a.user_id
                             and r.id not in (select x.id from added x));
    perform private.add_notification(a.owner_id, a.user_id, 'reshare',
      jsonb_build_object('project_id', a.project_id, 'project_name', a.project_name, 'platform', a.platform,
        'reshare_id', a.id));
  end loop;
  return null;
end
$$;

-- POST /projects/{id}/reshares: once per project, user and platform; a repeat answers {deduped: true}.
CREATE FUNCTION api.create_reshare(project_id bigint, platform text, share_metadata jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  result jsonb;
begin
  perform private.require_profile();
  if not exists (select 1 from public.projects p where p.id = project_id) then
    perform private.project_not_found();
  end if;
  begin
    insert into public.reshares as r (project_id, platform, share_metadata)
    values (create_reshare.project_id, lower(create_reshare.platform)::public.reshare_platform,
            coalesce(create_reshare.share_metadata, '{}'::jsonb))
    on conflict on constraint reshares_once do nothing
    returning jsonb_build_object('id', r.id, 'project_id', r.project_id, 'user_id', r.user_id,
      'platform', r.platform, 'share_metadata', r.share_metadata, 'created_at', r.created_at) into result;
  exception when check_violation or invalid_text_representation then
    perform private.raise_api_error(400, 'invalid_request',
      'platform is one of ' || array_to_string(enum_range(null::public.reshare_platform), ', ') ||
      '; share_metadata an object of at most 4096 bytes.');
  end;
  return coalesce(result, jsonb_build_object('deduped', true));
end
$$;
GRANT EXECUTE ON FUNCTION api.create_reshare(project_id bigint, platform text, share_metadata jsonb) TO authenticated;

-- Whoever may see a project may reshare it; sharers and the project's owner read the record.
CREATE POLICY reshares_insert_visible ON public.reshares FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND (EXISTS ( SELECT 1
   FROM public.projects p
  WHERE (p.id = reshares.project_id)))));

CREATE POLICY reshares_select ON public.reshares FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (EXISTS ( SELECT 1
   FROM public.projects p
  WHERE ((p.id = reshares.project_id) AND (p.user_id = ( SELECT auth.uid() AS uid)))))));

CREATE TRIGGER reshares_notify AFTER INSERT ON public.reshares REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION private.notify_reshare();
