-- Admitting a job: idempotent submission, the credits held while it runs.

-- Admitted requests whose prompt is being evaluated: each holds credits until its job is created, the
-- request gives up, or it expires (a request that died mid-way).
CREATE TABLE public.job_admissions (
    id uuid DEFAULT private.uuid_v7() NOT NULL,
    user_id uuid NOT NULL,
    idempotency_key uuid,
    held_credits bigint NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT job_admissions_held_credits CHECK ((held_credits >= 0))
);
ALTER TABLE ONLY public.job_admissions
    ADD CONSTRAINT job_admissions_idempotency UNIQUE (user_id, idempotency_key);
ALTER TABLE ONLY public.job_admissions
    ADD CONSTRAINT job_admissions_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.job_admissions
    ADD CONSTRAINT job_admissions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
ALTER TABLE public.job_admissions ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE public.job_admissions IS 'POST /jobs requests between admission and job creation; written only by api.admit_job and api.create_job.';
GRANT SELECT ON TABLE public.job_admissions TO authenticated;
GRANT ALL ON TABLE public.job_admissions TO service_role;

-- The checks before a prompt is evaluated, in the contract's order, under a lock on the user's wallet that
-- the transaction keeps (so concurrent requests count the quota exactly): idempotency (the existing job, or
-- a request with the same key being evaluated), the credit floor (402), project ownership (404), the quota
-- (429 with Retry-After; otherwise one evaluation is counted). Returns {existing}, {in_flight, expires_at},
-- or null: admitted.
CREATE FUNCTION private.check_admission(uid uuid, idempotency_key uuid, project_id bigint) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  w public.wallets;
  existing public.jobs;
  pending public.job_admissions;
begin
  select * into w from public.wallets where user_id = uid for update;
  if not found then
    perform private.raise_api_error(404, 'profile_not_found', 'No wallet exists for this account.');
  end if;
  delete from public.job_admissions a where a.user_id = uid and a.expires_at <= clock_timestamp();
  if idempotency_key is not null then
    select * into existing from public.jobs j
     where j.user_id = uid and j.idempotency_key = check_admission.idempotency_key;
    if found then
      return jsonb_build_object('existing', private.job_json(existing));
    end if;
    select * into pending from public.job_admissions a
     where a.user_id = uid and a.idempotency_key = check_admission.idempotency_key;
    if found then
      return jsonb_build_object('in_flight', true, 'expires_at', pending.expires_at);
    end if;
  end if;
  perform private.check_credit_floor(w);
  if project_id is not null and not exists (
    select from public.projects p where p.id = check_admission.project_id and p.user_id = uid
  ) then
    perform private.raise_api_error(404, 'project_not_found', 'No such project.');
  end if;
  perform private.count_prompt_evaluation(uid);
  return null;
end
$$;
GRANT EXECUTE ON FUNCTION private.check_admission(uid uuid, idempotency_key uuid, project_id bigint) TO service_role;

