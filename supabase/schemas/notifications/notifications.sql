-- In-app notifications as the API pages them.

CREATE TABLE public.notifications (
    id uuid DEFAULT private.uuid_v7() NOT NULL,
    recipient_id uuid NOT NULL,
    -- Null for what the service itself reports (a finished job).
    sender_id uuid,
    type text NOT NULL,
    payload jsonb DEFAULT '{}'::jsonb NOT NULL,
    is_read boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT notifications_payload_object CHECK ((jsonb_typeof(payload) = 'object'::text)),
    CONSTRAINT notifications_type_format CHECK ((type ~ '^[a-z][a-z_]{0,39}$'::text))
);
ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);

-- Serves the page walk (either direction) and guarantees what the trigger promises.
CREATE UNIQUE INDEX notifications_recipient_created_at ON public.notifications USING btree (recipient_id, created_at);
CREATE INDEX notifications_recipient_unread ON public.notifications USING btree (recipient_id) WHERE (NOT is_read);
CREATE INDEX notifications_sender ON public.notifications USING btree (sender_id);
ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES public.profiles(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES public.profiles(id) ON DELETE SET NULL;
ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.notifications TO authenticated;
GRANT ALL ON TABLE public.notifications TO service_role;
GRANT UPDATE(is_read) ON TABLE public.notifications TO authenticated;

-- The one way notifications are written: reshares (by trigger) and, later, finished jobs.
CREATE FUNCTION private.add_notification(recipient_id uuid, sender_id uuid, type text, payload jsonb) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  made uuid;
begin
  insert into public.notifications as n (recipient_id, sender_id, type, payload)
  values (add_notification.recipient_id, add_notification.sender_id, add_notification.type, add_notification.payload)
  returning n.id into made;
  return made;
end
$$;
GRANT EXECUTE ON FUNCTION private.add_notification(recipient_id uuid, sender_id uuid, type text, payload jsonb) TO service_role;

-- The Notification resource: the sender's public face from the caller's join (null for the service's own
-- notifications, or when the sender's account is gone). created_at is always UTC with six fractional
-- digits, the very string a page's next_cursor repeats.
CREATE FUNCTION api.notification_json(n public.notifications, sender public.profiles) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', n.id, 'type', n.type, 'payload', n.payload, 'is_read', n.is_read,
    'created_at', to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'recipient_id', n.recipient_id,
    'sender', case when sender.id is not null
                then jsonb_build_object('username', sender.username, 'avatar_url', sender.avatar_url) end)
$$;
GRANT EXECUTE ON FUNCTION api.notification_json(n public.notifications, sender public.profiles) TO authenticated;

-- GET /notifications and GET /wallets/me/transactions: the position is a bound of the index range
-- (created_at < cursor, or no bound), never "cursor is null or ...", which a cached plan cannot turn into
-- one: there a later page read the recipient's newer rows again before reaching it.
CREATE FUNCTION api.list_notifications(page_size integer, page_cursor text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  older_than timestamptz;
  result jsonb;
begin
  if page_size is null or page_size not between 1 and 100 then
    perform private.raise_api_error(400, 'invalid_request', 'limit must be 1..100.');
  end if;
  older_than := coalesce(private.timestamp_cursor(page_cursor), 'infinity');
  with page as (
    select api.notification_json(n, s) as item, row_number() over (order by n.created_at desc) as k
      from public.notifications n
      left join public.profiles s on s.id = n.sender_id
     where n.recipient_id = (select auth.uid()) and n.created_at < older_than
     order by n.created_at desc
     limit page_size + 1
  )
  select jsonb_build_object(
           'data', coalesce(jsonb_agg(item order by k) filter (where k <= page_size), '[]'::jsonb),
           'next_cursor', case when count(*) > page_size
                            then (array_agg(item ->> 'created_at') filter (where k = page_size))[1] end)
    into result
    from page;
  return result;
end
$$;
GRANT EXECUTE ON FUNCTION api.list_notifications(page_size integer, page_cursor text) TO authenticated;

-- PATCH /notifications: every unread notification of the caller becomes read.
CREATE FUNCTION api.mark_all_notifications_read() RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  with marked as (
    update public.notifications n set is_read = true
     where n.recipient_id = (select auth.uid()) and not n.is_read
    returning 1
  )
  select jsonb_build_object('updated_count', count(*)) from marked
$$;
GRANT EXECUTE ON FUNCTION api.mark_all_notifications_read() TO authenticated;

-- GET /notifications/unread-count: answered from the partial index of unread rows.
CREATE FUNCTION api.count_unread_notifications() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('unread_count', count(*))
    from public.notifications n
   where n.recipient_id = (select auth.uid()) and not n.is_read
$$;
GRANT EXECUTE ON FUNCTION api.count_unread_notifications() TO authenticated;

-- PATCH /notifications/{id}: marks one of the caller's notifications read; anyone else's is 404.
CREATE FUNCTION api.mark_notification_read(notification_id uuid) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  n public.notifications;
  sender public.profiles;
begin
  update public.notifications x set is_read = true
   where x.id = notification_id and x.recipient_id = (select auth.uid())
  returning * into n;
  if not found then
    perform private.raise_api_error(404, 'notification_not_found', 'No such notification.');
  end if;
  select * into sender from public.profiles p where p.id = n.sender_id;
  return api.notification_json(n, sender);
end
$$;
GRANT EXECUTE ON FUNCTION api.mark_notification_read(notification_id uuid) TO authenticated;

CREATE POLICY notifications_select_own ON public.notifications FOR SELECT TO authenticated USING ((recipient_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY notifications_update_own ON public.notifications FOR UPDATE TO authenticated USING ((recipient_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((recipient_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER notifications_unique_created_at BEFORE INSERT ON public.notifications FOR EACH ROW EXECUTE FUNCTION private.unique_created_at('recipient_id');
