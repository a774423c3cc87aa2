-- Prompt evaluations counted per user over a window.

-- The prompt-evaluation quota: every evaluation counts, accepted or not, whichever client sent it.
CREATE TABLE public.prompt_evaluations (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
ALTER TABLE public.prompt_evaluations ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.prompt_evaluations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
ALTER TABLE ONLY public.prompt_evaluations
    ADD CONSTRAINT prompt_evaluations_pkey PRIMARY KEY (id);
CREATE INDEX prompt_evaluations_window ON public.prompt_evaluations USING btree (user_id, created_at);
ALTER TABLE ONLY public.prompt_evaluations
    ADD CONSTRAINT prompt_evaluations_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.prompt_evaluations ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.prompt_evaluations TO authenticated;
GRANT ALL ON TABLE public.prompt_evaluations TO service_role;

-- Evaluations that left the quota's rolling window count for nothing: each insert drops its user's. The
-- window's start is read once (in the statement, clock_timestamp() would make it a per-row expression).
CREATE FUNCTION private.prune_prompt_evaluations() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  window_start timestamptz := clock_timestamp()
                              - make_interval(secs => private.setting('quota_window_seconds', '3600')::int);
begin
  delete from public.prompt_evaluations e
   using (select distinct user_id from added) a
   where e.user_id = a.user_id
     and e.created_at <= window_start;
  return null;
end
$$;

CREATE POLICY prompt_evaluations_select_own ON public.prompt_evaluations FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER prompt_evaluations_prune AFTER INSERT ON public.prompt_evaluations REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION private.prune_prompt_evaluations();
