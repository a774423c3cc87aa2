-- A run that changes the name in a project's app.spec.json renames the project; any other run keeps the
-- project's name, whether the user set it or a new project's template spec carried it.
begin;
\ir _helpers.psql
select plan(6);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'rename.alice@example.com');
select pg_temp.create_project(8101, 'a1111111-1111-1111-1111-111111111111', 'Old name');
select pg_temp.create_project(8102, 'a1111111-1111-1111-1111-111111111111', 'Set by the user');
select pg_temp.create_project(8103, 'a1111111-1111-1111-1111-111111111111', 'Habits');
select pg_temp.create_project(8104, 'a1111111-1111-1111-1111-111111111111', 'Hand edited');
select pg_temp.create_project(8105, 'a1111111-1111-1111-1111-111111111111', 'Blank');

-- A spec file as the generators write it: its name and the prompts it was made from.
create function pg_temp.spec(name text, prompts jsonb) returns jsonb language sql as $$
  select jsonb_build_object('path', 'app.spec.json', 'type', 'CODE',
    'contents', jsonb_build_object('version', 1, 'name', name, 'prompts', prompts)::text);
$$;
create function pg_temp.save(project bigint, new_spec jsonb) returns jsonb language sql as $$
  select private.save_job_files(jsonb_populate_record(null::public.jobs, jsonb_build_object('project_id', project)),
    jsonb_build_object('changes', jsonb_build_array(new_spec)));
$$;
insert into public.project_files (project_id, path, contents, type)
select id, 'app.spec.json', pg_temp.spec(old, prompts) ->> 'contents', 'CODE'
  from (values (8101, 'Old name', '["a todo list"]'::jsonb), (8102, 'Old name', '["a todo list"]'),
               (8103, 'Habits', '[]'), (8105, 'Old name', '["a todo list"]')) as v(id, old, prompts);
insert into public.project_files (project_id, path, contents, type) values (8104, 'app.spec.json', '{ not json', 'CODE');

select pg_temp.save(8101, pg_temp.spec('Chores', '["a todo list", "rename it to Chores"]'));
select is((select name from public.projects where id = 8101), 'Chores', 'a run that renames the spec renames the project');

select pg_temp.save(8102, pg_temp.spec('Old name', '["a todo list", "make it red"]'));
select is((select name from public.projects where id = 8102), 'Set by the user',
  'a run that keeps the spec''s name keeps the name the user set');
select pg_temp.save(8102, pg_temp.spec('Old name', '["a todo list", "make it red", "make it blue"]'));
select is((select name from public.projects where id = 8102), 'Set by the user', 'and keeps it on every such run');

select pg_temp.save(8103, pg_temp.spec('Task List', '["a todo list"]'));
select is((select name from public.projects where id = 8103), 'Habits',
  'the first app made in a named project keeps the project''s name');

select pg_temp.save(8104, pg_temp.spec('Chores', '["a todo list"]'));
select is((select name from public.projects where id = 8104), 'Hand edited',
  'a previous spec that is not JSON renames nothing, and the files are still saved');

select pg_temp.save(8105, pg_temp.spec('   ', '["a todo list", "rename it"]'));
select is((select name from public.projects where id = 8105), 'Blank', 'a name the projects table refuses is not taken');

select * from finish();
rollback;
