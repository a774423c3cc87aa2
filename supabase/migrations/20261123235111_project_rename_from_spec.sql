-- A follow-up that renames the app renames its project too. private.save_job_files is redefined from its
-- newest definition with one step added: when the run changed the name in the project's app.spec.json
-- (one made from a prompt before), the project takes the new name. A name the user set is kept otherwise,
-- and so is the name of a project whose template spec no prompt has made yet (the user named it).

-- Makes the project's files the run's file set (files the run did not produce are deleted, unchanged ones
-- are not rewritten so their updated_at keeps saying when they last changed), takes the report's
-- description and a renamed spec's name, and returns the job's result. Returns null, keeping nothing, when
-- the files cannot be saved (a bad path or type, a duplicate path, a storage limit).
create or replace function private.save_job_files(j public.jobs, outcome jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  file_set jsonb := coalesce(outcome -> 'files', '[]');
  new_description text := left(outcome -> 'report' ->> 'description', 1000);
  old_spec jsonb;
  new_name text;
begin
  -- Either spec may be text that is not JSON (a user's edit); then nothing is renamed.
  begin
    select f.contents::jsonb into old_spec
      from public.project_files f where f.project_id = j.project_id and f.path = 'app.spec.json';
    select btrim(r.contents::jsonb ->> 'name') into new_name
      from jsonb_to_recordset(file_set) as r(path text, contents text) where r.path = 'app.spec.json';
  exception when invalid_text_representation then
    new_name := null;
  end;
  if coalesce(jsonb_typeof(old_spec -> 'prompts'), '') <> 'array' or old_spec -> 'prompts' = '[]'
     or new_name is not distinct from old_spec ->> 'name'
     or coalesce(length(new_name) not between 1 and 100 or new_name !~ '\S', true) then
    new_name := null;
  end if;

  delete from public.project_files f
   where f.project_id = j.project_id
     and f.path not in (select r.path from jsonb_to_recordset(file_set) as r(path text) where r.path is not null);
  insert into public.project_files as f (project_id, path, contents, type)
  select j.project_id, r.path, r.contents, coalesce(r.type, 'CODE')
    from jsonb_to_recordset(file_set) as r(path text, contents text, type text)
  on conflict (project_id, path) do update set contents = excluded.contents, type = excluded.type
    where (f.contents, f.type) is distinct from (excluded.contents, excluded.type);
  if new_description is not null or new_name is not null then
    update public.projects p
       set description = coalesce(new_description, p.description), name = coalesce(new_name, p.name)
     where p.id = j.project_id
       and (p.description, p.name) is distinct from (coalesce(new_description, p.description), coalesce(new_name, p.name));
  end if;
  return jsonb_build_object('project_id', j.project_id, 'files_saved', jsonb_array_length(file_set))
    || coalesce(outcome -> 'report', '{}') - 'description' - 'project_id' - 'files_saved';
exception when check_violation or not_null_violation or cardinality_violation or sqlstate 'PT413' then
  return null;
end
$$;
