-- Saving a GitHub App installation trusts that GitHub confirmed the caller's token reaches it, and linking a
-- database project trusts that the host listed it among the caller's projects and gave its anon key: checks
-- only the edge function makes upstream. A user calling these functions directly would skip them, so only
-- service_role executes them; the function calls them for the caller (auth.uid() is the caller's) after its
-- checks.
revoke execute on function api.save_repohost_installation(bigint, text, text, text, text),
  api.link_dbhost_project(bigint, text, text, text, text) from public, anon, authenticated;
grant execute on function api.save_repohost_installation(bigint, text, text, text, text),
  api.link_dbhost_project(bigint, text, text, text, text) to service_role;
