-- Errors a project's preview reported, kept briefly for the owner.

CREATE TABLE public.preview_errors (
    id bigint NOT NULL,
    project_id bigint NOT NULL,
    message text NOT NULL,
    stack text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT preview_errors_message_length CHECK (((length(message) >= 1) AND (length(message) <= 2000))),
    CONSTRAINT preview_errors_stack_length CHECK (((stack IS NULL) OR (length(stack) <= 16000)))
);
ALTER TABLE public.preview_errors ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.preview_errors_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY public.preview_errors
    ADD CONSTRAINT preview_errors_pkey PRIMARY KEY (id);
CREATE INDEX preview_errors_project ON public.preview_errors USING btree (project_id, created_at, id);
ALTER TABLE ONLY public.preview_errors
    ADD CONSTRAINT preview_errors_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
ALTER TABLE public.preview_errors ENABLE ROW LEVEL SECURITY;
GRANT SELECT,DELETE ON TABLE public.preview_errors TO authenticated;
GRANT ALL ON TABLE public.preview_errors TO service_role;
GRANT INSERT(project_id) ON TABLE public.preview_errors TO authenticated;
GRANT INSERT(message) ON TABLE public.preview_errors TO authenticated;
GRANT INSERT(stack) ON TABLE public.preview_errors TO authenticated;

CREATE FUNCTION api.preview_error_json(e public.preview_errors) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', e.id, 'message', e.message, 'stack', e.stack, 'created_at', e.created_at)
$$;
GRANT EXECUTE ON FUNCTION api.preview_error_json(e public.preview_errors) TO authenticated;

-- The preview errors' limits: the one definition the functions below enforce and the API documents (`npm run
-- types` writes them to supabase/functions/_contract/limits.gen.ts). A project keeps its newest few.
CREATE FUNCTION private.preview_error_limits() RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('kept_per_project', 10)
$$;
GRANT EXECUTE ON FUNCTION private.preview_error_limits() TO authenticated;
GRANT EXECUTE ON FUNCTION private.preview_error_limits() TO service_role;

-- GET /projects/{id}/preview-errors: the oldest kept, owner only, nothing consumed.
CREATE FUNCTION api.list_preview_errors(project_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  perform api.require_own_project(project_id);
  return jsonb_build_object('data', coalesce((
    select jsonb_agg(x.error order by x.created_at, x.id)
      from (select api.preview_error_json(e) as error, e.created_at, e.id
              from public.preview_errors e
             where e.project_id = list_preview_errors.project_id
             order by e.created_at, e.id
             limit (private.preview_error_limits() ->> 'kept_per_project')::int) x), '[]'::jsonb));
end
$$;
GRANT EXECUTE ON FUNCTION api.list_preview_errors(project_id bigint) TO authenticated;

-- POST /projects/{id}/preview-errors: a preview records what went wrong; owner only.
CREATE FUNCTION api.record_preview_error(project_id bigint, message text, stack text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  e public.preview_errors;
begin
  perform api.require_own_project(project_id);
  begin
    insert into public.preview_errors (project_id, message, stack)
    values (record_preview_error.project_id, record_preview_error.message, record_preview_error.stack)
    returning * into e;
  exception when check_violation then
    perform private.raise_api_error(400, 'invalid_request', 'message is 1..2000 and stack at most 16000 characters.');
  end;
  return api.preview_error_json(e);
end
$$;
GRANT EXECUTE ON FUNCTION api.record_preview_error(project_id bigint, message text, stack text) TO authenticated;

-- DELETE /projects/{id}/preview-errors: all of them; a second call deletes nothing and still succeeds.
CREATE FUNCTION api.clear_preview_errors(project_id bigint) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  deleted int;
begin
  perform api.require_own_project(project_id);
  delete from public.preview_errors e where e.project_id = clear_preview_errors.project_id;
  get diagnostics deleted = row_count;
  return jsonb_build_object('deleted_count', deleted);
end
$$;
GRANT EXECUTE ON FUNCTION api.clear_preview_errors(project_id bigint) TO authenticated;

-- Keeps each project's newest preview errors (private.preview_error_limits(), the most GET
-- /projects/{id}/preview-errors shows). One project's inserts take turns on an advisory lock, and the delete
-- runs after it with a fresh snapshot, so concurrent writers cannot leave more behind.
CREATE FUNCTION private.prune_preview_errors() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  project bigint;
begin
  for project in select distinct project_id from added order by 1 loop
    perform pg_advisory_xact_lock(hashtextextended('preview_errors:' || project, 0));
    delete from public.preview_errors e
     where e.project_id = project
       and e.id not in (select k.id from public.preview_errors k where k.project_id = project
                         order by k.created_at desc, k.id desc
                         limit (private.preview_error_limits() ->> 'kept_per_project')::int);
  end loop;
  return null;
end
$$;

CREATE POLICY preview_errors_delete_own ON public.preview_errors FOR DELETE TO authenticated USING ((EXISTS ( SELECT 1
   FROM public.projects p
  WHERE ((p.id = preview_errors.project_id) AND (p.user_id = ( SELECT auth.uid() AS uid))))));

CREATE POLICY preview_errors_insert_own ON public.preview_errors FOR INSERT TO authenticated WITH CHECK ((EXISTS ( SELECT 1
   FROM public.projects p
  WHERE ((p.id = preview_errors.project_id) AND (p.user_id = ( SELECT auth.uid() AS uid))))));

CREATE POLICY preview_errors_select_own ON public.preview_errors FOR SELECT TO authenticated USING ((EXISTS ( SELECT 1
   FROM public.projects p
  WHERE ((p.id = preview_errors.project_id) AND (p.user_id = ( SELECT auth.uid() AS uid))))));

CREATE TRIGGER preview_errors_keep_newest AFTER INSERT ON public.preview_errors REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION private.prune_preview_errors();
