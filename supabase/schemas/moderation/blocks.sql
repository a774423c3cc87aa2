-- Blocks: a user hides another user's projects and notifications.

CREATE TABLE public.blocks (
    blocker_id uuid DEFAULT auth.uid() NOT NULL,
    blocked_user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT blocks_not_self CHECK ((blocker_id <> blocked_user_id))
);
ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_pkey PRIMARY KEY (blocker_id, blocked_user_id);
CREATE INDEX blocks_blocked_user ON public.blocks USING btree (blocked_user_id);
CREATE INDEX blocks_blocker_page ON public.blocks USING btree (blocker_id, created_at DESC, blocked_user_id DESC);
ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_blocked_user_id_fkey FOREIGN KEY (blocked_user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_blocker_id_fkey FOREIGN KEY (blocker_id) REFERENCES public.profiles(id) ON DELETE CASCADE;
ALTER TABLE public.blocks ENABLE ROW LEVEL SECURITY;
GRANT SELECT,DELETE ON TABLE public.blocks TO authenticated;
GRANT ALL ON TABLE public.blocks TO service_role;
GRANT INSERT(blocked_user_id) ON TABLE public.blocks TO authenticated;

CREATE FUNCTION api.block_json(b public.blocks) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('blocker_id', b.blocker_id, 'blocked_user_id', b.blocked_user_id,
    'created_at', b.created_at)
$$;
GRANT EXECUTE ON FUNCTION api.block_json(b public.blocks) TO authenticated;

-- POST /blocks: the blocker is the caller; a repeat answers {deduped: true}.
CREATE FUNCTION api.create_block(blocked_user_id uuid) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  b public.blocks;
begin
  perform private.require_profile();
  if blocked_user_id = (select auth.uid()) then
    perform private.raise_api_error(400, 'cannot_block_self', 'You cannot block yourself.');
  end if;
  if not exists (select 1 from public.profiles u where u.id = blocked_user_id) then
    perform private.raise_api_error(404, 'user_not_found', 'No such user.');
  end if;
  insert into public.blocks as x (blocked_user_id) values (create_block.blocked_user_id)
  on conflict on constraint blocks_pkey do nothing
  returning * into b;
  if b.blocker_id is null then
    return jsonb_build_object('deduped', true);
  end if;
  return api.block_json(b);
end
$$;
GRANT EXECUTE ON FUNCTION api.create_block(blocked_user_id uuid) TO authenticated;

-- GET /blocks: the caller's blocks, newest first, each with the blocked user's public profile.
CREATE FUNCTION api.list_blocks(page_size integer, page_cursor text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  scope text := (select auth.uid())::text || '|blocks';
  position text[];
  before_created_at timestamptz := 'infinity'::timestamptz;
  before_user uuid := 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid;
  result jsonb;
begin
  if page_size is null or page_size not between 1 and 100 then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100.');
  end if;
  if page_cursor is not null then
    position := regexp_match(private.cursor_payload(page_cursor, scope),
                             '^(-?[0-9]{1,17}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$');
    before_created_at := 'epoch'::timestamptz + position[1]::bigint * interval '1 microsecond';
    before_user := position[2]::uuid;
  end if;
  with page as (
    select api.block_json(b) || jsonb_build_object('blocked_user', api.public_profile_json(u)) as item,
           b.created_at, b.blocked_user_id, row_number() over (order by b.created_at desc, b.blocked_user_id desc) as k
      from public.blocks b
      join public.profiles u on u.id = b.blocked_user_id
     where b.blocker_id = (select auth.uid())
       and (b.created_at, b.blocked_user_id) < (before_created_at, before_user)
     order by b.created_at desc, b.blocked_user_id desc
     limit page_size + 1
  )
  select jsonb_build_object(
           'data', coalesce(jsonb_agg(item order by k) filter (where k <= page_size), '[]'::jsonb),
           'next_cursor', case when count(*) > page_size then private.sign_cursor(
             (select (extract(epoch from p.created_at) * 1000000)::bigint::text || ':' || p.blocked_user_id::text
                from page p where p.k = page_size), scope) end)
    into result
    from page;
  return result;
end
$_$;
GRANT EXECUTE ON FUNCTION api.list_blocks(page_size integer, page_cursor text) TO authenticated;
GRANT EXECUTE ON FUNCTION api.list_blocks(page_size integer, page_cursor text) TO service_role;

-- DELETE /blocks/{userId}: idempotent; removing a block that does not exist is not an error.
CREATE FUNCTION api.delete_block(blocked_user_id uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  delete from public.blocks b
   where b.blocker_id = (select auth.uid()) and b.blocked_user_id = delete_block.blocked_user_id
$$;
GRANT EXECUTE ON FUNCTION api.delete_block(blocked_user_id uuid) TO authenticated;

CREATE POLICY blocks_delete_own ON public.blocks FOR DELETE TO authenticated USING ((blocker_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY blocks_insert_own ON public.blocks FOR INSERT TO authenticated WITH CHECK ((blocker_id = ( SELECT auth.uid() AS uid)));

-- Only the blocker sees a block: nobody learns who blocked them.
CREATE POLICY blocks_select_own ON public.blocks FOR SELECT TO authenticated USING ((blocker_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER blocks_limit AFTER INSERT ON public.blocks REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION private.limit_rows_per_owner('blocker_id', 'max_blocks_per_user', '1000', 'too_many_blocks', 'blocks');