-- POST /jobs with a remote evaluator, first step: admission (private.check_admission), then a hold of the
-- tier's price while the prompt is evaluated. Returns check_admission's refusals or {admission, quota}.
CREATE FUNCTION api.admit_job(idempotency_key uuid, project_id bigint, tier text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  uid uuid := (select auth.uid());
  refused jsonb := private.check_admission(uid, idempotency_key, project_id);
  admission uuid;
begin
  if refused is not null then
    return refused;
  end if;
  insert into public.job_admissions (user_id, idempotency_key, held_credits, expires_at)
  values (uid, admit_job.idempotency_key, private.job_hold_credits(tier),
          clock_timestamp() + make_interval(secs => private.setting('job_admission_seconds', '180')::int))
  returning id into admission;
  return jsonb_build_object('admission', admission, 'quota', private.quota_state(uid));
end
$$;
GRANT EXECUTE ON FUNCTION api.admit_job(idempotency_key uuid, project_id bigint, tier text) TO service_role;

-- Counts one prompt evaluation against the user's quota, or refuses past it (429 with Retry-After).
CREATE FUNCTION private.count_prompt_evaluation(uid uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  quota jsonb := private.quota_state(uid);
  retry_after int;
begin
  if (quota ->> 'remaining')::int <= 0 then
    retry_after := greatest(1, ceil(extract(epoch from (quota ->> 'reset_at')::timestamptz - clock_timestamp())))::int;
    raise exception using errcode = 'PT429',
      message = 'rate_limited: The prompt-evaluation quota is spent; retry after the window moves on.',
      detail = (quota || jsonb_build_object('retry_after', retry_after))::text,
      hint = 'retry-after=' || retry_after;
  end if;
  insert into public.prompt_evaluations (user_id) values (uid);
end
$$;

-- POST /jobs/estimates: admit_job's checks without admitting. Ownership (404) and the quota (429; one
-- evaluation is counted) refuse as there; the credit floor is reported, not raised, with the tier's price
-- (the hold a job would take, which the offline generator charges in full). Holds and creates nothing.
-- Returns {credits: {price, available, held, floor, can_pay}, refusal: null | {code, message, details}, quota},
-- and for a follow-up its `project`: {name, spec}, the contents of its app.spec.json (null without one), which
-- the follow-up is judged against.
CREATE FUNCTION api.estimate_job(project_id bigint, tier text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  uid uuid := (select auth.uid());
  w public.wallets;
  floor_state jsonb;
  project jsonb;
begin
  -- Locked as admit_job locks it, so concurrent requests count the quota exactly.
  select * into w from public.wallets where user_id = uid for update;
  if not found then
    perform private.raise_api_error(404, 'profile_not_found', 'No wallet exists for this account.');
  end if;
  if project_id is not null then
    select jsonb_build_object('name', p.name, 'spec', f.contents) into project
      from public.projects p
      left join public.project_files f on f.project_id = p.id and f.path = 'app.spec.json'
     where p.id = estimate_job.project_id and p.user_id = uid;
    if not found then
      perform private.raise_api_error(404, 'project_not_found', 'No such project.');
    end if;
  end if;
  perform private.count_prompt_evaluation(uid);
  floor_state := private.credit_floor_state(w);
  return jsonb_build_object(
    'credits', jsonb_build_object(
      'price', private.job_hold_credits(tier),
      'available', floor_state -> 'details' -> 'available',
      'held', floor_state -> 'details' -> 'held',
      'floor', floor_state -> 'details' -> 'floor',
      'can_pay', floor_state -> 'refusal' = 'null'::jsonb),
    'refusal', floor_state -> 'refusal',
    'quota', private.quota_state(uid))
    || case when project is null then '{}' else jsonb_build_object('project', project) end;
end
$$;
GRANT EXECUTE ON FUNCTION api.estimate_job(project_id bigint, tier text) TO service_role;

-- The most one run of a tier may cost, in credits; the defaults are the template generator's prices.
CREATE FUNCTION private.job_hold_credits(tier text) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return (with prices as (
    select coalesce(max(s.value) filter (where s.key = 'job_hold_credits_light'), '5')::bigint as light_price,
           coalesce(max(s.value) filter (where s.key = 'job_hold_credits_full'), '20')::bigint as full_price
      from private.settings s
     where s.key in ('job_hold_credits_light', 'job_hold_credits_full')
  )
  select case tier when 'light' then light_price when 'full' then full_price else greatest(light_price, full_price) end
    from prices);
end
$$;

-- Credits held by the user's open jobs and pending admissions. Security invoker: a user reading their
-- wallet sees only their own rows anyway.
CREATE FUNCTION private.held_credits(owner uuid) RETURNS bigint
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return coalesce((select sum(j.held_credits) from public.jobs j
                    where j.user_id = owner and j.status in ('queued', 'running')), 0)
       + coalesce((select sum(a.held_credits) from public.job_admissions a
                    where a.user_id = owner and a.expires_at > clock_timestamp()), 0);
end
$$;
GRANT EXECUTE ON FUNCTION private.held_credits(owner uuid) TO authenticated;
GRANT EXECUTE ON FUNCTION private.held_credits(owner uuid) TO service_role;

-- A request that will not create its job (unusable prompt, creation failed) gives its hold back.
CREATE FUNCTION api.release_job_admission(admission uuid) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  delete from public.job_admissions a where a.id = admission and a.user_id = (select auth.uid());
$$;
GRANT EXECUTE ON FUNCTION api.release_job_admission(admission uuid) TO service_role;

-- request: what api.create_job takes without `admission`, with the verdict whether ok or not. Admission
-- and creation under one wallet lock, so nothing is held between them (no admission row).
-- Returns check_admission's {existing} | {in_flight, expires_at}; or {quota} with `refused` (the
-- verdict's reason: the evaluation counts, nothing is held) or with `error` (creation refused:
-- {sqlstate, message, detail}, the evaluation still counts, as when the two calls fail apart) or with
-- create_job's {job, created, project_created}.
CREATE FUNCTION api.submit_job(request jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  uid uuid := (select auth.uid());
  refused jsonb := private.check_admission(uid, (request ->> 'idempotency_key')::uuid,
                                           (request ->> 'project_id')::bigint);
  admitted jsonb;
  state text;
  message text;
  detail text;
begin
  if refused is not null then
    return refused;
  end if;
  admitted := jsonb_build_object('quota', private.quota_state(uid));
  if not coalesce((request -> 'verdict' ->> 'ok')::boolean, false) then
    return admitted || jsonb_build_object('refused', coalesce(request -> 'verdict' ->> 'reason', ''));
  end if;
  begin
    return admitted || private.create_job(request, true);
  exception when others then
    get stacked diagnostics state = returned_sqlstate, message = message_text, detail = pg_exception_detail;
    return admitted || jsonb_build_object('error',
      jsonb_build_object('sqlstate', state, 'message', message, 'detail', detail));
  end;
end
$$;
GRANT EXECUTE ON FUNCTION api.submit_job(request jsonb) TO service_role;

CREATE POLICY job_admissions_select_own ON public.job_admissions FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));
