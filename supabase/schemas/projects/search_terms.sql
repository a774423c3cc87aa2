-- The words a project is found by in list_projects' search.

CREATE TABLE public.project_terms (
    term text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    project_id bigint NOT NULL,
    -- For the blocks and the caller's own rows, filtered without visiting the project.
    user_id uuid NOT NULL,
    shared boolean NOT NULL
);
ALTER TABLE ONLY public.project_terms
    ADD CONSTRAINT project_terms_pkey PRIMARY KEY (user_id, term, created_at, project_id);
CREATE INDEX project_terms_shared ON public.project_terms USING btree (term, created_at, project_id) INCLUDE (user_id) WHERE shared;
ALTER TABLE public.project_terms ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.project_terms IS 'Each word of each project, in list order, with whether the project is shared; written only by triggers, read by api.list_projects.';
GRANT ALL ON TABLE public.project_terms TO service_role;

-- One statement per change of a project: its words inserted; deleted; or, when they, the sharing, the owner or
-- the position changed, the old rows no longer right deleted and the new words inserted, a kept one only
-- taking the new sharing (the two touch different rows, so their order within the statement does not
-- matter). Every row is reached by its primary key.
CREATE FUNCTION private.sync_project_terms() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    insert into public.project_terms (user_id, term, created_at, project_id, shared)
    select new.user_id, w, new.created_at, new.id, new.shared from unnest(tsvector_to_array(new.search)) w;
  elsif tg_op = 'DELETE' then
    delete from public.project_terms t
     where t.user_id = old.user_id and t.term = any (tsvector_to_array(old.search))
       and t.created_at = old.created_at and t.project_id = old.id;
  else
    with gone as (
      delete from public.project_terms t
       where t.user_id = old.user_id and t.term = any (tsvector_to_array(old.search))
         and t.created_at = old.created_at and t.project_id = old.id
         and ((new.user_id, new.created_at) is distinct from (old.user_id, old.created_at)
              or t.term <> all (tsvector_to_array(new.search)))
    )
    insert into public.project_terms as t (user_id, term, created_at, project_id, shared)
    select new.user_id, w, new.created_at, new.id, new.shared from unnest(tsvector_to_array(new.search)) w
    on conflict (user_id, term, created_at, project_id) do update set shared = excluded.shared
      where t.shared <> excluded.shared;
  end if;
  return null;
end
$$;

CREATE TRIGGER projects_terms_written AFTER INSERT OR DELETE ON public.projects FOR EACH ROW EXECUTE FUNCTION private.sync_project_terms();

CREATE TRIGGER projects_terms_changed AFTER UPDATE ON public.projects FOR EACH ROW WHEN (((old.search IS DISTINCT FROM new.search) OR (old.shared IS DISTINCT FROM new.shared) OR (old.created_at IS DISTINCT FROM new.created_at) OR (old.user_id IS DISTINCT FROM new.user_id))) EXECUTE FUNCTION private.sync_project_terms();
