-- Hand-written: the comments on tables, columns, types and functions, which the schema diff does not
-- compare; each is also in its schema file.


COMMENT ON TYPE public.reshare_platform IS 'Where a project was reshared; anything else is `other`.';

COMMENT ON TABLE public.profiles IS 'Public face of an account; readable by every signed-in user.';

COMMENT ON TABLE public.projects IS 'Generated apps. icon_url is written only by private.set_project_icon.';

COMMENT ON TABLE public.push_tokens IS 'Expo push tokens; written only by api.register_push_token and api.unregister_push_token.';

COMMENT ON COLUMN public.reports.resolved_at IS 'When moderation closed the report; null while it is open.';

COMMENT ON TABLE public.jobs IS 'Async generation jobs; status changes only through private functions.';

COMMENT ON COLUMN public.jobs.held_credits IS 'Credits held against the floor while the job is queued or running.';

COMMENT ON TABLE public.wallets IS 'Credit wallet; written only by private functions.';

COMMENT ON TABLE public.push_outbox IS 'Push messages to send; private functions only (enqueue_push, claim_push_batch, record_push_outcomes).';

COMMENT ON FUNCTION private.enqueue_push(user_id uuid, token text, title text, body text, data jsonb) IS 'Queues a push. Job completion: title "<App name> is ready" / "<App name> could not be generated", data {type: job_succeeded|job_failed, job_id, project_id, status}.';

COMMENT ON TABLE public.wallet_transactions IS 'Wallet ledger; written only by private functions.';

COMMENT ON TABLE public.webhook_endpoints IS 'Outbound webhook endpoints; secrets readable by the service only.';

COMMENT ON TABLE private.checkout_requests IS 'Checkout sessions opened in the current rate window, per user; written only by api.admit_checkout.';

COMMENT ON TABLE private.project_storage IS 'Files and bytes of contents per project, kept by the project_files triggers; read for the storage limits.';

COMMENT ON TABLE private.settings IS 'Server configuration read by SQL functions; see private.set_setting.';

COMMENT ON TABLE public.attachment_uploads IS 'Uploaded job attachments; written only by api.record_attachment_upload and api.create_job.';

COMMENT ON COLUMN public.attachment_uploads.stored_paths IS 'Every path recorded under the key, including those a later upload with the same key replaced: what the sweep removes.';

COMMENT ON TABLE public.job_admissions IS 'POST /jobs requests between admission and job creation; written only by api.admit_job and api.create_job.';

COMMENT ON TABLE public.job_events IS 'What happened to a job, in order; written only by triggers and private functions.';

COMMENT ON TABLE public.oauth_client_revocations IS 'The latest revocation of each OAuth client by each user; tokens issued up to revoked_at are refused.';

COMMENT ON TABLE public.project_terms IS 'Each word of each project, in list order, with whether the project is shared; written only by triggers, read by api.list_projects.';

