-- Reports of projects and users, one open report per reporter and target.

CREATE TABLE public.reports (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reporter_id uuid DEFAULT auth.uid() NOT NULL,
    reported_project_id bigint,
    reported_user_id uuid,
    reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    resolved_at timestamp with time zone,
    CONSTRAINT reports_reason_length CHECK (((reason IS NULL) OR (length(reason) <= 1000))),
    CONSTRAINT reports_target_required CHECK ((num_nonnulls(reported_project_id, reported_user_id) >= 1))
);
ALTER TABLE ONLY public.reports
    ADD CONSTRAINT reports_pkey PRIMARY KEY (id);
CREATE UNIQUE INDEX reports_open_once ON public.reports USING btree (reporter_id, reported_project_id, reported_user_id) NULLS NOT DISTINCT WHERE (resolved_at IS NULL);
CREATE INDEX reports_reported_project ON public.reports USING btree (reported_project_id);
CREATE INDEX reports_reported_user ON public.reports USING btree (reported_user_id);
CREATE INDEX reports_reporter ON public.reports USING btree (reporter_id);
ALTER TABLE ONLY public.reports
    ADD CONSTRAINT reports_reported_project_id_fkey FOREIGN KEY (reported_project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.reports
    ADD CONSTRAINT reports_reported_user_id_fkey FOREIGN KEY (reported_user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.reports
    ADD CONSTRAINT reports_reporter_id_fkey FOREIGN KEY (reporter_id) REFERENCES public.profiles(id) ON DELETE CASCADE;
ALTER TABLE public.reports ENABLE ROW LEVEL SECURITY;
COMMENT ON COLUMN public.reports.resolved_at IS 'When moderation closed the report; null while it is open.';
GRANT SELECT ON TABLE public.reports TO authenticated;
GRANT ALL ON TABLE public.reports TO service_role;
GRANT INSERT(reported_project_id) ON TABLE public.reports TO authenticated;
GRANT INSERT(reported_user_id) ON TABLE public.reports TO authenticated;
GRANT INSERT(reason) ON TABLE public.reports TO authenticated;

-- POST /reports: the reporter is the caller; each target must exist (a project: be visible to the caller).
-- The caller's open report on the same targets, when there is one, is the answer instead of a new row (its
-- own reason kept).
CREATE FUNCTION api.create_report(reported_project_id bigint, reported_user_id uuid, reason text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  r public.reports;
begin
  perform private.require_profile();
  if reported_project_id is not null
     and not exists (select 1 from public.projects p where p.id = reported_project_id) then
    perform private.project_not_found();
  end if;
  if reported_user_id is not null
     and not exists (select 1 from public.profiles u where u.id = reported_user_id) then
    perform private.raise_api_error(404, 'user_not_found', 'No such user.');
  end if;
  begin
    insert into public.reports as x (reported_project_id, reported_user_id, reason)
    values (create_report.reported_project_id, create_report.reported_user_id, create_report.reason)
    on conflict (reporter_id, reported_project_id, reported_user_id) where resolved_at is null do nothing
    returning * into r;
  exception when check_violation then
    perform private.raise_api_error(400, 'report_target_required',
      'Name a reported_project_id, a reported_user_id or both; reason is at most 1000 characters.');
  end;
  if r.id is null then
    select * into r from public.reports x
     where x.reporter_id = (select auth.uid()) and x.resolved_at is null
       and x.reported_project_id is not distinct from create_report.reported_project_id
       and x.reported_user_id is not distinct from create_report.reported_user_id;
  end if;
  return api.report_json(r);
end
$$;
GRANT EXECUTE ON FUNCTION api.create_report(reported_project_id bigint, reported_user_id uuid, reason text) TO authenticated;

CREATE FUNCTION api.report_json(r public.reports) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', r.id, 'reporter_id', r.reporter_id,
    'reported_project_id', r.reported_project_id, 'reported_user_id', r.reported_user_id,
    'reason', r.reason, 'created_at', r.created_at)
$$;
GRANT EXECUTE ON FUNCTION api.report_json(r public.reports) TO authenticated;

CREATE POLICY reports_insert_own ON public.reports FOR INSERT TO authenticated WITH CHECK (((reporter_id = ( SELECT auth.uid() AS uid)) AND ((reported_project_id IS NULL) OR (EXISTS ( SELECT 1
   FROM public.projects p
  WHERE (p.id = reports.reported_project_id))))));

CREATE POLICY reports_select_own ON public.reports FOR SELECT TO authenticated USING ((reporter_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER reports_limit AFTER INSERT ON public.reports REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION private.limit_rows_per_owner('reporter_id', 'max_open_reports_per_user', '200', 'too_many_reports', 'open reports', 'resolved_at is null');
